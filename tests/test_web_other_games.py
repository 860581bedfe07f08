"""Mindbug and The Void from the players' own pages, in real headless Chromium.

Mindbug: Ana enters her hand in the lists of her page, and a creature is played by one
tap on its button; Ben answers the Mindbug from his page. The Void: two players' plays
typed on their own pages, each made that player's and time-stamped as it arrives.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

pytest.importorskip("selenium", reason="selenium is not installed: run make setup")
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from web_helpers import Browser, seated, enter_hand  # noqa: E402

ANA = ["axolotl-healer", "bee-bear", "axolotl-healer", "brain-fly", "compost-dragon"]


def send_line(browser: Browser, line: str, hint: str) -> None:
    """A play typed in the page's field and sent with Enter; the field's status then says ``hint``."""
    field = browser.driver.find_element(By.ID, "line")
    field.send_keys(line, Keys.ENTER)
    browser.wait(lambda b: b.driver.find_element(By.ID, "line-hint").text == hint)


def test_a_mindbug_creature_played_by_one_tap(tmp_path: Path) -> None:
    with seated(tmp_path, "mindbug", ("Ana", "Ben"), ("p1", "p2")) as (table, browsers):
        ana, ben = browsers["p1"], browsers["p2"]
        enter_hand(ana, ANA, "Your hand: Axolotl Healer, 4; Bee Bear, 8; Axolotl Healer, 4; Brain Fly, 4; "
                             "Compost Dragon, 3.")
        ana.wait(lambda b: len(b.driver.find_elements(By.CSS_SELECTOR, "#offers button")) == 4)
        buttons = [b.text for b in ana.driver.find_elements(By.CSS_SELECTOR, "#offers button")]
        assert buttons == ["Play Axolotl Healer", "Play Bee Bear", "Play Brain Fly", "Play Compost Dragon"]
        assert ben.driver.find_elements(By.CSS_SELECTOR, "#offers button") == []  # not Ben's turn
        assert ana.axe() == []
        start = len(table.out.records)
        ana.driver.find_element(By.CSS_SELECTOR, "#offers button[value='play Bee Bear']").send_keys(Keys.ENTER)
        table.out.wait_for(lambda o: "Ben: a Mindbug on Bee Bear? Type mindbug or no." in o.texts[start:])
        # The button pressed went with the card it played: the focus is on its part's heading, never the page's body.
        ana.wait(lambda b: not b.driver.find_element(By.ID, "offers").is_displayed())
        assert ana.driver.execute_script("return document.activeElement.id;") == "device-title"
        assert table.out.texts[start:start + 2] == ["8: Ana plays Bee Bear.",
                                                    "1 card drawn by Ana: 5 in hand, 4 in the draw pile."]
        ben.wait(lambda b: "8: Ana plays Bee Bear." in b.said())
        # Ben answers from his own page: the rules wait for him.
        send_line(ben, "no", "Sent to the table.")
        table.out.wait_for(lambda o: "Turn 2: Ben." in o.texts[start:])
        # Ana's page asks her for the card she drew, in her own log.
        ana.wait(lambda b: "Your hand: Axolotl Healer, 4; Axolotl Healer, 4; Brain Fly, 4; Compost Dragon, 3. "
                           "Enter 1 card." in [p.text for p in b.driver.find_elements(By.CSS_SELECTOR, "#mine p")])
        assert ana.axe() == [] and ben.axe() == []
        # Ben's stream never carried Ana's hand.
        assert not any("Axolotl Healer, 4; Axolotl" in m["data"] for m in ben.messages())


def test_the_void_plays_typed_on_the_players_own_pages(tmp_path: Path) -> None:
    with seated(tmp_path, "the-void", ("Ana", "Ben", "Cleo", "Dan"), ("p2", "p3")) as (table, browsers):
        ben, cleo = browsers["p2"], browsers["p3"]
        start = len(table.out.records)
        send_line(ben, "7", "Sent to the table.")
        send_line(cleo, "8 red", "Sent to the table.")
        table.out.wait_for(lambda o: "8 red." in o.texts[start:])
        assert table.out.texts[start:] == ["7.", "8 red."]
        send_line(cleo, "9 ana", "Here, play and discard yours only. Not Ana's.")
        lines = [json.loads(line) for line in Path(table.save).read_text(encoding="utf-8").splitlines()[1:]]
        plays = [line for line in lines if line["cmd"] == "play"]
        assert [(p["rank"], p["type"], p["player"]) for p in plays] == [(7, None, 1), (8, "red", 2)]
        assert all(isinstance(p["t"], float) for p in plays) and plays[0]["t"] <= plays[1]["t"]
        assert ben.axe() == [] and cleo.axe() == []
