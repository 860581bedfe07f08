"""The Void on the players' own pages, in real headless Chromium: hands entered, one tap plays the lowest card,
and the companion calls the error and the discards from the hands (axe clean)."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("selenium", reason="selenium is not installed: run make setup")
from selenium.webdriver.common.by import By

from web_helpers import enter_hand, seated  # noqa: E402

DECIDED = "Decided from the hands entered on the devices:"


def test_one_tap_plays_the_lowest_card_and_the_hands_call_the_error(tmp_path: Path) -> None:
    with seated(tmp_path, "the-void", ("Ana", "Ben", "Cleo", "Dan"), ("p1", "p2")) as (table, browsers):
        ana, ben = browsers["p1"], browsers["p2"]
        enter_hand(ana, ["blue-9", "red-8", "yellow-11", "green-10"], "Your hand: 9 blue; 8 red; 11 yellow; 10 green.")
        enter_hand(ben, ["red-3", "blue-5", "green-9", "red-10"], "Your hand: 3 red; 5 blue; 9 green; 10 red.")
        ana.wait(lambda b: [e.text for e in b.driver.find_elements(By.CSS_SELECTOR, "#offers button")] == ["Play 8 red"])
        assert ana.axe() == [] and ben.axe() == []
        start = len(table.out.records)
        ana.driver.find_element(By.CSS_SELECTOR, "#offers button").click()  # the one tap
        table.out.wait_for(lambda o: "3 red and 5 blue discarded." in o.texts[start:])
        assert table.out.texts[start:] == ["8 red.", DECIDED, "1 error of 5: turn up a card, discard below 8.",
                                           DECIDED, "3 red and 5 blue discarded."]
        # Ana's page asks for the card she drew; Ben's for his two, and no tap until the hand is whole.
        ana.wait(lambda b: b.driver.find_element(By.ID, "hand-summary").text
                 == "Your hand: 9 blue; 11 yellow; 10 green. Enter 1 card.")
        ben.wait(lambda b: b.driver.find_element(By.ID, "hand-summary").text
                 == "Your hand: 9 green; 10 red. Enter 2 cards.")
        assert ana.driver.find_elements(By.CSS_SELECTOR, "#offers button:not([hidden])") == [] or \
            not ana.driver.find_element(By.ID, "offers").is_displayed()
        assert ana.axe() == [] and ben.axe() == []
        # Ben's stream never carried Ana's hand.
        assert not any("11 yellow" in m["data"] for m in ben.messages())
