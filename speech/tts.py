"""The built-in voice: espeak-ng streamed into an audio player we own.

Each sentence starts two processes: ``espeak-ng --stdout`` and a player we
own (sox ``play``, ``aplay`` or ``paplay``). A feeder thread writes the
player a WAV header, the sentence's earcon (speech/audio.py), then espeak-ng's
samples as they come (but the silence around the words: speech/trim.py), so playback begins at once and an interruption is one
signal away. espeak-ng is far faster than real time: its end, long before the
player's, gives the exact length of what plays (`backlog`). A worker thread
runs them, so ``say`` returns at once and typing is never held up by speech.

Sentences queue in order. ``stop()`` (Escape) kills what is playing and drops
what is queued; ``new_line()`` and ``interrupt=True`` do the same but keep the
important sentences (an error, a life, a round or game end: never cut). A
sentence that ``supersedes`` drops the waiting ones of its kind and cuts the
one playing unless less than `NEARLY_DONE` seconds of it are left: in a
real-time game the voice stays at most one play behind.
"""

from __future__ import annotations

import atexit
import collections
import dataclasses
import os
import shutil
import struct
import subprocess
import threading
import time
import weakref
from collections.abc import Sequence

from companion.platform.processes import stop_group, wait_for_exit

from . import audio, espeak, trim
from .base import START_TIMEOUT, Spoken, SpeechUnavailable, estimate
from .worker import WorkerVoice

#: Players tried in order; each reads a WAV stream on standard input.
PLAYERS: tuple[tuple[str, ...], ...] = (
    ("play", "-q", "-t", "wav", "-"),
    ("aplay", "-q"),
    ("paplay",),
)
#: How long a killed process may take to go before it is killed harder.
KILL_GRACE = 0.2
#: A superseded sentence with less than this left (seconds) is heard to its end.
NEARLY_DONE = 0.4
#: Open speakers, stopped at exit: players run in their own session, so Ctrl+C
#: does not reach them and they would otherwise finish their sentence.
_open: weakref.WeakSet[TtsSpeaker] = weakref.WeakSet()


@atexit.register
def _stop_all() -> None:
    for speaker in list(_open):
        speaker.stop()


def silent_wav(seconds: float = 0.02, rate: int = 22050) -> bytes:
    """A short silent 16-bit mono WAV, to check a player without a sound."""
    data = b"\0\0" * int(seconds * rate)
    fmt = struct.pack("<HHIIHH", 1, 1, rate, rate * 2, 2, 16)
    return (
        b"RIFF" + struct.pack("<I", 36 + len(data)) + b"WAVE"
        + b"fmt " + struct.pack("<I", 16) + fmt
        + b"data" + struct.pack("<I", len(data)) + data
    )


def find_player() -> list[str]:
    """The first installed player that can open an audio output, or `SpeechUnavailable`."""
    installed = [p for p in PLAYERS if shutil.which(p[0])]
    if not installed:
        raise SpeechUnavailable("no audio player (sox or aplay) is installed")
    for candidate in installed:
        try:
            result = subprocess.run(
                list(candidate),
                input=silent_wav(),
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                timeout=START_TIMEOUT,
                start_new_session=True,
            )
        except (OSError, subprocess.SubprocessError):
            continue
        if result.returncode == 0:
            return list(candidate)
    raise SpeechUnavailable("no audio output was found")


class TtsSpeaker(WorkerVoice):
    """Speaks with espeak-ng through a player process, off the main thread."""

    name = "tts"

    def __init__(
        self,
        lang: str,
        rate: int | None = None,
        voice: str | None = None,
        player: Sequence[str] | None = None,
    ) -> None:
        """Checks the engine, the voice and (unless ``player`` is given) an audio output."""
        self.lang = lang
        self.voice = espeak.voice_for(lang, voice)
        self.rate = espeak.clamp_rate(rate)
        engine = espeak.find()
        espeak.check(engine, self.voice)
        self.player = list(player) if player is not None else find_player()
        self._engine = engine
        self._asked_voice = voice
        self._command = espeak.command(engine, self.voice, self.rate)
        #: Set when the backend broke mid-game; the next ``say`` raises it.
        self.failure: SpeechUnavailable | None = None
        self._queue: collections.deque[Spoken] = collections.deque()
        self._cond = threading.Condition()
        self._job: Spoken | None = None  # the sentence being made or played
        self._cut = False  # the job was cut off
        self._playing_since: float | None = None
        self._job_seconds = 0.0
        self._current: list[subprocess.Popen[bytes]] = []
        self._cancelled_at: float | None = None
        self._closed = False
        self._thread = threading.Thread(target=self._run, name="speech-tts", daemon=True)
        self._thread.start()
        _open.add(self)

    # ------------------------------------------------------------ the caller's side

    def say(self, text: str, interrupt: bool = False, lang: str | None = None) -> None:
        self.speak(Spoken(text, lang), interrupt)

    def speak(self, spoken: Spoken, interrupt: bool = False) -> None:
        """Queues ``spoken`` (see `Spoken`): returns at once."""
        if self.failure is not None:
            raise self.failure
        spoken = dataclasses.replace(spoken, text=spoken.text.strip())
        with self._cond:
            if interrupt:
                self._cut_off(keep_important=True)
            if spoken.supersedes and spoken.kind is not None:
                self._supersede(spoken.kind)
            if (spoken.text or spoken.sound is not None) and not self._closed:
                self._queue.append(spoken)
                self._cond.notify()

    def new_line(self) -> None:
        with self._cond:
            self._cut_off(keep_important=True)

    def stop(self) -> None:
        with self._cond:
            self._cut_off(keep_important=False)

    def backlog(self) -> float:
        """Seconds still to hear: what plays now (exact, from the audio's length) and what waits (estimated)."""
        with self._cond:
            return self._remaining() + sum(estimate(s.text, self.rate, s.sound) for s in self._queue)

    def close(self) -> None:
        with self._cond:
            self._cut_off(keep_important=False)
            self._closed = True
            self._cond.notify()
        self._thread.join(timeout=2)

    @property
    def speaking(self) -> bool:
        """True while a sentence is playing or waiting."""
        with self._cond:
            return bool(self._job or self._queue)

    # ------------------------------------------------------------ with the lock held

    def _remaining(self) -> float:
        job = self._job
        if job is None:
            return 0.0
        if self._playing_since is None:
            return estimate(job.text, self.rate, job.sound)
        return max(0.0, self._job_seconds - (time.monotonic() - self._playing_since))

    def _supersede(self, kind: str) -> None:
        """Drops the waiting sentences of ``kind``; cuts the one playing unless it is nearly done."""
        self._queue = collections.deque(s for s in self._queue if s.kind != kind or s.important)
        job = self._job
        if job is not None and job.kind == kind and not job.important and self._remaining() > NEARLY_DONE:
            self._kill_job()

    def _cut_off(self, keep_important: bool) -> None:
        """Drops the queue (but its important sentences) and cuts what plays (unless it is important)."""
        self._queue = collections.deque(s for s in self._queue if keep_important and s.important)
        job = self._job
        if job is not None and not (keep_important and job.important):
            self._kill_job()

    def _kill_job(self) -> None:
        self._cut = True
        if self._current:
            self._cancelled_at = time.monotonic()
            for process in reversed(self._current):
                stop_group(process)

    def _enqueue(self, text: str, lang: str | None) -> None:
        self._queue.append(Spoken(text, lang))

    def _cancel(self) -> None:
        self._cut_off(keep_important=False)

    def _command_for(self, lang: str | None) -> list[str]:
        """espeak-ng's command for a sentence in ``lang``: the language's own voice, unless --voice was given."""
        if lang is None or lang == self.lang or self._asked_voice:
            return self._command
        return espeak.command(self._engine, espeak.voice_for(lang), self.rate)

    def _next(self) -> Spoken | None:
        """With the lock held: the next sentence, or None when closing."""
        while not self._queue and not self._closed:
            self._cond.wait()
        if self._closed:
            return None
        return self._queue.popleft()

    def _fail(self, failure: SpeechUnavailable) -> None:
        """With the lock held: remember why, so the next ``say`` reports it."""
        self.failure = failure
        self._queue.clear()
        self._current = []
        self._job = None

    # ------------------------------------------------------------ the worker thread

    def _run(self) -> None:
        while True:
            with self._cond:
                job = self._next()
                if job is None:
                    return
                self._job, self._cut, self._cancelled_at = job, False, None
                try:
                    self._current = self._spawn(job.text, job.lang)
                except OSError as error:
                    self._fail(SpeechUnavailable("the built-in voice stopped working: {error}", error=str(error)))
                    return
                processes = self._current
                self._playing_since, self._job_seconds = time.monotonic(), estimate(job.text, self.rate, job.sound)
            feeder = threading.Thread(target=self._feed, args=(job, processes), name="speech-tts-feed", daemon=True)
            feeder.start()
            status = self._wait(processes)
            feeder.join(timeout=KILL_GRACE)
            with self._cond:
                self._current = []
                cut = self._cut or self._closed
                self._job = None
                if status != 0 and not cut:
                    self._fail(SpeechUnavailable("the built-in voice stopped working"))
                    return

    def _spawn(self, text: str, lang: str | None = None) -> list[subprocess.Popen[bytes]]:
        """The player, and espeak-ng writing the words into a pipe we read (none for a sound alone)."""
        player = subprocess.Popen(self.player, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                                  stderr=subprocess.DEVNULL, start_new_session=True)
        if not text:
            return [player]
        try:
            engine = subprocess.Popen(self._command_for(lang), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                      stderr=subprocess.DEVNULL, start_new_session=True)
        except OSError:
            stop_group(player, force=True)
            player.wait()
            raise
        assert engine.stdin is not None
        try:
            engine.stdin.write(text.encode("utf-8"))
            engine.stdin.close()
        except BrokenPipeError:
            pass
        return [engine, player]

    def _feed(self, job: Spoken, processes: list[subprocess.Popen[bytes]]) -> None:
        """Streams to the player: a WAV header, the earcon, then espeak-ng's samples as they come.

        Playback starts with the first bytes (the earcon needs no synthesis); once espeak-ng is done,
        long before the player, the exact length of the sentence replaces the estimate (`backlog`).
        """
        player = processes[-1]
        engine = processes[0] if len(processes) == 2 else None
        stdin = player.stdin
        assert stdin is not None
        sound = job.sound.pcm if job.sound is not None else b""
        if sound and engine is not None:
            sound += audio.gap()
        played = len(sound)
        trimming = trim.SilenceTrim()
        try:
            stdin.write(audio.stream_header() + sound)
            stdin.flush()
            out = engine.stdout if engine is not None else None
            head: bytes | None = b""
            while out is not None:
                chunk = os.read(out.fileno(), 8192)
                if not chunk:
                    break
                if head is not None:  # espeak-ng's own header is dropped: ours went first
                    head += chunk
                    if len(head) < 44 or head.find(b"data", 12) < 0:
                        continue
                    chunk, head = audio.samples(head), None
                chunk = trimming.feed(chunk)
                if chunk:
                    stdin.write(chunk)
                    stdin.flush()
                    played += len(chunk)
            if out is not None:
                tail = trimming.end()
                stdin.write(tail)
                played += len(tail)
            with self._cond:
                if self._job is job:
                    self._job_seconds = audio.duration(played)
            stdin.close()
        except (BrokenPipeError, OSError, ValueError):
            pass
        finally:
            if engine is not None and engine.stdout is not None:
                engine.stdout.close()

    def _wait(self, processes: list[subprocess.Popen[bytes]]) -> int:
        """Waits for the player (then the engine); kills them harder if they ignore a stop."""
        player = processes[-1]
        while True:
            try:
                _until_exit(player, 0.05)
                status = player.wait(timeout=0)
                break
            except subprocess.TimeoutExpired:
                cancelled_at = self._cancelled_at
                if cancelled_at is not None and time.monotonic() - cancelled_at > KILL_GRACE:
                    for process in processes:
                        stop_group(process, force=True)
        for process in processes[:-1]:  # espeak-ng: woken the moment it ends, as for the player (never a poll)
            _until_exit(process, KILL_GRACE)
            if process.poll() is None:
                stop_group(process, force=True)
                process.wait()
        return status


def _until_exit(process: subprocess.Popen[bytes], timeout: float) -> None:
    """Sleep until ``process`` exits or ``timeout`` passes, waking at once when it exits (a pidfd on Linux)."""
    wait_for_exit(process, timeout)
