"""Mindbug's card data (companion/data/mindbug.toml): complete, well-formed, and as the reference says.

Read with tomllib only: the rules core that will interpret the effects does not exist yet,
so the effect vocabulary is declared here once, as the schema the file must follow.
"""

from __future__ import annotations

import re
import tomllib
import unicodedata
from collections import Counter
from pathlib import Path
from typing import Any, Callable

import pytest

DATA = Path(__file__).resolve().parents[1] / "companion" / "data" / "mindbug.toml"
TEXT = DATA.read_text(encoding="utf-8")
RAW = tomllib.loads(TEXT)
CARDS: list[dict[str, Any]] = RAW["cards"]
BY_ID = {card["id"]: card for card in CARDS}
HEADER = TEXT.split("[game]", 1)[0]

KEYWORDS = {"hunter", "sneaky", "poisonous", "tough", "frenzy"}
TRIGGERS = {"play", "attack", "defeated", "passive", "none"}
CONDITIONS = {"alone", "fewer_creatures"}

# ---------------------------------------------------------------- the effect vocabulary (the schema)

Check = Callable[[Any], bool]


def one_of(*values: str) -> Check:
    return lambda value: isinstance(value, str) and value in values


def positive(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 1


def nonzero(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value != 0


def boolean(value: Any) -> bool:
    return isinstance(value, bool)


def count(value: Any) -> bool:
    return positive(value) or value == "all"


def keyword_list(value: Any) -> bool:
    return isinstance(value, list) and bool(value) and len(set(value)) == len(value) and set(value) <= KEYWORDS


def power_filter(value: Any) -> bool:
    if not isinstance(value, dict) or not value or not set(value) <= {"power_min", "power_max", "basis"}:
        return False
    bounds = [value[key] for key in ("power_min", "power_max") if key in value]
    return bool(bounds) and all(positive(b) for b in bounds) and value.get("basis", "current") in {"current", "printed"}


def life_value(value: Any) -> bool:
    return positive(value) or value == "opponent_life"


REQUIRED, OPTIONAL = True, False
ONE_SHOT, PASSIVE = frozenset({"play", "attack", "defeated"}), frozenset({"passive"})

#: verb → (the triggers it may have, {field: (required, check)}). `when`, `do` and `condition` are common to all.
VERBS: dict[str, tuple[frozenset[str], dict[str, tuple[bool, Check]]]] = {
    "defeat": (ONE_SHOT, {
        "target": (REQUIRED, one_of("enemy_creature", "any_creature")),
        "filter": (OPTIONAL, power_filter),
        "count": (REQUIRED, count),
        "chooser": (REQUIRED, one_of("self", "none")),
        "up_to": (OPTIONAL, boolean),
    }),
    "take_control": (ONE_SHOT, {
        "target": (REQUIRED, one_of("enemy_creature")),
        "filter": (OPTIONAL, power_filter),
        "count": (REQUIRED, count),
        "chooser": (REQUIRED, one_of("self")),
        "up_to": (OPTIONAL, boolean),
    }),
    "gain_life": (ONE_SHOT, {"player": (REQUIRED, one_of("self")), "amount": (REQUIRED, positive)}),
    "lose_life": (ONE_SHOT, {"player": (REQUIRED, one_of("opponent")), "amount": (REQUIRED, positive)}),
    "set_life": (ONE_SHOT, {"player": (REQUIRED, one_of("self", "opponent")), "to": (REQUIRED, life_value)}),
    "move_cards": (ONE_SHOT, {
        "source": (REQUIRED, one_of("opponent_hand", "own_discard")),
        "destination": (REQUIRED, one_of("own_hand", "opponent_discard")),
        "count": (REQUIRED, count),
        "chooser": (REQUIRED, one_of("opponent", "random", "none")),
        "named_by": (REQUIRED, one_of("self", "opponent", "none")),
    }),
    "play_from_discard": (ONE_SHOT, {
        "source": (REQUIRED, one_of("own_discard", "opponent_discard")),
        "count": (REQUIRED, positive),
        "chooser": (REQUIRED, one_of("self")),
        "play_effect": (REQUIRED, boolean),
        "mindbug": (REQUIRED, boolean),
    }),
    "power_bonus": (PASSIVE, {
        "amount": (REQUIRED, nonzero),
        "applies_to": (REQUIRED, one_of("self", "allies")),
        "during": (REQUIRED, one_of("always", "own_turn")),
    }),
    "grant_keyword": (PASSIVE, {
        "keywords": (REQUIRED, keyword_list),
        "applies_to": (REQUIRED, one_of("self", "allies")),
        "filter": (OPTIONAL, power_filter),
    }),
    "copy_keywords": (PASSIVE, {
        "keywords": (REQUIRED, keyword_list),
        "source": (REQUIRED, one_of("enemies")),
        "applies_to": (REQUIRED, one_of("self")),
    }),
    "block_restriction": (PASSIVE, {
        "applies_to": (REQUIRED, one_of("self", "own_creatures")),
        "filter": (REQUIRED, power_filter),
        "hunter_overrides": (REQUIRED, boolean),
    }),
    "cancel_play_effects": (PASSIVE, {"player": (REQUIRED, one_of("opponent"))}),
}
COMMON = {"when": (REQUIRED, one_of(*ONE_SHOT, *PASSIVE)), "do": (REQUIRED, one_of(*VERBS)),
          "condition": (OPTIONAL, one_of(*CONDITIONS))}

# ---------------------------------------------------------------- the reference's table (shared/reference/mindbug.md §5)

#: id → (English name, French name, power, copies, keywords, trigger)
REFERENCE: dict[str, tuple[str, str, int, int, set[str], str]] = {
    "axolotl-healer": ("Axolotl Healer", "Dr Axolotl", 4, 2, {"poisonous"}, "play"),
    "bee-bear": ("Bee Bear", "Oursabeille", 8, 1, set(), "passive"),
    "brain-fly": ("Brain Fly", "Neuromouche", 4, 1, set(), "play"),
    "chameleon-sniper": ("Chameleon Sniper", "Reptireur d'élite", 1, 1, {"sneaky"}, "attack"),
    "compost-dragon": ("Compost Dragon", "Dracompost", 3, 2, {"hunter"}, "play"),
    "deathweaver": ("Deathweaver", "Veuve noire", 2, 1, {"poisonous"}, "passive"),
    "elephantopus": ("Elephantopus", "Pachypoulpe", 7, 1, {"tough"}, "passive"),
    "explosive-toad": ("Explosive Toad", "Crapaud bombe", 5, 2, {"frenzy"}, "defeated"),
    "ferret-bomber": ("Ferret Bomber", "Furet saboteur", 2, 2, {"sneaky"}, "play"),
    "giraffodile": ("Giraffodile", "Giraffodile", 7, 1, set(), "play"),
    "goblin-werewolf": ("Goblin Werewolf", "Goblin-Garou", 2, 2, {"hunter"}, "passive"),
    "gorillion": ("Gorillion", "Gorillion", 10, 1, set(), "none"),
    "grave-robber": ("Grave Robber", "Pilleur de tombes", 7, 2, {"tough"}, "play"),
    "harpy-mother": ("Harpy Mother", "Mamie Harpie", 5, 1, set(), "defeated"),
    "kangasaurus-rex": ("Kangasaurus Rex", "Kangousaurus Rex", 7, 2, set(), "play"),
    "killer-bee": ("Killer Bee", "Abeille tueuse", 5, 2, {"hunter"}, "play"),
    "lone-yeti": ("Lone Yeti", "Yéti solitaire", 5, 1, {"tough"}, "passive"),
    "luchataur": ("Luchataur", "Gladiataure", 9, 2, {"frenzy"}, "none"),
    "mysterious-mermaid": ("Mysterious Mermaid", "Sirène mystérieuse", 7, 1, set(), "play"),
    "plated-scorpion": ("Plated Scorpion", "Scorpion blindé", 2, 2, {"poisonous", "tough"}, "none"),
    "rhino-turtle": ("Rhino Turtle", "Rhino Tortue", 8, 2, {"frenzy", "tough"}, "none"),
    "shark-dog": ("Shark Dog", "Requin Toutou", 4, 1, {"hunter"}, "attack"),
    "sharky-crab-dog-mummypus": ("Sharky Crab-Dog-Mummypus", "Requin Crabe Chien Momie Pieuvre", 5, 1, set(), "passive"),
    "shield-bugs": ("Shield Bugs", "Scarabouclier", 4, 2, {"tough"}, "passive"),
    "snail-hydra": ("Snail Hydra", "Hydrescargot", 9, 2, set(), "attack"),
    "snail-thrower": ("Snail Thrower", "Lanceur d'escargots", 1, 1, {"poisonous"}, "passive"),
    "spider-owl": ("Spider Owl", "Arachnibou", 3, 2, {"sneaky", "poisonous"}, "none"),
    "strange-barrel": ("Strange Barrel", "Baril étrange", 6, 1, set(), "defeated"),
    "tiger-squirrel": ("Tiger Squirrel", "Tigrécureuil", 3, 2, {"sneaky"}, "play"),
    "turbo-bug": ("Turbo Bug", "Turboustique", 4, 1, set(), "attack"),
    "tusked-extorter": ("Tusked Extorter", "Huissiéléphant", 8, 2, set(), "attack"),
    "urchin-hurler": ("Urchin Hurler", "Oursins hurleurs", 5, 1, {"hunter"}, "passive"),
}

#: Cards whose reference entry marks a point as open or as a sourced disagreement: they carry a note.
NOTED = {"axolotl-healer", "brain-fly", "compost-dragon", "grave-robber", "elephantopus", "ferret-bomber",
         "tusked-extorter", "snail-thrower", "lone-yeti", "sharky-crab-dog-mummypus"}


def effects(card_id: str) -> list[dict[str, Any]]:
    return BY_ID[card_id].get("effects", [])


def only_effect(card_id: str) -> dict[str, Any]:
    found = effects(card_id)
    assert len(found) == 1, f"{card_id}: expected one effect, found {len(found)}"
    return found[0]


def triggers_of(card: dict[str, Any]) -> list[str]:
    return card["triggers"] if "triggers" in card else [card["trigger"]]


def normalize(text: str) -> str:
    """As the companion matches names: case, accents, punctuation and spaces do not count."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return re.sub(r"[^0-9a-z]+", "", "".join(ch for ch in decomposed if not unicodedata.combining(ch)))


# ---------------------------------------------------------------- the file as a whole


def test_game_and_side():
    assert RAW["game"]["id"] == "mindbug"
    assert RAW["game"]["name"]["fr"] and RAW["game"]["name"]["en"]
    assert list(RAW["sides"]) == ["creatures"]
    assert RAW["sides"]["creatures"]["name"]["fr"] and RAW["sides"]["creatures"]["name"]["en"]
    assert {card["side"] for card in CARDS} == {"creatures"}


def test_32_designs_48_cards_16_single_16_double():
    assert len(CARDS) == 32
    assert sum(card["copies"] for card in CARDS) == 48
    assert Counter(card["copies"] for card in CARDS) == {1: 16, 2: 16}


def test_ids_are_unique_and_well_formed():
    ids = [card["id"] for card in CARDS]
    assert len(set(ids)) == len(ids)
    assert all(re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", card_id) for card_id in ids)
    assert set(ids) == set(REFERENCE)


@pytest.mark.parametrize("card", CARDS, ids=lambda card: card["id"])
def test_every_card_has_both_names_and_effect_texts(card):
    for field in ("name", "effect"):
        assert isinstance(card[field]["fr"], str) and card[field]["fr"].strip()
        assert isinstance(card[field]["en"], str) and card[field]["en"].strip()
    assert isinstance(card.get("aliases", []), list)
    assert all(isinstance(alias, str) and alias.strip() for alias in card.get("aliases", []))
    if "note" in card:
        assert card["note"]["fr"].strip() and card["note"]["en"].strip()


def test_names_and_aliases_name_one_card_each():
    owner: dict[str, str] = {}
    for card in CARDS:
        for key in {normalize(k) for k in [card["id"], *card["name"].values(), *card.get("aliases", [])]}:
            assert owner.setdefault(key, card["id"]) == card["id"], f"{key!r} names {owner[key]} and {card['id']}"


@pytest.mark.parametrize("card_id", sorted(REFERENCE))
def test_each_card_matches_the_reference_table(card_id):
    en, fr, power, copies, keywords, trigger = REFERENCE[card_id]
    card = BY_ID[card_id]
    assert (card["name"]["en"], card["name"]["fr"], card["value"], card["copies"]) == (en, fr, power, copies)
    assert set(card["keywords"]) == keywords and len(card["keywords"]) == len(keywords)
    assert triggers_of(card) == [trigger]


@pytest.mark.parametrize("card", CARDS, ids=lambda card: card["id"])
def test_keywords_and_trigger_are_in_their_sets(card):
    assert isinstance(card["keywords"], list) and set(card["keywords"]) <= KEYWORDS
    assert ("trigger" in card) != ("triggers" in card), "write trigger, or triggers for two kinds, not both"
    found = triggers_of(card)
    assert found and set(found) <= TRIGGERS and len(set(found)) == len(found)
    assert "none" not in found or found == ["none"]


@pytest.mark.parametrize("card", CARDS, ids=lambda card: card["id"])
def test_effects_follow_the_trigger(card):
    found = card.get("effects", [])
    kinds = triggers_of(card)
    if kinds == ["none"]:
        assert found == [], "a creature with no ability has no effects"
        return
    assert found, "every ability is expressed as structured effects, not prose only"
    assert {effect["when"] for effect in found} == set(kinds)


def effect_problems(effect: dict[str, Any]) -> list[str]:
    verb = effect.get("do")
    if verb not in VERBS:
        return [f"unknown verb {verb!r}"]
    whens, fields = VERBS[verb]
    schema = {**COMMON, **fields}
    problems = [f"unknown field {key!r}" for key in effect if key not in schema]
    problems += [f"missing {key!r}" for key, (required, _) in schema.items() if required and key not in effect]
    problems += [f"bad {key} = {effect[key]!r}" for key, (_, check) in schema.items() if key in effect and not check(effect[key])]
    if effect.get("when") not in whens:
        problems.append(f"{verb} cannot happen when {effect.get('when')!r}")
    if "count" in effect and "chooser" in effect and (effect["count"] == "all") != (effect["chooser"] == "none"):
        problems.append("count 'all' goes with chooser 'none', and only with it")
    return problems


@pytest.mark.parametrize("card", [c for c in CARDS if c.get("effects")], ids=lambda card: card["id"])
def test_every_effect_uses_the_vocabulary(card):
    for effect in card["effects"]:
        assert effect_problems(effect) == [], f"{card['id']}: {effect}"


def test_the_schema_catches_mistakes():
    assert effect_problems({"when": "play", "do": "gain_life", "player": "self", "amount": 2}) == []
    assert effect_problems({"when": "play", "do": "heal"}) == ["unknown verb 'heal'"]
    assert "missing 'amount'" in effect_problems({"when": "play", "do": "gain_life", "player": "self"})
    assert "unknown field 'amout'" in effect_problems({"when": "play", "do": "gain_life", "player": "self", "amount": 2,
                                                       "amout": 2})
    assert "power_bonus cannot happen when 'play'" in effect_problems(
        {"when": "play", "do": "power_bonus", "amount": 1, "applies_to": "self", "during": "always"})
    assert any(p.startswith("bad filter") for p in effect_problems(
        {"when": "play", "do": "defeat", "target": "enemy_creature", "filter": {"power": 3}, "count": 1, "chooser": "self"}))


def test_every_verb_is_used_and_documented():
    used = {effect["do"] for card in CARDS for effect in card.get("effects", [])}
    assert used == set(VERBS)
    for verb, (_, fields) in VERBS.items():
        assert f'do = "{verb}"' in HEADER, f"verb {verb} is not documented at the top of the file"
        for field in fields:
            assert re.search(rf"^#\s+(.*\b)?{field} = ", HEADER, re.M), f"field {field} is not documented"
    for field in COMMON:
        assert re.search(rf"^#\s+{field} = ", HEADER, re.M), f"field {field} is not documented"
    for field in ("keywords", "trigger", "power_min", "power_max", "basis"):
        assert re.search(rf"^#\s+{field} = ", HEADER, re.M), f"field {field} is not documented"


def test_the_french_texts_use_the_rules_keyword_names():
    french = {"hunter": "Chasseur", "sneaky": "Furtif", "poisonous": "Toxique", "tough": "Robuste", "frenzy": "Frénésie"}
    for card in CARDS:
        for effect in card.get("effects", []):
            for keyword in effect.get("keywords", []):
                assert french[keyword] in card["effect"]["fr"], card["id"]
                assert keyword.capitalize() in card["effect"]["en"], card["id"]
    text = " ".join(card["effect"]["fr"] for card in CARDS)
    for other in ("Venimeux", "Furie", "Coriace", "Tenace"):
        assert other not in text


def test_open_points_carry_a_note_in_both_languages():
    for card_id in NOTED:
        note = BY_ID[card_id].get("note")
        assert note and note["fr"].strip() and note["en"].strip(), card_id


def test_creatures_without_ability():
    for card_id in ("gorillion", "luchataur", "plated-scorpion", "rhino-turtle", "spider-owl"):
        assert triggers_of(BY_ID[card_id]) == ["none"] and effects(card_id) == []


# ---------------------------------------------------------------- effects with choices, creature by creature


def test_defeat_effects():
    assert only_effect("shark-dog") == {"when": "attack", "do": "defeat", "target": "enemy_creature",
                                        "filter": {"power_min": 6}, "count": 1, "chooser": "self"}
    assert only_effect("tiger-squirrel") == {"when": "play", "do": "defeat", "target": "enemy_creature",
                                             "filter": {"power_min": 7}, "count": 1, "chooser": "self"}
    assert only_effect("explosive-toad") == {"when": "defeated", "do": "defeat", "target": "any_creature",
                                             "count": 1, "chooser": "self"}
    assert only_effect("snail-hydra") == {"when": "attack", "do": "defeat", "condition": "fewer_creatures",
                                          "target": "any_creature", "count": 1, "chooser": "self"}
    assert only_effect("kangasaurus-rex") == {"when": "play", "do": "defeat", "target": "enemy_creature",
                                              "filter": {"power_max": 4}, "count": "all", "chooser": "none"}


def test_take_control_effects():
    assert only_effect("brain-fly") == {"when": "play", "do": "take_control", "target": "enemy_creature",
                                        "filter": {"power_min": 6}, "count": 1, "chooser": "self"}
    assert only_effect("harpy-mother") == {"when": "defeated", "do": "take_control", "target": "enemy_creature",
                                           "filter": {"power_max": 5}, "count": 2, "chooser": "self", "up_to": True}


def test_life_effects():
    assert only_effect("axolotl-healer") == {"when": "play", "do": "gain_life", "player": "self", "amount": 2}
    assert only_effect("killer-bee") == {"when": "play", "do": "lose_life", "player": "opponent", "amount": 1}
    assert only_effect("chameleon-sniper") == {"when": "attack", "do": "lose_life", "player": "opponent", "amount": 1}
    assert only_effect("mysterious-mermaid") == {"when": "play", "do": "set_life", "player": "self", "to": "opponent_life"}
    assert only_effect("turbo-bug") == {"when": "attack", "do": "set_life", "player": "opponent", "to": 1}


def test_hand_and_discard_effects():
    victim_discards = {"source": "opponent_hand", "destination": "opponent_discard", "chooser": "opponent",
                       "named_by": "opponent"}
    assert only_effect("ferret-bomber") == {"when": "play", "do": "move_cards", "count": 2, **victim_discards}
    assert only_effect("tusked-extorter") == {"when": "attack", "do": "move_cards", "count": 1, **victim_discards}
    assert only_effect("strange-barrel") == {"when": "defeated", "do": "move_cards", "source": "opponent_hand",
                                             "destination": "own_hand", "count": 2, "chooser": "random", "named_by": "self"}
    assert only_effect("giraffodile") == {"when": "play", "do": "move_cards", "source": "own_discard",
                                          "destination": "own_hand", "count": "all", "chooser": "none", "named_by": "none"}


def test_play_from_discard_effects():
    common = {"when": "play", "do": "play_from_discard", "count": 1, "chooser": "self", "play_effect": True, "mindbug": False}
    assert only_effect("compost-dragon") == {**common, "source": "own_discard"}
    assert only_effect("grave-robber") == {**common, "source": "opponent_discard"}


# ---------------------------------------------------------------- passive effects and keyword grants


def test_power_bonuses():
    assert only_effect("goblin-werewolf") == {"when": "passive", "do": "power_bonus", "amount": 6,
                                              "applies_to": "self", "during": "own_turn"}
    assert only_effect("urchin-hurler") == {"when": "passive", "do": "power_bonus", "amount": 2,
                                            "applies_to": "allies", "during": "own_turn"}
    assert only_effect("shield-bugs") == {"when": "passive", "do": "power_bonus", "amount": 1,
                                          "applies_to": "allies", "during": "always"}


def test_lone_yeti_alone_has_five_more_power_and_frenzy():
    assert effects("lone-yeti") == [
        {"when": "passive", "do": "power_bonus", "condition": "alone", "amount": 5, "applies_to": "self", "during": "always"},
        {"when": "passive", "do": "grant_keyword", "condition": "alone", "keywords": ["frenzy"], "applies_to": "self"},
    ]
    assert "frenzy" not in BY_ID["lone-yeti"]["keywords"]


def test_snail_thrower_gives_hunter_and_poisonous_to_its_small_allies():
    effect = only_effect("snail-thrower")
    assert (effect["do"], effect["applies_to"], set(effect["keywords"])) == ("grant_keyword", "allies", {"hunter", "poisonous"})
    assert effect["filter"] == {"power_max": 4, "basis": "current"}


def test_sharky_copies_every_enemy_keyword_but_tough():
    effect = only_effect("sharky-crab-dog-mummypus")
    assert (effect["do"], effect["source"], effect["applies_to"]) == ("copy_keywords", "enemies", "self")
    assert set(effect["keywords"]) == KEYWORDS - {"tough"}
    assert BY_ID["sharky-crab-dog-mummypus"]["keywords"] == []


def test_block_restrictions():
    assert only_effect("bee-bear") == {"when": "passive", "do": "block_restriction", "applies_to": "self",
                                       "filter": {"power_max": 6}, "hunter_overrides": True}
    assert only_effect("elephantopus") == {"when": "passive", "do": "block_restriction", "applies_to": "own_creatures",
                                           "filter": {"power_max": 4}, "hunter_overrides": True}


def test_deathweaver_cancels_the_opponents_play_effects():
    assert only_effect("deathweaver") == {"when": "passive", "do": "cancel_play_effects", "player": "opponent"}
