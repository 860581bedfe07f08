"""Every game's rules as data (companion/data/rules/<game-id>.toml): both languages, same sections, checked files."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion import registry
from companion.registry import Game
from companion.rules_data import RulesDataError, load, rules_file
from conftest import make_session, run_lines

ROOT = Path(__file__).resolve().parent.parent
GAME_IDS = [game.id for game in registry.GAMES]
#: The rules text's own names of Mindbug's keywords (shared/rules/mindbug.txt), and their English.
MINDBUG_KEYWORDS = {"hunter": ("Chasseur", "Hunter"), "sneaky": ("Furtif", "Sneaky"),
                    "poisonous": ("Toxique", "Poisonous"), "tough": ("Robuste", "Tough"),
                    "frenzy": ("Frénésie", "Frenzy")}


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_game_has_rules_in_both_languages_with_the_same_sections(game_id: str) -> None:
    rules = load(registry.find(game_id))
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
    game = registry.find(game_id)
    rules = load(game)
    assert rules.refusals, "why needs at least a few refusals mapped"
    render = ROOT / "companion" / "render"
    # The game's own sentences, and the shared ones (unknown_card, game_over…) every game may say.
    renderer_source = ((render / f"{game.module.rsplit('.', 1)[1]}.py").read_text("utf-8")
                       + (render / "__init__.py").read_text("utf-8"))
    ids = {section.id for section in rules.sections}
    for code, section_id in rules.refusals.items():
        assert section_id in ids
        assert f'"{code}"' in renderer_source, f"{code} is not a refusal code of {game_id}"


def rules_core_codes(game: Game) -> set[str]:
    """Every refusal code ``game``'s rules core can raise, read from its source as test_conformance.py reads them.

    ``RuleError("code", …)``, and Num-X's ``Refusal("code", …)`` (a refusal built before it is raised); then what
    every rules core shares (companion/games/base.py): ``game_over`` (``apply_handler``), ``unknown_card`` (a card
    the rules do not know, and the shared ``card`` verb), and ``unknown_player`` where the core checks a seat.
    ``unknown_command`` is no rule: ``why`` answers it with what can be typed now.
    """
    source = (ROOT / "companion" / "games" / f"{game.module.rsplit('.', 1)[1]}.py").read_text("utf-8")
    codes = set(re.findall(r'\b(?:RuleError|Refusal)\(\s*"(\w+)"', source)) | {"game_over", "unknown_card"}
    if "check_seat(" in source:
        codes.add("unknown_player")
    return codes - {"unknown_command"}


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_refusal_code_of_the_rules_core_is_mapped_to_a_section(game_id: str) -> None:
    """``why`` after any refusal of the rules reads the rule behind it, never only the help line."""
    game = registry.find(game_id)
    codes = rules_core_codes(game)
    assert len(codes) > 10, codes  # the regex still reads the source
    missing = sorted(codes - set(load(game).refusals))
    assert not missing, f"{game_id}: map these refusal codes in {rules_file(game_id)} [refusals]: {missing}"


def test_the_rules_core_codes_are_read_from_the_source() -> None:
    assert {"turn_full", "does_not_fit", "joker_value", "game_over", "unknown_card"} <= rules_core_codes(
        registry.find("num-x"))  # RuleError and Refusal both
    assert "unknown_player" in rules_core_codes(registry.find("gauntlet"))  # check_seat
    assert "unknown_player" not in rules_core_codes(registry.find("num-x"))  # no player is ever typed
    assert "unknown_command" not in rules_core_codes(registry.find("love-letter"))


# --------------------------------------------------------------------------- why, in a game, on a refusal mapped now


@pytest.mark.parametrize("game_id,lang,options,lines,code,heading", [
    ("gauntlet", "en", {}, "play hulk", "wrong_side", "Section 4 of 13, The turn."),
    ("love-letter", "fr", {"players": 2}, "écartées garde garde", "aside_count", "Section 2 sur 7, Mise en place."),
    ("mindbug", "en", {}, "play bee bear\nno mindbug\nplay bee bear", "all_seen", "Section 2 of 8, Set-up."),
    ("the-void", "fr", {}, "joue 12", "no_such_rank", "Section 2 sur 8, Mise en place."),
    ("num-x", "en", {}, "play red 7 pile 2\nplay red 6 pile 2 up", "does_not_fit", "Section 4 of 9, The turn."),
])
def test_why_reads_the_section_of_a_refusal_that_was_not_mapped(game_id: str, lang: str, options: dict[str, int],
                                                                 lines: str, code: str, heading: str) -> None:
    session, recorder = make_session(game_id, lang, **options)
    session.start()
    run_lines(session, recorder, lines)
    assert [u.fields.get("code") for u in recorder.events("error")] == [code]
    why = run_lines(session, recorder, "pourquoi" if lang == "fr" else "why")
    assert why[0] == ("La règle qui explique ce refus :" if lang == "fr" else "The rule behind that refusal:")
    assert why[1] == heading
    assert {u.fields.get("code") for u in recorder.utterances} == {code}
    rules = load(registry.find(game_id))
    assert why[2:] == list(rules.section(rules.refusals[code]).paragraphs[lang])


def test_mindbug_keywords_are_the_rules_texts_words_and_the_cards_own() -> None:
    game = registry.find("mindbug")
    rules = load(game)
    printed = {k for card in game.cards().cards for k in card.traits.keywords}
    assert printed == set(MINDBUG_KEYWORDS)
    for keyword_id, (fr, en) in MINDBUG_KEYWORDS.items():
        assert rules.keywords[keyword_id].names == {"fr": fr, "en": en}


def test_num_x_and_love_letter_and_the_gauntlet_list_their_cards() -> None:
    for game_id, sides in (("num-x", {"actions"}), ("love-letter", {"deck"}), ("gauntlet", {"heroes", "thanos"})):
        rules = load(registry.find(game_id))
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
    rules = load(registry.find("gauntlet"))
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
        load(registry.find("gauntlet"))
    assert caught.value.path == path
    assert expected in caught.value.problem
    assert str(path) in str(caught.value)


def test_a_missing_rules_file_says_so(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr("companion.rules_data.rules_file", lambda game_id: "rules/none-such.toml")
    with pytest.raises(RulesDataError, match="is missing"):
        load(registry.find("gauntlet"))
