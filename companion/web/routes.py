"""The routes of a seat's page: each handler takes the guard's `SeatRequest` (``guard.py``) and the served pages.

``seat_routes(web)`` is the list mounted by ``app.py``: the page, its stream, its
forms (a secret value, a hand, a line, a scanned code or frame), its heartbeat and
"Leave this seat" (asked to confirm first, with or without the script).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from functools import partial
from typing import TYPE_CHECKING

from starlette.concurrency import run_in_threadpool
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute

from companion.i18n import Translator
from companion.web import pages
from companion.web.answer import Answer
from companion.web.guard import COOKIE, MAX_HAND, SeatRequest, capped
from companion.web.hands import Busy, at_table
from companion.web.refusals import headers, html
from companion.web.seats import SeatError, new_device_id
from companion.web.stream import events

if TYPE_CHECKING:
    from companion.web.parts import Served

#: The private notes a page shows again when it is (re)loaded.
NOTES_KEPT = 20
#: The path of a seat's routes (its id and its secret).
BASE = "/seat/{seat}/{token}"


def answered(r: SeatRequest, lang: str, answer: Answer) -> Response:
    """An answer as JSON for the page's script, else as a page of its own."""
    if r.wants_json:
        found = {"ok": answer.ok, "message": answer.message, **({"hint": answer.hint} if answer.hint else {})}
        return JSONResponse(found, answer.status, headers=headers())
    t = Translator(lang, "web")
    return html(pages.message_page(lang, t("Your private actions"), answer.message), answer.status)


def set_device(response: Response, web: Served, path: str, device: str) -> None:
    response.set_cookie(COOKIE, device, path=path, httponly=True, samesite="strict", secure=web.server.https)


async def seat_page(web: Served, r: SeatRequest) -> Response:
    """The seat's page: it takes the seat for this device (its cookie), and shows what this seat alone was told."""
    from companion.web.table import device_joined

    seat = r.seat
    if r.device is None and r.request.query_params.get("joined") == "1":  # just joined, and no cookie came back
        web.seats.release(seat)
        raise SeatError(403, "no_cookies")
    device = r.device or new_device_id()
    was_away = seat.away
    how = web.seats.claim(seat, device)
    if how != "held" or was_away:
        await run_in_threadpool(device_joined, web.parts, web.session, seat, "back" if how == "held" else how)
    web.feed.wake()
    seat.lang = r.lang
    response = html(await run_in_threadpool(_page, web, r))
    set_device(response, web, seat.path(), device)
    return response


def _page(web: Served, r: SeatRequest) -> str:
    session, seat, lang = web.session, r.seat, r.lang
    # Not under the table's lock: the table may be waiting for this very page (a secret value). So the stream's
    # starting point is taken first: whatever is published while the page is made comes on its stream, once.
    after = web.feed.last_id
    # What this seat alone was told lately (a Priest's peek), shown again on a page reloaded after a phone slept.
    notes = [(e.text, e.lang) for e in web.feed.since(0, seat.id)
             if e.to == seat.id and e.kind == "note" and e.id <= after]
    view = web.hands.view(session, seat.id, lang)
    status = web.status_sentence(lang)
    return pages.seat_page(lang, web.game_name(lang), seat, web.seats.code, status, lang, after,
                           web.secrets.prompt_for(seat.id), view, notes[-NOTES_KEPT:], heartbeat=web.timing.heartbeat)


async def check(web: Served, r: SeatRequest) -> Response:
    form = await r.form()
    lang = r.lang_of(form)
    return answered(r, lang, web.secrets.check(r.seat.id, form.get("request", ""), form.get("value", ""), lang))


async def secret(web: Served, r: SeatRequest) -> Response:
    form = await r.form()
    lang = r.lang_of(form)
    return answered(r, lang, web.secrets.submit(r.seat.id, form.get("request", ""), form.get("value", ""), lang))


async def cancel(web: Served, r: SeatRequest) -> Response:
    form = await r.form()
    lang = r.lang_of(form)
    return answered(r, lang, web.secrets.cancel(r.seat.id, form.get("request", ""), lang))


def _busy(lang: str) -> Answer:
    return Answer(503, False, Translator(lang, "web")("The table is busy: send it again in a moment."))


async def hand(web: Served, r: SeatRequest) -> Response:
    """The cards chosen in the page's lists: the whole hand, or the cards still to enter."""
    form = await r.form()
    lang = r.lang_of(form)
    session = web.session
    # As many lists as the page shows (the script sends those only; without it, every list is sent).
    shown = min(web.hands.lists(session, r.seat.id), MAX_HAND)
    cards = [form[f"card{i}"] for i in range(1, shown + 1) if form.get(f"card{i}")]

    def enter() -> Answer:
        try:
            return at_table(session, lambda: web.hands.enter(session, r.seat.id, cards, lang))
        except Busy:
            return _busy(lang)

    return answered(r, lang, await run_in_threadpool(enter))


async def line(web: Served, r: SeatRequest) -> Response:
    form = await r.form()
    lang = r.lang_of(form)
    return answered(r, lang, await run_in_threadpool(web.lines.handle, r.seat.id, form.get("line", ""), lang))


async def scan(web: Served, r: SeatRequest) -> Response:
    """A code the page's own browser read (``BarcodeDetector``): its card added to this seat's hand, or why not."""
    form = await r.form()
    found = await run_in_threadpool(web.scanner.scan, r.seat.id, form.get("code", "")[:100], r.lang)
    return JSONResponse(found.to_json(), found.status, headers=headers())


async def frame(web: Served, r: SeatRequest) -> Response:
    """A camera frame (a small JPEG) from this seat's page: decoded in memory, then dropped."""
    from companion.web.scan import MAX_FRAME

    data = await capped(r.request, MAX_FRAME)
    found = await run_in_threadpool(web.scanner.frame, r.seat.id, data, r.lang)
    return JSONResponse(found.to_json(), found.status, headers=headers())


async def beat(web: Served, r: SeatRequest) -> Response:
    """A page's heartbeat: its device is still there (a vanished phone stops sending them)."""
    from companion.web.table import device_joined

    was_away = r.seat.away
    web.seats.holding(r.seat, r.device)
    if was_away:
        await run_in_threadpool(device_joined, web.parts, web.session, r.seat, "back")
    return Response(status_code=204, headers=headers())


async def leave(web: Served, r: SeatRequest) -> Response:
    """"Leave this seat", once confirmed: the seat is free again and forgets this player's hand and notes; the
    table is told. Without ``confirm=yes`` the page is asked to confirm first (a page of its own without script)."""
    from companion.web.table import seat_left

    form = await r.form()
    lang = r.lang_of(form)
    t = Translator(lang, "web")
    if form.get("confirm") != "yes":
        question = t("Leave this seat? Your hand and your private notes are cleared on it.")
        if r.wants_json:
            return JSONResponse({"ok": False, "confirm": True, "message": question}, 200, headers=headers())
        return html(pages.leave_page(lang, r.seat.path(), question))
    web.seats.leave(r.seat, r.device)
    web.feed.wake()
    await run_in_threadpool(seat_left, web.parts, web.session, r.seat)
    response = answered(r, lang, Answer(200, True, t("You left your seat: this device no longer follows it.")))
    response.delete_cookie(COOKIE, path=r.seat.path())
    return response


SeatHandler = Callable[["Served", SeatRequest], Awaitable[Response]]
#: Each seat route: its path after the seat's, its handler, and the guard's kind of request.
SEAT_ROUTES: tuple[tuple[str, SeatHandler, str], ...] = (
    ("", seat_page, "page"), ("/events", events, "stream"), ("/check", check, "form"), ("/secret", secret, "form"),
    ("/cancel", cancel, "form"), ("/hand", hand, "form"), ("/line", line, "form"), ("/scan", scan, "form"),
    ("/frame", frame, "form"), ("/beat", beat, "beat"), ("/leave", leave, "form"),
)


def seat_routes(web: Served) -> list[BaseRoute]:
    """The seat's routes, each behind the guard."""
    return [web.guard.route(BASE + path, partial(handler, web), kind) for path, handler, kind in SEAT_ROUTES]


__all__ = ["BASE", "NOTES_KEPT", "SEAT_ROUTES", "answered", "seat_routes"]
