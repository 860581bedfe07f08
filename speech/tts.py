"""The built-in voice: espeak-ng streamed into an audio player we own.

Each sentence starts two processes, ``espeak-ng --stdout`` piped into a player
(sox ``play``, ``aplay`` or ``paplay``), so playback begins with the first
audio bytes and an interruption is one signal away. A worker thread runs them,
so ``say`` returns at once and typing is never held up by speech.

NORMAL sentences queue in order; ``interrupt=True`` and ``stop()`` kill what
is playing and drop what is queued: stale speech is never heard.
"""

from __future__ import annotations

import atexit
import collections
import shutil
import signal
import struct
import subprocess
import threading
import time
import weakref
from collections.abc import Sequence

from companion.platform.processes import signal_group, wait_for_exit

from . import espeak
from .base import START_TIMEOUT, SpeechUnavailable
from .worker import WorkerVoice

#: Players tried in order; each reads a WAV stream on standard input.
PLAYERS: tuple[tuple[str, ...], ...] = (
    ("play", "-q", "-t", "wav", "-"),
    ("aplay", "-q"),
    ("paplay",),
)
#: How long a killed process may take to go before it is killed harder.
KILL_GRACE = 0.2
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
        self._queue: collections.deque[tuple[int, str, str | None]] = collections.deque()
        self._cond = threading.Condition()
        self._generation = 0
        self._current: list[subprocess.Popen[bytes]] = []
        self._cancelled_at: float | None = None
        self._closed = False
        self._thread = threading.Thread(target=self._run, name="speech-tts", daemon=True)
        self._thread.start()
        _open.add(self)

    def _enqueue(self, text: str, lang: str | None) -> None:
        self._queue.append((self._generation, text, lang))

    def _command_for(self, lang: str | None) -> list[str]:
        """espeak-ng's command for a sentence in ``lang``: the language's own voice, unless --voice was given."""
        if lang is None or lang == self.lang or self._asked_voice:
            return self._command
        return espeak.command(self._engine, espeak.voice_for(lang), self.rate)

    def close(self) -> None:
        with self._cond:
            self._cancel()
            self._closed = True
            self._cond.notify()
        self._thread.join(timeout=2)

    @property
    def speaking(self) -> bool:
        """True while a sentence is playing or waiting."""
        with self._cond:
            return bool(self._current or self._queue)

    def _cancel(self) -> None:
        """With the lock held: drop the queue, signal what plays."""
        self._generation += 1
        self._queue.clear()
        if self._current:
            self._cancelled_at = time.monotonic()
            for process in reversed(self._current):
                _signal(process, signal.SIGTERM)

    def _spawn(self, text: str, lang: str | None = None) -> list[subprocess.Popen[bytes]]:
        engine = subprocess.Popen(
            self._command_for(lang),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
        assert engine.stdin is not None and engine.stdout is not None
        try:
            player = subprocess.Popen(
                self.player,
                stdin=engine.stdout,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                start_new_session=True,
            )
        except OSError:
            _signal(engine, signal.SIGKILL)
            engine.wait()
            raise
        finally:
            engine.stdout.close()
        try:
            engine.stdin.write(text.encode("utf-8"))
            engine.stdin.close()
        except BrokenPipeError:
            pass
        return [engine, player]

    def _next(self) -> tuple[str, str | None] | None:
        """With the lock held: the next fresh sentence and its language, or None when closing."""
        while True:
            while not self._queue and not self._closed:
                self._cond.wait()
            if self._closed:
                return None
            generation, text, lang = self._queue.popleft()
            if generation == self._generation:
                return text, lang

    def _run(self) -> None:
        while True:
            with self._cond:
                job = self._next()
                if job is None:
                    return
                generation = self._generation
                self._cancelled_at = None
                try:
                    self._current = self._spawn(*job)
                except OSError as error:
                    self._fail(SpeechUnavailable("the built-in voice stopped working: {error}", error=str(error)))
                    return
                processes = self._current
            status = self._wait(processes)
            with self._cond:
                self._current = []
                cancelled = generation != self._generation or self._closed
                if status != 0 and not cancelled:
                    self._fail(SpeechUnavailable("the built-in voice stopped working"))
                    return

    def _wait(self, processes: list[subprocess.Popen[bytes]]) -> int:
        """Waits for the pipeline; kills it harder if it ignores a stop."""
        engine, player = processes
        while True:
            try:
                _until_exit(player, 0.05)
                status = player.wait(timeout=0)
                break
            except subprocess.TimeoutExpired:
                cancelled_at = self._cancelled_at
                if cancelled_at is not None and time.monotonic() - cancelled_at > KILL_GRACE:
                    for process in processes:
                        _signal(process, signal.SIGKILL)
        try:
            engine.wait(timeout=KILL_GRACE)
        except subprocess.TimeoutExpired:
            _signal(engine, signal.SIGKILL)
            engine.wait()
        return status

    def _fail(self, failure: SpeechUnavailable) -> None:
        """With the lock held: remember why, so the next ``say`` reports it."""
        self.failure = failure
        self._queue.clear()
        self._current = []


def _until_exit(process: subprocess.Popen[bytes], timeout: float) -> None:
    """Sleep until ``process`` exits or ``timeout`` passes, waking at once when it exits (a pidfd on Linux)."""
    wait_for_exit(process, timeout)
