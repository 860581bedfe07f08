"""A foreign platform for the companion: what only Linux has is taken away before the companion starts.

Put on ``PYTHONPATH`` by :func:`tests.foreign.foreign_env` (Python imports ``sitecustomize``
at start-up, before anything else runs). In that process:

- ``fcntl`` (POSIX locks), ``louis`` (liblouis), ``speechd`` (Speech Dispatcher) and
  ``brlapi`` (BRLTTY) are found nowhere: ``import`` raises ``ModuleNotFoundError`` and
  ``importlib.util.find_spec`` answers None, as on a system that lacks them;
- ``os.pidfd_open`` and ``os.killpg`` are gone (Windows and macOS have neither);
- every path under ``/proc`` is missing to ``open``, ``os.open``, ``os.stat``,
  ``os.listdir`` and ``os.scandir`` (and so to ``pathlib``).

``COMPANION_FOREIGN_SEEN`` names a file where each blocked import and /proc access is
written, one name a line: the test checks that the companion did reach for them.
"""

from __future__ import annotations

import builtins
import importlib.abc
import io
import os
import sys
from typing import Any

BLOCKED = frozenset({"fcntl", "louis", "speechd", "brlapi"})
GONE = ("pidfd_open", "killpg")
PROC = "/proc"


def _seen(what: str) -> None:
    log = os.environ.get("COMPANION_FOREIGN_SEEN")
    if log:
        with _real_open(log, "a", encoding="utf-8") as out:
            out.write(what + "\n")


class _Without(importlib.abc.MetaPathFinder):
    """The finders Python had, asked for everything but the blocked modules: those are found nowhere.

    (A finder placed first that raised would also break ``importlib.util.find_spec``, which must
    answer None for a missing module.)
    """

    def __init__(self, finders: list[Any]) -> None:
        self.finders = finders

    def find_spec(self, fullname: str, path: Any = None, target: Any = None) -> Any:
        if fullname.split(".")[0] in BLOCKED:
            _seen(fullname)
            return None
        for finder in self.finders:
            find = getattr(finder, "find_spec", None)
            spec = find(fullname, path, target) if find is not None else None
            if spec is not None:
                return spec
        return None

    def invalidate_caches(self) -> None:
        for finder in self.finders:
            invalidate = getattr(finder, "invalidate_caches", None)
            if invalidate is not None:
                invalidate()


def _under_proc(path: Any) -> bool:
    if isinstance(path, int):
        return False
    try:
        name = os.fsdecode(os.fspath(path))
    except TypeError:
        return False
    return name == PROC or name.startswith(PROC + "/")


def _missing(real: Any) -> Any:
    def call(path: Any = ".", *args: Any, **kwargs: Any) -> Any:
        if _under_proc(path):
            _seen(PROC)
            raise FileNotFoundError(2, "No such file or directory (foreign platform)", os.fsdecode(os.fspath(path)))
        return real(path, *args, **kwargs)
    return call


_real_open = builtins.open
sys.meta_path[:] = [_Without(list(sys.meta_path))]
for _name in [m for m in sys.modules if m.split(".")[0] in BLOCKED]:
    del sys.modules[_name]
for _attr in GONE:
    if hasattr(os, _attr):
        delattr(os, _attr)
builtins.open = io.open = _missing(_real_open)
for _attr in ("open", "stat", "lstat", "listdir", "scandir"):
    setattr(os, _attr, _missing(getattr(os, _attr)))
