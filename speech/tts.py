"""The built-in voice: espeak-ng streamed into an audio player we own.

Each sentence is made by ``espeak-ng --stdout`` (a few milliseconds: espeak-ng
is far faster than real time), joined behind its earcon (speech/audio.py) and
fed to a player process we own (sox ``play``, ``aplay`` or ``paplay``), so an
interruption is one signal away and the length of what plays is known
exactly (`backlog`). A worker thread runs them, so ``say`` returns at once and
typing is never held up by speech.

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
import shutil
import signal
import struct
import subprocess
import threading
import time
import weakref
from collections.abc import Sequence

from companion.platform.processes import signal_group, wait_for_exit

from . import audio, espeak
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


def _signal(process: subprocess.Popen[bytes], signum: int) -> None:
    signal_group(process.pid, signum)


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
                _signal(process, signal.SIGTERM)

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
                self._job, self._cut, self._playing_since, self._cancelled_at = job, False, None, None
                try:
                    engine = self._spawn_engine(job.lang) if job.text else None
                except OSError as error:
                    self._fail(SpeechUnavailable("the built-in voice stopped working: {error}", error=str(error)))
                    return
                self._current = [engine] if engine is not None else []
            words = b""
            status = 0
            if engine is not None:
                try:
                    words, _ = engine.communicate(job.text.encode("utf-8"), timeout=60)
                except subprocess.TimeoutExpired:
                    _signal(engine, signal.SIGKILL)
                    engine.communicate()
                status = engine.returncode
            with self._cond:
                self._current = []
                if self._cut or self._closed:
                    self._job = None
                    continue
                if status != 0:
                    self._fail(SpeechUnavailable("the built-in voice stopped working"))
                    return
                pcm = audio.joined(job.sound.pcm if job.sound is not None else b"", audio.samples(words))
                try:
                    player = self._spawn_player()
                except OSError as error:
                    self._fail(SpeechUnavailable("the built-in voice stopped working: {error}", error=str(error)))
                    return
                self._current = [player]
                self._playing_since, self._job_seconds = time.monotonic(), audio.seconds(pcm)
            threading.Thread(target=_feed, args=(player, audio.wav(pcm)), name="speech-tts-feed", daemon=True).start()
            status = self._wait(player)
            with self._cond:
                self._current = []
                cut = self._cut or self._closed
                self._job = None
                if status != 0 and not cut:
                    self._fail(SpeechUnavailable("the built-in voice stopped working"))
                    return

    def _spawn_engine(self, lang: str | None) -> subprocess.Popen[bytes]:
        return subprocess.Popen(self._command_for(lang), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                stderr=subprocess.DEVNULL, start_new_session=True)

    def _spawn_player(self) -> subprocess.Popen[bytes]:
        return subprocess.Popen(self.player, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL, start_new_session=True)

    def _wait(self, player: subprocess.Popen[bytes]) -> int:
        """Waits for the player; kills it harder if it ignores a stop."""
        while True:
            try:
                _until_exit(player, 0.05)
                return player.wait(timeout=0)
            except subprocess.TimeoutExpired:
                cancelled_at = self._cancelled_at
                if cancelled_at is not None and time.monotonic() - cancelled_at > KILL_GRACE:
                    _signal(player, signal.SIGKILL)


def _feed(player: subprocess.Popen[bytes], data: bytes) -> None:
    """Writes the sound to the player (blocks while it plays; a cut player just closes the pipe)."""
    stdin = player.stdin
    assert stdin is not None
    try:
        stdin.write(data)
        stdin.close()
    except (BrokenPipeError, OSError, ValueError):
        pass


def _until_exit(process: subprocess.Popen[bytes], timeout: float) -> None:
    """Sleep until ``process`` exits or ``timeout`` passes, waking at once when it exits (a pidfd on Linux)."""
    wait_for_exit(process, timeout)
