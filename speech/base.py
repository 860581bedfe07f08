"""The `Speaker` protocol every speech backend follows."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol, runtime_checkable

#: Seconds a backend has to start (connect, load, check its voice) and to answer
#: each call afterwards; one that takes longer is dropped, and the game goes on.
START_TIMEOUT = 2.0


class Speaker(Protocol):
    """Says sentences aloud. ``say`` never blocks the keyboard.

    ``lang`` is the sentence's language ("fr", "en"); ``None`` means the
    speaker's own. ``interrupt`` cuts off what this speaker is saying first.
    """

    #: A short name for messages ("tts", "screenreader", "speechd", "none", …).
    name: str

    def say(self, text: str, interrupt: bool = False, lang: str | None = None) -> None: ...

    def stop(self) -> None: ...

    def close(self) -> None: ...


@dataclass(frozen=True)
class Sound:
    """An earcon as a voice needs it: its samples (22,050 Hz mono 16-bit) and its Speech Dispatcher icon name."""

    icon: str
    pcm: bytes
    seconds: float


@dataclass(frozen=True)
class Spoken:
    """One sentence for a voice that plays sounds and knows what may be cut (see speech/output.py).

    ``text`` may be empty when the ``sound`` says it all (``--sounds only``).
    ``kind`` is the earcon's kind ("play", "life"…), ``None`` for other
    sentences; an ``important`` one is never cut off nor dropped, except by
    Escape or ``speech off``; one that ``supersedes`` replaces the unfinished
    sentences of its ``kind`` (a real-time game's plays).
    """

    text: str
    lang: str | None = None
    sound: Sound | None = None
    kind: str | None = None
    important: bool = False
    supersedes: bool = False


@runtime_checkable
class CueSpeaker(Protocol):
    """A `Speaker` that also plays earcons, keeps important sentences and measures its backlog."""

    def speak(self, spoken: Spoken, interrupt: bool = False) -> None:
        """Queues ``spoken``; ``interrupt`` first cuts off what is not important."""

    def new_line(self) -> None:
        """A new line was typed: cut off and drop what is not important."""

    def backlog(self) -> float:
        """Seconds of speech still to be heard (what plays now, what waits)."""


def estimate(text: str, wpm: int | None, sound: Sound | None = None) -> float:
    """Seconds a sentence takes at ``wpm`` words a minute (espeak-ng's default 175), its earcon included."""
    words = len(text.split())
    return words * 60.0 / (wpm or 175) + (sound.seconds if sound is not None else 0.0)


class SpeechUnavailable(Exception):
    """A backend cannot speak here; ``reason`` says why, for the user.

    ``message`` is an English catalog id (domain "speech") and ``fields`` fill
    it, so `choose` can say the reason in the user's language. ``timed_out``
    marks a backend that did not answer in time (`START_TIMEOUT`).
    """

    def __init__(self, message: str, *, timed_out: bool = False, **fields: object) -> None:
        self.message = message
        self.fields = fields
        self.timed_out = timed_out
        super().__init__(self.reason)

    @property
    def reason(self) -> str:
        """The reason in English."""
        return self.message.format(**self.fields) if self.fields else self.message


class SilentSpeaker:
    """Text only: says nothing."""

    name = "none"

    def say(self, text: str, interrupt: bool = False, lang: str | None = None) -> None:
        pass

    def stop(self) -> None:
        pass

    def close(self) -> None:
        pass


class RecordingSpeaker:
    """Keeps what it was asked to say, for tests."""

    name = "recorder"

    def __init__(self) -> None:
        self.said: list[tuple[str, bool]] = []
        #: The language of each sentence in ``said``.
        self.langs: list[str | None] = []
        self.stops = 0
        self.closed = False

    def say(self, text: str, interrupt: bool = False, lang: str | None = None) -> None:
        self.said.append((text, interrupt))
        self.langs.append(lang)

    def stop(self) -> None:
        self.stops += 1

    def close(self) -> None:
        self.closed = True


class TerminalReaderSpeaker(SilentSpeaker):
    """The screen reader reads the printed lines itself: the companion's own voice stays off.

    Chosen by ``--speech auto`` when a screen reader reads the terminal the
    game is printed in (Orca in a graphical terminal, NVDA or JAWS in a
    console), so each sentence is heard once, in order, in the reader's voice.
    """

    name = "reader"

    def __init__(self, reader: str) -> None:
        #: The screen reader's name ("Orca", "NVDA"…).
        self.reader = reader
