"""``companion saves [GAME]``: the saved games, newest first, and deleting them.

Each save file of the saves folder (:func:`companion.journal.saves_folder`) is
read and replayed through a silent session (no outputs) to say, in one line,
which game it is, who plays, how far it went, whether it is finished, and when
it was last saved. A file that cannot be read is listed as such, never as a
traceback; a save another companion has open says so.

``--delete FILE`` removes one save (named as listed, or by a path inside the
saves folder) and ``--delete-finished [--older-than DAYS]`` every finished
one; both refuse a save in use and confirm in one sentence how many went.
Every sentence is in the ``core`` catalog.
"""

from __future__ import annotations

import datetime as _dt
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

import msgspec

from companion import journal
from companion.registry import Game
from companion.grammar import elide
from companion.i18n import Translator
from companion.games.state_json import state_from_json
from companion.os_errors import reason as os_reason
from companion.render import Context, Settings
from companion.session import Narrator, Table
from companion.visible import visible

#: Why a file cannot be listed as a game: journal error codes, and ``unknown_game`` / ``unplayable``.
UNREADABLE = ("not_found", "not_a_file", "unreadable", "too_large", "empty", "not_a_journal", "future_version",
              "unknown_game", "unknown_options", "bad_options", "unplayable")


class Loaded(msgspec.Struct):
    """A save file read and replayed: its game, options, display settings and the table at its end."""

    path: Path
    saved: journal.Replay
    game: Game
    options: Any
    display: dict[str, Any]
    table: Table  # replayed, silently
    result: journal.ReplayResult
    assumed: list[str] = msgspec.field(default_factory=list)  #: options the header leaves out, as flags with the default

    @property
    def final(self) -> Any:
        """The state at the end of the save."""
        return self.table.state


class Summary(msgspec.Struct):
    """What ``companion saves`` needs of one save, without its history: the game, its options and its last state.

    ``table`` is a table *not* replayed (its names and cards, for the sentence's context); ``final`` is the state
    reached by one streaming pass over the commands in force, keeping no step: 10 saves of 200,000 lines fit in
    the memory of one (benchmarks/bench_saves.py)."""

    path: Path
    game: Game
    options: Any
    display: dict[str, Any]
    table: Table
    final: Any
    started: bool
    skipped: int

    @property
    def finished(self) -> bool:
        return self.game.rules.is_over(self.final)

    @classmethod
    def of(cls, loaded: Loaded) -> Summary:
        result = loaded.result
        fresh = Table(loaded.game, loaded.options, loaded.table.cards)  # the replayed one's history is let go
        return cls(loaded.path, loaded.game, loaded.options, loaded.display, fresh, loaded.final,
                   bool(loaded.table.step_count), result.damaged_count + len(result.refused) + len(result.ignored))


class SaveError(Exception):
    """A save that cannot be replayed; ``code`` is one of :data:`UNREADABLE`, ``game`` the id it names, if any."""

    def __init__(self, code: str, path: Path, game: str | None = None, names: list[str] | None = None) -> None:
        super().__init__(f"{path}: {code}")
        self.code = code
        self.path = path
        self.game = game
        self.names = names or []  #: the unknown options, for ``unknown_options``


class BadOptions(ValueError):
    """A save header whose ``options`` have a value of the wrong type, or one the game does not allow."""


class UnknownOptions(ValueError):
    """A save header whose ``options`` name options this companion does not know: replaying it would guess."""

    def __init__(self, names: list[str]) -> None:
        super().__init__(", ".join(names))
        self.names = names


def header_options(game: Game, values: Any) -> tuple[Any, list[str]]:
    """The game's options as a save header records them, and what was assumed for the ones it leaves out
    (``--players 4``), so the caller says it: a 2-player game never silently resumes as 4 players.

    :raises UnknownOptions: the header names options this companion does not know (or is not a table).
    :raises BadOptions: a value of the wrong type, or one the game does not allow.
    """
    from companion.structs import field_names

    if not isinstance(values, dict):
        values = {}
    fields = field_names(game.rules.options_type)
    unknown = sorted(str(key) for key in values if key not in fields)
    if unknown:
        raise UnknownOptions(unknown)
    try:
        options = game.rules.options_from(values)
    except ValueError as error:
        raise BadOptions(str(error)) from None
    flags = {option.name: option.flag for option in game.spec.options}
    assumed = []
    for name in fields:
        if name in values or name == "names":  # no names: the players are numbered, as when none are typed
            continue
        value = getattr(options, name)
        flag = flags.get(name, "--" + name.replace("_", "-"))
        assumed.append(flag if value is True else f"{flag} {value}")
    return options, assumed


def assumed_note(assumed: list[str], t: Translator) -> str | None:
    """The sentence that says which defaults stand in for options a save header leaves out, or ``None``."""
    if not assumed:
        return None
    # Translators: {options} lists options with the value assumed, as typed on the command line: "--players 4".
    return t("The save file does not record every option: the defaults are assumed, {options}.",
             options=", ".join(assumed))


def display_options(game: Game, settings: dict[str, Any]) -> dict[str, Any]:
    """The game's display options (a Gauntlet kit) as the save recorded them; a value it does not allow is the default."""
    found: dict[str, Any] = {}
    for option in game.spec.options:
        if option.scope != "display":
            continue
        value = settings.get(option.name, option.default)
        try:
            option.check(value)
        except ValueError:
            value = option.default
        found[option.name] = option.default if value is None else value
    return found


def load(path: Path, lang: str = "en", cards: dict[str, Any] | None = None) -> Loaded:
    """Read ``path`` and replay it on a table, silently.

    ``cards`` caches each game's cards between calls (game id → card set).

    :raises SaveError: the file cannot be read or replayed (never anything else).
    """
    saved, game = _read(path)
    try:
        if cards is None:
            cards = {}
        if game.id not in cards:
            cards[game.id] = game.cards()
        options, assumed = header_options(game, saved.options)
        display = display_options(game, saved.settings)
        table = Table(game, options, cards[game.id])
        result = table.restore(saved)
    except UnknownOptions as error:
        raise SaveError("unknown_options", path, game.id, error.names) from None
    except BadOptions:
        raise SaveError("bad_options", path, game.id) from None
    except Exception:  # a card file, options or rules that refuse this save: listed, never a traceback
        raise SaveError("unplayable", path, game.id) from None
    return Loaded(path, saved, game, options, display, table, result, assumed)


def _read(path: Path, from_checkpoint: bool = False) -> tuple[journal.Replay, Any]:
    """The save read, and its game. :raises SaveError: unreadable, or a game this companion does not know."""
    from companion import registry

    try:
        saved = journal.read(path, from_checkpoint)
    except journal.JournalError as error:
        raise SaveError(error.code, path) from None
    try:
        return saved, registry.find(saved.game)
    except KeyError:
        raise SaveError("unknown_game", path, saved.game) from None


def summarize(path: Path, lang: str = "en", cards: dict[str, Any] | None = None) -> Summary:
    """What the listing says of ``path``, in one pass that keeps no history.

    Undo and redo marks are resolved first, as a stack (a save holds only commands the rules accepted); the
    commands in force are then applied one after the other, only the last state kept. Should the rules refuse
    one (a hand-edited file, changed rules), the exact replay (:func:`load`) decides instead. A long save is read
    from its last checkpoint (companion/journal.py): its state, then the lines after it.

    :raises SaveError: as :func:`load`.
    """
    saved, game = _read(path, from_checkpoint=True)
    cards = {} if cards is None else cards
    try:
        if game.id not in cards:
            cards[game.id] = game.cards()
        options, _ = header_options(game, saved.options)
        display = display_options(game, saved.settings)
        table = Table(game, options, cards[game.id])
    except UnknownOptions as error:
        raise SaveError("unknown_options", path, game.id, error.names) from None
    except BadOptions:
        raise SaveError("bad_options", path, game.id) from None
    except Exception:  # a card file, options or rules that refuse this save: listed, never a traceback
        raise SaveError("unplayable", path, game.id) from None
    checkpoint = saved.checkpoint
    in_force: list[journal.CommandLine] = []
    redo: list[journal.CommandLine] = list(checkpoint.redo) if checkpoint else []
    ignored = 0
    for entry in saved.entries:
        if isinstance(entry, journal.CommandLine):
            in_force.append(entry)
            redo.clear()
        elif entry.op == "undo" and in_force:
            redo.append(in_force.pop())
        elif entry.op == "redo" and redo:
            in_force.append(redo.pop())
        elif checkpoint is not None:  # past the checkpoint, or nothing to redo: the exact replay decides
            return Summary.of(load(path, lang, cards))
        else:
            ignored += 1
    rules, state = game.rules, table.initial
    if checkpoint is not None:
        try:
            state = state_from_json(checkpoint.state, type(state), cards[game.id])
        except ValueError:
            return Summary.of(load(path, lang, cards))
    for entry in in_force:
        try:
            state, _ = rules.apply(state, rules.command_from(dict(entry.data)))
        except Exception:  # refused: what an undo takes back now depends on the rules, so replay exactly
            del saved, in_force, redo
            return Summary.of(load(path, lang, cards))
    started = bool(in_force) or (checkpoint is not None and checkpoint.steps > 0)
    skipped = saved.damaged_count + ignored + (checkpoint.skipped if checkpoint else 0)
    return Summary(path, game, options, display, table, state, started, skipped)


def progress_key(loaded: Loaded | Summary) -> str | None:
    """What a game counts its progress in, as its spec declares: ``round``, ``turn`` or ``None`` (neither)."""
    return loaded.game.spec.progress


def reached(loaded: Loaded | Summary) -> tuple[str, int] | None:
    """How far the game went: ``("round", 2)``, ``("turn", 5)``, or ``None`` for a game that counts neither."""
    key = progress_key(loaded)
    if key is None:
        return None
    return key, int(loaded.game.rules.public_view(loaded.final)[key])


def progress(loaded: Loaded | Summary, t: Translator) -> str | None:
    """``turn 5`` or ``round 2``: how far the game went."""
    found = reached(loaded)
    if found is None:
        return None
    key, number = found
    if key == "round":
        # Translators: how far a saved game went, between commas in the list of saves: a round (une manche).
        return t("round {number}", number=number)
    # Translators: how far a saved game went, between commas in the list of saves: a turn (un tour).
    return t("turn {number}", number=number)


def players(loaded: Loaded | Summary, ctx: Context, t: Translator) -> str:
    """The players' names, or how many they are."""
    names = list(getattr(loaded.options, "names", ()) or ())
    if names:
        return ctx.join(names)
    count = int(getattr(loaded.options, "players", 0))
    # Translators: how many players a saved game has, between commas in the list of saves.
    return t.plural("{count} player", "{count} players", count)


# --------------------------------------------------------------------------- listing


class SaveInfo(msgspec.Struct):
    """One line of ``companion saves``."""

    path: Path
    modified: float
    in_use: bool
    game_id: str | None = None
    loaded: Summary | None = None  #: what the listing says of the game (no history kept)
    problem: str | None = None  #: one of :data:`UNREADABLE` when the file cannot be listed as a game
    skipped: int = 0  #: damaged or refused lines

    @property
    def finished(self) -> bool:
        return self.loaded is not None and self.loaded.finished

    @property
    def started(self) -> bool:
        return self.loaded is not None and self.loaded.started


def save_files(folder: Path) -> list[Path]:
    """The ``.jsonl`` files of ``folder`` (never the temporary ``.NAME.tmp`` ones), newest first."""
    try:
        entries = [folder / name for name in os.listdir(folder) if name.endswith(".jsonl") and not name.startswith(".")]
    except OSError:
        return []
    dated = []
    for path in entries:
        try:
            status = path.stat()
        except OSError:
            continue
        dated.append((status.st_mtime, path.name, path))
    return [path for _, _, path in sorted(dated, reverse=True)]


def describe(path: Path, lang: str, cards: dict[str, Any] | None = None) -> SaveInfo:
    """What ``companion saves`` says of one file. Never raises."""
    try:
        modified = path.stat().st_mtime
    except OSError:
        modified = 0.0
    info = SaveInfo(path, modified, journal.in_use(path))
    try:
        info.loaded = summarize(path, lang, cards)
    except SaveError as error:
        info.problem = error.code
        info.game_id = error.game
        return info
    except Exception:  # a bug: the file is listed as unreadable, the others still are
        info.problem = "unplayable"
        return info
    info.game_id = info.loaded.game.id
    info.skipped = info.loaded.skipped
    return info


def list_saves(folder: Path, game: Game | None, lang: str) -> list[SaveInfo]:
    """Every save of ``folder`` (of ``game`` only, when given), newest first."""
    cards: dict[str, Any] = {}
    found = []
    for path in save_files(folder):
        info = describe(path, lang, cards)
        if game is not None:
            named = info.game_id if info.game_id is not None else path.name.split("_", 1)[0]
            if named != game.id:
                continue
        found.append(info)
    return found


def when(timestamp: float) -> str:
    """A date and time as a screen reader reads it well in both languages: 2026-12-01 09:31."""
    return _dt.datetime.fromtimestamp(timestamp).strftime("%Y-%m-%d %H:%M")


def file_problem(code: str, path: Path, t: Translator, own: dict[str, Callable[[], str]] | None = None,
                 names: list[str] | None = None) -> str:
    """Why the save file ``path`` cannot be used, in one sentence: what every command says alike, or its ``own``."""
    messages: dict[str, Callable[[], str]] = {
        # Translators: {path} a file or folder name.
        "not_found": lambda: t("No save file at {path}.", path=path),
        # Translators: {path} a file or folder name.
        "not_a_file": lambda: t("{path} is not a file: a save file is an ordinary file.", path=path),
        # Translators: {path} a file or folder name.
        "unreadable": lambda: t("Cannot read {path}.", path=path),
        # Translators: {path} a file or folder name.
        "too_large": lambda: t("{path} is too large to be a save file.", path=path),
        # Translators: {names} lists option names as the save file writes them (token_pool).
        "unknown_options": lambda: t("{path} records options unknown to this companion ({names}): it cannot be "
                                     "replayed as played.", path=path, names=", ".join(names or [])),
        # Translators: {path} a save file's name.
        "bad_options": lambda: t("{path} records options of the wrong kind: it cannot be replayed as it was played.",
                                 path=path),
        **(own or {}),
    }
    maker = messages.get(code)
    return maker() if maker else t("{path} is not a save file the companion can read.", path=path)


def _problem(code: str, game: str | None, t: Translator) -> str:
    messages: dict[str, Callable[[], str]] = {
        # Translators: why a save cannot be read, inside "Cannot be read ({why}), {date}"; lower case.
        "empty": lambda: t("empty file"),
        "future_version": lambda: t("saved by a newer companion"),
        "too_large": lambda: t("too large to be a save file"),
        # Translators: {game} a game's name.
        "unknown_game": lambda: t("a game this companion does not know: {game}", game=game),
        "unplayable": lambda: t("its game cannot be replayed"),
        # Translators: why a save cannot be read, inside "Cannot be read ({why}), {date}"; lower case.
        "unknown_options": lambda: t("options this companion does not know"),
        # Translators: why a save cannot be read, inside "Cannot be read ({why}), {date}"; lower case.
        "bad_options": lambda: t("options of the wrong kind"),
    }
    maker = messages.get(code)
    return maker() if maker else t("not a save file")


def line(info: SaveInfo, lang: str) -> str:
    """One line: the game, its players, how far it went, finished or not, the date, then the file's name."""
    t = Translator(lang, "core")
    date = when(info.modified)
    if info.loaded is None:
        why = _problem(info.problem or "not_a_journal", info.game_id, t)
        # Translators: {why} why, a short phrase; {date} a date and time.
        text = t("Cannot be read ({why}), {date}", why=why, date=date)
        if info.in_use:
            # Translators: {text} says a save cannot be read; "open" is said of the game (une partie, feminine).
            text = t("{text}, open in another companion now", text=text)
        # Translators: a line of the list of saves: {text} says the game, {file} is the save file's name.
        return visible(t("{text}: {file}", text=text, file=info.path.name))
    loaded = info.loaded
    ctx = Narrator.for_table(loaded.table, Settings(lang, "normal", loaded.display)).ctx
    parts = [loaded.game.name(lang), players(loaded, ctx, t)]
    reached = progress(loaded, t)
    if reached:
        parts.append(reached)
    if info.finished:
        # Translators: said of a saved game (une partie, feminine) in the list of saves, between commas.
        parts.append(t.pgettext("saved game", "finished"))
    elif info.started:
        # Translators: said of a saved game (une partie, feminine) in the list of saves, between commas.
        parts.append(t.pgettext("saved game", "not finished"))
    else:
        # Translators: said of a saved game (une partie, feminine) in the list of saves, between commas.
        parts.append(t.pgettext("saved game", "not started"))
    if info.in_use:
        # Translators: said of a saved game (une partie, feminine), between commas in the list of saves.
        parts.append(t("open in another companion now"))
    if info.skipped:
        # Translators: {count} a number; the form follows {count}.
        parts.append(t.plural("{count} line skipped", "{count} lines skipped", info.skipped))
    parts.append(date)
    return visible(t("{text}: {file}", text=", ".join(parts), file=info.path.name))


# --------------------------------------------------------------------------- deleting


class Refused(Exception):
    """A deletion refused: one sentence, and the exit status (2 for bad input, 1 when the save is in use or the disk refuses)."""

    def __init__(self, message: str, status: int) -> None:
        super().__init__(message)
        self.status = status


def named(path: Path, folder: Path | None = None) -> Path:
    """The save ``path`` designates: itself when it exists or names a folder, else the save of that name
    (``.jsonl`` may be left out) in the saves folder, as ``companion saves`` lists it. ``review``,
    ``play --resume`` and ``saves --delete`` all accept the listed name."""
    text = str(path)
    try:
        if os.path.lexists(path) or len(path.parts) != 1 or path.is_absolute() or "\0" in text:
            return path
        folder = folder if folder is not None else journal.saves_folder()
        for candidate in (folder / path, folder / (text + ".jsonl")):
            if os.path.lexists(candidate):
                return candidate
    except (OSError, ValueError):  # a name too long for the system: the caller's own check says so
        pass
    return path


def find_save(name: str, folder: Path, t: Translator) -> Path:
    """The save file ``name`` designates: a name in the saves folder (``.jsonl`` may be left out) or a path inside it.

    :raises Refused: not in the saves folder, no such save, or not a file.
    """
    typed = Path(name).expanduser()
    if not typed.name or "\0" in name:
        # Translators: {name} a name (game, card, file or player); {folder} a folder name.
        raise Refused(t("No save called {name} in {folder}. Type companion saves to list them.", name=name,
                        folder=folder), 2)
    path = folder / typed if len(typed.parts) == 1 and not typed.is_absolute() else typed
    if not os.path.lexists(path) and path.suffix != ".jsonl":
        path = path.with_name(path.name + ".jsonl")
    if os.path.realpath(path.parent) != os.path.realpath(folder):
        # Translators: {path} a file or folder name; {folder} a folder name.
        raise Refused(t("{path} is not in the saves folder, {folder}: only saves there can be deleted.", path=name,
                        folder=folder), 2)
    if not os.path.lexists(path):
        raise Refused(t("No save called {name} in {folder}. Type companion saves to list them.", name=name,
                        folder=folder), 2)
    if path.is_symlink() or not path.is_file():
        # Translators: {name} a name (game, card, file or player).
        raise Refused(t("{name} is not a save file: only files can be deleted.", name=path.name), 2)
    return path


def _locked_delete(path: Path, t: Translator) -> None:
    """Delete ``path`` unless another companion has it open; holding its lock while deleting, when it is a save.

    :raises Refused: in use (status 1), or the disk refused (status 1).
    """
    held: journal.Journal | None = None
    try:
        held = journal.Journal.reopen(path)  # locked: no companion can take it while it goes
    except journal.JournalError as error:
        if error.code == "locked":
            raise Refused(t("{path} is open in another companion: close that game first.", path=path.name), 1) from None
        if journal.in_use(path):  # a file that is no save: its lock is all we can check
            raise Refused(t("{path} is open in another companion: close that game first.", path=path.name), 1) from None
    except OSError:
        pass  # the cut last line could not be closed: the file goes all the same
    try:
        os.unlink(path)
    except FileNotFoundError:
        pass
    except OSError as error:
        # Translators: {name} a name (game, card, file or player); {reason} why, a short phrase from the system.
        raise Refused(t("Cannot delete {name}: {reason}.", name=path.name, reason=os_reason(error, t)), 1) from None
    finally:
        if held is not None:
            held.close()


def delete_one(name: str, folder: Path, lang: str) -> str:
    """Delete one save; the confirming sentence. :raises Refused: as :func:`find_save`, or in use."""
    t = Translator(lang, "core")
    path = find_save(name, folder, t)
    _locked_delete(path, t)
    # Translators: {name} a name (game, card, file or player).
    return t("1 save deleted: {name}.", name=path.name)


class Deleted(msgspec.Struct):
    """What ``--delete-finished`` did."""

    deleted: list[Path] = msgspec.field(default_factory=list)
    unstarted: list[Path] = msgspec.field(default_factory=list)  #: saves with no move (a run that only typed quit)
    in_use: list[Path] = msgspec.field(default_factory=list)
    failed: list[str] = msgspec.field(default_factory=list)  #: one sentence each


def delete_finished(folder: Path, game: Game | None, older_than: int | None, lang: str,
                    now: float | None = None) -> Deleted:
    """Delete every finished save, and every save with no move (a run that only typed ``quit`` leaves one), of
    ``game`` and last saved more than ``older_than`` days ago when given."""
    t = Translator(lang, "core")
    limit = None if older_than is None else (time.time() if now is None else now) - older_than * 86400
    done = Deleted()
    for info in list_saves(folder, game, lang):
        unstarted = info.loaded is not None and not info.started and not info.finished
        if not (info.finished or unstarted) or (limit is not None and info.modified > limit):
            continue
        if info.in_use:
            if not unstarted:  # a game just begun elsewhere is kept without a word
                done.in_use.append(info.path)
            continue
        try:
            _locked_delete(info.path, t)
        except Refused as refused:
            if refused.status == 1 and journal.in_use(info.path):
                if not unstarted:
                    done.in_use.append(info.path)
            else:
                done.failed.append(str(refused))
            continue
        (done.unstarted if unstarted else done.deleted).append(info.path)
    return done


# --------------------------------------------------------------------------- the command


def _shown(text: str) -> str:
    """A sentence as printed: control characters of file names escaped (:mod:`companion.visible`), the line end kept."""
    return visible(text[:-1]) + "\n" if text.endswith("\n") else visible(text)


def _delete_finished_said(folder: Path, game: Game | None, older_than: int | None, lang: str, out: TextIO,
                          err: TextIO) -> int:
    """``companion saves --delete-finished``: what was deleted, kept or failed, said; the exit status."""
    t = Translator(lang, "core")
    done = delete_finished(folder, game, older_than, lang)
    for sentence in done.failed:
        err.write(_shown(sentence + "\n"))
    if done.deleted:
        # Translators: {count} a number; the form follows {count}.
        out.write(_shown(t.plural("{count} finished save deleted.", "{count} finished saves deleted.", len(done.deleted))
                  + "\n"))
    if done.unstarted:
        # Translators: {count} a number; the form follows {count}.
        out.write(_shown(t.plural("{count} save with no move deleted.", "{count} saves with no move deleted.",
                           len(done.unstarted)) + "\n"))
    if not done.deleted and not done.unstarted:
        out.write(_shown(t("No finished save to delete.") + "\n"))
    if done.in_use:
        # Translators: {count} a number; the form follows {count}.
        out.write(_shown(t.plural("{count} finished save is open in another companion: it is kept.",
                           "{count} finished saves are open in another companion: they are kept.",
                           len(done.in_use)) + "\n"))
    return 1 if done.failed else 0


def run(lang: str, game: Game | None = None, delete: str | None = None, delete_finished_: bool = False,
        older_than: int | None = None, folder: Path | None = None, out: TextIO | None = None,
        err: TextIO | None = None) -> int:
    """``companion saves``: list, or delete; the exit status (2 for bad input)."""
    out = out if out is not None else sys.stdout
    err = err if err is not None else sys.stderr
    t = Translator(lang, "core")
    folder = folder if folder is not None else journal.saves_folder()
    if older_than is not None and not delete_finished_:
        err.write(_shown(t("companion saves: --older-than goes with --delete-finished.") + "\n"))
        return 2
    if delete is not None and game is not None:  # the game would not limit it: another game's save was deleted
        err.write(_shown(t("companion saves: --delete takes a save's name alone: leave out the game.") + "\n"))
        return 2
    if delete is not None:
        try:
            out.write(_shown(delete_one(delete, folder, lang) + "\n"))
        except Refused as refused:
            err.write(_shown(str(refused) + "\n"))
            return refused.status
        return 0
    if delete_finished_:
        return _delete_finished_said(folder, game, older_than, lang, out, err)
    found = list_saves(folder, game, lang)
    name = game.name(lang) if game is not None else None
    if not found:
        if name:
            # Translators: {game} a game's name; {folder} a folder name.
            out.write(_shown(elide(t("No saved game of {game} in {folder}.", game=name, folder=folder), lang) + "\n"))
        else:
            # Translators: {folder} a folder name.
            out.write(_shown(t("No saved game in {folder}.", folder=folder) + "\n"))
        return 0
    if name:
        # Translators: {count} a number; {game} a game's name; {folder} a folder name; the form follows {count}.
        out.write(_shown(elide(t.plural("{count} saved game of {game}, newest first, in {folder}:",
                                        "{count} saved games of {game}, newest first, in {folder}:", len(found),
                                        game=name, folder=folder), lang) + "\n"))
    else:
        # Translators: {count} a number; {folder} a folder name; the form follows {count}.
        out.write(_shown(t.plural("{count} saved game, newest first, in {folder}:",
                           "{count} saved games, newest first, in {folder}:", len(found), folder=folder) + "\n"))
    for info in found:
        out.write(_shown(line(info, lang) + "\n"))
    return 0


__all__ = ["BadOptions", "Deleted", "Loaded", "Refused", "SaveError", "SaveInfo", "Summary", "UnknownOptions", "assumed_note",
           "delete_finished", "delete_one", "describe", "display_options", "find_save", "header_options", "line",
           "list_saves", "load", "named", "players", "progress", "progress_key", "reached", "run", "save_files",
           "summarize", "when"]
