"""A quiet table: refused requests go to a log file, and the table hears at most one summary a minute.

Every refused request is one line in ``web-refusals.log`` in the data folder
(``COMPANION_DATA_DIR`` or the platform's, as the saves and records), never with
a secret (a seat's link is cut after its id); nothing is printed at the table's
prompt. While refusals go on, the table hears at most one sentence per
``interval`` seconds (``web_refused_summary`` with ``--json``): "12 requests
refused from 192.168.1.7 in the last minute."
"""

from __future__ import annotations

import logging
import threading
import time
from collections import Counter
from logging.handlers import RotatingFileHandler
from pathlib import Path

from companion.web.limits import LOG

#: Seconds between two summaries said at the table (at most one while refusals go on).
INTERVAL = 60.0
#: The log file's name in the data folder, and its size before it is rotated (one older file kept).
LOG_FILE = "web-refusals.log"
LOG_BYTES = 1_000_000


def log_to_file(folder: Path | None = None) -> Path | None:
    """The pages' log (``companion.web``) written to the data folder only, never to the terminal; its path, or
    ``None`` when the folder cannot be written (the lines are then dropped, still never printed)."""
    if folder is None:
        from companion.cards import data_dir

        folder = data_dir()
    path = folder / LOG_FILE
    for handler in list(LOG.handlers):
        if getattr(handler, "companion_web", False):
            LOG.removeHandler(handler)
            handler.close()
    LOG.propagate = False  # never the table's terminal (a screen reader would read every line)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        handler = RotatingFileHandler(path, maxBytes=LOG_BYTES, backupCount=1, encoding="utf-8", delay=True)
    except OSError:
        LOG.addHandler(logging.NullHandler())
        return None
    handler.companion_web = True  # type: ignore[attr-defined]
    handler.setFormatter(logging.Formatter("%(asctime)s %(message)s"))
    LOG.addHandler(handler)
    return path


class Refusals:
    """The refusals counted since the last summary, by client address (any thread)."""

    def __init__(self, interval: float = INTERVAL) -> None:
        self.interval = interval
        self._counts: Counter[str] = Counter()
        self.said_at = time.monotonic() - interval
        self._lock = threading.Lock()

    def count(self, client: str) -> None:
        with self._lock:
            self._counts[client] += 1

    def due(self, now: float | None = None) -> tuple[int, list[str]] | None:
        """The refusals to sum up now, (how many, from which addresses, most first), or ``None``: none, or one
        summary was said less than ``interval`` seconds ago."""
        now = time.monotonic() if now is None else now
        with self._lock:
            if not self._counts or now - self.said_at < self.interval:
                return None
            total = sum(self._counts.values())
            clients = [client for client, _ in self._counts.most_common()]
            self._counts.clear()
            self.said_at = now
            return total, clients


__all__ = ["INTERVAL", "LOG_FILE", "Refusals", "log_to_file"]
