"""``companion play``: build a session (new or resumed), its outputs, and run it.

The command line is read once, here, into a typed `PlayConfig`; nothing below
this module sees ``argparse``. When standard input is a terminal the
interactive mode runs; otherwise each input line is one command and each
announcement one output line (``--json``: one JSON object per line). The exit
status is 0 at the end of input; only bad options give another (2).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, TextIO

import msgspec

from companion import journal
from companion.announce import Announcer, Utterance
from companion.registry import Game
from companion.games.base import (
    MAX_NAME_LENGTH, OptionError, RuleError, names_problem, options_to_json, seat_word_name,
)
from companion.i18n import Translator
from companion.output import StdoutOutput
from companion.render import Context, Settings, capitalized, verbosity_level
from companion.session import Narrator, RecordsKeeper, Session, Table, Wiring
from companion.session.wiring import ControlHandler, Scheduler, SecretHandler, run_now


class OutputConfig(msgspec.Struct, frozen=True):
    """Where sentences go besides standard output: speech and braille, as the user chose them."""

    speech: str | None = None  # auto | screenreader | tts | wav:DIR | none; None: auto in a terminal, none in scripts
    rate: int | None = None
    voice: str | None = None
    braille: str | None = None  # auto | brlapi | screenreader | terminal | none
    braille_width: int | None = None
    braille_table: str | None = None
    grade: int | None = None
    sounds: str = "on"  # --sounds: on | off | only (earcons, speech/output.py)
    #: ``--braille-only``: no speech, and the display shows a symbol where an earcon would sound (docs/braille.*.md).
    braille_only: bool = False


class PlayConfig(msgspec.Struct, frozen=True):
    """Everything ``companion play GAME`` was asked for, typed."""

    lang: str = "fr"
    json: bool = False
    #: ``terse`` | ``normal`` | ``full``; ``None``: the game's default (its spec's ``verbosity``).
    verbosity: str | None = None
    players: int | None = None
    names: tuple[str, ...] = ()
    options: Mapping[str, Any] = msgspec.field(default_factory=dict)  # the game's rules options given on the command line
    display: Mapping[str, Any] = msgspec.field(default_factory=dict)  # the game's display options
    save: Path | None = None
    resume: Path | None = None
    outputs: OutputConfig = OutputConfig()
    #: How the player started the companion, to say how to come back (``make run`` sets it for its users).
    resume_command: str = "companion play"
    #: ``--serve``: each player's own page in the browser (companion/web), on ``host``:``port`` (0: any free port).
    serve: bool = False
    host: str = "127.0.0.1"
    port: int = 0
    #: ``--qr``: the join address also drawn as a QR code on screen; ``--qr-file``: written to this SVG or PNG file.
    qr: bool = False
    qr_file: Path | None = None
    #: ``--https`` / ``--no-https``; ``None``: encrypted whenever ``host`` is not the loopback.
    https: bool | None = None
    #: ``--scan``: a camera (``/dev/video0``) or a video file whose sticker codes are said at the table (issue 26).
    scan: str | None = None
    #: A display option of the game was given on the command line (the rules options are in ``options``).
    display_given: bool = False
    #: ``--page``: the table's own page in the browser (companion/web/table_page), served with the seats' pages.
    page: bool = False

    @property
    def sets_up_table(self) -> bool:
        """The command line sets up a table (``--players``, ``--names``, a game option): a new game, no question."""
        return self.players is not None or bool(self.names) or bool(self.options) or self.display_given


def config_from_args(args: argparse.Namespace, game: Game) -> PlayConfig:
    """The typed configuration from the parsed command line (the CLI's one crossing into the game)."""
    spec = game.spec
    options = {o.name: getattr(args, o.name) for o in spec.options
               if o.scope == "rules" and getattr(args, o.name, None) is not None}
    display = {o.name: getattr(args, o.name) if getattr(args, o.name, None) is not None else o.default
               for o in spec.options if o.scope == "display"}
    return PlayConfig(
        lang=args.lang, json=args.json, verbosity=verbosity_level(args.verbosity) if args.verbosity else None,
        players=args.players, names=tuple(args.names or ()),
        options=options, display=display, save=args.save, resume=None if args.resume is None else _named(args.resume),
        resume_command=os.environ.get("COMPANION_RESUME_COMMAND") or _resume_command(game, args.lang),
        outputs=OutputConfig(args.speech, args.rate, args.voice, args.braille, args.braille_width, args.braille_table,
                             args.grade, getattr(args, "sounds", None) or "on",
                             bool(getattr(args, "braille_only", False))),
        serve=bool(getattr(args, "serve", False)), host=getattr(args, "host", None) or "127.0.0.1",
        port=getattr(args, "port", None) or 0, qr=bool(getattr(args, "qr", False)), qr_file=getattr(args, "qr_file", None),
        https=getattr(args, "https", None), scan=getattr(args, "scan", None),
        display_given=any(getattr(args, o.name, None) is not None for o in spec.options if o.scope == "display"),
        page=bool(getattr(args, "page", False)),
    )


def _resume_command(game: Game, lang: str) -> str:
    """The command said at quit to come back: with ``--lang`` when the game's language is not the system's.

    Without it, an English table on a French system would be asked, and go on, in French.
    """
    from companion.languages import default_lang

    return f"companion play {game.id}" + ("" if lang == default_lang() else f" --lang {lang}")


def _named(resume: Path) -> Path:
    """The save ``--resume`` names (``companion.saves`` is imported for a resume only)."""
    from companion.saves import named

    return named(resume)


def play(config: PlayConfig, game: Game, stdin: TextIO | None = None, stdout: TextIO | None = None) -> int:
    stdin = stdin if stdin is not None else sys.stdin
    stdout = stdout if stdout is not None else sys.stdout
    t = Translator(config.lang, "core")
    interactive = stdin.isatty() and not config.json
    settings = Settings(lang=config.lang, verbosity=config.verbosity, display=dict(config.display), interactive=interactive)
    try:
        _check_camera(config)  # before any voice, question or save file: a wrong camera leaves nothing behind
    except _OptionError as error:
        sys.stderr.write(str(error) + "\n")
        return 2
    announcer, outputs = _announcer(config, interactive, stdout, game)
    typed_ahead: list[str] = []  # lines typed during the resume question: kept for the game
    declined: list[Path] = []  # the save the player answered no for: marked once the new game is played
    if interactive and config.resume is None and config.save is None:
        config = _offer_unfinished(config, game, announcer, outputs, typed_ahead, declined)
    try:
        page = _table_page(config, interactive)  # a --host the page cannot use: said before a save file is made
        table, notes = _open_table(config, game, settings, t)
    except _OptionError as error:
        announcer.close()
        sys.stderr.write(str(error) + "\n")
        return 2
    wiring = _wiring(config, announcer, outputs, interactive)
    started = _start(config, table, settings, page.wired(wiring) if page is not None else wiring, page, stdout)
    if started is None:
        announcer.close()
        return 2
    session, web = started
    scanner = _scanner(config, session)
    _begin(config, session, notes, outputs, announcer, scanner)
    import gc

    gc.enable()  # off while the companion loaded (companion/__main__.py): the first sentence is said
    keyboard = None
    if outputs.braille is not None:  # the display's own keys type and send commands (issue 33)
        from companion.ui.braille_keys import attach

        keyboard = attach(session, outputs.braille)
    try:
        _run(session, page, stdin, interactive, typed_ahead, keyboard)
    finally:
        _close_all(scanner, page, web, session, announcer)
        _after_play(config, session, declined)
    return 0


def _announcer(config: PlayConfig, interactive: bool, stdout: TextIO, game: Game) -> tuple[Announcer, _Outputs]:
    """The announcer: the printed lines, then speech and braille when there are."""
    announcer = Announcer([StdoutOutput(config.json, stdout)])
    outputs = _make_outputs(config, interactive, stdout, game)  # before any question: it is spoken and brailled too
    for output in (outputs.speech, outputs.braille):
        if output is not None:
            announcer.add(output)
    return announcer, outputs


def _offer_unfinished(config: PlayConfig, game: Game, announcer: Announcer, outputs: _Outputs,
                      typed_ahead: list[str], declined: list[Path]) -> PlayConfig:
    """An interactive start with no save named: the unfinished save is named, or offered back (the config to play)."""
    from companion.ui.resume import offer_resume, unfinished_note

    if config.sets_up_table:  # a new game, as asked: the unfinished save is only named
        unfinished = unfinished_note(config.lang, game)
        if unfinished is not None:
            text, path = unfinished
            announcer.announce(Utterance(text, config.lang, "unfinished_save", {"path": str(path)}))
        return config
    # An unfinished autosave, if the player wants it back; the answer cuts off the question.
    speech_output = outputs.speech
    resume = offer_resume(config.lang, game, announcer,
                          answered=speech_output.interrupt if speech_output is not None else lambda: None,
                          kept=typed_ahead, declined=declined)
    return msgspec.structs.replace(config, resume=resume)


def _begin(config: PlayConfig, session: Session, notes: list[str], outputs: _Outputs, announcer: Announcer,
           scanner: Any) -> None:
    """The game's start (or the resumed notes), then what the outputs need to say, then the scanner."""
    if config.resume is None:
        session.start()
    for note in notes:
        session.say(note, "resumed")
    for note in outputs.notes:  # after the set-up: what the table needs first is the game
        announcer.announce(Utterance(note, config.lang, "output"))
    if scanner:
        scanner.start()


def _close_all(scanner: Any, page: Any, web: Any, session: Session, announcer: Announcer) -> None:
    """Stops, in this order, the scanner, the table's page, the web server, the session and the announcer."""
    if scanner:
        scanner.stop()
    if page is not None:
        page.close()
    if web is not None:
        web.stop()
    session.close()
    announcer.close()


def _start(config: PlayConfig, table: Table, settings: Settings, wiring: Wiring, page: Any,
           stdout: TextIO) -> tuple[Session, Any] | None:
    """The session, with the pages served (``--serve``, ``--page``: the server too, the page's link said); ``None``
    once the server's problem is said (the table closed)."""
    if not config.serve and page is None:
        return Session(table, settings, wiring), None
    from companion.web.server import WebStartError, serve

    try:
        session, web = serve(table, settings, wiring, config.host, config.port, qr=config.qr, qr_file=config.qr_file,
                             https=config.https, stream=None if config.json else stdout,
                             routes=page.routes() if page is not None else ())
    except WebStartError as error:
        table.close()
        sys.stderr.write(str(error) + "\n")
        return None
    if page is not None:
        page.attach(session, web)
        page.open()
    return session, web


def _run(session: Session, page: Any, stdin: TextIO, interactive: bool, typed_ahead: list[str], keyboard: Any) -> None:
    """The game's loop: beside the table page, at the keyboard (the display's keys too), or one line of a script after
    another."""
    if page is not None:
        from companion.web.table_page import run_with_page

        run_with_page(session, page, stdin, interactive, typed_ahead, keyboard)
    elif interactive:
        from companion.ui.interactive import run_interactive

        run_interactive(session, typed_ahead, keyboard)
    else:
        run_batch(session, stdin)


def _table_page(config: PlayConfig, interactive: bool) -> Any:
    """``--page``: the table's own page, made before the session (its output and secret prompt are in the wiring)."""
    if not config.page:
        return None
    from companion.web.table_page import TablePage, page_problem

    problem = page_problem(config.host, config.lang)
    if problem is not None:
        raise _OptionError(problem)
    from companion.ui.secret import read_hidden

    return TablePage(config.lang, config.outputs.sounds, terminal=read_hidden if interactive else None)


def _after_play(config: PlayConfig, session: Session, declined: list[Path]) -> None:
    """An automatic save where nothing was played is removed (quitting at once leaves no file); once a new game is
    played, the save the player declined is not offered again (until it changes)."""
    save = session.table.journal
    if session.table.step_count:
        from companion.ui.resume import mark_declined

        for path in declined:
            mark_declined(path)
        return
    if save is None or config.save is not None or config.resume is not None:
        return
    try:
        save.path.unlink(missing_ok=True)
    except OSError:  # a save that cannot be removed is harmless: it is never offered (no move)
        pass


def _check_camera(config: PlayConfig) -> None:
    """``--scan``: its camera opened once, its problem said before anything is made. :raises _OptionError:"""
    if config.scan is None:
        return
    from companion.table_scan import ScanSourceError, check_source

    try:
        check_source(config.scan, config.lang)
    except ScanSourceError as error:
        raise _OptionError(str(error)) from None


def _scanner(config: PlayConfig, session: Session) -> Any:
    """``--scan``: the camera's reader (``None`` without it), its source already checked by ``_check_camera``."""
    if config.scan is None:
        return None
    from companion.table_scan import TableScanner

    return TableScanner(session, config.scan)


def _wiring(config: PlayConfig, announcer: Announcer, outputs: _Outputs, interactive: bool) -> Wiring:
    """What this run's session is connected to: outputs and their controls, records, the rules reader, the keyboard."""
    from companion.rules_answerer import LazyRulesAnswerer

    # An explicit save file is resumed by naming it (the resume offer only looks at the automatic saves).
    resume_command = (f"{config.resume_command} --resume {config.save}" if config.save is not None
                      else config.resume_command)
    secret_handler: SecretHandler | None = None
    scheduler: Scheduler = run_now
    if interactive:
        from companion.ui.interactive import PromptScheduler
        from companion.ui.secret import SecretAsker

        secret_handler, scheduler = SecretAsker(), PromptScheduler()
    return with_outputs(Wiring(announcer, listeners=(RecordsKeeper(),), answerers=(LazyRulesAnswerer(),),
                               secret_handler=secret_handler, scheduler=scheduler, resume_command=resume_command),
                        outputs)


def with_outputs(wiring: Wiring, outputs: _Outputs) -> Wiring:
    """``wiring`` with the voice and the braille display: their controls, line hooks, and the outputs themselves."""
    controls, before_line, new_answer, after_line = _output_controls(outputs)
    return msgspec.structs.replace(wiring, controls={**wiring.controls, **controls},
                                   before_line=(*wiring.before_line, *before_line),
                                   new_answer=(*wiring.new_answer, *new_answer),
                                   after_line=(*wiring.after_line, *after_line),
                                   speech=outputs.speech, braille=outputs.braille)


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
    journal_file = session.table.journal
    if not session.running and journal_file is not None and session.table.step_count:
        # Translators: said at quit, when the game was saved (the file is not named: it takes seconds to hear).
        session.say(session.narrator.ctx.core("Game saved."), "saved", {"path": str(journal_file.path)})


class _OptionError(Exception):
    """A bad option: one sentence, exit status 2."""


def game_options(game: Game, config: PlayConfig) -> Any:
    """The rules core's options from the command line, checked against the game's spec.

    :raises _OptionError: a value the game does not allow (the sentence names the range or the choices).
    """
    spec = game.spec
    t = Translator(config.lang, "core")
    players = config.players if config.players is not None else (len(config.names) if config.names else
                                                                 spec.default_players)
    if not spec.min_players <= players <= spec.max_players:
        if spec.min_players == spec.max_players:  # never "4 to 4"
            # Translators: {count} a number; the form follows {count}.
            raise _OptionError(t.plural("This game is for {count} player.", "This game is for {count} players.",
                                        spec.min_players))
        # Translators: {low} a number, the lowest; {high} a number, the highest.
        raise _OptionError(t("This game is for {low} to {high} players.", low=spec.min_players, high=spec.max_players))
    values: dict[str, Any] = {"players": players, **config.options}
    if config.names:
        problem = names_problem(config.names, spec.id)
        if problem == "same_name":
            raise _OptionError(t("companion: --names: two players have the same name."))
        if problem == "player_word":
            # Translators: a player's name that commands read as a seat (2, p1, hero1, mine, moi…).
            raise _OptionError(t("companion: --names: {name} names a seat in commands; choose another name.",
                                 name=seat_word_name(config.names, spec.id)))
        if problem:
            # Translators: {limit} a number, the limit.
            raise _OptionError(t("companion: --names: each name is one line of 1 to {limit} characters.",
                                 limit=MAX_NAME_LENGTH))
        values["names"] = tuple(name.strip() for name in config.names)
    for option in spec.options:
        if option.scope == "rules" and option.name in values:
            try:
                option.check(values[option.name])
            except OptionError as error:
                raise _OptionError(_option_problem(error, t)) from None
    return game.rules.options_type(**values)


def _option_problem(error: OptionError, t: Translator) -> str:
    option = error.option
    if option.choices:
        # Translators: {option} a command-line option; {value} a card's value or the value typed; {choices} the possible
        # choices, already joined.
        return t("companion: {option} {value}: choose one of {choices}.", option=option.flag, value=error.value,
                 choices=", ".join(str(c) for c in option.choices))
    # Translators: {option} a command-line option; {value} a card's value or the value typed; {low} a number, the
    # lowest; {high} a number, the highest.
    return t("companion: {option} {value}: give a whole number from {low} to {high}.", option=option.flag,
             value=error.value, low=option.low, high=option.high)


def os_reason(error: OSError, t: Translator) -> str:
    """Why the system refused a save file, in our words (never the C library's English)."""
    from companion.os_errors import reason

    return reason(error, t)


def _open_table(config: PlayConfig, game: Game, settings: Settings, t: Translator) -> tuple[Table, list[str]]:
    """The table of this run, new or resumed, with its save file; the sentences to say about it."""
    from companion.cards import CardDataError

    try:
        cards = game.cards()
    except CardDataError as error:
        raise _OptionError(t("The card file {path} cannot be used: {problem}", path=error.path,
                             problem=error.sentence(t))) from None
    if config.resume is not None:
        try:
            return _resume(config.resume, game, settings, cards, t)
        except _EmptySave:
            pass  # a save file cut before its header: a new game starts in it
    options = game_options(game, config)
    try:
        table = Table(game, options, cards)
    except RuleError as error:
        ctx = Context(settings, cards, game.renderer.domain, (), game.parser.vocabulary)
        raise _OptionError(game.renderer.render_error(error.code, error.details, ctx)) from None
    path = config.resume or config.save
    notes: list[str] = []
    try:
        if config.resume is not None:
            table.use_journal(journal.Journal.create(config.resume, game.id, options_to_json(options),
                                                     _settings_json(settings), replace_empty=True, sync_later=True))
            # Translators: {path} a file or folder name.
            notes.append(t("{path} was empty: a new game starts in it.", path=config.resume))
        elif config.save is not None:
            table.use_journal(journal.Journal.create(config.save, game.id, options_to_json(options),
                                                     _settings_json(settings), sync_later=True))
        else:  # a new game's file: its fsyncs wait for its first command (journal.py; issue 34)
            table.use_journal(journal.Journal.create_auto(game.id, options_to_json(options), _settings_json(settings),
                                                          sync_later=True))
    except FileExistsError:
        if path is not None and path.is_dir():
            # Translators: {path} a file or folder name.
            raise _OptionError(t("{path} is a folder: give a file name.", path=path)) from None
        if config.resume is not None:  # the empty file got another companion's game meanwhile: resume that
            return _resume_filled(config.resume, game, settings, cards, t)
        # Translators: {path} a file or folder name.
        raise _OptionError(t("{path} already exists: choose another file, or resume it with --resume.", path=path)) from None
    except journal.JournalError as error:
        raise _OptionError(_journal_problem(error, t)) from None
    except OSError as error:
        # Translators: {path} a file or folder name; {reason} why, a short phrase from the system.
        raise _OptionError(t("Cannot write the save file {path}: {reason}.", path=path or error.filename,
                             reason=os_reason(error, t))) from None
    return table, notes


class _EmptySave(Exception):
    """The save file holds nothing: a new game starts in it."""


def _resume_filled(path: Path, game: Game, settings: Settings, cards: Any, t: Translator) -> tuple[Table, list[str]]:
    """``--resume`` of a file read empty that another companion started a game in before this one could: that game
    (or "open in another companion" while it plays), never "already exists: resume it with --resume"."""
    try:
        return _resume(path, game, settings, cards, t)
    except _EmptySave:  # emptied again meanwhile: too busy a file to guess about
        raise _OptionError(_journal_problem(journal.JournalError("locked", path), t)) from None


def _resume(path: Path, game: Game, settings: Settings, cards: Any, t: Translator) -> tuple[Table, list[str]]:
    """The game saved in ``path``, replayed; a file that cannot be written to goes on in a new save file."""
    writable: journal.Journal | None = None
    try:
        writable, saved = journal.Journal.resume(path, from_checkpoint=True)
    except journal.JournalError as error:
        if error.code == "empty":
            raise _EmptySave() from None
        if error.code != "read_only":
            raise _OptionError(_journal_problem(error, t)) from None
        try:
            saved = journal.read(path)
        except journal.JournalError as again:
            raise _OptionError(_journal_problem(again, t)) from None
    except journal.JournalWriteError as error:
        raise _OptionError(t("Cannot write the save file {path}: {reason}.", path=path, reason=os_reason(error, t))) from None
    try:
        if saved.game != game.id:
            # Translators: {path} a file or folder name; {game} a game's name.
            raise _OptionError(t("{path} is a save of another game ({game}).", path=path, game=saved.game))
        from companion.saves import BadOptions, UnknownOptions, assumed_note, file_problem, header_options

        try:
            options, assumed = header_options(game, saved.options)
            table = Table(game, options, cards)
        except UnknownOptions as unknown:
            raise _OptionError(file_problem("unknown_options", path, t, names=unknown.names)) from None
        except BadOptions:
            raise _OptionError(file_problem("bad_options", path, t)) from None
        except (TypeError, ValueError, RuleError):
            # Translators: {path} a file or folder name.
            raise _OptionError(t("{path} is not a save file the companion can read.", path=path)) from None
    except _OptionError:
        if writable is not None:
            writable.close()
        raise
    result = table.restore(saved)
    notes = [*filter(None, [assumed_note(assumed, t)]), *_replay_notes(result, t)]
    if writable is None:
        try:
            writable = journal.Journal.create_auto(game.id, saved.options, saved.settings,
                                                   journal.continuation(result.commands, result.redo_commands),
                                                   save_id=saved.save_id)
        except OSError as error:
            raise _OptionError(t("Cannot write the save file {path}: {reason}.", path=path, reason=os_reason(error, t))) from None
        # Translators: {path} a file or folder name; {new} a file name.
        notes.insert(0, t("{path} cannot be written to: the game goes on in a new save file, {new}.", path=path.name,
                          new=writable.path.name))
    table.use_journal(writable)
    # Translators: {count} a number; the form follows {count}.
    notes.append(t.plural("Game resumed: {count} command replayed.", "Game resumed: {count} commands replayed.",
                          table.step_count))
    narrator = Narrator.for_table(table, settings)
    notes.append(capitalized(narrator.renderer.render(table.rules.status(table.state), narrator.ctx)))
    return table, notes


def _replay_notes(result: journal.ReplayResult, t: Translator) -> list[str]:
    """One sentence for the damaged lines, one for the lines the rules refused: counts first, a few line numbers."""
    notes = []
    if result.damaged_count:
        # Translators: {count} a number; {lines} line numbers; the form follows {count}.
        notes.append(t.plural("{count} damaged line of the save file is skipped: line {lines}.",
                              "{count} damaged lines of the save file are skipped: lines {lines}.",
                              result.damaged_count, lines=_first(result.damaged, result.damaged_count)))
    skipped = sorted(result.refused + result.ignored)
    if skipped:
        # Translators: {count} a number; {lines} line numbers; the form follows {count}.
        notes.append(t.plural("{count} saved line could not be replayed and is skipped: line {lines}.",
                              "{count} saved lines could not be replayed and are skipped: lines {lines}.",
                              len(skipped), lines=_first(skipped, len(skipped))))
    return notes


def _first(lines: list[int], count: int, shown: int = 5) -> str:
    text = ", ".join(str(n) for n in lines[:shown])
    return text + ("…" if count > shown else "")


def _settings_json(settings: Settings) -> dict[str, Any]:
    """The settings a save file records (the language, the verbosity, the game's display options)."""
    return {"lang": settings.lang, "verbosity": settings.verbosity, "interactive": settings.interactive, **settings.display}


def _journal_problem(error: journal.JournalError, t: Translator) -> str:
    from companion.saves import file_problem

    path = error.path
    return file_problem(error.code, path, t, {
        # Translators: {path} a file or folder name.
        "future_version": lambda: t("{path} was saved by a newer companion: update the companion to resume it.", path=path),
        # Translators: {path} a file or folder name.
        "locked": lambda: t("{path} is open in another companion: close that game first.", path=path),
    })


class _Outputs(msgspec.Struct):
    """The voice and the braille display chosen for this run, and what to say about them."""

    speech: Any = None
    braille: Any = None
    notes: list[str] = msgspec.field(default_factory=list)


def _make_outputs(config: PlayConfig, interactive: bool, stdout: TextIO, game: Game | None = None) -> _Outputs:
    """Speech and braille: ``auto`` in a terminal, nothing in scripts unless asked.

    ``notes`` keeps only the notices of something missing (no voice at all, a voice that lags, a braille
    output asked for by name, or expected because BRLTTY runs, that cannot be used): they are said after the
    table's set-up, never before it.

    The voice gets the earcons (``--sounds``) and, in a real-time game (The Void), keeps at most one play behind.
    """
    chosen = config.outputs
    speech_spec = "none" if chosen.braille_only else chosen.speech or ("auto" if interactive else "none")
    braille_spec = chosen.braille or ("auto" if interactive or chosen.braille_only else "none")
    made = _Outputs()
    if speech_spec != "none":
        from companion import speech

        try:
            speaker, note = speech.choose(speech_spec, config.lang, rate=chosen.rate, voice=chosen.voice)
        except ValueError:
            raise SystemExit(_bad(config.lang, "--speech", speech_spec)) from None
        from companion import earcons
        from companion.games.base import TurnModel

        real_time = game is not None and game.spec.turn_model == TurnModel.REAL_TIME
        made.speech = speech.SpeechOutput(speaker, config.lang, rate=chosen.rate, voice=chosen.voice,
                                          sounds=chosen.sounds, earcons=earcons.load(),
                                          real_time=real_time)
        if speech.missing(speaker) and (speech_spec != "auto" or _first_time(note)):
            made.notes.append(note)  # asked for by name: always; found missing by auto: once, until it changes
    if braille_spec != "none":
        made.braille, note = _make_braille(config, braille_spec, stdout, game)
        from companion.braille.display import NoBraille

        if isinstance(made.braille, NoBraille) and (braille_spec != "auto" or _brltty_runs()):
            made.notes.append(note)  # asked for by name, or BRLTTY runs for a display: the reader must know why
    made.notes = [note for note in made.notes if note]
    return made


def _make_braille(config: PlayConfig, spec: str, stdout: TextIO, game: Game | None) -> tuple[Any, str]:
    """The braille output and its sentence: queued with the earcons' kinds; braille-only symbols when asked.

    Braille-only: ``--braille-only``, or ``--speech none`` with a BrlAPI display (the player reads, nobody listens).
    """
    from companion import braille, earcons
    from companion.braille.marks import Marks, load_symbols
    from companion.games.base import TurnModel

    chosen = config.outputs
    real_time = game is not None and game.spec.turn_model == TurnModel.REAL_TIME
    marks = Marks(earcons.load(), real_time, load_symbols() if chosen.braille_only else None)
    try:
        display, note = braille.choose(spec, config.lang, width=chosen.braille_width, table=chosen.braille_table,
                                       grade=chosen.grade, stream=stdout, marks=marks)
    except ValueError:
        raise SystemExit(_bad(config.lang, "--braille", spec)) from None
    if chosen.speech == "none" and display.name == "brlapi" and not chosen.braille_only:
        import dataclasses  # the braille display's marks are a dataclass (never imported by a scripted game)

        display.marks = dataclasses.replace(marks, symbols=load_symbols())
    return display, note


#: Where the last notice of a missing voice is kept, so that ``auto`` says it once per machine, not at each start.
SPEECH_NOTICE_FILE = "speech-notice.txt"


def _first_time(note: str) -> bool:
    """Whether ``note`` differs from the speech notice said last on this machine (remembered now); never raises."""
    from companion.cards import data_dir

    path = data_dir() / SPEECH_NOTICE_FILE
    try:
        if path.read_text(encoding="utf-8") == note:
            return False
    except (OSError, UnicodeDecodeError):
        pass
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(note, encoding="utf-8")
    except OSError:
        pass
    return True


def _brltty_runs() -> bool:
    """A BRLTTY process runs here: a braille reader expects the display, so why it is not used is said."""
    from companion.platform.screenreaders import running

    try:
        return bool(running({"brltty"}))
    except OSError:
        return False


def _output_controls(outputs: _Outputs) -> tuple[dict[str, ControlHandler], tuple[Callable[[], None], ...],
                                                   tuple[Callable[[], None], ...], tuple[Callable[[Session], None], ...]]:
    """The controls and line hooks of the outputs: speech on/off and its cut-off and notices, braille panning.

    The hooks: before each line, before each line that starts a new answer (not a ``pan``), after each line.
    """
    controls: dict[str, ControlHandler] = {}
    before: list[Callable[[], None]] = []
    new_answer: list[Callable[[], None]] = []
    after: list[Callable[[Session], None]] = []
    speech_output = outputs.speech
    if speech_output is not None:
        def switch(session: Session, args: dict[str, Any]) -> None:
            core = session.narrator.ctx.core
            if args["on"]:
                speech_output.enabled = True
                # Translators: said when speech is switched on.
                session.say(core("Speech on."), "speech", {"on": True})
            else:
                # Translators: said when speech is switched off.
                session.say(core("Speech off."), "speech", {"on": False})
                speech_output.enabled = False

        def notice(session: Session) -> None:
            text = speech_output.take_notice()
            if text:
                session.say(text, "output")

        controls["speech"] = switch
        before.append(speech_output.new_line)  # a new line cuts off stale speech (never an important sentence)
        after.append(notice)  # the one notice of a fallback
    display = outputs.braille
    if display is not None:
        # Every sentence of the last answer stays reachable by panning; a typed pan moves in it.
        new_answer.append(display.new_answer)
        controls["pan"] = lambda session, args: _pan(session, display, args["step"])
    return controls, tuple(before), tuple(new_answer), tuple(after)


def _pan(session: Session, display: Any, step: int) -> None:
    """Show the next (or previous) part of the last sentence on the braille line."""
    if display.pan(step) is None:
        core = session.narrator.ctx.core
        text = core("End of the sentence.") if step > 0 else core("Start of the sentence.")
        session.say(text, "pan", {"step": step}, remember=False, skip=(display,))


def _bad(lang: str, option: str, value: str) -> int:
    t = Translator(lang, "core")
    # Translators: {option} a command-line option; {value} a card's value or the value typed.
    sys.stderr.write(t("companion: {option} {value} is not a valid choice. Type companion play --help.", option=option,
                       value=value) + "\n")
    return 2


__all__ = ["OutputConfig", "PlayConfig", "config_from_args", "game_options", "play", "run_batch"]
