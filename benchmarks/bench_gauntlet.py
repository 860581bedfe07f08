"""Gauntlet timings: one command from typed line to announced sentence.

Prints figures, not a test. A command's time covers the whole path a player waits
for: parse, rules core, journal write with fsync, render, and the announcement
to an output (an in-memory stdout). Targets: the companion's own work (the command
minus the fsync it made) p99 under 1 ms, the whole under 5 ms. Start-up (``--help``,
``play``, a resume, against ``python -c pass``) is measured by ``bench_startup.py``.
"""

from __future__ import annotations

import io
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: The figures measured on this 2-core machine before the journal wrote ahead (issue 10), for comparison.
BEFORE_MEDIAN_MS, BEFORE_P99_MS = 0.29, 1.14
sys.path.insert(0, str(ROOT))

from companion import journal  # noqa: E402
from companion.announce import Announcer  # noqa: E402
from companion.registry import find  # noqa: E402
from companion.output import StdoutOutput  # noqa: E402
from companion.render import Settings  # noqa: E402
from companion.games.base import options_to_json  # noqa: E402
from companion.session import open_session  # noqa: E402
from fsync_clock import FsyncClock, own_work_line, p99  # noqa: E402

TARGET_P99_MS = 5.0
ROUNDS = 60  # each round: a Thanos turn, three hero turns, a fight, a defeat, questions, an undo

ROUND = [
    "play proxima", "next",
    "play hulk", "fight 1 3 3", "next",
    "play falcon 3", "next",
    "play vision thanos", "next",
    "status", "played", "unseen", "card iron man", "undo", "redo", "play zorglub",
]


def command_times() -> tuple[list[float], list[float], list[float]]:
    """Each command's time, the time of the fsyncs it made, and its CPU time outside them (ms)."""
    game = find("gauntlet")
    rules = game.rules
    times: list[float] = []
    fsyncs: list[float] = []
    with tempfile.TemporaryDirectory() as folder, FsyncClock() as clock:
        for _ in range(ROUNDS):
            path = Path(folder) / f"bench{len(times)}.jsonl"
            options = rules.options_type(players=4)
            saved = journal.Journal.create(path, game.id, options_to_json(options))
            session = open_session(game, options, Settings("fr"), Announcer([StdoutOutput(True, io.StringIO())]), saved)
            for line in ROUND:
                total, disk = clock.run(session.handle, line)
                times.append(total)
                fsyncs.append(disk)
            session.close()
    return times, fsyncs, clock.own_cpu


def main() -> None:
    times, fsyncs, own_cpu = command_times()
    print(own_work_line("gauntlet (parse, rules, journal fsync, render, output)", times, fsyncs, own_cpu))
    print(f"  (bar: whole command p99 < {TARGET_P99_MS:.0f} ms: {'met' if p99(times) < TARGET_P99_MS else 'MISSED'}; "
          f"before the write-ahead journal, issue 10: median {BEFORE_MEDIAN_MS} ms, p99 {BEFORE_P99_MS} ms)")


if __name__ == "__main__":
    main()
