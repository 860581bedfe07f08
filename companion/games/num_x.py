"""Num-X: the rules core.

Pure: no I/O, no language. Num-X is cooperative (except its Adversaire mode):
players put cards on up to four shared piles, each with a rising and a falling
branch. The companion never sees the hands; it keeps the public table — each
pile's family and the cards of its two branches — the draw pile count, each
hand's count, the plays made and required this turn, and the cards out of play.

Every card is in exactly one place: the draw pile or a hand (only counted), a
branch of a pile, or out of play (a Flash's victim, a played action card other
than a Joker). So ``deck + sum(hands) == deck size - placed - out of play``.

Where the rules text is open (see ``../shared/reference/num-x.md``), each point
is an option whose default is the reference's reading; ``docs/num-x.*.md``
describe them. Seats are 0… in play order; piles are numbered 1… as the table
says them.
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
    apply_handler,
    check_options,
    fields_of,
    numbered_seats,
    seat_id,
    seat_of as seat_of,
    set_at,
)

FAMILIES = ("red", "green", "blue", "yellow")
MODES = ("coop", "expert", "decouverte", "adversaire")
UP, DOWN = "up", "down"
DIRECTIONS = (UP, DOWN)
HAND_SIZE = 5
LOW, HIGH = 0, 16
#: A family's cards: the target of the Adversaire mode.
FAMILY_CARDS = HIGH - LOW + 1
#: Action cards with one copy fewer at 2 players.
FEWER_AT_TWO = ("joker", "flip", "flash")


class Traits(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """What the card file says of a card beyond its name and value."""

    kind: Literal["family", "shadow", "rainbow", "action"]
    family: Literal["red", "green", "blue", "yellow"] | None = None
    action: Literal["joker", "flip", "flash", "simple", "passe"] | None = None


SPEC = GameSpec(
    id="num-x",
    names={"fr": "Num-X", "en": "Num-X"},
    aliases=("numx", "num_x"),
    min_players=2,
    max_players=5,
    default_players=3,
    kind=Kind.COOPERATIVE,
    turn_model=TurnModel.SEQUENTIAL,
    hidden=("hands", "deck"),
    domain="num_x",
    progress="turn",
    options=(
        OptionSpec("mode", str, "coop", N_("the mode: coop (the default), expert (no plus or minus 10), decouverte "
                                           "(one family fewer) or adversaire (2 to 4 players, each owns a family)"),
                   choices=MODES),
        OptionSpec("removed_family", str, "yellow", N_("the family left out in decouverte mode (default yellow)"),
                   choices=FAMILIES),
        OptionSpec("actions", str, "on", N_("the action cards: on (the box as printed, the default) or off (with "
                                            "extra exact: the calibrated reading no-actions-exact, closer to the "
                                            "rules text's win rates)"),
                   choices=("on", "off")),
        OptionSpec("start", str, "shared", N_("where a pile starts: shared (the first card is the top of both "
                                              "branches, the default) or open (rising from -1, falling from 17)"),
                   choices=("shared", "open")),
        OptionSpec("starters", str, "family", N_("which cards may start a pile: family (the default) or any "
                                                 "(Shadow and Rainbow too)"), choices=("family", "any")),
        OptionSpec("lock", str, "on", N_("colour lock: on (a family card only goes on its family's pile, the "
                                         "default) or off"), choices=("on", "off")),
        OptionSpec("breaks", str, "reset", N_("what a Shadow or Rainbow break does: reset (it becomes the top, the "
                                              "default) or close (the branch is closed)"), choices=("reset", "close")),
        OptionSpec("extra", str, "allowed", N_("plays beyond the minimum: allowed (the rules as printed, the "
                                               "default) or exact (none; with actions off: the calibrated reading "
                                               "no-actions-exact)"),
                   choices=("allowed", "exact")),
    ),
    data_file="num-x.toml",
    deck_sizes={"numbers": 85, "actions": 11},
    traits=Traits,
)
MIN_PLAYERS, MAX_PLAYERS = SPEC.min_players, SPEC.max_players
ADVERSAIRE_MAX = 4


def traits(card: Card) -> Traits:
    found = card.traits
    return found if isinstance(found, Traits) else Traits(kind="action")


class Reason(enum.Enum):
    """Why a Num-X game ended."""

    ALL_PLACED = "all_placed"  # draw pile and every hand empty
    BLOCKED = "blocked"  # the active player cannot make the required plays
    SEVENTEEN = "seventeen"  # Adversaire: a family finished
    LAST_STANDING = "last_standing"  # Adversaire: every player eliminated or nothing left to play


# --------------------------------------------------------------------------- options and state


class Options(msgspec.Struct, frozen=True):
    """How the table set the game up (see the spec's options for what each means)."""

    players: int = SPEC.default_players
    names: tuple[str, ...] = ()
    mode: str = SPEC.default("mode")
    removed_family: str = SPEC.default("removed_family")
    actions: str = SPEC.default("actions")
    start: str = SPEC.default("start")
    starters: str = SPEC.default("starters")
    lock: str = SPEC.default("lock")
    breaks: str = SPEC.default("breaks")
    extra: str = SPEC.default("extra")

    @property
    def tens(self) -> bool:
        return self.mode != "expert"


class Placed(msgspec.Struct, frozen=True):
    """One card on a branch: its id, the value it counts as, and how it got there.

    ``how``: start, normal, equal (Shadow/Rainbow at the top's value), ten (exactly 10 back), break, joker, flip.
    """

    card: str
    value: int
    how: str


class Pile(msgspec.Struct, frozen=True):
    """One Infinity pile: its family once fixed, the first card (shared start), and its two branches."""

    family: str | None = None
    start: Placed | None = None
    up: tuple[Placed, ...] = ()
    down: tuple[Placed, ...] = ()
    closed: tuple[str, ...] = ()  # branches closed by a break (option breaks=close)
    owner: int | None = None  # Adversaire: the seat whose family this is

    @property
    def started(self) -> bool:
        return self.start is not None or bool(self.up) or bool(self.down)

    def branch(self, direction: str) -> tuple[Placed, ...]:
        return self.up if direction == UP else self.down

    def top(self, direction: str) -> int:
        """The value a card must beat on a branch (the open start's −1 and 17 before any card)."""
        cards = self.branch(direction)
        if cards:
            return cards[-1].value
        if self.start is not None:
            return self.start.value
        return LOW - 1 if direction == UP else HIGH + 1

    def cards(self) -> tuple[str, ...]:
        first = (self.start.card,) if self.start is not None else ()
        return first + tuple(p.card for p in self.up) + tuple(p.card for p in self.down)


class State(Uncompared, msgspec.Struct, frozen=True):
    """What the whole table knows at one moment."""

    #: Left out of equality and hashing, as ``field(compare=False)`` left them: the table's cards and their copies in this game.
    uncompared = frozenset({"cards", "copies"})
    cards: CardSet
    options: Options
    copies: Mapping[str, int]  # card id → copies in this game's deck
    total: int
    piles: tuple[Pile, ...]
    deck: int
    hands: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    current: int
    plays_made: int = 0
    plays_required: int = 2
    helped: bool = False  # Adversaire: a help play made this turn
    emptied: bool = False  # the current player's hand reached 0 this turn while the draw pile lasted
    passed: bool = False  # a Passe filled this turn: nothing more to play
    out: tuple[str, ...] = ()  # out of play: played action cards (but Jokers), Flash victims
    used: Mapping[str, int] = {}  # card id → copies seen (placed or out)
    eliminated: tuple[bool, ...] = ()
    turn: int = 1
    ended: str | None = None  # a Reason value once over

    @property
    def players(self) -> int:
        return self.options.players

    @property
    def placed(self) -> int:
        return sum(len(p.up) + len(p.down) + (p.start is not None) for p in self.piles)

    @property
    def played(self) -> int:
        """Cards played from the hands (the score): on the table, or out of play after their effect or a Flash."""
        return self.total - self.deck - sum(self.hands)

    def family_placed(self, family: str) -> int:
        return sum(1 for p in self.piles for c in p.cards() if traits(self.cards[c]).family == family)

    def scores(self) -> tuple[int, ...]:
        """Adversaire: each seat's family cards on the table."""
        owned = {p.owner: p.family for p in self.piles if p.owner is not None and p.family is not None}
        return tuple(self.family_placed(owned[s]) if s in owned else 0 for s in range(self.players))


player_id = seat_id


def in_game_families(options: Options) -> tuple[str, ...]:
    if options.mode == "decouverte":
        return tuple(f for f in FAMILIES if f != options.removed_family)
    if options.mode == "adversaire":
        return FAMILIES[: options.players]
    return FAMILIES


def deck_copies(options: Options, cards: CardSet) -> dict[str, int]:
    """Each card's copies in this game: families left out, action cards off, one Joker/Flip/Flash fewer at 2."""
    families = in_game_families(options)
    copies: dict[str, int] = {}
    for card in cards.cards:
        t = traits(card)
        if t.kind == "family" and t.family not in families:
            continue
        if t.kind == "action":
            if options.actions == "off":
                continue
            n = card.copies - (1 if options.players == 2 and t.action in FEWER_AT_TWO else 0)
            if n <= 0:
                continue
            copies[card.id] = n
            continue
        copies[card.id] = card.copies
    return copies


# --------------------------------------------------------------------------- commands


class Play(Command, frozen=True):
    """The current player plays ``card``: on ``pile`` (1…) and its branch ``direction`` (up/down) when it needs them.

    ``value``: what a Joker counts as (the branch's top, or exactly 10 away); ``None`` for the top's value.
    """

    name = "play"
    card: str
    pile: int | None = None
    direction: str | None = None
    value: int | None = None


class Next(Command, frozen=True):
    """The current player ends their turn and draws back to their hand size."""

    name = "next"


class Blocked(Command, frozen=True):
    """The current player says they cannot make the required plays."""

    name = "blocked"


COMMANDS: dict[str, type[Command]] = {c.name: c for c in (Play, Next, Blocked)}


# --------------------------------------------------------------------------- events


class GameStarted(Event, frozen=True):
    name = "game_started"
    players: int
    names: tuple[str, ...]
    mode: str
    deck_size: int
    piles: int
    hand_size: int
    actions: bool
    families: tuple[str, ...]


class TurnStarted(Event, frozen=True):
    name = "turn_started"
    player: str
    plays_required: int
    deck: int
    hand: int


class CardPlayed(Event, frozen=True):
    """A card put on a branch (a Joker too): ``how`` it went (start, normal, equal, ten, break, joker, help).

    ``up``/``down``: the pile's tops after it.
    """

    name = "card_played"
    player: str
    card: str
    pile: int
    direction: str | None
    value: int
    how: str
    up: int
    down: int
    family: str | None
    plays_made: int
    plays_required: int
    placed: int
    closed: bool = False
    help: bool = False
    owner: str | None = None  # Adversaire: the player whose family the pile is


class Flipped(Event, frozen=True):
    name = "flipped"
    player: str
    pile: int
    up: int
    down: int
    plays_made: int
    plays_required: int


class Flashed(Event, frozen=True):
    """A Flash took ``removed`` off ``pile``'s branch: out of play for good; ``top`` is the branch's new top."""

    name = "flashed"
    player: str
    pile: int
    direction: str
    removed: str
    top: int
    plays_made: int
    plays_required: int
    value: int = 0  # what the removed card counted as


class TurnEased(Event, frozen=True):
    """A Simple (one real play for the turn) or a Passe (the turn is filled: nothing more to play).

    ``eased``: the requirement went down (False for a Simple once one play was already the rule, the draw pile
    being empty).
    """

    name = "turn_eased"
    player: str
    card: str
    plays_made: int
    plays_required: int
    eased: bool = True


class ActionDraw(Event, frozen=True):
    """After an action card: the player draws one at once (``drew`` is False when the draw pile is empty)."""

    name = "action_draw"
    player: str
    drew: bool
    deck: int


class HandGrew(Event, frozen=True):
    name = "hand_grew"
    player: str
    hand_size: int


class Refilled(Event, frozen=True):
    """The end of a turn: ``drew`` cards drawn, the hand now ``hand``, the draw pile ``deck``."""

    name = "refilled"
    player: str
    drew: int
    hand: int
    deck: int


class DeckEmptied(Event, frozen=True):
    """The last card was drawn: 1 play a turn from then on; ``now``: during a turn (an action card's draw), whose
    requirement drops to 1 at once ("1 seule si la pioche est vide")."""

    name = "deck_emptied"
    plays_required: int
    now: bool = False


class PlayerEliminated(Event, frozen=True):
    """Adversaire: a blocked player is out; their ``recycled`` cards go back into the draw pile."""

    name = "player_eliminated"
    player: str
    recycled: int
    deck: int
    left: int


class GameOver(Uncompared, Event, frozen=True):
    """``won``: the table (or ``winners`` in Adversaire) won; ``score``: cards placed (the winners' family cards)."""

    name = "game_over"
    won: bool
    reason: str
    score: int
    total: int
    winners: tuple[str, ...] = ()
    uncompared = frozenset({"outcome"})
    outcome: dict[str, Any] = {}


class Status(Event, frozen=True):
    name = "status"
    piles: tuple[dict[str, Any], ...]
    deck: int
    hands: dict[str, int]
    current_player: str
    plays_made: int
    plays_required: int
    placed: int
    mode: str
    outcome: dict[str, Any] | None = None
    eliminated: tuple[str, ...] = ()
    scores: dict[str, int] = {}
    to_act: dict[str, Any] | None = None


class Table(Event, frozen=True):
    """The tops of every branch: ``piles`` as in ``status`` (a pile not started has ``up``/``down`` None)."""

    name = "table"
    piles: tuple[dict[str, Any], ...]


class PileShown(Event, frozen=True):
    """One pile: its tops and its branches' cards, oldest first."""

    name = "pile"
    pile: int
    family: str | None
    up: int | None
    down: int | None
    up_cards: tuple[str, ...]
    down_cards: tuple[str, ...]
    start: str | None
    closed: tuple[str, ...]


class Fits(Event, frozen=True):
    """Where ``card`` may go now: ``places`` ({pile, direction, how}); ``refusals`` ({pile, direction, code, top}).

    Saying a card tells the table of one's hand: ``asked_by`` says who asked, ``private`` whether it went to them only.
    """

    name = "fits"
    card: str
    places: tuple[dict[str, Any], ...]
    refusals: tuple[dict[str, Any], ...]
    asked_by: str
    private: bool = False
    placed_already: bool = False
    needs_pile: bool = True
    #: No card may be played now: the refusal a play gets, ``{code, …details}`` (turn_filled, turn_full…).
    turn: dict[str, Any] | None = None


class Left(Event, frozen=True):
    name = "left"
    deck: int
    placed: int
    to_place: int
    plays_left: int
    hands: int


# --------------------------------------------------------------------------- set-up


def new(options: Options, cards: CardSet) -> State:
    """The table after the deal: every hand dealt, no pile started, seat 0 to play.

    :raises RuleError: what `check_options` refuses (players, names, an option outside the spec; Adversaire
        is for 4 players at most).
    """
    check_options(SPEC, options, ADVERSAIRE_MAX if options.mode == "adversaire" else None)
    copies = deck_copies(options, cards)
    total = sum(copies.values())
    n = options.players
    if options.mode == "adversaire":
        piles = tuple(Pile(family=FAMILIES[s], owner=s) for s in range(n))
    else:
        piles = (Pile(),) * len(in_game_families(options))
    hands = tuple(min(HAND_SIZE, total // n) for _ in range(n))
    deck = total - sum(hands)
    return State(cards=cards, options=options, copies=copies, total=total, piles=piles, deck=deck, hands=hands,
                 hand_sizes=(HAND_SIZE,) * n, current=0, plays_required=_required(deck),
                 eliminated=(False,) * n)


def _required(deck: int) -> int:
    return 2 if deck > 0 else 1


def opening(state: State) -> list[Event]:
    o = state.options
    return [GameStarted(o.players, o.names, o.mode, state.total, len(state.piles), HAND_SIZE, o.actions == "on",
                        in_game_families(o)),
            TurnStarted(player_id(state.current), state.plays_required, state.deck, state.hands[state.current])]


# --------------------------------------------------------------------------- queries


def pile_fields(state: State, index: int) -> dict[str, Any]:
    pile = state.piles[index]
    started = pile.started
    return {"pile": index + 1, "family": pile.family, "up": pile.top(UP) if started else None,
            "down": pile.top(DOWN) if started else None, "owner": None if pile.owner is None else player_id(pile.owner),
            "closed": list(pile.closed)}


def status(state: State) -> Status:
    adversaire = state.options.mode == "adversaire"
    return Status(
        piles=tuple(pile_fields(state, i) for i in range(len(state.piles))),
        deck=state.deck,
        hands={player_id(s): n for s, n in enumerate(state.hands)},
        current_player=player_id(state.current),
        plays_made=state.plays_made,
        plays_required=state.plays_required,
        placed=state.placed,
        mode=state.options.mode,
        outcome=fields_of(outcome(state)),
        eliminated=tuple(player_id(s) for s in range(state.players) if state.eliminated[s]),
        scores={player_id(s): n for s, n in enumerate(state.scores())} if adversaire else {},
        to_act=fields_of(to_act(state)),
    )


def table(state: State) -> Table:
    return Table(tuple(pile_fields(state, i) for i in range(len(state.piles))))


def pile_shown(state: State, number: int) -> PileShown:
    index = _pile_index(state, number)
    pile = state.piles[index]
    started = pile.started
    return PileShown(number, pile.family, pile.top(UP) if started else None, pile.top(DOWN) if started else None,
                     tuple(p.card for p in pile.up), tuple(p.card for p in pile.down),
                     None if pile.start is None else pile.start.card, pile.closed)


def fits(state: State, card_id: str, asked_by: str | None = None, private: bool = False) -> Fits:
    """Where ``card_id`` may go now, and why not elsewhere; asked at the table by the current player, or by
    ``asked_by`` on their own page (``private``)."""
    card = _known(state, card_id)
    asked = asked_by or player_id(state.current)
    if state.used.get(card.id, 0) >= state.copies.get(card.id, 0):
        return Fits(card.id, (), (), asked, private, placed_already=True)
    try:
        _check_turn(state)  # after a Passe (or the exact plays made), no card goes anywhere
    except RuleError as error:
        return Fits(card.id, (), (), asked, private, turn={"code": error.code, **error.details})
    t = traits(card)
    if t.kind == "action" and t.action in ("simple", "passe"):
        ok = _accepts(state, Play(card.id))
        return Fits(card.id, ({"pile": None, "direction": None, "how": t.action},) if ok else (), (), asked, private,
                    needs_pile=False)
    places: list[dict[str, Any]] = []
    refusals: list[dict[str, Any]] = []
    for index in range(len(state.piles)):
        for direction in _directions_for(state, card, index):
            try:
                how = _check_place(state, card, index, direction, None)
            except RuleError as error:
                refusals.append({"pile": index + 1, "direction": direction, "code": error.code,
                                 "top": error.details.get("top"), "family": error.details.get("family")})
            else:
                places.append({"pile": index + 1, "direction": direction, "how": how[0]})
    return Fits(card.id, tuple(places), tuple(refusals), asked, private)


def left(state: State) -> Left:
    in_hands = sum(state.hands)
    to_place = state.deck + in_hands
    return Left(state.deck, state.placed, to_place, max(0, state.plays_required - state.plays_made), in_hands)


def public_view(state: State) -> dict[str, Any]:
    return {
        **status(state).fields(),
        "branches": [{"pile": i + 1, "start": None if p.start is None else p.start.card,
                      "up": [x.card for x in p.up], "down": [x.card for x in p.down]} for i, p in enumerate(state.piles)],
        "out_of_play": list(state.out),
        "hand_sizes": {player_id(s): n for s, n in enumerate(state.hand_sizes)},
        "helped": state.helped,
        "turn": state.turn,
    }


def _fits_query(state: State, args: Mapping[str, Any]) -> list[Event]:
    """``asker``: the seat whose own page asked (the answer goes to it only)."""
    asker = args.get("asker")
    return [fits(state, str(args.get("card", "")), str(asker) if asker else None, bool(asker))]


def _pile_query(state: State, args: Mapping[str, Any]) -> list[Event]:
    return [pile_shown(state, int(args.get("pile", 0)))]


#: Questions every player may ask (the contract adds ``status``).
QUERIES: dict[str, Callable[[State, Mapping[str, Any]], list[Event]]] = {
    "table": lambda state, args: [table(state)],
    "pile": _pile_query,
    "fits": _fits_query,
    "left": lambda state, args: [left(state)],
}


# --------------------------------------------------------------------------- checking a play


def _known(state: State, card_id: str) -> Card:
    if card_id not in state.cards or card_id not in state.copies:
        raise RuleError("unknown_card", card=card_id)
    return state.cards[card_id]


def _pile_index(state: State, number: Any) -> int:
    if not isinstance(number, int) or isinstance(number, bool) or not 1 <= number <= len(state.piles):
        raise RuleError("unknown_pile", pile=number, piles=len(state.piles))
    return number - 1


def _directions_for(state: State, card: Card, index: int) -> tuple[str | None, ...]:
    """The branch words a play of ``card`` on pile ``index`` takes now (None: a shared start, or a Flip)."""
    t: Traits = card.traits  # a Num-X card always has them (the card file is checked)
    pile = state.piles[index]
    if t.action == "flip":
        return (None,)
    if t.kind in ("family", "shadow", "rainbow") and not pile.started and state.options.start == "shared":
        return (None,)
    return DIRECTIONS


def _turn_full(state: State) -> bool:
    """No more plays this turn: a Passe filled it, or (option extra=exact) the required plays are made."""
    return state.passed or (state.options.extra == "exact" and state.plays_made >= state.plays_required)


def _may_end_turn(state: State) -> bool:
    return state.plays_made >= state.plays_required or state.hands[state.current] == 0


def _check_turn(state: State) -> None:
    seat = state.current
    if state.hands[seat] <= 0:
        raise RuleError("no_cards_in_hand", player=player_id(seat))
    if state.passed:
        raise RuleError("turn_filled", player=player_id(seat))
    if _turn_full(state):
        raise RuleError("turn_full", player=player_id(seat), plays=state.plays_made)


def _check_copy(state: State, card: Card) -> None:
    if state.used.get(card.id, 0) >= state.copies[card.id]:
        raise RuleError("card_placed", card=card.id, copies=state.copies[card.id])


def _judge_place(state: State, card: Card, index: int, direction: str | None,
                 value: int | None) -> tuple[str, int, bool] | Refusal:
    """How ``card`` goes on pile ``index``'s branch ``direction``: (how, the value it counts as, a help play),
    or the `Refusal` saying why it cannot, numbers first in the details (``top``).

    It returns rather than raises: the bots ask it thousands of times a second.
    """
    if card.traits.kind == "action":
        return _judge_action(state, card, index, direction, value)
    if value is not None:
        return Refusal("no_value", card=card.id)
    return _judge_number(state, card, index, direction)


def _judge_action(state: State, card: Card, index: int, direction: str | None,
                  value: int | None) -> tuple[str, int, bool] | Refusal:
    """`_judge_place` for a Flip, a Flash or a Joker."""
    o = state.options
    t: Traits = card.traits
    pile = state.piles[index]
    number = index + 1
    if t.action == "flip":
        if direction is not None or value is not None:
            return Refusal("flip_no_direction", pile=number)
        if not pile.up or not pile.down:
            return Refusal("flip_needs_both", pile=number)
        return _judge_help(state, card, index, None) or ("flip", 0, _helping(state, pile))
    if direction not in DIRECTIONS:
        return Refusal("direction_needed", card=card.id, pile=number)
    if not pile.started:
        return Refusal("pile_not_started", card=card.id, pile=number)
    if direction in pile.closed:
        return Refusal("branch_closed", pile=number, direction=direction)
    top = pile.top(direction)
    if not pile.branch(direction) and pile.start is None:
        return Refusal("branch_not_started", card=card.id, pile=number, direction=direction)
    if t.action == "flash":
        if value is not None:
            return Refusal("no_value", card=card.id)
        if not pile.branch(direction):
            return Refusal("nothing_to_flash", pile=number, direction=direction, top=top)
        return _judge_help(state, card, index, direction) or ("flash", top, _helping(state, pile))
    # Joker: the top's value again, or exactly 10 away.
    chosen = top if value is None else value
    allowed = {top} | ({top - 10, top + 10} if o.tens else set())
    if chosen not in allowed or not LOW <= chosen <= HIGH:
        return Refusal("joker_value", pile=number, direction=direction, top=top, value=chosen)
    if o.mode == "adversaire" and pile.owner is not None and pile.owner != state.current:
        # On another player's family a Joker only helps too: lower on the rise, higher on the fall.
        if state.helped:
            return Refusal("one_help", pile=number)
        if not ((chosen < top) if direction == UP else (chosen > top)):
            return Refusal("help_only", card=card.id, pile=number, direction=direction, top=top, owner=_owner(pile))
        return "joker", chosen, True
    return "joker", chosen, False


def _judge_number(state: State, card: Card, index: int, direction: str | None) -> tuple[str, int, bool] | Refusal:
    """`_judge_place` for a family card, a Shadow or a Rainbow."""
    o = state.options
    t: Traits = card.traits
    pile = state.piles[index]
    number = index + 1
    v = card.value
    started = pile.started
    if not started and t.kind != "family" and o.starters == "family":
        return Refusal("cannot_start", card=card.id, pile=number)
    if t.kind == "family" and o.lock == "on":
        if pile.family is not None and t.family != pile.family:
            return Refusal("wrong_family", card=card.id, pile=number, family=pile.family)
        if pile.family is None and _family_taken(state, t.family, index):
            return Refusal("family_taken", card=card.id, family=t.family, pile=_family_pile(state, t.family))
    helping = o.mode == "adversaire" and pile.owner is not None and pile.owner != state.current
    if helping and not started:
        return Refusal("help_only", card=card.id, pile=number, direction=direction, top=None, owner=_owner(pile))
    if not started and o.start == "shared":
        if direction is not None:
            return Refusal("start_no_direction", card=card.id, pile=number)
        return "start", v, False
    if direction not in DIRECTIONS:
        return Refusal("direction_needed", card=card.id, pile=number)
    if direction in pile.closed:
        return Refusal("branch_closed", pile=number, direction=direction)
    if t.kind == "shadow" and direction != UP:
        return Refusal("shadow_up_only", card=card.id)
    if t.kind == "rainbow" and direction != DOWN:
        return Refusal("rainbow_down_only", card=card.id)
    top = pile.top(direction)
    rising = direction == UP
    if helping:
        # On an opponent's family: only help (lower on the rise, higher on the fall), once a turn.
        if state.helped:
            return Refusal("one_help", pile=number)
        if (v < top) if rising else (v > top):
            return "help", v, True
        return Refusal("help_only", card=card.id, pile=number, direction=direction, top=top, owner=_owner(pile))
    if (v > top) if rising else (v < top):
        return "normal", v, False
    if o.tens and v == (top - 10 if rising else top + 10):
        return "ten", v, False
    if t.kind in ("shadow", "rainbow"):
        return ("equal" if v == top else "break"), v, False
    return Refusal("does_not_fit", card=card.id, pile=number, direction=direction, top=top)


def _helping(state: State, pile: Pile) -> bool:
    """Adversaire: a play on another player's family pile (a help, once a turn)."""
    return state.options.mode == "adversaire" and pile.owner is not None and pile.owner != state.current


def _judge_help(state: State, card: Card, index: int, direction: str | None) -> Refusal | None:
    """A Flip or a Flash on another player's pile: refused unless it helps ("vous ne pouvez que l'aider"), once a
    turn; a Flash never takes one of that family's cards out of the game. ``None``: accepted, or not a help."""
    pile = state.piles[index]
    if not _helping(state, pile):
        return None
    number, owner = index + 1, _owner(pile)
    if state.helped:
        return Refusal("one_help", pile=number)
    if direction is None:  # Flip: the rise gets the fall's top, and the reverse
        if pile.down[-1].value < pile.up[-1].value:
            return None
        return Refusal("help_only", card=card.id, pile=number, direction=None, top=pile.top(UP), owner=owner)
    branch = pile.branch(direction)
    removed = branch[-1]
    if traits(state.cards[removed.card]).family == pile.family:
        return Refusal("flash_owner_card", card=card.id, pile=number, direction=direction, removed=removed.card,
                       owner=owner)
    after = _with_branch(pile, direction, branch[:-1]).top(direction)
    if (after < removed.value) if direction == UP else (after > removed.value):
        return None
    return Refusal("help_only", card=card.id, pile=number, direction=direction, top=removed.value, owner=owner)


def _check_place(state: State, card: Card, index: int, direction: str | None,
                 value: int | None) -> tuple[str, int, bool]:
    """`_judge_place`, refusing. :raises RuleError: the reason the card cannot go there."""
    found = _judge_place(state, card, index, direction, value)
    if isinstance(found, Refusal):
        raise RuleError(found.code, **found.details)
    return found


class Refusal:
    """Why a card cannot go somewhere: a `RuleError`'s code and details, not yet raised."""

    __slots__ = ("code", "details")

    def __init__(self, code: str, **details: Any) -> None:
        self.code = code
        self.details = details


def _owner(pile: Pile) -> str | None:
    """Adversaire: the player whose family a pile is."""
    return None if pile.owner is None else player_id(pile.owner)


def _family_taken(state: State, family: str | None, index: int) -> bool:
    return any(p.family == family for i, p in enumerate(state.piles) if i != index)


def _family_pile(state: State, family: str | None) -> int:
    return next((i + 1 for i, p in enumerate(state.piles) if p.family == family), 0)


def _accepts(state: State, command: Play) -> bool:
    try:
        _validate_play(state, command)
    except RuleError:
        return False
    return True


def _validate_play(state: State, command: Play) -> tuple[Card, str, int, bool]:
    """The card and how it goes: (card, how, value, help). :raises RuleError: the reason it cannot."""
    card = _known(state, command.card)
    _check_turn(state)
    _check_copy(state, card)
    t: Traits = card.traits  # a Num-X card always has them (the card file is checked)
    if t.action in ("simple", "passe"):
        if command.pile is not None or command.direction is not None or command.value is not None:
            raise RuleError("no_pile_needed", card=card.id)
        return card, t.action, 0, False
    if command.pile is None:
        raise RuleError("pile_needed", card=card.id)
    index = _pile_index(state, command.pile)
    how, value, helping = _check_place(state, card, index, command.direction, command.value)
    return card, how, value, helping


# --------------------------------------------------------------------------- applying commands


def apply(state: State, command: Command) -> tuple[State, list[Event]]:
    """Apply ``command``: the new state and what changed.

    :raises RuleError: the command breaks a rule; ``state`` is unchanged (it is immutable).
    """
    return apply_handler(state, command, _HANDLERS, outcome(state))


def _apply_play(state: State, command: Play) -> tuple[State, list[Event]]:
    card, how, value, helping = _validate_play(state, command)
    seat = state.current
    used = dict(state.used)
    used[card.id] = used.get(card.id, 0) + 1
    hands = set_at(state.hands, seat, state.hands[seat] - 1)
    state = _evolve(state, used=used, hands=hands)
    events: list[Event] = []
    if how in ("simple", "passe"):
        # Simple: one real play instead of two, even as the turn's second card; Passe fills the turn alone.
        required = 0 if how == "passe" else min(state.plays_required, 1)
        eased = required < state.plays_required
        state = _evolve(state, out=state.out + (card.id,), plays_required=required,
                        passed=state.passed or how == "passe")
        events.append(TurnEased(player_id(seat), card.id, state.plays_made, state.plays_required, eased))
        return _after_action(state, events)
    if how == "flip":
        return _after_action(*_apply_flip(state, command, card, helping))
    if how == "flash":
        return _after_action(*_apply_flash(state, command, card, helping))
    state, events = _apply_place(state, command, card, how, value, helping)
    if how == "joker":
        return _after_action(state, events)
    return _after_play(state, events)


def _apply_flip(state: State, command: Play, card: Card, helping: bool) -> tuple[State, list[Event]]:
    """Flip: the last rising and the last falling card of the pile change places."""
    assert command.pile is not None
    index = command.pile - 1
    pile = state.piles[index]
    made = state.plays_made + 1
    up, down = pile.up, pile.down
    new_up = up[:-1] + (replace(down[-1], how="flip"),)
    new_down = down[:-1] + (replace(up[-1], how="flip"),)
    pile = replace(pile, up=new_up, down=new_down)
    state = _evolve(state, piles=set_at(state.piles, index, pile), plays_made=made, out=state.out + (card.id,),
                    helped=state.helped or helping)
    return state, [Flipped(player_id(state.current), command.pile, pile.top(UP), pile.top(DOWN), made,
                           state.plays_required)]


def _apply_flash(state: State, command: Play, card: Card, helping: bool) -> tuple[State, list[Event]]:
    """Flash: the branch's last card goes out of play for good."""
    assert command.pile is not None and command.direction is not None
    index, direction = command.pile - 1, command.direction
    pile = state.piles[index]
    made = state.plays_made + 1
    branch = pile.branch(direction)
    removed, removed_value = branch[-1].card, branch[-1].value
    pile = _with_branch(pile, direction, branch[:-1])
    state = _evolve(state, piles=set_at(state.piles, index, pile), plays_made=made,
                    out=state.out + (card.id, removed), helped=state.helped or helping)
    return state, [Flashed(player_id(state.current), command.pile, direction, removed, pile.top(direction), made,
                           state.plays_required, removed_value)]


def _apply_place(state: State, command: Play, card: Card, how: str, value: int,
                 helping: bool) -> tuple[State, list[Event]]:
    """A card put on a pile: its first card, or on a branch (a Joker too)."""
    assert command.pile is not None
    index, direction = command.pile - 1, command.direction
    pile = state.piles[index]
    made = state.plays_made + 1
    t = traits(card)
    placed = Placed(card.id, value, how)
    closed = how == "break" and state.options.breaks == "close"
    family = pile.family if pile.family is not None or t.kind != "family" else t.family
    up, down, start = pile.up, pile.down, pile.start
    if how == "start":
        start = placed
    elif direction == UP:
        up = up + (placed,)
    else:
        down = down + (placed,)
    assert direction is not None or how == "start"
    pile = Pile(family, start, up, down, pile.closed + ((direction,) if closed and direction else ()), pile.owner)
    state = _evolve(state, piles=set_at(state.piles, index, pile), plays_made=made,
                    helped=state.helped or helping)
    return state, [CardPlayed(player_id(state.current), card.id, command.pile, direction, value, how, pile.top(UP),
                              pile.top(DOWN), pile.family, made, state.plays_required, state.placed, closed, helping,
                              None if pile.owner is None else player_id(pile.owner))]


def _evolve(state: State, **changes: Any) -> State:
    """A copy of ``state`` with ``changes`` (``msgspec.structs.replace``: no ``__init__`` re-run, and the bots apply
    thousands a second)."""
    return replace(state, **changes)


def _with_branch(pile: Pile, direction: str, cards: tuple[Placed, ...]) -> Pile:
    return replace(pile, up=cards) if direction == UP else replace(pile, down=cards)


def _after_action(state: State, events: list[Event]) -> tuple[State, list[Event]]:
    """An action card draws a replacement at once."""
    seat = state.current
    drew = state.deck > 0
    if drew:
        state = _evolve(state, deck=state.deck - 1, hands=set_at(state.hands, seat, state.hands[seat] + 1))
    events.append(ActionDraw(player_id(seat), drew, state.deck))
    if drew and state.deck == 0:
        state = _evolve(state, plays_required=min(state.plays_required, 1))
        events.append(DeckEmptied(state.plays_required, now=True))
    return _after_play(state, events)


def _after_play(state: State, events: list[Event]) -> tuple[State, list[Event]]:
    seat = state.current
    if state.hands[seat] == 0 and state.deck > 0 and not state.emptied:
        state = _evolve(state, emptied=True)
    if state.options.mode == "adversaire":
        owned = state.scores()
        if max(owned) >= FAMILY_CARDS:
            return _end(state, Reason.SEVENTEEN, events)
    if state.deck == 0 and sum(state.hands) == 0:
        return _end(state, Reason.ALL_PLACED if state.options.mode != "adversaire" else Reason.LAST_STANDING, events)
    return state, events


def _apply_next(state: State, command: Next) -> tuple[State, list[Event]]:
    seat = state.current
    if not _may_end_turn(state):
        raise RuleError("plays_left", player=player_id(seat), left=state.plays_required - state.plays_made,
                        made=state.plays_made, required=state.plays_required)
    events: list[Event] = []
    sizes = state.hand_sizes
    if state.emptied:
        sizes = set_at(sizes, seat, sizes[seat] + 1)
        events.append(HandGrew(player_id(seat), sizes[seat]))
    drew = min(state.deck, max(0, sizes[seat] - state.hands[seat]))
    deck = state.deck - drew
    hands = set_at(state.hands, seat, state.hands[seat] + drew)
    state = _evolve(state, hand_sizes=sizes, deck=deck, hands=hands)
    events.append(Refilled(player_id(seat), drew, hands[seat], deck))
    if drew and deck == 0:
        events.append(DeckEmptied(1))
    return _next_turn(state, events)


def _next_turn(state: State, events: list[Event]) -> tuple[State, list[Event]]:
    """The next seat still in with cards in hand plays."""
    n = state.players
    for step in range(1, n + 1):
        seat = (state.current + step) % n
        if not state.eliminated[seat] and state.hands[seat] > 0:
            break
    else:
        return _end(state, Reason.LAST_STANDING if state.options.mode == "adversaire" else Reason.ALL_PLACED, events)
    state = _evolve(state, current=seat, plays_made=0, plays_required=_required(state.deck), helped=False,
                    emptied=False, passed=False, turn=state.turn + 1)
    events.append(TurnStarted(player_id(seat), state.plays_required, state.deck, state.hands[seat]))
    return state, events


def _apply_blocked(state: State, command: Blocked) -> tuple[State, list[Event]]:
    seat = state.current
    if state.plays_made >= state.plays_required or state.hands[seat] == 0:
        raise RuleError("not_blocked", player=player_id(seat), made=state.plays_made, required=state.plays_required)
    if state.options.mode != "adversaire":
        return _end(state, Reason.BLOCKED, [])
    recycled = state.hands[seat]
    state = _evolve(state, eliminated=set_at(state.eliminated, seat, True), hands=set_at(state.hands, seat, 0),
                    deck=state.deck + recycled)
    left_in = sum(1 for s in range(state.players) if not state.eliminated[s])
    events: list[Event] = [PlayerEliminated(player_id(seat), recycled, state.deck, left_in)]
    if left_in == 0:
        return _end(state, Reason.LAST_STANDING, events)
    return _next_turn(state, events)


def _end(state: State, reason: Reason, events: list[Event]) -> tuple[State, list[Event]]:
    state = _evolve(state, ended=reason.value)
    result = outcome(state)
    assert result is not None
    won = result.kind in (OutcomeKind.COOPERATIVE_WIN, OutcomeKind.WIN)
    events.append(GameOver(won, reason.value, result.score or 0, state.total, result.winners, result.fields()))
    return state, events


_HANDLERS: dict[type, Callable[[State, Any], tuple[State, list[Event]]]] = {
    Play: _apply_play,
    Next: _apply_next,
    Blocked: _apply_blocked,
}


# --------------------------------------------------------------------------- the contract


def outcome(state: State) -> Outcome | None:
    """Cooperative: won when everything is placed, lost when blocked; score = cards played from the hands.

    Adversaire: the first family to 17 wins, else the best score among all seats.
    """
    if state.ended is None:
        return None
    reason = Reason(state.ended)
    everyone = tuple(player_id(s) for s in range(state.players))
    if state.options.mode == "adversaire":
        scores = state.scores()
        best = max(scores)
        winners = tuple(player_id(s) for s in range(state.players) if scores[s] == best)
        return Outcome(OutcomeKind.WIN, winners, reason, best)
    if reason is Reason.ALL_PLACED:
        return Outcome(OutcomeKind.COOPERATIVE_WIN, everyone, reason, state.played)
    return Outcome(OutcomeKind.COOPERATIVE_LOSS, (), reason, state.played)


def to_act(state: State) -> ToAct | None:
    if outcome(state) is not None:
        return None
    return ToAct(player_id(state.current), "end_turn" if _may_end_turn(state) else "play")


def zones(state: State) -> dict[Zone, tuple[str, ...]]:
    """Each branch's cards in order (the shared start card opens both), and the cards out of play."""
    found: dict[Zone, tuple[str, ...]] = {}
    for index, pile in enumerate(state.piles):
        first = (pile.start.card,) if pile.start is not None else ()
        found[Zone(f"pile {index + 1} {UP}")] = first + tuple(p.card for p in pile.up)
        found[Zone(f"pile {index + 1} {DOWN}")] = tuple(p.card for p in pile.down)
    found[Zone("out_of_play")] = state.out
    return found


#: The option values records were first kept under, where a default has changed since (issue 24 made the game as
#: printed the default): a variant is named against these, so one table keeps one name whatever the defaults become.
RECORDS_BASELINE = {"actions": "off", "extra": "exact"}


def variant(options: Options) -> str:
    """The records' variant of a table: its mode, then every rules option away from its baseline (``coop lock=off``).

    The baseline is the option's default, or the value of ``RECORDS_BASELINE`` when records began under another
    default: the printed game is ``coop actions=on extra=allowed``, and the records kept before stay comparable.
    """
    parts = [options.mode]
    for spec in SPEC.options:
        value = getattr(options, spec.name)
        if spec.name == "mode" or value == RECORDS_BASELINE.get(spec.name, spec.default):
            continue
        if spec.name == "removed_family" and options.mode != "decouverte":
            continue
        parts.append(f"{spec.name}={value}")
    return " ".join(parts)


def unplaced(state: State) -> list[Card]:
    """The cards that may still be in a hand or the draw pile (a copy not yet seen), in the card file's order."""
    return [state.cards[c] for c, n in state.copies.items() if state.used.get(c, 0) < n]


def moves_for(state: State, cards: list[Card]) -> list[Command]:
    """Every play of one of ``cards`` the rules accept now, with ``next`` and ``blocked`` when they are accepted.

    The bots call it with a known hand; `legal_moves` with every card not yet seen.
    """
    if outcome(state) is not None:
        return []
    moves: list[Command] = []
    seat = state.current
    if state.hands[seat] > 0 and not _turn_full(state):
        seen: set[str] = set()
        for card in cards:
            if card.id in seen or state.used.get(card.id, 0) >= state.copies.get(card.id, 0):
                continue
            seen.add(card.id)
            moves.extend(_plays_of(state, card))
    if _may_end_turn(state):
        moves.append(Next())
    if state.plays_made < state.plays_required and state.hands[seat] > 0:
        moves.append(Blocked())
    return moves


def _plays_of(state: State, card: Card) -> list[Command]:
    t: Traits = card.traits  # a Num-X card always has them (the card file is checked)
    if t.action in ("simple", "passe"):
        return [Play(card.id)]
    found: list[Command] = []
    locked = t.kind == "family" and state.options.lock == "on"
    for index, pile in enumerate(state.piles):
        if locked and pile.family is not None and pile.family != t.family:
            continue  # refused as wrong_family: not worth asking
        for direction in _directions_for(state, card, index):
            if not isinstance(_judge_place(state, card, index, direction, None), Refusal):
                found.append(Play(card.id, index + 1, direction))
            if t.action == "joker" and direction is not None:
                # The value typed: the top's again (what no value means too), or exactly 10 away.
                top = state.piles[index].top(direction)
                for chosen in (top, top - 10, top + 10) if state.options.tens else (top,):
                    if not isinstance(_judge_place(state, card, index, direction, chosen), Refusal):
                        found.append(Play(card.id, index + 1, direction, chosen))
    return found


def legal_moves(state: State) -> list[Command]:
    """Every command the rules accept now: plays of any card not yet seen, ``next``, ``blocked``."""
    return moves_for(state, unplaced(state))


RULES: Rules[State, Options] = Rules(
    spec=SPEC, options_type=Options, commands=COMMANDS, new=new, apply=apply, opening=opening, status=status,
    outcome=outcome, to_act=to_act, public_view=public_view, queries=QUERIES,
    zones=zones, variant=variant, legal_moves=legal_moves, player_ids=numbered_seats,
)
