"""Le Gant d'Infinité (Infinity Gauntlet: A Love Letter Game): the rules core.

Pure: no I/O, no language. The companion never sees the hidden hands; it keeps
what the table knows in public — lives, tokens, cards face up, deck sizes, hand
sizes, whose turn — and enforces the rules on the commands it is told. Seat 0
is Thanos, seats 1… are the heroes in clockwise order.

Every card is in exactly one place: a deck, a hand (only counted) or face up in
front of a player, so each side's counts always add up to its deck size.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping
from typing import Annotated, Any, Literal

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
    seat_ids,
)

THANOS = 0
HEROES, THANOS_SIDE = "heroes", "thanos"
THANOS_LIVES_BY_PLAYERS = {2: 4, 3: 4, 4: 5, 5: 6, 6: 7}
HERO_LIVES = 6
TOKEN_POOL = 9
HAND_START = {HEROES: 1, THANOS_SIDE: 2}


class Traits(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """What a Gauntlet card file says of a card beyond its name and value: the rule its effect applies."""

    action: Literal["guess_thanos", "peek", "fight_thanos", "hero_token", "arrange_deck", "hero_fight", "guess_hero",
                    "guess_all_heroes", "defeat_if_at_most", "defeat_if_at_least", "fight_heroes", "thanos_tokens",
                    "draw_then_bottom", "copy_effect", "unplayable", "none"] = "none"
    stone: bool = False
    shuffle_back: bool = False
    tokens: Annotated[int, msgspec.Meta(ge=1, le=TOKEN_POOL)] = 1
    limit: Annotated[int, msgspec.Meta(ge=0, le=7)] = 0
    fights: Annotated[int, msgspec.Meta(ge=1, le=5)] = 1
    cards: Annotated[int, msgspec.Meta(ge=1, le=13)] = 1


SPEC = GameSpec(
    id="gauntlet",
    names={"fr": "Le Gant d'Infinité", "en": "Infinity Gauntlet"},
    aliases=("gant", "gant-d-infinite", "infinity-gauntlet"),
    min_players=2,
    max_players=6,
    default_players=4,
    kind=Kind.TEAM,
    turn_model=TurnModel.SEQUENTIAL,
    hidden=("hands", "decks"),
    domain="gauntlet",
    progress="turn",
    players_help=N_("number of players, Thanos included"),
    options=(
        OptionSpec("thanos_lives", int, None, N_("Thanos's lives (default: by the number of players, 4 to 7)"),
                   low=1, high=20, metavar="N"),
        OptionSpec("hero_lives", int, HERO_LIVES, N_("the heroes' lives (default 6)"), low=1, high=20, metavar="N"),
        OptionSpec("token_pool", int, TOKEN_POOL, N_("power tokens in the box (default 9)"), low=1, high=30, metavar="N"),
        OptionSpec("kit", str, "tokens", N_("lives shown with coins and rubies (tokens) or the life-track card (track)"),
                   choices=("tokens", "track"), scope="display"),
    ),
    data_file="gauntlet.toml",
    deck_sizes={HEROES: 16, THANOS_SIDE: 13},
    traits=Traits,
    trait_counts={"stone": 6},
)


def traits(card: Card) -> Traits:
    """The card's Gauntlet fields (a card of another game has none)."""
    found = card.traits
    return found if isinstance(found, Traits) else Traits()


#: Card effects whose change an event of its own says in full (tokens taken, the deck cycled): no ``card_effect``.
SAID_BY_THEIR_EVENT = frozenset({"thanos_tokens", "hero_token", "draw_then_bottom"})


class Reason(enum.Enum):
    """Why a Gauntlet game ended."""

    LIVES = "lives"
    SNAP = "snap"


# --------------------------------------------------------------------------- options and state


class Options(msgspec.Struct, frozen=True):
    """How the table set the game up."""

    players: int = SPEC.default_players
    names: tuple[str, ...] = ()
    thanos_lives: int | None = SPEC.default("thanos_lives")
    hero_lives: int = SPEC.default("hero_lives")
    token_pool: int = SPEC.default("token_pool")


class Expected(msgspec.Struct, frozen=True):
    """What a defeat in this turn must be, once a card or a fight said it: whose card, and its value range.

    After ``play nebula 5`` a defeat of Thanos's card must be a 5; after a fight
    Thanos lost with a 4, a 4; after Corvus Glaive on hero 2, a hero card of 3 or less.
    """

    seats: tuple[int, ...]
    low: int
    high: int
    #: The card that said it (``None``: a fight), and every seat it aimed at, defeated since or not.
    source: str | None = None
    aimed: tuple[int, ...] = ()


class FightRight(msgspec.Struct, frozen=True):
    """Fights the card just played allows: how many are left, with whom, who already fought."""

    left: int
    heroes: tuple[int, ...]
    fought: tuple[int, ...] = ()
    #: Fewer fights than the card prints, for want of different heroes (the Space Stone at 2 players).
    capped: bool = False


class State(Uncompared, msgspec.Struct, frozen=True):
    """What the whole table knows at one moment."""

    #: Left out of equality and hashing, as ``field(compare=False)`` left them: the table's cards.
    uncompared = frozenset({"cards"})
    cards: CardSet
    options: Options
    thanos_lives: int
    hero_lives: int
    tokens: tuple[int, ...]
    hands: tuple[int, ...]
    face_up: tuple[tuple[str, ...], ...]
    hero_deck: int
    thanos_deck: int
    turn: int = 1
    current: int = THANOS
    second_turn: bool = False
    played: bool = False
    fight_right: FightRight | None = None
    pending_defeat: int | None = None
    expected: Expected | None = None
    winner: str | None = None

    @property
    def players(self) -> int:
        return self.options.players

    @property
    def heroes(self) -> range:
        return range(1, self.players)

    @property
    def thanos_lives_max(self) -> int:
        return self.options.thanos_lives or THANOS_LIVES_BY_PLAYERS[self.players]

    @property
    def reserve(self) -> int:
        return max(0, self.options.token_pool - sum(self.tokens))

    @property
    def substitutes(self) -> int:
        return max(0, sum(self.tokens) - self.options.token_pool)

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    def stones_face_up(self) -> tuple[str, ...]:
        return tuple(card_id for card_id in self.face_up[THANOS] if traits(self.cards[card_id]).stone)

    def face_up_count(self, card_id: str) -> int:
        return sum(pile.count(card_id) for pile in self.face_up)

    def unseen(self, side: str) -> dict[str, int]:
        """Copies of each card of ``side`` not face up: in a deck or a hand."""
        return {c.id: c.copies - self.face_up_count(c.id) for c in self.cards.of_side(side)}


def side_of(seat: int) -> str:
    return THANOS_SIDE if seat == THANOS else HEROES


def player_id(seat: int) -> str:
    return "thanos" if seat == THANOS else f"hero{seat}"


# --------------------------------------------------------------------------- commands


class Play(Command, frozen=True):
    """Play ``card`` from the current player's hand; the effect's choices ride along."""

    name = "play"
    card: str
    target: int | None = None
    value: int | None = None
    deck: str | None = None
    copy: str | None = None


class Defeat(Command, frozen=True):
    """``card`` of ``player`` is defeated (from a guess, a fight or a stone)."""

    name = "defeat"
    player: int
    card: str


class Fight(Command, frozen=True):
    """The outcome of a fight between ``hero`` and Thanos; the values stay secret.

    ``loser`` is ``"hero"``, ``"thanos"`` or ``None`` for a tie; ``card`` is the
    defeated card when it is already known (else the table names it next);
    ``value`` is the loser's card value, which the defeated card must have (it goes
    face up at once, so it is no secret; the winner's value is never kept).
    """

    name = "fight"
    hero: int
    loser: str | None
    card: str | None = None
    value: int | None = None


class Token(Command, frozen=True):
    """``player`` takes (``delta`` > 0) or gives back (``delta`` < 0) power tokens."""

    name = "token"
    player: int
    delta: int


class Snap(Command, frozen=True):
    """Thanos reveals ``stones`` from his hand and snaps his fingers."""

    name = "snap"
    stones: tuple[str, ...]


class Next(Command, frozen=True):
    """The current turn ends; the next one begins (its draw is counted)."""

    name = "next"


#: In the order F4 and help offer them (``legal_commands`` follows it).
COMMANDS: dict[str, type[Command]] = {c.name: c for c in (Play, Defeat, Token, Fight, Snap, Next)}


# --------------------------------------------------------------------------- events


class GameStarted(Event, frozen=True):
    name = "game_started"
    players: int
    names: tuple[str, ...]
    thanos_lives: int
    hero_lives: int


class TurnStarted(Event, frozen=True):
    name = "turn_started"
    player: str
    turn: int
    second: bool


class CardDrawn(Event, frozen=True):
    name = "card_drawn"
    player: str
    deck: str
    left: int


class DrawSkipped(Event, frozen=True):
    name = "draw_skipped"
    player: str
    deck: str


class HeroDeckReshuffled(Event, frozen=True):
    name = "hero_deck_reshuffled"
    count: int
    cards: tuple[str, ...]


class CardPlayed(Event, frozen=True):
    name = "card_played"
    player: str
    card: str
    value: int
    target: str | None = None
    named_value: int | None = None
    deck: str | None = None
    copy: str | None = None


class CardEffect(Event, frozen=True):
    """The effect text of a card just played, read for everyone."""

    name = "card_effect"
    card: str
    #: The fights the card allows at this table when fewer than printed (the Space Stone's "two different heroes"
    #: with a single hero, at 2 players: 1); 0 when as printed.
    fights: int = 0


class TokensTaken(Event, frozen=True):
    name = "tokens_taken"
    player: str
    count: int
    held: int
    reserve: int
    substitutes: int


class TokensReturned(Event, frozen=True):
    name = "tokens_returned"
    player: str
    count: int
    held: int
    reserve: int


class TokenSpent(Event, frozen=True):
    name = "token_spent"
    player: str
    held: int
    reserve: int


class ThanosDeckCycled(Event, frozen=True):
    name = "thanos_deck_cycled"
    drawn: int
    returned: int
    thanos_deck: int


class FightResolved(Event, frozen=True):
    name = "fight"
    hero: str
    winner: str | None
    fights_left: int


class DefeatPending(Event, frozen=True):
    name = "defeat_pending"
    player: str


class CardDefeated(Event, frozen=True):
    name = "card_defeated"
    player: str
    card: str


class LifeLost(Event, frozen=True):
    name = "life_lost"
    team: str
    lives: int
    lives_max: int


class CardShuffledBack(Event, frozen=True):
    name = "card_shuffled_back"
    card: str
    thanos_deck: int


class Snapped(Event, frozen=True):
    name = "snap"
    stones: tuple[str, ...]


class GameOver(Uncompared, Event, frozen=True):
    """``winner``: heroes or thanos (kept for scripts); ``outcome``: the shared `Outcome` fields."""

    name = "game_over"
    winner: str
    reason: str
    uncompared = frozenset({"outcome"})
    outcome: dict[str, Any] = {}


class Status(Event, frozen=True):
    name = "status"
    thanos_lives: int
    thanos_lives_max: int
    hero_lives: int
    hero_lives_max: int
    stones: tuple[str, ...]
    power_tokens: dict[str, int]
    reserve: int
    hero_deck: int
    thanos_deck: int
    current_player: str
    winner: str | None
    turn: int = 1
    substitutes: int = 0
    pending_defeat: str | None = None
    outcome: dict[str, Any] | None = None
    to_act: dict[str, Any] | None = None


class PlayedCards(Event, frozen=True):
    name = "played"
    face_up: dict[str, tuple[str, ...]]


class UnseenCards(Event, frozen=True):
    name = "unseen"
    side: str
    cards: dict[str, int]


# --------------------------------------------------------------------------- set-up


def new(options: Options, cards: CardSet) -> State:
    """The table after set-up, with Thanos's first turn begun (his draw counted).

    :raises RuleError: what `check_options` refuses (players, names, lives or tokens outside the spec).
    """
    check_options(SPEC, options)
    heroes = options.players - 1
    state = State(
        cards=cards,
        options=options,
        thanos_lives=options.thanos_lives or THANOS_LIVES_BY_PLAYERS[options.players],
        hero_lives=options.hero_lives,
        tokens=(0,) * options.players,
        hands=(HAND_START[THANOS_SIDE],) + (HAND_START[HEROES],) * heroes,
        face_up=((),) * options.players,
        hero_deck=cards.count(HEROES) - heroes * HAND_START[HEROES],
        thanos_deck=cards.count(THANOS_SIDE) - HAND_START[THANOS_SIDE],
    )
    state, _ = _begin_turn(state, THANOS, turn=1, second=False)
    return state


def opening(state: State) -> list[Event]:
    """What to announce when a game starts: the table, then Thanos's first turn and draw."""
    options = state.options
    return [
        GameStarted(options.players, options.names, state.thanos_lives_max, options.hero_lives),
        TurnStarted(player_id(THANOS), 1, False),
        CardDrawn(player_id(THANOS), THANOS_SIDE, state.thanos_deck),
    ]


# --------------------------------------------------------------------------- queries


def status(state: State) -> Status:
    return Status(
        thanos_lives=state.thanos_lives,
        thanos_lives_max=state.thanos_lives_max,
        hero_lives=state.hero_lives,
        hero_lives_max=state.options.hero_lives,
        stones=state.stones_face_up(),
        power_tokens={player_id(seat): n for seat, n in enumerate(state.tokens)},
        reserve=state.reserve,
        hero_deck=state.hero_deck,
        thanos_deck=state.thanos_deck,
        current_player=player_id(state.current),
        winner=state.winner,
        turn=state.turn,
        substitutes=state.substitutes,
        pending_defeat=None if state.pending_defeat is None else player_id(state.pending_defeat),
        outcome=fields_of(outcome(state)),
        to_act=fields_of(to_act(state)),
    )


def played(state: State) -> PlayedCards:
    return PlayedCards({player_id(seat): pile for seat, pile in enumerate(state.face_up)})


def unseen(state: State, side: str) -> UnseenCards:
    return UnseenCards(side, {card_id: n for card_id, n in state.unseen(side).items() if n})


def public_view(state: State) -> dict[str, Any]:
    """Everything every player may know, as plain data."""
    view = status(state).fields()
    view.update(
        face_up=played(state).fields()["face_up"],
        hands={player_id(seat): n for seat, n in enumerate(state.hands)},
        unseen_heroes=state.unseen(HEROES),
        unseen_thanos=state.unseen(THANOS_SIDE),
        pending_defeat=None if state.pending_defeat is None else player_id(state.pending_defeat),
        fights_left=state.fight_right.left if state.fight_right else 0,
    )
    return view


# --------------------------------------------------------------------------- applying commands


def apply(state: State, command: Command) -> tuple[State, list[Event]]:
    """Apply ``command``: the new state and what changed.

    :raises RuleError: the command breaks a rule; ``state`` is unchanged (it is immutable).
    """
    return apply_handler(state, command, _HANDLERS, outcome(state), _check_pending_defeat, winner=state.winner)


def _check_pending_defeat(state: State, command: Command) -> None:
    if state.pending_defeat is not None and not isinstance(command, Defeat):
        raise RuleError("defeat_pending", player=player_id(state.pending_defeat))


def _apply_play(state: State, command: Play) -> tuple[State, list[Event]]:
    seat = state.current
    card = _known_card(state, command.card)
    if state.played:
        raise RuleError("already_played", player=player_id(seat))
    if card.side != side_of(seat):
        raise RuleError("wrong_side", card=card.id, player=player_id(seat))
    if traits(card).action == "unplayable":
        raise RuleError("unplayable", card=card.id)
    if state.face_up_count(card.id) >= card.copies:
        raise RuleError("already_face_up", card=card.id)
    if state.hands[seat] == 0:
        raise RuleError("empty_hand", player=player_id(seat))
    effect_card = card
    if traits(card).action == "copy_effect":
        effect_card = _copied_card(state, command.copy)
    elif command.copy is not None:
        raise RuleError("no_copy", card=card.id)
    resolve = action_of(effect_card)
    prepared = resolve.prepare(state, effect_card, command)
    state = replace(
        state,
        hands=bump(state.hands, seat, -1),
        face_up=append_at(state.face_up, seat, card.id),
        played=True,
    )
    events: list[Event] = [
        CardPlayed(
            player_id(seat),
            card.id,
            card.value,
            target=None if prepared.target is None else player_id(prepared.target),
            named_value=prepared.value,
            deck=prepared.deck,
            copy=None if effect_card is card else effect_card.id,
        ),
    ]
    if traits(effect_card).action not in SAID_BY_THEIR_EVENT:  # else the change itself is said, once
        events.append(CardEffect(effect_card.id, _fights_here(state, effect_card)))
    state = replace(state, expected=_expected(state, effect_card, prepared))
    state, more = resolve.apply(state, effect_card, prepared)
    return state, events + more


def _expected(state: State, card: Card, prepared: Prepared) -> Expected | None:
    """What a defeat after this card must be: the value it named, or the Corvus Glaive / Soul Stone limit."""
    own = traits(card)
    target = (prepared.target,) if prepared.target is not None else ()
    if own.action == "guess_thanos" and prepared.value is not None:
        return _aimed((THANOS,), prepared.value, prepared.value, card)
    if own.action == "guess_hero" and prepared.value is not None:
        return _aimed(target, prepared.value, prepared.value, card)
    if own.action == "guess_all_heroes" and prepared.value is not None:
        return _aimed(tuple(state.heroes), prepared.value, prepared.value, card)
    if own.action == "defeat_if_at_most":
        return _aimed(target, 0, own.limit, card)
    if own.action == "defeat_if_at_least":
        return _aimed(target, own.limit, 99, card)
    return None


def _aimed(seats: tuple[int, ...], low: int, high: int, card: Card | None) -> Expected:
    """A defeat expected of each of ``seats`` (one card each), from ``card`` or a fight (``None``)."""
    return Expected(seats, low, high, None if card is None else card.id, seats)


def _check_aimed(state: State, seat: int) -> None:
    """After a card or a fight that defeats: one card of each seat it aimed at, and of no other seat.

    :raises RuleError: ``one_defeat_only`` (that seat's card is already defeated), ``defeat_not_aimed``.
    """
    expected = state.expected
    if expected is None or seat in expected.seats or not expected.aimed:
        return
    if seat in expected.aimed:
        raise RuleError("one_defeat_only", card=expected.source, player=player_id(seat))
    raise RuleError("defeat_not_aimed", card=expected.source, player=player_id(seat),
                    targets=tuple(player_id(s) for s in expected.aimed))


def _apply_defeat(state: State, command: Defeat) -> tuple[State, list[Event]]:
    seat = _seat(state, command.player)
    card = _known_card(state, command.card)
    if state.pending_defeat is not None and seat != state.pending_defeat:
        raise RuleError("defeat_pending", player=player_id(state.pending_defeat))
    if card.side != side_of(seat):
        raise RuleError("wrong_side", card=card.id, player=player_id(seat))
    if state.face_up_count(card.id) >= card.copies:
        raise RuleError("already_face_up", card=card.id)
    if state.hands[seat] == 0:
        raise RuleError("empty_hand", player=player_id(seat))
    _check_aimed(state, seat)
    expected = state.expected
    if expected is not None and seat in expected.seats and not expected.low <= card.value <= expected.high:
        fitting = tuple(c for c, n in state.unseen(side_of(seat)).items()
                        if n and expected.low <= state.cards[c].value <= expected.high)
        raise RuleError("defeat_value", card=card.id, value=card.value, low=expected.low, high=expected.high,
                        fitting=fitting)
    # The Mind Stone may defeat a card of several heroes: each defeat leaves the others still expected; once
    # every aimed seat lost a card, the expectation stays, empty, so that no second defeat is accepted.
    still = tuple(s for s in expected.seats if s != seat) if expected is not None else ()
    left = replace(expected, seats=still) if expected is not None and expected.aimed else None
    return _defeat(replace(state, pending_defeat=None, expected=left), seat, card)


def _apply_fight(state: State, command: Fight) -> tuple[State, list[Event]]:
    hero = _hero(state, command.hero)
    right = _fight_right_for(state, hero)
    if command.loser not in (None, "hero", "thanos"):
        raise RuleError("bad_loser", loser=command.loser)
    if (command.loser is None) != (command.value is None):
        raise RuleError("bad_loser", loser=command.loser)
    if command.value is not None:
        loser_side = HEROES if command.loser == "hero" else THANOS_SIDE
        _check_possible(state, loser_side, command.value)
    events: list[Event] = []
    for seat in (hero, THANOS):  # a token held must be spent: +2 for this fight
        if state.tokens[seat]:
            state = replace(state, tokens=bump(state.tokens, seat, -1))
            events.append(TokenSpent(player_id(seat), state.tokens[seat], state.reserve))
    right = replace(right, left=right.left - 1, fought=right.fought + (hero,))
    state = replace(state, fight_right=right)
    winner = {None: None, "hero": "thanos", "thanos": "hero"}[command.loser]
    events.append(FightResolved(player_id(hero), winner, right.left))
    if command.loser is None:
        return state, events
    loser = hero if command.loser == "hero" else THANOS
    assert command.value is not None
    state = replace(state, expected=_aimed((loser,), command.value, command.value, None))
    if command.card is None:
        return replace(state, pending_defeat=loser), events + [DefeatPending(player_id(loser))]
    state, more = _apply_defeat(state, Defeat(loser, command.card))
    return state, events + more


def _apply_token(state: State, command: Token) -> tuple[State, list[Event]]:
    seat = _seat(state, command.player)
    if command.delta == 0 or abs(command.delta) > state.options.token_pool:
        # One command moves at most the box's tokens: a 4,000-digit count is a typing error, not a move.
        raise RuleError("bad_token_count", count=command.delta, limit=state.options.token_pool)
    if command.delta > 0:
        return _take_tokens(state, seat, command.delta)
    count = -command.delta
    if state.tokens[seat] < count:
        raise RuleError("not_enough_tokens", player=player_id(seat), held=state.tokens[seat], count=count)
    state = replace(state, tokens=bump(state.tokens, seat, -count))
    return state, [TokensReturned(player_id(seat), count, state.tokens[seat], state.reserve)]


def _apply_snap(state: State, command: Snap) -> tuple[State, list[Event]]:
    if state.current != THANOS:
        raise RuleError("not_thanos_turn")
    named = []
    for card_id in command.stones:
        card = _known_card(state, card_id)
        if not traits(card).stone:
            raise RuleError("not_a_stone", card=card.id)
        if card.id in named:
            raise RuleError("stone_named_twice", card=card.id)
        if card.id in state.face_up[THANOS] or state.face_up_count(card.id) >= card.copies:
            raise RuleError("stone_face_up", card=card.id)
        named.append(card.id)
    if len(named) > state.hands[THANOS]:
        raise RuleError("too_many_stones", count=len(named), hand=state.hands[THANOS])
    gathered = set(state.stones_face_up()) | set(named)
    missing = tuple(c.id for c in state.cards.cards if traits(c).stone and c.id not in gathered)
    if missing:
        raise RuleError("snap_incomplete", missing=missing)
    state = replace(state, winner="thanos")
    return state, [Snapped(tuple(named)), GameOver("thanos", "snap", fields_of(outcome(state)) or {})]


def _apply_next(state: State, command: Next) -> tuple[State, list[Event]]:
    if not state.played and _must_play(state):
        raise RuleError("not_played", player=player_id(state.current))
    if state.players == 2 and state.current != THANOS and not state.second_turn:
        seat, second = state.current, True
    else:
        seat, second = (state.current + 1) % state.players, False
    state = replace(state, played=False, fight_right=None, expected=None)
    return _begin_turn(state, seat, turn=state.turn + 1, second=second)


_HANDLERS: dict[type, Callable[[State, Any], tuple[State, list[Event]]]] = {
    Play: _apply_play,
    Defeat: _apply_defeat,
    Fight: _apply_fight,
    Token: _apply_token,
    Snap: _apply_snap,
    Next: _apply_next,
}


# --------------------------------------------------------------------------- card actions


class Prepared(msgspec.Struct, frozen=True):
    """A play's choices, checked before anything changes."""

    target: int | None = None
    value: int | None = None
    deck: str | None = None


class Action(msgspec.Struct, frozen=True):
    """One kind of card effect: which choices it needs, then what it changes."""

    target: str = "none"  # none | hero (required) | hero_or_self (default: the player) | teammate (another hero)
    value: str = "none"  # none | thanos (a Thanos card value) | hero (a hero card value)
    deck: bool = False
    apply: Callable[[State, Card, Prepared], tuple[State, list[Event]]] = lambda s, c, p: (s, [])

    def prepare(self, state: State, card: Card, command: Play) -> Prepared:
        target = None
        if self.target == "none":
            if command.target is not None:
                raise RuleError("no_target", card=card.id)
        elif command.target is not None:
            target = _hero(state, command.target)
            if self.target == "teammate" and target == state.current and len(state.heroes) > 1:
                raise RuleError("teammate_needed", card=card.id, player=player_id(target))  # alone, a hero is his own
        elif self.target == "hero_or_self" and state.current != THANOS:
            target = state.current
        elif len(state.heroes) == 1:
            target = 1
        else:
            raise RuleError("target_needed", card=card.id)
        value = None
        if self.value == "none":
            if command.value is not None:
                raise RuleError("no_value", card=card.id)
        else:
            if command.value is None:
                raise RuleError("value_needed", card=card.id)
            allowed = sorted({c.value for c in state.cards.of_side(THANOS_SIDE if self.value == "thanos" else HEROES)})
            if command.value not in allowed:
                raise RuleError("bad_value", value=command.value, low=allowed[0], high=allowed[-1])
            value = command.value
        if command.deck is not None and (not self.deck or command.deck not in (HEROES, THANOS_SIDE)):
            raise RuleError("bad_deck", card=card.id)
        return Prepared(target, value, command.deck)


def _fights_here(state: State, card: Card) -> int:
    """The fights a Thanos card that fights different heroes allows at this table, when fewer than printed; else 0."""
    own = traits(card)
    return len(state.heroes) if own.action == "fight_heroes" and own.fights > len(state.heroes) else 0


def _fights(state: State, card: Card, prepared: Prepared) -> tuple[State, list[Event]]:
    heroes: tuple[int, ...]
    if card.side == HEROES:
        heroes = (prepared.target if prepared.target is not None else state.current,)
        left = 1
    else:
        heroes = tuple(state.heroes)
        left = min(traits(card).fights, len(heroes))
    return replace(state, fight_right=FightRight(left, heroes, capped=traits(card).fights > len(heroes))), []


def _hero_token(state: State, card: Card, prepared: Prepared) -> tuple[State, list[Event]]:
    assert prepared.target is not None
    return _take_tokens(state, prepared.target, traits(card).tokens)


def _thanos_tokens(state: State, card: Card, prepared: Prepared) -> tuple[State, list[Event]]:
    return _take_tokens(state, THANOS, traits(card).tokens)


def _draw_then_bottom(state: State, card: Card, prepared: Prepared) -> tuple[State, list[Event]]:
    wanted = traits(card).cards
    drawn = min(wanted, state.thanos_deck)
    returned = drawn  # at most what was drawn goes back under the deck: Thanos's hand keeps its size
    deck = state.thanos_deck - drawn + returned
    state = replace(state, thanos_deck=deck)
    return state, [ThanosDeckCycled(drawn, returned, deck)]


_ACTIONS: dict[str, Action] = {
    "guess_thanos": Action(value="thanos"),
    "peek": Action(target="teammate"),
    "fight_thanos": Action(apply=_fights),
    "hero_token": Action(target="hero_or_self", apply=_hero_token),
    "arrange_deck": Action(deck=True),
    "hero_fight": Action(target="hero_or_self", apply=_fights),
    "guess_hero": Action(target="hero", value="hero"),
    "guess_all_heroes": Action(value="hero"),
    "defeat_if_at_most": Action(target="hero"),
    "defeat_if_at_least": Action(target="hero"),
    "fight_heroes": Action(apply=_fights),
    "thanos_tokens": Action(apply=_thanos_tokens),
    "draw_then_bottom": Action(apply=_draw_then_bottom),
    "none": Action(),
}


def action_of(card: Card) -> Action:
    """The choices a card's effect needs (the parser reads them to split a play's words)."""
    return _ACTIONS.get(traits(card).action, _ACTIONS["none"])


def _copied_card(state: State, copy: str | None) -> Card:
    """The Time Stone uses the effect of another Thanos card face up."""
    if copy is None:
        raise RuleError("copy_needed")
    card = _known_card(state, copy)
    if card.side != THANOS_SIDE or card.id not in state.face_up[THANOS] or traits(card).action in ("copy_effect", "unplayable"):
        raise RuleError("bad_copy", card=card.id)
    return card


# --------------------------------------------------------------------------- shared steps


def _begin_turn(state: State, seat: int, *, turn: int, second: bool) -> tuple[State, list[Event]]:
    state = replace(state, current=seat, turn=turn, second_turn=second)
    state, events = _draw(state, seat)
    return state, [TurnStarted(player_id(seat), turn, second)] + events


def _draw(state: State, seat: int) -> tuple[State, list[Event]]:
    """``seat`` draws from its side's deck; the hero deck is rebuilt as soon as it is empty."""
    if seat == THANOS:
        if state.thanos_deck == 0:
            return state, [DrawSkipped(player_id(seat), THANOS_SIDE)]
        state = replace(state, thanos_deck=state.thanos_deck - 1, hands=bump(state.hands, seat, 1))
        return state, [CardDrawn(player_id(seat), THANOS_SIDE, state.thanos_deck)]
    state, events = _rebuild_hero_deck(state)  # emptied earlier while no hero card was face up
    if state.hero_deck == 0:
        return state, events + [DrawSkipped(player_id(seat), HEROES)]
    state = replace(state, hero_deck=state.hero_deck - 1, hands=bump(state.hands, seat, 1))
    events.append(CardDrawn(player_id(seat), HEROES, state.hero_deck))
    state, rebuilt = _rebuild_hero_deck(state)  # the rules: "dès que" the deck is empty
    return state, events + rebuilt


def _rebuild_hero_deck(state: State) -> tuple[State, list[Event]]:
    """An empty hero deck becomes the hero cards face up in front of the heroes (Thanos may look first)."""
    if state.hero_deck:
        return state, []
    gathered = tuple(card_id for hero in state.heroes for card_id in state.face_up[hero])
    if not gathered:
        return state, []
    face_up = tuple(pile if s == THANOS else () for s, pile in enumerate(state.face_up))
    return replace(state, face_up=face_up, hero_deck=len(gathered)), [HeroDeckReshuffled(len(gathered), gathered)]


def _defeat(state: State, seat: int, card: Card) -> tuple[State, list[Event]]:
    """Defeat, in the rules' order: life lost, card face up, replacement drawn, card shuffled back."""
    events: list[Event] = [CardDefeated(player_id(seat), card.id)]
    state = replace(state, hands=bump(state.hands, seat, -1), face_up=append_at(state.face_up, seat, card.id))
    if seat == THANOS:
        state = replace(state, thanos_lives=state.thanos_lives - 1)
        events.append(LifeLost("thanos", state.thanos_lives, state.thanos_lives_max))
    else:
        state = replace(state, hero_lives=state.hero_lives - 1)
        events.append(LifeLost("heroes", state.hero_lives, state.options.hero_lives))
    if state.thanos_lives == 0 or state.hero_lives == 0:
        winner = "heroes" if state.thanos_lives == 0 else "thanos"
        state = replace(state, winner=winner, fight_right=None)
        return state, events + [GameOver(winner, "lives", fields_of(outcome(state)) or {})]
    state, drawn = _draw(state, seat)
    events += drawn
    if traits(card).shuffle_back:
        pile = list(state.face_up[seat])
        pile.reverse()
        pile.remove(card.id)
        pile.reverse()
        state = replace(
            state,
            face_up=tuple(tuple(pile) if s == seat else p for s, p in enumerate(state.face_up)),
            thanos_deck=state.thanos_deck + 1,
        )
        events.append(CardShuffledBack(card.id, state.thanos_deck))
    return state, events


def _take_tokens(state: State, seat: int, count: int) -> tuple[State, list[Event]]:
    before = state.substitutes
    state = replace(state, tokens=bump(state.tokens, seat, count))
    return state, [TokensTaken(player_id(seat), count, state.tokens[seat], state.reserve, state.substitutes - before)]


def _must_play(state: State) -> bool:
    """A turn ends only after a card is played, unless the player holds nothing playable."""
    hand = state.hands[state.current]
    if hand == 0:
        return False
    if state.current == THANOS:  # a hand that may hold nothing but the Thanos card cannot play
        unplayable = sum(c.copies - state.face_up_count(c.id) for c in state.cards.of_side(THANOS_SIDE)
                         if traits(c).action == "unplayable")
        return hand > unplayable
    return True


def _fight_right_for(state: State, hero: int) -> FightRight:
    right = state.fight_right
    if right is not None and right.left == 0 and right.capped:
        raise RuleError("one_hero_fight", fights=len(right.fought), heroes=len(right.heroes))
    if right is None or right.left == 0:
        raise RuleError("no_fight", used=right is not None)  # ``used``: the card allowed fights, all fought
    if hero not in right.heroes:
        raise RuleError("fight_not_allowed", player=player_id(hero),
                        allowed=[player_id(h) for h in right.heroes if h not in right.fought])
    if hero in right.fought:
        raise RuleError("already_fought", player=player_id(hero))
    for seat in (hero, THANOS):  # a fight is between two cards in hand
        if state.hands[seat] == 0:
            raise RuleError("no_card_to_fight", player=player_id(seat))
    return right


def possible_values(state: State, side: str) -> list[int]:
    """The values a card of ``side`` in a hand may have now: those with a copy not face up."""
    return sorted({state.cards[c].value for c, n in state.unseen(side).items() if n})


def check_fight_value(state: State, side: str, value: int) -> None:
    """One value of a fight, checked as it is typed: a card of ``side`` that can be in a hand now.

    :raises RuleError: ``bad_value`` (not a value of that deck) or ``impossible_value`` (every such card face up).
    """
    _check_possible(state, side, value)


def _check_possible(state: State, side: str, value: int) -> None:
    allowed = sorted({c.value for c in state.cards.of_side(side)})
    if value not in allowed:
        raise RuleError("bad_value", value=value, low=allowed[0], high=allowed[-1])
    possible = possible_values(state, side)
    if value not in possible:
        raise RuleError("impossible_value", value=value, side=side, values=tuple(possible))


def check_fight(state: State, hero: int) -> int:
    """Refuse a fight that is not allowed now, before anyone types a secret value.

    :raises RuleError: the game is over, a defeated card must be named first, or no fight is allowed.
    """
    ended = outcome(state)
    if ended is not None:
        raise game_over(ended, winner=state.winner)
    if state.pending_defeat is not None:
        raise RuleError("defeat_pending", player=player_id(state.pending_defeat))
    hero = _hero(state, hero)
    _fight_right_for(state, hero)
    return hero


def resolve_fight(state: State, hero: int, hero_value: int, thanos_value: int) -> Fight:
    """Turn the two secret values into a fight's outcome (tokens held add +2).

    The values are not kept: the journal records the outcome only. When the
    loser's card is the only unseen card of that value, it is named at once.

    :raises RuleError: the fight is not allowed now, or a value is not a card value.
    """
    hero = check_fight(state, hero)
    for value, side in ((hero_value, HEROES), (thanos_value, THANOS_SIDE)):
        _check_possible(state, side, value)
    hero_total = hero_value + (2 if state.tokens[hero] else 0)
    thanos_total = thanos_value + (2 if state.tokens[THANOS] else 0)
    if hero_total == thanos_total:
        return Fight(hero, None)
    loser, value, side = ("hero", hero_value, HEROES) if hero_total < thanos_total else ("thanos", thanos_value, THANOS_SIDE)
    candidates = [card_id for card_id, n in state.unseen(side).items() if n and state.cards[card_id].value == value]
    return Fight(hero, loser, candidates[0] if len(candidates) == 1 else None, value)


# --------------------------------------------------------------------------- small helpers


def _known_card(state: State, card_id: str) -> Card:
    return known_card(state.cards, card_id)


def _seat(state: State, seat: int) -> int:
    return check_seat(seat, state.players)


def _hero(state: State, seat: int) -> int:
    if _seat(state, seat) == THANOS:
        raise RuleError("not_a_hero", player=player_id(seat))
    return seat


def _unseen_query(state: State, args: Mapping[str, Any]) -> list[Event]:
    sides = [args["side"]] if args.get("side") else [HEROES, THANOS_SIDE]
    return [unseen(state, side) for side in sides]


#: Questions every player may ask (``played``, ``unseen [heroes|thanos]``; the contract adds ``status``).
QUERIES: dict[str, Callable[[State, Mapping[str, Any]], list[Event]]] = {
    "played": lambda state, args: [played(state)],
    "unseen": _unseen_query,
}


# --------------------------------------------------------------------------- the contract


def outcome(state: State) -> Outcome | None:
    """Who won and why: the heroes when Thanos has no life left; Thanos by the heroes' lives or a snap."""
    if state.winner is None:
        return None
    if state.winner == "heroes":
        return Outcome(OutcomeKind.WIN, tuple(player_id(s) for s in state.heroes), Reason.LIVES)
    return Outcome(OutcomeKind.WIN, (player_id(THANOS),), Reason.LIVES if state.hero_lives == 0 else Reason.SNAP)


def to_act(state: State) -> ToAct | None:
    """Who must act: the loser of a fight names their card; otherwise the current player plays, fights or ends the turn."""
    if state.is_over:
        return None
    if state.pending_defeat is not None:
        return ToAct(player_id(state.pending_defeat), "name_defeated_card")
    current = player_id(state.current)
    if not state.played and _must_play(state):
        return ToAct(current, "play")
    if state.fight_right is not None and state.fight_right.left:
        return ToAct(current, "fight_or_end_turn")
    return ToAct(current, "end_turn")


def zones(state: State) -> dict[Zone, tuple[str, ...]]:
    """The cards face up in front of each player."""
    return face_up_zones(state.face_up, player_id)


def legal_moves(state: State) -> list[Command]:
    """Every command the rules accept now, among the facts a table can report."""
    if state.is_over:
        return []
    candidates: list[Command] = []
    if state.pending_defeat is None:
        side = side_of(state.current)
        targets: list[int | None] = [None, *state.heroes]
        for card in state.cards.of_side(side):
            action = traits(card)
            values: list[int | None] = [None, *sorted({c.value for c in state.cards.of_side(
                THANOS_SIDE if action_of(card).value == "thanos" else HEROES)})]
            decks = [None, HEROES, THANOS_SIDE] if action_of(card).deck else [None]
            copies = list(state.face_up[THANOS]) if action.action == "copy_effect" else [None]
            candidates += [Play(card.id, t, v, d, c) for t in targets for v in values for d in decks for c in copies]
        if state.fight_right is not None:
            candidates += [Fight(h, loser) for h in state.fight_right.heroes for loser in (None, "hero", "thanos")]
        pool = state.options.token_pool
        candidates += [Token(seat, delta) for seat in range(state.players) for delta in range(-pool, pool + 1) if delta]
        stones = tuple(c.id for c in state.cards.cards if traits(c).stone and c.id not in state.stones_face_up())
        candidates += [Snap(stones), Next()]
    seats = range(state.players) if state.pending_defeat is None else (state.pending_defeat,)
    candidates += [Defeat(seat, card.id) for seat in seats for card in state.cards.of_side(side_of(seat))]
    return [command for command in dict.fromkeys(candidates) if accepted(apply, state, command)]




RULES: Rules[State, Options] = Rules(
    spec=SPEC, options_type=Options, commands=COMMANDS, new=new, apply=apply, opening=opening, status=status,
    outcome=outcome, to_act=to_act, public_view=public_view, queries=QUERIES,
    zones=zones, legal_moves=legal_moves, player_ids=seat_ids(player_id),
)
