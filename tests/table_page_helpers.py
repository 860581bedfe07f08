"""The table's own page in a real headless Chromium, driven by the keyboard alone; seats joined over HTTP.

``PageBrowser`` opens the page of a ``web_helpers.Table`` started with ``page=True``, records what the
live log receives (each entry's text, language and the log's politeness when it came) and types lines
in the command field after moving there with its documented access key.
"""

from __future__ import annotations

import contextlib
import threading
import time
import urllib.request
from pathlib import Path
from typing import Any

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from web_helpers import WAIT, Browser, Table
from web_requests import COOKIE, join_link, post_json, request_of

#: Records each entry added to the live log: its text, its language and the log's aria-live at that moment.
RECORD = """
window.logged = [];
new MutationObserver(changes => { for (const change of changes) for (const node of change.addedNodes)
  window.logged.push([node.textContent, node.lang, change.target.getAttribute("aria-live")]); })
  .observe(document.getElementById("said"), {childList: true});
"""


class PageBrowser:
    """The table page in its own Chromium."""

    def __init__(self, tmp: Path, table: Table) -> None:
        self.table = table
        self.browser = Browser(tmp / "table-page-profile")
        self.driver = self.browser.driver
        self.driver.get(table.page_url)
        online = self.driver.find_element(By.TAG_NAME, "html").get_attribute("data-online")
        self.browser.wait(lambda b: b.driver.find_element(By.ID, "link").text == online)
        self.driver.execute_script(RECORD)

    def quit(self) -> None:
        self.browser.quit()

    def log(self) -> list[tuple[str, str]]:
        """Every entry of the live log, in order: (text, lang)."""
        return [tuple(pair) for pair in self.driver.execute_script(
            "return [...document.querySelectorAll('#said p')].map(p => [p.textContent, p.lang]);")]

    def logged(self) -> list[list[str]]:
        """What arrived since the page opened: [text, lang, the log's aria-live then]."""
        return list(self.driver.execute_script("return window.logged;"))

    def key(self, letter: str, shift: bool = False) -> None:
        """A documented access key (Chromium on Linux: Alt and the letter)."""
        chain = ActionChains(self.driver).key_down(Keys.ALT)
        if shift:
            chain = chain.key_down(Keys.SHIFT)
        chain.send_keys(letter)
        if shift:
            chain = chain.key_up(Keys.SHIFT)
        chain.key_up(Keys.ALT).perform()

    def focused(self) -> str:
        return str(self.driver.switch_to.active_element.get_attribute("id"))

    def type(self, text: str) -> None:
        """Keys typed into whatever has the focus."""
        ActionChains(self.driver).send_keys(text).perform()

    def play(self, line: str, last: str) -> list[str]:
        """``line`` typed in the command field (reached with Alt+C) and Enter; what the log got, up to ``last``."""
        start = len(self.log())
        self.key("c")
        assert self.focused() == "command"
        self.type(line + Keys.ENTER)
        self.wait_said(last, start)
        time.sleep(0.1)
        return [text for text, _ in self.log()[start:]]

    def wait_said(self, sentence: str, start: int = 0) -> None:
        from selenium.common.exceptions import TimeoutException

        try:
            self.browser.wait(lambda b: sentence in [text for text, _ in self.log()[start:]])
        except TimeoutException:
            raise AssertionError(f"the page never said {sentence!r}: {self.log()[start:][-6:]}") from None

    def axe(self) -> list[dict[str, Any]]:
        return self.browser.axe()

    def assert_clean(self) -> None:
        """axe finds no violation in the page as it is now (the failing elements are named when it does)."""
        violations = self.axe()
        assert violations == [], [(v["id"], [n["html"] for n in v["nodes"]]) for v in violations]


def join_with_hand(table: Table, seat: str, cards: dict[str, str]) -> tuple[str, str]:
    """A seat taken over HTTP with the join code, its stream followed (as its open page does), then its hand entered
    there: (its link, its device's cookie)."""
    link, cookie = join_link(table.base, table.code, seat)
    follow(link, cookie)
    deadline = time.monotonic() + WAIT
    while not table.web.seats.joined(seat):
        assert time.monotonic() < deadline, f"{seat}'s stream never opened"
        time.sleep(0.02)
    enter(link, cookie, cards)
    return link, cookie


def follow(link: str, cookie: str) -> None:
    """The seat's stream, read to its end in a thread (the server ends it when the game stops)."""
    def read() -> None:
        request = urllib.request.Request(link + "/events", headers={"Cookie": f"{COOKIE}={cookie}"})
        with contextlib.suppress(OSError), urllib.request.urlopen(request, timeout=60) as stream:
            while stream.readline():
                pass
    threading.Thread(target=read, name=f"follow-{link[-6:]}", daemon=True).start()


def enter(link: str, cookie: str, cards: dict[str, str]) -> None:
    status, answer = post_json(link + "/hand", {**cards, "lang": "en"}, cookie)
    assert status == 200, answer


def device_value(table: Table, seat: str, link: str, cookie: str, value: str) -> None:
    """The value a seat's device sends when the table asks it (over HTTP, as its page's script does)."""
    request = request_of(table.web, seat, timeout=WAIT)
    status, answer = post_json(link + "/secret", {"request": request, "value": value, "lang": "en"}, cookie)
    assert status == 200, answer


def said_at_table(table: Table) -> list[str]:
    """What the table said on standard output that the page must show too (all but the page's own link)."""
    return [r["text"] for r in table.out.records if r["event"] != "page_link"]
