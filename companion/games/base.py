"""The contract every game fits, and what every rules core shares.

A game is described as data at the top of its module (`GameSpec`: names,
players, kind, turn model, what is hidden, its options) and offers one small
typed API (`Rules`): ``new``, ``apply``, ``status``, ``outcome``, ``to_act``,
``zones``, ``queries`` and, where the state knows enough, ``legal_moves``.
The contract supplies what every game would repeat: the ``status`` query,
``legal_commands`` read off ``legal_moves``, the option checks built from the
spec (`check_options`) and the seat ids ``p1``… (`seat_id`, `seat_of`). The session, the journal, the UI and the CLI speak only
through it, so a new game adds files and never edits a shared layer.

A rules core is pure: ``apply(state, command)`` returns a new state and the
events that say what changed, or raises `RuleError` and changes nothing. Events
and commands are frozen ``msgspec.Struct`` classes whose fields are plain data, so an event is
also the ``--json`` line and a command is also a line of the journal.
"""

from __future__ import annotations

from companion.marker import N_ as N_  # re-exported: the games mark their words with it

import enum
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar, Generic, Literal, Protocol, TypeVar

import msgspec

from companion.cards import Card, CardSet
from companion.structs import Uncompared as Uncompared  # re-exported: the games' events and commands use it
from companion.structs import field_names


class RuleError(ValueError):
    """A command the rules refuse. ``code`` is stable (scripts read it); ``details`` fill the sentence."""

    def __init__(self, code: str, **details: Any) -> None:
        super().__init__(code if not details else f"{code} {details}")
        self.code = code
        self.details = details


class Event(msgspec.Struct, frozen=True):
    """Something that changed (or was asked for). ``name`` is its stable snake_case type.

    A frozen ``msgspec.Struct`` (its subclasses are frozen too): creating one of a game's dozens of classes costs a
    hundredth of a dataclass's, at ``companion play``'s start (issue 34).
    """

    name: ClassVar[str] = "event"

    def fields(self) -> dict[str, Any]:
        return {name: plain(getattr(self, name)) for name in self.__struct_fields__}


class Command(msgspec.Struct, frozen=True):
    """A change a player asks for. ``name`` is its stable journal type (a frozen ``msgspec.Struct``, as `Event`)."""

    name: ClassVar[str] = "command"

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"cmd": self.name}
        data.update({name: plain(getattr(self, name)) for name in self.__struct_fields__})
        return data


def plain(value: Any) -> Any:
    """``value`` as JSON data: tuples become lists, mapping keys strings."""
    if isinstance(value, tuple):
        return [plain(v) for v in value]
    if isinstance(value, Mapping):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, enum.Enum):
        return value.value
    return value


def command_from_json(kinds: Mapping[str, type[Command]], data: Mapping[str, Any]) -> Command:
    """Rebuild a command from its journal line, every field checked against its declared type.

    :raises ValueError: unknown command type, or a field of the wrong type.
    """
    kind = kinds.get(str(data.get("cmd")))
    if kind is None:
        raise ValueError(f"unknown command {data.get('cmd')!r}")
    values = {k: v for k, v in data.items() if k != "cmd"}
    try:
        return msgspec.convert(values, type=kind, strict=True)
    except (msgspec.ValidationError, TypeError) as error:
        raise ValueError(str(error)) from None


# --------------------------------------------------------------------------- a game described as data


class Kind(enum.StrEnum):
    """Who plays against whom."""

    TEAM = "team"
    FREE_FOR_ALL = "free_for_all"
    COOPERATIVE = "cooperative"


class TurnModel(enum.StrEnum):
    """Whether players take turns, or anyone may act at any moment."""

    SEQUENTIAL = "sequential"
    REAL_TIME = "real_time"


class OptionSpec(msgspec.Struct, frozen=True):
    """One option of a game: a CLI flag of ``companion play GAME``, a field of its options, a key of the save file.

    ``help`` is a message id of the game's catalog. ``scope`` says who reads it:
    the rules core (``rules``, a field of the game's ``Options``) or the game's
    renderer (``display``: how the table hears things, such as a Gauntlet kit).
    """

    name: str
    type: type[int] | type[str] | type[bool]
    default: Any
    help: str
    choices: tuple[Any, ...] = ()
    low: int | None = None
    high: int | None = None
    scope: Literal["rules", "display"] = "rules"
    metavar: str | None = None

    @property
    def flag(self) -> str:
        return "--" + self.name.replace("_", "-")

    def check(self, value: Any) -> Any:
        """``value`` when it is allowed.

        :raises OptionError: ``bad_option`` with the allowed values or range.
        """
        if value is None:
            return None
        if self.type is int and (not isinstance(value, int) or isinstance(value, bool)):
            raise OptionError(self, value)
        if self.type is str and not isinstance(value, str):
            raise OptionError(self, value)
        if self.type is bool and not isinstance(value, bool):
            raise OptionError(self, value)
        if self.choices and value not in self.choices:
            raise OptionError(self, value)
        if (self.low is not None and value < self.low) or (self.high is not None and value > self.high):
            raise OptionError(self, value)
        return value


class OptionError(ValueError):
    """An option value outside what the game declares."""

    def __init__(self, option: OptionSpec, value: Any) -> None:
        super().__init__(f"{option.flag} {value!r}")
        self.option = option
        self.value = value


class GameSpec(msgspec.Struct, frozen=True):
    """What a game is, declared at the top of its module (OpenSpiel's ``GameType``).

    ``deck_sizes`` (side → cards) and ``trait_counts`` (trait → how many distinct
    cards carry it) check the card file; ``traits`` is the type each card's
    game-specific fields are decoded into.
    """

    id: str
    names: Mapping[str, str]
    aliases: tuple[str, ...]
    min_players: int
    max_players: int
    default_players: int
    kind: Kind
    turn_model: TurnModel
    hidden: tuple[str, ...]
    domain: str
    options: tuple[OptionSpec, ...] = ()
    data_file: str | None = None
    deck_sizes: Mapping[str, int] = msgspec.field(default_factory=dict)
    traits: type[Any] | None = None
    trait_counts: Mapping[str, int] = msgspec.field(default_factory=dict)
    players_help: str = "number of players"
    #: The key of ``public_view`` that counts how far a game went (a whole number that never goes down),
    #: read by the save list and the review: ``round`` for a game in rounds, ``turn``, or ``None`` for neither.
    progress: Literal["round", "turn"] | None = None
    #: How much is said of each event unless the user asks otherwise: ``terse``, ``normal`` or ``full``
    #: (companion/render ``VERBOSITIES``; ``--verbosity`` and the ``verbosity`` command override it).
    verbosity: str = "normal"

    def name(self, lang: str) -> str:
        return self.names.get(lang) or self.names["en"]

    def option(self, name: str) -> OptionSpec:
        return next(o for o in self.options if o.name == name)

    def default(self, name: str) -> Any:
        """The default of option ``name``: a game's ``Options`` field takes it from here (declared once)."""
        return self.option(name).default


class OutcomeKind(enum.StrEnum):
    WIN = "win"
    COOPERATIVE_WIN = "cooperative_win"
    COOPERATIVE_LOSS = "cooperative_loss"
    SCORE = "score"


class Outcome(msgspec.Struct, frozen=True):
    """How a game ended (python-chess's ``Outcome``): what kind, who won, the score, and why.

    ``winners`` are player ids (several for a team, none for a cooperative loss);
    ``reason`` is an enum of the game's own (lives, snap, tokens, blocked…).
    """

    kind: OutcomeKind
    winners: tuple[str, ...]
    reason: enum.Enum
    score: int | None = None

    def fields(self) -> dict[str, Any]:
        return {"kind": self.kind.value, "winners": list(self.winners), "reason": self.reason.value, "score": self.score}


class ToAct(msgspec.Struct, frozen=True):
    """Who must act now and what decision it is (``player`` ``None``: anyone, as in a real-time game).

    Whose *turn* it is and who must *act* differ: in Mindbug the opponent decides
    on a Mindbug during the active player's turn.
    """

    player: str | None
    decision: str

    def fields(self) -> dict[str, Any]:
        return {"player": self.player, "decision": self.decision}


class Zone(msgspec.Struct, frozen=True, order=True):
    """A public place cards lie in, in order: ``place`` (face_up, board, branch…) and its owner, if any."""

    place: str
    owner: str | None = None


class GameState(Protocol):
    """What the shared layers read of every game's state: its cards (the parser's ``card NAME``, the queries).

    A game whose box has no card file still carries one, empty (`Game.cards`). The cards compare by value
    (`CardSet`), so a state resumed with the card file loaded again equals the one saved: no ``compare=False``.
    """

    @property
    def cards(self) -> CardSet: ...


S = TypeVar("S", bound=GameState)
#: A game's options: a frozen Struct (its fields are the options a save file may hold).
Opt = TypeVar("Opt")
#: A question every player may ask: the state and the question's arguments → the answer as events.
Query = Callable[[S, Mapping[str, Any]], "list[Event]"]


def _no_zones(state: Any) -> Mapping[Zone, tuple[str, ...]]:
    return {}


def _no_moves(state: Any) -> list[Command] | None:
    return None


def _no_players(state: Any) -> list[str]:
    return []


def _from_moves(state: Any) -> list[str]:
    """Marks a ``legal_commands`` left to the contract (``Rules`` reads it off ``legal_moves``)."""
    raise NotImplementedError


class Rules(msgspec.Struct, Generic[S, Opt], frozen=True):
    """A game's rules core as the session sees it: its spec and its functions (OpenSpiel's small state API).

    A game declares one ``RULES = Rules(...)`` from its module's functions; mypy
    checks each against the signature here. The optional hooks have defaults.
    """

    spec: GameSpec
    #: The game's frozen ``Options`` Struct (``players``, ``names`` and the spec's rules options).
    options_type: type[Opt]
    #: Command types by journal name.
    commands: Mapping[str, type[Command]]
    #: The table after set-up. :raises RuleError: options the rules refuse.
    new: Callable[[Opt, CardSet], S]
    #: The new state and what changed. :raises RuleError: the command breaks a rule; nothing changed.
    apply: Callable[[S, Command], tuple[S, list[Event]]]
    #: What to announce when a game starts.
    opening: Callable[[S], list[Event]]
    #: The public state in one event (``status``).
    status: Callable[[S], Event]
    #: How the game ended, or ``None`` while it goes on.
    outcome: Callable[[S], Outcome | None]
    #: Who must act now and what decision it is, or ``None`` once the game is over.
    to_act: Callable[[S], ToAct | None]
    #: Everything every player may know, as plain data (with the spec's ``progress`` key, if it declares one).
    public_view: Callable[[S], dict[str, Any]]
    #: Questions every player may ask → a function of the state and the arguments (``status`` is added when missing).
    queries: Mapping[str, Query[S]] = msgspec.field(default_factory=dict)
    #: The public places cards lie in → card ids in order (undo says what changed back).
    zones: Callable[[S], Mapping[Zone, tuple[str, ...]]] = _no_zones
    #: Every command the rules accept now, where the state knows enough to list them (``None`` otherwise).
    legal_moves: Callable[[S], list[Command] | None] = _no_moves
    #: Every player's id, in seat order.
    player_ids: Callable[[S], list[str]] = _no_players
    #: The records' name for a table's options (``coop lock=off``): games are compared within one variant.
    variant: Callable[[Opt], str] | None = None
    #: The command types that may change the game now (help, F4). Left out, it is read off ``legal_moves``
    #: (the names of the accepted moves, in the order of ``commands``); a game writes its own only when
    #: ``legal_moves`` cannot list its moves (returns ``None``).
    legal_commands: Callable[[S], list[str]] = _from_moves

    def __post_init__(self) -> None:
        if "status" not in self.queries:
            status = self.status
            msgspec.structs.force_setattr(self, "queries", {"status": lambda state, args: [status(state)], **self.queries})
        derived = getattr(self.legal_commands, "__func__", None) is Rules.commands_of_moves  # a copy (replace)
        if self.legal_commands is _from_moves or derived:
            msgspec.structs.force_setattr(self, "legal_commands", self.commands_of_moves)

    def commands_of_moves(self, state: S) -> list[str]:
        """The names of the commands ``legal_moves`` lists now, in the order of ``commands``.

        A game whose ``legal_moves`` returns ``None`` and that writes no ``legal_commands`` offers every command.
        """
        moves = self.legal_moves(state)
        if moves is None:
            return list(self.commands)
        names = {move.name for move in moves}
        return [name for name in self.commands if name in names]

    def command_from(self, data: Mapping[str, Any]) -> Command:
        """A command from its journal line. :raises ValueError: not a command of this game."""
        return command_from_json(self.commands, data)

    def options_from(self, values: Mapping[str, Any]) -> Opt:
        """The game's options from plain data (a save file), every value checked.

        :raises ValueError: a value of the wrong type or outside what the spec declares.
        """
        known = set(field_names(self.options_type))
        data = {k: v for k, v in values.items() if k in known}
        try:
            options: Opt = msgspec.convert(data, type=self.options_type, strict=True)
        except (msgspec.ValidationError, TypeError) as error:
            raise ValueError(str(error)) from None
        try:
            check_options(self.spec, options)
        except RuleError as error:
            raise ValueError(str(error)) from None
        return options

    def is_over(self, state: S) -> bool:
        return self.outcome(state) is not None

    def variant_of(self, options: Opt) -> str:
        """The records' variant: the game's own naming, else every rules option away from its default."""
        if self.variant is not None:
            return self.variant(options)
        changed = [f"{o.name}={getattr(options, o.name)}" for o in self.spec.options
                   if o.scope == "rules" and getattr(options, o.name) != o.default]
        return " ".join(changed) or "standard"


def check_options(spec: GameSpec, options: Any, max_players: int | None = None) -> None:
    """The options as the spec declares them: the top of every game's ``new``.

    ``players`` within the spec's range (``max_players`` lowers its top for one
    mode of a game), ``names`` one per seat, each usable, and every rules option
    of the spec of its type and within its choices or range.

    :raises RuleError: ``bad_players`` (``players``, ``low``, ``high``), ``bad_names``
        (``names``, ``players``), ``bad_name``, ``same_name`` or ``player_word`` (``names``, ``name``), ``bad_option``
        (``option``, ``value``, ``choices``, ``low``, ``high``).
    """
    players = getattr(options, "players", None)
    high = spec.max_players if max_players is None else max_players
    if not isinstance(players, int) or isinstance(players, bool) or not spec.min_players <= players <= high:
        raise RuleError("bad_players", players=players, low=spec.min_players, high=high)
    names = tuple(getattr(options, "names", ()))
    if names and len(names) != players:
        raise RuleError("bad_names", names=len(names), players=players)
    problem = names_problem(names, spec.id)
    if problem:
        raise RuleError(problem, names=names, name=seat_word_name(names, spec.id) or "")
    for option in spec.options:
        if option.scope == "rules":
            try:
                option.check(getattr(options, option.name))
            except OptionError as error:
                raise RuleError("bad_option", option=option.name, value=error.value, choices=option.choices,
                                low=option.low, high=option.high) from None


#: The longest name a player may be given (it is said in every sentence about them).
MAX_NAME_LENGTH = 30


def names_problem(names: Sequence[str], game_id: str = "") -> str | None:
    """Why these players' names cannot be used, or ``None``: each one line of 1 to 30 characters, all different,
    none a seat word (``player_word``).

    Names are compared without case or accents ("Zoé" and "zoe" are the same name at the table).
    """
    from companion.cards import normalize

    for name in names:
        if not isinstance(name, str) or not name.strip() or len(name) > MAX_NAME_LENGTH:
            return "bad_name"
        if not all(ch.isprintable() for ch in name):
            return "bad_name"
    keys = [normalize(name) or name.casefold() for name in names]
    if len(set(keys)) != len(keys):
        return "same_name"
    if seat_word_name(names, game_id) is not None:
        return "player_word"
    return None


def seat_word_name(names: Sequence[str], game_id: str = "") -> str | None:
    """The first name that is also a seat word in game ``game_id``'s commands (``2``, ``p1``, ``hero1``, Mindbug's
    ``mine`` or ``moi``…; any game's when empty).

    Such a name is refused at set-up rather than resolved before the seat words: a command naming that player would
    otherwise reach another seat, and every parser (five games) reads seat words first.
    """
    from companion.vocabulary import is_seat_word

    return next((name for name in names if isinstance(name, str) and is_seat_word(name, game_id)), None)


def options_to_json(options: Any) -> dict[str, Any]:
    """A game's options as the save file's ``options`` object."""
    return {name: plain(getattr(options, name)) for name in field_names(options)}


# --------------------------------------------------------------------------- tuple helpers (states are immutable)

T = TypeVar("T")


def set_at(values: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    """``values`` with item ``index`` replaced by ``value``."""
    return values[:index] + (value,) + values[index + 1 :]


def bump(values: tuple[int, ...], index: int, delta: int) -> tuple[int, ...]:
    """``values`` with ``delta`` added to item ``index``."""
    return set_at(values, index, values[index] + delta)


def append_at(piles: tuple[tuple[str, ...], ...], index: int, item: str) -> tuple[tuple[str, ...], ...]:
    """``piles`` with ``item`` put on top of pile ``index`` (a card face up in front of a player)."""
    return set_at(piles, index, piles[index] + (item,))


def known_card(cards: CardSet, card_id: str) -> Card:
    """The card ``card_id``.

    :raises RuleError: ``unknown_card``.
    """
    if card_id not in cards:
        raise RuleError("unknown_card", card=card_id)
    return cards[card_id]


Handler = Callable[[Any, Any], "tuple[Any, list[Event]]"]


def apply_handler(state: S, command: Command, handlers: Mapping[type, Handler], outcome: Outcome | None,
                  check: Callable[[S, Command], None] | None = None, **over: Any) -> tuple[S, list[Event]]:
    """A game's ``apply``: refuse once the game is over or for an unknown command, run ``check``, then the handler.

    ``over`` adds the game's own fields to the ``game_over`` refusal (a documented ``winner``).

    :raises RuleError: ``game_over``, ``unknown_command``, or what ``check`` and the handler raise.
    """
    if outcome is not None:
        raise game_over(outcome, **over)
    handler = handlers.get(type(command))
    if handler is None:
        raise RuleError("unknown_command", command=command.name)
    if check is not None:
        check(state, command)
    result: tuple[S, list[Event]] = handler(state, command)
    return result


def game_over(outcome: Outcome, **fields: Any) -> RuleError:
    """The refusal of any command once the game is over: the game's fields, then the outcome's winners and reason."""
    return RuleError("game_over", **fields, winners=outcome.winners, reason=outcome.reason.value)


def check_seat(seat: Any, players: int) -> int:
    """``seat`` when it is a seat of a ``players``-player table.

    :raises RuleError: ``unknown_player``.
    """
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < players:
        raise RuleError("unknown_player", player=seat)
    return seat


def face_up_zones(piles: Sequence[tuple[str, ...]], player_id: Callable[[int], str]) -> dict[Zone, tuple[str, ...]]:
    """The cards face up in front of each seat, as zones."""
    return {Zone("face_up", player_id(seat)): pile for seat, pile in enumerate(piles)}


def accepted(apply: Callable[[S, Command], Any], state: S, command: Command) -> bool:
    """Whether the rules accept ``command`` now (``legal_moves`` filters its candidates with it)."""
    try:
        apply(state, command)
    except RuleError:
        return False
    return True


def seat_ids(player_id: Callable[[int], str]) -> Callable[[Any], list[str]]:
    """``player_ids`` for a game whose players are seats 0… (``state.players`` of them)."""
    return lambda state: [player_id(seat) for seat in range(state.players)]


def seat_id(seat: int) -> str:
    """The id of seat 0, 1…: ``p1``, ``p2``… (the ids of a game whose players are only seats)."""
    return f"p{seat + 1}"


_SEAT_ID = re.compile(r"p([1-9][0-9]{0,2})")


def seat_number(pid: Any) -> int | None:
    """The seat a ``p1``… id names (0 for ``p1``), or ``None`` for any other value."""
    found = _SEAT_ID.fullmatch(pid) if isinstance(pid, str) else None
    return None if found is None else int(found.group(1)) - 1


def seat_of(pid: Any, players: int | None = None) -> int:
    """The seat ``pid`` (``p1``…) names, of a ``players``-player table when given.

    :raises RuleError: ``unknown_player``.
    """
    seat = seat_number(pid)
    if seat is None or (players is not None and seat >= players):
        raise RuleError("unknown_player", player=pid)
    return seat


#: ``player_ids`` of a game whose players are seats ``p1``… (``state.players`` of them).
numbered_seats = seat_ids(seat_id)


def fields_of(value: Outcome | ToAct | None) -> dict[str, Any] | None:
    """An `Outcome` or a `ToAct` as the plain fields of a status event (``None`` stays ``None``)."""
    return None if value is None else value.fields()
