"""What the pages are told: every public announcement, and each seat's own private messages.

One numbered log: an entry is public (``to`` is ``None``) or for one seat only.
A seat's stream reads the public entries and its own, never another seat's: the
filter is here, at the server. Entries hold sentences only; a secret value is
never put in the log. ``WebOutput`` is one more output of the announcer: every
sentence said at the table is published as it is said.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from typing import Any

from companion.announce import Utterance

#: Entries kept for pages that reconnect (a phone that slept catches up from its last entry).
KEPT = 2000
#: Seconds a follower waits for a publication before it looks again whether it still follows.
LOOK_AGAIN = 15.0
#: The addressee of a forgotten entry: no seat (its id stays, so streams still find their place by arithmetic).
NOBODY = ""


@dataclass(frozen=True)
class Entry:
    id: int
    kind: str  # say (public sentence) | ask (a private value to type) | done | note (a private sentence)
    text: str
    lang: str
    to: str | None = None
    data: dict[str, Any] = field(default_factory=dict)
    #: The same sentence in other languages (a page in the player's own language).
    texts: dict[str, str] = field(default_factory=dict)

    def for_page(self, lang: str | None = None) -> dict[str, Any]:
        """What the page receives: the sentence in ``lang`` when it was built in it, else as said."""
        text, text_lang = (self.texts[lang], lang) if lang in self.texts and lang is not None else (self.text, self.lang)
        return {"id": self.id, "text": text, "lang": text_lang, **self.data}


class Feed:
    """The log, safe to publish to from any thread; streams wait on it in the server's event loop."""

    def __init__(self) -> None:
        #: The entries, ids consecutive: a stream finds its place by arithmetic, not by reading the whole log.
        self._entries: list[Entry] = []
        self._next = 1
        self._lock = threading.Lock()
        self.loop: asyncio.AbstractEventLoop | None = None
        self._changed: asyncio.Event | None = None
        self.closed = False

    def attach(self, loop: asyncio.AbstractEventLoop) -> None:
        """Called in the server's loop once it runs."""
        self.loop = loop
        self._changed = asyncio.Event()

    def publish(self, kind: str, text: str, lang: str, to: str | None = None, data: dict[str, Any] | None = None,
                texts: dict[str, str] | None = None) -> Entry:
        with self._lock:
            entry = Entry(self._next, kind, text, lang, to, dict(data or {}), dict(texts or {}))
            self._next += 1
            self._entries.append(entry)
            if len(self._entries) > 2 * KEPT:
                del self._entries[:-KEPT]
        self._wake()
        return entry

    def forget(self, seat: str) -> None:
        """Every entry addressed to ``seat`` (its notes, its hand, its forms) is emptied and addressed to nobody:
        whoever takes the seat next reads none of them."""
        with self._lock:
            self._entries = [Entry(e.id, "gone", "", e.lang, NOBODY) if e.to == seat else e for e in self._entries]
        self._wake()

    def close(self) -> None:
        self.closed = True
        self._wake()

    def wake(self) -> None:
        """Every stream looks again (a seat freed: the stream of the device that held it ends)."""
        self._wake()

    def _wake(self) -> None:
        loop = self.loop
        if loop is not None and not loop.is_closed():
            try:
                loop.call_soon_threadsafe(self._set)
            except RuntimeError:  # the loop stopped meanwhile
                pass

    def _set(self) -> None:
        if self._changed is not None:
            self._changed.set()
            self._changed = asyncio.Event()

    @property
    def last_id(self) -> int:
        with self._lock:
            return self._next - 1

    def since(self, after: int, seat: str) -> list[Entry]:
        """The entries after ``after`` that ``seat`` may read: the public ones and its own."""
        with self._lock:
            if not self._entries:
                return []
            start = max(0, after - self._entries[0].id + 1)
            return [e for e in self._entries[start:] if e.to is None or e.to == seat]

    async def wait(self, timeout: float) -> None:
        """Until something is published (or ``timeout`` seconds); call before reading ``since`` to miss nothing."""
        changed = self._changed
        if changed is None:
            await asyncio.sleep(timeout)
            return
        try:
            await asyncio.wait_for(changed.wait(), timeout)
        except asyncio.TimeoutError:
            pass

    def waiter(self) -> asyncio.Event | None:
        """The event the next publication sets (taken before reading, so no publication is missed)."""
        return self._changed

    async def follow(self, after: int, seat: str, following: Callable[[], bool] = lambda: True) -> AsyncIterator[Entry]:
        """Each entry after ``after`` that ``seat`` may read, as it is published, while ``following()``; once the log
        closes, the last entries still (the game's end), then no more."""
        cursor = after
        while following():
            waiter = self.waiter()
            closing = self.closed
            entries = self.since(cursor, seat)
            for entry in entries:
                yield entry
                cursor = entry.id
            if closing:
                return
            if entries:
                continue
            if waiter is None:
                await asyncio.sleep(0.05)
                continue
            try:
                async with asyncio.timeout(LOOK_AGAIN):  # no task made per wake, unlike wait_for
                    await waiter.wait()
            except TimeoutError:
                pass


class WebOutput:
    """The announcer's output to the pages: each sentence said at the table, once, in order."""

    def __init__(self, feed: Feed) -> None:
        self.feed = feed

    def send(self, utterance: Utterance) -> None:
        self.feed.publish("say", utterance.text, utterance.lang, texts=utterance.texts)

    def close(self) -> None:
        self.feed.close()


__all__ = ["Entry", "Feed", "WebOutput"]
