"""Mindbug undo through the session (hypothesis, a few random legal games): it gives back exactly the state before
the command, and says changed back exactly the parts of the status whose text differs (issue 34: it renders only
the parts whose fields changed)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games import mindbug as mb
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
        assert renderer.changed_parts(old, new, ctx) == changed
        assert all(text in " ".join(recorder.texts) for text in changed)
        session.handle("redo")
        assert session.state == after
