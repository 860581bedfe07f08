"""Which programs run now, by name: how a Linux screen reader (Orca, Fenrir…) is found.

Linux: ``/proc/<pid>/comm`` and the first two words of ``/proc/<pid>/cmdline`` (a
screen reader started as ``python3 /usr/bin/orca``), no tool needed. Where there is no
``/proc`` (Windows, macOS) no Linux screen reader runs, so the answer is none: the
screen readers there (NVDA, JAWS, VoiceOver) are asked through accessible_output2
(speech/screenreader.py), which knows how to reach each one.
"""

from __future__ import annotations

import os
from collections.abc import Container
from pathlib import Path

#: Where Linux shows its processes.
PROC = "/proc"


def running(names: Container[str], proc: str | os.PathLike[str] | None = None) -> list[str]:
    """Those of ``names`` that some process runs as now, each once, in the order found."""
    root = Path(PROC if proc is None else proc)
    try:
        entries = list(root.iterdir())
    except OSError:
        return []
    found: list[str] = []
    for entry in entries:
        if not entry.name.isdigit():
            continue
        try:
            seen = [(entry / "comm").read_text().strip()]
            argv = (entry / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        seen += [os.path.basename(arg).decode(errors="replace") for arg in argv[:2]]
        for name in seen:
            if name in names and name not in found:
                found.append(name)
    return found
