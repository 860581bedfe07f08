"""Verbosity as data (issue 22): terse, normal and full forms per event, the flag, the in-game command, the spec default."""

from __future__ import annotations

import io
import json

import pytest

from companion import cli
from companion.registry import GAMES, find
from companion.render import Context, Settings, verbosity_level
from companion.session import Narrator
from tests.conftest import make_session, run_lines


@pytest.mark.parametrize(("value", "level"), [("short", "terse"), ("terse", "terse"), ("normal", "normal"),
                                               ("full", "full"), (None, "normal"), ("loud", "normal")])
def test_older_and_unknown_words_for_a_verbosity(value: str | None, level: str) -> None:
    assert verbosity_level(value) == level
    assert Context(Settings("en", value), None, "core").verbosity == level


def test_each_game_declares_its_default_and_the_void_is_terse() -> None:
    assert find("the-void").spec.verbosity == "terse"
    assert {g.spec.verbosity for g in GAMES if g.id != "the-void"} == {"normal"}


def test_no_verbosity_given_is_the_games_default() -> None:
    session, _ = make_session("the-void", verbosity=None)
    assert session.narrator.ctx.verbosity == "terse"
    session, _ = make_session("gauntlet", verbosity=None)
    assert session.narrator.ctx.verbosity == "normal"


@pytest.mark.parametrize(("lang", "line", "level", "said"), [
    ("en", "verbosity terse", "terse", "Verbosity: terse."),
    ("en", "verbosity full", "full", "Verbosity: full."),
    ("fr", "verbosité brève", "terse", "Verbosité brève."),
    ("fr", "verbosite complete", "full", "Verbosité complète."),
    ("fr", "verbosité normale", "normal", "Verbosité normale."),
])
def test_the_command_says_the_new_level_in_one_sentence(lang: str, line: str, level: str, said: str) -> None:
    session, recorder = make_session(lang=lang)
    assert run_lines(session, recorder, line) == [said]
    assert recorder.events("verbosity")[-1].fields == {"level": level}
    assert session.narrator.ctx.verbosity == level


@pytest.mark.parametrize(("lang", "line", "said"), [
    ("en", "verbosity loud", "Type verbosity terse, normal or full."),
    ("fr", "verbosité forte", "Verbosité brève, normale ou complète."),
])
def test_a_bad_level_is_refused_in_one_sentence(lang: str, line: str, said: str) -> None:
    session, recorder = make_session(lang=lang)
    assert run_lines(session, recorder, line) == [said]
    assert session.narrator.ctx.verbosity == "normal"


def test_the_command_changes_the_sentences_mid_game() -> None:
    session, recorder = make_session(lang="en")
    normal = run_lines(session, recorder, "play proxima")
    assert any("loses a life" not in t and "Proxima" in t for t in normal)
    texts = run_lines(session, recorder, "verbosity terse\ndefeat thanos ebony")
    assert texts[0] == "Verbosity: terse."
    assert "Thanos: 4 rubies." in texts
    texts = run_lines(session, recorder, "undo\nverbosity normal\ndefeat thanos ebony")
    assert "Thanos: 4 rubies." not in texts


def _json_lines(verbosity: str, script: str) -> list[dict[str, object]]:
    out = io.StringIO()
    stdin = io.StringIO(script)
    from companion.play import play, PlayConfig

    play(PlayConfig(lang="en", json=True, verbosity=verbosity), find("gauntlet"), stdin, out)
    return [json.loads(line) for line in out.getvalue().splitlines() if line.strip()]


def test_json_events_and_fields_do_not_depend_on_the_verbosity() -> None:
    script = "play proxima\ndefeat thanos ebony\nnext\nquit\n"
    records = {level: _json_lines(level, script) for level in ("terse", "normal", "full")}

    def machine(lines: list[dict[str, object]]) -> list[dict[str, object]]:
        return [{k: v for k, v in line.items() if k != "text"} for line in lines
                if line.get("event") not in ("card_effect", "saved")]

    assert machine(records["terse"]) == machine(records["normal"]) == machine(records["full"])
    assert [r["text"] for r in records["terse"]] != [r["text"] for r in records["normal"]]


def test_the_flag_takes_the_three_levels_and_the_older_short() -> None:
    parser = cli.build_parser("en")
    for word in ("terse", "normal", "full", "short"):
        args = parser.parse_args(["play", "gauntlet", "--verbosity", word])
        assert verbosity_level(args.verbosity) == ("terse" if word == "short" else word)


def test_the_narrator_keeps_the_level_given() -> None:
    session, _ = make_session(verbosity="short")
    assert session.narrator.ctx.verbosity == "terse"
    assert isinstance(session.narrator, Narrator)


def _said(game_id: str, event: object, lang: str, level: str) -> str:
    game = find(game_id)
    ctx = Context(Settings(lang, level), game.cards(), game.renderer.domain, ("Ana", "Bo"), game.parser.vocabulary)
    return game.renderer.render(event, ctx)  # type: ignore[arg-type]


def _events() -> dict[str, object]:
    from companion.games import gauntlet as gg, love_letter as ll, mindbug as mb

    return {"gauntlet": gg.CardPlayed("thanos", "proxima-midnight", 4), "love-letter": ll.TurnStarted("p1", 1, 1, 11),
            "mindbug": mb.Attacked("p1", "spider-owl", 3, False)}


@pytest.mark.parametrize(("game_id", "lang", "terse", "normal", "full"), [
    ("gauntlet", "en", "4, Proxima Midnight.", "4: Ana plays Proxima Midnight.",
     "4: Ana plays Proxima Midnight. It is a Thanos card; it stays face up."),
    ("gauntlet", "fr", "4, Proxima Midnight.", "4 : Ana joue Proxima Midnight.",
     "4 : Ana joue Proxima Midnight. C'est une carte Thanos ; elle reste face visible."),
    ("love-letter", "en", "Ana. Deck: 11 cards.", "Ana's turn: draw a card. Deck: 11 cards.",
     "Ana's turn: draw a card. Deck: 11 cards. Then play one of the two cards in hand."),
    ("love-letter", "fr", "Ana. Pioche : 11 cartes.", "Ana, piochez une carte. Pioche : 11 cartes.",
     "Ana, piochez une carte. Pioche : 11 cartes. Puis jouez l'une des deux cartes en main."),
    ("mindbug", "en", "3, Spider Owl attacks.", "3: Ana attacks with Spider Owl.",
     "3: Ana attacks with Spider Owl. A creature may block it; if none does, a life is lost."),
    ("mindbug", "fr", "3, Arachnibou attaque.", "3 : Ana attaque avec Arachnibou.",
     "3 : Ana attaque avec Arachnibou. Une créature peut la bloquer ; sinon, une vie est perdue."),
])
def test_the_same_event_in_the_three_verbosities(game_id: str, lang: str, terse: str, normal: str, full: str) -> None:
    event = _events()[game_id]
    assert [_said(game_id, event, lang, level) for level in ("terse", "normal", "full")] == [terse, normal, full]
