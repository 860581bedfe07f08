"""Mindbug timings: one command from typed line to announced sentence, on a board of 10 creatures.

Prints figures, not a test. The board holds every passive effect (Goblin Werewolf,
Urchin Hurler, Shield Bugs, Lone Yeti, Snail Thrower, Sharky, Bee Bear,
Elephantopus, Deathweaver) plus a Spider Owl, so every query recomputes all of
them. A command's time covers parse, rules core, journal write with fsync,
render and the announcement to an in-memory stdout. Goal: the companion's own work (the
command minus the fsync it made, benchmarks/fsync_clock.py) p99 under 1 ms; bar 5 ms for the whole.
Each command starts with no position worked out (``effective`` and ``legal_blockers`` keep the last ones;
``forget_positions`` clears them): the lines repeat here on one board, where a game's board changes. Each line
prints its whole time, the same minus the fsync it made (the goal's measure), and its CPU time outside the fsync.
"""

from __future__ import annotations

import io
import statistics
import sys
import tempfile
import time
from pathlib import Path

from msgspec.structs import replace

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from companion import journal  # noqa: E402
from companion.announce import Announcer  # noqa: E402
from companion.registry import find  # noqa: E402
from companion.games import mindbug as mb  # noqa: E402
from companion.games.base import options_to_json  # noqa: E402
from companion.output import StdoutOutput  # noqa: E402
from companion.render import Settings  # noqa: E402
from companion.session import Session, open_session  # noqa: E402
from fsync_clock import FsyncClock, own_work_line, p99  # noqa: E402

BAR_MS = 5.0
MINE = ("goblin-werewolf", "urchin-hurler", "shield-bugs", "snail-thrower", "bee-bear")
THEIRS = ("lone-yeti", "sharky-crab-dog-mummypus", "elephantopus", "deathweaver", "spider-owl")
LINES = ["board", "creature goblin", "blockers bee bear", "what if bee bear", "status", "unseen", "play gorillion",
         "undo", "attack bee bear", "undo"]


def session_with_full_board(folder: Path) -> Session:
    game = find("mindbug")
    options = mb.Options()
    saved = journal.Journal.create(folder / "bench.jsonl", game.id, options_to_json(options))
    session = open_session(game, options, Settings("fr"), Announcer([StdoutOutput(True, io.StringIO())]), saved)
    boards = tuple(tuple(mb.Creature(10 * seat + i + 1, card, seat) for i, card in enumerate(side))
                   for seat, side in enumerate((MINE, THEIRS)))
    session.table.initial = replace(session.table.initial, boards=boards, next_uid=30)
    return session


def main() -> None:
    with tempfile.TemporaryDirectory() as folder, FsyncClock() as clock:
        session = session_with_full_board(Path(folder))
        times: dict[str, list[float]] = {line: [] for line in LINES}
        own: dict[str, list[float]] = {line: [] for line in LINES}
        totals: list[float] = []
        fsyncs: list[float] = []
        for _ in range(200):
            for line in LINES:
                mb.forget_positions()  # each command on a position not yet worked out, as in a game (here they repeat)
                total, disk = clock.run(session.handle, line)
                times[line].append(total)
                own[line].append(total - disk)
                totals.append(total)
                fsyncs.append(disk)
        everything = sorted(totals)
        print(f"mindbug, 10 creatures with every passive effect, {len(everything)} commands through the session")
        cpu: dict[str, list[float]] = {line: [] for line in LINES}
        for index, spent in enumerate(clock.own_cpu):
            cpu[LINES[index % len(LINES)]].append(spent)
        for line, found in times.items():
            print(f"  {line:20} median {statistics.median(found):.3f} ms, p99 {p99(found):.3f} ms; minus its fsync "
                  f"median {statistics.median(own[line]):.3f} ms, p99 {p99(own[line]):.3f} ms; its CPU time outside "
                  f"the fsync median {statistics.median(cpu[line]):.3f} ms, p99 {p99(cpu[line]):.3f} ms")
        print(own_work_line("all", totals, fsyncs, clock.own_cpu))
        print(f"  (bar: whole command p99 < {BAR_MS:.0f} ms: {'met' if p99(everything) < BAR_MS else 'MISSED'})")
        moves = []
        state = session.state
        for _ in range(50):
            start = time.perf_counter()
            mb.legal_moves(state)
            moves.append((time.perf_counter() - start) * 1000)
        print(f"legal_moves on that board: median {statistics.median(moves):.3f} ms")


if __name__ == "__main__":
    main()
