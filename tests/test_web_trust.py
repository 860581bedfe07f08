"""Issue 23, over HTTP on 127.0.0.1: what a stranger on the network can and cannot do with the private pages.

Each test is one finding of the hostile test: a seat taken over with the join code, a second device posting a
seat's forms, X-Forwarded-For trusted from the loopback, wrong secrets never limited, Nagle's delay, a Host header
never checked, /join without an Origin check, idle sockets starving every page, nothing logged, secret links said
at the table; then the table's own commands over the devices.
"""

from __future__ import annotations

import http.client
import logging
import os
import socket
import statistics
import time
import urllib.parse
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="starlette is not installed: run make setup")

from conftest import run_lines
from web_requests import device_post, join_link, post_json, served

from companion.web.limits import Limits


@pytest.fixture
def web3() -> Iterator[tuple[Any, Any, Any]]:
    with served("love-letter", start=True, players=3, names=("Ana", "Ben", "Cleo")) as found:
        yield found


def _request(web: Any, method: str, path: str, headers: dict[str, str] | None = None,
             body: dict[str, str] | None = None) -> tuple[int, str, dict[str, str]]:
    host, port = web.bound
    connection = http.client.HTTPConnection(host, port, timeout=5)
    data = urllib.parse.urlencode(body).encode() if body is not None else None
    sent = {"Content-Type": "application/x-www-form-urlencoded"} if data is not None else {}
    connection.request(method, path, data, {**sent, **(headers or {})})
    response = connection.getresponse()
    text = response.read().decode()
    connection.close()
    return response.status, text, {k.lower(): v for k, v in response.getheaders()}


def _join(web: Any, seat: str) -> tuple[str, str]:
    return join_link(web.base_url, web.seats.code, seat)


# --------------------------------------------------------------------------- seats that stay their player's


def test_a_joined_seat_is_never_opened_again_by_the_join_code(web3: Any) -> None:
    session, recorder, web = web3
    web.seats.grace = 0.0  # even once its page is closed, long ago
    recorder.clear()
    url, device = _join(web, "p2")
    assert "Ben's seat is now open on a device." in recorder.texts
    status, _, _ = _request(web, "POST", "/join", body={"code": web.seats.code, "seat": "p2"})
    assert status == 409
    # The join page offers the free seats only.
    page = _request(web, "GET", "/")[1]
    assert 'value="p2"' not in page and 'value="p1"' in page
    # The seat's own device keeps it; its link on another device gets neither the page nor a form.
    assert post_json(url + "/line", {"line": "status"}, device)[0] == 200
    assert post_json(url + "/line", {"line": "status"}, "another-device")[0] == 409
    assert post_json(url + "/line", {"line": "status"})[0] == 403


def test_the_join_code_expires_once_every_seat_is_taken_and_the_table_says_a_new_one(web3: Any) -> None:
    session, recorder, web = web3
    for seat in ("p1", "p2", "p3"):
        _join(web, seat)
    old = web.seats.code
    assert _request(web, "POST", "/join", body={"code": old, "seat": "p1"})[0] in (403, 409)
    texts = run_lines(session, recorder, "free Ben")
    assert texts[0] == "Ben's seat is free: a device may take it with the join code."
    # Issue 30: the code is not said aloud again by itself (anyone near would hear it): the table asks for it.
    assert texts[1:] == ["The join code has expired: newcode says a new one."] and web.seats.code == old
    texts = run_lines(session, recorder, "newcode")
    assert texts[0].startswith("New join code for the free seats: open http://127.0.0.1:")
    assert web.seats.code != old and web.seats.code in texts[0].replace(" ", "")
    assert _request(web, "POST", "/join", body={"code": old, "seat": "p2"})[0] == 403
    _join(web, "p2")  # the new code opens Ben's seat again


def test_the_table_sees_frees_and_rekeys_the_devices_in_both_languages(web3: Any) -> None:
    session, recorder, web = web3
    url, device = _join(web, "p1")
    web.seats.open_stream(web.seats.by_id["p1"], device)
    assert run_lines(session, recorder, "devices") == ["Devices: Ana connected; Ben free; Cleo free."]
    assert run_lines(session, recorder, "appareils")[0].startswith("Devices: ")
    old_token = web.seats.by_id["p1"].token
    texts = run_lines(session, recorder, "nouveaulien ana")
    assert texts == ["Ana's seat has a new secret. Its old link opens nothing: join again with the join code."]
    assert web.seats.by_id["p1"].token != old_token
    assert post_json(url + "/line", {"line": "status"}, device)[0] == 403  # the old link opens nothing
    assert run_lines(session, recorder, "libère Zed")[0].startswith("Name the seat to free: ")
    assert run_lines(session, recorder, "newcode")[0].startswith("New join code for the free seats: open ")


def test_a_french_table_hears_its_devices_with_french_typography() -> None:
    """The seats were joined by a bare "; " whatever the language: "Ana libre; Ben libre" (the guide says " ; ")."""
    with served("love-letter", start=True, lang="fr", players=3, names=("Ana", "Ben", "Cleo")) as (session, recorder, _):
        assert run_lines(session, recorder, "appareils") == ["Appareils : Ana libre ; Ben libre ; Cleo libre."]


def test_a_player_leaves_their_seat(web3: Any) -> None:
    session, recorder, web = web3
    url, device = _join(web, "p3")
    recorder.clear()
    # Issue 30: "Leave this seat" asks to confirm first; nothing is done until it is confirmed.
    status, answer = post_json(url + "/leave", {"lang": "en"}, device)
    assert (status, answer["confirm"]) == (200, True) and answer["message"].startswith("Leave this seat?")
    assert web.seats.by_id["p3"].device == device and recorder.texts == []
    assert post_json(url + "/leave", {"lang": "en", "confirm": "yes"}, device)[0] == 200
    assert "Cleo left their seat on their device: the seat is free." in recorder.texts
    assert web.seats.by_id["p3"].device is None


def test_a_vanished_device_is_said_away_and_the_decision_waiting_for_it(web3: Any) -> None:
    session, recorder, web = web3
    web.seats.grace, web.timing.away_after = 0.2, 0.4
    ana = web.seats.by_id["p1"]  # Ana's turn first
    generation = web.seats.open_stream(ana, "ana-phone")
    recorder.clear()
    web.seats.close_stream(ana, generation)  # the phone vanished: no stream, no heartbeat
    deadline = time.monotonic() + 5
    while "Ana's device is away." not in recorder.texts and time.monotonic() < deadline:
        time.sleep(0.05)
    assert "Ana's device is away." in recorder.texts
    waits = [t for t in recorder.texts if t.startswith("The game waits for Ana.")]
    assert waits == ["The game waits for Ana. Open the page again on that device, or type the play at the table. "
                     "Typing free Ana lets another device take the seat."]
    assert web.seats.state(ana) == "away"


# --------------------------------------------------------------------------- a server that holds


def test_x_forwarded_for_is_not_believed_from_the_loopback(web3: Any) -> None:
    _, _, web = web3
    statuses = [_request(web, "POST", "/join", {"X-Forwarded-For": f"10.0.{i // 250}.{i % 250}"},
                         {"code": "WRONG1", "seat": "p1"})[0] for i in range(20)]
    assert 429 in statuses  # one client: 8 guesses, then 0.2 a second, whatever it claims to be


def test_wrong_seat_secrets_are_rate_limited(web3: Any) -> None:
    _, _, web = web3
    statuses = [_request(web, "GET", f"/seat/p2/guess{i}")[0] for i in range(20)]
    assert statuses[0] == 403 and 429 in statuses


def test_the_host_header_must_be_a_served_address(web3: Any) -> None:
    _, _, web = web3
    port = web.bound[1]
    assert _request(web, "GET", "/", {"Host": f"rebound.example:{port}"})[0] == 421
    assert _request(web, "GET", "/", {"Host": f"localhost:{port}"})[0] == 200
    assert _request(web, "GET", "/")[0] == 200


def test_join_checks_the_origin_like_every_form(web3: Any) -> None:
    _, _, web = web3
    evil = {"Origin": "http://evil.example"}
    assert _request(web, "POST", "/join", evil, {"code": web.seats.code, "seat": "p1"})[0] == 403
    assert _request(web, "POST", "/join", {"Origin": "null", "Sec-Fetch-Site": "cross-site"},
                    {"code": web.seats.code, "seat": "p1"})[0] == 403
    assert web.seats.by_id["p1"].device is None
    same = {"Origin": web.base_url}
    assert _request(web, "POST", "/join", same, {"code": web.seats.code, "seat": "p1"})[0] == 303


def test_kept_alive_follow_up_requests_are_not_delayed(web3: Any) -> None:
    """TCP_NODELAY: a second request on the same connection answers in about a millisecond, not 40."""
    _, _, web = web3
    host, port = web.bound
    connection = http.client.HTTPConnection(host, port, timeout=5)
    times = []
    for _ in range(6):
        start = time.perf_counter()
        connection.request("GET", "/page.css")
        connection.getresponse().read()
        times.append(time.perf_counter() - start)
    connection.close()
    assert statistics.median(times[1:]) < 0.02, times


def test_idle_sockets_starve_nothing_and_are_closed_after_the_read_timeout(web3: Any) -> None:
    _, _, web = web3
    web.limits.read_timeout = 1.0
    url, device = _join(web, "p1")
    host, port = web.bound
    idle = []
    try:
        for _ in range(120):  # more than the old cap of 64 connections
            idle.append(socket.create_connection((host, port), timeout=5))
        time.sleep(0.2)
        assert _request(web, "GET", "/")[0] == 200
        assert post_json(url + "/line", {"line": "status"}, device)[0] == 200
        # No request within the read timeout: the server closes them.
        time.sleep(1.6)
        closed = 0
        for sock in idle:
            sock.settimeout(0.5)
            try:
                closed += sock.recv(1) == b""
            except OSError:
                closed += 1
        assert closed == len(idle)
    finally:
        for sock in idle:
            sock.close()


def test_idle_sockets_beyond_the_cap_per_address_close_the_oldest(web3: Any) -> None:
    _, _, web = web3
    web.limits.idle_per_client = 10
    host, port = web.bound
    idle = [socket.create_connection((host, port), timeout=5) for _ in range(15)]
    try:
        time.sleep(0.3)
        assert web.limits.total <= 10 and web.limits.closed >= 5
        assert _request(web, "GET", "/")[0] == 200
    finally:
        for sock in idle:
            sock.close()


def test_every_refusal_is_one_line_in_the_data_folders_log_without_its_secret(web3: Any, capfd: Any) -> None:
    _, _, web = web3
    log = Path(os.environ["COMPANION_DATA_DIR"]) / "web-refusals.log"
    token = web.seats.by_id["p2"].token
    _request(web, "GET", f"/seat/p2/{token}x")
    _request(web, "GET", "/", {"Host": "evil.example"})
    device_post(web, "p3", "line", {"line": "status"})
    post_json(web.seat_url(web.seats.by_id["p3"]) + "/line", {"line": "status"}, "not-cleo")
    for handler in logging.getLogger("companion.web").handlers:
        handler.flush()
    lines = [line.split(" ", 2)[2] for line in log.read_text(encoding="utf-8").splitlines() if " refused " in line]
    assert len(lines) == 3, lines
    assert lines[0].startswith("refused 403 wrong_secret: GET /seat/p2/… from 127.0.0.1")
    assert lines[1].startswith("refused 421 wrong_host") and lines[2].startswith("refused 409 seat_taken")
    assert not any(seat.token in line or seat.token[:8] in line for line in lines for seat in web.seats)
    # Issue 30: nothing at the table's terminal (a screen reader would read every line).
    out, err = capfd.readouterr()
    assert "refused" not in out + err


def test_limits_are_plain_numbers() -> None:
    limits = Limits()
    assert limits.read_timeout > 0 and limits.idle_per_client < limits.idle_total
