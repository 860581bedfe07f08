"""Num-X simulator: speed on 1 and 2 workers, and the same games as an independent simulator, in one run.

Run: .venv/bin/python benchmarks/bench_num_x.py [GAMES [ORACLE_GAMES]] (default 4,000 each), the
game as printed at 3 players, greedy bot, seeds 1 onwards. It prints, all measured in this run:

- a fixed pure-Python loop's speed at the start and at the end: the machine's state (a loaded machine
  runs it slower; compare runs by it, and by the load average);
- games a second of the companion's simulator on 1 process and on 2 (goal, issue 34: 2,000 on 2 workers on a
  quiet machine), of the rules-core path (1 process), and of the independent simulator
  (benchmarks/num_x_oracle.py, 1 process): the reference the companion's simulator is measured against;
- both greedy bots' win rates on their own deals with their 95 % Wilson intervals and whether they agree
  (the difference's 95 % interval holds 0: by chance alone 1 comparison in 20 does not), and how many of the
  companion's deals, replayed on the independent simulator, end the same (same result, same score: the
  exact check).

It asserts nothing; docs/num-x.en.md gives its figures.
"""

from __future__ import annotations

import math
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import num_x_oracle as oracle  # noqa: E402 - beside this file

from companion import simulate  # noqa: E402
from companion.simulation import num_x_bots as bots, num_x_fast as fast, runner  # noqa: E402

TABLE = {"players": 3}  # the defaults: the game as printed
GOAL = 2000


def reference_loop() -> float:
    """Millions of loop steps a second of a fixed pure-Python loop (the same work in every run)."""
    start = time.perf_counter()
    total = 0
    for i in range(3_000_000):
        total += i & 7
    return 3.0 / (time.perf_counter() - start)


def timed(work: Callable[[], object]) -> tuple[float, float, object]:
    """Wall seconds and CPU seconds (this process and its finished children) of ``work``, and its result."""
    cpu, wall = _cpu(), time.perf_counter()
    found = work()
    return time.perf_counter() - wall, _cpu() - cpu, found


def _cpu() -> float:
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def line(label: str, games: int, wall: float, cpu: float) -> float:
    rate = games / wall
    print(f"{label}: {rate:,.0f} games a second, {games / cpu:,.0f} per CPU second ({games} games, {wall:.2f} s)")
    return rate


def interval(wins: int, games: int) -> str:
    low, high = simulate.wilson(wins, games)
    return f"{100 * wins / games:.1f} % [{low:.1f}–{high:.1f}] of {games:,} games"


def same_deals(count: int) -> int:
    """The companion's first ``count`` deals replayed on the independent simulator: the games that end the same."""
    table = runner.table_of(TABLE)
    same = 0
    for seed in range(1, count + 1):
        g = fast.deal(table, seed)
        hands = [[oracle.card(table.ids[c]) for c in hand] for hand in g.hands]
        theirs = oracle.finish(oracle.dealt(hands, [oracle.card(table.ids[c]) for c in g.deck]))
        mine = bots.play(table, seed, bots.greedy)
        same += (mine.won, mine.score) == (theirs.won, theirs.score)
    return same


def agreement(mine: list[bool], theirs: list[bool]) -> None:
    p, q = sum(mine) / len(mine), sum(theirs) / len(theirs)
    spread = 1.96 * math.sqrt(p * (1 - p) / len(mine) + q * (1 - q) / len(theirs))
    print(f"greedy wins, companion: {interval(sum(mine), len(mine))}")
    print(f"greedy wins, independent simulator: {interval(sum(theirs), len(theirs))}")
    verdict = "agree" if abs(p - q) <= spread else "DIFFER"
    print(f"  difference {100 * (p - q):+.1f} points, 95 % interval ±{100 * spread:.1f}: {verdict}")


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 4000
    oracle_games = int(sys.argv[2]) if len(sys.argv) > 2 else games
    workers = min(2, runner.cores())
    print(f"cores: {runner.cores()}; load average {os.getloadavg()[0]:.2f}; "
          f"reference loop {reference_loop():.1f} M steps a second at the start")
    simulate._cards()
    runner.table_of(TABLE)  # the cards and the table read once, before any timing
    rates: dict[str, float] = {}
    core_games = max(10, games // 8)
    wall, cpu, _ = timed(lambda: simulate.run_core(TABLE, core_games, "greedy", 1, 1))
    rates["core"] = line("greedy, rules-core path, 1 process", core_games, wall, cpu)
    wall, cpu, one = timed(lambda: runner.run([TABLE], games, "greedy", 1, 1))
    rates["one"] = line("greedy, companion's simulator, 1 process", games, wall, cpu)
    wall, cpu, _ = timed(lambda: runner.run([TABLE], games, "greedy", 1, workers))
    rates["two"] = line(f"greedy, companion's simulator, {workers} processes", games, wall, cpu)
    wall, cpu, results = timed(lambda: [oracle.game(3, seed) for seed in range(1, oracle_games + 1)])
    rates["oracle"] = line("greedy, independent simulator, 1 process", oracle_games, wall, cpu)
    print(f"  companion / independent simulator: {rates['one'] / rates['oracle']:.1f}× on 1 process; "
          f"companion / rules-core path: {rates['one'] / rates['core']:.1f}×")
    assert isinstance(one, runner.Outcome) and isinstance(results, list)
    agreement([r.won for r in one.results[0]], [r.won for r in results])
    paired = min(games, 200)
    print(f"  same deal on both: {same_deals(paired)} of {paired} games end the same (result and score)")
    met = "met" if rates["two"] >= GOAL else "not met"
    print(f"greedy on {workers} processes: {rates['two']:,.0f} games a second (goal {GOAL:,} on a quiet machine: {met} "
          f"in this run); reference loop {reference_loop():.1f} M steps a second at the end, "
          f"load average {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
