"""Num-X speed figures: full simulated games per second (greedy and planner bots), one core and every core.

Run: .venv/bin/python benchmarks/bench_num_x.py [GAMES]. Goal: at least 500 greedy games a second on the
2-core machine (2,000 is the stretch goal). It prints figures; it asserts nothing.
"""

from __future__ import annotations

import os
import sys
import time

from companion import simulate
from companion.games import num_x as nx


def rate(games: int, bot: str, workers: int) -> float:
    start = time.perf_counter()
    simulate.run({"players": 3}, games, bot, seed=1, workers=workers)
    return games / (time.perf_counter() - start)


def apply_rate(rounds: int = 200) -> float:
    """Commands applied per second by the rules core alone (legal moves listed and one applied)."""
    cards = simulate._cards()
    count = 0
    start = time.perf_counter()
    for seed in range(rounds):
        state = nx.new(nx.Options(players=3), cards)
        moves = nx.legal_moves(state)
        state, _ = nx.apply(state, moves[seed % len(moves)])
        count += 1
    return count / (time.perf_counter() - start)


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    cores = os.cpu_count() or 1
    print(f"cores: {cores}; load average: {os.getloadavg()[0]:.2f}")
    print(f"legal_moves + apply from a new table: {apply_rate():.0f} a second")
    print(f"greedy, 1 process: {rate(games // 2, 'greedy', 1):.0f} games a second")
    print(f"greedy, {cores} processes: {rate(games, 'greedy', cores):.0f} games a second (goal 500)")
    print(f"planner, {cores} processes: {rate(max(40, games // 20), 'planner', cores):.1f} games a second")


if __name__ == "__main__":
    main()
