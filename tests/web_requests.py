"""Requests to a served game's pages without a browser: a form posted for JSON, the value a seat is asked."""

from __future__ import annotations

import contextlib
import json
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from typing import Any


def post_json(url: str, data: dict[str, str]) -> tuple[int, dict[str, Any]]:
    """A form posted as a page's script posts it: the status and the JSON answer (5 s at most)."""
    request = urllib.request.Request(url, urllib.parse.urlencode(data).encode(), {"Accept": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=5) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


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
