"""What a front end hands the session when it builds it: one frozen value, never patched afterwards.

prompt_toolkit's ``Application`` is built from the parts handed to its
constructor; the session likewise: the announcer, the languages the pages
hear, the controls a front end adds (speech on/off, braille panning), hooks
around each line, the listeners that follow the game (records, the players'
hands), the answerers of questions only they know (the rules reader), the
secret prompt, and how a page's request reaches the table's thread.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, Protocol

import msgspec

from companion.announce import Announcer
from companion.commands.base import Ask, Secret
from companion.games.base import Command

if TYPE_CHECKING:
    from companion.session.core import Session
    from companion.session.table import Step

#: Asks, without echo, the value of each player in ``parser.secret_steps(secret, state)``
#: and returns them in that order, or ``None`` when the user cancelled. The values are
#: never printed, spoken, brailled, kept in the history or saved: only the outcome is.
SecretHandler = Callable[["Session", Secret], "list[int] | None"]
#: A control a front end adds (``speech``, ``pan``): the session and the control's arguments.
ControlHandler = Callable[["Session", dict[str, Any]], None]
#: Runs a job (already holding the session's lock) on the table's own thread when it can.
Scheduler = Callable[[Callable[[], None]], None]
#: One answer: the sentence, its event name and fields.
Answer = tuple[str, str, dict[str, Any]]


class Listener(Protocol):
    """What follows the game beside the table (records, each player's private hand); may refuse a change.

    ``checking`` runs before the rules: a `RuleError` refuses the command and
    changes nothing. ``changed`` runs once the change is written and said;
    ``undone`` once a step is taken back, ``redone`` once it is applied again.
    Every method runs under the session's lock. An error raised after a step is
    kept is said as such and logged: the step stays.
    """

    def checking(self, session: Session, command: Command) -> None: ...

    def changed(self, session: Session, step: Step, before: Any) -> None: ...

    def undone(self, session: Session, step: Step) -> None: ...

    def redone(self, session: Session, step: Step, before: Any) -> None: ...


class Answerer(Protocol):
    """Answers questions no rules core knows (``rules``, ``why``), and gives their help lines."""

    #: The questions it answers.
    questions: frozenset[str]

    def answer(self, session: Session, request: Ask) -> list[Answer]: ...

    def help_lines(self, lang: str) -> Mapping[str, str]:
        """Verb → its help sentence in ``lang``."""
        ...


class FrontHelp(Protocol):
    """A front end's own part of ``help``, for the lines typed there: the shared help names no key, each front end
    says its own ways to the shared commands (the terminal's Ctrl+Z, the page's Undo button) and its keys."""

    def verb_lines(self, lang: str) -> Mapping[str, str]:
        """A shared verb → its help sentence in ``lang``, instead of the shared one."""
        ...

    def key_lines(self, lang: str) -> list[str]:
        """The front end's own keys in ``lang``, said last after a general help."""
        ...


class SpeechControl(Protocol):
    """The voice in use, as a front end needs it: cut off at once (Escape), on or off."""

    enabled: bool

    def interrupt(self) -> None: ...


def run_now(job: Callable[[], None]) -> None:
    """The default scheduler: the job runs in the caller's thread."""
    job()


class Wiring(msgspec.Struct, frozen=True):
    """Everything a session is connected to, set once when it is built."""

    announcer: Announcer
    #: Other languages each sentence is also built in (players' pages in their own language).
    languages: frozenset[str] = frozenset()
    controls: Mapping[str, ControlHandler] = msgspec.field(default_factory=dict)
    #: Called before each line (speech cuts off a stale sentence) and after it (pending notices).
    before_line: tuple[Callable[[], None], ...] = ()
    #: Called before each line that starts a new answer: every line but a ``pan``, which moves in the last one
    #: (the braille display forgets the old answer's sentences).
    new_answer: tuple[Callable[[], None], ...] = ()
    after_line: tuple[Callable[[Session], None], ...] = ()
    listeners: tuple[Listener, ...] = ()
    answerers: tuple[Answerer, ...] = ()
    secret_handler: SecretHandler | None = None
    scheduler: Scheduler = run_now
    #: The command that brings this game back, as the player started the companion (said at quit).
    resume_command: str = ""
    #: The voice and the braille display in use, if any (the keyboard stops speech, pans braille).
    speech: SpeechControl | None = None
    braille: Any = None
