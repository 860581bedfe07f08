"""Issue 32: every option of every game is said in words, from the game's catalog, in the reader's language.

A records line of a French reader said "Love Letter, tie none" and "The Void, discards count": option syntax, in
English. The cases are enumerated from each game's `OptionSpec` declarations (every option, every allowed value), so
an option added without words fails here. In-process, about a second.
"""

from __future__ import annotations

import functools
import re
from typing import Any

import pytest
from msgspec.structs import replace
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from companion import records, registry
from companion.games.base import OptionSpec
from companion.i18n import LOCALE_DIR
from companion.render import Context, OptionWords, Settings
from tests.sentence_audit import breaks

LANGS = ("en", "fr")


def allowed(option: OptionSpec) -> list[str]:
    """Every value ``option`` allows, as a records variant writes it."""
    if option.choices:
        return [str(value) for value in option.choices]
    if option.type is int and option.low is not None and option.high is not None:
        return [str(value) for value in range(option.low, option.high + 1)]
    if option.type is bool:
        return ["True", "False"]
    raise AssertionError(f"{option.name}: declare its choices or its range, so its words can be checked")


def cases(games: list[Any]) -> list[tuple[Any, OptionSpec, str]]:
    return [(game, option, value) for game in games for option in game.spec.options for value in allowed(option)]


@functools.cache
def catalog(domain: str) -> Catalog:
    with (LOCALE_DIR / "fr" / "LC_MESSAGES" / f"{domain}.po").open("rb") as handle:
        return read_po(handle)


def _words(text: str) -> set[str]:
    return set(re.findall(r"[^\W\d_]+", re.sub(r"\{\w+\}", "", text).casefold()))


def said(game: Any, option: OptionSpec, value: str, lang: str) -> str | None:
    words = game.renderer.option_words.get(option.name)
    return words.said(value, Context(Settings(lang), None, game.renderer.domain)) if words is not None else None


def vocabularies(games: list[Any]) -> dict[str, set[str]]:
    """The words only one language uses to say the options: in English the message ids and the options' syntax
    ("lock", "tie", "none"), in French their translations in the catalog ("verrou", "égalité"). A line in the other
    language must hold none of them."""
    english, french = set[str](), set[str]()
    for game, option, value in cases(games):
        english |= _words(option.name) | _words(value)
        words = game.renderer.option_words.get(option.name)
        message = words.message(value) if words is not None else None
        if message is None:
            continue
        english |= _words(" ".join([message] if isinstance(message, str) else message))
        entry = catalog(game.renderer.domain).get(message if isinstance(message, str) else message[0])
        if entry is not None:
            french |= _words(" ".join([entry.string] if isinstance(entry.string, str) else entry.string or ()))
    return {"en": english - french, "fr": french - english}


def problems(game: Any, option: OptionSpec, value: str, own: dict[str, set[str]]) -> list[str]:
    """What is wrong with how ``option=value`` is said in a records line: words missing from the renderer or the
    catalog, words of the other language (``own``: `vocabularies`), a sentence over 15 words."""
    words: OptionWords | None = game.renderer.option_words.get(option.name)
    message = words.message(value) if words is not None else None
    if message is None:
        return [f"{game.id} {option.name}={value}: no words (add them to its renderer's option_words)"]
    found = []
    entry = catalog(game.renderer.domain).get(message if isinstance(message, str) else message[0])
    if entry is None or not any(note.startswith("Translators:") for note in entry.auto_comments):
        found.append(f"{game.id} {option.name}={value}: {message!r} is no catalog message with a translator's note")
    elif not all(entry.string if isinstance(entry.string, tuple) else (entry.string,)):
        found.append(f"{game.id} {option.name}={value}: {message!r} has no French")
    for lang, other in (("fr", "en"), ("en", "fr")):
        line = records.line(records.Best(game.id, f"{option.name}={value}", game.spec.default_players, 40, 1, 1), lang)
        phrase = said(game, option, value, lang) or ""
        if phrase not in line and phrase[:1].upper() + phrase[1:] not in line:
            found.append(f"{lang}: {phrase!r} not in {line!r}")
        stray = _words(line.replace(game.name(lang), "")) & own[other]
        if stray:
            found.append(f"{lang}: {sorted(stray)} in {line!r}")
        found += [f"{lang}: {broken}" for broken in breaks(line, lang)]
    return found


GAMES = list(registry.GAMES)


@functools.cache
def _all_vocabularies() -> dict[str, set[str]]:
    return vocabularies(GAMES)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_every_option_value_of_every_game_is_said_in_the_readers_language_from_the_catalog(game: Any) -> None:
    own = _all_vocabularies()
    found = [problem for _, option, value in cases([game]) for problem in problems(game, option, value, own)]
    assert found == [], "\n".join(found)


def test_the_real_variants_are_said_in_words() -> None:
    """A table's variant as the game names it (Num-X: the mode alone, ``decouverte``) is said by those words."""
    for game, option, value in cases(GAMES):
        if option.scope != "rules":
            continue
        options = game.rules.options_type(players=game.spec.default_players,
                                          **{option.name: option.type(value) if option.type is int else value})
        for lang in LANGS:
            say = records._variant_catalog(game, lang)
            for token in game.rules.variant_of(options).split():
                assert token == "standard" or say(token), (game.id, token, lang)


def test_an_option_without_words_or_catalog_fails_the_check(monkeypatch: pytest.MonkeyPatch) -> None:
    """The broken twins: a new option with no words, words outside the catalog, English words left in French."""
    love = registry.find("love-letter")
    surprise = OptionSpec("surprise", str, "a", "a new option", choices=("a", "b"))
    added = _with(love, spec=replace(love.spec, options=(*love.spec.options, surprise)))
    assert [value for _, _, value in cases([added])] == ["all", "none", "a", "b"]
    assert problems(added, surprise, "b", _all_vocabularies()) == [
        "love-letter surprise=b: no words (add them to its renderer's option_words)"]
    tie = love.spec.option("tie")
    untranslated = _with(love, renderer=replace(
        love.renderer, option_words={"tie": OptionWords({"all": "tie all", "none": "tie none"})}))
    find = registry.find
    monkeypatch.setattr(registry, "find", lambda name: untranslated if name == love.id else find(name))
    found = problems(untranslated, tie, "none", vocabularies([untranslated, *GAMES]))
    assert found[0] == "love-letter tie=none: 'tie none' is no catalog message with a translator's note"
    assert any(problem.startswith("fr: ['none', 'tie'] in ") for problem in found), found


def _with(game: Any, **parts: Any) -> Any:
    """``game`` with another spec or renderer (a stand-in: the registry's games are left as they are)."""
    fake = type("FakeGame", (), {})()
    fake.id, fake.name = game.id, game.name
    fake.spec = parts.get("spec", game.spec)
    fake.renderer = parts.get("renderer", game.renderer)
    fake.rules = game.rules
    return fake
