"""A seat's event stream (Server-Sent Events through sse-starlette): the public sentences and its own entries.

Each entry once, in order, by its id; a page that reconnects sends the last id it
read and hears what it missed. The stream ends when its seat is freed, re-keyed
or taken by another device (its generation changes) or when the game stops; an
idle stream gets a comment every ``KEEP_ALIVE`` seconds (phones and proxies keep
it open).
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from typing import TYPE_CHECKING

from sse_starlette import EventSourceResponse, ServerSentEvent
from starlette.concurrency import run_in_threadpool
from starlette.responses import Response

from companion.web.guard import SeatRequest
from companion.web.refusals import headers
from companion.web.seats import Seat, SeatError

if TYPE_CHECKING:
    from companion.web.feed import Entry, Feed
    from companion.web.parts import Served

#: Seconds between two comments on an idle stream (keeps phones and proxies from closing it).
KEEP_ALIVE = 15.0
#: Milliseconds a page's browser waits before reconnecting by itself.
RETRY = 2000


async def events(web: Served, r: SeatRequest) -> Response:
    """``GET /seat/ID/SECRET/events``: the seat's stream, for the device holding it."""
    from companion.web.table import device_joined

    if not r.device:  # the page was given its cookie with itself: this browser keeps none (issue 30)
        web.seats.release(r.seat)  # the seat its page view took for a device that can never come back
        raise SeatError(403, "no_cookies")
    last = r.request.headers.get("last-event-id") or r.request.query_params.get("after") or "0"
    after = int(last) if last.isdigit() and len(last) < 12 else 0
    seat = r.seat
    was_away = seat.away
    generation = web.seats.open_stream(seat, r.device)
    if was_away:
        await run_in_threadpool(device_joined, web.parts, web.session, seat, "back")
    return stream_response(_entries(web, seat, generation, after))


async def _entries(web: Served, seat: Seat, generation: int, after: int) -> AsyncIterator[ServerSentEvent]:
    feed: Feed = web.feed
    try:
        yield ServerSentEvent(retry=RETRY)
        async for entry in feed.follow(after, seat.id, lambda: seat.generation == generation):
            yield sse(entry, seat.lang)
    finally:
        web.seats.close_stream(seat, generation)


def sse(entry: Entry, lang: str | None = None) -> ServerSentEvent:
    """One entry of a feed as a page's event, in ``lang`` when it was built in it (the table page's too)."""
    return ServerSentEvent(json.dumps(entry.for_page(lang), ensure_ascii=False), event=entry.kind, id=str(entry.id))


def stream_response(events: AsyncIterator[ServerSentEvent], extra: dict[str, str] | None = None) -> Response:
    """A page's event stream: a comment every ``KEEP_ALIVE`` seconds of silence, never buffered by a proxy."""
    response: Response = EventSourceResponse(events, ping=KEEP_ALIVE, sep="\n",
                                             ping_message_factory=lambda: ServerSentEvent(comment="still here"),
                                             headers={**headers(extra), "X-Accel-Buffering": "no"})
    return response


__all__ = ["KEEP_ALIVE", "RETRY", "events", "sse", "stream_response"]
