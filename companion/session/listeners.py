"""Telling the listeners of a kept step: a listener that fails never makes the table hear "nothing was changed"."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from companion.announce import Priority
from companion.session.wiring import Listener

if TYPE_CHECKING:
    from companion.session.core import Session


def log_error(message: str, *args: object, error: BaseException) -> None:
    """An internal error (a bug caught so the game is never lost), logged to ``companion.session``; the tests fail on
    any. ``logging`` is imported here, at the first such error, not before a game's first sentence (issue 34)."""
    import logging

    logging.getLogger("companion.session").error(message, *args, exc_info=error)


def tell(session: Session, listeners: Iterable[Listener], call: Callable[[Listener], None]) -> None:
    """``call`` each listener; one that fails is logged and said as what it is: the step stays kept and saved."""
    for listener in listeners:
        try:
            call(listener)
        except Exception as error:
            log_error("a listener failed after a kept step", error=error)
            import traceback  # at a bug, not at every start (issue 34)

            _say_failed(session, "".join(traceback.format_exception_only(error)).strip())


def _say_failed(session: Session, detail: str) -> None:
    # Translators: {detail} what failed, a short phrase.
    session.say_each(lambda ctx: ctx.core("That change is kept and saved. A part of the companion failed after it: "
                                          "{detail}", detail=detail), "after_step_failed", {"detail": detail}, Priority.NOW)
