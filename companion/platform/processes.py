"""Child processes of the built-in voice: waiting for one to exit, signalling its group.

Linux: a pidfd (``os.pidfd_open``) becomes readable the moment the child exits, so a
player cut off by a new line is noticed at once; ``os.killpg`` stops the player and
anything it started (children are started with ``start_new_session=True``).
Elsewhere the wait is a short sleep. A macOS port would wait on a kqueue
(``select.kqueue`` with ``KQ_FILTER_PROC`` / ``KQ_NOTE_EXIT``); a Windows port
would wait on the process handle (``WaitForSingleObject``) and stop the group with
``CTRL_BREAK_EVENT`` sent to a child started with ``CREATE_NEW_PROCESS_GROUP``, or
``Popen.kill``.
"""

from __future__ import annotations

import os
import select
import subprocess
import time
from typing import Any

#: How long to sleep where a child's exit cannot be waited for (seconds).
POLL = 0.005


def wait_for_exit(process: subprocess.Popen[Any], timeout: float) -> None:
    """Sleep until ``process`` exits or ``timeout`` passes, waking at once when it exits.

    ``Popen.wait(timeout)`` polls with growing sleeps (up to 20 ms), so a player killed
    by a new line was noticed late and the next sentence started late.
    """
    if process.poll() is not None:
        return
    pidfd_open = getattr(os, "pidfd_open", None)
    if pidfd_open is None:
        time.sleep(min(timeout, POLL))
        return
    try:
        fd = pidfd_open(process.pid)
    except OSError:  # already reaped, or no pidfd on this kernel
        time.sleep(min(timeout, POLL))
        return
    try:
        select.select([fd], [], [], timeout)
    finally:
        os.close(fd)


def signal_group(pid: int, signum: int) -> None:
    """Send ``signum`` to the process group led by ``pid``; a group already gone is no error."""
    try:
        os.killpg(pid, signum)
    except (ProcessLookupError, PermissionError):
        pass
