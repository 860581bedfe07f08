"""From a typed line to a request: words in French or English, forgiving names.

Parsing knows words (``verbs.toml``) but no sentences: a `ParseError` carries a
stable code and details, and `render` turns it into the user's language.
"""

from __future__ import annotations

import functools
import tomllib
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Mapping, Sequence

from companion.cards import CardNameError, CardSet, Card, DATA_DIR, match_name, normalize
from companion.games.base import Command


class ParseError(ValueError):
    """A line that is not a command. ``code`` is stable; ``details`` fill the sentence."""

    def __init__(self, code: str, **details: Any) -> None:
        super().__init__(code if not details else f"{code} {details}")
        self.code = code
        self.details = details


@dataclass(frozen=True)
class Request:
    """What a line asks for."""


@dataclass(frozen=True)
class Change(Request):
    """A change of the game, for the rules core."""

    command: Command


@dataclass(frozen=True)
class Ask(Request):
    """A question about the game (status, played, unseen, card, cards, help)."""

    what: str
    args: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Control(Request):
    """The session itself: undo, redo, quit, repeat, speech on/off, pan."""

    what: str
    args: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Secret(Request):
    """A comparison whose values must be typed without echo (a fight, a Baron)."""

    what: str
    args: dict[str, Any] = field(default_factory=dict)


@functools.lru_cache(maxsize=None)
def _raw_verbs() -> dict[str, dict[str, list[str]]]:
    return tomllib.loads((DATA_DIR / "verbs.toml").read_text(encoding="utf-8"))


@functools.lru_cache(maxsize=None)
def _verb_table() -> dict[str, dict[str, tuple[str, ...]]]:
    return {section: {key: tuple(normalize(w) for w in words) for key, words in table.items()}
            for section, table in _raw_verbs().items()}


def verb_word(verb: str, lang: str) -> str:
    """The word users of ``lang`` type for ``verb`` (verbs.toml lists English, then French)."""
    for section, table in _raw_verbs().items():
        if section != "words" and verb in table:
            words = table[verb]
            return words[1] if lang == "fr" and len(words) > 1 else words[0]
    return verb


def verb_words(section: str) -> dict[str, tuple[str, ...]]:
    return _verb_table().get(section, {})


def find_verb(word: str, sections: Sequence[str]) -> str | None:
    """The command a word names, looking in ``sections`` in order."""
    key = normalize(word)
    for section in sections:
        for verb, words in verb_words(section).items():
            if key in words:
                return verb
    return None


def is_word(token: str, word: str) -> bool:
    """Whether ``token`` is one of the words listed for ``word`` in [words]."""
    return normalize(token) in verb_words("words").get(word, ())


def parse_int(text: str, what: str = "number") -> int:
    try:
        return int(text)
    except ValueError:
        raise ParseError("not_a_number", text=text, what=what) from None


def match_card(cards: CardSet, words: Sequence[str], side: str | None = None) -> Card:
    """The card the words name; `ParseError` ``unknown_card``/``ambiguous_card`` otherwise."""
    text = " ".join(words)
    try:
        return cards.match(text, side)
    except CardNameError as error:
        if error.candidates:
            raise ParseError("ambiguous_card", text=text, candidates=tuple(c.id for c in error.candidates)) from None
        raise ParseError("unknown_card", text=text) from None


def longest_card(cards: CardSet, words: Sequence[str], side: str | None = None) -> tuple[Card, int]:
    """The card named by the longest run of leading words, and how many words it took.

    "iron man 2" → Iron Man and 2 words, leaving "2" for the arguments.
    """
    first_error: ParseError | None = None
    for end in range(len(words), 0, -1):
        try:
            return match_card(cards, words[:end], side), end
        except ParseError as error:
            if error.code == "ambiguous_card" and first_error is None:
                first_error = error
    if first_error is not None:
        raise first_error
    raise ParseError("unknown_card", text=" ".join(words))


def leading_card(cards: CardSet, args: Sequence[str], side: str | None = None) -> tuple[Card, list[str]]:
    """The card a command's words start with, and the words left after it."""
    if not args:
        raise ParseError("card_name_needed")
    card, used = longest_card(cards, args, side)
    return card, list(args[used:])


def player_and_card(args: Sequence[str], state: Any, player: Callable[[Sequence[str], Any], tuple[int, int]],
                    player_id: Callable[[int], str], side_of: Callable[[int], str] | None = None) -> tuple[int, Card]:
    """``PLAYER CARD``: the seat the words name (with the game's ``player``), then the card (of the seat's side)."""
    seat, used = player(args, state)
    rest = args[used:]
    if not rest:
        raise ParseError("card_needed", player=player_id(seat))
    return seat, match_card(state.cards, rest, side_of(seat) if side_of else None)


def match_player(text: str, players: Iterable[Any], keys: Callable[[Any], Iterable[str]]) -> Any:
    """The player ``text`` names: by id, number or given name (unique prefix allowed)."""
    try:
        return match_name(text, list(players), keys)
    except CardNameError as error:
        if error.candidates:
            raise ParseError("ambiguous_player", text=text) from None
        raise ParseError("unknown_player", text=text) from None


def named_player(text: str, players: int, player_id: Callable[[int], str], names: Sequence[str] = ()) -> int:
    """The seat ``text`` names by player id (``p2``, ``hero2``…) or by a given name (unique prefix allowed)."""
    return match_player(text, range(players), lambda s: [player_id(s)] + ([names[s]] if names else []))


def no_arguments(make: Callable[[], Command]) -> Callable[[Sequence[str], Any], Request]:
    """A parser for a command that takes no word, such as ``next``."""

    def parse(args: Sequence[str], state: Any) -> Request:
        no_more(args)
        return Change(make())

    return parse


def dispatch(line: str, state: Any, sections: Sequence[str],
             parsers: Mapping[str, Callable[[Sequence[str], Any], Request]]) -> Request:
    """A game's ``parse``: the verb in ``sections``, the shared verbs, then the game's own ``parsers``."""
    words = line.split()
    if not words:
        raise ParseError("empty")
    if words == ["?"]:
        return Ask("help", {"topic": None})
    verb = find_verb(words[0], sections)
    if verb is None:
        other_games = [section for section in _verb_table() if section not in sections and section != "words"]
        if find_verb(words[0], other_games) is not None:
            raise ParseError("not_in_this_game", text=words[0])
        raise ParseError("unknown_command", text=words[0])
    args = words[1:]
    common = parse_common(verb, args, state.cards)
    if common is not None:
        return common
    parser = parsers.get(verb)
    if parser is None:
        raise ParseError("not_in_this_game", text=words[0])
    return parser(args, state)


def parse_common(verb: str, args: Sequence[str], cards: CardSet | None) -> Request | None:
    """The verbs every game shares; ``None`` when ``verb`` is the game's own."""
    if verb in ("status", "played", "cards"):
        _no_more(args)
        return Ask(verb)
    if verb in ("undo", "redo", "quit", "repeat"):
        _no_more(args)
        return Control(verb)
    if verb == "help":
        return Ask("help", {"topic": find_verb(args[0], ("common",) + tuple(_verb_table())) if args else None})
    if verb == "card":
        if not args:
            raise ParseError("card_name_needed")
        if cards is None:
            raise ParseError("no_cards")
        return Ask("card", {"card": match_card(cards, args).id})
    if verb == "speech":
        if len(args) == 1 and (is_word(args[0], "on") or is_word(args[0], "off")):
            return Control("speech", {"on": is_word(args[0], "on")})
        raise ParseError("speech_on_off")
    if verb == "pan":
        if not args:
            return Control("pan", {"step": 1})
        if len(args) == 1 and is_word(args[0], "back"):
            return Control("pan", {"step": -1})
        raise ParseError("extra_words", text=" ".join(args))
    return None


def _no_more(args: Sequence[str]) -> None:
    if args:
        raise ParseError("extra_words", text=" ".join(args))


def no_more(args: Sequence[str]) -> None:
    """Refuse words left over after a complete command."""
    _no_more(args)
