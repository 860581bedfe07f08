"""The Void from the players' own devices: real time, no turns, no hands to enter.

Anyone may act at any moment (``to_act`` names nobody), so a seat's page is not
asked to wait for its turn; what it may send follows the rules text
(shared/rules/the-void.txt):

- ``play`` puts a card of the sender's own hand on the pile, and ``discard``
  throws the sender's own cards face up after an error ("chaque joueur qui a
  dans sa main … doit défausser"): from a page, the seat is the sender's, filled
  in when the line names none, refused (``other_seat``) when it names another.
- ``error`` is reported by the player who spots it ("si un autre joueur repère
  une erreur, il le signale"), and its player is the one who erred, usually
  somebody else: sent as it is, naming any seat or none.
- ``round`` starts the next round "d'un commun accord": a fact of the whole
  table anyone may report, sent as it is.

The time stamp ``t`` is the parser's, taken when the page's line arrives at the
table, and kept in the journal like a line typed at the table.
"""

from __future__ import annotations

from dataclasses import replace

from companion.games import the_void as g
from companion.games.base import Command, RuleError
from companion.private.base import PrivateRules


def as_seat(state: g.State, command: Command, seat: str) -> Command:
    """A play or a discard from ``seat``'s page, as ``seat``'s; an error or a new round as it is.

    :raises RuleError: ``other_seat``: the line names another player's hand.
    """
    if not isinstance(command, (g.Play, g.Discard)):
        return command
    own = g.seat_of(seat)
    if command.player is None:
        return replace(command, player=own)
    if command.player != own:
        raise RuleError("other_seat", player=seat, named=g.player_id(command.player))
    return command


PRIVATE: PrivateRules[g.State] = PrivateRules(as_seat=as_seat)

__all__ = ["PRIVATE", "as_seat"]
