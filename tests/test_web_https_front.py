"""Issue 30: the HTTPS port's front door (``companion/web/listen.py``), over real sockets on this machine.

Connections that have not finished their TLS handshake are counted, bounded and timed out (before, each was kept
60 seconds and never counted: 1,100 silent sockets starved every page); plain HTTP sent to the HTTPS port is
redirected to the ``https://`` address (before, an empty reply); ``--host ::`` says an address IPv4 clients reach
and its certificate and Host list cover the machine's addresses (before, ``https://[::1]`` and 421).
"""

from __future__ import annotations

import http.client
import logging
import os
import socket
import ssl
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("cryptography", reason="cryptography is not installed: run make setup")

from conftest import make_served

from companion.web.addresses import route_address


@pytest.fixture
def secure() -> Iterator[Any]:
    session, recorder, web = make_served("gauntlet", players=3, names=("Zoe", "Alice", "Bruno"), https=True)
    try:
        yield web
    finally:
        web.stop()


def _context(web: Any) -> ssl.SSLContext:
    return ssl.create_default_context(cafile=str(web.server.tls.authority_file))


def _get(web: Any, path: str = "/", host: str | None = None, address: str | None = None) -> int:
    """A page over HTTPS, trusting the table's authority only: its status."""
    host = host or web.bound[0]
    connection = http.client.HTTPSConnection(address or host, web.bound[1], context=_context(web), timeout=5)
    try:
        connection.request("GET", path, headers={"Host": f"{'[' + host + ']' if ':' in host else host}:{web.bound[1]}"})
        return connection.getresponse().status
    finally:
        connection.close()


def _closed_by_server(sock: socket.socket, within: float) -> bool:
    sock.settimeout(within)
    try:
        return sock.recv(1) == b""
    except TimeoutError:
        return False
    except OSError:
        return True  # reset: closed too


def test_a_connection_that_never_finishes_its_handshake_is_closed_within_the_timeout(secure: Any, capfd: Any) -> None:
    """Closed, and said in the data folder's log only: never at the table's terminal (issue 30, a quiet table)."""
    secure.server.handshakes.timeout = 1.0
    host, port = secure.bound
    silent = socket.create_connection((host, port), timeout=5)
    half = socket.create_connection((host, port), timeout=5)
    try:
        half.sendall(b"\x16\x03\x01\x02\x00\x01")  # the first bytes of a ClientHello, then nothing
        started = time.monotonic()
        assert _closed_by_server(silent, 4) and _closed_by_server(half, 4)
        assert time.monotonic() - started < 3
        assert not secure.server.handshakes.pending
        assert _get(secure) == 200
        garbage = socket.create_connection((host, port), timeout=5)  # neither TLS nor HTTP: closed at once
        garbage.sendall(b"\x00\x01 not a request\r\n\r\n")
        assert _closed_by_server(garbage, 4)
        garbage.close()
        broken = socket.create_connection((host, port), timeout=5)  # a ClientHello that is no ClientHello
        broken.sendall(b"\x16\x03\x01\x00\x05hello")
        assert _closed_by_server(broken, 4)
        broken.close()
    finally:
        silent.close()
        half.close()
    for handler in logging.getLogger("companion.web").handlers:
        handler.flush()
    log = Path(os.environ["COMPANION_DATA_DIR"]) / "web-refusals.log"
    assert log.read_text(encoding="utf-8").count("no handshake within 1 seconds") == 2
    out, err = capfd.readouterr()
    assert out + err == ""


def test_unfinished_handshakes_are_bounded_and_a_new_visitor_still_gets_the_page(secure: Any) -> None:
    secure.server.handshakes.most = 40
    host, port = secure.bound
    crowd = [socket.create_connection((host, port), timeout=5) for _ in range(120)]
    try:
        for i, sock in enumerate(crowd):
            if i % 2:
                sock.sendall(b"\x16\x03\x01")  # a handshake begun and left
        deadline = time.monotonic() + 3
        while secure.server.handshakes.closed < 80 and time.monotonic() < deadline:
            time.sleep(0.02)
        assert len(secure.server.handshakes.pending) <= 40 and secure.server.handshakes.closed >= 80
        closed = sum(_closed_by_server(sock, 0.05) for sock in crowd[:60])  # the oldest made room
        assert closed == 60
        started = time.monotonic()
        assert _get(secure) == 200 and _get(secure, "/page.css") == 200
        assert time.monotonic() - started < 2
    finally:
        for sock in crowd:
            sock.close()


def _plain(web: Any, method: str, path: str, host: str) -> tuple[int, str]:
    connection = http.client.HTTPConnection(*web.bound, timeout=5)
    try:
        connection.request(method, path, body=b"code=1" if method == "POST" else None, headers={"Host": host})
        response = connection.getresponse()
        return response.status, response.getheader("Location") or ""
    finally:
        connection.close()


def test_plain_http_on_the_https_port_is_redirected_to_the_https_address(secure: Any) -> None:
    host, port = secure.bound
    assert _plain(secure, "GET", "/?lang=fr", f"{host}:{port}") == (301, f"https://{host}:{port}/?lang=fr")
    assert _plain(secure, "POST", "/join", f"{host}:{port}") == (308, f"https://{host}:{port}/join")
    # A Host the pages do not serve is never echoed: the address said at the table instead.
    assert _plain(secure, "GET", "/", "evil.example") == (301, secure.base_url + "/")
    assert not secure.server.handshakes.pending


def test_host_any_says_an_address_ipv4_clients_reach_and_covers_the_machines_addresses() -> None:
    lan = route_address(False)
    if not socket.has_ipv6:
        pytest.skip("this Python has no IPv6")
    if lan is None:
        pytest.skip("this machine has no IPv4 address beyond the loopback")
    session, recorder, web = make_served("gauntlet", players=3, names=("Zoe", "Alice", "Bruno"), https=True,
                                         host="::")
    try:
        assert web.join_url == f"https://{lan}:{web.bound[1]}/"
        said = [u for u in session.wiring.announcer.history.items if u.event == "web_join"]
        assert said[0].fields["url"] == web.join_url
        assert _get(web, host=lan) == 200  # over IPv4, the certificate verifying for that address
        assert _get(web, host="127.0.0.1") == 200
        v6 = route_address(True)
        if v6 is not None:
            assert _get(web, host=v6) == 200
        from cryptography import x509

        cert = x509.load_pem_x509_certificate(web.server.tls.cert_file.read_bytes())
        names = {str(n) for n in cert.extensions.get_extension_for_class(x509.SubjectAlternativeName)
                 .value.get_values_for_type(x509.IPAddress)}
        assert {lan, "127.0.0.1", "::1"} <= names and (v6 is None or v6 in names)
    finally:
        web.stop()
