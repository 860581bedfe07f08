"""The sentence audit's other half (tests/test_sentence_audit.py hears the games' events): every refusal random play
meets, and the sentences said outside a game's events (the pages, the terminal UI, the tools, doctor, the core).

Apart so that xdist (``--dist loadfile``) runs the two halves on two cores.
"""

from __future__ import annotations

import argparse
import functools
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.registry import GAMES, find
from tests.sentence_audit import breaks
from tests.test_sentence_audit import NAMES, SEEDS

pytestmark = pytest.mark.timeout(120)


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("game_id", [g.id for g in GAMES])
def test_refusals_met_in_random_games_break_no_sentence_rule(game_id: str, lang: str) -> None:
    """The rules' refusals that random play meets (tests/conformance.py ``play_randomly``), said with names given."""
    from companion.render import Context, Settings

    game = find(game_id)
    names = NAMES[:game.spec.default_players]
    cards = game.cards()
    ctx = Context(Settings(lang), cards, game.renderer.domain, names, game.parser.vocabulary)
    found = sorted({f"refusal {code}: {b}" for code, details in refusals_met(game_id)
                    for b in breaks(game.renderer.render_error(code, details, ctx), lang, names)})
    assert not found, f"{len(found)} breaks:\n" + "\n".join(found[:40])


@functools.cache
def refusals_met(game_id: str) -> tuple[tuple[str, dict[str, Any]], ...]:
    """The refusals (code, details) of `SEEDS`' random games of ``game_id``, names given: played once for both
    languages (the rules know no language; the same seed plays the same game)."""
    from tests.conformance import play_randomly

    game = find(game_id)
    players = game.spec.default_players
    options = game.rules.options_type(players=players, names=NAMES[:players])
    return tuple((code, details) for seed in SEEDS
                 for code, details in play_randomly(game.rules, options, game.cards(), seed).refusals.items())


# ----------------------------------------------------------------- the pages' and the tools' sentences

#: The catalogs of what is said outside a game's events: the pages (``web``: the feed, refusals, seat messages),
#: the terminal UI, the tools (saves, records, simulate, stickers) and doctor. After the page narrator is merged,
#: its sentences are still the ``web`` catalog's: this test hears them from there (add its domain here if it has one).
OUTSIDE_DOMAINS = ("web", "ui", "tools", "doctor", "core")
#: Sample values for a message's fields: numbers where the field counts, else a name that needs no elision.
NUMERIC_FIELDS = re.compile(r"count|^n$|number|players|cells|low|high|length|limit|total|seconds|games|percent|size"
                            r"|rate|score")
FIELD = re.compile(r"\{(\w*)[^{}]*\}")
#: Catalog sentences found too long or wrong by this audit and not yet fixed: "domain<TAB>msgid" lines.
KNOWN_CATALOG_BREAKS = Path(__file__).with_name("data") / "sentence_audit_known.tsv"


def _parsers(parser: argparse.ArgumentParser) -> Iterator[argparse.ArgumentParser]:
    """``parser`` and every sub-command's parser under it."""
    yield parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in dict.fromkeys(action.choices.values()):
                yield from _parsers(sub)


@functools.cache
def help_texts() -> frozenset[str]:
    """What ``companion … --help`` prints, in English, for every command and every game's options.

    Read on the terminal's screen, as a manual page is, never said by the companion: not held to the spoken
    sentences' rules (an option's help is a phrase such as "with --serve: … (default: …)").
    """
    from companion.cli import build_parser

    texts: set[str] = set()
    for game in (None, *GAMES):
        for parser in _parsers(build_parser("en", game)):
            texts.update(t for t in (parser.description, parser.epilog) if t)
            texts.update(str(action.help) for action in parser._actions if action.help)
            texts.update(str(c.help) for a in parser._actions if isinstance(a, argparse._SubParsersAction)
                         for c in a._choices_actions if c.help)
    return frozenset(texts)


def is_help(msgid: str) -> bool:
    """``msgid`` (its fields anything) is one of the `help_texts`, or all of one."""
    pattern = re.compile(FIELD.sub(lambda _: "(?s:.+?)", re.escape(msgid).replace(r"\{", "{").replace(r"\}", "}")))
    return any(pattern.fullmatch(text) for text in help_texts())


def fill(msgid: str, text: str) -> str:
    """``text`` (``msgid`` or its translation) with sample values: a name ("Bo"), or a number where the field counts.

    Each numeric field of the message has its own number (3, 4, 5… in the msgid's order), the same in both languages:
    "from {low} to {high}" is "from 3 to 4", as no table hears a range from a number to itself twice by accident.
    """
    numeric = [name for name in dict.fromkeys(FIELD.findall(msgid)) if NUMERIC_FIELDS.search(name)]
    return FIELD.sub(lambda m: str(3 + numeric.index(m.group(1))) if m.group(1) in numeric else "Bo", text)


def catalog_breaks(domain: str) -> tuple[int, list[tuple[str, str, str]]]:
    """Every message of ``domain``'s catalog, in English (the msgid) and French, its fields filled: (heard, breaks).

    Command-line help (`help_texts`: what ``--help`` prints) is read on screen, not said: it is left out. (The
    catalogs keep no source locations, so the help is found by building the parsers, not by file name.)
    """
    from babel.messages.pofile import read_po

    with (Path(__file__).parents[1] / "companion" / "locale" / "fr" / "LC_MESSAGES" / f"{domain}.po").open("rb") as po:
        catalog = read_po(po)
    heard, found = 0, []
    for message in catalog:
        if not message.id or is_help(message.id if isinstance(message.id, str) else message.id[0]):
            continue
        msgid = message.id if isinstance(message.id, str) else message.id[0]
        msgstr = message.string if isinstance(message.string, str) else message.string[0]
        for lang, text in (("en", msgid), ("fr", msgstr or msgid)):
            filled = fill(msgid, text)
            heard += 1
            found.extend((domain, msgid, f"{lang}: {b}") for b in breaks(filled, lang))
    return heard, found


@pytest.mark.parametrize("domain", OUTSIDE_DOMAINS)
def test_the_pages_and_tools_sentences_break_no_rule(domain: str, record_property: Any) -> None:
    heard, found = catalog_breaks(domain)
    known = known_catalog_breaks()
    record_property("sentence_audit", f"sentence audit, {domain} catalog: {heard} sentences heard, "
                                      f"{len({(d, m) for d, m, _ in found} & known)} marked to fix")
    unknown = sorted({f"{m!r}: {b}" for d, m, b in found if (d, m.replace("\n", " ")) not in known})
    stale = stale_marks(domain, found, known)
    assert not unknown, f"{len(unknown)} breaks:\n" + "\n".join(unknown[:40])
    assert not stale, f"{len(stale)} lines of {KNOWN_CATALOG_BREAKS.name} no longer break: remove them:\n" + "\n".join(stale)


def known_catalog_breaks() -> set[tuple[str, ...]]:
    """The marks of `KNOWN_CATALOG_BREAKS`: (domain, msgid with its new lines as spaces)."""
    return {tuple(line.split("\t", 1)) for line in KNOWN_CATALOG_BREAKS.read_text(encoding="utf-8").splitlines() if line}


def stale_marks(domain: str, found: list[tuple[str, str, str]], known: set[tuple[str, ...]]) -> list[str]:
    """The marks of ``domain`` whose sentence no longer breaks (reworded, or gone): each must go, none lingers."""
    breaking = {m.replace("\n", " ") for _, m, _ in found}
    return sorted(m for d, m in known if d == domain and m not in breaking)


def test_a_catalog_mark_whose_sentence_no_longer_breaks_is_found() -> None:
    """The marks' broken twin: a mark left after its sentence was reworded is stale; one still breaking is not."""
    found = [("web", "A very long sentence\nover two lines.", "en: 16 words: …")]
    known = {("web", "A very long sentence over two lines."), ("web", "Reworded long ago."), ("ui", "Other domain.")}
    assert stale_marks("web", found, known) == ["Reworded long ago."]


def test_a_help_line_is_read_not_said_and_a_sentence_is_said() -> None:
    """What ``--help`` prints is left out of the spoken sentences' rules; what is said is not."""
    assert is_help("how much is said of each change: terse, normal or full (the default: the game's)")
    assert is_help("{what}: {low} to {high}, default {default}")  # a game's option, its fields filled
    assert not is_help("That value is not possible: values go from {low} to {high}.")
    assert not is_help("{path} already exists: choose another file, or resume it with --resume.")


def test_each_numeric_field_has_its_own_sample_number() -> None:
    msgid = "{players} players: {rate} % won, {low} to {high}, for {name}."
    assert fill(msgid, msgid) == "3 players: 4 % won, 5 to 6, for Bo."
    assert fill(msgid, "{name} : de {low} à {high}") == "Bo : de 5 à 6"
    assert breaks(fill("This game is for {low} to {high} players.", "This game is for {low} to {high} players."),
                  "en") == []
