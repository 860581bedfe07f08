"""Love Letter's private hands without a browser: what the companion decides from them, and what stays private.

A real session served on 127.0.0.1; hands are entered as a page would (``web.keeper.enter``).
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


def test_the_countess_rule_is_enforced_without_telling_the_table_why(table: Any) -> None:
    session, recorder, web = table
    assert web.keeper.enter("p1", ["countess", "king"], "en").ok
    assert run_lines(session, recorder, "play king ben") == [
        "That does not match the hand entered on the player's device; their page says why."]
    assert session.state.played is False  # nothing changed
    assert own(web, "p1")[-1] == "With the King or a Prince in your hand, you must play the Countess."
    run_lines(session, recorder, "play countess")
    assert session.state.played and web.keeper.hands["p1"] == ("king",)


def test_a_card_not_in_the_hand_entered_is_refused(table: Any) -> None:
    session, recorder, web = table
    web.keeper.enter("p1", ["guard", "priest"], "en")
    run_lines(session, recorder, "play baron ben")
    assert own(web, "p1")[-1] == "That card is not in your hand as entered: play the other one, or correct your hand."
    assert not session.state.played


def test_two_hands_that_disagree_are_told_at_the_table_without_saying_whose(table: Any) -> None:
    """Issue 23: entering the only Princess after Ben did is not refused (that would tell Cleo Ben's card): one
    neutral sentence at the table, every page with a hand asked to check it, and nothing decided meanwhile."""
    session, recorder, web = table
    assert web.keeper.enter("p2", ["princess"], "en").ok
    recorder.clear()
    answer = web.keeper.enter("p3", ["princess"], "en")
    assert answer.ok and web.keeper.hands["p3"] == ("princess",)
    assert recorder.texts == ["The hands entered on the devices do not agree: each player, check the cards on your page."]
    for seat in ("p2", "p3"):
        assert own(web, seat)[-1] == "Check the cards entered on your page, and enter your hand again if it is not right."
        assert not any("Ben" in n or "Cleo" in n for n in own(web, seat))
    assert web.keeper.enter("p3", ["guard"], "en").ok  # corrected: the hands agree again
    del web.keeper.hands["p3"]
    assert web.keeper.enter("p3", ["guard", "guard"], "en").message == \
        "Enter your whole hand, 1 card, or the card still to enter."


def test_the_prince_discard_and_the_new_card_asked(table: Any) -> None:
    session, recorder, web = table
    web.keeper.enter("p1", ["prince", "guard"], "en")
    web.keeper.enter("p2", ["king"], "en")
    assert run_lines(session, recorder, "play prince ben")[-2:] == ["Decided from the hands entered on the devices:",
                                          "6: Ben discards King face up and draws again. Deck: 10 cards."]
    assert web.keeper.hands["p2"] == ()
    assert own(web, "p2")[-1] == "Enter your new card."


def test_the_king_swap_tells_each_player_their_new_card(table: Any) -> None:
    session, recorder, web = table
    web.keeper.enter("p1", ["king", "guard"], "en")
    web.keeper.enter("p2", ["baron"], "en")
    table = run_lines(session, recorder, "play king ben")
    assert web.keeper.hands == {"p1": ("baron",), "p2": ("guard",)}
    assert "Only for you: 3, Baron, now yours, from Ben." in own(web, "p1")
    assert "Only for you: 1, Guard, now yours, from Ana." in own(web, "p2")
    assert all("Only for you" not in text for text in own(web, "p3") + table)


def test_undo_puts_the_hands_back_as_they_were(table: Any) -> None:
    session, recorder, web = table
    web.keeper.enter("p1", ["handmaid", "guard"], "en")
    assert run_lines(session, recorder, "play handmaid")[0] == "4: Ana plays Handmaid."
    assert web.keeper.hands["p1"] == ("guard",)
    run_lines(session, recorder, "undo")
    assert web.keeper.hands["p1"] == ("handmaid", "guard")


def test_a_guard_waits_for_the_target_to_enter_their_card(table: Any) -> None:
    session, recorder, web = table
    web.keeper.enter("p1", ["guard", "priest"], "en")
    run_lines(session, recorder, "play guard cleo priest")
    assert session.state.effect is not None and not session.state.effect.resolved
    recorder.clear()
    assert web.keeper.enter("p3", ["priest"], "en").ok
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
    assert web.keeper.hands["p2"] == ("baron",)
