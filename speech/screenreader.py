"""Speech through the user's own screen reader (NVDA, JAWS, VoiceOver, Orca…).

A screen reader user already has their voice, speed and braille set up, so it
comes first. accessible_output2 prints "Cannot find …" for each missing
module and its ``speak`` silently does nothing when no screen reader runs, so
the library is loaded with the terminal silenced and we check ourselves that a
real screen reader is there: TTS-only outputs (SAPI, espeak) do not count, and
on Linux Speech Dispatcher counts only while Orca is running (without Orca
nobody would be reading the rest of the screen, and its daemon would be started
for nothing).
"""

from __future__ import annotations

import os
import platform
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ._quiet import quiet
from .base import SpeechUnavailable

#: accessible_output2 outputs that are plain synthesizers, not screen readers.
NOT_SCREEN_READERS = {"Linux ESpeak", "sapi5", "SAPI5", "SAPI 5", "sapi4", "SAPI4", "SAPI 4"}
SPEECH_DISPATCHER = "Linux Speech Dispatcher"


def orca_running(proc: str | os.PathLike[str] = "/proc") -> bool:
    """True when an ``orca`` process runs (Linux; reads /proc, needs no tool)."""
    root = Path(proc)
    try:
        entries = list(root.iterdir())
    except OSError:
        return False
    for entry in entries:
        if not entry.name.isdigit():
            continue
        try:
            if (entry / "comm").read_text().strip() == "orca":
                return True
            argv = (entry / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if any(os.path.basename(arg) == b"orca" for arg in argv[:2]):
            return True
    return False


def _load_outputs() -> list[Any]:
    """accessible_output2's outputs, constructed without a word on the terminal."""
    with quiet():
        try:
            from accessible_output2.outputs.auto import Auto

            return list(Auto().outputs)
        except Exception:  # a broken install is "no screen reader", not a crash
            return []


def _is_screen_reader(output: Any, linux: bool) -> bool:
    name = getattr(output, "name", "")
    if linux:
        return name == SPEECH_DISPATCHER
    if name in NOT_SCREEN_READERS:
        return False
    try:
        return not output.is_system_output()
    except Exception:
        return False


class ScreenReaderSpeaker:
    """Hands each sentence to the running screen reader."""

    name = "screenreader"

    def __init__(self, screen_reader_running: Callable[[], bool] | None = None) -> None:
        """Raises `SpeechUnavailable` unless a screen reader answers.

        ``screen_reader_running`` replaces the Orca check on Linux (tests).
        """
        linux = platform.system() == "Linux"
        if linux:
            running = screen_reader_running or orca_running
            if not running():
                raise SpeechUnavailable("no screen reader is running")
        self._output = None
        for output in _load_outputs():
            if not _is_screen_reader(output, linux):
                continue
            with quiet():
                try:
                    active = bool(output.is_active())
                except Exception:
                    active = False
            if active:
                self._output = output
                break
        if self._output is None:
            raise SpeechUnavailable("no screen reader is running")
        #: The screen reader's name, for the user ("NVDA", "JAWS", "Orca"…).
        self.reader = "Orca" if linux else str(getattr(self._output, "name", "screen reader"))

    def say(self, text: str, interrupt: bool = False) -> None:
        # Not silenced: speaking prints nothing, and silencing the terminal here
        # could swallow what the session is writing at the same moment.
        try:
            self._output.speak(text, interrupt=interrupt)
        except Exception as error:
            raise SpeechUnavailable("the screen reader stopped answering") from error

    def stop(self) -> None:
        try:
            silence = getattr(self._output, "silence", None)
            if silence is not None:
                silence()
        except Exception:
            pass

    def close(self) -> None:
        try:
            with quiet():
                close = getattr(self._output, "close", None)
                if close is not None:
                    close()
        except Exception:
            pass
