"""Each player's own device, in real headless Chromium: joining, the live region, a secret fight, refusals.

One table (the real ``companion play gauntlet --serve`` in a thread, table commands piped in)
and two browsers with private profiles: Alice (hero 1) and Zoe (Thanos). Every browser is
quit and every process stopped by its PID at the end. Skipped only when Chromium cannot run.
"""

from __future__ import annotations

import json
import re
import time
import urllib.error
import urllib.parse
import urllib.request
from typing import Any

import pytest

selenium = pytest.importorskip("selenium", reason="selenium is not installed: run make setup")
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys


from web_helpers import Browser, Table, chromium_problem, http  # noqa: E402


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> Any:
    problem = chromium_problem()
    if problem:
        pytest.skip(problem)
    tmp = tmp_path_factory.mktemp("web")
    browsers: list[Browser] = []
    table = None
    try:
        try:
            browsers.append(Browser(tmp / "alice-profile"))
            browsers.append(Browser(tmp / "zoe-profile"))
        except WebDriverException as error:
            pytest.skip(f"Chromium cannot run here: {error.msg}")
        table = Table(tmp)
        yield table, browsers[0], browsers[1]
    finally:
        for browser in browsers:
            browser.quit()
        if table is not None:
            table.close()


# --------------------------------------------------------------------------- the tests, in the order of a game


def test_joining_and_the_public_announcements(world: Any) -> None:
    table, alice, zoe = world
    zoe.driver.get(table.base + "/")
    assert zoe.driver.find_element(By.TAG_NAME, "html").get_attribute("lang") == "en"
    assert zoe.axe() == []
    # A wrong code (an O is in no code): the page that comes back says why in its title, read as it loads, and right
    # after its heading (it came after the language's long paragraph); the field points to it.
    zoe.driver.find_element(By.ID, "code").send_keys("WRONG2", Keys.ENTER)
    problem = "That join code opens no seat here: listen to the table and type it again."
    zoe.wait(lambda b: b.driver.title == f"{problem} — Join the table: Infinity Gauntlet")
    assert zoe.driver.find_element(By.CSS_SELECTOR, "h1 + p").text == problem
    assert zoe.driver.find_element(By.ID, "code").get_attribute("aria-describedby") == "problem"
    assert zoe.axe() == []
    # The join code said at the table, then Zoe's seat: the page of her own link.
    zoe.driver.find_element(By.ID, "code").send_keys(table.code.lower())
    zoe.driver.find_element(By.CSS_SELECTOR, "#seat option[value=thanos]").click()
    zoe.driver.find_element(By.CSS_SELECTOR, "form button[type=submit]").click()
    zoe.wait(lambda b: b.driver.current_url.startswith(table.urls["thanos"]))
    alice.driver.get(table.urls["hero1"])
    for browser in (alice, zoe):
        browser.wait(lambda b: b.driver.find_element(By.ID, "link").text == "Connected to the table.")
        said = browser.driver.find_element(By.ID, "said")
        assert said.get_attribute("aria-live") == "polite"
        assert browser.driver.find_elements(By.TAG_NAME, "h1") and len(browser.driver.find_elements(By.TAG_NAME, "h2")) >= 3
        assert browser.axe() == []
    assert "Alice" in alice.driver.find_element(By.TAG_NAME, "h1").text
    start = len(table.out.records)
    for line in ("play ebony maw", "next", "play hulk"):
        table.send(line)
    table.out.wait_for(lambda o: o.texts[-1] == "You may fight Thanos.")
    public = table.out.texts[start:]
    for browser in (alice, zoe):
        browser.wait(lambda b: len(b.said()) >= len(public))
        time.sleep(0.2)  # nothing more comes: each sentence once
        assert browser.said() == public
    # The page in French, by its link.
    alice.driver.find_element(By.CSS_SELECTOR, "a[hreflang=fr]").click()
    alice.wait(lambda b: b.driver.find_element(By.TAG_NAME, "html").get_attribute("lang") == "fr")
    alice.wait(lambda b: b.driver.find_element(By.ID, "link").text == "Connecté à la table.")
    assert alice.axe() == []


def test_a_secret_fight_typed_on_the_fighters_own_devices(world: Any) -> None:
    table, alice, zoe = world
    start = len(table.out.records)
    table.send("fight")
    for browser in (alice, zoe):
        browser.wait(lambda b: b.driver.find_element(By.ID, "secret").is_displayed())
    assert alice.axe() == [] and zoe.axe() == []
    # Tab reaches every control of the form, in reading order, from the top of the page.
    alice.driver.find_element(By.TAG_NAME, "h1").click()
    reached = []
    for _ in range(10):
        alice.driver.switch_to.active_element.send_keys(Keys.TAB)
        active = alice.driver.switch_to.active_element
        reached.append(active.get_attribute("id") or active.get_attribute("hreflang"))
    assert reached == ["en", "value", "send", "cancel", "card1", "send-hand", "scan", "line", "send-line", "again"]
    # Using the keyboard alone: typed into the field reached by Tab, sent with Enter below.
    # Checked as typed, without repeating it: 9 is no hero value.
    field = alice.driver.find_element(By.ID, "value")
    field.send_keys("9")
    alice.wait(lambda b: "1 à 6" in b.driver.find_element(By.ID, "hint").text)
    assert field.get_attribute("aria-invalid") == "true"
    assert alice.axe() == []
    field.send_keys(Keys.BACKSPACE, "3")
    alice.wait(lambda b: b.driver.find_element(By.ID, "value").get_attribute("aria-invalid") == "false")
    alice.driver.find_element(By.ID, "send").click()
    alice.wait(lambda b: not b.driver.find_element(By.ID, "secret").is_displayed())
    # Its answer is said once, in "Only for you": the hidden form's live hint holds nothing (it was there too).
    assert alice.driver.find_element(By.ID, "hint").get_attribute("textContent") == ""
    mine = [p.get_attribute("textContent") for p in alice.driver.find_elements(By.CSS_SELECTOR, "#mine p")]
    assert mine.count("Merci : votre valeur est envoyée. Seul le résultat sera annoncé.") == 1, mine
    table.out.wait_for(lambda o: any("Alice has sent their value." == t for t in o.texts[start:]))
    zoe.driver.find_element(By.ID, "value").send_keys("7", Keys.ENTER)
    table.out.wait_for(lambda o: "Fight: Zoe beats Alice." in o.texts[start:])
    zoe.wait(lambda b: not b.driver.find_element(By.ID, "secret").is_displayed())
    # Alice reads her page in French: the table's English sentence reaches her in French, Zoe's in English.
    alice.wait(lambda b: "Combat : Zoe bat Alice." in b.said())
    zoe.wait(lambda b: "Fight: Zoe beats Alice." in b.said())
    said_at_table = table.out.texts[start:]
    # The table's outputs carry whose values are awaited and the outcome, never a value.
    assert said_at_table[0] == "Alice and Zoe: type your value on your own device."
    assert not any(re.search(r"\b7\b", text) for text in said_at_table), said_at_table
    # The journal keeps the outcome only: the loser's value (its card goes face up), never the winner's.
    fight = json.loads(table.save.read_text().splitlines()[-1])
    assert fight == {"cmd": "fight", "hero": 1, "loser": "hero", "card": None, "value": 3}
    # Zoe's page never received anything of Alice's: each message public, or Zoe's own.
    public = set(table.out.texts)
    for message in zoe.messages():
        data = json.loads(message["data"])
        assert "value" not in data
        if message["eventName"] == "say":
            assert data["text"] in public
        elif message["eventName"] == "hand":  # Zoe's own hand, never entered here
            assert data["text"].startswith("Your hand is not entered yet. Enter ")
        else:
            assert message["eventName"] in ("ask", "done") and data["text"] in (
                "Fight: type your value secretly, then send it.", "Nothing to type now.")
    # Alice's page never received Zoe's value (7) in any message.
    for message in alice.messages():
        assert not re.search(r"\b7\b", json.loads(message["data"])["text"])
    assert zoe.axe() == []


def test_the_server_refuses_wrong_secrets_other_seats_and_a_seat_taken_twice(world: Any) -> None:
    table, alice, zoe = world
    alice_url, zoe_url = table.urls["hero1"], table.urls["thanos"]
    wrong = alice_url[:-4] + ("AAAA" if not alice_url.endswith("AAAA") else "BBBB")
    assert http(wrong)[0] == 403
    assert http(table.base + "/seat/nobody/whatever")[0] == 404
    # Zoe's secret does not open Alice's seat, nor answer for it.
    zoe_token = zoe_url.rsplit("/", 1)[1]
    assert http(alice_url.rsplit("/", 1)[0] + "/" + zoe_token)[0] == 403
    status, body = http(alice_url.rsplit("/", 1)[0] + "/" + zoe_token + "/secret", {"request": "x", "value": "3"},
                         {"Accept": "application/json"})
    assert status == 403 and "3" not in body
    assert http(wrong + "/events")[0] == 403
    # Alice's seat is open in her browser: another device is refused, with a page saying why.
    assert http(alice_url)[0] == 409
    zoe.driver.get(alice_url)
    assert "autre appareil" in zoe.driver.find_element(By.TAG_NAME, "p").text  # in the seat's language, French
    assert zoe.axe() == []
    # A form from a device that does not hold the seat (no cookie: not Zoe's browser), even with her link, even too
    # large; a join code that is not the table's.
    assert http(zoe_url + "/secret", {"request": "x", "value": "3"}, {"Accept": "application/json"})[0] in (403, 429)
    assert http(zoe_url + "/secret", {"value": "1" * 5000})[0] in (403, 413, 429)
    assert http(table.base + "/join", {"code": "WRONG1", "seat": "hero2"})[0] == 403
    # Alice's phone slept: her own browser opens her link again and is welcome.
    alice.driver.get(alice_url)
    alice.wait(lambda b: b.driver.find_element(By.ID, "link").text in ("Connected to the table.", "Connecté à la table."))


def test_the_server_stops_with_the_game(world: Any) -> None:
    table, _, _ = world
    table.close()
    assert table.status == [0]
    with pytest.raises(OSError):
        urllib.request.urlopen(table.base + "/", timeout=2)
