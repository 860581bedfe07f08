"""The routes without a seat: the join page and its form, the page's style and scripts, the table's authority.

``entry_routes(web)`` is the list mounted by ``app.py``. Joining checks the form's
origin and rate like every form; a wrong or expired join code is said on the
join page itself, in the page's language.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Route

from companion.i18n import Translator
from companion.web import pages
from companion.web.guard import COOKIE, body, client_of, lang_of
from companion.web.limits import refused
from companion.web.refusals import headers, html
from companion.web.seats import SeatError, new_device_id

if TYPE_CHECKING:
    from companion.web.parts import Served


async def join_page(web: Served, request: Request) -> Response:
    lang = lang_of(request.query_params.get("lang"), web.parts.lang)
    if not web.parts.rates.client.allow(client_of(request)):
        return web.guard.refuse(SeatError(429, "too_many"), request, lang)
    return html(pages.join_page(lang, web.game_name(lang), web.seats.free_seats(), fingerprint=web.fingerprint))


async def join(web: Served, request: Request) -> Response:
    """The join code and a free seat: the seat is this device's (a cookie), and its page opens."""
    from companion.web.table import device_joined

    lang = web.parts.lang
    try:
        if not web.guard.same_origin(request):
            raise SeatError(403, "other_site")
        if not web.parts.rates.join.allow(client_of(request)):
            raise SeatError(429, "too_many")
        form = await body(request)
        lang = lang_of(form.get("lang"), lang)
        seat = web.seats.by_id.get(form.get("seat", ""))
        if not web.seats.check_code(form.get("code", "")) or seat is None:
            refused(403, "wrong_code", request.method, request.url.path, client_of(request))
            web.parts.refusals.count(client_of(request))
            t = Translator(lang, "web")
            return html(pages.join_page(lang, web.game_name(lang), web.seats.free_seats(),
                                        t("That join code opens no seat here: "
                                          "listen to the table and type it again."), fingerprint=web.fingerprint), 403)
        device = request.cookies.get(COOKIE) or new_device_id()
        web.seats.join(seat, device)
    except SeatError as error:
        return web.guard.refuse(error, request, lang)
    await run_in_threadpool(device_joined, web.parts, web.session, seat, "joined")
    # ``joined=1``: the seat's page knows a cookie was just set (none back: the browser blocks them, and is told).
    response = Response(status_code=303, headers=headers({"Location": f"{seat.path()}?lang={lang}&joined=1"}))
    response.set_cookie(COOKIE, device, path=seat.path(), httponly=True, samesite="strict", secure=web.server.https)
    return response


def _static(text: str, media_type: str) -> Response:
    return Response(text, media_type=media_type, headers=headers({"Cache-Control": "no-cache"}))


async def css(request: Request) -> Response:
    return _static(pages.CSS, "text/css")


async def script(request: Request) -> Response:
    return _static(pages.SCRIPT, "text/javascript")


async def scan_script(request: Request) -> Response:
    from companion.web.scan import SCRIPT_FILE

    return _static(SCRIPT_FILE.read_text(encoding="utf-8"), "text/javascript")


async def authority(web: Served, request: Request) -> Response:
    """The table's authority, for a device to install and trust (HTTPS only)."""
    tls = web.server.tls
    if tls is None:
        return web.guard.refuse(SeatError(404, "not_found"), request, web.parts.lang)
    return Response(tls.authority_der(), media_type="application/x-x509-ca-cert",
                    headers=headers({"Content-Disposition": 'attachment; filename="companion-table.crt"'}))


def entry_routes(web: Served) -> list[BaseRoute]:
    return [
        Route("/authority.crt", partial(authority, web), methods=["GET"]),
        Route("/", partial(join_page, web), methods=["GET"]),
        Route("/join", partial(join, web), methods=["POST"]),
        Route("/page.css", css, methods=["GET"]),
        Route("/page.js", script, methods=["GET"]),
        Route("/scan.js", scan_script, methods=["GET"]),
    ]


__all__ = ["entry_routes"]
