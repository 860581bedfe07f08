"""Long saves (issues 24 and 34): resuming one and listing ten, against the full replay, in the same run.

Prints figures, not a test. Gauntlet saves of LINES lines each (power tokens taken and given
back, an undo and a redo now and then), written as the companion writes them: a checkpoint
line (companion/journal.py) every ``CHECKPOINT_EVERY`` lines, made by the same table code.

- **resume**: reading the save from its last checkpoint and restoring the table
  (:meth:`Journal.resume` + :meth:`Table.restore`, as ``companion play --resume``), time and
  peak memory (tracemalloc), against the reference, the same file replayed line by line;
  then ``companion play gauntlet --resume FILE`` whole, in a process of its own (wall time to
  its exit, and its peak resident memory), against ``python -c pass``.
- **listing**: :func:`companion.saves.list_saves` on ten such saves, against the full replay
  of one of them (:func:`companion.saves.load`; ten would take minutes on a busy machine).

Goals: resume under 1 s and 100 MB, list 10 under 2 s.

    python benchmarks/bench_saves.py [LINES]     # default 200000 (the journal's MAX_LINES)
"""

from __future__ import annotations

import gc
import json
import os
import subprocess
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

SAVES = 10
GOAL_RESUME_S, GOAL_RESUME_MB, GOAL_LIST_S = 1.0, 100.0, 2.0
HEADER = {"format": "companion-journal", "version": 2, "game": "gauntlet",
          "options": {"players": 3, "names": [], "thanos_lives": None, "hero_lives": 6, "token_pool": 9},
          "settings": {"lang": "en", "verbosity": "full", "kit": "tokens"}, "created": "2026-03-05T14:02:11"}
CYCLE: list[dict[str, Any]] = [{"cmd": "token", "player": 0, "delta": 1}, {"cmd": "token", "player": 0, "delta": -1},
                               {"cmd": "token", "player": 1, "delta": 1}, {"op": "undo"}, {"op": "redo"},
                               {"cmd": "token", "player": 1, "delta": -1}]


def save_text(lines: int) -> bytes:
    """A save of ``lines`` lines, checkpoints included, as the table writes them."""
    from companion import journal
    from companion.games.state_json import state_to_json
    from companion.registry import find
    from companion.session import Table

    game = find("gauntlet")
    table = Table(game, game.rules.options_from(HEADER["options"]), game.cards())
    out = [json.dumps(HEADER).encode()]
    since = written = 0
    while len(out) < lines:
        line = CYCLE[written % len(CYCLE)]
        written += 1
        if line.get("op") == "undo":
            table.undo()
        elif line.get("op") == "redo":
            table.keep_redo(table.attempt_redo())
        else:
            table.keep(table.attempt(table.rules.command_from(line)))
        out.append(json.dumps(line, separators=(",", ":")).encode())
        since += 1
        if since == journal.CHECKPOINT_EVERY and len(out) < lines:
            out.append(json.dumps({"op": "checkpoint", "steps": table.step_count, "state": state_to_json(table.state),
                                   "redo": [c.to_json() for c in table.redo_commands], "skipped": 0},
                                  separators=(",", ":")).encode())
            since = 0
    return b"\n".join(out) + b"\n"


def measure(work: Callable[[], object]) -> tuple[float, float, object]:
    """Seconds (without tracemalloc), then peak MB (with it), and the result."""
    gc.collect()
    started = time.perf_counter()
    result = work()
    seconds = time.perf_counter() - started
    del result
    gc.collect()
    tracemalloc.start()
    result = work()
    peak = tracemalloc.get_traced_memory()[1] / 1e6
    tracemalloc.stop()
    return seconds, peak, result


def load_note() -> str:
    return f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores"


def verdict(met: bool) -> str:
    return "met" if met else "MISSED"


#: ``companion`` run in a child that writes its own peak resident memory (``VmHWM``: the child's, not inherited
#: from this large process as ``RUSAGE_CHILDREN`` would be) and its own CPU time to standard error on its way out.
CHILD = """
import os, sys
from companion.cli import main
try:
    main(sys.argv[1:])
finally:
    with open("/proc/self/status") as status:
        peak = next((line.split()[1] for line in status if line.startswith("VmHWM:")), "0")
    times = os.times()
    sys.stderr.write(f"peak-kb {peak} cpu-s {times.user + times.system}\\n")
"""


def child_env() -> dict[str, str]:
    """As a user's install runs: byte code compiled once and kept (in a folder of its own, whatever
    PYTHONDONTWRITEBYTECODE this shell sets, which would compile every module at every start)."""
    env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = tempfile.mkdtemp(prefix="bench-saves-pycache-")
    return env


def whole_command(arguments: list[str]) -> tuple[float, float, float, float]:
    """``companion ARGUMENTS`` (then quit), in its own process: seconds, its CPU seconds, peak MB; and
    ``python -c pass``'s seconds, in the same run. Run once first (byte code compiled and kept, as installed)."""
    env = child_env()
    command = [sys.executable, "-c", CHILD, *arguments]
    subprocess.run(command, input=b"quit\n", stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True,
                   timeout=600, env=env)
    started = time.perf_counter()
    done = subprocess.run(command, input=b"quit\n", stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, check=True,
                          timeout=600, env=env)
    seconds = time.perf_counter() - started
    found = [line.split() for line in done.stderr.decode(errors="replace").splitlines() if line.startswith("peak-kb ")]
    started = time.perf_counter()
    subprocess.run([sys.executable, "-c", "pass"], check=True, env=env)
    bare = time.perf_counter() - started
    if not found:
        return seconds, float("nan"), float("nan"), bare
    return seconds, float(found[-1][3]), int(found[-1][1]) / 1024, bare


def timed(work: Callable[[], object]) -> float:
    """Seconds, without the memory (a reference that takes minutes with tracemalloc on)."""
    gc.collect()
    started = time.perf_counter()
    work()
    return time.perf_counter() - started


def main() -> None:
    lines = int(sys.argv[1]) if len(sys.argv) > 1 else 200_000
    with tempfile.TemporaryDirectory() as home:
        os.environ["COMPANION_DATA_DIR"] = home
        os.environ.setdefault("COMPANION_CONFIG_DIR", os.path.join(home, "config"))
        from companion import journal, saves
        from companion.registry import find
        from companion.session import Table

        folder = journal.saves_folder()
        folder.mkdir(parents=True)
        text = save_text(lines)
        for number in range(SAVES):
            (folder / f"gauntlet_{number}.jsonl").write_bytes(text)
        paths = saves.save_files(folder)
        game = find("gauntlet")

        def resume(from_checkpoint: bool) -> Table:
            writable, saved = journal.Journal.resume(paths[0], from_checkpoint=from_checkpoint)
            table = Table(game, game.rules.options_from(saved.options), game.cards())
            table.restore(saved)
            writable.close()
            return table

        fast_s, fast_mb, fast = measure(lambda: resume(True))
        full_s, full_mb, full = measure(lambda: resume(False))
        same = fast.state == full.state and fast.step_count == full.step_count  # type: ignore[attr-defined]
        print(f"resume a save of {lines} lines ({len(text) / 1e6:.1f} MB), the same game as the full replay: {same}")
        print(f"  from its last checkpoint: {fast_s:6.2f} s, peak {fast_mb:7.1f} MB (goal < {GOAL_RESUME_S:.0f} s and "
              f"< {GOAL_RESUME_MB:.0f} MB: {verdict(fast_s < GOAL_RESUME_S and fast_mb < GOAL_RESUME_MB)})")
        print(f"  reference, every line replayed: {full_s:6.2f} s, peak {full_mb:7.1f} MB")
        del fast, full
        whole_s, whole_cpu, whole_mb, bare_s = whole_command(["play", "gauntlet", "--lang", "en", "--resume", str(paths[0])])
        print(f"  companion play gauntlet --resume, then quit, in its own process (start-up included): {whole_s:.2f} s "
              f"({whole_cpu:.2f} s of CPU), peak resident {whole_mb:.0f} MB (goal < {GOAL_RESUME_S:.0f} s and "
              f"< {GOAL_RESUME_MB:.0f} MB: {verdict(whole_s < GOAL_RESUME_S and whole_mb < GOAL_RESUME_MB)}; "
              f"python -c pass in the same run: {bare_s:.2f} s; {load_note()})")

        new_s, new_mb, listed = measure(lambda: saves.list_saves(folder, None, "en"))
        kept: list[object] = []
        old_s = timed(lambda: kept.append(saves.load(paths[0], "en", {})))  # one: ten take minutes on a busy machine
        alike = {saves.reached(kept[0])} == {saves.reached(i.loaded) for i in listed}  # type: ignore[arg-type, attr-defined]
        print(f"list {SAVES} saves of {lines} lines, listed as the full replay says: {alike}")
        print(f"  companion saves' listing: {new_s:6.2f} s, peak {new_mb:7.1f} MB (goal < {GOAL_LIST_S:.0f} s: "
              f"{verdict(new_s < GOAL_LIST_S)})")
        whole_s, whole_cpu, whole_mb, bare_s = whole_command(["saves", "--lang", "en"])
        print(f"  companion saves, in its own process (start-up included): {whole_s:.2f} s ({whole_cpu:.2f} s of CPU), "
              f"peak resident {whole_mb:.0f} MB (goal < {GOAL_LIST_S:.0f} s: {verdict(whole_s < GOAL_LIST_S)}; "
              f"python -c pass in the same run: {bare_s:.2f} s; {load_note()})")
        print(f"  reference, one of them replayed in full: {old_s:6.2f} s (ten: about {SAVES * old_s:.0f} s)")


if __name__ == "__main__":
    main()
