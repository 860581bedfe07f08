"""Requests to a served game's pages without a browser: a form posted for JSON, the value a seat is asked."""

from __future__ import annotations

import contextlib
import json
import ssl
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from typing import Any


COOKIE = "companion_device"


def post_json(url: str, data: dict[str, str], device: str | None = None,
              headers: dict[str, str] | None = None, context: ssl.SSLContext | None = None) -> tuple[int, dict[str, Any]]:
    """A form posted as a page's script posts it (from ``device``, the cookie its page was given): the status and
    the JSON answer (5 s at most; ``context``: the TLS context of an HTTPS table)."""
    sent = {"Accept": "application/json", **({"Cookie": f"{COOKIE}={device}"} if device else {}), **(headers or {})}
    request = urllib.request.Request(url, urllib.parse.urlencode(data).encode(), sent)
    try:
        with urllib.request.urlopen(request, timeout=5, context=context) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def device_post(web: Any, seat: str, action: str, data: dict[str, str], device: str | None = None) -> tuple[int, dict[str, Any]]:
    """``action`` posted from the device holding ``seat`` (it takes the seat first when nobody holds it)."""
    held = web.seats.by_id[seat]
    device = device or held.device or f"device-of-{seat}"
    if held.device is None:
        web.seats.claim(held, device)
    return post_json(web.seat_url(held) + "/" + action, data, device)


def join_link(base: str, code: str, seat: str, lang: str = "en", timeout: float = 5,
              context: ssl.SSLContext | None = None) -> tuple[str, str]:
    """A seat taken with the join code, as the join page does: (the seat's own link, the device's cookie)."""
    class NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args: Any) -> None:
            return None

    opener = urllib.request.build_opener(NoRedirect, urllib.request.HTTPSHandler(context=context))
    body = urllib.parse.urlencode({"code": code, "seat": seat, "lang": lang}).encode()
    try:
        opener.open(base + "/join", body, timeout=timeout)
    except urllib.error.HTTPError as answer:
        if answer.code != 303:
            raise
        location = answer.headers["Location"].split("?")[0]
        cookie = answer.headers["Set-Cookie"].split(";")[0].split("=", 1)[1]
        return base + location, cookie
    raise AssertionError("the join page did not lead to a seat")


def request_of(web: Any, seat: str, timeout: float = 5) -> str:
    """The id of the value asked from ``seat``, read from the seat's own entries."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        asks = [e for e in web.feed.since(0, seat) if e.kind == "ask" and e.to == seat]
        if asks:
            return str(asks[-1].data["request"])
        time.sleep(0.01)
    raise AssertionError("nothing asked")


@contextlib.contextmanager
def served(game: str, start: bool = False, **options: Any) -> Iterator[tuple[Any, Any, Any]]:
    """A real session of ``game`` with its pages served on 127.0.0.1: (session, recorder, web); stopped at the end.

    ``start``: the opening is said first, then forgotten by the recorder.
    """
    from conftest import make_served


    session, recorder, web = make_served(game, **options)
    try:
        if start:
            session.start()
            recorder.clear()
        yield session, recorder, web
    finally:
        web.stop()


class RawStream:
    """A seat's event stream on a plain socket (no thread): opened with the seat's device cookie, read as it comes."""

    def __init__(self, web: Any, seat: str, device: str, after: int | None = None,
                 context: ssl.SSLContext | None = None) -> None:
        """``context``: over TLS (an HTTPS table)."""
        import socket

        held = web.seats.by_id[seat]
        host, port = web.bound
        after = web.feed.last_id if after is None else after
        self.sock = socket.create_connection((host, port), timeout=5)
        if context is not None:
            self.sock = context.wrap_socket(self.sock, server_hostname=host)
        self.sock.sendall((f"GET {held.path()}/events?after={after} HTTP/1.1\r\nHost: {host}:{port}\r\n"
                           f"Cookie: {COOKIE}={device}\r\nAccept: text/event-stream\r\n\r\n").encode())
        self.buffer = b""
        head = self.read_until(b"\r\n\r\n")
        self.status = int(head.split(b" ", 2)[1])

    def read_until(self, marker: bytes, timeout: float = 5) -> bytes:
        """What arrived up to ``marker`` (kept after it for the next read)."""
        deadline = time.monotonic() + timeout
        while marker not in self.buffer:
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"never received {marker!r}")
            self.sock.settimeout(left)
            chunk = self.sock.recv(65536)
            if not chunk:
                raise AssertionError("the stream closed")
            self.buffer += chunk
        found, self.buffer = self.buffer.split(marker, 1)
        return found + marker

    def close(self) -> None:
        self.sock.close()
