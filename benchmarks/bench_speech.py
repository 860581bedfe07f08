"""Speech latency: from say() to the start of playback, and from an interrupt to silence.

Uses the built-in voice (espeak-ng streamed to a player) with the benchmark's
real-time silent player (speech/nullplayer.py), so it runs on machines without a
sound card. Prints figures; the goals are 50 ms p99 for the start and for an
interrupt. The start is timed to the null player, a Python process started for
each sentence, which no user has: it gets no verdict, and the null player's own
start is given beside sox's, measured in the same run.
"""

from __future__ import annotations

import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.speech import TtsSpeaker, nullplayer  # noqa: E402
from bench_the_void import start_ms  # noqa: E402

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
    print(f"speech benchmark: {RUNS} runs, {len(SENTENCE.split())}-word French sentence, "
          "espeak-ng streamed to this benchmark's real-time null player")
    # The null player is a Python process of this benchmark's, started for each sentence: its start is no user's.
    print(f"  say() -> first audio reaching the null player: median {statistics.median(starts):.1f} ms, "
          f"p99 {_p99(starts):.1f} ms, max {max(starts):.1f} ms (no verdict: the goal, {TARGET_MS:.0f} ms, is for the "
          f"user's player, sox, aplay or paplay, with a sound card this machine may lack)")
    player = start_ms([sys.executable, "-S", "-c", "import os, signal, struct, sys, time"])
    sox = shutil.which("sox")
    native = f"; sox's start (no device opened) {statistics.median(start_ms([sox, '-q', '-n', '-n', 'trim', '0', '0'])):.1f} ms" \
        if sox else ""
    print(f"    in the same run: the null player's own start {statistics.median(player):.1f} ms{native}")
    verdict = "met" if _p99(interrupts) < TARGET_MS else "MISSED"
    print(f"  interrupt -> end of playback (the companion stopping the player): median {statistics.median(interrupts):.1f} "
          f"ms, p99 {_p99(interrupts):.1f} ms, max {max(interrupts):.1f} ms (goal p99 < {TARGET_MS:.0f} ms: {verdict})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
