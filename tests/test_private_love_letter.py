"""Love Letter's private hands without a browser: what the companion decides from them, and what stays private.

A real session served on 127.0.0.1; hands are entered as a page would (``web.hands.enter``).
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings, strategies as st

pytest.importorskip("starlette", reason="starlette is not installed: run make setup")

from conftest import make_session, run_lines

from companion.games import love_letter as g
from companion.private import love_letter as private
from web_requests import served


@pytest.fixture
def table() -> Any:
    with served("love-letter", players=3, names=("Ana", "Ben", "Cleo")) as found:
        yield found


def own(web: Any, seat: str) -> list[str]:
    """What only ``seat``'s page was told (its hand, its notes)."""
    return [e.text for e in web.feed.since(0, seat) if e.to == seat]


CONTRADICTS = "A command typed at the table contradicts the hand on your page: check your cards."
CHECK = "If your hand here is wrong, correct it and ask the table to undo."


def test_the_countess_rule_is_kept_on_the_page_and_never_refuses_the_table(table: Any) -> None:
    """Issue 30: a refusal at the table by Ana's hand would tell anyone typing ``play king ben`` for her that she holds
    the Countess. Her own page refuses it; typed at the table it is played, and only her page is told."""
    session, recorder, web = table
    assert web.hands.enter(session, "p1", ["countess", "king"], "en").ok
    recorder.clear()
    assert web.lines.handle("p1", "play king ben", "en").message == \
        "Their hand entered says no. Their page says why."
    assert own(web, "p1")[-1] == "You hold the King or a Prince. So play the Countess."
    assert session.state.played is False and recorder.texts == []
    assert run_lines(session, recorder, "play king ben")[0] == "6: Ana plays King, on Ben."
    assert own(web, "p1")[-3:] == [CONTRADICTS, "Only for you: you now hold Ben's card; enter it.",
                                   "Your hand is not entered yet. Enter 1 card."]
    assert not any(CONTRADICTS in text for seat in ("p2", "p3") for text in own(web, seat))


def test_a_card_the_hand_does_not_hold_is_played_at_the_table_and_the_hand_asked_again(table: Any) -> None:
    session, recorder, web = table
    web.hands.enter(session, "p1", ["guard", "priest"], "en")
    assert run_lines(session, recorder, "play baron ben")[0] == "3: Ana plays Baron, on Ben."
    assert own(web, "p1")[-2:] == [CONTRADICTS, "Your hand is not entered yet. Enter 1 card."]
    assert "p1" not in web.hands.cards


def test_two_hands_that_disagree_are_told_to_nobody_and_still_decide(table: Any) -> None:
    """Issue 30: "The hands entered on the devices do not agree" told Cleo that Ben had entered the Princess. Now
    nothing is said, to the table or any page, and each hand still answers for its own seat."""
    session, recorder, web = table
    assert web.hands.enter(session, "p2", ["princess"], "en").ok
    recorder.clear()
    notes = {seat: len(own(web, seat)) for seat in ("p1", "p2", "p3")}
    assert web.hands.enter(session, "p3", ["princess"], "en").ok and web.hands.cards["p3"] == ("princess",)
    assert recorder.texts == []
    assert own(web, "p2")[notes["p2"]:] == [] and own(web, "p1")[notes["p1"]:] == []
    # Ana's Guard names the Princess on Cleo: decided from Cleo's hand, as her answer aloud would be.
    web.hands.enter(session, "p1", ["guard", "handmaid"], "en")
    said = run_lines(session, recorder, "play guard cleo princess")
    assert said[-2:] == ["Decided from the hands entered on the devices:",
                         "8, Princess, face up: Cleo is out of the round. 2 players left in the round."]
    # Every page with cards entered is asked to check them, Ben's too: the same words whoever decided.
    assert all(CHECK in own(web, seat) for seat in ("p1", "p2", "p3"))


def test_the_prince_discard_and_the_new_card_asked(table: Any) -> None:
    session, recorder, web = table
    web.hands.enter(session, "p1", ["prince", "guard"], "en")
    web.hands.enter(session, "p2", ["king"], "en")
    assert run_lines(session, recorder, "play prince ben")[-2:] == ["Decided from the hands entered on the devices:",
                                          "6: Ben discards King face up and draws again. Deck: 10 cards."]
    assert web.hands.cards["p2"] == ()
    assert own(web, "p2")[-1] == "Enter your new card."


def test_the_king_swap_tells_each_player_their_new_card(table: Any) -> None:
    session, recorder, web = table
    web.hands.enter(session, "p1", ["king", "guard"], "en")
    web.hands.enter(session, "p2", ["baron"], "en")
    table = run_lines(session, recorder, "play king ben")
    assert web.hands.cards == {"p1": ("baron",), "p2": ("guard",)}
    assert "Only for you: 3, Baron, now yours, from Ben." in own(web, "p1")
    assert "Only for you: 1, Guard, now yours, from Ana." in own(web, "p2")
    assert all("Only for you" not in text for text in own(web, "p3") + table)


def test_undo_puts_the_hands_back_as_they_were(table: Any) -> None:
    session, recorder, web = table
    web.hands.enter(session, "p1", ["handmaid", "guard"], "en")
    assert run_lines(session, recorder, "play handmaid")[0] == "4: Ana plays Handmaid."
    assert web.hands.cards["p1"] == ("guard",)
    run_lines(session, recorder, "undo")
    assert web.hands.cards["p1"] == ("handmaid", "guard")


def test_a_guard_waits_for_the_target_to_enter_their_card(table: Any) -> None:
    session, recorder, web = table
    web.hands.enter(session, "p1", ["guard", "priest"], "en")
    run_lines(session, recorder, "play guard cleo priest")
    assert session.state.effect is not None and not session.state.effect.resolved
    recorder.clear()
    assert web.hands.enter(session, "p3", ["priest"], "en").ok
    assert recorder.texts == ["Decided from the hands entered on the devices:",
                                     "2, Priest, face up: Cleo is out of the round. 2 players left in the round."]


def test_the_table_pages_hear_each_sentence_in_their_own_language(table: Any) -> None:
    session, recorder, web = table
    web.seats.by_id["p2"].lang = "fr"
    run_lines(session, recorder, "play handmaid")
    entry = [e for e in web.feed.since(0, "p2") if e.kind == "say"][-1]
    assert entry.for_page("fr")["lang"] == "fr" and entry.for_page("fr")["text"] != entry.text
    assert entry.for_page("en")["text"] == "Ana is protected until their next turn."
    # Undo, and an answer to a question typed at the table, reach the page in French too.
    run_lines(session, recorder, "undo\nunseen")
    undo, status, unseen = [e for e in web.feed.since(0, "p2") if e.kind == "say"][-3:]
    assert undo.for_page("en")["text"].startswith("Undone: “4: Ana plays Handmaid.”")
    assert undo.for_page("fr")["text"].startswith("Annulé : « 4 : Ana joue Servante. »")
    assert unseen.for_page("fr")["lang"] == "fr" and unseen.for_page("fr")["text"] != unseen.text


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_what_the_hands_decide_is_always_a_command_the_rules_accept(data: st.DataObject) -> None:
    """Random legal games with random consistent hands: a decided command is never refused."""
    session, _ = make_session("love-letter", players=data.draw(st.integers(2, 4)))
    state = session.state
    cards = session.table.cards
    for _ in range(30):
        if state.is_over:
            break
        pool = [c.id for c in cards.cards for _ in range(c.copies - state.seen_count(c.id))]
        hands: dict[str, tuple[str, ...]] = {}
        for seat, n in private.held(state).items():
            revealed = state.revealed[g.seat_of(seat)] if state.revealed else None
            if revealed is not None:  # a revealed card stays in its hand
                hands[seat] = (revealed,)
                continue
            picked = tuple(data.draw(st.permutations(pool))[:n]) if n and len(pool) >= n else ()
            for card in picked:
                pool.remove(card)
            hands[seat] = picked
        decided = private.adjudicate(state, hands)
        if decided is not None:
            g.apply(state, decided)  # never raises
        moves = g.legal_moves(state)
        if not moves:
            break
        state, _ = g.apply(state, data.draw(st.sampled_from(moves)))


def test_a_hand_sent_without_the_page_script_takes_the_lists_the_page_shows(table: Any) -> None:
    """Without JavaScript every list of the form is sent: the server reads as many as the page shows."""
    from web_requests import device_post

    session, recorder, web = table
    form = {f"card{i}": "guard" for i in range(1, 9)} | {"card1": "baron", "lang": "en"}
    assert device_post(web, "p2", "hand", form)[0] == 200
    assert web.hands.cards["p2"] == ("baron",)
