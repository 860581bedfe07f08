"""Locks on open save files: one companion per file, on every system.

The lock is taken on the save file's own descriptor (``filelock.lock_descriptor``):
``fcntl.flock`` on Linux and macOS, ``LockFileEx`` on byte 0 on Windows. Either is
held until the descriptor is closed or the process dies, however it dies, and it can
be taken before the file has its name. (filelock's ``FileLock`` would lock a second
file beside each save, by name; portalocker needs pywin32 for the probe below.)

Where no lock exists at all (no ``fcntl``, not Windows, or a file system without
locks) a lock is granted: the game goes on unlocked rather than not at all.
"""

from __future__ import annotations

import warnings

with warnings.catch_warnings():  # "only soft file lock is available" where fcntl is missing: said below, not warned
    warnings.simplefilter("ignore", UserWarning)
    from filelock import lock_descriptor, unlock_descriptor


def try_lock(fd: int) -> bool:
    """Lock ``fd`` exclusively without waiting: ``False`` only when another descriptor holds the lock."""
    try:
        return bool(lock_descriptor(fd, blocking=False))
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
        unlock_descriptor(fd)
    except OSError:  # nothing was locked (no lock here): nothing to give back
        pass
    return False
