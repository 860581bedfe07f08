"""Every game's rules as data (companion/data/rules/<game-id>.toml): both languages, same sections, checked files."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion import games
from companion.rules_data import RulesDataError, load, rules_file

ROOT = Path(__file__).resolve().parent.parent
GAME_IDS = [game.id for game in games.GAMES]
#: The rules text's own names of Mindbug's keywords (shared/rules/mindbug.txt), and their English.
MINDBUG_KEYWORDS = {"hunter": ("Chasseur", "Hunter"), "sneaky": ("Furtif", "Sneaky"),
                    "poisonous": ("Toxique", "Poisonous"), "tough": ("Robuste", "Tough"),
                    "frenzy": ("Frénésie", "Frenzy")}


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_game_has_rules_in_both_languages_with_the_same_sections(game_id: str) -> None:
    rules = load(games.find(game_id))
    assert rules.game == game_id
    assert rules.summary["fr"].strip() and rules.summary["en"].strip()
    assert rules.summary["fr"] != rules.summary["en"]
    assert len(rules.sections) >= 5
    for section in rules.sections:
        assert section.title["fr"].strip() and section.title["en"].strip(), section.id
        fr, en = section.paragraphs["fr"], section.paragraphs["en"]
        assert len(fr) == len(en) >= 1, section.id
        assert all(p.strip() for p in (*fr, *en)), section.id
        assert fr != en, section.id  # written in each language, not copied
    for keyword in rules.keywords.values():
        assert keyword.names["fr"] and keyword.names["en"]
        assert any(keyword.id in s.keywords for s in rules.sections), f"keyword {keyword.id} links no section"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_refusals_name_sections_and_real_refusal_codes(game_id: str) -> None:
    game = games.find(game_id)
    rules = load(game)
    assert rules.refusals, "why needs at least a few refusals mapped"
    renderer_source = (ROOT / "companion" / "render" / f"{game.module.rsplit('.', 1)[1]}.py").read_text("utf-8")
    ids = {section.id for section in rules.sections}
    for code, section_id in rules.refusals.items():
        assert section_id in ids
        assert f'"{code}"' in renderer_source, f"{code} is not a refusal code of {game_id}"


def test_mindbug_keywords_are_the_rules_texts_words_and_the_cards_own() -> None:
    game = games.find("mindbug")
    rules = load(game)
    printed = {k for card in game.cards().cards for k in card.traits.keywords}
    assert printed == set(MINDBUG_KEYWORDS)
    for keyword_id, (fr, en) in MINDBUG_KEYWORDS.items():
        assert rules.keywords[keyword_id].names == {"fr": fr, "en": en}


def test_num_x_and_love_letter_and_the_gauntlet_list_their_cards() -> None:
    for game_id, sides in (("num-x", {"actions"}), ("love-letter", {"deck"}), ("gauntlet", {"heroes", "thanos"})):
        rules = load(games.find(game_id))
        assert {s.cards_of for s in rules.sections if s.cards_of} == sides


# --------------------------------------------------------------------------- a corrected file, checked


GOOD = """
game = "gauntlet"
summary = { fr = "Résumé.", en = "Summary." }
[keywords]
stone = { fr = "pierre", en = "stone" }
[refusals]
not_played = "turn"
[[sections]]
id = "turn"
title = { fr = "Le tour", en = "The turn" }
keywords = ["stone"]
fr = ["Un."]
en = ["One."]
"""


def write_rules(tmp_path: Path, text: str, game_id: str = "gauntlet") -> Path:
    path = tmp_path / "config" / rules_file(game_id)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def test_a_corrected_copy_in_the_config_folder_is_read(tmp_path: Path) -> None:
    path = write_rules(tmp_path, GOOD)
    rules = load(games.find("gauntlet"))
    assert rules.path == path
    assert [s.id for s in rules.sections] == ["turn"]


@pytest.mark.parametrize("change,expected", [
    (('en = ["One."]', 'en = ["One.", "Two."]'), "section turn: 1 French paragraphs but 2 English ones"),
    (('en = ["One."]', 'en = [1]'), "section turn: field 'en[0]': expected `str`, got `int`"),
    (('en = ["One."]', 'en = ["One."]\nwords = 3'), "section turn: unknown field 'words'"),
    (('keywords = ["stone"]', 'keywords = ["gem"]'), "section turn: unknown keyword 'gem'"),
    (('keywords = ["stone"]', 'cards = ["hawkeye"]'), "section turn: unknown card 'hawkeye'"),
    (('keywords = ["stone"]', 'cards_of = "villains"'), "section turn: field 'cards_of': unknown side 'villains'"),
    (('id = "turn"', 'id = "Turn!"'), "section Turn!: field 'id': expected `str` matching regex"),
    (('title = { fr = "Le tour", en = "The turn" }', 'title = { fr = "Le tour" }'),
     "section turn: field 'title': object missing required field `en`"),
    (('not_played = "turn"', 'not_played = "fight"'), "refusals: not_played = 'fight' names no section"),
    (('game = "gauntlet"', 'game = "mindbug"'), "is the rules of 'mindbug', not of 'gauntlet'"),
    (('fr = ["Un."]', 'fr = ["Un." '), "is not valid TOML"),
])
def test_a_bad_file_is_refused_naming_the_file_and_the_section(tmp_path: Path, change: tuple[str, str],
                                                                expected: str) -> None:
    old, new = change
    assert old in GOOD
    path = write_rules(tmp_path, GOOD.replace(old, new, 1))
    with pytest.raises(RulesDataError) as caught:
        load(games.find("gauntlet"))
    assert caught.value.path == path
    assert expected in caught.value.problem
    assert str(path) in str(caught.value)


def test_a_missing_rules_file_says_so(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr("companion.rules_data.rules_file", lambda game_id: "rules/none-such.toml")
    with pytest.raises(RulesDataError, match="is missing"):
        load(games.find("gauntlet"))
