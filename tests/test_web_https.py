"""Issue 23: HTTPS on the LAN, with a certificate made for this table (``companion/web/tls.py``).

The authority is made once in the data folder and kept; each start signs a server certificate for the machine's
addresses; the authority's SHA-256 fingerprint is said at the table and shown on the join page. The pages are
checked with Python's own TLS (trusting the authority file only) and in real Chromium trusting the authority in
an NSS database of a private HOME, never with certificate errors ignored.
"""

from __future__ import annotations

import http.client
import socket
import ssl
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("cryptography", reason="cryptography is not installed: run make setup")
from selenium.webdriver.common.by import By

from conftest import make_served
from web_helpers import Browser, chromium_or_skip, trusting_home

from companion.web.server import wants_https
from companion.web.tls import spoken_fingerprint, table_certificate


def test_https_is_the_default_beyond_the_loopback(monkeypatch: Any) -> None:
    monkeypatch.delenv("COMPANION_WEB_HTTPS", raising=False)
    assert wants_https("0.0.0.0") and wants_https("192.168.1.20") and wants_https("::")
    assert not wants_https("127.0.0.1") and not wants_https("::1") and not wants_https("localhost")
    assert wants_https("127.0.0.1", True) and not wants_https("0.0.0.0", False)


def test_the_authority_is_made_once_and_signs_a_certificate_for_the_addresses(tmp_path: Path) -> None:
    first = table_certificate(["127.0.0.1", "companion.local"], tmp_path)
    again = table_certificate(["127.0.0.1", "192.168.1.20"], tmp_path)
    assert first.fingerprint == again.fingerprint  # the authority is kept: a device trusts it once
    assert first.server_fingerprint != again.server_fingerprint
    assert len(first.fingerprint.split(":")) == 32 and spoken_fingerprint(first.fingerprint).count(" ") == 3
    for key in (tmp_path / "authority-key.pem", tmp_path / "server-key.pem"):
        assert key.stat().st_mode & 0o077 == 0  # the user's alone
    from cryptography import x509

    cert = x509.load_pem_x509_certificate((tmp_path / "server.pem").read_bytes())
    names = cert.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
    assert [str(ip) for ip in names.get_values_for_type(x509.IPAddress)] == ["127.0.0.1", "192.168.1.20"]


def test_the_pages_are_encrypted_and_the_fingerprint_said_and_shown() -> None:
    session, recorder, web = make_served("gauntlet", players=3, names=("Zoe", "Alice", "Bruno"), https=True)
    try:
        assert web.join_url.startswith("https://127.0.0.1:")
        said = [u for u in session.wiring.announcer.history.items if u.event == "web_fingerprint"]
        assert len(said) == 1 and said[0].fields["sha256"] == web.fingerprint
        assert spoken_fingerprint(web.fingerprint) in said[0].text
        context = ssl.create_default_context(cafile=str(web.server.tls.authority_file))  # this authority only
        host, port = web.bound
        connection = http.client.HTTPSConnection(host, port, context=context, timeout=5)
        connection.request("GET", "/")
        response = connection.getresponse()
        page = response.read().decode()
        assert response.status == 200 and web.fingerprint in page
        connection.close()
        # Another authority does not verify it; plain HTTP gets no page.
        with pytest.raises(ssl.SSLError):
            with socket.create_connection((host, port), timeout=5) as raw:
                ssl.create_default_context().wrap_socket(raw, server_hostname=host)
        plain = http.client.HTTPConnection(host, port, timeout=5)
        with pytest.raises((http.client.HTTPException, OSError)):
            plain.request("GET", "/")
            plain.getresponse().read()
    finally:
        web.stop()


def test_chromium_trusting_the_tables_authority_opens_the_pages(tmp_path: Path) -> None:
    chromium_or_skip()
    session, recorder, web = make_served("gauntlet", players=3, names=("Zoe", "Alice", "Bruno"), https=True)
    trusting = Browser(tmp_path / "trusting", trusting_home(tmp_path, web.server.tls.authority_file))
    stranger = Browser(tmp_path / "stranger")
    try:
        trusting.driver.get(web.join_url)
        assert trusting.driver.find_element(By.ID, "fingerprint").text == web.fingerprint
        assert trusting.axe() == []
        trusting.driver.get(web.seat_url(web.seats.by_id["hero1"]))
        trusting.wait(lambda b: b.driver.find_element(By.ID, "link").text == "Connected to the table.")
        assert trusting.axe() == []
        # Without the authority, Chromium stops at its certificate warning: no page of the table is shown.
        stranger.driver.get(web.join_url)
        assert not stranger.driver.find_elements(By.ID, "fingerprint")
    finally:
        trusting.quit()
        stranger.quit()
        web.stop()
