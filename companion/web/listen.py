"""The HTTPS port's front door: each accepted connection is TLS, or plain HTTP redirected, or closed.

uvicorn's own TLS (asyncio's ``create_server(ssl=…)``) neither counts nor bounds the connections that have not
finished their handshake, and keeps each 60 seconds: a crowd of silent sockets would hold every file the process
may open, and no page, form or join would answer. So the server listens in plain TCP and each connection goes
through a ``Front`` first:

- its **first byte** says what it is: ``0x16`` (a TLS ClientHello) is handed to asyncio's TLS (``SSLProtocol``,
  fed the bytes already read) and, once the handshake is done, to the HTTP protocol; an ASCII letter is plain HTTP
  sent to the HTTPS port, answered with a redirect to the same path over ``https://`` (301, or 308 for a form);
  anything else is closed;
- every connection that has not finished its handshake is **counted and bounded** (``Handshakes``): per client
  address (``per_client``) and in all (``most``), the one waiting longest is closed to make room, so a new
  visitor's handshake always gets its turn;
- each has ``timeout`` seconds (from its arrival) to finish its handshake, or is closed.
"""

from __future__ import annotations

import asyncio
import math
import re
import ssl
from asyncio import sslproto
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from companion.web.limits import LOG

#: Seconds a connection has, from its arrival, to finish its TLS handshake (a phone on Wi-Fi takes well under one).
HANDSHAKE_TIMEOUT = 5.0
#: Connections that have not finished their handshake, in all and per client address.
MOST_HANDSHAKING = 128
PER_CLIENT_HANDSHAKING = 32
#: The listening queue, and the most connections asyncio accepts in one go (its ``backlog``): uvicorn's 2,048 let
#: one burst of silent connections take every file the process may open before any of them is counted.
ACCEPT_BATCH = 128
#: The most bytes of a plain HTTP request head read before it is redirected.
MAX_HEAD = 4096
TLS_RECORD = 0x16
_TARGET = re.compile(r"^/[!-~]*$")  # a path of printable ASCII, no space or control character

#: What the redirect needs at the moment it is sent: the Host headers served, and the address said at the table.
Served = Callable[[], tuple[set[str], str]]


@dataclass
class Handshakes:
    """The connections that have not finished their handshake, oldest first (the server's loop only)."""

    timeout: float = HANDSHAKE_TIMEOUT
    most: int = MOST_HANDSHAKING
    per_client: int = PER_CLIENT_HANDSHAKING
    pending: OrderedDict[Front, None] = field(default_factory=OrderedDict)
    by_client: dict[str, OrderedDict[Front, None]] = field(default_factory=dict)
    closed: int = 0

    def arrived(self, front: Front) -> None:
        """``front`` counts; beyond a bound, the oldest one of its address (or of all) is closed."""
        self.pending[front] = None
        mine = self.by_client.setdefault(front.client, OrderedDict())
        mine[front] = None
        if len(mine) > self.per_client:
            self._close(next(iter(mine)), "too many unfinished handshakes from this address")
        if len(self.pending) > self.most:
            self._close(next(iter(self.pending)), "too many unfinished handshakes")

    def done(self, front: Front) -> None:
        """``front`` finished its handshake, or closed: it no longer counts."""
        self.pending.pop(front, None)
        mine = self.by_client.get(front.client)
        if mine is not None:
            mine.pop(front, None)
            if not mine:
                del self.by_client[front.client]

    def close_all(self) -> None:
        """With the server: every connection still waiting is closed."""
        for front in list(self.pending):
            self.done(front)
            front.abort()

    def _close(self, front: Front, why: str) -> None:
        self.done(front)
        self.closed += 1
        LOG.warning("closed a connection from %s: %s", front.client, why)
        front.abort()


def redirect(head: bytes, served: tuple[set[str], str]) -> bytes:
    """The plain HTTP answer to a request sent to the HTTPS port: the same path, over ``https://``.

    The Host header is kept when it is one the pages serve; otherwise the address said at the table is used.
    """
    allowed, base = served
    lines = head.decode("latin-1").split("\r\n")
    parts = lines[0].split(" ")
    method = parts[0] if parts else ""
    target = parts[1] if len(parts) == 3 and _TARGET.match(parts[1]) else "/"
    host = next((line.split(":", 1)[1].strip().lower() for line in lines[1:] if line.lower().startswith("host:")), "")
    origin = f"https://{host}" if host in allowed else base
    status = "301 Moved Permanently" if method in ("GET", "HEAD") else "308 Permanent Redirect"
    return (f"HTTP/1.1 {status}\r\nLocation: {origin}{target}\r\nContent-Length: 0\r\nConnection: close\r\n"
            "Cache-Control: no-store\r\n\r\n").encode("latin-1")


class _Handover(asyncio.Protocol):
    """What TLS hands its transport to once the handshake is done: the HTTP protocol takes its place at once."""

    def __init__(self, front: Front) -> None:
        self.front = front

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.front.secured(transport)


class Front(asyncio.Protocol):
    """One accepted connection, until it is TLS (then HTTP), a plain request (redirected), or nothing (closed)."""

    inner: Callable[..., asyncio.Protocol]
    context: ssl.SSLContext
    handshakes: Handshakes
    served: Served

    def __init__(self, **options: Any) -> None:
        self.options = options  # uvicorn's, for the HTTP protocol made after the handshake
        self.client = "?"
        self.transport: asyncio.Transport | None = None
        self.head = b""
        self.timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.transport = transport
        peer = transport.get_extra_info("peername")
        self.client = str(peer[0]) if isinstance(peer, tuple) and peer else "?"
        self.timer = asyncio.get_running_loop().call_later(self.handshakes.timeout, self._timed_out)
        self.handshakes.arrived(self)

    def data_received(self, data: bytes) -> None:
        if self.transport is None or self.transport.is_closing():
            return
        if not self.head and data[:1] == bytes([TLS_RECORD]):
            self._start_tls(data)
            return
        self.head += data
        if not self.head[:1].isalpha():
            self.abort()
        elif b"\r\n\r\n" in self.head or len(self.head) >= MAX_HEAD:
            self._finish()
            self.transport.write(redirect(self.head[:MAX_HEAD], self.served()))
            self.transport.close()

    def connection_lost(self, exc: Exception | None) -> None:
        self._finish()

    def _start_tls(self, first: bytes) -> None:
        """asyncio's TLS takes the connection over, fed the ClientHello bytes already read."""
        assert self.transport is not None
        loop = asyncio.get_running_loop()
        waiter = loop.create_future()
        waiter.add_done_callback(self._handshake_over)
        tls = sslproto.SSLProtocol(loop, _Handover(self), self.context, waiter, server_side=True,
                                   ssl_handshake_timeout=math.ceil(self.handshakes.timeout))  # the front's timer is exact
        self.transport.set_protocol(tls)
        tls.connection_made(self.transport)
        while first:
            buffer = tls.get_buffer(len(first))
            size = min(len(buffer), len(first))
            buffer[:size] = first[:size]
            tls.buffer_updated(size)
            first = first[size:]

    def _handshake_over(self, waiter: asyncio.Future[Any]) -> None:
        if not waiter.cancelled():
            waiter.exception()  # retrieved: a failed handshake is the client's, never logged as the server's
        self._finish()

    def secured(self, transport: asyncio.BaseTransport) -> None:
        """The handshake is done: the HTTP protocol gets the encrypted transport."""
        self._finish()
        protocol = self.inner(**self.options)
        transport.set_protocol(protocol)
        protocol.connection_made(transport)

    def _timed_out(self) -> None:
        self.timer = None
        if self in self.handshakes.pending:
            LOG.warning("closed a connection from %s: no handshake within %g seconds", self.client,
                        self.handshakes.timeout)
            self.abort()

    def _finish(self) -> None:
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None
        self.handshakes.done(self)

    def abort(self) -> None:
        """Closed at once (the TLS layer above it, if any, learns it as a lost connection)."""
        self._finish()
        if self.transport is not None and not self.transport.is_closing():
            self.transport.abort()


def front_for(inner: Callable[..., asyncio.Protocol], context: ssl.SSLContext, handshakes: Handshakes,
              served: Served) -> type[Front]:
    """A ``Front`` class for one server: its HTTP protocol, TLS context, bounds and served addresses."""
    return type("HttpsFront", (Front,), {"inner": staticmethod(inner), "context": context, "handshakes": handshakes,
                                         "served": staticmethod(served)})


def server_context(cert_file: str, key_file: str) -> ssl.SSLContext:
    """The TLS context of the pages: TLS 1.2 or later, this table's certificate chain."""
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    context.load_cert_chain(cert_file, key_file)
    return context


__all__ = ["ACCEPT_BATCH", "Front", "HANDSHAKE_TIMEOUT", "Handshakes", "front_for", "redirect", "server_context"]
