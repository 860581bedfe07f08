"""The ``companion`` command end to end, in a real process: batch lines in, one line per sentence out."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

import pytest

COMPANION = [sys.executable, "-m", "companion"]


def run(args, stdin="", env_extra=None, tmp_path=None):
    env = dict(os.environ)
    env.update(env_extra or {})
    return subprocess.run(COMPANION + args, input=stdin, capture_output=True, text=True, env=env, timeout=60)


def json_lines(text):
    return [json.loads(line) for line in text.splitlines()]


def test_a_scripted_game_in_json(tmp_path):
    save = tmp_path / "g.jsonl"
    script = "status\nplay proxima\nnext\nplay hulk\nfight 1 3 7\ndefeat hero 1 thor\nbogus\nstatus\n"
    result = run(["play", "gauntlet", "--json", "--lang", "en", "--save", str(save)], script)
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    events = json_lines(result.stdout)
    assert [e["event"] for e in events[:4]] == ["game_started", "turn_started", "card_drawn", "status"]
    status = events[3]
    assert {k: status[k] for k in ("thanos_lives", "thanos_lives_max", "hero_lives", "hero_lives_max", "stones",
                                    "reserve", "hero_deck", "thanos_deck", "current_player", "winner")} == {
        "thanos_lives": 5, "thanos_lives_max": 5, "hero_lives": 6, "hero_lives_max": 6, "stones": [],
        "reserve": 9, "hero_deck": 13, "thanos_deck": 10, "current_player": "thanos", "winner": None}
    assert status["power_tokens"] == {"thanos": 0, "hero1": 0, "hero2": 0, "hero3": 0}
    played = [e for e in events if e["event"] == "card_played"]
    assert played[0] == {"event": "card_played", "text": "4: Thanos plays Proxima Midnight.", "player": "thanos",
                         "card": "proxima-midnight", "value": 4, "target": None, "named_value": None, "deck": None,
                         "copy": None}
    error = [e for e in events if e["event"] == "error"]
    assert error == [{"event": "error", "code": "unknown_command", "text": "Unknown command: bogus. Type help for the commands.",
                      "input": "bogus"}]
    last = events[-1]
    assert last["event"] == "status" and last["hero_lives"] == 5 and last["current_player"] == "hero1"
    assert save.exists()


def test_plain_lines_in_french_by_default_and_english_from_the_locale():
    result = run(["play", "gant"], "état\n", {"LANG": "fr_FR.UTF-8", "LC_ALL": ""})
    assert result.stdout.splitlines()[0].startswith("Le Gant d'Infinité. 4 joueurs")
    result = run(["play", "gant"], "status\n", {"LANG": "en_GB.UTF-8", "LC_ALL": ""})
    assert result.stdout.splitlines()[0].startswith("Infinity Gauntlet. 4 players")
    result = run(["play", "gant"], "status\n", {"LANG": "", "LC_ALL": "", "LC_MESSAGES": "", "LANGUAGE": ""})
    assert result.stdout.splitlines()[0].startswith("Le Gant d'Infinité. 4 joueurs")


def test_every_line_of_input_gets_an_answer_and_the_exit_status_is_zero():
    lines = ["", "play", "play zorglub", "fight", "token", "snap everything", "défile", "quit"]
    result = run(["play", "gauntlet", "--lang", "fr", "--json"], "\n".join(lines) + "\n")
    assert result.returncode == 0 and result.stderr == ""
    events = json_lines(result.stdout)[3:]
    assert [e.get("code") for e in events] == ["empty", "card_name_needed", "unknown_card", "no_fight", "player_needed",
                                               "unknown_card", None]
    assert events[-1]["event"] == "pan"  # nothing played: no save kept, no "saved" (issue 32)


@pytest.mark.parametrize("args", [
    ["play", "gauntlet", "--players", "9"],
    ["play", "gauntlet", "--players", "three"],
    ["play", "gauntlet", "--kit", "dice"],
    ["play", "chess"],
    ["play", "gauntlet", "--players", "3", "--names", "a", "b"],
    ["play", "gauntlet", "--names", "solo"],
    ["play", "gauntlet", "--resume", "/no/such/file.jsonl"],
    ["play", "gauntlet", "--speech", "loud"],
    ["dance"],
])
def test_bad_options_give_one_clear_message_and_status_two(args):
    result = run(args + ["--lang", "fr"], "")
    assert result.returncode == 2
    assert "Traceback" not in result.stderr and result.stderr.strip()
    assert result.stdout == ""


def test_names_alone_set_the_number_of_players():
    result = run(["play", "gauntlet", "--names", "Zoé", "Alice", "Bruno", "--lang", "fr", "--json"], "état\n")
    events = json_lines(result.stdout)
    assert events[0]["players"] == 3 and events[0]["names"] == ["Zoé", "Alice", "Bruno"]
    assert events[1]["text"] == "Tour 1 : Zoé."


def test_refused_lines_keep_what_was_typed_in_json():
    result = run(["play", "gauntlet", "--lang", "en", "--json"], "dance now\n")
    error = json_lines(result.stdout)[-1]
    assert error == {"event": "error", "text": "Unknown command: dance. Type help for the commands.",
                     "code": "unknown_command", "input": "dance"}


def test_config_dir_says_where_corrected_cards_go(tmp_path):
    result = run(["config-dir"], env_extra={"COMPANION_CONFIG_DIR": str(tmp_path / "cfg")})
    assert result.stdout.strip() == str(tmp_path / "cfg")


def test_bad_option_messages_are_in_the_users_language():
    result = run(["play", "gauntlet", "--players", "9", "--lang", "fr"])
    assert result.stderr.strip() == "Ce jeu se joue de 2 à 6 joueurs."
    result = run(["play", "gauntlet", "--kit", "dice", "--lang", "fr"])
    assert "choix invalide" in result.stderr and "Tapez companion --help" in result.stderr


def test_games_cards_and_card():
    result = run(["games", "--lang", "en"])
    assert result.stdout.splitlines()[0] == ("gauntlet: Infinity Gauntlet, 2 to 6 players "
                                             "(also: gant, gant-d-infinite, infinity-gauntlet)")
    result = run(["cards", "gant", "--lang", "fr"])
    lines = result.stdout.splitlines()
    assert lines[0] == "Héros : 16 cartes." and "1, Outriders, 2 exemplaires" in lines
    result = run(["card", "gauntlet", "pierre", "de", "l'ame", "--lang", "fr"])
    assert result.stdout.startswith("Pierre de l'Âme, Thanos, valeur 2, 1 exemplaire : Choisissez un héros")
    result = run(["card", "gauntlet", "black", "--lang", "en"])
    assert result.returncode == 1
    assert result.stderr.strip() == "Black Widow, Black Panther or Black Dwarf? Say more of the name."


def test_a_corrected_card_file_in_the_config_folder_is_used(tmp_path):
    from companion.cards import DATA_DIR

    config = tmp_path / "cfg"
    config.mkdir()
    text = (DATA_DIR / "gauntlet.toml").read_text(encoding="utf-8")
    (config / "gauntlet.toml").write_text(text.replace("Thanos prend 1 pion pouvoir.", "Texte corrigé par l'arbitre."),
                                          encoding="utf-8")
    result = run(["card", "gauntlet", "proxima", "--lang", "fr"], env_extra={"COMPANION_CONFIG_DIR": str(config)})
    assert "Texte corrigé par l'arbitre." in result.stdout
    (config / "gauntlet.toml").write_text(text.replace('id = "hulk"', 'id = "thor"'), encoding="utf-8")
    result = run(["play", "gauntlet", "--lang", "en"], env_extra={"COMPANION_CONFIG_DIR": str(config)})
    assert result.returncode == 2 and "gauntlet.toml" in result.stderr and "repeated: thor" in result.stderr


def test_resume_rebuilds_the_game(tmp_path):
    save = tmp_path / "g.jsonl"
    run(["play", "gauntlet", "--save", str(save), "--lang", "en"], "play proxima\nnext\nplay hulk\n")
    result = run(["play", "gauntlet", "--resume", str(save), "--lang", "en", "--json"], "status\n")
    events = json_lines(result.stdout)
    assert events[0]["event"] == "resumed" and events[0]["text"] == "Game resumed: 3 commands replayed."
    assert events[-1]["current_player"] == "hero1" and events[-1]["power_tokens"]["thanos"] == 1
    result = run(["play", "gauntlet", "--save", str(save), "--lang", "en"])
    assert result.returncode == 2 and "already exists" in result.stderr


def test_a_save_from_the_future_is_refused_clearly(tmp_path):
    save = tmp_path / "future.jsonl"
    save.write_text('{"format": "companion-journal", "version": 7, "game": "gauntlet", "options": {}}\n')
    result = run(["play", "gauntlet", "--resume", str(save), "--lang", "en"])
    assert result.returncode == 2
    assert result.stderr.strip() == f"{save} was saved by a newer companion: update the companion to resume it."


def test_a_killed_game_resumes_with_exactly_the_acknowledged_commands(tmp_path):
    """SIGKILL in the middle of a scripted game: every acknowledged command is in the save file."""
    save = tmp_path / "crash.jsonl"
    env = dict(os.environ)
    process = subprocess.Popen(COMPANION + ["play", "gauntlet", "--json", "--lang", "en", "--save", str(save)],
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env, bufsize=1)
    script = ["play proxima", "next", "play hulk", "fight 1 3 5", "defeat hero 1 thor", "next", "play falcon 3", "next"]
    acknowledged = []
    assert process.stdin and process.stdout
    for line in script:
        process.stdin.write(line + "\nstatus\n")
        process.stdin.flush()
        while True:  # the status line comes after every sentence of the command
            event = json.loads(process.stdout.readline())
            if event["event"] == "status":
                break
        acknowledged.append(line)
    process.stdin.write("next\n")  # sent, never acknowledged
    process.stdin.flush()
    time.sleep(0.05)
    os.kill(process.pid, signal.SIGKILL)
    process.wait(timeout=10)
    from companion import journal

    replay = journal.read(save)
    commands = [c["cmd"] for c in replay.command_lines()]
    assert commands[:len(acknowledged)] == ["play", "next", "play", "fight", "defeat", "next", "play", "next"]
    assert len(commands) in (len(acknowledged), len(acknowledged) + 1)
    result = run(["play", "gauntlet", "--resume", str(save), "--lang", "en", "--json"], "status\n")
    status = json_lines(result.stdout)[-1]
    assert status["hero_lives"] == 5 and status["power_tokens"]["hero3"] == 1


@pytest.mark.parametrize(("lang", "said", "listed"), [
    ("en", "This game is for 4 players.", "the-void: The Void, 4 players (also: void, thevoid, the_void)"),
    ("fr", "Ce jeu se joue à 4 joueurs.", "the-void : The Void, 4 joueurs (aussi : void, thevoid, the_void)"),
])
def test_a_game_for_exactly_four_never_says_4_to_4(lang, said, listed):
    refused = run(["play", "the-void", "--lang", lang, "--players", "3"], "quit\n")
    assert refused.returncode == 2 and refused.stderr.strip() == said
    assert listed in run(["games", "--lang", lang]).stdout.splitlines()


@pytest.mark.parametrize("command", [["games"], ["card", "num-x", "joker"], ["cards", "gauntlet"], ["records"],
                                     ["saves"], ["rules", "num-x", "--format", "txt"], ["doctor"],
                                     ["aid-sheet", "num-x", "--format", "txt"],
                                     ["simulate", "num-x", "--games", "2", "--players", "2", "--workers", "1"]])
def test_a_full_disk_on_the_standard_output_is_one_sentence_in_every_command(tmp_path, command):
    """Issue 32: every command but play ended in a traceback when its standard output was /dev/full."""
    import os
    import subprocess

    env = {**os.environ, "COMPANION_DATA_DIR": str(tmp_path)}
    with open("/dev/full", "w") as full:
        result = subprocess.run([sys.executable, "-m", "companion", *command, "--lang", "fr"], stdout=full,
                                stderr=subprocess.PIPE, text=True, env=env, timeout=100)
    assert "Traceback" not in result.stderr, result.stderr
    assert result.stderr.strip().endswith("Impossible d'écrire la sortie : le disque est plein."), result.stderr
    assert result.returncode == 1
