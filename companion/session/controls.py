"""The controls every game shares (undo, redo, quit, save, repeat, verbosity) and the front ends' own (speech, pan)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.announce import Priority
from companion.commands.base import Control
from companion.marker import N_

if TYPE_CHECKING:
    from companion.session.core import Session


def _verbosity(session: Session, level: str | None) -> None:
    """``verbosity LEVEL`` sets the level; ``verbosity`` alone says it, and how to change it."""
    core = session.narrator.ctx.core
    words = {
        # Translators: a verbosity level's name (short sentences).
        "terse": N_("terse"),
        # Translators: a verbosity level's name.
        "normal": N_("normal"),
        # Translators: a verbosity level's name (every detail).
        "full": N_("full"),
    }
    if level is None:
        now = session.narrator.ctx.verbosity
        # Translators: {level} a verbosity level's name; the words to type follow as they are typed.
        text = core("Verbosity: {level}. Type verbosity terse, normal or full to change it.", level=core(words[now]))
        session.say(text, "verbosity", {"level": now}, Priority.NOW)
        return
    session.narrator.set_verbosity(level)
    # Translators: {level} a verbosity level's name.
    session.say(core("Verbosity: {level}.", level=core(words[level])), "verbosity", {"level": level}, Priority.NOW)


def control(session: Session, request: Control) -> None:
    """Run ``request``; speech and pan without a voice or a display say how to start one.

    :raises ParseError, JournalWriteError: nothing changed.
    """
    what, core = request.what, session.narrator.ctx.core
    if what == "undo":
        session.undo()
    elif what == "redo":
        session.redo()
    elif what == "quit":
        session.stop()
    elif what == "save":
        path = session.table.save_copy(request.args["path"])
        # Translators: {path} a file or folder name.
        session.say(core("Game saved in {path}; it goes on there.", path=str(path)), "saved", {"path": str(path)},
                    Priority.NOW)
    elif what == "verbosity":
        _verbosity(session, request.args["level"])
    elif what in session.wiring.controls:
        session.wiring.controls[what](session, request.args)
    elif what == "speech":
        session.say(core("No voice is in use: start the companion with --speech auto or --speech tts."),
                    "speech", {"on": False}, Priority.NOW)
    elif what == "pan":
        session.say(core("No braille display is in use: start the companion with --braille auto or --braille terminal."),
                    "pan", {}, Priority.NOW)
    elif what in ("devices", "free", "rekey", "newcode"):
        session.say(core("No private pages are served: start the companion with --serve."), what, {}, Priority.NOW)
    elif what == "repeat":
        session.repeat()
    else:
        raise KeyError(what)


def is_pan(parsed: object) -> bool:
    """Whether a parsed line is a ``pan`` (``défile``): it moves in the last answer rather than starting one.

    ``parsed`` is what the parser returned, or the error it raised (a refused line starts an answer: its refusal).
    """
    return isinstance(parsed, Control) and parsed.what == "pan"
