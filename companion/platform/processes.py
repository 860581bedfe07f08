"""Child processes of the built-in voice: waiting for one to exit, stopping it and what it started.

Waiting, woken the moment the child exits (a player cut off by a new line is noticed at once):

- Linux: a pidfd (``os.pidfd_open``), readable when the child exits;
- macOS and the BSDs: a kqueue (``select.kqueue``, ``KQ_FILTER_PROC`` / ``KQ_NOTE_EXIT``);
- Windows: ``Popen.wait``, which waits on the process handle (``WaitForSingleObject``);
- anywhere else, or when those fail: a short sleep.

Stopping: children are started with ``start_new_session=True`` (ignored on Windows), so
on POSIX ``os.killpg`` stops the player and anything it started. Without ``killpg``
(Windows) the child alone is stopped (``Popen.terminate`` / ``Popen.kill``, both
``TerminateProcess`` there). No process is looked up by number: the standard library
is enough (no psutil).
"""

from __future__ import annotations

import os
import select
import signal
import subprocess
import time
from typing import Any

#: How long to sleep where a child's exit cannot be waited for (seconds).
POLL = 0.005


def wait_for_exit(process: subprocess.Popen[Any], timeout: float) -> None:
    """Sleep until ``process`` exits or ``timeout`` passes, waking at once when it exits.

    ``Popen.wait(timeout)`` polls with growing sleeps on POSIX (up to 20 ms), so a player
    killed by a new line was noticed late and the next sentence started late.
    """
    if process.poll() is not None:
        return
    if os.name == "nt":
        try:
            process.wait(timeout)
        except subprocess.TimeoutExpired:
            pass
        return
    if not (_wait_pidfd(process.pid, timeout) or _wait_kqueue(process.pid, timeout)):
        time.sleep(min(timeout, POLL))


def _wait_pidfd(pid: int, timeout: float) -> bool:
    """Linux: ``True`` once waited on a pidfd; ``False`` where there is none."""
    pidfd_open = getattr(os, "pidfd_open", None)
    if pidfd_open is None:
        return False
    try:
        fd = pidfd_open(pid)
    except OSError:  # already reaped, or no pidfd on this kernel
        return False
    try:
        select.select([fd], [], [], timeout)
    finally:
        os.close(fd)
    return True


def _wait_kqueue(pid: int, timeout: float) -> bool:
    """macOS and the BSDs: ``True`` once waited on a kqueue; ``False`` where there is none."""
    kq: Any = select  # kqueue's names exist only where it does (mypy checks as Linux)
    if not hasattr(kq, "kqueue"):
        return False
    try:
        queue = kq.kqueue()
    except OSError:
        return False
    try:
        event = kq.kevent(pid, filter=kq.KQ_FILTER_PROC, flags=kq.KQ_EV_ADD | kq.KQ_EV_ONESHOT, fflags=kq.KQ_NOTE_EXIT)
        queue.control([event], 1, timeout)
    except OSError:  # gone already (ESRCH): nothing to wait for
        pass
    finally:
        queue.close()
    return True


def stop_group(process: subprocess.Popen[Any], *, force: bool = False) -> None:
    """Stop ``process`` and, on POSIX, its process group: SIGTERM, or SIGKILL with ``force``.

    A process already gone is no error.
    """
    killpg = getattr(os, "killpg", None)
    try:
        if killpg is not None:
            killpg(process.pid, signal.SIGKILL if force else signal.SIGTERM)
        elif force:
            process.kill()
        else:
            process.terminate()
    except (ProcessLookupError, PermissionError):
        pass
