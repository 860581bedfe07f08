"""Le Gant d'Infinité with the hands entered privately: what a hero's card (or Thanos's two) lets the companion check.

Each player enters the cards they hold on their own device (a hero 1 between
turns, Thanos 2, one more during their own turn once drawn). Then a card played,
a card defeated, the value that lost a fight and the stones of a snap must be in
the hand as entered, and a fight's value is refused on the fighter's page as it
is typed when no card of the hand has it; a turn does not end while a known hand
holds a card that the value named (Nebula, Outriders, the Mind Stone) or the
limit (Corvus Glaive, the Soul Stone) defeats. Where the hand leaves one card
only, the defeat is decided here and applied as the public ``defeat`` the table
would have typed.

The fight itself is never decided here: fighting is a choice ("you may fight"),
and Thanos fights with the card he chooses, or one picked at random from his hand.
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.games import gauntlet as g
from companion.games.base import Command, Event, RuleError
from companion.private.base import Followed, Hands, PrivateRules, to_act_only, without


def _seat(pid: str) -> int:
    """The seat of a player id (``thanos``, ``heroN``)."""
    return g.THANOS if pid == g.player_id(g.THANOS) else int(pid.removeprefix("hero"))


def held(state: g.State) -> dict[str, int]:
    """Every seat's hand count now, as the table counts it (draws, defeats and Ebony Maw's cycle included)."""
    if state.is_over:
        return {}
    return {g.player_id(seat): n for seat, n in enumerate(state.hands)}


def seen(state: g.State, card_id: str) -> int:
    """Copies face up in front of the players (a hero deck rebuilt takes them back out of sight)."""
    return state.face_up_count(card_id)


def fits(state: g.State, seat: str, card_id: str) -> bool:
    """A hero holds hero cards only, Thanos Thanos cards only."""
    return card_id in state.cards and state.cards[card_id].side == g.side_of(_seat(seat))


def _complete(state: g.State, hands: Hands, seat: int) -> tuple[str, ...] | None:
    """The seat's whole hand when the companion knows all of it."""
    hand = hands.get(g.player_id(seat))
    return hand if hand is not None and len(hand) == state.hands[seat] else None


def _values(state: g.State, hand: Sequence[str]) -> set[int]:
    return {state.cards[card_id].value for card_id in hand}


def follow(before: g.State, after: g.State, events: Sequence[Event], hands: Hands) -> Followed:
    """The hands after a public change: a card played or defeated leaves its hand; a draw leaves one card to enter.

    Ebony Maw and the Reality Stone put cards of Thanos's hand under his deck without saying which: his
    hand is dropped, to be entered again. A card leaving a whole hand that did not hold it drops that hand too.
    """
    now = dict(hands)
    counts = {g.player_id(seat): n for seat, n in enumerate(before.hands)}
    for event in events:
        if isinstance(event, g.GameOver):
            return Followed({})
        if isinstance(event, (g.CardPlayed, g.CardDefeated)):
            hand = now.get(event.player)
            if hand is not None:
                if event.card in hand:
                    now[event.player] = without(hand, event.card)
                elif len(hand) >= counts[event.player]:
                    del now[event.player]
            counts[event.player] -= 1
        elif isinstance(event, g.CardDrawn):
            counts[event.player] += 1
        elif isinstance(event, g.ThanosDeckCycled) and event.drawn:
            now.pop(g.player_id(g.THANOS), None)
    for pid, hand in list(now.items()):
        if len(hand) > after.hands[_seat(pid)]:
            del now[pid]
    return Followed(now)


def check(state: g.State, hands: Hands, command: Command) -> None:
    """Refuse what a whole hand entered contradicts (only commands the rules accept: else their own refusal is said).

    :raises RuleError: ``not_in_hand`` (a card played), ``defeat_not_in_hand`` (a card defeated),
        ``fight_value_not_in_hand`` (the value that lost a fight), ``snap_not_in_hand`` (a stone of a snap),
        ``defeat_owed`` (``next`` while a known hand holds the card the value named or the limit defeats);
        ``player`` is the seat whose page says why.
    """
    try:
        g.apply(state, command)
    except RuleError:
        return
    if isinstance(command, g.Play):
        hand = _complete(state, hands, state.current)
        if hand is not None and command.card not in hand:
            raise RuleError("not_in_hand", player=g.player_id(state.current), card=command.card)
    elif isinstance(command, g.Defeat):
        _check_defeated(state, hands, command.player, command.card)
    elif isinstance(command, g.Fight) and command.loser is not None and command.value is not None:
        loser = command.hero if command.loser == "hero" else g.THANOS
        hand = _complete(state, hands, loser)
        if hand is not None and command.value not in _values(state, hand):
            raise RuleError("fight_value_not_in_hand", player=g.player_id(loser))
        if command.card is not None:
            _check_defeated(state, hands, loser, command.card)
    elif isinstance(command, g.Snap):
        hand = _complete(state, hands, g.THANOS)
        if hand is not None:
            for stone in command.stones:
                if stone not in hand:
                    raise RuleError("snap_not_in_hand", player=g.player_id(g.THANOS), card=stone)
    elif isinstance(command, g.Next):
        owed = _owed(state, hands, whole=False)
        if owed:
            raise RuleError("defeat_owed", player=g.player_id(owed[0][0]))


def _check_defeated(state: g.State, hands: Hands, seat: int, card_id: str) -> None:
    hand = _complete(state, hands, seat)
    if hand is not None and card_id not in hand:
        raise RuleError("defeat_not_in_hand", player=g.player_id(seat), card=card_id)


def _owed(state: g.State, hands: Hands, whole: bool = True) -> list[tuple[int, list[str]]] | None:
    """The defeats the rules wait for now, by the known hands: each seat holding a card that fits, with those cards.

    ``None`` when no defeat is waited for, or (``whole``) when a seat it may concern has not entered its whole
    hand; without ``whole``, the seats whose whole hand is known only.
    """
    expected = state.expected
    if state.is_over or expected is None:
        return None
    seats = (state.pending_defeat,) if state.pending_defeat is not None else expected.seats
    owed = []
    for seat in seats:
        hand = _complete(state, hands, seat)
        if hand is None:
            if whole:
                return None
            continue
        fitting = sorted({c for c in hand if expected.low <= state.cards[c].value <= expected.high})
        if fitting:
            owed.append((seat, fitting))
    return owed


def adjudicate(state: g.State, hands: Hands) -> Command | None:
    """The defeat the hands decide: the one card that lost a fight, or that the value named or the limit defeats.

    Only when it is certain: one seat concerned holds a fitting card, and one card (one name) fits in its hand.
    Thanos holding two cards that fit (Ebony Maw and the Reality Stone after Nebula names 5) names his at the
    table; several heroes hit by the Mind Stone are named at the table too (the rules core forgets the value
    named after the first defeat). A fight is never decided: it is a choice, and so is Thanos's card in it.
    """
    owed = _owed(state, hands)
    if not owed or len(owed) != 1 or len(owed[0][1]) != 1:
        return None
    seat, (card_id,) = owed[0]
    return g.Defeat(seat, card_id)


def secret_value(state: g.State, hands: Hands, seat: str, value: int) -> None:
    """A fighter's secret value must be the value of a card in their hand, when the whole hand is entered.

    :raises RuleError: ``value_not_in_hand`` (its sentence never repeats the value).
    """
    hand = _complete(state, hands, _seat(seat))
    if hand is not None and value not in _values(state, hand):
        raise RuleError("value_not_in_hand", player=seat)


PRIVATE: PrivateRules[g.State] = PrivateRules(as_seat=to_act_only(g.RULES), follow=follow, held=held, seen=seen,
                                              check=check, adjudicate=adjudicate, fits=fits, secret_value=secret_value)

__all__ = ["PRIVATE"]
