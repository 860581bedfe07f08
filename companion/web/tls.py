"""HTTPS for the pages: a certificate made for this table with the ``cryptography`` library.

A **local authority** (the table's own certificate authority) is created once, in
the user's data folder (``web-tls/authority.pem`` and its key, readable by the user
only), and kept: a device that trusts it once trusts every later game. Each time
the server starts, a **server certificate** for this machine's addresses (IP
addresses and names, as subject alternative names) is signed by that authority.

What a player compares is the authority's **SHA-256 fingerprint**: said (its first
groups) and brailled at the table, shown whole on the join page, and shown by the
device when it installs the authority (``/authority.crt`` on the join page).
"""

from __future__ import annotations

import datetime
import ipaddress
import os
from dataclasses import dataclass
from pathlib import Path

#: Days the authority and a server certificate are valid (a server certificate is made anew at each start).
AUTHORITY_DAYS = 3650
SERVER_DAYS = 397


class TlsError(Exception):
    """The certificate cannot be made or written: one sentence."""


@dataclass(frozen=True)
class TableCertificate:
    cert_file: Path
    key_file: Path
    authority_file: Path
    #: The authority's SHA-256 fingerprint, hex pairs with colons (as browsers and phones show it).
    fingerprint: str
    #: The server certificate's own fingerprint (what a browser shows for the page).
    server_fingerprint: str

    def authority_der(self) -> bytes:
        from cryptography import x509
        from cryptography.hazmat.primitives.serialization import Encoding

        return x509.load_pem_x509_certificate(self.authority_file.read_bytes()).public_bytes(Encoding.DER)


def folder() -> Path:
    from companion.cards import data_dir

    return data_dir() / "web-tls"


def _fingerprint(cert: object) -> str:
    from cryptography.hazmat.primitives import hashes

    digest: bytes = cert.fingerprint(hashes.SHA256())  # type: ignore[attr-defined]
    return ":".join(f"{b:02X}" for b in digest)


def spoken_fingerprint(fingerprint: str, groups: int = 4) -> str:
    """The first ``groups`` pairs of a fingerprint, as said at the table ("AB 12 CD 34")."""
    return " ".join(fingerprint.split(":")[:groups])


def _write_private(path: Path, data: bytes) -> None:
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "wb") as handle:
        handle.write(data)
    os.replace(temporary, path)


def _authority(where: Path) -> tuple[object, object]:
    """The table's authority (certificate, key): read, or created once."""
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    cert_path, key_path = where / "authority.pem", where / "authority-key.pem"
    if cert_path.is_file() and key_path.is_file():
        try:
            cert = x509.load_pem_x509_certificate(cert_path.read_bytes())
            key = serialization.load_pem_private_key(key_path.read_bytes(), password=None)
            if cert.not_valid_after_utc > datetime.datetime.now(datetime.timezone.utc) + datetime.timedelta(days=30):
                return cert, key
        except ValueError:
            pass  # unreadable: a new authority is made
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "Companion table authority"),
                      x509.NameAttribute(NameOID.ORGANIZATION_NAME, "Companion")])
    now = datetime.datetime.now(datetime.timezone.utc)
    cert = (x509.CertificateBuilder().subject_name(name).issuer_name(name).public_key(key.public_key())
            .serial_number(x509.random_serial_number()).not_valid_before(now - datetime.timedelta(minutes=5))
            .not_valid_after(now + datetime.timedelta(days=AUTHORITY_DAYS))
            .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
            .add_extension(x509.KeyUsage(digital_signature=True, key_cert_sign=True, crl_sign=True,
                                         content_commitment=False, key_encipherment=False, data_encipherment=False,
                                         key_agreement=False, encipher_only=False, decipher_only=False), critical=True)
            .add_extension(x509.SubjectKeyIdentifier.from_public_key(key.public_key()), critical=False)
            .sign(key, hashes.SHA256()))
    _write_private(key_path, key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                               serialization.NoEncryption()))
    _write_private(cert_path, cert.public_bytes(serialization.Encoding.PEM))
    return cert, key


def table_certificate(hosts: list[str], where: Path | None = None) -> TableCertificate:
    """The authority (made once) and a server certificate for ``hosts`` (addresses or names), written in ``where``.

    :raises TlsError: the folder cannot be written.
    """
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

    where = where or folder()
    try:
        where.mkdir(parents=True, exist_ok=True)
        os.chmod(where, 0o700)
        ca_cert, ca_key = _authority(where)
        key = ec.generate_private_key(ec.SECP256R1())
        names: list[x509.GeneralName] = []
        for host in dict.fromkeys(hosts):
            try:
                names.append(x509.IPAddress(ipaddress.ip_address(host)))
            except ValueError:
                names.append(x509.DNSName(host))
        now = datetime.datetime.now(datetime.timezone.utc)
        issuer = ca_cert.subject  # type: ignore[attr-defined]
        cert = (x509.CertificateBuilder()
                .subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "Companion table")]))
                .issuer_name(issuer).public_key(key.public_key()).serial_number(x509.random_serial_number())
                .not_valid_before(now - datetime.timedelta(minutes=5))
                .not_valid_after(now + datetime.timedelta(days=SERVER_DAYS))
                .add_extension(x509.SubjectAlternativeName(names), critical=False)
                .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
                .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
                .add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(
                    ca_key.public_key()), critical=False)  # type: ignore[attr-defined]
                .sign(ca_key, hashes.SHA256()))  # type: ignore[arg-type]
        cert_file, key_file = where / "server.pem", where / "server-key.pem"
        _write_private(key_file, key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                                   serialization.NoEncryption()))
        chain = cert.public_bytes(serialization.Encoding.PEM) + \
            ca_cert.public_bytes(serialization.Encoding.PEM)  # type: ignore[attr-defined]
        _write_private(cert_file, chain)
    except OSError as error:
        raise TlsError(f"{where}: {error.strerror or error}") from None
    return TableCertificate(cert_file, key_file, where / "authority.pem", _fingerprint(ca_cert), _fingerprint(cert))


__all__ = ["TableCertificate", "TlsError", "folder", "spoken_fingerprint", "table_certificate"]
