"""Finished games and the records to beat: one SQLite file in the user's data folder (standard library only).

The file is ``records.sqlite3`` in the user data folder (``$COMPANION_DATA_DIR``
overrides it, as for save files). Every write is one transaction, so a kill at
any moment leaves the file as it was before or after the game was recorded;
SQLite's journal rolls back a half-written one on the next open. A locked or
damaged database raises `RecordsError`, whose ``reason`` (``locked``,
``damaged``, ``unwritable``) the caller says in one sentence (`problem_sentence`).

The API is game-neutral: a game id, a variant (its mode and readings as a
string), a player count, a score (``None`` for a game that has none, such as
Mindbug: it is counted, in its own table) and whether the table reached its goal.
A write that meets a locked file is tried again, a bounded number of times
(:data:`TRIES`), before the caller says the game was not kept.
"""

from __future__ import annotations

import contextlib
import datetime as _dt
import sqlite3
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.games.base import N_
from companion.visible import visible

DOMAIN = "tools"
FILENAME = "records.sqlite3"
#: How long to wait for another companion holding the file, in seconds, at each of :data:`TRIES` tries.
TIMEOUT = 1.0
#: A write meeting a locked file is tried this many times in all, :data:`PAUSE` seconds apart (at most ~4 s).
TRIES = 3
PAUSE = 0.5
_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    game TEXT NOT NULL,
    variant TEXT NOT NULL,
    players INTEGER NOT NULL,
    score INTEGER NOT NULL,
    won INTEGER NOT NULL,
    finished TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS games_key ON games (game, variant, players, score);
CREATE TABLE IF NOT EXISTS unscored (
    id INTEGER PRIMARY KEY,
    game TEXT NOT NULL,
    variant TEXT NOT NULL,
    players INTEGER NOT NULL,
    won INTEGER NOT NULL,
    finished TEXT NOT NULL
);
"""


class RecordsError(Exception):
    """The records cannot be read or written: ``reason`` is locked, damaged or unwritable."""

    def __init__(self, reason: str, path: Path, detail: str = "") -> None:
        super().__init__(f"{reason}: {path} {detail}".strip())
        self.reason = reason
        self.path = path
        self.detail = detail


@dataclass(frozen=True)
class Record:
    """One finished game, and what it means against the records before it."""

    game_id: str
    variant: str
    players: int
    score: int | None  #: None: a game without a score (counted, never a record to beat)
    won: bool
    finished: str
    #: The best score of this game, variant and player count before this one (None: the first game).
    previous_best: int | None = None
    #: Its row in the records (what `forget` takes back).
    row: int | None = None

    @property
    def beats_best(self) -> bool:
        """A new record: better than every game before (the first game is one)."""
        if self.score is None:
            return False
        return self.previous_best is None or self.score > self.previous_best


@dataclass(frozen=True)
class Best:
    """The record to beat for one game, variant and player count."""

    game_id: str
    variant: str
    players: int
    score: int | None  #: None: the game has no score, only a count
    games: int
    wins: int


def records_path() -> Path:
    """``records.sqlite3`` in the user data folder (or ``$COMPANION_DATA_DIR``)."""
    from companion.cards import data_dir

    return data_dir() / FILENAME


def _reason(error: sqlite3.Error) -> str:
    text = str(error).lower()
    if "locked" in text or "busy" in text:
        return "locked"
    if "readonly" in text or "unable to open" in text or "disk i/o" in text or "read-only" in text:
        return "unwritable"
    return "damaged"


#: The columns that must hold whole numbers (SQLite keeps any type in any column): a text score would reach the
#: comparisons as text.
_WHOLE_NUMBERS = {"games": ("players", "score", "won"), "unscored": ("players", "won")}


def _wrong_types(db: sqlite3.Connection) -> bool:
    """Whether a row holds something other than a whole number where the records keep one (a hand-edited file)."""
    tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    for table, columns in _WHOLE_NUMBERS.items():
        if table in tables:
            test = " OR ".join(f"typeof({c}) != 'integer'" for c in columns)
            if db.execute(f"SELECT 1 FROM {table} WHERE {test} LIMIT 1").fetchone():
                return True
    return False


@contextlib.contextmanager
def _connect(path: Path | None = None, write: bool = False) -> Iterator[sqlite3.Connection]:
    """A connection in one transaction: committed when the block ends, rolled back on any error."""
    path = path or records_path()
    if write:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise RecordsError("unwritable", path, str(error)) from None
    elif not path.exists():
        raise FileNotFoundError(path)
    try:
        connection = sqlite3.connect(path, timeout=TIMEOUT, isolation_level=None)
    except sqlite3.Error as error:
        raise RecordsError(_reason(error), path, str(error)) from None
    try:
        connection.execute("PRAGMA synchronous = FULL")
        connection.execute("BEGIN IMMEDIATE" if write else "BEGIN")
        if write:
            for statement in filter(str.strip, _SCHEMA.split(";")):
                connection.execute(statement)
        if _wrong_types(connection):
            raise RecordsError("damaged", path, "a value of the wrong type")
        yield connection
        connection.execute("COMMIT")
    except sqlite3.Error as error:
        with contextlib.suppress(sqlite3.Error):
            connection.execute("ROLLBACK")
        raise RecordsError(_reason(error), path, str(error)) from None
    finally:
        connection.close()


def _retried(write: Callable[[], Any]) -> Any:
    """``write()``, tried again while another program holds the file, :data:`TRIES` times in all.

    :raises RecordsError: still locked after the last try (``locked``), or any other problem at once.
    """
    for attempt in range(1, TRIES + 1):
        try:
            return write()
        except RecordsError as error:
            if error.reason != "locked" or attempt == TRIES:
                raise
        time.sleep(PAUSE)
    raise AssertionError("unreachable")  # pragma: no cover


def record(game_id: str, variant: str, players: int, score: int | None, won: bool, *, path: Path | None = None,
           now: _dt.datetime | None = None) -> Record:
    """Keep one finished game; the `Record` says whether it beats the best before it.

    A game without a score (``score`` None) is counted in its own table and never beats a record.

    :raises RecordsError: the database is locked (after every try), damaged or cannot be written.
    """
    finished = (now or _dt.datetime.now()).isoformat(timespec="seconds")

    def write() -> Record:
        with _connect(path, write=True) as db:
            if score is None:
                cursor = db.execute("INSERT INTO unscored (game, variant, players, won, finished) VALUES (?, ?, ?, ?, ?)",
                                    (game_id, variant, players, int(won), finished))
                return Record(game_id, variant, players, None, won, finished, None, cursor.lastrowid)
            row = db.execute("SELECT MAX(score) FROM games WHERE game = ? AND variant = ? AND players = ?",
                             (game_id, variant, players)).fetchone()
            previous = row[0] if row else None
            cursor = db.execute("INSERT INTO games (game, variant, players, score, won, finished) VALUES (?, ?, ?, ?, ?, ?)",
                                (game_id, variant, players, score, int(won), finished))
        return Record(game_id, variant, players, score, won, finished, previous, cursor.lastrowid)

    kept: Record = _retried(write)
    return kept


def forget(row: int, *, path: Path | None = None, scored: bool = True) -> None:
    """Take one game back out of the records (its end was undone at the table).

    :raises RecordsError: the database is locked (after every try), damaged or cannot be written.
    """
    def write() -> None:
        with _connect(path, write=True) as db:
            db.execute(f"DELETE FROM {'games' if scored else 'unscored'} WHERE id = ?", (row,))

    _retried(write)


def best(game_id: str, variant: str, players: int, *, path: Path | None = None) -> Best | None:
    """The record to beat, or ``None`` before the first game.

    :raises RecordsError: the database is locked or damaged.
    """
    try:
        with _connect(path) as db:
            row = db.execute("SELECT MAX(score), COUNT(*), SUM(won) FROM games WHERE game = ? AND variant = ? "
                             "AND players = ?", (game_id, variant, players)).fetchone()
    except FileNotFoundError:
        return None
    if row is None or row[1] == 0:
        return None
    return Best(game_id, variant, players, row[0], row[1], row[2] or 0)


def records(game_id: str | None = None, *, path: Path | None = None) -> list[Best]:
    """Every record to beat (of one game, or of all), by game, variant and player count.

    :raises RecordsError: the database is locked or damaged.
    """
    query = "SELECT game, variant, players, MAX(score), COUNT(*), SUM(won) FROM games"
    args: tuple[str, ...] = ()
    if game_id is not None:
        query += " WHERE game = ?"
        args = (game_id,)
    query += " GROUP BY game, variant, players"
    unscored = "SELECT game, variant, players, NULL, COUNT(*), SUM(won) FROM unscored"
    if game_id is not None:
        unscored += " WHERE game = ?"
    unscored += " GROUP BY game, variant, players"
    try:
        with _connect(path) as db:
            rows = db.execute(query, args).fetchall()
            if db.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'unscored'").fetchone():
                rows += db.execute(unscored, args).fetchall()  # a file from before the unscored games has none
    except FileNotFoundError:
        return []
    return sorted((Best(g, v, p, s, n, w or 0) for g, v, p, s, n, w in rows),
                  key=lambda b: (b.game_id, b.variant, b.players))


# --------------------------------------------------------------------------- sentences


PROBLEMS = {
    # Translators: {path} a file or folder name.
    "locked": N_("The records file {path} is in use by another program: try again in a moment."),
    # Translators: {path} a file or folder name.
    "damaged": N_("The records file {path} is damaged. Move it away: the companion starts a new one."),
    # Translators: {path} a file or folder name.
    "unwritable": N_("The records file {path} cannot be written: check the folder and the disk."),
}
#: What the table hears when a finished game could not be written, however long it waited.
LOST = {
    # Translators: {path} a file or folder name.
    "locked": N_("The records file {path} stayed in use by another program. This game is not kept in the records."),
}


def problem_sentence(error: RecordsError, lang: str, lost: bool = False) -> str:
    """The one sentence that says what is wrong with the records file (``lost``: a finished game was not kept)."""
    from companion.i18n import Translator

    message = (LOST.get(error.reason) if lost else None) or PROBLEMS.get(error.reason, PROBLEMS["damaged"])
    return visible(Translator(lang, DOMAIN)(message, path=error.path))


def variant_words(variant: str, game: Any, t: Any) -> str:
    """A records variant (``coop lock=off``) read aloud as words: ``cooperative mode, lock off``, never option syntax."""
    tokens = variant.split()
    if not tokens or tokens == ["standard"]:
        # Translators: the variant of a record when every rules option was left as printed.
        return str(t("default options"))
    words = []
    for token in tokens:
        name, sep, value = token.partition("=")
        words.append(f"{name.replace('_', ' ')} {value}" if sep else _choice_words(token, game, t.lang))
    return ", ".join(words)


def _choice_words(token: str, game: Any, lang: str) -> str:
    """A bare choice of a variant: a Num-X mode by its name ("cooperative mode"), else the word itself."""
    if game is None or game.spec.id != "num-x":
        return token
    from companion.i18n import Translator
    from companion.render.num_x import MODE

    return str(Translator(lang, game.spec.domain)(MODE[token])) if token in MODE else token


def line(entry: Best, lang: str) -> str:
    """One record to beat in one sentence: the game, its options in words, the players, the record and the counts."""
    from companion import registry
    from companion.games.base import Kind
    from companion.i18n import Translator

    t = Translator(lang, DOMAIN)
    try:
        game: Any = registry.find(entry.game_id)
        name = game.name(lang)
    except KeyError:  # a game of a newer companion, in a shared records file
        game, name = None, entry.game_id
    results = []
    if entry.score is not None:
        # Translators: the best score of a game, between commas in a line of companion records.
        results.append(t("record {score}", score=entry.score))
    # Translators: how many games were finished, between commas in a line of companion records.
    results.append(t.plural("{count} game", "{count} games", entry.games))
    if game is not None and game.spec.kind == Kind.COOPERATIVE:
        # Translators: how many of the cooperative games the table completed (réussie: une partie, feminine).
        results.append(t.plural("{count} completed", "{count} completed", entry.wins))
    # Translators: {count} a number; the form follows {count}.
    players = t.plural("{count} player", "{count} players", entry.players)
    # Translators: a line of companion records: {game} its name, {variant} its options in words, {players} "3 players".
    return visible(t("{game}, {variant}, {players}: {results}.", game=name, variant=variant_words(entry.variant, game, t),
                     players=players, results=", ".join(results)))


def main(args: Any, write: Callable[[str], None]) -> int:
    """``companion records [GAME]``: one line per record to beat; status 2 for a game this companion does not know."""
    import sys

    from companion import registry
    from companion.i18n import Translator

    lang = str(getattr(args, "lang", "fr"))
    named = getattr(args, "game", None)
    say = write
    t = Translator(lang, DOMAIN)
    game = None
    if named is not None:
        try:
            game = registry.find(named)  # an alias (gant) is the game it names
        except KeyError:
            known = ", ".join(g.id for g in registry.GAMES)
            sys.stderr.write(visible(Translator(lang, "core")("Unknown game: {game}. Games: {known}.", game=named,
                                                              known=known)) + "\n")
            return 2
    try:
        found = records(game.id if game is not None else None)
    except RecordsError as error:
        say(problem_sentence(error, lang))
        return 1
    if not found:
        if game is not None:
            # Translators: {game} a game's name.
            say(t("{game}: no finished game recorded yet.", game=game.name(lang)))
        else:
            say(t("No finished game recorded yet."))
        return 0
    for entry in found:
        say(line(entry, lang))
    return 0
