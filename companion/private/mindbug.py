"""Mindbug with the hands entered privately: a play the hand contradicts is refused, and a seat's page offers its cards.

Each player enters their hand (5 cards at first) on their own device, then the
cards they draw as the hand is refilled. The companion follows each hand from
the public events: a card played leaves it (even when the opponent's Mindbug
takes the creature, the card left the hand of the player who played it), the
cards an effect discards or takes leave one hand and join the other when they
are named, a discard pile taken back joins it. When an event leaves a hand
uncertain (some of its cards taken without being named, a card named that the
whole hand entered does not hold), that seat's hand is dropped and entered
again rather than guessed.
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.games import mindbug as g
from companion.games.base import Command, Event, RuleError
from companion.private.base import Followed, Hands, PrivateRules, to_act_only, without


def held(state: g.State) -> dict[str, int]:
    """Every seat's hand count by the public state (none once the game is over)."""
    if state.is_over:
        return {}
    return {g.player_id(seat): n for seat, n in enumerate(state.hands)}


def seen(state: g.State, card_id: str) -> int:
    """Copies no hand can hold: in play, in a discard pile, or face up while the opponent decides on a Mindbug.

    A card publicly known in a hand (taken by a named theft) is not counted: its holder enters it.
    """
    announced = state.pending is not None and state.pending.kind == "mindbug" and state.pending.card == card_id
    return (int(announced) + sum(1 for board in state.boards for c in board if c.card == card_id)
            + sum(pile.count(card_id) for pile in state.discards))


class _Hands:
    """The hands being followed through one change's events, with each seat's count as the events tell it."""

    def __init__(self, before: g.State, hands: Hands) -> None:
        self.now = dict(hands)
        self.counts = {g.player_id(seat): n for seat, n in enumerate(before.hands)}

    def complete(self, seat: str) -> bool:
        return seat in self.now and len(self.now[seat]) >= self.counts.get(seat, 0)

    def leave(self, seat: str, cards: Sequence[str]) -> None:
        """``cards`` leave ``seat``'s hand; a wholly known hand without one of them is dropped (entered again)."""
        if seat in self.now:
            hand = self.now[seat]
            whole = self.complete(seat)
            for card_id in cards:
                if card_id in hand:
                    hand = without(hand, card_id)
                elif whole:
                    self.now.pop(seat)
                    break
            else:
                self.now[seat] = hand
        self.counts[seat] = self.counts.get(seat, 0) - len(cards)

    def join(self, seat: str, cards: Sequence[str]) -> None:
        """``cards``, known to all, join ``seat``'s hand (the start of a hand not entered yet)."""
        if cards:
            self.now[seat] = self.now.get(seat, ()) + tuple(cards)
        self.counts[seat] = self.counts.get(seat, 0) + len(cards)

    def lose_unnamed(self, seat: str, count: int) -> tuple[str, ...]:
        """``count`` cards leave ``seat``'s hand unnamed: the known ones among them when the whole hand goes (else
        none: which cards went is unknown, and the hand is dropped, to be entered again)."""
        moved: tuple[str, ...] = ()
        if count >= self.counts.get(seat, 0):
            if seat in self.now:
                moved, self.now[seat] = self.now[seat], ()
        else:
            self.now.pop(seat, None)
        self.counts[seat] = self.counts.get(seat, 0) - count
        return moved


def follow(before: g.State, after: g.State, events: Sequence[Event], hands: Hands) -> Followed:
    """The hands after a public change: what left them and what joined them, as the events tell."""
    if after.is_over:
        return Followed({})
    followed = _Hands(before, hands)
    for event in events:
        if isinstance(event, g.CardPlayed):
            followed.leave(event.player, (event.card,))
        elif isinstance(event, g.HandRefilled):
            followed.counts[event.player] = event.hand  # the cards drawn are entered on the device
        elif isinstance(event, g.CardsDiscarded):
            followed.leave(event.player, event.cards)
        elif isinstance(event, g.CardsTaken):
            if event.cards:
                followed.leave(event.source, event.cards)
                followed.join(event.player, event.cards)
            else:
                moved = followed.lose_unnamed(event.source, event.count)
                followed.join(event.player, moved)  # those known; the others are entered on the device
                followed.counts[event.player] += event.count - len(moved)
        elif isinstance(event, g.DiscardToHand):
            followed.join(event.player, event.cards)
    now = followed.now
    for seat, count in held(after).items():
        if seat in now and len(now[seat]) > count:  # the events said less than the state: enter it again
            now.pop(seat)
    return Followed(now)


def _complete(state: g.State, hands: Hands, seat: int) -> tuple[str, ...] | None:
    """The seat's whole hand when the companion knows all of it."""
    hand = hands.get(g.player_id(seat))
    return hand if hand is not None and len(hand) == state.hands[seat] else None


def _playing(state: g.State) -> bool:
    """Whether the active player's decision now is to play or attack (no Mindbug, block or choice awaited)."""
    return not state.is_over and state.pending is None


def check(state: g.State, hands: Hands, command: Command) -> None:
    """A play must be a card of the player's hand, when the whole hand is entered."""
    if not isinstance(command, g.Play) or not _playing(state) or command.card not in state.cards:
        return
    hand = _complete(state, hands, state.current)
    if hand and command.card not in hand:
        raise RuleError("not_in_hand", player=g.player_id(state.current), card=command.card, entered=True)


def offers(state: g.State, hands: Hands, seat: str) -> list[tuple[str, str]]:
    """For the player whose decision is to play: each different card of the hand entered, as one tap."""
    if not _playing(state) or g.player_id(state.current) != seat or not state.hands[state.current]:
        return []
    return [("play", card_id) for card_id in dict.fromkeys(hands.get(seat, ()))]


PRIVATE: PrivateRules[g.State] = PrivateRules(as_seat=to_act_only(g.RULES), follow=follow, held=held, seen=seen,
                                              check=check, offers=offers)

__all__ = ["PRIVATE"]
