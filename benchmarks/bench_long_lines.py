"""Long typed lines (issue 24): a line just under the 1,000-character limit, in every game.

Prints figures, not a test. For each game the slowest of a set of long lines
(a command word then 497 words) against a short line of the same command,
measured in the same run: the ratio says how much a long line costs more. Before
issue 24, ``snap`` and 497 words took up to 1.8 s in the Gauntlet (every word
matched against every card name, each name normalised again each time); the
target is under 50 ms for every line.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from conftest import make_session  # noqa: E402

GAMES = {"gauntlet": 4, "love-letter": 4, "mindbug": 2, "num-x": 4, "the-void": 4}
FIRSTS = ("snap", "play", "fight", "defeat", "card", "rules", "what", "blockers", "1", "hulk", "guard", "help")
FILLS = ("a", "1", "hulk", "p1", "thor", "up")
TARGET_MS = 50.0


def timed(session, line: str) -> float:
    started = time.perf_counter()
    session.handle(line)
    return (time.perf_counter() - started) * 1000


def main() -> None:
    for game, players in GAMES.items():
        session, _ = make_session(game, players=players)
        worst = (0.0, "", 0.0)
        for first in FIRSTS:
            for fill in FILLS:
                short = timed(session, f"{first} {fill}")
                long = timed(session, (first + f" {fill}" * 497)[:999])
                if long > worst[0]:
                    worst = (long, f"{first} {fill}…", short)
        long, line, short = worst
        ratio = long / short if short else float("inf")
        verdict = "met" if long < TARGET_MS else "MISSED"
        print(f"{game:12} slowest long line {line!r:16} {long:7.1f} ms; the same command short {short:6.2f} ms; "
              f"ratio {ratio:6.1f}  [goal < {TARGET_MS:.0f} ms: {verdict}]")


if __name__ == "__main__":
    main()
