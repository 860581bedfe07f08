"""``companion saves [GAME]``: the saved games listed newest first, one line each, and deleting them.

The save files are real ones: games played through a Session writing its
journal (as ``companion play`` does), and one made by ``companion play`` itself.
"""

from __future__ import annotations

import datetime as dt
import os
import subprocess
import sys
from pathlib import Path

import pytest

from companion import cli, journal
from companion.announce import Announcer
from companion.registry import find
from companion.games.base import options_to_json
from companion.render import Settings
from companion.session import open_session

COMPANION = [sys.executable, "-m", "companion"]

#: A 3-player Gauntlet game with names, two turns played.
GAUNTLET_LINES = ["play proxima", "next", "play hulk", "fight 3 5", "defeat hero 1 thor"]
#: A 2-player Gauntlet game that the heroes win at once: Thanos loses his 4 lives.
WON_LINES = ["defeat thanos ebony maw", "defeat thanos proxima", "defeat thanos black dwarf", "defeat thanos corvus"]


def make_save(path: Path, game_id: str, lines: list[str], *, when: dt.datetime | None = None, lang: str = "en",
              **options) -> Path:
    """A save file as ``companion play`` writes it: each accepted line is in the journal before it is applied."""
    game = find(game_id)
    opts = game.rules.options_type(**options)
    display = {o.name: o.default for o in game.spec.options if o.scope == "display"}
    saved = journal.Journal.create(path, game.id, options_to_json(opts), {"lang": lang, "verbosity": "full", **display})
    session = open_session(game, opts, Settings(lang, "full", display), Announcer(), saved)
    try:
        for line in lines:
            session.handle(line)
    finally:
        session.close()
    if when is not None:
        os.utime(path, (when.timestamp(), when.timestamp()))
    return path


def at(day: int, hour: int = 14) -> dt.datetime:
    return dt.datetime(2026, 3, day, hour, 30)


@pytest.fixture
def folder() -> Path:
    path = journal.saves_folder()
    path.mkdir(parents=True)
    return path


@pytest.fixture
def table(folder: Path) -> Path:
    """Five saves: two Gauntlet games (one finished), a Love Letter game with no move, a damaged file, a foreign game."""
    make_save(folder / "gauntlet_zoe.jsonl", "gauntlet", GAUNTLET_LINES, when=at(5), players=3,
              names=("Zoe", "Alice", "Bruno"))
    make_save(folder / "gauntlet_won.jsonl", "gauntlet", WON_LINES, when=at(4), players=2)
    make_save(folder / "love-letter_new.jsonl", "love-letter", [], when=at(3), players=3, names=("Ana", "Bruno", "Chloé"))
    (folder / "broken.jsonl").write_text("this is not a save file\n", encoding="utf-8")
    os.utime(folder / "broken.jsonl", (at(2).timestamp(), at(2).timestamp()))
    (folder / "chess_1.jsonl").write_text('{"format":"companion-journal","version":1,"game":"chess"}\n{"cmd":"move"}\n',
                                          encoding="utf-8")
    os.utime(folder / "chess_1.jsonl", (at(1).timestamp(), at(1).timestamp()))
    (folder / "notes.txt").write_text("not listed: not a .jsonl file\n", encoding="utf-8")
    return folder


def saves(capsys, *args: str) -> tuple[int, list[str], list[str]]:
    status = cli.main(["saves", *args])
    captured = capsys.readouterr()
    return status, captured.out.splitlines(), captured.err.splitlines()


# --------------------------------------------------------------------------- listing


def test_every_save_is_listed_newest_first_in_english(table, capsys):
    status, out, err = saves(capsys, "--lang", "en")
    assert status == 0 and err == []
    assert out == [
        f"5 saved games, newest first, in {table}:",
        "Infinity Gauntlet, Zoe, Alice and Bruno, turn 2, not finished, 2026-03-05 14:30: gauntlet_zoe.jsonl",
        "Infinity Gauntlet, 2 players, turn 1, finished, 2026-03-04 14:30: gauntlet_won.jsonl",
        "Love Letter, Ana, Bruno and Chloé, round 1, not started, 2026-03-03 14:30: love-letter_new.jsonl",
        "Cannot be read (not a save file), 2026-03-02 14:30: broken.jsonl",
        "Cannot be read (a game this companion does not know: chess), 2026-03-01 14:30: chess_1.jsonl",
    ]


def test_every_save_is_listed_newest_first_in_french(table, capsys):
    status, out, _ = saves(capsys, "--lang", "fr")
    assert status == 0
    assert out == [
        f"5 parties sauvegardées, la plus récente d'abord, dans {table} :",
        "Le Gant d'Infinité, Zoe, Alice et Bruno, tour 2, pas finie, 2026-03-05 14:30 : gauntlet_zoe.jsonl",
        "Le Gant d'Infinité, 2 joueurs, tour 1, finie, 2026-03-04 14:30 : gauntlet_won.jsonl",
        "Love Letter, Ana, Bruno et Chloé, manche 1, pas commencée, 2026-03-03 14:30 : love-letter_new.jsonl",
        "Illisible (pas une sauvegarde), 2026-03-02 14:30 : broken.jsonl",
        "Illisible (un jeu que ce compagnon ne connaît pas : chess), 2026-03-01 14:30 : chess_1.jsonl",
    ]


def test_one_game_only_by_its_id_or_alias(table, capsys):
    status, out, _ = saves(capsys, "gant", "--lang", "en")
    assert status == 0
    assert out == [
        f"2 saved games of Infinity Gauntlet, newest first, in {table}:",
        "Infinity Gauntlet, Zoe, Alice and Bruno, turn 2, not finished, 2026-03-05 14:30: gauntlet_zoe.jsonl",
        "Infinity Gauntlet, 2 players, turn 1, finished, 2026-03-04 14:30: gauntlet_won.jsonl",
    ]


def test_an_unknown_game_is_bad_input(table, capsys):
    with pytest.raises(SystemExit) as stopped:
        cli.main(["saves", "chess", "--lang", "en"])
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("Unknown game: chess. Games: gauntlet, love-letter") and err.count("\n") == 1


def test_no_save_at_all(capsys):
    folder = journal.saves_folder()
    assert saves(capsys, "--lang", "en") == (0, [f"No saved game in {folder}."], [])
    assert saves(capsys, "love-letter", "--lang", "fr") == (0, [f"Aucune partie sauvegardée de Love Letter dans {folder}."], [])


def test_a_damaged_line_is_counted_never_a_traceback(folder, capsys):
    path = make_save(folder / "gauntlet_cut.jsonl", "gauntlet", ["play proxima", "next"], when=at(6), players=3)
    with path.open("a", encoding="utf-8") as handle:
        handle.write('{"cmd": "play", "card": \n{"cmd":"next","oops":[1,\n')
    os.utime(path, (at(6).timestamp(), at(6).timestamp()))
    status, out, err = saves(capsys, "--lang", "en")
    assert status == 0 and err == []
    assert out[1] == "Infinity Gauntlet, 3 players, turn 2, not finished, 2 lines skipped, 2026-03-06 14:30: gauntlet_cut.jsonl"


def test_a_save_in_use_says_so(table, capsys):
    held, _ = journal.Journal.resume(table / "gauntlet_zoe.jsonl")
    try:
        _, out, _ = saves(capsys, "gauntlet", "--lang", "en")
        assert out[1] == ("Infinity Gauntlet, Zoe, Alice and Bruno, turn 2, not finished, open in another companion now, "
                          "2026-03-05 14:30: gauntlet_zoe.jsonl")
        _, out, _ = saves(capsys, "gauntlet", "--lang", "fr")
        assert out[1] == ("Le Gant d'Infinité, Zoe, Alice et Bruno, tour 2, pas finie, ouverte en ce moment dans un autre "
                          "compagnon, 2026-03-05 14:30 : gauntlet_zoe.jsonl")
    finally:
        held.close()


def test_an_autosave_of_companion_play_is_listed(tmp_path):
    env = dict(os.environ)
    played = subprocess.run(COMPANION + ["play", "gauntlet", "--lang", "en", "--names", "Zoe", "Alice"],
                            input="play proxima\nnext\n", capture_output=True, text=True, env=env, timeout=60)
    assert played.returncode == 0, played.stderr
    listed = subprocess.run(COMPANION + ["saves", "--lang", "en"], capture_output=True, text=True, env=env, timeout=60)
    assert listed.returncode == 0 and listed.stderr == ""
    lines = listed.stdout.splitlines()
    assert lines[0] == f"1 saved game, newest first, in {journal.saves_folder()}:"
    assert lines[1].startswith("Infinity Gauntlet, Zoe and Alice, turn 2, not finished, ")
    assert lines[1].split(": ")[-1].startswith("gauntlet_") and lines[1].endswith(".jsonl")


# --------------------------------------------------------------------------- deleting one


def test_delete_one_save_by_its_name(table, capsys):
    assert saves(capsys, "--delete", "gauntlet_zoe.jsonl", "--lang", "en") == (0, ["1 save deleted: gauntlet_zoe.jsonl."], [])
    assert not (table / "gauntlet_zoe.jsonl").exists()
    assert saves(capsys, "--delete", "gauntlet_won", "--lang", "fr") == (0, ["1 sauvegarde supprimée : gauntlet_won.jsonl."], [])
    assert not (table / "gauntlet_won.jsonl").exists()
    assert (table / "love-letter_new.jsonl").exists()


def test_delete_by_a_path_inside_the_folder_even_a_damaged_save(table, capsys):
    assert saves(capsys, "--delete", str(table / "broken.jsonl"), "--lang", "en") == (0, ["1 save deleted: broken.jsonl."], [])
    assert not (table / "broken.jsonl").exists()


def test_delete_refuses_what_is_not_a_save_of_the_folder(table, tmp_path, capsys):
    outside = make_save(tmp_path / "mine.jsonl", "gauntlet", [], players=3)
    status, out, err = saves(capsys, "--delete", str(outside), "--lang", "en")
    assert (status, out) == (2, [])
    assert err == [f"{outside} is not in the saves folder, {table}: only saves there can be deleted."]
    assert outside.exists()
    assert saves(capsys, "--delete", "nope", "--lang", "en") == (
        2, [], [f"No save called nope in {table}. Type companion saves to list them."])
    assert saves(capsys, "--delete", "nope", "--lang", "fr") == (
        2, [], [f"Aucune sauvegarde ne s'appelle nope dans {table}. Tapez companion saves pour les lister."])
    for odd in ("", ".", "..", "a\0b"):
        assert saves(capsys, "--delete", odd, "--lang", "en")[0] == 2
    (table / "folder.jsonl").mkdir()
    assert saves(capsys, "--delete", "folder.jsonl", "--lang", "en") == (
        2, [], ["folder.jsonl is not a save file: only files can be deleted."])


def test_delete_refuses_a_save_in_use(table, capsys):
    held, _ = journal.Journal.resume(table / "gauntlet_zoe.jsonl")
    try:
        assert saves(capsys, "--delete", "gauntlet_zoe.jsonl", "--lang", "en") == (
            1, [], ["gauntlet_zoe.jsonl is open in another companion: close that game first."])
        assert (table / "gauntlet_zoe.jsonl").exists()
    finally:
        held.close()
    assert saves(capsys, "--delete", "gauntlet_zoe.jsonl", "--lang", "en")[0] == 0


# --------------------------------------------------------------------------- deleting the finished ones


def test_delete_finished_deletes_only_finished_saves(table, folder, capsys):
    make_save(folder / "gauntlet_won2.jsonl", "gauntlet", WON_LINES, when=at(6), players=2)
    assert saves(capsys, "--delete-finished", "--lang", "en") == (
        0, ["2 finished saves deleted.", "1 save with no move deleted."], [])
    assert sorted(p.name for p in folder.iterdir()) == ["broken.jsonl", "chess_1.jsonl", "gauntlet_zoe.jsonl",
                                                        "notes.txt"]
    assert saves(capsys, "--delete-finished", "--lang", "fr") == (0, ["Aucune sauvegarde de partie finie à supprimer."], [])


def test_delete_finished_older_than_days(folder, capsys):
    now = dt.datetime.now()
    make_save(folder / "gauntlet_old.jsonl", "gauntlet", WON_LINES, when=now - dt.timedelta(days=10), players=2)
    make_save(folder / "gauntlet_recent.jsonl", "gauntlet", WON_LINES, when=now - dt.timedelta(days=1), players=2)
    make_save(folder / "gauntlet_open.jsonl", "gauntlet", GAUNTLET_LINES, when=now - dt.timedelta(days=10), players=3)
    assert saves(capsys, "--delete-finished", "--older-than", "3", "--lang", "fr") == (
        0, ["1 sauvegarde de partie finie supprimée."], [])
    assert sorted(p.name for p in folder.iterdir()) == ["gauntlet_open.jsonl", "gauntlet_recent.jsonl"]
    assert saves(capsys, "gauntlet", "--delete-finished", "--older-than", "0", "--lang", "en") == (
        0, ["1 finished save deleted."], [])


def test_delete_finished_keeps_a_finished_save_in_use(folder, capsys):
    path = make_save(folder / "gauntlet_won.jsonl", "gauntlet", WON_LINES, players=2)
    held, _ = journal.Journal.resume(path)
    try:
        assert saves(capsys, "--delete-finished", "--lang", "en") == (
            0, ["No finished save to delete.", "1 finished save is open in another companion: it is kept."], [])
        assert path.exists()
    finally:
        held.close()


def test_delete_finished_of_one_game(table, capsys):
    assert saves(capsys, "love-letter", "--delete-finished", "--lang", "en") == (
        0, ["1 save with no move deleted."], [])
    assert (table / "gauntlet_won.jsonl").exists() and not (table / "love-letter_new.jsonl").exists()
    assert saves(capsys, "love-letter", "--delete-finished", "--lang", "en") == (0, ["No finished save to delete."], [])


def test_a_run_that_only_typed_quit_leaves_nothing(folder, capsys):
    """A run that typed only quit leaves no save at all (issue 32): nothing for --delete-finished to find."""
    result = subprocess.run([sys.executable, "-m", "companion", "play", "gauntlet", "--lang", "fr"], input="quit\n",
                            capture_output=True, text=True, timeout=60, env=dict(os.environ))
    assert result.returncode == 0, result.stderr
    assert list(folder.glob("*.jsonl")) == [] and "Partie sauvegardée" not in result.stdout
    assert saves(capsys, "--delete-finished", "--lang", "fr") == (0, ["Aucune sauvegarde de partie finie à supprimer."], [])


# --------------------------------------------------------------------------- a save named as listed


def test_review_and_resume_take_the_name_saves_prints(folder, capsys, tmp_path):
    make_save(folder / "gauntlet_zoe.jsonl", "gauntlet", GAUNTLET_LINES, players=3, names=("Zoe", "Alice", "Bruno"))
    for name in ("gauntlet_zoe.jsonl", "gauntlet_zoe"):
        assert cli.main(["review", name, "--lang", "en"]) == 0
        assert "Review: Infinity Gauntlet" in capsys.readouterr().out
        result = subprocess.run([sys.executable, "-m", "companion", "play", "gauntlet", "--resume", name, "--lang",
                                 "en"], input="quit\n", capture_output=True, text=True, timeout=60,
                                cwd=tmp_path, env=dict(os.environ))
        assert result.returncode == 0 and "Game resumed:" in result.stdout, result.stderr


@pytest.mark.parametrize("args, message", [
    (["--older-than", "3"], "companion saves: --older-than goes with --delete-finished."),
])
def test_older_than_alone_is_bad_input(folder, capsys, args, message):
    assert saves(capsys, *args, "--lang", "en") == (2, [], [message])


@pytest.mark.parametrize(("lang", "message"), [
    ("en", "companion saves: --delete takes a save's name alone: leave out the game."),
    ("fr", "companion saves : --delete prend seulement le nom d'une sauvegarde : ne donnez pas de jeu.")])
def test_a_game_with_delete_is_refused_and_nothing_is_deleted(folder, capsys, lang, message):
    """`saves gauntlet --delete NAME` deleted NAME even when it was another game's save: the game limited nothing."""
    make_save(folder / "love.jsonl", "love-letter", [])
    assert saves(capsys, "gauntlet", "--delete", "love", "--lang", lang) == (2, [], [message])
    assert (folder / "love.jsonl").is_file()


@pytest.mark.parametrize("args", [
    ["--delete", "x", "--delete-finished"],
    ["--delete-finished", "--older-than", "soon"],
    ["--delete-finished", "--older-than", "-1"],
])
def test_bad_options_stop_with_status_2(folder, capsys, args):
    with pytest.raises(SystemExit) as stopped:
        cli.main(["saves", *args, "--lang", "en"])
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and "Type companion --help for help." in err


# --------------------------------------------------------------------------- one pass, no history


def test_the_listing_keeps_no_history_and_says_what_the_full_replay_says(table, folder):
    """Undo and redo marks, a refused line (the exact replay then decides): the streaming pass agrees with load()."""
    from companion import saves as saves_module

    path = make_save(folder / "gauntlet_marks.jsonl", "gauntlet",
                     ["token thanos 1", "token thanos -1", "undo", "undo", "redo", "play proxima", "next"], players=2)
    with path.open("a", encoding="utf-8") as handle:
        handle.write('{"cmd":"token","player":9,"delta":1}\n{"op":"undo"}\n{"op":"redo"}\n{"op":"redo"}\n')
    cards: dict = {}
    for info in saves_module.list_saves(folder, None, "en"):
        if info.loaded is None:
            continue
        assert info.loaded.table.steps == ()  # the listing's table is never replayed: no step, no state kept
        full = saves_module.load(info.path, "en", cards)
        assert saves_module.reached(info.loaded) == saves_module.reached(full)
        assert info.loaded.final == full.table.state
        assert info.finished == full.table.is_over and info.started == bool(full.table.steps)
        result = full.result
        assert info.skipped == result.damaged_count + len(result.refused) + len(result.ignored)
