"""The Void: the rules core on states and events, and its invariants under random real-time play (hypothesis)."""

from __future__ import annotations

import json
import random
import re

import msgspec
import pytest
from hypothesis import given, settings, strategies as st

from companion.registry import find
from companion.games import the_void as g
from companion.games.base import OutcomeKind

from rules_helpers import for_rules, names

CARDS = find("the-void").cards()
apply_all, refused = for_rules(g)


def new(**options):
    return g.new(g.Options(**options), CARDS)


def empty_the_draw_pile(state):
    """28 plays with no player said (each refilled at once), rising as far as the cards allow."""
    plays = [g.Play(rank, kind) for rank in range(1, 12) for kind in ("red", "blue", "green", "yellow")][:28]
    return apply_all(state, *plays)


def test_a_round_is_dealt_with_44_cards_in_play():
    state = new()
    assert (state.round, state.deck, state.hands, state.phase) == (1, 28, (4, 4, 4, 4), g.PLAYING)
    assert state.counted() == 44 and state.score == 0 and state.max_score == 44 * 13


def test_a_play_refills_the_hand_and_a_play_below_is_noted_not_refused():
    state, events = apply_all(new(), g.Play(7, "red", t=1.0), g.Play(3))
    assert [(p.rank, p.type) for p in state.pile] == [(7, "red"), (3, None)]
    assert state.deck == 26 and state.hands == (4, 4, 4, 4) and state.stacked == 2
    assert events[0].below is None and events[1].below == 7


def test_a_rank_fully_seen_cannot_be_played_again():
    state, _ = apply_all(new(), g.Play(7, "red"), g.Play(7))
    refused(state, g.Play(7, "red"), "card_seen")
    state, events = apply_all(state, g.Play(7), g.Play(7))
    assert events[-1].last_of_rank
    refused(state, g.Play(7), "all_seen")
    refused(state, g.Play(7, "blue"), "all_seen")
    refused(state, g.Play(12), "no_such_rank")
    refused(state, g.Play(3, "purple"), "no_such_type")


def test_an_error_turns_a_type_up_and_the_same_type_again_ends_the_round():
    state, events = apply_all(new(), g.Play(5), g.Error("blue", t=2.0, rank=11))
    assert names(events) == ["card_played", "error_called"]
    assert (state.errors, state.error_types, state.deck, state.pile[-1].error) == (1, ("blue",), 26, True)
    assert state.stacked == 0 and state.counted() == 44
    refused(state, g.Error("green", rank=11), "already_error")
    state, events = apply_all(state, g.Discard((2, 3), ("", "red")), g.Play(8), g.Error("green", rank=10), g.Play(9))
    assert state.phase == g.PLAYING and state.error_types == ("blue", "green")
    state, events = apply_all(state, g.Error("blue", rank=10))
    assert names(events) == ["error_called", "round_ended"]
    assert events[0].repeated and events[1].reason == "same_type" and events[1].type == "blue"
    assert state.phase == g.ROUND_OVER and state.errors == 3
    refused(state, g.Play(10), "round_over")
    state, events = apply_all(state, g.NextRound(t=9.0))
    assert names(events) == ["round_started"] and events[0].round == 2
    assert (state.round, state.deck, state.pile, state.discards, state.error_types) == (2, 28, (), (), ())
    assert state.errors == 3 and state.score == 0  # every play of round 1 erred; errors are for the game
    state, _ = apply_all(new(), g.Play(2), g.Play(3), g.Error("red", rank=11), g.Play(4), g.Error("red", rank=10), g.NextRound())
    assert state.score == 1  # the 2, stacked in round 1, counts in the score of the game


def test_the_round_is_not_over_until_one_of_its_two_conditions():
    refused(new(), g.NextRound(), "round_not_over")


def test_discards_are_checked_against_the_card_that_erred():
    """The rules reader says it too: "cards lower than the one played" (issue 32: the engine used the pile's top)."""
    state = new()
    refused(state, g.Discard((2,), ("",)), "no_error_yet")
    refused(state, g.Error("blue", rank=9), "nothing_played")
    state, _ = apply_all(state, g.Play(6), g.Play(4), g.Error("red", rank=9))
    assert state.level == 6
    # "jouables avant celle posée": lower than the 4 just played, not than the pile's highest card (6).
    refused(state, g.Discard((5,), ("blue",)), "not_lower")
    refused(state, g.Discard((4,), ("",)), "not_lower")
    refused(state, g.Discard((6,), ("",)), "not_lower")
    refused(state, g.Discard((2, 2, 2, 2, 2), ("",) * 5), "all_seen")
    refused(state, g.Discard((), (), count=2), "cards_needed")
    state, events = apply_all(state, g.Discard((3, 2), ("blue", ""), player=1))
    assert events[0].cards == ({"rank": 3, "type": "blue"}, {"rank": 2, "type": None}) and events[0].player == "p2"
    assert state.deck == 23 and state.hands == (4, 4, 4, 4) and state.counted() == 44


def test_with_the_draw_pile_empty_the_player_is_needed_and_the_round_ends_when_every_card_is_played():
    state, events = empty_the_draw_pile(new(rounds=2))
    assert state.deck == 0 and "draw_pile_empty" in names(events)
    refused(state, g.Play(8), "player_needed")
    refused(state, g.Error("blue", rank=8), "no_card_to_turn")
    order = [(rank, kind) for rank in range(7, 12) for kind in ("red", "blue", "green", "yellow")]
    order = [card for card in order if card not in {(p.rank, p.type) for p in state.pile}]
    for seat in range(4):
        for _ in range(4):
            rank, kind = order.pop(0)
            if sum(state.hands) > 0:
                state, events = apply_all(state, g.Play(rank, kind, seat))
    assert names(events)[-1] == "round_ended" and events[-1].reason == "all_played"
    assert state.phase == g.ROUND_OVER and state.score == 44


def test_an_empty_hand_cannot_play():
    state, _ = empty_the_draw_pile(new())
    state, _ = apply_all(state, *[g.Play(11, k, 0) for k in ("red", "blue", "green")])
    state, _ = apply_all(state, g.Play(10, "yellow", 0))
    assert state.hands[0] == 0
    refused(state, g.Play(11, "yellow", 0), "empty_hand")
    refused(state, g.Play(11, "yellow", 7), "unknown_player")


def test_errors_beyond_the_allowance_lose_the_game():
    state, events = apply_all(new(difficulty="gros-mytho"), g.Play(5), g.Error("blue", rank=7))
    assert names(events)[-1] == "game_over" and events[-1].reason == "errors"
    outcome = g.outcome(state)
    assert outcome is not None and outcome.kind is OutcomeKind.COOPERATIVE_LOSS and outcome.score == 0
    assert g.to_act(state) is None and g.legal_moves(state) == []


def test_the_last_round_ends_the_game_with_its_score():
    state, _ = apply_all(new(rounds=1), g.Play(2), g.Play(5), g.Error("red", rank=8), g.Play(6), g.Error("red", rank=7))
    outcome = g.outcome(state)
    assert outcome is not None and outcome.kind is OutcomeKind.SCORE and outcome.score == 1
    assert state.reason is g.Reason.ROUNDS


def test_a_budget_per_round_starts_again_each_round():
    two_errors = (g.Play(2), g.Error("red", rank=6), g.Play(4), g.Error("red", rank=5))
    state, _ = apply_all(new(difficulty="mythique", budget="round"), *two_errors, g.NextRound(),
                         g.Play(2), g.Error("blue", rank=6), g.Play(4), g.Error("green", rank=9))
    assert state.phase == g.PLAYING and (state.errors, state.budget_used) == (4, 2)
    state, _ = apply_all(new(difficulty="mythique"), *two_errors, g.NextRound(), g.Play(2), g.Error("blue", rank=5))
    assert state.phase == g.GAME_OVER and state.reason is g.Reason.ERRORS
    state, events = apply_all(new(difficulty="divin"), *two_errors)
    assert names(events)[-1] == "game_over"  # beyond the allowance: lost, even on a type turned up twice


def test_with_error_end_all_a_discarded_type_counts():
    state, events = apply_all(new(error_end="all"), g.Play(6), g.Error("red", rank=4), g.Discard((2,), ("red",)))
    assert names(events)[-1] == "round_ended" and state.phase == g.ROUND_OVER


def test_discards_by_count_and_drawing_when_a_hand_is_empty():
    state, events = apply_all(new(discards="count"), g.Play(6), g.Error("red", rank=3), g.Discard(count=2))
    assert events[-1].count == 2 and state.deck == 24 and state.counted() == 44
    refused(state, g.Discard((2,), ("",)), "count_only")
    state = new(draw="empty_hand")
    refused(state, g.Play(3), "player_needed")
    state, _ = apply_all(state, *[g.Play(r, "red", 2) for r in (1, 2, 3, 4)])
    assert state.hands == (4, 4, 4, 4) and state.deck == 24


def test_eyes_closed_every_other_round():
    state = new(eyes_closed="13")
    assert state.eyes_closed_now() == ()
    state, events = apply_all(state, g.Play(2), g.Error("red", rank=2), g.Play(3), g.Error("red", rank=1), g.NextRound())
    assert events[-1].eyes_closed == ("p1", "p3")
    assert new(eyes_closed="24", eyes_closed_rounds="odd").eyes_closed_now() == ("p2", "p4")


def test_time_stamps_ride_along_without_changing_what_a_command_is():
    assert g.Play(7, "red", t=1.0) == g.Play(7, "red", t=99.0)
    state, events = apply_all(new(), g.Play(7, t=3.25), g.Play(8, t=2.0))
    assert state.clock == 3.25 and [e.t for e in events] == [3.25, 2.0]
    line = json.loads(json.dumps(g.Play(7, "red", 1, t=3.25).to_json()))
    assert line == {"cmd": "play", "rank": 7, "type": "red", "player": 1, "t": 3.25}
    assert g.RULES.command_from(line).t == 3.25


def test_bad_options_are_refused():
    with pytest.raises(Exception) as caught:
        new(difficulty="facile")
    assert getattr(caught.value, "code", None) == "bad_option"
    assert caught.value.details["option"] == "difficulty"


# --------------------------------------------------------------------------- invariants over random real-time play


def _round_should_end(before, command, after, events):
    return any(e.name == "round_ended" for e in events)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), options=st.fixed_dictionaries({
    "draw": st.sampled_from(("after_play", "empty_hand")), "error_end": st.sampled_from(("turned", "all")),
    "budget": st.sampled_from(("game", "round")), "discards": st.sampled_from(("cards", "count")),
    "difficulty": st.sampled_from(tuple(g.DIFFICULTIES)), "rounds": st.integers(1, 3)}))
def test_invariants_of_random_real_time_sequences(seed, options):
    rng = random.Random(seed)
    state = new(**options)
    clock = 0.0
    for _ in range(400):
        moves = g.legal_moves(state)
        if not moves:
            break
        command = rng.choice(moves)
        clock += rng.choice((0.0, 0.05, 0.3, 2.0))  # two plays in quick succession are both kept, in order
        command = msgspec.structs.replace(command, t=clock)
        before = state
        state, events = g.apply(state, command)
        assert state.errors >= before.errors  # errors never decrease
        assert state.clock == clock and all(getattr(e, "t", clock) == clock for e in events)
        if state.phase == g.PLAYING:
            assert state.counted() == 44  # cards conserved per round
        ended = "round_ended" in names(events)
        all_played = state.deck == 0 and sum(state.hands) == 0
        twice = len(state.error_types) != len(set(state.error_types))
        lost = "game_over" in names(events) and state.reason is g.Reason.ERRORS
        # A round ends exactly on its two conditions (or the game is lost first).
        assert ended == ((all_played or twice) and before.phase == g.PLAYING and not lost), (command, events)
        if ended:
            assert state.phase in (g.ROUND_OVER, g.GAME_OVER)
    assert g.outcome(state) is not None or state.phase != g.GAME_OVER


#: The French names of the ranks and difficulty levels, which an English text must not use as its own words.
FRENCH_NAMES = ("méritant", "joli", "impressionnant", "ben mon vieux", "in difficile", "in épique", "in mythique",
                "in divin", "in gros mytho")


def test_english_rules_and_aid_sheet_use_english_rank_and_difficulty_names() -> None:
    from companion.braille.aidsheet import sheet_blocks
    from companion.rules_data import load

    game = find("the-void")
    rules = load(game)
    english = " ".join(p for s in rules.sections for p in s.paragraphs["en"])
    sheet = " ".join(str(block) for block in sheet_blocks(game, "en"))
    for text in (english, sheet):
        assert not [name for name in FRENCH_NAMES if re.search(rf"\b{name}\b", text)]
    assert "big fibber" in english and "4 in hard" in english and "4 in hard" in sheet
