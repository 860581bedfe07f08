"""Speech latency: from say() to the start of playback, and from an interrupt to silence.

Uses the built-in voice (espeak-ng streamed to a player) with the real-time
silent player, so it runs on machines without a sound card. Prints figures;
targets are 50 ms p99 for the start and 50 ms for an interrupt.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.speech import TtsSpeaker, nullplayer  # noqa: E402

SENTENCE = "Thanos perd une vie, retirez un rubis de sa carte, il en reste trois maintenant."
RUNS = 20
TARGET_MS = 50.0


def _events(log: Path) -> list[tuple[str, int, float]]:
    rows = []
    for line in log.read_text().splitlines() if log.exists() else []:
        event, pid, stamp, _ = line.split()
        rows.append((event, int(pid), float(stamp)))
    return rows


def _wait(log: Path, event: str, count: int, timeout: float = 5.0) -> float:
    """The stamp of the ``count``-th ``event`` line."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        stamps = [stamp for kind, _, stamp in _events(log) if kind == event]
        if len(stamps) >= count:
            return stamps[count - 1]
        time.sleep(0.001)
    raise SystemExit(f"bench_speech: no '{event}' from the player within {timeout} s")


def _p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]


def main() -> int:
    assert len(SENTENCE.split()) == 15
    with tempfile.TemporaryDirectory() as folder:
        log = Path(folder) / "player.log"
        speaker = TtsSpeaker("fr", player=nullplayer.command(log))
        starts, interrupts = [], []
        try:
            for run in range(1, RUNS + 1):
                asked = time.monotonic()
                speaker.say(SENTENCE)
                starts.append(1000 * (_wait(log, "start", run) - asked))
                time.sleep(0.05)
                asked = time.monotonic()
                speaker.stop()
                interrupts.append(1000 * (_wait(log, "stop", run) - asked))
                speaker.wait(timeout=2)
        finally:
            speaker.close()
    figures = [("say() to playback start", starts), ("interrupt to end of playback", interrupts)]
    print(f"speech benchmark: {RUNS} runs, {len(SENTENCE.split())}-word French sentence, "
          "espeak-ng streamed to a real-time null player")
    for label, values in figures:
        verdict = "ok" if _p99(values) < TARGET_MS else f"MISSED (target {TARGET_MS:.0f} ms)"
        print(f"  {label}: median {statistics.median(values):.1f} ms, p99 {_p99(values):.1f} ms, "
              f"max {max(values):.1f} ms — {verdict}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
