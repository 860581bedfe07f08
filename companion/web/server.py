"""The web server of a served game: Starlette on uvicorn, in a background thread of the table's process.

It binds only where asked (``--host``, default 127.0.0.1; ``--port``, default any
free port), speaks HTTPS whenever it listens beyond the loopback (``tls.py``), stops
with the game, and checks every request itself: a Host header that is not one of
the served addresses is 421, a form from another origin 403, an unknown seat 404,
a link without its seat's secret 403 (and too many wrong secrets from one address
429), a seat held by another device 409 (its pages, streams and forms alike), too
many requests 429, a body over ``MAX_BODY`` bytes 413. Connections are bounded
(``limits.py``); ``X-Forwarded-For`` is read only from a configured proxy. A
seat's stream and answers carry only public sentences and that seat's own private
data; every refusal is one log line without its secret.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import json
import logging
import os
import socket
import threading
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from dataclasses import replace
from typing import Any, TextIO
from urllib.parse import parse_qs

import uvicorn
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import Route

from companion.announce import Priority, Utterance
from companion.i18n import LANGUAGES, Translator
from companion.render import Settings, capitalized
from companion.session import Narrator, Session, Table, Wiring
from companion.session.wiring import SecretHandler
from companion.web import pages
from companion.private.base import PrivateRules, to_act_only
from companion.web.device import DeviceLines
from companion.web.feed import Feed, WebOutput
from companion.web.hands import HandKeeper
from companion.web.join import KINDS, braille_code, qr_text, write_qr
from companion.web.limits import Limits, protocol_for, refused
from companion.web.seats import RateLimit, Seat, SeatError, Seats, new_device_id
from companion.web.answer import Answer
from companion.web.secret import WebSecrets

#: The largest request body read (a value, a join code): anything larger is refused unread.
MAX_BODY = 1024
#: The private notes a page shows again when it is (re)loaded.
NOTES_KEPT = 20
#: The most cards a page enters at once (a whole hand).
MAX_HAND = 8
COOKIE = "companion_device"
#: Seconds between two comments on an idle stream (keeps phones and proxies from closing it).
KEEP_ALIVE = 15.0
#: Seconds between two heartbeats of a page (its script); a seat whose device sent none for ``AWAY`` is away.
HEARTBEAT = 10.0
AWAY = 35.0
#: Seconds a request body may take to arrive (a slow sender is cut off).
BODY_TIMEOUT = 5.0
#: A proxy whose ``X-Forwarded-For`` is believed (an address or a comma-separated list); none by default.
PROXY_ENV = "COMPANION_WEB_PROXY"
#: More host names the pages answer to (comma-separated: a name the devices use for this machine).
HOSTS_ENV = "COMPANION_WEB_HOSTS"
#: ``1``: HTTPS even on the loopback; ``0``: plain HTTP even beyond it (not advised).
HTTPS_ENV = "COMPANION_WEB_HTTPS"
HEADERS = {
    "Content-Security-Policy": "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; "
                               "form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
    "Referrer-Policy": "no-referrer",  # a seat's link never leaves in a Referer header
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
}


class WebStartError(Exception):
    """The server could not start (the address is in use, or not this machine's): one sentence."""


def _is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def wants_https(host: str, https: bool | None = None) -> bool:
    """HTTPS by default whenever the server listens beyond the loopback (``COMPANION_WEB_HTTPS`` overrides)."""
    if https is not None:
        return https
    forced = os.environ.get(HTTPS_ENV, "").strip()
    if forced in ("0", "1"):
        return forced == "1"
    return not _is_loopback(host)


class WebServer:
    """The pages of one session's seats."""

    def __init__(self, table: Table, settings: Settings, host: str = "127.0.0.1", port: int = 0,
                 fallback: SecretHandler | None = None, *, https: bool | None = None, proxy: str | None = None,
                 limits: Limits | None = None, grace: float | None = None, away: float = AWAY) -> None:
        """The pages of ``table``'s seats, made before its session (they are part of its wiring); `attach` binds them.

        ``fallback``: the table's own secret prompt, for a fighter with no device.
        """
        self._session: Session | None = None
        self.host = host
        self.port = port
        self.lang = settings.lang
        self.https = wants_https(host, https)
        self.proxy = proxy if proxy is not None else (os.environ.get(PROXY_ENV) or None)
        self.limits = limits or Limits()
        self.away_after = away
        self.heartbeat = HEARTBEAT
        narrator = Narrator.for_table(table, settings)
        players = [(pid, str(narrator.renderer.player(narrator.ctx, pid))) for pid in table.rules.player_ids(table.state)]
        self.seats = Seats(players, self.lang) if grace is None else Seats(players, self.lang, grace)
        self.feed = Feed()
        self.output = WebOutput(self.feed)
        self._stopping = False
        reader = None
        if settings.interactive:
            from companion.ui.secret import SecretAsker, read_hidden

            fallback, reader = fallback or SecretAsker(), read_hidden
        private = table.game.private or PrivateRules(as_seat=to_act_only(table.rules))
        self.keeper = HandKeeper(private, self.seats, self.feed)
        self.secrets = WebSecrets(self.seats, self.feed, fallback, reader, stopped=lambda: self._stopping,
                                  hands=self.keeper)
        self.lines = DeviceLines(self.keeper)
        from companion.web.scan import Scanner

        self.scanner = Scanner(self.keeper, table.game.id)  # issue 26: cards scanned on the seats' pages
        self.seat_limit = RateLimit(40, 20)
        self.client_limit = RateLimit(60, 10)
        self.join_limit = RateLimit(8, 0.2)
        #: Wrong seat secrets (and unknown seats) from one address: as few as join codes.
        self.secret_limit = RateLimit(8, 0.2)
        #: Stream openings per seat (a page reconnecting backs off: 1 s, 2 s… up to 15 s).
        self.stream_limit = RateLimit(80, 2)
        self.fingerprint: str | None = None
        self._tls: Any = None
        self.allowed_hosts: set[str] = set()
        self.app = build_app(self)
        self._server: uvicorn.Server | None = None
        self._thread: threading.Thread | None = None
        self.bound: tuple[str, int] = (host, port)

    # ----------------------------------------------------------------- life

    def wired(self, wiring: Wiring) -> Wiring:
        """``wiring`` with the pages in it: their output, the hands as a listener, the devices' secret prompt, and
        every page's language."""
        wiring.announcer.add(self.output)
        from companion.web.table import table_controls

        return replace(wiring, listeners=(*wiring.listeners, self.keeper), secret_handler=self.secrets,
                       languages=frozenset(LANGUAGES), controls={**wiring.controls, **table_controls(self)})

    def attach(self, session: Session) -> None:
        """The session built with `wired`'s wiring: the pages now follow and act on it."""
        self._session = session
        self.keeper.bind(session)

    @property
    def session(self) -> Session:
        if self._session is None:
            raise RuntimeError("the pages are not attached to a session yet")
        return self._session

    def start(self, timeout: float = 10.0) -> None:
        t = Translator(self.lang, "web")
        try:
            info = socket.getaddrinfo(self.host, self.port, type=socket.SOCK_STREAM)[0]
            sock = socket.socket(info[0], socket.SOCK_STREAM)
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            sock.bind(info[4])
            sock.listen(1024)
        except (OSError, OverflowError) as error:
            # Translators: {host} a network address; {port} a port number; {reason} why, a short phrase from the system.
            raise WebStartError(t("The private pages cannot listen on {host} port {port}: {reason}", host=self.host,
                                  port=self.port, reason=getattr(error, "strerror", None) or error)) from None
        self.bound = (self.host, int(sock.getsockname()[1]))
        self.allowed_hosts = self._served_hosts()
        ssl_options: dict[str, Any] = {}
        if self.https:
            from companion.web.tls import TlsError, table_certificate

            try:
                self._tls = table_certificate(sorted({self.url_host, *self._addresses()}))
            except TlsError as error:
                sock.close()
                # Translators: {reason} why, a short phrase from the system.
                raise WebStartError(t("The private pages cannot make their certificate: {reason}",
                                      reason=str(error))) from None
            self.fingerprint = self._tls.fingerprint
            ssl_options = {"ssl_certfile": str(self._tls.cert_file), "ssl_keyfile": str(self._tls.key_file)}
        logging.getLogger("uvicorn.error").addHandler(logging.NullHandler())
        config = uvicorn.Config(self.app, log_config=None, log_level="warning", access_log=False, lifespan="off",
                                ws="none", http=protocol_for(self.limits), server_header=False, date_header=False,
                                limit_concurrency=None, timeout_keep_alive=5, timeout_graceful_shutdown=1,
                                proxy_headers=self.proxy is not None, forwarded_allow_ips=self.proxy or "",
                                **ssl_options)
        server = uvicorn.Server(config)
        self._server = server

        async def serve() -> None:
            self.feed.attach(asyncio.get_running_loop())
            watch = asyncio.ensure_future(self._watch_devices())
            try:
                await server.serve(sockets=[sock])
            finally:
                watch.cancel()

        self._thread = threading.Thread(target=lambda: asyncio.run(serve()), name="companion-web", daemon=True)
        self._thread.start()
        deadline = time.monotonic() + timeout
        while not server.started:
            if not self._thread.is_alive() or time.monotonic() > deadline:
                sock.close()
                raise WebStartError(t("The private pages could not start."))
            time.sleep(0.01)

    def stop(self) -> None:
        """With the game: the streams end, the server closes its socket."""
        self._stopping = True
        self.feed.close()
        if self._server is not None:
            self._server.should_exit = True
        if self._thread is not None:
            self._thread.join(timeout=5)

    async def _watch_devices(self) -> None:
        """Each second: a seat whose device vanished (no stream, no heartbeat) is said away at the table, once."""
        from companion.web.table import device_away

        loop = asyncio.get_running_loop()
        while not self._stopping:
            await asyncio.sleep(min(1.0, self.away_after / 4))
            now = time.monotonic()
            for seat in self.seats:
                if seat.device is None or seat.away:
                    continue
                stale = now - seat.seen_at > self.away_after
                if self.seats.state(seat, now) == "away" or stale:
                    seat.away = True
                    loop.run_in_executor(None, device_away, self, seat)

    # ----------------------------------------------------------------- addresses

    @property
    def scheme(self) -> str:
        return "https" if self.https else "http"

    @property
    def url_host(self) -> str:
        host = self.bound[0]
        if host in ("", "0.0.0.0", "::"):
            host = _lan_address(host == "::")
        return host

    @property
    def base_url(self) -> str:
        host, port = self.url_host, self.bound[1]
        try:
            if ipaddress.ip_address(host).version == 6:
                host = f"[{host}]"
        except ValueError:
            pass
        return f"{self.scheme}://{host}:{port}"

    def _addresses(self) -> set[str]:
        """The addresses this server answers on: the one bound, and every one of this machine when it is a wildcard."""
        host = self.bound[0]
        found = {host} if host not in ("", "0.0.0.0", "::") else set()
        if _is_loopback(host) or not found:
            found |= {"127.0.0.1", "::1", "localhost"}
        if not found - {"127.0.0.1", "::1", "localhost"}:
            if host in ("", "0.0.0.0", "::"):
                found.add(_lan_address(host == "::"))
                with contextlib.suppress(OSError):
                    for info in socket.getaddrinfo(socket.gethostname(), None):
                        found.add(str(info[4][0]).split("%")[0])
        found |= {h.strip() for h in os.environ.get(HOSTS_ENV, "").split(",") if h.strip()}
        return {h for h in found if h}

    def _served_hosts(self) -> set[str]:
        """Every Host header the pages accept (DNS rebinding names another host: refused)."""
        port = self.bound[1]
        hosts = set()
        for host in self._addresses():
            shown = f"[{host}]" if ":" in host else host
            hosts.add(f"{shown}:{port}".lower())
            if port == (443 if self.https else 80):
                hosts.add(shown.lower())
        return hosts

    def seat_url(self, seat: Seat) -> str:
        """A seat's own link (its secret): for that seat's device only, never said at the table."""
        return self.base_url + seat.path()

    @property
    def join_url(self) -> str:
        """The seat-less address: the join page, where the join code is typed."""
        return self.base_url + "/"

    def announce_join(self, qr: bool = False, stream: TextIO | None = None, qr_file: Path | None = None) -> None:
        """The join address and code, said at the table only (never to the pages); never a seat's own link.

        On a braille display the code is in computer braille (every letter and digit as typed). With ``qr``
        the join address is drawn as a QR code on ``stream`` (the terminal; none with --json, whose line
        has it as ``qr``): speech and braille only hear that it is shown; ``qr_file`` is the one written.
        With HTTPS the certificate's fingerprint is said too (``web_fingerprint``).
        """
        t = Translator(self.lang, "web")
        session, url = self.session, self.join_url
        self.say_code()
        if self.fingerprint is not None:
            from companion.web.tls import spoken_fingerprint

            short = spoken_fingerprint(self.fingerprint)
            # Translators: {short} the first characters of a fingerprint.
            session.say(t("The pages are encrypted. The fingerprint of the table's authority begins {short}; the join "
                          "page shows it whole.", short=short), "web_fingerprint",
                        {"sha256": self.fingerprint}, Priority.NORMAL, skip=(self.output,))
        if qr:
            drawing = qr_text(url)
            session.say(t("A QR code of the join address is shown on screen."), "web_qr", {"url": url, "qr": drawing},
                        Priority.NORMAL, skip=(self.output,))
            if stream is not None:
                stream.write(drawing)
                stream.flush()
        if qr_file is not None:
            # Translators: {path} a file or folder name.
            session.say(t("The QR code of the join address is in {path}.", path=qr_file), "web_qr_file",
                        {"url": url, "path": str(qr_file)}, Priority.NORMAL, skip=(self.output,))

    def say_code(self, new: bool = False) -> None:
        """The join address and the join code (``new``: the table asked for a new one), at the table only."""
        t = Translator(self.lang, "web")
        session, url, code = self.session, self.join_url, self.seats.code

        def join(code_text: str) -> str:
            if new:
                # Translators: {url} a web address; {code} a short code.
                return t("New join code for the free seats: open {url} and type {code}.", url=url, code=code_text)
            # Translators: {url} a web address; {code} a short code.
            return t("Private devices: open {url} and type the join code {code}.", url=url, code=code_text)

        cells = None
        if session.wiring.braille is not None:
            from companion.braille.translate import BrailleUnavailable

            with contextlib.suppress(BrailleUnavailable):
                cells = join(braille_code(code, self.lang))  # liblouis keeps the cells amid the words it translates
        session.wiring.announcer.announce(Utterance(join(" ".join(code)), self.lang, "web_join", {"url": url, "code": code},
                                             Priority.NORMAL, braille=cells), skip=(self.output,))

    # ----------------------------------------------------------------- what the pages show

    def status_sentence(self, lang: str) -> str:
        session = self.session
        narrator = session.narrator
        return capitalized(narrator.renderer.render(session.table.rules.status(session.state), narrator.context(lang)))

    def game_name(self, lang: str) -> str:
        return str(self.session.table.game.spec.name(lang))


def _lan_address(v6: bool) -> str:
    """This machine's address on the local network (no packet is sent: a UDP socket only picks its route)."""
    family, probe = (socket.AF_INET6, "2001:db8::1") if v6 else (socket.AF_INET, "192.0.2.1")
    try:
        with socket.socket(family, socket.SOCK_DGRAM) as sock:
            sock.connect((probe, 9))
            return str(sock.getsockname()[0])
    except OSError:
        return "::1" if v6 else "127.0.0.1"


def serve(table: Table, settings: Settings, wiring: Wiring, host: str = "127.0.0.1", port: int = 0, *, qr: bool = False,
          qr_file: Path | None = None, stream: TextIO | None = None, https: bool | None = None) -> tuple[Session, WebServer]:
    """The session of ``table`` with its pages: ``wiring`` plus the pages' output, hands, secret prompt and the table's
    commands over the devices; started, and the join code said.

    ``qr`` draws the join address as a QR code on ``stream``; ``qr_file`` writes it (SVG or PNG) before anything is said.
    ``https`` (``None``: whenever ``host`` is not the loopback) serves the pages encrypted with the table's certificate.
    :raises WebStartError: the server cannot start, or ``qr_file`` cannot be written (one sentence).
    """
    t = Translator(settings.lang, "web")
    if qr_file is not None:
        problem = _qr_file_problem(qr_file, t)
        if problem:
            raise WebStartError(problem)
    web = WebServer(table, settings, host, port, wiring.secret_handler, https=https)
    session = Session(table, settings, web.wired(wiring))
    web.attach(session)
    web.start()
    if qr_file is not None:
        try:
            write_qr(web.join_url, qr_file)
        except OSError as error:
            web.stop()
            # Translators: {path} a file or folder name; {reason} why, a short phrase from the system.
            raise WebStartError(t("The QR code cannot be written to {path}: {reason}.", path=qr_file,
                                  reason=error.strerror or error)) from None
    web.announce_join(qr, stream, qr_file)
    return session, web


def _qr_file_problem(path: Path, t: Translator) -> str | None:
    """What is wrong with ``--qr-file`` before the server starts: its suffix, a missing folder, a folder named."""
    if path.suffix.lower() not in KINDS:
        # Translators: {path} a file or folder name.
        return t("companion: --qr-file {path}: give a file name ending in .svg or .png.", path=path)
    if not path.parent.is_dir():
        # Translators: {path} a file or folder name; {folder} a folder name.
        return t("The QR code cannot be written to {path}: the folder {folder} does not exist.", path=path,
                 folder=path.parent)
    return None


# --------------------------------------------------------------------------- the application


def _lang(value: str | None, default: str) -> str:
    return value if value in LANGUAGES else default


def _headers(extra: dict[str, str] | None = None) -> dict[str, str]:
    return {**HEADERS, **(extra or {})}


def _html(text: str, status: int = 200) -> HTMLResponse:
    return HTMLResponse(text, status, headers=_headers())


def _refusal(error: SeatError, lang: str, wants_json: bool, request: Request | None = None) -> Response:
    if request is not None:
        refused(error.status, error.code, request.method, request.url.path, _client(request))
    t = Translator(lang, "web")
    texts = {
        "unknown_seat": (t("No such seat"), t("This address is no seat of the game.")),
        # Translators: a page title: the address is not valid.
        "wrong_secret": (t("Wrong link"), t("This link is not this seat's: ask the table for your own link.")),
        "seat_taken": (t("Seat already open"), t("This seat is open on another device. Close it there, or wait a "
                                                "moment and open your link again.")),
        "too_many": (t("Too many requests"), t("Too many requests: wait a moment, then try again.")),
        "too_large": (t("Request too large"), t("That request is too large.")),
        # Translators: a page title: the action was refused.
        "other_site": (t("Refused"), t("That request came from another site.")),
        "wrong_host": (t("Refused"), t("This address is not the table's: open the address said at the table.")),
        "no_device": (t("Open your page first"), t("Open your seat's link first.")),
        "slow": (t("Refused"), t("That request took too long to arrive: send it again.")),
    }
    # Translators: a page title: the action was refused.
    refused_title = t("Refused")
    # Translators: the action was refused (the page's text).
    title, text = texts.get(error.code, (refused_title, t("Refused.")))
    if wants_json:
        return JSONResponse({"ok": False, "message": text}, error.status, headers=_headers())
    return _html(pages.message_page(lang, title, text), error.status)


async def _capped(request: Request, limit: int) -> bytes:
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


async def _body(request: Request) -> dict[str, str]:
    """The form sent, read up to ``MAX_BODY`` bytes within ``BODY_TIMEOUT`` seconds. :raises SeatError: 413, 408."""
    data = await _capped(request, MAX_BODY)
    try:
        fields = parse_qs(data.decode("utf-8"), keep_blank_values=True, max_num_fields=MAX_HAND + 4)
    except (UnicodeDecodeError, ValueError):
        return {}
    return {k: v[0] for k, v in fields.items() if v}


def _client(request: Request) -> str:
    return request.client.host if request.client is not None else "?"


Handler = Callable[[Request], Awaitable[Response]]


class HostCheck:
    """Every request's Host header must be one of the served addresses (a DNS-rebinding name is not)."""

    def __init__(self, app: Any, web: WebServer) -> None:
        self.app = app
        self.web = web

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "http":
            host = next((v.decode("latin-1") for k, v in scope["headers"] if k == b"host"), "").lower()
            if host not in self.web.allowed_hosts:
                request = Request(scope, receive)
                response = _refusal(SeatError(421, "wrong_host"), self.web.lang, False, request)
                await response(scope, receive, send)
                return
        await self.app(scope, receive, send)


def same_origin(request: Request, web: WebServer) -> bool:
    """Whether a form comes from the page's own origin (the Origin header, else Fetch metadata)."""
    origin = request.headers.get("origin")
    site = request.headers.get("sec-fetch-site")
    if origin is not None and origin != "null":
        return origin.lower() == f"{web.scheme}://{request.headers.get('host', '')}".lower()
    if origin == "null":  # a form sent with no referrer (this page's policy): the browser's Fetch metadata tells
        return site == "same-origin"
    return site is None or site in ("same-origin", "none")  # no Origin at all: not a browser's cross-site form


def build_app(web: WebServer) -> Any:
    seats, feed, secrets_ = web.seats, web.feed, web.secrets

    def guarded(handler: Callable[[Request, Seat, str], Awaitable[Response]], post: bool = False,
                form: bool = True, stream: bool = False) -> Handler:
        """The seat of the link checked first (wrong secrets rate-limited); then the rate, the origin of a form,
        and that the device sending a form holds the seat."""
        async def run(request: Request) -> Response:
            lang = _lang(request.query_params.get("lang"), web.lang)
            wants_json = "application/json" in request.headers.get("accept", "")
            client = _client(request)
            try:
                if post and not same_origin(request, web):
                    raise SeatError(403, "other_site")
                try:
                    seat = seats.check(request.path_params["seat"], request.path_params["token"])
                except SeatError:
                    if not web.secret_limit.allow(client):
                        raise SeatError(429, "too_many") from None
                    raise
                lang = _lang(request.query_params.get("lang"), seat.lang)
                if stream:  # streams have their own bound per seat, never counted against page requests
                    if not web.stream_limit.allow(seat.id):
                        raise SeatError(429, "too_many")
                elif not web.seat_limit.allow(seat.id) or not web.client_limit.allow(client):
                    raise SeatError(429, "too_many")
                if post and form:
                    seats.holding(seat, request.cookies.get(COOKIE))
                return await handler(request, seat, lang)
            except SeatError as error:
                return _refusal(error, lang, wants_json, request)
        return run

    async def seat_page(request: Request, seat: Seat, lang: str) -> Response:
        from companion.web.table import device_joined

        device = request.cookies.get(COOKIE) or new_device_id()
        was_away = seat.away
        if seats.claim(seat, device) or was_away:
            await run_in_threadpool(device_joined, web, seat, was_away)
        feed.wake()
        seat.lang = lang
        # What this seat alone was told lately (a Priest's peek), shown again on a page reloaded after a phone slept.
        notes = [(e.text, e.lang) for e in feed.since(0, seat.id) if e.to == seat.id and e.kind == "note"][-NOTES_KEPT:]
        html = pages.seat_page(lang, web.game_name(lang), seat, seats.code, web.status_sentence(lang), lang,
                               feed.last_id, secrets_.prompt_for(seat.id), web.keeper.view(seat.id, lang), notes,
                               heartbeat=web.heartbeat)
        response = _html(html)
        response.set_cookie(COOKIE, device, path=seat.path(), httponly=True, samesite="strict", secure=web.https)
        return response

    async def events(request: Request, seat: Seat, lang: str) -> Response:
        from companion.web.table import device_joined

        device = request.cookies.get(COOKIE)
        if not device:
            raise SeatError(403, "no_device")
        last = request.headers.get("last-event-id") or request.query_params.get("after") or "0"
        after = int(last) if last.isdigit() and len(last) < 12 else 0
        was_away = seat.away
        generation = seats.open_stream(seat, device)
        if was_away:
            await run_in_threadpool(device_joined, web, seat, True)

        async def stream() -> AsyncIterator[str]:
            cursor = after
            try:
                yield "retry: 2000\n\n"
                while not feed.closed and seat.generation == generation:
                    waiter = feed.waiter()
                    entries = feed.since(cursor, seat.id)
                    for entry in entries:
                        data = json.dumps(entry.for_page(seat.lang), ensure_ascii=False)
                        yield f"id: {entry.id}\nevent: {entry.kind}\ndata: {data}\n\n"
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
                        yield ": still here\n\n"
            finally:
                seats.close_stream(seat, generation)

        return StreamingResponse(stream(), media_type="text/event-stream",
                                 headers=_headers({"X-Accel-Buffering": "no"}))

    def answered(request: Request, lang: str, answer: Answer) -> Response:
        if "application/json" in request.headers.get("accept", ""):
            found = {"ok": answer.ok, "message": answer.message, **({"hint": answer.hint} if answer.hint else {})}
            return JSONResponse(found, answer.status, headers=_headers())
        t = Translator(lang, "web")
        return _html(pages.message_page(lang, t("Your private actions"), answer.message), answer.status)

    async def check(request: Request, seat: Seat, lang: str) -> Response:
        form = await _body(request)
        lang = _lang(form.get("lang"), lang)
        return answered(request, lang, secrets_.check(seat.id, form.get("request", ""), form.get("value", ""), lang))

    async def secret(request: Request, seat: Seat, lang: str) -> Response:
        form = await _body(request)
        lang = _lang(form.get("lang"), lang)
        return answered(request, lang, secrets_.submit(seat.id, form.get("request", ""), form.get("value", ""), lang))

    async def cancel(request: Request, seat: Seat, lang: str) -> Response:
        form = await _body(request)
        lang = _lang(form.get("lang"), lang)
        return answered(request, lang, secrets_.cancel(seat.id, form.get("request", ""), lang))

    async def hand(request: Request, seat: Seat, lang: str) -> Response:
        form = await _body(request)
        lang = _lang(form.get("lang"), lang)
        # As many lists as the page shows (the script sends those only; without it, every list is sent).
        shown = min(web.keeper.lists(seat.id), MAX_HAND)
        cards = [form[f"card{i}"] for i in range(1, shown + 1) if form.get(f"card{i}")]
        answer = await run_in_threadpool(web.keeper.enter, seat.id, cards, lang)
        return answered(request, lang, answer)

    async def line(request: Request, seat: Seat, lang: str) -> Response:
        form = await _body(request)
        lang = _lang(form.get("lang"), lang)
        answer = await run_in_threadpool(web.lines.handle, seat.id, form.get("line", ""), lang)
        return answered(request, lang, answer)

    async def scan(request: Request, seat: Seat, lang: str) -> Response:
        """A code the page's own browser read (``BarcodeDetector``): its card entered in this seat's hand, or why not."""
        form = await _body(request)
        found = await run_in_threadpool(web.scanner.scan, seat.id, form.get("code", "")[:100], lang)
        return JSONResponse(found.to_json(), found.status, headers=_headers())

    async def frame(request: Request, seat: Seat, lang: str) -> Response:
        """A camera frame (a small JPEG) from this seat's page: decoded in memory, then dropped."""
        from companion.web.scan import MAX_FRAME

        data = await _capped(request, MAX_FRAME)
        found = await run_in_threadpool(web.scanner.frame, seat.id, data, lang)
        return JSONResponse(found.to_json(), found.status, headers=_headers())

    async def beat(request: Request, seat: Seat, lang: str) -> Response:
        """A page's heartbeat: its device is still there (a vanished phone stops sending them)."""
        return Response(status_code=204, headers=_headers())

    async def beat_guarded(request: Request, seat: Seat, lang: str) -> Response:
        from companion.web.table import device_joined

        was_away = seat.away
        seats.holding(seat, request.cookies.get(COOKIE))
        if was_away:
            await run_in_threadpool(device_joined, web, seat, True)
        return await beat(request, seat, lang)

    async def leave(request: Request, seat: Seat, lang: str) -> Response:
        """"Leave this seat": the seat is free again; the table is told."""
        from companion.web.table import seat_left

        form = await _body(request)
        lang = _lang(form.get("lang"), lang)
        seats.leave(seat, request.cookies.get(COOKIE))
        feed.wake()
        await run_in_threadpool(seat_left, web, seat)
        t = Translator(lang, "web")
        answer = Answer(200, True, t("You left your seat: this device no longer follows it."))
        response = answered(request, lang, answer)
        response.delete_cookie(COOKIE, path=seat.path())
        return response

    def free_seats() -> list[Seat]:
        return seats.free_seats()

    async def join_page(request: Request) -> Response:
        lang = _lang(request.query_params.get("lang"), web.lang)
        if not web.client_limit.allow(_client(request)):
            return _refusal(SeatError(429, "too_many"), lang, False, request)
        return _html(pages.join_page(lang, web.game_name(lang), free_seats(), fingerprint=web.fingerprint))

    async def join(request: Request) -> Response:
        from companion.web.table import device_joined

        lang = web.lang
        try:
            if not same_origin(request, web):
                raise SeatError(403, "other_site")
            if not web.join_limit.allow(_client(request)):
                raise SeatError(429, "too_many")
            form = await _body(request)
            lang = _lang(form.get("lang"), lang)
            seat = seats.by_id.get(form.get("seat", ""))
            if not seats.check_code(form.get("code", "")) or seat is None:
                refused(403, "wrong_code", request.method, request.url.path, _client(request))
                t = Translator(lang, "web")
                return _html(pages.join_page(lang, web.game_name(lang), free_seats(),
                                             t("That join code is not this table's, or no longer opens a seat: "
                                               "listen to the table and type it again."), fingerprint=web.fingerprint),
                             403)
            device = request.cookies.get(COOKIE) or new_device_id()
            seats.join(seat, device)
        except SeatError as error:
            return _refusal(error, lang, False, request)
        await run_in_threadpool(device_joined, web, seat, False)
        response = Response(status_code=303, headers=_headers({"Location": f"{seat.path()}?lang={lang}"}))
        response.set_cookie(COOKIE, device, path=seat.path(), httponly=True, samesite="strict", secure=web.https)
        return response

    async def css(request: Request) -> Response:
        return Response(pages.CSS, media_type="text/css", headers=_headers({"Cache-Control": "no-cache"}))

    async def script(request: Request) -> Response:
        return Response(pages.SCRIPT, media_type="text/javascript", headers=_headers({"Cache-Control": "no-cache"}))

    async def scan_script(request: Request) -> Response:
        from companion.web.scan import SCRIPT_FILE

        return Response(SCRIPT_FILE.read_text(encoding="utf-8"), media_type="text/javascript",
                        headers=_headers({"Cache-Control": "no-cache"}))

    async def authority(request: Request) -> Response:
        """The table's authority, for a device to install and trust (HTTPS only)."""
        if web._tls is None:
            return _refusal(SeatError(404, "unknown_seat"), web.lang, False, request)
        return Response(web._tls.authority_der(), media_type="application/x-x509-ca-cert",
                        headers=_headers({"Content-Disposition": 'attachment; filename="companion-table.crt"'}))

    base = "/seat/{seat}/{token}"
    routes = [
        Route("/authority.crt", authority, methods=["GET"]),
        Route("/", join_page, methods=["GET"]),
        Route("/join", join, methods=["POST"]),
        Route("/page.css", css, methods=["GET"]),
        Route("/page.js", script, methods=["GET"]),
        Route("/scan.js", scan_script, methods=["GET"]),
        Route(base, guarded(seat_page), methods=["GET"]),
        Route(base + "/events", guarded(events, stream=True), methods=["GET"]),
        Route(base + "/check", guarded(check, post=True), methods=["POST"]),
        Route(base + "/secret", guarded(secret, post=True), methods=["POST"]),
        Route(base + "/cancel", guarded(cancel, post=True), methods=["POST"]),
        Route(base + "/hand", guarded(hand, post=True), methods=["POST"]),
        Route(base + "/line", guarded(line, post=True), methods=["POST"]),
        Route(base + "/scan", guarded(scan, post=True), methods=["POST"]),
        Route(base + "/frame", guarded(frame, post=True), methods=["POST"]),
        Route(base + "/beat", guarded(beat_guarded, post=True, form=False), methods=["POST"]),
        Route(base + "/leave", guarded(leave, post=True), methods=["POST"]),
    ]
    return HostCheck(Starlette(routes=routes), web)


__all__ = ["MAX_BODY", "WebServer", "WebStartError", "serve", "wants_https"]
