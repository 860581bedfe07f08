"""Num-X from the players' own devices: cooperative and turn-based, with no hand to enter.

A seat's page plays only when the rules wait for that seat. A question asked
from a page (``fits 37``: where a card would go) is answered on that page alone
by the web layer, so the card named stays private.
"""

from __future__ import annotations

from companion.games import num_x as g
from companion.private.base import PrivateRules, to_act_only

PRIVATE: PrivateRules[g.State] = PrivateRules(as_seat=to_act_only(g.RULES))

__all__ = ["PRIVATE"]
