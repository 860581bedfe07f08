"""Advisory locks on open save files: one companion per file.

Linux and macOS: ``fcntl.flock``, held by the descriptor until it is closed or the
process dies, however it dies. A Windows port would lock here with
``msvcrt.locking`` (or ``LockFileEx`` through ctypes, which also has shared locks);
until then nothing is locked on Windows (one companion per file is not enforced).
"""

from __future__ import annotations

import errno
import sys

if sys.platform != "win32":
    import fcntl

#: errno values meaning "another descriptor holds a conflicting lock".
_HELD = (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES)


def try_lock(fd: int, *, shared: bool = False) -> bool:
    """Lock ``fd`` without waiting: ``False`` only when another descriptor holds a conflicting lock.

    A file system without locks (ENOLCK, EOPNOTSUPP, EINVAL) answers ``True``: the
    game goes on unlocked rather than not at all.
    """
    if sys.platform == "win32":
        return True
    try:
        fcntl.flock(fd, (fcntl.LOCK_SH if shared else fcntl.LOCK_EX) | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    except OSError as error:
        return error.errno not in _HELD
    return True
