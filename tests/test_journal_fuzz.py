"""Fuzzing the save file reader and the write-ahead rule (hypothesis).

- any bytes in a save file: ``read`` returns or raises ``JournalError``, nothing else, in bounded time;
- any lines after a good header: every line is a command, a mark or a counted damaged line;
- what ``append`` accepts reads back as it was written;
- a live game whose writes fail at random: the save file replays to exactly the game in memory.
"""

from __future__ import annotations

import errno
import json
import time
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion import journal
from tests.journal_helpers import HEADER, FailingDisk, Live, descriptor, replayed

FUZZ = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])

fragments = st.sampled_from([
    b"\n", b"\r\n", b"{", b"}", b"[", b"]", b'"cmd"', b'"op"', b'"undo"', b'"redo"', b'"t"', b":", b",", b"1e309",
    b"NaN", b"Infinity", b"-0", b"9" * 30, b"null", b"true", b"\xef\xbb\xbf", b"\x00", b"\xff", b"\xc3\xa9", b'"\\ud800"',
    HEADER, b'{"cmd":"add","n":1}\n', b'{"op":"undo"}\n', b'{"format":"companion-journal","version":', b"2", b"0",
])
save_bytes = st.one_of(st.binary(max_size=400), st.lists(fragments, max_size=40).map(b"".join),
                       st.lists(fragments, max_size=40).map(lambda parts: HEADER + b"".join(parts)))


def _file(tmp_path: Path, content: bytes) -> Path:
    path = tmp_path / "fuzz.jsonl"
    path.write_bytes(content)
    return path


@FUZZ
@given(content=save_bytes)
def test_read_never_raises_anything_but_a_journal_error(tmp_path, content):
    path = _file(tmp_path, content)
    try:
        saved = journal.read(path)
    except journal.JournalError as error:
        assert error.code in {"empty", "not_a_journal", "future_version", "too_large"}
        return
    result = journal.replay(saved, lambda c: True, lambda: None)  # nor does the replay
    assert len(result.applied) + len(result.redo) <= len([e for e in saved.entries if isinstance(e, journal.CommandLine)])


@FUZZ
@given(lines=st.lists(st.text(max_size=200), max_size=30))
def test_any_lines_after_a_header_are_commands_marks_or_damaged(tmp_path, lines):
    body = "\n".join(line.replace("\n", " ") for line in lines).encode("utf-8", "surrogatepass")
    path = _file(tmp_path, HEADER + body)
    started = time.perf_counter()
    saved = journal.read(path)
    assert time.perf_counter() - started < 1.0  # bounded, whatever the lines
    blank = sum(1 for line in lines if not line.replace("\n", " ").strip(" \t\r"))
    assert len(saved.entries) + saved.damaged_count + blank == len(lines)
    for entry in saved.entries:
        if isinstance(entry, journal.CommandLine):
            assert isinstance(entry.data["cmd"], str) and entry.data["cmd"]
        else:
            assert entry.op in ("undo", "redo")
    game, result = replayed(path)
    assert game.totals[-1] <= 10 and result.damaged_count == saved.damaged_count


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**53), 2**53) | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12)


@FUZZ
@given(command=st.dictionaries(st.text(max_size=8).filter(lambda k: k not in ("cmd", "op", "t")), json_values, max_size=5),
       name=st.text(min_size=1, max_size=64), t=st.none() | st.floats(-1e9, 1e9))
def test_what_append_accepts_reads_back_as_written(tmp_path, command, name, t):
    path = tmp_path / f"rt-{time.perf_counter_ns()}.jsonl"
    data = {"cmd": name, **command}
    if t is not None:
        data["t"] = t
    saved = journal.Journal.create(path, "counter", {})
    try:
        saved.append(data)
    except ValueError:  # a lone surrogate cannot be UTF-8: refused before anything is written
        saved.close()
        assert journal.read(path).entries == []
        return
    saved.close()
    read_back = journal.read(path)
    assert read_back.damaged_count == 0 and [e.data for e in read_back.entries] == [json.loads(json.dumps(data))]


actions = st.lists(st.one_of(st.tuples(st.just("add"), st.integers(-1, 7)), st.just(("undo", 0)), st.just(("redo", 0)),
                             st.just(("disk_full", 0)), st.just(("disk_back", 0)), st.just(("cut", 0)),
                             st.just(("fsync", 0))), max_size=40)


@FUZZ
@given(steps=actions)
def test_a_game_written_ahead_replays_to_the_game_in_memory(tmp_path, monkeypatch, steps):
    """Writes fail at random (whole, after part of a line, at fsync): the file always replays to the live game."""
    path = tmp_path / f"live-{time.perf_counter_ns()}.jsonl"
    live = Live(journal.Journal.create(path, "counter", {}))
    with monkeypatch.context() as patch:
        disk = FailingDisk(patch, descriptor(live.journal))
        for action, n in steps:
            if action == "add":
                live.add(n)
            elif action == "undo":
                live.undo()
            elif action == "redo":
                live.redo_one()
            elif action == "disk_full":
                disk.write_error = errno.ENOSPC
            elif action == "fsync":
                disk.fsync_error = errno.EIO
            elif action == "cut":
                disk.write_error, disk.partial = errno.ENOSPC, 3
            else:
                disk.heal()
        live.journal.close()
    game, result = replayed(path)
    assert game.totals == live.game.totals
    assert result.commands == live.steps and result.redo_commands == live.redo
    assert result.refused == [] and result.damaged == [] and result.ignored == []
