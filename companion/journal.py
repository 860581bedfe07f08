"""The journal: every accepted command on disk before it is announced.

A save file is JSON lines: a header (format, version, game, options), then one
line per accepted command, and ``{"op": "undo"}`` / ``{"op": "redo"}`` markers.
It is only ever appended to, flushed and fsynced, so a crash loses at most the
command being typed. Resuming replays it; a corrupt line (typically the last,
cut by a crash) is reported and skipped, never fatal. JSON only: data, not code.
"""

from __future__ import annotations

import datetime as _dt
import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

FORMAT = "companion-journal"
VERSION = 1


class JournalError(Exception):
    """A save file that cannot be resumed. ``code``: not_found, unreadable, not_a_journal, future_version."""

    def __init__(self, code: str, path: Path, **details: Any) -> None:
        super().__init__(f"{path}: {code}")
        self.code = code
        self.path = path
        self.details = details


@dataclass
class Replay:
    """What a save file holds once read: the game, its options, the commands in force."""

    game: str
    options: dict[str, Any]
    settings: dict[str, Any]
    commands: list[dict[str, Any]]
    redo: list[dict[str, Any]]
    skipped: list[int] = field(default_factory=list)  # line numbers of corrupt lines


class Journal:
    """An open save file, appended to one line at a time."""

    def __init__(self, path: Path, handle: Any) -> None:
        self.path = path
        self._handle = handle

    @classmethod
    def create(cls, path: Path, game: str, options: dict[str, Any], settings: dict[str, Any] | None = None) -> Journal:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle = path.open("x", encoding="utf-8")
        journal = cls(path, handle)
        journal._write({
            "format": FORMAT,
            "version": VERSION,
            "game": game,
            "options": options,
            "settings": settings or {},
            "created": _dt.datetime.now().isoformat(timespec="seconds"),
        })
        return journal

    @classmethod
    def reopen(cls, path: Path) -> Journal:
        """Open for appending after a replay; a cut last line is closed first so the next line stands alone."""
        with path.open("rb") as reader:
            reader.seek(0, os.SEEK_END)
            size = reader.tell()
            ends_cleanly = True
            if size:
                reader.seek(size - 1)
                ends_cleanly = reader.read(1) == b"\n"
        handle = path.open("a", encoding="utf-8")
        if not ends_cleanly:
            handle.write("\n")
        return cls(path, handle)

    def append(self, command: dict[str, Any]) -> None:
        """Write one command and make sure it is on disk."""
        self._write(command)

    def mark(self, op: str) -> None:
        """Record an undo or a redo."""
        self._write({"op": op})

    def _write(self, data: dict[str, Any]) -> None:
        self._handle.write(json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n")
        self._handle.flush()
        os.fsync(self._handle.fileno())

    def close(self) -> None:
        self._handle.close()


def read(path: Path) -> Replay:
    """Read a save file: the commands in force after its undos and redos.

    :raises JournalError: the file is missing, unreadable, not a journal, or from a newer companion.
    """
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise JournalError("not_found", path) from None
    except OSError as error:
        raise JournalError("unreadable", path, reason=str(error)) from None
    lines = raw.decode("utf-8", errors="replace").split("\n")
    try:
        header = json.loads(lines[0])
    except (json.JSONDecodeError, IndexError):
        raise JournalError("not_a_journal", path) from None
    if not isinstance(header, dict) or header.get("format") != FORMAT:
        raise JournalError("not_a_journal", path)
    version = header.get("version")
    if not isinstance(version, int) or version > VERSION:
        raise JournalError("future_version", path, version=version)
    replay = Replay(str(header.get("game")), dict(header.get("options") or {}), dict(header.get("settings") or {}), [], [])
    for number, line in enumerate(lines[1:], start=2):
        if not line.strip():
            continue
        try:
            entry = json.loads(line)
            if not isinstance(entry, dict):
                raise ValueError
        except ValueError:
            replay.skipped.append(number)
            continue
        op = entry.get("op")
        if op == "undo" and replay.commands:
            replay.redo.append(replay.commands.pop())
        elif op == "redo" and replay.redo:
            replay.commands.append(replay.redo.pop())
        elif "cmd" in entry:
            replay.commands.append(entry)
            replay.redo.clear()
        else:
            replay.skipped.append(number)
    return replay


def autosave_path(game: str, now: _dt.datetime | None = None) -> Path:
    """Where a game is saved when no --save is given: the user data folder, named after game and time."""
    folder = os.environ.get("COMPANION_DATA_DIR")
    if folder:
        base = Path(folder)
    else:
        import platformdirs

        base = Path(platformdirs.user_data_dir("companion"))
    stamp = (now or _dt.datetime.now()).strftime("%Y-%m-%d_%H-%M-%S")
    path = base / "saves" / f"{game}_{stamp}.jsonl"
    number = 2
    while path.exists():  # two games started in the same second
        path = base / "saves" / f"{game}_{stamp}_{number}.jsonl"
        number += 1
    return path
