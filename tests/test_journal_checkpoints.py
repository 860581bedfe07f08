"""Checkpoints: a long save resumes and lists from its last checkpoint, to the same game as a full replay.

The table writes the state in force every ``CHECKPOINT_EVERY`` lines (made small here); a save read from
its last checkpoint must give the same state, step count and redo stack as the same file replayed line by
line, and undo must still reach the steps before the checkpoint. Old saves (version 1, no checkpoint) read
as before. Random games of commands, undos and redos are checked with hypothesis.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from companion import journal, saves
from companion.games.base import options_to_json
from companion.registry import find
from companion.session import Table

GAUNTLET = find("gauntlet")
CARDS = GAUNTLET.cards()
TOKENS = [{"cmd": "token", "player": p, "delta": d} for p in (0, 1, 2) for d in (1, -1)]


def new_table(path: Path) -> Table:
    options = GAUNTLET.rules.options_type(players=3)
    return Table(GAUNTLET, options, CARDS, journal.Journal.create(path, GAUNTLET.id, options_to_json(options)))


def play(table: Table, moves: list[Any]) -> None:
    """``moves``: a token command (dict), "undo" or "redo"; whatever the rules refuse now is left out."""
    for move in moves:
        try:
            if move == "undo":
                table.undo()
            elif move == "redo":
                table.keep_redo(table.attempt_redo())
            else:
                table.keep(table.attempt(table.rules.command_from(move)))
        except Exception as error:  # refused by the rules, or nothing to undo or redo
            assert type(error).__name__ in {"RuleError", "ParseError"}


def restored(path: Path, from_checkpoint: bool) -> Table:
    table = Table(GAUNTLET, GAUNTLET.rules.options_type(players=3), CARDS)
    table.restore(journal.read(path, from_checkpoint=from_checkpoint))
    return table


def same_game(one: Table, other: Table) -> None:
    assert one.state == other.state
    assert one.step_count == other.step_count
    assert [c.to_json() for c in one.redo_commands] == [c.to_json() for c in other.redo_commands]


def checkpoints(path: Path) -> list[dict[str, Any]]:
    lines = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()[1:]]
    return [line for line in lines if line.get("op") == "checkpoint"]


@pytest.fixture
def every_five(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(journal, "CHECKPOINT_EVERY", 5)


def test_a_long_game_resumes_from_its_checkpoint_to_the_game_a_full_replay_gives(tmp_path: Path, every_five: None) -> None:
    path = tmp_path / "long.jsonl"
    live = new_table(path)
    play(live, [TOKENS[i % 3 * 2] for i in range(23)] + ["undo", "undo", "redo"] + [TOKENS[1]] * 4)
    live.close()
    written = checkpoints(path)
    assert len(written) >= 5 and written[-1]["steps"] > 0
    fast, full = restored(path, True), restored(path, False)
    assert fast.step_count == live.step_count == 26
    same_game(fast, full)
    same_game(fast, live)
    assert fast.journal is None and len(fast._steps) < 5  # the steps before the checkpoint were not replayed
    # Undo reaches past the checkpoint: the older steps are read back and the games stay alike.
    for _ in range(12):
        assert fast.undo().command.to_json() == full.undo().command.to_json()
        same_game(fast, full)


def test_resuming_with_the_companion_goes_on_in_the_same_file(tmp_path: Path, every_five: None) -> None:
    path = tmp_path / "game.jsonl"
    live = new_table(path)
    play(live, [TOKENS[0]] * 12)
    live.close()
    writable, saved = journal.Journal.resume(path, from_checkpoint=True)
    assert saved.checkpoint is not None and writable.since_checkpoint == saved.since_checkpoint
    table = Table(GAUNTLET, GAUNTLET.rules.options_type(players=3), CARDS)
    table.restore(saved)
    table.use_journal(writable)
    play(table, [TOKENS[1]] * 6 + ["undo"])
    table.close()
    same_game(restored(path, True), restored(path, False))
    assert restored(path, False).step_count == 17


def test_an_old_save_without_checkpoints_reads_as_before(tmp_path: Path) -> None:
    path = tmp_path / "old.jsonl"
    header = {"format": "companion-journal", "version": 1, "game": "gauntlet", "options": {"players": 3}}
    body = [TOKENS[0], TOKENS[2], {"op": "undo"}, {"op": "redo"}, TOKENS[4], {"op": "undo"}]
    path.write_text("\n".join(json.dumps(line) for line in [header, *body]) + "\n", encoding="utf-8")
    fast, full = restored(path, True), restored(path, False)
    same_game(fast, full)
    assert fast.step_count == 2 and len(fast.redo_commands) == 1


def test_a_damaged_checkpoint_is_skipped_and_the_lines_replay(tmp_path: Path, every_five: None) -> None:
    path = tmp_path / "damaged.jsonl"
    live = new_table(path)
    play(live, [TOKENS[0]] * 7)
    live.close()
    text = path.read_text(encoding="utf-8").replace('"thanos_lives":', '"thanos_lives":"many","was":', 1)
    path.write_text(text, encoding="utf-8")
    same_game(restored(path, True), live)
    assert restored(path, True).step_count == 7


def test_the_listing_reads_the_checkpoint_and_says_what_the_full_replay_says(tmp_path: Path, every_five: None) -> None:
    path = tmp_path / "listed.jsonl"
    live = new_table(path)
    play(live, [TOKENS[0], TOKENS[2]] * 9 + ["undo"])
    live.close()
    summary, loaded = saves.summarize(path), saves.load(path)
    assert summary.final == loaded.final == live.state
    assert summary.started and not summary.finished and summary.skipped == 0
    assert saves.reached(summary) == saves.reached(loaded)


MOVES = st.lists(st.one_of(st.sampled_from(TOKENS), st.sampled_from(["undo", "redo"])), max_size=60)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(moves=MOVES, every=st.integers(min_value=1, max_value=6))
def test_any_game_resumed_from_a_checkpoint_equals_its_full_replay(tmp_path_factory: pytest.TempPathFactory,
                                                                     moves: list[Any], every: int) -> None:
    path = tmp_path_factory.mktemp("any") / "game.jsonl"
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(journal, "CHECKPOINT_EVERY", every)
        live = new_table(path)
        play(live, moves)
        live.close()
    fast, full = restored(path, True), restored(path, False)
    same_game(fast, full)
    same_game(fast, live)
    assert saves.summarize(path).final == live.state
    while full.step_count:  # every undo, past the checkpoint too, takes back the same command
        assert fast.undo().command.to_json() == full.undo().command.to_json()
    assert fast.state == full.state == full.initial


@pytest.mark.parametrize("game_id", ["gauntlet", "love-letter", "mindbug", "num-x", "the-void"])
def test_every_games_state_goes_through_a_checkpoint_unchanged(tmp_path: Path, every_five: None, game_id: str) -> None:
    """Each game's state, written in checkpoints by the generic codec, reads back equal, after random legal plays."""
    import random

    game = find(game_id)
    options = game.rules.options_type()
    path = tmp_path / f"{game_id}.jsonl"
    live = Table(game, options, game.cards(), journal.Journal.create(path, game.id, options_to_json(options)))
    chance = random.Random(7)
    for number in range(60):
        moves = game.rules.legal_moves(live.state)
        if not moves:
            break
        live.keep(live.attempt(chance.choice(moves)))
        if number % 9 == 8:
            live.undo()
    live.close()
    assert checkpoints(path)
    fast = Table(game, options, game.cards())
    fast.restore(journal.read(path, from_checkpoint=True))
    assert fast._floor is not None  # really resumed from a checkpoint
    assert fast.state == live.state and fast.step_count == live.step_count
