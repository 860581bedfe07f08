"""Finished games and the records to beat: one SQLite file in the user's data folder (standard library only).

The file is ``records.sqlite3`` in the user data folder (``$COMPANION_DATA_DIR``
overrides it, as for save files). Every write is one transaction, so a kill at
any moment leaves the file as it was before or after the game was recorded;
SQLite's journal rolls back a half-written one on the next open. A locked or
damaged database raises `RecordsError`, whose ``reason`` (``locked``,
``damaged``, ``unwritable``) the caller says in one sentence (`problem_sentence`).

The API is game-neutral: a game id, a variant (its mode and readings as a
string), a player count, a score and whether the table won.
"""

from __future__ import annotations

import contextlib
import datetime as _dt
import sqlite3
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.games.base import N_

DOMAIN = "tools"
FILENAME = "records.sqlite3"
#: How long to wait for another companion holding the file, in seconds.
TIMEOUT = 2.0
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
    score: int
    won: bool
    finished: str
    #: The best score of this game, variant and player count before this one (None: the first game).
    previous_best: int | None = None
    #: Its row in the records (what `forget` takes back).
    row: int | None = None

    @property
    def beats_best(self) -> bool:
        """A new record: better than every game before (the first game is one)."""
        return self.previous_best is None or self.score > self.previous_best


@dataclass(frozen=True)
class Best:
    """The record to beat for one game, variant and player count."""

    game_id: str
    variant: str
    players: int
    score: int
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
        yield connection
        connection.execute("COMMIT")
    except sqlite3.Error as error:
        with contextlib.suppress(sqlite3.Error):
            connection.execute("ROLLBACK")
        raise RecordsError(_reason(error), path, str(error)) from None
    finally:
        connection.close()


def record(game_id: str, variant: str, players: int, score: int, won: bool, *, path: Path | None = None,
           now: _dt.datetime | None = None) -> Record:
    """Keep one finished game; the `Record` says whether it beats the best before it.

    :raises RecordsError: the database is locked, damaged or cannot be written.
    """
    finished = (now or _dt.datetime.now()).isoformat(timespec="seconds")
    with _connect(path, write=True) as db:
        row = db.execute("SELECT MAX(score) FROM games WHERE game = ? AND variant = ? AND players = ?",
                         (game_id, variant, players)).fetchone()
        previous = row[0] if row else None
        cursor = db.execute("INSERT INTO games (game, variant, players, score, won, finished) VALUES (?, ?, ?, ?, ?, ?)",
                            (game_id, variant, players, score, int(won), finished))
    return Record(game_id, variant, players, score, won, finished, previous, cursor.lastrowid)


def forget(row: int, *, path: Path | None = None) -> None:
    """Take one game back out of the records (its end was undone at the table).

    :raises RecordsError: the database is locked, damaged or cannot be written.
    """
    with _connect(path, write=True) as db:
        db.execute("DELETE FROM games WHERE id = ?", (row,))


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
    query += " GROUP BY game, variant, players ORDER BY game, variant, players"
    try:
        with _connect(path) as db:
            rows = db.execute(query, args).fetchall()
    except FileNotFoundError:
        return []
    return [Best(g, v, p, s, n, w or 0) for g, v, p, s, n, w in rows]


# --------------------------------------------------------------------------- sentences


PROBLEMS = {
    "locked": N_("The records file {path} is in use by another program: try again in a moment."),
    "damaged": N_("The records file {path} is damaged: move it away and the companion starts a new one."),
    "unwritable": N_("The records file {path} cannot be written: check the folder and the disk."),
}


def problem_sentence(error: RecordsError, lang: str) -> str:
    """The one sentence that says what is wrong with the records file."""
    from companion.i18n import Translator

    return Translator(lang, DOMAIN)(PROBLEMS.get(error.reason, PROBLEMS["damaged"]), path=error.path)


def main(args: Any, write: Callable[[str], None]) -> int:
    """``companion records [GAME]``: one line per record to beat."""
    from companion.i18n import Translator

    lang = str(getattr(args, "lang", "fr"))
    game = getattr(args, "game", None)
    say = write
    t = Translator(lang, DOMAIN)
    try:
        found = records(game)
    except RecordsError as error:
        say(problem_sentence(error, lang))
        return 1
    if not found:
        say(t("No finished game recorded yet."))
        return 0
    for entry in found:
        say(t.plural("{game}, {variant}, {players} players: record {score}, {count} game, {wins} won.",
                     "{game}, {variant}, {players} players: record {score}, {count} games, {wins} won.", entry.games,
                     game=entry.game_id, variant=entry.variant, players=entry.players, score=entry.score,
                     wins=entry.wins))
    return 0
