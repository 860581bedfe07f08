"""Speech Dispatcher latency, read from the daemon's own protocol log.

A real ``speech-dispatcher`` runs in a private folder on a private socket (the
test harness, tests/daemons.py: PulseAudio null sink when installed, else ALSA's
null device). A French Gauntlet session speaks through `SpeechDispatcherSpeaker`
exactly as ``companion play`` wires it (a new line first interrupts speech).
Measured, from the moment a line is handed to the session:

- **line → sentence**: until the answer's first sentence is in Speech
  Dispatcher's protocol log (the daemon has it; its output module starts next);
- **new line → cancel**: until the ``CANCEL self`` that cuts off the previous
  answer, still being spoken, is in the log;
- **new line → audio begins**: until the output module reports the answer's
  first sentence begun (its ``701 BEGIN`` event, sent when the module starts
  playing its audio): what a listener waits for. The first two are requests;
  this one is the daemon's audio.

All use the daemon's time stamps (microseconds, wall clock). Goals: median and
p99 at most 20 ms for the two requests; the audio's start is given with, as its
reference in the same run, the time from the sentence reaching the daemon to
that start (the daemon's and module's own share). Prints the figures and whether each goal is met (like the
other benchmarks, it does not fail: figures on a loaded machine vary).
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

RUNS = 60
GOAL_MS = 20.0
LINES = ("état", "restantes")


def _p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]


def main() -> int:
    import pytest

    from companion.announce import Announcer
    from companion.registry import find
    from companion.render import Settings
    from companion.session import Wiring, open_session
    from companion.speech import SpeechDispatcherSpeaker, SpeechOutput
    from tests.daemons import SpeechDispatcher, wait_until

    with tempfile.TemporaryDirectory() as folder:
        try:
            daemon = SpeechDispatcher(Path(folder) / "speechd")
        except pytest.skip.Exception as skipped:
            print(f"bench_speechd: skipped, {skipped}")
            return 0
        try:
            speaker = SpeechDispatcherSpeaker("fr", address=daemon.address)
            output = SpeechOutput(speaker, "fr")
            game = find("gauntlet")
            rules = game.rules
            options_type = getattr(rules, "options_type", None) or rules().Options  # the games' API as it is now, or was
            # As `companion play` wires it: a new line cuts off the old speech.
            session = open_session(game, options_type(), Settings("fr"),
                                   Wiring(Announcer([output]), before_line=(output.interrupt,)), None)
            session.start()
            for line in LINES:  # warm up: each answer's first rendering loads its catalogs
                session.handle(line)
            speaker.wait(5)
            time.sleep(0.2)
            to_sentence: list[float] = []
            to_cancel: list[float] = []
            asked: list[tuple[float, int]] = []  # (typed, index of the answer's first message)
            for run in range(RUNS):
                before = len(daemon.protocol.messages())
                cancels_before = sum(e.text == "CANCEL self" for e in daemon.protocol.commands())
                typed = time.time()
                session.handle(LINES[run % len(LINES)])
                def arrived(before: int = before) -> list | None:
                    messages = daemon.protocol.messages()
                    return messages if len(messages) > before and messages[before].received else None

                messages = wait_until(arrived, 5, "the answer to reach Speech Dispatcher")
                to_sentence.append(1000 * (messages[before].received - typed))
                asked.append((typed, before))
                cancels = [e for e in daemon.protocol.commands() if e.text == "CANCEL self"]
                if run and len(cancels) > cancels_before:
                    to_cancel.append(1000 * (cancels[cancels_before].time - typed))
                time.sleep(0.15)  # the answer is being spoken when the next line comes
            output.close()
            spoken = daemon.protocol.messages()
            to_audio = [1000 * (spoken[i].begun - typed) for typed, i in asked if spoken[i].begun is not None]
            daemon_share = [1000 * (spoken[i].begun - spoken[i].received) for _, i in asked
                            if spoken[i].begun is not None and spoken[i].received is not None]
            # for information: from the CANCEL to the daemon's "cancelled" event for a sentence that had begun
            cancels = [e.time for e in daemon.protocol.commands() if e.text == "CANCEL self"]
            to_silence = []
            for message in daemon.protocol.messages():
                stop = next((when for when, event in message.events if event == "cancel"), None)
                if message.begun is not None and stop is not None:
                    before_stop = [c for c in cancels if c <= stop]
                    if before_stop:
                        to_silence.append(1000 * (stop - before_stop[-1]))
        finally:
            daemon.stop()
    sink = "PulseAudio null sink, real time" if daemon.real_time else "ALSA null device"
    print(f"Speech Dispatcher ({sink}), {RUNS} lines:")
    for label, values in (("line -> sentence in Speech Dispatcher", to_sentence), ("new line -> cancel of the old speech",
                                                                                  to_cancel)):
        median, p99 = statistics.median(values), _p99(values)
        met = median <= GOAL_MS and p99 <= GOAL_MS
        print(f"  {label}: median {median:.2f} ms, p99 {p99:.2f} ms ({len(values)} runs; goal <= {GOAL_MS:.0f} ms: "
              f"{'met' if met else 'MISSED'})")
    if to_audio:
        print(f"  new line -> the module reports the audio begun (BEGIN): median {statistics.median(to_audio):.1f} ms, "
              f"p99 {_p99(to_audio):.1f} ms ({len(to_audio)} of {len(asked)} answers begun before being cut off); "
              f"reference, sentence in the daemon -> BEGIN: median {statistics.median(daemon_share):.1f} ms, "
              f"p99 {_p99(daemon_share):.1f} ms")
    if to_silence:
        print(f"  (information: cancel -> the output module reports the sentence stopped: median "
              f"{statistics.median(to_silence):.1f} ms, p99 {_p99(to_silence):.1f} ms; no goal, depends on the audio sink)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
