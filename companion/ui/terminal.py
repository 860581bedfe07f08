"""The terminal between two prompts: no echo while the companion is busy.

prompt_toolkit puts the terminal in raw mode only while a prompt runs. In
between (a command being handled, the moment before a secret prompt starts) the
terminal is back in its ordinary mode, which echoes whatever is typed ahead: a
secret value typed quickly would appear on the screen, and commands typed ahead
would leave stray text between the announcements. Turning echo off for that
time closes both gaps; what was typed ahead is kept and read by the next prompt.
While a prompt runs, its answers printed above it (``run_in_terminal``: a key's
answer, a page's sentence) are printed in prompt_toolkit's cooked mode, echo on
again: `quietly` keeps it off there too.
"""

from __future__ import annotations

import contextlib
import os
from typing import Any, Callable, Iterator


def _fileno() -> int | None:
    try:
        from prompt_toolkit.application.current import get_app_session

        fd = get_app_session().input.fileno()
    except Exception:
        return None
    try:
        return fd if os.isatty(fd) else None
    except OSError:
        return None


@contextlib.contextmanager
def no_echo() -> Iterator[None]:
    """Nothing typed is echoed by the terminal inside this block (no-op when input is not a terminal)."""
    fd = _fileno()
    saved: list[Any] | None = None
    if fd is not None:
        try:
            import termios

            saved = termios.tcgetattr(fd)
            quiet = list(saved)
            quiet[3] &= ~(termios.ECHO | termios.ECHONL)
            termios.tcsetattr(fd, termios.TCSANOW, quiet)
        except Exception:  # not a POSIX terminal (Windows): prompt_toolkit's own input handles echo there
            saved = None
    try:
        yield
    finally:
        if saved is not None and fd is not None:
            import termios

            try:
                termios.tcsetattr(fd, termios.TCSANOW, saved)
            except Exception:
                pass


def quietly(action: Callable[[], None]) -> Callable[[], None]:
    """``action`` run with no echo: ``run_in_terminal`` runs it in prompt_toolkit's cooked mode, which turns echo on,
    and what is typed while it prints above the prompt (a command, a secret value) would appear on the screen."""

    def run() -> None:
        with no_echo():
            action()

    return run


#: How long a lone ESC byte waits for the rest of a key's sequence before it is the Escape key (seconds).
#: prompt_toolkit waits 0.5 s (``Application.ttimeoutlen``): Escape would stop speech half a second late. A
#: terminal sends an arrow's or an F key's whole sequence in one write, so 10 ms still tells them apart.
ESCAPE_WAIT = 0.01


def quick_escape(app: Any) -> None:
    """Escape reacts at once in ``app`` (a prompt_toolkit ``Application``): its escape wait is ``ESCAPE_WAIT``."""
    app.ttimeoutlen = ESCAPE_WAIT


__all__ = ["ESCAPE_WAIT", "quick_escape", "no_echo", "quietly"]
