"""A page opened (or reloaded) while the table speaks: what is said as the page is made is neither lost nor said twice.

The page holds what was said up to its stream's starting point, and its stream brings the rest. That point was taken
after the page's entries were read, so a sentence said in between (a Priest's peek as a phone reloads its page) was
in neither.
"""

from __future__ import annotations

import re
import urllib.request
from html import unescape
from pathlib import Path
from typing import Any

import pytest

from web_helpers import Table
from web_requests import COOKIE, join_link

pytestmark = pytest.mark.timeout(60)


def _after_and_texts(html: str, box: str) -> tuple[int, list[str]]:
    """The page's stream starting point and the sentences already in its ``box`` (a log)."""
    found = re.search(r'data-after="([0-9]+)"', html)
    part = re.search(rf'<div id="{box}"[^>]*>(.*?)</div>', html, re.S)
    assert found is not None and part is not None, html[:300]
    return int(found.group(1)), [unescape(text) for text in re.findall(r"<p[^>]*>(.*?)</p>", part.group(1))]


def test_a_note_said_while_a_seat_s_page_is_made_comes_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from companion.web.parts import Served

    table = Table(tmp_path, "love-letter", ("Ana", "Ben"))
    try:
        link, cookie = join_link(table.base, table.code, "p1")
        said: list[Any] = []
        status = Served.status_sentence

        def speaking(self: Served, lang: str) -> str:  # the table tells Ana something as her page is made
            if not said:
                said.append(self.feed.publish("note", "Only for you: Ben holds Baron, 3.", "en", to="p1"))
            return status(self, lang)

        monkeypatch.setattr(Served, "status_sentence", speaking)
        request = urllib.request.Request(link, headers={"Cookie": f"{COOKIE}={cookie}"})
        with urllib.request.urlopen(request, timeout=5) as answer:
            after, notes = _after_and_texts(answer.read().decode(), "mine")
        assert said, "the page was made without its status"
        # In the page, or on its stream (after its starting point): exactly one of them.
        assert (said[0].text in notes) != (said[0].id > after), (notes, said[0].id, after)
    finally:
        table.close()


def test_a_sentence_said_while_the_table_page_is_made_comes_once(tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    from companion.web.feed import Feed

    table = Table(tmp_path, "love-letter", ("Ana", "Ben"), page=True)
    try:
        said: list[Any] = []
        since = Feed.since

        def speaking(self: Feed, after: int, seat: str) -> list[Any]:  # the table speaks as the page reads its log
            entries = since(self, after, seat)
            if not said and self is not table.web.feed:
                said.append(self.publish("say", "Ana's turn: draw a card.", "en"))
            return entries

        monkeypatch.setattr(Feed, "since", speaking)
        with urllib.request.urlopen(table.page_url, timeout=5) as answer:
            after, entries = _after_and_texts(answer.read().decode(), "said")
        monkeypatch.undo()
        assert said, "the page never read its log"
        # In the page, or on its stream (after its starting point): exactly one of them.
        assert (said[0].text in entries) != (said[0].id > after), (entries, said[0].id, after)
    finally:
        table.close()
