"""A full Gauntlet game played from three browsers and the table: hands entered privately, fights typed on devices.

Zoe (Thanos), Alice and Bruno (heroes) each open their own page in their own headless
Chromium, enter their cards there and type their fight values there; the table types the
public plays and asks for the fights. Only the outcomes are announced; the companion names
each defeated card from the loser's hand. One ruby and two coins make it a short game.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("selenium", reason="selenium is not installed: run make setup")
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from web_helpers import Browser, Table, seated, table_play as play, enter_hand as enter  # noqa: E402

SEATS = ("thanos", "hero1", "hero2")


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> Any:
    options = {"thanos_lives": 1, "hero_lives": 2}
    with seated(tmp_path_factory.mktemp("gauntlet-web"), "gauntlet", ("Zoe", "Alice", "Bruno"), SEATS, options) as found:
        yield found


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


def test_a_full_game_from_three_browsers(world: Any) -> None:
    table, browsers = world
    zoe, alice, bruno = (browsers[s] for s in SEATS)
    for browser in browsers.values():
        assert browser.axe() == []
    # A hero's page offers hero cards only, Thanos's page Thanos cards only.
    assert len(alice.driver.find_elements(By.CSS_SELECTOR, "#card1 option")) == 16
    assert len(zoe.driver.find_elements(By.CSS_SELECTOR, "#card1 option")) == 12
    enter(zoe, ["proxima-midnight", "black-dwarf", "outriders"],
          "Your hand: Proxima Midnight, 4; Black Dwarf, 3; Outriders, 1.")
    enter(alice, ["hulk"], "Your hand: Hulk, 3.")
    enter(bruno, ["thor"], "Your hand: Thor, 3.")
    play(table, "play proxima", "1 power token for Zoe: 1 held, 8 in the reserve.")
    play(table, "next", "Alice draws. 13 cards in the hero deck.")
    enter(alice, ["nebula"], "Your hand: Hulk, 3; Nebula, 1.")
    play(table, "play hulk", "You may fight Thanos.")

    # The first fight: Thanos wins; Alice's card is named from her hand, nobody types it.
    said = fight(table, {alice: "1", zoe: "3"}, "Alice draws. 12 cards in the hero deck.")
    assert said[-6:] == ["Fight: Zoe beats Alice.",
                         "Alice's card is defeated: which one? Type defeat Alice and the card.",
                         "Decided from the hands entered on the devices:", "Alice's Nebula is defeated.",
                         "The heroes lose a life: remove a coin. 1 left.", "Alice draws. 12 cards in the hero deck."]
    bruno.wait(lambda b: "Fight: Zoe beats Alice." in b.said())
    play(table, "next", "Bruno draws. 11 cards in the hero deck.")
    enter(bruno, ["iron-man"], "Your hand: Thor, 3; Iron Man, 6.")
    play(table, "play thor", "You may fight Thanos.")

    # The second fight: Bruno wins, Thanos's last ruby goes, the heroes win the game.
    said = fight(table, {bruno: "6", zoe: "1"}, "Thanos has no life left: the heroes win the game.")
    assert "Zoe's Outriders is defeated." in said and "Fight: Bruno beats Zoe." in said
    for browser in browsers.values():
        browser.wait(lambda b: "Thanos has no life left: the heroes win the game." in b.said())
        assert browser.axe() == []

    # Values and hands stayed on their own pages: never in another seat's stream, never at the table.
    hands = {"thanos": "Your hand: Proxima Midnight, 4; Black Dwarf, 3; Outriders, 1.",
             "hero1": "Your hand: Hulk, 3; Nebula, 1.", "hero2": "Your hand: Thor, 3; Iron Man, 6."}
    streams = {seat: [json.loads(m["data"]) for m in b.messages()] for seat, b in browsers.items()}
    for seat, text in hands.items():
        assert text in [d.get("text") for d in streams[seat]]
        for other in SEATS:
            if other != seat:
                assert text not in [d.get("text") for d in streams[other]]
    assert all("value" not in d for stream in streams.values() for d in stream)
    assert not any("Your hand" in text for text in table.out.texts)
    lines = [json.loads(line) for line in Path(table.save).read_text(encoding="utf-8").splitlines()[1:]]
    # Each fight is kept as its outcome and the loser's value only (that card goes face up): never the winner's.
    fights = [{k: v for k, v in line.items() if k != "card"} for line in lines if line["cmd"] == "fight"]
    assert fights == [{"cmd": "fight", "hero": 1, "loser": "hero", "value": 1},
                      {"cmd": "fight", "hero": 2, "loser": "thanos", "value": 1}]
