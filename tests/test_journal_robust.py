"""Issue 10, the save file rows: one test (or a few) per row, the exact error code and the file after.

Rows: 2 and 3 (write-ahead on a full or failing disk), 4 (replay semantics), 5 (lock),
8 (header and line schema), 9 (only regular files; read-only files), 14 (automatic names
never collide), 15 (size limit, damaged lines counted), 16 (BOM), 19 (atomic header).
The kill tests are in test_journal_crash.py, the fuzz tests in test_journal_fuzz.py.
"""

from __future__ import annotations

import datetime
import errno
import json
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from companion import journal
from conftest import AS_ROOT, as_ordinary_user
from tests.journal_helpers import HEADER, Counter, FailingDisk, Live, descriptor, replayed

ROOT = Path(__file__).resolve().parents[1]


def new(path: Path) -> journal.Journal:
    return journal.Journal.create(path, "counter", {"players": 2}, {"lang": "en"})


def lines_of(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def code_of(path: Path) -> str:
    with pytest.raises(journal.JournalError) as caught:
        journal.read(path)
    return caught.value.code


# --------------------------------------------------------------------------- rows 2 and 3: full or failing disk


@pytest.mark.parametrize("error, reason", [
    (errno.ENOSPC, "disk_full"), (errno.EDQUOT, "disk_full"), (errno.EIO, "io_error"), (errno.EROFS, "read_only"),
])
def test_a_failed_append_keeps_nothing_and_says_why(tmp_path, monkeypatch, error, reason):
    path = tmp_path / "g.jsonl"
    saved = new(path)
    saved.append({"cmd": "add", "n": 1})
    before = path.read_bytes()
    disk = FailingDisk(monkeypatch, descriptor(saved))
    disk.write_error = error
    with pytest.raises(journal.JournalWriteError) as caught:
        saved.append({"cmd": "add", "n": 2})
    assert caught.value.errno == error and caught.value.reason == reason
    assert caught.value.path == path and caught.value.filename == str(path) and isinstance(caught.value, OSError)
    assert path.read_bytes() == before  # nothing kept, in the file or anywhere else
    disk.heal()  # space comes back: the refused line never reappears
    saved.append({"cmd": "add", "n": 3})
    saved.close()
    assert [line.get("n") for line in lines_of(path)[1:]] == [1, 3]


def test_a_short_write_then_disk_full_is_cut_back(tmp_path, monkeypatch):
    path = tmp_path / "g.jsonl"
    saved = new(path)
    before = path.read_bytes()
    disk = FailingDisk(monkeypatch, descriptor(saved))
    disk.write_error, disk.partial = errno.ENOSPC, 7  # '{"cmd":' reaches the disk, then the disk is full
    with pytest.raises(journal.JournalWriteError) as caught:
        saved.append({"cmd": "add", "n": 2})
    assert caught.value.reason == "disk_full"
    assert path.read_bytes() == before


def test_a_failed_fsync_is_a_failed_write(tmp_path, monkeypatch):
    path = tmp_path / "g.jsonl"
    saved = new(path)
    before = path.read_bytes()
    disk = FailingDisk(monkeypatch, descriptor(saved))
    disk.fsync_error = errno.EIO
    with pytest.raises(journal.JournalWriteError) as caught:
        saved.mark("undo")
    assert caught.value.reason == "io_error" and caught.value.errno == errno.EIO
    assert path.read_bytes() == before


def test_a_line_that_could_not_be_cut_back_is_cut_before_the_next_write(tmp_path, monkeypatch):
    path = tmp_path / "g.jsonl"
    saved = new(path)
    before = path.read_bytes()
    disk = FailingDisk(monkeypatch, descriptor(saved))
    disk.write_error, disk.partial, disk.truncate_error = errno.ENOSPC, 5, errno.EIO
    with pytest.raises(journal.JournalWriteError):
        saved.append({"cmd": "add", "n": 2})
    assert path.read_bytes() == before + b'{"cmd'  # left behind, for now
    disk.write_error = None  # the disk can be written again, but not yet truncated
    with pytest.raises(journal.JournalWriteError):
        saved.append({"cmd": "add", "n": 3})
    assert path.read_bytes() == before + b'{"cmd'
    disk.heal()
    saved.append({"cmd": "add", "n": 4})
    saved.close()
    assert path.read_bytes() == before + b'{"cmd":"add","n":4}\n'
    assert journal.read(path).damaged_count == 0


def test_undo_and_redo_marks_on_a_full_disk(tmp_path, monkeypatch):
    """Row 3: a mark that cannot be written is not done; redo still has what it had."""
    path = tmp_path / "g.jsonl"
    live = Live(new(path))
    assert live.add(2) == "ok" and live.add(3) == "ok" and live.undo() == "ok"
    disk = FailingDisk(monkeypatch, descriptor(live.journal))
    disk.write_error = errno.ENOSPC
    before = path.read_bytes()
    assert live.undo() == "not_saved" and live.redo_one() == "not_saved" and live.add(1) == "not_saved"
    assert path.read_bytes() == before and live.game.totals == [0, 2] and live.redo == [{"cmd": "add", "n": 3}]
    disk.heal()
    assert live.redo_one() == "ok" and live.game.totals == [0, 2, 5]
    live.journal.close()
    game, result = replayed(path)
    assert game.totals == live.game.totals and result.redo == []


def test_after_a_failed_write_a_copy_can_be_saved_elsewhere(tmp_path, monkeypatch):
    path = tmp_path / "g.jsonl"
    live = Live(new(path))
    for n in (1, 2, 3):
        live.add(n)
    live.undo()
    disk = FailingDisk(monkeypatch, descriptor(live.journal))
    disk.write_error = errno.ENOSPC
    assert live.add(4) == "not_saved"
    copy = live.journal.save_copy(tmp_path / "elsewhere" / "copy.jsonl", live.steps, live.redo)
    assert copy.path == tmp_path / "elsewhere" / "copy.jsonl" and copy.game == "counter"
    live.journal.close()
    live.journal = copy  # the game goes on in the copy
    assert live.add(4) == "ok"
    copy.close()
    header = lines_of(copy.path)[0]
    assert header["options"] == {"players": 2} and header["settings"] == {"lang": "en"}
    game, result = replayed(copy.path)
    assert game.totals == [0, 1, 3, 7] and result.redo == [] and result.refused == []


def test_continuation_keeps_the_redo_stack():
    assert journal.continuation([{"cmd": "a"}], [{"cmd": "c"}, {"cmd": "b"}]) == [
        {"cmd": "a"}, {"cmd": "b"}, {"cmd": "c"}, {"op": "undo"}, {"op": "undo"}]
    entries = [journal.CommandLine(i, c) if "cmd" in c else journal.MarkLine(i, c["op"]) for i, c in
               enumerate(journal.continuation([{"cmd": "a"}], [{"cmd": "c"}, {"cmd": "b"}]), start=2)]
    result = journal.replay(entries, lambda c: True, lambda: None)
    assert result.commands == [{"cmd": "a"}] and result.redo_commands == [{"cmd": "c"}, {"cmd": "b"}]


def test_a_save_file_deleted_during_the_game_is_a_failed_write(tmp_path):
    path = tmp_path / "g.jsonl"
    saved = new(path)
    path.unlink()
    with pytest.raises(journal.JournalWriteError) as caught:
        saved.append({"cmd": "add", "n": 1})
    assert caught.value.reason == "gone"
    saved.close()


def test_bad_lines_are_bugs_not_disk_errors(tmp_path):
    saved = new(tmp_path / "g.jsonl")
    before = (tmp_path / "g.jsonl").read_bytes()
    for bad in ({"cmd": "add", "n": float("nan")}, {"cmd": 5}, {"no": "cmd"}, {"cmd": "a", "op": "undo"},
                {"cmd": "x", "s": "\ud800"}, {"cmd": "x", "t": "soon"}):
        with pytest.raises(ValueError):
            saved.append(bad)
    with pytest.raises(ValueError):
        saved.mark("sideways")  # type: ignore[arg-type]
    assert (tmp_path / "g.jsonl").read_bytes() == before
    saved.close()
    with pytest.raises(ValueError):
        saved.append({"cmd": "add", "n": 1})  # closed
    saved.close()  # twice: harmless


def test_each_line_is_one_write_and_one_fsync(tmp_path, monkeypatch):
    saved = new(tmp_path / "g.jsonl")
    calls = []
    real_write, real_fsync = os.write, os.fsync
    monkeypatch.setattr(os, "write", lambda fd, data: calls.append(("write", bytes(data))) or real_write(fd, data))
    monkeypatch.setattr(os, "fsync", lambda fd: calls.append(("fsync", fd)) or real_fsync(fd))
    saved.append({"cmd": "add", "n": 1})
    assert calls == [("write", b'{"cmd":"add","n":1}\n'), ("fsync", descriptor(saved))]
    saved.close()


def _fsyncs(monkeypatch: pytest.MonkeyPatch, folder: Path) -> list[str]:
    """What each ``os.fsync`` from now on syncs: ``"folder"`` (a descriptor on ``folder``) or ``"file"``."""
    calls: list[str] = []
    real_fsync = os.fsync
    folder_inode = os.stat(folder).st_ino

    def fsync(fd: int) -> None:
        calls.append("folder" if os.fstat(fd).st_ino == folder_inode else "file")
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    return calls


def test_a_new_games_file_is_synced_by_its_first_line_before_that_line_is_applied(tmp_path, monkeypatch):
    """``sync_later`` (companion play's new game, issue 34): no fsync before the first sentence; the first line's
    fsync (the header's too: the same file) and then the folder's (the name's) before ``append`` returns, so the
    first command is applied only once the file, its header and its name are on disk; the next lines as always."""
    fsyncs = _fsyncs(monkeypatch, tmp_path)
    saved = journal.Journal.create(tmp_path / "g.jsonl", "counter", {"players": 2}, {"lang": "en"}, sync_later=True)
    assert fsyncs == [] and lines_of(tmp_path / "g.jsonl")[0]["game"] == "counter"  # written, whole, locked
    saved.append({"cmd": "add", "n": 1})
    assert fsyncs == ["file", "folder"]
    saved.append({"cmd": "add", "n": 2})
    assert fsyncs == ["file", "folder", "file"]
    saved.close()
    auto = journal.Journal.create_auto("counter", {"players": 2}, folder=tmp_path, sync_later=True)
    auto.mark("undo")
    assert fsyncs[3:] == ["file", "folder"]
    auto.close()


def test_a_new_file_with_lines_or_without_sync_later_is_synced_before_it_has_its_name(tmp_path, monkeypatch):
    fsyncs = _fsyncs(monkeypatch, tmp_path)
    journal.Journal.create(tmp_path / "a.jsonl", "counter", {"players": 2}).close()
    assert fsyncs == ["file", "folder"]
    journal.Journal.create(tmp_path / "b.jsonl", "counter", {"players": 2}, entries=[{"cmd": "add", "n": 1}],
                           sync_later=True).close()  # lines given (a copy elsewhere): never waiting for the next
    assert fsyncs == ["file", "folder"] * 2


def test_a_first_line_that_cannot_be_synced_is_refused_and_the_next_one_syncs_the_name(tmp_path, monkeypatch):
    saved = journal.Journal.create(tmp_path / "g.jsonl", "counter", {"players": 2}, sync_later=True)
    disk = FailingDisk(monkeypatch, descriptor(saved))
    disk.fsync_error = errno.EIO
    with pytest.raises(journal.JournalWriteError):
        saved.append({"cmd": "add", "n": 1})
    disk.heal()
    fsyncs = _fsyncs(monkeypatch, tmp_path)
    saved.append({"cmd": "add", "n": 2})
    assert fsyncs == ["file", "folder"]
    saved.close()
    assert [entry.data for entry in journal.read(tmp_path / "g.jsonl").entries] == [{"cmd": "add", "n": 2}]


# --------------------------------------------------------------------------- row 4: replay semantics


def test_an_undo_mark_takes_back_the_last_accepted_command_not_a_refused_one(tmp_path):
    """The issue's case: an illegal command inserted by hand, then resume and undo twice."""
    path = tmp_path / "g.jsonl"
    path.write_bytes(HEADER + b'{"cmd":"add","n":2}\n{"cmd":"add","n":9}\n{"op":"undo"}\n{"op":"undo"}\n')
    game, result = replayed(path)
    assert game.totals == [0] and result.refused == [3] and result.ignored == [5]
    assert result.redo_commands == [{"cmd": "add", "n": 2}]
    # the next resume does not bring the undone command back
    with path.open("ab") as handle:
        handle.write(b'{"cmd":"add","n":1}\n')
    game, result = replayed(path)
    assert game.totals == [0, 1] and result.refused == [3] and result.redo == []


def test_a_damaged_or_refused_line_mid_file_is_skipped_and_the_rest_replayed(tmp_path):
    path = tmp_path / "g.jsonl"
    path.write_bytes(HEADER + b'{"cmd":"add","n":2}\n{"cmd":"add","n":\n{"cmd":"add","n":"x"}\n'
                     b'{"cmd":"add","n":3}\n{"op":"undo"}\n{"cmd":"add","n":4}\n{"op":"redo"}\n')
    game, result = replayed(path)
    assert game.totals == [0, 2, 6]
    assert result.damaged == [3] and result.damaged_count == 1 and result.refused == [4] and result.ignored == [8]
    assert [entry.line for entry in result.applied] == [2, 7]


def test_a_redo_mark_brings_back_the_last_undone_command():
    entries = [journal.CommandLine(2, {"cmd": "add", "n": 1}), journal.CommandLine(3, {"cmd": "add", "n": 2}),
               journal.MarkLine(4, "undo"), journal.MarkLine(5, "undo"), journal.MarkLine(6, "redo")]
    game = Counter()
    result = journal.replay(entries, game.apply, game.undo)
    assert game.totals == [0, 1] and result.redo_commands == [{"cmd": "add", "n": 2}]


def test_an_apply_that_raises_is_a_refusal_not_a_crash(tmp_path):
    path = tmp_path / "g.jsonl"
    path.write_bytes(HEADER + b'{"cmd":"boom"}\n{"cmd":"add","n":1}\n')
    game = Counter()

    def apply(command):
        if command["cmd"] == "boom":
            raise KeyError("a rules bug")
        return game.apply(command)

    result = journal.replay(journal.read(path), apply, game.undo)
    assert result.refused == [2] and [line for line, _ in result.errors] == [2] and game.totals == [0, 1]


def test_read_gives_the_lines_in_file_order_without_applying_marks(tmp_path):
    path = tmp_path / "g.jsonl"
    path.write_bytes(HEADER + b'{"cmd":"add","n":1,"t":0.5}\n{"op":"undo","t":1}\n{"op":"redo"}\n')
    saved = journal.read(path)
    assert saved.entries == [journal.CommandLine(2, {"cmd": "add", "n": 1, "t": 0.5}),
                             journal.MarkLine(3, "undo", 1.0), journal.MarkLine(4, "redo")]
    assert saved.entries[0].t == 0.5 and saved.entries[0].cmd == "add"


# --------------------------------------------------------------------------- row 5: lock


def test_a_save_file_in_use_is_locked(tmp_path):
    path = tmp_path / "g.jsonl"
    first = new(path)
    for attempt in (journal.Journal.reopen, journal.Journal.resume):
        with pytest.raises(journal.JournalError) as caught:
            attempt(path)
        assert caught.value.code == "locked" and caught.value.path == path
    assert journal.read(path).game == "counter"  # reading is still allowed
    first.append({"cmd": "add", "n": 1})
    first.close()
    second, saved = journal.Journal.resume(path)
    assert [e.data for e in saved.entries] == [{"cmd": "add", "n": 1}]
    with pytest.raises(journal.JournalError) as caught:
        journal.Journal.reopen(path)
    assert caught.value.code == "locked"
    second.close()
    journal.Journal.reopen(path).close()


def test_in_use_tells_a_file_open_elsewhere(tmp_path):
    path = tmp_path / "g.jsonl"
    saved = new(path)
    assert journal.in_use(path) and not journal.in_use(tmp_path / "none.jsonl")
    saved.close()
    assert not journal.in_use(path)
    journal.Journal.reopen(path).close()  # in_use took no lock of its own


def test_the_lock_holds_across_processes_and_dies_with_its_process(tmp_path):
    path = tmp_path / "g.jsonl"
    new(path).close()
    child = subprocess.Popen(
        [sys.executable, "-c", "import sys; from pathlib import Path; from companion import journal\n"
         "saved = journal.Journal.reopen(Path(sys.argv[1])); print('ready', flush=True); sys.stdin.read()", str(path)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=ROOT)
    try:
        assert child.stdout is not None and child.stdout.readline().strip() == "ready"
        with pytest.raises(journal.JournalError) as caught:
            journal.Journal.reopen(path)
        assert caught.value.code == "locked"
    finally:
        child.kill()  # SIGKILL: the kernel releases the lock
        child.wait(timeout=10)
    journal.Journal.reopen(path).close()


# --------------------------------------------------------------------------- row 8: the header and the schema of a line


@pytest.mark.parametrize("header, code", [
    ('{"format":"companion-journal","game":"counter","options":{}}', "not_a_journal"),  # no version
    ('{"format":"companion-journal","version":"1","game":"counter"}', "not_a_journal"),
    ('{"format":"companion-journal","version":1.0,"game":"counter"}', "not_a_journal"),
    ('{"format":"companion-journal","version":true,"game":"counter"}', "not_a_journal"),
    ('{"format":"companion-journal","version":0,"game":"counter"}', "not_a_journal"),
    ('{"format":"companion-journal","version":-3,"game":"counter"}', "not_a_journal"),
    ('{"format":"companion-journal","version":1e309,"game":"counter"}', "not_a_journal"),
    ('{"format":"companion-journal","version":NaN,"game":"counter"}', "not_a_journal"),
    ('{"format":"companion-journal","version":3,"game":"counter"}', "future_version"),
    ('{"format":"companion-journal","version":99,"game":"gauntlet"}', "future_version"),
    ('{"format":"companion-journal","version":1,"game":"counter","options":"abc"}', "not_a_journal"),
    ('{"format":"companion-journal","version":1,"game":"counter","settings":[1]}', "not_a_journal"),
    ('{"format":"companion-journal","version":1,"game":5}', "not_a_journal"),
    ('{"format":"companion-journal","version":1}', "not_a_journal"),  # no game
    ('{"format":"companion-journal","version":1,"game":"counter","options":{"x":Infinity}}', "not_a_journal"),
    ('{"format":"companion-journal","version":1,"game":"counter","created":5}', "not_a_journal"),
    ('{"format":"something-else","version":1,"game":"counter"}', "not_a_journal"),
    ('["companion-journal", 1]', "not_a_journal"),
    ("not json at all", "not_a_journal"),
])
def test_a_header_that_does_not_fit_the_schema(tmp_path, header, code):
    path = tmp_path / "bad.jsonl"
    path.write_text(header + '\n{"cmd":"add","n":1}\n', encoding="utf-8")
    assert code_of(path) == code


def test_a_future_version_says_which(tmp_path):
    path = tmp_path / "future.jsonl"
    path.write_text('{"format":"companion-journal","version":7}\n')
    with pytest.raises(journal.JournalError) as caught:
        journal.read(path)
    assert caught.value.code == "future_version" and caught.value.details == {"version": 7}


@pytest.mark.parametrize("line", [
    '{"cmd":"add","n":NaN}', '{"cmd":"add","n":Infinity}', '{"cmd":"add","n":-Infinity}', '{"cmd":"add","n":1e309}',
    '{"cmd":5}', '{"cmd":""}', '{"cmd":null}', '{"cmd":["add"]}', '{"n":1}', '[1,2]', '"add"', "5", "null",
    '{"op":"sideways"}', '{"op":"undo","extra":1}', '{"op":"undo","cmd":"add"}', '{"op":"undo","t":"x"}',
    '{"cmd":"add","t":"now"}', '{"cmd":"add","t":true}', '{"cmd":"add","n":1', "\x00\x00", "\ufeff{}",
    '{"cmd":"' + "x" * 65 + '"}', "[" * 5000 + "]" * 5000, '{"cmd":"add","s":"\\ud800"}',
])
def test_a_line_that_does_not_fit_the_schema_is_damaged_with_its_number(tmp_path, line):
    path = tmp_path / "g.jsonl"
    path.write_bytes(HEADER + b'{"cmd":"add","n":1}\n' + line.encode("utf-8", "surrogatepass") + b'\n{"cmd":"add","n":2}\n')
    saved = journal.read(path)
    assert saved.damaged_lines == [3] and saved.damaged_count == 1 and saved.damaged[0].reason
    assert [e.line for e in saved.entries] == [2, 4]


def test_integers_are_bounded_in_every_line(tmp_path):
    """Up to 2**53 (what every JSON reader holds exactly) it is the game's to refuse; beyond, the line is damaged."""
    path = tmp_path / "g.jsonl"
    path.write_bytes(HEADER + b'{"cmd":"add","n":9007199254740992}\n{"cmd":"add","n":-9007199254740993}\n'
                     b'{"cmd":"add","n":1,"deep":[{"x":[18446744073709551616]}]}\n{"cmd":"add","n":' + b"9" * 4300 + b"}\n"
                     b'{"cmd":"add","n":' + b"9" * 5000 + b"}\n")
    game, result = replayed(path)
    assert result.refused == [2] and result.damaged == [3, 4, 5, 6] and game.totals == [0]
    with pytest.raises(ValueError):
        new(tmp_path / "h.jsonl").append({"cmd": "add", "n": 10**4000})
    path.write_bytes(HEADER.replace(b'"options":{}', b'"options":{"players":' + b"9" * 30 + b"}"))
    assert code_of(path) == "not_a_journal"


def test_time_stamps_are_allowed_on_every_line(tmp_path):
    path = tmp_path / "g.jsonl"
    saved = new(path)
    saved.append({"cmd": "add", "n": 1, "t": 12.25})
    saved.mark("undo", t=13)
    saved.mark("redo", t=14.5)
    saved.close()
    assert lines_of(path)[1:] == [{"cmd": "add", "n": 1, "t": 12.25}, {"op": "undo", "t": 13}, {"op": "redo", "t": 14.5}]
    assert [e.t for e in journal.read(path).entries] == [12.25, 13.0, 14.5]


def test_todays_save_files_still_read(tmp_path):
    """The save file of docs/json.en.md as version 1 wrote it, byte for byte: it still reads."""
    path = tmp_path / "game.jsonl"
    path.write_text(
        '{"format":"companion-journal","version":1,"game":"gauntlet","options":{"players":2,"names":[],'
        '"thanos_lives":null,"hero_lives":6,"token_pool":9},"settings":{"lang":"en","kit":"tokens","verbosity":"full"},'
        '"created":"2026-11-30T06:45:17"}\n'
        '{"cmd":"play","card":"proxima-midnight","target":null,"value":null,"deck":null,"copy":null}\n'
        '{"cmd":"next"}\n'
        '{"cmd":"play","card":"hulk","target":null,"value":null,"deck":null,"copy":null}\n'
        '{"cmd":"fight","hero":1,"loser":"thanos","card":null}\n'
        '{"cmd":"defeat","player":0,"card":"black-dwarf"}\n'
        '{"cmd":"next"}\n{"op":"undo"}\n{"op":"undo"}\n', encoding="utf-8")
    saved = journal.read(path)
    assert saved.game == "gauntlet" and saved.options["players"] == 2 and saved.settings["lang"] == "en"
    assert saved.header.version == 1 and saved.header.created == "2026-11-30T06:45:17"
    result = journal.replay(saved, lambda c: True, lambda: None)
    assert [c["cmd"] for c in result.commands] == ["play", "next", "play", "fight"]
    assert [c["cmd"] for c in result.redo_commands] == ["next", "defeat"]  # the next redo is the defeat


# --------------------------------------------------------------------------- row 9: only regular files; read-only files


def test_a_fifo_is_refused_at_once(tmp_path):
    fifo = tmp_path / "pipe.jsonl"
    os.mkfifo(fifo)
    outcome: list[str] = []
    worker = threading.Thread(target=lambda: outcome.append(code_of(fifo)), daemon=True)
    worker.start()
    worker.join(timeout=5)
    assert outcome == ["not_a_file"]  # and not a hang
    with pytest.raises(journal.JournalError) as caught:
        journal.Journal.reopen(fifo)
    assert caught.value.code == "not_a_file"


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/null", "/dev/urandom"])
def test_a_device_is_never_read(device):
    if not os.path.exists(device):
        pytest.skip(f"no {device}")
    assert code_of(Path(device)) == "not_a_file"


def test_standard_input_as_a_pipe_is_refused():
    child = subprocess.run(
        [sys.executable, "-c", "from pathlib import Path; from companion import journal\n"
         "try:\n    journal.read(Path('/dev/stdin'))\nexcept journal.JournalError as e:\n    print(e.code)"],
        input="not read\n", capture_output=True, text=True, cwd=ROOT, timeout=30)
    assert child.stdout.strip() == "not_a_file", child.stderr


def test_a_folder_a_missing_file_and_a_dangling_link(tmp_path):
    assert code_of(tmp_path) == "not_a_file"
    assert code_of(tmp_path / "none.jsonl") == "not_found"
    assert code_of(tmp_path / "none" / "deeper.jsonl") == "not_found"
    (tmp_path / "link.jsonl").symlink_to(tmp_path / "gone.jsonl")
    assert code_of(tmp_path / "link.jsonl") == "not_found"
    (tmp_path / "file").write_text("x")
    assert code_of(tmp_path / "file" / "below.jsonl") == "not_found"


def test_a_link_to_a_save_file_is_read(tmp_path):
    new(tmp_path / "real.jsonl").close()
    (tmp_path / "link.jsonl").symlink_to(tmp_path / "real.jsonl")
    assert journal.read(tmp_path / "link.jsonl").game == "counter"


@pytest.mark.parametrize("error", [errno.EACCES, errno.EROFS, errno.EPERM])
def test_a_file_that_cannot_be_appended_to_is_read_only_and_the_game_continues_elsewhere(tmp_path, monkeypatch, error):
    path = tmp_path / "g.jsonl"
    live = Live(new(path))
    live.add(2)
    live.add(3)
    live.undo()
    live.journal.close()
    before = path.read_bytes()
    real_open = os.open

    def no_writing(name, flags, *args, **kwargs):
        if Path(name) == path and flags & (os.O_WRONLY | os.O_RDWR):
            raise OSError(error, os.strerror(error), str(name))
        return real_open(name, flags, *args, **kwargs)

    monkeypatch.setattr(os, "open", no_writing)
    with pytest.raises(journal.JournalError) as caught:
        journal.Journal.reopen(path)
    assert caught.value.code == "read_only" and caught.value.details["errno"] == error
    saved = journal.read(path)  # still readable
    game = Counter()
    result = journal.replay(saved, game.apply, game.undo)
    new_file = journal.Journal.create_auto(saved.game, saved.options, saved.settings,
                                           journal.continuation(result.commands, result.redo_commands))
    new_file.close()
    assert new_file.path.parent == journal.saves_folder() and new_file.path.name.startswith("counter_")
    again, again_result = replayed(new_file.path)
    assert again.totals == game.totals == [0, 2] and again_result.redo_commands == [{"cmd": "add", "n": 3}]
    assert path.read_bytes() == before


#: Run by an ordinary user (nobody when the tests run as root): each named journal function's error code, or "ok".
_OPEN_AND_READ = """
import sys
from companion import journal

codes = []
for name in sys.argv[2:]:
    try:
        result = {"reopen": journal.Journal.reopen, "read": journal.read}[name](sys.argv[1])
    except journal.JournalError as error:
        codes.append(error.code)
    else:
        codes.append("ok " + result.game)
print(" / ".join(codes))
"""


def open_and_read(path: Path, *names: str) -> str:
    """What ``names`` ("reopen", "read") say of ``path`` to a user whose file modes count, even when the tests run as root."""
    result = subprocess.run(as_ordinary_user([sys.executable, "-c", _OPEN_AND_READ, str(path), *names]), capture_output=True,
                            text=True, cwd=ROOT, env=dict(os.environ, PYTHONPATH=str(ROOT)), timeout=60)
    assert result.returncode == 0, result.stderr
    return result.stdout.strip()


@pytest.mark.skipif(os.name != "posix", reason="file modes")
def test_a_read_only_file_for_real(user_folder):
    path = user_folder / "g.jsonl"
    new(path).close()
    path.chmod(0o444)
    assert open_and_read(path, "reopen", "read") == "read_only / ok counter"  # refused for writing, still read
    path.chmod(0o644)  # and the same file, writable, reopens: the mode was the reason
    if AS_ROOT:
        os.chown(path, user_folder.stat().st_uid, user_folder.stat().st_gid)
    assert open_and_read(path, "reopen") == "ok counter"


@pytest.mark.skipif(os.name != "posix", reason="file modes")
def test_an_unreadable_file(user_folder):
    path = user_folder / "g.jsonl"
    new(path).close()
    path.chmod(0o000)
    assert open_and_read(path, "read", "reopen") == "unreadable / unreadable"  # not "read_only": it cannot be read at all


# --------------------------------------------------------------------------- row 14: automatic names never collide


def test_ninety_games_started_in_the_same_second_get_ninety_files(tmp_path):
    now = datetime.datetime(2026, 11, 30, 20, 15, 3)
    made: list[journal.Journal] = []
    failures: list[BaseException] = []
    start = threading.Barrier(90)

    def start_one():
        start.wait()
        try:
            made.append(journal.Journal.create_auto("gauntlet", {"players": 4}, {}, now=now))
        except BaseException as error:  # noqa: B036 - any failure fails the test
            failures.append(error)

    threads = [threading.Thread(target=start_one) for _ in range(90)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert failures == []
    names = sorted(saved.path.name for saved in made)
    assert len(set(names)) == 90
    assert "gauntlet_2026-11-30_20-15-03.jsonl" in names and "gauntlet_2026-11-30_20-15-03_90.jsonl" in names
    for saved in made:
        saved.close()
        assert journal.read(saved.path).entries == []
    assert sorted(os.listdir(journal.saves_folder())) == names  # no temporary file left behind


def test_automatic_names_never_collide_across_processes(tmp_path):
    code = ("import datetime, sys; from companion import journal\n"
            "now = datetime.datetime(2026, 11, 30, 20, 15, 3)\n"
            "for _ in range(15):\n"
            "    print(journal.Journal.create_auto('gauntlet', {}, now=now).path.name, flush=True)\n")
    env = dict(os.environ)
    children = [subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                 cwd=ROOT, env=env) for _ in range(6)]
    names = []
    for child in children:
        out, err = child.communicate(timeout=60)
        assert child.returncode == 0, err
        names += out.split()
    assert len(names) == 90 and len(set(names)) == 90
    assert sorted(os.listdir(journal.saves_folder())) == sorted(names)


def test_autosave_path_names_game_and_time_and_skips_taken_names(tmp_path):
    now = datetime.datetime(2026, 11, 30, 20, 15, 3)
    first = journal.autosave_path("gauntlet", now)
    assert first == journal.saves_folder() / "gauntlet_2026-11-30_20-15-03.jsonl"
    journal.Journal.create_auto("gauntlet", {}, now=now).close()
    assert journal.autosave_path("gauntlet", now).name == "gauntlet_2026-11-30_20-15-03_2.jsonl"


def test_create_never_overwrites(tmp_path):
    path = tmp_path / "g.jsonl"
    path.write_text("a game of someone else\n")
    with pytest.raises(FileExistsError):
        new(path)
    assert path.read_text() == "a game of someone else\n" and os.listdir(tmp_path) == ["g.jsonl"]


# --------------------------------------------------------------------------- row 15: size limit; damaged lines counted


def test_a_file_over_the_size_limit_is_refused_before_reading(tmp_path):
    path = tmp_path / "huge.jsonl"
    with path.open("wb") as handle:
        handle.write(HEADER)
        handle.truncate(journal.MAX_SIZE + 1)  # sparse: nothing is written, nothing is read
    with pytest.raises(journal.JournalError) as caught:
        journal.read(path)
    assert caught.value.code == "too_large"
    assert caught.value.details == {"size": journal.MAX_SIZE + 1, "limit": journal.MAX_SIZE}


def test_a_file_of_too_many_lines_is_too_large(tmp_path):
    path = tmp_path / "lines.jsonl"
    path.write_bytes(HEADER + b"x\n" * journal.MAX_LINES)
    with pytest.raises(journal.JournalError) as caught:
        journal.read(path)
    assert caught.value.code == "too_large" and caught.value.details["limit"] == journal.MAX_LINES


def test_garbage_is_counted_once_not_reported_line_by_line(tmp_path):
    path = tmp_path / "garbage.jsonl"
    path.write_bytes(HEADER + b'{"cmd":"add","n":1}\n' + b"garbage\n" * 150_000 + b'{"cmd":"add","n":2}\n')
    saved = journal.read(path)
    assert saved.damaged_count == 150_000 and len(saved.damaged) == journal.DAMAGED_KEPT
    assert saved.damaged_lines[:3] == [3, 4, 5]
    game, result = replayed(path)
    assert game.totals == [0, 1, 3] and result.damaged_count == 150_000 and result.damaged[:3] == [3, 4, 5]


# --------------------------------------------------------------------------- row 16: BOM, line ends


def test_a_save_file_starting_with_a_bom_is_read(tmp_path):
    path = tmp_path / "bom.jsonl"
    path.write_bytes(b"\xef\xbb\xbf" + HEADER.replace(b"\n", b"\r\n") + b'{"cmd":"add","n":1}\r\n\r\n  \n')
    game, result = replayed(path)
    assert game.totals == [0, 1] and result.damaged == []
    saved = journal.Journal.reopen(path)
    saved.append({"cmd": "add", "n": 2})
    saved.close()
    game, _ = replayed(path)
    assert game.totals == [0, 1, 3]


# --------------------------------------------------------------------------- row 19: atomic header; empty files


@pytest.mark.parametrize("content", [b"", b"\n\n", b"  \r\n", b"\xef\xbb\xbf"])
def test_an_empty_file_is_its_own_case_and_a_new_game_may_start_in_it(tmp_path, content):
    path = tmp_path / "g.jsonl"
    path.write_bytes(content)
    assert code_of(path) == "empty"
    with pytest.raises(journal.JournalError) as caught:
        journal.Journal.reopen(path)
    assert caught.value.code == "empty"
    with pytest.raises(FileExistsError):
        new(path)
    saved = journal.Journal.create(path, "counter", {}, {}, [{"cmd": "add", "n": 1}], replace_empty=True)
    saved.close()
    game, _ = replayed(path)
    assert game.totals == [0, 1] and os.listdir(tmp_path) == ["g.jsonl"]


def test_replace_empty_never_replaces_a_game_or_a_file_in_use(tmp_path):
    path = tmp_path / "g.jsonl"
    new(path).close()
    before = path.read_bytes()
    with pytest.raises(FileExistsError):
        journal.Journal.create(path, "counter", {}, replace_empty=True)
    assert path.read_bytes() == before
    empty = tmp_path / "e.jsonl"
    empty.write_bytes(b"")
    holder = os.open(empty, os.O_RDONLY)
    try:
        import fcntl

        fcntl.flock(holder, fcntl.LOCK_EX)
        with pytest.raises(journal.JournalError) as caught:
            journal.Journal.create(empty, "counter", {}, replace_empty=True)
        assert caught.value.code == "locked" and empty.read_bytes() == b""
    finally:
        os.close(holder)
    assert sorted(os.listdir(tmp_path)) == ["e.jsonl", "g.jsonl"]


def test_the_header_appears_whole_or_not_at_all(tmp_path, monkeypatch):
    """The file gets its name only once the header is on disk: a failed header write leaves no file."""
    path = tmp_path / "g.jsonl"
    real_write = os.write

    def full(fd, data):
        if bytes(data).startswith(b'{"format"'):
            raise OSError(errno.ENOSPC, "No space left on device")
        return real_write(fd, data)

    monkeypatch.setattr(os, "write", full)
    with pytest.raises(journal.JournalWriteError) as caught:
        new(path)
    assert caught.value.reason == "disk_full" and caught.value.path == path
    assert os.listdir(tmp_path) == []  # no save file, no temporary file


def test_a_folder_that_cannot_be_written(tmp_path, monkeypatch):
    real_open = os.open

    def refuse(name, flags, *args, **kwargs):
        if flags & os.O_CREAT:
            raise PermissionError(errno.EACCES, "Permission denied", str(name))
        return real_open(name, flags, *args, **kwargs)

    monkeypatch.setattr(os, "open", refuse)
    with pytest.raises(journal.JournalWriteError) as caught:
        new(tmp_path / "g.jsonl")
    assert caught.value.reason == "read_only" and caught.value.errno == errno.EACCES
    (tmp_path / "afile").write_text("")
    with pytest.raises(journal.JournalWriteError):
        new(tmp_path / "afile" / "g.jsonl")


def test_a_file_system_without_hard_links_still_creates_exclusively(tmp_path, monkeypatch):
    def no_links(source, target, **kwargs):
        raise PermissionError(errno.EPERM, "Operation not permitted")

    monkeypatch.setattr(os, "link", no_links)
    path = tmp_path / "g.jsonl"
    saved = new(path)
    saved.append({"cmd": "add", "n": 1})
    saved.close()
    assert [line.get("n") for line in lines_of(path)] == [None, 1] and os.listdir(tmp_path) == ["g.jsonl"]
    with pytest.raises(FileExistsError):
        new(path)
    made = [journal.Journal.create_auto("counter", {}) for _ in range(3)]
    assert len({saved.path for saved in made}) == 3
    for saved in made:
        saved.close()


def test_a_new_file_is_locked_from_the_start(tmp_path):
    path = tmp_path / "g.jsonl"
    saved = new(path)
    with pytest.raises(journal.JournalError) as caught:
        journal.Journal.reopen(path)
    assert caught.value.code == "locked"
    saved.close()


def test_reopen_closes_a_cut_last_line_with_one_write(tmp_path, monkeypatch):
    path = tmp_path / "g.jsonl"
    path.write_bytes(HEADER + b'{"cmd":"add","n":1}\n{"cmd":"add","n"')  # a power cut in the middle of a write
    writes = []
    real_write = os.write
    monkeypatch.setattr(os, "write", lambda fd, data: writes.append(bytes(data)) or real_write(fd, data))
    saved, contents = journal.Journal.resume(path)
    assert writes == [b"\n"] and contents.damaged_lines == [3] and not contents.ends_cleanly
    saved.append({"cmd": "add", "n": 2})
    saved.close()
    game, result = replayed(path)
    assert game.totals == [0, 1, 3] and result.damaged == [3]


def test_reopen_cannot_close_a_cut_line_on_a_full_disk(tmp_path, monkeypatch):
    path = tmp_path / "g.jsonl"
    content = HEADER + b'{"cmd":"add","n"'
    path.write_bytes(content)
    real_write = os.write

    def full(fd, data):
        if bytes(data) == b"\n":
            raise OSError(errno.ENOSPC, "No space left on device")
        return real_write(fd, data)

    monkeypatch.setattr(os, "write", full)
    with pytest.raises(journal.JournalWriteError) as caught:
        journal.Journal.reopen(path)
    assert caught.value.reason == "disk_full" and path.read_bytes() == content
    monkeypatch.undo()
    journal.Journal.reopen(path).close()  # and the lock was released
