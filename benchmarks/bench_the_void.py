"""The Void timings: from a typed line to the announced sentence, through the session. Prints figures, not a test.

The path a player waits for: parse (with the time stamp), rules core, journal
write with fsync, render, and the announcement to an output (an in-memory
stdout). The issue's goal is the terminal's: from Enter to the first sound
≤ 20 ms with the built-in voice; this measures everything before the voice.
Also measured: ``legal_moves`` (completion, the conformance suite's bots).
"""

from __future__ import annotations

import io
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from companion import journal  # noqa: E402
from companion.announce import Announcer  # noqa: E402
from companion.games import find  # noqa: E402
from companion.games.base import options_to_json  # noqa: E402
from companion.output import StdoutOutput  # noqa: E402
from companion.render import Settings  # noqa: E402
from companion.session import Session  # noqa: E402

GOAL_MS = 20.0
GAMES = 40
ROUND = ["1", "2 rouge", "", "3", "5 bleu", "4", "faute vert", "défausse 2 3", "fautes", "défausses", "6 jaune",
         "7", "dessus", "annule", "7", "8 rouge p2", "état", "9 violet", "manche"]


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def line_times() -> list[float]:
    game = find("the-void")
    times: list[float] = []
    with tempfile.TemporaryDirectory() as folder:
        for n in range(GAMES):
            options = game.rules.options_type(players=4)
            saved = journal.Journal.create(Path(folder) / f"void{n}.jsonl", game.id, options_to_json(options))
            session = Session(game, options, Settings("fr"), Announcer([StdoutOutput(True, io.StringIO())]), saved)
            session.start()
            for line in ROUND:
                started = time.perf_counter()
                session.handle(line)
                times.append((time.perf_counter() - started) * 1000)
            saved.close()
    return times


def legal_moves_times() -> list[float]:
    game = find("the-void")
    state = game.rules.new(game.rules.options_type(players=4), game.cards())
    times = []
    for _ in range(50):
        started = time.perf_counter()
        game.rules.legal_moves(state)
        times.append((time.perf_counter() - started) * 1000)
    return times


def main() -> None:
    times = line_times()
    median, p99 = statistics.median(times), percentile(times, 0.99)
    print(f"typed line -> announced sentence (journal with fsync): {len(times)} lines, "
          f"median {median:.2f} ms, p99 {p99:.2f} ms, max {max(times):.2f} ms; goal <= {GOAL_MS:.0f} ms to the voice")
    moves = legal_moves_times()
    print(f"legal_moves at the start of a round: median {statistics.median(moves):.2f} ms, "
          f"p99 {percentile(moves, 0.99):.2f} ms")


if __name__ == "__main__":
    main()
