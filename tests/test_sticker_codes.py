"""A sticker's code read strictly (issue 30): ASCII digits only, a copy number the sheet prints, a card the table's
deck holds; anything else is one typed refusal, never another exception."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion import registry
from companion.games import num_x
from companion.sticker_codes import Code, Reason, StickerRefused, check, deck_of, parse, payload, read, read_payload
from companion.stickers import labels
from conftest import examples

MINDBUG = registry.find("mindbug").cards()


@pytest.mark.parametrize("text", [
    "CMP1:MINDBUG:BEE-BEAR:\u00b2",      # a superscript two: str.isdigit() says yes, int() fails
    "CMP1:MINDBUG:BEE-BEAR:\u2460",      # a circled one
    "CMP1:MINDBUG:BEE-BEAR:\uff11",      # a full-width one: int() reads it as 1
    "CMP1:MINDBUG:BEE-BEAR:\u0661",      # an Arabic-Indic one
    "CMP1:MINDBUG:BEE-BEAR:01", "CMP1:MINDBUG:BEE-BEAR:1000", "CMP1:MINDBUG:BEE-BEAR:-1", "CMP1:MINDBUG:BEE-BEAR:+1",
    "CMP1:MINDBUG:\u212aILLER-BEE:1",    # a Kelvin sign, which lower() turns into a k
    "CMP1:MINDBUG:BEE-BEAR:1:2", "CMP1:MINDBUG::1", "CMP1:MINDBUG:BEE--BEAR:1", "CMP1:MINDBUG:BEE_BEAR:1",
    "CMP1:MINDBUG:BEE-BEAR:1\x00", "CMP2:MINDBUG:BEE-BEAR:1", "", "hello", "CMP1:" + "A" * 300 + ":B:1",
])
def test_anything_but_ascii_digits_and_ids_is_no_sticker(text: str) -> None:
    with pytest.raises(StickerRefused) as refused:
        parse(text)
    assert refused.value.reason is Reason.NOT_STICKER
    assert read_payload(text) is None


def test_every_printed_sticker_is_read_back_as_itself() -> None:
    for game in registry.GAMES:
        if game.spec.data_file is None:
            continue
        cards = game.cards()
        for label in labels(game, "en"):
            text = str(label.code)
            assert read(text, game.id, cards) == (label.code, cards[label.code.card])
            assert parse(text.lower()) == label.code
    assert parse(" CMP1:MINDBUG:BEE-BEAR:1\n") == Code("mindbug", "bee-bear", 1)


@pytest.mark.parametrize("copy", [0, 2, 999])
def test_a_copy_number_the_sheet_never_prints_is_refused(copy: int) -> None:
    text = f"CMP1:MINDBUG:BEE-BEAR:{copy}"
    with pytest.raises(StickerRefused) as refused:
        read(text, "mindbug", MINDBUG)
    assert refused.value.reason is Reason.NO_SUCH_COPY
    assert refused.value.card is MINDBUG["bee-bear"] and refused.value.copy == copy
    assert MINDBUG["bee-bear"].copies == 1


def test_another_game_and_an_unknown_card_are_refused() -> None:
    for text, reason in (("CMP1:LOVE-LETTER:GUARD:1", Reason.OTHER_GAME), ("CMP1:MINDBUG:GUARD:1", Reason.UNKNOWN_CARD)):
        with pytest.raises(StickerRefused) as refused:
            read(text, "mindbug", MINDBUG)
        assert refused.value.reason is reason and refused.value.card is None


def test_a_card_this_tables_deck_leaves_out_is_refused() -> None:
    """Num-X without action cards, or in its discovery mode without the yellow family: no copy in this deck."""
    game = registry.find("num-x")
    cards = game.cards()
    plain = num_x.RULES.new(num_x.Options(players=2, names=("Ana", "Ben")), cards)
    assert read("CMP1:NUM-X:JOKER:2", "num-x", cards, deck_of(plain))[1] is cards["joker"]
    for options, text in ((num_x.Options(players=2, names=("Ana", "Ben"), actions="off"), "CMP1:NUM-X:JOKER:1"),
                          (num_x.Options(players=3, names=("Ana", "Ben", "Cleo"), mode="decouverte"),
                           "CMP1:NUM-X:YELLOW-3:1")):
        deck = deck_of(num_x.RULES.new(options, cards))
        with pytest.raises(StickerRefused) as refused:
            read(text, "num-x", cards, deck)
        assert refused.value.reason is Reason.NOT_IN_DECK
    assert deck_of(registry.find("mindbug").rules.new(
        registry.find("mindbug").rules.options_type(players=2, names=("Ana", "Ben")), MINDBUG)) is None


TEXTS = st.one_of(
    st.text(max_size=60),
    st.builds(lambda game, card, copy: f"CMP1:{game}:{card}:{copy}",
              st.sampled_from(["MINDBUG", "mindbug", "LOVE-LETTER", "", "MIND\u212aBUG"]),
              st.one_of(st.sampled_from([c.id for c in MINDBUG.cards]).map(str.upper), st.text(max_size=12)),
              st.one_of(st.integers(-5, 2000).map(str), st.text(alphabet=st.characters(categories=["Nd", "No"]),
                                                                 min_size=1, max_size=4))))


@settings(max_examples=examples(2000), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(TEXTS)
def test_the_parser_never_raises_anything_but_its_refusal(text: str) -> None:
    try:
        code, card = read(text, "mindbug", MINDBUG)
    except StickerRefused as refused:
        assert isinstance(refused.reason, Reason)
        return
    # Whatever is accepted is exactly a printed sticker: its own payload, a card of the game, a printed copy.
    assert payload(code.game, code.card, code.copy) == text.strip(" \t\r\n").upper()
    assert text.strip(" \t\r\n").isascii() and card is MINDBUG[code.card] and 1 <= code.copy <= card.copies
    assert check(code, "mindbug", MINDBUG) is card


@pytest.mark.parametrize(("reason", "card", "copy", "table", "page"), [
    (Reason.NOT_STICKER, None, 0, "Code lu : ce n'est aucune carte de ce jeu.", "Ce code n'est aucune carte de ce jeu."),
    (Reason.NO_SUCH_COPY, "joker", 3, "Code lu : Joker a 2 exemplaires, aucun numéro 3.",
     "Joker, 0 : 2 exemplaires, aucun numéro 3. Réimprimez son étiquette."),
    (Reason.NOT_IN_DECK, "yellow-3", 1, "Code lu : Jaune 3 n'est pas dans le paquet de cette partie.",
     "Jaune 3, 3 : pas dans le paquet de cette partie."),
])
def test_each_refusal_is_one_sentence_at_the_table_and_on_a_page(
        reason: Reason, card: str | None, copy: int, table: str, page: str) -> None:
    from types import SimpleNamespace

    from companion.table_scan import _refusal
    from companion.web.frames import sticker_sentence

    cards = registry.find("num-x").cards()
    refused = StickerRefused(reason, None if card is None else cards[card], copy)
    ctx = SimpleNamespace(lang="fr", card=lambda card_id: cards[card_id].name("fr"))
    assert _refusal(refused, ctx) == table
    label = "" if card is None else f"{cards[card].name('fr')}, {cards[card].value}"
    assert sticker_sentence(refused, "fr", label) == page
