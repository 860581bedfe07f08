"""The Void with hands entered on the pages: the companion calls errors and discards itself, one tap plays the lowest."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings, strategies as st

from companion import registry
from companion.games import the_void as g
from companion.games.base import RuleError
from companion.private import the_void as private
from companion.web.answer import Answer

from conftest import make_served

CARDS = registry.find("the-void").cards()
KEPT = Answer(200, True, "Your hand is kept for your page only: never said, shown elsewhere or saved.")
SENT = Answer(200, True, "Sent to the table.")


def new() -> g.State:
    return g.new(g.Options(), CARDS)


def test_a_lower_card_in_another_hand_is_an_error_and_the_hands_holding_lower_cards_discard() -> None:
    state, _ = g.apply(new(), g.Play(8, "red", 0))
    hands = {"p1": ("blue-9", "green-10", "yellow-11"), "p2": ("red-3", "blue-5", "green-9", "red-10")}
    assert private.adjudicate(state, {"p1": hands["p1"]}) is None  # no other hand lower: no error
    assert private.adjudicate(state, {"p1": ("blue-2",)}) is None  # a lower card in one's own hand is no error
    error = private.adjudicate(state, hands)
    assert error == g.Error(player=0)
    state, events = g.apply(state, error)
    assert events[0].pending and state.turn_pending
    # Ana's hand is not whole (her drawn card is still to enter): Ben's is, and holds the 3 and the 5.
    discard = private.adjudicate(state, hands)
    assert discard == g.Discard((3, 5), ("red", "blue"), player=1)
    state, events = g.apply(state, discard)
    hands = dict(private.follow(state, state, events, hands).hands)
    assert hands["p2"] == ("green-9", "red-10")
    assert private.adjudicate(state, hands) is None  # Ben discarded for this error: never asked twice
    assert private.adjudicate(state, {**hands, "p2": ("red-1", "green-9", "red-10", "yellow-2")}) is None


def test_no_new_error_while_the_last_ones_card_is_still_to_turn_up_and_a_rank_all_seen_is_in_no_hand() -> None:
    """Found by the private-hands conformance run: the hands never decide a command the rules refuse."""
    state, _ = g.apply(new(), g.Play(8, "red", 0))
    state, _ = g.apply(state, g.Error(player=0))  # called bare: the card turned up is still to be said
    state, _ = g.apply(state, g.Play(9, None, 1))
    assert state.turn_pending
    assert private.adjudicate(state, {"p1": ("red-2", "blue-3", "green-4", "yellow-5")}) is None  # not "turn_pending"
    state = new()
    for kind in ("red", "blue", "green", None):  # every 4 face up, the last one with no type said
        state, _ = g.apply(state, g.Play(4, kind, 0))
    assert private.seen(state, "yellow-4") == 1  # the rules refuse a fifth 4 (all_seen): no hand holds one
    with pytest.raises(RuleError):
        private.PRIVATE.enter(state, CARDS, {}, "p2", ["yellow-4", "red-9", "blue-9", "green-9"])


def test_one_tap_offers_the_lowest_card_of_a_whole_hand_and_a_play_not_held_is_refused() -> None:
    state = new()
    assert private.offers(state, {"p1": ("blue-9", "red-4", "green-4")}, "p1") == []  # 3 of 4 cards: unknown
    hand = ("blue-9", "red-4", "green-4", "yellow-11")
    assert private.offers(state, {"p1": hand}, "p1") == [("play", "red-4")]
    assert private.offers(state, {"p1": hand}, "p2") == []
    private.check(state, {"p1": hand}, g.Play(4, None, 0))
    with pytest.raises(RuleError) as refused:
        private.check(state, {"p1": hand}, g.Play(5, None, 0))
    assert refused.value.code == "not_in_hand"
    followed = private.follow(state, state, [g.CardPlayed(4, None, "p1", None, 27, 1, False)], {"p1": hand})
    assert followed.hands == {"p1": ("blue-9", "green-4", "yellow-11")}


@pytest.fixture
def served() -> Iterator[tuple[Any, Any, Any]]:
    session, recorder, web = make_served("the-void", players=4, names=("Ana", "Ben", "Cleo", "Dan"))
    try:
        session.start()
        recorder.clear()
        yield session, recorder, web
    finally:
        web.stop()


def test_at_the_table_the_hands_decide_the_error_and_the_discards(served: Any) -> None:
    session, recorder, web = served
    assert web.hands.enter(session, "p1", ["red-8", "blue-9", "green-10", "yellow-11"], "en") == KEPT
    assert web.hands.enter(session, "p2", ["red-3", "blue-5", "green-9", "red-10"], "en") == KEPT
    assert web.hands.view(session, "p1", "en")["offers"] == [("play 8 red", "Play 8 red")]
    assert web.lines.handle("p1", "play 8 red", "en") == SENT  # the tap's line
    decided = "Decided from the hands entered on the devices:"
    assert recorder.texts == ["8 red.", decided, "1 error of 5: turn up a card, discard below 8.",
                              decided, "3 red and 5 blue discarded."]
    assert [s.command.name for s in session.table.steps] == ["play", "error", "discard"]
    assert web.hands.view(session, "p1", "en")["offers"] == []  # Ana's drawn card is still to enter
    recorder.clear()
    session.handle("error 7 blue")
    assert recorder.texts == ["7 blue turned up."]



@settings(max_examples=60, deadline=None)
@given(st.randoms(use_true_random=False), st.integers(0, 3))
def test_the_hands_call_an_error_exactly_when_another_hand_holds_a_lower_card(rng: Any, seat: int) -> None:
    """Whatever the deal and the card played, an error is decided iff another seat's entered hand is lower."""
    ids = [c.id for c in CARDS.cards]
    rng.shuffle(ids)
    hands = {g.player_id(s): tuple(ids[4 * s:4 * s + 4]) for s in range(4)}
    played = rng.choice(hands[g.player_id(seat)])
    rank = CARDS[played].value
    state, events = g.apply(new(), g.Play(rank, g.traits(CARDS[played]).type, seat))
    hands = dict(private.follow(new(), state, events, hands).hands)
    lower = any(CARDS[c].value < rank for s, hand in hands.items() if s != g.player_id(seat) for c in hand)
    decided = private.adjudicate(state, hands)
    assert decided == (g.Error(player=seat) if lower else None)
    if decided is not None:  # then each whole hand's lower cards, seat by seat, once each
        state, _ = g.apply(state, decided)
        for _ in range(4):
            discard = private.adjudicate(state, hands)
            if discard is None:
                break
            assert isinstance(discard, g.Discard) and all(r < rank for r in discard.ranks)
            state, events = g.apply(state, discard)
            hands = dict(private.follow(state, state, events, hands).hands)
        whole = {s: h for s, h in hands.items() if len(h) == state.hands[g.seat_of(s)]}
        assert not any(CARDS[c].value < rank for hand in whole.values() for c in hand)
        assert private.adjudicate(state, hands) is None
