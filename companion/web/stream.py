"""A seat's event stream (Server-Sent Events through sse-starlette): the public sentences and its own entries.

Each entry once, in order, by its id; a page that reconnects sends the last id it
read and hears what it missed. The stream ends when its seat is freed, re-keyed
or taken by another device (its generation changes) or when the game stops; an
idle stream gets a comment every ``KEEP_ALIVE`` seconds (phones and proxies keep
it open).
"""

from __future__ import annotations

import asyncio
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
    from companion.web.feed import Feed
    from companion.web.parts import Served

#: Seconds between two comments on an idle stream (keeps phones and proxies from closing it).
KEEP_ALIVE = 15.0
#: Milliseconds a page's browser waits before reconnecting by itself.
RETRY = 2000


async def events(web: Served, r: SeatRequest) -> Response:
    """``GET /seat/ID/SECRET/events``: the seat's stream, for the device holding it."""
    from companion.web.table import device_joined

    if not r.device:
        raise SeatError(403, "no_device")
    last = r.request.headers.get("last-event-id") or r.request.query_params.get("after") or "0"
    after = int(last) if last.isdigit() and len(last) < 12 else 0
    seat = r.seat
    was_away = seat.away
    generation = web.seats.open_stream(seat, r.device)
    if was_away:
        await run_in_threadpool(device_joined, web.parts, web.session, seat, "back")
    return EventSourceResponse(_entries(web, seat, generation, after), ping=KEEP_ALIVE, sep="\n",
                               ping_message_factory=lambda: ServerSentEvent(comment="still here"),
                               headers=headers({"X-Accel-Buffering": "no"}))


async def _entries(web: Served, seat: Seat, generation: int, after: int) -> AsyncIterator[ServerSentEvent]:
    feed: Feed = web.feed
    cursor = after
    try:
        yield ServerSentEvent(retry=RETRY)
        while not feed.closed and seat.generation == generation:
            waiter = feed.waiter()
            entries = feed.since(cursor, seat.id)
            for entry in entries:
                yield ServerSentEvent(json.dumps(entry.for_page(seat.lang), ensure_ascii=False), event=entry.kind,
                                      id=str(entry.id))
                cursor = entry.id
            if entries:
                continue
            if waiter is None:
                await asyncio.sleep(0.05)
                continue
            try:
                async with asyncio.timeout(KEEP_ALIVE):  # no task made per wake, unlike wait_for
                    await waiter.wait()
            except TimeoutError:
                pass
    finally:
        web.seats.close_stream(seat, generation)


__all__ = ["KEEP_ALIVE", "events"]
