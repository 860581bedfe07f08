"""Typed lines: French and English words, forgiving names, and a clear refusal for every bad line."""

from __future__ import annotations

import pytest

from companion.commands import gauntlet as parser
from companion.commands.base import Ask, Change, Control, ParseError, Secret
from companion.games import gauntlet as g
from tests.conftest import make_session, run_lines


@pytest.fixture
def state(gauntlet_cards):
    return g.new(g.Options(players=4, names=("Alice", "Bruno", "Chloé", "Dan")), gauntlet_cards)


@pytest.mark.parametrize("line, command", [
    ("play proxima", g.Play("proxima-midnight")),
    ("JOUE Pierre de l'Âme 2", g.Play("soul-stone", target=2)),
    ("joue pierre de l ame hero 2", g.Play("soul-stone", target=2)),
    ("play outriders h3 5", g.Play("outriders", target=3, value=5)),
    ("play outriders chloé 5", g.Play("outriders", target=2, value=5)),
    ("play esprit 4", g.Play("mind-stone", value=4)),
    ("play time stone proxima", g.Play("time-stone", copy="proxima-midnight")),
    ("play pierre du temps outriders 1 3", g.Play("time-stone", target=1, value=3, copy="outriders")),
    ("vaincu héros 2 ironman", g.Defeat(2, "iron-man")),
    ("defeat thanos reality", g.Defeat(0, "reality-stone")),
    ("pouvoir thanos -1", g.Token(0, -1)),
    ("token hero1", g.Token(1, 1)),
    ("claque esprit âme espace", g.Snap(("mind-stone", "soul-stone", "space-stone"))),
    ("suivant", g.Next()),
    ("n", g.Next()),
])
def test_lines_become_commands(state, line, command):
    assert parser.parse(line, state) == Change(command)


@pytest.mark.parametrize("line, request_", [
    ("état", Ask("status")),
    ("jouées", Ask("played")),
    ("restantes héros", Ask("unseen", {"side": "heroes"})),
    ("unseen thanos", Ask("unseen", {"side": "thanos"})),
    ("carte iron", Ask("card", {"card": "iron-man"})),
    ("aide", Ask("help", {"topic": None})),
    ("help combat", Ask("help", {"topic": "fight"})),
    ("?", Ask("help", {"topic": None})),
    ("annule", Control("undo")),
    ("rétablis", Control("redo")),
    ("quitter", Control("quit")),
    ("répète", Control("repeat")),
    ("parole non", Control("speech", {"on": False})),
    ("défile arrière", Control("pan", {"step": -1})),
])
def test_questions_and_controls(state, line, request_):
    assert parser.parse(line, state) == request_


def test_a_fight_without_values_is_a_secret_request(gauntlet_cards):
    state, _ = g.apply(g.new(g.Options(players=3), gauntlet_cards), g.Play("ebony-maw"))
    state, _ = g.apply(state, g.Next())
    state, _ = g.apply(state, g.Play("hulk"))
    assert parser.parse("combat", state) == Secret("fight", {"hero": 1})
    assert parser.parse("fight 1", state) == Secret("fight", {"hero": 1})
    assert parser.secret_steps(Secret("fight", {"hero": 1}), state) == ["hero1", "thanos"]
    assert parser.resolve_secret(Secret("fight", {"hero": 1}), state, [3, 7]) == Change(g.Fight(1, "hero", None, 3))
    assert parser.parse("fight 1 3 7", state) == Change(g.Fight(1, "hero", None, 3))


@pytest.mark.parametrize("line, code", [
    ("", "empty"),
    ("   ", "empty"),
    ("dance", "unknown_command"),
    ("play", "card_name_needed"),
    ("play zorglub", "unknown_card"),
    ("play black", "ambiguous_card"),
    ("play proxima extra words", "extra_words"),
    ("play outriders 9 3", "no_such_hero"),
    ("play outriders bob 3", "unknown_player"),
    ("play outriders 1 x", "not_a_number"),
    ("defeat", "player_needed"),
    ("defeat hero 1", "card_needed"),
    ("status now", "extra_words"),
    ("speech loud", "speech_on_off"),
    ("unseen everything", "bad_deck_word"),
    ("card", "card_name_needed"),
])
def test_bad_lines_are_parse_errors(state, line, code):
    with pytest.raises(ParseError) as caught:
        parser.parse(line, state)
    assert caught.value.code == code


BAD_LINES = ["", "dance", "play zorglub", "play black", "play iron man", "play thanos", "next",
             "fight 1 3 4", "defeat hero 9 hulk", "token thanos -5", "snap", "snap hulk", "play outriders 1 99",
             "undo", "redo", "play proxima 1", "token thanos 0", "card", "combat"]


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_bad_line_gets_one_sentence_with_a_code_and_changes_nothing(lang):
    session, recorder = make_session(lang=lang)
    before = session.state
    for line in BAD_LINES:
        recorder.clear()
        assert session.handle(line) is True
        assert len(recorder.utterances) == 1, line
        error = recorder.utterances[0]
        assert error.event == "error" and error.fields["code"], line
        assert error.text and not error.text[0].islower() and error.text.endswith((".", "?")), (line, error.text)
        assert session.state == before, line


def test_commands_after_the_end_are_refused_but_undo_works():
    session, recorder = make_session(lang="en", hero_lives=1)
    run_lines(session, recorder, "defeat hero 1 hulk")
    assert session.table.is_over
    texts = run_lines(session, recorder, "play proxima")
    assert texts == ["The game is over. Thanos won. Undo takes back the last command."]
    run_lines(session, recorder, "undo")
    assert not session.table.is_over


def test_ambiguous_names_list_the_candidates():
    session, recorder = make_session(lang="fr")
    assert run_lines(session, recorder, "carte cap") == ["Captain America ou Captain Marvel ? Précisez le nom."]


def test_help_says_what_can_be_done_now():
    session, recorder = make_session(lang="fr")
    texts = run_lines(session, recorder, "aide")
    assert texts[0] == "Thanos doit jouer. Maintenant : joue, vaincu ou pouvoir."  # no snap: the stones are not all in hand
    assert any(t.startswith("claque PIERRES") for t in texts)


def test_every_refusal_code_of_the_gauntlet_has_its_own_sentence_in_both_languages():
    """Each RuleError and game ParseError code has a sentence, not the generic fallback."""
    import re
    from pathlib import Path

    from companion.render import Context, Settings, render_parse_error
    from companion.render import gauntlet as renderer
    from companion.registry import find

    root = Path(__file__).resolve().parent.parent
    sources = (root / "companion/games/gauntlet.py").read_text() + (root / "companion/commands/gauntlet.py").read_text()
    found = re.findall(r'(RuleError|ParseError)\("(\w+)"', sources)
    details = {"player": "hero1", "card": "hulk", "value": 9, "low": 1, "high": 6, "hand": 2, "count": 3, "held": 0,
               "missing": ("mind-stone",), "players": 4, "names": 2, "winner": "thanos", "text": "zorglub",
               "heroes": 3, "number": 7, "loser": "x", "command": "x", "side": "thanos", "values": (1, 2),
               "fitting": ("hulk",), "limit": 9, "length": 2000}
    cards = find("gauntlet").cards()
    for lang in ("fr", "en"):
        ctx = Context(Settings(lang), cards, renderer.DOMAIN)
        fallback = ctx.core("Command refused ({code}). Nothing was changed.", code="X").split("(")[0]
        for kind, code in sorted(set(found)):
            text = render_parse_error(code, details, ctx) if kind == "ParseError" else None
            text = text or renderer.RENDERER.render_error(code, details, ctx)
            assert text and not text.startswith(fallback), (lang, code)
