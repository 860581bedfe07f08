"""The built-in voice through pyttsx3: SAPI5 on Windows, NSSpeechSynthesizer on macOS.

On Linux the espeak-ng streaming voice (speech/tts.py) comes first: pyttsx3's
espeak driver synthesizes a whole sentence, then plays it with a blocking
``aplay`` call. This backend is for machines where that voice cannot run.

pyttsx3 engines are not thread-safe, so one worker thread creates the engine
and is the only thread that ever touches it; ``say`` only queues text and
returns. ``interrupt=True`` and ``stop()`` drop what is queued and ask the
worker to stop the sentence being spoken: the worker calls ``engine.stop()``
itself, from the engine's "started-word" notifications (SAPI5, NSSpeech), and
the ``aplay`` process of the espeak driver is killed directly.

pyttsx3's espeak driver (2.99) returns from ``runAndWait`` at once and
synthesizes and plays on espeak's own thread; the worker waits for its
"finished-utterance" before the next sentence, sets voice and rate again before
each one (espeak's settings are library-wide) and forgets the driver's last
text and file. Two more workarounds apply to that driver only, each skipped if
the driver does not look as expected:

- it runs ``aplay`` with ``os.system``, whose error lines ("ALSA lib …",
  "aplay: not found") would land on the user's terminal and which nobody can
  interrupt: the driver's ``os`` is given a ``system`` that runs the same
  command silently, in a process we can kill, and reports its exit status;
- its synthesis callback drops the audio that arrives with the end-of-message
  event, up to a second of the end of each sentence: the callback is wrapped
  so those samples are kept;
- every ``runAndWait`` calls the driver's ``stop``, which cancels espeak
  whenever espeak's command thread looks busy, as it is for a moment after each
  queued setting: that cancel drops a queued command (the rate, so a sentence
  came out at the driver's default 200 words per minute) and reports a false
  "finished-utterance". The driver's ``stop`` now acts only when a sentence
  was really stopped, and the worker waits until espeak has applied its
  settings before each sentence.

The terminal is silenced at the file-descriptor level (speech/_quiet.py) only
around short steps (loading pyttsx3, creating the engine, writing a file),
never while a sentence plays: that would swallow the game's own lines.
"""

from __future__ import annotations

import atexit
import collections
import ctypes
import gc
import os
import re
import shlex
import shutil
import subprocess
import sys
import threading
import time
import weakref
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.platform.processes import stop_group

from . import espeak
from ._quiet import quiet
from .base import SpeechUnavailable
from .tts import silent_wav
from .worker import WorkerVoice

#: How long the constructor waits for the worker to create the engine.
START_TIMEOUT = 15.0
#: How long ``synthesize_to`` waits for its file.
SYNTH_TIMEOUT = 30.0
#: Held by the worker that owns pyttsx3's engine (pyttsx3.init() shares one per process).
_ENGINE_LOCK = threading.Lock()
#: Windows language ids (pyttsx3's SAPI5 driver may report these) per language.
_LCIDS = {"fr": {"40c", "80c", "c0c", "100c", "140c", "180c"}, "en": {"409", "809", "c09", "1009", "1409", "1809"}}

EngineFactory = Callable[[], Any]
#: Open speakers, stopped at exit: the espeak driver's player runs in its own
#: session, so Ctrl+C does not reach it.
_open: weakref.WeakSet[Pyttsx3Speaker] = weakref.WeakSet()


@atexit.register
def _stop_all() -> None:
    for speaker in list(_open):
        speaker.stop()


def default_engine() -> Any:
    """``pyttsx3.init()``; `SpeechUnavailable` when pyttsx3 is missing or does not start."""
    try:
        import pyttsx3
    except Exception as error:  # ImportError, or a broken platform dependency
        # Translators: a reason. Keep the program name.
        raise SpeechUnavailable("pyttsx3 is not installed") from error
    try:
        return pyttsx3.init()
    except Exception as error:
        # Translators: a reason; {error} is a system message. Keep the program name.
        raise SpeechUnavailable("pyttsx3 does not start: {error}", error=str(error) or type(error).__name__) from error


def aplay_works() -> None:
    """Linux: pyttsx3's espeak driver plays with ``aplay``; `SpeechUnavailable` unless it opens an output."""
    if shutil.which("aplay") is None:
        # Translators: a reason. Keep the program names.
        raise SpeechUnavailable("no audio player (sox or aplay) is installed")
    try:
        result = subprocess.run(
            ["aplay", "-q"],
            input=silent_wav(),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            timeout=5,
            start_new_session=True,
        )
    except (OSError, subprocess.SubprocessError) as error:
        # Translators: a reason (no sound card or sound server).
        raise SpeechUnavailable("no audio output was found") from error
    if result.returncode != 0:
        raise SpeechUnavailable("no audio output was found")


def _texts(value: object) -> list[str]:
    items = value if isinstance(value, (list, tuple)) else [value]
    out = []
    for item in items:
        if isinstance(item, bytes):
            item = item.decode("utf-8", "ignore")
        if item:
            out.append(str(item))
    return out


def mentions(voice: Any, lang: str) -> bool:
    """True when the voice's languages or id name ``lang`` ("fr-FR", "fr_CA", "TTS_MS_FR-FR_…", LCID "40c")."""
    word = re.compile(rf"(?<![a-z]){re.escape(lang.lower())}(?![a-z])")
    languages = [t.lower().lstrip("\x05") for t in _texts(getattr(voice, "languages", None))]
    if any(word.search(t) for t in languages):
        return True
    if any(t.removeprefix("0x") in _LCIDS.get(lang, ()) for t in languages):
        return True
    return any(word.search(t.lower()) for t in _texts(getattr(voice, "id", None)))


def pick_voice(voices: list[Any], lang: str, wanted: str | None, driver: str) -> str | None:
    """The voice id to use; None keeps the engine's default. `SpeechUnavailable` for an unknown ``wanted``."""
    if driver == "espeak":
        name = espeak.voice_for(lang, wanted)
        base = name.split("+", 1)[0].lower()
        for voice in voices:
            vid = str(voice.id).lower()
            if base in (vid, vid.rsplit("/", 1)[-1]):
                return str(voice.id) + name[len(base):]
        raise SpeechUnavailable("the voice {voice} does not exist", voice=name)
    if wanted:
        low = wanted.lower()
        for voice in voices:
            if low in (str(voice.id).lower(), str(getattr(voice, "name", "")).lower()):
                return str(voice.id)
        for voice in voices:
            if low in str(voice.id).lower():
                return str(voice.id)
        raise SpeechUnavailable("the voice {voice} does not exist", voice=wanted)
    for voice in voices:
        if mentions(voice, lang):
            return str(voice.id)
    return None


@dataclass
class _Job:
    generation: int | None  # None: a file to write, never dropped by stop()
    text: str
    path: str | None = None
    done: threading.Event = field(default_factory=threading.Event)
    error: BaseException | None = None


class _SilentOs:
    """Stands for ``os`` inside pyttsx3's espeak driver: its ``system`` runs the player silently."""

    def __init__(self, run: Callable[[str], int]) -> None:
        self._run = run

    def system(self, command: str) -> int:
        return self._run(command)

    def __getattr__(self, name: str) -> Any:
        return getattr(os, name)


class Pyttsx3Speaker(WorkerVoice):
    """Speaks with pyttsx3 from its own worker thread."""

    name = "pyttsx3"

    def __init__(
        self,
        lang: str,
        rate: int | None = None,
        voice: str | None = None,
        *,
        engine_factory: EngineFactory | None = None,
    ) -> None:
        """Starts the worker, which creates the engine and picks the voice; raises
        `SpeechUnavailable` if pyttsx3 cannot be loaded or started or has no voice.

        ``engine_factory`` replaces ``pyttsx3.init`` (tests).
        """
        self.lang = lang
        self.rate = espeak.clamp_rate(rate)
        self.wanted_voice = voice
        #: The engine's voice id once started (None: the engine's default).
        self.voice: str | None = None
        #: The pyttsx3 driver in use ("sapi5", "nsss", "espeak", …).
        self.driver = ""
        #: Set when the backend broke mid-game; the next ``say`` raises it.
        self.failure: SpeechUnavailable | None = None
        self._factory = engine_factory or default_engine
        self._queue: collections.deque[_Job] = collections.deque()
        self._cond = threading.Condition()
        self._generation = 0
        self._current: _Job | None = None
        self._player: subprocess.Popen[bytes] | None = None
        self._engine: Any = None
        self._closed = False
        self._ready = threading.Event()
        self._rearm: Callable[[], None] = lambda: None
        self._settle: Callable[[], None] = lambda: None
        self._finished = threading.Event()
        self._asynchronous = False
        self._start_error: BaseException | None = None
        self._thread = threading.Thread(target=self._run, name="speech-pyttsx3", daemon=True)
        self._thread.start()
        if not self._ready.wait(START_TIMEOUT):
            self.close()
            raise SpeechUnavailable("pyttsx3 does not start: {error}", error="timeout")
        if self._start_error is not None:
            self._thread.join(timeout=2)
            error = self._start_error
            if isinstance(error, SpeechUnavailable):
                raise error
            raise SpeechUnavailable("pyttsx3 does not start: {error}", error=str(error) or type(error).__name__) from error
        _open.add(self)

    # -- the caller's side -------------------------------------------------

    def _enqueue(self, text: str, lang: str | None) -> None:
        # pyttsx3 keeps the voice chosen at start (one per language is rarely installed)
        self._queue.append(_Job(self._generation, text))

    def close(self) -> None:
        with self._cond:
            self._cancel()
            self._closed = True
            for job in self._queue:
                # Translators: a reason, mid-game.
                job.error = SpeechUnavailable("the built-in voice stopped working")
                job.done.set()
            self._queue.clear()
            self._cond.notify()
        if threading.current_thread() is not self._thread:
            self._thread.join(timeout=2)

    def synthesize_to(self, path: str | os.PathLike[str], text: str) -> Path:
        """Has the worker write ``text`` as a WAV file with ``engine.save_to_file``
        (tests and checks by ear, on machines without sound); blocks until written."""
        job = _Job(None, text.strip(), os.fspath(path))
        if not job.text:
            raise ValueError("nothing to synthesize")
        with self._cond:
            if self._closed:
                raise SpeechUnavailable("the built-in voice stopped working")
            self._queue.append(job)
            self._cond.notify()
        if not job.done.wait(SYNTH_TIMEOUT):
            # Translators: a reason; {error} is a system message.
            raise SpeechUnavailable("cannot write sound files: {error}", error="timeout")
        if job.error is not None:
            raise SpeechUnavailable("cannot write sound files: {error}", error=str(job.error)) from job.error
        assert job.path is not None
        result = Path(job.path)
        if not result.exists() or result.stat().st_size <= 44:
            raise SpeechUnavailable("cannot write sound files: {error}", error="empty file")
        return result

    @property
    def speaking(self) -> bool:
        """True while a sentence is being spoken or waits."""
        with self._cond:
            return self._current is not None or any(j.generation is not None for j in self._queue)

    def _cancel(self) -> None:
        """With the lock held: drop queued sentences, stop the one being said."""
        self._generation += 1
        self._queue = collections.deque(j for j in self._queue if j.generation is None)
        if self._player is not None:
            stop_group(self._player, force=True)

    def _stale(self) -> bool:
        job = self._current
        return self._closed or (job is not None and job.generation is not None and job.generation != self._generation)

    # -- the worker's side: the only thread that touches the engine ----------

    def _run(self) -> None:
        # pyttsx3.init() hands out one engine per process: one speaker at a time owns it
        owner = self._factory is default_engine
        if owner and not _ENGINE_LOCK.acquire(timeout=3):
            # Translators: a reason: another part of the program already speaks through pyttsx3. Keep the program
            # name.
            self._start_error = SpeechUnavailable("pyttsx3 is already in use")
            self._ready.set()
            return
        try:
            self._run_engine()
        finally:
            if owner:
                _ENGINE_LOCK.release()

    def _run_engine(self) -> None:
        engine = None
        restore: Callable[[], None] = lambda: None  # noqa: E731
        try:
            with quiet():
                engine = self._factory()
                self.driver = str(getattr(engine, "driver_name", "") or type(engine).__name__)
                self._asynchronous = self.driver == "espeak"
                voices = list(engine.getProperty("voices") or [])
                if not voices:
                    # Translators: a reason. Keep the program name.
                    raise SpeechUnavailable("pyttsx3 has no voice")
                self.voice = pick_voice(voices, self.lang, self.wanted_voice, self.driver)
                self._apply_settings(engine)
                engine.connect("started-utterance", self._on_progress)
                engine.connect("finished-utterance", self._on_finished)
                if self.driver != "espeak":  # espeak reports words while synthesizing, not while playing
                    engine.connect("started-word", self._on_progress)
                restore = self._fix_espeak(engine)
                engine.runAndWait()  # applies the queued voice and rate
            self._engine = engine
        except BaseException as error:  # noqa: BLE001 - reported by the constructor
            self._start_error = error
            restore()
            self._ready.set()
            return
        self._ready.set()
        try:
            self._loop(engine)
        finally:
            self._engine = None
            restore()
            del engine
            gc.collect()  # free the driver now, not under the next engine

    def _loop(self, engine: Any) -> None:
        while True:
            with self._cond:
                while not self._queue and not self._closed:
                    self._cond.wait()
                if self._closed:
                    return
                job = self._queue.popleft()
                if job.generation is not None and job.generation != self._generation:
                    continue
                self._current = job
            try:
                # espeak idle: the last sentence's callback has returned (so it may
                # be replaced), and the voice, set at once and not queued, is never
                # changed under espeak's thread while it synthesizes (that crashes)
                self._settle()
                self._rearm()
                if self._asynchronous:  # espeak's settings are library-wide: set them again each time
                    self._apply_settings(engine)
                    self._settle()  # the rate is a queued command: applied before this sentence starts
                self._finished.clear()
                if job.path is None:
                    engine.say(job.text)
                    engine.runAndWait()
                    ended = self._await_end(job)
                else:
                    with quiet():  # the espeak driver prints "Audio saved to …"
                        engine.save_to_file(job.text, job.path)
                        engine.runAndWait()
                        ended = self._await_end(job)
                if not ended:
                    raise TimeoutError("no end of sentence")
            except Exception as error:  # noqa: BLE001
                if job.path is not None:
                    job.error = error
                else:
                    with self._cond:
                        if not self._stale():
                            # Translators: a reason, mid-game; {error} is a system message.
                            self._fail(SpeechUnavailable("the built-in voice stopped working: {error}", error=str(error)))
                            self._current = None
                            job.done.set()
                            return
            finally:
                if self._asynchronous:
                    self._forget(engine)
                job.done.set()
                with self._cond:
                    self._current = None

    def _apply_settings(self, engine: Any) -> None:
        if self.voice is not None:
            engine.setProperty("voice", self.voice)
        rate = self.rate if self.rate is not None else (175 if self.driver == "espeak" else None)
        if rate is not None:
            engine.setProperty("rate", rate)

    def _await_end(self, job: _Job) -> bool:
        """The espeak driver returns from ``runAndWait`` at once and speaks on
        espeak's own thread: wait for its "finished-utterance". Other drivers
        return when done."""
        if not self._asynchronous:
            return True
        deadline = time.monotonic() + 10 + 0.2 * len(job.text)
        while not self._finished.wait(0.02):
            if time.monotonic() > deadline:
                return False
        return True

    def _on_finished(self, **_: object) -> None:
        self._finished.set()

    def _on_progress(self, **_: object) -> None:
        """Engine notification, in the worker: a stale sentence is stopped here, by the engine's own thread."""
        with self._cond:
            stale = self._stale()
        if stale and self._engine is not None:
            try:
                self._engine.stop()
            except Exception:
                pass

    def _fail(self, failure: SpeechUnavailable) -> None:
        """With the lock held: remember why, so the next ``say`` reports it."""
        self.failure = failure
        self._queue = collections.deque(j for j in self._queue if j.generation is None)

    # -- pyttsx3's espeak driver ----------------------------------------------

    def _play(self, command: str) -> int:
        """The espeak driver's ``os.system``: its player, silent and killable."""
        with self._cond:
            if self._stale():
                return 0
            try:
                self._player = subprocess.Popen(
                    shlex.split(command),
                    stdin=subprocess.DEVNULL,
                    stdout=subprocess.DEVNULL,
                    stderr=subprocess.DEVNULL,
                    start_new_session=True,
                )
            except OSError as error:
                self._fail(SpeechUnavailable("the built-in voice stopped working: {error}", error=str(error)))
                return 127
            player = self._player
        status = player.wait()
        with self._cond:
            self._player = None
            if status != 0 and not self._stale():
                self._fail(SpeechUnavailable("the built-in voice stopped working"))
        return status

    def _fix_espeak(self, engine: Any) -> Callable[[], None]:
        """Installs the two espeak-driver workarounds; returns what undoes them."""
        driver: Any = getattr(getattr(engine, "proxy", None), "_driver", None)
        module: Any = sys.modules.get(type(driver).__module__) if driver is not None else None
        if self.driver != "espeak" or module is None or getattr(module, "os", None) is not os:
            return lambda: None
        # an engine handed out again still holds its last text and file: the
        # next runAndWait would say that text again (or write that file)
        self._forget(engine)
        module.os = _SilentOs(self._play)
        low = getattr(module, "_espeak", None)
        self._stop_only_when_asked(driver, low)
        # a collected driver resets espeak's one callback to none: keep ours in place
        driver.destroy = lambda: None
        self._keep_the_tail(driver, low)
        return self._undo_espeak_fixes(module, driver)

    def _stop_only_when_asked(self, driver: Any, low: Any) -> None:
        """The driver stops only a sentence that has to stop; settings wait for espeak's queue."""
        stop = getattr(type(driver), "stop", None)  # the class's own: an engine handed out again is already wrapped
        if low is None or not callable(stop) or not callable(getattr(low, "IsPlaying", None)):
            return
        # pyttsx3's runAndWait always calls driver.stop(), which calls
        # espeak_Cancel whenever espeak_IsPlaying() — and espeak's command
        # thread is "playing" from each queued setting until it has run it,
        # and for an instant ~150 ms after going idle. That cancel can throw
        # away the next queued command (our rate: the sentence was then
        # spoken at the driver's own 200 words per minute, ~15% short),
        # may cut the sentence queued right after, and sets a flag that
        # makes the driver report "finished-utterance" at once. Which of
        # these happens depends on thread timing (a loaded machine, the
        # whole test suite). So the driver only stops when a sentence
        # really has to stop: it is stale, or the speaker is closing.
        def stop_when_asked() -> None:  # its name is how `_undo_espeak_fixes` knows it
            with self._cond:
                wanted = self._stale()
            if wanted:
                stop(driver)

        driver.stop = stop_when_asked

        def settle() -> None:
            # espeak applies settings on its own thread, in order: wait
            # until its queue is empty (bounded; a stuck espeak is caught
            # by the end-of-sentence timeout)
            deadline = time.monotonic() + 2
            while low.IsPlaying() and time.monotonic() < deadline:
                time.sleep(0.002)

        self._settle = settle

    def _keep_the_tail(self, driver: Any, low: Any) -> None:
        """espeak's synth callback keeps the last chunk of each sentence, re-armed before each sentence."""
        callback = getattr(driver, "_onSynth", None)
        if low is None or callback is None or not hasattr(driver, "_data_buffer"):
            return

        def keep_the_tail(wav: Any, numsamples: int, events: Any) -> Any:  # a ctypes callback
            try:
                if numsamples > 0 and getattr(driver, "_speaking", False):
                    i = 0
                    while events[i].type != low.EVENT_LIST_TERMINATED:
                        if events[i].type == low.EVENT_MSG_TERMINATED:
                            driver._data_buffer += ctypes.string_at(wav, numsamples * ctypes.sizeof(ctypes.c_short))
                            numsamples = 0
                            break
                        i += 1
            except Exception:
                pass
            return callback(wav, numsamples, events)

        def rearm() -> None:
            # again before each sentence: a freed earlier driver resets the
            # library-wide callback to none when it is collected
            low.SetSynthCallback(keep_the_tail)

        self._rearm = rearm
        rearm()

    def _undo_espeak_fixes(self, module: Any, driver: Any) -> Callable[[], None]:
        """What puts the espeak driver's module ``os`` and ``stop`` back, when they are still ours."""

        def restore() -> None:
            if isinstance(getattr(module, "os", None), _SilentOs) and module.os._run == self._play:
                module.os = os
            if getattr(vars(driver).get("stop"), "__qualname__", "").endswith("stop_when_asked"):
                del driver.stop

        return restore

    def _forget(self, engine: Any) -> None:
        """The espeak driver keeps its last text and file: each later ``runAndWait``
        would say that text again, and write every sentence to that file."""
        driver: Any = getattr(getattr(engine, "proxy", None), "_driver", None)
        if self.driver == "espeak" and hasattr(driver, "_save_file") and hasattr(driver, "_text_to_say"):
            driver._save_file = None
            driver._text_to_say = None
