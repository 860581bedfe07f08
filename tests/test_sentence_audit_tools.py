"""The tools' sentences as a user hears them (issue 32): each tool run in French and English on real data, every
line it prints put through the sentence audit's checker.

tests/test_sentence_audit_outside.py reads the tools' sentences from their catalogs, with sample values; this file
runs the commands themselves (``companion.cli.main`` in-process, stdout and stderr captured, as tests/test_doctor.py
does): ``review`` of a finished save of a short game played with names, ``records`` of a file with a few lines
(cooperative, with winners named, without a name, and from before the winners were kept), ``stickers`` to a
temporary .svg, the ``saves`` listing, ``simulate`` of a few games and ``doctor``, with a refusal of each where one
is cheap. Every line goes through `tests.sentence_audit.breaks` (at most 15 words a sentence, the number first,
said once, the names given, no slip of grammar) and `tests.sentence_audit.english_in_french`. The coverage (tools
and sentences heard) is printed in the terminal summary, as the event audit's is.
"""

from __future__ import annotations

import contextlib
import io
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from companion import journal, records
from companion.games.base import options_to_json
from companion.registry import find
from tests.conftest import make_session, run_lines
from tests.sentence_audit import NUMBER, breaks, english_in_french, sentences

pytestmark = pytest.mark.timeout(60)
NAMES = ("Ana", "Bo")
#: What a tool prints that is not a sentence of the companion's: a path, a file name, a date and time, a transcript's
#: step number ("12. "). Each is heard as one neutral word ("Bo" needs no elision), as the catalog audit fills fields.
NOT_WORDS = (re.compile(r"(?:[\w.-]*/[\w./-]+|[\w-]+\.(?:jsonl|svg|pef|pdf|txt|sqlite3))"),
             re.compile(r"\d{4}-\d\d-\d\d(?:[ T]\d\d:\d\d(?::\d\d)?)?"))
STEP = re.compile(r"^\d+\. ")


def _save(folder: Path) -> Path:
    """A finished save of a short game with names: Num-X Adversaire, both players blocked, a tie."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "adversaire.jsonl"
    options = find("num-x").rules.options_type(players=2, mode="adversaire", names=NAMES)
    saved = journal.Journal.create(path, "num-x", options_to_json(options))
    session, recorder = make_session("num-x", journal=saved, players=2, mode="adversaire", names=NAMES)
    run_lines(session, recorder, "status\nblocked\nblocked")
    session.close()
    return path


def _records() -> None:
    """A records file with a few lines: the game above (won by its names), a cooperative loss, an unnamed winner,
    a line kept before the winners were."""
    session, recorder = make_session("num-x", players=3, names=("Ana", "Bo", "Cy"), lock="off")
    run_lines(session, recorder, "blocked")
    records.record("the-void", "standard", 4, 12, True, winners=records.TABLE)
    records.record("mindbug", "standard", 2, None, True, winners=(("p2", None),))
    records.record("mindbug", "standard", 2, None, True, winners=(("p1", "Ana"),))
    records.record("love-letter", "standard", 4, None, True)


def _commands(data: Path, lang: str, tmp: Path) -> dict[str, list[list[str]]]:
    """Each tool's command lines, in ``lang`` (their refusals included where cheap)."""
    save = str(data / "saves" / "adversaire.jsonl")
    return {
        "review": [["review", save], ["review", save, "-o", str(tmp / f"review-{lang}.txt")],
                   ["review", str(tmp / "missing.jsonl")]],
        "records": [["records"], ["records", "num-x"], ["records", "gant"], ["records", "chess"]],
        "stickers": [["stickers", "love-letter", "-o", str(tmp / f"stickers-{lang}.svg")],
                     ["stickers", "love-letter", "-o", str(tmp / "stickers.txt")]],
        "saves": [["saves"], ["saves", "mindbug"], ["saves", "--delete", "missing.jsonl"],
                  ["saves", "--delete-finished", "--older-than", "0"]],  # after the review: the save goes
        "simulate": [["simulate", "num-x", "--games", "3", "--players", "2", "3", "--workers", "1"],
                     ["simulate", "num-x", "--games", "2", "--set", "mode=adversaire", "--players", "5",
                      "--workers", "1"],
                     ["simulate", "the-void"]],
        "doctor": [["doctor"]],
    }


def _printed(argv: list[str], lang: str) -> list[str]:
    """What ``companion ARGV --lang LANG`` prints, standard output and error, line by line."""
    from companion.cli import main

    out, err = io.TextIOWrapper(io.BytesIO(), encoding="utf-8"), io.StringIO()  # review writes bytes to the buffer
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err), contextlib.suppress(SystemExit):
        main([*argv, "--lang", lang])
    out.flush()
    said = out.buffer.getvalue().decode("utf-8") + err.getvalue()  # type: ignore[attr-defined]
    return [line for line in said.splitlines() if line.strip()]


def heard_as_said(line: str) -> str:
    """A printed line as the checker hears it: paths and dates one neutral word, a transcript's number gone."""
    for pattern in NOT_WORDS:
        line = pattern.sub("Bo", line)
    return STEP.sub("", line)


#: Tools whose lines are rows of a listing, each naming its item first (a save's game, a transcript's sentence
#: already heard by the event audit), as the event audit's answers do (`tests.sentence_audit.ANSWERS`): after the
#: tool's first line, no number-first rule.
LISTINGS = frozenset({"saves", "review"})
#: Tools whose lines name the players of many tables (records: "player 2" was a game played without names).
MANY_TABLES = frozenset({"records"})


def audit_line(line: str, lang: str, tool: str = "", row: bool = False) -> list[str]:
    """The breaks of one printed line: every number it says is one it carries (so each comes first, but in a row of
    a listing), and French holds no English word."""
    said = heard_as_said(line)
    numbers = [] if row and tool in LISTINGS else [int(n) for n in NUMBER.findall(said)]
    found = breaks(said, lang, () if tool in MANY_TABLES else NAMES, numbers)
    if lang == "fr":
        found += [f"English in French, {word!r}: {said}" for s in sentences(said) for word in english_in_french(s)]
    return found


def hear_tools(lang: str, tmp: Path, printed: Callable[[list[str], str], list[str]] = _printed) -> tuple[
        dict[str, int], list[str]]:
    """Every tool run on real data in ``lang``: the sentences heard per tool, and every break found."""
    from companion.cards import data_dir

    data = data_dir()
    _save(data / "saves")
    _records()
    heard: dict[str, int] = {}
    found: list[str] = []
    for tool, commands in _commands(data, lang, tmp).items():
        for argv in commands:
            for index, line in enumerate(printed(argv, lang)):
                heard[tool] = heard.get(tool, 0) + len(sentences(heard_as_said(line)))
                found.extend(f"{tool} ({' '.join(argv[:2])}): {b}" for b in audit_line(line, lang, tool, index > 0))
    return heard, sorted(set(found))


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_tool_says_sentences_that_break_no_rule(lang: str, tmp_path: Path, record_property: Any) -> None:
    heard, found = hear_tools(lang, tmp_path)
    record_property("sentence_audit", f"sentence audit, tools run in {lang}: {len(heard)} tools, "
                                      f"{sum(heard.values())} sentences heard ("
                                      + ", ".join(f"{tool} {count}" for tool, count in sorted(heard.items())) + ")")
    assert set(heard) == {"review", "records", "stickers", "saves", "simulate", "doctor"}, heard
    assert not found, f"{len(found)} breaks:\n" + "\n".join(found[:60])


@pytest.mark.parametrize(("line", "lang", "tool", "kind"), [
    # What the tools printed before this audit heard them (issue 32), each caught.
    ("Num-X, mode coopératif, actions on, lock off, extra allowed, 2 joueurs : record 0, 1 partie, 0 réussie.", "fr",
     "records", "number not first"),
    ("Num-X, mode coopératif, actions on, lock off, extra allowed, 2 joueurs : record 0, 1 partie, 0 réussie.", "fr",
     "records", "English in French, 'lock'"),
    ("2 joueurs : 80,0 % de victoires (intervalle à 95 % de 37,6 à 96,4), score moyen 84,8 sur 93, 5 parties.", "fr",
     "simulate", "19 words"),
    ("Adversaire is for 2 to 4 players: 5 players cannot be simulated in it.", "en", "simulate", "number not first"),
    ("The game is finished at turn 2.", "en", "review", "number not first"),
    ("Private pages (--serve): no browser needed here; each player opens the address said, on their own device.",
     "en", "doctor", "17 words"),
    ("La partie n'est pas finie : la sauvegarde s'arrête au tour 2.", "fr", "review", "number not first"),
    ("companion stickers: give -o FILE ending in .svg or .pdf (the braille .pef is written beside it).", "en",
     "stickers", "17 words"),
])
def test_the_tool_audit_catches_what_the_tools_said_before(line: str, lang: str, tool: str, kind: str) -> None:
    """The audit's broken twin: lines the tools printed before it, each with the break it finds."""
    found = audit_line(line, lang, tool)
    assert any(kind in b for b in found), found


def test_french_may_name_programs_games_and_what_is_typed_but_holds_no_english_word() -> None:
    assert english_in_french("Speech Dispatcher est installé : il démarre avec --speech speechd.") == []
    assert english_in_french("Jeux : gauntlet, love-letter, the-void ; tapez companion stickers.") == []
    assert english_in_french("4 joueurs, The Void, options par défaut : 1 partie, record 12.") == []
    assert english_in_french("3 joueurs, Num-X, lock off, extra allowed : 2 games.") == ["lock", "off", "allowed",
                                                                                         "games"]


def test_a_row_of_a_listing_names_its_item_first() -> None:
    """A saves row says the game first, as the event audit's answers do; the listing's first line is held to it."""
    row = "Num-X, Ana et Bo, tour 2, finie, 2026-12-02 12:18 : num-x_2026-12-02_12-18-15.jsonl"
    assert audit_line(row, "fr", "saves", row=True) == []
    assert any("number not first" in b for b in audit_line(row, "fr", "saves", row=False))
