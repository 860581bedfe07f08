"""The `Speaker` protocol every speech backend follows."""

from __future__ import annotations

from typing import Protocol


class Speaker(Protocol):
    """Says sentences aloud. ``say`` never blocks the keyboard."""

    #: A short name for messages ("tts", "screenreader", "none", …).
    name: str

    def say(self, text: str, interrupt: bool = False) -> None: ...

    def stop(self) -> None: ...

    def close(self) -> None: ...


class SpeechUnavailable(Exception):
    """A backend cannot speak here; ``reason`` says why, for the user.

    ``message`` is an English catalog id (domain "speech") and ``fields`` fill
    it, so `choose` can say the reason in the user's language.
    """

    def __init__(self, message: str, **fields: object) -> None:
        self.message = message
        self.fields = fields
        super().__init__(self.reason)

    @property
    def reason(self) -> str:
        """The reason in English."""
        return self.message.format(**self.fields) if self.fields else self.message


class SilentSpeaker:
    """Text only: says nothing."""

    name = "none"

    def say(self, text: str, interrupt: bool = False) -> None:
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
        self.stops = 0
        self.closed = False

    def say(self, text: str, interrupt: bool = False) -> None:
        self.said.append((text, interrupt))

    def stop(self) -> None:
        self.stops += 1

    def close(self) -> None:
        self.closed = True
