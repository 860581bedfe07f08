"""Records (companion/records.py): SQLite in the data folder, records to beat, a damaged or locked file in one sentence."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from companion import records


def test_a_first_game_is_a_record_then_only_a_better_score_beats_it(tmp_path: Path) -> None:
    first = records.record("num-x", "coop", 3, 54, False)
    assert first.beats_best and first.previous_best is None
    worse = records.record("num-x", "coop", 3, 40, False)
    assert not worse.beats_best and worse.previous_best == 54
    better = records.record("num-x", "coop", 3, 96, True)
    assert better.beats_best and better.previous_best == 54
    other = records.record("num-x", "expert", 3, 10, False)
    assert other.beats_best
    found = records.best("num-x", "coop", 3)
    assert found == records.Best("num-x", "coop", 3, 96, 3, 1)
    assert records.best("num-x", "coop", 4) is None


def test_the_file_is_in_the_data_folder(tmp_path: Path) -> None:
    records.record("the-void", "solo", 1, 3, True)
    assert records.records_path() == tmp_path / "data" / "records.sqlite3"
    assert records.records_path().is_file()


def test_records_lists_per_game(tmp_path: Path) -> None:
    records.record("num-x", "coop", 2, 50, False)
    records.record("the-void", "solo", 1, 3, True)
    assert [r.game_id for r in records.records()] == ["num-x", "the-void"]
    assert [r.score for r in records.records("num-x")] == [50]
    assert records.records("love-letter") == []


def test_no_file_yet_means_no_records(tmp_path: Path) -> None:
    assert records.records() == [] and records.best("num-x", "coop", 3) is None
    assert not records.records_path().exists()


def test_a_damaged_file_is_reported_in_one_sentence(tmp_path: Path) -> None:
    path = records.records_path()
    path.parent.mkdir(parents=True)
    path.write_bytes(b"this is not a database" * 100)
    with pytest.raises(records.RecordsError) as caught:
        records.record("num-x", "coop", 3, 10, False)
    assert caught.value.reason == "damaged"
    assert records.problem_sentence(caught.value, "en") == (
        f"The records file {path} is damaged. Move it away: the companion starts a new one.")
    assert records.problem_sentence(caught.value, "fr").startswith("Le fichier des records")


def test_a_folder_in_the_files_place_is_one_sentence_and_stays(tmp_path: Path) -> None:
    """A folder named records.sqlite3 was "cannot be written: check the folder and the disk", even for a reading."""
    path = records.records_path()
    (path / "inside").mkdir(parents=True)
    result = subprocess.run([sys.executable, "-m", "companion", "records", "--lang", "fr"], capture_output=True,
                            text=True, timeout=60)
    assert (result.returncode, result.stderr) == (1, "")
    assert result.stdout == (f"Le fichier des records {path} est un dossier. Déplacez-le : le compagnon commencera un "
                             "nouveau fichier.\n")
    with pytest.raises(records.RecordsError) as caught:
        records.record("num-x", "coop", 3, 10, False)
    assert records.problem_sentence(caught.value, "en") == (
        f"The records file {path} is a folder. Move it away: the companion starts a new file.")
    assert [p.name for p in path.iterdir()] == ["inside"]


def test_a_locked_file_is_reported(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    records.record("num-x", "coop", 3, 10, False)
    monkeypatch.setattr(records, "TIMEOUT", 0.05)
    holder = sqlite3.connect(records.records_path(), isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        with pytest.raises(records.RecordsError) as caught:
            records.record("num-x", "coop", 3, 11, False)
        assert caught.value.reason == "locked"
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert records.best("num-x", "coop", 3) == records.Best("num-x", "coop", 3, 10, 1, 0)


def test_a_kill_in_the_middle_keeps_every_finished_transaction(tmp_path: Path) -> None:
    """A process killed while writing leaves the file whole: every committed game is still there."""
    script = (
        "import os, sys\n"
        "from companion import records\n"
        "for i in range(1000):\n"
        "    records.record('num-x', 'coop', 3, i, False)\n"
        "    if i == 20: os._exit(9)\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, timeout=60, check=False)
    assert done.returncode == 9
    found = records.best("num-x", "coop", 3)
    assert found is not None and found.games == 21 and found.score == 20


def test_companion_records_reads_them_back(tmp_path: Path) -> None:
    from companion.cli import main

    records.record("num-x", "coop", 3, 54, False, winners=records.TABLE)
    lines: list[str] = []
    assert records.main(type("A", (), {"lang": "en", "game": None})(), lines.append) == 0
    assert lines == ["3 players, Num-X, cooperative mode: 1 game, record 54. 1 lost by the table."]
    assert main(["records", "num-x", "--lang", "fr"]) == 0


@pytest.mark.parametrize("column, value", [("score", "'lots'"), ("score", "x'00ff'"), ("players", "'three'"),
                                           ("won", "'yes'"), ("winners", "x'00ff'")])
def test_a_value_of_the_wrong_type_in_the_file_is_a_damaged_file(tmp_path: Path, column: str, value: str) -> None:
    """Issue 32: a text or blob score made a game's end speak Python's TypeError; a text player count broke
    ``companion records``. Both say the damaged file's sentence now, and exit 1."""
    import sqlite3

    from companion.cli import main

    records.record("num-x", "coop", 3, 10, False)
    path = records.records_path()
    with sqlite3.connect(path) as db:
        db.execute(f"UPDATE games SET {column} = {value}")
    db.close()
    for write in (lambda: records.record("num-x", "coop", 3, 12, False), lambda: records.records(),
                  lambda: records.best("num-x", "coop", 3)):
        with pytest.raises(records.RecordsError) as caught:
            write()
        assert caught.value.reason == "damaged"
    import contextlib
    import io

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(out):
        status = main(["records", "--lang", "en"])
    said = out.getvalue() + err.getvalue()
    assert status == 1 and "is damaged" in said and "Traceback" not in said, said
