"""Whole games whose every hand is entered by scanning stickered cards, in real headless Chromium with fake cameras.

Each seat has its own Chromium whose fake camera plays its own Y4M video, made from the
real sticker sheet (tests/scan_video.py). Chromium plays one file per browser, looped
from its first frame each time the camera opens, so a seat's video holds **every card
that seat will hold in the game, in the order they enter its hand**, each still for 1.5 s
between stretches of empty table. The page's own rules do the rest: a card already in the
hand is said "already in your hand", one for a full hand is refused with the reason, and
the same sticker is added as soon as the hand has room after the draw (the camera still
running). A seat stops scanning once its hand is in, as a player would, so a card it has
played (and whose sticker its video still shows) never comes back into its hand.

- Love Letter, 2 players (Ana, Ben; the fewest browsers): Ana scans Guard and Priest, Ben
  Baron (his Prince refused: his hand is full) ; Ana's Guard guesses the King, decided from
  Ben's scanned hand (a miss); Ben draws and his Prince, still in view, is added; his Baron
  against Ana's Priest, decided from the two scanned hands, ends the round.
- The Gauntlet, its shortest course (Thanos with 1 ruby, 2 heroes with 2 coins, as in
  tests/test_web_gauntlet_game.py): Zoe scans her three Thanos cards, Alice and Bruno a
  hero card each, their second card refused until they draw; two fights end the game.

Two more tests keep a card refused for a full hand in front of the camera through the
draw (frames sent to the table, then codes read by the browser itself): the page once
dropped its "Added to your hand." as the same code seen again.

Every scanned sentence is said on its own seat's page only: never on another page, in
another seat's stream, at the table's standard output or in the save file. axe finds
nothing on a page while its camera runs.
"""

from __future__ import annotations

import contextlib
import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("selenium", reason="selenium is not installed: run make setup")
pytest.importorskip("cairosvg", reason="cairosvg is not installed: run make setup")
pytest.importorskip("zxingcpp", reason="zxing-cpp is not installed: run make setup")
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from scan_video import sticker, view, write_y4m
from test_web_scan import CameraBrowser, scan_said
from web_helpers import Browser, Table, seated, table_play as play

FULL = "{card}: not added, your hand already holds its {count} card{s}. To correct it, enter it again above."


def full(card: str, count: int) -> str:
    return FULL.format(card=card, count=count, s="" if count == 1 else "s")


def seat_video(path: Path, game: str, cards: list[str], still: int = 15, gap: int = 8) -> Path:
    """The cards one after another (``still`` frames each, then ``gap`` frames of empty table), at 10 a second."""
    frames = []
    for number, card in enumerate(cards):
        card_id, _, copy = card.partition(":")
        label = sticker(game, card_id, int(copy or 1))
        frames += [view(label, angle=(-9, 6, 12, -4)[number % 4], blur=0.8, light=number % 2 == 0)] * still
        frames += [view(None)] * gap
    write_y4m(path, frames or [view(None)] * gap)  # no card: an empty table
    return path


@contextlib.contextmanager
def camera_table(tmp: Path, game: str, names: tuple[str, ...], videos: dict[str, list[str]],
                 options: dict[str, Any] | None = None) -> Iterator[tuple[Table, dict[str, Browser]]]:
    """A served table and one camera browser per seat, each playing its own video; all stopped by PID."""
    def camera(seat: str, profile: Path, home: Path | None) -> Browser:
        return CameraBrowser(profile, seat_video(tmp / f"{seat}.y4m", game, videos[seat]))

    with seated(tmp, game, names, tuple(videos), options, browser_for=camera) as found:
        yield found


def set_aside(table: Table) -> None:
    """Two players: the three cards set aside face up, none of them in a hand of these tests."""
    play(table, "aside handmaid countess king", "Set aside face up: Handmaid, Countess and King. Deck: 10 cards.")


def start_scanning(browser: Browser) -> None:
    button = browser.driver.find_element(By.ID, "scan")
    assert button.get_attribute("aria-pressed") == "false"
    button.click()
    browser.wait(lambda b: "Camera on: hold a card 15 cm in front of it, sticker facing the camera."
                 in scan_said(b))


def stop_scanning(browser: Browser) -> None:
    browser.driver.find_element(By.ID, "scan").click()
    browser.wait(lambda b: b.driver.find_element(By.ID, "scan").get_attribute("aria-pressed") == "false")
    assert scan_said(browser)[-1] == "Scanning stopped."


class Heard:
    """Everything each seat's scan region said, in order: a MutationObserver on the page keeps each sentence added
    (the region itself keeps only its last 6)."""

    KEEP = ("if (!window.heardAll) { window.heardAll = []; new MutationObserver(changes => changes.forEach(c =>"
            " c.addedNodes.forEach(n => window.heardAll.push(n.textContent))))"
            ".observe(document.getElementById('scan-status'), {childList: true}); }")

    def __init__(self, browsers: dict[str, Browser]) -> None:
        self.browsers = browsers
        self.said: dict[str, list[str]] = {seat: [] for seat in browsers}
        for browser in browsers.values():
            browser.driver.execute_script(self.KEEP)

    def poll(self) -> None:
        for seat, browser in self.browsers.items():
            self.said[seat] = [str(text) for text in browser.driver.execute_script("return window.heardAll;")]

    def wait(self, seat: str, text: str, timeout: float = 40) -> None:
        deadline = time.monotonic() + timeout
        while True:
            self.poll()
            if text in self.said[seat]:
                return
            if time.monotonic() > deadline:
                raise AssertionError(f"{seat}'s page never said {text!r}: {self.said[seat][-6:]}")
            time.sleep(0.1)


def summary(browser: Browser, text: str) -> None:
    browser.wait(lambda b: b.driver.find_element(By.ID, "hand-summary").text == text, timeout=20)


def private_to(table: Table, browsers: dict[str, Browser], heard: Heard, private: dict[str, list[str]]) -> None:
    """Each sentence in ``private[seat]`` reached that seat's page and nothing else: not another seat's page or
    stream, nor the table's standard output, nor the save file."""
    heard.poll()
    streams = {seat: [json.loads(m["data"]).get("text", "") for m in b.messages()] for seat, b in browsers.items()}
    pages = {seat: [*heard.said[seat], *b.said()] for seat, b in browsers.items()}
    saved = table.save.read_text(encoding="utf-8")
    for seat, texts in private.items():
        for text in texts:
            assert text in heard.said[seat] or text in streams[seat], (seat, text)
            for other in browsers:
                if other != seat:
                    assert text not in pages[other] and text not in streams[other], (other, text)
            assert text not in table.out.texts and text not in saved, text
    assert not any("Your hand" in text or "to your hand" in text for text in table.out.texts)


# --------------------------------------------------------------------------- Love Letter


def test_a_love_letter_round_with_every_hand_scanned(tmp_path: Path) -> None:
    videos = {"p1": ["guard", "priest"], "p2": ["baron", "prince"]}
    with camera_table(tmp_path, "love-letter", ("Ana", "Ben"), videos) as (table, browsers):
        ana, ben = browsers["p1"], browsers["p2"]
        heard = Heard(browsers)
        set_aside(table)
        summary(ana, "Your hand is not entered yet. Enter 2 cards.")
        summary(ben, "Your hand is not entered yet. Enter 1 card.")

        # Ana's two cards, then her first sticker again; Ben's Baron, then his Prince refused: his hand is full.
        start_scanning(ana)
        start_scanning(ben)
        assert ana.axe() == [] and ben.axe() == []  # while the cameras run
        heard.wait("p1", "Guard, 1. Added to your hand.")
        heard.wait("p1", "Priest, 2. Added to your hand.")
        heard.wait("p1", "Guard, 1: already in your hand.")
        stop_scanning(ana)
        summary(ana, "Your hand: Guard, 1; Priest, 2.")
        heard.wait("p2", "Baron, 3. Added to your hand.")
        heard.wait("p2", full("Prince, 5", 1))
        heard.wait("p2", "Baron, 3: already in your hand.")
        summary(ben, "Your hand: Baron, 3.")
        assert table.web.hands.cards == {"p1": ("guard", "priest"), "p2": ("baron",)}
        assert ben.axe() == []

        # Turn 1: Ana's Guard names the King, decided from Ben's scanned hand: a miss.
        said = play(table, "play guard ben king", "Missed: Ben does not hold the King. Type next.")
        assert "Decided from the hands entered on the devices:" in said
        # Ben draws: the Prince his camera still shows is added now his hand has room.
        play(table, "next", "Ben's turn: draw a card. Deck: 8 cards.")
        heard.wait("p2", "Prince, 5. Added to your hand.")
        stop_scanning(ben)
        summary(ben, "Your hand: Baron, 3; Prince, 5.")
        assert table.web.hands.cards == {"p1": ("priest",), "p2": ("baron", "prince")}

        # Turn 2: Ben's Baron against Ana, decided from both scanned hands: Ana's Priest loses, Ben wins the round.
        said = play(table, "play baron ana", "1 of 7 favour tokens for Ben.")
        assert "Decided from the hands entered on the devices:" in said
        assert "2, Priest, face up: Ana is out of the round." in said

        heard.poll()
        # Each camera opens on its video's first frame: the cards come in the order of the video.
        camera = "Camera on: hold a card 15 cm in front of it, sticker facing the camera."
        assert heard.said["p1"][:4] == [camera, "Guard, 1. Added to your hand.", "Priest, 2. Added to your hand.",
                                        "Guard, 1: already in your hand."]
        assert heard.said["p2"][:4] == [camera, "Baron, 3. Added to your hand.", full("Prince, 5", 1),
                                        "Baron, 3: already in your hand."]
        for seat in browsers:
            # Each card once: added once, never twice.
            added = [s for s in heard.said[seat] if s.endswith("Added to your hand.")]
            assert len(added) == len(set(added)) == len(videos[seat]), added
        private_to(table, browsers, heard, {
            "p1": ["Guard, 1. Added to your hand.", "Priest, 2. Added to your hand.", "Guard, 1: already in your hand.",
                   "Your hand: Guard, 1; Priest, 2."],
            "p2": ["Baron, 3. Added to your hand.", full("Prince, 5", 1), "Prince, 5. Added to your hand.",
                   "Your hand: Baron, 3; Prince, 5."]})
        # Ben's Prince never went face up: the table never named it.
        assert not any("Prince" in text for text in table.out.texts)


# --------------------------------------------------------------------------- the Gauntlet


def fight(table: Table, values: dict[Browser, str], last: str) -> list[str]:
    """``fight`` at the table; each fighter types their value on their own page, with the keyboard only."""
    start = len(table.out.records)
    table.send("fight")
    for browser, value in values.items():
        browser.wait(lambda b: b.driver.find_element(By.ID, "secret").is_displayed())
        field = browser.driver.find_element(By.ID, "value")
        field.send_keys(value)
        browser.wait(lambda b: b.driver.find_element(By.ID, "hint").text == "This value can be sent.")
        field.send_keys(Keys.ENTER)
    table.out.wait_for(lambda o: last in o.texts[start:])
    time.sleep(0.1)
    return table.out.texts[start:]


def test_a_gauntlet_game_with_every_hand_scanned(tmp_path: Path) -> None:
    videos = {"thanos": ["proxima-midnight", "black-dwarf", "outriders"], "hero1": ["hulk", "nebula"],
              "hero2": ["thor", "iron-man"]}
    with camera_table(tmp_path, "gauntlet", ("Zoe", "Alice", "Bruno"), videos,
                      {"thanos_lives": 1, "hero_lives": 2}) as (table, browsers):
        zoe, alice, bruno = (browsers[s] for s in ("thanos", "hero1", "hero2"))
        heard = Heard(browsers)
        for browser in browsers.values():
            start_scanning(browser)
        assert zoe.axe() == [] and alice.axe() == []  # while the cameras run
        heard.wait("thanos", "Proxima Midnight, 4. Added to your hand.")
        heard.wait("thanos", "Black Dwarf, 3. Added to your hand.")
        heard.wait("thanos", "Outriders, 1. Added to your hand.")
        heard.wait("thanos", "Proxima Midnight, 4: already in your hand.")
        stop_scanning(zoe)
        summary(zoe, "Your hand: Proxima Midnight, 4; Black Dwarf, 3; Outriders, 1.")
        for seat, first, second in (("hero1", "Hulk, 3", "Nebula, 1"), ("hero2", "Thor, 3", "Iron Man, 6")):
            heard.wait(seat, f"{first}. Added to your hand.")
            heard.wait(seat, full(second, 1))
        summary(alice, "Your hand: Hulk, 3.")
        summary(bruno, "Your hand: Thor, 3.")

        play(table, "play proxima", "1 power token for Zoe: 1 held, 8 in the reserve.")
        play(table, "next", "Alice draws. 13 cards in the hero deck.")
        heard.wait("hero1", "Nebula, 1. Added to your hand.")
        stop_scanning(alice)
        summary(alice, "Your hand: Hulk, 3; Nebula, 1.")
        play(table, "play hulk", "You may fight Thanos.")

        # The first fight: Thanos wins; Alice's defeated card is named from her scanned hand.
        said = fight(table, {alice: "1", zoe: "3"}, "Alice draws. 12 cards in the hero deck.")
        assert "Decided from the hands entered on the devices:" in said and "Alice's Nebula is defeated." in said
        play(table, "next", "Bruno draws. 11 cards in the hero deck.")
        heard.wait("hero2", "Iron Man, 6. Added to your hand.")
        stop_scanning(bruno)
        summary(bruno, "Your hand: Thor, 3; Iron Man, 6.")
        assert bruno.axe() == []
        play(table, "play thor", "You may fight Thanos.")

        # The second fight: Bruno wins, Thanos's last ruby goes; the defeated card named from Zoe's scanned hand.
        said = fight(table, {bruno: "6", zoe: "1"}, "Thanos has no life left: the heroes win the game.")
        assert "Zoe's Outriders is defeated." in said and "Fight: Bruno beats Zoe." in said
        for browser in browsers.values():
            browser.wait(lambda b: "Thanos has no life left: the heroes win the game." in b.said())
            assert browser.axe() == []

        heard.poll()
        for seat in browsers:
            added = [s for s in heard.said[seat] if s.endswith("Added to your hand.")]
            assert len(added) == len(set(added)) == len(videos[seat]), added
        private_to(table, browsers, heard, {
            "thanos": ["Proxima Midnight, 4. Added to your hand.", "Black Dwarf, 3. Added to your hand.",
                       "Outriders, 1. Added to your hand.",
                       "Your hand: Proxima Midnight, 4; Black Dwarf, 3; Outriders, 1."],
            "hero1": ["Hulk, 3. Added to your hand.", full("Nebula, 1", 1), "Nebula, 1. Added to your hand.",
                      "Your hand: Hulk, 3; Nebula, 1."],
            "hero2": ["Thor, 3. Added to your hand.", full("Iron Man, 6", 1), "Iron Man, 6. Added to your hand.",
                      "Your hand: Thor, 3; Iron Man, 6."]})
        # Black Dwarf and Iron Man were never played nor defeated: the table never named them.
        assert not any("Black Dwarf" in text or "Iron Man" in text for text in table.out.texts)


def test_a_card_still_in_view_is_added_and_said_when_the_hand_gets_room(tmp_path: Path) -> None:
    """The bug a real game found: a card read while the hand was full, still held in front of the camera when the
    draw gives the hand room, was added by the server but its "Added to your hand." was dropped by the page as the
    same code seen again. Ben's camera shows his Prince again and again (out of view 0.8 s each time, less than the
    3 s after which a code is said again); the refusal is said once, the addition too, and nothing after it."""
    with camera_table(tmp_path, "love-letter", ("Ana", "Ben"), {"p2": ["prince"]}) as (table, browsers):
        ben = browsers["p2"]
        set_aside(table)
        scanner = table.web.scanner
        for seat, code in (("p1", "GUARD:1"), ("p1", "PRIEST:1"), ("p2", "BARON:1")):
            assert scanner.scan(seat, f"CMP1:LOVE-LETTER:{code}", "en").added, code
        heard = Heard(browsers)
        start_scanning(ben)
        heard.wait("p2", full("Prince, 5", 1))
        time.sleep(1.5)  # six frames more of the same refusal: not said again
        heard.poll()
        assert heard.said["p2"].count(full("Prince, 5", 1)) == 1
        play(table, "play guard ben king", "Missed: Ben does not hold the King. Type next.")
        play(table, "next", "Ben's turn: draw a card. Deck: 8 cards.")
        heard.wait("p2", "Prince, 5. Added to your hand.", timeout=10)
        time.sleep(1.5)  # and "already in your hand" is not said while it stays in view
        stop_scanning(ben)
        heard.poll()
        assert heard.said["p2"][1:] == [full("Prince, 5", 1), "Prince, 5. Added to your hand.", "Scanning stopped."]
        assert table.web.hands.cards["p2"] == ("baron", "prince")


def test_the_same_on_a_phone_whose_browser_reads_the_codes(tmp_path: Path) -> None:
    """Where the browser reads QR codes itself (``BarcodeDetector``, here a stand-in the test puts on the page, as
    Linux Chromium has none), only the codes' texts are sent: the same sentences, each once while its card is in view,
    and the Prince held through the draw is added and said."""
    with camera_table(tmp_path, "love-letter", ("Ana", "Ben"), {"p2": []}) as (table, browsers):
        ben = browsers["p2"]
        set_aside(table)
        for code in ("GUARD:1", "PRIEST:1"):
            assert table.web.scanner.scan("p1", f"CMP1:LOVE-LETTER:{code}", "en").added, code
        ben.driver.execute_script(
            "window.inView = ''; window.BarcodeDetector = class { static async getSupportedFormats() {"
            " return ['qr_code']; } async detect() { return window.inView ? [{rawValue: window.inView,"
            " boundingBox: {width: 50}}] : []; } };")
        heard = Heard(browsers)
        start_scanning(ben)
        ben.driver.execute_script("window.inView = 'CMP1:LOVE-LETTER:BARON:1';")
        heard.wait("p2", "Baron, 3. Added to your hand.")
        ben.driver.execute_script("window.inView = 'CMP1:LOVE-LETTER:PRINCE:1';")
        heard.wait("p2", full("Prince, 5", 1))
        time.sleep(1.5)
        play(table, "play guard ben king", "Missed: Ben does not hold the King. Type next.")
        play(table, "next", "Ben's turn: draw a card. Deck: 8 cards.")
        heard.wait("p2", "Prince, 5. Added to your hand.", timeout=10)
        time.sleep(1.5)
        stop_scanning(ben)
        heard.poll()
        assert heard.said["p2"][1:] == ["Baron, 3. Added to your hand.", full("Prince, 5", 1),
                                        "Prince, 5. Added to your hand.", "Scanning stopped."]
        assert table.web.hands.cards["p2"] == ("baron", "prince")
        # Only texts were sent: no frame at all.
        frames = [m for m in ben.driver.get_log("performance")
                  if '"Network.requestWillBeSent"' in m["message"] and "/frame" in m["message"]]
        assert frames == []
