"""Questions at the table: the game's own queries, card and cards in every language, help, and the answerers'."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.announce import Priority
from companion.commands.base import Ask, ParseError
from companion.session.wiring import Answer

if TYPE_CHECKING:
    from companion.session.core import Session


def ask(session: Session, request: Ask) -> None:
    """Each sentence of the answer, at the table (and a game's own answers on each page, in its language).

    :raises ParseError: ``unknown_command``, a question nothing answers (no rules reader in this wiring).
    """
    narrator, table, wiring = session.narrator, session.table, session.wiring
    if request.what == "status" and request.args.get("short"):
        wiring.announcer.announce(narrator.short_status(table))
        return
    found = narrator.answers(table, request)
    if found is not None:
        for sentence, event_name, fields in found:
            session.say_each(sentence, event_name, fields, Priority.NOW)
        return
    answers: list[Answer]
    if request.what == "help":
        answers = help_lines(session, request.args.get("topic"))
    else:
        answerer = next((a for a in wiring.answerers if request.what in a.questions), None)
        if answerer is None:
            raise ParseError("unknown_command", text=request.what)
        answers = answerer.answer(session, request)
    for text, event_name, fields in answers:
        session.say(text, event_name, fields, Priority.NOW)


def help_lines(session: Session, topic: str | None = None) -> list[Answer]:
    """``help``: what can be done now, then one line per command (or the one asked about), the answerers' last; for a
    line typed on a front end with its own help (`FrontHelp`: the terminal, the page), its lines, its keys last."""
    lang, front = session.narrator.lang, session.front
    more: dict[str, str] = {}
    for answerer in session.wiring.answerers:
        more.update(answerer.help_lines(lang))
    if front is None:
        return session.narrator.help_lines(session.table, topic, more)
    return session.narrator.help_lines(session.table, topic, more, front.verb_lines(lang), front.key_lines(lang))
