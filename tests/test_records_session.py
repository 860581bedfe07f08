"""A game that ends with a score is kept in the records at the table, once, and the table hears how it compares."""

from __future__ import annotations

import os
from pathlib import Path

from companion import journal, records
from companion.games.base import options_to_json
from companion.registry import find
from companion.session import RecordsKeeper
from tests.conftest import make_session, run_lines


def test_a_finished_game_is_recorded_once_and_compared() -> None:
    first, recorder = make_session("num-x", players=2)
    assert run_lines(first, recorder, "blocked")[-1] == "0: a new record."
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


def test_games_without_a_score_record_nothing() -> None:
    session, recorder = make_session(players=2)
    RecordsKeeper().keep(session)
    assert records.records("gauntlet") == []


def test_undoing_the_end_of_a_game_takes_it_out_of_the_records_and_redo_keeps_it_again() -> None:
    session, recorder = make_session("num-x", players=2)
    variant = session.table.rules.variant_of(session.table.options)
    assert run_lines(session, recorder, "blocked")[-1] == "0: a new record."
    assert run_lines(session, recorder, "undo")[-1] == "This game is taken out of the records."
    assert records.best("num-x", variant, 2) is None
    assert run_lines(session, recorder, "redo")[-1] == "0: a new record."
    assert records.best("num-x", variant, 2).games == 1  # type: ignore[union-attr]
    # Undone again, then ended again by a new command: still one game.
    run_lines(session, recorder, "undo\nblocked")
    assert records.best("num-x", variant, 2).games == 1  # type: ignore[union-attr]
