"""A backend's calls, made one at a time on its own thread, so the game never waits for them.

Client libraries of speech services can block for ever: Speech Dispatcher's
Python client waits for a reply with no timeout, accessible_output2's screen
reader outputs may hang in their own IPC. A `CommandThread` runs those calls
in order on one daemon thread; the caller only queues them. ``start`` runs the
first call (connecting) and waits for it at most ``timeout`` seconds; after
that, ``check`` reports a call that has been running for longer than the
timeout, so the next sentence can go to another backend instead of into a
queue nobody reads.
"""

from __future__ import annotations

import collections
import threading
import time
from collections.abc import Callable

from .base import START_TIMEOUT, SpeechUnavailable

#: A queued call: the generation it belongs to (``None``: never dropped) and the call.
_Call = tuple[int | None, Callable[[], None]]


class CommandThread:
    """Runs calls in order on one daemon thread (see the module docstring)."""

    def __init__(self, name: str, broken: SpeechUnavailable, timeout: float = START_TIMEOUT) -> None:
        #: What ``check`` raises once a call failed or hangs.
        self.broken = broken
        self.timeout = timeout
        #: Set when a call failed or hung; every later ``check`` raises it.
        self.failure: SpeechUnavailable | None = None
        self._queue: collections.deque[_Call] = collections.deque()
        self._cond = threading.Condition()
        self._generation = 0
        self._busy_since: float | None = None
        self._closed = False
        self._thread = threading.Thread(target=self._run, name=name, daemon=True)
        self._thread.start()

    # ----------------------------------------------------------- the caller's side

    def start(self, first: Callable[[], None], timeout: float | None = None) -> None:
        """Runs ``first`` on the thread and waits for it at most ``timeout`` seconds.

        Re-raises what ``first`` raised; raises a `SpeechUnavailable` with
        ``timed_out`` set when it did not finish in time. Either way the caller
        then calls ``close`` (with what undoes ``first``, which runs whenever
        ``first`` finishes, if ever).
        """
        done = threading.Event()
        outcome: list[BaseException] = []

        def call() -> None:
            try:
                first()
            except BaseException as error:  # handed back to the caller below
                outcome.append(error)
            finally:
                done.set()

        with self._cond:
            self._queue.append((None, call))
            self._cond.notify()
        if not done.wait(self.timeout if timeout is None else timeout):
            self.failure = SpeechUnavailable(self.broken.message, timed_out=True, **self.broken.fields)
            raise self.failure
        if outcome:
            raise outcome[0]

    def call(self, function: Callable[[], None], droppable: bool = True) -> None:
        """Queues ``function``; a droppable call is forgotten by ``drop_pending`` if not yet run."""
        with self._cond:
            if self._closed:
                return
            self._queue.append((self._generation if droppable else None, function))
            self._cond.notify()

    def drop_pending(self) -> None:
        """Forgets the droppable calls not yet run (stale sentences)."""
        with self._cond:
            self._generation += 1
            self._queue = collections.deque(entry for entry in self._queue if entry[0] is None)

    def check(self) -> None:
        """Raises the failure: a call that failed, or one running for longer than the timeout."""
        if self.failure is None:
            busy = self._busy_since
            if busy is not None and time.monotonic() - busy > self.timeout:
                self.failure = self.broken
        if self.failure is not None:
            raise self.failure

    @property
    def idle(self) -> bool:
        """True when nothing is queued or running."""
        with self._cond:
            return not self._queue and self._busy_since is None

    def wait(self, timeout: float | None = None) -> bool:
        """Waits until every queued call ran; False on timeout (tests, benchmarks)."""
        deadline = None if timeout is None else time.monotonic() + timeout
        while not self.idle and self.failure is None:
            if deadline is not None and time.monotonic() > deadline:
                return False
            time.sleep(0.001)
        return self.failure is None

    def close(self, last: Callable[[], None] | None = None, wait: float = 1.0) -> None:
        """Runs ``last`` after what is queued, then stops the thread (waiting at most ``wait`` seconds)."""
        with self._cond:
            if self._closed:
                return
            if last is not None:
                self._queue.append((None, last))
            self._closed = True
            self._cond.notify()
        if wait > 0 and self.failure is None and threading.current_thread() is not self._thread:
            self._thread.join(timeout=wait)

    # ----------------------------------------------------------- the thread

    def _next(self) -> Callable[[], None] | None:
        with self._cond:
            while True:
                while not self._queue and not self._closed:
                    self._cond.wait()
                if not self._queue:
                    return None
                generation, function = self._queue.popleft()
                if generation is None or generation == self._generation:
                    self._busy_since = time.monotonic()
                    return function

    def _run(self) -> None:
        while True:
            function = self._next()
            if function is None:
                return
            try:
                function()
            except Exception:  # the service broke: stop here, ``check`` tells the caller
                with self._cond:
                    self.failure = self.failure or self.broken
                    self._queue = collections.deque(entry for entry in self._queue if entry[0] is None)
            finally:
                with self._cond:
                    self._busy_since = None
