"""A line typed on a seat's own page: a question answered on that page only, or a play made as that seat.

A question (``fits 37`` in Num-X, ``card guard``, ``status``) is answered to the
asker's page alone, in the page's language: the table hears nothing of it, so
a card named to ask where it fits stays private. A command is a play of that
seat (the game's private rules say what a seat may send: its own turn, or in
The Void its own plays, time-stamped as they arrive); it is then applied,
announced and journaled exactly as if typed at the table. Undo, quit and the
like stay at the table.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.commands.base import MAX_LINE, Ask, Change, ParseError
from companion.games.base import RuleError
from companion.i18n import Translator
from companion.web.hands import Busy, Hands, at_table, problem
from companion.web.answer import Answer
from companion.render import Context

if TYPE_CHECKING:
    from companion.session import Session


class DeviceLines:
    """The lines of every seat's page, run where the table runs its own."""

    def __init__(self, session: Session, hands: Hands) -> None:
        self.session = session
        self.hands = hands

    def handle(self, seat_id: str, line: str, lang: str) -> Answer:
        t = Translator(lang, "web")
        if not line.strip():
            return Answer(422, False, t("Type a play or a question, then send it."))
        if len(line) > MAX_LINE:
            return Answer(413, False, t("That line is too long: a command is a few words."))
        try:
            answer: Answer = at_table(self.session, lambda: self._run(seat_id, line, lang))
            return answer
        except Busy:
            return Answer(503, False, t("The table is busy: send it again in a moment."))

    def _run(self, seat_id: str, line: str, lang: str) -> Answer:
        session = self.session
        ctx = session.narrator.context(lang)
        t = Translator(lang, "web")
        try:
            request = session.parser.parse(line, session.state)
            if isinstance(request, Ask):
                texts = self.answers(request, ctx, seat_id)
                if texts is None:
                    return Answer(422, False, t("Ask that at the table."))
                for text in texts:
                    self.hands.feed.publish("note", text, lang, to=seat_id)
                # The answer itself is read once, in the "Only for you" log; the page falls back on it without script.
                return Answer(200, True, " ".join(texts), t("Answered under “Only for you”."))
            if not isinstance(request, Change):
                return Answer(422, False, t("From your page: plays and questions only; the rest is typed at the table."))
            command = self.hands.private.as_seat(session.state, request.command, seat_id)
            self.hands.from_seat = seat_id  # checked against this seat's own hand only
            try:
                session.change(command)  # announced at the table and on every page, journaled
            finally:
                self.hands.from_seat = None
        except ParseError as error:
            return Answer(422, False, session.narrator.refusal(error.code, error.details, ctx, parse=True))
        except RuleError as error:
            if error.code == "not_your_turn":
                return Answer(409, False, t("Not your turn: the rules wait for another player."))
            return Answer(422, False, problem(session, error, lang))
        return Answer(200, True, t("Sent to the table."))

    def answers(self, request: Ask, ctx: Context, seat_id: str) -> list[str] | None:
        """The sentences answering a question for one page, or ``None`` for one only the table answers.

        A game's query is told who asks (``asker``): Num-X's ``fits`` then answers for that seat's page.
        """
        session = self.session
        found = session.narrator.answers(session.table, Ask(request.what, {**request.args, "asker": seat_id}))
        return None if found is None else [sentence(ctx) for sentence, _, _ in found]


__all__ = ["DeviceLines"]
