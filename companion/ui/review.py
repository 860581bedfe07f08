"""What the review keys do, the same from the terminal's F-keys and the braille display's keys.

Each function speaks through the session (so its sentences reach every output, the display included) and is
called on the session's thread: the keyboard's prompt loop, or the display's key reader under the session's
lock (`Session.run_soon`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import msgspec

from companion.announce import Priority, Utterance
from companion.i18n import Translator

if TYPE_CHECKING:
    from companion.session import Session


def say_now(session: Session, text: str, event: str, fields: dict[str, Any] | None = None,
            remember: bool = True) -> None:
    """A key's own sentence, cutting off what is being said."""
    session.say(text, event, fields, Priority.NOW, remember=remember)


def repeat(session: Session) -> None:
    """F2: the whole last answer again (all the help after F1, not only its last line)."""
    answer = session.last_answer()
    if not answer:
        replay(session, None)
    for utterance in answer:
        session.wiring.announcer.announce(msgspec.structs.replace(utterance, priority=Priority.NORMAL), remember=False)


def status(session: Session) -> None:
    """F3: the short status (what to do now and the lives); ``status`` typed gives the whole table."""
    session.handle("status short")


def turn(session: Session) -> None:
    """F4: "Now:", whose turn it is and what they may do."""
    text, fields = session.now()
    say_now(session, text, "turn", fields)


def previous(session: Session) -> None:
    """F5: the previous sentence."""
    replay(session, session.wiring.announcer.history.previous())


def next_sentence(session: Session) -> None:
    """F6: the next sentence."""
    replay(session, session.wiring.announcer.history.next())


def last_refusal(session: Session) -> None:
    """The last refusal's sentence again (a braille key), or a sentence saying there was none."""
    refusal = next((u for u in reversed(session.wiring.announcer.history.items) if u.event == "error"), None)
    if refusal is None:
        t = Translator(session.narrator.settings.lang, "ui")
        # Translators: a braille key asked for the last refusal, and no line was refused yet.
        say_now(session, t("No line has been refused yet."), "history", remember=False)
        return
    replay(session, refusal)


def replay(session: Session, utterance: Utterance | None) -> None:
    """Say a sentence of the history again, cutting off what is being said; it is not added to the history."""
    if utterance is None:
        t = Translator(session.narrator.settings.lang, "ui")
        # Translators: F2, F5 or F6 before any sentence was said.
        say_now(session, t("Nothing has been said yet."), "history", remember=False)
        return
    session.wiring.announcer.announce(msgspec.structs.replace(utterance, priority=Priority.NOW), remember=False)


__all__ = ["last_refusal", "next_sentence", "previous", "repeat", "replay", "say_now", "status", "turn"]
