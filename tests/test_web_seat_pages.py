"""Issue 30 in real headless Chromium: Leave asks to confirm (focus managed), a freed, re-keyed or taken page says so
for good and never takes its seat back by its reconnect."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

pytest.importorskip("selenium", reason="selenium is not installed: run make setup")

from selenium.webdriver.common.by import By

from web_helpers import Browser, seated

FREED = "The table freed this seat: join again with the join code."


def _link(browser: Browser) -> str:
    return str(browser.driver.find_element(By.ID, "link").text)


def _focused_id(browser: Browser) -> str:
    return str(browser.driver.execute_script("return document.activeElement.id"))


def test_leave_asks_to_confirm_with_the_focus_on_the_question(tmp_path: Path) -> None:
    with seated(tmp_path, "gauntlet", ("Zoe", "Alice", "Bruno"), ("hero1",)) as (table, browsers):
        alice = browsers["hero1"]
        seat = table.web.seats.by_id["hero1"]
        alice.driver.find_element(By.ID, "leave").click()
        alice.wait(lambda b: b.driver.find_element(By.ID, "leave-confirm").is_displayed())
        assert _focused_id(alice) == "leave-question" and seat.device is not None
        assert alice.driver.find_element(By.ID, "leave-question").text == \
            "Leave this seat? Your hand and your private notes are cleared on it."
        alice.driver.find_element(By.ID, "leave-no").click()  # no: nothing done, back on the button
        alice.wait(lambda b: not b.driver.find_element(By.ID, "leave-confirm").is_displayed())
        assert _focused_id(alice) == "leave" and seat.device is not None
        alice.driver.find_element(By.ID, "leave").click()
        alice.wait(lambda b: b.driver.find_element(By.ID, "leave-confirm").is_displayed())
        alice.driver.find_element(By.ID, "leave-yes").click()
        alice.wait(lambda b: b.driver.find_element(By.ID, "leave-done").text ==
                   "You left your seat: this device no longer follows it.")
        assert seat.device is None and _focused_id(alice) == "leave-title"
        table.out.wait_for(lambda o: "Alice left their seat on their device: the seat is free." in o.texts)
        assert alice.axe() == []


def test_a_page_freed_at_the_table_is_told_and_never_retakes_its_seat(tmp_path: Path) -> None:
    with seated(tmp_path, "gauntlet", ("Zoe", "Alice", "Bruno"), ("hero1",)) as (table, browsers):
        alice = browsers["hero1"]
        table.send("free Alice")
        alice.wait(lambda b: _link(b) == FREED)
        time.sleep(3.0)  # the page's reconnect would have come by now
        assert table.web.seats.by_id["hero1"].device is None and _link(alice) == FREED


def test_a_rekeyed_page_and_a_page_whose_seat_another_device_took_say_so(tmp_path: Path) -> None:
    with seated(tmp_path, "gauntlet", ("Zoe", "Alice", "Bruno"), ("hero1", "hero2")) as (table, browsers):
        alice, bruno = browsers["hero1"], browsers["hero2"]
        table.send("rekey Alice")
        alice.wait(lambda b: _link(b) == "The table replaced this seat's link: join again with the join code.")
        # Bruno's phone is said away; his link opened on another device takes the seat: said as exactly that.
        seat = table.web.seats.by_id["hero2"]
        table.web.seats.grace, seat.away = 0.0, True
        other = Browser(tmp_path / "other-profile")
        try:
            other.driver.get(table.urls["hero2"])
            other.wait(lambda b: _link(b) == "Connected to the table.")
            table.out.wait_for(lambda o: "Bruno's seat is now open on another device." in o.texts)
            bruno.wait(lambda b: _link(b) == "This seat was given to another device: ask the table.")
        finally:
            other.quit()


def _cookies_blocked(profile: Path) -> Browser:
    """A Chromium that keeps no cookie at all (its profile's own setting, as a person may choose)."""
    import json

    (profile / "Default").mkdir(parents=True, exist_ok=True)
    (profile / "Default" / "Preferences").write_text(json.dumps(
        {"profile": {"default_content_setting_values": {"cookies": 2}}}), encoding="utf-8")
    return Browser(profile)


def test_with_cookies_blocked_a_page_says_so_for_good_never_connection_lost(tmp_path: Path) -> None:
    """Issue 30: with cookies blocked the seat's page said "Connection lost: trying again by itself." forever, and
    joining ended on "Seat already open"."""
    from web_helpers import Table, chromium_or_skip

    chromium_or_skip()
    table = Table(tmp_path, "gauntlet", ("Zoe", "Alice", "Bruno"))
    browser = _cookies_blocked(tmp_path / "no-cookies-profile")
    try:
        cookies = "This browser keeps no cookie for this page. Allow cookies for this address, then join again."
        browser.driver.get(table.urls["hero1"])  # the seat's own link, opened directly
        browser.wait(lambda b: cookies in b.driver.find_element(By.TAG_NAME, "body").text)
        time.sleep(3.0)  # a reconnect would have come by now
        text = browser.driver.find_element(By.TAG_NAME, "body").text
        assert "Connection lost" not in text and "Seat already open" not in text and cookies in text
        assert table.web.seats.by_id["hero1"].device is None
        browser.driver.get(table.base + "/?lang=en")  # the join page, the code typed
        browser.driver.find_element(By.NAME, "code").send_keys(table.code)
        browser.driver.find_element(By.NAME, "code").submit()
        browser.wait(lambda b: cookies in b.driver.find_element(By.TAG_NAME, "body").text)
        assert "Seat already open" not in browser.driver.find_element(By.TAG_NAME, "body").text
        assert all(seat.device is None for seat in table.web.seats)
    finally:
        browser.quit()
        table.close()


def test_the_games_end_is_said_on_every_page_in_its_language_never_connection_lost(tmp_path: Path) -> None:
    """At the game's end a seat's page said "Connection lost: trying again by itself." for ever, and a line typed
    then was silently lost."""
    with seated(tmp_path, "gauntlet", ("Zoe", "Alice", "Bruno"), ("hero1", "hero2")) as (table, browsers):
        alice, bruno = browsers["hero1"], browsers["hero2"]
        bruno.driver.get(table.urls["hero2"] + "?lang=fr")  # Bruno reads his page in French
        bruno.wait(lambda b: _link(b) == "Connecté à la table.")
        table.send("quit")
        ended = "The game has ended: this page no longer follows it."
        alice.wait(lambda b: _link(b) == ended)
        bruno.wait(lambda b: _link(b) == "La partie est finie : cette page ne la suit plus.")
        time.sleep(3.0)  # a reconnect would have come by now
        assert _link(alice) == ended
        line = alice.driver.find_element(By.ID, "line")
        line.send_keys("status\n")
        alice.wait(lambda b: b.driver.find_element(By.ID, "line-hint").text == ended)
        assert alice.axe() == []


#: Each text the line's answer (a polite live region) holds, in order, as the screen reader is told of it.
RECORD_HINT = """
window.hints = [];
const hint = document.getElementById("line-hint");
new MutationObserver(() => window.hints.push(hint.textContent)).observe(hint, {childList: true, characterData: true,
                                                                         subtree: true});
"""


def test_the_same_answer_twice_is_said_twice(tmp_path: Path) -> None:
    """The answer to a line was written over the same text, so a refusal repeated was never said again."""
    with seated(tmp_path, "gauntlet", ("Zoe", "Alice", "Bruno"), ("hero1",)) as (table, browsers):
        alice = browsers["hero1"]
        alice.driver.execute_script(RECORD_HINT)
        refused = "Unknown command: xyz. Type help for the commands."
        for count in (1, 2):
            field = alice.driver.find_element(By.ID, "line")
            field.clear()  # a refused line stays in the field, to be corrected
            field.send_keys("xyz\n")
            alice.wait(lambda b, count=count: b.driver.execute_script("return window.hints;").count(refused) == count)
        assert alice.driver.execute_script("return window.hints;") == [refused, "", refused]


def test_when_the_hand_form_goes_the_focus_goes_to_its_heading(tmp_path: Path) -> None:
    """Ben's hand emptied (out of the round) while the focus was on "Enter these cards": it fell to the page's body."""
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import Select

    with seated(tmp_path, "love-letter", ("Ana", "Ben", "Cleo"), ("p2",)) as (table, browsers):
        ben = browsers["p2"]
        Select(ben.driver.find_element(By.ID, "card1")).select_by_value("baron")
        ben.driver.find_element(By.ID, "send-hand").send_keys(Keys.ENTER)
        ben.wait(lambda b: b.driver.find_element(By.ID, "hand-summary").text == "Your hand: Baron, 3.")
        assert _focused_id(ben) == "send-hand"
        table.send("play guard ben baron")
        ben.wait(lambda b: b.driver.find_element(By.ID, "hand-summary").text == "Your hand is empty.")
        assert not ben.driver.find_element(By.ID, "hand-form").is_displayed()
        assert _focused_id(ben) == "hand-title"
        assert ben.axe() == []


#: What sticks out of the window on the right (the page would scroll sideways: WCAG's reflow, at 320 CSS pixels).
OVERFLOW = """return [...document.querySelectorAll("body *")].filter(e => e.getClientRects().length &&
  e.getBoundingClientRect().right > document.documentElement.clientWidth + 1).map(e => e.outerHTML.slice(0, 80));"""


def test_a_phone_and_200_percent_zoom_never_scroll_sideways(tmp_path: Path) -> None:
    """A 375 × 667 phone, and 320 CSS pixels (a 640-pixel window at 200 % zoom): every page, and the table's own,
    fits the width (no line to follow sideways with a finger or a magnifier)."""
    from table_page_helpers import PageBrowser
    from web_helpers import Table, chromium_or_skip

    chromium_or_skip()
    table = Table(tmp_path, "gauntlet", ("Zoe", "Alice", "Bruno"), page=True, lang="fr")
    page = PageBrowser(tmp_path, table)
    try:
        for url in (table.base + "/", table.urls["hero1"], table.page_url):
            page.driver.get(url)
            page.browser.wait(lambda b: b.driver.execute_script("return document.readyState") == "complete")
            for width, height in ((375, 667), (320, 640)):
                page.driver.set_window_size(width, height)
                assert page.driver.execute_script("return innerWidth") <= width
                assert page.driver.execute_script(OVERFLOW) == [], (url, width)
    finally:
        page.quit()
        table.close()


def test_a_line_typed_again_after_a_refusal_replaces_the_refused_one(tmp_path: Path) -> None:
    """A refused line stayed in the field, unselected: typed again, the new line went to its end ("xyzstatus")."""
    with seated(tmp_path, "gauntlet", ("Zoe", "Alice", "Bruno"), ("hero1",)) as (table, browsers):
        alice = browsers["hero1"]
        field = alice.driver.find_element(By.ID, "line")
        hint = lambda b: b.driver.find_element(By.ID, "line-hint").text  # noqa: E731
        field.send_keys("xyz\n")
        alice.wait(lambda b: hint(b) == "Unknown command: xyz. Type help for the commands.")
        assert field.get_attribute("value") == "xyz"  # still there, to be corrected
        field.send_keys("abc\n")
        alice.wait(lambda b: hint(b) == "Unknown command: abc. Type help for the commands.")
