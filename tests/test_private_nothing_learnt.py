"""Issue 23: nothing a page is refused depends on another seat's hand.

A page can be refused in three ways that involve hands: a hand entered (``PrivateRules.enter``), a secret value
typed (``secret_value``), a play sent from the page (checked by ``Hands.checking`` with the page's seat, the
way ``DeviceLines`` sends it). In random games of every game with hands, for each seat, its own hand is kept and
the other seats' hands are drawn twice at random: every refusal, its code and its details, must be the same both
times. (Before issue 23, entering a card another page entered was refused: "…or in another hand entered.")
"""

from __future__ import annotations

import random
from types import SimpleNamespace
from typing import Any

import pytest

from conftest import make_session

from companion import registry
from companion.games.base import RuleError
from companion.web.feed import Feed
from companion.web.hands import Hands
from companion.web.seats import Seats

GAMES = [g for g in registry.GAMES if g.private is not None and g.private.held(g.rules.new(
    g.rules.options_type(players=g.spec.min_players), g.cards()))]


def _random_hand(private: Any, state: Any, cards: Any, seat: str, n: int, rng: random.Random) -> tuple[str, ...]:
    allowed = [c for c in private.choices(state, cards) if private.fits(state, seat, c)]
    for _ in range(20):
        try:
            return tuple(private.enter(state, cards, {}, seat, [rng.choice(allowed) for _ in range(n)]))
        except RuleError:
            continue
    return ()


def _outcome(action: Any, *args: Any) -> tuple[str, Any] | None:
    try:
        action(*args)
    except RuleError as error:
        return error.code, sorted(error.details.items())
    return None


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_no_refusal_of_a_page_depends_on_another_seats_hand(game: Any) -> None:
    rules, private, cards = game.rules, game.private, game.cards()
    compared = 0
    for seed in range(4):
        rng = random.Random(seed)
        players = rng.randint(game.spec.min_players, game.spec.max_players)
        session, _ = make_session(game.id, players=players)
        seats = Seats([(pid, pid) for pid in rules.player_ids(session.state)], "en")
        keeper = Hands(private, seats, Feed())
        state = session.state
        for _ in range(25):
            if rules.outcome(state) is not None:
                break
            held = {s: n for s, n in private.held(state).items() if n}
            for seat, n in held.items():
                own = _random_hand(private, state, cards, seat, n, rng)
                others = [{s: _random_hand(private, state, cards, s, m, rng) for s, m in held.items() if s != seat}
                          for _ in range(2)]
                hands = [{**o, seat: own} for o in others]
                candidates = [[rng.choice(private.choices(state, cards)) for _ in range(n)] for _ in range(6)]
                for entered in candidates:  # the hand form
                    results = [_outcome(private.enter, state, cards, h, seat, entered) for h in hands]
                    assert results[0] == results[1], (seat, entered, hands)
                    compared += 1
                for value in range(0, 11):  # a secret value typed
                    results = [_outcome(private.secret_value, state, h, seat, value) for h in hands]
                    assert results[0] == results[1], (seat, value, hands)
                waiting = rules.to_act(state)
                if waiting is None or waiting.player in (None, seat):
                    table = SimpleNamespace(state=state, narrator=session.narrator, table=session.table)
                    for move in rules.legal_moves(state):  # a play sent from the page
                        results = []
                        for h in hands:
                            keeper.cards = dict(h)
                            keeper.from_seat = seat
                            results.append(_outcome(keeper.checking, table, move))
                        assert results[0] == results[1], (seat, move, hands)
                        compared += 1
            moves = rules.legal_moves(state)
            if not moves:
                break
            state, _ = rules.apply(state, rng.choice(moves))
    assert compared > 50
