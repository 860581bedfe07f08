"""What the hands entered on the pages may change in what anyone hears: the policy the pages follow (issue 30).

The rule (DESIGN.md, "Trust on the LAN"): nothing the table or any page hears depends on another seat's hand,
except the outcome the public command would have given. Before issue 30, two hands that could not both be right
were said at the table ("The hands entered on the devices do not agree…") and stopped every decision, and a command
typed at the table was refused by any seat's hand: entering a card, or typing a play for another player, told
whether another hand held it. So:

1. **Each hand is its own seat's answer.** What the hands decide reads the hands of the seats the public command
   asks (the Guard's target, the two players of a Baron, each player's reveal), each trusted for its own seat as that
   player's answer aloud would be. Two hands that cannot both be right (two pages entered the only Princess) are
   never said, never stop a decision and never refuse an entry: only a hand's owner can make it wrong, as by answering
   wrongly aloud, and the table takes a wrong decision back with ``undo``.
2. **A page's refusal depends only on that page's hand and the public state**: a hand entered (`PrivateRules.enter`),
   a secret value (``secret_value``), a command sent from the page (`refusal`, the sender's hand only).
3. **The table is refused by the public rules only.** A command typed at the table is never refused by a hand; each
   seat whose own hand it contradicts is told so on its own page (`contradicted`), and its hand follows the table
   (dropped and asked again when a card it did not hold left it).
4. **When the hands decide, every page with cards entered is asked, in the same words, to check them**
   (`reminded`): at that moment the table would have asked its question aloud, and the note is the same whether or
   not any hand is wrong, so it tells nobody anything.

What a page shows reads the public state and its own hand only: its hand, the cards it has still to enter, the
choices ``fits`` leaves (a Gauntlet side, a Love Letter card revealed), its one-tap plays. What a game lets one
player see (a Priest's peek, a Baron's or a King's card) is that public command's outcome, for that player's page.
Whether a player entered a hand at all shows in what is decided, as whether they have a page open does: a hand not
entered decides nothing.

Pure, like the rest of ``companion.private``: the web layer says the sentences.
"""

from __future__ import annotations

from typing import Any

from companion.games.base import Command, RuleError, Rules
from companion.private.base import Hands, PrivateRules


def refusal(private: PrivateRules[Any], state: Any, hands: Hands, command: Command, sender: str) -> RuleError | None:
    """Why ``sender``'s own hand refuses the command its page sent, or ``None``: no other hand is read."""
    own = {sender: hands[sender]} if sender in hands else {}
    try:
        private.check(state, own, command)
    except RuleError as error:
        return error
    return None


def contradicted(private: PrivateRules[Any], rules: Rules[Any, Any], state: Any, hands: Hands,
                 command: Command) -> dict[str, RuleError]:
    """The seats whose own hand a command typed at the table contradicts, each with why (for its page only).

    Nothing when the rules refuse the command anyway (the table hears their refusal, the same whatever the hands).
    Each hand is checked alone, so what one seat is told never depends on another seat's hand.
    """
    try:
        rules.apply(state, command)
    except RuleError:
        return {}
    found: dict[str, RuleError] = {}
    for seat, hand in hands.items():
        try:
            private.check(state, {seat: hand}, command)
        except RuleError as error:
            if str(error.details.get("player", "")) == seat:
                found[seat] = error
    return found


def reminded(hands: Hands) -> list[str]:
    """The seats asked to check their cards when the hands decide: every seat with cards entered, whoever decided."""
    return [seat for seat, hand in hands.items() if hand]


__all__ = ["contradicted", "refusal", "reminded"]
