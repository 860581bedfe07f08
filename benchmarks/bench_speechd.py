"""Speech Dispatcher latency: when a typed line's answer is heard, from the daemon's audio and its protocol log.

A real ``speech-dispatcher`` runs in a private folder on a private socket (the
test harness, tests/daemons.py: PulseAudio null sink when installed, else ALSA's
null device). A French Gauntlet session speaks through `SpeechDispatcherSpeaker`
exactly as ``companion play`` wires it (a new line first interrupts speech), and
each line comes while the previous answer is still being said, so every line
cuts speech. Measured, from the moment a line is handed to the session:

- **new line → the answer heard**: until the answer's first sound plays on the
  null sink (recorded from its monitor, tests/daemons.py `SinkMonitor`): what a
  listener waits for, the main figure. Beside it, the daemon's own share, from
  the answer reaching the daemon to that sound: the output module must stop the
  old sentence before it begins the new one (the old sentence's 703 event), then
  synthesize and play; the companion cannot shorten it. The rest is the
  companion's, the line → sentence below;
- **line → sentence**: until the answer's first sentence is in Speech
  Dispatcher's protocol log (the daemon has it; the request);
- **new line → cancel**: until the ``CANCEL self`` that cuts off the previous
  answer is in the log (the request);
- **cancel → the answer's SPEAK**: the answer goes right behind the cancel, not
  once the daemon reports the old sentence cancelled (its 703 event, given
  beside as the reference).

The requests use the daemon's time stamps (microseconds, wall clock); the audio,
the sink's. Goals: median and p99 at most 20 ms for the two requests (the
companion's own work); the audio is given with its split, no goal of its own.
Prints the figures and whether each goal is met (like the other benchmarks, it
does not fail: figures on a loaded machine vary). Without the null sink (no
``pulseaudio``) the audio is not measured, and it says so.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

RUNS = 60
GOAL_MS = 20.0
LINES = ("état", "restantes")


def _p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]


@dataclass
class Runs:
    """What each line's answer did, in milliseconds from the line typed (or as labelled)."""

    to_sentence: list[float] = field(default_factory=list)
    to_cancel: list[float] = field(default_factory=list)
    asked: list[tuple[float, int]] = field(default_factory=list)  # (typed, index of the answer's first message)


def _session(speaker: Any) -> tuple[Any, Any]:
    from companion.announce import Announcer
    from companion.registry import find
    from companion.render import Settings
    from companion.session import Wiring, open_session
    from companion.speech import SpeechOutput

    output = SpeechOutput(speaker, "fr")
    game = find("gauntlet")
    rules = game.rules
    options_type = getattr(rules, "options_type", None) or rules().Options  # the games' API as it is now, or was
    # As `companion play` wires it: a new line cuts off the old speech.
    session = open_session(game, options_type(), Settings("fr"),
                           Wiring(Announcer([output]), before_line=(output.interrupt,)), None)
    session.start()
    return session, output


def _type_lines(daemon: Any, session: Any) -> Runs:
    from tests.daemons import wait_until

    runs = Runs()
    for run in range(RUNS):
        before = len(daemon.protocol.messages())
        cancels_before = sum(e.text == "CANCEL self" for e in daemon.protocol.commands())
        typed = time.time()
        session.handle(LINES[run % len(LINES)])

        def arrived(before: int = before) -> list | None:
            messages = daemon.protocol.messages()
            return messages if len(messages) > before and messages[before].received else None

        messages = wait_until(arrived, 5, "the answer to reach Speech Dispatcher")
        runs.to_sentence.append(1000 * (messages[before].received - typed))
        runs.asked.append((typed, before))
        cancels = [e for e in daemon.protocol.commands() if e.text == "CANCEL self"]
        if run and len(cancels) > cancels_before:
            runs.to_cancel.append(1000 * (cancels[cancels_before].time - typed))
        time.sleep(0.15)  # the answer is being spoken when the next line comes
    return runs


def _cancelled(message: Any) -> float | None:
    return next((when for when, event in message.events if event == "cancel"), None)


def _heard(runs: Runs, messages: list[Any], audible: list[float]) -> tuple[list[float], list[float]]:
    """(new line -> first sound of the answer, the answer in the daemon -> that sound), in ms, for answers heard.

    The answer's first sound is the first audible sample after its ``SPEAK`` and after the old sentence's reported
    cancel (the old sentence's sound does not run on past it)."""
    from tests.daemons import SinkMonitor

    heard, share = [], []
    for typed, index in runs.asked:
        answer = messages[index]
        if answer.begun is None or answer.received is None:
            continue  # cut off by the next line before it began
        since = answer.sent
        if index:
            cancel = _cancelled(messages[index - 1])
            since = max(since, cancel or since)
        played = SinkMonitor.between(audible, since, answer.begun + 1.0)
        start = played[0] if played is not None else None
        if start is not None:
            heard.append(1000 * (start - typed))
            share.append(1000 * (start - answer.received))
    return heard, share


def _cut_behind(commands: list[Any], messages: list[Any]) -> tuple[list[float], list[float]]:
    """(CANCEL -> the next SPEAK, CANCEL -> the daemon's cancel event of the sentence it cut), in ms."""
    cancels = [e.time for e in commands if e.text == "CANCEL self"]
    to_speak, to_event = [], []
    for cancel in cancels:
        after = [m for m in messages if m.sent >= cancel]
        cut = [m for m in messages if m.sent < cancel and (_cancelled(m) or 0) >= cancel]
        if after and cut:
            to_speak.append(1000 * (after[0].sent - cancel))
            to_event.append(1000 * ((_cancelled(cut[-1]) or cancel) - cancel))
    return to_speak, to_event


def _line(label: str, values: list[float], goal: bool = True) -> str:
    median, p99 = statistics.median(values), _p99(values)
    verdict = f"; goal <= {GOAL_MS:.0f} ms: {'met' if median <= GOAL_MS and p99 <= GOAL_MS else 'MISSED'}" if goal else ""
    return f"  {label}: median {median:.1f} ms, p99 {p99:.1f} ms ({len(values)} runs{verdict})"


def report(runs: Runs, messages: list[Any], commands: list[Any], audible: list[float] | None,
           sink: str) -> None:
    print(f"Speech Dispatcher ({sink}), {RUNS} lines, each cutting off the previous answer:")
    if audible is None:
        print("  new line -> the answer heard: not measured (no PulseAudio null sink to record the audio from)")
    else:
        heard, share = _heard(runs, messages, audible)
        if heard:
            print(_line("new line -> the answer heard (its first sound on the null sink)", heard, goal=False))
            print(_line("    of which the daemon's share, same run: the answer in the daemon -> that sound (the old "
                        "sentence stopped first, then synthesis and the sink)", share, goal=False))
        else:
            print("  new line -> the answer heard: no answer was heard before being cut off")
    print(_line("line -> sentence in Speech Dispatcher (the request)", runs.to_sentence))
    print(_line("new line -> cancel of the old speech (the request)", runs.to_cancel))
    to_speak, to_event = _cut_behind(commands, messages)
    if to_speak:
        print(_line("cancel -> the answer's SPEAK", to_speak, goal=False)
              + f"; reference, cancel -> the daemon reports the old sentence cancelled: median "
                f"{statistics.median(to_event):.1f} ms")


def main() -> int:
    import pytest

    from companion.speech import SpeechDispatcherSpeaker
    from tests.daemons import SpeechDispatcher

    with tempfile.TemporaryDirectory() as folder:
        try:
            daemon = SpeechDispatcher(Path(folder) / "speechd")
        except pytest.skip.Exception as skipped:
            print(f"bench_speechd: skipped, {skipped}")
            return 0
        monitor = daemon.listen() if daemon.real_time else None
        try:
            speaker = SpeechDispatcherSpeaker("fr", address=daemon.address)
            session, output = _session(speaker)
            for line in LINES:  # warm up: each answer's first rendering loads its catalogs
                session.handle(line)
            speaker.wait(5)
            time.sleep(0.2)
            runs = _type_lines(daemon, session)
            output.close()
            time.sleep(0.3)
            audible = monitor.audible() if monitor is not None else None
            messages, commands = daemon.protocol.messages(), daemon.protocol.commands()
        finally:
            if monitor is not None:
                monitor.stop()
            daemon.stop()
    report(runs, messages, commands, audible, "PulseAudio null sink, real time" if daemon.real_time
           else "ALSA null device")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
