"""The Gauntlet's hands entered on the players' own devices (companion/private/gauntlet.py), without a browser.

A real server on 127.0.0.1 and a real session (Zoe is Thanos, Alice hero 1, Bruno hero 2); the hands are
entered as a page's form does (``keeper.enter``), a fighter's device is "joined" when its stream is open.
"""

from __future__ import annotations

import html
import threading
import urllib.error
import urllib.parse
import urllib.request
from typing import Any

import pytest
from msgspec.structs import replace

pytest.importorskip("starlette", reason="starlette is not installed: run make setup")
pytest.importorskip("uvicorn", reason="uvicorn is not installed: run make setup")

from web_requests import post_json as _post, request_of as _request_of, served
from conftest import run_lines

from companion import registry
from companion.games import gauntlet as g
from companion.games.base import RuleError
from companion.private.gauntlet import PRIVATE

NEUTRAL = "Their hand entered says no. Their page says why."
KEPT = "Your hand is kept for your page only: never said, shown elsewhere or saved."
CONTRADICTS = "A command typed at the table contradicts the hand on your page: check your cards."


@pytest.fixture
def table() -> Any:
    with served("gauntlet", players=3, names=("Zoe", "Alice", "Bruno")) as found:
        yield found




def _page(url: str) -> str:
    with urllib.request.urlopen(url + "?lang=en", timeout=5) as response:
        return html.unescape(response.read().decode("utf-8"))


def _notes(web: Any, seat: str) -> list[str]:
    """What ``seat``'s page alone was told (its own entries, ``to == seat``)."""
    return [e.text for e in web.feed.since(0, seat) if e.to == seat and e.kind == "note"]


def _public(web: Any) -> list[str]:
    return [e.text for e in web.feed.since(0, None) if e.to is None]




def _enter(web: Any, seat: str, cards: list[str]) -> None:
    assert web.hands.enter(web.session, seat, cards, "en").message == KEPT


def test_the_registry_finds_the_gauntlets_private_rules() -> None:
    assert registry.find("gauntlet").private is PRIVATE


def test_each_seat_enters_its_hand_and_only_its_page_shows_it(table: Any) -> None:
    session, recorder, web = table
    keeper = web.hands
    # Thanos's first turn: he holds 2 and drew 1; each hero holds 1.
    assert PRIVATE.held(session.state) == {"thanos": 3, "hero1": 1, "hero2": 1}
    assert keeper.view(session, "thanos", "en")["summary"] == "Your hand is not entered yet. Enter 3 cards."
    assert keeper.view(session, "hero1", "en")["summary"] == "Your hand is not entered yet. Enter 1 card."
    # A hero holds hero cards only; a hand is entered whole.
    assert keeper.enter(session, "hero1", ["ebony-maw"], "en").message == \
        "Ebony Maw is a Thanos card. A hero holds hero cards only."
    assert keeper.enter(session, "thanos", ["hulk", "thanos", "ebony-maw"], "en").message == \
        "Hulk is a hero card. Thanos holds Thanos cards only."
    assert keeper.enter(session, "thanos", ["thanos"], "en").message == \
        "Enter your whole hand, 3 cards, or the cards still to enter."
    assert keeper.cards == {}
    _enter(web, "thanos", ["ebony-maw", "thanos", "corvus-glaive"])
    _enter(web, "hero1", ["hulk"])
    view = keeper.view(session, "thanos", "en")
    assert view["summary"] == "Your hand: Ebony Maw, 5; Thanos, 7; Corvus Glaive, 2."
    assert (view["cards"], view["missing"], view["held"]) == (["ebony-maw", "thanos", "corvus-glaive"], 0, 3)
    assert keeper.view(session, "hero1", "en")["summary"] == "Your hand: Hulk, 3."
    # Each page shows its own hand, and no other page nor the table hears it.
    zoe_page = _page(web.seat_url(web.seats.by_id["thanos"]))
    alice_page = _page(web.seat_url(web.seats.by_id["hero1"]))
    assert '<p id="hand-summary">Your hand: Ebony Maw, 5; Thanos, 7; Corvus Glaive, 2.</p>' in zoe_page
    assert '<p id="hand-summary">Your hand: Hulk, 3.</p>' in alice_page
    assert "Your hand: Ebony Maw" not in alice_page and "Your hand: Hulk" not in zoe_page
    assert [e.text for e in web.feed.since(0, "thanos") if e.kind == "hand"][-1] == view["summary"]
    assert not any("Hulk" in e.text for e in web.feed.since(0, "thanos"))
    assert not any("Ebony" in text or "Hulk" in text for text in recorder.texts + _public(web))


def test_a_card_the_hand_contradicts_is_refused_on_its_page_and_told_to_it_from_the_table(table: Any) -> None:
    session, recorder, web = table
    _enter(web, "thanos", ["ebony-maw", "thanos", "corvus-glaive"])
    _enter(web, "hero1", ["hulk"])
    _enter(web, "hero2", ["nebula"])
    # Outriders is not in Zoe's hand: sent from her page, it is refused there, the reason on her page only.
    recorder.clear()
    assert web.lines.handle("thanos", "play outriders hero 1 3", "en").message == NEUTRAL
    assert recorder.texts == []
    assert session.table.steps == ()
    assert _notes(web, "thanos") == ["Card not in your hand as entered. Play a card you hold. Or correct your hand."]
    assert _notes(web, "hero1") == [] and _notes(web, "hero2") == []
    # Ebony Maw puts a card of the hand under the deck, unsaid: the hand is entered again.
    assert run_lines(session, recorder, "play ebony maw")[0] == "5: Zoe plays Ebony Maw."
    assert "thanos" not in web.hands.cards
    assert web.hands.view(session, "thanos", "en")["summary"] == "Your hand is not entered yet. Enter 2 cards."
    _enter(web, "thanos", ["thanos", "time-stone"])
    # Alice's turn: the card she draws is the one still to enter.
    run_lines(session, recorder, "next")
    assert web.hands.view(session, "hero1", "en")["summary"] == "Your hand: Hulk, 3. Enter 1 card."
    # The only Nebula is in another hand entered: not refused, and said to nobody (issue 30: that told whose).
    recorder.clear()
    notes = len(_notes(web, "hero2"))
    assert web.hands.enter(session, "hero1", ["nebula"], "en").ok
    assert recorder.texts == [] and len(_notes(web, "hero2")) == notes
    _enter(web, "hero1", ["hulk", "spider-man"])
    assert web.hands.cards["hero1"] == ("hulk", "spider-man")
    # Spider-Man names 5: Zoe's hand holds none, so nothing is decided; a 5 named at the table contradicts it.
    texts = run_lines(session, recorder, "play spider-man 5")
    assert texts[0] == "1: Alice plays Spider-Man, naming 5." and "Decided from the hands entered on the devices:" not in texts
    # Typed at the table, a card Zoe's hand lacks is defeated all the same (refused, it would tell the table what
    # her hand holds): only her page is told, and her hand is entered again.
    assert run_lines(session, recorder, "defeat thanos reality stone")[0] == "Zoe's Reality Stone is defeated."
    assert session.state.thanos_lives == 3 and "thanos" not in web.hands.cards
    assert CONTRADICTS in _notes(web, "thanos")[-2:]
    assert not any(e.to == "thanos" for e in web.feed.since(0, "hero1"))
    run_lines(session, recorder, "undo")
    # The rules' own refusals stay theirs (a 4 is not the 5 named), and the turn may end.
    assert run_lines(session, recorder, "defeat thanos proxima midnight")[0] != NEUTRAL
    assert run_lines(session, recorder, "next")[0] == "Turn 3: Bruno."
    assert web.hands.cards["hero1"] == ("hulk",)


def test_a_defeat_the_hand_makes_certain_is_decided_and_one_it_leaves_open_is_owed(table: Any) -> None:
    session, recorder, web = table
    _enter(web, "thanos", ["ebony-maw", "reality-stone", "corvus-glaive"])
    _enter(web, "hero1", ["hulk"])
    _enter(web, "hero2", ["thor"])
    # Corvus Glaive on Alice, who holds a 3: decided, as if typed at the table.
    assert run_lines(session, recorder, "play corvus glaive hero 1") == [
        "2: Zoe plays Corvus Glaive, on Alice.",
        "Choose a hero: if their card is 3 or less, it is defeated.",
        "Decided from the hands entered on the devices:",
        "Alice's Hulk is defeated.",
        "The heroes lose a life: remove a coin. 5 left.",
        "Alice draws. 13 cards in the hero deck.",
    ]
    assert session.table.steps[-1].command == g.Defeat(1, "hulk") and session.state.face_up[1] == ("hulk",)
    assert web.hands.cards["hero1"] == () and web.hands.view(session, "hero1", "en")["summary"] == "Enter your new card."
    run_lines(session, recorder, "next")
    _enter(web, "hero1", ["nebula", "black-widow"])
    # Nebula names 5 and Zoe holds two 5s: which one is hers to name. A `next` typed at the table is not refused
    # (that would tell the table a hand holds a 5): her page alone is told, and the table takes it back.
    texts = run_lines(session, recorder, "play nebula 5")
    assert "Decided from the hands entered on the devices:" not in texts
    assert run_lines(session, recorder, "next")[0] == "Turn 3: Bruno."
    assert _notes(web, "thanos")[-1] == CONTRADICTS
    assert CONTRADICTS not in _notes(web, "hero1") + _notes(web, "hero2")
    run_lines(session, recorder, "undo")
    # The card in her hand is accepted.
    texts = run_lines(session, recorder, "defeat thanos reality stone")
    assert texts[:2] == ["Zoe's Reality Stone is defeated.", "Thanos loses a life: remove a ruby. 3 left."]
    assert session.table.steps[-1].command == g.Defeat(0, "reality-stone")
    assert web.hands.view(session, "thanos", "en")["summary"] == "Your hand: Ebony Maw, 5. Enter 1 card."
    assert run_lines(session, recorder, "next")[0] == "Turn 3: Bruno."
    # Undone, the hands are as they were before that step.
    run_lines(session, recorder, "undo")
    run_lines(session, recorder, "undo")
    assert web.hands.cards["thanos"] == ("ebony-maw", "reality-stone")


def test_a_fight_value_not_in_the_fighters_hand_is_refused_as_typed_on_their_page(table: Any) -> None:
    session, recorder, web = table
    _enter(web, "thanos", ["black-dwarf", "thanos", "corvus-glaive"])
    _enter(web, "hero1", ["hulk"])
    run_lines(session, recorder, "play black dwarf\nnext")
    _enter(web, "hero1", ["star-lord"])  # the card Alice drew
    run_lines(session, recorder, "play hulk")
    # Typed at the table (a script's fight), the value that lost is not Alice's only card: the fight is the table's,
    # and Alice's page alone is told; the table takes it back.
    assert run_lines(session, recorder, "fight 3 7")[0] == "Fight: Zoe beats Alice."
    assert CONTRADICTS in _notes(web, "hero1") and CONTRADICTS not in _notes(web, "thanos")
    run_lines(session, recorder, "undo")
    # On the devices: each value is checked against the fighter's own hand as it is typed, never repeated.
    for seat, device in (("hero1", "alice-phone"), ("thanos", "zoe-phone")):
        web.seats.open_stream(web.seats.by_id[seat], device)
    answers: dict[str, list[tuple[int, dict[str, Any]]]] = {}

    def phones() -> None:
        for seat, wrong, right in (("hero1", "3", "1"), ("thanos", "5", "7")):
            url, request = web.seat_url(web.seats.by_id[seat]), _request_of(web, seat)
            device = web.seats.by_id[seat].device
            answers[seat] = [_post(url + "/check", {"request": request, "value": wrong}, device),
                             _post(url + "/secret", {"request": request, "value": wrong}, device),
                             _post(url + "/check", {"request": request, "value": right}, device),
                             _post(url + "/secret", {"request": request, "value": right}, device)]

    thread = threading.Thread(target=phones)
    thread.start()
    texts = run_lines(session, recorder, "fight")
    thread.join(5)
    refused: dict[str, Any] = {"ok": False, "message": "Value not in your hand as entered."}
    for seat in ("hero1", "thanos"):
        assert answers[seat] == [
            (200, refused), (422, refused), (200, {"ok": True, "message": "This value can be sent."}),
            (200, {"ok": True, "message": "Thank you: your value is sent. Only the outcome will be announced."})]
    assert texts[0] == "Alice and Zoe: type your value on your own device."
    assert texts[-6:] == [
        "Fight: Zoe beats Alice.",
        "Alice's card is defeated: which one? Type defeat Alice and the card.",
        "Decided from the hands entered on the devices:",
        "Alice's Star-Lord is defeated.",
        "The heroes lose a life: remove a coin. 5 left.",
        "Alice draws. 12 cards in the hero deck.",
    ]
    assert session.table.steps[-2].command == g.Fight(1, "hero", None, 1)
    assert session.table.steps[-1].command == g.Defeat(1, "star-lord")
    assert not any(refused["message"] in text for text in texts + _public(web))


def test_a_snap_with_a_stone_not_in_the_hand_entered_is_refused() -> None:
    state = g.new(g.Options(players=3), registry.find("gauntlet").cards())
    stones = ("mind-stone", "soul-stone", "space-stone", "power-stone")
    state = replace(state, face_up=(stones, (), ()), thanos_deck=state.thanos_deck - 4)
    snap = g.Snap(("reality-stone", "time-stone"))
    PRIVATE.check(state, {"thanos": ("reality-stone", "time-stone", "thanos")}, snap)
    PRIVATE.check(state, {"thanos": ("reality-stone", "outriders")}, snap)  # a hand not whole decides nothing
    with pytest.raises(RuleError) as refused:
        PRIVATE.check(state, {"thanos": ("reality-stone", "outriders", "thanos")}, snap)
    assert (refused.value.code, refused.value.details) == ("snap_not_in_hand", {"player": "thanos", "card": "time-stone"})
