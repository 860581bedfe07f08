"""The resume offer: an unfinished autosave is offered back at the next ``companion play``.

Only the interactive mode asks, and only when neither ``--resume`` nor ``--save``
was given: scripts never meet a question. A yes resumes the file exactly as
``--resume FILE`` would; a no (or Escape, Ctrl+C, Ctrl+D) starts a new game and
leaves the file where it is.
"""

from __future__ import annotations

import datetime as _dt
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

from companion import journal
from companion.announce import Announcer, Utterance
from companion.commands.base import Vocabulary
from companion.i18n import Translator
from companion.output import StdoutOutput
from companion.render import Settings

if TYPE_CHECKING:
    from companion.play import OutputConfig

#: How many of the newest autosaves are looked at (each is replayed to see if it is finished).
LOOKED_AT = 5

Ask = Callable[[str], "str | None"]


def unfinished_autosave(game: Any, folder: Path | None = None) -> Path | None:
    """The newest autosave of ``game`` that holds moves and whose game is not over, if any."""
    folder = folder if folder is not None else journal.autosave_path(game.id).parent
    try:
        saves = sorted(folder.glob(f"{game.id}_*.jsonl"), key=lambda p: (p.stat().st_mtime, p.name), reverse=True)
    except OSError:
        return None
    for path in saves[:LOOKED_AT]:
        if _unfinished(game, path):
            return path
    return None


def _unfinished(game: Any, path: Path) -> bool:
    from companion.session import Session

    try:
        if journal.in_use(path):  # another companion is playing it
            return False
        saved = journal.read(path)
        if saved.game != game.id:
            return False
        options = game.rules.options_from(saved.options)
        session = Session(game, options, Settings(), Announcer(), None)
        session.restore(saved)
        return bool(session.steps) and not session.is_over
    except Exception:  # a file that cannot be read is simply not offered
        return False


def answer_is_yes(text: str) -> bool | None:
    """``True`` for yes/oui/o/y, ``False`` for no/non/n, ``None`` otherwise."""
    word = text.strip()
    is_word = Vocabulary.common().is_word
    if word.lower() in ("y", "o") or (word and is_word(word, "on") and word.lower() not in ("on",)):
        return True
    if word.lower() == "n" or (word and is_word(word, "off") and word.lower() not in ("off",)):
        return False
    return None


def ask_line(message: str) -> str | None:
    """One line typed at a plain prompt, with no history kept; ``None`` on Escape, Ctrl+C or Ctrl+D."""
    from prompt_toolkit import PromptSession
    from prompt_toolkit.history import DummyHistory
    from prompt_toolkit.key_binding import KeyBindings

    from companion.ui.interactive import _quiet_terminal

    _quiet_terminal()
    bindings = KeyBindings()

    @bindings.add("escape", eager=True)
    def _cancel(event: Any) -> None:
        event.app.exit(result=None)

    prompt: PromptSession[str | None] = PromptSession(history=DummyHistory(), key_bindings=bindings,
                                                      include_default_pygments_style=False)
    try:
        return prompt.prompt(message)
    except (KeyboardInterrupt, EOFError):
        return None


def offer_resume(lang: str, outputs: OutputConfig | None, game: Any, ask: Ask = ask_line, folder: Path | None = None,
                 announcer: Announcer | None = None) -> Path | None:
    """Ask whether to resume the newest unfinished autosave; its path on yes, ``None`` otherwise. Never raises."""
    try:
        path = unfinished_autosave(game, folder)
        if path is None:
            return None
        t = Translator(lang, "ui")
        own = announcer is None
        announcer = announcer if announcer is not None else _announcer(lang, outputs)
        try:
            when = _dt.datetime.fromtimestamp(path.stat().st_mtime).strftime("%Y-%m-%d %H:%M")
            announcer.announce(Utterance(t("An unfinished game of {game} was saved on {date}. Resume it? Type yes or no.",
                                           game=game.name(lang), date=when), lang, "resume_offer", {"path": str(path)}))
            while True:
                typed = ask(t("yes or no: "))
                answer = False if typed is None else answer_is_yes(typed)
                if answer is not None:
                    return path if answer else None
                announcer.announce(Utterance(t("Please type yes or no."), lang, "resume_offer"))
        finally:
            if own:
                announcer.close()
    except Exception:  # the offer is a convenience: a new game always starts
        return None


def _announcer(lang: str, outputs: OutputConfig | None) -> Announcer:
    """Standard output, and the voice the game will use, for the one question asked before the game exists."""
    announcer = Announcer([StdoutOutput(False, sys.stdout)])
    spec = (outputs.speech if outputs else None) or "auto"
    if spec != "none":
        try:
            import speech

            speaker, _ = speech.choose(spec, lang, rate=outputs.rate if outputs else None,
                                       voice=outputs.voice if outputs else None)
            announcer.add(speech.SpeechOutput(speaker, lang))
        except Exception:  # no voice: the question is still printed, and a screen reader reads it
            pass
    return announcer


__all__ = ["answer_is_yes", "ask_line", "offer_resume", "unfinished_autosave"]
