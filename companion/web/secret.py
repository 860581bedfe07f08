"""A secret comparison (a Gauntlet fight, a Love Letter Baron) typed on the players' own devices.

The session's ``secret_handler``: when a fight is asked at the table, each
fighter whose page is open gets a private form on it; the table says only whose
values are awaited and who has answered. Each value is checked as it is typed
(``parser.secret_check``, as the table's own prompt does, then against the hand
the fighter entered on their page, ``PrivateRules.secret_value``) and answered
with a sentence that never repeats it. Once every value is in, they go back to the
session, which announces the outcome only. A fighter with no device types at the
table's secret prompt instead (``fallback``), and with none at all the table's
prompt asks everything, as without ``--serve``.

The values live only in this object's memory while the fight is asked; they are
never published, logged, answered to another seat or written anywhere.
"""

from __future__ import annotations

import queue
import secrets
import threading
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable

from companion.announce import Priority
from companion.commands.base import ParseError, Secret, is_number
from companion.games.base import RuleError
from companion.i18n import Translator
from companion.ui.secret import value_problem
from companion.render import Context, capitalized
from companion.web.answer import Answer
from companion.web.feed import Feed
from companion.web.hands import Hands, problem
from companion.web.seats import Seats

if TYPE_CHECKING:
    from companion.session import Session

#: The table's prompt for one hidden line (``companion.ui.secret.read_hidden``); ``None``: cancelled.
Reader = Callable[[str], "str | None"]


@dataclass
class _Pending:
    """One secret being asked: its steps (player ids) and the values typed so far, in memory only."""

    request: str
    secret: Secret
    steps: list[str]
    on_web: set[int]
    values: dict[int, int] = field(default_factory=dict)
    cancelled_by: str | None = None
    done: threading.Event = field(default_factory=threading.Event)


class WebSecrets:
    """The ``secret_handler`` of a served session."""

    def __init__(self, seats: Seats, feed: Feed, fallback: Any = None, reader: Reader | None = None,
                 stopped: Callable[[], bool] = lambda: False, hands: Hands | None = None) -> None:
        self.seats = seats
        self.hands = hands  # the hands entered on the pages: a value they rule out is refused as it is typed
        self.feed = feed
        self.fallback = fallback  # the table's whole secret prompt (SecretAsker), or None in scripts
        self.reader = reader  # the table's hidden line, for a fighter with no device
        self.stopped = stopped
        self._pending: _Pending | None = None
        self._lock = threading.Lock()
        self._notices: queue.Queue[tuple[str, str]] = queue.Queue()
        self._session: Session | None = None

    # ----------------------------------------------------------------- the table's side (main thread)

    def __call__(self, session: Session, secret: Secret) -> list[int] | None:
        steps = list(session.parser.secret_steps(secret, session.state))
        on_web = {i for i, pid in enumerate(steps) if self.seats.joined(pid)}
        if not on_web:
            if self.fallback is None:
                raise ParseError("secret_needs_terminal")
            result: list[int] | None = self.fallback(session, secret)
            return result
        t = Translator(session.narrator.settings.lang, "web")
        if len(on_web) < len(steps) and self.reader is None:
            absent = [steps[i] for i in range(len(steps)) if i not in on_web]
            # Translators: {players} the fighters with no page open, in a script (nothing can ask them at the table).
            _say(session, lambda t, c: t("{players}: open your page to type your value; nothing was asked.",
                                         players=c.join([self._name_in(session, c, pid) for pid in absent])),
                 "secret_cancelled", {"what": secret.what}, Priority.NOW)
            return None
        self._session = session
        try:
            while True:
                values = self._ask_all(session, secret, steps, on_web, t)
                if values is None:
                    _say(session, lambda t, c: t("Cancelled: nothing was sent."), "secret_cancelled",
                         {"what": secret.what}, Priority.NOW)
                    return None
                problem = self._problem_of_all(session, secret, values, t)
                if problem is None:
                    return values
                session.say(problem, "secret_refused", {"what": secret.what}, Priority.NOW)
        finally:
            self._session = None

    def _ask_all(self, session: Session, secret: Secret, steps: list[str], on_web: set[int],
                 t: Translator) -> list[int] | None:
        pending = _Pending(secrets.token_urlsafe(12), secret, steps, set(on_web))
        names = [self._name(session, pid) for pid in steps]
        web_ids = [steps[i] for i in sorted(on_web)]
        # Translators: {players} the fighters whose pages ask their value.
        _say(session, lambda t, c: capitalized(t("{players}: type your value on your own device.",
                                                 players=c.join([self._name_in(session, c, pid) for pid in web_ids]))),
             "secret_turn", {"players": [steps[i] for i in sorted(on_web)], "devices": True}, Priority.NOW)
        with self._lock:
            self._pending = pending
        for i in sorted(on_web):
            self._ask_seat(steps[i], pending)
        try:
            self._ask_the_rest(session, pending, names, t)
        except KeyboardInterrupt:  # Ctrl+C at the table while the devices type
            self._cancel(pending, None)
        finally:
            with self._lock:
                self._pending = None
            for i in sorted(on_web):
                seat = self.seats.by_id[steps[i]]
                self.feed.publish("done", _nothing_now(seat.lang), seat.lang, to=seat.id, data={"request": pending.request})
        self._say_notices(session, t)
        if pending.cancelled_by is not None or len(pending.values) < len(steps):
            return None
        values = [pending.values[i] for i in range(len(steps))]
        pending.values.clear()
        return values

    def _ask_the_rest(self, session: Session, pending: _Pending, names: list[str], t: Translator) -> None:
        """The fighters with no device at the table's prompt, then the devices' values waited for."""
        steps = pending.steps
        for i, pid in enumerate(steps):  # a fighter with no device, at the table's prompt
            if i not in pending.on_web:
                value = self._ask_at_table(session, pending.secret, i, names[i], t)
                if value is None:
                    self._cancel(pending, pid)
                    break
                with self._lock:
                    pending.values[i] = value
        while not pending.done.is_set() and pending.cancelled_by is None:
            self._say_notices(session, t)
            if len(pending.values) == len(steps):
                break
            if self.stopped():
                self._cancel(pending, None)
                break
            pending.done.wait(0.05)

    def _ask_seat(self, pid: str, pending: _Pending) -> None:
        seat = self.seats.by_id[pid]
        text = _asked(seat.lang, pending.secret.what)
        self.feed.publish("ask", text, seat.lang, to=pid, data={"request": pending.request, "what": pending.secret.what})

    def prompt_for(self, seat_id: str) -> tuple[str, str] | None:
        """The open request and its sentence for a page loaded while a value is awaited from ``seat_id``."""
        with self._lock:
            pending = self._pending
            if pending is None:
                return None
            steps = [i for i in pending.on_web if pending.steps[i] == seat_id and i not in pending.values]
            if not steps:
                return None
            seat = self.seats.by_id[seat_id]
            return pending.request, _asked(seat.lang, pending.secret.what)

    def _ask_at_table(self, session: Session, secret: Secret, step: int, who: str, t: Translator) -> int | None:
        assert self.reader is not None
        # Translators: {player} is a player's name.
        session.say(capitalized(t("{player}, type your value secretly at the table.", player=who)), "secret_turn",
                    {"player": session.parser.secret_steps(secret, session.state)[step]}, Priority.NOW)
        while True:
            # Translators: the table's prompt for a hidden value (keep the space at the end).
            typed = self.reader(t("Secret value: "))
            if typed is None:
                return None
            problem = self.problem(session, secret, step, typed, t)
            value = int(typed.strip()) if problem is None else None
            del typed
            if value is not None:
                # Translators: said once a secret value is typed at the table.
                session.say(t("Thank you."), "secret_done", {}, Priority.NOW)
                return value
            session.say(str(problem) + " " + t("Type your value again."), "secret_retry", {}, Priority.NOW)

    def _say_notices(self, session: Session, t: Translator) -> None:
        while True:
            try:
                kind, pid = self._notices.get_nowait()
            except queue.Empty:
                return
            if kind == "typed":
                _say(session, self._sent(session, pid), "secret_done", {"player": pid}, Priority.NORMAL)
            elif kind == "cancelled":
                _say(session, self._cancelled(session, pid), "secret_cancelled", {"player": pid}, Priority.NOW)

    def _sent(self, session: Session, pid: str) -> Callable[[Translator, Any], str]:
        # Translators: {player} a fighter; never the value.
        return lambda t, c: capitalized(t("{player} has sent their value.", player=self._name_in(session, c, pid)))

    def _cancelled(self, session: Session, pid: str) -> Callable[[Translator, Any], str]:
        # Translators: {player} a fighter who cancelled the secret value on their page.
        return lambda t, c: capitalized(t("{player} cancelled on their device.", player=self._name_in(session, c, pid)))

    def _cancel(self, pending: _Pending, by: str | None) -> None:
        with self._lock:
            pending.cancelled_by = by or "table"
            pending.values.clear()
        pending.done.set()

    @staticmethod
    def _name(session: Session, pid: str) -> str:
        return str(session.narrator.renderer.player(session.narrator.ctx, pid))

    @staticmethod
    def _name_in(session: Session, ctx: Context, pid: str) -> str:
        return str(session.narrator.renderer.player(ctx, pid))

    def _problem_of_all(self, session: Session, secret: Secret, values: list[int], t: Translator) -> str | None:
        """Why the values cannot all be (without naming them): typed again. Other refusals go to the session."""
        try:
            session.parser.resolve_secret(secret, session.state, values)
        except RuleError as error:
            if error.code != "bad_value" and error.code != "impossible_tie" and "value" not in error.details:
                raise
            return t("Those values cannot all be in hands now: type them again.")
        return None

    def problem(self, session: Session, secret: Secret, step: int, typed: str, t: Translator) -> str | None:
        """Why one typed value cannot be (by the rules, then by the fighter's hand entered on their page), in a
        sentence that never repeats it; ``None`` when it can."""
        text = typed.strip()
        if not is_number(text):
            return t("Type a whole number.")
        try:
            session.parser.secret_check(secret, session.state, step, int(text))
        except RuleError as error:
            return value_problem(error, Translator(t.lang, "ui"))  # the same sentence as the table's prompt
        return self._hand_problem(session, secret, step, int(text), t.lang)

    def _hand_problem(self, session: Session, secret: Secret, step: int, value: int, lang: str) -> str | None:
        """Why the hand entered on the fighter's page rules the value out (``PrivateRules.secret_value``), without it."""
        keeper = self.hands
        if keeper is None:
            return None
        seat = session.parser.secret_steps(secret, session.state)[step]
        try:
            keeper.private.secret_value(session.state, keeper.cards, seat, value)
        except RuleError as error:
            return problem(session, error, lang)
        return None

    # ----------------------------------------------------------------- the devices' side (server thread)

    def _step_of(self, seat_id: str, request: str) -> tuple[_Pending, int] | None:
        pending = self._pending
        if pending is None or not secrets.compare_digest(pending.request.encode(), request.encode("utf-8", "replace")):
            return None
        for i in pending.on_web:
            if pending.steps[i] == seat_id:
                return pending, i
        return None

    def _asked(self, seat_id: str, request: str) -> tuple[Session, _Pending, int] | None:
        """The session, the secret and the step ``request`` asks of ``seat_id`` now (call under the lock)."""
        found = self._step_of(seat_id, request)
        if found is None or self._session is None:
            return None
        return (self._session, *found)

    def check(self, seat_id: str, request: str, typed: str, lang: str) -> Answer:
        """A value being typed on ``seat_id``'s page, checked but not kept."""
        t = Translator(lang, "web")
        with self._lock:
            found = self._asked(seat_id, request)
            if found is None:
                return Answer(409, False, t("Nothing to type now."))
            session, pending, step = found
            problem = self.problem(session, pending.secret, step, typed, t)
        del typed
        return Answer(200, problem is None, problem or t("This value can be sent."))

    def submit(self, seat_id: str, request: str, typed: str, lang: str) -> Answer:
        """``seat_id``'s value: kept in memory for the outcome, answered without it."""
        t = Translator(lang, "web")
        with self._lock:
            found = self._asked(seat_id, request)
            if found is None:
                return Answer(409, False, t("Nothing to type now."))
            session, pending, step = found
            if step in pending.values:
                return Answer(409, False, t("Your value is already sent."))
            problem = self.problem(session, pending.secret, step, typed, t)
            if problem is not None:
                return Answer(422, False, problem)
            pending.values[step] = int(typed.strip())
            complete = len(pending.values) == len(pending.steps)
        del typed
        self._notices.put(("typed", seat_id))
        if complete:
            pending.done.set()
        return Answer(200, True, t("Thank you: your value is sent. Only the outcome will be announced."))

    def forget(self, seat_id: str) -> None:
        """``seat_id`` was left, freed or re-keyed: a value it typed for the fight being asked is dropped (whoever
        takes the seat types it again)."""
        with self._lock:
            pending = self._pending
            if pending is not None:
                for step in [i for i in pending.values if pending.steps[i] == seat_id and i in pending.on_web]:
                    del pending.values[step]

    def cancel(self, seat_id: str, request: str, lang: str) -> Answer:
        t = Translator(lang, "web")
        with self._lock:
            found = self._step_of(seat_id, request)
        if found is None:
            return Answer(409, False, t("Nothing to type now."))
        self._notices.put(("cancelled", seat_id))
        self._cancel(found[0], seat_id)
        return Answer(200, True, t("Cancelled: nothing was sent."))


def _say(session: Session, sentence: Callable[[Translator, Any], str], event: str, fields: dict[str, Any],
         priority: Priority) -> None:
    """Said at the table, and on each page in its own language: ``sentence(t, ctx)`` built once per language."""
    session.say_each(lambda ctx: sentence(Translator(ctx.lang, "web"), ctx), event, fields, priority)


def _asked(lang: str, what: str) -> str:
    """The form's sentence on a seat's page, in that page's language."""
    t = Translator(lang, "web")
    return t("Fight: type your value secretly, then send it.") if what == "fight" else \
        t("Type your value secretly, then send it.")


def _nothing_now(lang: str) -> str:
    t = Translator(lang, "web")
    return t("Nothing to type now.")


__all__ = ["Answer", "WebSecrets"]
