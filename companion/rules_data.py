"""A game's rules as data: ``companion/data/rules/<game-id>.toml``, validated, in French and English.

One file per game, written for the companion: a one-sentence summary, then
sections (an id, a title, short paragraphs in each language), the keywords the
rules name (Chasseur/Hunter…) and the cards a section is about. A section may
also list every card of one side of the game (``cards_of``): those paragraphs
come from the card file itself, so the rules and the aid sheet never disagree on
a card. ``[refusals]`` maps the game's refusal codes to the section that
explains them (``why`` in a game).

As with card files, a referee corrects a rules text by copying the file into
the config folder (``companion config-dir``), under ``rules/<game-id>.toml``.
The file is checked with msgspec; every problem names the file and the section.
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import msgspec

from companion.cards import CardDataError, CardSet, data_path, read_toml
from companion.i18n import LANGUAGES

if TYPE_CHECKING:
    from companion.registry import Game

_ID = r"^[a-z0-9]+(-[a-z0-9]+)*$"


class RulesDataError(ValueError):
    """A rules file that cannot be used: names the file and the problem (the section, the field)."""

    def __init__(self, path: Path, problem: str) -> None:
        super().__init__(f"{path}: {problem}")
        self.path = path
        self.problem = problem


# --------------------------------------------------------------------------- the file's shape (msgspec)


class _Texts(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    fr: str
    en: str


class _Keyword(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    fr: str
    en: str
    also: list[str] = []


class _Section(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: Annotated[str, msgspec.Meta(pattern=_ID)]
    title: _Texts
    fr: list[str]
    en: list[str]
    keywords: list[str] = []
    cards: list[str] = []
    cards_of: str | None = None
    #: ``false``: the listed cards are read as "name: effect", without value and copies (Num-X's action cards).
    card_facts: bool = True


class _File(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    game: str
    summary: _Texts
    sections: list[_Section]
    keywords: dict[str, _Keyword] = {}
    refusals: dict[str, str] = {}


# --------------------------------------------------------------------------- what the reader reads


@dataclass(frozen=True)
class Keyword:
    """A word the rules name: its name in each language and other accepted forms (Furie for Frénésie)."""

    id: str
    names: Mapping[str, str]
    also: tuple[str, ...] = ()

    def forms(self) -> tuple[str, ...]:
        return (*self.names.values(), *self.also)


@dataclass(frozen=True)
class Section:
    """One section: the same paragraphs in French and English, and what it is about."""

    id: str
    title: Mapping[str, str]
    paragraphs: Mapping[str, tuple[str, ...]]
    keywords: tuple[str, ...] = ()
    cards: tuple[str, ...] = ()
    cards_of: str | None = None
    card_facts: bool = True


@dataclass(frozen=True)
class GameRules:
    """A game's whole rules text, checked: ``cards`` is the card set the sections link to (if the game has cards)."""

    game: str
    summary: Mapping[str, str]
    sections: tuple[Section, ...]
    keywords: Mapping[str, Keyword]
    refusals: Mapping[str, str]
    path: Path
    cards: CardSet | None = None

    def section(self, section_id: str) -> Section:
        """:raises KeyError: no such section."""
        for section in self.sections:
            if section.id == section_id:
                return section
        raise KeyError(section_id)

    def linked_cards(self, section: Section) -> tuple[str, ...]:
        """The ids of the cards ``section`` is about: those it names and every card of its ``cards_of`` side."""
        listed = tuple(card.id for card in self.cards.of_side(section.cards_of)) if (
            self.cards is not None and section.cards_of) else ()
        return tuple(dict.fromkeys((*section.cards, *listed)))


def rules_file(game_id: str) -> str:
    """The data file name of a game's rules, relative to the data folder (and to the config folder)."""
    return f"rules/{game_id}.toml"


def load(game: Game, cards: CardSet | None = None) -> GameRules:
    """The rules of ``game``: the user's corrected copy when there is one, else the shipped file.

    ``cards``: the game's card set when the caller holds it already (a session); else it is loaded.

    :raises RulesDataError: naming the file, the section and the field.
    :raises CardDataError: the game's card file cannot be used (the rules link to its cards).
    """
    if cards is None and game.spec.data_file is not None:
        cards = game.cards()
    return parse(_read(game.id), game.id, cards)


@functools.lru_cache(maxsize=32)
def _cached(path: Path, mtime: float, game_id: str, cards: CardSet | None) -> GameRules:
    return _parse_file(path, game_id, cards)


def _read(game_id: str) -> Path:
    try:
        path = data_path(rules_file(game_id))
    except CardDataError as error:
        raise RulesDataError(error.path, error.problem) from None
    if not path.is_file():
        raise RulesDataError(path, "is missing: this game has no rules text yet")
    return path


def parse(path: Path, game_id: str, cards: CardSet | None = None) -> GameRules:
    """Read and check the rules file ``path`` of ``game_id`` (cached while the file does not change)."""
    try:
        mtime = path.stat().st_mtime
    except OSError as error:
        raise RulesDataError(path, f"cannot be read ({error.strerror or error})") from None
    return _cached(path, mtime, game_id, cards)


def _parse_file(path: Path, game_id: str, cards: CardSet | None) -> GameRules:
    problem, raw = read_toml(path, "a rules file")
    if problem is not None:
        raise RulesDataError(path, problem)
    try:
        decoded = msgspec.convert(raw, type=_File, strict=True)
    except msgspec.ValidationError as error:
        raise RulesDataError(path, _problem(error, raw)) from None
    return _checked(path, decoded, game_id, cards)


def _problem(error: msgspec.ValidationError, raw: Any) -> str:
    """msgspec's "Expected `str`, got `int` - at `$.sections[2].fr[0]`" as "section turn: field 'fr[0]': expected …"."""
    text = str(error)
    match = re.fullmatch(r"(.*?)(?: - at `\$\.?([^`]*)`)?", text)
    problem, where = (match.groups() if match else (text, None))
    unknown = re.fullmatch(r"Object contains unknown field `([^`]*)`", problem)
    problem = f"unknown field '{unknown.group(1)}'" if unknown else problem[:1].lower() + problem[1:]
    if not where:
        return problem
    in_section = re.fullmatch(r"sections\[(\d+)\]\.?(.*)", where)
    if in_section is None:
        return f"field '{where}': {problem}"
    index, rest = int(in_section.group(1)), in_section.group(2)
    sections = raw.get("sections") if isinstance(raw, dict) else None
    entry = sections[index] if isinstance(sections, list) and index < len(sections) else None
    name = entry.get("id") if isinstance(entry, dict) and isinstance(entry.get("id"), str) else None
    label = f"section {name}" if name else f"section {index + 1}"
    return f"{label}: field '{rest}': {problem}" if rest else f"{label}: {problem}"


def _checked(path: Path, data: _File, game_id: str, cards: CardSet | None) -> GameRules:
    def fail(problem: str) -> RulesDataError:
        return RulesDataError(path, problem)

    if data.game != game_id:
        raise fail(f"is the rules of {data.game!r}, not of {game_id!r}")
    _texts_present(path, "summary", data.summary)
    if not data.sections:
        raise fail("needs at least one [[sections]]")
    repeated = sorted(i for i, n in Counter(s.id for s in data.sections).items() if n > 1)
    if repeated:
        raise fail(f"section ids must be unique; repeated: {', '.join(repeated)}")
    for keyword_id, keyword in data.keywords.items():
        if not re.fullmatch(_ID, keyword_id):
            raise fail(f"keyword {keyword_id!r}: an id is lower-case ASCII words joined by '-'")
        if not keyword.fr.strip() or not keyword.en.strip() or not all(form.strip() for form in keyword.also):
            raise fail(f"keyword {keyword_id}: every name must be a non-empty text")
    sections = []
    for section in data.sections:
        where = f"section {section.id}"
        _texts_present(path, f"{where}: title", section.title)
        if len(section.fr) != len(section.en):
            raise fail(f"{where}: {len(section.fr)} French paragraphs but {len(section.en)} English ones: "
                       "each language has the same paragraphs")
        if not section.fr and not section.cards_of:
            raise fail(f"{where}: needs at least one paragraph (fr = [...], en = [...])")
        for lang in LANGUAGES:
            if not all(paragraph.strip() for paragraph in getattr(section, lang)):
                raise fail(f"{where}: field '{lang}': a paragraph is empty")
        for keyword_id in section.keywords:
            if keyword_id not in data.keywords:
                raise fail(f"{where}: unknown keyword {keyword_id!r} (declare it under [keywords])")
        if section.cards or section.cards_of:
            if cards is None:
                raise fail(f"{where}: links to cards, but this game has no card data")
            for card_id in section.cards:
                if card_id not in cards:
                    raise fail(f"{where}: unknown card {card_id!r}")
            if section.cards_of is not None and section.cards_of not in cards.sides:
                raise fail(f"{where}: field 'cards_of': unknown side {section.cards_of!r} "
                           f"(expected {', '.join(cards.sides)})")
        sections.append(Section(
            id=section.id,
            title={"fr": section.title.fr, "en": section.title.en},
            paragraphs={"fr": tuple(section.fr), "en": tuple(section.en)},
            keywords=tuple(section.keywords),
            cards=tuple(section.cards),
            cards_of=section.cards_of,
            card_facts=section.card_facts,
        ))
    ids = {section.id for section in sections}
    for code, section_id in data.refusals.items():
        if section_id not in ids:
            raise fail(f"refusals: {code} = {section_id!r} names no section")
    keywords = {key: Keyword(key, {"fr": k.fr, "en": k.en}, tuple(k.also)) for key, k in data.keywords.items()}
    return GameRules(game_id, {"fr": data.summary.fr, "en": data.summary.en}, tuple(sections), keywords,
                     dict(data.refusals), path, cards)


def _texts_present(path: Path, where: str, texts: _Texts) -> None:
    if not texts.fr.strip() or not texts.en.strip():
        raise RulesDataError(path, f"{where}: needs a French and an English text (fr = …, en = …)")


__all__ = ["GameRules", "Keyword", "RulesDataError", "Section", "load", "parse", "rules_file"]
