"""Mindbug, The Void and Num-X from the players' own pages: a real server on 127.0.0.1, no browser.

Mindbug: a hand entered on a seat's page, its one-tap plays, a play the hand
contradicts, the hands followed through a Mindbug and a discard. The Void: a
play sent from a page is that seat's, time-stamped, journaled. Num-X: a
question asked from a page is answered on that page only.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from msgspec.structs import replace

pytest.importorskip("starlette", reason="starlette is not installed: run make setup")
pytest.importorskip("uvicorn", reason="uvicorn is not installed: run make setup")

from web_requests import device_post, served
from conftest import make_served, run_lines

from companion import journal, registry
from companion.games import mindbug as mb
from companion.games import the_void as void
from companion.games.base import RuleError, options_to_json
from companion.private import mindbug as private_mindbug
from companion.private import the_void as private_void
from companion.web.secret import Answer

NEUTRAL = "Their hand entered says no. Their page says why."
CONTRADICTS = "A command typed at the table contradicts the hand on your page: check your cards."
NOT_IN_HAND = "Card not in your hand as entered. Play another. Or correct your hand."
SENT = Answer(200, True, "Sent to the table.")
KEPT = Answer(200, True, "Your hand is kept for your page only: never said, shown elsewhere or saved.")
NOT_YOUR_TURN = {"ok": False, "message": "Not your turn: the rules wait for another player."}
#: Ana's opening hand: two copies of Axolotl Healer (it has 2), then three designs of 1 copy.
ANA = ["axolotl-healer", "bee-bear", "axolotl-healer", "brain-fly", "compost-dragon"]
BEN = ["elephantopus", "giraffodile", "gorillion", "luchataur", "shark-dog"]




def _line(web: Any, seat: str, line: str) -> tuple[int, dict[str, Any]]:
    """``line`` sent from ``seat``'s page, through the server."""
    return device_post(web, seat, "line", {"line": line, "lang": "en"})


def _notes(web: Any, seat: str) -> list[str]:
    return [e.text for e in web.feed.since(0, seat) if e.kind == "note" and e.to == seat]


def _hand_entries(web: Any, seat: str) -> list[Any]:
    return [e for e in web.feed.since(0, seat) if e.kind == "hand" and e.to == seat]


def _leaks(web: Any, seat: str) -> list[Any]:
    """Every entry another seat reads that was meant for ``seat`` alone (there must be none)."""
    return [e for other in web.seats.by_id if other != seat for e in web.feed.since(0, other) if e.to == seat]


# --------------------------------------------------------------------------- Mindbug


@pytest.fixture
def mindbug() -> Iterator[tuple[Any, Any, Any]]:
    with served("mindbug", start=True, names=("Ana", "Ben")) as found:
        yield found


def test_a_hand_entered_on_a_page_offers_its_cards_and_a_tap_plays_one_at_the_table(mindbug: Any) -> None:
    session, recorder, web = mindbug
    assert web.hands.view(session, "p1", "en")["summary"] == "Your hand is not entered yet. Enter 5 cards."
    assert web.hands.enter(session, "p1", ANA, "en") == KEPT
    offers = [("play Axolotl Healer", "Play Axolotl Healer"), ("play Bee Bear", "Play Bee Bear"),
              ("play Brain Fly", "Play Brain Fly"), ("play Compost Dragon", "Play Compost Dragon")]
    view = web.hands.view(session, "p1", "en")
    assert view["offers"] == offers  # each different card once
    assert view["summary"] == ("Your hand: Axolotl Healer, 4; Bee Bear, 8; Axolotl Healer, 4; Brain Fly, 4; "
                               "Compost Dragon, 3.")
    published = _hand_entries(web, "p1")[-1]
    assert (published.text, published.data["offers"]) == (view["summary"], offers)
    assert web.hands.view(session, "p2", "en")["offers"] == []  # Ben does not play now
    assert recorder.texts == []  # nothing of a hand is said at the table

    assert web.lines.handle("p1", "play Bee Bear", "en") == SENT
    assert recorder.texts == ["8: Ana plays Bee Bear.", "1 card drawn by Ana: 5 in hand, 4 in the draw pile.",
                              "Ben: a Mindbug on Bee Bear? Type mindbug or no."]
    assert session.table.steps[-1].command == mb.Play("bee-bear")
    assert (session.state.hands, session.state.decks) == ((5, 5), (4, 5))
    assert session.state.pending == mb.Pending("mindbug", 1, "bee-bear")
    assert web.hands.cards["p1"] == ("axolotl-healer", "axolotl-healer", "brain-fly", "compost-dragon")
    assert web.hands.view(session, "p1", "en")["summary"] == ("Your hand: Axolotl Healer, 4; Axolotl Healer, 4; Brain Fly, 4; "
                                                      "Compost Dragon, 3. Enter 1 card.")
    assert web.hands.view(session, "p1", "en")["offers"] == []  # Ben decides now
    assert _leaks(web, "p1") == []


def test_a_play_the_whole_hand_entered_contradicts_is_refused_on_its_page_only(mindbug: Any) -> None:
    session, recorder, web = mindbug
    web.hands.enter(session, "p1", ANA, "en")
    # From Ana's own page: refused, the reason on her page only, nothing said at the table.
    recorder.clear()
    assert web.lines.handle("p1", "play rhino turtle", "en") == Answer(422, False, NEUTRAL)
    assert recorder.texts == [] and session.table.steps == ()
    assert _notes(web, "p1") == [NOT_IN_HAND]
    assert _notes(web, "p2") == []
    # Typed at the table, it is played (refused, it would tell anyone typing it what her hand holds): her page alone
    # is told, her hand is entered again, and the table takes it back.
    assert run_lines(session, recorder, "play rhino turtle")[0] == "8: Ana plays Rhino Turtle."
    assert _notes(web, "p1")[-1] == CONTRADICTS and _notes(web, "p2") == []
    assert "p1" not in web.hands.cards
    run_lines(session, recorder, "undo")
    assert web.hands.cards["p1"] == tuple(ANA)
    # A card of the hand is played.
    assert run_lines(session, recorder, "play brain fly")[0] == "4: Ana plays Brain Fly."


def test_a_hand_not_wholly_entered_does_not_refuse_a_play(mindbug: Any) -> None:
    session, recorder, web = mindbug
    assert web.hands.enter(session, "p1", ANA[:3], "en") == Answer(
        422, False, "Enter your whole hand, 5 cards, or the cards still to enter.")
    assert web.hands.enter(session, "p1", ANA, "en") == KEPT
    run_lines(session, recorder, "play bee bear\nno\nplay gorillion\nno")
    assert recorder.texts[-1] == "Turn 3: Ana."
    # Ana has not entered the card she drew: Rhino Turtle may be that one.
    texts = run_lines(session, recorder, "play rhino turtle")
    assert texts[:2] == ["8: Ana plays Rhino Turtle.", "1 card drawn by Ana: 5 in hand, 3 in the draw pile."]
    assert _notes(web, "p1") == []
    assert web.hands.cards["p1"] == ("axolotl-healer", "axolotl-healer", "brain-fly", "compost-dragon")
    assert web.hands.view(session, "p1", "en")["summary"] == ("Your hand: Axolotl Healer, 4; Axolotl Healer, 4; Brain Fly, 4; "
                                                      "Compost Dragon, 3. Enter 1 card.")


def test_another_seat_cannot_play_from_its_page_when_it_is_not_its_turn(mindbug: Any) -> None:
    session, recorder, web = mindbug
    web.hands.enter(session, "p2", BEN, "en")
    assert _line(web, "p2", "play gorillion") == (409, NOT_YOUR_TURN)
    assert session.table.steps == () and recorder.texts == []
    assert web.hands.cards["p2"] == tuple(BEN)
    assert _line(web, "p1", "play bee bear") == (200, {"ok": True, "message": "Sent to the table."})
    # Now Ben decides on a Mindbug: his page answers it; Ana's may not.
    assert _line(web, "p1", "no") == (409, NOT_YOUR_TURN)
    assert _line(web, "p2", "no") == (200, {"ok": True, "message": "Sent to the table."})
    assert recorder.texts[-1] == "Turn 2: Ben."
    assert web.hands.view(session, "p2", "en")["offers"] == [(f"play {name}", f"Play {name}") for name in
                                                     ("Elephantopus", "Giraffodile", "Gorillion", "Luchataur",
                                                      "Shark Dog")]


def test_a_card_stolen_by_a_mindbug_still_leaves_the_hand_of_the_player_who_played_it(mindbug: Any) -> None:
    session, recorder, web = mindbug
    web.hands.enter(session, "p1", ANA, "en")
    web.hands.enter(session, "p2", BEN, "en")
    assert web.lines.handle("p1", "play bee bear", "en") == SENT
    recorder.clear()
    assert web.lines.handle("p2", "mindbug", "en") == SENT
    assert recorder.texts == ["Ben uses a Mindbug and takes Bee Bear. 1 Mindbug left.", "8: Bee Bear enters play for Ben.",
                              "Turn 2: Ana again, after the Mindbug."]
    assert [c.card for c in session.state.boards[1]] == ["bee-bear"]
    assert web.hands.cards == {"p1": ("axolotl-healer", "axolotl-healer", "brain-fly", "compost-dragon"),
                                "p2": tuple(BEN)}
    # Ana plays again at once: her page offers the cards left in her hand.
    assert [line for line, _ in web.hands.view(session, "p1", "en")["offers"]] == [
        "play Axolotl Healer", "play Brain Fly", "play Compost Dragon"]
    assert web.hands.enter(session, "p1", ["turbo-bug"], "en") == KEPT
    assert web.hands.cards["p1"] == ("axolotl-healer", "axolotl-healer", "brain-fly", "compost-dragon", "turbo-bug")


def test_the_cards_discarded_from_a_hand_by_name_leave_it(mindbug: Any) -> None:
    session, recorder, web = mindbug
    web.hands.enter(session, "p2", BEN, "en")
    run_lines(session, recorder, "play ferret bomber\nno")
    assert recorder.texts[-1] == "Ben: 2 cards for Ferret Bomber, which ones? Type name and the cards."
    recorder.clear()
    assert web.lines.handle("p2", "cards gorillion luchataur", "en") == SENT
    assert recorder.texts == ["Ben discards Gorillion and Luchataur.", "2 cards drawn by Ben: 5 in hand, 3 in the draw pile.",
                              "Turn 2: Ben."]
    assert session.state.discards[1] == ("gorillion", "luchataur")
    assert session.state.hands == (5, 5)  # Ben's hand refilled at once
    assert web.hands.cards["p2"] == ("elephantopus", "giraffodile", "shark-dog")
    assert web.hands.view(session, "p2", "en")["summary"] == ("Your hand: Elephantopus, 7; Giraffodile, 7; Shark Dog, 4. "
                                                      "Enter 2 cards.")


def _state(**changes: Any) -> mb.State:
    game = registry.find("mindbug")
    return replace(mb.new(mb.Options(), game.cards()), **changes)


def test_follow_takes_back_a_discard_pile_and_moves_named_cards_from_hand_to_hand() -> None:
    before = _state(discards=(("bee-bear",), ()))
    after = _state(hands=(6, 5))
    followed = private_mindbug.follow(before, after, [mb.DiscardToHand("p1", ("bee-bear",))],
                                      {"p1": tuple(ANA), "p2": tuple(BEN)})
    assert followed.hands == {"p1": (*ANA, "bee-bear"), "p2": tuple(BEN)}
    taken = private_mindbug.follow(_state(), _state(hands=(7, 3)),
                                   [mb.CardsTaken("p1", "p2", 2, ("gorillion", "shark-dog"))],
                                   {"p1": tuple(ANA), "p2": tuple(BEN)})
    assert taken.hands == {"p1": (*ANA, "gorillion", "shark-dog"), "p2": ("elephantopus", "giraffodile", "luchataur")}


def test_follow_drops_a_hand_it_cannot_know_rather_than_guess() -> None:
    hands = {"p1": tuple(ANA), "p2": tuple(BEN)}
    # Two cards taken unnamed from Ben's 5: which ones is unknown, so Ben enters his hand again; Ana, her 2 new cards.
    unnamed = private_mindbug.follow(_state(), _state(hands=(7, 3)), [mb.CardsTaken("p1", "p2", 2, ())], hands)
    assert unnamed.hands == {"p1": tuple(ANA)}
    assert private_mindbug.PRIVATE.missing(_state(hands=(7, 3)), unnamed.hands) == {"p1": 2, "p2": 3}
    # A card named that Ben's whole hand as entered does not hold: his hand is entered again.
    named = private_mindbug.follow(_state(), _state(hands=(5, 4), discards=((), ("bee-bear",))),
                                   [mb.CardsDiscarded("p2", ("bee-bear",))], hands)
    assert named.hands == {"p1": tuple(ANA)}
    # Ben's whole hand taken unnamed: every card of it is known to have gone to Ana.
    whole = private_mindbug.follow(_state(), _state(hands=(10, 0)), [mb.CardsTaken("p1", "p2", 5, ())], hands)
    assert whole.hands == {"p1": (*ANA, *BEN), "p2": ()}
    assert private_mindbug.follow(_state(), _state(winner=0), [], hands).hands == {}


def test_a_card_face_up_cannot_be_entered_but_one_taken_into_a_hand_can() -> None:
    game = registry.find("mindbug")
    state = _state(discards=(("bee-bear",), ()))
    with pytest.raises(RuleError) as refused:
        private_mindbug.PRIVATE.enter(state, game.cards(), {}, "p1", ANA)
    assert (refused.value.code, refused.value.details) == ("card_not_left", {"card": "bee-bear"})
    known = _state(known=(("bee-bear",), ()))
    assert private_mindbug.PRIVATE.enter(known, game.cards(), {}, "p1", ANA) == tuple(ANA)


# --------------------------------------------------------------------------- The Void


@pytest.fixture
def the_void(tmp_path: Path) -> Iterator[tuple[Any, Any, Any, Path]]:
    game = registry.find("the-void")
    options = game.rules.options_type(players=4, names=("Ana", "Ben", "Cleo", "Dan"))
    path = tmp_path / "void.jsonl"
    saved = journal.Journal.create(path, game.id, options_to_json(options))
    session, recorder, web = make_served("the-void", journal=saved, players=4, names=("Ana", "Ben", "Cleo", "Dan"))
    try:
        session.start()
        recorder.clear()
        yield session, recorder, web, path
    finally:
        web.stop()
        saved.close()


def test_a_play_from_a_page_is_that_seats_and_its_time_stamp_is_journaled(the_void: Any) -> None:
    session, recorder, web, path = the_void
    assert _line(web, "p2", "7") == (200, {"ok": True, "message": "Sent to the table."})
    assert web.lines.handle("p2", "8 red ben", "en") == SENT  # naming oneself is the same
    assert recorder.texts == ["7.", "8 red."]
    assert [(p.rank, p.type, p.player) for p in session.state.pile] == [(7, None, 1), (8, "red", 1)]
    lines = journal.read(path).command_lines()
    assert [{k: v for k, v in line.items() if k != "t"} for line in lines] == [
        {"cmd": "play", "rank": 7, "type": None, "player": 1}, {"cmd": "play", "rank": 8, "type": "red", "player": 1}]
    stamps = [line["t"] for line in lines]
    assert all(isinstance(t, float) for t in stamps) and stamps == sorted(stamps)
    # The parser's stamp, when the page's line came:
    assert stamps == [step.command.to_json()["t"] for step in session.table.steps]


def test_a_play_or_a_discard_naming_another_seat_is_refused_on_the_page(the_void: Any) -> None:
    session, recorder, web, path = the_void
    refused = "Here, play and discard yours only. Not Cleo's."
    assert _line(web, "p2", "7 p3") == (422, {"ok": False, "message": refused})
    assert web.lines.handle("p2", "8 cleo", "en") == Answer(422, False, refused)
    assert session.table.steps == () and recorder.texts == []
    assert journal.read(path).command_lines() == []


def test_an_error_and_a_discard_from_pages(the_void: Any) -> None:
    session, recorder, web, path = the_void
    web.lines.handle("p2", "8", "en")
    # Cleo spots Ben's error: the player of an error is who erred, so another seat may be named.
    assert web.lines.handle("p3", "error 9 blue ben", "en") == SENT
    assert web.lines.handle("p4", "discard 3", "en") == SENT
    assert web.lines.handle("p4", "discard 2 p1", "en") == Answer(
        422, False, "Here, play and discard yours only. Not Ana's.")
    assert recorder.texts == ["8.", "1 error of 5, discard below 8. 9 blue turned up.", "3 discarded."]
    assert [(s.command.name, s.command.to_json()["player"]) for s in session.table.steps] == [
        ("play", 1), ("error", 1), ("discard", 3)]


def test_the_void_as_seat_fills_in_refuses_or_passes_each_command() -> None:
    state = void.new(void.Options(), registry.find("the-void").cards())
    assert private_void.as_seat(state, void.Play(7, t=1.5), "p3") == void.Play(7, None, 2, 1.5)
    assert private_void.as_seat(state, void.Play(7, t=1.5), "p3").to_json()["t"] == 1.5  # the stamp is kept
    assert private_void.as_seat(state, void.Discard((3,), ("",)), "p1") == void.Discard((3,), ("",), player=0)
    assert private_void.as_seat(state, void.Error("blue", 3), "p1") == void.Error("blue", 3)
    assert private_void.as_seat(state, void.Error("blue"), "p1") == void.Error("blue")
    assert private_void.as_seat(state, void.NextRound(), "p4") == void.NextRound()
    with pytest.raises(RuleError) as refused:
        private_void.as_seat(state, void.Play(7, None, 0), "p2")
    assert (refused.value.code, refused.value.details) == ("other_seat", {"player": "p2", "named": "p1"})


# --------------------------------------------------------------------------- Num-X


@pytest.fixture
def num_x() -> Iterator[tuple[Any, Any, Any]]:
    with served("num-x", start=True, players=2, names=("Ana", "Ben")) as found:
        yield found


def test_fits_asked_from_a_page_is_answered_on_that_page_only(num_x: Any) -> None:
    session, recorder, web = num_x
    # Asked on Ben's own page: not "asked at the table", and said to nobody else.
    answer = "4 piles for 8 red. Piles 1, 2, 3 and 4: to start one."
    # Read once by the page's script, in the "Only for you" log: beside the field, only where it is.
    assert _line(web, "p2", "fits red 8") == (200, {"ok": True, "message": answer,
                                                    "hint": "Answered under “Only for you”."})
    assert [e.text for e in web.feed.since(0, "p2") if e.to == "p2"] == [answer]
    assert [e for e in web.feed.since(0, "p1") if e.to is not None or "8 red" in e.text] == []
    assert _leaks(web, "p2") == []
    assert recorder.texts == [] and session.table.steps == ()


def test_num_x_pages_play_only_in_their_turn(num_x: Any) -> None:
    session, recorder, web = num_x
    assert _line(web, "p2", "play red 7 pile 2") == (409, NOT_YOUR_TURN)
    assert session.table.steps == () and recorder.texts == []
    assert web.hands.view(session, "p2", "en") == {"summary": "No hand to enter now.", "missing": 0, "held": 0, "cards": [],
                                           "choices": [], "offers": [], "hands": False}
