"""Locks on open save files: one companion per file, on every system.

The lock is taken on the save file's own descriptor: ``fcntl.flock`` on Linux and
macOS, ``LockFileEx`` on byte 0 on Windows (``filelock.lock_descriptor``). Either is
held until the descriptor is closed or the process dies, however it dies, and it can
be taken before the file has its name. (filelock's ``FileLock`` would lock a second
file beside each save, by name; portalocker needs pywin32 for the probe below.)

Where ``fcntl`` exists, ``flock`` is called here as filelock calls it (contention is
``EAGAIN``, ``EWOULDBLOCK`` or ``EACCES``): importing filelock costs ``companion play``
its ``logging`` and ``threading`` before the first sentence (issue 34). Elsewhere
filelock is imported when the first lock is taken.

Where no lock exists at all (no ``fcntl``, not Windows, or a file system without
locks) a lock is granted: the game goes on unlocked rather than not at all.
"""

from __future__ import annotations

import errno
import sys

#: What ``flock`` says when another descriptor holds the lock (some file systems say EACCES).
_CONTENTION = frozenset({errno.EACCES, errno.EAGAIN, errno.EWOULDBLOCK})

if sys.platform == "win32":
    def _lock(fd: int) -> bool:
        import warnings

        with warnings.catch_warnings():  # "only soft file lock is available": said above, not warned
            warnings.simplefilter("ignore", UserWarning)
            from filelock import lock_descriptor
        return bool(lock_descriptor(fd, blocking=False))

    def _unlock(fd: int) -> None:
        from filelock import unlock_descriptor

        unlock_descriptor(fd)
else:
    try:
        import fcntl
    except ImportError:  # a system with no lock at all
        fcntl = None  # type: ignore[assignment]

    def _lock(fd: int) -> bool:
        if fcntl is None:
            raise OSError(errno.ENOSYS, "no file locks here")
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as error:
            if error.errno in _CONTENTION:
                return False
            raise
        return True

    def _unlock(fd: int) -> None:
        if fcntl is None:
            raise OSError(errno.ENOSYS, "no file locks here")
        fcntl.flock(fd, fcntl.LOCK_UN)


def try_lock(fd: int) -> bool:
    """Lock ``fd`` exclusively without waiting: ``False`` only when another descriptor holds the lock."""
    try:
        return _lock(fd)
    except OSError:  # no native lock here (ENOSYS), or none on this file system (ENOLCK, EOPNOTSUPP)
        return True


def held_elsewhere(fd: int) -> bool:
    """``True`` when another descriptor holds ``fd``'s file locked; ``fd`` is left unlocked.

    The probe takes the lock and gives it back at once (Windows has no shared lock
    without pywin32, so every system probes the same way).
    """
    if not try_lock(fd):
        return True
    try:
        _unlock(fd)
    except OSError:  # nothing was locked (no lock here): nothing to give back
        pass
    return False
