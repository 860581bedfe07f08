"""The private pages' server without a browser: who is asked where, what is refused, the flags.

A real server on 127.0.0.1 and a real session; a device is "joined" when its
stream is open (here, ``open_stream`` as the events endpoint does).
"""

from __future__ import annotations

import threading
import urllib.error
import urllib.parse
import urllib.request
from typing import Any

import pytest

pytest.importorskip("starlette", reason="starlette is not installed: run make setup")
pytest.importorskip("uvicorn", reason="uvicorn is not installed: run make setup")

from web_requests import post_json as _post, request_of as _request_of
from conftest import make_served, make_session, run_lines

from companion import registry
from companion.cli import build_parser
from companion.play import config_from_args
from companion.web.seats import RateLimit




@pytest.fixture
def served() -> Any:
    session, recorder, web = make_served("gauntlet", players=3, names=("Zoe", "Alice", "Bruno"))
    try:
        run_lines(session, recorder, "play ebony maw\nnext\nplay hulk")
        yield session, recorder, web
    finally:
        web.stop()




def test_with_no_device_the_tables_own_secret_prompt_asks(served: Any) -> None:
    session, recorder, web = served
    asked = []
    web.secrets.fallback = lambda s, secret: asked.append(secret) or [3, 7]
    texts = run_lines(session, recorder, "fight")
    assert asked and texts[0] == "Fight: Zoe beats Alice."


def test_without_any_prompt_a_script_is_told_to_type_the_values(served: Any) -> None:
    session, recorder, web = served
    web.secrets.fallback = None
    texts = run_lines(session, recorder, "fight")
    assert texts[0].startswith("Only a terminal takes secret values. In a script, type the values last.")


def test_a_fighter_without_device_types_at_the_table_the_other_on_their_page(served: Any) -> None:
    session, recorder, web = served
    alice = web.seats.by_id["hero1"]
    web.seats.open_stream(alice, "alice-phone")
    typed_at_table = []
    web.secrets.reader = lambda prompt: typed_at_table.append(prompt) or "7"
    url = web.seat_url(alice)

    def phone() -> None:
        request = _request_of(web, "hero1")
        status, answer = _post(url + "/check", {"request": request, "value": "9"}, "alice-phone")
        assert status == 200 and not answer["ok"] and "9" not in answer["message"]
        # Another seat's link cannot answer for Alice.
        thanos = web.seats.by_id["thanos"]
        assert _post(web.base_url + f"/seat/hero1/{thanos.token}/secret", {"request": request, "value": "3"})[0] == 403
        assert _post(web.base_url + f"/seat/thanos/{thanos.token}/secret", {"request": request, "value": "3"},
                     "alice-phone")[0] == 409
        # Alice's link on another device cannot answer for her either.
        assert _post(url + "/secret", {"request": request, "value": "3"}, "another-phone")[0] == 409
        assert _post(url + "/secret", {"request": request, "value": "3"}, "alice-phone") == (
            200, {"ok": True, "message": "Thank you: your value is sent. Only the outcome will be announced."})

    thread = threading.Thread(target=phone)
    thread.start()
    texts = run_lines(session, recorder, "fight")
    thread.join(5)
    assert typed_at_table == ["Secret value: "]
    assert texts[0] == "Alice: type your value on your own device."
    assert texts[1] == "Zoe, type your value secretly at the table."
    assert "Fight: Zoe beats Alice." in texts and not any("7" in t for t in texts)
    # Zoe's own entries: none (she has no page); every entry Alice reads is public or hers.
    assert all(e.to in (None, "hero1") for e in web.feed.since(0, "hero1"))
    assert not any(e.to == "hero1" for e in web.feed.since(0, "thanos"))


def test_a_fighter_without_device_in_a_script_nothing_is_asked(served: Any) -> None:
    session, recorder, web = served
    web.seats.open_stream(web.seats.by_id["hero1"], "alice-phone")
    web.secrets.reader = None
    texts = run_lines(session, recorder, "fight")
    assert texts == ["Zoe: open your page to type your value; nothing was asked."]
    assert session.table.steps[-1].command.name == "play"


def test_a_fighter_cancels_on_their_device(served: Any) -> None:
    session, recorder, web = served
    for seat, device in (("hero1", "a"), ("thanos", "z")):
        web.seats.open_stream(web.seats.by_id[seat], device)
    url = web.seat_url(web.seats.by_id["thanos"])
    thread = threading.Thread(target=lambda: _post(url + "/cancel", {"request": _request_of(web, "thanos")}, "z"))
    thread.start()
    texts = run_lines(session, recorder, "fight")
    thread.join(5)
    assert texts[-2:] == ["Zoe cancelled on their device.", "Cancelled: nothing was sent."]
    assert session.table.steps[-1].command.name == "play"


def test_rates_and_sizes_are_bounded(served: Any) -> None:
    _, _, web = served
    web.seats.claim(web.seats.by_id["hero2"], "b")
    url = web.seat_url(web.seats.by_id["hero2"])
    rates = web.parts.rates
    for limit in (rates.seat, rates.client):
        limit.clock = lambda: 1000.0  # held still: a slow machine's requests refill nothing meanwhile
    statuses = [_post(url + "/check", {"request": "x", "value": "1"}, "b")[0] for _ in range(60)]
    assert statuses == [409] * 40 + [429] * 20  # the seat's bucket: 40 at once
    assert _post(url + "/secret", {"value": "1" * 2000}, "b")[0] in (413, 429)
    limit = RateLimit(2, 0.0)
    assert [limit.allow("k") for _ in range(3)] == [True, True, False]


def test_the_join_code_leads_to_a_seat(served: Any) -> None:
    _, _, web = served
    code = web.seats.code

    class NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args: Any) -> None:
            return None

    opener = urllib.request.build_opener(NoRedirect)
    body = urllib.parse.urlencode({"code": " ".join(code.lower()), "seat": "hero2", "lang": "fr"}).encode()
    with pytest.raises(urllib.error.HTTPError) as caught:
        opener.open(web.base_url + "/join", body, timeout=5)
    assert caught.value.code == 303
    assert caught.value.headers["Location"] == web.seats.by_id["hero2"].path() + "?lang=fr&joined=1"
    wrong = urllib.parse.urlencode({"code": "AAAAAA" if code != "AAAAAA" else "BBBBBB", "seat": "hero2"}).encode()
    with pytest.raises(urllib.error.HTTPError) as caught:
        opener.open(web.base_url + "/join", wrong, timeout=5)
    assert caught.value.code == 403


def test_the_join_lines_are_said_at_the_table_only(served: Any) -> None:
    session, _, web = served
    joins = [u for u in session.wiring.announcer.history.items if u.event in ("web_join", "web_seat")]
    assert [u.event for u in joins] == ["web_join"]
    assert not any(web.seats.by_id["hero1"].token in e.text for e in web.feed.since(0, "hero1"))
    # No seat's secret link is said, brailled or printed at the table: only the join address and code.
    said = " ".join(u.text + repr(u.fields) + str(u.braille) for u in session.wiring.announcer.history.items)
    assert not any(seat.token in said for seat in web.seats) and "/seat/" not in said


def test_the_play_flags() -> None:
    game = registry.find("gauntlet")
    args = build_parser("en", game).parse_args(["play", "gauntlet", "--serve", "--host", "0.0.0.0", "--port", "8765"])
    config = config_from_args(args, game)
    assert (config.serve, config.host, config.port) == (True, "0.0.0.0", 8765)
    config = config_from_args(build_parser("en", game).parse_args(["play", "gauntlet"]), game)
    assert (config.serve, config.host, config.port) == (False, "127.0.0.1", 0)


def test_a_port_in_use_is_one_sentence(served: Any) -> None:
    from companion.web.server import WebServer, WebStartError

    _, _, web = served
    session, _ = make_session("gauntlet", players=3)
    with pytest.raises(WebStartError) as caught:
        WebServer("en", "127.0.0.1", web.bound[1]).listen()
    assert "cannot listen on 127.0.0.1 port" in str(caught.value)


def test_the_https_flag_and_the_device_commands_without_pages() -> None:
    game = registry.find("gauntlet")
    parse = build_parser("en", game).parse_args
    assert config_from_args(parse(["play", "gauntlet", "--serve", "--https"]), game).https is True
    assert config_from_args(parse(["play", "gauntlet", "--serve", "--no-https"]), game).https is False
    assert config_from_args(parse(["play", "gauntlet", "--serve"]), game).https is None
    for lang, sentence in (("en", "No private pages are served: start the companion with --serve."),
                           ("fr", "Aucune page privée n'est servie : lancez le compagnon avec --serve.")):
        session, recorder = make_session("gauntlet", lang=lang, players=3)
        line = "devices" if lang == "en" else "appareils"
        assert run_lines(session, recorder, line) == [sentence]


def test_a_french_table_hears_the_served_fight_in_french() -> None:
    """The fight's sentences at a French table were English (their calls hid from the catalog's extraction)."""
    session, recorder, web = make_served("gauntlet", lang="fr", players=3, names=("Zoé", "Alice", "Bruno"))
    try:
        run_lines(session, recorder, "play ebony maw\nnext\nplay hulk")
        alice = web.seats.by_id["hero1"]
        web.seats.open_stream(alice, "alice-phone")
        web.secrets.reader = None
        assert run_lines(session, recorder, "fight") == [
            "Zoé : ouvrez votre page pour taper votre valeur ; rien n'a été demandé."]
        web.seats.open_stream(web.seats.by_id["thanos"], "zoe-phone")
        sent: list[tuple[int, Any]] = []

        def phones() -> None:
            for seat, device, value in (("hero1", "alice-phone", "3"), ("thanos", "zoe-phone", "7")):
                url = web.seat_url(web.seats.by_id[seat])
                sent.append(_post(url + "/secret", {"request": _request_of(web, seat), "value": value}, device))

        thread = threading.Thread(target=phones)
        thread.start()
        texts = run_lines(session, recorder, "combat")
        thread.join(5)
        assert [status for status, _ in sent] == [200, 200]
        assert texts[:3] == ["Alice et Zoé : tapez votre valeur sur votre propre appareil.",
                             "Alice a envoyé sa valeur.", "Zoé a envoyé sa valeur."]
        assert "Combat : Zoé bat Alice." in texts
    finally:
        web.stop()


def test_a_french_table_hears_the_fighters_devices_in_french() -> None:
    """Five sentences of the fighters' devices were built by a function gettext's extractor did not know: a French
    table heard "Alice et Zoe: type your value on your own device." (and its pages too)."""
    session, recorder, web = make_served("gauntlet", lang="fr", players=3, names=("Zoe", "Alice", "Bruno"))
    try:
        run_lines(session, recorder, "joue ebony maw\nsuivant\njoue hulk")
        for seat, device in (("hero1", "a"), ("thanos", "z")):
            web.seats.open_stream(web.seats.by_id[seat], device)
        alice, zoe = (web.seat_url(web.seats.by_id[seat]) for seat in ("hero1", "thanos"))

        def phones() -> None:
            request = _request_of(web, "hero1")
            assert _post(alice + "/secret", {"request": request, "value": "3"}, "a")[0] == 200
            _post(zoe + "/cancel", {"request": _request_of(web, "thanos")}, "z")

        thread = threading.Thread(target=phones)
        thread.start()
        texts = run_lines(session, recorder, "combat")
        thread.join(5)
        assert texts == ["Alice et Zoe : tapez votre valeur sur votre propre appareil.", "Alice a envoyé sa valeur.",
                         "Zoe a annulé sur son appareil.", "Annulé : rien n'a été envoyé."]
        web.seats.close_stream(web.seats.by_id["thanos"], web.seats.by_id["thanos"].generation)
        web.secrets.reader = None
        assert run_lines(session, recorder, "combat") == [
            "Zoe : ouvrez votre page pour taper votre valeur ; rien n'a été demandé."]
    finally:
        web.stop()
