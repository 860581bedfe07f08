"""Love Letter (classic 16-card edition): the rules core.

Pure: no I/O, no language. The companion never sees the hands; it keeps what
the table knows in public — who played what, who is out, who is protected,
what was set aside face up, how many cards are left — counts the cards not yet
seen, adjudicates the end of each round and keeps the favour tokens. Seats are
0… in clockwise order; seat 0 starts the first round.

Every card is in exactly one place: the card removed face down, the cards set
aside face up (2 players), the deck (only counted), a hand (only counted; a
revealed hand card stays in its hand) or face up in front of a player.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping
from typing import Any, Literal

import msgspec
from msgspec.structs import replace

from companion.cards import Card, CardSet
from companion.games.base import (
    N_,
    Command,
    Event,
    GameSpec,
    Kind,
    OptionSpec,
    Outcome,
    OutcomeKind,
    RuleError,
    Rules,
    ToAct,
    TurnModel,
    Uncompared,
    Zone,
    accepted,
    append_at,
    apply_handler,
    bump,
    check_options,
    check_seat,
    face_up_zones,
    fields_of,
    game_over,
    known_card,
    numbered_seats,
    seat_id,
    seat_of as seat_of,
    set_at,
)

SIDE = "deck"
TOKENS_TO_WIN = {2: 7, 3: 5, 4: 4}
ASIDE_WITH_TWO = 3
TIE_RULES = ("all", "none")


class Traits(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """What the card file says of a card beyond its name and value: the rule its effect applies."""

    action: Literal["guess", "peek", "compare", "protect", "prince", "swap", "countess", "princess", "none"] = "none"


SPEC = GameSpec(
    id="love-letter",
    names={"fr": "Love Letter", "en": "Love Letter"},
    aliases=("loveletter", "love_letter"),
    min_players=2,
    max_players=4,
    default_players=4,
    kind=Kind.FREE_FOR_ALL,
    turn_model=TurnModel.SEQUENTIAL,
    hidden=("hands", "deck", "removed_card"),
    domain="love_letter",
    progress="round",
    options=(
        OptionSpec("tie", str, "all", N_("full tie at the end of a round: every tied player takes a token (all, the "
                                         "default) or nobody does (none)"), choices=TIE_RULES),
    ),
    data_file="love-letter.toml",
    deck_sizes={SIDE: 16},
    traits=Traits,
)
MIN_PLAYERS, MAX_PLAYERS = SPEC.min_players, SPEC.max_players


def traits(card: Card) -> Traits:
    """The card's Love Letter fields (a card of another game has none)."""
    found = card.traits
    return found if isinstance(found, Traits) else Traits()


class Reason(enum.Enum):
    """Why a Love Letter game ended."""

    TOKENS = "tokens"

# Phases of a round.
ASIDE, TURN, REVEAL, ROUND_OVER, GAME_OVER = "aside", "turn", "reveal", "round_over", "game_over"
#: Card actions that choose another player (no effect when every other player is protected).
TARGETS_OTHER = ("guess", "peek", "compare", "swap")


# --------------------------------------------------------------------------- options and state


class Options(msgspec.Struct, frozen=True):
    """How the table set the game up. ``tie``: who gets a token when a round ends in a full tie."""

    players: int = SPEC.default_players
    names: tuple[str, ...] = ()
    tie: str = SPEC.default("tie")


class Effect(msgspec.Struct, frozen=True):
    """The card played this turn whose outcome the table may still enter."""

    card: str
    action: str
    target: int | None = None
    value: int | None = None
    resolved: bool = False


class State(Uncompared, msgspec.Struct, frozen=True):
    """What the whole table knows at one moment."""

    #: Left out of equality and hashing, as ``field(compare=False)`` left them: the table's cards.
    uncompared = frozenset({"cards"})
    cards: CardSet
    options: Options
    round: int
    tokens: tuple[int, ...]
    starter: int
    phase: str
    current: int
    deck: int
    hands: tuple[int, ...]
    face_up: tuple[tuple[str, ...], ...]
    in_round: tuple[bool, ...]
    protected: tuple[bool, ...]
    removed: int = 1
    aside: tuple[str, ...] = ()
    revealed: tuple[str | None, ...] = ()
    turn: int = 0
    played: bool = False
    effect: Effect | None = None
    next_starter: int | None = None
    winner: str | None = None
    #: Everyone who reached the target in the winning round (``winner`` is the first of them, for scripts).
    co_winners: tuple[str, ...] = ()

    @property
    def players(self) -> int:
        return self.options.players

    @property
    def tokens_to_win(self) -> int:
        return TOKENS_TO_WIN[self.players]

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    def seats_in_round(self) -> list[int]:
        return [seat for seat in range(self.players) if self.in_round[seat]]

    def seen_count(self, card_id: str) -> int:
        """Copies of ``card_id`` seen face up this round: played, discarded, set aside or revealed."""
        return sum(pile.count(card_id) for pile in self.face_up) + self.aside.count(card_id) + self.revealed.count(card_id)

    def unseen(self) -> dict[str, int]:
        """Copies of each card not seen face up this round (the removed card counts as unseen), by value."""
        return {c.id: c.copies - self.seen_count(c.id) for c in sorted(self.cards.cards, key=lambda c: c.value)}


player_id = seat_id


# --------------------------------------------------------------------------- commands


class Aside(Command, frozen=True):
    """With 2 players: the three cards set aside face up at the start of the round."""

    name = "aside"
    cards: tuple[str, ...]


class Play(Command, frozen=True):
    """The current player plays ``card``; ``target`` and the Guard's named ``value`` ride along."""

    name = "play"
    card: str
    target: int | None = None
    value: int | None = None


class Out(Command, frozen=True):
    """``player`` is out of the round (a Guard's right guess, a Baron); ``card`` is their card, face up.

    For a player already out whose card stayed hidden, ``card`` is put face up.
    """

    name = "out"
    player: int
    card: str | None = None


class Miss(Command, frozen=True):
    """The Guard's target does not hold the card named: the guess missed."""

    name = "miss"


class Discard(Command, frozen=True):
    """The Prince's target discards ``card`` face up, then draws again."""

    name = "discard"
    player: int
    card: str


class Compare(Command, frozen=True):
    """The outcome of a Baron's secret comparison: the ``loser`` (None for a tie) and their ``card``."""

    name = "compare"
    loser: int | None
    card: str | None = None


class Reveal(Command, frozen=True):
    """At the end of a round with an empty deck, ``player`` reveals ``card``."""

    name = "reveal"
    player: int
    card: str


class Next(Command, frozen=True):
    """The turn ends (the next one begins, its draw counted), or the next round starts."""

    name = "next"


COMMANDS: dict[str, type[Command]] = {c.name: c for c in (Aside, Play, Out, Miss, Discard, Compare, Reveal, Next)}


# --------------------------------------------------------------------------- events


class GameStarted(Event, frozen=True):
    name = "game_started"
    players: int
    names: tuple[str, ...]
    tokens_to_win: int
    tie: str


class RoundStarted(Event, frozen=True):
    """A round is set up: one card removed face down, one dealt to each player."""

    name = "round_started"
    round: int
    starter: str
    aside_needed: bool
    deck: int


class AsideSet(Event, frozen=True):
    name = "aside"
    cards: tuple[str, ...]
    deck: int


class TurnStarted(Event, frozen=True):
    """A turn begins and its player draws: ``deck`` is what is left after the draw."""

    name = "turn_started"
    player: str
    round: int
    turn: int
    deck: int


class ProtectionEnded(Event, frozen=True):
    name = "protection_ended"
    player: str


class CardPlayed(Event, frozen=True):
    name = "card_played"
    player: str
    card: str
    value: int
    target: str | None = None
    named_value: int | None = None
    no_effect: bool = False
    #: The card that decides a surprising outcome (issue 22), said first: ``handmaid`` when every other player is
    #: protected, so the card has no effect or the Prince must choose its own player; empty otherwise.
    reason: str = ""


class CardEffect(Event, frozen=True):
    """What the card just played does now, and what to type next."""

    name = "card_effect"
    card: str
    action: str
    player: str
    target: str | None = None
    named_card: str | None = None


class PlayerOut(Event, frozen=True):
    name = "player_out"
    player: str
    card: str | None
    reason: str  # guard | baron | prince | princess
    left: int


class GuessMissed(Event, frozen=True):
    """The Guard's target does not hold the card named."""

    name = "guess_missed"
    player: str
    target: str
    card: str


class CardShown(Event, frozen=True):
    name = "card_shown"
    player: str
    card: str


class CardDiscarded(Event, frozen=True):
    name = "card_discarded"
    player: str
    card: str
    drew: str  # deck | removed | none
    deck: int


class CompareTied(Event, frozen=True):
    name = "compare_tied"
    player: str
    target: str


class DeckEmpty(Event, frozen=True):
    name = "deck_empty"
    waiting: tuple[str, ...]


class CardRevealed(Event, frozen=True):
    name = "card_revealed"
    player: str
    card: str
    waiting: tuple[str, ...]


class RoundWon(Event, frozen=True):
    """``reason``: last (the only one left), card (highest card), discards (higher total face up), tie, no_winner."""

    name = "round_won"
    round: int
    winners: tuple[str, ...]
    reason: str
    value: int | None = None
    total: int | None = None
    tied: tuple[str, ...] = ()


class TokenGiven(Event, frozen=True):
    name = "token_given"
    player: str
    tokens: int
    tokens_to_win: int


class GameOver(Uncompared, Event, frozen=True):
    """``winner`` and their ``tokens`` (kept for scripts); ``outcome``: the shared `Outcome` fields."""

    name = "game_over"
    winner: str
    tokens: int
    uncompared = frozenset({"outcome"})
    outcome: dict[str, Any] = {}


class Status(Event, frozen=True):
    name = "status"
    round: int
    tokens: dict[str, int]
    tokens_to_win: int
    deck: int
    current_player: str
    in_round: tuple[str, ...]
    protected: tuple[str, ...]
    aside: tuple[str, ...]
    winner: str | None
    phase: str = TURN
    turn: int = 0
    outcome: dict[str, Any] | None = None
    to_act: dict[str, Any] | None = None


class PlayedCards(Event, frozen=True):
    name = "played"
    face_up: dict[str, tuple[str, ...]]
    aside: tuple[str, ...] = ()


class UnseenCards(Event, frozen=True):
    name = "unseen"
    cards: dict[str, int]
    total: int


# --------------------------------------------------------------------------- set-up


def new(options: Options, cards: CardSet) -> State:
    """The table after the first round's set-up (with 3 or 4 players, the first turn begun, its draw counted).

    :raises RuleError: what `check_options` refuses (players, names or a tie rule outside the spec).
    """
    check_options(SPEC, options)
    n = options.players
    state = State(
        cards=cards, options=options, round=0, tokens=(0,) * n, starter=0, phase=ROUND_OVER, current=0, deck=0,
        hands=(0,) * n, face_up=((),) * n, in_round=(True,) * n, protected=(False,) * n, next_starter=0,
    )
    state, _ = _start_round(state)
    return state


def opening(state: State) -> list[Event]:
    """What to announce when a game starts: the table, the first round, its first turn."""
    options = state.options
    events: list[Event] = [
        GameStarted(options.players, options.names, state.tokens_to_win, options.tie),
        RoundStarted(1, player_id(state.starter), state.phase == ASIDE, state.deck),
    ]
    if state.phase == TURN:
        events.append(TurnStarted(player_id(state.current), state.round, state.turn, state.deck))
    return events


# --------------------------------------------------------------------------- queries


def status(state: State) -> Status:
    return Status(
        round=state.round,
        tokens={player_id(seat): n for seat, n in enumerate(state.tokens)},
        tokens_to_win=state.tokens_to_win,
        deck=state.deck,
        current_player=player_id(state.current),
        in_round=tuple(player_id(s) for s in state.seats_in_round()),
        protected=tuple(player_id(s) for s in range(state.players) if state.protected[s]),
        aside=state.aside,
        winner=state.winner,
        phase=state.phase,
        turn=state.turn,
        outcome=fields_of(outcome(state)),
        to_act=fields_of(to_act(state)),
    )


def played(state: State) -> PlayedCards:
    return PlayedCards({player_id(seat): pile for seat, pile in enumerate(state.face_up)}, state.aside)


def unseen(state: State) -> UnseenCards:
    counts = state.unseen()
    return UnseenCards(counts, sum(counts.values()))


def public_view(state: State) -> dict[str, Any]:
    """Everything every player may know, as plain data."""
    effect = state.effect
    return {
        **status(state).fields(),
        **played(state).fields(),
        "hands": {player_id(seat): n for seat, n in enumerate(state.hands)},
        "unseen": state.unseen(),
        "removed": state.removed,
        "revealed": {player_id(s): c for s, c in enumerate(state.revealed) if c is not None},
        "effect": None if effect is None else {
            "card": effect.card, "target": None if effect.target is None else player_id(effect.target),
            "value": effect.value, "resolved": effect.resolved},
    }


#: Questions every player may ask (the contract adds ``status``).
QUERIES: dict[str, Callable[[State, Mapping[str, Any]], list[Event]]] = {
    "played": lambda state, args: [played(state)],
    "unseen": lambda state, args: [unseen(state)],
}


def _others_protected(state: State) -> bool:
    """Whether the other players still in the round are all protected by the Handmaid (some are in)."""
    others = [s for s in state.seats_in_round() if s != state.current]
    return bool(others) and all(state.protected[s] for s in others)


def possible_targets(state: State) -> list[int]:
    """The other players a card may choose now: in the round and not protected."""
    return [s for s in state.seats_in_round() if s != state.current and not state.protected[s]]


# --------------------------------------------------------------------------- applying commands


def apply(state: State, command: Command) -> tuple[State, list[Event]]:
    """Apply ``command``: the new state and what changed.

    :raises RuleError: the command breaks a rule; ``state`` is unchanged (it is immutable).
    """
    return apply_handler(state, command, _HANDLERS, outcome(state), winner=state.winner)


def _expect_phase(state: State, *phases: str, command: str = "") -> None:
    """Refuse a command out of its phase, saying what the table must do first (``command``: the one refused)."""
    if state.phase in phases:
        return
    if state.phase == ASIDE:
        raise RuleError("aside_needed")
    if state.phase == REVEAL:
        raise RuleError("reveal_needed", waiting=_waiting(state))
    if state.phase == ROUND_OVER:
        raise RuleError("round_over")
    raise RuleError("not_now", command=command)


def _apply_aside(state: State, command: Aside) -> tuple[State, list[Event]]:
    _expect_phase(state, ASIDE, command="aside")
    if len(command.cards) != ASIDE_WITH_TWO:
        raise RuleError("aside_count", count=len(command.cards), expected=ASIDE_WITH_TWO)
    for index, card_id in enumerate(command.cards):
        card = known_card(state.cards, card_id)
        if command.cards[: index + 1].count(card.id) > card.copies:
            raise RuleError("too_many_copies", card=card.id, copies=card.copies)
    state = replace(state, aside=tuple(command.cards), deck=state.deck - ASIDE_WITH_TWO)
    events: list[Event] = [AsideSet(state.aside, state.deck)]
    state, more = _begin_turn(state, state.starter)
    return state, events + more


def _apply_play(state: State, command: Play) -> tuple[State, list[Event]]:
    _expect_phase(state, TURN)
    seat = state.current
    if state.played:
        raise RuleError("already_played", player=player_id(seat))
    card = _face_up_allowed(state, command.card)
    action = traits(card).action
    targets = possible_targets(state)
    target = command.target
    value = command.value
    no_effect = False
    reason = ""
    if action in TARGETS_OTHER or action == "prince":
        if target is not None:
            target = _check_target(state, card, target, self_allowed=action == "prince")
        elif action == "prince" and not targets:
            target = seat
            reason = "handmaid" if _others_protected(state) else ""
        elif action in TARGETS_OTHER and not targets:
            no_effect = True
            reason = "handmaid" if _others_protected(state) else ""
        elif len(targets) == 1 and action != "prince":
            target = targets[0]
        else:
            raise RuleError("target_needed", card=card.id)
        if action == "guess" and not no_effect:
            if value is None:
                raise RuleError("value_needed", card=card.id)
            if value == card.value:
                raise RuleError("guard_named_guard")
            values = sorted({c.value for c in state.cards.cards if c.value != card.value})
            if value not in values:
                raise RuleError("bad_value", value=value, low=values[0], high=values[-1])
        elif value is not None:
            raise RuleError("no_value", card=card.id)
    else:
        if target is not None:
            raise RuleError("no_target", card=card.id)
        if value is not None:
            raise RuleError("no_value", card=card.id)
    state = replace(state, hands=bump(state.hands, seat, -1), face_up=append_at(state.face_up, seat, card.id), played=True)
    events: list[Event] = [CardPlayed(player_id(seat), card.id, card.value, None if target is None else player_id(target),
                                      value, no_effect, reason)]
    if no_effect:
        return state, events
    if action == "princess":
        state, more = _knock_out(state, seat, None, "princess")
        return state, events + more
    if action in ("guess", "compare", "prince"):
        state = replace(state, effect=Effect(card.id, action, target, value))
    if action == "protect":
        state = replace(state, protected=set_at(state.protected, seat, True))
    named = _card_of_value(state, value) if value is not None else None
    events.append(CardEffect(card.id, action, player_id(seat), None if target is None else player_id(target),
                             None if named is None else named.id))
    return state, events


def _apply_out(state: State, command: Out) -> tuple[State, list[Event]]:
    _expect_phase(state, TURN, REVEAL, ROUND_OVER)
    seat = check_seat(command.player, state.players)
    if not state.in_round[seat]:
        if command.card is None or state.hands[seat] == 0:
            raise RuleError("already_out", player=player_id(seat))
        card = _face_up_allowed(state, command.card)
        state = replace(state, hands=bump(state.hands, seat, -1), face_up=append_at(state.face_up, seat, card.id))
        return state, [CardShown(player_id(seat), card.id)]
    _expect_phase(state, TURN)
    effect = state.effect
    if effect is None or effect.resolved or effect.action not in ("guess", "compare"):
        raise RuleError("no_out_now")
    if effect.action == "guess":
        if seat != effect.target:
            raise RuleError("out_not_target", player=player_id(seat))
        assert effect.value is not None
        named = _card_of_value(state, effect.value)
        if command.card is not None and known_card(state.cards, command.card).id != named.id:
            raise RuleError("not_named_card", card=command.card, named=named.id)
        card_id = named.id
        reason = "guard"
    else:
        if seat not in (state.current, effect.target):
            raise RuleError("out_not_compared", player=player_id(seat))
        if command.card is None:
            raise RuleError("card_needed", player=player_id(seat))
        card_id = command.card
        reason = "baron"
        _can_lose_compare(state, _face_up_allowed(state, card_id))
    _face_up_allowed(state, card_id)
    return _knock_out(replace(state, effect=replace(effect, resolved=True)), seat, card_id, reason)


def _apply_compare(state: State, command: Compare) -> tuple[State, list[Event]]:
    effect = check_compare(state)
    assert effect.target is not None
    state = replace(state, effect=replace(effect, resolved=True))
    if command.loser is None:
        return state, [CompareTied(player_id(state.current), player_id(effect.target))]
    seat = check_seat(command.loser, state.players)
    if seat not in (state.current, effect.target):
        raise RuleError("out_not_compared", player=player_id(seat))
    if command.card is None:
        raise RuleError("card_needed", player=player_id(seat))
    card = _can_lose_compare(state, _face_up_allowed(state, command.card))
    return _knock_out(state, seat, card.id, "baron")


def _apply_miss(state: State, command: Miss) -> tuple[State, list[Event]]:
    _expect_phase(state, TURN)
    effect = state.effect
    if effect is None or effect.resolved or effect.action != "guess" or effect.target is None or effect.value is None:
        raise RuleError("no_miss_now")
    state = replace(state, effect=replace(effect, resolved=True))
    return state, [GuessMissed(player_id(state.current), player_id(effect.target), _card_of_value(state, effect.value).id)]


def _apply_discard(state: State, command: Discard) -> tuple[State, list[Event]]:
    _expect_phase(state, TURN)
    seat = check_seat(command.player, state.players)
    effect = state.effect
    if effect is None or effect.resolved or effect.action != "prince":
        raise RuleError("no_discard_now")
    if seat != effect.target:
        raise RuleError("discard_not_target", player=player_id(seat), target=player_id(effect.target or 0))
    card = _face_up_allowed(state, command.card)
    state = replace(state, effect=replace(effect, resolved=True), hands=bump(state.hands, seat, -1),
                    face_up=append_at(state.face_up, seat, card.id))
    if traits(card).action == "princess":
        events: list[Event] = [CardDiscarded(player_id(seat), card.id, "none", state.deck)]
        state, more = _knock_out(state, seat, None, "prince")
        return state, events + more
    if state.deck > 0:
        state, drew = replace(state, deck=state.deck - 1, hands=bump(state.hands, seat, 1)), "deck"
    elif state.removed:
        state, drew = replace(state, removed=0, hands=bump(state.hands, seat, 1)), "removed"
    else:
        drew = "none"
    return state, [CardDiscarded(player_id(seat), card.id, drew, state.deck)]


def _apply_reveal(state: State, command: Reveal) -> tuple[State, list[Event]]:
    _expect_phase(state, REVEAL, command="reveal")
    seat = check_seat(command.player, state.players)
    if not state.in_round[seat]:
        raise RuleError("not_in_round", player=player_id(seat))
    if state.revealed[seat] is not None:
        raise RuleError("already_revealed", player=player_id(seat), card=state.revealed[seat])
    card = _face_up_allowed(state, command.card)
    state = replace(state, revealed=set_at(state.revealed, seat, card.id))
    waiting = _waiting(state)
    events: list[Event] = [CardRevealed(player_id(seat), card.id, waiting)]
    if waiting:
        return state, events
    state, more = _decide(state)
    return state, events + more


def _apply_next(state: State, command: Next) -> tuple[State, list[Event]]:
    if state.phase == ROUND_OVER:
        return _start_round(state)
    _expect_phase(state, TURN)
    if not state.played:
        raise RuleError("not_played", player=player_id(state.current))
    effect = state.effect
    if effect is not None and not effect.resolved and effect.action == "prince":
        raise RuleError("discard_needed", player=player_id(effect.target or 0))
    state = replace(state, effect=None)
    if state.deck == 0:
        state = replace(state, phase=REVEAL)
        return state, [DeckEmpty(_waiting(state))]
    seat = state.current
    for step in range(1, state.players + 1):
        seat = (state.current + step) % state.players
        if state.in_round[seat]:
            break
    return _begin_turn(state, seat)


_HANDLERS: dict[type, Callable[[State, Any], tuple[State, list[Event]]]] = {
    Aside: _apply_aside,
    Play: _apply_play,
    Out: _apply_out,
    Miss: _apply_miss,
    Compare: _apply_compare,
    Discard: _apply_discard,
    Reveal: _apply_reveal,
    Next: _apply_next,
}


# --------------------------------------------------------------------------- the Baron's secret comparison


def check_compare(state: State) -> Effect:
    """Refuse a comparison that is not allowed now, before anyone types a secret value.

    :raises RuleError: the game is over, or no Baron waits for its comparison.
    """
    ended = outcome(state)
    if ended is not None:
        raise game_over(ended, winner=state.winner)
    _expect_phase(state, TURN)
    effect = state.effect
    if effect is None or effect.resolved or effect.action != "compare" or effect.target is None:
        raise RuleError("no_compare_now")
    return effect


def resolve_compare(state: State, player_value: int, target_value: int) -> Compare:
    """Turn the two secret values (the Baron's player's, then the target's) into the outcome.

    The values are not kept: the journal records the loser and their card only
    (each value is one card in Love Letter).

    :raises RuleError: no comparison now, or a value is not a card that can still be in a hand.
    """
    effect = check_compare(state)
    assert effect.target is not None
    for value in (player_value, target_value):
        check_compare_value(state, value)
    if player_value == target_value:
        card = _card_of_value(state, player_value)
        if state.seen_count(card.id) + 2 > card.copies:  # both hands hold a copy
            raise RuleError("impossible_tie")
        return Compare(None)
    loser, value = (state.current, player_value) if player_value < target_value else (effect.target, target_value)
    return Compare(loser, _card_of_value(state, value).id)


def check_compare_value(state: State, value: int) -> None:
    """One secret value of a Baron's comparison, checked as it is typed: a card that can still be in a hand.

    :raises RuleError: ``bad_value`` or ``impossible_value`` (no card name: the value is secret).
    """
    values = sorted({c.value for c in state.cards.cards})
    if value not in values:
        raise RuleError("bad_value", value=value, low=values[0], high=values[-1])
    card = _card_of_value(state, value)
    if state.seen_count(card.id) >= card.copies:
        possible = tuple(v for v in values if state.seen_count(_card_of_value(state, v).id) < _card_of_value(state, v).copies)
        raise RuleError("impossible_value", value=value, values=possible)


def _can_lose_compare(state: State, card: Card) -> Card:
    """The loser of a Baron holds the lower card: some higher card must still be unseen (a Princess never loses)."""
    if not any(other.value > card.value and state.seen_count(other.id) < other.copies for other in state.cards.cards):
        raise RuleError("never_loses_compare", card=card.id)
    return card


# --------------------------------------------------------------------------- shared steps


def _start_round(state: State) -> tuple[State, list[Event]]:
    n = state.players
    starter = state.next_starter if state.next_starter is not None else 0
    deck = state.cards.count(SIDE) - 1 - n
    state = replace(
        state, round=state.round + 1, starter=starter, current=starter, deck=deck, removed=1, aside=(),
        hands=(1,) * n, face_up=((),) * n, in_round=(True,) * n, protected=(False,) * n, revealed=(None,) * n,
        turn=0, played=False, effect=None, next_starter=None, phase=ASIDE if n == 2 else TURN,
    )
    events: list[Event] = [RoundStarted(state.round, player_id(starter), state.phase == ASIDE, deck)]
    if state.phase == ASIDE:
        return state, events
    state, more = _begin_turn(state, starter)
    return state, events + more


def _begin_turn(state: State, seat: int) -> tuple[State, list[Event]]:
    """``seat``'s turn: their Handmaid protection ends, then they draw."""
    events: list[Event] = []
    state = replace(state, phase=TURN, current=seat, turn=state.turn + 1, played=False, effect=None)
    if state.protected[seat]:
        state = replace(state, protected=set_at(state.protected, seat, False))
        events.append(ProtectionEnded(player_id(seat)))
    state = replace(state, deck=state.deck - 1, hands=bump(state.hands, seat, 1))
    return state, [TurnStarted(player_id(seat), state.round, state.turn, state.deck)] + events


def _knock_out(state: State, seat: int, card_id: str | None, reason: str) -> tuple[State, list[Event]]:
    """``seat`` leaves the round; ``card_id`` (their hand card) goes face up. One player left wins the round."""
    if card_id is not None:
        state = replace(state, hands=bump(state.hands, seat, -1), face_up=append_at(state.face_up, seat, card_id))
    state = replace(state, in_round=set_at(state.in_round, seat, False), protected=set_at(state.protected, seat, False))
    left = state.seats_in_round()
    events: list[Event] = [PlayerOut(player_id(seat), card_id, reason, len(left))]
    if len(left) == 1:
        state, more = _end_round(state, left, left, "last")
        events += more
    return state, events


def _decide(state: State) -> tuple[State, list[Event]]:
    """Every player still in has revealed: highest card, then higher total face up, then the tie option."""
    seats = _clockwise(state, state.seats_in_round())
    value_of = {s: state.cards[state.revealed[s] or ""].value for s in seats}
    best = max(value_of.values())
    tied = [s for s in seats if value_of[s] == best]
    if len(tied) == 1:
        return _end_round(state, tied, tied, "card", value=best)
    total_of = {s: sum(state.cards[c].value for c in state.face_up[s]) for s in tied}
    top = max(total_of.values())
    tied = [s for s in tied if total_of[s] == top]
    if len(tied) == 1:
        return _end_round(state, tied, tied, "discards", value=best, total=top)
    if state.options.tie == "all":
        return _end_round(state, tied, tied, "tie", value=best, total=top)
    return _end_round(state, [], tied, "no_winner", value=best, total=top)


def _end_round(state: State, winners: list[int], tied: list[int], reason: str,
               value: int | None = None, total: int | None = None) -> tuple[State, list[Event]]:
    """Favour tokens to the winners; those who reach the target win the game.

    When several reach it in the same round (a full tie with ``tie = all``), the
    rules' "first to reach" cannot tell them apart: they all win, together.
    """
    events: list[Event] = [RoundWon(state.round, tuple(player_id(s) for s in winners), reason, value, total,
                                    tuple(player_id(s) for s in tied) if len(tied) > 1 else ())]
    tokens = state.tokens
    for seat in winners:
        tokens = bump(tokens, seat, 1)
        events.append(TokenGiven(player_id(seat), tokens[seat], state.tokens_to_win))
    state = replace(state, tokens=tokens, phase=ROUND_OVER, effect=None, next_starter=tied[0])
    reached = _clockwise(state, [s for s in winners if tokens[s] >= state.tokens_to_win])
    if reached:
        ids = tuple(player_id(s) for s in reached)
        state = replace(state, winner=ids[0], co_winners=ids, phase=GAME_OVER)
        events.append(GameOver(ids[0], tokens[reached[0]], fields_of(outcome(state)) or {}))
    return state, events


def _clockwise(state: State, seats: list[int]) -> list[int]:
    """``seats`` in play order from the round's first player."""
    return sorted(seats, key=lambda s: (s - state.starter) % state.players)


def _waiting(state: State) -> tuple[str, ...]:
    return tuple(player_id(s) for s in _clockwise(state, state.seats_in_round()) if state.revealed[s] is None)


def _check_target(state: State, card: Card, target: int, *, self_allowed: bool) -> int:
    target = check_seat(target, state.players)
    if target == state.current:
        if self_allowed:
            return target
        raise RuleError("not_yourself", card=card.id, alone=_others_protected(state))
    if not state.in_round[target]:
        raise RuleError("not_in_round", player=player_id(target))
    if state.protected[target]:
        # ``alone``: every other player is protected, so "choose another player" has no answer.
        raise RuleError("protected", player=player_id(target), card=card.id, alone=_others_protected(state))
    return target


def _face_up_allowed(state: State, card_id: str) -> Card:
    """``card_id`` may still be in a hand: not every copy is already seen face up."""
    card = known_card(state.cards, card_id)
    if state.seen_count(card.id) >= card.copies:
        raise RuleError("all_face_up", card=card.id, copies=card.copies)
    return card


def _card_of_value(state: State, value: int) -> Card:
    """The card of ``value`` (one card per value in Love Letter)."""
    for card in state.cards.cards:
        if card.value == value:
            return card
    raise RuleError("bad_value", value=value, low=1, high=8)


# --------------------------------------------------------------------------- the contract


def outcome(state: State) -> Outcome | None:
    """The first player to reach the round's favour-token target wins."""
    if state.winner is None:
        return None
    return Outcome(OutcomeKind.WIN, state.co_winners or (state.winner,), Reason.TOKENS)


def to_act(state: State) -> ToAct | None:
    """Who must act: the table sets aside, players reveal, the player whose card waits for its outcome, or the current one."""
    if state.phase == GAME_OVER:
        return None
    if state.phase == ASIDE:
        return ToAct(player_id(state.starter), "set_aside")
    if state.phase == REVEAL:
        return ToAct(_waiting(state)[0], "reveal")
    if state.phase == ROUND_OVER:
        return ToAct(player_id(state.next_starter or 0), "start_round")
    current = player_id(state.current)
    if not state.played:
        return ToAct(current, "play")
    effect = state.effect
    if effect is not None and not effect.resolved and effect.target is not None:
        if effect.action == "prince":
            return ToAct(player_id(effect.target), "discard")
        if effect.action == "guess":
            return ToAct(player_id(effect.target), "answer_guess")
        if effect.action == "compare":
            return ToAct(current, "compare")
    return ToAct(current, "end_turn")


def zones(state: State) -> dict[Zone, tuple[str, ...]]:
    """The cards face up in front of each player (the cards set aside are a part of the status, said there)."""
    return face_up_zones(state.face_up, player_id)


def legal_moves(state: State) -> list[Command]:
    """Every command the rules accept now, among the facts a table can report."""
    if state.phase == GAME_OVER:
        return []
    ids = [c.id for c in state.cards.cards]
    seats = range(state.players)
    candidates: list[Command] = [Next(), Miss()]
    if state.phase == ASIDE:
        candidates += [Aside((a, b, c)) for a in ids for b in ids for c in ids if a <= b <= c]
    values = sorted({c.value for c in state.cards.cards})
    for card_id in ids:
        candidates += [Play(card_id, t, v) for t in (None, *seats) for v in (None, *values)]
        candidates += [Out(seat, card_id) for seat in seats] + [Discard(seat, card_id) for seat in seats]
        candidates += [Reveal(seat, card_id) for seat in seats] + [Compare(seat, card_id) for seat in seats]
    candidates += [Out(seat) for seat in seats] + [Compare(None)]
    return [command for command in candidates if accepted(apply, state, command)]




RULES: Rules[State, Options] = Rules(
    spec=SPEC, options_type=Options, commands=COMMANDS, new=new, apply=apply, opening=opening, status=status,
    outcome=outcome, to_act=to_act, public_view=public_view, queries=QUERIES,
    zones=zones, legal_moves=legal_moves, player_ids=numbered_seats,
)
