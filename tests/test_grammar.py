"""companion/grammar.py: French elision, possessives, long readings cut into sentences of at most 15 words."""

from __future__ import annotations

import pytest

from companion.grammar import elide, list_sentences, short_sentences, words
from companion.render import Context, Settings, possessive


@pytest.mark.parametrize(("text", "said"), [
    ("la défausse de Ana", "la défausse d'Ana"),
    ("la carte de Oursabeille", "la carte d'Oursabeille"),
    ("le Œil et la Araignée", "l'Œil et l'Araignée"),
    ("ne a que il", "n'a qu'il"),
    ("de Bo, de Yéti, de Hulk", "de Bo, de Yéti, de Hulk"),  # a consonant, a y, an h: kept
])
def test_french_elision(text: str, said: str) -> None:
    assert elide(text, "fr") == said
    assert elide(text, "en") == text


@pytest.mark.parametrize(("lang", "said"), [("en", "Ana's card"), ("fr", "la carte d'Ana")])
def test_possessive_in_each_language(lang: str, said: str) -> None:
    ctx = Context(Settings(lang), None, "core")
    thing = "card" if lang == "en" else "la carte"
    assert possessive(ctx, thing, "Ana") == said


def test_a_long_effect_is_cut_at_its_colon() -> None:
    assert short_sentences("Choose a hero and name a value: if their card has that value, it is defeated.") == \
        "Choose a hero and name a value. If their card has that value, it is defeated."
    assert short_sentences("Short one: kept.") == "Short one: kept."


def test_a_long_list_is_said_count_first_in_short_sentences() -> None:
    items = [f"Card {n}" for n in range(1, 13)]
    text = list_sentences("12 cards not seen.", items)
    assert text.startswith("12 cards not seen. Card 1, Card 2")
    pieces = text.split(". ")
    assert len(pieces) > 2 and all(words(p) <= 15 for p in pieces)
    assert list_sentences("3 can block:", ["A", "B", "C"]) == "3 can block: A, B, C."
