"""Love Letter: typed lines in English and French → requests; the secret Baron; refusals that change nothing."""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from companion.commands import love_letter as p
from companion.commands.base import Ask, Change, ParseError, Secret
from companion.registry import find
from companion.games import love_letter as ll
from companion.games.base import RuleError

from conftest import make_session, run_lines

CARDS = find("love-letter").cards()


def state(players=4, names=()):
    return ll.new(ll.Options(players=players, names=names), CARDS)


def command(line, s=None):
    request = p.parse(line, s if s is not None else state())
    assert isinstance(request, Change)
    return request.command


@pytest.mark.parametrize("line, expected", [
    ("play guard 2 priest", ll.Play("guard", 1, 2)),
    ("joue garde p3 3", ll.Play("guard", 2, 3)),
    ("play wacht 4 prinses", ll.Play("guard", 3, 8)),
    ("p priest 2", ll.Play("priest", 1)),
    ("play prince 1", ll.Play("prince", 0)),
    ("joue servante", ll.Play("handmaid")),
    ("play countess", ll.Play("countess")),
    ("éliminé 2", ll.Out(1)),
    ("out p2 baron", ll.Out(1, "baron")),
    ("défausse 3 roi", ll.Discard(2, "king")),
    ("reveal 4 princess", ll.Reveal(3, "princess")),
    ("révèle p1 comtesse", ll.Reveal(0, "countess")),
    ("suivant", ll.Next()),
    ("next", ll.Next()),
])
def test_commands_in_english_and_french(line, expected):
    assert command(line) == expected


def test_players_by_id_seat_or_given_name():
    s = state(3, ("Alice", "Bruno", "Chloé"))
    assert command("play king bruno", s) == ll.Play("king", 1)
    assert command("play king chloe", s) == ll.Play("king", 2)
    assert command("play king p3", s) == ll.Play("king", 2)
    assert command("play king 2", s) == ll.Play("king", 1)
    with pytest.raises(ParseError) as caught:
        p.parse("play king 5", s)
    assert caught.value.code == "no_such_seat"
    with pytest.raises(ParseError) as caught:
        p.parse("play king zoé", s)
    assert caught.value.code == "unknown_player"


def test_aside_and_unseen_and_shared_verbs():
    two = state(2)
    assert command("écartées garde garde roi", two) == ll.Aside(("guard", "guard", "king"))
    assert command("aside kamermeisje prins gravin", two) == ll.Aside(("handmaid", "prince", "countess"))
    assert p.parse("restantes", two) == Ask("unseen", {})
    assert p.parse("jouées", two) == Ask("played")
    assert p.parse("état", two) == Ask("status")
    with pytest.raises(ParseError) as caught:
        p.parse("aside", two)
    assert caught.value.code == "aside_cards_needed"


def test_with_one_possible_target_the_guard_takes_the_value_alone():
    two = ll.apply(state(2), ll.Aside(("guard", "guard", "king")))[0]
    assert command("play guard priest", two) == ll.Play("guard", None, 2)
    assert command("play guard 3", two) == ll.Play("guard", None, 3)


def test_the_baron_comparison_is_secret_or_typed_in_scripts():
    s = ll.apply(state(3), ll.Play("baron", 2))[0]
    secret = p.parse("compare", s)
    assert secret == Secret("baron", {"player": 0, "target": 2})
    assert p.secret_steps(secret, s) == ["p1", "p3"]
    assert p.resolve_secret(secret, s, [2, 5]) == Change(ll.Compare(0, "priest"))
    assert command("compare 6 princess", s) == ll.Compare(0, "king")
    with pytest.raises(RuleError) as caught:
        p.parse("compare", state(3))
    assert caught.value.code == "no_compare_now"
    with pytest.raises(ParseError) as caught:
        p.parse("compare 3", s)
    assert caught.value.code == "compare_values"


def test_a_secret_comparison_in_a_session_announces_only_the_loser_and_their_card():
    session, recorder = make_session("love-letter", players=3,
                                     wire=lambda w: replace(w, secret_handler=lambda sess, secret: [8, 3]))
    texts = run_lines(session, recorder, "play baron 3\ncompare")
    assert texts[-1] == "3, Baron, face up: player 3 is out of the round. 2 players left in the round."
    assert not any("8" in t for t in texts) and session.table.journal is None
    assert session.table.steps[-1].command == ll.Compare(2, "baron")


@pytest.mark.parametrize("line, code", [
    ("play", "card_name_needed"), ("play dragon", "unknown_card"), ("play guard 2 priest extra", "extra_words"),
    ("out", "player_needed"), ("discard 2", "card_needed"), ("reveal", "player_needed"), ("snap", "not_in_this_game"),
    ("dance", "unknown_command"),
    ("fight", "not_in_this_game"), ("next now", "extra_words"),
])
def test_bad_lines_are_refused_with_a_code(line, code):
    with pytest.raises(ParseError) as caught:
        p.parse(line, state())
    assert caught.value.code == code


def test_every_refusal_is_one_sentence_and_changes_nothing():
    session, recorder = make_session("love-letter", players=4)
    before = session.state
    for line in ["play guard 1 2", "play guard 2 1", "out 2", "discard 2 guard", "reveal 1 king", "aside guard guard king",
                 "compare", "play king 9", "play handmaid 2", "bogus", "play guard 2"]:
        texts = run_lines(session, recorder, line)
        assert len(texts) == 1 and recorder.utterances[-1].event == "error", line
        assert "refused (" not in texts[0], texts[0]
        assert session.state is before
