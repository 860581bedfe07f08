"""Kill tests: SIGKILL at random moments of a real game, and at every step of writing a save file.

Every command whose answer was read back is in the save file, the file always reads
(never empty, never damaged: a kill cannot cut one ``os.write``), and it resumes.
Every subprocess has a timeout and is killed by its own PID. The random kills are few by
default; ``COMPANION_THOROUGH=1`` runs ninety (README, "For developers").
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from companion import journal

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL")

ROOT = Path(__file__).resolve().parents[1]
COMPANION = [sys.executable, "-m", "companion", "play", "gauntlet", "--json", "--lang", "en"]
#: Every line is accepted by the rules at 4 players (test_cli plays the same game).
SCRIPT = ["play proxima", "next", "undo", "redo", "play hulk", "fight 1 3 5", "defeat hero 1 thor", "undo", "redo",
          "next", "play falcon 3", "next", "undo"]
PROBE = "xyzzy"  # an unknown command: its error line ends the answer of the line before
#: Kills per run of the random-kill test: a few by default (seconds), 90 with COMPANION_THOROUGH=1 (a minute or more),
#: which CI or a change to journal.py should use; each third of them lands in start-up, save creation, the game.
RUNS = 90 if os.environ.get("COMPANION_THOROUGH") == "1" else 9
SEED = int(os.environ.get("COMPANION_CRASH_SEED", "20261130"))


def _kind(line: str) -> str:
    return line.split()[0]


def _kinds(saved: journal.Replay) -> list[str]:
    return [e.cmd if isinstance(e, journal.CommandLine) else e.op for e in saved.entries]


def _env(tmp_path: Path) -> dict[str, str]:
    env = dict(os.environ)
    env["COMPANION_DATA_DIR"] = str(tmp_path / "data")
    env["COMPANION_CONFIG_DIR"] = str(tmp_path / "config")
    env["PYTHONPATH"] = str(ROOT)
    return env


def _play_until_killed(save: Path, delay: float, env: dict[str, str], times: list[float] | None = None,
                       in_game: bool = False) -> list[str]:
    """Run a game fed line by line; SIGKILL it after ``delay`` seconds; the lines whose answer was read.

    ``times``: filled with the moment (from the start) each answer was read. ``in_game``: ``delay`` counts from the
    first answer read, so the kill lands in the game however slower than the timing game this start-up is (counted
    from the start, a loaded machine's slower start-up once made every "game" kill land before the first answer).
    """
    begun = time.monotonic()
    process = subprocess.Popen(COMPANION + ["--save", str(save)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL, cwd=ROOT, env=env, text=True, bufsize=1)
    killer = threading.Timer(delay, process.kill)  # Popen.kill: SIGKILL to this PID only, never to a reaped one
    if not in_game:
        killer.start()
    answered: list[str] = []
    assert process.stdin is not None and process.stdout is not None
    try:
        for line in SCRIPT:
            try:
                process.stdin.write(f"{line}\n{PROBE}\n")
                process.stdin.flush()
            except (BrokenPipeError, OSError):
                break
            refused = None
            while True:
                text = process.stdout.readline()
                if not text:  # killed
                    return answered
                event = json.loads(text)
                if event["event"] == "error":
                    if event.get("input") == PROBE:
                        break
                    refused = event
            assert refused is None, f"{line!r} was refused: {refused}"
            answered.append(line)
            if in_game and len(answered) == 1:
                killer.start()
            if times is not None:
                times.append(time.monotonic() - begun)
        return answered
    finally:
        killer.cancel()  # the game is over before the kill: kill it now, idle
        if killer.ident is not None:
            killer.join(timeout=10)
        process.kill()
        process.wait(timeout=10)


@pytest.mark.timeout(max(120, RUNS * 5))  # about 0.3 s a kill on a quiet machine, several times that on a busy one
def test_sigkill_at_random_moments_never_loses_an_answered_command(tmp_path):
    rng = random.Random(SEED)
    env = _env(tmp_path)
    times: list[float] = []  # a first game, killed once over, times start-up and each answer on this machine
    assert _play_until_killed(tmp_path / "timing.jsonl", 30.0, env, times) == SCRIPT
    first, last = times[0], times[-1]
    lengths = []
    resumable: list[Path] = []
    for run in range(RUNS):
        # a third of the kills anywhere in start-up, a third around the creation of the save file
        # (just before the first answer), a third during the game (counted from its first answer)
        window = [(0.0, first), (max(0.0, first - 0.015), first), (0.0, last - first + 0.002)][run % 3]
        delay = rng.uniform(*window)
        save = tmp_path / f"crash{run}.jsonl"
        answered = _play_until_killed(save, delay, env, in_game=run % 3 == 2)
        context = f"run {run}, seed {SEED}, kill after {delay:.3f} s, answered {answered}"
        if not save.exists():
            assert answered == [], context  # nothing answered before the save file existed
            continue
        saved = journal.read(save)  # never empty, never a JournalError
        assert saved.damaged_count == 0, context
        kinds = _kinds(saved)
        assert kinds[:len(answered)] == [_kind(line) for line in answered], context
        assert kinds == [_kind(line) for line in SCRIPT[:len(kinds)]] and len(kinds) <= len(answered) + 1, context
        lengths.append(len(kinds))
        if kinds:
            resumable.append(save)
        leftovers = [name for name in os.listdir(tmp_path)
                     if not name.startswith(".") and not name.endswith(".jsonl") and name not in ("data", "config")]
        assert leftovers == [], context
    assert resumable, lengths  # some kills did land in the game (most land all over it: see lengths)
    for save in sorted(resumable, key=lambda p: -len(_kinds(journal.read(p))))[:3] + resumable[:1]:
        result = subprocess.run(COMPANION + ["--resume", str(save)], input="status\n", capture_output=True, text=True,
                                cwd=ROOT, env=env, timeout=60)
        assert result.returncode == 0, result.stderr
        events = [json.loads(line) for line in result.stdout.splitlines()]
        assert events and events[0]["event"] == "resumed" and events[-1]["event"] == "status", result.stdout
        assert not [e for e in events if e["event"] == "error"], result.stdout


# --------------------------------------------------------------------------- a kill at every step of a write

_CHILD = """
import os, signal, sys
from pathlib import Path
from companion import journal

path, what, step, nth = Path(sys.argv[1]), sys.argv[2], sys.argv[3], int(sys.argv[4])
if what == "append":
    saved = journal.Journal.reopen(path)
calls = {"n": 0}
real = getattr(os, step)

def deadly(*args, **kwargs):
    calls["n"] += 1
    if calls["n"] == nth:
        os.kill(os.getpid(), signal.SIGKILL)
    return real(*args, **kwargs)

setattr(os, step, deadly)
if what == "create":
    journal.Journal.create(path, "gauntlet", {"players": 4}, {"lang": "en"}, [{"cmd": "next"}])
else:
    saved.append({"cmd": "next"})
setattr(os, step, real)
print("survived", flush=True)
"""


@pytest.mark.parametrize("step, nth", [("open", 1), ("write", 1), ("fsync", 1), ("link", 1), ("unlink", 1),
                                       ("open", 2), ("fsync", 2), ("close", 1)])
def test_a_kill_at_any_step_of_creating_a_save_file_leaves_it_whole_or_absent(tmp_path, step, nth):
    path = tmp_path / "new.jsonl"
    child = subprocess.run([sys.executable, "-c", _CHILD, str(path), "create", step, str(nth)], capture_output=True,
                           text=True, cwd=ROOT, env=_env(tmp_path), timeout=60)
    assert child.returncode in (-signal.SIGKILL, 0), child.stderr
    if path.exists():
        saved = journal.read(path)
        assert saved.game == "gauntlet" and [e.data for e in saved.entries] == [{"cmd": "next"}]
        journal.Journal.reopen(path).close()  # the dead process's lock is gone
    else:
        journal.Journal.create(path, "gauntlet", {}).close()  # the name is still free
    assert [name for name in os.listdir(tmp_path) if not name.startswith(".")] in (["new.jsonl"], ["data", "new.jsonl"])


@pytest.mark.parametrize("step", ["write", "fsync", "fstat"])
def test_a_kill_at_any_step_of_appending_keeps_the_file_readable(tmp_path, step):
    path = tmp_path / "game.jsonl"
    journal.Journal.create(path, "gauntlet", {"players": 4}).close()
    child = subprocess.run([sys.executable, "-c", _CHILD, str(path), "append", step, "1"], capture_output=True,
                           text=True, cwd=ROOT, env=_env(tmp_path), timeout=60)
    assert child.returncode == -signal.SIGKILL, child.stderr
    saved = journal.read(path)
    assert saved.damaged_count == 0 and [e.data for e in saved.entries] in ([], [{"cmd": "next"}])
    reopened = journal.Journal.reopen(path)
    reopened.append({"cmd": "next"})
    reopened.close()
