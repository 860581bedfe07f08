"""One announcement, built once, sent to every output.

Only the announcer talks to the user. A rules core says what changed as events,
`render` turns each event into one sentence, and the announcer hands that
sentence, as an `Utterance`, to each output: standard output, speech, braille
and the history. An output that fails is reported once and dropped; the game
never stops because an output failed.

As in NVDA's model, an utterance is built once and each output decides how to
present it from what it carries: its `Priority` (may it cut off what is being
said?) and its ``event`` name, from which the voice derives its kind (its
earcon, and whether it is important and never cut: companion/earcons.py,
speech/output.py), so the rules cores and renderers never deal with sounds.
"""

from __future__ import annotations

import enum
from typing import Any, ClassVar, Protocol

import msgspec

from companion.structs import Uncompared


class Priority(enum.IntEnum):
    """How urgently a sentence must be heard."""

    #: Queued after what is being said (ordinary changes of the game).
    NORMAL = 0
    #: Cuts off what is being said: errors, the end of a game, answers the user asked for.
    NOW = 1


class Utterance(Uncompared, msgspec.Struct, frozen=True):
    """One sentence for every output.

    ``event`` and ``fields`` are the machine-readable form of the same fact
    (the ``--json`` line); ``braille`` is an optional terser text for the display.
    ``private`` utterances are shown to the user who typed but never kept in the history.
    ``texts`` is left out of equality (`Uncompared`).
    """

    uncompared: ClassVar[frozenset[str]] = frozenset({"texts"})

    text: str
    lang: str
    event: str = "message"
    fields: dict[str, Any] = msgspec.field(default_factory=dict)
    priority: Priority = Priority.NORMAL
    braille: str | None = None
    #: The same sentence in the other languages asked for (a player's page in their own language).
    texts: dict[str, str] = msgspec.field(default_factory=dict)

    def text_in(self, lang: str) -> tuple[str, str]:
        """The sentence in ``lang`` when it was built in it, else as said at the table; and its language."""
        if lang == self.lang or lang not in self.texts:
            return self.text, self.lang
        return self.texts[lang], lang

    @property
    def braille_text(self) -> str:
        return self.braille if self.braille is not None else self.text


class Output(Protocol):
    """Anything that presents utterances: a terminal line, a voice, a braille display."""

    def send(self, utterance: Utterance) -> None: ...

    def close(self) -> None: ...


class RecordingOutput:
    """An output that keeps every utterance (a review's transcript, tests)."""

    def __init__(self) -> None:
        self.utterances: list[Utterance] = []

    def send(self, utterance: Utterance) -> None:
        self.utterances.append(utterance)

    def close(self) -> None:
        pass


class History:
    """The sentences said so far, for review (previous / next) and repeat."""

    def __init__(self) -> None:
        self.items: list[Utterance] = []
        self.position: int | None = None

    def send(self, utterance: Utterance) -> None:
        self.items.append(utterance)
        self.position = None

    def close(self) -> None:
        pass

    @property
    def last(self) -> Utterance | None:
        return self.items[-1] if self.items else None

    def previous(self) -> Utterance | None:
        """The sentence before the one reviewed; the first time, the one before the sentence just heard."""
        if not self.items:
            return None
        self.position = max(0, len(self.items) - 2 if self.position is None else self.position - 1)
        return self.items[self.position]

    def next(self) -> Utterance | None:
        if not self.items:
            return None
        if self.position is None:
            self.position = len(self.items) - 1
        else:
            self.position = min(len(self.items) - 1, self.position + 1)
        return self.items[self.position]


class Announcer:
    """Sends each utterance to every output, in order, and keeps the history."""

    def __init__(self, outputs: list[Output] | None = None) -> None:
        self.outputs: list[Output] = list(outputs or [])
        self.history = History()
        self.failures: list[tuple[Output, BaseException]] = []

    def add(self, output: Output) -> None:
        self.outputs.append(output)

    def announce(self, utterance: Utterance, *, remember: bool = True, skip: tuple[Output, ...] = ()) -> None:
        """Send to every output but those in ``skip`` (a braille notice must not replace the line being read)."""
        if remember:
            self.history.send(utterance)
        for output in list(self.outputs):
            if any(output is skipped for skipped in skip):
                continue
            try:
                output.send(utterance)
            except Exception as error:  # an output must never stop the game
                self.failures.append((output, error))
                self.outputs.remove(output)

    def close(self) -> None:
        for output in self.outputs:
            try:
                output.close()
            except Exception:
                pass
