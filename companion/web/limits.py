"""What a stranger on the network can hold of the server: connections, time, and one log line per refusal.

uvicorn's own HTTP protocol (h11) is used with a few additions (``GuardedProtocol``):

- **TCP_NODELAY** on every connection (a kept-alive follow-up request is not held 40 ms by Nagle's algorithm);
- a **read timeout**: a connection that has not sent a whole request head within ``read_timeout`` seconds
  (a fresh one, or a kept-alive one between two requests) is closed;
- **idle connections are bounded**, per client address (``idle_per_client``) and in all (``idle_total``): the
  connection that has waited longest for a request is closed to make room, so a crowd of silent sockets can
  never starve a joined seat's next request. A connection carrying a seat's event stream is not idle and is
  never counted (streams are not counted against page requests either).

There is no global concurrency cap answering 503 to everyone. Every closing and every refused request is
logged, one line each, on the ``companion.web`` logger, without any secret (a seat's link is cut after its id).
"""

from __future__ import annotations

import asyncio
import logging
import re
import socket
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

LOG = logging.getLogger("companion.web")
#: A seat's link with its secret: what a log line keeps of it is the seat's id.
_SECRET_PATH = re.compile(r"^(/seat/[^/]+/)[^/?]+")


def redacted(path: str) -> str:
    """``path`` with a seat's secret cut out (``/seat/p2/…/events``)."""
    return _SECRET_PATH.sub(r"\1…", path.split("?", 1)[0])


def refused(status: int, code: str, method: str, path: str, client: str) -> None:
    """One line for one refused request, never its secret."""
    LOG.warning("refused %s %s: %s %s from %s", status, code, method, redacted(path)[:120], client)


@dataclass
class Limits:
    """The bounds, and the idle connections by client address (the server's loop only)."""

    read_timeout: float = 10.0
    #: The table's language: what a request no seat can be read from is refused in.
    lang: str = "en"
    #: Counts a refusal for the table's summary (``Refusals.count``, set once the pages are made).
    counted: Callable[[str], None] | None = None
    idle_per_client: int = 32
    idle_total: int = 512
    #: Each client address's idle connections, oldest first.
    idle: dict[str, OrderedDict[Any, None]] = field(default_factory=dict)
    total: int = 0
    closed: int = 0

    def waiting(self, protocol: Any) -> None:
        """``protocol`` waits for a request: it counts, and the oldest idle ones close beyond the bounds."""
        client = protocol.client_host
        mine = self.idle.setdefault(client, OrderedDict())
        if protocol in mine:
            return
        mine[protocol] = None
        self.total += 1
        if len(mine) > self.idle_per_client:
            self._close(next(iter(mine)), "too many idle connections from this address")
        if self.total > self.idle_total:
            oldest = min((conns for conns in self.idle.values() if conns), key=lambda c: next(iter(c)).idle_since)
            self._close(next(iter(oldest)), "too many idle connections")

    def busy(self, protocol: Any) -> None:
        """``protocol`` carries a request (or a stream) now: it is not idle."""
        mine = self.idle.get(protocol.client_host)
        if mine is not None and protocol in mine:
            del mine[protocol]
            self.total -= 1
            if not mine:
                del self.idle[protocol.client_host]

    def _close(self, protocol: Any, why: str) -> None:
        self.busy(protocol)
        self.closed += 1
        LOG.warning("closed a connection from %s: %s", protocol.client_host, why)
        protocol.close_idle()


class GuardedProtocol(H11Protocol):
    """uvicorn's h11 protocol with TCP_NODELAY, a read timeout and bounded idle connections."""

    limits: Limits = Limits()  # replaced by a subclass made per server (``protocol_for``)

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        sock = transport.get_extra_info("socket")
        if sock is not None and sock.family in (socket.AF_INET, socket.AF_INET6):
            try:
                sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            except OSError:
                pass
        self.client_host = self.client[0] if self.client else "?"
        self.idle_since = self.loop.time()
        self._read_timer: asyncio.TimerHandle | None = None
        self._wait_for_request()

    def _wait_for_request(self) -> None:
        self.idle_since = self.loop.time()
        self._cancel_read_timer()
        self._read_timer = self.loop.call_later(self.limits.read_timeout, self._read_timed_out)
        self.limits.waiting(self)

    def _cancel_read_timer(self) -> None:
        if getattr(self, "_read_timer", None) is not None:
            assert self._read_timer is not None
            self._read_timer.cancel()
            self._read_timer = None

    def _read_timed_out(self) -> None:
        self._read_timer = None
        if self.cycle is None or self.cycle.response_complete:
            LOG.warning("closed a connection from %s: no request within %g seconds", self.client_host,
                        self.limits.read_timeout)
            self.limits.busy(self)
            self.close_idle()

    def close_idle(self) -> None:
        self._cancel_read_timer()
        if not self.transport.is_closing():
            self.transport.close()

    def send_400_response(self, msg: str) -> None:
        """A request h11 cannot read (a bad request line, a header too large): one line in the log, and the refusal
        as a sentence in the table's language (uvicorn's own is plain English text)."""
        from companion.web import pages
        from companion.web.refusals import HEADERS, sentence

        refused(400, "unreadable", "-", "-", self.client_host)
        if self.limits.counted is not None:
            self.limits.counted(self.client_host)
        title, text = sentence("unreadable", self.limits.lang)
        body = pages.message_page(self.limits.lang, title, text).encode("utf-8")
        fields = [(b"content-type", b"text/html; charset=utf-8"), (b"connection", b"close"),
                  *((name.lower().encode(), value.encode()) for name, value in HEADERS.items())]
        for event in (h11.Response(status_code=400, headers=fields, reason=b"Bad Request"), h11.Data(data=body),
                      h11.EndOfMessage()):
            self.transport.write(self.conn.send(event) or b"")
        self.transport.close()

    def handle_events(self) -> None:
        before = self.cycle
        super().handle_events()
        if self.cycle is not None and self.cycle is not before and not self.cycle.response_complete:
            self._cancel_read_timer()
            self.limits.busy(self)

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if not self.transport.is_closing():
            self._wait_for_request()

    def connection_lost(self, exc: Exception | None) -> None:
        self._cancel_read_timer()
        self.limits.busy(self)
        super().connection_lost(exc)


def protocol_for(limits: Limits) -> type[GuardedProtocol]:
    """A protocol class bound to one server's ``limits``."""
    return type("ServerProtocol", (GuardedProtocol,), {"limits": limits})


__all__ = ["GuardedProtocol", "LOG", "Limits", "protocol_for", "redacted", "refused"]
