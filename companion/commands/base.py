"""From a typed line to a request: words in French or English, forgiving names.

Parsing knows words (``data/verbs/*.toml``) but no sentences: a `ParseError` carries a
stable code and details, and `render` turns it into the user's language.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from typing import Any, TypeVar

import msgspec

from companion.cards import CardNameError, CardSet, Card, match_name, normalize
from companion.games.base import Command
from companion.vocabulary import Vocabulary as Vocabulary, game_verb_files


class ParseError(ValueError):
    """A line that is not a command. ``code`` is stable; ``details`` fill the sentence."""

    def __init__(self, code: str, **details: Any) -> None:
        super().__init__(code if not details else f"{code} {details}")
        self.code = code
        self.details = details


class Request(msgspec.Struct, frozen=True):
    """What a line asks for (a frozen ``msgspec.Struct``, as the games' commands: cheap to create, issue 34)."""


class Change(Request, frozen=True):
    """A change of the game, for the rules core."""

    command: Command


class Ask(Request, frozen=True):
    """A question about the game (status, played, unseen, card, cards, help)."""

    what: str
    args: dict[str, Any] = {}


class Control(Request, frozen=True):
    """The session itself: undo, redo, quit, repeat, speech on/off, pan."""

    what: str
    args: dict[str, Any] = {}


class Secret(Request, frozen=True):
    """A comparison whose values must be typed without echo (a fight, a Baron)."""

    what: str
    args: dict[str, Any] = {}


def _other_games_verb(word: str, game_id: str) -> bool:
    """Whether ``word`` is a verb of another game (so the sentence can say so): every game's verb file but this one's."""
    return any(Vocabulary.of(other).find(word) is not None for other in game_verb_files() if other != game_id)


#: A whole number as typed; compiled at its first use by re's cache, not at every start (issue 34), as are the games'
#: own patterns (companion/commands/GAME.py).
_INTEGER = r"[+-]?[0-9]{1,6}"
#: The most words a card or player name takes ("Ant-Man et la Guêpe" takes five).
MAX_NAME_WORDS = 8


def parse_int(text: str, what: str = "number") -> int:
    """A whole number typed with ASCII digits and at most one sign (``²`` or ``--2`` are not numbers).

    Six digits at most: no count, value or seat of a card game needs more, and
    ``int()`` of a 4,000-digit line would be slow and useless.
    """
    if not re.fullmatch(_INTEGER, text):
        raise ParseError("not_a_number", text=quote(text), what=what)
    return int(text)


def is_number(text: str) -> bool:
    """Whether ``text`` is a number `parse_int` accepts."""
    return re.fullmatch(_INTEGER, text) is not None


def quote(text: str, words: int = 4, chars: int = 40) -> str:
    """What the user typed, shortened for a sentence: a few words, no control characters."""
    clean = "".join(ch if ch.isprintable() else " " for ch in text)
    kept = clean.split()
    short = " ".join(kept[:words])
    if len(short) > chars:
        short = short[:chars].rstrip()
    return short + ("…" if len(kept) > words or len(" ".join(kept)) > len(short) else "")


#: How alike a typed word must be to a known one to be offered ("suivnat" → "suivant"), out of 100.
CLOSE_ENOUGH = 75


def close_match(text: str, candidates: Iterable[str], same: Mapping[str, object] | None = None) -> str | None:
    """The one candidate ``text`` is most likely a typo of, or ``None`` when none is close or two are as close.

    rapidfuzz compares the forms without case or accents; a suggestion is only
    ever offered to the user, never applied silently. ``same`` maps candidates to what they name: two
    names of one thing ("Guard", "Garde") as close are no reason to doubt.
    """
    from rapidfuzz import fuzz, process

    forms: dict[str, str] = {}
    for candidate in candidates:
        forms.setdefault(normalize(candidate), candidate)
    key = normalize(text)
    if not key or not forms:
        return None
    found = process.extract(key, list(forms), scorer=fuzz.ratio, limit=2)
    if not found or found[0][1] < CLOSE_ENOUGH:
        return None
    first, second = (forms[found[0][0]], forms[found[1][0]]) if len(found) > 1 else (forms[found[0][0]], None)
    if second is not None and found[1][1] >= found[0][1] - 3 and first != second \
            and (same is None or same.get(first) is not same.get(second)):
        return None  # two names of two things as close: no guess
    return forms[found[0][0]]


def match_card(cards: CardSet, words: Sequence[str], side: str | None = None) -> Card:
    """The card the words name; `ParseError` ``unknown_card``/``ambiguous_card`` otherwise."""
    text = " ".join(words)
    try:
        return cards.match(text, side)
    except CardNameError as error:
        if error.candidates:
            raise ParseError("ambiguous_card", text=quote(text), candidates=tuple(c.id for c in error.candidates)) from None
        raise ParseError("unknown_card", text=quote(text)) from None


def longest_card(cards: CardSet, words: Sequence[str], side: str | None = None) -> tuple[Card, int]:
    """The card named by the longest run of leading words, and how many words it took.

    "iron man 2" → Iron Man and 2 words, leaving "2" for the arguments.
    """
    first_error: ParseError | None = None
    # No card's name has more than a few words: trying longer runs would make a long line quadratic.
    for end in range(min(len(words), MAX_NAME_WORDS), 0, -1):
        try:
            return match_card(cards, words[:end], side), end
        except ParseError as error:
            if error.code == "ambiguous_card" and first_error is None:
                first_error = error
    if first_error is not None:
        raise first_error
    raise ParseError("unknown_card", text=quote(" ".join(words)))


def leading_card(cards: CardSet, args: Sequence[str], side: str | None = None) -> tuple[Card, list[str]]:
    """The card a command's words start with, and the words left after it."""
    if not args:
        raise ParseError("card_name_needed")
    card, used = longest_card(cards, args, side)
    return card, list(args[used:])


def player_and_card(args: Sequence[str], state: Any, player: Callable[[Sequence[str], Any], tuple[int, int]],
                    player_id: Callable[[int], str], side_of: Callable[[int], str] | None = None) -> tuple[int, Card]:
    """``PLAYER CARD``: the seat the words name (with the game's ``player``), then the card.

    A name is looked for in the seat's deck first, then in every deck, so that a card
    of the other deck is refused by the rules in words ("Hulk is a hero card").
    """
    seat, used = player(args, state)
    rest = args[used:]
    if not rest:
        raise ParseError("card_needed", player=player_id(seat))
    if side_of is not None:
        try:
            return seat, match_card(state.cards, rest, side_of(seat))
        except ParseError as error:
            if error.code != "unknown_card":
                raise
    return seat, match_card(state.cards, rest)


T = TypeVar("T")


def match_player(text: str, players: Iterable[T], keys: Callable[[T], Iterable[str]]) -> T:
    """The player ``text`` names: by id, number or given name (unique prefix allowed)."""
    try:
        return match_name(text, list(players), keys)
    except CardNameError as error:
        if error.candidates:
            raise ParseError("ambiguous_player", text=quote(text)) from None
        raise ParseError("unknown_player", text=quote(text)) from None


def named_player(text: str, players: int, player_id: Callable[[int], str], names: Sequence[str] = ()) -> int:
    """The seat ``text`` names by player id (``p2``, ``hero2``…) or by a given name (unique prefix allowed)."""
    return match_player(text, range(players), lambda s: [player_id(s)] + ([names[s]] if names else []))


def no_arguments(make: Callable[[], Command]) -> ParseFunction:
    """A parser for a command that takes no word, such as ``next``."""

    def parse(args: Sequence[str], state: Any) -> Request:
        no_more(args)
        return Change(make())

    return parse


ParseFunction = Callable[[Sequence[str], Any], Request]
#: The verbs every game has, after its own in help.
SHARED_VERBS = ("undo", "redo", "card", "cards", "help", "repeat", "speech", "verbosity", "pan", "save", "quit")
#: The verbs every game answers from its rules (issue 17): typed and completed like the others, but not in
#: ``Parser.verbs()``, as the game's renderer has no help line for them: help adds theirs after the rest
#: (companion/rules_reader.py ``help_lines``).
READER_VERBS = ("rules", "why")
#: The longest line the companion reads as a command (a card game's command is a few words).
MAX_LINE = 1000


def _no_secret(secret: Secret, state: Any, *values: Any) -> Any:
    raise KeyError(secret.what)


def _no_check(secret: Secret, state: Any, step: int, value: int) -> None:
    return None


def _no_completions(state: Any, verb: str) -> list[str] | None:
    return None


def _no_line(command: Command, state: Any, lang: str) -> str | None:
    return None


class Parser(msgspec.Struct, frozen=True, dict=True):
    """A game's typed lines → requests: one ``PARSER = Parser(...)`` per game; hooks have defaults.

    ``game_id`` names its vocabulary (``data/verbs/<game>.toml``); ``parsers``
    are its own verbs; a verb that names one of ``queries`` and has no parser of
    its own is a question without arguments (``played``). ``verbs`` is the order
    help lists them in. (``dict=True``: its ``vocabulary`` is kept once read.)
    """

    game_id: str
    parsers: Mapping[str, ParseFunction]
    verbs_order: tuple[str, ...]
    queries: Collection[str] = ()
    #: Whose secret value is typed, in order (player ids). :raises KeyError: no such secret in this game.
    secret_steps: Callable[[Secret, Any], list[str]] = _no_secret
    #: The outcome of a secret comparison; the values themselves go no further.
    resolve_secret: Callable[[Secret, Any, list[int]], Request] = _no_secret
    #: One secret value checked as it is typed (step: its place in ``secret_steps``). :raises RuleError: not possible.
    secret_check: Callable[[Secret, Any, int, int], None] = _no_check
    #: The arguments worth offering after a verb now (``None``: every card and player name).
    completions: Callable[[Any, str], list[str] | None] = _no_completions
    #: The query an empty line asks, in a game where Enter alone is a question (The Void's top of the pile).
    empty_line: str | None = None
    #: A line whose first word is no verb, for a game where a bare word is a command ("7" plays a 7);
    #: it raises ``ParseError("unknown_command")`` when it is not one either.
    bare: ParseFunction | None = None
    #: The line a user of ``lang`` would type for ``command`` now (``None``: no typed line gives it, such as
    #: a secret's outcome). Parsing it gives ``command`` back: the conformance suite checks that round trip.
    line_for: Callable[[Command, Any, str], str | None] = _no_line

    @functools.cached_property
    def vocabulary(self) -> Vocabulary:
        return Vocabulary.of(self.game_id)

    def parse(self, line: str, state: Any) -> Request:
        """What ``line`` asks for. :raises ParseError: it is not a command. :raises RuleError: the rules refuse it."""
        return dispatch(line, state, self)

    def verbs(self) -> list[str]:
        """Every verb this game understands, in the order help lists them: status, the game's own, then the shared ones."""
        return ["status", *self.verbs_order, *SHARED_VERBS]


def dispatch(line: str, state: Any, parser: Parser) -> Request:
    """A game's ``parse``: the shared verbs, then the game's own, then its queries."""
    if len(line) > MAX_LINE:
        raise ParseError("line_too_long", length=len(line), limit=MAX_LINE)
    words = [word for word in line.split() if quote(word)]  # a word of invisible characters (a NUL) is nothing typed
    if not words:
        if parser.empty_line is not None:
            return Ask(parser.empty_line)
        raise ParseError("empty")
    if words == ["?"]:
        return Ask("help", {"topic": None})
    vocabulary = parser.vocabulary
    verb = vocabulary.find(words[0])
    if verb is None:
        if parser.bare is not None:
            return parser.bare(words, state)
        if _other_games_verb(words[0], parser.game_id):
            raise ParseError("not_in_this_game", text=quote(words[0]))
        raise ParseError("unknown_command", text=quote(words[0]))
    args = words[1:]
    if verb == "cards" and args and "cards" in parser.parsers:  # "cards CARD CARD": a game's own (Mindbug's named cards)
        return parser.parsers["cards"](args, state)
    common = parse_common(verb, args, state.cards, vocabulary)
    if common is not None:
        return common
    own = parser.parsers.get(verb)
    if own is not None:
        return own(args, state)
    if verb in parser.queries:
        no_more(args)
        return Ask(verb)
    raise ParseError("not_in_this_game", text=quote(words[0]))


def parse_common(verb: str, args: Sequence[str], cards: CardSet | None, vocabulary: Vocabulary) -> Request | None:
    """The verbs every game shares; ``None`` when ``verb`` is the game's own."""
    if verb == "status" and len(args) == 1 and vocabulary.is_word(args[0], "short"):
        return Ask("status", {"short": True})  # F3: whose turn and the first part only
    if verb in ("status", "cards"):
        no_more(args)
        return Ask(verb)
    if verb in ("undo", "redo", "quit", "repeat"):
        no_more(args)
        return Control(verb)
    if verb == "save":
        return Control("save", {"path": " ".join(args)})
    # issue 23: the devices of a served game (companion/web/table.py registers these controls).
    if verb in ("devices", "newcode"):
        no_more(args)
        return Control(verb)
    if verb in ("free", "rekey"):
        return Control(verb, {"seat": " ".join(args)})
    if verb == "help":
        if not args:
            return Ask("help", {"topic": None})
        topic = vocabulary.find(args[0])
        if topic is None:
            raise ParseError("unknown_help", text=quote(args[0]))
        return Ask("help", {"topic": topic})
    if verb == "card":
        if not args:
            raise ParseError("card_name_needed")
        if cards is None or not cards.cards:
            raise ParseError("no_cards")
        return Ask("card", {"card": match_card(cards, args).id})
    if verb == "speech":
        if len(args) == 1 and (vocabulary.is_word(args[0], "on") or vocabulary.is_word(args[0], "off")):
            return Control("speech", {"on": vocabulary.is_word(args[0], "on")})
        raise ParseError("speech_on_off")
    if verb == "verbosity":
        if not args:  # the level now, and how to change it
            return Control("verbosity", {"level": None})
        levels = [level for level in ("terse", "normal", "full") if len(args) == 1 and vocabulary.is_word(args[0], level)]
        if not levels:
            raise ParseError("verbosity_levels")
        return Control("verbosity", {"level": levels[0]})
    if verb == "pan":
        if not args:
            return Control("pan", {"step": 1})
        if len(args) == 1 and vocabulary.is_word(args[0], "back"):
            return Control("pan", {"step": -1})
        raise ParseError("extra_words", text=quote(" ".join(args)))
    # issue 17: the rules by section (rules, rules 3, rules combat, rules WORD), answered by the session's reader.
    if verb == "rules":
        return Ask("rules", {"text": " ".join(args)})
    if verb == "why":
        no_more(args)
        return Ask("why")
    return None


def no_more(args: Sequence[str]) -> None:
    """Refuse words left over after a complete command."""
    if args:
        raise ParseError("extra_words", text=quote(" ".join(args)))
