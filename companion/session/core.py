"""The session: one typed line in, the table changed, every sentence said; the same for every front end.

It only dispatches: parse → table → narrator → announcer, under one lock,
telling the listeners. It is built once from a `Table`, the user's `Settings`
and a frozen `Wiring`, and has no attribute a front end may write.
"""

from __future__ import annotations

from _thread import RLock  # threading's RLock, without importing threading before the first sentence
from collections.abc import Callable
from typing import Any

from msgspec.structs import replace

from companion import journal as journal_mod
from companion.announce import Priority, Utterance
from companion.commands.base import Ask, Change, Control, ParseError, Parser, Request, Secret
from companion.games.base import Command, RuleError
from companion.render import Settings
from companion.session import controls, questions
from companion.session.narrator import Narrator, Sentence
from companion.session.parsed import parse_once, raised
from companion.session.suggest import is_yes, replaced, suggestion
from companion.session.table import Step, Table
from companion.session.undo_sentences import undo_utterances
from companion.session.listeners import log_error, tell
from companion.session.wiring import FrontHelp, Listener, Wiring


class Session:
    """One game at the table, as every front end drives it."""

    def __init__(self, table: Table, settings: Settings, wiring: Wiring) -> None:
        self._table = table
        #: Said at quit: how to come back to this game (``companion play GAME`` unless the front end knows better).
        self._wiring = wiring if wiring.resume_command else replace(wiring, resume_command=f"companion play {table.game.id}")
        self._parser: Parser = table.game.parser
        self._narrator = Narrator.for_table(table, settings, wiring.languages)
        self._running = True
        self._line = ""
        self._suggestion: str | None = None  # the line a refusal offered instead, until the next line
        self._refusal: tuple[str, str] | None = None  # the last refusal's code and line, for ``why``
        self._answer_start = 0
        self._front: FrontHelp | None = None  # the front end of the line being handled, if it has its own help
        self._previous_answer: list[Utterance] = []
        #: One line, change or device's request at a time, whichever thread it comes from (the pages' server).
        self._lock = RLock()

    @property  # ------------------------------------------------------------ what a front end may read
    def table(self) -> Table:
        return self._table

    @property
    def narrator(self) -> Narrator:
        return self._narrator

    @property
    def parser(self) -> Parser:
        return self._parser

    @property
    def wiring(self) -> Wiring:
        return self._wiring

    @property
    def state(self) -> Any:
        return self._table.state

    @property
    def lock(self) -> RLock:
        return self._lock

    @property
    def running(self) -> bool:
        """``False`` once the user asked to quit."""
        return self._running

    @property
    def front(self) -> FrontHelp | None:
        """The own help of the front end whose line is being handled (``None``: none, the shared help alone)."""
        return self._front

    @property
    def last_refusal(self) -> tuple[str, str] | None:
        """The code of the last refusal and the line it refused (``why``)."""
        return self._refusal

    def say(self, text: str, event: str = "message", fields: dict[str, Any] | None = None,
            priority: Priority = Priority.NORMAL, remember: bool = True, skip: tuple[Any, ...] = ()) -> None:
        """A sentence already in the table's language."""
        self._wiring.announcer.announce(Utterance(text, self._narrator.lang, event, fields or {}, priority),
                                        remember=remember, skip=skip)

    def say_each(self, sentence: Sentence, event: str = "message", fields: dict[str, Any] | None = None,
                 priority: Priority = Priority.NORMAL, remember: bool = True) -> None:
        """A sentence said once, in the table's language and on each page in its own."""
        self._wiring.announcer.announce(self._narrator.utterance(sentence, event, fields, priority), remember=remember)

    def _announce(self, utterances: list[Utterance], remember: bool = True) -> None:
        for utterance in utterances:
            self._wiring.announcer.announce(utterance, remember=remember)

    def start(self) -> None:
        """Announce the table as set up and the first turn."""
        self._announce(self._narrator.events(self._table.rules.opening(self._table.initial)))

    def run_here(self, action: Callable[[], None]) -> None:
        """In the caller's thread, once the table's line is done (after 5 s of waiting, not at all)."""
        if not self._lock.acquire(timeout=5.0):
            return
        try:
            action()
        finally:
            self._lock.release()

    def run_soon(self, action: Callable[[], None]) -> None:
        """On the table's own thread when it can (above the interactive prompt), else here, under the lock."""
        self._wiring.scheduler(lambda: self.run_here(action))

    # ----------------------------------------------------------------- lines

    def handle(self, line: str, front: FrontHelp | None = None) -> bool:
        """Handle one typed line; ``False`` once the user asked to quit. Never raises.

        ``front``: the own help of the front end it was typed on (`FrontHelp`); ``None`` (a script): the shared one.
        """
        with self._lock:
            outer, self._front = self._front, front
            try:
                return self._handle(line)
            finally:
                self._front = outer

    def _handle(self, line: str) -> bool:
        """`handle`'s work, under the session's lock (re-entrant)."""
        with self._lock:
            parsed = parse_once(self._parser, line, self.state)  # once: the pan check and the dispatch share it
            panning = controls.is_pan(parsed)
            for hook in self._wiring.before_line:
                hook()
            if not panning:  # a pan moves in the last answer: it stays reachable, and so does a suggestion
                for hook in self._wiring.new_answer:
                    hook()
            history = self._wiring.announcer.history.items
            self._previous_answer = history[self._answer_start:] or self._previous_answer
            self._answer_start = len(history)
            offered = None
            if not panning:
                offered, self._suggestion = self._suggestion, None
            if offered is not None and is_yes(line, self._parser.vocabulary):
                line = offered  # the user accepted the line offered
                parsed = parse_once(self._parser, line, self.state)
            self._line = line
            self._guarded(lambda: self.do(raised(parsed)))
            for after in self._wiring.after_line:
                after(self)
            return self._running

    def _guarded(self, action: Callable[[], None]) -> None:
        """Run ``action``; a refusal is said and changes nothing, a bug is said and logged, never raised."""
        try:
            action()
        except ParseError as error:
            if error.code == "unknown_command" and is_yes(self._line, self._parser.vocabulary):
                self._refuse("nothing_to_confirm", {}, parse=True)  # no offer waits: "oui" is no typo to correct
                return
            offered = suggestion(self._line, error, self._table, self._parser.vocabulary, self._narrator.lang)
            code, details = error.code, error.details
            if offered is not None:
                self._suggestion, name = offered
                details = dict(details, suggestion=name)
                if code == "ambiguous_card":  # "Pierre du could be…" is noise when the whole name is a typo of one card
                    code, details = "unknown_card", dict(details, text=replaced(self._line, self._suggestion))
            self._refuse(code, details, parse=True)
        except RuleError as error:
            self._refuse(error.code, error.details)
        except journal_mod.JournalWriteError as error:
            self._refuse("save_failed", {"path": str(error.path.name), "reason": error.reason,
                                         "detail": error.strerror or "", "errno": error.errno}, parse=True)
        except Exception as error:  # a bug must never lose the game
            log_error("internal error on %r", self._line, error=error)
            import traceback  # at a bug, not at every start (issue 34)

            self._refuse("internal", {"detail": "".join(traceback.format_exception_only(error)).strip()}, parse=True)

    def _refuse(self, code: str, details: dict[str, Any], parse: bool = False) -> None:
        self._refusal = (code, self._line)
        self._wiring.announcer.announce(self._narrator.refused(code, details, parse))

    def do(self, request: Request) -> None:
        if isinstance(request, Secret):
            if self._wiring.secret_handler is None:
                raise ParseError("secret_needs_terminal")
            values = self._wiring.secret_handler(self, request)
            if values is not None:
                self.do(self._parser.resolve_secret(request, self.state, values))
        elif isinstance(request, Change):
            self.change(request.command)
        elif isinstance(request, Ask):
            self.ask(request)
        elif isinstance(request, Control):
            self.control(request)

    def change(self, command: Command, preface: Utterance | None = None) -> None:
        """The listeners' checks, the rules, the sentences, the journal (on disk), and only then the game moves on.

        Nothing before the write changes anything, so a refusal, a renderer bug or a full disk leave the
        game as it was. ``preface`` is said first once the command is accepted (why nobody typed it).

        :raises RuleError, JournalWriteError: nothing changed.
        """
        with self._lock:
            for listener in self._wiring.listeners:
                listener.checking(self, command)
            before = self.state
            step = self._table.attempt(command)
            said = self._narrator.events(step.events)
            self._table.keep(step)
            self._announce(([preface] if preface is not None else []) + said)
            self._tell(lambda listener: listener.changed(self, step, before))

    def undo(self) -> None:
        """Its sentences first, then the undo mark on disk, then the step taken back: as `change`, a renderer bug
        changes nothing, and no sentence is built after the disk's wait (issue 34: a whole board was, on cold caches)."""
        step, state = self._table.undoable()
        said = undo_utterances(self._narrator, self._table, step, state)
        self._table.undo()  # the same step: nothing changed the table since undoable
        self._announce(said)
        self._tell(lambda listener: listener.undone(self, step))

    def redo(self) -> None:
        before = self.state
        step = self._table.attempt_redo()
        said = self._narrator.events(step.events)
        self._table.keep_redo(step)
        # Translators: said after redo.
        self.say_each(lambda ctx: ctx.core("Redone."), "redo", {"command": step.command.to_json()}, Priority.NOW)
        self._announce(said)
        self._tell(lambda listener: listener.redone(self, step, before))

    def _tell(self, call: Callable[[Listener], None]) -> None:
        """Each listener, once a step is kept: one that fails is said and logged, and the step stays."""
        with self._lock:
            tell(self, self._wiring.listeners, call)

    # ----------------------------------------------------------------- questions and controls

    def ask(self, request: Ask) -> None:
        """A question: the game's queries, card and cards; help; then the answerers' (rules, why)."""
        questions.ask(self, request)

    def now(self) -> tuple[str, dict[str, Any]]:
        """Who must act and the commands that change the game now (F4, and the start of ``help``)."""
        return self._narrator.now(self._table)

    def last_answer(self) -> list[Utterance]:
        """Every sentence of the last answer (a key's answer, or the last line's), for F2."""
        return self._wiring.announcer.history.items[self._answer_start:] or self._previous_answer

    def control(self, request: Control) -> None:
        """undo, redo, quit, save, repeat, and the front ends' controls (speech, pan) or why there are none."""
        controls.control(self, request)

    def stop(self) -> None:
        """``quit``: the line that typed it is the last one handled."""
        self._running = False

    def repeat(self) -> None:
        """The previous answer again, not kept in the history a second time."""
        self._announce(self._previous_answer, remember=False)

    def close(self) -> None:
        self._table.close()


__all__ = ["Session", "Step", "Table"]

