"""The ``companion`` command: games, cards, card, play, aid-sheet, rules, saves, review, records, doctor.

Every word it prints exists in French and English (``--lang``, default from the
locale, French otherwise). A bad option gets one clear sentence and exit status
2; a game never ends in a traceback.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Sequence

from companion import i18n
from companion.i18n import Translator
from companion.quick_help import help_width

# ``typing`` is not imported at run time: ``companion --help`` imports only what it uses (issue 34).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from pathlib import Path
    from typing import Any, NoReturn
    from companion.cards import CardSet
    from companion.render import Context


def _lang_from(argv: Sequence[str]) -> str:
    for index, arg in enumerate(argv):
        if arg == "--lang" and index + 1 < len(argv) and argv[index + 1] in i18n.LANGUAGES:
            return argv[index + 1]
        if arg.startswith("--lang=") and arg[7:] in i18n.LANGUAGES:
            return arg[7:]
    return i18n.default_lang()


class _Parser(argparse.ArgumentParser):
    """argparse speaking the user's language (its messages go through our ``core`` catalog)."""

    def error(self, message: str) -> NoReturn:
        t = Translator(_LANG[0], "core")
        self.print_usage(sys.stderr)
        # Translators: {problem} what is wrong, a short phrase.
        sys.stderr.write(t("companion: {problem}. Type companion --help for help.", problem=message) + "\n")
        raise SystemExit(2)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", _formatter)
        super().__init__(*args, **kwargs)


def _formatter(prog: str) -> argparse.HelpFormatter:
    return argparse.HelpFormatter(prog, width=help_width())


_LANG = ["fr"]


def _localize_argparse(lang: str) -> None:
    catalog = i18n.translations(lang, "core")
    argparse._ = catalog.gettext  # type: ignore[attr-defined]
    argparse.ngettext = catalog.ngettext  # type: ignore[attr-defined]
    _LANG[0] = lang


def _early_words(argv: Sequence[str]) -> list[str]:
    """The command line's words, options left out: read before the real parse, whose ``play`` flags depend on the
    game; ``--lang`` may stand anywhere (``companion --lang en play gant``, ``companion play --lang en gant``)."""
    early = argparse.ArgumentParser(add_help=False, formatter_class=_formatter)
    early.add_argument("--lang")
    early.add_argument("words", nargs="*")
    try:
        words: list[str] = early.parse_known_intermixed_args(list(argv))[0].words
    except SystemExit:
        return []
    return words


def _game_named(words: Sequence[str]) -> Any:
    """The game ``companion play GAME`` names, if the command line names one the registry knows."""
    if len(words) >= 2 and words[0] == "play":
        from companion import registry

        try:
            return registry.find(words[1])
        except KeyError:
            return None
    return None


def _command_named(argv: Sequence[str], words: Sequence[str]) -> str | None:
    """The sub-command the command line names, when only its parser is needed: not when the whole help is asked
    before it (``companion --help play``), nor for a word that names no command (its error lists them all)."""
    if not words or words[0] not in _COMMAND_GROUPS or words[0] not in argv:
        return None
    before = argv[:list(argv).index(words[0])]
    return None if "-h" in before or "--help" in before else words[0]


def _players_help(spec: Any, game: Translator, core: Translator) -> str:
    """What ``--players`` counts, in the game's words when it has its own (Thanos included), else the shared ones."""
    own = game(spec.players_help)
    return own if own != spec.players_help or game.lang == "en" else core(spec.players_help)


def _add_game_options(p: argparse.ArgumentParser, game: Any, lang: str) -> None:
    """``--players`` and the game's declared options as flags (their help in the game's catalog)."""
    t = Translator(lang, "core")
    if game is None:
        p.add_argument("--players", type=int, metavar="N", help=t("number of players"))
        return
    spec = game.spec
    g = Translator(lang, spec.domain)
    fixed = spec.min_players == spec.max_players  # The Void: never "4 to 4"
    p.add_argument("--players", type=int, metavar="N",
                   # Translators: {what} what is described or undone; {count} a number.
                   help=t("{what}: always {count}", what=_players_help(spec, g, t), count=spec.min_players) if fixed
                   # Translators: {what} what is described or undone; {low} a number, the lowest; {high} a number, the
                   # highest; {default} the default value.
                   else t("{what}: {low} to {high}, default {default}", what=_players_help(spec, g, t),
                          low=spec.min_players, high=spec.max_players, default=spec.default_players))
    for option in spec.options:
        kwargs: dict[str, Any] = {"help": g(option.help), "dest": option.name, "default": None}
        if option.type is bool:
            p.add_argument(option.flag, action="store_true", **kwargs)
            continue
        kwargs["type"] = option.type
        if option.choices:
            kwargs["choices"] = option.choices
        else:
            kwargs["metavar"] = option.metavar or "N"
        p.add_argument(option.flag, **kwargs)


def _add_output_flags(p: argparse.ArgumentParser, t: Translator) -> None:
    """Where speech and braille go: the same flags for a game and for the rules reader."""
    p.add_argument("--speech", default=None, metavar="auto|screenreader|speechd[:MODULE]|tts|wav:DIR|none",
                   help=t("where speech goes (default: auto in a terminal, none in scripts)"))
    p.add_argument("--rate", type=int, metavar="N", help=t("speech rate, in words per minute"))
    # Translators: --voice's help in the option list: the voice speech uses.
    voice_help = t("speech voice")
    # Translators: a placeholder in --help's usage lines (argparse metavar): one word in capitals (VOIX).
    p.add_argument("--voice", metavar=t("VOICE"), help=voice_help)
    p.add_argument("--braille", default=None, metavar="auto|brlapi|screenreader|terminal|none",
                   help=t("where braille goes (default: auto in a terminal, none in scripts)"))
    # Translators: placeholder (metavar) for a number of braille cells, in capitals (CELLULES).
    p.add_argument("--braille-width", type=int, metavar=t("CELLS"), help=t("braille display width in cells"))
    # Translators: placeholder (metavar) for a liblouis table's file name, in capitals.
    p.add_argument("--braille-table", metavar=t("TABLE"), help=t("liblouis table for the braille line"))


def _path(text: str) -> Path:
    """An argparse type: a file name as a ``Path`` (pathlib imported when a command names a file, not for ``--help``:
    issue 34)."""
    from pathlib import Path

    return Path(text)


def _bounded(low: int, high: int) -> Any:
    """An argparse type: a whole number from ``low`` to ``high`` (embossers use 10 to 100 cells and lines)."""

    def convert(text: str) -> int:
        t = Translator(_LANG[0], "core")
        if not re.fullmatch(r"[0-9]{1,4}", text) or not low <= int(text) <= high:
            # Translators: {low} a number, the lowest; {high} a number, the highest.
            raise argparse.ArgumentTypeError(t("give a whole number from {low} to {high}", low=low, high=high))
        return int(text)

    return convert


class _Commands:
    """The sub-commands being declared: each with its GAME argument when it takes one, --lang, and what runs it."""

    def __init__(self, sub: Any, lang: str, t: Translator) -> None:
        self.sub, self.lang, self.t = sub, lang, t

    def add(self, name: str, help_text: str, func: Any, game: bool = False) -> argparse.ArgumentParser:
        p: argparse.ArgumentParser = self.sub.add_parser(name, help=help_text)
        if game:
            # Translators: placeholder (metavar) for a game's id (gauntlet, mindbug…), in capitals.
            p.add_argument("game", metavar=self.t("GAME"))
        _add_lang(p, self.lang, self.t)
        p.set_defaults(func=func)
        return p


def _add_lang(p: argparse.ArgumentParser, lang: str, t: Translator) -> None:
    p.add_argument("--lang", choices=i18n.LANGUAGES, default=lang, help=t("language of every sentence: fr or en"))


def _add_grade(p: argparse.ArgumentParser, t: Translator) -> None:
    p.add_argument("--grade", type=int, choices=(1, 2), help=t("braille grade: 1 (uncontracted) or 2 (contracted)"))


def _add_page_size(p: argparse.ArgumentParser, t: Translator) -> None:
    """--cells and --lines of an embossed page."""
    # 16: braille/layout.py's MIN_CELLS, the narrowest page a sheet fits (not imported: --help loads no braille)
    p.add_argument("--cells", type=_bounded(16, 100), default=40, metavar="16-100", help=t("cells per line"))
    p.add_argument("--lines", type=_bounded(10, 100), default=25, metavar="10-100", help=t("lines per page"))


def _add_file_output(p: argparse.ArgumentParser, t: Translator) -> None:
    """-o/--output and --force of a command that writes a document."""
    p.add_argument("-o", "--output", type=_path, metavar=t("FILE"), help=t("file to write (default: standard output)"))
    p.add_argument("--force", action="store_true", help=t("replace the file if it exists"))


def _add_cards_commands(c: _Commands) -> None:
    """games, cards, card and config-dir: the card lists."""
    t = c.t
    c.add("games", t("list the games"), cmd_games)
    c.add("cards", t("list every card of a game"), cmd_cards, game=True)
    p = c.add("card", t("read one card: value, copies, effect, notes"), cmd_card, game=True)
    # Translators: placeholder (metavar) for a card's name, in capitals.
    p.add_argument("name", nargs="+", metavar=t("NAME"))
    c.add("config-dir", t("where to put corrected card files"), cmd_config_dir)


def _add_play(c: _Commands, game: Any) -> None:
    t = c.t
    p = c.add("play", t("play a game: one command per line"), cmd_play, game=True)
    p.epilog = t("Each game has options of its own: type companion play GAME --help.")
    _add_game_options(p, game, c.lang)
    p.add_argument("--names", nargs="+", metavar=t("NAME"), help=t("the players' names, in seat order"))
    # "short" is the older word for terse (older scripts).
    p.add_argument("--verbosity", choices=("terse", "normal", "full", "short"), default=None,
                   help=t("how much is said of each change: terse, normal or full (the default: the game's)"))
    # Translators: placeholder (metavar) for a file name, in capitals (FICHIER).
    p.add_argument("--save", type=_path, metavar=t("FILE"), help=t("save the game to this file"))
    p.add_argument("--resume", type=_path, metavar=t("FILE"), help=t("resume the game saved in this file"))
    p.add_argument("--json", action="store_true", help=t("one JSON object per line (for scripts)"))
    _add_output_flags(p, t)
    p.add_argument("--sounds", choices=("on", "off", "only"), default="on",
                   help=t("short sounds before the sentences; only: a sound instead of the words for a play"))
    p.add_argument("--braille-only", action="store_true",
                   help=t("no speech: a braille symbol where a sound would be heard (also with --speech none and a display)"))
    _add_grade(p, t)
    _add_play_views(p, t)
    from companion.stickers_help import CLI_HELP as SCAN_HELP

    p.add_argument("--scan", metavar="/dev/video0", help=Translator(c.lang, "tools")(SCAN_HELP["scan"]))  # issue 26


def _add_play_views(p: argparse.ArgumentParser, t: Translator) -> None:
    """play's --serve, --page and the flags of the private pages' server."""
    p.add_argument("--serve", action="store_true",
                   help=t("each player's own private page in the browser (docs/private-views.en.md)"))
    p.add_argument("--page", action="store_true",
                   help=t("the table's own page in this computer's browser, beside the terminal (docs/table-page.en.md)"))
    # Translators: placeholder (metavar) for a network address (127.0.0.1), in capitals.
    p.add_argument("--host", metavar=t("ADDRESS"), default="127.0.0.1",
                   help=t("with --serve: the address to listen on (default 127.0.0.1, this machine only)"))
    p.add_argument("--port", type=int, metavar="N", default=0,
                   help=t("with --serve: the port to listen on (default: any free port, said at the start)"))
    p.add_argument("--https", action=argparse.BooleanOptionalAction, default=None,
                   help=t("with --serve: encrypt the pages with the table's own certificate (default: whenever --host "
                          "is not this machine only)"))
    p.add_argument("--qr", action="store_true",
                   help=t("with --serve: also draw the join address as a QR code on screen (never spoken)"))
    p.add_argument("--qr-file", type=_path, metavar=t("FILE"),
                   help=t("with --serve: write the join address as a QR code to this file (.svg or .png)"))


def _add_aid_sheet(c: _Commands) -> None:
    t = c.t
    p = c.add("aid-sheet", t("write a game's aid sheet for embossing"), cmd_aid_sheet, game=True)
    # Translators: help of --format, after which argparse lists the choices; lower case.
    p.add_argument("--format", choices=("pef", "brf", "unicode", "txt"), default="pef", help=t("file format"))
    _add_grade(p, t)
    _add_page_size(p, t)
    _add_file_output(p, t)


def _add_rules(c: _Commands) -> None:
    """issue 17: the rules read section by section, or written as a document (companion/rules_cli.py)."""
    from companion.rules_help import CLI_HELP as RULES_HELP, FORMATS as RULES_FORMATS

    rules_t = Translator(c.lang, "rules")
    p = c.add("rules", rules_t(RULES_HELP["rules"]), cmd_rules, game=True)
    # default=[]: a '*' positional without one is listed as required when the game is missing (argparse)
    p.add_argument("section", nargs="*", default=[], metavar=rules_t(RULES_HELP["SECTION"]),
                   help=rules_t(RULES_HELP["section"]))
    p.add_argument("--format", choices=RULES_FORMATS, help=rules_t(RULES_HELP["format"]))
    _add_grade(p, c.t)
    _add_page_size(p, c.t)
    _add_file_output(p, c.t)
    _add_output_flags(p, c.t)


def _add_saves_commands(c: _Commands) -> None:
    """saves (list or delete) and review (a save's transcript)."""
    t = c.t
    p = c.add("saves", t("list the saved games, newest first, or delete some"), cmd_saves)
    p.add_argument("game", nargs="?", metavar=t("GAME"), help=t("only the saves of this game"))
    which = p.add_mutually_exclusive_group()
    which.add_argument("--delete", metavar=t("FILE"), help=t("delete this save (its name as listed)"))
    which.add_argument("--delete-finished", action="store_true", help=t("delete every finished save"))
    # Translators: placeholder (metavar) for a number of days, in capitals.
    p.add_argument("--older-than", type=_bounded(0, 9999), metavar=t("DAYS"),
                   help=t("with --delete-finished: only the saves last played more than DAYS days ago"))

    p = c.add("review", t("the whole game of a save file as a numbered transcript"), cmd_review)
    # Translators: placeholder (metavar) for a save file, in capitals (SAUVEGARDE).
    p.add_argument("save", type=_path, metavar=t("SAVE"), help=t("the save file"))
    p.add_argument("--format", choices=("txt", "html", "brf"), default="txt", help=t("file format"))
    _add_file_output(p, t)


def _add_tools_commands(c: _Commands) -> None:
    """simulate, stickers and records: the tools' commands, helped in the "tools" domain."""
    from companion.simulate_help import BOTS, CLI_HELP

    tools = Translator(c.lang, "tools")
    p = c.add("simulate", tools(CLI_HELP["simulate"]), cmd_simulate, game=True)
    p.add_argument("--games", type=_bounded(1, 9999), default=2000, metavar="1-9999", help=tools(CLI_HELP["games"]))
    p.add_argument("--bot", choices=BOTS, default="greedy", help=tools(CLI_HELP["bot"]))
    p.add_argument("--players", type=int, nargs="+", choices=(2, 3, 4, 5), help=tools(CLI_HELP["players"]))
    p.add_argument("--seed", type=_bounded(0, 9999), default=1, metavar="0-9999", help=tools(CLI_HELP["seed"]))
    p.add_argument("--set", action="append", metavar="NAME=VALUE", help=tools(CLI_HELP["set"]))
    p.add_argument("--readings", action="store_true", help=tools(CLI_HELP["readings"]))
    p.add_argument("--workers", type=_bounded(1, 64), metavar="1-64", help=tools(CLI_HELP["workers"]))
    p.add_argument("--json", action="store_true", help=tools(CLI_HELP["json"]))  # issue 25
    p.add_argument("--speech", default="none", metavar="MODE", help=tools(CLI_HELP["speech"]))
    from companion.stickers_help import CLI_HELP as STICKERS_HELP

    p = c.add("stickers", tools(STICKERS_HELP["stickers"]), cmd_stickers, game=True)  # issue 26
    p.add_argument("--paper", choices=("a4", "letter"), default="a4", help=tools(STICKERS_HELP["paper"]))
    p.add_argument("-o", "--output", type=_path, metavar=c.t("FILE"), help=tools(STICKERS_HELP["output"]))
    p.add_argument("--force", action="store_true", help=c.t("replace the file if it exists"))
    p = c.add("records", tools(CLI_HELP["records"]), cmd_records)
    p.add_argument("game", nargs="?", metavar=c.t("GAME"))


def _add_doctor(c: _Commands) -> None:
    from companion.doctor_help import CLI_EPILOG as DOCTOR_EPILOG, CLI_HELP as DOCTOR_HELP, DOMAIN as DOCTOR_DOMAIN

    doctor_t = Translator(c.lang, DOCTOR_DOMAIN)
    p = c.add("doctor", doctor_t(DOCTOR_HELP), cmd_doctor)
    p.epilog = doctor_t(DOCTOR_EPILOG)


#: Each group of sub-commands, by the names it declares (``companion play …`` builds only ``play``'s parser).
_COMMAND_GROUPS: dict[str, str] = {
    **dict.fromkeys(("games", "cards", "card", "config-dir"), "cards"), "play": "play", "aid-sheet": "aid-sheet",
    "rules": "rules", **dict.fromkeys(("saves", "review"), "saves"),
    **dict.fromkeys(("simulate", "stickers", "records"), "tools"), "doctor": "doctor",
}


def build_parser(lang: str, game: Any = None, command: str | None = None) -> argparse.ArgumentParser:
    """The whole command line's parser; with ``command``, only that sub-command's group is declared (its
    help modules and catalogs alone are read: issue 34)."""
    t = Translator(lang, "core")
    parser = _Parser(prog="companion", description=t("An audio and braille companion for card games played with real cards."))
    _add_lang(parser, lang, t)
    # Translators: placeholder (metavar) for the subcommand (play, sheet, saves…), in capitals.
    sub = parser.add_subparsers(dest="command", metavar=t("COMMAND"), parser_class=_Parser)
    sub.required = True
    c = _Commands(sub, lang, t)
    groups = {"cards": _add_cards_commands, "play": lambda c: _add_play(c, game), "aid-sheet": _add_aid_sheet,
              "rules": _add_rules, "saves": _add_saves_commands, "tools": _add_tools_commands, "doctor": _add_doctor}
    for name, add in groups.items():
        if command is None or _COMMAND_GROUPS.get(command) == name:
            add(c)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    lang = _lang_from(argv)
    _localize_argparse(lang)
    words = _early_words(argv)
    args = build_parser(lang, _game_named(words), _command_named(argv, words)).parse_args(argv)
    if args.func is not cmd_play:  # play turns the collector back on after its first sentence (companion/__main__.py)
        import gc

        gc.enable()
    try:
        status = int(args.func(args) or 0)
        sys.stdout.flush()  # a full disk says so here, not in a traceback at exit
        return status
    except KeyboardInterrupt:
        return 130
    except OSError as error:
        from companion.os_errors import output_failed

        return output_failed(error, lang)


# --------------------------------------------------------------------------- sub-commands


def _game(args: argparse.Namespace) -> Any:
    from companion import registry

    try:
        return registry.find(args.game)
    except KeyError:
        t = Translator(args.lang, "core")
        known = ", ".join(g.id for g in registry.GAMES)
        # Translators: {game} a game's name; {known} the known games, already joined.
        _fail(t("Unknown game: {game}. Games: {known}.", game=args.game, known=known), 2)


def _fail(message: str, status: int) -> None:
    sys.stderr.write(message + "\n")
    raise SystemExit(status)


def _card_file_failure(error: Any, lang: str) -> None:
    """A card file that cannot be used (a referee's correction): one sentence in the user's words, exit status 1."""
    t = Translator(lang, "core")
    # Translators: {path} a file or folder name; {problem} what is wrong, a short phrase.
    _fail(t("The card file {path} cannot be used: {problem}", path=error.path, problem=error.sentence(t)), 1)


def _cards_or_fail(game: Any, lang: str) -> Any:
    from companion.cards import CardDataError

    try:
        cards = game.cards()
    except CardDataError as error:
        _card_file_failure(error, lang)
    if not cards.cards:  # a game with no card file
        _fail(Translator(lang, "core")("This game has no card data."), 1)
    return cards


def cmd_games(args: argparse.Namespace) -> int:
    from companion import registry

    t = Translator(args.lang, "core")
    for game in registry.GAMES:  # the registry's data: no game is imported to list them (issue 34)
        low, high = game.players
        name, aliases = game.name(args.lang), ", ".join(game.aliases)
        if low == high:  # never "4 to 4"
            # Translators: {id} a game's id; {name} a name (game, card, file or player); {count} a number; {aliases}
            # other names, already joined; the form follows {count}.
            print(t.plural("{id}: {name}, {count} player (also: {aliases})", "{id}: {name}, {count} players (also: {aliases})",
                           low, id=game.id, name=name, aliases=aliases))
            continue
        # Translators: {id} a game's id; {name} a name (game, card, file or player); {low} a number, the lowest; {high}
        # a number, the highest; {aliases} other names, already joined.
        print(t("{id}: {name}, {low} to {high} players (also: {aliases})", id=game.id, name=name, low=low, high=high,
                aliases=aliases))
    return 0


def cmd_cards(args: argparse.Namespace) -> int:
    from companion.render import Context, Settings, cards_answer

    game = _game(args)
    cards = _cards_or_fail(game, args.lang)
    ctx = Context(Settings(lang=args.lang), cards, game.spec.domain)
    for text, _, _ in cards_answer(cards, ctx):
        print(text)
    return 0


def cmd_card(args: argparse.Namespace) -> int:
    from companion.commands.base import ParseError, match_card
    from companion.render import Context, Settings, capitalized, render_parse_error

    game = _game(args)
    cards = _cards_or_fail(game, args.lang)
    ctx = Context(Settings(lang=args.lang), cards, game.spec.domain)
    try:
        card = match_card(cards, args.name)
    except ParseError as error:
        if error.code == "unknown_card":
            _fail(_no_such_card(" ".join(args.name), cards, game.spec.id, ctx), 1)
        _fail(capitalized(render_parse_error(error.code, error.details, ctx) or error.code), 1)
    print(game.renderer.card_answer(card, ctx)[0])
    return 0


def _no_such_card(text: str, cards: CardSet, game_id: str, ctx: Context) -> str:
    """``companion card`` with a name no card has: the closest card's name, and the shell's command for the list."""
    from companion.commands.base import close_match

    t = ctx.core
    by_name = {name: card for card in cards.cards for name in (*card.names.values(), *card.aliases)}
    found = close_match(text, by_name, same=by_name)
    # Translators: {text} the name typed; {game} a game's id, as typed on the command line (gauntlet).
    listed = t("No card is called {text}. Type companion cards {game} for the list.", text=text, game=game_id)
    if found is None:
        return listed
    # Translators: {card} a card's name, already translated; {game} a game's id, as typed on the command line.
    return f"{listed} " + t("Did you mean {card}? Type companion card {game} {card}.", card=by_name[found].name(ctx.lang),
                            game=game_id)


def cmd_config_dir(args: argparse.Namespace) -> int:
    """The folder a referee copies a game's card file into, to correct it."""
    from companion.cards import config_dir

    print(config_dir())
    return 0


def cmd_aid_sheet(args: argparse.Namespace) -> int:
    game = _game(args)
    t = Translator(args.lang, "core")
    try:
        from companion.braille import BrailleUnavailable
        from companion.braille.aidsheet import make_aid_sheet
    except ImportError:
        _fail(t("Braille is not available: install liblouis20, liblouis-data and python3-louis."), 1)
    try:
        content = make_aid_sheet(game.id, args.format, args.lang, args.grade, args.cells, args.lines)
    except (ValueError, BrailleUnavailable) as error:
        _fail(str(error), 1)
    # Translators: {path} a file or folder name.
    return _emit(content, args.output, args.force, lambda path: t("Aid sheet written to {path}.", path=path), t)


def _emit(content: bytes, output: Path | None, force: bool, written: Any, t: Translator) -> int:
    """A document to standard output, or whole to ``output`` (``written(path)`` is then the sentence that says so)."""
    if output is None:
        sys.stdout.buffer.write(content)
        sys.stdout.flush()
        return 0
    from companion.written import write_file

    problem = write_file(output, content, force, t)
    if problem:
        _fail(problem, 2)
    print(written(output))
    return 0


def cmd_rules(args: argparse.Namespace) -> int:
    """issue 17: read a game's rules (companion/rules_cli.py), or write them as a document with --format."""
    from companion.rules_cli import ReaderConfig, RulesError, make_document, run_reader
    from companion.rules_help import CLI_HELP

    game = _game(args)
    section = " ".join(args.section)
    if args.format is None:
        if args.output is not None or args.force:  # the reader would silently write no file
            _fail(Translator(args.lang, "rules")(CLI_HELP["no_format"]), 2)
        return run_reader(game, ReaderConfig(args.lang, section, args.speech, args.rate, args.voice, args.braille,
                                             args.braille_width, args.braille_table, args.grade))
    rules_t = Translator(args.lang, "rules")
    if section:
        _fail(rules_t(CLI_HELP["no_section"]), 2)
    try:
        content = make_document(game, args.format, args.lang, args.grade, args.cells, args.lines)
    except RulesError as error:
        _fail(str(error), error.status)
    return _emit(content, args.output, args.force, lambda path: rules_t(CLI_HELP["written"], path=path),
                 Translator(args.lang, "core"))


def cmd_saves(args: argparse.Namespace) -> int:
    """The saved games, newest first; ``--delete`` and ``--delete-finished`` (companion/saves.py)."""
    from companion import saves

    game = _game(args) if args.game is not None else None
    return saves.run(args.lang, game, args.delete, args.delete_finished, args.older_than)


def cmd_review(args: argparse.Namespace) -> int:
    """A save file's game as a transcript: txt, html or brf (companion/review.py)."""
    from companion.review import ReviewError, make_review

    t = Translator(args.lang, "core")
    try:
        content = make_review(args.save, args.lang, args.format)
    except ReviewError as error:
        _fail(str(error), error.status)
    # Translators: {path} a file or folder name.
    return _emit(content, args.output, args.force, lambda path: t("Review written to {path}.", path=path), t)


def cmd_simulate(args: argparse.Namespace) -> int:
    from companion import simulate

    return simulate.main(args, print)


def cmd_stickers(args: argparse.Namespace) -> int:
    from companion import stickers
    from companion.written import write_file

    from companion.cards import CardDataError

    try:
        status, sentence = stickers.run(_game(args), args.lang, args.paper, args.output, args.force, write_file)
    except CardDataError as error:  # was "PATH: is not valid TOML (...)", English only
        _card_file_failure(error, args.lang)
    if status:
        _fail(sentence, status)
    print(sentence)
    return 0


def cmd_records(args: argparse.Namespace) -> int:
    from companion import records

    return records.main(args, print)


def cmd_doctor(args: argparse.Namespace) -> int:
    """Speech, braille, the private pages and the data folder, one sentence each (companion/doctor.py)."""
    from companion import doctor

    sentences, status = doctor.run(args.lang)
    for sentence in sentences:
        print(sentence)
    return status


def cmd_play(args: argparse.Namespace) -> int:
    from companion.play import config_from_args, play

    game = _game(args)
    return play(config_from_args(args, game), game)
