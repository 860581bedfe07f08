"""Num-X simulator speed: whole games a second on the fast path beside the rules-core path, in the same run.

Run: .venv/bin/python benchmarks/bench_num_x.py [GAMES]. Goals (issue 25): the greedy bot at 2,000 games a
second or more on the 2-core machine (10× the 188 a second the rules-core path made), the planner 5× its
rules-core figure. Both paths play the very same games (tests/test_num_x_fast_bots.py). The machine is
shared, so each figure is also given per CPU second (the time the processes really ran), which other
work loading the machine does not change. It prints figures; it asserts nothing.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable

from companion import simulate
from companion.simulation import runner

TABLE = {"players": 3}  # the defaults: the game as printed


def timed(work: Callable[[], object]) -> tuple[float, float]:
    """Wall seconds and CPU seconds (this process and its finished children) of ``work``."""
    cpu, wall = _cpu(), time.perf_counter()
    work()
    return time.perf_counter() - wall, _cpu() - cpu


def _cpu() -> float:
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def line(label: str, games: int, wall: float, cpu: float) -> tuple[float, float]:
    rate, per_cpu = games / wall, games / cpu if cpu else float("nan")
    print(f"{label}: {rate:,.0f} games a second, {per_cpu:,.0f} per CPU second ({games} games, {wall:.2f} s)")
    return rate, per_cpu


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 4000
    cores = runner.cores()
    print(f"cores: {cores}; load average: {os.getloadavg()[0]:.2f} (other work on the machine lowers the wall figures)")
    simulate._cards()  # loaded once, before any timing
    figures: dict[str, tuple[float, float]] = {}
    for bot, count in (("greedy", games), ("planner", max(20, games // 40))):
        core_count = max(10, count // (8 if bot == "greedy" else 4))  # the planner: enough games to steady it
        figures[f"{bot} core"] = line(f"{bot}, rules-core path, 1 process", core_count,
                                      *timed(lambda b=bot, n=core_count: simulate.run_core(TABLE, n, b, 1, 1)))
        figures[f"{bot} fast 1"] = line(f"{bot}, fast path, 1 process", count,
                                        *timed(lambda b=bot, n=count: runner.run([TABLE], n, b, 1, 1)))
        figures[f"{bot} fast"] = line(f"{bot}, fast path, {cores} processes", count,
                                      *timed(lambda b=bot, n=count: runner.run([TABLE], n, b, 1, cores)))
        core, one, every = figures[f"{bot} core"], figures[f"{bot} fast 1"], figures[f"{bot} fast"]
        print(f"  {bot}: fast / rules-core = {one[0] / core[0]:.1f}× on one process ({one[1] / core[1]:.1f}× per CPU "
              f"second); {every[0] / core[0]:.1f}× with {cores} processes against the core's one")
    greedy = figures["greedy fast"][0]
    print(f"greedy on {cores} processes: {greedy:,.0f} games a second (goal 2,000: {'met' if greedy >= 2000 else 'not met'}"
          f"; {greedy / 188:.1f}× the 188 of issue 25)")


if __name__ == "__main__":
    main()
