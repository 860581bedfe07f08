"""Secret values typed without echo: each side of a fight types its value in turn.

Before each value the companion says whose turn it is; the value is read with
nothing shown on the screen (not even stars, which would tell the table how many
digits were typed), checked, and answered with "Thank you." only. The values go
back to the session, which turns them into the outcome: they are never printed,
spoken, brailled, kept in any history or saved.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from prompt_toolkit import PromptSession
from prompt_toolkit.application.current import get_app_session
from prompt_toolkit.history import DummyHistory
from prompt_toolkit.key_binding import KeyBindings
from prompt_toolkit.key_binding.key_processor import KeyPressEvent
from prompt_toolkit.output import DummyOutput

from companion.announce import Priority
from companion.commands.base import Secret, is_number
from companion.games.base import RuleError
from companion.i18n import Translator
from companion.render import capitalized
from companion.ui.terminal import quick_escape

if TYPE_CHECKING:
    from companion.session import Session

#: Reads one hidden line; ``None`` when the player cancelled (Escape, Ctrl+C, Ctrl+D).
HiddenReader = Callable[[str], "str | None"]


class _Cancelled(Exception):
    pass


def read_hidden(message: str) -> str | None:
    """One line with no echo at all.

    The prompt text goes to the terminal, but the line editor draws on a dummy
    output, so nothing typed ever reaches the screen, in any terminal (even
    ``TERM=dumb``, where prompt_toolkit would otherwise echo each character).
    The editor keeps no history.
    """
    terminal = get_app_session().output
    bindings = KeyBindings()

    @bindings.add("escape", eager=True)
    def _cancel(event: KeyPressEvent) -> None:
        event.app.exit(exception=_Cancelled())

    prompt: PromptSession[str] = PromptSession(
        is_password=True,
        history=DummyHistory(),
        key_bindings=bindings,
        output=DummyOutput(),
        enable_history_search=False,
        complete_while_typing=False,
    )
    quick_escape(prompt.app)
    terminal.write(message)
    terminal.flush()
    try:
        return prompt.prompt()
    except (_Cancelled, KeyboardInterrupt, EOFError):
        return None
    finally:
        terminal.write("\r\n")
        terminal.flush()


def parse_value(text: str) -> int | None:
    """A whole number, or ``None``."""
    text = text.strip()
    return int(text) if is_number(text) else None


class SecretAsker:
    """The session's ``secret_handler``: asks each player's value in turn."""

    def __init__(self, reader: HiddenReader = read_hidden) -> None:
        self.reader = reader

    def __call__(self, session: Session, secret: Secret) -> list[int] | None:
        t = Translator(session.narrator.settings.lang, "ui")
        while True:
            values = self._ask_all(session, secret, t)
            if values is None:
                # Translators: the Gauntlet's fight being typed in secret is dropped.
                fight = t("Fight cancelled.")
                # Translators: the secret values being typed (a Love Letter Baron's comparison) are dropped; not
                # "Cancelled." alone, which sounds like the start of an undo ("Undone: …").
                what = fight if secret.what == "fight" else t("Secret values cancelled. Nothing changed.")
                session.say(what, "secret_cancelled", {"what": secret.what}, Priority.NOW)
                return None
            problem = _check(session, secret, values, t)
            if problem is None:
                return values
            session.say(problem, "secret_refused", {"what": secret.what}, Priority.NOW)

    def _ask_all(self, session: Session, secret: Secret, t: Translator) -> list[int] | None:
        values: list[int] = []
        for pid in session.parser.secret_steps(secret, session.state):
            who = _player_name(session, pid)
            # Translators: said before a secret value is typed. {player} is whose value it is.
            session.say(capitalized(t("{player}, type your value secretly.", player=who)), "secret_turn",
                        {"player": pid}, Priority.NOW)
            while True:
                # Translators: the prompt of a secret value; what is typed is never shown.
                typed = self.reader(t("Secret value: "))
                if typed is None:
                    return None
                value = parse_value(typed)
                del typed
                if value is None:
                    # Translators: never repeat what was typed here: it may be a secret value.
                    session.say(t("That is not a whole number: type your value again, {player}.", player=who),
                                "secret_retry", {"player": pid}, Priority.NOW)
                    continue
                problem = _value_problem(session, secret, len(values), value, t)
                if problem is None:
                    break
                # Translators: {player} a player's name.
                session.say(problem + " " + t("Type your value again, {player}.", player=who), "secret_retry",
                            {"player": pid}, Priority.NOW)
            values.append(value)
            # Translators: said after a secret value, which is never repeated.
            session.say(t("Thank you."), "secret_done", {"player": pid}, Priority.NOW)
        return values


def _player_name(session: Session, pid: str) -> str:
    """The player as the table calls them (the game's renderer knows given names)."""
    return str(session.narrator.renderer.player(session.narrator.ctx, pid))


def _value_problem(session: Session, secret: Secret, step: int, value: int, t: Translator) -> str | None:
    """Why one typed value cannot be, without saying it (the possible values are public: unseen cards)."""
    try:
        session.parser.secret_check(secret, session.state, step, value)
    except RuleError as error:
        if "value" not in error.details:
            raise
        return value_problem(error, t)
    return None


def value_problem(error: RuleError, t: Translator) -> str:
    """Why a secret value cannot be, without saying it (the possible values are public: unseen cards).

    ``t`` translates in the ``ui`` catalog; the table's secret prompt and the players' own pages say the same.
    """
    details = error.details
    if error.code == "impossible_value" and details.get("values"):
        # Translators: {values} possible values, already joined.
        return t("That value is not possible now: a card in hand can be {values}.",
                 values=", ".join(str(v) for v in details["values"]))
    low, high = details.get("low"), details.get("high")
    if low is not None and high is not None:
        # Translators: {low} a number, the lowest; {high} a number, the highest.
        return t("That value is not possible: values go from {low} to {high}.", low=low, high=high)
    return t("That value is not possible now.")


def _check(session: Session, secret: Secret, values: list[int], t: Translator) -> str | None:
    """A sentence without the values when they cannot be used, so they are typed again.

    The rules' own refusal would name the bad value aloud; this one does not.
    Any other refusal (the fight is no longer allowed) is left to the session.
    """
    try:
        session.parser.resolve_secret(secret, session.state, values)
    except RuleError as error:
        if error.code == "impossible_tie":
            return t("Those two values cannot both be in a hand now. Type them again.")
        if error.code != "bad_value" and "value" not in error.details:
            raise
        low, high = error.details.get("low"), error.details.get("high")
        if low is not None and high is not None:
            # Translators: a secret value is not a card value; the values themselves are not said.
            return t("One of the values is not possible: values go from {low} to {high}. Type them again.",
                     low=low, high=high)
        return t("One of the values is not possible. Type them again.")
    return None


__all__ = ["SecretAsker", "parse_value", "read_hidden"]
