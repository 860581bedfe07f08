"""Card data: validated when loaded, a clear error naming the file, forgiving names."""

from __future__ import annotations

import os
import sys
from pathlib import Path

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


@pytest.mark.skipif(sys.platform != "linux", reason="the XDG folders without platformdirs are Linux's only")
@pytest.mark.parametrize("home, xdg", [("/home/ann", None), ("/home/ann/", ""), ("/", None), ("/home/ann", "/xdg/here"),
                                       ("/home/ann", "/xdg/trailing/"), ("relative", "/xdg/here"), ("relative", None),
                                       (None, None), ("/home/ann", "relative/xdg"), ("/home/ann", "  ")])
def test_the_user_folders_found_without_platformdirs_are_platformdirs_own(monkeypatch, home, xdg):
    """``config_dir`` and ``data_dir`` skip importing platformdirs where every version since 3 agrees (issue 34): the
    same folders as its own, and the cases it alone decides are left to it."""
    import platformdirs

    from companion import cards

    monkeypatch.delenv("COMPANION_CONFIG_DIR", raising=False)
    monkeypatch.delenv("COMPANION_DATA_DIR", raising=False)
    for name, value in (("HOME", home), ("XDG_CONFIG_HOME", xdg), ("XDG_DATA_HOME", xdg)):
        if value is None:
            monkeypatch.delenv(name, raising=False)
        else:
            monkeypatch.setenv(name, value)
    found = cards.xdg_user_dir("XDG_CONFIG_HOME", ".config"), cards.xdg_user_dir("XDG_DATA_HOME", ".local/share")
    if (home is not None and home.startswith("/") and not xdg) or (xdg or "").startswith("/"):
        assert found == (platformdirs.user_config_dir("companion"), platformdirs.user_data_dir("companion"))
        assert (cards.config_dir(), cards.data_dir()) == tuple(Path(folder) for folder in found)
    else:
        assert found == (None, None)


def _parses(monkeypatch) -> list[str]:
    """The texts tomllib parses from now on."""
    import tomllib

    parsed: list[str] = []
    real = tomllib.loads
    monkeypatch.setattr(tomllib, "loads", lambda text: parsed.append(text) or real(text))
    return parsed


def test_a_card_file_parsed_once_is_not_parsed_at_the_next_start_unless_its_bytes_changed(tmp_path, monkeypatch):
    """The parse kept in the cache folder between runs (issue 34) is used for the very same bytes only: a corrected
    file of the same size and dates is parsed again."""
    from companion import cards

    parsed = _parses(monkeypatch)
    path = tmp_path / "config" / "gauntlet.toml"
    path.parent.mkdir()
    path.write_bytes((DATA_DIR / "gauntlet.toml").read_bytes())
    first = cards.read_toml(path, "a card file")
    cards._read_toml.cache_clear()  # as a new process finds it
    assert cards.read_toml(path, "a card file") == first and len(parsed) == 1
    assert (tmp_path / "data" / "cache" / "toml" / "gauntlet.toml.msgpack").is_file()
    status = path.stat()
    path.write_bytes(path.read_bytes().replace(b"Thanos", b"THANOS"))  # the referee's correction, same size
    os.utime(path, ns=(status.st_atime_ns, status.st_mtime_ns))
    cards._read_toml.cache_clear()
    corrected = cards.read_toml(path, "a card file")
    assert len(parsed) == 2 and corrected != first and "THANOS" in str(corrected)
    cards._read_toml.cache_clear()
    assert find("gauntlet").cards().path == path and len(parsed) == 2  # the referee's copy wins, its parse kept
    path.unlink()
    assert find("gauntlet").cards().path == DATA_DIR / "gauntlet.toml" and len(parsed) == 3  # other bytes: parsed


def test_a_damaged_kept_parse_or_a_toml_date_is_parsed_again_and_said_the_same(tmp_path, monkeypatch):
    from companion import cards

    parsed = _parses(monkeypatch)
    path = tmp_path / "dated.toml"
    path.write_text('when = 2026-12-02\n[game]\nid = "one"\n', encoding="utf-8")
    for _ in range(2):
        cards._read_toml.cache_clear()
        assert cards.read_toml(path, "a rules file")[1]["when"].isoformat() == "2026-12-02"
    assert len(parsed) == 2  # a date comes back from msgpack as text: never kept
    path.write_text('[game]\nid = "one"\n', encoding="utf-8")
    kept = tmp_path / "data" / "cache" / "toml" / "dated.toml.msgpack"
    cards._read_toml.cache_clear()
    cards.read_toml(path, "a rules file")
    kept.write_bytes(kept.read_bytes()[:-3])
    cards._read_toml.cache_clear()
    assert cards.read_toml(path, "a rules file") == (None, {"game": {"id": "one"}}) and len(parsed) == 4
    path.write_text('[game\n', encoding="utf-8")
    cards._read_toml.cache_clear()
    problem, content = cards.read_toml(path, "a rules file")
    assert problem is not None and problem.startswith("is not valid TOML (") and content == {}
    assert [name for name in os.listdir(kept.parent) if name.endswith(".tmp")] == []
