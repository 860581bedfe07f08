"""Love Letter with the hands entered privately: the companion adjudicates what the table could only trust.

Each player enters their card on their own device (and the card they draw on
their turn). Then a Guard's guess, a Baron's comparison and a Prince's discard
are decided here and applied as the public command the table would have typed
(``out``, ``miss``, ``compare``, ``discard``, ``reveal``); the Priest's peek and
what a Baron or a King lets two players see are told to those players' pages
only; and a play the hand contradicts (the Countess rule) is refused.
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.cards import CardSet
from companion.games import love_letter as g
from companion.games.base import Command, Event, RuleError
from companion.private.base import Followed, Hands, Note, PrivateRules, to_act_only, without


class Peeked(Event, frozen=True):
    """For the Priest's player only: the card the target holds (``None``: the target has not entered it)."""

    name = "peeked"
    target: str
    card: str | None


class Compared(Event, frozen=True):
    """For each player of a Baron's comparison only: the other player's card."""

    name = "compared"
    other: str
    card: str


class Swapped(Event, frozen=True):
    """For each player of a King's swap only: the card now held, which came from ``other``."""

    name = "swapped"
    other: str
    card: str | None


def held(state: g.State) -> dict[str, int]:
    """Every seat's hand count this round (a player out with a card still hidden keeps it)."""
    if state.phase == g.GAME_OVER:
        return {}
    return {g.player_id(seat): n for seat, n in enumerate(state.hands)}


def seen(state: g.State, card_id: str) -> int:
    """Copies the table has seen: face up in front of players, set aside, or revealed (that one stays in its hand)."""
    return state.seen_count(card_id)


def shown(state: g.State, seat: str) -> tuple[str, ...]:
    """The card this seat revealed at the end of the round: seen, and still in its hand."""
    index = g.seat_of(seat)
    revealed = state.revealed[index] if 0 <= index < len(state.revealed) else None
    return () if revealed is None else (revealed,)


def _action(state: g.State, card_id: str) -> str:
    return g.traits(state.cards[card_id]).action


def _complete(state: g.State, hands: Hands, seat: int) -> tuple[str, ...] | None:
    """The seat's whole hand when the companion knows all of it."""
    hand = hands.get(g.player_id(seat))
    return hand if hand is not None and len(hand) == state.hands[seat] else None


def follow(before: g.State, after: g.State, events: Sequence[Event], hands: Hands) -> Followed:
    """The hands after a public change; the private facts of a Priest, a Baron and a King."""
    now = dict(hands)
    notes: list[Note] = []
    for event in events:
        if isinstance(event, g.RoundStarted):
            now = {}
        elif isinstance(event, (g.CardPlayed, g.CardShown, g.CardDiscarded)) or (
                isinstance(event, g.PlayerOut) and event.card is not None):
            card = event.card
            assert card is not None
            if event.player in now:
                # A card the hand entered does not hold: that hand is wrong, and entered again.
                if card in now[event.player]:
                    now[event.player] = without(now[event.player], card)
                else:
                    del now[event.player]
        elif isinstance(event, g.CardEffect) and event.target is not None and event.target != event.player:
            mine, theirs = now.get(event.player), now.get(event.target)
            if event.action == "peek":
                notes.append(Note(event.player, Peeked(event.target, theirs[0] if theirs else None)))
            elif event.action == "compare" and mine and theirs:
                notes += [Note(event.player, Compared(event.target, theirs[0])),
                          Note(event.target, Compared(event.player, mine[0]))]
            elif event.action == "swap":
                for seat, hand in ((event.player, theirs), (event.target, mine)):
                    if hand is None:
                        now.pop(seat, None)
                    else:
                        now[seat] = hand
                    other = event.target if seat == event.player else event.player
                    notes.append(Note(seat, Swapped(other, hand[0] if hand else None)))
    return Followed(now, tuple(notes))


def _named(command: Command) -> tuple[int, str] | None:
    """The seat and the hand card a command names (a card going face up from a hand), if any."""
    if isinstance(command, (g.Out, g.Discard, g.Reveal)) and command.card is not None:
        return command.player, command.card
    if isinstance(command, g.Compare) and command.loser is not None and command.card is not None:
        return command.loser, command.card
    return None


def check(state: g.State, hands: Hands, command: Command) -> None:
    """A play must be one of the player's two cards, and the Countess must be played beside a King or a Prince;
    a card named at the table as a player's must be in that player's hand as entered."""
    named = _named(command)
    if named is not None:
        seat, card_id = named
        hand = _complete(state, hands, seat) if 0 <= seat < state.players else None
        if hand is not None and card_id in state.cards and card_id not in hand:
            raise RuleError("named_not_in_hand", player=g.player_id(seat))
        return
    if not isinstance(command, g.Play) or state.phase != g.TURN or state.played:
        return
    hand = _complete(state, hands, state.current)
    card_id = command.card
    if hand is None or card_id not in state.cards:
        return
    pid = g.player_id(state.current)
    if card_id not in hand:
        raise RuleError("not_in_hand", player=pid)
    actions = {_action(state, c) for c in hand}
    if "countess" in actions and actions & {"swap", "prince"} and _action(state, card_id) != "countess":
        raise RuleError("countess_forced", player=pid)


def adjudicate(state: g.State, hands: Hands) -> Command | None:
    """The command the hands decide now: the Guard's outcome, the Baron's, the Prince's discard, the reveals."""
    if state.phase == g.REVEAL:
        for seat in state.seats_in_round():
            hand = _complete(state, hands, seat)
            if state.revealed[seat] is None and hand:
                return g.Reveal(seat, hand[0])
        return None
    effect = state.effect
    if state.phase != g.TURN or effect is None or effect.resolved or effect.target is None:
        return None
    target = _complete(state, hands, effect.target)
    if target is None or not target:
        return None
    if effect.action == "guess" and effect.value is not None:
        named = next(c.id for c in state.cards.cards if c.value == effect.value)
        return g.Out(effect.target, named) if named in target else g.Miss()
    if effect.action == "prince":
        return g.Discard(effect.target, target[0])
    if effect.action == "compare":
        mine = _complete(state, hands, state.current)
        if not mine:
            return None
        values = [state.cards[mine[0]].value, state.cards[target[0]].value]
        try:
            return g.resolve_compare(state, values[0], values[1])
        except RuleError:
            return None
    return None


def fits(state: g.State, seat: str, card_id: str) -> bool:
    """A player whose card was revealed at the end of the round holds that card."""
    index = g.seat_of(seat)
    revealed = state.revealed[index] if index < len(state.revealed) else None
    return revealed is None or revealed == card_id


def choices(state: g.State, cards: CardSet) -> list[str]:
    return [c.id for c in sorted(cards.cards, key=lambda c: c.value)]


PRIVATE: PrivateRules[g.State] = PrivateRules(as_seat=to_act_only(g.RULES), follow=follow, held=held, seen=seen,
                                              check=check, adjudicate=adjudicate, choices=choices, fits=fits,
                                              shown=shown)

__all__ = ["Compared", "PRIVATE", "Peeked", "Swapped"]
