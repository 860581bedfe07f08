"""The caller's side of a voice that speaks on its own worker thread.

``say`` only queues the sentence, tagged with the current generation, and
returns at once, so speaking never blocks the keyboard; an interrupt bumps the
generation (``_cancel``), which drops the stale sentences and stops the one
being said. Each backend supplies the queue entry, the cancel and ``speaking``.
"""

from __future__ import annotations

import threading
import time

from .base import SpeechUnavailable


class WorkerVoice:
    """``say``, ``stop`` and ``wait`` over a worker's queue (see the module docstring)."""

    #: Set when the backend broke mid-game; the next ``say`` raises it.
    failure: SpeechUnavailable | None
    _cond: threading.Condition
    _closed: bool

    def _enqueue(self, text: str, lang: str | None) -> None:
        """With the lock held: queue ``text`` (in ``lang``, ``None``: the voice's own) for the current generation."""
        raise NotImplementedError

    def _cancel(self) -> None:
        """With the lock held: drop queued sentences, stop the one being said."""
        raise NotImplementedError

    @property
    def speaking(self) -> bool:
        raise NotImplementedError

    def say(self, text: str, interrupt: bool = False, lang: str | None = None) -> None:
        if self.failure is not None:
            raise self.failure
        text = text.strip()
        with self._cond:
            if interrupt:
                self._cancel()
            if text and not self._closed:
                self._enqueue(text, lang)
                self._cond.notify()

    def stop(self) -> None:
        with self._cond:
            self._cancel()

    def wait(self, timeout: float | None = None) -> bool:
        """Waits until everything queued was said; False on timeout (for tests and scripts)."""
        deadline = None if timeout is None else time.monotonic() + timeout
        while self.speaking:
            if deadline is not None and time.monotonic() > deadline:
                return False
            time.sleep(0.005)
        return True
