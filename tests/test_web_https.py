"""Issues 23 and 30: HTTPS on the LAN, with a certificate that vouches for this table and nothing else.

The authority and its one server certificate are made together (the authority's key is never written), are
name-constrained to the table's addresses, short-lived, and kept while they cover the addresses served. The
authority's fingerprint is said at the table character by character (computer braille on a display) and never
written in a page. The pages are checked with Python's own TLS (trusting the authority file only), cryptography's
verifier, ``openssl verify``, and real Chromium trusting the authority in an NSS database of a private HOME.
"""

from __future__ import annotations

import base64
import contextlib
import datetime
import hashlib
import http.client
import shutil
import socket
import ssl
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("cryptography", reason="cryptography is not installed: run make setup")
from cryptography import x509
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from selenium.webdriver.common.by import By

from conftest import make_served
from web_helpers import Browser, chromium_or_skip, trusting_home

from companion.web.server import wants_https
from companion.web.tls import (AUTHORITY_DAYS, SAID_CHARACTERS, braille_fingerprint, fingerprint_utterance,
                               make_authority, said_groups, sign_server, spoken_fingerprint, table_certificate)

HOSTS = ["127.0.0.1", "::1", "localhost", "192.168.1.20", "fd00::20", "table.local"]


def test_https_is_the_default_beyond_the_loopback(monkeypatch: Any) -> None:
    monkeypatch.delenv("COMPANION_WEB_HTTPS", raising=False)
    assert wants_https("0.0.0.0") and wants_https("192.168.1.20") and wants_https("::")
    assert not wants_https("127.0.0.1") and not wants_https("::1") and not wants_https("localhost")
    assert wants_https("127.0.0.1", True) and not wants_https("0.0.0.0", False)


def test_the_certificate_is_kept_while_it_covers_the_addresses_and_renewed_when_not(tmp_path: Path,
                                                                                     monkeypatch: Any) -> None:
    first = table_certificate(["127.0.0.1", "companion.local"], tmp_path)
    again = table_certificate(["companion.local", "127.0.0.1"], tmp_path)
    assert again == first  # a device trusts it once, for as long as it lives
    other = table_certificate(["127.0.0.1", "192.168.1.20"], tmp_path)
    assert other.fingerprint != first.fingerprint  # an address it does not cover: a new pair
    cert = x509.load_pem_x509_certificate((tmp_path / "server.pem").read_bytes())
    names = cert.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
    assert [str(ip) for ip in names.get_values_for_type(x509.IPAddress)] == ["127.0.0.1", "192.168.1.20"]
    monkeypatch.setattr("companion.web.tls.RENEW_DAYS", AUTHORITY_DAYS + 1)  # as if it were about to expire
    assert table_certificate(["127.0.0.1", "192.168.1.20"], tmp_path).fingerprint != other.fingerprint


def test_the_authority_is_short_lived_and_its_key_is_never_written(tmp_path: Path) -> None:
    found = table_certificate(HOSTS, tmp_path / "tls")
    folder = tmp_path / "tls"
    assert folder.stat().st_mode & 0o777 == 0o700
    assert found.key_file.stat().st_mode & 0o777 == 0o600
    assert sorted(p.name for p in folder.iterdir()) == ["authority.pem", "server-key.pem", "server.pem"]
    authority = x509.load_pem_x509_certificate(found.authority_file.read_bytes())
    life = authority.not_valid_after_utc - authority.not_valid_before_utc
    assert life <= datetime.timedelta(days=AUTHORITY_DAYS, minutes=5)
    for path in folder.iterdir():  # no private key in the folder is the authority's
        if b"PRIVATE KEY" in path.read_bytes():
            key = serialization.load_pem_private_key(path.read_bytes(), password=None)
            assert key.public_key() != authority.public_key()
    constraints = authority.extensions.get_extension_for_class(x509.NameConstraints)
    assert constraints.critical


def _verify(authority: x509.Certificate, leaf: x509.Certificate, name: x509.GeneralName) -> None:
    from cryptography.x509.verification import PolicyBuilder, Store

    verifier = PolicyBuilder().store(Store([authority])).time(datetime.datetime.now(datetime.timezone.utc))
    verifier.build_server_verifier(name).verify(leaf, [])


def _openssl_verify(tmp: Path, authority: x509.Certificate, leaf: x509.Certificate, name: str) -> bool:
    pem = serialization.Encoding.PEM
    (tmp / "ca.pem").write_bytes(authority.public_bytes(pem))
    (tmp / "leaf.pem").write_bytes(leaf.public_bytes(pem))
    flag = "-verify_ip" if name[0].isdigit() or ":" in name else "-verify_hostname"
    done = subprocess.run(["openssl", "verify", "-CAfile", str(tmp / "ca.pem"), flag, name, str(tmp / "leaf.pem")],
                          capture_output=True, text=True, timeout=30)
    return done.returncode == 0


@pytest.mark.parametrize("other", ["bank.example", "www.bank.example", "10.0.0.1", "192.168.1.21", "2001:db8::5",
                                   "printer.local"])
def test_the_tables_authority_vouches_for_no_other_name(tmp_path: Path, other: str) -> None:
    from cryptography.x509.verification import VerificationError

    authority, authority_key = make_authority(HOSTS, datetime.datetime.now(datetime.timezone.utc))
    own = sign_server(authority, authority_key, HOSTS, ec.generate_private_key(ec.SECP256R1()))
    forged = sign_server(authority, authority_key, [other], ec.generate_private_key(ec.SECP256R1()))
    name = _general(other)
    for host in ("192.168.1.20", "fd00::20", "table.local", "localhost"):
        _verify(authority, own, _general(host))  # the table's own certificate verifies
    with pytest.raises(VerificationError):
        _verify(authority, forged, name)
    if shutil.which("openssl"):
        assert _openssl_verify(tmp_path, authority, own, "192.168.1.20")
        assert not _openssl_verify(tmp_path, authority, forged, other)


def _general(host: str) -> x509.GeneralName:
    import ipaddress

    try:
        return x509.IPAddress(ipaddress.ip_address(host))
    except ValueError:
        return x509.DNSName(host)


def test_the_fingerprint_is_said_character_by_character_and_brailled_in_computer_braille() -> None:
    fingerprint = ":".join(["CA", "BE", "1E", "07", "9F", "DD", "00", "AB", "11", "22"] + ["EE"] * 22)
    assert said_groups(fingerprint) == ["CABE", "1E07", "9FDD", "00AB", "1122"]
    assert SAID_CHARACTERS * 4 == 80  # bits said: a look-alike needs about 2**80 tries
    assert spoken_fingerprint(fingerprint) == "C, A, B, E; 1, E, 0, 7; 9, F, D, D; 0, 0, A, B; 1, 1, 2, 2"
    for lang in ("en", "fr"):
        cells = braille_fingerprint(fingerprint, lang)
        assert [len(group) for group in cells.split("\u2800")] == [4] * 5  # one cell per character, no contraction
    for lang in ("en", "fr"):  # what the table says: every character by name in speech, computer braille on a display
        said = fingerprint_utterance(fingerprint, lang, braille=True)
        assert spoken_fingerprint(fingerprint) in said.text and said.fields == {"sha256": fingerprint}
        assert said.braille is not None and braille_fingerprint(fingerprint, lang) in said.braille
    espeak = shutil.which("espeak-ng")
    if espeak:  # every character by its own name: 20 words of phonemes, never "ça" for "CA"
        for voice in ("en", "fr"):
            said = subprocess.run([espeak, "-q", "-x", "-v", voice, spoken_fingerprint(fingerprint)],
                                  capture_output=True, text=True, timeout=30).stdout.split()
            assert len(said) == SAID_CHARACTERS, (voice, said)


def test_the_pages_are_encrypted_and_the_fingerprint_said_never_written() -> None:
    session, recorder, web = make_served("gauntlet", players=3, names=("Zoe", "Alice", "Bruno"), https=True)
    try:
        assert web.join_url.startswith("https://127.0.0.1:")
        said = [u for u in session.wiring.announcer.history.items if u.event == "web_fingerprint"]
        assert len(said) == 1 and said[0].fields == {"sha256": web.fingerprint}
        assert spoken_fingerprint(web.fingerprint) in said[0].text
        context = ssl.create_default_context(cafile=str(web.server.tls.authority_file))  # this authority only
        host, port = web.bound
        connection = http.client.HTTPSConnection(host, port, context=context, timeout=5)
        connection.request("GET", "/")
        response = connection.getresponse()
        page = response.read().decode()
        connection.close()
        assert response.status == 200 and "certificate view" in page and "Companion table" in page
        flat = web.fingerprint.replace(":", "")
        for written in (web.fingerprint, flat[:8], " ".join(said_groups(web.fingerprint)), said_groups(web.fingerprint)[0]):
            assert written not in page  # what an interceptor would forward unchanged
        with pytest.raises(ssl.SSLError):  # another authority does not verify it
            with socket.create_connection((host, port), timeout=5) as raw:
                ssl.create_default_context().wrap_socket(raw, server_hostname=host)
    finally:
        web.stop()


def test_chromium_trusting_the_tables_authority_opens_the_pages(tmp_path: Path) -> None:
    chromium_or_skip()
    session, recorder, web = make_served("gauntlet", players=3, names=("Zoe", "Alice", "Bruno"), https=True)
    trusting = Browser(tmp_path / "trusting", trusting_home(tmp_path, web.server.tls.authority_file))
    stranger = Browser(tmp_path / "stranger")
    try:
        trusting.driver.get(web.join_url)
        assert trusting.driver.find_elements(By.ID, "code")
        # The certificate Chromium itself holds for the page (what its certificate view shows first) is the one
        # whose fingerprint the table said.
        trusting.driver.execute_cdp_cmd("Network.enable", {})
        chain = trusting.driver.execute_cdp_cmd("Network.getCertificate", {"origin": web.base_url})["tableNames"]
        seen = hashlib.sha256(base64.b64decode(chain[0])).hexdigest().upper()
        assert seen.startswith("".join(said_groups(web.fingerprint)))
        assert web.fingerprint.replace(":", "")[:8] not in trusting.driver.page_source
        assert trusting.axe() == []
        trusting.driver.get(web.join_url.replace("https://", "http://") + "?lang=fr")  # typed without https
        trusting.wait(lambda b: b.driver.current_url == web.join_url + "?lang=fr" and b.driver.find_elements(By.ID, "code"))
        trusting.driver.get(web.seat_url(web.seats.by_id["hero1"]))
        trusting.wait(lambda b: b.driver.find_element(By.ID, "link").text == "Connected to the table.")
        assert trusting.axe() == []
        # Without the authority, Chromium stops at its certificate warning: no page of the table is shown.
        stranger.driver.get(web.join_url)
        assert not stranger.driver.find_elements(By.ID, "code")
    finally:
        trusting.quit()
        stranger.quit()
        web.stop()


@contextlib.contextmanager
def _https_site(tmp: Path, authority: x509.Certificate, key: ec.EllipticCurvePrivateKey,
                names: list[str]) -> Iterator[int]:
    """A tiny HTTPS site on 127.0.0.1 whose certificate for ``names`` is signed by ``authority``: its port."""
    import http.server
    import threading

    leaf_key = ec.generate_private_key(ec.SECP256R1())
    leaf = sign_server(authority, key, names, leaf_key)
    pem = serialization.Encoding.PEM
    (tmp / "site.pem").write_bytes(leaf.public_bytes(pem) + authority.public_bytes(pem))
    (tmp / "site-key.pem").write_bytes(leaf_key.private_bytes(pem, serialization.PrivateFormat.PKCS8,
                                                              serialization.NoEncryption()))

    class Hello(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802 (the standard library's name)
            body = b"<html><body><p id='hello'>Hello from the site.</p></body></html>"
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: Any) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Hello)
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(str(tmp / "site.pem"), str(tmp / "site-key.pem"))
    server.socket = context.wrap_socket(server.socket, server_side=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server.server_address[1]
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


def _unconstrained(now: datetime.datetime) -> tuple[x509.Certificate, ec.EllipticCurvePrivateKey]:
    """An authority as the table made before issue 30 (no name constraints): the control."""
    from cryptography.hazmat.primitives import hashes
    from cryptography.x509.oid import NameOID

    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "Unconstrained authority")])
    cert = (x509.CertificateBuilder().subject_name(name).issuer_name(name).public_key(key.public_key())
            .serial_number(x509.random_serial_number()).not_valid_before(now - datetime.timedelta(minutes=5))
            .not_valid_after(now + datetime.timedelta(days=7))
            .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
            .sign(key, hashes.SHA256()))
    return cert, key


def test_chromium_trusting_the_tables_authority_trusts_no_other_site(tmp_path: Path) -> None:
    """A phone's browser that installed the table's authority: a certificate for another name made with it (had its
    key been kept) is refused by Chromium itself; the same forgery from an unconstrained authority is accepted."""
    chromium_or_skip()
    now = datetime.datetime.now(datetime.timezone.utc)
    for case, (authority, key), refused in (("table", make_authority(HOSTS, now), True),
                                            ("unconstrained", _unconstrained(now), False)):
        folder = tmp_path / case
        folder.mkdir()
        (folder / "authority.pem").write_bytes(authority.public_bytes(serialization.Encoding.PEM))
        home = trusting_home(folder, folder / "authority.pem")
        with _https_site(folder, authority, key, ["bank.example"]) as port:
            browser = Browser(folder / "profile", home, ("--host-resolver-rules=MAP bank.example 127.0.0.1",))
            try:
                browser.driver.get(f"https://bank.example:{port}/")
                assert bool(browser.driver.find_elements(By.ID, "hello")) is not refused, case
            finally:
                browser.quit()


def test_a_name_no_certificate_can_hold_is_one_sentence_not_a_traceback(tmp_path: Path) -> None:
    from companion.web.tls import TlsError

    with pytest.raises(TlsError):
        table_certificate(["127.0.0.1", "tablé.local"], tmp_path)
