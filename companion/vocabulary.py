"""The words users type, in French and English: each game's verbs and the common ones, read from ``data/verbs/``.

Below both the parsers (which read a line with it) and the renderers (which say
the word to type), so neither imports the other.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from companion.cards import DATA_DIR, normalize, parsed_toml

#: Verb files that are not a game's: the words of every game, and the rules reader's own.
NOT_GAMES = ("common", "rules-reader")


class Vocabulary:
    """The words of one game's commands (``data/verbs/common.toml`` plus ``data/verbs/<game>.toml``).

    Each verb lists its English word, then its French word, then other accepted
    words; ``[words]`` are the words inside commands (``thanos``, ``on``…).
    """

    def __init__(self, tables: Sequence[Mapping[str, Any]]) -> None:
        self.verbs: dict[str, tuple[str, ...]] = {}  # as written, for showing
        self.words: dict[str, tuple[str, ...]] = {}
        #: The ``[words]`` a line may start with, as a verb does (a Num-X family: "rouge 7 1").
        self.starts: tuple[str, ...] = ()
        for table in tables:
            self.starts += tuple(table.get("starts", ()))
            for verb, names in table.get("verbs", {}).items():
                self.verbs[verb] = tuple(names)
            for word, names in table.get("words", {}).items():
                self.words[word] = tuple(names)

    # The words' keys are worked out at the first line read, not before a game's first sentence (issue 34).
    @functools.cached_property
    def _verb_keys(self) -> dict[str, frozenset[str]]:
        return {verb: frozenset(normalize(w) for w in names) for verb, names in self.verbs.items()}

    @functools.cached_property
    def _word_keys(self) -> dict[str, frozenset[str]]:
        return {word: frozenset(normalize(w) for w in names) for word, names in self.words.items()}

    @classmethod
    def common(cls) -> Vocabulary:
        return _vocabulary("")

    @classmethod
    def of(cls, game_id: str) -> Vocabulary:
        return _vocabulary(game_id)

    def find(self, word: str) -> str | None:
        """The verb ``word`` names, if any."""
        key = normalize(word)
        if not key:
            return None
        return next((verb for verb, keys in self._verb_keys.items() if key in keys), None)

    def is_word(self, token: str, word: str) -> bool:
        """Whether ``token`` is one of the words listed for ``word``."""
        return normalize(token) in self._word_keys.get(word, ())

    def word(self, verb: str, lang: str) -> str:
        """The word users of ``lang`` type for ``verb``."""
        names = self.verbs.get(verb)
        if not names:
            return verb
        return names[1] if lang == "fr" and len(names) > 1 else names[0]

    def command_words(self, verbs: Iterable[str]) -> list[str]:
        """Every word, English and French, that names one of ``verbs`` (one-letter shortcuts left out)."""
        wanted = set(verbs)
        found = [name for verb, names in self.verbs.items() if verb in wanted for name in names if len(name) > 1]
        return list(dict.fromkeys(found))

    def inner_words(self) -> list[str]:
        """Words used inside commands: thanos, hero/héros, on/off, back…"""
        found = [name for names in self.words.values() for name in names if len(name) > 1]
        return list(dict.fromkeys(found))


def _verb_file(name: str) -> dict[str, Any]:
    """A verb file, parsed (kept between runs in the cache folder: companion/cards.py ``parsed_toml``, issue 34)."""
    path = DATA_DIR / "verbs" / f"{name}.toml"
    return parsed_toml(f"verbs-{name}.toml", path.read_bytes()) if path.is_file() else {}


@functools.lru_cache(maxsize=None)
def _vocabulary(game_id: str) -> Vocabulary:
    tables = [_verb_file("common")] + ([_verb_file(game_id)] if game_id else [])
    return Vocabulary(tables)


def game_verb_files() -> tuple[str, ...]:
    """The ids of the games that have a verb file (a new game adds its file and is known here)."""
    return tuple(sorted(p.stem for p in (DATA_DIR / "verbs").glob("*.toml") if p.stem not in NOT_GAMES))


@functools.lru_cache(maxsize=None)
def _seat_words(game_id: str) -> tuple[re.Pattern[str], frozenset[str]]:
    table = _verb_file("common").get("seat_words", {})
    pattern = re.compile("|".join(f"(?:{p})" for p in table.get("patterns", ())) or r"(?!)")
    games = (game_id,) if game_id else game_verb_files()
    keys = {normalize(word).replace(" ", "") for game in games
            for key in table.get("words", ()) for word in _verb_file(game).get("words", {}).get(key, ())}
    return pattern, frozenset(keys)


def is_seat_word(name: str, game_id: str = "") -> bool:
    """Whether a player's name is also a word that names a seat in the game's commands (``2``, ``p1``, ``hero1``;
    Mindbug's ``mine``, ``moi``…; every game's when ``game_id`` is empty): a command naming that player would reach
    another seat (``[seat_words]`` in ``data/verbs/common.toml``)."""
    key = normalize(name).replace(" ", "")
    pattern, words = _seat_words(game_id)
    return bool(key) and (pattern.fullmatch(key) is not None or key in words)
