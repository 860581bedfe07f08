"""The seat and table pages' sentences read well in braille: every sentence of the ``web`` catalog, in English
and French, goes through liblouis as a screen reader would braille it (grade 1 and 2 of its language).

Checked: only letters, digits and punctuation every braille table knows (no emoji, no arrows, no "×"); and the
grade 1 braille reads back to the same sentence (digits as digits: a field is filled with a number), so no
character was dropped, replaced or spelled out by the table.
"""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

import pytest

louis = pytest.importorskip("louis")

from babel.messages.pofile import read_po  # noqa: E402

from companion.braille.translate import back_translate, translate  # noqa: E402

CATALOG = Path(__file__).resolve().parent.parent / "companion" / "locale" / "fr" / "LC_MESSAGES" / "web.po"
#: Punctuation the French and English tables (and the screen readers' own) braille and read back.
SAFE = set(" .,:;'’?!()-«»“”…+/\"")
#: What liblouis reads back for the typographic forms, which it brailles with the plain ones' cells.
PLAIN = str.maketrans({"’": "'", "“": '"', "”": '"', "«": '"', "»": '"'})


def sentences() -> list[tuple[str, str]]:
    """(language, sentence) for every message of the web catalog, its fields filled with the number 3."""
    with CATALOG.open("rb") as stream:
        catalog = read_po(stream)
    found: list[tuple[str, str]] = []
    for message in catalog:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        found += [("en", text) for text in ids] + [("fr", text) for text in strings if text]
    return [(lang, re.sub(r"\{[^{}]*\}", "3", text)) for lang, text in found]


def unsafe(text: str) -> list[str]:
    return [c for c in text if not (c.isalnum() and unicodedata.category(c) in ("Lu", "Ll", "Nd")) and c not in SAFE]


def plain(text: str) -> str:
    text = text.translate(PLAIN).replace("…", "...").replace('"', "")
    return re.sub(r"\s+", " ", text).strip().lower()


def test_the_catalog_has_the_pages_sentences() -> None:
    assert len(sentences()) > 200


def test_page_sentences_use_only_letters_digits_and_safe_punctuation() -> None:
    bad = [(lang, text, unsafe(text)) for lang, text in sentences() if unsafe(text)]
    assert bad == []


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_page_sentences_read_back_from_braille_unchanged(lang: str) -> None:
    garbled = []
    for text_lang, text in sentences():
        if text_lang != lang:
            continue
        cells = translate(text, lang, 1)
        back = back_translate(cells, lang, 1)
        if plain(back) != plain(text) or "\\" in back:
            garbled.append((text, back))
        contracted = translate(text, lang, 2)
        assert contracted and all(0x2800 <= ord(c) <= 0x28FF for c in contracted), text
    assert garbled == []
