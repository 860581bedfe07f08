"""Issue 30: every refusal a page can get is a sentence in its language, never a plain-text 500 or uvicorn's English.

Over real sockets to a French table: an unknown method, a header too large, a request line h11 cannot read, a
malformed multipart form, a client gone in the middle of its body (a form and a camera frame). Each is answered by a
page in French (or nothing, the client being gone), logged in the data folder's file, and nothing reaches the table's
terminal nor uvicorn's error log; the seat's page still opens after them.
"""

from __future__ import annotations

import html
import logging
import os
import socket
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("uvicorn", reason="uvicorn is not installed: run make setup")

from conftest import _InternalErrors as Errors, make_served  # what a logger says as an error

pytestmark = pytest.mark.timeout(60)


@pytest.fixture
def french() -> Iterator[tuple[Any, str, Errors]]:
    errors = Errors()
    logging.getLogger("uvicorn.error").addHandler(errors)
    session, _, web = make_served("gauntlet", lang="fr", players=3, names=("Zoe", "Alice", "Bruno"))
    try:
        seat = list(web.seats)[1]
        web.seats.claim(seat, "dev2")
        web.parts.refusals.interval, web.parts.refusals.said_at = 3600.0, time.monotonic()  # no summary meanwhile
        yield web, web.seat_url(seat)[len(web.base_url):], errors
    finally:
        web.stop()
        logging.getLogger("uvicorn.error").removeHandler(errors)


def _raw(web: Any, data: bytes, pieces: int = 1, leave: bool = False) -> bytes:
    """``data`` sent on a new connection (in ``pieces``, 20 ms apart): all the answer, or nothing when ``leave``."""
    sock = socket.create_connection(web.bound, timeout=5)
    try:
        size = -(-len(data) // pieces)
        for start in range(0, len(data), size):
            try:
                sock.sendall(data[start:start + size])
            except OSError:
                break  # the server answered and closed before the rest
            time.sleep(0.02 if pieces > 1 else 0)
        if leave:
            return b""
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
        return answer
    finally:
        sock.close()


def _head(web: Any) -> str:
    host, port = web.bound
    return f"Host: {host}:{port}\r\nCookie: companion_device=dev2\r\nOrigin: http://{host}:{port}\r\n"


def _said(answer: bytes) -> tuple[int, str, str]:
    """The status, the content type and the body of an HTTP answer."""
    head, _, body = answer.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    kind = next((line.split(":", 1)[1].strip() for line in lines[1:] if line.lower().startswith("content-type:")), "")
    return int(lines[0].split()[1]), kind, html.unescape(body.decode("utf-8"))


def test_malformed_requests_are_refused_in_the_tables_language_and_logged_never_a_500(french: Any,
                                                                                     capfd: Any) -> None:
    web, path, errors = french
    head = _head(web)
    status, kind, body = _said(_raw(web, f"BREW {path}/line HTTP/1.1\r\n{head}Connection: close\r\n\r\n".encode()))
    assert (status, kind) == (405, "text/html; charset=utf-8") and 'lang="fr"' in body
    assert "Cette adresse n'est pas une page de la table" in body
    huge = f"GET {path} HTTP/1.1\r\n{head}X-Big: {'a' * 200_000}\r\nConnection: close\r\n\r\n".encode()
    for answer in (_raw(web, huge, pieces=40), _raw(web, b"GET / HTTP/1.1 junk\r\n\r\n")):
        status, kind, body = _said(answer)
        assert (status, kind) == (400, "text/html; charset=utf-8"), answer[:200]
        assert 'lang="fr"' in body and "Cette requête est illisible : ouvrez l'adresse dite à la table." in body
        assert "Invalid HTTP request" not in body
    multipart = b'--XX\r\nContent-Disposition: form-data; name="line"\r\n\r\nstatus\r\n--X'
    status, kind, body = _said(_raw(web, f"POST {path}/line HTTP/1.1\r\n{head}Content-Type: multipart/form-data; "
                                         f"boundary=XX\r\nContent-Length: {len(multipart)}\r\nConnection: close"
                                         f"\r\n\r\n".encode() + multipart))
    assert status == 422 and kind == "text/html; charset=utf-8" and 'lang="fr"' in body
    for action, length in (("line", 100), ("frame", 5000)):  # both within their bounds, then the client goes
        _raw(web, f"POST {path}/{action} HTTP/1.1\r\n{head}Content-Length: {length}\r\n\r\nline=st".encode(),
             leave=True)
    time.sleep(0.5)
    status, _, body = _said(_raw(web, f"GET {path} HTTP/1.1\r\n{head}Connection: close\r\n\r\n".encode()))
    assert status == 200 and 'lang="fr"' in body  # the seat's page still opens
    assert errors.records == []  # no exception in the application: never a 500
    for handler in logging.getLogger("companion.web").handlers:
        handler.flush()
    log = (Path(os.environ["COMPANION_DATA_DIR"]) / "web-refusals.log").read_text(encoding="utf-8")
    assert log.count("refused 400 unreadable") == 2 and "refused 405" in log
    assert log.count("refused 400 gone") == 2
    token = path.rsplit("/", 1)[-1]
    assert token not in log
    summary = web.parts.refusals.due(time.monotonic() + 7200)  # what the table's next summary sums up
    assert summary == (5, ["127.0.0.1"])
    out, err = capfd.readouterr()
    assert out + err == ""
