"""The pages' guides quote the companion's own sentences: each quoted sentence of docs/table-page.*.md and
docs/private-views.*.md is one the catalogs can say today (in English the messages, in French their translations).

A sentence whose wording changed in the code while the guide kept the old one is what a player listens for and never
hears ("Only for you: Ben holds Baron, 3." stayed in the guide long after the page said "…3, Baron, in Ben's hand.").
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parent.parent
GUIDES = ("table-page", "private-views")
#: Quoted sentences that are not the companion's: what a browser or a screen reader says.
NOT_OURS = {"Translate this page?", "Traduire cette page ?"}
#: A quote in a guide: "…" in English, « … » in French.
QUOTE = {"en": re.compile(r'"([^"]+)"'), "fr": re.compile(r"«\s*(.+?)\s*»", re.S)}
PLACEHOLDER = re.compile(r"\{[a-z_0-9]*(?:![rs])?(?::[^}]*)?\}")

pytestmark = pytest.mark.timeout(60)


def _messages(lang: str) -> list[str]:
    """Every sentence of every catalog, in ``lang``."""
    found: list[str] = []
    for path in sorted((ROOT / "companion" / "locale" / "fr" / "LC_MESSAGES").glob("*.po")):
        with path.open("rb") as file:
            for message in read_po(file):
                if not message.id:
                    continue
                texts = message.id if lang == "en" else message.string
                found += [text for text in (texts if isinstance(texts, tuple) else (texts,)) if text]
    return found


def _pieces(message: str) -> list[str] | None:
    """The message's words between its placeholders; ``None`` for a message that is mostly placeholders."""
    literal = PLACEHOLDER.sub("", message)
    if len(literal.strip()) < 6 or len(literal) < 0.5 * len(message):
        return None
    return PLACEHOLDER.split(message)


def _filled(pieces: list[str]) -> str:
    """The pieces with any words in each placeholder, as a regular expression."""
    return ".+?".join(re.escape(piece) for piece in pieces)


def _cut(part: str, pieces: list[str], head: bool) -> bool:
    """``part`` is the end of the message filled in (``head``: the quote's beginning was cut, "…x"), or its start."""
    for i in range(len(pieces)):
        rest = _filled(pieces[i + 1:]) if head else _filled(pieces[:i])
        for k in range(len(part) + 1):
            edge, others = (part[:k], part[k:]) if head else (part[k:], part[:k])
            joined = (".+?" + rest if head else rest + ".+?") if rest else ""
            if (pieces[i].endswith(edge) if head else pieces[i].startswith(edge)) and \
                    re.fullmatch(joined or "", others, re.S):
                return True
    return False


def _said(sentence: str, messages: list[str], templates: list[list[str]]) -> bool:
    """One sentence the catalogs can say: a message filled in, or a part of one (a quote cut with "…")."""
    part = sentence.strip("… ")
    if any(part in message for message in messages):
        return True
    if any(re.fullmatch(_filled(pieces), sentence, re.S) for pieces in templates):
        return True
    if sentence.startswith("…") or sentence.endswith("…"):
        return any(_cut(part, pieces, sentence.startswith("…")) for pieces in templates)
    return False


def _quoted_sentences(lang: str) -> list[str]:
    """The quotes that are sentences: four words or more, ending as a sentence ends."""
    quotes = []
    for guide in GUIDES:
        text = re.sub(r"```.*?```", "", (ROOT / "docs" / f"{guide}.{lang}.md").read_text(encoding="utf-8"), flags=re.S)
        for quote in QUOTE[lang].findall(text):
            quote = " ".join(quote.split())
            if len(quote.split()) >= 4 and quote[-1] in ".?…" and quote not in NOT_OURS:
                quotes.append(quote)
    return quotes


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_sentence_the_pages_guides_quote_is_one_the_companion_says(lang: str) -> None:
    messages = _messages(lang)
    templates = [p for p in map(_pieces, messages) if p is not None]
    quotes = _quoted_sentences(lang)
    assert len(quotes) > 40  # the guides quote many: the search found them
    unknown = []
    for quote in quotes:
        if lang == "fr":  # "de {target}" is said "d'Ana" (the renderers elide a name that starts with a vowel)
            quote = re.sub(r"\bd'(?=[AEIOUYÀÂÉÈÊÎÔ])", "de ", quote)
        # A quote may hold several sentences, each its own message ("Your hand: Baron, 3. Enter 1 card.").
        pieces = [quote, *re.split(r"(?<=[.?:!…])\s+(?=[A-ZÀ-Ý0-9…])", quote)]
        if not _said(quote, messages, templates) and not all(_said(p, messages, templates) for p in pieces[1:]):
            unknown.append(quote)
    assert unknown == [], unknown
