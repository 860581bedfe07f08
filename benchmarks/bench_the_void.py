"""The Void timings: from a typed line to the announced sentence, and on to the first sound. Prints figures, not a test.

The path a player waits for: parse (with the time stamp), rules core, journal
write with fsync, render, and the announcement to an output (an in-memory
stdout). The issue's goal is the terminal's: from Enter to the first sound
≤ 20 ms with the built-in voice. The first sound here reaches the benchmark's
null player, which no user has: that figure gets no verdict (the player's own
start is measured beside sox's); the cut does.

With the voice: the same session, wired as ``companion play`` wires it (a new
line cuts off the speech of the previous one), speaking with the built-in
voice (espeak-ng streamed into speech/nullplayer.py, a silent player that
plays in real time and logs on ``time.monotonic()`` when its first audio
arrives and when it is stopped). Lines come at a table's pace: each one while
the previous answer is still being spoken, now and then one after silence.
Measured, per line: from the line handed to ``Session.handle`` to the first
audio sample reaching the player, and to the end of the old sentence's
playback (the cut). The first-sound wait is split in three: the session
itself, the voice's worker until it starts the new espeak-ng and player, and
those two processes until the first sample.

Also measured: ``legal_moves`` (completion, the conformance suite's bots).
"""

from __future__ import annotations

import io
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from companion import journal  # noqa: E402
from companion.announce import Announcer, Output  # noqa: E402
from companion.registry import find  # noqa: E402
from companion.games.base import options_to_json  # noqa: E402
from companion.output import StdoutOutput  # noqa: E402
from companion.play import _Outputs, with_outputs  # noqa: E402
from companion.render import Settings  # noqa: E402
from companion.speech import SpeechOutput, TtsSpeaker, espeak, nullplayer  # noqa: E402
from companion.session import Wiring, open_session  # noqa: E402
from fsync_clock import FsyncClock, own_work_line  # noqa: E402

GOAL_MS = 20.0
GAMES = 40
ROUND = ["1", "2 rouge", "", "3", "5 bleu", "4", "faute 9 vert", "défausse 2 3", "fautes", "défausses", "6 jaune",
         "7", "dessus", "annule", "7", "8 rouge p2", "état", "9 violet", "manche"]

#: One game's lines with the voice: plays (``7``, ``7 rouge``), refusals, an error called, queries.
VOICE_LINES = ["1", "2 rouge", "dessus", "3", "4 bleu", "zz", "5", "", "6 jaune", "7", "7 rouge", "dessus", "99",
               "8 vert", "faute 10 bleu", "fautes", "9", "9 rouge", "dessus", "10 jaune", "joue 11", "9 violet",
               "annule", "11 vert"]
VOICE_GAMES = 10
#: After its first sound, the next line comes this many seconds later (still within most answers)…
GAP = (0.05, 0.30)
#: …except every SILENCE_EVERY-th line, typed SILENCE seconds after the voice fell silent.
SILENCE_EVERY = 10
SILENCE = 0.1
#: The events a line's first sentence can be, by kind (the figures are also given per kind).
KINDS = {"card_played": "play", "error": "refused", "top": "query", "errors": "query", "error_called": "error called",
         "undo": "undo"}


def percentile(values: Sequence[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def line_times() -> tuple[list[float], list[float], list[float]]:
    """Each line's time, the time of the fsyncs it made, and its CPU time outside them (ms)."""
    game = find("the-void")
    times: list[float] = []
    fsyncs: list[float] = []
    with tempfile.TemporaryDirectory() as folder, FsyncClock() as clock:
        for n in range(GAMES):
            options = game.rules.options_type(players=4)
            saved = journal.Journal.create(Path(folder) / f"void{n}.jsonl", game.id, options_to_json(options))
            session = open_session(game, options, Settings("fr"), Announcer([StdoutOutput(True, io.StringIO())]), saved)
            session.start()
            for line in ROUND:
                total, disk = clock.run(session.handle, line)
                times.append(total)
                fsyncs.append(disk)
            saved.close()
    return times, fsyncs, clock.own_cpu


def legal_moves_times() -> list[float]:
    game = find("the-void")
    state = game.rules.new(game.rules.options_type(players=4), game.cards())
    times = []
    for _ in range(50):
        started = time.perf_counter()
        game.rules.legal_moves(state)
        times.append((time.perf_counter() - started) * 1000)
    return times


# --------------------------------------------------------------------------- with the voice


class PlayerLog:
    """The null player's log, read as it grows: ``start``/``end``/``stop`` per player process."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._offset = 0
        self._partial = ""
        self.starts: list[tuple[int, float]] = []  # (pid, stamp), in order
        self.finished: dict[int, tuple[str, float]] = {}  # pid -> ("end" or "stop", stamp)

    def poll(self) -> None:
        if not self.path.exists():
            return
        with self.path.open(encoding="ascii") as stream:
            stream.seek(self._offset)
            text = stream.read()
            self._offset = stream.tell()
        lines = (self._partial + text).split("\n")
        self._partial = lines.pop()
        for line in lines:
            event, pid, stamp, _ = line.split()
            if event == "start":
                self.starts.append((int(pid), float(stamp)))
            else:
                self.finished[int(pid)] = (event, float(stamp))

    def playing(self) -> int | None:
        """The player playing now, as far as the log says."""
        self.poll()
        for pid, _ in reversed(self.starts):
            if pid not in self.finished:
                return pid
        return None

    def start_after(self, moment: float, timeout: float = 5.0) -> tuple[int, float]:
        """The first player to get audio after ``moment``: its pid and stamp."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            self.poll()
            for pid, stamp in self.starts:
                if stamp >= moment:
                    return pid, stamp
            time.sleep(0.001)
        raise SystemExit(f"bench_the_void: no sound within {timeout} s of a line")

    def end_of(self, pid: int, timeout: float = 5.0) -> tuple[str, float]:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            self.poll()
            if pid in self.finished:
                return self.finished[pid]
            time.sleep(0.001)
        raise SystemExit(f"bench_the_void: player {pid} neither ended nor stopped within {timeout} s")


class TimedTts(TtsSpeaker):
    """The built-in voice, noting when its worker starts each espeak-ng and player (to split the wait)."""

    def __init__(self, lang: str, player: Sequence[str]) -> None:
        self.spawns: list[float] = []
        super().__init__(lang, player=player)

    def _spawn(self, text: str, lang: str | None = None) -> list[subprocess.Popen[bytes]]:
        self.spawns.append(time.monotonic())
        return super()._spawn(text, lang)


@dataclass
class Line:
    text: str
    kind: str
    after_silence: bool
    session_ms: float  # Session.handle: parse, rules, journal (fsync), render, announce (say() only queues)
    worker_ms: float  # from the end of handle() to the worker starting espeak-ng and the player
    processes_ms: float  # from that start to the first sample at the player
    first_sound_ms: float  # from the line handed to the session to the first sample at the player
    cut_ms: float | None  # from the line to the end of the old sentence's playback (None: it had ended)


def voice_lines(folder: Path) -> list[Line]:
    game = find("the-void")
    log = PlayerLog(folder / "player.log")
    speaker = TimedTts("fr", player=nullplayer.command(log.path))
    shuffle = random.Random(15)
    lines: list[Line] = []
    try:
        for n in range(VOICE_GAMES):
            options = game.rules.options_type(players=4)
            saved = journal.Journal.create(folder / f"voice{n}.jsonl", game.id, options_to_json(options))
            voice = SpeechOutput(speaker, "fr")
            outputs: list[Output] = [StdoutOutput(False, io.StringIO()), voice]
            # As `companion play`: a new line cuts off the old speech.
            session = open_session(game, options, Settings("fr", interactive=True),
                                   with_outputs(Wiring(Announcer(outputs)), _Outputs(speech=voice)), saved)
            begun = time.monotonic()
            session.start()
            log.start_after(begun)
            for number, text in enumerate(VOICE_LINES, start=len(lines) + 1):
                silence = number % SILENCE_EVERY == 0
                if silence:  # the answer cut short (Escape) rather than heard out: the same silence, sooner
                    voice.interrupt()
                    speaker.wait(timeout=2)
                time.sleep(SILENCE if silence else shuffle.uniform(*GAP))
                old = log.playing()
                said = len(session.wiring.announcer.history.items)
                spawned = len(speaker.spawns)
                asked = time.monotonic()
                session.handle(text)
                handled = time.monotonic()
                _, first = log.start_after(asked)
                cut = None
                if old is not None:
                    how, ended = log.end_of(old)
                    cut = 1000 * (ended - asked) if how == "stop" else None
                spawn = speaker.spawns[spawned]
                event = session.wiring.announcer.history.items[said].event
                lines.append(Line(text, KINDS.get(event, event), silence, 1000 * (handled - asked),
                                  1000 * (spawn - handled), 1000 * (first - spawn), 1000 * (first - asked), cut))
            session.close()
            speaker.stop()
    finally:
        speaker.close()
    return lines


def first_bytes_ms(warm: bool, runs: int = 30) -> list[float]:
    """espeak-ng alone: from the text written to its first audio sample, started just then or 50 ms before."""
    command = espeak.command(espeak.find(), espeak.voice_for("fr"), None)
    times = []
    for _ in range(runs):
        started = time.monotonic()
        engine = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        assert engine.stdin is not None and engine.stdout is not None
        if warm:
            time.sleep(0.05)
            started = time.monotonic()
        engine.stdin.write("Pile : 7 rouge. 12 cartes en pioche.".encode())
        engine.stdin.close()
        got = b""
        while len(got) <= 44:  # the WAV header, then audio
            more = os.read(engine.stdout.fileno(), 4096)
            if not more:
                break
            got += more
        times.append(1000 * (time.monotonic() - started))
        engine.kill()
        engine.wait()
        engine.stdout.close()
    return times


def start_ms(command: list[str], runs: int = 20) -> list[float]:
    """A process's own start and exit, doing nothing else."""
    times = []
    for _ in range(runs):
        started = time.monotonic()
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        times.append(1000 * (time.monotonic() - started))
    return times


def figure(values: Sequence[float]) -> str:
    return f"median {statistics.median(values):.1f} ms, p99 {percentile(values, 0.99):.1f} ms, max {max(values):.1f} ms"


def report_voice(lines: list[Line]) -> None:
    first = [line.first_sound_ms for line in lines]
    print(f"typed line -> first audio reaching this benchmark's null player (built-in voice, journal with fsync; the "
          f"player is a Python process started per sentence, its start measured below): {len(lines)} lines, "
          f"{figure(first)}; no verdict: the goal, {GOAL_MS:.0f} ms, is for the user's player (sox, aplay or paplay)")
    cutting = [line.first_sound_ms for line in lines if line.cut_ms is not None]
    silent = [line.first_sound_ms for line in lines if line.after_silence]
    if cutting:
        print(f"  lines cutting a sentence off: {len(cutting)}, {figure(cutting)}")
    if silent:
        print(f"  lines after silence: {len(silent)}, {figure(silent)}")
    for kind in sorted({line.kind for line in lines}):
        chosen = [line.first_sound_ms for line in lines if line.kind == kind]
        print(f"  {kind}: {len(chosen)} lines, {figure(chosen)}")
    cuts = [line.cut_ms for line in lines if line.cut_ms is not None]
    if cuts:
        print(f"new line -> end of the old sentence's playback (the cut): {len(cuts)} cuts, {figure(cuts)}; "
              f"goal p99 <= {GOAL_MS:.0f} ms: {'met' if percentile(cuts, 0.99) <= GOAL_MS else 'MISSED'}")
    print("where the first-sound time goes:")
    parts = [
        ("session (parse, rules, journal fsync, render, say)", [line.session_ms for line in lines]),
        ("voice worker until it starts espeak-ng + player", [line.worker_ms for line in lines]),
        ("  of which, lines cutting a sentence off", [line.worker_ms for line in lines if line.cut_ms is not None]),
        ("  of which, lines after silence", [line.worker_ms for line in lines if line.after_silence]),
        ("espeak-ng + the null player's start until its first sample", [line.processes_ms for line in lines]),
    ]
    for label, values in parts:
        if values:
            print(f"  {label}: {figure(values)}")
    cold, warm = first_bytes_ms(False), first_bytes_ms(True)
    player = start_ms([sys.executable, "-S", "-c", "import os, signal, struct, sys, time"])
    print(f"  espeak-ng alone, started with the text: first sample {figure(cold)}")
    print(f"  espeak-ng alone, started 50 ms before the text: first sample {figure(warm)}")
    print(f"  the null player's start (python -S, its imports): {figure(player)}")
    sox = shutil.which("sox")
    native = start_ms([sox, "-q", "-n", "-n", "trim", "0", "0"]) if sox else None
    if native:
        print(f"  sox's start (no audio device opened), for comparison: {figure(native)}")
    notes(lines, cold, warm, player, native)


def notes(lines: list[Line], cold: list[float], warm: list[float], player: list[float], native: list[float] | None) -> None:
    """Where the time goes, said from the figures just measured."""
    median = statistics.median
    session = [line.session_ms for line in lines]
    worker_cut = [line.worker_ms for line in lines if line.cut_ms is not None]
    worker_silent = [line.worker_ms for line in lines if line.after_silence]
    processes = [line.processes_ms for line in lines]
    first = [line.first_sound_ms for line in lines]
    print("notes:")
    print(f"  - The game's own path is not where the time goes: the session takes {median(session):.1f} ms median "
          f"(p99 {percentile(session, 0.99):.1f}) for parse, rules, journal with fsync, render and the outputs; "
          f"say() only queues, and the cut (SIGTERM to the old player) is sent before the line is parsed.")
    if worker_cut and worker_silent:
        print(f"  - When the line cuts a sentence off, the voice's worker starts the new sentence "
              f"{median(worker_cut):.1f} ms (p99 {percentile(worker_cut, 0.99):.1f}) after the line, against "
              f"{median(worker_silent):.1f} ms after silence: it first reaps the killed pipeline, the player then "
              f"espeak-ng, each noticed the moment it ends (a pidfd: companion/platform/processes.py).")
    share = f"{median(player):.1f} ms of it is the null player's own Python start"
    if native:
        share += f" (sox starts in {median(native):.1f} ms, before opening a device)"
    print(f"  - Each sentence starts espeak-ng and a player: {median(processes):.1f} ms median "
          f"(p99 {percentile(processes, 0.99):.1f}) to the first sample; {share}; espeak-ng itself gives its first "
          f"sample {median(cold):.1f} ms after its start, {median(warm):.1f} ms when started ahead of the text.")
    print(f"  - To the null player's first sample: {percentile(first, 0.99):.1f} ms at p99, {median(first):.1f} ms at "
          f"the median, against the goal of {GOAL_MS:.0f} ms for the user's player; what is over is the voice's "
          f"worker and process starts (the null player's own among them), not the game.")


def main() -> None:
    print(own_work_line("typed line -> announced sentence (parse, rules, journal fsync, render, output)", *line_times()))
    moves = legal_moves_times()
    print(f"legal_moves at the start of a round: median {statistics.median(moves):.2f} ms, "
          f"p99 {percentile(moves, 0.99):.2f} ms")
    with tempfile.TemporaryDirectory() as folder:
        report_voice(voice_lines(Path(folder)))


if __name__ == "__main__":
    main()
