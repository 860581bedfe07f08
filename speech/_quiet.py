"""Keep third-party chatter off the user's terminal.

accessible_output2 prints "Cannot find …" from C-level and Python code, and
libraries may write straight to file descriptors 1 and 2, so swapping
``sys.stdout`` is not enough: the descriptors themselves are pointed at
/dev/null for the duration. Anything another thread writes meanwhile is lost
too, so keep the block short (library import and construction only).
"""

from __future__ import annotations

import contextlib
import io
import os
import sys
import threading
from collections.abc import Iterator

_lock = threading.RLock()


def _flush() -> None:
    for stream in (sys.stdout, sys.stderr, sys.__stdout__, sys.__stderr__):
        try:
            if stream is not None:
                stream.flush()
        except (OSError, ValueError):
            pass


@contextlib.contextmanager
def quiet() -> Iterator[None]:
    """Silence stdout and stderr, at the Python and the file-descriptor level."""
    with _lock:
        _flush()
        saved = [os.dup(1), os.dup(2)]
        null = os.open(os.devnull, os.O_WRONLY)
        try:
            os.dup2(null, 1)
            os.dup2(null, 2)
            with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
                yield
        finally:
            _flush()
            os.dup2(saved[0], 1)
            os.dup2(saved[1], 2)
            for fd in (*saved, null):
                os.close(fd)
