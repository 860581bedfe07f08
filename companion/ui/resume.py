"""The resume offer: an unfinished autosave is offered back at the next ``companion play``.

Only the interactive mode asks, and only when neither ``--resume`` nor ``--save``
was given and the command line does not set up a table (``--players``,
``--names``, a game option): scripts never meet a question, and a table set up
on the command line is a new game, the unfinished save named once
(`unfinished_note`). A yes resumes the file exactly as ``--resume FILE`` would;
a no (or Escape, Ctrl+C, Ctrl+D) starts a new game and leaves the file where it
is. A typed ``no`` also marks the save declined (a small file beside it,
``NAME.jsonl.declined``, holding the save's size and time): it is not offered
again until it changes. Lines typed during the question that are neither yes
nor no but start with a command word are kept for the game, each named as it is kept; any other
("maybe") is asked again.
"""

from __future__ import annotations

import datetime as _dt
from pathlib import Path
from typing import Any, Callable

import msgspec

from companion import journal
from companion.announce import Announcer, Utterance
from companion.vocabulary import Vocabulary
from companion.i18n import Translator
from companion.render import Settings


#: How many of the newest autosaves are looked at (each is replayed to see if it is finished).
LOOKED_AT = 5

Ask = Callable[[str], "str | None"]


class Unfinished(msgspec.Struct, frozen=True):
    """An autosave worth offering back: its file, who plays, and where the game stands."""

    path: Path
    players: str
    where: str


def declined_marker(path: Path) -> Path:
    """The file beside a save that says the player answered no to resuming it."""
    return path.with_name(path.name + ".declined")


def _fingerprint(path: Path) -> str:
    stat = path.stat()
    return f"{stat.st_size} {stat.st_mtime_ns}\n"


def is_declined(path: Path) -> bool:
    """Whether the player answered no for ``path`` as it is now (a save played on since is offered again)."""
    try:
        return declined_marker(path).read_text(encoding="utf-8") == _fingerprint(path)
    except OSError:
        return False


def mark_declined(path: Path) -> None:
    """Remember that the player does not want ``path`` back (as long as it does not change); never raises."""
    try:
        declined_marker(path).write_text(_fingerprint(path), encoding="utf-8")
    except OSError:
        pass


def unfinished_autosave(game: Any, folder: Path | None = None, lang: str = "fr") -> Unfinished | None:
    """The newest autosave of ``game`` played at the keyboard that holds moves and whose game is not over, if any.

    A game played from a script (``--json`` or piped lines) is not offered: its save
    says so in its settings (``"interactive": false``). Nor is a save the player
    declined (`mark_declined`).
    """
    folder = folder if folder is not None else journal.saves_folder()
    for path in _newest_first(folder, game.id)[:LOOKED_AT]:
        if is_declined(path):
            continue
        found = _unfinished(game, path, lang)
        if found is not None:
            return found
    return None


def _newest_first(folder: Path, game_id: str) -> list[Path]:
    """The autosaves of ``game_id`` in ``folder``, newest first; one gone meanwhile (another companion removed its
    unplayed save) or a link to nothing is left out, never the others with it."""
    dated = []
    try:
        for path in folder.glob(f"{game_id}_*.jsonl"):
            try:
                dated.append((path.stat().st_mtime, path.name, path))
            except OSError:
                continue
    except OSError:
        return []
    return [path for _, _, path in sorted(dated, reverse=True)]


def _unfinished(game: Any, path: Path, lang: str) -> Unfinished | None:
    from companion.session import Narrator, Table

    try:
        if journal.in_use(path):  # another companion is playing it
            return None
        saved = journal.read(path, from_checkpoint=True)
        if saved.game != game.id or saved.settings.get("interactive") is False:
            return None
        options = game.rules.options_from(saved.options)
        table = Table(game, options)
        table.restore(saved)
        if not table.step_count or table.is_over:
            return None
        ctx = Narrator.for_table(table, Settings(lang=lang)).ctx
        t = Translator(lang, "ui")
        names = tuple(getattr(options, "names", ()) or ())
        # Translators: {count} a number; the form follows {count}.
        players = ctx.join(list(names)) if names else t.plural("{count} player", "{count} players", options.players)
        return Unfinished(path, players, game.renderer.head(table.rules.status(table.state), ctx))
    except Exception:  # a file that cannot be read is simply not offered
        return None


def answer_is_yes(text: str) -> bool | None:
    """``True`` for yes/oui/o/y, ``False`` for no/non/n, ``None`` otherwise."""
    word = text.strip()
    is_word = Vocabulary.common().is_word
    if word.lower() in ("y", "o") or (word and is_word(word, "on") and word.lower() not in ("on",)):
        return True
    if word.lower() == "n" or (word and is_word(word, "off") and word.lower() not in ("off",)):
        return False
    return None


def _is_command(line: str, game: Any) -> bool:
    """Whether ``line`` starts with one of the game's command words: "maybe" is an answer gone wrong, not a move."""
    words = line.split()
    return bool(words) and Vocabulary.of(game.id).find(words[0]) is not None


def ask_line(message: str) -> str | None:
    """One line typed at a plain prompt, with no history kept; ``None`` on Escape, Ctrl+C or Ctrl+D."""
    from prompt_toolkit import PromptSession
    from prompt_toolkit.history import DummyHistory
    from prompt_toolkit.key_binding import KeyBindings

    from companion.ui.interactive import _quiet_terminal
    from companion.ui.terminal import quick_escape

    _quiet_terminal()
    bindings = KeyBindings()

    @bindings.add("escape", eager=True)
    def _cancel(event: Any) -> None:
        event.app.exit(result=None)

    prompt: PromptSession[str | None] = PromptSession(history=DummyHistory(), key_bindings=bindings,
                                                      include_default_pygments_style=False)
    quick_escape(prompt.app)
    try:
        return prompt.prompt(message)
    except (KeyboardInterrupt, EOFError):
        return None


def spoken_date(when: _dt.datetime, lang: str, now: _dt.datetime | None = None) -> str:
    """A save's time as said aloud: "today at 9:05 PM", "yesterday at 21:05", "on 3 December at 9:05 PM"."""
    from babel.dates import format_date, format_time

    t = Translator(lang, "ui")
    now = now or _dt.datetime.now()
    time = format_time(when, "short", locale=lang).replace("\u202f", " ")  # a plain space: every braille table has it
    if when.date() == now.date():
        # Translators: {time} a time of day ("21:05"): when a game was saved, today.
        return t("today at {time}", time=time)
    if when.date() == now.date() - _dt.timedelta(days=1):
        # Translators: {time} a time of day ("21:05"): when a game was saved, yesterday.
        return t("yesterday at {time}", time=time)
    date = format_date(when, "d MMMM" if when.year == now.year else "d MMMM y", locale=lang)
    # Translators: {date} a day and month ("3 décembre"), and the year when it is not this one; {time} a time of day.
    return t("on {date} at {time}", date=date, time=time)


def unfinished_note(lang: str, game: Any, folder: Path | None = None) -> tuple[str, Path] | None:
    """The one sentence naming the unfinished autosave when the command line set up a new game; never raises."""
    try:
        found = unfinished_autosave(game, folder, lang)
        if found is None:
            return None
        t = Translator(lang, "ui")
        when = spoken_date(_dt.datetime.fromtimestamp(found.path.stat().st_mtime), lang)
        # Translators: {when} when the unfinished game was saved ("today at 21:05"); {name} its file's name.
        return t("A new game starts, as asked; the one saved {when} stays in {name}.",
                 when=when, name=found.path.name), found.path
    except Exception:
        return None


def offer_resume(lang: str, game: Any, announcer: Announcer, ask: Ask = ask_line, folder: Path | None = None,
                 answered: Callable[[], None] = lambda: None, kept: list[str] | None = None,
                 declined: list[Path] | None = None) -> Path | None:
    """Ask whether to resume the newest unfinished autosave; its path on yes, ``None`` otherwise. Never raises.

    The question goes through the game's own ``announcer`` (text, speech and braille
    alike); ``answered`` is called once the player has answered, so that the answer
    cuts off what is still being said. A typed no marks the save declined. With
    ``kept``, a line that is neither yes nor no is added to it (for the game) and
    named; without, it is asked again. With ``declined``, a typed no adds the save to it instead of marking it:
    the caller marks it once the new game is played (`companion play` does), so that quitting a new game at
    once leaves the declined save to be offered again.
    """
    try:
        found = unfinished_autosave(game, folder, lang)
        if found is None:
            return None
        t = Translator(lang, "ui")
        when = spoken_date(_dt.datetime.fromtimestamp(found.path.stat().st_mtime), lang)
        question = " ".join([
            # Translators: {game} a game's name; {when} when it was saved ("today at 21:05", "on 3 December at 21:05");
            # {players} the players, counted or named ("3 players").
            t("An unfinished game of {game} was saved {when}, with {players}.", game=game.name(lang), when=when,
              players=found.players),
            found.where,
            t("Resume it? Type yes or no."),
        ])
        announcer.announce(Utterance(question, lang, "resume_offer", {"path": str(found.path)}))
        while True:
            # Translators: the prompt of the resume question.
            typed = ask(t("yes or no: "))
            answered()
            answer = False if typed is None else answer_is_yes(typed)
            if answer is True:
                return found.path
            if answer is False:
                if typed is not None and declined is not None:
                    declined.append(found.path)
                elif typed is not None:  # a typed no; Escape, Ctrl+C and Ctrl+D ask again next time
                    mark_declined(found.path)
                return None
            if kept is not None and typed is not None and _is_command(typed, game):
                kept.append(typed)
                # Translators: {line} a command line.
                announcer.announce(Utterance(t("Kept for the game: {line}. Resume the saved game? Type yes or no.",
                                               line=typed.strip()), lang, "resume_offer", {"kept": typed}))
                continue
            announcer.announce(Utterance(t("Please type yes or no."), lang, "resume_offer"))
    except Exception:  # the offer is a convenience: a new game always starts
        return None


__all__ = ["Unfinished", "answer_is_yes", "ask_line", "declined_marker", "is_declined", "mark_declined", "offer_resume",
           "unfinished_autosave", "unfinished_note"]
