"""The hall over every game and language: random legal play with undo, redo, questions and typos, through the session.

No internal error (the autouse fixture fails the test on one), no empty sentence,
no field left unfilled; and a listener that fails after a step never makes the
table hear "nothing was changed".
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from companion.announce import Announcer
from companion.games.base import Command
from companion.registry import GAMES, find
from companion.render import Settings
from companion.session import Step, Wiring, open_session
from tests.conftest import Recorder

UNFILLED = re.compile(r"{\w*}")
LINES = ("undo", "redo", "status", "help", "plya", "card", "xyzzy 3", "", "played", "unseen")


def _session(game_id: str, lang: str, listeners: tuple[Any, ...] = ()) -> tuple[Any, Recorder]:
    game = find(game_id)
    recorder = Recorder()
    options = game.rules.options_type(players=game.spec.default_players)
    return open_session(game, options, Settings(lang), Wiring(Announcer([recorder]), listeners=listeners),
                        records=False), recorder


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("game_id", [g.id for g in GAMES])
def test_random_lines_through_the_session_say_one_full_sentence_each(game_id: str, lang: str) -> None:
    session, recorder = _session(game_id, lang)
    session.start()
    shuffle = random.Random(f"{game_id}{lang}")
    for _ in range(60):
        moves = session.table.rules.legal_moves(session.state) or []
        if moves and shuffle.random() < 0.7:
            session.change(shuffle.choice(moves))
        else:
            assert session.handle(shuffle.choice(LINES)) is True
    assert recorder.utterances
    for utterance in recorder.utterances:
        assert utterance.text.strip(), utterance
        assert not UNFILLED.search(utterance.text), utterance.text
        assert utterance.event != "error" or utterance.fields["code"] != "internal", utterance.text


class Broken:
    """A listener whose ``changed`` fails, as a bug in a page's hands would."""

    def checking(self, session: Any, command: Command) -> None:
        pass

    def changed(self, session: Any, step: Step, before: Any) -> None:
        raise RuntimeError("boom")

    def undone(self, session: Any, step: Step) -> None:
        pass

    def redone(self, session: Any, step: Step, before: Any) -> None:
        pass


@pytest.mark.allow_internal_error
def test_a_failure_after_a_kept_step_is_said_as_such_and_the_step_stays(no_internal_errors: Any) -> None:
    session, recorder = _session("gauntlet", "en", (Broken(),))
    session.handle("play ebony maw")
    assert len(session.table.steps) == 1
    said = recorder.events("after_step_failed")
    assert [u.text for u in said] == ["That change is kept and saved. A part of the companion failed after it: "
                                      "RuntimeError: boom"]
    assert not recorder.events("error")
    assert [r.getMessage() for r in no_internal_errors.records] == ["a listener failed after a kept step"]


@pytest.mark.allow_internal_error
def test_the_internal_error_guard_sees_a_bug_and_the_game_goes_on(no_internal_errors: Any, monkeypatch: Any) -> None:
    """The broken twin of the autouse guard: a renderer bug is logged, refused as ``internal``, and nothing changed."""
    session, recorder = _session("gauntlet", "en")
    monkeypatch.setattr(type(session.narrator), "events", lambda self, events: 1 / 0)
    session.handle("play ebony maw")
    assert session.table.steps == ()
    assert recorder.events("error")[-1].fields["code"] == "internal"
    assert no_internal_errors.records and "play ebony maw" in no_internal_errors.records[0].getMessage()
