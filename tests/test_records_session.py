"""A game that ends with a score is kept in the records at the table, once, and the table hears how it compares."""

from __future__ import annotations

import contextlib
import os
import re
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
    assert _records(capsys, "mindbug", "en") == (0, "2 players, Mindbug, default options: 1 game. 1 won by player 1.\n", "")


def test_a_completed_the_void_game_is_won_by_the_table(monkeypatch: pytest.MonkeyPatch,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    from companion.games.the_void import Reason

    session, recorder = make_session("the-void")
    _ended(monkeypatch, session, Outcome(OutcomeKind.SCORE, ("p1", "p2", "p3", "p4"), Reason.ROUNDS, 12))
    RecordsKeeper().keep(session)
    status, out, _ = _records(capsys, "the-void", "fr")
    assert status == 0 and out.endswith(" : 1 partie, record 12. 1 gagnée par la table.\n"), out
    assert out.startswith("4 joueurs, The Void, ") and "=" not in out


def test_records_names_an_alias_and_refuses_an_unknown_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert _records(capsys, "gant", "en") == (0, "Infinity Gauntlet: no finished game recorded yet.\n", "")
    assert _records(capsys, "gant", "fr") == (
        0, "Le Gant d'Infinité : aucune partie finie enregistrée pour l'instant.\n", "")
    status, out, err = _records(capsys, "chess", "en")
    assert (status, out) == (2, "") and err.startswith("Unknown game: chess. Games: gauntlet, ")


def test_the_variant_is_said_in_words_and_counts_agree_in_french(capsys: pytest.CaptureFixture[str]) -> None:
    records.record("num-x", "coop lock=off", 3, 54, True, winners=records.TABLE)
    status, out, _ = _records(capsys, "num-x", "fr")
    assert status == 0
    assert out == "3 joueurs, Num-X, mode coopératif, sans verrou de couleur : 1 partie, record 54. 1 gagnée par la table.\n"
    records.record("num-x", "coop lock=off", 3, 40, False, winners=records.TABLE)
    assert _records(capsys, "num-x", "en")[1] == (
        "3 players, Num-X, cooperative mode, no colour lock: 2 games, record 54. 1 won by the table; 1 lost.\n")


def test_control_characters_of_the_records_file_are_shown_escaped(capsys: pytest.CaptureFixture[str]) -> None:
    records.record("evil\x1b[2J", "a\x07b", 2, 1, False)
    status, out, _ = _records(capsys, None, "en")
    assert status == 0 and "\x1b" not in out and "\x07" not in out
    assert out == "2 players, evil\\x1b[2J, a\\x07b: 1 game, record 1. 1 with no winner recorded.\n"


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


# ----------------------------------------------------------------- who won (issue 32: "no winner on most lines")


def test_a_game_won_by_named_players_names_them_in_the_records(capsys: pytest.CaptureFixture[str]) -> None:
    """A real game's end (Num-X Adversaire, both blocked, a tie at 0) keeps its winners by the names given."""
    session, recorder = make_session("num-x", players=2, mode="adversaire", names=("Ana", "Bo"))
    assert run_lines(session, recorder, "blocked\nblocked")[-2] == "0, the best score: Ana and Bo win."
    assert _records(capsys, "num-x", "en")[1].endswith(": 1 game, record 0. 1 won by Ana and Bo.\n")
    assert _records(capsys, "num-x", "fr")[1].endswith(" : 1 partie, record 0. 1 gagnée par Ana et Bo.\n")


def test_a_winner_without_a_name_is_the_player_in_the_readers_language(monkeypatch: pytest.MonkeyPatch,
                                                                       capsys: pytest.CaptureFixture[str]) -> None:
    from companion.games.mindbug import Reason

    for winner, names in (("p2", ("Ana", "Bo")), ("p2", ()), ("p1", ("Ana", "Bo"))):
        session, _ = make_session("mindbug", players=2, **({"names": names} if names else {}))
        _ended(monkeypatch, session, Outcome(OutcomeKind.WIN, (winner,), Reason.LIVES))
        RecordsKeeper().keep(session)
    assert _records(capsys, "mindbug", "en")[1] == (
        "2 players, Mindbug, default options: 3 games. 1 won by Ana; 1 by Bo; 1 by player 2.\n")
    assert _records(capsys, "mindbug", "fr")[1] == (
        "2 joueurs, Mindbug, options par défaut : 3 parties. 1 gagnée par Ana ; 1 par Bo ; 1 par joueur 2.\n")


def test_a_cooperative_game_is_won_or_lost_by_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    """Num-X's cooperative mode, played to a block with names given: the table lost, not a player."""
    session, recorder = make_session("num-x", players=2, names=("Ana", "Bo"))
    run_lines(session, recorder, "blocked")
    assert _records(capsys, "num-x", "en")[1].endswith(": 1 game, record 0. 1 lost by the table.\n")
    assert _records(capsys, "num-x", "fr")[1].endswith(" : 1 partie, record 0. 1 perdue par la table.\n")


def test_many_winners_are_said_in_sentences_of_at_most_15_words() -> None:
    from tests.sentence_audit import breaks, sentences

    names = ("Ana", "Bo", "Cy", "Eli", "Hugo", "Ida")
    for name in names:
        records.record("love-letter", "standard", 6, None, True, winners=(("p1", name),))
    [entry] = records.records("love-letter")
    for lang in ("en", "fr"):
        said = records.line(entry, lang)
        assert len(sentences(said)) == 3 and breaks(said, lang, names) == [], said
        assert said.count("Ida") == 1, said


def _old_file(path: Path) -> None:
    """A records file as companions before the winners wrote it (no winners column, user_version 0)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with contextlib.closing(sqlite3.connect(path)) as db, db:
        db.executescript(
            "CREATE TABLE games (id INTEGER PRIMARY KEY, game TEXT NOT NULL, variant TEXT NOT NULL, players INTEGER "
            "NOT NULL, score INTEGER NOT NULL, won INTEGER NOT NULL, finished TEXT NOT NULL);"
            "CREATE TABLE unscored (id INTEGER PRIMARY KEY, game TEXT NOT NULL, variant TEXT NOT NULL, players "
            "INTEGER NOT NULL, won INTEGER NOT NULL, finished TEXT NOT NULL);"
            "INSERT INTO games VALUES (1, 'num-x', 'coop', 3, 54, 1, '2026-01-01T20:00:00');"
            "INSERT INTO unscored VALUES (1, 'mindbug', 'standard', 2, 1, '2026-01-01T21:00:00');")


def _columns(path: Path) -> tuple[int, set[str]]:
    with contextlib.closing(sqlite3.connect(path)) as db:
        return (db.execute("PRAGMA user_version").fetchone()[0],
                {row[1] for row in db.execute("PRAGMA table_info(unscored)")})


def test_an_old_records_file_reads_without_winners_then_is_migrated_in_place(capsys: pytest.CaptureFixture[str]) -> None:
    path = records.records_path()
    _old_file(path)
    assert _records(capsys, None, "en")[1] == (
        "2 players, Mindbug, default options: 1 game. 1 with no winner recorded.\n"
        "3 players, Num-X, cooperative mode: 1 game, record 54. 1 with no winner recorded.\n")
    assert _columns(path) == (0, {"id", "game", "variant", "players", "won", "finished"})  # reading changes nothing
    records.record("mindbug", "standard", 2, None, True, winners=(("p2", "Bo"),))
    assert _columns(path) == (records.VERSION, {"id", "game", "variant", "players", "won", "finished", "winners",
                                                "save_id"})
    assert _records(capsys, "mindbug", "fr")[1] == (
        "2 joueurs, Mindbug, options par défaut : 2 parties. 1 gagnée par Bo ; 1 sans gagnant enregistré.\n")


def test_a_migration_that_fails_leaves_the_old_file_as_it_was(monkeypatch: pytest.MonkeyPatch) -> None:
    """The column is added in the write's own transaction: a write that fails after it rolls it back too."""
    path = records.records_path()
    _old_file(path)
    monkeypatch.setattr(records, "_winners_text", lambda winners: object())  # not a value SQLite can keep
    with pytest.raises(records.RecordsError):
        records.record("mindbug", "standard", 2, None, True, winners=records.TABLE)
    assert _columns(path) == (0, {"id", "game", "variant", "players", "won", "finished"})
    assert [entry.games for entry in records.records()] == [1, 1]


@pytest.mark.parametrize("value", ["x'00ff'", "42", "'not json'", "'[[1, 2]]'", "'[[\"P 1\", null]]'", "'{}'",
                                   "'[[\"p1\", 3]]'"])
def test_a_winners_column_holding_garbage_is_the_damaged_files_sentence(value: str,
                                                                        capsys: pytest.CaptureFixture[str]) -> None:
    from companion.cli import main

    records.record("mindbug", "standard", 2, None, True, winners=(("p1", "Ana"),))
    with contextlib.closing(sqlite3.connect(records.records_path())) as db, db:
        db.execute(f"UPDATE unscored SET winners = {value}")
    with pytest.raises(records.RecordsError) as caught:
        records.records()
    assert caught.value.reason == "damaged"
    capsys.readouterr()
    assert main(["records", "--lang", "fr"]) == 1
    said = capsys.readouterr()
    assert said.out + said.err == f"Le fichier des records {records.records_path()} est abîmé. " \
                                  "Déplacez-le : le compagnon en commencera un nouveau.\n", said


def test_every_num_x_option_of_a_variant_is_said_in_words_never_as_option_syntax() -> None:
    """Issue 32: "Num-X, options --mode coop --lock off" and "actions on, extra allowed" read option syntax aloud."""
    from companion.games import num_x
    from companion.registry import find

    rules = find("num-x").rules
    every = num_x.variant(rules.options_type(players=3, mode="decouverte", removed_family="red", actions="on",
                                             start="open", starters="any", lock="off", breaks="close",
                                             extra="allowed"))
    assert every == "decouverte removed_family=red actions=on start=open starters=any lock=off breaks=close extra=allowed"
    entry = records.Best("num-x", every, 3, 40, 1, 0)
    assert records.variant_words(every, find("num-x"), types.SimpleNamespace(lang="en")) == (
        "Discovery mode, without the red family, action cards, open starts, any card starts a pile, no colour lock, "
        "a break closes its branch, extra plays")
    assert all("=" not in records.line(entry, lang) and "_" not in records.line(entry, lang) for lang in ("en", "fr"))
    english = re.compile(r"\b(?:on|off|allowed|exact|open|any|close|lock|extra|starters|breaks|actions|family)\b")
    assert not english.search(records.line(entry, "fr")), records.line(entry, "fr")
    from tests.sentence_audit import breaks

    assert records.line(entry, "fr") == (
        "3 joueurs, Num-X, mode Découverte, sans la famille rouge, cartes action, départs ouverts. Toute carte ouvre "
        "une pile, sans verrou de couleur, une cassure ferme sa branche. Coups en plus. 1 partie, record 40.")
    assert all(breaks(records.line(entry, lang), lang) == [] for lang in ("en", "fr"))  # 15 words a sentence at most
