"""Descriptor flags and durable names: what POSIX file systems need and Windows does otherwise.

- `clear_nonblocking`: a save file is opened with ``O_NONBLOCK`` (so a FIFO never
  hangs the open), then made blocking again with ``os.set_blocking`` (no ``fcntl``
  module needed). Windows has neither the flag nor FIFOs in the file system: nothing
  to do there.
- `fsync_folder`: a new name is durable once its folder is fsynced (POSIX). Windows
  cannot open a folder as a file: there the name is as durable as NTFS's journal
  makes it (untested; ``MoveFileEx(MOVEFILE_WRITE_THROUGH)`` would be the next step).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path


def clear_nonblocking(fd: int) -> None:
    """Make ``fd`` blocking again (regular files ignore ``O_NONBLOCK``; cleared all the same)."""
    if hasattr(os, "O_NONBLOCK") and hasattr(os, "set_blocking"):
        os.set_blocking(fd, True)


def fsync_folder(folder: Path, extra_flags: int = 0) -> None:
    """Make a new name in ``folder`` durable (best effort: not every system can fsync a folder)."""
    if sys.platform == "win32":
        return
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | extra_flags)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
