"""The Void: after `error` alone, the card turned up from the draw pile is owed; `status`, the status said on
`--resume` and undo say so (an audit at a real table: the status said nothing of it), and `--json` carries it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from companion.games import the_void as g
from companion.registry import find

from conftest import make_session, run_lines

pytestmark = pytest.mark.timeout(120)

CARDS = find("the-void").cards()
OWED = {"en": "A card is owed for the error: type error and the card turned up.",
        "fr": "Une carte est due pour la faute : tapez faute et la carte retournée."}
WORDS = {"en": {"error": "error", "red": "red", "blue": "blue", "status": "status", "undo": "undo"},
         "fr": {"error": "faute", "red": "rouge", "blue": "bleu", "status": "état", "undo": "annule"}}


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_status_says_the_card_owed_first_until_it_is_said(lang: str) -> None:
    w = WORDS[lang]
    session, recorder = make_session("the-void", lang=lang)
    said = run_lines(session, recorder, f"6 {w['red']}\n{w['error']}\n{w['status']}")[-1]
    head = {"en": "1st round of 13. ", "fr": "1re manche sur 13. "}[lang]
    assert said.startswith(head + OWED[lang] + " "), said
    assert recorder.events("status")[-1].fields["turn_pending"] is True
    said = run_lines(session, recorder, f"{w['error']} 7 {w['blue']}\n{w['status']}")[-1]
    assert OWED[lang] not in said and said.startswith(head + {"en": "6 red on", "fr": "6 rouge sur"}[lang]), said
    assert recorder.events("status")[-1].fields["turn_pending"] is False


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_undoing_the_card_turned_up_says_it_is_owed_again(lang: str) -> None:
    w = WORDS[lang]
    session, recorder = make_session("the-void", lang=lang)
    run_lines(session, recorder, f"6 {w['red']}\n{w['error']}\n{w['error']} 7 {w['blue']}")
    assert run_lines(session, recorder, w["undo"])[-1].startswith(OWED[lang] + " ")
    assert session.state.turn_pending


def test_the_core_owes_a_card_only_while_the_round_goes_on_with_a_draw_pile() -> None:
    state, _ = g.apply(g.new(g.Options(), CARDS), g.Play(6, "red"))
    assert not g.status(state).turn_pending
    state, _ = g.apply(state, g.Error())
    assert g.status(state).turn_pending and g.public_view(state)["turn_pending"]
    # An error alone beyond the allowance ends the game: nothing is turned up, nothing is owed.
    lost, _ = g.apply(g.apply(g.new(g.Options(difficulty="gros-mytho"), CARDS), g.Play(6, "red"))[0], g.Error())
    assert lost.phase == g.GAME_OVER and lost.turn_pending and not g.status(lost).turn_pending


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_status_said_on_resume_says_the_card_owed(tmp_path: Path, lang: str) -> None:
    w = WORDS[lang]
    save = tmp_path / "void.jsonl"
    env = dict(os.environ, COMPANION_DATA_DIR=str(tmp_path / "data"))
    command = [sys.executable, "-m", "companion", "play", "the-void", "--lang", lang]
    first = subprocess.run([*command, "--save", str(save)], input=f"6 {w['red']}\n{w['error']}\n",
                           capture_output=True, text=True, env=env, timeout=100)
    assert first.returncode == 0, first.stderr
    resumed = subprocess.run([*command, "--resume", str(save)], input="", capture_output=True, text=True, env=env,
                             timeout=100)
    assert resumed.returncode == 0, resumed.stderr
    head = {"en": "1st round of 13. ", "fr": "1re manche sur 13. "}[lang]
    assert head + OWED[lang] in resumed.stdout, resumed.stdout
