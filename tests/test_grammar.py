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


def _list_sentences_counting_anew(head: str, items: list[str], separator: str, limit: int) -> str:
    """list_sentences as it was before issue 34, counting the whole sentence again at each item (the reference)."""
    from companion.grammar import capital

    ends = head.rstrip()[-1:] in (".", "!", "?")
    out, current = [head] if head and ends else [], ""
    prefix = "" if ends or not head else head.rstrip() + " "
    if prefix:
        cut = max(prefix.rfind(". "), prefix.rfind("? "), prefix.rfind("! "))
        if cut >= 0:
            out, prefix = [prefix[:cut + 1]], prefix[cut + 2:]
    for item in items:
        joined = f"{current}{separator}{item}" if current else prefix + item
        prefix = "" if current else prefix
        if current and words(joined) > limit:
            out.append(capital(current) + ".")
            current = item
        else:
            current = joined
    if current:
        out.append(capital(current) + ".")
    return " ".join(out)


def test_list_sentences_cuts_where_counting_the_whole_sentence_would() -> None:
    """Its words are counted as the sentence grows (issue 34: a full Mindbug board's undo counted them anew)."""
    from hypothesis import given, settings, strategies as st

    piece = st.text(st.sampled_from("ab1é ,:-'."), max_size=8)

    @settings(max_examples=100, deadline=None)
    @given(piece, st.lists(piece, max_size=12), st.sampled_from([", ", ",", " and ", " "]), st.integers(1, 6))
    def check(head: str, items: list[str], separator: str, limit: int) -> None:
        assert list_sentences(head, items, separator, limit) == _list_sentences_counting_anew(head, items, separator,
                                                                                              limit)

    check()


def test_words_are_the_runs_between_spaces_that_hold_a_letter_or_a_digit() -> None:
    """`words` counts with one regular expression (issue 34) what ``str.split`` and ``str.isalnum`` define: Unicode
    spaces split, an underscore or punctuation alone is no word, a digit of any script is one."""
    from hypothesis import given, settings, strategies as st

    assert words("Joueur 1 : Goblin-Garou 11, _ — l'Œil ٣") == 6

    @settings(max_examples=200, deadline=None)
    @given(st.text(st.sampled_from("ab1é ,:-'._\t\n\u00a0\u2009\u3000٣Ⅻ²—"), max_size=20))
    def check(text: str) -> None:
        assert words(text) == sum(1 for w in text.split() if any(c.isalnum() for c in w))

    check()
