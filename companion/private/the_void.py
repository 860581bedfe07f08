"""The Void from the players' own devices: real time, no turns, and the hands decide the errors.

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

When players enter their hands on their pages (optional: a hand not entered
decides nothing), the companion knows what the text calls an error — "lorsque
la carte est jouée, au moins un autre joueur a dans sa main une carte qu'il
fallait jouer avant celle posée" — and calls it itself (``error``, the card
turned up still to be said by the table), then the discards of every hand that
holds lower cards (``discard``). A page whose whole hand is entered offers its
lowest card as one tap. Every decision is an ordinary public command, so a save
replays without any hand in it.

The time stamp ``t`` is the parser's, taken when the page's line arrives at the
table, and kept in the journal like a line typed at the table.
"""

from __future__ import annotations

from collections.abc import Sequence
import msgspec

from companion.games import the_void as g
from companion.games.base import Command, Event, RuleError
from companion.private.base import Followed, Hands, PrivateRules, without


def as_seat(state: g.State, command: Command, seat: str) -> Command:
    """A play or a discard from ``seat``'s page, as ``seat``'s; an error or a new round as it is.

    :raises RuleError: ``other_seat``: the line names another player's hand.
    """
    if not isinstance(command, (g.Play, g.Discard)):
        return command
    own = g.seat_of(seat)
    if command.player is None:
        return msgspec.structs.replace(command, player=own)
    if command.player != own:
        raise RuleError("other_seat", player=seat, named=g.player_id(command.player))
    return command


def held(state: g.State) -> dict[str, int]:
    """Every seat's hand count while a round is played (the cards each page may enter)."""
    if state.phase != g.PLAYING:
        return {}
    return {g.player_id(seat): n for seat, n in enumerate(state.hands) if n > 0}


def seen(state: g.State, card_id: str) -> int:
    """1 when the card is face up this round with its type said (on the pile or in the discards), else 0.

    Also 1 when every card of its rank is face up, some with no type said: the rules core then refuses that
    rank (``all_seen``), so no hand can hold it either.
    """
    if any(p.key == card_id for p in state.pile + state.discards):
        return 1
    rank = _rank(state, card_id)
    count, _ = state.seen(rank)
    return 1 if count >= sum(1 for c in state.cards.cards if c.value == rank) else 0


def _rank(state: g.State, card_id: str) -> int:
    return state.cards[card_id].value or 0


def _ordered(state: g.State, hand: Sequence[str]) -> list[str]:
    """The cards of a hand, lowest rank first (the card file's order among equal ranks)."""
    order = {c.id: i for i, c in enumerate(state.cards.cards)}
    return sorted(hand, key=lambda c: (_rank(state, c), order.get(c, 0)))


def _leave(state: g.State, hand: tuple[str, ...], rank: int | None, kind: str | None) -> tuple[str, ...] | None:
    """The hand without the card that left it; ``None`` when the hand entered cannot hold it (entered again)."""
    for card_id in _ordered(state, hand):
        card = state.cards[card_id]
        if card.value == rank and (kind is None or g.traits(card).type == kind):
            return without(hand, card_id)
    return None


def follow(before: g.State, after: g.State, events: Sequence[Event], hands: Hands) -> Followed:
    """A card played or discarded leaves its hand (the card drawn is entered on the page); a round's end clears them."""
    now = dict(hands)
    for event in events:
        if isinstance(event, (g.RoundStarted, g.RoundEnded, g.GameOver)):  # the cards go back: nothing is held
            now = {}
        elif isinstance(event, g.CardPlayed) and event.player in now:
            _out(after, now, event.player, [(event.rank, event.type)])
        elif isinstance(event, g.CardsDiscarded) and event.player in now:
            _out(after, now, event.player, [(c["rank"], c["type"]) for c in event.cards])
    return Followed(now)


def _out(state: g.State, hands: dict[str, tuple[str, ...]], seat: str, cards: Sequence[tuple[int, str | None]]) -> None:
    hand: tuple[str, ...] | None = hands[seat]
    for rank, kind in cards:
        hand = None if hand is None else _leave(state, hand, rank, kind)
    if hand is None:
        del hands[seat]
    else:
        hands[seat] = hand


def _complete(state: g.State, hands: Hands, seat: int) -> tuple[str, ...] | None:
    """The seat's whole hand when the companion knows all of it."""
    hand = hands.get(g.player_id(seat))
    return hand if hand is not None and len(hand) == state.hands[seat] else None


def check(state: g.State, hands: Hands, command: Command) -> None:
    """A play or a discard of a seat whose whole hand is entered must be of cards that hand holds."""
    if state.phase != g.PLAYING or not isinstance(command, (g.Play, g.Discard)) or command.player is None:
        return
    hand = _complete(state, hands, command.player)
    if hand is None:
        return
    cards = [(command.rank, command.type)] if isinstance(command, g.Play) else \
        [(r, k or None) for r, k in zip(command.ranks, command.types, strict=False)]
    left: tuple[str, ...] | None = hand
    for rank, kind in cards:
        left = None if left is None else _leave(state, left, rank, kind)
    if left is None:
        raise RuleError("not_in_hand", player=g.player_id(command.player))


def adjudicate(state: g.State, hands: Hands) -> Command | None:
    """What the hands entered decide now: an error on the card just played, then each hand's lower cards."""
    top = state.top
    if state.phase != g.PLAYING or top is None or top.rank is None or top.player is None:
        return None
    if not top.error:
        if state.turn_pending:  # the last error's card turned up is still to be said: no new error before it
            return None
        lower = any(_rank(state, c) < top.rank for seat, hand in hands.items() if g.seat_of(seat) != top.player
                    for c in hand)
        return g.Error(player=top.player, t=state.clock) if lower else None
    limit = top.rank  # the card that erred: the hands discard their cards below it ("jouables avant celle posée")
    for seat in range(state.players):
        hand = _complete(state, hands, seat)
        if hand is None or seat in state.discarded or limit is None:
            continue
        below = [c for c in _ordered(state, hand) if _rank(state, c) < limit]
        if below:
            cards = [state.cards[c] for c in below]
            return g.Discard(tuple(c.value or 0 for c in cards), tuple(g.traits(c).type for c in cards),
                             player=seat, t=state.clock)
    return None


def offers(state: g.State, hands: Hands, seat: str) -> list[tuple[str, str]]:
    """One tap: the lowest card of the seat's whole hand entered, while a round is played."""
    index = g.seat_of(seat)
    if state.phase != g.PLAYING or not 0 <= index < state.players:
        return []
    hand = _complete(state, hands, index)
    return [("play", _ordered(state, hand)[0])] if hand else []


PRIVATE: PrivateRules[g.State] = PrivateRules(as_seat=as_seat, follow=follow, held=held, seen=seen, check=check,
                                              adjudicate=adjudicate, offers=offers)

__all__ = ["PRIVATE", "adjudicate", "as_seat", "offers"]
