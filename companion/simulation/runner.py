"""Many seeded Num-X games on the fast path, over worker processes, stoppable at once.

Each game's seed fixes its deal (a seed per game, never per worker), so the results of a seed range are the
same on 1 process or 8. Work goes out in small chunks so progress can be reported and Ctrl+C honoured within
a fraction of a second: the workers ignore SIGINT, the parent stops them (``Pool.terminate``) and keeps every
chunk that finished. No sentences here: ``companion/simulate.py`` says things.
"""

from __future__ import annotations

import math
import multiprocessing
import os
import signal
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from companion.simulation.num_x_bots import BOTS, GameResult, play
from companion.simulation.num_x_fast import Table

#: Called in the parent after every chunk: games done, games in all.
Progress = Callable[[int, int], None]
_TABLES: dict[tuple[tuple[str, Any], ...], Table] = {}


def cores() -> int:
    """The cores this process may run on (its CPU affinity where the system says it)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


_CARDS: list[Any] = []


def table_of(values: Mapping[str, Any]) -> Table:
    """The fast path's table for Num-X option ``values``, built once per process."""
    key = tuple(sorted(values.items()))
    found = _TABLES.get(key)
    if found is None:
        from companion.cards import load
        from companion.games import num_x as nx

        if not _CARDS:  # the card file read once per process (the command above this package reads its own)
            assert nx.SPEC.data_file is not None  # Num-X has cards
            _CARDS.append(load(nx.SPEC.data_file, nx.SPEC.deck_sizes, nx.SPEC.traits))
        found = _TABLES[key] = Table.of(nx.Options(**values), _CARDS[0])
    return found


@dataclass(frozen=True)
class Chunk:
    """``count`` games of table number ``index``, seeds ``first`` onwards."""

    index: int
    values: tuple[tuple[str, Any], ...]
    first: int
    count: int
    bot: str


def _play_chunk(chunk: Chunk) -> tuple[Chunk, list[GameResult]]:
    table = table_of(dict(chunk.values))
    bot = BOTS[chunk.bot]
    return chunk, [play(table, seed, bot) for seed in range(chunk.first, chunk.first + chunk.count)]


def _ignore_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent decides; it stops us with SIGTERM


@dataclass
class Outcome:
    """Each table's results in seed order, and whether Ctrl+C stopped the run before the end."""

    results: list[list[GameResult]]
    interrupted: bool = False
    seconds: float = 0.0
    cpu_seconds: float = 0.0
    done: int = field(default=0)


def chunks(tables: Sequence[Mapping[str, Any]], games: int, bot: str, seed: int, workers: int) -> list[Chunk]:
    """Small enough for a progress step every few tenths of a second, large enough to keep the workers busy."""
    size = max(1, min(250 if bot == "greedy" else 10, math.ceil(games / (workers * 4))))
    return [Chunk(i, tuple(sorted(values.items())), seed + start, min(size, games - start), bot)
            for i, values in enumerate(tables) for start in range(0, games, size)]


def run(tables: Sequence[Mapping[str, Any]], games: int, bot: str = "greedy", seed: int = 1, workers: int = 1,
        progress: Progress | None = None) -> Outcome:
    """``games`` games of each table (Num-X option values), seeds ``seed`` onwards, on ``workers`` processes.

    Ctrl+C (KeyboardInterrupt) ends the run at once with what finished: ``interrupted`` says so.
    """
    jobs = chunks(tables, games, bot, seed, workers)
    total = sum(job.count for job in jobs)
    found: list[list[tuple[int, list[GameResult]]]] = [[] for _ in tables]
    outcome = Outcome([[] for _ in tables])
    start, cpu = time.perf_counter(), _cpu()
    done = 0

    def keep(chunk: Chunk, results: list[GameResult]) -> None:
        nonlocal done
        found[chunk.index].append((chunk.first, results))
        done += len(results)
        if progress is not None:
            progress(done, total)

    try:
        if workers <= 1 or len(jobs) == 1:
            for job in jobs:
                keep(*_play_chunk(job))
        else:
            _in_pool(jobs, workers, keep)
    except KeyboardInterrupt:
        outcome.interrupted = True
    outcome.results = [[r for _, chunk in sorted(parts, key=lambda part: part[0]) for r in chunk] for parts in found]
    outcome.seconds, outcome.cpu_seconds, outcome.done = time.perf_counter() - start, _cpu() - cpu, done
    return outcome


def _in_pool(jobs: list[Chunk], workers: int, keep: Callable[[Chunk, list[GameResult]], None]) -> None:
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else None)
    pool = context.Pool(min(workers, len(jobs)), initializer=_ignore_sigint)
    try:
        results = pool.imap_unordered(_play_chunk, jobs)
        for _ in jobs:
            while True:
                try:
                    item = results.next(timeout=0.2)  # a short wait: Ctrl+C is seen at once
                except multiprocessing.TimeoutError:
                    continue
                break
            keep(*item)
        pool.close()
    finally:
        pool.terminate()
        pool.join()


def _cpu() -> float:
    """CPU seconds of this process and of its finished children (the workers, once joined)."""
    times = os.times()
    return times.user + times.system + times.children_user + times.children_system
