"""The Void: typed lines in French and English → requests; time stamps; the journal keeps them; refusals change nothing."""

from __future__ import annotations

import json

import pytest

from companion import journal
from companion.commands import the_void as p
from companion.commands.base import Ask, Change, ParseError
from companion.registry import find
from companion.games import the_void as g
from companion.games.base import options_to_json

from conftest import make_session, run_lines

CARDS = find("the-void").cards()


def state(**options):
    return g.new(g.Options(**options), CARDS)


@pytest.mark.parametrize(("line", "expected"), [
    ("7", g.Play(7)),
    ("7 rouge", g.Play(7, "red")),
    ("7 red p2", g.Play(7, "red", 1)),
    ("7 p3 bleu", g.Play(7, "blue", 2)),
    ("joue 11 jaune", g.Play(11, "yellow")),
    ("play 3 v", g.Play(3, "green")),
    ("faute bleu", g.Error("blue")),
    ("faute 7 bleu", g.Error("blue", rank=7)),
    ("error 9 green p1", g.Error("green", 0, 9)),
    ("error green p1", g.Error("green", 0)),
    ("faute", g.Error()),
    ("défausse 3 bleu 5", g.Discard((3, 5), ("blue", ""))),
    ("discard p2 1 2 red", g.Discard((1, 2), ("", "red"), player=1)),
    ("d 4", g.Discard((4,), ("",))),
])
def test_lines_become_commands(line, expected):
    request = p.parse(line, state())
    assert isinstance(request, Change) and request.command == expected


@pytest.mark.parametrize(("line", "what"), [("", "top"), ("dessus", "top"), ("fautes", "errors"),
                                             ("défausses", "discards"), ("manche", "round"), ("s", "status")])
def test_queries(line, what):
    assert p.parse(line, state()) == Ask(what)


def test_round_starts_the_next_round_only_once_one_is_over():
    over, _ = g.apply(g.apply(g.apply(g.apply(state(), g.Play(2))[0], g.Error("red", rank=9))[0], g.Play(3))[0],
                      g.Error("red", rank=10))
    assert over.phase == g.ROUND_OVER
    request = p.parse("manche", over)
    assert isinstance(request, Change) and isinstance(request.command, g.NextRound)


@pytest.mark.parametrize(("line", "code"), [
    ("7 violet", "unknown_word"), ("7 p9", "no_such_seat"), ("sept", "unknown_command"), ("7²", "unknown_command"),
    ("joue", "rank_needed"), ("joue x", "not_a_number"), ("défausse", "discard_what"), ("manche 2", "extra_words"),
    ("1234567", "unknown_command"),
])
def test_bad_lines_are_refused(line, code):
    with pytest.raises(ParseError) as caught:
        p.parse(line, state())
    assert caught.value.code == code


def test_the_count_option_reads_a_count():
    request = p.parse("défausse 2", state(discards="count"))
    assert isinstance(request, Change) and request.command == g.Discard(count=2)
    with pytest.raises(ParseError):
        p.parse("défausse 2 rouge", state(discards="count"))


def test_time_stamps_rise_and_go_on_from_a_resumed_game():
    fresh = state()
    first = p.stamp(fresh, now=100.0)
    assert p.stamp(fresh, now=100.5) == first + 0.5
    resumed = g.apply(state(), g.Play(3, t=500.0))[0]
    assert p.stamp(resumed, now=101.0) == 500.0  # never before the game's latest stamp
    assert p.stamp(resumed, now=103.25) == 502.25


def test_a_refused_line_changes_nothing_and_says_why():
    session, recorder = make_session("the-void", lang="fr")
    run_lines(session, recorder, "7")
    before = session.state
    texts = run_lines(session, recorder, "7 violet\nfaute bleu\ndéfausse 3\nmanche\n12")
    assert session.state == before
    assert texts == ["Violet n'est ni un type ni un joueur.",
                     "Quelle carte est retournée ? Tapez son rang et son type. Par exemple faute 7 bleu.",
                     "Aucune faute cette manche. Rien à défausser.",
                     "1 empilée, manche 1 sur 13, score 1.",
                     "12 n'est pas un rang : de 1 à 11."]


def test_two_plays_in_quick_succession_are_both_kept_in_order_with_their_time(tmp_path):
    game = find("the-void")
    options = g.Options()
    path = tmp_path / "void.jsonl"
    saved = journal.Journal.create(path, game.id, options_to_json(options))
    session, recorder = make_session("the-void", lang="en", journal=saved)
    run_lines(session, recorder, "3\n4 red\nerror 9 blue\nundo\n5")
    saved.close()
    lines = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()[1:]]
    commands = [line for line in lines if "cmd" in line]
    assert [c["cmd"] for c in commands] == ["play", "play", "error", "play"]
    stamps = [c["t"] for c in commands]
    assert all(isinstance(t, float) for t in stamps) and stamps == sorted(stamps)
    again, replay = journal.Journal.resume(path)
    resumed, _ = make_session("the-void", lang="en", journal=again)
    resumed.table.restore(replay)
    assert resumed.state == session.state and [x.t for x in resumed.state.pile] == [x.t for x in session.state.pile]
    again.close()


def test_undo_says_what_left_the_pile():
    session, recorder = make_session("the-void", lang="fr")
    run_lines(session, recorder, "7 rouge")
    texts = run_lines(session, recorder, "annule")
    # The headline quotes the card taken back; the status says the pile and the draw pile as they are again.
    assert texts == ["Annulé : « 7 rouge. » Maintenant : 1re manche sur 13.",
                     "Pile vide. 28 cartes en pioche. 0 empilée cette manche, score 0."]
    assert session.state.pile == ()


def test_the_cli_plays_piped_lines():
    import io

    from companion.cli import main

    out = io.StringIO()
    import sys

    old_in, old_out = sys.stdin, sys.stdout
    sys.stdin, sys.stdout = io.StringIO("7 rouge\n\nfautes\n"), out
    try:
        code = main(["play", "the-void", "--lang", "fr", "--difficulty", "divin"])
    except SystemExit as exit_:
        code = exit_.code
    finally:
        sys.stdin, sys.stdout = old_in, old_out
    assert code in (0, None), out.getvalue()
    text = out.getvalue()
    assert "7 rouge sur la pile, 27 cartes en pioche." in text and "0 faute sur 1 permise." in text


@pytest.mark.parametrize(("lang", "lines", "said"), [
    ("fr", "7 jeune\noui", ["Jeune n'est ni un type ni un joueur. Vouliez-vous dire jaune ? Tapez oui.", "7 jaune."]),
    ("en", "7 red anna\nyes", ["Anna is neither a type nor a player. Did you mean Ana? Type yes.", "7 red."]),
])
def test_a_typo_of_a_type_or_a_name_is_offered_and_yes_plays_it(lang, lines, said):
    """At a real-time table a mistyped type ("7 jeune") gets the close word, and yes alone plays the card."""
    session, recorder = make_session("the-void", lang=lang, names=("Ana", "Bo", "Cy", "Di"), verbosity="terse")
    assert run_lines(session, recorder, lines) == said
    assert len(session.state.pile) == 1
