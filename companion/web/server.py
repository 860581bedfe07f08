"""The web server of a served game: Starlette on uvicorn, in a background thread of the table's process.

`WebServer` only listens, starts and stops: it binds only where asked (``--host``,
default 127.0.0.1; ``--port``, default any free port), speaks HTTPS whenever it
listens beyond the loopback (``tls.py``), bounds its connections (``limits.py``) and
stops with the game. What it serves is built elsewhere, once: the parts the
session is wired with (``parts.py``), then the application (``app.py``) whose one
guard (``guard.py``) checks every request. ``serve`` puts them together in that
order: listen, parts, session, application, start, join code said.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import logging
import os
import socket
import threading
import time
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

import uvicorn
from starlette.routing import BaseRoute

from companion.i18n import Translator
from companion.render import Settings
from companion.session import Session, Table, Wiring
from companion.web.join import KINDS, write_qr
from companion.web.limits import Limits, protocol_for
from companion.web.listen import ACCEPT_BATCH, Handshakes

if TYPE_CHECKING:
    from companion.web.parts import Served

#: A proxy whose ``X-Forwarded-For`` is believed (an address or a comma-separated list); none by default.
PROXY_ENV = "COMPANION_WEB_PROXY"
#: More host names the pages answer to (comma-separated: a name the devices use for this machine).
HOSTS_ENV = "COMPANION_WEB_HOSTS"
#: ``1``: HTTPS even on the loopback; ``0``: plain HTTP even beyond it (not advised).
HTTPS_ENV = "COMPANION_WEB_HTTPS"


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
    """Listens (`listen`), serves an application in its own thread (`start`), stops (`stop`)."""

    def __init__(self, lang: str, host: str = "127.0.0.1", port: int = 0, *, https: bool | None = None,
                 proxy: str | None = None, limits: Limits | None = None) -> None:
        self.host = host
        self.port = port
        self.lang = lang
        self.https = wants_https(host, https)
        self.proxy = proxy if proxy is not None else (os.environ.get(PROXY_ENV) or None)
        self.limits = limits or Limits()
        self.limits.lang = lang  # a request no seat can be read from is refused in the table's language
        self.handshakes = Handshakes()  # issue 30: connections that have not finished their TLS handshake
        self.fingerprint: str | None = None
        self._tls: Any = None
        self.allowed_hosts: set[str] = set()
        self._sock: socket.socket | None = None
        self._server: uvicorn.Server | None = None
        self._thread: threading.Thread | None = None
        self.bound: tuple[str, int] = (host, port)

    # ----------------------------------------------------------------- life

    def listen(self) -> None:
        """The socket bound (its port known) and, for HTTPS, the table's certificate made. :raises WebStartError:"""
        t = Translator(self.lang, "web")
        try:
            info = socket.getaddrinfo(self.host, self.port, type=socket.SOCK_STREAM)[0]
            sock = socket.socket(info[0], socket.SOCK_STREAM)
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            if self.host in ("", "::") and info[0] == socket.AF_INET6:  # issue 30: IPv4 clients too (dual-stack)
                with contextlib.suppress(OSError, AttributeError):
                    sock.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 0)
            sock.bind(info[4])
            sock.listen(1024)
        except (OSError, OverflowError) as error:
            # Translators: {host} and {port}: the address asked; {reason}: the system's error.
            raise WebStartError(t("The private pages cannot listen on {host} port {port}: {reason}", host=self.host,
                                  port=self.port, reason=getattr(error, "strerror", None) or error)) from None
        self.bound = (self.host, int(sock.getsockname()[1]))
        self.allowed_hosts = self._served_hosts()
        if self.https:
            from companion.web.tls import TlsError, table_certificate

            try:
                self._tls = table_certificate(sorted({self.url_host, *self._addresses()}))
            except TlsError as error:
                sock.close()
                # Translators: {reason}: why the certificate could not be made.
                raise WebStartError(t("The private pages cannot make their certificate: {reason}",
                                      reason=str(error))) from None
            self.fingerprint = self._tls.fingerprint
        self._sock = sock

    @property
    def tls(self) -> Any:
        """The table's certificate (HTTPS), or ``None``."""
        return self._tls

    def start(self, app: Any, on_loop: Callable[[asyncio.AbstractEventLoop], Awaitable[None]],
              timeout: float = 10.0) -> None:
        """``app`` served from the bound socket in a thread; ``on_loop(loop)`` runs beside it (the watch)."""
        sock = self._sock
        assert sock is not None, "listen() first"
        http: Any = protocol_for(self.limits)
        if self._tls is not None:
            from companion.web.listen import front_for, server_context

            # issue 30: TLS behind a front that bounds unfinished handshakes and redirects plain HTTP
            http = front_for(http, server_context(str(self._tls.cert_file), str(self._tls.key_file)), self.handshakes,
                             lambda: (self.allowed_hosts, self.base_url))
        logging.getLogger("uvicorn.error").addHandler(logging.NullHandler())
        config = uvicorn.Config(app, log_config=None, log_level="warning", access_log=False, lifespan="off",
                                ws="none", http=http, server_header=False, date_header=False,
                                limit_concurrency=None, timeout_keep_alive=5, timeout_graceful_shutdown=1,
                                backlog=ACCEPT_BATCH,  # issue 30: asyncio accepts up to this many at once
                                proxy_headers=self.proxy is not None, forwarded_allow_ips=self.proxy or "")
        server = uvicorn.Server(config)
        self._server = server

        async def serve() -> None:
            watch = asyncio.ensure_future(on_loop(asyncio.get_running_loop()))
            try:
                await server.serve(sockets=[sock])
            finally:
                watch.cancel()
                self.handshakes.close_all()

        self._thread = threading.Thread(target=lambda: asyncio.run(serve()), name="companion-web", daemon=True)
        self._thread.start()
        deadline = time.monotonic() + timeout
        while not server.started:
            if not self._thread.is_alive() or time.monotonic() > deadline:
                sock.close()
                raise WebStartError(Translator(self.lang, "web")("The private pages could not start."))
            time.sleep(0.01)

    def stop(self) -> None:
        """The server closes its socket (the streams end with the feed)."""
        if self._server is not None:
            self._server.should_exit = True
        if self._thread is not None:
            self._thread.join(timeout=5)
        elif self._sock is not None:
            self._sock.close()

    # ----------------------------------------------------------------- addresses

    @property
    def scheme(self) -> str:
        return "https" if self.https else "http"

    @property
    def url_host(self) -> str:
        from companion.web.addresses import announced

        return announced(self.bound[0])  # issue 30: an address clients can reach (IPv4 first when dual-stack)

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
        from companion.web.addresses import WILDCARDS, local_name, machine_addresses

        host = self.bound[0]
        found = {host, self.url_host} if host not in WILDCARDS else {self.url_host, *machine_addresses(host)}
        if _is_loopback(host) or host in WILDCARDS:
            found |= {"127.0.0.1", "::1", "localhost"}
        if not _is_loopback(host) and local_name():  # issue 30: this machine's .local name
            found.add(str(local_name()))
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


def serve(table: Table, settings: Settings, wiring: Wiring, host: str = "127.0.0.1", port: int = 0, *, qr: bool = False,
          qr_file: Path | None = None, stream: TextIO | None = None, https: bool | None = None,
          routes: Sequence[BaseRoute] = ()) -> tuple[Session, Served]:
    """The session of ``table`` with its pages: ``wiring`` plus the pages' output, hands, secret prompt and the table's
    commands over the devices; started, and the join code said.

    ``qr`` draws the join address as a QR code on ``stream``; ``qr_file`` writes it (SVG or PNG) before anything is said.
    ``https`` (``None``: whenever ``host`` is not the loopback) serves the pages encrypted with the table's certificate.
    ``routes``: more pages on the same server (the table's own page, ``--page``).
    :raises WebStartError: the server cannot start, or ``qr_file`` cannot be written (one sentence).
    """
    from companion.web.parts import Parts, Served
    from companion.web.quiet import log_to_file
    from companion.web.table import announce_join

    t = Translator(settings.lang, "web")
    if qr_file is not None:
        problem = _qr_file_problem(qr_file, t)
        if problem:
            raise WebStartError(problem)
    server = WebServer(settings.lang, host, port, https=https)
    server.listen()
    log_to_file()
    parts = Parts.make(table, settings, server, wiring.secret_handler)
    server.limits.counted = parts.refusals.count  # a request too broken to reach a page is summed up too
    session = Session(table, settings, parts.wired(wiring))
    web = Served.make(parts, session, routes)
    web.start()
    if qr_file is not None:
        try:
            write_qr(web.join_url, qr_file)
        except OSError as error:
            web.stop()
            # Translators: {path} is a file's path; {reason}: the system's error.
            raise WebStartError(t("The QR code cannot be written to {path}: {reason}.", path=qr_file,
                                  reason=error.strerror or error)) from None
    announce_join(parts, session, qr, stream, qr_file)
    return session, web


def _qr_file_problem(path: Path, t: Translator) -> str | None:
    """What is wrong with ``--qr-file`` before the server starts: its suffix, a missing folder, a folder named."""
    if path.suffix.lower() not in KINDS:
        # Translators: {path} is the file name given.
        return t("companion: --qr-file {path}: give a file name ending in .svg or .png.", path=path)
    if not path.parent.is_dir():
        # Translators: {path} is the file's path; {folder} its folder.
        return t("The QR code cannot be written to {path}: the folder {folder} does not exist.", path=path,
                 folder=path.parent)
    return None


__all__ = ["WebServer", "WebStartError", "serve", "wants_https"]
