"""The disk's share of a command: the time spent in ``os.fsync`` while it ran, measured in the same call.

The goal "command → sentence p99 ≤ 1 ms" is the companion's own work: a journal's fsync
alone has a p99 of 0.6–4 ms on a loaded disk, which no code of ours can shorten. So the
benchmarks time each command and, paired with it, every ``os.fsync`` it called; the
companion's own work is the difference. Not a benchmark itself (``make bench`` runs
``bench_*.py``).
"""

from __future__ import annotations

import os
import statistics
import time
from collections.abc import Callable, Sequence
from types import TracebackType

OWN_GOAL_P99_MS = 1.0


class FsyncClock:
    """While entered, ``os.fsync`` is timed; ``run`` gives a call's total and its fsync time, in ms, and keeps in
    ``own_cpu`` the call's CPU time outside the fsync (ms): on a loaded machine the wall time counts the waits for a
    core, the CPU time hardly, so it says what a quiet machine would measure."""

    def __init__(self) -> None:
        self.spent = 0.0
        self.spent_cpu = 0.0
        self.own_cpu: list[float] = []
        self._real = os.fsync

    def __enter__(self) -> FsyncClock:
        self._real = os.fsync
        os.fsync = self._timed
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None) -> None:
        os.fsync = self._real

    def _timed(self, fd: int) -> None:
        started, started_cpu = time.perf_counter(), time.thread_time()
        try:
            self._real(fd)
        finally:
            self.spent += time.perf_counter() - started
            self.spent_cpu += time.thread_time() - started_cpu

    def run(self, work: Callable[[str], object], line: str) -> tuple[float, float]:
        """``work(line)``'s time and the fsync time within it, both in ms."""
        before, before_cpu = self.spent, self.spent_cpu
        started, started_cpu = time.perf_counter(), time.thread_time()
        work(line)
        total = time.perf_counter() - started
        self.own_cpu.append(1000 * (time.thread_time() - started_cpu - (self.spent_cpu - before_cpu)))
        return 1000 * total, 1000 * (self.spent - before)


def p99(values: Sequence[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]


def own_work_line(label: str, totals: Sequence[float], fsyncs: Sequence[float], own_cpu: Sequence[float] = ()) -> str:
    """The line every command benchmark prints: the whole, the paired fsync, and the companion's own work; with
    ``own_cpu`` (`FsyncClock.own_cpu`), that work's CPU time, and the machine's load."""
    own = [total - disk for total, disk in zip(totals, fsyncs, strict=True)]
    met = p99(own) <= OWN_GOAL_P99_MS
    line = (f"{label}: {len(totals)} commands; command -> sentence median {statistics.median(totals):.3f} ms, "
            f"p99 {p99(totals):.3f} ms; of which the paired fsync median {statistics.median(fsyncs):.3f} ms, "
            f"p99 {p99(fsyncs):.3f} ms; the companion's own work (minus the fsync) median "
            f"{statistics.median(own):.3f} ms, p99 {p99(own):.3f} ms (goal p99 <= {OWN_GOAL_P99_MS:.0f} ms: "
            f"{'met' if met else 'MISSED'})")
    if own_cpu:
        line += (f"; its CPU time median {statistics.median(own_cpu):.3f} ms, p99 {p99(own_cpu):.3f} ms (load average "
                 f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)")
    return line
