"""The journal: every accepted command on disk before it is applied or announced.

A save file is JSON lines: a header (format, version, game, options,
settings, created, id: the game's own id, kept by every file that goes on with
it, so the records count it once), then one line per accepted command (an object with a
``cmd`` string) and ``{"op": "undo"}`` / ``{"op": "redo"}`` marks. Any line
may carry ``t``, a time stamp (a number), for the games that need one.

The promise is that a game is never lost and a save file never crashes the
companion. So:

- **Write-ahead.** ``append`` and ``mark`` write one whole line with a single
  ``os.write`` on an ``O_APPEND`` descriptor, then ``os.fsync``: nothing waits
  in a Python buffer. When the write or the fsync fails (disk full, I/O
  error, read-only mount), the file is cut back to its size before the write
  and :class:`JournalWriteError` is raised: the caller must not apply the
  command. ``save_copy`` then writes the game so far to another file.
- **Atomic creation.** ``create`` writes the header to a temporary file in the
  same folder, fsyncs it and hard-links it to its name, which fails if the name
  is taken: a save file exists whole or not at all, and two games never share
  one (``create_auto`` tries ``name``, ``name_2``… for automatic names). Windows
  cannot remove a name of an open file: there the temporary name goes when the
  save file is closed. A new game's file (``sync_later``) holds no command yet:
  its two fsyncs (the file's, its folder's) wait for its first line, whose own
  fsync returns only once the header, the line and the name are on disk (issue
  34: they cost a table 10 to 20 ms before the first sentence). Until then a
  kill still leaves the file whole (the kernel has it); only a power cut can
  leave it empty, which reads as ``empty`` and which a resume replaces: no
  command is ever lost.
- **One companion per file.** An open save file holds an exclusive,
  non-blocking lock (``flock``, or filelock's on Windows: companion/platform/locks.py) on its
  descriptor until it is closed, or until the process dies, however it dies;
  a second open is ``JournalError("locked")``.
- **Careful reading.** Only regular files are opened (never a FIFO, a device or
  a directory), at most :data:`MAX_SIZE` bytes; a UTF-8 BOM and CRLF line ends
  are accepted; every line is decoded against a declared schema (msgspec:
  strict types, no NaN, no infinity). A damaged line is counted with its line
  number and skipped, never fatal. JSON only: a save file is data, never code.
- **Checkpoints.** Every :data:`CHECKPOINT_EVERY` lines the table writes a
  checkpoint line (``{"op": "checkpoint", "steps": N, "state": {...}, "redo":
  [...], "skipped": K}``, version 2): the game's state in force, how many steps
  are in force, the redo stack and the lines skipped so far. ``read(path,
  from_checkpoint=True)`` reads the header and the lines from the last
  checkpoint on only, so a long save resumes and lists in the time of its last
  few hundred lines; a full ``read`` skips checkpoints (the file replays as
  before). A version 1 file has none and is read as always.
- **Replay.** ``read`` gives the lines in file order; :func:`replay` applies
  them through the caller's rules, an undo mark taking back the last command
  *accepted in that replay*, so a refused or damaged line mid-file is skipped
  and reported and the rest is replayed as far as the rules allow.

This module is the only one that touches save files.
"""

from __future__ import annotations

import datetime as _dt
import errno as _errno
import json
import os
import stat
import weakref
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Annotated, Any, Literal

import msgspec

from companion.platform.files import clear_nonblocking, fsync_folder
from companion.platform.locks import held_elsewhere, try_lock

FORMAT = "companion-journal"
VERSION = 2
#: A checkpoint line is written after this many lines (commands and marks) since the last one.
CHECKPOINT_EVERY = 1000
#: A save file larger than this is refused (``too_large``): a long game is a few hundred lines of 100 bytes.
MAX_SIZE = 16 * 1024 * 1024
#: At most this many lines, blank or damaged ones included (``too_large``): bounds the time and memory
#: of a read (a long game is a few hundred lines; 16 MiB of real lines is about 200,000 of them).
MAX_LINES = 200_000
#: How many damaged lines are kept with their reason; the others are only counted.
DAMAGED_KEPT = 100
#: How many numbered names ``create_auto`` tries (``name``, ``name_2`` … ``name_1000``).
AUTO_TRIES = 1000

_BOM = b"\xef\xbb\xbf"
_BLANK = b" \t\r"
_CLOEXEC = getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)
#: Opening a path the user gave: never become its controlling terminal, never wait on a FIFO.
_OPEN_FLAGS = _CLOEXEC | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_NONBLOCK", 0)

# --------------------------------------------------------------------------- errors


class JournalError(Exception):
    """A save file that cannot be used as asked. ``code`` says why; ``details`` hold the figures.

    Codes:

    - ``not_found``: no file at that path.
    - ``not_a_file``: a directory, FIFO, device or socket: only regular files are save files.
    - ``unreadable``: the file exists but cannot be read (``details``: ``errno``, ``reason``).
    - ``too_large``: more than :data:`MAX_SIZE` bytes or :data:`MAX_LINES` lines
      (``details``: ``size`` and ``limit``, or ``lines`` and ``limit``).
    - ``empty``: the file holds nothing (or only blanks): no game to resume; the caller
      may start a new game in it with ``Journal.create(path, ..., replace_empty=True)``.
    - ``not_a_journal``: the first line is not a save file header, or its version is
      missing, not an integer, or below 1 (``details``: ``reason``).
    - ``future_version``: written by a newer companion (``details``: ``version``).
    - ``locked``: the file is open in another companion right now.
    - ``read_only``: the file can be read but not appended to (``details``: ``errno``,
      ``reason``): the caller reads it and continues in a new save file.
    """

    def __init__(self, code: str, path: Path, **details: Any) -> None:
        super().__init__(f"{path}: {code}")
        self.code = code
        self.path = path
        self.details = details


class JournalWriteError(OSError):
    """A line (or a new save file) could not be written; the file is as it was before the write.

    The command must not be applied. ``errno``/``strerror``/``filename`` as for any
    ``OSError``; ``path`` the save file; ``reason`` one of:

    - ``disk_full``: no space left (ENOSPC, EDQUOT);
    - ``read_only``: the file or the disk became read-only, or permission was lost (EROFS, EACCES, EPERM);
    - ``io_error``: the disk failed (EIO), or was removed;
    - ``gone``: the save file was deleted or replaced while the game was on: what is written would be lost;
    - ``other``: anything else (``strerror`` says what).
    """

    def __init__(self, code: int, strerror: str, path: Path, reason: str) -> None:
        super().__init__(code, strerror, str(path))
        self.path = path
        self.reason = reason

    @classmethod
    def from_os(cls, error: OSError, path: Path) -> JournalWriteError:
        code = error.errno if error.errno is not None else _errno.EIO
        return cls(code, error.strerror or os.strerror(code), path, _reason(code))


def _reason(code: int) -> str:
    if code in (_errno.ENOSPC, getattr(_errno, "EDQUOT", _errno.ENOSPC), _errno.EFBIG):
        return "disk_full"
    if code in (_errno.EROFS, _errno.EACCES, _errno.EPERM):
        return "read_only"
    if code in (_errno.EIO, getattr(_errno, "ENXIO", _errno.EIO), getattr(_errno, "ENODEV", _errno.EIO)):
        return "io_error"
    if code in (_errno.ENOENT, getattr(_errno, "ESTALE", _errno.ENOENT)):
        return "gone"
    return "other"


# --------------------------------------------------------------------------- the schema of a line


class Header(msgspec.Struct, frozen=True, kw_only=True):
    """The first line of a save file. Unknown fields are allowed (a later version 1 may add some)."""

    format: str
    version: Annotated[int, msgspec.Meta(ge=1)]
    game: Annotated[str, msgspec.Meta(min_length=1, max_length=64)]
    options: dict[str, Any] = {}
    settings: dict[str, Any] = {}
    created: str | None = None
    #: This game's id, the same in every file that goes on with it (a copy, a read-only file's continuation); a file
    #: from before it has none (see `_HeaderFacts.save_id`).
    id: Annotated[str, msgspec.Meta(min_length=1, max_length=64)] | None = None


class _Mark(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    op: Literal["undo", "redo"]
    t: float | None = None


class _Checkpoint(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    op: Literal["checkpoint"]
    steps: Annotated[int, msgspec.Meta(ge=0)]
    state: dict[str, Any]
    redo: list[dict[str, Any]] = []
    skipped: Annotated[int, msgspec.Meta(ge=0)] = 0
    t: float | None = None


class _CommandHead(msgspec.Struct, frozen=True):
    """What the journal checks of a command line; its other fields are the game's to check."""

    cmd: Annotated[str, msgspec.Meta(min_length=1, max_length=64)]
    t: float | None = None


_object = msgspec.json.Decoder(dict[str, Any])

#: The largest integer a save file may hold (either sign): every JSON reader represents it exactly
#: (the ``--json`` scripts, a web page), and a game never counts that far. NaN and infinities never
#: decode at all (msgspec refuses them, and ``1e309``).
MAX_INT = 2**53


def _numbers_in_range(value: Any) -> bool:
    """``True`` when every integer in ``value`` (a decoded JSON value) is within ``MAX_INT``."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, int) and not isinstance(item, bool):
            if not -MAX_INT <= item <= MAX_INT:
                return False
        elif isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return True


class CommandLine(msgspec.Struct, frozen=True):
    """A command line of a save file: ``data`` is the object as saved (``cmd``, the game's fields, ``t`` if any)."""

    line: int
    data: dict[str, Any]

    @property
    def cmd(self) -> str:
        return str(self.data["cmd"])

    @property
    def t(self) -> float | None:
        value = self.data.get("t")
        return float(value) if value is not None else None


class MarkLine(msgspec.Struct, frozen=True):
    """An ``{"op": "undo"}`` or ``{"op": "redo"}`` line."""

    line: int
    op: Literal["undo", "redo"]
    t: float | None = None


class CheckpointLine(msgspec.Struct, frozen=True):
    """A checkpoint: the state in force after the lines before it (as the game's codec wrote it), the number of
    steps in force, the redo stack (command lines, the next redo last) and the lines skipped before it."""

    line: int
    steps: int
    state: dict[str, Any]
    redo: tuple[CommandLine, ...]
    skipped: int


class DamagedLine(msgspec.Struct, frozen=True):
    """A line that is not valid JSON or does not fit the schema; ``reason`` is for logs, not for users."""

    line: int
    reason: str


Entry = CommandLine | MarkLine


def _classify(raw: bytes, number: int) -> Entry | CheckpointLine | DamagedLine:
    try:
        data = _object.decode(raw)
    except (msgspec.DecodeError, msgspec.ValidationError) as error:
        return DamagedLine(number, str(error))
    except RecursionError:
        return DamagedLine(number, "nested too deeply")
    if not _numbers_in_range(data):
        return DamagedLine(number, "integer out of range")
    try:
        if data.get("op") == "checkpoint":
            found = msgspec.convert(data, _Checkpoint)
            for command in found.redo:
                msgspec.convert(command, _CommandHead)
            return CheckpointLine(number, found.steps, found.state,
                                  tuple(CommandLine(number, command) for command in found.redo), found.skipped)
        if "op" in data:
            mark = msgspec.convert(data, _Mark)
            return MarkLine(number, mark.op, mark.t)
        if "cmd" in data:
            msgspec.convert(data, _CommandHead)
            return CommandLine(number, data)
    except msgspec.ValidationError as error:
        return DamagedLine(number, str(error))
    return DamagedLine(number, "neither a command nor an undo/redo mark")


def _header(raw: bytes, path: Path) -> Header:
    try:
        data = _object.decode(raw)
    except (msgspec.DecodeError, msgspec.ValidationError, RecursionError) as error:
        raise JournalError("not_a_journal", path, reason=str(error)) from None
    if data.get("format") != FORMAT:
        raise JournalError("not_a_journal", path, reason="format")
    if not _numbers_in_range(data):
        raise JournalError("not_a_journal", path, reason="integer out of range")
    version = data.get("version")
    if type(version) is not int or version < 1:
        raise JournalError("not_a_journal", path, reason="version")
    if version > VERSION:  # checked before the rest: a newer version may change the other fields
        raise JournalError("future_version", path, version=version)
    try:
        return msgspec.convert(data, Header)
    except msgspec.ValidationError as error:
        raise JournalError("not_a_journal", path, reason=str(error)) from None


def _encode(data: Mapping[str, Any]) -> bytes:
    """One JSON line, as today's files have it (compact, UTF-8 unescaped), checked to read back as it should."""
    try:
        text = json.dumps(data, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
        line = text.encode("utf-8") + b"\n"
    except (TypeError, ValueError, UnicodeEncodeError) as error:  # a bug in the caller, not a disk problem
        raise ValueError(f"not a save file line: {error}") from None
    return line


def _entry_line(data: Mapping[str, Any]) -> bytes:
    line = _encode(data)
    checked = _classify(line, 0)
    if isinstance(checked, DamagedLine):
        raise ValueError(f"not a save file line: {checked.reason}")
    return line


# --------------------------------------------------------------------------- reading


class _HeaderFacts:
    """The game, options and settings a save file's header holds (for a file read and a file open alike)."""

    __slots__ = ()  # a base of the `Replay` Struct
    header: Header

    @property
    def game(self) -> str:
        return self.header.game

    @property
    def options(self) -> dict[str, Any]:
        return dict(self.header.options)

    @property
    def settings(self) -> dict[str, Any]:
        return dict(self.header.settings)

    @property
    def save_id(self) -> str:
        """Which game this file holds, however often it is resumed, copied or finished: the records key it.

        A header from before the ids has none: the digest of what it holds stands for it (``h`` and 32 hex digits),
        the same at every resume since a header is never rewritten (fields added to `Header` later leave it alone).
        """
        header = self.header
        if header.id is not None:
            return header.id
        import hashlib  # only for a file from before the ids

        held = msgspec.json.encode([header.version, header.game, header.options, header.settings, header.created])
        return "h" + hashlib.sha256(held).hexdigest()[:32]


class Replay(_HeaderFacts, msgspec.Struct):
    """What a save file holds: its header and its command and mark lines in file order, unreplayed.

    Pass it to :func:`replay` to rebuild the game. ``damaged`` keeps the first
    :data:`DAMAGED_KEPT` damaged lines; ``damaged_count`` counts them all.
    """

    path: Path
    header: Header
    entries: list[Entry]
    damaged: list[DamagedLine] = msgspec.field(default_factory=list)
    damaged_count: int = 0
    size: int = 0  #: bytes read
    ends_cleanly: bool = True  #: the file ends with a line end (a crash can cut the last line)
    #: Read with ``from_checkpoint``: the last checkpoint, ``entries`` being the lines after it only.
    checkpoint: CheckpointLine | None = None
    #: The lines after the last checkpoint (all lines, for a file without one): when the next is due.
    since_checkpoint: int = 0

    @property
    def damaged_lines(self) -> list[int]:
        """The line numbers of the damaged lines kept (the first :data:`DAMAGED_KEPT`)."""
        return [d.line for d in self.damaged]

    def command_lines(self) -> list[dict[str, Any]]:
        """Every command line as saved, in file order, undo marks not applied (for tests and tools)."""
        return [entry.data for entry in self.entries if isinstance(entry, CommandLine)]




def read(path: Path, from_checkpoint: bool = False) -> Replay:
    """Read a save file without locking it (another companion may have it open).

    ``from_checkpoint``: only the header and the lines from the last checkpoint on (see the module docstring).

    :raises JournalError: ``not_found``, ``not_a_file``, ``unreadable``, ``too_large``,
        ``empty``, ``not_a_journal``, ``future_version``. Never anything else.
    """
    path = Path(path)
    fd = _open_regular(path, os.O_RDONLY)
    try:
        return _parse(_read_all(fd, path), path, from_checkpoint)
    finally:
        os.close(fd)


def in_use(path: Path) -> bool:
    """``True`` when another companion has this save file open (to leave it out of a resume offer)."""
    try:
        fd = _open_regular(Path(path), os.O_RDONLY)
    except JournalError:
        return False
    try:
        return held_elsewhere(fd)
    finally:
        os.close(fd)


def _open_regular(path: Path, flags: int) -> int:
    """A descriptor on a regular file; a FIFO, device or directory is never opened (so nothing hangs)."""
    try:
        before = os.stat(path)
    except (FileNotFoundError, NotADirectoryError):
        raise JournalError("not_found", path) from None
    except (OSError, ValueError) as error:  # ValueError: a NUL in the path
        raise _unreadable(error, path) from None
    if not stat.S_ISREG(before.st_mode):
        raise JournalError("not_a_file", path)
    try:
        fd = os.open(path, flags | _OPEN_FLAGS)
    except FileNotFoundError:
        raise JournalError("not_found", path) from None
    except OSError as error:
        if flags & (os.O_WRONLY | os.O_RDWR) and error.errno in (_errno.EACCES, _errno.EROFS, _errno.EPERM,
                                                                   getattr(_errno, "ETXTBSY", -1)):
            if not _can_read(path):  # a mode-000 file is unreadable, not merely read-only
                raise _unreadable(error, path) from None
            raise JournalError("read_only", path, errno=error.errno, reason=error.strerror) from None
        raise _unreadable(error, path) from None
    try:
        now = os.fstat(fd)
        if not stat.S_ISREG(now.st_mode):  # replaced between the stat and the open
            raise JournalError("not_a_file", path)
        clear_nonblocking(fd)
    except OSError as error:
        os.close(fd)
        raise _unreadable(error, path) from None
    except BaseException:
        os.close(fd)
        raise
    return fd


def _can_read(path: Path) -> bool:
    """Whether ``path`` opens for reading (tried, not guessed: ``os.access`` ignores root's capabilities)."""
    try:
        os.close(os.open(path, os.O_RDONLY | _OPEN_FLAGS))
    except OSError:
        return False
    return True


def _unreadable(error: OSError | ValueError, path: Path) -> JournalError:
    code = getattr(error, "errno", None)
    return JournalError("unreadable", path, errno=code, reason=getattr(error, "strerror", None) or str(error))


def _read_all(fd: int, path: Path) -> bytes:
    try:
        size = os.fstat(fd).st_size
        if size > MAX_SIZE:
            raise JournalError("too_large", path, size=size, limit=MAX_SIZE)
        chunks: list[bytes] = []
        total = 0
        os.lseek(fd, 0, os.SEEK_SET)  # reads follow the offset; appends (O_APPEND) always go to the end
        while True:  # to the end, even if the file grows meanwhile, but never past the limit
            chunk = os.read(fd, min(1 << 20, MAX_SIZE + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
            if total > MAX_SIZE:
                raise JournalError("too_large", path, size=total, limit=MAX_SIZE)
    except OSError as error:
        raise _unreadable(error, path) from None
    return b"".join(chunks)


_CHECKPOINT_START = b'\n{"op":"checkpoint"'


def _parse(data: bytes, path: Path, from_checkpoint: bool = False) -> Replay:
    lines = data.count(b"\n") + (not data.endswith(b"\n"))
    if lines > MAX_LINES:
        raise JournalError("too_large", path, lines=lines, limit=MAX_LINES)
    start = len(_BOM) if data.startswith(_BOM) else 0
    header, position, number = _header_at(data, start, path)
    jumped = False
    if from_checkpoint:  # the last checkpoint line, found from the end: the lines before it are not read
        found = data.rfind(_CHECKPOINT_START, position - 1)
        if found >= 0:
            number += data.count(b"\n", position, found + 1)
            position, jumped = found + 1, True
    replay = Replay(path, header, [], size=len(data), ends_cleanly=data.endswith(b"\n"))
    for raw, line, _ in _lines(data, position, number):
        if raw.strip(_BLANK):
            _keep(replay, _classify(raw, line))
        if jumped and replay.checkpoint is None:  # not a checkpoint after all (damaged): read the whole file
            return _parse(data, path)
        jumped = False
    if not from_checkpoint:
        replay.checkpoint = None  # a full read replays every line; the checkpoints only count the lines since
    return replay


def _header_at(data: bytes, position: int, path: Path) -> tuple[Header, int, int]:
    """The header (the first line that is not blank), where the next line starts, and its line number."""
    for raw, number, after in _lines(data, position, 0):
        if raw.strip(_BLANK):
            return _header(raw, path), after, number
    raise JournalError("empty", path)


def _lines(data: bytes, position: int, number: int) -> Iterator[tuple[bytes, int, int]]:
    """Each line from ``position`` on (without its line end), its number (after ``number``), where the next starts."""
    end = len(data)
    while position < end:
        stop = data.find(b"\n", position)
        if stop < 0:
            stop = end
        number += 1
        yield data[position:stop], number, stop + 1
        position = stop + 1


def _keep(replay: Replay, entry: Entry | CheckpointLine | DamagedLine) -> None:
    """One line read: an entry, a checkpoint (the lines counted since start again) or a damaged line."""
    if isinstance(entry, CheckpointLine):
        replay.checkpoint = entry
        replay.since_checkpoint = 0
        return
    replay.since_checkpoint += 1
    if isinstance(entry, DamagedLine):
        replay.damaged_count += 1
        if len(replay.damaged) < DAMAGED_KEPT:
            replay.damaged.append(entry)
        return
    replay.entries.append(entry)


# --------------------------------------------------------------------------- replaying


class ReplayResult(msgspec.Struct):
    """What :func:`replay` did.

    - ``applied``: the command lines in force, in order (the game's steps);
    - ``redo``: the redo stack, as command lines; the next redo is the last;
    - ``refused``: the line numbers of the command lines the rules refused (or whose
      ``apply`` raised: see ``errors``), and of redo marks whose command was refused;
    - ``ignored``: the line numbers of undo/redo marks with nothing to undo or redo;
    - ``damaged`` / ``damaged_count``: from the file (the first line numbers, and how many).
    """

    applied: list[CommandLine] = msgspec.field(default_factory=list)
    redo: list[CommandLine] = msgspec.field(default_factory=list)
    refused: list[int] = msgspec.field(default_factory=list)
    ignored: list[int] = msgspec.field(default_factory=list)
    damaged: list[int] = msgspec.field(default_factory=list)
    damaged_count: int = 0
    errors: list[tuple[int, Exception]] = msgspec.field(default_factory=list)

    @property
    def commands(self) -> list[dict[str, Any]]:
        """The commands in force, as saved."""
        return [entry.data for entry in self.applied]

    @property
    def redo_commands(self) -> list[dict[str, Any]]:
        """The redo stack, as saved; the next redo is the last."""
        return [entry.data for entry in self.redo]


def replay(source: Replay | Iterable[Entry | DamagedLine], apply: Callable[[dict[str, Any]], bool],
           undo: Callable[[], object]) -> ReplayResult:
    """Rebuild a game from its save file through the caller's rules.

    ``apply(command)`` gets each command as saved (``cmd``, the game's fields, ``t``
    if any) and returns ``True`` when the rules accepted it and it is now the
    caller's last step, ``False`` when refused (nothing changed). ``undo()`` takes
    back the caller's last step; it is only called when there is one. A redo mark
    calls ``apply`` again with the command it brings back.

    An undo mark takes back the last command accepted *in this replay*; a refused or
    damaged line is skipped and reported, and the rest replayed as far as the rules
    allow. An exception raised by ``apply`` counts as a refusal (in ``errors`` too):
    a save file never crashes the companion.
    """
    result = ReplayResult()
    if isinstance(source, Replay):
        items: Iterable[Entry | DamagedLine] = source.entries
        result.damaged = source.damaged_lines
        result.damaged_count = source.damaged_count
        if source.checkpoint is not None:  # the lines after it go on from its redo stack
            result.redo = list(source.checkpoint.redo)
    else:
        items = source

    def attempt(entry: CommandLine) -> bool:
        try:
            return bool(apply(dict(entry.data)))
        except Exception as error:  # a rules bug or a field the game did not expect
            result.errors.append((entry.line, error))
            return False

    for item in items:
        if isinstance(item, DamagedLine):
            result.damaged_count += 1
            result.damaged.append(item.line)
        elif isinstance(item, CommandLine):
            if attempt(item):
                result.applied.append(item)
                result.redo.clear()
            else:
                result.refused.append(item.line)
        elif item.op == "undo":
            if result.applied:
                undo()
                result.redo.append(result.applied.pop())
            else:
                result.ignored.append(item.line)
        elif result.redo:
            command = result.redo.pop()
            if attempt(command):
                result.applied.append(command)
            else:
                result.refused.append(item.line)
        else:
            result.ignored.append(item.line)
    return result


def continuation(commands: Iterable[Mapping[str, Any]], redo: Sequence[Mapping[str, Any]] = ()) -> list[dict[str, Any]]:
    """The lines that rebuild a game in a new save file: the commands in force, then the redo stack.

    ``redo`` is a stack (the next redo last, like ``ReplayResult.redo_commands``): its
    commands are written in the order they would be redone, then as many undo marks,
    so that redo goes on where it was.
    """
    lines = [dict(command) for command in commands]
    lines += [dict(command) for command in reversed(redo)]
    lines += [{"op": "undo"} for _ in redo]
    return lines


# --------------------------------------------------------------------------- writing


class Journal(_HeaderFacts):
    """An open, locked save file, appended to one whole line at a time."""

    def __init__(self, path: Path, fd: int, header: Header, size: int, leftover: Path | None = None) -> None:
        self.path = path
        self.header = header
        self._fd = fd
        self._good_size = size  #: the size of the file after the last line written whole
        self._repair = False  #: a failed write could not be cut back: cut it before the next write
        #: Lines written since the last checkpoint (or since the file began): the table checkpoints at CHECKPOINT_EVERY.
        self.since_checkpoint = 0
        #: ``create(sync_later=True)``: the folder whose fsync (the name's) the first line written makes, with its own.
        self._unsynced_folder: Path | None = None
        self._finalizer = weakref.finalize(self, _close, fd, leftover)

    @property
    def closed(self) -> bool:
        return not self._finalizer.alive

    # ----------------------------------------------------------------- creating

    @classmethod
    def create(cls, path: Path, game: str, options: Mapping[str, Any], settings: Mapping[str, Any] | None = None,
               entries: Iterable[Mapping[str, Any]] = (), *, replace_empty: bool = False,
               sync_later: bool = False, save_id: str | None = None) -> Journal:
        """A new save file holding the header and ``entries`` (see :func:`continuation`), locked.

        The file appears whole or not at all. ``replace_empty``: an existing file that
        holds nothing (``JournalError("empty")`` from ``read``) is replaced. ``sync_later`` (a file without
        ``entries``): its fsyncs are made by the first line written (see the module's docstring). ``save_id``: the
        game's id when this file goes on with a game already saved (else a new one).

        :raises FileExistsError: ``path`` exists (it is never overwritten).
        :raises JournalWriteError: the folder or the file cannot be written (``reason``).
        :raises JournalError: ``locked``: the empty file to replace is open elsewhere.
        :raises ValueError: ``options``, ``settings`` or ``entries`` are not save file data (a bug).
        """
        return cls._create([Path(path)], game, options, settings, entries, replace_empty, sync_later, save_id)

    @classmethod
    def create_auto(cls, game: str, options: Mapping[str, Any], settings: Mapping[str, Any] | None = None,
                    entries: Iterable[Mapping[str, Any]] = (), *, now: _dt.datetime | None = None,
                    folder: Path | None = None, sync_later: bool = False, save_id: str | None = None) -> Journal:
        """A new automatic save file, ``GAME_DATE_TIME.jsonl`` (then ``_2``, ``_3``…) in the saves folder.

        Names never collide, even for many games started in the same second by several
        processes: each name is taken with an exclusive link. ``journal.path`` is the name.

        :raises JournalWriteError: the folder cannot be written.
        :raises FileExistsError: all :data:`AUTO_TRIES` names of that second are taken.
        ``sync_later`` and ``save_id`` as for :meth:`create`.
        """
        base = (folder if folder is not None else saves_folder()) / _auto_stem(game, now)
        names = (_numbered(base, number) for number in range(1, AUTO_TRIES + 1))
        return cls._create(names, game, options, settings, entries, False, sync_later, save_id)

    @classmethod
    def _create(cls, names: Iterable[Path], game: str, options: Mapping[str, Any], settings: Mapping[str, Any] | None,
                entries: Iterable[Mapping[str, Any]], replace_empty: bool, sync_later: bool = False,
                save_id: str | None = None) -> Journal:
        first, header = _new_header(game, options, settings, save_id)
        data = first + b"".join(_entry_line(entry) for entry in entries)
        sync_later = sync_later and data == first  # lines given: on disk before the file has its name, as always
        candidates = iter(names)
        path = next(candidates)
        folder = path.parent
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except FileExistsError as error:  # a file where the folder should be
            raise JournalWriteError(_errno.ENOTDIR, os.strerror(_errno.ENOTDIR), path, "other") from error
        except OSError as error:
            raise JournalWriteError.from_os(error, path) from error
        temp = folder / f".{path.name}.{os.urandom(6).hex()}.tmp"
        try:
            fd = os.open(temp, os.O_RDWR | os.O_APPEND | os.O_CREAT | os.O_EXCL | _CLOEXEC, 0o666)
        except OSError as error:
            raise JournalWriteError.from_os(error, path) from error
        try:
            try:
                _write_all(fd, data)
                if not sync_later:
                    os.fsync(fd)
            except OSError as error:
                raise JournalWriteError.from_os(error, path) from error
            _lock(fd, path)  # locked before the name exists: nobody can open it unlocked
            while True:
                try:
                    _publish(temp, path, replace_empty)
                    break
                except FileExistsError:
                    following = next(candidates, None)
                    if following is None:
                        raise
                    path = following
                except OSError as error:
                    raise JournalWriteError.from_os(error, path) from error
            if not sync_later:
                _fsync_folder(folder)
            _remove(temp)  # gone already when it was renamed; one more name of the save file when it was linked
            created = cls(path, fd, header, len(data), temp if os.path.lexists(temp) else None)
            created._unsynced_folder = folder if sync_later else None
            created.since_checkpoint = data.count(b"\n") - 1
            return created
        except BaseException:
            os.close(fd)
            raise
        finally:
            _remove(temp)

    @classmethod
    def reopen(cls, path: Path) -> Journal:
        """Open a save file to go on with it: locked, its cut last line (a crash) closed first.

        :raises JournalError: ``locked`` (open in another companion), ``read_only`` (it can
            be read, not appended to: continue in a new file), and the codes of :func:`read`.
        :raises JournalWriteError: the line end closing a cut last line could not be written.
        """
        return cls.resume(path)[0]

    @classmethod
    def resume(cls, path: Path, from_checkpoint: bool = False) -> tuple[Journal, Replay]:
        """``reopen`` and read in one step, through the locked descriptor.

        Better than ``read`` then ``reopen``: no other companion can append between the two.
        The ``Replay`` shows the file as it was (a cut last line is reported damaged);
        ``from_checkpoint`` as for :func:`read`.
        """
        path = Path(path)
        fd = _open_regular(path, os.O_RDWR | os.O_APPEND)
        try:
            _lock(fd, path)
            saved = _parse(_read_all(fd, path), path, from_checkpoint)
            size = saved.size
            if not saved.ends_cleanly:  # a crash cut the last line: the next line must stand alone
                try:
                    _write_all(fd, b"\n")
                    os.fsync(fd)
                except OSError as error:
                    _truncate(fd, size)
                    raise JournalWriteError.from_os(error, path) from error
                size += 1
        except BaseException:
            os.close(fd)
            raise
        resumed = cls(path, fd, saved.header, size)
        resumed.since_checkpoint = saved.since_checkpoint
        return resumed, saved

    def save_copy(self, path: Path, commands: Iterable[Mapping[str, Any]], redo: Sequence[Mapping[str, Any]] = (),
                  settings: Mapping[str, Any] | None = None) -> Journal:
        """A new save file at ``path`` with this game's header and the commands in force (and the redo stack).

        For "save a copy elsewhere" after a :class:`JournalWriteError`. The copy is open
        and locked: go on in it (close this one), or close it. Raises as ``create``.
        """
        return Journal.create(path, self.game, self.options, self.settings if settings is None else settings,
                              continuation(commands, redo), save_id=self.save_id)

    # ----------------------------------------------------------------- appending

    def append(self, command: Mapping[str, Any]) -> None:
        """Write one command line and make sure it is on disk; apply the command only after this returns.

        :raises JournalWriteError: nothing was kept (the file is as before): do not apply the command.
        :raises ValueError: ``command`` is not a command line (a bug), or the journal is closed.
        """
        if "op" in command:
            raise ValueError("a command line has no 'op': use mark()")
        self._write(_entry_line(command))

    def mark(self, op: Literal["undo", "redo"], t: float | None = None) -> None:
        """Record an undo or a redo, before it is done. Raises as ``append``."""
        data: dict[str, Any] = {"op": op}
        if t is not None:
            data["t"] = t
        self._write(_entry_line(data))

    def checkpoint(self, steps: int, state: Mapping[str, Any], redo: Sequence[Mapping[str, Any]] = (),
                   skipped: int = 0) -> None:
        """Write a checkpoint line (see the module docstring): the state in force after every line before it.

        Raises as ``append``; a checkpoint that cannot be written loses nothing (the lines before it replay).
        """
        data = {"op": "checkpoint", "steps": steps, "state": dict(state), "redo": [dict(c) for c in redo],
                "skipped": skipped}
        self._write(_entry_line(data))
        self.since_checkpoint = 0

    def _write(self, line: bytes) -> None:
        if self.closed:
            raise ValueError(f"{self.path}: the journal is closed")
        fd = self._fd
        try:
            if self._repair:  # a failed write left part of a line behind: cut it first
                os.ftruncate(fd, self._good_size)
                os.fsync(fd)
                self._repair = False
            status = os.fstat(fd)
        except OSError as error:
            raise JournalWriteError.from_os(error, self.path) from error
        if status.st_nlink == 0:  # deleted, or replaced by another file: what is written here is lost
            raise JournalWriteError(_errno.ENOENT, os.strerror(_errno.ENOENT), self.path, "gone")
        before = status.st_size
        try:
            _write_all(fd, line)
            os.fsync(fd)
        except OSError as error:
            if not _truncate(fd, before):
                self._good_size, self._repair = before, True
            raise JournalWriteError.from_os(error, self.path) from error
        self._good_size = before + len(line)
        self.since_checkpoint += 1
        if self._unsynced_folder is not None:  # the header's fsync was the one above; the name's is this one
            _fsync_folder(self._unsynced_folder)
            self._unsynced_folder = None

    def close(self) -> None:
        """Close the file and release its lock. Closing twice is harmless."""
        self._finalizer()

    def __enter__(self) -> Journal:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _new_header(game: str, options: Mapping[str, Any], settings: Mapping[str, Any] | None,
                save_id: str | None = None) -> tuple[bytes, Header]:
    """A new save file's header line, and the header it reads as (a new game's id: 128 random bits, or ``save_id``
    for a file that goes on with a saved game). :raises ValueError: not save file data (a bug)."""
    header_data = {
        "format": FORMAT,
        "version": VERSION,
        "game": game,
        "options": dict(options),
        "settings": dict(settings or {}),
        "created": _dt.datetime.now().isoformat(timespec="seconds"),
        "id": save_id or os.urandom(16).hex(),
    }
    first = _encode(header_data)
    try:
        return first, _header(first, Path("<new>"))
    except JournalError as error:
        raise ValueError(f"not a save file header: {error.details.get('reason')}") from None


def _write_all(fd: int, data: bytes) -> None:
    """``data`` with ``os.write`` (one call in practice; a short write goes on)."""
    view = memoryview(data)
    while view:
        written = os.write(fd, view)
        if written <= 0:
            raise OSError(_errno.ENOSPC, os.strerror(_errno.ENOSPC))
        view = view[written:]


def _truncate(fd: int, size: int) -> bool:
    """Cut the file back to ``size``; ``False`` if even that failed."""
    try:
        os.ftruncate(fd, size)
    except OSError:
        return False
    try:
        os.fsync(fd)
    except OSError:
        pass
    return True


def _lock(fd: int, path: Path) -> None:
    """An exclusive lock held by the descriptor until it is closed (or the process dies)."""
    if not try_lock(fd):  # a file system without locks answers True: the game goes on unlocked
        raise JournalError("locked", path)


def _publish(temp: Path, path: Path, replace_empty: bool) -> None:
    """Give the finished temporary file its name, exclusively. :raises FileExistsError: the name is taken."""
    try:
        os.link(temp, path)
        return
    except FileExistsError:
        if not replace_empty:
            raise
        _replace_empty(temp, path)
        return
    except OSError as error:
        if error.errno not in (_errno.EPERM, _errno.EOPNOTSUPP, getattr(_errno, "ENOTSUP", -1), _errno.ENOSYS,
                               _errno.EMLINK, _errno.EXDEV):
            raise
    # A file system without hard links (FAT, exFAT, some network shares): take the name with an
    # exclusive create, then rename over it. A kill in between leaves an empty file: ``empty``.
    os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _CLOEXEC, 0o666))
    try:
        os.replace(temp, path)
    except BaseException:
        _remove(path)  # the empty file just made
        raise


def _replace_empty(temp: Path, path: Path) -> None:
    """Rename ``temp`` over ``path`` if ``path`` is a regular file that holds nothing and nobody has open."""
    try:
        fd = _open_regular(path, os.O_RDONLY)
    except JournalError as error:
        if error.code == "not_found":  # gone meanwhile: take the name exclusively after all
            os.link(temp, path)
            return
        raise FileExistsError(_errno.EEXIST, os.strerror(_errno.EEXIST), str(path)) from None
    try:
        _lock(fd, path)
        status = os.fstat(fd)
        content = os.read(fd, 4097) if status.st_size <= 4096 else b"x"
        if content.removeprefix(_BOM).strip(_BLANK + b"\n") or os.stat(path).st_ino != status.st_ino:
            raise FileExistsError(_errno.EEXIST, os.strerror(_errno.EEXIST), str(path))
        os.replace(temp, path)
    finally:
        os.close(fd)


def _fsync_folder(folder: Path) -> None:
    """Make the new name itself durable (best effort: not every system can fsync a folder)."""
    fsync_folder(folder, _OPEN_FLAGS)


def _close(fd: int, leftover: Path | None) -> None:
    """Close a save file; then remove its temporary name if it stayed (Windows keeps the name of an open file)."""
    os.close(fd)
    if leftover is not None:
        _remove(leftover)


def _remove(path: Path) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass


# --------------------------------------------------------------------------- automatic names


def saves_folder() -> Path:
    """The folder of automatic save files: ``saves`` in the user data folder (or ``$COMPANION_DATA_DIR``)."""
    from companion.cards import data_dir

    return data_dir() / "saves"


def _auto_stem(game: str, now: _dt.datetime | None) -> str:
    return f"{game}_{(now or _dt.datetime.now()).strftime('%Y-%m-%d_%H-%M-%S')}"


def _numbered(base: Path, number: int) -> Path:
    return base.with_name(f"{base.name}.jsonl" if number == 1 else f"{base.name}_{number}.jsonl")


def autosave_path(game: str, now: _dt.datetime | None = None) -> Path:
    """The first free automatic name for ``game`` now (to show it; ``Journal.create_auto`` takes one safely)."""
    base = saves_folder() / _auto_stem(game, now)
    for number in range(1, AUTO_TRIES + 1):
        path = _numbered(base, number)
        if not os.path.lexists(path):
            return path
    return _numbered(base, AUTO_TRIES + 1)


__all__ = [
    "AUTO_TRIES", "DAMAGED_KEPT", "FORMAT", "MAX_INT", "MAX_LINES", "MAX_SIZE", "VERSION", "CommandLine", "DamagedLine",
    "Entry", "Header", "Journal", "JournalError", "JournalWriteError", "MarkLine", "Replay", "ReplayResult",
    "autosave_path", "continuation", "in_use", "read", "replay", "saves_folder",
]
