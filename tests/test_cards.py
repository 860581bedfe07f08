"""Card data: validated when loaded, a clear error naming the file, forgiving names."""

from __future__ import annotations

import pytest

from companion.cards import DATA_DIR, CardDataError, CardNameError, load, normalize
from companion.registry import find

SIZES = {"heroes": 16, "thanos": 13}


def test_the_gauntlet_data_is_complete(gauntlet_cards):
    assert gauntlet_cards.count("heroes") == 16 and gauntlet_cards.count("thanos") == 13
    assert sum(1 for c in gauntlet_cards.cards if c.traits.stone) == 6
    assert all(c.names["fr"] and c.names["en"] and c.effect["fr"] and c.effect["en"] for c in gauntlet_cards.cards)
    assert gauntlet_cards["thanos"].value == 7 and gauntlet_cards["thanos"].traits.shuffle_back
    assert gauntlet_cards["outriders"].copies == 2
    assert gauntlet_cards["scarlet-witch"].name("fr") == "la Sorcière Rouge"


def write(tmp_path, text):
    (tmp_path / "config").mkdir(exist_ok=True)
    (tmp_path / "config" / "gauntlet.toml").write_text(text, encoding="utf-8")


@pytest.mark.parametrize("change, problem", [
    (('id = "hulk"', 'id = "thor"'), "card ids must be unique; repeated: thor"),
    (("copies = 2", "copies = 3"), "side thanos must have 13 cards, found 14"),
    (('side = "heroes"\naction = "fight_thanos"', 'side = "villains"\naction = "fight_thanos"'), "unknown side 'villains'"),
    (('stone = true\nshuffle_back = true\naction = "copy_effect"', 'shuffle_back = true\naction = "copy_effect"'),
     "6 cards must be marked stone, found 5"),
    (('name = { fr = "Hulk", en = "Hulk" }', 'name = { en = "Hulk" }'), "card hulk name: needs a French and an English text"),
    (('value = 7', 'value = "seven"'), "card thanos: field 'value': expected `int`, got `str`"),
    (("[[cards]]\nid = \"nebula\"", "[[cards]\nid = \"nebula\""), "is not valid TOML"),
])
def test_a_broken_override_names_the_file_and_the_problem(tmp_path, change, problem):
    text = (DATA_DIR / "gauntlet.toml").read_text(encoding="utf-8")
    assert change[0] in text
    write(tmp_path, text.replace(change[0], change[1], 1))
    with pytest.raises(CardDataError) as caught:
        find("gauntlet").cards()
    assert caught.value.path == tmp_path / "config" / "gauntlet.toml"
    assert problem in caught.value.problem


def test_an_override_replaces_the_shipped_text(tmp_path):
    text = (DATA_DIR / "gauntlet.toml").read_text(encoding="utf-8")
    write(tmp_path, text.replace("Vous pouvez combattre Thanos.", "Combattez Thanos, si vous le voulez."))
    assert find("gauntlet").cards()["hulk"].effect["fr"] == "Combattez Thanos, si vous le voulez."


@pytest.mark.parametrize("text, card", [
    ("Iron Man", "iron-man"), ("iron-man", "iron-man"), ("IRONMAN", "iron-man"), ("iron", "iron-man"),
    ("Pierre de l'Âme", "soul-stone"), ("pierre de l ame", "soul-stone"), ("âme", "soul-stone"), ("soul", "soul-stone"),
    ("Sorcière", "scarlet-witch"), ("cull obsidian", "black-dwarf"), ("guêpe", "ant-man-wasp"), ("thanos", "thanos"),
])
def test_names_match_in_either_language_without_case_or_accents(gauntlet_cards, text, card):
    assert gauntlet_cards.match(text).id == card


def test_ambiguous_and_unknown_names(gauntlet_cards):
    with pytest.raises(CardNameError) as caught:
        gauntlet_cards.match("captain")
    assert {c.id for c in caught.value.candidates} == {"captain-america", "captain-marvel"}
    with pytest.raises(CardNameError) as caught:
        gauntlet_cards.match("zorglub")
    assert caught.value.candidates == ()
    assert gauntlet_cards.match("hulk", side="heroes").id == "hulk"
    with pytest.raises(CardNameError):
        gauntlet_cards.match("hulk", side="thanos")


def test_normalize():
    assert normalize("  Pierre de l’Âme ") == "pierre de l ame"


def test_load_needs_the_expected_sizes():
    with pytest.raises(CardDataError):
        load("gauntlet.toml", {"heroes": 15, "thanos": 13})


@pytest.mark.parametrize(("change", "fr", "en"), [
    (('value = 7', 'value = "seven"'), "carte thanos : le champ value doit être un nombre entier, pas un texte.",
     "card thanos: the field value must be a whole number, not a text."),
    (('id = "hulk"', 'id = "hulk"\npower = 3'), "carte hulk : champ inconnu power.", "card hulk: unknown field power."),
])
def test_a_card_file_field_error_is_said_in_the_users_language(tmp_path, capsys, change, fr, en):
    """Issue 32: "Expected `int`, got `str`" (msgspec's English) inside a French sentence."""
    from companion.cli import main

    text = (DATA_DIR / "gauntlet.toml").read_text(encoding="utf-8")
    write(tmp_path, text.replace(change[0], change[1], 1))
    for lang, expected in (("fr", fr), ("en", en)):
        with pytest.raises(SystemExit) as stopped:
            main(["card", "gauntlet", "hulk", "--lang", lang])
        assert stopped.value.code == 1
        err = capsys.readouterr().err
        assert err.strip().endswith(expected) and "Expected" not in err and "`" not in err, err
