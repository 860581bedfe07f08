"""``companion play``: build a session (new or resumed), its outputs, and run it.

When standard input is a terminal the interactive mode runs; otherwise each
input line is one command and each announcement one output line (``--json``:
one JSON object per line). The exit status is 0 at the end of input; only bad
options give another.
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
from typing import Any, TextIO

from companion import journal
from companion.announce import Announcer
from companion.games import GameInfo
from companion.games.base import RuleError
from companion.i18n import Translator
from companion.output import StdoutOutput
from companion.render import Context, Settings
from companion.session import Session


def play(args: argparse.Namespace, game: GameInfo, stdin: TextIO | None = None, stdout: TextIO | None = None) -> int:
    stdin = stdin if stdin is not None else sys.stdin
    stdout = stdout if stdout is not None else sys.stdout
    t = Translator(args.lang, "core")
    interactive = stdin.isatty() and not args.json
    settings = Settings(lang=args.lang, kit=args.kit, verbosity=args.verbosity)
    announcer = Announcer([StdoutOutput(args.json, stdout)])
    if interactive and args.resume is None and args.save is None:
        from companion.ui.resume import offer_resume

        args.resume = offer_resume(args, game)  # an unfinished autosave, if the player wants it back
    try:
        session, notes = _open_session(args, game, settings, announcer, t)
    except _OptionError as error:
        sys.stderr.write(str(error) + "\n")
        return 2
    _add_outputs(args, session, interactive, stdout)
    if args.resume is None:
        session.start()
    for note in notes:
        session.say(note, "resumed")
    try:
        if interactive:
            from companion.ui.interactive import run_interactive

            run_interactive(session)
        else:
            run_batch(session, stdin)
    finally:
        session.close()
        announcer.close()
    return 0


def run_batch(session: Session, stdin: TextIO) -> None:
    """One command per line until the end of input or ``quit``."""
    if hasattr(stdin, "reconfigure"):
        try:
            stdin.reconfigure(errors="replace")
        except (ValueError, OSError):
            pass
    for line in stdin:
        if not session.handle(line.rstrip("\r\n")):
            break
    if not session.running and session.journal is not None:
        session.say(session.ctx.core("Game saved in {path}.", path=session.journal.path), "saved",
                    {"path": str(session.journal.path)})


class _OptionError(Exception):
    """A bad option: one sentence, exit status 2."""


def game_options(game: GameInfo, args: argparse.Namespace) -> Any:
    """The rules core's options from the command line (only the fields the game has)."""
    rules = game.rules()
    fields = {f.name for f in dataclasses.fields(rules.Options)}
    values: dict[str, Any] = {"players": args.players or (len(args.names) if args.names else game.default_players)}
    if args.names:
        values["names"] = tuple(args.names)
    for name in fields - {"players", "names"}:
        value = getattr(args, name, None)
        if value is not None:
            values[name] = value
    return rules.Options(**values)


def _open_session(args: argparse.Namespace, game: GameInfo, settings: Settings, announcer: Announcer,
                  t: Translator) -> tuple[Session, list[str]]:
    from companion.cards import CardDataError

    rules = game.rules()
    notes: list[str] = []
    try:
        cards = game.cards()
    except CardDataError as error:
        raise _OptionError(t("The card file {path} cannot be used: {problem}", path=error.path, problem=error.problem)) from None
    if args.resume is not None:
        try:
            replay = journal.read(args.resume)
        except journal.JournalError as error:
            raise _OptionError(_journal_problem(error, t)) from None
        if replay.game != game.id:
            raise _OptionError(t("{path} is a save of another game ({game}).", path=args.resume, game=replay.game))
        try:
            options = rules.Options.from_json(replay.options)
            session = Session(game, options, settings, announcer, None, cards)
        except (TypeError, ValueError, RuleError):
            raise _OptionError(t("{path} is not a save file the companion can read.", path=args.resume)) from None
        refused = session.replay(replay.commands, replay.redo)
        session.journal = journal.Journal.reopen(args.resume)
        for number in replay.skipped:
            notes.append(t("Line {line} of the save file was damaged and is skipped.", line=number))
        if refused:
            notes.append(t.plural("{count} saved command could not be replayed and is skipped.",
                                  "{count} saved commands could not be replayed and are skipped.", len(refused)))
        notes.append(t.plural("Game resumed: {count} command replayed.", "Game resumed: {count} commands replayed.",
                              len(session.steps)))
        notes.append(session.renderer.render(rules.status(session.state), session.ctx))
        return session, notes
    options = game_options(game, args)
    try:
        session = Session(game, options, settings, announcer, None, cards)
    except RuleError as error:
        ctx = Context(settings, cards, game.renderer().DOMAIN)
        raise _OptionError(game.renderer().render_error(error.code, error.details, ctx)) from None
    path = args.save or journal.autosave_path(game.id)
    try:
        session.journal = journal.Journal.create(path, game.id, options.to_json(), dataclasses.asdict(settings))
    except FileExistsError:
        raise _OptionError(t("{path} already exists: choose another file, or resume it with --resume.", path=path)) from None
    except OSError as error:
        raise _OptionError(t("Cannot write the save file {path}: {reason}", path=path, reason=error.strerror)) from None
    return session, notes


def _journal_problem(error: journal.JournalError, t: Translator) -> str:
    if error.code == "not_found":
        return t("No save file at {path}.", path=error.path)
    if error.code == "future_version":
        return t("{path} was saved by a newer companion: update the companion to resume it.", path=error.path)
    if error.code == "unreadable":
        return t("Cannot read {path}.", path=error.path)
    return t("{path} is not a save file the companion can read.", path=error.path)


def _add_outputs(args: argparse.Namespace, session: Session, interactive: bool, stdout: TextIO) -> None:
    """Speech and braille: ``auto`` in a terminal, nothing in scripts unless asked."""
    speech_spec = args.speech or ("auto" if interactive else "none")
    braille_spec = args.braille or ("auto" if interactive else "none")
    notes: list[str] = []
    if speech_spec != "none":
        import speech

        try:
            speaker, note = speech.choose(speech_spec, args.lang, rate=args.rate, voice=args.voice)
        except ValueError:
            raise SystemExit(_bad(args, "--speech", speech_spec)) from None
        output = speech.SpeechOutput(speaker, args.lang, rate=args.rate, voice=args.voice)
        session.announcer.add(output)
        session.speech = output  # type: ignore[attr-defined]
        _wire_speech(session, output)
        notes.append(note)
    if braille_spec != "none":
        import braille

        try:
            display, note = braille.choose(braille_spec, args.lang, width=args.braille_width,
                                           table=args.braille_table, grade=args.grade, stream=stdout)
        except ValueError:
            raise SystemExit(_bad(args, "--braille", braille_spec)) from None
        session.announcer.add(display)
        session.braille = display  # type: ignore[attr-defined]
        session.controls["pan"] = lambda a: _pan(session, display, a["step"])
        notes.append(note)
    for note in notes:
        if note:
            session.say(note, "output")


def _wire_speech(session: Session, output: Any) -> None:
    """speech on/off, a new line cutting off stale speech, and the one notice of a fallback."""
    core = session.ctx.core

    def switch(args: dict[str, Any]) -> None:
        if args["on"]:
            output.enabled = True
            session.say(core("Speech on."), "speech", {"on": True})
        else:
            session.say(core("Speech off."), "speech", {"on": False})
            output.enabled = False

    def notice() -> None:
        text = output.take_notice()
        if text:
            session.say(text, "output")

    session.controls["speech"] = switch
    session.before_line.append(output.interrupt)
    session.after_line.append(notice)


def _pan(session: Session, display: Any, step: int) -> None:
    """Show the next (or previous) part of the last sentence on the braille line."""
    if display.pan(step) is None:
        text = session.ctx.core("End of the sentence.") if step > 0 else session.ctx.core("Start of the sentence.")
        session.say(text, "pan", {"step": step}, remember=False, skip=(display,))


def _bad(args: argparse.Namespace, option: str, value: str) -> int:
    t = Translator(args.lang, "core")
    sys.stderr.write(t("companion: {option} {value} is not a valid choice. Type companion play --help.", option=option,
                       value=value) + "\n")
    return 2


__all__ = ["play", "run_batch", "game_options"]
