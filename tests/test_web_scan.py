"""Scanning stickered cards on a seat's page, in real headless Chromium with a fake camera.

Chromium's fake camera plays a Y4M video the test makes from the real sticker sheet
(each card rotated, blurred and lit unevenly, with empty table between them). Linux
Chromium has no ``BarcodeDetector``, so the page sends its frames to the table's server,
which decodes them with zxing-cpp. Ana scans three Mindbug cards: each is said on her
page only, with the card entering her hand; Ben's page, his stream and the table's
outputs never learn them; axe finds nothing while the camera runs.
"""

from __future__ import annotations

import contextlib
import http.cookiejar
import json
import logging
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("selenium", reason="selenium is not installed: run make setup")
pytest.importorskip("cairosvg", reason="cairosvg is not installed: run make setup")
pytest.importorskip("zxingcpp", reason="zxing-cpp is not installed: run make setup")
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By

from scan_video import sticker, view, write_y4m
from web_helpers import CHROMIUM, DRIVER, WAIT, Browser, Table, seated

CARDS = [("bee-bear", "Bee Bear, 8"), ("spider-owl", "Spider Owl, 3"), ("gorillion", "Gorillion, 10")]


class CameraBrowser(Browser):
    """A headless Chromium whose camera is a fake one playing ``video`` (permission granted without a prompt)."""

    def __init__(self, profile: Path, video: Path) -> None:
        options = webdriver.ChromeOptions()
        options.binary_location = CHROMIUM or ""
        for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--no-first-run",
                    "--disable-extensions", "--disable-background-networking", f"--user-data-dir={profile}",
                    "--window-size=1000,1200", "--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream",
                    f"--use-file-for-fake-video-capture={video}", "--autoplay-policy=no-user-gesture-required"):
            options.add_argument(arg)
        options.set_capability("goog:loggingPrefs", {"performance": "ALL"})
        self.service = Service(DRIVER or "")
        self.driver = webdriver.Chrome(service=self.service, options=options)
        self.driver.set_page_load_timeout(WAIT)
        self.driver.set_script_timeout(WAIT)


def camera_video(path: Path) -> Path:
    """Three cards, each held still for 1.5 s, then 0.8 s of empty table, at 10 frames a second."""
    frames = []
    for number, (card_id, _) in enumerate(CARDS):
        label = sticker("mindbug", card_id)
        frames += [view(label, angle=(-10, 7, 14)[number], blur=0.9, light=True)] * 15
        frames += [view(None)] * 8
    write_y4m(path, frames)
    return path


@contextlib.contextmanager
def scanning_table(tmp: Path) -> Iterator[tuple[Table, Browser, Browser]]:
    """Mindbug with Ana's page on a fake camera playing three stickers, Ben's on an ordinary browser."""
    def browser(seat: str, profile: Path, home: Path | None) -> Browser:
        return CameraBrowser(profile, camera_video(tmp / "camera.y4m")) if seat == "p1" else Browser(profile, home)

    with seated(tmp, "mindbug", ("Ana", "Ben"), ("p1", "p2"), browser_for=browser) as (table, browsers):
        yield table, browsers["p1"], browsers["p2"]


def scan_said(browser: Browser) -> list[str]:
    """The scan region's sentences, read in one script (the page drops its oldest ones at any moment)."""
    texts = browser.driver.execute_script(
        "return Array.from(document.querySelectorAll('#scan-status p'), p => p.textContent);")
    return [str(text) for text in texts]


def _a_wrong_code_and_a_huge_frame_change_nothing(table: Any, ana: Any) -> None:
    """A code that is no card of this game, and one of another game, are said as such (no hand changed); a frame
    larger than any camera's small JPEG is refused unread."""
    page = ana.driver.execute_script("return document.documentElement.dataset.base")
    for code in ("CMP1:LOVE-LETTER:GUARD:1", "hello"):
        answer = ana.driver.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "fetch(arguments[0] + '/scan?lang=en', {method: 'POST', headers: {Accept: 'application/json'},"
            " body: new URLSearchParams({code: arguments[1]})}).then(r => r.json()).then(done);", page, code)
        assert answer == {"ok": False, "found": True, "added": False, "message": "That code is no card of this game.",
                          "hint": "", "code": ""}
    assert table.web.hands.cards["p1"] == ("bee-bear", "spider-owl", "gorillion")
    # A frame larger than any camera's small JPEG is refused unread.
    from companion.web.scan import MAX_FRAME

    status = ana.driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "fetch(arguments[0] + '/frame', {method: 'POST', headers: {'Content-Type': 'image/jpeg'},"
        " body: new Uint8Array(arguments[1])}).then(r => done(r.status));", page, MAX_FRAME + 1)
    assert status == 413


def test_a_seat_scans_three_cards_heard_on_its_page_only(tmp_path: Path) -> None:
    with scanning_table(tmp_path) as (table, ana, ben):
        button = ana.driver.find_element(By.ID, "scan")
        assert button.text == "Scan a card" and button.get_attribute("aria-pressed") == "false"
        status = ana.driver.find_element(By.ID, "scan-status")
        assert status.get_attribute("role") == "log" and status.get_attribute("aria-live") == "polite"
        start = len(table.out.records)
        button.click()
        ana.wait(lambda b: "Camera on: hold a card 15 cm in front of it, sticker facing the camera."
                 in scan_said(b))
        assert ana.axe() == []  # while the camera runs
        added = [f"{name}. Added to your hand." for _, name in CARDS]
        ana.wait(lambda b: all(text in scan_said(b) for text in added), timeout=30)
        button.click()
        ana.wait(lambda b: b.driver.find_element(By.ID, "scan").get_attribute("aria-pressed") == "false")
        assert ana.driver.switch_to.active_element == ana.driver.find_element(By.ID, "scan")
        assert scan_said(ana)[-1] == "Scanning stopped."
        # Each card once, in the order shown; the hand holds them and asks for the 2 still to enter.
        said = [s for s in scan_said(ana) if s.endswith("Added to your hand.")]
        assert said == added
        ana.wait(lambda b: b.driver.find_element(By.ID, "hand-summary").text ==
                 "Your hand: Bee Bear, 8; Spider Owl, 3; Gorillion, 10. Enter 2 cards.")
        assert table.web.hands.cards["p1"] == ("bee-bear", "spider-owl", "gorillion")
        assert ana.axe() == []

        # Scanning again: the same stickers are not added twice; with no card read for a while (here 0.6 s, between
        # two cards of the video), scanning stops by itself and the focus is back on its button.
        ana.driver.execute_script("document.getElementById('scan').dataset.timeout = '0.6'")
        before = len(scan_said(ana))
        ana.driver.find_element(By.ID, "scan").click()
        ana.wait(lambda b: "Scanning stopped: no card read for 30 seconds." in scan_said(b)[before:], timeout=20)
        assert ana.driver.switch_to.active_element == ana.driver.find_element(By.ID, "scan")
        assert ana.driver.find_element(By.ID, "scan").get_attribute("aria-pressed") == "false"
        assert not any(s.endswith("Added to your hand.") for s in scan_said(ana)[before:])
        assert table.web.hands.cards["p1"] == ("bee-bear", "spider-owl", "gorillion")

        # Ben's browser has no camera at all: said on his page, and nothing else happens.
        ben.driver.find_element(By.ID, "scan").click()
        ben.wait(lambda b: "No camera opens. Allow this page to use it, or enter your cards in the lists."
                           in scan_said(b))
        assert ben.driver.find_element(By.ID, "scan").get_attribute("aria-pressed") == "false"

        # Nobody else learns them: not Ben's page, nor his stream, nor the table's outputs, nor the save file.
        names = ("Bee Bear", "Spider Owl", "Gorillion")
        for text in [*table.out.texts[start:], *ben.said(),
                     *[m["data"] for m in ben.messages()]]:
            assert not any(name in text for name in names), text
        assert "p2" not in table.web.hands.cards
        assert not any(name.lower().replace(" ", "-") in table.save.read_text() for name in names)

        _a_wrong_code_and_a_huge_frame_change_nothing(table, ana)


def test_a_frame_from_another_device_is_refused_unread(tmp_path: Path) -> None:
    """A frame sent with the seat's link but not from the device holding the seat is refused (403), not decoded."""
    table = Table(tmp_path, "mindbug", ("Ana", "Ben"))
    try:
        request = urllib.request.Request(table.urls["p1"] + "/frame", b"\xff\xd8 a stranger's picture",
                                         {"Content-Type": "image/jpeg", "Accept": "application/json"})
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(request, timeout=WAIT)
        assert refused.value.code == 403
        assert "p1" not in table.web.hands.cards
    finally:
        table.close()


def test_a_card_that_cannot_be_in_the_hand_is_said_with_the_reason(tmp_path: Path) -> None:
    """Through the same contract as the lists: a full hand, a code read twice, a card of another game; in French too."""
    table = Table(tmp_path, "mindbug", ("Ana", "Ben"))
    try:
        scanner = table.web.scanner
        first = scanner.scan("p1", "CMP1:MINDBUG:AXOLOTL-HEALER:1", "en")
        assert (first.added, first.message) == (True, "Axolotl Healer, 4. Added to your hand.")
        again = scanner.scan("p1", "cmp1:mindbug:axolotl-healer:1", "fr")
        assert (again.added, again.message) == (False, "Dr Axolotl, 4 : déjà dans votre main.")
        assert table.web.hands.cards["p1"] == ("axolotl-healer",)
        for code in ("CMP1:MINDBUG:AXOLOTL-HEALER:2", "CMP1:MINDBUG:BEE-BEAR:1", "CMP1:MINDBUG:BRAIN-FLY:1",
                     "CMP1:MINDBUG:GORILLION:1"):
            assert scanner.scan("p1", code, "en").added
            # The first sticker read again later, among others: still in the hand, so not added twice.
            assert scanner.scan("p1", "CMP1:MINDBUG:AXOLOTL-HEALER:1", "en").message == \
                "Axolotl Healer, 4: already in your hand."
        full = scanner.scan("p1", "CMP1:MINDBUG:SPIDER-OWL:1", "en")
        assert (full.status, full.added, full.message) == (422, False, "Spider Owl, 3: not added, your hand already "
                                                           "holds its 5 cards. To correct it, enter it again above.")
        assert len(table.web.hands.cards["p1"]) == 5 and "p2" not in table.web.hands.cards
        other = scanner.scan("p2", "CMP1:NUM-X:RED-3:1", "fr")
        assert (other.added, other.message) == (False, "Ce code n'est aucune carte de ce jeu.")
    finally:
        table.close()


def test_hands_scanned_decide_as_hands_entered_in_the_lists(tmp_path: Path) -> None:
    """Love Letter: every hand scanned, then a Guard's guess decided from the target's scanned card; the Gauntlet:
    Thanos scans Black Dwarf, a hero's page refuses it with the reason, and a card played leaves the scanned hand."""
    letter = Table(tmp_path / "ll", "love-letter", ("Ana", "Ben", "Cleo"))
    try:
        scanner = letter.web.scanner
        for seat, code in (("p1", "GUARD:1"), ("p1", "PRIEST:1"), ("p2", "BARON:2"), ("p3", "HANDMAID:1")):
            assert scanner.scan(seat, f"CMP1:LOVE-LETTER:{code}", "en").added, code
        assert letter.web.hands.cards == {"p1": ("guard", "priest"), "p2": ("baron",), "p3": ("handmaid",)}
        start = len(letter.out.records)
        letter.send("play guard ben baron")
        letter.out.wait_for(lambda o: "Decided from the hands entered on the devices:" in o.texts[start:])
        letter.out.wait_for(lambda o: any("Ben is out of the round" in text for text in o.texts[start:]))
        assert letter.web.hands.cards["p1"] == ("priest",)
    finally:
        letter.close()
    (tmp_path / "g").mkdir()
    gauntlet = Table(tmp_path / "g", "gauntlet", ("Zoe", "Alice", "Bruno"))
    try:
        scanner = gauntlet.web.scanner
        said = scanner.scan("thanos", "CMP1:GAUNTLET:BLACK-DWARF:1", "en")
        assert (said.added, said.message) == (True, "Black Dwarf, 3. Added to your hand.")
        wrong = scanner.scan("hero1", "CMP1:GAUNTLET:BLACK-DWARF:1", "en")
        assert (wrong.status, wrong.added, wrong.message) == (
            422, False, "Black Dwarf, 3. Black Dwarf is a Thanos card. A hero holds hero cards only.")
        for seat, code in (("thanos", "PROXIMA-MIDNIGHT:1"), ("thanos", "OUTRIDERS:1"), ("hero1", "HULK:1"),
                           ("hero2", "THOR:1")):
            assert scanner.scan(seat, f"CMP1:GAUNTLET:{code}", "en").added, code
        start = len(gauntlet.out.records)
        gauntlet.send("play proxima")
        gauntlet.out.wait_for(lambda o: "1 power token for Zoe: 1 held, 8 in the reserve." in o.texts[start:])
        assert gauntlet.web.hands.cards["thanos"] == ("black-dwarf", "outriders")
        assert not any("Black Dwarf" in text or "Hulk" in text for text in gauntlet.out.texts)
    finally:
        gauntlet.close()


def seat_device(table: Table, seat: str) -> Callable[[str, bytes, str], tuple[int, str, dict[str, Any]]]:
    """A device holding ``seat`` (its page opened once, its cookie kept): posts to the seat's page as its script does,
    and gives the status, the content type and the JSON answer."""
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
    opener.open(table.urls[seat], timeout=WAIT).read()

    def post(action: str, body: bytes, content_type: str) -> tuple[int, str, dict[str, Any]]:
        request = urllib.request.Request(table.urls[seat] + action, body,
                                         {"Content-Type": content_type, "Accept": "application/json"})
        try:
            with opener.open(request, timeout=WAIT) as response:
                return response.status, response.headers["content-type"], json.loads(response.read())
        except urllib.error.HTTPError as error:
            raw = error.read()
            assert error.headers["content-type"] == "application/json", (error.code, raw)
            return error.code, error.headers["content-type"], json.loads(raw)
    return post


def test_every_refusal_from_scan_and_frame_is_a_sentence_in_the_seats_language(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """Issue 30: a copy number that is no ASCII digit, an impossible copy number, a PostScript frame, a header that
    claims a huge picture: each a JSON sentence in the seat's language (never a plain-text 500), no hand changed."""
    from test_frames import EPS, png_header

    table = Table(tmp_path, "mindbug", ("Ana", "Ben"))
    try:
        post = seat_device(table, "p1")
        for code in ("CMP1:MINDBUG:BEE-BEAR:\u00b2", "CMP1:MINDBUG:BEE-BEAR:\u2460", "CMP1:MINDBUG:BEE-BEAR:\uff11"):
            status, _, answer = post("/scan?lang=fr", urllib.parse.urlencode({"code": code}).encode(),
                                     "application/x-www-form-urlencoded")
            assert (status, answer["added"], answer["message"]) == (422, False, "Ce code n'est aucune carte de ce jeu.")
        for copy in (0, 999):
            status, _, answer = post("/scan?lang=en", f"code=CMP1:MINDBUG:BEE-BEAR:{copy}".encode(),
                                     "application/x-www-form-urlencoded")
            assert (status, answer["added"], answer["message"]) == (
                422, False, f"Bee Bear, 8: 1 copy, not numbered {copy}. Print its sticker again.")
        assert "p1" not in table.web.hands.cards
        with caplog.at_level(logging.WARNING, logger="companion.web"):
            refusals = [post("/frame?lang=fr", EPS, "image/jpeg"), post("/frame?lang=en", png_header(100_000, 100_000),
                                                                        "image/png"),
                        post("/frame?lang=en", png_header(5000, 4000), "image/png")]
        assert [(status, answer["found"], answer["message"]) for status, _, answer in refusals] == [
            (415, False, "Image non lue : ce n'est pas une image de caméra (JPEG ou PNG)."),
            (413, False, "That picture is too large to read."),
            (413, False, "That picture is too large to read: 5000 by 4000 pixels.")]
        assert sum("frame refused from seat p1" in r.getMessage() for r in caplog.records) == 3
        # The seat still scans: a real card is added after all of it.
        status, _, answer = post("/scan?lang=en", b"code=CMP1:MINDBUG:BEE-BEAR:1", "application/x-www-form-urlencoded")
        assert (status, answer["message"]) == (200, "Bee Bear, 8. Added to your hand.")
    finally:
        table.close()


def empty_table_video(path: Path) -> Path:
    """Two seconds of a camera seeing no card (Chromium plays it in a loop)."""
    write_y4m(path, [view(None)] * 20)
    return path


def test_the_scan_region_is_polite_and_says_its_guidance_at_most_every_15_seconds(tmp_path: Path) -> None:
    """Issue 30: "No card seen." every 4 s in an assertive region could cut the table's own announcements. The region
    is polite; while nothing is read, its guidance comes at most once in 15 s. A code refused by the table (a copy
    number that is no ASCII digit, one that does not exist) is said on the page, once while it stays in view."""
    def browser(seat: str, profile: Path, home: Path | None) -> Browser:
        return CameraBrowser(profile, empty_table_video(tmp_path / "empty.y4m")) if seat == "p1" else Browser(profile,
                                                                                                               home)

    with seated(tmp_path, "mindbug", ("Ana", "Ben"), ("p1", "p2"), browser_for=browser) as (table, browsers):
        ana = browsers["p1"]
        status = ana.driver.find_element(By.ID, "scan-status")
        assert status.get_attribute("aria-live") == "polite" and status.get_attribute("role") == "log"
        button = ana.driver.find_element(By.ID, "scan")
        assert button.get_attribute("data-quiet") == "15"
        # The browser reads the codes itself (a stand-in BarcodeDetector: Linux Chromium has none).
        ana.driver.execute_script(
            "window.inView = ''; window.BarcodeDetector = class { static async getSupportedFormats() {"
            " return ['qr_code']; } async detect() { return window.inView ? [{rawValue: window.inView,"
            " boundingBox: {width: 50}}] : []; } };")
        button.click()
        ana.wait(lambda b: "Camera on: hold a card 15 cm in front of it, sticker facing the camera."
                 in scan_said(b))
        started = time.monotonic()
        while time.monotonic() - started < 13:
            assert "No card seen." not in scan_said(ana), time.monotonic() - started
            time.sleep(0.5)
        ana.wait(lambda b: "No card seen." in scan_said(b), timeout=8)
        assert time.monotonic() - started >= 13
        ana.driver.execute_script("window.inView = arguments[0];", "CMP1:MINDBUG:BEE-BEAR:\u00b2")
        ana.wait(lambda b: "That code is no card of this game." in scan_said(b))
        ana.driver.execute_script("window.inView = 'CMP1:MINDBUG:BEE-BEAR:999';")
        ana.wait(lambda b: "Bee Bear, 8: 1 copy, not numbered 999. Print its sticker again." in scan_said(b))
        time.sleep(1.5)
        ana.driver.find_element(By.ID, "scan").click()
        ana.wait(lambda b: scan_said(b)[-1:] == ["Scanning stopped."])
        said = scan_said(ana)
        assert said.count("No card seen.") == 1 and said.count("That code is no card of this game.") == 1
        assert said.count("Bee Bear, 8: 1 copy, not numbered 999. Print its sticker again.") == 1
        assert "p1" not in table.web.hands.cards
        assert ana.axe() == []
