"""Helpers for the journal tests: a toy game, a live session that writes ahead, and disk failures on demand."""

from __future__ import annotations

import errno
import os
from pathlib import Path
from typing import Any

from companion import journal

HEADER = b'{"format":"companion-journal","version":1,"game":"counter","options":{},"settings":{}}\n'


class Counter:
    """A toy game: ``{"cmd": "add", "n": 1..5}`` is accepted while the total stays at most 10."""

    def __init__(self) -> None:
        self.totals = [0]

    def check(self, command: dict[str, Any]) -> bool:
        n = command.get("n")
        return (command.get("cmd") == "add" and type(n) is int and 1 <= n <= 5
                and self.totals[-1] + n <= 10)

    def apply(self, command: dict[str, Any]) -> bool:
        if not self.check(command):
            return False
        self.totals.append(self.totals[-1] + command["n"])
        return True

    def undo(self) -> None:
        self.totals.pop()


class Live:
    """What the session must do: check the rules, write the line, and only then apply."""

    def __init__(self, saved: journal.Journal) -> None:
        self.journal = saved
        self.game = Counter()
        self.steps: list[dict[str, Any]] = []
        self.redo: list[dict[str, Any]] = []

    def add(self, n: int) -> str:
        command = {"cmd": "add", "n": n}
        if not self.game.check(command):
            return "refused"
        try:
            self.journal.append(command)
        except journal.JournalWriteError:
            return "not_saved"
        self.game.apply(command)
        self.steps.append(command)
        self.redo.clear()
        return "ok"

    def undo(self) -> str:
        if not self.steps:
            return "nothing"
        try:
            self.journal.mark("undo")
        except journal.JournalWriteError:
            return "not_saved"
        self.game.undo()
        self.redo.append(self.steps.pop())
        return "ok"

    def redo_one(self) -> str:
        if not self.redo:
            return "nothing"
        try:
            self.journal.mark("redo")
        except journal.JournalWriteError:
            return "not_saved"
        command = self.redo.pop()
        assert self.game.apply(command)
        self.steps.append(command)
        return "ok"


def replayed(path: Path) -> tuple[Counter, journal.ReplayResult]:
    """Read a save file and replay it into a fresh toy game."""
    game = Counter()
    return game, journal.replay(journal.read(path), game.apply, game.undo)


class FailingDisk:
    """Makes ``os.write`` / ``os.fsync`` / ``os.ftruncate`` fail for one descriptor, the others untouched.

    ``write_error``: errno of every write (``None``: writes work); ``partial``: the first
    write only writes this many bytes before the error; ``fsync_error``, ``truncate_error`` likewise.
    """

    def __init__(self, monkeypatch: Any, fd: int) -> None:
        self.fd = fd
        self.write_error: int | None = None
        self.partial = 0
        self.fsync_error: int | None = None
        self.truncate_error: int | None = None
        self.real_write, self.real_fsync, self.real_truncate = os.write, os.fsync, os.ftruncate
        monkeypatch.setattr(os, "write", self.write)
        monkeypatch.setattr(os, "fsync", self.fsync)
        monkeypatch.setattr(os, "ftruncate", self.ftruncate)

    def write(self, fd: int, data: Any) -> int:
        if fd == self.fd and self.write_error is not None:
            if self.partial:
                written = self.real_write(fd, bytes(data)[:self.partial])
                self.partial = 0
                return written
            raise OSError(self.write_error, os.strerror(self.write_error))
        return self.real_write(fd, data)

    def fsync(self, fd: int) -> None:
        if fd == self.fd and self.fsync_error is not None:
            raise OSError(self.fsync_error, os.strerror(self.fsync_error))
        self.real_fsync(fd)

    def ftruncate(self, fd: int, size: int) -> None:
        if fd == self.fd and self.truncate_error is not None:
            raise OSError(self.truncate_error, os.strerror(self.truncate_error))
        self.real_truncate(fd, size)

    def heal(self) -> None:
        self.write_error = self.fsync_error = self.truncate_error = None


def descriptor(saved: journal.Journal) -> int:
    return saved._fd  # the tests reach in to make this one descriptor fail


ENOSPC = errno.ENOSPC
