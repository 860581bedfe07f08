"""The user's own screen reader: finding it, and speaking through it on Windows and macOS.

A screen reader user already has their voice, speed and braille set up, so it
comes first. Two questions are answered here:

- **Which screen reader runs, and does it read our terminal?** On Linux the
  process list tells (Orca in a graphical session; Fenrir, espeakup or
  speechd-up on the text consoles). A screen reader that reads the terminal
  the game is printed in already speaks every line: `reader_reading_terminal`
  names it, and ``--speech auto`` then leaves the speaking to it (see
  speech/choose.py).
- **Speaking through it** (`ScreenReaderSpeaker`): on Windows and macOS
  through accessible_output2 (NVDA, JAWS, VoiceOver…), the right tool there.
  On Linux the screen reader's own service, Speech Dispatcher, is spoken to
  directly with its own client (speech/speechd_voice.py), with the language
  of each sentence set; accessible_output2 is never loaded on Linux (its
  Speech Dispatcher output would start the daemon in the user's session).

accessible_output2 prints "Cannot find …" for each missing module and its
``speak`` silently does nothing when no screen reader runs, so the library is
loaded with the terminal silenced, on a `CommandThread` with a timeout (a
screen reader that does not answer must not freeze the start), and we check
ourselves that a real screen reader is there: TTS-only outputs (SAPI, espeak)
do not count.
"""

from __future__ import annotations

import os
import platform
import sys
from collections.abc import Callable, Mapping
from functools import partial
from typing import Any

from companion.platform.screenreaders import running

from ._quiet import quiet
from .base import START_TIMEOUT, SpeechUnavailable
from .guard import CommandThread

#: accessible_output2 outputs that are plain synthesizers, not screen readers.
NOT_SCREEN_READERS = {"Linux ESpeak", "Linux Speech Dispatcher", "sapi5", "SAPI5", "SAPI 5", "sapi4", "SAPI4", "SAPI 4"}
#: Linux screen readers by process name, and whether they read graphical terminals (True) or text consoles (False).
LINUX_READERS: dict[str, tuple[str, bool]] = {
    "orca": ("Orca", True),
    "fenrir": ("Fenrir", False),
    "fenrir-daemon": ("Fenrir", False),
    "espeakup": ("espeakup", False),
    "speechd-up": ("speechd-up", False),
}
#: Screen readers that read new text in a console by themselves (Windows).
READ_CONSOLES = {"NVDA", "JAWS"}


def linux_readers(proc: str | os.PathLike[str] | None = None) -> list[str]:
    """The process names of `LINUX_READERS` running now (companion/platform/screenreaders.py reads ``/proc``)."""
    return running(LINUX_READERS, proc)


def orca_running(proc: str | os.PathLike[str] | None = None) -> bool:
    """True when an ``orca`` process runs (Linux)."""
    return "orca" in linux_readers(proc)


def reader_reading_terminal(
    stream: Any = None,
    environ: Mapping[str, str] | None = None,
    running: Callable[[], list[str]] | None = None,
) -> str | None:
    """The name of a Linux screen reader that reads the terminal ``stream`` is printed in, if any.

    Orca reads terminals of the graphical session (``DISPLAY`` or
    ``WAYLAND_DISPLAY`` set); Fenrir, espeakup and speechd-up read the text
    consoles. Output that is not a terminal (a pipe, a file) is read by nobody.
    """
    stream = sys.stdout if stream is None else stream
    try:
        if not stream.isatty():
            return None
    except (AttributeError, ValueError, OSError):
        return None
    env = os.environ if environ is None else environ
    graphical = bool(env.get("DISPLAY") or env.get("WAYLAND_DISPLAY"))
    for name in (running or linux_readers)():
        reader, reads_graphical = LINUX_READERS[name]
        if reads_graphical == graphical:
            return reader
    return None


def _load_outputs() -> list[Any]:
    """accessible_output2's outputs, constructed without a word on the terminal; none on Linux.

    On Linux its Speech Dispatcher output would autospawn the daemon in the user's session.
    """
    if platform.system() == "Linux":
        return []
    with quiet():
        try:
            from accessible_output2.outputs.auto import Auto

            return list(Auto().outputs)
        except Exception:  # a broken install is "no screen reader", not a crash
            return []


def _is_screen_reader(output: Any) -> bool:
    if getattr(output, "name", "") in NOT_SCREEN_READERS:
        return False
    try:
        return not output.is_system_output()
    except Exception:
        return False


class ScreenReaderSpeaker:
    """Hands each sentence to the running screen reader through accessible_output2 (Windows, macOS)."""

    name = "screenreader"
    #: The screen reader's name, for the user ("NVDA", "JAWS", "VoiceOver"…).
    reader: str

    def __init__(self, *, timeout: float = START_TIMEOUT, system: str | None = None) -> None:
        """Raises `SpeechUnavailable` unless a screen reader answers within ``timeout`` seconds."""
        if (system or platform.system()) == "Linux":
            # Linux screen readers are reached through Speech Dispatcher (speech/speechd_voice.py).
            # Translators: a reason (lower case, ends a sentence).
            raise SpeechUnavailable("no screen reader is running")
        self._output: Any = None
        # Translators: a reason, mid-game.
        self._thread = CommandThread("speech-screenreader", SpeechUnavailable("the screen reader stopped answering"), timeout)
        try:
            self._thread.start(self._find)
        except SpeechUnavailable:
            self._thread.close(wait=0)
            raise
        if self._output is None:
            self._thread.close(wait=0)
            raise SpeechUnavailable("no screen reader is running")
        self.reader = str(getattr(self._output, "name", "screen reader"))

    def _find(self) -> None:
        for output in _load_outputs():
            if not _is_screen_reader(output):
                continue
            # Not silenced: asking prints nothing, and the terminal must never stay silenced
            # for as long as a screen reader that does not answer keeps this thread waiting.
            try:
                active = bool(output.is_active())
            except Exception:
                active = False
            if active:
                self._output = output
                return

    def say(self, text: str, interrupt: bool = False, lang: str | None = None) -> None:
        """Queued on the speaker's thread (the screen reader chooses the voice: ``lang`` is not passed on).

        Not silenced: speaking prints nothing, and silencing the terminal here
        could swallow what the session is writing at the same moment.
        """
        self._thread.check()
        if interrupt:
            self._thread.drop_pending()
        if text.strip():
            self._thread.call(partial(self._output.speak, text, interrupt=interrupt))

    def stop(self) -> None:
        self._thread.drop_pending()
        silence = getattr(self._output, "silence", None)
        if silence is not None:
            self._thread.call(silence, droppable=False)

    def wait(self, timeout: float | None = None) -> bool:
        """Until every sentence was handed over (tests)."""
        return self._thread.wait(timeout)

    def close(self) -> None:
        def close_output() -> None:
            with quiet():
                close = getattr(self._output, "close", None)
                if close is not None:
                    close()

        self._thread.close(close_output)
