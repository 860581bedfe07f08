"""The game's loop with the table page open: the terminal (or a script's lines) and the page, both at once.

At a terminal the interactive prompt runs as without the page; ``quit`` typed on
the page ends it too. In a script, its lines are handled as they come, and the
end of its input leaves the game to the page: it ends with ``quit`` (typed on
either) or Ctrl+C.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, TextIO

if TYPE_CHECKING:
    from companion.session import Session
    from companion.web.table_page.page import TablePage

#: Seconds between two looks at whether the game was ended elsewhere.
POLL = 0.1
#: Looks for the terminal's prompt before giving up (it then ends at its next line).
ATTEMPTS = 100


def run_with_page(session: Session, page: TablePage, stdin: TextIO, interactive: bool,
                  typed_ahead: Sequence[str] = (), keyboard: Any = None) -> None:
    """Play until ``quit`` on the terminal or the page (or Ctrl+C), then say where the game is saved."""
    if interactive:
        from companion.ui.interactive import run_interactive

        threading.Thread(target=_end_prompt_on_quit, args=(session, page), name="companion-page-quit",
                         daemon=True).start()
        run_interactive(session, typed_ahead, keyboard)
        return
    threading.Thread(target=_read_lines, args=(session, page, stdin), name="companion-page-stdin", daemon=True).start()
    try:
        while not page.stopped.wait(POLL):
            pass
    except KeyboardInterrupt:
        pass
    journal_file = session.table.journal
    if journal_file is not None and session.table.step_count:
        session.say(session.narrator.ctx.core("Game saved."), "saved", {"path": str(journal_file.path)})


def _read_lines(session: Session, page: TablePage, stdin: TextIO) -> None:
    """A script's lines, each handled as typed; at its end the page goes on alone."""
    for line in stdin:
        if page.stopped.is_set():
            return
        if not session.handle(line.rstrip("\r\n")):
            page.stopped.set()
            return


def _end_prompt_on_quit(session: Session, page: TablePage) -> None:
    """Once ``quit`` is typed on the page, the terminal's prompt ends as after Ctrl+D (the game is saved)."""
    from prompt_toolkit.application.current import get_app

    from companion.ui.interactive import PromptScheduler

    page.stopped.wait()
    scheduler = session.wiring.scheduler
    if session.running or not isinstance(scheduler, PromptScheduler):
        return  # the game ended at the terminal
    for _ in range(ATTEMPTS):  # the terminal may be handling a line: its prompt comes back in a moment
        waiting = scheduler.waiting
        if waiting is not None:
            loop, context = waiting
            try:
                loop.call_soon_threadsafe(lambda: get_app().exit(exception=EOFError()), context=context)
            except RuntimeError:  # the prompt ended meanwhile
                pass
            return
        time.sleep(POLL)


__all__ = ["run_with_page"]
