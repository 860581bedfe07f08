"""Issue 30: a seat left, freed or re-keyed learns nothing to its next player; honest refusals; a quiet table.

Plain HTTP against a real served session (``web_requests.served``); the pages' own
behaviour (Leave's confirmation, a freed or taken page) is in test_web_seat_pages.py.
"""

from __future__ import annotations

import re
import subprocess
import sys
import time
import urllib.parse
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="starlette is not installed: run make setup")

from conftest import run_lines
from web_helpers import http
from web_requests import RawStream, join_link, post_json, served

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def letter() -> Any:
    with served("love-letter", players=3, names=("Ana", "Ben", "Cleo")) as found:
        yield found


def _peeked(session: Any, recorder: Any, web: Any) -> tuple[str, str]:
    """Ana joins, enters her hand and plays her Priest on Ben: her page alone is told Ben's card."""
    url, device = join_link(web.base_url, web.seats.code, "p1")
    assert web.hands.enter(session, "p2", ["princess"], "en").ok
    assert post_json(url + "/hand", {"card1": "priest", "card2": "guard", "lang": "en"}, device)[0] == 200
    run_lines(session, recorder, "play priest ben")
    mine = [e.text for e in web.feed.since(0, "p1") if e.to == "p1"]
    assert "Only for you: 8, Princess, in Ben's hand." in mine and "Your hand: Guard, 1." in mine
    return url, device


@pytest.mark.parametrize("how", ["leave", "free", "rekey"])
def test_the_next_player_of_a_seat_left_freed_or_rekeyed_reads_nothing_of_the_last(letter: Any, how: str) -> None:
    session, recorder, web = letter
    url, device = _peeked(session, recorder, web)
    if how == "leave":
        assert post_json(url + "/leave", {"lang": "en", "confirm": "yes"}, device)[0] == 200
    else:
        run_lines(session, recorder, f"{how} Ana")
    assert "p1" not in web.hands.cards and not web.hands.codes.get("p1")
    # Whoever joins Ana's seat next, with the join code, reads neither her hand nor her notes: not on the page…
    new_url, new_device = join_link(web.base_url, web.seats.code, "p1")
    assert new_device != device
    status, page = http(new_url, headers={"Cookie": f"companion_device={new_device}"})
    mine = re.search(r'<div id="mine"[^>]*>(.*?)</div>', page, re.S)
    summary = re.search(r'<p id="hand-summary">(.*?)</p>', page, re.S)
    assert status == 200 and mine is not None and summary is not None
    assert mine.group(1) == "" and summary.group(1) == "Your hand is not entered yet. Enter 1 card."
    # … nor in the seat's stream from its very first entry.
    stream = RawStream(web, "p1", new_device, after=0)
    try:
        read = stream.read_until(b"Your hand is not entered yet.").decode()
    finally:
        stream.close()
    assert "Princess" not in read and "Only for you" not in read and "Guard, 1" not in read
    assert not [e for e in web.feed.since(0, "p1") if e.to == "p1" and e.kind == "note"]


def test_a_freed_seat_stays_free_and_its_old_device_is_told_so(letter: Any) -> None:
    session, recorder, web = letter
    url, device = join_link(web.base_url, web.seats.code, "p2")
    run_lines(session, recorder, "free Ben")
    # The old page's reconnect (its stream) and heartbeat never take the seat back: they hear why, for good.
    stream = RawStream(web, "p2", device, after=0)
    stream.close()
    assert stream.status == 409 and web.seats.by_id["p2"].device is None
    status, answer = post_json(url + "/beat", {}, device)
    assert (status, answer["final"]) == (409, True)
    assert answer["message"] == "The table freed this seat: join again with the join code."
    status, page = http(url, headers={"Cookie": f"companion_device={device}"})
    assert status == 409 and "Seat freed" in page and web.seats.by_id["p2"].device is None
    # Joining again with the join code makes it this device's seat again.
    join_link(web.base_url, web.seats.code, "p2")


def test_a_rekeyed_link_and_a_seat_taken_by_another_device_are_said_for_what_they_are(letter: Any) -> None:
    session, recorder, web = letter
    url, device = join_link(web.base_url, web.seats.code, "p2")
    run_lines(session, recorder, "rekey Ben")
    status, answer = post_json(url + "/beat", {}, device)
    assert (status, answer["final"]) == (403, True)
    assert answer["message"] == "The table replaced this seat's link: join again with the join code."
    # Cleo's device is away; another device opens her link: the table hears exactly that, her old page is told.
    url, device = join_link(web.base_url, web.seats.code, "p3")
    web.seats.grace = 0.0
    recorder.clear()
    assert http(url, headers={"Cookie": "companion_device=cleos-tablet"})[0] == 200
    deadline = time.monotonic() + 5
    while "Cleo's seat is now open on another device." not in recorder.texts and time.monotonic() < deadline:
        time.sleep(0.02)
    assert recorder.texts == ["Cleo's seat is now open on another device."]
    status, answer = post_json(url + "/beat", {}, device)
    assert (status, answer["final"], answer["message"]) == (409, True, "This seat was given to another device: ask the table.")
    assert web.seats.by_id["p3"].device == "cleos-tablet"


def test_joining_with_cookies_blocked_is_said_and_frees_the_seat_again(letter: Any) -> None:
    _, _, web = letter
    url, _ = join_link(web.base_url, web.seats.code, "p2")
    status, page = http(url + "?lang=en&joined=1")  # the browser kept no cookie: none comes back
    assert status == 403 and "Seat already open" not in page
    assert "This browser keeps no cookie for this page. Allow cookies for this address, then join again." in page
    assert web.seats.by_id["p2"].device is None and "p2" in [s.id for s in web.seats.free_seats()]


def test_leave_without_the_script_asks_on_a_page_of_its_own(letter: Any) -> None:
    _, _, web = letter
    url, device = join_link(web.base_url, web.seats.code, "p2")
    headers = {"Cookie": f"companion_device={device}", "Content-Type": "application/x-www-form-urlencoded"}
    status, page = http(url + "/leave", {"lang": "en"}, headers)
    assert status == 200 and "Leave this seat? Your hand and your private notes are cleared on it." in page
    assert 'name="confirm" value="yes"' in page and "No, stay" in page and web.seats.by_id["p2"].device == device
    status, page = http(url + "/leave", {"lang": "en", "confirm": "yes"}, headers)
    assert status == 200 and "You left your seat" in page and web.seats.by_id["p2"].device is None


def test_refusals_are_summed_up_at_the_table_at_most_once_an_interval(letter: Any) -> None:
    session, recorder, web = letter
    refusals = web.parts.refusals
    refusals.interval, refusals.said_at = 1.5, time.monotonic()
    recorder.clear()
    wrong = web.seat_url(web.seats.by_id["p2"]) + "x"
    for _ in range(12):
        http(wrong)
    deadline = time.monotonic() + 5
    while not recorder.texts and time.monotonic() < deadline:
        time.sleep(0.05)
    assert recorder.texts == ["12 requests refused from 127.0.0.1 in the last minute."]
    summary = next(u for u in recorder.utterances if u.event == "web_refused_summary")
    assert summary.fields == {"count": 12, "clients": ["127.0.0.1"]}
    for _ in range(3):
        http(wrong)
    time.sleep(0.8)  # within the interval: nothing more
    assert len(recorder.texts) == 1
    deadline = time.monotonic() + 5
    while len(recorder.texts) < 2 and time.monotonic() < deadline:
        time.sleep(0.05)
    assert recorder.texts[1] == "3 requests refused from 127.0.0.1 in the last minute."
    assert not [e for e in web.feed.since(0, "p2") if "refused" in e.text]  # the table's only, never the pages'


def test_ruff_checks_the_complexity_of_the_pages_functions() -> None:
    """C901 with a maximum of 10 is on for companion/web (a function of 11 branches is refused there)."""
    branches = "\n".join(f"    if x == {i}:\n        return {i}" for i in range(11))
    source = f"def many(x: int) -> int:\n{branches}\n    return -1\n"

    def check(name: str) -> str:
        found = subprocess.run([sys.executable, "-m", "ruff", "check", "--stdin-filename", name, "-"], input=source,
                               capture_output=True, text=True, cwd=ROOT, timeout=60)
        return found.stdout + found.stderr

    assert "C901" in check("companion/web/probe.py")
    assert "C901" in check("companion/web/table_page/probe.py")  # the table's own page too (issue 31)


def test_no_function_of_the_pages_is_over_60_lines() -> None:
    import ast

    paths = sorted((ROOT / "companion" / "web").rglob("*.py"))  # the table's own page (web/table_page) too
    assert ROOT / "companion" / "web" / "table_page" / "page.py" in paths
    for path in paths:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                assert node.end_lineno is not None and node.end_lineno - node.lineno < 60, (path.name, node.name)


def test_a_quoted_path_stays_out_of_the_log(letter: Any) -> None:
    """A seat's secret never reaches the refusals log, even as a query or percent-encoded."""
    _, _, web = letter
    token = web.seats.by_id["p2"].token
    http(web.base_url + "/seat/p2/" + urllib.parse.quote(token + "x") + "?t=" + token)
    from companion.web.limits import LOG

    for handler in LOG.handlers:
        handler.flush()
    import os

    text = (Path(os.environ["COMPANION_DATA_DIR"]) / "web-refusals.log").read_text(encoding="utf-8")
    assert "refused 403" in text and token not in text and token[:8] not in text
