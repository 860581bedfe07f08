"""Finished games and the records to beat: one SQLite file in the user's data folder (standard library only).

The file is ``records.sqlite3`` in the user data folder (``$COMPANION_DATA_DIR``
overrides it, as for save files). Every write is one transaction, so a kill at
any moment leaves the file as it was before or after the game was recorded;
SQLite's journal rolls back a half-written one on the next open. A locked or
damaged database raises `RecordsError`, whose ``reason`` (``locked``,
``damaged``, ``unwritable``) the caller says in one sentence (`problem_sentence`).

The API is game-neutral: a game id, a variant (its mode and readings as a
string), a player count, a score (``None`` for a game that has none, such as
Mindbug: it is counted, in its own table), whether the table reached its goal,
and who won (`Winners`: the table together, or the winning players).
A file from before the winners were kept gains their column the next time a
game is written (in the same transaction, see :data:`VERSION`); its old games
read "no winner recorded".
A write that meets a locked file is tried again, a bounded number of times
(:data:`TRIES`), before the caller says the game was not kept.

One game is one save file's game (its header's id, `companion.journal`): each
row keeps it as ``save_id``, UNIQUE, and a game finished again (resumed, its end
undone, finished anew) replaces its row instead of adding one. A file from
before the ids gains the column in place, like the winners', and its games
count as they were.
"""

from __future__ import annotations

import contextlib
import datetime as _dt
import sqlite3
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.marker import N_
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
    finished TEXT NOT NULL,
    winners TEXT,
    save_id TEXT
);
CREATE INDEX IF NOT EXISTS games_key ON games (game, variant, players, score);
CREATE TABLE IF NOT EXISTS unscored (
    id INTEGER PRIMARY KEY,
    game TEXT NOT NULL,
    variant TEXT NOT NULL,
    players INTEGER NOT NULL,
    won INTEGER NOT NULL,
    finished TEXT NOT NULL,
    winners TEXT,
    save_id TEXT
);
"""
#: The records file's layout (SQLite's ``user_version``): 0 before the winners were kept, 2 with them, 3 with the
#: save file each game came from (``save_id``, unique: a game counts once).
VERSION = 3
#: The winners of a cooperative game: the table wins or loses together (``won`` says which).
TABLE = "table"
#: Who won one game: `TABLE`, or the winning players as (player id, name given at the table or None), or None
#: for a game kept before the winners were (its line says "no winner recorded").
Winners = str | tuple[tuple[str, str | None], ...] | None
#: The most words a sentence of a records line says (the house style).
MAX_WORDS = 15
#: A player id as the games write them (``p1``, ``thanos``, ``hero2``): anything else in the file is damage.
_PLAYER_ID = r"[a-z][a-z0-9_]{0,15}"


class RecordsError(Exception):
    """The records cannot be read or written: ``reason`` is locked, damaged, unwritable or folder."""

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
    #: Who won it (`Winners`).
    winners: Winners = None

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
    #: How its games ended, most first: who won (`Winners`), whether the table reached its goal, how many games.
    #: Filled by `records` (a line says who won); `best` leaves it empty.
    ends: tuple[Ended, ...] = ()


@dataclass(frozen=True)
class Ended:
    """Some games of one record line that ended alike: the same winners, won or lost."""

    winners: Winners
    won: bool
    games: int


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
    """Whether a row holds something other than a whole number where the records keep one, or other than text
    where they keep the winners (a hand-edited file)."""
    tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    for table, columns in _WHOLE_NUMBERS.items():
        if table in tables:
            tests = [f"typeof({c}) != 'integer'" for c in columns]
            tests += [f"typeof({c}) NOT IN ('null', 'text')" for c in ("winners", "save_id") if _has(db, table, c)]
            if db.execute(f"SELECT 1 FROM {table} WHERE {' OR '.join(tests)} LIMIT 1").fetchone():
                return True
    return False


def _has(db: sqlite3.Connection, table: str, column: str) -> bool:
    """Whether ``table`` has ``column`` (a file from before the winners or the save ids has not, until a game is
    written)."""
    return any(row[1] == column for row in db.execute(f"PRAGMA table_info({table})"))


def _migrate(db: sqlite3.Connection) -> None:
    """An older file brought to :data:`VERSION` in place, inside the write's own transaction (a kill rolls it back):
    the winners' and the save ids' columns are added (the games already kept read "no winner recorded", and count
    as they were), then the key that makes a game count once."""
    if db.execute("PRAGMA user_version").fetchone()[0] >= VERSION:
        return
    for table in _WHOLE_NUMBERS:
        for column in ("winners", "save_id"):
            if not _has(db, table, column):
                db.execute(f"ALTER TABLE {table} ADD COLUMN {column} TEXT")
        db.execute(f"CREATE UNIQUE INDEX IF NOT EXISTS {table}_save ON {table} (save_id)")
    db.execute(f"PRAGMA user_version = {VERSION}")


def _winners_text(winners: Winners) -> str | None:
    """`Winners` as the file keeps them: JSON text (``"table"``, or ``[["p1", "Ana"]]``), or NULL."""
    import json

    if winners is None:
        return None
    return json.dumps(winners if isinstance(winners, str) else [list(pair) for pair in winners], ensure_ascii=False)


def _winners_from(text: str | None) -> Winners:
    """The `Winners` a row keeps.

    :raises ValueError: the text is not what this companion writes (a hand-edited or damaged file).
    """
    import json
    import re

    if text is None:
        return None
    found = json.loads(text)
    if found == TABLE:
        return TABLE
    if not isinstance(found, list):
        raise ValueError(text)
    pairs = []
    for pair in found:
        if (not isinstance(pair, list) or len(pair) != 2 or not isinstance(pair[0], str)
                or not re.fullmatch(_PLAYER_ID, pair[0]) or not isinstance(pair[1], (str, type(None)))):
            raise ValueError(text)
        pairs.append((pair[0], pair[1]))
    return tuple(pairs)


@contextlib.contextmanager
def _connect(path: Path | None = None, write: bool = False) -> Iterator[sqlite3.Connection]:
    """A connection in one transaction: committed when the block ends, rolled back on any error."""
    path = path or records_path()
    if path.is_dir():  # SQLite's "unable to open" would send the player to check the disk
        raise RecordsError("folder", path)
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
            _migrate(connection)
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
           now: _dt.datetime | None = None, winners: Winners = None, save_id: str | None = None) -> Record:
    """Keep one finished game and who won it; the `Record` says whether it beats the best before it.

    A game without a score (``score`` None) is counted in its own table and never beats a record. ``save_id``: the
    save file's game (`companion.journal`): a game already kept under it is replaced, never counted twice, and
    its own earlier end is not a record to beat; None (no save file) always adds a game.

    :raises RecordsError: the database is locked (after every try), damaged or cannot be written.
    """
    finished = (now or _dt.datetime.now()).isoformat(timespec="seconds")
    values = {"game": game_id, "variant": variant, "players": players, "won": int(won), "finished": finished,
              "winners": _winners_text(winners), "save_id": save_id}
    if score is not None:
        values["score"] = score

    def write() -> Record:
        with _connect(path, write=True) as db:
            previous = None
            if score is not None:
                previous = db.execute("SELECT MAX(score) FROM games WHERE game = ? AND variant = ? AND players = ? "
                                      "AND (? IS NULL OR save_id IS NOT ?)",
                                      (game_id, variant, players, save_id, save_id)).fetchone()[0]
            row = _upsert(db, "games" if score is not None else "unscored", values)
        return Record(game_id, variant, players, score, won, finished, previous, row, winners)

    recorded: Record = _retried(write)
    return recorded


def _upsert(db: sqlite3.Connection, table: str, values: dict[str, Any]) -> int | None:
    """One game's row written: a new row, or the row of the same ``save_id`` replaced (SQLite's upsert on the
    UNIQUE key; NULL ids never meet). Its row id, for `forget`."""
    columns = ", ".join(values)
    updates = ", ".join(f"{c} = excluded.{c}" for c in values if c != "save_id")
    cursor = db.execute(f"INSERT INTO {table} ({columns}) VALUES ({', '.join('?' * len(values))}) "
                        f"ON CONFLICT (save_id) DO UPDATE SET {updates}", tuple(values.values()))
    if values["save_id"] is None:
        return cursor.lastrowid
    return int(db.execute(f"SELECT id FROM {table} WHERE save_id = ?", (values["save_id"],)).fetchone()[0])


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
    """Every record to beat (of one game, or of all), by game, variant and player count, with who won its games.

    :raises RecordsError: the database is locked or damaged.
    """
    found: list[Best] = []
    try:
        with _connect(path) as db:
            tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
            for table in ("games", "unscored"):  # a file from before the unscored games has no such table
                if table in tables:
                    found += _table_records(db, table, game_id, path or records_path())
    except FileNotFoundError:
        return []
    return sorted(found, key=lambda b: (b.game_id, b.variant, b.players))


def _table_records(db: sqlite3.Connection, table: str, game_id: str | None, path: Path) -> list[Best]:
    """The record lines of one table: per game, variant and player count, its games grouped by how they ended."""
    score = "MAX(score)" if table == "games" else "NULL"
    winners = "winners" if _has(db, table, "winners") else "NULL"
    where, args = (" WHERE game = ?", (game_id,)) if game_id is not None else ("", ())
    lines = db.execute(f"SELECT game, variant, players, {score}, COUNT(*), SUM(won) FROM {table}{where} "
                       "GROUP BY game, variant, players", args).fetchall()
    ends: dict[tuple[str, str, int], list[Ended]] = {}
    for game, variant, players, won, text, count in db.execute(
            f"SELECT game, variant, players, won, {winners}, COUNT(*) FROM {table}{where} "
            f"GROUP BY game, variant, players, won, {winners}", args):
        try:
            ended = Ended(_winners_from(text), bool(won), count)
        except ValueError:
            raise RecordsError("damaged", path, "winners not as written") from None
        ends.setdefault((game, variant, players), []).append(ended)
    return [Best(g, v, p, s, n, w or 0, tuple(sorted(ends.get((g, v, p), []), key=lambda e: -e.games)))
            for g, v, p, s, n, w in lines]


# --------------------------------------------------------------------------- sentences


PROBLEMS = {
    # Translators: {path} a file or folder name.
    "locked": N_("The records file {path} is in use by another program: try again in a moment."),
    # Translators: {path} a file or folder name.
    "damaged": N_("The records file {path} is damaged. Move it away: the companion starts a new one."),
    # Translators: {path} a file or folder name.
    "unwritable": N_("The records file {path} cannot be written: check the folder and the disk."),
    # Translators: {path} a file or folder name.
    "folder": N_("The records file {path} is a folder. Move it away: the companion starts a new file."),
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
    """A records variant (``coop lock=off``) read aloud as words: "cooperative mode, no colour lock", never option
    syntax. The words are the game's (its renderer's ``option_words``); a token without them (an option of a newer
    companion) is said as "lock off"."""
    return ", ".join(_variant_list(variant, game, t))


def _variant_list(variant: str, game: Any, t: Any) -> list[str]:
    """`variant_words`, option by option."""
    tokens = variant.split()
    if not tokens or tokens == ["standard"]:
        # Translators: the variant of a record when every rules option was left as printed.
        return [str(t("default options"))]
    said = _variant_catalog(game, t.lang)
    words = []
    for token in tokens:
        name, sep, value = token.partition("=")
        words.append(said(token) or (f"{name.replace('_', ' ')} {value}" if sep else token))
    return words


def _variant_catalog(game: Any, lang: str) -> Callable[[str], str | None]:
    """The game's words for its variant's tokens, in ``lang`` (None: the token has none).

    A token is ``option=value``, or a value alone (Num-X's mode, ``coop``): the option whose words say it.
    """
    if game is None:
        return lambda token: None
    from companion.render import Context, Settings

    options = game.renderer.option_words
    ctx = Context(Settings(lang), None, game.renderer.domain)

    def said(token: str) -> str | None:
        name, sep, value = token.partition("=")
        if not sep:
            name = next((option for option, words in options.items() if token in words.values), "")
        words = options.get(name)
        return words.said(value if sep else token, ctx) if words is not None else None

    return said


def line(entry: Best, lang: str) -> str:
    """One record line, number first: "3 players, Num-X, cooperative mode: 2 games, record 54." then who won them
    ("1 won by the table; 1 lost." or "2 won by Ana; 1 by Bo."), each sentence at most 15 words."""
    from companion import registry
    from companion.i18n import Translator

    t = Translator(lang, DOMAIN)
    try:
        game: Any = registry.find(entry.game_id)
        name = game.name(lang)
    except KeyError:  # a game of a newer companion, in a shared records file
        game, name = None, entry.game_id
    # Translators: how many games were finished, between commas in a line of companion records.
    results = [t.plural("{count} game", "{count} games", entry.games)]
    if entry.score is not None:
        # Translators: the best score of a game, between commas in a line of companion records.
        results.append(t("record {score}", score=entry.score))
    # Translators: {count} a number; the form follows {count}.
    players = t.plural("{count} player", "{count} players", entry.players)
    options = _variant_list(entry.variant, game, t)
    # Translators: a line of companion records: {players} "3 players", {game} its name, {variant} its options in
    # words, {results} "2 games, record 54".
    head = [t("{players}, {game}, {variant}: {results}.", game=name, variant=", ".join(options), players=players,
              results=", ".join(results))]
    if _words(head[0]) > MAX_WORDS:
        head = [*_table_sentences(name, options, players, t), ", ".join(results) + "."]
    return visible(" ".join([*head, *_ends_sentences(entry.ends, game, t)]))


def _table_sentences(name: str, options: list[str], players: str, t: Any) -> list[str]:
    """The players, the game and its options in sentences of at most 15 words: the options that do not fit in the
    first go on in the next ("3 players, Num-X, Discovery mode, no colour lock. Open starts, exact plays.")."""
    kept, rest = list(options), list[str]()

    def first() -> str:
        # Translators: a line of companion records too long for one sentence: {players} "3 players", {game} its
        # name, {variant} its options in words; the next sentence says "2 games, record 54.".
        return str(t("{players}, {game}, {variant}.", game=name, variant=", ".join(kept), players=players))

    while len(kept) > 1 and _words(first()) > MAX_WORDS:
        rest.insert(0, kept.pop())
    more = _packed(rest, lambda said, part: f"{said}, {part}")
    return [first(), *(sentence[:1].upper() + sentence[1:] for sentence in more)]


def _ends_sentences(ends: Sequence[Ended], game: Any, t: Any) -> list[str]:
    """Who won a record line's games, number first, groups apart by semicolons, at most 15 words a sentence:
    "1 won by the table; 1 lost.", "2 won by Ana; 1 by Bo and Cy.", "1 with no winner recorded."."""
    table_won = sum(e.games for e in ends if e.winners == TABLE and e.won)
    # Translators: the players together, who won or lost a cooperative game.
    parts = [(table_won, str(t("the table")))] if table_won else []  # (games, who won them)
    parts += [(e.games, _names(e.winners, game, t.lang)) for e in ends if isinstance(e.winners, tuple)]
    said: list[str] = []
    for count, who in parts:
        if not said:
            # Translators: {count} games of a line of companion records won by {players} (a name, names, the table).
            said.append(t.plural("{count} won by {players}", "{count} won by {players}", count, players=who))
        else:
            # Translators: {count} more games of the same line, won by {players} (after "2 won by Ana; ").
            said.append(t.plural("{count} by {players}", "{count} by {players}", count, players=who))
    lost = sum(e.games for e in ends if e.winners == TABLE and not e.won)
    if lost:
        # Translators: {count} cooperative games the table lost, after "1 won by the table; ".
        said.append(t.plural("{count} lost", "{count} lost", lost) if table_won
                    # Translators: {count} cooperative games the table lost, in a line of companion records.
                    else t.plural("{count} lost by the table", "{count} lost by the table", lost))
    unknown = sum(e.games for e in ends if e.winners is None)
    if unknown:
        # Translators: {count} games kept before the companion recorded who won (an older records file).
        said.append(t.plural("{count} with no winner recorded", "{count} with no winner recorded", unknown))
    # Translators: two groups of a line of companion records, "2 won by Ana; 1 by Bo" (French: " ; ").
    return _packed(said, lambda first, part: str(t("{first}; {next}", first=first, next=part)))


def _packed(parts: Sequence[str], join: Callable[[str, str], str]) -> list[str]:
    """``parts`` as sentences of at most 15 words, each ending with a full stop: "2 won by Ana; 1 by Bo."."""
    sentences: list[str] = []
    for part in parts:
        if sentences and _words(sentences[-1]) + _words(part) <= MAX_WORDS:
            sentences[-1] = join(sentences[-1], part)
        else:
            sentences.append(part)
    return [sentence + "." for sentence in sentences]


def _words(text: str) -> int:
    """Words as the house style counts them (French " ; " is no word)."""
    return sum(1 for word in text.split() if any(c.isalnum() for c in word))


def _names(winners: tuple[tuple[str, str | None], ...], game: Any, lang: str) -> str:
    """The winners as the table called them: the names it gave, else the game's own words ("player 2", "Thanos")."""
    from companion.render import Context, Settings

    ctx = Context(Settings(lang), None, game.renderer.domain if game is not None else "core")
    said = []
    for pid, name in winners:
        try:
            said.append(name or (game.renderer.player(ctx, pid) if game is not None else pid) or pid)
        except (LookupError, ValueError):  # an id this game does not give: said as it is
            said.append(pid)
    return ctx.join(said)


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
