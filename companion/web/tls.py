"""HTTPS for the pages: a certificate that can vouch for this table and nothing else (``cryptography`` library).

A **table authority** and the one **server certificate** it signs are made together, in the user's data folder
(``web-tls/``, a folder only the user may open):

- the authority carries critical X.509 **name constraints**: it may vouch only for this table's own addresses
  (each IP address alone, ``/32`` or ``/128``) and names (``localhost``, this machine's ``.local`` name, the
  names in ``COMPANION_WEB_HOSTS``); an address family or name kind the table does not use is excluded whole;
- its private key is **never written**: it signs the server certificate in memory and is dropped, so even someone
  holding the data folder cannot make it vouch for another certificate;
- both are valid ``AUTHORITY_DAYS`` days; a start with less than ``RENEW_DAYS`` left, or serving an address the
  certificate does not cover, makes a new pair (and a device that trusted the old authority trusts the new one
  only once the player installs it again, after comparing its fingerprint);
- the server's key (``server-key.pem``) is the user's alone (mode 0600).

What a player compares is the **SHA-256 fingerprint of the server certificate** ("Companion table", the first
certificate every browser's certificate view shows, even on its warning page), said at the table as its first
``SAID_CHARACTERS`` hexadecimal characters (80 bits: ``spoken_fingerprint``, ``braille_fingerprint``) and read in
the browser's own certificate view, never in a page this server writes. Once it matches, the connection is the
table's: the authority downloaded over it (``/authority.crt``) is the table's too. The authority and its one
server certificate are made together, so either fingerprint names the pair.
"""

from __future__ import annotations

import contextlib
import datetime
import ipaddress
import os
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from companion.announce import Utterance
    from cryptography import x509
    from cryptography.hazmat.primitives.asymmetric.ec import EllipticCurvePrivateKey

#: Days the authority and its server certificate are valid; fewer than ``RENEW_DAYS`` left: a new pair.
AUTHORITY_DAYS = 7
RENEW_DAYS = 1
#: Hexadecimal characters of the fingerprint said at the table: 20, that is 80 bits. A look-alike authority whose
#: fingerprint begins the same needs about 2**80 tries: some 38,000 years for a thousand graphics cards making a
#: billion certificates a second each.
SAID_CHARACTERS = 20
GROUP = 4
AUTHORITY_NAME = "Companion table authority"
#: The server certificate's name (what a browser's certificate view shows first).
SERVER_NAME = "Companion table"


class TlsError(Exception):
    """The certificate cannot be made or written: one sentence."""


@dataclass(frozen=True)
class TableCertificate:
    cert_file: Path
    key_file: Path
    authority_file: Path
    #: The server certificate's SHA-256 fingerprint, hex pairs with colons (as browsers show it): the one said.
    fingerprint: str
    #: The authority's own fingerprint (what a phone shows when it installs it).
    authority_fingerprint: str

    def authority_der(self) -> bytes:
        from cryptography import x509
        from cryptography.hazmat.primitives.serialization import Encoding

        return x509.load_pem_x509_certificate(self.authority_file.read_bytes()).public_bytes(Encoding.DER)


def folder() -> Path:
    from companion.cards import data_dir

    return data_dir() / "web-tls"


def _fingerprint(cert: x509.Certificate) -> str:
    from cryptography.hazmat.primitives import hashes

    return ":".join(f"{b:02X}" for b in cert.fingerprint(hashes.SHA256()))


def said_groups(fingerprint: str) -> list[str]:
    """The fingerprint's first ``SAID_CHARACTERS`` characters, in groups of ``GROUP`` (``["AB12", "CD34", …]``)."""
    flat = fingerprint.replace(":", "")[:SAID_CHARACTERS]
    return [flat[i:i + GROUP] for i in range(0, len(flat), GROUP)]


def spoken_fingerprint(fingerprint: str) -> str:
    """The said characters, one by one: a comma after each, a semicolon after each group ("A, B, 1, 2; C, …").

    Each character alone between commas is read by its name in both languages (espeak-ng reads "CA" as "ça" and
    a lone English "A" as the article; "A, B" as the letters), and a screen reader reading the line does the same.
    """
    return "; ".join(", ".join(group) for group in said_groups(fingerprint))


def braille_fingerprint(fingerprint: str, lang: str) -> str:
    """The said characters in computer braille (every character as shown, no contraction), a blank cell per group.

    :raises BrailleUnavailable: liblouis or the table is missing.
    """
    from companion.braille.translate import translate
    from companion.web.join import COMPUTER_TABLES

    return translate(" ".join(said_groups(fingerprint)), lang, table=COMPUTER_TABLES.get(lang, COMPUTER_TABLES["en"]))


def fingerprint_utterance(fingerprint: str, lang: str, braille: bool) -> Utterance:
    """The fingerprint said at the table (``web_fingerprint``, its ``sha256`` whole): each character by its name in
    speech and on the terminal, in computer braille on a display (``braille``: the table has one)."""
    from companion.announce import Priority, Utterance
    from companion.i18n import Translator

    t = Translator(lang, "web")

    def sentence(said: str) -> str:
        # Translators: {said} is the fingerprint's first 20 characters, one by one ("A, B, 1, 2; C, …").
        return t("The pages are encrypted. The table certificate's fingerprint begins {said}. Compare it in your "
                 "browser's certificate view.", said=said)

    cells = None
    if braille:
        from companion.braille.translate import BrailleUnavailable

        with contextlib.suppress(BrailleUnavailable):
            cells = sentence(braille_fingerprint(fingerprint, lang))
    return Utterance(sentence(spoken_fingerprint(fingerprint)), lang, "web_fingerprint", {"sha256": fingerprint},
                     Priority.NORMAL, braille=cells)


def _write_private(path: Path, data: bytes) -> None:
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "wb") as handle:
        handle.write(data)
    os.replace(temporary, path)


def _general_names(hosts: list[str]) -> list[x509.GeneralName]:
    from cryptography import x509

    names: list[x509.GeneralName] = []
    for host in dict.fromkeys(h.lower() for h in hosts):
        try:
            names.append(x509.IPAddress(ipaddress.ip_address(host)))
        except ValueError:
            names.append(x509.DNSName(host))
    return names


def name_constraints(hosts: list[str]) -> x509.NameConstraints:
    """Only ``hosts`` permitted (each address alone); an address family or names unused: excluded whole."""
    from cryptography import x509

    permitted: list[x509.GeneralName] = []
    for name in _general_names(hosts):
        if isinstance(name, x509.IPAddress):
            address = name.value
            permitted.append(x509.IPAddress(ipaddress.ip_network(f"{address}/{address.max_prefixlen}")))
        else:
            permitted.append(name)
    families = {n.value.version for n in permitted if isinstance(n, x509.IPAddress)}
    excluded: list[x509.GeneralName] = [x509.IPAddress(ipaddress.ip_network(net)) for version, net in
                                        ((4, "0.0.0.0/0"), (6, "::/0")) if version not in families]
    if not any(isinstance(n, x509.DNSName) for n in permitted):
        permitted.append(x509.DNSName("invalid"))  # RFC 6761: a name that never resolves
    return x509.NameConstraints(permitted_subtrees=permitted, excluded_subtrees=excluded or None)


def make_authority(hosts: list[str], now: datetime.datetime,
                   days: int = AUTHORITY_DAYS) -> tuple[x509.Certificate, EllipticCurvePrivateKey]:
    """An authority constrained to ``hosts`` (its key is returned, for the caller to sign with and drop)."""
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, AUTHORITY_NAME),
                      x509.NameAttribute(NameOID.ORGANIZATION_NAME, "Companion")])
    usage = x509.KeyUsage(digital_signature=True, key_cert_sign=True, crl_sign=True, content_commitment=False,
                          key_encipherment=False, data_encipherment=False, key_agreement=False, encipher_only=False,
                          decipher_only=False)
    cert = (x509.CertificateBuilder().subject_name(name).issuer_name(name).public_key(key.public_key())
            .serial_number(x509.random_serial_number()).not_valid_before(now - datetime.timedelta(minutes=5))
            .not_valid_after(now + datetime.timedelta(days=days))
            .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
            .add_extension(usage, critical=True)
            .add_extension(name_constraints(hosts), critical=True)
            .add_extension(x509.SubjectKeyIdentifier.from_public_key(key.public_key()), critical=False)
            .sign(key, hashes.SHA256()))
    return cert, key


def sign_server(authority: x509.Certificate, authority_key: EllipticCurvePrivateKey, hosts: list[str],
                key: EllipticCurvePrivateKey) -> x509.Certificate:
    """A server certificate for ``hosts`` (its subject alternative names), valid as long as ``authority``."""
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes
    from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

    return (x509.CertificateBuilder()
            .subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, SERVER_NAME)]))
            .issuer_name(authority.subject).public_key(key.public_key()).serial_number(x509.random_serial_number())
            .not_valid_before(authority.not_valid_before_utc).not_valid_after(authority.not_valid_after_utc)
            .add_extension(x509.SubjectAlternativeName(_general_names(hosts)), critical=False)
            .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
            .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
            .add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(authority_key.public_key()),
                           critical=False)
            .sign(authority_key, hashes.SHA256()))


def _kept(where: Path, hosts: list[str], now: datetime.datetime) -> TableCertificate | None:
    """The pair already in ``where``, when it is readable, covers ``hosts`` and has more than ``RENEW_DAYS`` left."""
    from cryptography import x509
    from cryptography.hazmat.primitives import serialization

    found = TableCertificate(where / "server.pem", where / "server-key.pem", where / "authority.pem", "", "")
    try:
        chain = x509.load_pem_x509_certificates(found.cert_file.read_bytes())
        serialization.load_pem_private_key(found.key_file.read_bytes(), password=None)
        authority = x509.load_pem_x509_certificate(found.authority_file.read_bytes())
    except (OSError, ValueError):
        return None
    server = chain[0]
    try:
        names = server.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
    except x509.ExtensionNotFound:
        return None
    if set(_general_names(hosts)) - set(names) or len(chain) != 2 or chain[1] != authority:
        return None
    if server.not_valid_after_utc - now < datetime.timedelta(days=RENEW_DAYS):
        return None
    return TableCertificate(found.cert_file, found.key_file, found.authority_file, _fingerprint(server),
                            _fingerprint(authority))


def _made(where: Path, hosts: list[str], now: datetime.datetime) -> TableCertificate:
    """A new authority and server certificate for ``hosts``, written in ``where`` (the authority's key is not)."""
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric import ec

    authority, authority_key = make_authority(hosts, now)
    key = ec.generate_private_key(ec.SECP256R1())
    server = sign_server(authority, authority_key, hosts, key)
    del authority_key
    pem = serialization.Encoding.PEM
    (where / "authority-key.pem").unlink(missing_ok=True)  # an earlier version kept it: no longer
    _write_private(where / "server-key.pem", key.private_bytes(pem, serialization.PrivateFormat.PKCS8,
                                                               serialization.NoEncryption()))
    _write_private(where / "server.pem", server.public_bytes(pem) + authority.public_bytes(pem))
    _write_private(where / "authority.pem", authority.public_bytes(pem))
    return TableCertificate(where / "server.pem", where / "server-key.pem", where / "authority.pem",
                            _fingerprint(server), _fingerprint(authority))


def table_certificate(hosts: list[str], where: Path | None = None) -> TableCertificate:
    """The table's certificate for ``hosts`` (addresses or names): the one kept in ``where``, or a new pair.

    :raises TlsError: the folder cannot be written.
    """
    where = where or folder()
    now = datetime.datetime.now(datetime.timezone.utc)
    try:
        where.mkdir(parents=True, exist_ok=True)
        os.chmod(where, 0o700)
        return _kept(where, hosts, now) or _made(where, hosts, now)
    except OSError as error:
        raise TlsError(f"{where}: {error.strerror or error}") from None
    except ValueError as error:  # a name in COMPANION_WEB_HOSTS no certificate can hold
        raise TlsError(str(error)) from None


__all__ = ["AUTHORITY_DAYS", "AUTHORITY_NAME", "SAID_CHARACTERS", "SERVER_NAME", "TableCertificate", "TlsError",
           "braille_fingerprint", "fingerprint_utterance", "folder", "make_authority", "name_constraints",
           "said_groups", "sign_server", "spoken_fingerprint", "table_certificate"]
