"""Issue 30: the sentence audit (tests/sentence_audit.py) over what each page receives, in French and English.

A real served Love Letter game with names: each seat's page in one language, its
hand entered, a Priest's peek, a question asked from the page, a value refused;
every entry its stream carries (the public feed and its private notes), every
refusal a page can get, and the page's own sentences go through `breaks`.
"""

from __future__ import annotations

import re
from html import unescape

import pytest

pytest.importorskip("starlette", reason="starlette is not installed: run make setup")

from conftest import run_lines
from web_helpers import http
from web_requests import join_link, post_json, served
from tests.sentence_audit import breaks

from companion.web.refusals import _texts, sentence
from companion.i18n import Translator

NAMES = ("Ana", "Ben", "Cleo")


def _page_texts(page: str) -> list[str]:
    """The sentences a page shows: its paragraphs, headings, labels and buttons (tags taken out)."""
    found = re.findall(r"<(?:p|h1|h2|label|button|a|option)\b[^>]*>(.*?)</(?:p|h1|h2|label|button|a|option)>", page, re.S)
    return [unescape(re.sub(r"<[^>]+>", "", text)).strip() for text in found if re.sub(r"<[^>]+>", "", text).strip()]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_what_each_page_receives_keeps_the_sentence_rules(lang: str) -> None:
    with served("love-letter", players=3, names=NAMES, lang=lang) as (session, recorder, web):
        links = {seat: join_link(web.base_url, web.seats.code, seat, lang) for seat in ("p1", "p2", "p3")}
        for seat in web.seats:
            seat.lang = lang
        url, device = links["p1"]
        assert web.hands.enter(session, "p2", ["princess"], lang).ok
        post_json(url + "/hand", {"card1": "priest", "card2": "guard", "lang": lang}, device)
        post_json(url + "/hand", {"card1": "princess", "card2": "princess", "lang": lang}, device)  # refused
        post_json(url + "/line", {"line": "status", "lang": lang}, device)
        post_json(url + "/leave", {"lang": lang}, device)  # asks to confirm
        run_lines(session, recorder, "play priest ben" if lang == "en" else "joue prêtre ben")
        said: list[str] = []
        for seat, (link, cookie) in links.items():
            said += [e.for_page(lang)["text"] for e in web.feed.since(0, seat)]
            said += _page_texts(http(link + f"?lang={lang}", headers={"Cookie": f"companion_device={cookie}"})[1])
        said += _page_texts(http(web.base_url + f"/?lang={lang}")[1])
        t = Translator(lang, "web")
        said += [text for code in _texts(t) for text in sentence(code, lang)]
        assert len(said) > 60
        found = [b for text in said if text for b in breaks(text, lang, NAMES)]
        assert found == [], "\n".join(found)


def test_every_page_sentence_with_a_field_or_of_one_or_two_words_has_a_translators_note() -> None:
    """The web catalog: a msgid with a field ({player}) or of one or two words carries a "Translators:" note."""
    from pathlib import Path

    from babel.messages.pofile import read_po

    with open(Path(__file__).resolve().parent.parent / "companion/locale/fr/LC_MESSAGES/web.po", "rb") as handle:
        catalog = read_po(handle)
    missing = []
    for message in catalog:
        text = message.id[0] if isinstance(message.id, tuple) else message.id
        if text and ("{" in text or len(text.split()) <= 2) and not message.auto_comments:
            missing.append(text)
    assert missing == []
