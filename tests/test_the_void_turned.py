"""The Void, issue 24: the card turned up for an error is said whole and stays face up; 44 cards in each round;
the drawing option's refusal says what is true; a low card is no question (issue 22)."""

from __future__ import annotations

import pytest

from companion.registry import find
from companion.games import the_void as g

from conftest import make_session, run_lines
from rules_helpers import for_rules, names

CARDS = find("the-void").cards()
apply_all, refused = for_rules(g)


def new(**options):
    return g.new(g.Options(**options), CARDS)


def test_the_turned_card_needs_its_rank_and_can_never_be_played_again():
    state, _ = apply_all(new(), g.Play(5))
    refused(state, g.Error("blue"), "turned_needed")  # its type alone would leave the 7 blue playable
    state, events = apply_all(state, g.Error("blue", rank=7))
    assert events[-1].turned_rank == 7 and events[-1].type == "blue" and not events[-1].pending
    assert [(p.rank, p.type, p.error) for p in state.discards] == [(7, "blue", True)]
    refused(state, g.Play(7, "blue"), "card_seen")
    assert g.discards_info(state).turned_ranks == (7,)
    state, _ = apply_all(state, g.Play(7), g.Play(7), g.Play(7))
    refused(state, g.Play(7), "all_seen")  # the fourth 7 is the one turned up


def test_an_error_called_alone_counts_at_once_and_the_turned_card_follows():
    state, events = apply_all(new(), g.Play(6, "red"), g.Error(player=2))
    assert events[-1].pending and events[-1].errors == 1 and state.turn_pending and state.deck == 27
    refused(state, g.Error(), "turn_pending")
    refused(state, g.Error("red", rank=6), "card_seen")  # the 6 played is not in the draw pile
    state, events = apply_all(state, g.Play(8), g.Error("red", rank=9))
    assert names(events)[-2:] == ["card_played", "card_turned"] and events[-1].rank == 9
    assert not state.turn_pending and state.error_types == ("red",) and state.deck == 25 and state.counted() == 44
    refused(state, g.Play(9, "red"), "card_seen")
    state, _ = apply_all(state, g.Play(10), g.Error())
    state, events = apply_all(state, g.Error("red", rank=11))
    assert names(events)[-2:] == ["card_turned", "round_ended"] and events[-2].repeated  # red a second time


def test_every_one_of_the_44_cards_is_played_in_a_round():
    state = new()
    assert state.deck + sum(state.hands) == 44 and state.counted() == 44
    plays = 0
    for rank in range(1, 12):
        for kind in ("red", "blue", "green", "yellow"):
            seat = None if state.deck else next(s for s, n in enumerate(state.hands) if n)
            state, _ = apply_all(state, g.Play(rank, kind, seat))
            plays += 1
    assert plays == 44 and state.phase == g.ROUND_OVER and state.score == 44 and state.max_score == 44 * 13


@pytest.mark.parametrize(("lang", "expected"), [
    ("en", "Whose card? Hands are refilled only once empty. Add the player, such as p2."),
    ("fr", "À qui la carte ? Une main se complète une fois vide. Ajoutez le joueur, par exemple p2."),
])
def test_drawing_when_a_hand_is_empty_never_says_the_draw_pile_is_empty(lang, expected):
    session, recorder = make_session("the-void", lang=lang, draw="empty_hand")
    assert run_lines(session, recorder, "3") == [expected]
    assert session.state.deck == 28


@pytest.mark.parametrize(("lang", "expected"), [
    ("en", ["5 blue.", "3 green.", "1 error of 5: turn up a card, discard below 3.",
            "7 blue turned up.", "7 blue is already face up."]),
    ("fr", ["5 bleu.", "3 vert.", "1 faute sur 5 : retournez une carte, défaussez sous 3.",
            "7 bleu retourné.", "Le 7 bleu est déjà sorti."]),
])
def test_a_low_card_is_no_question_and_the_table_types_error(lang, expected):
    session, recorder = make_session("the-void", lang=lang)
    words = {"en": ("error", "blue", "green"), "fr": ("faute", "bleu", "vert")}[lang]
    error, blue, green = words
    assert run_lines(session, recorder, f"5 {blue}\n3 {green}\n{error}\n{error} 7 {blue}\n7 {blue}") == expected
