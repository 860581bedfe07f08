"""``make bench``: every ``benchmarks/bench_*.py``, one after the other, then which failed and which goals were missed.

A benchmark fails when it exits non-zero (it crashed, timed out, or waited for something that never came); a
failure does not stop the others. A figure that misses its goal says ``MISSED`` on its line: those lines are
listed again at the end with the machine's load average, since a goal is set for a quiet machine. The exit
status is 1 when a benchmark failed (and, with ``--strict``, when a goal was missed), else 0.

    python benchmarks/run_all.py [--strict] [--timeout SECONDS] [NAME ...]   # NAME: bench_web or web
"""

from __future__ import annotations

import argparse
import os
import re
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
#: What a benchmark prints on a line whose figure misses its goal (``MISSED``; ``not met`` is read too).
MISSED = re.compile(r"\bMISSED\b|\bnot met\b", re.IGNORECASE)


@dataclass
class Outcome:
    name: str
    status: int | None  # None: stopped at the timeout
    seconds: float
    load: float
    missed: list[str] = field(default_factory=list)

    @property
    def failed(self) -> bool:
        return self.status != 0


def load_note() -> str:
    one, five, _ = os.getloadavg()
    return f"load average {one:.1f} (5 min {five:.1f}) on {os.cpu_count()} cores"


def chosen(names: Sequence[str], folder: Path = HERE) -> list[Path]:
    every = sorted(folder.glob("bench_*.py"))
    if not names:
        return every
    wanted = {name if name.startswith("bench_") else f"bench_{name}" for name in (n.removesuffix(".py") for n in names)}
    unknown = wanted - {path.stem for path in every}
    if unknown:
        raise SystemExit(f"no such benchmark: {', '.join(sorted(unknown))}")
    return [path for path in every if path.stem in wanted]


def run(path: Path, timeout: float) -> Outcome:
    """One benchmark in its own process group, its output passed through as it comes; its group stopped by its
    PID at the timeout."""
    print(f"==> {path.name} ({load_note()})", flush=True)
    started = time.monotonic()
    load = os.getloadavg()[0]
    process = subprocess.Popen([sys.executable, str(path)], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                               text=True, errors="replace", start_new_session=True)
    timed_out = threading.Event()

    def stop() -> None:
        timed_out.set()
        os.killpg(process.pid, signal.SIGKILL)

    watchdog = threading.Timer(timeout, stop)
    watchdog.start()
    missed: list[str] = []
    assert process.stdout is not None
    with process.stdout:
        for line in process.stdout:
            print(line, end="", flush=True)
            if MISSED.search(line):
                missed.append(line.strip())
    status = process.wait()
    watchdog.cancel()
    if timed_out.is_set():
        print(f"{path.name}: stopped after {timeout:.0f} s", flush=True)
    return Outcome(path.stem, None if timed_out.is_set() else status, time.monotonic() - started,
                   max(load, os.getloadavg()[0]), missed)


def summary(outcomes: Sequence[Outcome]) -> None:
    print(f"\n==> make bench: {len(outcomes)} benchmarks ({load_note()} at the end)")
    for outcome in outcomes:
        state = "ok" if not outcome.failed else ("TIMED OUT" if outcome.status is None else f"FAILED (exit {outcome.status})")
        goals = f", {len(outcome.missed)} goal(s) missed at load {outcome.load:.1f}" if outcome.missed else ""
        print(f"  {outcome.name:24} {state}, {outcome.seconds:6.1f} s{goals}")
        for line in outcome.missed:
            print(f"      {line}")
    failed = [o.name for o in outcomes if o.failed]
    print(f"failed: {', '.join(failed)}" if failed else "every benchmark ran to its end")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("names", nargs="*", help="only these benchmarks (bench_web or web)")
    parser.add_argument("--strict", action="store_true", help="a missed goal fails too (on a quiet machine)")
    parser.add_argument("--timeout", type=float, default=1800.0, help="seconds a benchmark may take (default 1800)")
    parser.add_argument("--folder", type=Path, default=HERE, help=argparse.SUPPRESS)  # the tests' own benchmarks
    args = parser.parse_args(argv)
    outcomes = [run(path, args.timeout) for path in chosen(args.names, args.folder)]
    summary(outcomes)
    bad = any(o.failed for o in outcomes) or (args.strict and any(o.missed for o in outcomes))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
