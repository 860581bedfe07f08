"""A game that ends with a score is kept in the records at the table, once, and the table hears how it compares."""

from __future__ import annotations

import os
import sqlite3
import threading
import types
from pathlib import Path
from typing import Any

import pytest

from companion import journal, records
from companion.games.base import Outcome, OutcomeKind, options_to_json
from companion.registry import find
from companion.session import RecordsKeeper
from tests.conftest import make_session, run_lines


def test_a_finished_game_is_recorded_once_and_compared() -> None:
    first, recorder = make_session("num-x", players=2)
    assert run_lines(first, recorder, "blocked")[-1] == "A new record."
    second, recorder = make_session("num-x", players=2)
    assert run_lines(second, recorder, "blocked")[-1] == "0: the record to beat."
    best = records.best("num-x", first.table.rules.variant_of(first.table.options), 2)
    assert best is not None and best.games == 2 and best.score == 0


def test_a_replayed_game_is_not_recorded_again(tmp_path: Path) -> None:
    path = tmp_path / "n.jsonl"
    saved = journal.Journal.create(path, "num-x", options_to_json(find("num-x").rules.options_type(players=2)))
    session, recorder = make_session("num-x", journal=saved, players=2)
    run_lines(session, recorder, "blocked")
    session.close()
    again, _ = make_session("num-x", players=2)
    again.table.restore(journal.read(path))
    assert again.table.is_over
    assert records.best("num-x", again.table.rules.variant_of(again.table.options), 2).games == 1  # type: ignore[union-attr]


def test_a_damaged_records_file_is_one_sentence_and_the_game_goes_on() -> None:
    path = records.records_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"not a database at all" * 100)
    session, recorder = make_session("num-x", players=2)
    texts = run_lines(session, recorder, "blocked")
    assert texts[-1] == records.problem_sentence(records.RecordsError("damaged", path), "en")
    assert session.table.is_over and os.path.exists(path)


def test_a_game_not_over_records_nothing() -> None:
    session, recorder = make_session(players=2)
    RecordsKeeper().keep(session)
    assert records.records("gauntlet") == []


def _ended(monkeypatch: pytest.MonkeyPatch, session: Any, outcome: Outcome) -> None:
    """The table's game ends as ``outcome`` says (the rules' own end is tested with each game)."""
    monkeypatch.setattr(type(session.table), "outcome", property(lambda table: outcome))


def test_a_mindbug_game_is_counted_without_a_score(monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    from companion.games.mindbug import Reason

    session, recorder = make_session("mindbug", players=2)
    _ended(monkeypatch, session, Outcome(OutcomeKind.WIN, ("p1",), Reason.LIVES))
    recorder.clear()
    RecordsKeeper().keep(session)
    assert recorder.texts == []  # no record to beat: nothing to say at the table
    [kept] = records.records("mindbug")
    assert (kept.score, kept.games, kept.players) == (None, 1, 2)
    assert _records(capsys, "mindbug", "en") == (0, "Mindbug, default options, 2 players: 1 game.\n", "")


def test_a_completed_the_void_game_counts_as_completed(monkeypatch: pytest.MonkeyPatch,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    from companion.games.the_void import Reason

    session, recorder = make_session("the-void")
    _ended(monkeypatch, session, Outcome(OutcomeKind.SCORE, ("p1", "p2", "p3", "p4"), Reason.ROUNDS, 12))
    RecordsKeeper().keep(session)
    status, out, _ = _records(capsys, "the-void", "fr")
    assert status == 0 and out.endswith(" : record 12, 1 partie, 1 réussie.\n"), out
    assert out.startswith("The Void, ") and "=" not in out


def test_records_names_an_alias_and_refuses_an_unknown_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert _records(capsys, "gant", "en") == (0, "Infinity Gauntlet: no finished game recorded yet.\n", "")
    assert _records(capsys, "gant", "fr") == (
        0, "Le Gant d'Infinité : aucune partie finie enregistrée pour l'instant.\n", "")
    status, out, err = _records(capsys, "chess", "en")
    assert (status, out) == (2, "") and err.startswith("Unknown game: chess. Games: gauntlet, ")


def test_the_variant_is_said_in_words_and_counts_agree_in_french(capsys: pytest.CaptureFixture[str]) -> None:
    records.record("num-x", "coop lock=off", 3, 54, True)
    status, out, _ = _records(capsys, "num-x", "fr")
    assert status == 0
    assert out == "Num-X, mode coopératif, lock off, 3 joueurs : record 54, 1 partie, 1 réussie.\n"
    records.record("num-x", "coop lock=off", 3, 40, False)
    assert _records(capsys, "num-x", "en")[1] == (
        "Num-X, cooperative mode, lock off, 3 players: record 54, 2 games, 1 completed.\n")


def test_control_characters_of_the_records_file_are_shown_escaped(capsys: pytest.CaptureFixture[str]) -> None:
    records.record("evil\x1b[2J", "a\x07b", 2, 1, False)
    status, out, _ = _records(capsys, None, "en")
    assert status == 0 and "\x1b" not in out and "\x07" not in out
    assert out == "evil\\x1b[2J, a\\x07b, 2 players: record 1, 1 game.\n"


def test_a_records_write_meeting_a_lock_is_tried_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """Another program holds the file for a moment: the game is kept all the same, after a bounded wait."""
    records.record("num-x", "coop", 3, 10, False)
    monkeypatch.setattr(records, "TIMEOUT", 0.1)
    monkeypatch.setattr(records, "PAUSE", 0.3)
    holder = sqlite3.connect(records.records_path(), isolation_level=None, check_same_thread=False)
    holder.execute("BEGIN EXCLUSIVE")
    release = threading.Timer(0.25, lambda: holder.execute("ROLLBACK"))
    release.start()
    try:
        records.record("num-x", "coop", 3, 11, False)
    finally:
        release.join()
        holder.close()
    assert records.best("num-x", "coop", 3).games == 2  # type: ignore[union-attr]


def test_a_records_write_locked_throughout_says_the_game_is_not_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(records, "TIMEOUT", 0.05)
    monkeypatch.setattr(records, "PAUSE", 0.01)
    records.record("num-x", "coop", 2, 1, False)
    holder = sqlite3.connect(records.records_path(), isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        session, recorder = make_session("num-x", players=2)
        texts = run_lines(session, recorder, "blocked")
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert texts[-1] == (f"The records file {records.records_path()} stayed in use by another program. "
                         "This game is not kept in the records.")


def _records(capsys: pytest.CaptureFixture[str], game: str | None, lang: str) -> tuple[int, str, str]:
    status = records.main(types.SimpleNamespace(game=game, lang=lang), print)
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_undoing_the_end_of_a_game_takes_it_out_of_the_records_and_redo_keeps_it_again() -> None:
    session, recorder = make_session("num-x", players=2)
    variant = session.table.rules.variant_of(session.table.options)
    assert run_lines(session, recorder, "blocked")[-1] == "A new record."
    assert run_lines(session, recorder, "undo")[-1] == "This game is taken out of the records."
    assert records.best("num-x", variant, 2) is None
    assert run_lines(session, recorder, "redo")[-1] == "A new record."
    assert records.best("num-x", variant, 2).games == 1  # type: ignore[union-attr]
    # Undone again, then ended again by a new command: still one game.
    run_lines(session, recorder, "undo\nblocked")
    assert records.best("num-x", variant, 2).games == 1  # type: ignore[union-attr]
