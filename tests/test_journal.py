"""The journal: on disk before it is announced, undo/redo, resume, damaged and future files."""

from __future__ import annotations

import json

import pytest

from companion import journal
from companion.registry import find
from tests.conftest import make_session, run_lines


def new_journal(tmp_path, name="game.jsonl"):
    return journal.Journal.create(tmp_path / name, "gauntlet", {"players": 4}, {"lang": "fr"})


def test_each_accepted_command_is_on_disk_before_it_is_announced(tmp_path):
    saved = new_journal(tmp_path)
    session, recorder = make_session(journal=saved)
    seen_on_disk = []

    class Spy:
        def send(self, utterance):
            seen_on_disk.append(len((tmp_path / "game.jsonl").read_text().splitlines()))

        def close(self):
            pass

    session.wiring.announcer.add(Spy())
    run_lines(session, recorder, "play proxima")
    assert seen_on_disk and all(n == 2 for n in seen_on_disk)  # header + the command
    run_lines(session, recorder, "play hulk")  # refused: nothing written
    assert len((tmp_path / "game.jsonl").read_text().splitlines()) == 2


def test_undo_and_redo_are_recorded_and_replayed(tmp_path):
    saved = new_journal(tmp_path)
    session, recorder = make_session(journal=saved)
    run_lines(session, recorder, "play proxima\nnext\nplay hulk\nundo\nundo\nredo")
    saved.close()
    replay = journal.read(tmp_path / "game.jsonl")
    again, _ = make_session()
    result = again.table.restore(replay)
    assert [c["cmd"] for c in result.commands] == ["play", "next"]
    assert [c["card"] for c in result.redo_commands] == ["hulk"]
    assert again.state == session.state
    run_lines(again, _, "redo")
    assert again.state.face_up[1] == ("hulk",)


def test_undo_redo_messages():
    session, recorder = make_session(lang="fr")
    assert run_lines(session, recorder, "annule") == ["Rien à annuler."]
    texts = run_lines(session, recorder, "joue proxima\nannule")
    # what was undone, whose turn it is, then the table to put back (a token returns to the reserve)
    assert texts[-2:] == ["Annulé : « 4 : Thanos joue Proxima Midnight. » Maintenant : Tour 1 : Thanos doit jouer.",
                          "Aucun pion pouvoir en jeu ; réserve 9. Ne sont plus face visible : Proxima Midnight (Thanos)."]
    assert session.state.tokens[0] == 0
    texts = run_lines(session, recorder, "rétablis")
    assert texts[0] == "Rétabli." and session.state.tokens[0] == 1
    assert run_lines(session, recorder, "rétablis") == ["Rien à rétablir."]


def test_undoing_next_says_whose_turn_it_is_again():
    session, recorder = make_session(lang="en")
    texts = run_lines(session, recorder, "play proxima\nnext\nundo")
    assert texts[-2:] == ["Undone: “Turn 2: hero 1.” Now: Turn 1: Thanos has played: type next.",
                          "Decks: heroes 13, Thanos 10. Hero 1 puts the card drawn back on top of the hero deck."]


def test_an_undo_that_moves_no_count_names_the_card_back_in_hand():
    session, recorder = make_session(lang="en", players=3)
    run_lines(session, recorder, "play ebony maw")  # draw one, put one under: no count changes
    assert run_lines(session, recorder, "undo") == ["Undone: “5: Thanos plays Ebony Maw.” Now: Turn 1, Thanos to play.",
                                                    "No longer face up: Thanos's Ebony Maw."]


def test_an_undo_of_a_fight_quotes_the_fight_not_the_token_spent():
    session, recorder = make_session(lang="en", players=3)
    run_lines(session, recorder, "play proxima\nnext\nplay thor\nfight 5 5")
    assert run_lines(session, recorder, "undo") == ["Undone: “Fight: Thanos beats hero 1.” "
                                                    "Now: Turn 2: hero 1 has played: fight, or type next.",
                                                    "Power tokens: 1 for Thanos. Reserve: 8."]


def test_undoing_a_stone_defeat_says_to_take_it_back_out_of_the_deck():
    session, recorder = make_session(lang="fr", players=3)
    run_lines(session, recorder, "vaincu thanos réalité")
    assert run_lines(session, recorder, "annule")[-1] == (
        "Vies : Thanos 4 sur 4, héros 6 sur 6. Reprenez Pierre de la Réalité dans le paquet Thanos. "
        "Thanos remet la carte piochée sur le paquet Thanos.")


def test_undoing_a_defeat_after_a_fight_asks_for_the_card_again():
    session, recorder = make_session(lang="en", players=3)
    run_lines(session, recorder, "play proxima\nnext\nplay hulk\nfight 3 5\ndefeat hero 1 thor")
    texts = run_lines(session, recorder, "undo")
    assert texts == ["Undone: “Hero 1's Thor is defeated.” Now: Hero 1's card is defeated: which one? "
                     "Type defeat hero 1 and the card.",
                     "Lives: Thanos 4 of 4, heroes 6 of 6. Decks: heroes 13, Thanos 10. No longer face up: hero 1's Thor. "
                     "Hero 1 puts the card drawn back on top of the hero deck."]
    assert recorder.events("status")[-1].fields["pending_defeat"] == "hero1"


def test_a_new_command_after_undo_clears_redo():
    session, recorder = make_session(lang="en")
    run_lines(session, recorder, "play proxima\nundo\nplay ebony maw")
    assert run_lines(session, recorder, "redo") == ["Nothing to redo."]


def test_a_cut_last_line_is_reported_and_skipped(tmp_path):
    saved = new_journal(tmp_path)
    session, recorder = make_session(journal=saved)
    run_lines(session, recorder, "play proxima\nnext")
    saved.close()
    path = tmp_path / "game.jsonl"
    with path.open("a") as handle:
        handle.write('{"cmd": "play", "card": "hu')  # a crash in the middle of a write
    replay = journal.read(path)
    assert replay.damaged_lines == [4] and replay.damaged_count == 1 and not replay.ends_cleanly
    assert [c["cmd"] for c in replay.command_lines()] == ["play", "next"]
    reopened = journal.Journal.reopen(path)
    reopened.append({"cmd": "play", "card": "hulk"})
    reopened.close()
    assert [c["cmd"] for c in journal.read(path).command_lines()] == ["play", "next", "play"]


@pytest.mark.parametrize("content, code", [
    ('{"format": "companion-journal", "version": 99, "game": "gauntlet"}\n', "future_version"),
    ("not json at all\n", "not_a_journal"),
    ('{"format": "something-else"}\n', "not_a_journal"),
    ("", "empty"),
])
def test_unusable_files_give_a_clear_error(tmp_path, content, code):
    path = tmp_path / "bad.jsonl"
    path.write_text(content)
    with pytest.raises(journal.JournalError) as caught:
        journal.read(path)
    assert caught.value.code == code


def test_a_missing_file(tmp_path):
    with pytest.raises(journal.JournalError) as caught:
        journal.read(tmp_path / "none.jsonl")
    assert caught.value.code == "not_found"


def test_save_files_are_json_lines_with_a_header(tmp_path):
    saved = new_journal(tmp_path)
    saved.append({"cmd": "next"})
    saved.close()
    lines = [json.loads(line) for line in (tmp_path / "game.jsonl").read_text().splitlines()]
    assert lines[0]["format"] == "companion-journal" and lines[0]["version"] == 2 and lines[0]["game"] == "gauntlet"
    assert lines[1] == {"cmd": "next"}


def test_read_gives_the_lines_in_file_order(tmp_path):
    saved = new_journal(tmp_path)
    session, recorder = make_session(journal=saved)
    run_lines(session, recorder, "play proxima\nnext\nundo")
    saved.close()
    replay = journal.read(tmp_path / "game.jsonl")
    assert [(e.line, e.cmd if isinstance(e, journal.CommandLine) else e.op) for e in replay.entries] == [
        (2, "play"), (3, "next"), (4, "undo")]


def test_autosave_path_names_game_and_time(tmp_path, monkeypatch):
    import datetime

    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path))
    path = journal.autosave_path("gauntlet", datetime.datetime(2026, 11, 30, 20, 15, 3))
    assert path == tmp_path / "saves" / "gauntlet_2026-11-30_20-15-03.jsonl"


def test_replay_skips_a_command_the_rules_refuse(tmp_path):
    path = tmp_path / "game.jsonl"
    saved = journal.Journal.create(path, "gauntlet", {"players": 4},
                                   entries=[{"cmd": "play", "card": "proxima-midnight"}, {"cmd": "play", "card": "hulk"},
                                            {"cmd": "bogus"}])
    saved.close()
    session, _ = make_session()
    result = session.table.restore(journal.read(path))
    assert result.refused == [3, 4] and len(session.table.steps) == 1
    assert find("gauntlet").id == "gauntlet"
