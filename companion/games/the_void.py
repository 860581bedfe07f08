"""The Void ("à la hongroise"): the rules core of a real-time cooperative game with no turns.

Pure: no I/O, no language, no clock. Four players put cards from their hands on
one centre pile, in rising order, whenever they like; the companion keeps what
the table knows in public — the pile, the draw pile and hand counts, the errors
and, above all, the types turned face up for errors this round — and ends each
round on its two conditions. The reference's open points are options (see
docs/the-void.*.md).

Time: every command carries ``t``, seconds on the companion's monotonic clock,
filled by the parser (``companion/commands/the_void.py``) and kept in the
journal, so a replay has the rhythm of the table. ``t`` never makes a command
refused and is left out of a command's equality (two plays of a 7 are the same
move whenever they are typed); each event carries the ``t`` of its command.

Every card of a round is in exactly one place: the draw pile (counted), a hand
(counted), the pile, or the discards face up. The box has 47 cards: 3 are set
aside face down for the whole game and the other 44 are shuffled for each round
("Mélangez bien 44 cartes … On re-mélange les 44 cartes"), so every one of the
44 cards of the card file is played or discarded in a round.
"""

from __future__ import annotations

import enum
import itertools
from collections.abc import Callable, Mapping
from typing import Any

import msgspec
from msgspec.structs import replace

from companion.cards import Card, CardSet, per_card_set
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
    accepted,
    apply_handler,
    bump,
    check_options,
    check_seat,
    fields_of,
    numbered_seats,
    seat_id,
    seat_of as seat_of,
    set_at,
)

SIDE = "play"
IN_PLAY = 44
#: The box's other cards, set aside face down for the game: never in a round's 44 (never counted, never seen).
SET_ASIDE = 3
HAND = 4
#: Errors allowed by difficulty, from the rules text.
DIFFICULTIES: dict[str, int] = {
    "debutant": 6, "normal": 5, "difficile": 4, "epique": 3, "mythique": 2, "divin": 1, "gros-mytho": 0,
}
#: Which players keep their eyes closed: "none", or their seat numbers in order ("1", "13", "1234"…).
EYES_CLOSED = ("none",) + tuple("".join(c) for n in range(1, 5) for c in itertools.combinations("1234", n))


class Traits(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A card's type (a stable key) and the type's name in each language."""

    type: str
    type_name: dict[str, str]


SPEC = GameSpec(
    id="the-void",
    names={"fr": "The Void", "en": "The Void"},
    aliases=("void", "thevoid", "the_void"),
    min_players=4,
    max_players=4,
    default_players=4,
    kind=Kind.COOPERATIVE,
    turn_model=TurnModel.REAL_TIME,
    hidden=("hands", "draw_pile", "set_aside"),
    domain="the_void",
    progress="round",
    verbosity="terse",  # a card every 1 to 2 s: the number and the change only (issue 22)
    options=(
        OptionSpec("difficulty", str, "normal", N_(
            "errors allowed: debutant 6, normal 5 (the default), difficile 4, epique 3, mythique 2, divin 1, "
            "gros-mytho 0"), choices=tuple(DIFFICULTIES)),
        OptionSpec("rounds", int, 13, N_("rounds in a game: 13 (the default), 12 in easy mode, 11 for beginners"),
                   low=1, high=13),
        OptionSpec("eyes_closed", str, "none", N_(
            "eyes-closed variant: the seats of the players who keep their eyes closed every other round, such as 13 "
            "(none by default)"), choices=EYES_CLOSED, metavar="SEATS"),
        OptionSpec("eyes_closed_rounds", str, "even", N_(
            "the rounds played with eyes closed: even (the default, from round 2) or odd (from round 1)"),
                   choices=("even", "odd")),
        OptionSpec("discards", str, "cards", N_(
            "what is typed after an error: the cards discarded, rank and type (cards, the default) or only how many "
            "(count)"), choices=("cards", "count")),
        OptionSpec("draw", str, "after_play", N_(
            "drawing: one card after each card leaves a hand, hands stay at 4 (after_play, the default), or 4 new "
            "cards when a hand is empty (empty_hand)"), choices=("after_play", "empty_hand")),
        OptionSpec("error_end", str, "turned", N_(
            "what ends a round on errors: a type turned up from the draw pile a second time (turned, the default), or "
            "a type among every card discarded for errors a second time (all)"), choices=("turned", "all")),
        OptionSpec("budget", str, "game", N_(
            "the errors allowed are for the whole game (game, the default) or for each round (round)"),
                   choices=("game", "round")),
    ),
    data_file="the-void.toml",
    deck_sizes={SIDE: IN_PLAY},
    traits=Traits,
)

# Phases.
PLAYING, ROUND_OVER, GAME_OVER = "playing", "round_over", "game_over"


class Reason(enum.Enum):
    """Why a game of The Void ended."""

    ROUNDS = "rounds"  # the last round is over
    ERRORS = "errors"  # the errors went beyond the allowance


class RoundEnd(enum.StrEnum):
    """Why a round ended: its two conditions."""

    ALL_PLAYED = "all_played"  # the draw pile empty and every card played
    SAME_TYPE = "same_type"  # a type turned up for errors a second time


def traits(card: Card) -> Traits:
    found = card.traits
    if not isinstance(found, Traits):
        raise TypeError(f"{card.id} is not a card of The Void")
    return found


class _Facts(msgspec.Struct, frozen=True):
    """The card file's facts that every command tried asks for (``legal_moves`` tries hundreds a state)."""

    types: tuple[str, ...]  # in the order of the card file
    ranks: tuple[int, ...]  # sorted
    by_rank_and_type: Mapping[tuple[int, str], Card]
    copies: Mapping[int, int]


@per_card_set
def _facts(cards: CardSet) -> _Facts:
    """The facts of ``cards``, worked out once per card set (a set never changes once loaded)."""
    by_rank_and_type: dict[tuple[int, str], Card] = {}
    copies: dict[int, int] = {}
    for card in cards.cards:
        by_rank_and_type.setdefault((card.value, traits(card).type), card)
        copies[card.value] = copies.get(card.value, 0) + 1
    types = tuple(dict.fromkeys(traits(c).type for c in cards.cards))
    return _Facts(types, tuple(sorted(copies)), by_rank_and_type, copies)


def types_of(cards: CardSet) -> tuple[str, ...]:
    """The types of the cards, in the order of the card file."""
    return _facts(cards).types


def ranks_of(cards: CardSet) -> tuple[int, ...]:
    return _facts(cards).ranks


def card_of(cards: CardSet, rank: int, kind: str) -> Card | None:
    """The card of ``rank`` and type ``kind``, if the game has one."""
    return _facts(cards).by_rank_and_type.get((rank, kind))


def copies_of(cards: CardSet, rank: int) -> int:
    """How many cards of ``rank`` the game has."""
    return _facts(cards).copies.get(rank, 0)


player_id = seat_id


# --------------------------------------------------------------------------- options and state


class Options(msgspec.Struct, frozen=True):
    """How the table set the game up (each field is an option of the spec)."""

    players: int = SPEC.default_players
    names: tuple[str, ...] = ()
    difficulty: str = SPEC.default("difficulty")
    rounds: int = SPEC.default("rounds")
    eyes_closed: str = SPEC.default("eyes_closed")
    eyes_closed_rounds: str = SPEC.default("eyes_closed_rounds")
    discards: str = SPEC.default("discards")
    draw: str = SPEC.default("draw")
    error_end: str = SPEC.default("error_end")
    budget: str = SPEC.default("budget")

    @property
    def errors_allowed(self) -> int:
        return DIFFICULTIES[self.difficulty]


class Placed(msgspec.Struct, frozen=True):
    """A card face up, on the pile or in the discards: its rank and type when said (``None``: not said)."""

    rank: int | None
    type: str | None
    t: float = 0.0
    error: bool = False  # on the pile: the play was an error (not stacked); in the discards: turned up for an error
    player: int | None = None

    @property
    def key(self) -> str:
        """Its card id when rank and type are known, else what is known ("7", "blue", "?")."""
        if self.rank is not None and self.type is not None:
            return f"{self.type}-{self.rank}"
        if self.rank is not None:
            return str(self.rank)
        return self.type or "?"


class State(Uncompared, msgspec.Struct, frozen=True):
    """What the whole table knows at one moment."""

    #: Left out of equality and hashing, as ``field(compare=False)`` left them: the table's cards.
    uncompared = frozenset({"cards"})
    cards: CardSet
    options: Options
    round: int
    phase: str
    deck: int
    hands: tuple[int, ...]
    pile: tuple[Placed, ...] = ()
    discards: tuple[Placed, ...] = ()
    error_types: tuple[str, ...] = ()  # types counted for errors this round, in order (a repeat ends the round)
    turn_pending: bool = False  # an error was called with the card turned up from the draw pile still to be said
    discarded: tuple[int, ...] = ()  # the seats that said their discards since the last error
    errors: int = 0  # over the game: never decreases
    round_errors: int = 0
    stacked_before: int = 0  # stacked in the rounds already over
    clock: float = 0.0  # the latest time stamp seen
    reason: Reason | None = None

    @property
    def players(self) -> int:
        return self.options.players

    @property
    def stacked(self) -> int:
        """Cards stacked this round: on the pile and not errors."""
        return sum(1 for p in self.pile if not p.error)

    @property
    def score(self) -> int:
        return self.stacked_before + self.stacked

    @property
    def max_score(self) -> int:
        """Every card in play stacked in every round."""
        return self.cards.count(SIDE) * self.options.rounds

    @property
    def budget_used(self) -> int:
        """The errors counted against the allowance (the game's or this round's)."""
        return self.round_errors if self.options.budget == "round" else self.errors

    @property
    def top(self) -> Placed | None:
        return self.pile[-1] if self.pile else None

    @property
    def owes_turned_card(self) -> bool:
        """The card turned up for an error called alone is still to be said: the round goes on and the draw pile
        still has it (``turn_pending`` outlives a draw pile emptied meanwhile, or a game lost on that error)."""
        return self.turn_pending and self.phase == PLAYING and self.deck > 0

    @property
    def level(self) -> int | None:
        """The highest rank on the pile: a card below it is noted, and after an error the cards below it are discarded."""
        return max((p.rank for p in self.pile if p.rank is not None), default=None)

    def counted(self) -> int:
        """Every card of the round, counted once wherever it is (always the cards in play)."""
        return self.deck + sum(self.hands) + len(self.pile) + len(self.discards)

    def seen(self, rank: int) -> tuple[int, list[str]]:
        """Cards of ``rank`` face up this round, and the types among them that were said."""
        faces = [p for p in self.pile + self.discards if p.rank == rank]
        return len(faces), [p.type for p in faces if p.type is not None]

    def eyes_closed_now(self) -> tuple[str, ...]:
        """The players who keep their eyes closed this round."""
        if self.options.eyes_closed == "none":
            return ()
        parity = 0 if self.options.eyes_closed_rounds == "even" else 1
        if self.round % 2 != parity:
            return ()
        return tuple(player_id(int(ch) - 1) for ch in self.options.eyes_closed if int(ch) <= self.players)


# --------------------------------------------------------------------------- commands


class Play(Uncompared, Command, frozen=True):
    """A card put on the pile: its rank, its type if said, whose hand if said. Never refused for its order."""

    name = "play"
    rank: int
    type: str | None = None
    player: int | None = None
    uncompared = frozenset({"t"})
    t: float = 0.0


class Error(Uncompared, Command, frozen=True):
    """Someone spots an error on the card just played; ``rank`` and ``type``: the card turned up from the draw pile.

    Called with no card while the draw pile has cards, the error counts at once and the card turned up is said
    by a second ``error RANK TYPE`` (the table first sees the lower card, then turns the top of the draw pile).
    """

    name = "error"
    type: str | None = None
    player: int | None = None  # who erred, if said
    rank: int | None = None
    uncompared = frozenset({"t"})
    t: float = 0.0


class Discard(Uncompared, Command, frozen=True):
    """Cards a player throws face up after an error: ``ranks`` (and ``types``, "" when not said), or a ``count``."""

    name = "discard"
    ranks: tuple[int, ...] = ()
    types: tuple[str, ...] = ()
    count: int = 0
    player: int | None = None
    uncompared = frozenset({"t"})
    t: float = 0.0


class NextRound(Uncompared, Command, frozen=True):
    """The table agrees to start the next round."""

    name = "round"
    uncompared = frozenset({"t"})
    t: float = 0.0


COMMANDS: dict[str, type[Command]] = {c.name: c for c in (Play, Error, Discard, NextRound)}


# --------------------------------------------------------------------------- events


class GameStarted(Event, frozen=True):
    name = "game_started"
    players: int
    names: tuple[str, ...]
    difficulty: str
    errors_allowed: int
    budget: str
    rounds: int


class RoundStarted(Event, frozen=True):
    name = "round_started"
    round: int
    rounds: int
    deck: int
    hand: int
    eyes_closed: tuple[str, ...]
    variant: bool  # the eyes-closed variant is played (a round with eyes open is said too)
    t: float = 0.0


class CardPlayed(Event, frozen=True):
    """``below``: the rank of the top of the pile when this card went under it (the players decide if it is an error)."""

    name = "card_played"
    rank: int
    type: str | None
    player: str | None
    below: int | None
    deck: int
    stacked: int
    last_of_rank: bool  # every card of this rank is now face up
    t: float = 0.0


class DrawPileEmpty(Event, frozen=True):
    name = "draw_pile_empty"
    in_hands: int
    t: float = 0.0


class ErrorMade(Event, frozen=True):
    """An error on the card just played: the card turned up, ``turned_rank`` and ``type`` (``None``: the draw pile
    was empty, or ``pending``: the card is still to be said).

    ``rank``: the rank of the card just played; the players discard their cards below it.
    """

    name = "error_called"
    rank: int | None
    type: str | None
    player: str | None
    errors: int
    errors_allowed: int
    budget: str
    deck: int
    repeated: bool  # the type was already turned up this round: the round ends
    t: float = 0.0
    turned_rank: int | None = None
    pending: bool = False


class CardTurned(Event, frozen=True):
    """The card turned up for the last error, said after the error itself."""

    name = "card_turned"
    rank: int
    type: str
    deck: int
    repeated: bool  # the type was already turned up this round: the round ends
    t: float = 0.0


class CardsDiscarded(Event, frozen=True):
    name = "cards_discarded"
    cards: tuple[dict[str, Any], ...]  # each {rank, type} (type null when not said)
    count: int
    player: str | None
    deck: int
    t: float = 0.0


class RoundEnded(Event, frozen=True):
    name = "round_ended"
    round: int
    rounds: int
    reason: str  # RoundEnd
    type: str | None  # the type seen twice
    stacked: int
    score: int
    t: float = 0.0


class GameOver(Uncompared, Event, frozen=True):
    name = "game_over"
    reason: str  # Reason
    score: int
    max_score: int
    rounds_played: int
    errors: int
    uncompared = frozenset({"outcome"})
    outcome: dict[str, Any] = {}
    t: float = 0.0


class Status(Event, frozen=True):
    name = "status"
    round: int
    rounds: int
    phase: str
    top: dict[str, Any] | None
    deck: int
    hands: dict[str, int]
    errors: int
    errors_allowed: int
    budget: str
    round_errors: int
    error_types: tuple[str, ...]
    stacked: int
    score: int
    max_score: int
    outcome: dict[str, Any] | None = None
    to_act: dict[str, Any] | None = None
    top_rank: int | None = None  # the rank of ``top``, as said
    hand_counts: tuple[int, ...] = ()  # ``hands`` in seat order, as said
    #: An error was called alone: the card turned up from the draw pile is still owed (`error 7 blue` says it).
    turn_pending: bool = False


class TopCard(Event, frozen=True):
    name = "top"
    top: dict[str, Any] | None
    deck: int
    phase: str
    top_rank: int | None = None  # the rank of ``top``, as said


class ErrorsInfo(Event, frozen=True):
    name = "errors"
    errors: int
    errors_allowed: int
    budget: str
    error_types: tuple[str, ...]


class DiscardsInfo(Event, frozen=True):
    """The discards face up this round: ranks by type (``""``: type not said), rising; the types turned up."""

    name = "discards"
    groups: dict[str, tuple[int, ...]]
    turned: tuple[str, ...]  # the types turned up from the draw pile for errors
    unknown: int  # cards discarded with nothing said of them (the count option)
    total: int
    turned_ranks: tuple[int | None, ...] = ()  # the ranks of the cards turned up, in the order of ``turned``
    ranks: tuple[int, ...] = ()  # every rank of ``groups``, in their order (the numbers the answer says)
    group_sizes: tuple[int, ...] = ()  # how many cards each group of ``groups`` holds, in their order


class RoundInfo(Event, frozen=True):
    name = "round"
    round: int
    rounds: int
    phase: str
    stacked: int
    score: int


# --------------------------------------------------------------------------- set-up


def new(options: Options, cards: CardSet) -> State:
    """The table with round 1 dealt: 3 cards set aside, 4 in each hand, the rest in the draw pile.

    :raises RuleError: what `check_options` refuses (players, names or an option the spec does not allow).
    """
    check_options(SPEC, options)
    state = State(cards=cards, options=options, round=0, phase=ROUND_OVER, deck=0, hands=(0,) * options.players)
    return _deal(state, 0.0)


def _deal(state: State, t: float) -> State:
    n = state.players
    deck = state.cards.count(SIDE) - HAND * n
    return replace(state, round=state.round + 1, phase=PLAYING, deck=deck, hands=(HAND,) * n, pile=(), discards=(),
                   error_types=(), round_errors=0, turn_pending=False, discarded=(),
                   stacked_before=state.stacked_before + state.stacked)


def _round_started(state: State, t: float) -> RoundStarted:
    return RoundStarted(state.round, state.options.rounds, state.deck, HAND, state.eyes_closed_now(),
                        state.options.eyes_closed != "none", t)


def opening(state: State) -> list[Event]:
    options = state.options
    return [
        GameStarted(options.players, options.names, options.difficulty, options.errors_allowed, options.budget,
                    options.rounds),
        _round_started(state, 0.0),
    ]


# --------------------------------------------------------------------------- queries


def _face(placed: Placed | None) -> dict[str, Any] | None:
    return None if placed is None else {"rank": placed.rank, "type": placed.type}


def status(state: State) -> Status:
    return Status(
        round=state.round, rounds=state.options.rounds, phase=state.phase, top=_face(state.top), deck=state.deck,
        hands={player_id(s): n for s, n in enumerate(state.hands)}, errors=state.errors,
        errors_allowed=state.options.errors_allowed, budget=state.options.budget, round_errors=state.round_errors,
        error_types=state.error_types, stacked=state.stacked, score=state.score, max_score=state.max_score,
        outcome=fields_of(outcome(state)), to_act=fields_of(to_act(state)),
        top_rank=None if state.top is None else state.top.rank, hand_counts=state.hands,
        turn_pending=state.owes_turned_card,
    )


def top(state: State) -> TopCard:
    return TopCard(_face(state.top), state.deck, state.phase, None if state.top is None else state.top.rank)


def errors_info(state: State) -> ErrorsInfo:
    return ErrorsInfo(state.budget_used, state.options.errors_allowed, state.options.budget, state.error_types)


def discards_info(state: State) -> DiscardsInfo:
    groups: dict[str, list[int]] = {}
    turned: list[str] = []
    turned_ranks: list[int | None] = []
    unknown = 0
    for placed in state.discards:
        if placed.error and placed.type is not None:
            turned.append(placed.type)
            turned_ranks.append(placed.rank)
        elif placed.rank is not None:
            groups.setdefault(placed.type or "", []).append(placed.rank)
        else:
            unknown += 1
    order = {kind: index for index, kind in enumerate(types_of(state.cards))}
    ordered = {k: tuple(sorted(v)) for k, v in sorted(groups.items(), key=lambda kv: order.get(kv[0], len(order)))}
    return DiscardsInfo(ordered, tuple(turned), unknown, len(state.discards), tuple(turned_ranks),
                        tuple(r for ranks in ordered.values() for r in ranks), tuple(len(v) for v in ordered.values()))


def round_info(state: State) -> RoundInfo:
    return RoundInfo(state.round, state.options.rounds, state.phase, state.stacked, state.score)


#: Questions every player may ask (the contract adds ``status``).
QUERIES: dict[str, Callable[[State, Mapping[str, Any]], list[Event]]] = {
    "top": lambda state, args: [top(state)],
    "errors": lambda state, args: [errors_info(state)],
    "discards": lambda state, args: [discards_info(state)],
    "round": lambda state, args: [round_info(state)],
}


def public_view(state: State) -> dict[str, Any]:
    """Everything every player may know, as plain data."""
    return {
        **status(state).fields(),
        "pile": [{"rank": p.rank, "type": p.type, "error": p.error, "t": p.t} for p in state.pile],
        "discards": [{"rank": p.rank, "type": p.type, "t": p.t} for p in state.discards],
        "set_aside": SET_ASIDE,
        "eyes_closed": list(state.eyes_closed_now()),
    }


# --------------------------------------------------------------------------- applying commands


def apply(state: State, command: Command) -> tuple[State, list[Event]]:
    """Apply ``command``: the new state and what changed.

    :raises RuleError: the command breaks a rule; ``state`` is unchanged (it is immutable).
    """
    return apply_handler(state, command, _HANDLERS, outcome(state))


def _expect_playing(state: State) -> None:
    if state.phase == ROUND_OVER:
        raise RuleError("round_over", round=state.round)


def _check_type(state: State, kind: str | None) -> None:
    if kind is not None and kind not in types_of(state.cards):
        raise RuleError("no_such_type", type=kind)


def _check_card(state: State, rank: int, kind: str | None, also: list[tuple[int, str | None]]) -> None:
    """``rank`` (of type ``kind``) may still be in a hand: not every copy is face up, counting ``also`` (the same command's)."""
    ranks = ranks_of(state.cards)
    if rank not in ranks:
        raise RuleError("no_such_rank", rank=rank, low=ranks[0], high=ranks[-1])
    _check_type(state, kind)
    if kind is not None and card_of(state.cards, rank, kind) is None:
        raise RuleError("no_such_card", rank=rank, type=kind)
    count, kinds = state.seen(rank)
    count += sum(1 for r, _ in also if r == rank)
    kinds += [k for r, k in also if r == rank and k is not None]
    copies = copies_of(state.cards, rank)
    if count >= copies:
        raise RuleError("all_seen", rank=rank, copies=copies)
    if kind is not None and kind in kinds:
        raise RuleError("card_seen", rank=rank, type=kind)


def _hand_loses(state: State, player: int | None, count: int) -> State:
    """``count`` cards leave a hand (whose, if said) and the hand is refilled as the drawing option says.

    :raises RuleError: ``unknown_player``, ``empty_hand``, ``player_needed``.
    """
    if player is not None:
        seat = check_seat(player, state.players)
        if state.hands[seat] < count:
            raise RuleError("empty_hand", player=player_id(seat), count=state.hands[seat])
    else:
        seat = -1
    after_play = state.options.draw == "after_play"
    if after_play and state.deck >= count and (seat >= 0 or max(state.hands) >= count):
        return replace(state, deck=state.deck - count)  # each card drawn again at once: the hands stay as they are
    if seat < 0:
        holders = [s for s, n in enumerate(state.hands) if n > 0]
        if len(holders) != 1:
            raise RuleError("player_needed", deck=state.deck)
        seat = holders[0]
        if state.hands[seat] < count:
            raise RuleError("empty_hand", player=player_id(seat), count=state.hands[seat])
    hands = bump(state.hands, seat, -count)
    deck = state.deck
    if after_play:
        drawn = min(count, deck)
    else:
        drawn = min(HAND, deck) if hands[seat] == 0 else 0
    return replace(state, hands=bump(hands, seat, drawn), deck=deck - drawn)


def _apply_play(state: State, command: Play) -> tuple[State, list[Event]]:
    _expect_playing(state)
    _check_card(state, command.rank, command.type, [])
    level = state.level
    had_deck = state.deck
    state = _hand_loses(state, command.player, 1)
    seat = _seat_said(state, command.player)
    placed = Placed(command.rank, command.type, command.t, player=seat)
    state = replace(state, pile=state.pile + (placed,), clock=max(state.clock, command.t))
    below = level if level is not None and command.rank < level else None
    count, _ = state.seen(command.rank)
    last = count >= sum(1 for c in state.cards.cards if c.value == command.rank)
    events: list[Event] = [CardPlayed(command.rank, command.type, None if seat is None else player_id(seat), below,
                                      state.deck, state.stacked, last, command.t)]
    if had_deck > 0 and state.deck == 0:
        events.append(DrawPileEmpty(sum(state.hands), command.t))
    return _round_may_end(state, events, command.t)


def _seat_said(state: State, player: int | None) -> int | None:
    return None if player is None else check_seat(player, state.players)


def _apply_error(state: State, command: Error) -> tuple[State, list[Event]]:
    _expect_playing(state)
    if state.turn_pending and state.deck == 0:  # the hands drew the last cards meanwhile: nothing left to turn up
        state = replace(state, turn_pending=False)
    if state.turn_pending:
        return _apply_turned(state, command)
    played = state.top
    if played is None:
        raise RuleError("nothing_played")
    if played.error:
        raise RuleError("already_error", rank=played.rank)
    said = command.type is not None or command.rank is not None
    if state.deck == 0 and said:
        raise RuleError("no_card_to_turn")
    if said:
        _check_turned(state, command)
    seat = _seat_said(state, command.player)
    pile = set_at(state.pile, len(state.pile) - 1, replace(played, error=True))
    state = replace(state, pile=pile, errors=state.errors + 1, round_errors=state.round_errors + 1,
                    turn_pending=state.deck > 0 and not said, discarded=(), clock=max(state.clock, command.t))
    state, repeated = _turn_up(state, command) if said else (state, False)
    events: list[Event] = [ErrorMade(played.rank, command.type, None if seat is None else player_id(seat),
                                     state.budget_used, state.options.errors_allowed, state.options.budget, state.deck,
                                     repeated, command.t, command.rank, state.turn_pending)]
    if state.budget_used > state.options.errors_allowed:
        return _end_game(state, events, Reason.ERRORS, command.t)
    if repeated:
        return _end_round(state, events, RoundEnd.SAME_TYPE, command.type, command.t)
    return _round_may_end(state, events, command.t)


def _check_turned(state: State, command: Error) -> None:
    """The card turned up must be said whole, rank and type, and still be unseen (it goes face up for good)."""
    if command.type is None or command.rank is None:
        raise RuleError("turned_needed", deck=state.deck, rank=command.rank, type=command.type)
    _check_card(state, command.rank, command.type, [])


def _turn_up(state: State, command: Error) -> tuple[State, bool]:
    """The top card of the draw pile face up in the discards: its type counted for the round's end."""
    assert command.type is not None
    repeated = command.type in state.error_types
    placed = Placed(command.rank, command.type, command.t, error=True)
    return replace(state, discards=state.discards + (placed,), deck=state.deck - 1, turn_pending=False,
                   error_types=state.error_types + (command.type,)), repeated


def _apply_turned(state: State, command: Error) -> tuple[State, list[Event]]:
    """The card turned up for the error called just before, said now."""
    if command.type is None and command.rank is None:
        raise RuleError("turn_pending")
    _check_turned(state, command)
    state, repeated = _turn_up(replace(state, clock=max(state.clock, command.t)), command)
    assert command.rank is not None and command.type is not None
    events: list[Event] = [CardTurned(command.rank, command.type, state.deck, repeated, command.t)]
    if repeated:
        return _end_round(state, events, RoundEnd.SAME_TYPE, command.type, command.t)
    return _round_may_end(state, events, command.t)


def _last_error(state: State) -> Placed | None:
    return next((p for p in reversed(state.pile) if p.error), None)


def _discard_limit(state: State) -> int | None:
    """The rank of the card that erred last: the cards discarded for it are below ("jouables avant celle posée")."""
    erred = _last_error(state)
    return None if erred is None else erred.rank


def _apply_discard(state: State, command: Discard) -> tuple[State, list[Event]]:
    _expect_playing(state)
    erred = _last_error(state)
    if erred is None:
        raise RuleError("no_error_yet")
    limit = _discard_limit(state)
    by_count = state.options.discards == "count"
    if by_count:
        if command.ranks or command.types:
            raise RuleError("count_only")
        if command.count < 1:
            raise RuleError("discard_count", count=command.count)
        faces = [Placed(None, None, command.t) for _ in range(command.count)]
    else:
        if command.count or not command.ranks:
            raise RuleError("cards_needed")
        if len(command.types) != len(command.ranks):
            raise RuleError("types_mismatch", ranks=len(command.ranks), types=len(command.types))
        faces = []
        for rank, kind in zip(command.ranks, command.types, strict=True):
            said = kind or None
            _check_card(state, rank, said, [(p.rank, p.type) for p in faces if p.rank is not None])
            if limit is not None and rank >= limit:
                raise RuleError("not_lower", rank=rank, played=limit)
            faces.append(Placed(rank, said, command.t))
    if len(faces) > HAND:
        raise RuleError("too_many", count=len(faces), hand=HAND)
    state = _hand_loses(state, command.player, len(faces))
    seat = _seat_said(state, command.player)
    faces = [replace(p, player=seat) for p in faces]
    state = replace(state, discards=state.discards + tuple(faces), clock=max(state.clock, command.t),
                    discarded=state.discarded + (() if seat is None or seat in state.discarded else (seat,)))
    events: list[Event] = [CardsDiscarded(tuple({"rank": p.rank, "type": p.type} for p in faces if p.rank is not None),
                                          len(faces), None if seat is None else player_id(seat), state.deck, command.t)]
    if state.options.error_end == "all":
        kinds = [p.type for p in faces if p.type is not None]
        for index, kind in enumerate(kinds):
            if kind in state.error_types or kind in kinds[:index]:
                state = replace(state, error_types=state.error_types + tuple(kinds))
                return _end_round(state, events, RoundEnd.SAME_TYPE, kind, command.t)
        state = replace(state, error_types=state.error_types + tuple(kinds))
    return _round_may_end(state, events, command.t)


def _apply_next_round(state: State, command: NextRound) -> tuple[State, list[Event]]:
    if state.phase != ROUND_OVER:
        raise RuleError("round_not_over", round=state.round, deck=state.deck, in_hands=sum(state.hands))
    state = replace(_deal(state, command.t), clock=max(state.clock, command.t))
    return state, [_round_started(state, command.t)]


_HANDLERS: dict[type, Callable[[State, Any], tuple[State, list[Event]]]] = {
    Play: _apply_play,
    Error: _apply_error,
    Discard: _apply_discard,
    NextRound: _apply_next_round,
}


def _round_may_end(state: State, events: list[Event], t: float) -> tuple[State, list[Event]]:
    """The round ends when the draw pile is empty and every card is out of the hands."""
    if state.deck == 0 and sum(state.hands) == 0:
        return _end_round(state, events, RoundEnd.ALL_PLAYED, None, t)
    return state, events


def _end_round(state: State, events: list[Event], why: RoundEnd, kind: str | None, t: float) -> tuple[State, list[Event]]:
    stacked = state.stacked
    state = replace(state, phase=ROUND_OVER)
    events = events + [RoundEnded(state.round, state.options.rounds, why.value, kind, stacked, state.score, t)]
    if state.round >= state.options.rounds:
        return _end_game(state, events, Reason.ROUNDS, t)
    return state, events


def _end_game(state: State, events: list[Event], reason: Reason, t: float) -> tuple[State, list[Event]]:
    state = replace(state, phase=GAME_OVER, reason=reason)
    return state, events + [GameOver(reason.value, state.score, state.max_score, state.round, state.errors,
                                     fields_of(outcome(state)) or {}, t)]


# --------------------------------------------------------------------------- the contract


def outcome(state: State) -> Outcome | None:
    """The team's score once the last round is over; a cooperative loss (with its score) when errors went beyond."""
    if state.reason is None:
        return None
    if state.reason is Reason.ERRORS:
        return Outcome(OutcomeKind.COOPERATIVE_LOSS, (), state.reason, state.score)
    return Outcome(OutcomeKind.SCORE, tuple(player_id(s) for s in range(state.players)), state.reason, state.score)


def to_act(state: State) -> ToAct | None:
    """Anyone may act (real time): play, or start the next round; nobody once the game is over."""
    if state.phase == GAME_OVER:
        return None
    return ToAct(None, "start_round" if state.phase == ROUND_OVER else "play")


def legal_moves(state: State) -> list[Command]:
    """Every command the rules accept now, time stamped with the latest time (``t`` does not count).

    Discards are listed one card at a time (a command of several cards is accepted
    when each of them would be, in turn).
    """
    if state.phase == GAME_OVER:
        return []
    t = state.clock
    if state.phase == ROUND_OVER:
        return [NextRound(t)]
    kinds: tuple[str | None, ...] = (None, *types_of(state.cards))
    seats: tuple[int | None, ...] = (None, *range(state.players))
    candidates: list[Command] = []
    for rank in ranks_of(state.cards):
        candidates += [Play(rank, kind, seat, t) for kind in kinds for seat in seats]
    candidates += [Error(None, seat, t=t) for seat in seats]
    candidates += [Error(kind, seat, rank, t) for rank in ranks_of(state.cards) for kind in kinds[1:]
                   for seat in seats[:1]]
    if _last_error(state) is not None:
        if state.options.discards == "count":
            candidates += [Discard(count=n, player=seat, t=t) for n in range(1, HAND + 1) for seat in seats]
        else:
            candidates += [Discard((rank,), (kind or "",), player=seat, t=t) for rank in ranks_of(state.cards)
                           for kind in kinds for seat in seats]
    moves = [command for command in candidates if accepted(apply, state, command)]
    return moves


#: No ``zones``: after an undo, its headline already quotes the card taken back and the status the new top, so a
#: list of every card face up again (a whole round's after undoing ``round``) would only repeat them, at length.
RULES: Rules[State, Options] = Rules(
    spec=SPEC, options_type=Options, commands=COMMANDS, new=new, apply=apply, opening=opening, status=status,
    outcome=outcome, to_act=to_act, public_view=public_view,
    queries=QUERIES, legal_moves=legal_moves, player_ids=numbered_seats,
)
