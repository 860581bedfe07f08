"""A game counts once in the records however often it is resumed, its end undone and finished again (an audit at a
real table: a finished The Void game resumed, its end undone, finished again, was counted twice). The records key
each game by its save file's id; an old records file opens, keeps its games and gains the key in place."""

from __future__ import annotations

import contextlib
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from companion import journal, records
from companion.games.base import options_to_json
from companion.registry import find
from tests.conftest import make_session, run_lines

pytestmark = pytest.mark.timeout(120)

VOID = find("the-void")
#: No error allowed: a card and `error` end the game (lost, score 0), a real end that undo takes back.
OPTIONS = {"difficulty": "gros-mytho"}


def _variant() -> str:
    return VOID.rules.variant_of(VOID.rules.options_type(**OPTIONS))


def _games() -> int:
    found = records.best("the-void", _variant(), 4)
    return 0 if found is None else found.games


def _resumed(path: Path):
    """The save at ``path`` resumed as ``companion play --resume`` does: replayed silently, then written on."""
    writable, saved = journal.Journal.resume(path, from_checkpoint=True)
    session, recorder = make_session("the-void", **OPTIONS)
    session.table.restore(saved)
    session.table.use_journal(writable)
    return session, recorder


def test_a_finished_game_resumed_undone_and_finished_again_counts_once(tmp_path: Path) -> None:
    path = tmp_path / "void.jsonl"
    saved = journal.Journal.create(path, "the-void", options_to_json(VOID.rules.options_type(**OPTIONS)))
    session, recorder = make_session("the-void", journal=saved, **OPTIONS)
    assert run_lines(session, recorder, "6 red\nerror")[-1] == "A new record."
    session.close()
    for _ in range(2):  # resumed twice: each time its end undone (the earlier run's record stays), then ended again
        session, recorder = _resumed(path)
        assert session.table.is_over
        assert "This game is taken out of the records." not in run_lines(session, recorder, "undo")
        assert _games() == 1
        assert run_lines(session, recorder, "error")[-1] == "A new record."  # its own earlier end is no record
        assert _games() == 1
        session.close()
    # Undone again in the same run: the game leaves the records, redo keeps it again, still once.
    session, recorder = _resumed(path)
    run_lines(session, recorder, "undo\nerror")
    assert run_lines(session, recorder, "undo")[-1] == "This game is taken out of the records."
    assert _games() == 0
    run_lines(session, recorder, "redo")
    assert _games() == 1
    session.close()


def test_the_same_finish_from_two_save_files_counts_twice_and_a_game_without_one_always_adds() -> None:
    for save_id in ("a", "b", None, None):
        records.record("the-void", "standard", 4, 3, True, winners=records.TABLE, save_id=save_id)
    assert records.best("the-void", "standard", 4).games == 4  # type: ignore[union-attr]


def test_a_game_finished_again_is_compared_with_the_others_only() -> None:
    assert records.record("the-void", "standard", 4, 10, True, save_id="a").beats_best
    assert records.record("the-void", "standard", 4, 5, True, save_id="b").previous_best == 10
    again = records.record("the-void", "standard", 4, 7, True, save_id="a")
    assert again.previous_best == 5 and again.beats_best  # not "10: the record to beat": the 10 was this game's
    best = records.best("the-void", "standard", 4)
    assert best is not None and (best.games, best.score) == (2, 7)


def test_a_save_file_keeps_its_game_id_when_resumed_and_copied(tmp_path: Path) -> None:
    with journal.Journal.create(tmp_path / "a.jsonl", "the-void", {}) as first:
        kept = first.save_id
        with first.save_copy(tmp_path / "b.jsonl", []) as copy:
            assert copy.save_id == kept
    assert len(kept) == 32 and journal.read(tmp_path / "a.jsonl").header.id == kept
    assert journal.read(tmp_path / "b.jsonl").save_id == kept
    with journal.Journal.create(tmp_path / "c.jsonl", "the-void", {}) as other:
        assert other.save_id != kept
    resumed, saved = journal.Journal.resume(tmp_path / "a.jsonl")
    with resumed:
        assert resumed.save_id == saved.save_id == kept


def test_a_save_from_before_the_ids_has_one_that_stays_the_same(tmp_path: Path) -> None:
    header = '{"format":"companion-journal","version":2,"game":"the-void","options":{},"settings":{},"created":"%s"}\n'
    (tmp_path / "old.jsonl").write_text(header % "2026-12-01T20:00:00", encoding="utf-8")
    (tmp_path / "other.jsonl").write_text(header % "2026-12-01T20:00:01", encoding="utf-8")
    first = journal.read(tmp_path / "old.jsonl").save_id
    assert first == journal.read(tmp_path / "old.jsonl").save_id and first.startswith("h") and len(first) == 33
    assert journal.read(tmp_path / "other.jsonl").save_id != first


def _current_file(path: Path) -> None:
    """A records file as the companion before the save ids writes it (user_version 2, with the winners)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with contextlib.closing(sqlite3.connect(path)) as db, db:
        db.executescript(
            "CREATE TABLE games (id INTEGER PRIMARY KEY, game TEXT NOT NULL, variant TEXT NOT NULL, players INTEGER "
            "NOT NULL, score INTEGER NOT NULL, won INTEGER NOT NULL, finished TEXT NOT NULL, winners TEXT);"
            "CREATE INDEX games_key ON games (game, variant, players, score);"
            "CREATE TABLE unscored (id INTEGER PRIMARY KEY, game TEXT NOT NULL, variant TEXT NOT NULL, players "
            "INTEGER NOT NULL, won INTEGER NOT NULL, finished TEXT NOT NULL, winners TEXT);"
            "INSERT INTO games VALUES (1, 'the-void', 'standard', 4, 12, 1, '2026-12-01T20:00:00', '\"table\"');"
            "INSERT INTO games VALUES (2, 'the-void', 'standard', 4, 12, 1, '2026-12-01T21:00:00', '\"table\"');"
            "INSERT INTO unscored VALUES (1, 'mindbug', 'standard', 2, 1, '2026-12-01T22:00:00', '[[\"p1\", \"Ana\"]]');"
            "PRAGMA user_version = 2;")


def _layout(path: Path) -> tuple[int, set[str], list[str]]:
    with contextlib.closing(sqlite3.connect(path)) as db:
        return (db.execute("PRAGMA user_version").fetchone()[0],
                {row[1] for row in db.execute("PRAGMA table_info(games)")},
                sorted(row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'index' "
                                                    "AND sql LIKE '%UNIQUE%'")))


def test_a_records_file_of_the_previous_layout_opens_keeps_its_games_and_gains_the_key(
        capsys: pytest.CaptureFixture[str]) -> None:
    path = records.records_path()
    _current_file(path)
    line = "4 players, The Void, default options: {} games, record {}. {} won by the table.\n"
    assert records.main(type("Args", (), {"game": None, "lang": "en"})(), print) == 0
    assert line.format(2, 12, 2) in capsys.readouterr().out  # read as it is: nothing changed by reading
    assert _layout(path)[0] == 2
    for score in (5, 14):  # one game, finished twice
        records.record("the-void", "standard", 4, score, True, winners=records.TABLE, save_id="g1")
    assert _layout(path) == (records.VERSION, {"id", "game", "variant", "players", "score", "won", "finished",
                                               "winners", "save_id"}, ["games_save", "unscored_save"])
    assert records.main(type("Args", (), {"game": None, "lang": "en"})(), print) == 0
    out = capsys.readouterr().out
    assert line.format(3, 14, 3) in out and "2 players, Mindbug, default options: 1 game. 1 won by Ana.\n" in out


def test_resumed_finished_again_at_the_command_line_counts_once(tmp_path: Path) -> None:
    """The audit's steps through ``companion play``: a save finished, resumed, its end undone, finished again."""
    save = tmp_path / "void.jsonl"
    env = dict(os.environ, COMPANION_DATA_DIR=str(tmp_path / "data"))
    play = [sys.executable, "-m", "companion", "play", "the-void", "--lang", "en", "--difficulty", "gros-mytho"]
    for args, lines in (([], "6 red\nerror\n"), (["--resume"], "undo\nerror\n")):
        run = subprocess.run([*play, *args, str(save)] if args else [*play, "--save", str(save)], input=lines,
                             capture_output=True, text=True, env=env, timeout=100)
        assert run.returncode == 0 and "A new record." in run.stdout, run.stdout + run.stderr
    listed = subprocess.run([sys.executable, "-m", "companion", "records", "the-void", "--lang", "en"],
                            capture_output=True, text=True, env=env, timeout=100)
    assert listed.stdout == ("4 players, The Void, no error allowed at the big fibber level. 1 game, record 0. "
                             "1 lost by the table.\n"), listed.stdout + listed.stderr
