"""The interactive mode: a linear prompt, one plain line per announcement.

A plain prompt_toolkit ``PromptSession`` loop: no full screen, no toolbar, no
menu popping up, no refresh timer, because a screen reader follows a terminal
best when it only ever grows by whole lines. Lines typed are the same commands
as in scripts; keys (``keys.py``) add help, repeat, status, review and undo;
fights ask their values secretly (``secret.py``). The session does the game,
and says the terminal's own help (``help.py``) for each line handed with it;
this module only reads the keyboard and says what only a terminal can say.
"""

from __future__ import annotations

import asyncio
import contextvars
import os
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from prompt_toolkit import PromptSession
from prompt_toolkit.application import Application, run_in_terminal
from prompt_toolkit.application.current import AppSession, get_app_session
from prompt_toolkit.completion import Completer
from prompt_toolkit.history import History, InMemoryHistory
from prompt_toolkit.shortcuts import CompleteStyle
from prompt_toolkit.utils import is_dumb_terminal

from companion.announce import Priority
from companion.i18n import Translator
from companion.ui.completion import SessionCompleter
from companion.ui import review
from companion.ui.help import TERMINAL_HELP
from companion.ui.keys import build_key_bindings
from companion.ui.terminal import no_echo, quick_escape, quietly

if TYPE_CHECKING:
    from companion.session import Session
    from companion.ui.braille_keys import BrailleKeyboard

PROMPT = "> "


def _quiet_terminal() -> None:
    """No cursor-position requests: a terminal that does not answer them makes prompt_toolkit print a warning."""
    os.environ.setdefault("PROMPT_TOOLKIT_NO_CPR", "1")


class PromptScheduler:
    """The session's scheduler at the keyboard: a page's request runs above the prompt while it waits for a line.

    Its sentences then print as plain lines above the prompt; while a line is handled, the request runs in the
    page's own thread once the session's lock is free.
    """

    def __init__(self) -> None:
        #: The prompt's event loop and context while it waits for a line.
        self.waiting: tuple[asyncio.AbstractEventLoop, contextvars.Context] | None = None

    def __call__(self, job: Callable[[], None]) -> None:
        waiting = self.waiting
        if waiting is not None:
            loop, context = waiting
            try:
                loop.call_soon_threadsafe(lambda: run_in_terminal(quietly(job)), context=context)
                return
            except RuntimeError:  # the prompt ended meanwhile
                pass
        job()


class Interactive:
    """The keyboard side of one session; its methods are the keys' actions."""

    def __init__(self, session: Session, history: History | None = None, completer: Completer | None = None,
                 typed_ahead: Sequence[str] = ()) -> None:
        self.session = session
        #: Lines typed during the resume question: played first, in order.
        self.typed_ahead = tuple(typed_ahead)
        self.t = Translator(session.narrator.settings.lang, "ui")
        self.completer = completer if completer is not None else SessionCompleter(session)
        self.history = history if history is not None else InMemoryHistory()
        self.prompt: PromptSession[str] | None = None
        #: prompt_toolkit's session the prompt runs in: its ``app`` is the application reading a line, which on a
        #: dumb terminal is a plain prompt of prompt_toolkit's own, not ``self.prompt.app``.
        self._app_session: AppSession | None = None
        scheduler = session.wiring.scheduler
        self._scheduler = scheduler if isinstance(scheduler, PromptScheduler) else None

    # ----------------------------------------------------------------- the loop

    def run(self) -> None:
        """Read lines until ``quit``, Ctrl+D or the end of input, then say where the game is saved."""
        _quiet_terminal()
        self._app_session = get_app_session()
        self.prompt = PromptSession(
            history=self.history,
            # A dumb terminal cannot redraw a completed line ("> play eb w"): no completion there.
            completer=None if is_dumb_terminal() else self.completer,
            complete_style=CompleteStyle.READLINE_LIKE,
            complete_while_typing=False,
            key_bindings=build_key_bindings(self, self.completer, PROMPT),
            enable_history_search=False,
            mouse_support=False,
            reserve_space_for_menu=0,
            include_default_pygments_style=False,
        )
        quick_escape(self.prompt.app)  # Escape stops speech at once, not after prompt_toolkit's 0.5 s wait
        # Queued after the set-up, whose turn and the first draw: nothing cuts off what has not been heard.
        # Translators: said when the interactive mode starts, after the table is announced.
        self.session.say(self.t("Type help for the commands, or press F1."), "hint", {}, Priority.NORMAL)
        # Between two prompts the terminal would echo what is typed ahead (a secret value too):
        # echo stays off for the whole game; each prompt shows what it reads itself.
        with no_echo():
            if self._play_typed_ahead():
                self._loop()
        self._say_saved()

    def _play_typed_ahead(self) -> bool:
        """The lines kept during the resume question, each handled as if typed now; ``False`` after a ``quit``."""
        if not self.typed_ahead:
            return True
        lines, self.typed_ahead = self.typed_ahead, ()
        # Translators: {count} a number; the form follows {count}.
        self.session.say(self.t.plural("{count} line typed during the question is played now.",
                                       "{count} lines typed during the question are played now.", len(lines)),
                         "typed_ahead", {"lines": list(lines)})
        return all(self.handle(line) for line in lines)

    def _loop(self) -> None:
        assert self.prompt is not None
        while True:
            try:
                line = self.prompt.prompt(PROMPT, pre_run=self._pre_run)
            except KeyboardInterrupt:
                # Translators: Ctrl+C was pressed; the line being typed is dropped.
                self._say(self.t("Line cleared."), "line_cleared", remember=False)
                continue
            except EOFError:  # Ctrl+D: the game stays saved, as after quit
                break
            finally:
                self._set_waiting(None)
                self._unwatch_braille_keys()
            if not self.handle(line):
                break

    def _pre_run(self) -> None:
        self._set_waiting((asyncio.get_running_loop(), contextvars.copy_context()))
        self._watch_braille_keys()

    def _set_waiting(self, waiting: tuple[asyncio.AbstractEventLoop, contextvars.Context] | None) -> None:
        if self._scheduler is not None:
            self._scheduler.waiting = waiting

    def handle(self, line: str) -> bool:
        """One typed line, as in scripts, with the terminal's help (its keys). ``False`` once ``quit`` is typed."""
        return self.session.handle(line, TERMINAL_HELP)

    # ----------------------------------------------------------------- key actions

    def help(self) -> None:
        self.session.handle("help", TERMINAL_HELP)

    def repeat(self) -> None:
        review.repeat(self.session)

    def status(self) -> None:
        review.status(self.session)

    def turn(self) -> None:
        review.turn(self.session)

    def previous(self) -> None:
        review.previous(self.session)

    def next(self) -> None:
        review.next_sentence(self.session)

    def undo(self) -> None:
        self.session.handle("undo", TERMINAL_HELP)

    def redo(self) -> None:
        self.session.handle("redo", TERMINAL_HELP)

    def stop_speech(self) -> None:
        if self.session.wiring.speech is not None:
            self.session.wiring.speech.interrupt()

    def choices(self, candidates: list[str]) -> None:
        # Translators: Tab pressed with several possible completions.
        self._say(self.t("Choices: {choices}.", choices=", ".join(candidates)), "choices", {"choices": candidates},
                  remember=False)

    # ----------------------------------------------------------------- helpers

    def _say(self, text: str, event: str, fields: dict[str, Any] | None = None, remember: bool = True) -> None:
        self.session.say(text, event, fields, Priority.NOW, remember=remember)

    def quit_from_display(self) -> None:
        """``quit`` sent from the braille display (any thread): the prompt waiting for a line ends, as after Ctrl+D,
        whichever application reads the line (a dumb terminal's too)."""
        app = self._app_session.app if self._app_session is not None else None
        if app is None or not app.is_running or app.loop is None:
            return
        running: Application[object] = app

        def end() -> None:
            if running.is_running and not running.future.done():  # type: ignore[union-attr]
                running.exit(exception=EOFError)

        running.loop.call_soon_threadsafe(end)  # type: ignore[union-attr]

    def _say_saved(self) -> None:
        journal = self.session.table.journal
        if journal is None or not self.session.table.steps:  # nothing played: no save is kept (play.py)
            return
        # No file name (it takes seconds to hear): the command as the player started it finds the save.
        text = self.session.narrator.ctx.core("Game saved.")
        if not self.session.table.is_over:
            # Translators: {command} a command to type.
            text += " " + self.t("Type {command} to resume it.", command=self.session.wiring.resume_command)
        self.session.say(text, "saved", {"path": str(journal.path)})

    # BrlAPI: the display's pan keys are read while the prompt waits.
    _watched: tuple[asyncio.AbstractEventLoop, int] | None = None

    def _watch_braille_keys(self) -> None:
        display = self.session.wiring.braille
        if display is None or not hasattr(display, "read_keys") or not hasattr(display, "fileno"):
            return
        try:
            loop = asyncio.get_running_loop()
            fd = display.fileno()
            loop.add_reader(fd, display.read_keys)
            self._watched = (loop, fd)
        except Exception:  # no running loop, or a display without a socket: panning by command still works
            self._watched = None

    def _unwatch_braille_keys(self) -> None:
        if self._watched is None:
            return
        loop, fd = self._watched
        self._watched = None
        try:
            if not loop.is_closed():
                loop.remove_reader(fd)
        except Exception:
            pass


def run_interactive(session: Session, typed_ahead: Sequence[str] = (), keyboard: BrailleKeyboard | None = None) -> None:
    """Play ``session`` at the keyboard (called by ``companion play`` when standard input is a terminal).

    ``typed_ahead``: lines typed during the resume question, played first. ``keyboard``: the braille display's
    keys, whose ``quit`` ends the prompt too.
    """
    interactive = Interactive(session, typed_ahead=typed_ahead)
    if keyboard is not None:
        keyboard.on_quit = interactive.quit_from_display
    interactive.run()


__all__ = ["Interactive", "PROMPT", "run_interactive"]
