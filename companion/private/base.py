"""The contract of a game's private hands: pure functions over the public state and the hands entered.

The hands live only in the memory of the table's process (``companion.web.hands``):
they are never spoken, printed, brailled, journaled or sent to another seat.
What they decide becomes an ordinary public command (a Guard's right guess is
``out``), applied, announced and journaled like one typed at the table, so a
save file replays without any hand in it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Generic, TypeVar

import msgspec

from companion.cards import CardSet
from companion.games.base import Command, Event, RuleError, Rules

S = TypeVar("S")

#: Each seat's cards as entered on its device (card ids), for the seats that entered any.
Hands = Mapping[str, tuple[str, ...]]


class Note(msgspec.Struct, frozen=True):
    """A private fact for one seat only (a Priest's peek): an event the game's renderer says on that seat's page."""

    seat: str
    event: Event


class Followed(msgspec.Struct, frozen=True):
    """The hands after a public change, and what some seats alone learn from it."""

    hands: dict[str, tuple[str, ...]]
    notes: tuple[Note, ...] = ()


def _no_hands(state: Any) -> dict[str, int]:
    return {}


def _no_copies(state: Any, card_id: str) -> int:
    return 0


def _unchanged(before: Any, after: Any, events: Sequence[Event], hands: Hands) -> Followed:
    return Followed(dict(hands))


def _no_check(state: Any, hands: Hands, command: Command) -> None:
    return None


def _no_adjudication(state: Any, hands: Hands) -> Command | None:
    return None


def _no_offers(state: Any, hands: Hands, seat: str) -> list[tuple[str, str]]:
    return []


def _any_card(state: Any, seat: str, card_id: str) -> bool:
    return True


def _no_value_check(state: Any, hands: Hands, seat: str, value: int) -> None:
    return None


def to_act_only(rules: Rules[Any, Any]) -> Callable[[Any, Command, str], Command]:
    """The default for a turn-based game: a seat's page plays only when the rules wait for that seat."""
    def as_seat(state: Any, command: Command, seat: str) -> Command:
        waiting = rules.to_act(state)
        if waiting is None or waiting.player != seat:
            raise RuleError("not_your_turn", player=seat, waiting=None if waiting is None else waiting.player)
        return command
    return as_seat


class PrivateRules(msgspec.Struct, Generic[S], frozen=True):
    """What a game does with the hands its players enter privately.

    - ``held``: how many cards each seat holds now, by the public state (what a seat must enter).
    - ``seen``: the copies of a card the table sees face up (no hand may hold them).
    - ``follow``: the hands after a public change (a played card leaves its hand, a King swaps two hands),
      and the notes for one seat only.
    - ``check``: refuse a command typed at the table that a known hand contradicts (`RuleError`).
    - ``adjudicate``: the public command the hands decide now (a Guard's guess, a Baron), or ``None``.
    - ``offers``: what a seat's page offers as one tap now, as (verb, card) (a creature in hand to play).
    - ``choices``: the cards a seat may enter (the deck's, by default).
    - ``fits``: whether a seat may hold a card at all (any, by default).
    - ``secret_value``: refuse a value a seat types secretly that its known hand rules out (none, by default).
    """

    #: A command sent from ``seat``'s page, as that seat's (The Void fills in the player), or `RuleError`.
    as_seat: Callable[[S, Command, str], Command]
    follow: Callable[[S, S, Sequence[Event], Hands], Followed] = _unchanged
    held: Callable[[S], dict[str, int]] = _no_hands
    seen: Callable[[S, str], int] = _no_copies
    check: Callable[[S, Hands, Command], None] = _no_check
    adjudicate: Callable[[S, Hands], Command | None] = _no_adjudication
    offers: Callable[[S, Hands, str], list[tuple[str, str]]] = _no_offers
    choices: Callable[[S, CardSet], list[str]] = lambda state, cards: [c.id for c in cards.cards]
    #: Whether ``seat`` may hold ``card_id`` at all (a Gauntlet hero holds hero cards only), checked by `enter`.
    fits: Callable[[S, str, str], bool] = _any_card
    #: A value ``seat`` types secretly on its page (a fight's), refused (`RuleError`) where its known hand rules it out.
    secret_value: Callable[[S, Hands, str, int], None] = _no_value_check
    #: The cards of ``seat``'s hand the table has seen and ``seen`` already counts (a Love Letter card revealed at
    #: the end of a round stays in its hand).
    shown: Callable[[S, str], tuple[str, ...]] = lambda state, seat: ()

    def enter(self, state: S, cards: CardSet, hands: Hands, seat: str, entered: Sequence[str]) -> tuple[str, ...]:
        """``seat``'s hand once it entered ``entered``: its whole hand, or the cards the companion does not know yet.

        :raises RuleError: ``hand_count`` (not as many cards as it holds, or as it has still to enter),
            ``unknown_card``, ``not_your_card`` (``fits`` refuses it), or ``card_not_left`` (every copy is face up:
            public information only). Another seat's hand is never consulted, so a refusal tells nothing of it;
            a hand that disagrees with another entered hand is kept, and said to nobody (`companion.private.trust`).
        """
        held = self.held(state).get(seat)
        if not held:
            raise RuleError("no_hand", player=seat)
        known = hands.get(seat, ())
        if len(entered) == held:
            hand = tuple(entered)
        elif len(entered) == held - len(known) and entered:
            hand = known + tuple(entered)
        else:
            raise RuleError("hand_count", player=seat, held=held, missing=max(0, held - len(known)))
        self._check_cards(state, cards, seat, hand)
        return hand

    def add(self, state: S, cards: CardSet, hands: Hands, seat: str, card_id: str) -> tuple[str, ...]:
        """``seat``'s hand with one card more (a sticker scanned): the hand known so far and ``card_id``.

        :raises RuleError: ``no_hand``, ``hand_full`` (the hand already holds as many cards as the seat holds:
            ``held``), ``unknown_card``, ``not_your_card`` or ``card_not_left``, as `enter` checks them. Another
            seat's hand is never consulted.
        """
        held = self.held(state).get(seat)
        if not held:
            raise RuleError("no_hand", player=seat)
        known = hands.get(seat, ())
        if len(known) >= held:
            raise RuleError("hand_full", player=seat, held=held, card=card_id)
        hand = (*known, card_id)
        self._check_cards(state, cards, seat, hand)
        return hand

    def remove(self, hands: Hands, seat: str, card_id: str) -> tuple[str, ...]:
        """``seat``'s hand with one copy of ``card_id`` less (unchanged when it holds none)."""
        return without(hands.get(seat, ()), card_id)

    def _check_cards(self, state: S, cards: CardSet, seat: str, hand: tuple[str, ...]) -> None:
        """Each card of ``hand`` is of this game, one ``seat`` may hold, and a copy not all face up."""
        allowed = set(self.choices(state, cards))
        for card_id in hand:
            if card_id not in cards or card_id not in allowed:
                raise RuleError("unknown_card", text=card_id)
            if not self.fits(state, seat, card_id):
                raise RuleError("not_your_card", card=card_id, player=seat)
        shown = self.shown(state, seat)
        for card_id in set(hand):
            held_unseen = hand.count(card_id) - min(hand.count(card_id), shown.count(card_id))
            if self.seen(state, card_id) + held_unseen > cards[card_id].copies:
                raise RuleError("card_not_left", card=card_id)

    def conflicts(self, state: S, cards: CardSet, hands: Hands) -> set[str]:
        """The seats whose entered hands cannot all be right together: more copies of a card in them (and face up)
        than the game has. Never said, and never stops a decision (`companion.private.trust`): each hand answers
        for its own seat."""
        found: set[str] = set()
        for card in cards.cards:
            holders = {seat: hand.count(card.id) - min(hand.count(card.id), self.shown(state, seat).count(card.id))
                       for seat, hand in hands.items() if card.id in hand}
            if len(holders) > 1 and self.seen(state, card.id) + sum(holders.values()) > card.copies:
                found |= set(holders)
        return found

    def missing(self, state: S, hands: Hands) -> dict[str, int]:
        """How many cards each seat has still to enter (only the seats that hold more than the companion knows)."""
        return {seat: n - len(hands.get(seat, ())) for seat, n in self.held(state).items()
                if n > len(hands.get(seat, ()))}


def without(hand: tuple[str, ...], card_id: str) -> tuple[str, ...]:
    """``hand`` with one copy of ``card_id`` less (the hand as it was when the card is not in it)."""
    if card_id not in hand:
        return hand
    index = hand.index(card_id)
    return hand[:index] + hand[index + 1:]


__all__ = ["Followed", "Hands", "Note", "PrivateRules", "to_act_only", "without"]
