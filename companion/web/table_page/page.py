"""The table page's server side: its output, its secret reader, its routes.

Every sentence the announcer sends reaches the page's own log (``Feed``: one
numbered list, public entries only), with what the page needs to present it:
its language, its earcon (``companion/earcons.py``, from the same data as the
terminal's voice) and whether it is assertive (an error, a life, a round or a
game end: the earcons' ``important``). A line typed on the page is handled by
the session exactly as a line typed at the terminal, in a worker thread marked
as the page's, so that a secret value it asks is read from the page's hidden
field. A secret value travels once, from that field to the waiting prompt: it
is never published, logged, kept or answered back.

Every route checks that the request comes from this machine (the loopback) and
carries the page's secret; a form must come from the page's own origin.
"""

from __future__ import annotations

import asyncio
import ipaddress
import os
import queue
import secrets
import threading
import webbrowser
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qs

from msgspec.structs import replace
from starlette.concurrency import run_in_threadpool
from starlette.requests import ClientDisconnect, Request
from sse_starlette import ServerSentEvent
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import BaseRoute, Route

from companion.announce import Priority, Utterance
from companion.commands.base import MAX_LINE
from companion.i18n import Translator
from companion.session.wiring import Wiring
from companion.web.feed import Feed
from companion.web.limits import refused
from companion.web.pages import message_page
from companion.web.refusals import headers
from companion.web.stream import RETRY, sse, stream_response
from companion.web.table_page import document
from companion.web.table_page.help import PageHelp

if TYPE_CHECKING:
    from companion.earcons import Earcons
    from companion.session import Session

#: ``1``: the page's link is said at the table but no browser is opened (tests, a remote terminal).
PAGE_ENV = "COMPANION_NO_BROWSER"
#: The largest form read (a line of a few words, a value).
MAX_BODY = 2048
#: The word that accepts a suggestion, in the table's language (the parser takes both).
YES = {"fr": "oui", "en": "yes"}

#: ``help`` typed on the page: the page's keys, not the terminal's.
PAGE_HELP = PageHelp()

_thread = threading.local()
#: The hidden line of the terminal (``companion.ui.secret.read_hidden``); ``None``: cancelled.
Reader = Callable[[str], "str | None"]


def from_page() -> bool:
    """Whether the running thread handles a line typed on the table page."""
    return bool(getattr(_thread, "page", False))


def page_problem(host: str, lang: str) -> str | None:
    """Why the page cannot be served with ``--host host`` (it must be reachable on the loopback), or ``None``."""
    if host in ("", "0.0.0.0", "::", "localhost") or _loopback(host):
        return None
    t = Translator(lang, "web")
    return t("companion: --page needs this machine's address: --host 0.0.0.0 also serves the seats on the network.")


def _loopback(host: str) -> bool:
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


@dataclass
class _Asked:
    """A secret value awaited from the page: its request id and the one answer (the value, or ``None``: cancelled)."""

    request: str
    answer: queue.Queue[str | None] = field(default_factory=lambda: queue.Queue(maxsize=1))


class PageOutput:
    """The announcer's output to the table page: each sentence once, in order, with its earcon and urgency."""

    def __init__(self, page: TablePage) -> None:
        self.page = page

    def send(self, utterance: Utterance) -> None:
        self.page.publish(utterance)

    def close(self) -> None:
        self.page.feed.close()


class TablePage:
    """The table's own page: made before the session (it is part of the wiring), then attached to it."""

    def __init__(self, lang: str, sounds: str = "on", terminal: Reader | None = None,
                 earcons: Earcons | None = None) -> None:
        """``terminal``: the terminal's hidden line, for a value asked by a line typed there (``None``: a script, whose
        values are typed on the page too)."""
        from companion import earcons as earcon_data

        self.lang = lang
        self.sounds = sounds
        self.earcons = earcons if earcons is not None else earcon_data.load()
        self.token = secrets.token_urlsafe(24)
        self.feed = Feed()
        self.output = PageOutput(self)
        self.terminal = terminal
        #: Set once ``quit`` is typed on the page (or the game stops): the game's loop ends.
        self.stopped = threading.Event()
        self.url = ""
        self._asked: _Asked | None = None
        self._lock = threading.Lock()
        self._session: Session | None = None

    # ----------------------------------------------------------------- wiring

    @property
    def path(self) -> str:
        return f"/table/{self.token}"

    def wired(self, wiring: Wiring) -> Wiring:
        """``wiring`` with the page in it: its output, and a secret prompt that reads the page's hidden field."""
        from companion.ui.secret import SecretAsker

        wiring.announcer.add(self.output)
        return replace(wiring, secret_handler=SecretAsker(self.read_secret))

    def attach(self, session: Session, web: Any) -> None:
        """The session built with `wired`'s wiring and the seats' served pages (``Served``) whose server serves the page."""
        self._session = session
        web.secrets.reader = self.read_secret  # a fighter with no device types on the page (or the terminal)
        loopback = "[::1]" if web.bound[0] in ("::", "::1") else "127.0.0.1"
        self.url = f"{web.server.scheme}://{loopback}:{web.bound[1]}{self.path}"

    @property
    def session(self) -> Session:
        if self._session is None:
            raise RuntimeError("the table page is not attached to a session yet")
        return self._session

    def open(self) -> None:
        """Says the page's link at the table (never aloud, never on the page) and opens it in the default browser."""
        t = Translator(self.lang, "web")
        session = self.session
        speech = session.wiring.speech
        # Translators: {url} is the table page's secret link, written at the table only.
        session.say(t("The table's page: {url}", url=self.url), "page_link", {"url": self.url}, Priority.NORMAL,
                    skip=tuple(o for o in (speech, self.output) if o is not None))
        if os.environ.get(PAGE_ENV, "").strip() not in ("", "0"):
            return
        try:
            webbrowser.open(self.url)
        except webbrowser.Error:
            pass

    def close(self) -> None:
        """The game ended: the page says so and stops following (no reconnection)."""
        self.stopped.set()
        if not self.feed.closed:
            t = Translator(self.lang, "web")
            self.feed.publish("end", t("The game has ended: this page no longer follows it."), self.lang)
        self.feed.close()

    # ----------------------------------------------------------------- what the page is told

    def publish(self, utterance: Utterance) -> None:
        earcon = self.earcons.for_event(utterance.event, utterance.fields)
        assertive = utterance.event == "error" or (earcon is not None and earcon.important)
        data: dict[str, Any] = {"event": utterance.event, "sound": earcon.kind if earcon is not None else "",
                                "assertive": assertive,
                                "words": not (earcon is not None and earcon.replaces_words and self.sounds == "only")}
        if utterance.event == "error" and utterance.fields.get("suggestion"):
            data["suggestion"] = str(utterance.fields["suggestion"])
        self.feed.publish("say", utterance.text, utterance.lang, data=data)

    def earcon_recipes(self) -> dict[str, list[list[Any]]]:
        """Each earcon's tones, for the page's Web Audio: ``[wave, hz, seconds]`` (``hz``: a number or ``FROM-TO``)."""
        return {kind: [[tone.wave, tone.hz, tone.seconds] for tone in earcon.tones]
                for kind, earcon in self.earcons.sounds.items()}

    # ----------------------------------------------------------------- lines and values

    def read_secret(self, message: str) -> str | None:
        """The secret prompt's hidden line: from the page for a line typed there (or when no terminal reads one)."""
        if not from_page() and self.terminal is not None:
            return self.terminal(message)
        asked = _Asked(secrets.token_urlsafe(12))
        with self._lock:
            self._asked = asked
        self.feed.publish("ask", "", self.lang, data={"request": asked.request})
        try:
            while True:
                try:
                    return asked.answer.get(timeout=0.1)
                except queue.Empty:
                    if self.stopped.is_set():
                        return None
        finally:
            with self._lock:
                self._asked = None
            self.feed.publish("done", "", self.lang, data={"request": asked.request})

    def give_secret(self, request: str, value: str | None) -> bool:
        """The page's answer to the value asked (``None``: cancelled); ``False`` when nothing is asked by that id."""
        with self._lock:
            asked = self._asked
            if asked is None or not secrets.compare_digest(asked.request.encode(), request.encode("utf-8", "replace")):
                return False
            try:
                asked.answer.put_nowait(value)
            except queue.Full:
                return False
        del value
        return True

    def line(self, text: str) -> tuple[int, str]:
        """A line typed on the page, handled as at the terminal: the status and a sentence for the page's hint."""
        t = Translator(self.lang, "web")
        if self._asked is not None:
            return 409, t("A secret value is asked: type it in the secret value field, or cancel it.")
        if not text.strip():
            return 422, t("Type a command, then press Enter.")
        if len(text) > MAX_LINE:
            return 413, t("That line is too long: a command is a few words.")
        _thread.page = True
        try:
            going_on = self.session.handle(text, PAGE_HELP)
        finally:
            _thread.page = False
        if not going_on:
            self.stopped.set()
        return 200, ""

    def now(self) -> None:
        """"Now:": who must act and the commands that change the game now (the terminal's F4)."""
        session = self.session

        def say() -> None:
            text, fields = session.now()
            session.say(text, "turn", fields, Priority.NOW)
        session.run_here(say)

    # ----------------------------------------------------------------- routes

    def routes(self) -> list[BaseRoute]:
        """The page's routes, for the seats' server: the page, its stream, its forms, its script and style."""
        base = "/table/{token}"
        return [
            Route(base, self._guard(self._page_view), methods=["GET"]),
            Route(base + "/events", self._guard(self._events), methods=["GET"]),
            Route(base + "/line", self._guard(self._line, post=True), methods=["POST"]),
            Route(base + "/now", self._guard(self._now, post=True), methods=["POST"]),
            Route(base + "/secret", self._guard(self._secret, post=True), methods=["POST"]),
            Route("/table.js", _static(document.SCRIPT_FILE.read_text(encoding="utf-8"), "text/javascript"),
                  methods=["GET"]),
            Route("/table.css", _static(document.CSS, "text/css"), methods=["GET"]),
        ]

    def _guard(self, handler: Callable[[Request], Any], post: bool = False) -> Callable[[Request], Any]:
        """This machine only, the page's secret, and (a form) the page's own origin; else refused, said in one sentence."""
        async def run(request: Request) -> Response:
            t = Translator(self.lang, "web")
            client = request.client.host if request.client is not None else ""
            token = str(request.path_params.get("token", ""))
            if not _loopback(client) or not secrets.compare_digest(token.encode("utf-8", "replace"), self.token.encode()):
                refused(403, "wrong_secret", request.method, "/table/…", client)  # the log file, never the terminal
                text = t("This page opens only on the table's own computer, with its own link.")
                if post:
                    return _json(403, False, text)
                return HTMLResponse(message_page(self.lang, t("Refused"), text), 403, headers=headers())
            if post and not _same_origin(request):
                return _json(403, False, t("That request came from another site."))
            if self.feed.loop is None:
                self.feed.attach(asyncio.get_running_loop())
            response: Response = await handler(request)
            return response
        return run

    async def _page_view(self, request: Request) -> Response:
        session = self.session
        after = self.feed.last_id  # first: whatever is said while the page is made comes on its stream, once
        entries = [e for e in self.feed.since(0, "") if e.kind == "say" and e.id <= after]
        html = document.page(self.lang, str(session.table.game.spec.name(self.lang)), self.path, entries,
                             after, self.earcon_recipes(), self.sounds, YES.get(self.lang, "yes"),
                             self._asked.request if self._asked is not None else "")
        return HTMLResponse(html, headers=headers())

    async def _events(self, request: Request) -> Response:
        last = request.headers.get("last-event-id") or request.query_params.get("after") or "0"
        after = int(last) if last.isdigit() and len(last) < 12 else 0
        return stream_response(self._entries(after))

    async def _entries(self, after: int) -> AsyncIterator[ServerSentEvent]:
        yield ServerSentEvent(retry=RETRY)
        async for entry in self.feed.follow(after, ""):
            yield sse(entry)

    async def _line(self, request: Request) -> Response:
        form = await _form(request)
        status, message = await run_in_threadpool(self.line, form.get("line", ""))
        return _json(status, status == 200, message)

    async def _now(self, request: Request) -> Response:
        await run_in_threadpool(self.now)
        return _json(200, True, "")

    async def _secret(self, request: Request) -> Response:
        """The value typed in the hidden field (or its cancellation): handed to the waiting prompt, never answered back."""
        t = Translator(self.lang, "web")
        form = await _form(request)
        value = None if form.get("cancel") else form.get("value", "")
        if not self.give_secret(form.get("request", ""), value):
            return _json(409, False, t("No secret value is asked now."))
        form.clear()
        del value
        return _json(200, True, "")


def _static(text: str, media_type: str) -> Callable[[Request], Any]:
    async def serve(request: Request) -> Response:
        return Response(text, media_type=media_type, headers=headers({"Cache-Control": "no-cache"}))
    return serve


def _json(status: int, ok: bool, message: str) -> JSONResponse:
    return JSONResponse({"ok": ok, "message": message}, status, headers=headers())


def _same_origin(request: Request) -> bool:
    """A form from the page's own origin (the Origin header, else Fetch metadata); none at all: not a browser's form."""
    origin = request.headers.get("origin")
    if origin is not None and origin != "null":
        return origin.lower() == f"{request.url.scheme}://{request.headers.get('host', '')}".lower()
    return request.headers.get("sec-fetch-site") in (None, "same-origin", "none")


async def _form(request: Request) -> dict[str, str]:
    """The form sent, at most ``MAX_BODY`` bytes (a larger one reads as empty)."""
    length = request.headers.get("content-length", "")
    if not length.isdigit() or int(length) > MAX_BODY:
        return {}
    try:
        data = await request.body()
    except ClientDisconnect:  # gone before the whole form came: nothing to do, never a 500
        return {}
    if len(data) > MAX_BODY:
        return {}
    try:
        fields = parse_qs(data.decode("utf-8"), keep_blank_values=True, max_num_fields=8)
    except (UnicodeDecodeError, ValueError):
        return {}
    return {k: v[0] for k, v in fields.items() if v}


__all__ = ["PAGE_ENV", "PageOutput", "TablePage", "from_page", "page_problem"]
