"""The one guard of the pages: every request made into a typed `SeatRequest`, or refused in the seat's language.

A Starlette middleware (`HostCheck`) refuses any Host header that is not a served
address (a DNS-rebinding name); then each seat route's `Guard` checks, in order:
a form's origin (the Origin header, else Fetch metadata), the seat of the link
(a wrong secret is rate-limited per address), the rate (streams per seat, page
requests per seat and per address), and for a form that the device sending it
(its cookie) holds the seat. The handler then gets one `SeatRequest`. Every
refusal is one line in the refusals log (never a secret) and counted for the
table's summary (``quiet.py``).
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any
from urllib.parse import parse_qs

from starlette.requests import ClientDisconnect, Request
from starlette.responses import Response
from starlette.routing import Route

from companion.i18n import LANGUAGES
from companion.web.limits import refused
from companion.web.quiet import Refusals
from companion.web.refusals import refusal
from companion.web.seats import RateLimit, Seat, SeatError, Seats

#: The largest request body read (a value, a join code): anything larger is refused unread.
MAX_BODY = 1024
#: The most cards a page enters at once (a whole hand).
MAX_HAND = 8
#: Seconds a request body may take to arrive (a slow sender is cut off).
BODY_TIMEOUT = 5.0
COOKIE = "companion_device"


@dataclass
class Rates:
    """The rate limits of the pages (token buckets)."""

    seat: RateLimit
    client: RateLimit
    join: RateLimit
    #: Wrong seat secrets (and unknown seats) from one address: as few as join codes.
    secret: RateLimit
    #: Stream openings per seat (a page reconnecting backs off: 1 s, 2 s… up to 15 s).
    stream: RateLimit

    @classmethod
    def default(cls) -> Rates:
        return cls(RateLimit(40, 20), RateLimit(60, 10), RateLimit(8, 0.2), RateLimit(8, 0.2), RateLimit(80, 2))


@dataclass(frozen=True)
class SeatRequest:
    """One request of a seat's page, checked by the guard: its seat, language, device and client address."""

    request: Request
    seat: Seat
    lang: str
    #: The device's cookie (``None``: the browser sent none).
    device: str | None
    client: str
    wants_json: bool

    async def form(self) -> dict[str, str]:
        """The form sent (``MAX_BODY`` bytes at most). :raises SeatError: 413, 408."""
        return await body(self.request)

    def lang_of(self, form: dict[str, str]) -> str:
        """The page's language, as the form says it (the page may have switched)."""
        return lang_of(form.get("lang"), self.lang)


Handler = Callable[[SeatRequest], Awaitable[Response]]


def lang_of(value: str | None, default: str) -> str:
    return value if value in LANGUAGES else default


def client_of(request: Request) -> str:
    return request.client.host if request.client is not None else "?"


def wants_json(request: Request) -> bool:
    return "application/json" in request.headers.get("accept", "")


class Guard:
    """Turns a request into a `SeatRequest` for the route handlers, or refuses it (one log line, counted)."""

    def __init__(self, seats: Seats, rates: Rates, scheme: str, lang: str, refusals: Refusals) -> None:
        self.seats = seats
        self.rates = rates
        self.scheme = scheme
        self.lang = lang
        self.refusals = refusals

    def refuse(self, error: SeatError, request: Request, lang: str) -> Response:
        """The refusal's answer in ``lang``; its line in the log, and one more in the table's summary."""
        client = client_of(request)
        refused(error.status, error.code, request.method, request.url.path, client)
        self.refusals.count(client)
        return refusal(error, lang, wants_json(request))

    def same_origin(self, request: Request) -> bool:
        """Whether a form comes from the page's own origin (the Origin header, else Fetch metadata)."""
        origin = request.headers.get("origin")
        site = request.headers.get("sec-fetch-site")
        if origin is not None and origin != "null":
            return origin.lower() == f"{self.scheme}://{request.headers.get('host', '')}".lower()
        if origin == "null":  # a form sent with no referrer (this page's policy): the browser's Fetch metadata tells
            return site == "same-origin"
        return site is None or site in ("same-origin", "none")  # no Origin at all: not a browser's cross-site form

    def _seat(self, request: Request, client: str) -> Seat:
        try:
            return self.seats.check(request.path_params["seat"], request.path_params["token"])
        except SeatError:
            if not self.rates.secret.allow(client):
                raise SeatError(429, "too_many") from None
            raise

    def check(self, request: Request, kind: str) -> SeatRequest:
        """The typed request of ``kind`` (``page``, ``stream``, ``form``, ``beat``). :raises SeatError: refused."""
        client = client_of(request)
        if kind in ("form", "beat") and not self.same_origin(request):
            raise SeatError(403, "other_site")
        seat = self._seat(request, client)
        if kind == "stream":  # streams have their own bound per seat, never counted against page requests
            if not self.rates.stream.allow(seat.id):
                raise SeatError(429, "too_many")
        elif not self.rates.seat.allow(seat.id) or not self.rates.client.allow(client):
            raise SeatError(429, "too_many")
        device = request.cookies.get(COOKIE) or None
        if kind == "form":
            self.seats.holding(seat, device)
        lang = lang_of(request.query_params.get("lang"), seat.lang)
        return SeatRequest(request, seat, lang, device, client, wants_json(request))

    def route(self, path: str, handler: Handler, kind: str = "form") -> Route:
        """A seat's route: ``handler`` gets the checked request; every refusal is answered in the seat's language."""
        async def endpoint(request: Request) -> Response:
            lang = lang_of(request.query_params.get("lang"), self.lang)
            try:
                checked = self.check(request, kind)
                lang = checked.lang
                return await handler(checked)
            except SeatError as error:
                return self.refuse(error, request, lang)

        return Route(path, endpoint, methods=["GET"] if kind in ("page", "stream") else ["POST"])


class HostCheck:
    """Every request's Host header must be one of the served addresses (a DNS-rebinding name is not)."""

    def __init__(self, app: Any, allowed: Callable[[], set[str]], guard: Guard) -> None:
        self.app = app
        self.allowed = allowed
        self.guard = guard

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "http":
            host = next((v.decode("latin-1") for k, v in scope["headers"] if k == b"host"), "").lower()
            if host not in self.allowed():
                request = Request(scope, receive)
                response = self.guard.refuse(SeatError(421, "wrong_host"), request, self.guard.lang)
                await response(scope, receive, send)
                return
        await self.app(scope, receive, send)


async def capped(request: Request, limit: int) -> bytes:
    """The request's body, up to ``limit`` bytes within ``BODY_TIMEOUT`` seconds. :raises SeatError: 413, 408."""
    length = request.headers.get("content-length")
    if length is not None and (not length.isdigit() or int(length) > limit):
        raise SeatError(413, "too_large")

    async def read() -> bytes:
        data = b""
        async for chunk in request.stream():
            data += chunk
            if len(data) > limit:
                raise SeatError(413, "too_large")
        return data

    try:
        return await asyncio.wait_for(read(), BODY_TIMEOUT)
    except asyncio.TimeoutError:
        raise SeatError(408, "slow") from None
    except ClientDisconnect:  # gone before the whole body came: a refusal logged, never a 500 and its traceback
        raise SeatError(400, "gone") from None


async def body(request: Request) -> dict[str, str]:
    """The form sent, read up to ``MAX_BODY`` bytes within ``BODY_TIMEOUT`` seconds. :raises SeatError: 413, 408."""
    data = await capped(request, MAX_BODY)
    try:
        fields = parse_qs(data.decode("utf-8"), keep_blank_values=True, max_num_fields=MAX_HAND + 4)
    except (UnicodeDecodeError, ValueError):
        return {}
    return {k: v[0] for k, v in fields.items() if v}


__all__ = ["BODY_TIMEOUT", "COOKIE", "Guard", "Handler", "HostCheck", "MAX_BODY", "MAX_HAND", "Rates", "SeatRequest",
           "body", "capped", "client_of", "lang_of", "wants_json"]
