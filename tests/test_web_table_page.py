"""The table's own page (``companion play GAME --page``) in a real headless Chromium, by the keyboard alone.

The host plays a whole Love Letter round with three players and a whole Gauntlet game from the page:
the seats join over HTTP with the join code and enter their hands there, as their pages' scripts do;
a Gauntlet fighter with no device types the secret value in the page's hidden field. Every sentence the
table says reaches the live log once, in order, with its language; a life, an error, a round or a game
end arrives while the log is assertive; axe finds nothing in any state; no secret value is in the log,
the DOM or the save file.
"""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("selenium", reason="selenium is not installed: run make setup")
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from table_page_helpers import PageBrowser, device_value, enter, join_with_hand, said_at_table
from web_helpers import Table, chromium_or_skip

pytestmark = pytest.mark.timeout(240)


#: The end of the Love Letter round: (line, its last sentence, the player who draws next and their card).
REST_OF_ROUND = (
    ("play handmaid", "Cleo is protected until their next turn.", None),
    ("next", "Ana's turn: draw a card. Deck: 8 cards.", ("Ana", "baron")),
    ("play baron ben", "1, Guard, face up: Ana is out of the round. 2 players left in the round.", None),
    ("next", "Ben's turn: draw a card. Deck: 7 cards.", ("Ben", "guard")),
    ("play guard", "Handmaid: every other player is protected. 1: Ben plays Guard, with no effect.", None),
    ("next", "Cleo's turn: draw a card. Deck: 6 cards.", ("Cleo", "guard")),
    ("play guard ben baron", "1 of 5 favour tokens for Cleo.", None),
)


def _opened(tmp: Path, game: str, names: tuple[str, ...], options: dict[str, Any] | None = None,
            lang: str = "en") -> tuple[Table, PageBrowser]:
    chromium_or_skip()
    table = Table(tmp, game, names, options, page=True, lang=lang)
    try:
        return table, PageBrowser(tmp, table)
    except Exception:
        table.close()
        raise


def _closed(table: Table, page: PageBrowser) -> None:
    page.quit()
    table.close()


def _every_sentence_once(table: Table, page: PageBrowser, lang: str = "en") -> None:
    """The page's log holds what the table said, each sentence once, in order, in the table's language."""
    page.browser.wait(lambda b: len(page.log()) >= len(said_at_table(table)))
    assert [text for text, _ in page.log()] == said_at_table(table)
    assert {entry_lang for _, entry_lang in page.log()} == {lang}


def test_the_page_is_refused_without_its_secret_and_opens_on_its_first_heading(tmp_path: Path) -> None:
    table, page = _opened(tmp_path, "love-letter", ("Ana", "Ben", "Cleo"))
    try:
        wrong = table.page_url[:-3] + ("abd" if table.page_url.endswith("abc") else "abc")  # never the right secret
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(wrong, timeout=5)
        assert refused.value.code == 403
        request = urllib.request.Request(table.page_url + "/line", b"line=status", {"Origin": "http://evil.example"})
        with pytest.raises(urllib.error.HTTPError) as other_site:
            urllib.request.urlopen(request, timeout=5)
        assert other_site.value.code == 403
        driver = page.driver
        # Nothing takes the focus: the screen reader starts on the page, at its first heading.
        assert page.focused() in ("", None, "None") or driver.switch_to.active_element.tag_name == "body"
        assert driver.find_element(By.TAG_NAME, "h1").text == "Love Letter: the table"
        assert driver.find_elements(By.CSS_SELECTOR, "[autofocus]") == []
        page.assert_clean()
        # The built-in voice: off at first, switched on from the keyboard, remembered by the browser.
        voice = driver.find_element(By.ID, "voice")
        assert not voice.is_selected()
        voice.send_keys(Keys.SPACE)
        driver.refresh()
        page.browser.wait(lambda b: b.driver.find_element(By.ID, "link").text == "Connected to the table.")
        assert driver.find_element(By.ID, "voice").is_selected()
        # The game ends at the terminal: the page says so and stops following.
        table.send("quit")
        page.browser.wait(lambda b: b.driver.find_element(By.ID, "link").text ==
                          "The game has ended: this page no longer follows it.")
    finally:
        _closed(table, page)


def test_a_whole_love_letter_round_from_the_page(tmp_path: Path) -> None:
    table, page = _opened(tmp_path, "love-letter", ("Ana", "Ben", "Cleo"))
    try:
        _love_letter_round(table, page)
    finally:
        _closed(table, page)


def _rest_of_round(page: PageBrowser, seats: dict[str, Any]) -> list[str]:
    """The rest of the round: each line typed, its last sentence, then the card its player draws (entered on their
    seat); what the page said."""
    said: list[str] = []
    for line, last, drawn in REST_OF_ROUND:
        said += page.play(line, last)
        if drawn is not None:
            enter(*seats[drawn[0]], {"card1": drawn[1]})
    return said


def _love_letter_round(table: Table, page: PageBrowser) -> None:
    ana = join_with_hand(table, "p1", {"card1": "guard", "card2": "priest"})
    ben = join_with_hand(table, "p2", {"card1": "baron"})
    cleo = join_with_hand(table, "p3", {"card1": "handmaid"})
    page.assert_clean()
    page.play("play priest ben", "Ana looks at Ben's card in secret.")

    # A typo: the offer is accepted with the Yes button, reached by Tab from the command field.
    said = page.play("nxt", "Unknown command: nxt. Type help for the commands. Did you mean next? Type yes.")
    assert page.driver.find_element(By.ID, "yes").is_displayed()
    page.assert_clean()
    page.type(Keys.TAB + Keys.TAB)
    assert page.focused() == "yes"
    start = len(page.log())
    page.type(Keys.ENTER)
    page.wait_said("Ben's turn: draw a card. Deck: 10 cards.", start)
    enter(*ben, {"card1": "guard"})

    # The status and "Now:" by their access keys; undo and redo typed; Up and Down walk the lines sent.
    page.play("play guard cleo king", "Missed: Cleo does not hold the King. Type next.")
    start = len(page.log())
    page.key("s")
    page.browser.wait(lambda b: any(t.startswith("Round 1, turn 2") for t, _ in page.log()[start:]))
    start = len(page.log())
    page.key("n")
    page.browser.wait(lambda b: any("Now:" in t for t, _ in page.log()[start:]))
    page.play("undo", "Undone: “Missed: Cleo does not hold the King. Type next.” Now: Round 1, turn 2: the Guard "
                      "waits for Cleo: type out Cleo or miss.")
    page.play("redo", "Missed: Cleo does not hold the King. Type next.")
    page.key("c")
    page.type(Keys.ARROW_UP)
    assert page.driver.find_element(By.ID, "command").get_attribute("value") == "redo"
    page.type(Keys.ARROW_DOWN)
    assert page.driver.find_element(By.ID, "command").get_attribute("value") == ""

    # The next typo is accepted by typing yes.
    page.play("nxet", "Unknown command: nxet. Type help for the commands. Did you mean next? Type yes.")
    page.play("yes", "Cleo's turn: draw a card. Deck: 9 cards.")
    enter(*cleo, {"card1": "prince"})
    said = _rest_of_round(page, {"Ana": ana, "Ben": ben, "Cleo": cleo})
    assert said.count("Decided from the hands entered on the devices:") == 2
    assert "3, Baron, face up: Ben is out of the round." in said
    page.assert_clean()

    _every_sentence_once(table, page)
    logged = page.logged()
    urgent = {text for text, _, live in logged if live == "assertive"}
    assert "1, Guard, face up: Ana is out of the round. 2 players left in the round." in urgent
    assert "Unknown command: nxt. Type help for the commands. Did you mean next? Type yes." in urgent
    assert "Ana looks at Ben's card in secret." not in urgent
    assert "round" in page.driver.execute_script("return window.companionPlayed;")
    lines = [json.loads(line) for line in Path(table.save).read_text(encoding="utf-8").splitlines()[1:]]
    # The public commands only, the undo and redo typed on the page among them.
    assert [line.get("cmd") or line["op"] for line in lines] == [
        "play", "next", "play", "miss", "undo", "redo", "next", "play", "next", "play", "compare", "next", "play", "next",
        "play", "out"]


def _page_fight(table: Table, page: PageBrowser, page_value: str, device: tuple[str, tuple[str, str], str],
                last: str) -> list[str]:
    """``fight`` typed on the page; Zoe, with no device, types her value in the page's hidden field (the focus goes
    there from the command field), the hero's device sends theirs; what the log got, up to ``last``."""
    start = len(page.log())
    page.key("c")
    page.type("fight" + Keys.ENTER)
    page.browser.wait(lambda b: b.driver.find_element(By.ID, "secret-form").is_displayed())
    page.browser.wait(lambda b: page.focused() == "value")
    page.assert_clean()
    page.type(page_value)
    assert page.driver.find_element(By.ID, "value").get_attribute("type") == "password"
    page.type(Keys.ENTER)
    seat, (link, cookie), value = device
    device_value(table, seat, link, cookie, value)
    page.wait_said(last, start)
    page.browser.wait(lambda b: not b.driver.find_element(By.ID, "secret-form").is_displayed())
    # The value is gone from the page: the field is empty and hidden, the focus back in the command field.
    assert page.driver.find_element(By.ID, "value").get_attribute("value") == ""
    assert page.focused() == "command"
    time.sleep(0.1)
    return [text for text, _ in page.log()[start:]]


def test_a_whole_gauntlet_game_from_the_page_with_a_secret_value_typed_there(tmp_path: Path) -> None:
    table, page = _opened(tmp_path, "gauntlet", ("Zoe", "Alice", "Bruno"), {"thanos_lives": 1, "hero_lives": 2})
    try:
        alice = join_with_hand(table, "hero1", {"card1": "hulk"})
        bruno = join_with_hand(table, "hero2", {"card1": "thor"})
        page.assert_clean()
        page.play("play proxima", "1 power token for Zoe: 1 held, 8 in the reserve.")
        page.play("next", "Alice draws. 13 cards in the hero deck.")
        enter(*alice, {"card1": "nebula"})
        page.play("play hulk", "You may fight Thanos.")
        said = _page_fight(table, page, "3", ("hero1", alice, "1"), "Alice draws. 12 cards in the hero deck.")
        assert said[:3] == ["Alice: type your value on your own device.", "Zoe, type your value secretly at the table.",
                            "Thank you."]
        assert said[-6:] == ["Fight: Zoe beats Alice.",
                             "Alice's card is defeated: which one? Type defeat Alice and the card.",
                             "Decided from the hands entered on the devices:", "Alice's Nebula is defeated.",
                             "The heroes lose a life: remove a coin. 1 left.", "Alice draws. 12 cards in the hero deck."]
        page.play("next", "Bruno draws. 11 cards in the hero deck.")
        enter(*bruno, {"card1": "iron-man"})
        page.play("play thor", "You may fight Thanos.")
        _page_fight(table, page, "1", ("hero2", bruno, "6"), "Zoe's card is defeated: which one? Type defeat Zoe and "
                                                              "the card.")
        page.play("defeat zoe outriders", "Thanos has no life left: the heroes win the game.")
        page.assert_clean()
        _every_sentence_once(table, page)
        urgent = {text for text, _, live in page.logged() if live == "assertive"}
        assert {"The heroes lose a life: remove a coin. 1 left.",
                "Thanos has no life left: the heroes win the game."} <= urgent
        assert "You may fight Thanos." not in urgent
        # Zoe's winning 3 was never anywhere: not in what the page received, its log, its document or the save.
        received = [json.loads(m["data"]) for m in page.browser.messages()]
        assert received and all("value" not in d and d.get("text") not in ("3", "1") for d in received)
        assert all(text not in ("3", "1") for text, _ in page.log())
        assert 'value="3"' not in page.driver.page_source
        lines = [json.loads(line) for line in Path(table.save).read_text(encoding="utf-8").splitlines()[1:]]
        fights = [{k: v for k, v in line.items() if k != "card"} for line in lines if line.get("cmd") == "fight"]
        assert fights == [{"cmd": "fight", "hero": 1, "loser": "hero", "value": 1},
                          {"cmd": "fight", "hero": 2, "loser": "thanos", "value": 1}]
    finally:
        _closed(table, page)


def test_a_french_table_page_in_french_every_entry_in_french(tmp_path: Path) -> None:
    table, page = _opened(tmp_path, "love-letter", ("Ana", "Ben", "Cleo"), lang="fr")
    try:
        driver = page.driver
        assert driver.find_element(By.TAG_NAME, "html").get_attribute("lang") == "fr"
        assert driver.find_element(By.TAG_NAME, "h1").text == "Love Letter : la table"
        start = len(page.log())
        page.key("c")
        page.type("état" + Keys.ENTER)
        page.browser.wait(lambda b: len(page.log()) > start)
        page.assert_clean()
        _every_sentence_once(table, page, "fr")
    finally:
        _closed(table, page)


def test_the_focus_and_the_hint_stay_true_after_yes_a_cancelled_value_and_the_games_end(tmp_path: Path) -> None:
    """The Yes button dropped the focus to the page's body as it went away; "A secret value is asked…" stayed under
    the field once the value was cancelled; a line typed after the game's end was answered "Connection lost"."""
    table, page = _opened(tmp_path, "gauntlet", ("Zoe", "Alice", "Bruno"))
    hint = lambda: page.driver.find_element(By.ID, "command-hint").text  # noqa: E731
    try:
        page.play("nxt", "Unknown command: nxt. Type help for the commands. Did you mean next? Type yes.")
        page.type(Keys.TAB + Keys.TAB)
        assert page.focused() == "yes"
        start = len(page.log())
        page.type(Keys.ENTER)
        page.wait_said("Zoe must play a card first.", start)
        assert page.focused() == "command"
        page.play("play proxima", "1 power token for Zoe: 1 held, 8 in the reserve.")
        page.play("next", "Alice draws. 13 cards in the hero deck.")
        page.play("play hulk", "You may fight Thanos.")
        page.play("fight", "Alice, type your value secretly.")
        page.browser.wait(lambda b: page.focused() == "value")
        page.key("c")
        page.type("status" + Keys.ENTER)
        page.browser.wait(lambda b: hint() == "A secret value is asked: type it in the secret value field, or cancel "
                                              "it.")
        page.key("v")
        page.type(Keys.TAB + Keys.TAB)
        assert page.focused() == "cancel-value"
        start = len(page.log())
        page.type(Keys.ENTER)
        page.wait_said("Fight cancelled.", start)
        page.browser.wait(lambda b: not b.driver.find_element(By.ID, "secret-form").is_displayed())
        assert hint() == "" and page.focused() == "command"
        page.play("quit", "Game saved.")
        ended = "The game has ended: this page no longer follows it."
        page.browser.wait(lambda b: b.driver.find_element(By.ID, "link").text == ended)
        page.key("c")
        page.type("status" + Keys.ENTER)
        page.browser.wait(lambda b: hint() == ended)
        page.assert_clean()
    finally:
        _closed(table, page)


def test_the_yes_button_goes_once_the_offer_is_gone(tmp_path: Path) -> None:
    """The offer of a typo lasts until the next line: after a line typed at the terminal the Yes button stayed, and
    pressing it said "Unknown command: yes."."""
    table, page = _opened(tmp_path, "gauntlet", ("Zoe", "Alice", "Bruno"))
    yes = lambda: page.driver.find_element(By.ID, "yes")  # noqa: E731
    audio = "return [audio === null ? null : audio.state, window.companionPlayed];"
    try:
        # A sound asked before any key or click on the page starts no audio at all (the browser's rule, kept).
        table.send("play proxima")
        page.wait_said("1 power token for Zoe: 1 held, 8 in the reserve.")
        assert page.driver.execute_script(audio) == [None, ["play"]]
        page.play("nxt", "Unknown command: nxt. Type help for the commands. Did you mean next? Type yes.")
        page.browser.wait(lambda b: b.driver.execute_script(audio) == ["running", ["play", "refusal"]])
        page.type(Keys.TAB + Keys.TAB)
        assert page.focused() == "yes" and yes().is_displayed()
        table.send("status")
        page.browser.wait(lambda b: not yes().is_displayed())
        assert page.focused() == "command"  # never the page's body
        page.assert_clean()
    finally:
        _closed(table, page)


def test_a_companion_that_stopped_without_a_word_is_said_so_not_endless_retries(tmp_path: Path) -> None:
    """The server gone without ending the game (the process killed): the page said "Connection lost: trying again by
    itself." for ever, though on this very computer nothing answers any more."""
    table, page = _opened(tmp_path, "gauntlet", ("Zoe", "Alice", "Bruno"), lang="fr")
    link = lambda: page.driver.find_element(By.ID, "link").text  # noqa: E731
    silent = "Le compagnon ne répond pas sur cet ordinateur : il s'est peut-être arrêté. Nouvel essai."
    try:
        table.web.parts.server.stop()  # no "end": as if the process had been killed
        page.browser.wait(lambda b: link() == "Connexion perdue : nouvel essai automatique.")
        page.browser.wait(lambda b: link() == silent, timeout=30)
        page.key("c")
        page.type("état" + Keys.ENTER)  # a line typed then is answered the same
        page.browser.wait(lambda b: b.driver.find_element(By.ID, "command-hint").text == silent)
        page.assert_clean()
    finally:
        _closed(table, page)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_help_on_the_page_says_the_page_s_keys_never_the_terminal_s(tmp_path: Path, lang: str) -> None:
    """``help`` typed on the page listed the terminal's keys (F2, Ctrl+Z, the braille line's panning): the page's user
    hears the page's own, in its log, typed or from its Help button; the same sentences at the table."""
    from test_table_page_help import HELP, PAGE, TERMINAL_KEYS

    table, page = _opened(tmp_path, "love-letter", ("Ana", "Ben", "Cleo"), lang=lang)
    try:
        typed = page.play(HELP[lang], PAGE[lang][-1])
        assert typed[-len(PAGE[lang]):] == PAGE[lang]
        assert [text for text in typed if TERMINAL_KEYS.search(text)] == []
        assert page.focused() == "command"
        start = len(page.log())
        page.driver.find_element(By.ID, "help").send_keys(Keys.ENTER)
        page.wait_said(PAGE[lang][-1], start)
        assert [text for text, _ in page.log()[start:]] == typed
        page.assert_clean()
        _every_sentence_once(table, page, lang)
    finally:
        _closed(table, page)


def test_an_old_tab_after_a_restart_on_the_same_port_says_its_link_is_stale_once(tmp_path: Path) -> None:
    """The companion started again on the same --port refuses the old tab's secret (403): the tab said "No answer
    from the companion on this computer: it may have stopped. Trying again." for ever; it says once that its link is
    no longer valid, in its connection's live region, keeps the focus where it was, and stops trying."""
    table, page = _opened(tmp_path, "gauntlet", ("Zoe", "Alice", "Bruno"), lang="fr")
    link = lambda: page.driver.find_element(By.ID, "link").text  # noqa: E731
    stale = ("Le lien de cette page n'est plus valable : le compagnon a été relancé. "
             "Ouvrez le nouveau lien affiché à la table.")
    again = None
    try:
        page.key("c")
        port = table.web.bound[1]
        table.web.parts.server.stop()
        page.browser.wait(lambda b: link() == "Connexion perdue : nouvel essai automatique.")
        (tmp_path / "again").mkdir()
        again = Table(tmp_path / "again", "gauntlet", ("Zoe", "Alice", "Bruno"), page=True, lang="fr", port=port)
        assert again.page_url != table.page_url
        page.browser.wait(lambda b: link() == stale, timeout=40)
        assert page.driver.find_element(By.ID, "link").get_attribute("role") == "status"
        assert page.focused() == "command"
        changes = "window.linkSaid = []; new MutationObserver(() => window.linkSaid.push(link.textContent))" \
                  ".observe(link, {childList: true, characterData: true, subtree: true});"
        page.driver.execute_script(changes)
        said = len(again.out.records)
        page.type("état" + Keys.ENTER)  # a line typed now gets the same answer, and is sent nowhere
        page.browser.wait(lambda b: b.driver.find_element(By.ID, "command-hint").text == stale)
        time.sleep(3)
        # Said once: the stream is closed and no retry is waiting (each would probe the new companion again).
        assert page.driver.execute_script("return [window.linkSaid, stream.readyState, timer];") == [[], 2, None]
        assert link() == stale and len(again.out.records) == said  # nothing reached the new table
        page.assert_clean()
    finally:
        if again is not None:
            again.close()
        _closed(table, page)
