"""Mindbug undo through the session (hypothesis, a few random legal games): it gives back exactly the state before
the command, and says changed back exactly the parts of the status whose text differs (issue 34: it renders only
the parts whose fields changed)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games import mindbug as mb
from companion.render import capitalized
from companion.session.undo_sentences import changed_parts
from tests.conftest import make_session


@settings(max_examples=10, deadline=None)
@given(st.lists(st.integers(0, 10_000), min_size=1, max_size=30), st.sampled_from(["fr", "en"]))
def test_undo_gives_back_the_state_before_and_says_the_parts_that_changed(choices: list[int], lang: str) -> None:
    session, recorder = make_session("mindbug", lang)
    renderer, ctx = session.narrator.renderer, session.narrator.ctx
    for choice in choices:
        moves = mb.legal_moves(session.state)
        if not moves:
            break
        before = session.state
        session.change(moves[choice % len(moves)])
        after = session.state
        recorder.clear()
        session.handle("undo")
        assert session.state == before and session.table.redo_commands
        old, new = mb.status(after), mb.status(before)
        said_before = dict(renderer.status_parts(old, ctx))
        changed = [text for key, text in renderer.status_parts(new, ctx) if said_before.get(key) != text]
        assert changed_parts(renderer, old, new, ctx) == changed
        assert all(capitalized(text) in " ".join(recorder.texts) for text in changed)
        session.handle("redo")
        assert session.state == after


@pytest.mark.allow_internal_error
def test_a_renderer_bug_in_undo_changes_nothing_on_disk_or_at_the_table(tmp_path: Path, monkeypatch: Any) -> None:
    """Undo's sentences are built before its mark is written (issue 34), so "Nothing was changed" is true."""
    from companion import journal
    from companion.games.base import options_to_json
    from companion.session import core

    saved = journal.Journal.create(tmp_path / "game.jsonl", "mindbug", options_to_json(mb.Options()))
    session, recorder = make_session("mindbug", "en", journal=saved)
    session.handle("play gorillion")
    state, size = session.state, (tmp_path / "game.jsonl").stat().st_size
    monkeypatch.setattr(core, "undo_utterances", lambda *args: 1 / 0)
    session.handle("undo")
    assert session.state is state and session.table.step_count == 1 and not session.table.redo_commands
    assert (tmp_path / "game.jsonl").stat().st_size == size
    assert recorder.events("error")[-1].fields["code"] == "internal"
    assert "Nothing was changed" in recorder.texts[-1]
    monkeypatch.undo()
    session.handle("undo")
    assert session.table.step_count == 0 and (tmp_path / "game.jsonl").stat().st_size > size
    session.close()


@pytest.mark.parametrize(("lang", "expected", "wrong"), [
    ("fr", "Joueur 2 : aucune créature.", ". joueur"),
    ("en", "Player 2: no creature.", ". player"),
])
def test_undo_starts_every_sentence_of_what_changed_back_with_a_capital(lang: str, expected: str, wrong: str) -> None:
    """The board and hands parts said back after undo are sentences: "Joueur 2 : …", never ". joueur 2 : …"."""
    session, recorder = make_session("mindbug", lang)
    for line in (("joue arachnibou", "non", "joue gladiataure", "mindbug") if lang == "fr"
                 else ("play spider owl", "no", "play luchataur", "mindbug")):
        session.handle(line)
    recorder.clear()
    session.handle("annule" if lang == "fr" else "undo")
    said = recorder.texts[-1]
    assert expected in said and wrong not in said
