"""The fast path's bots (companion/simulation/num_x_bots.py): the same games as the core-path bots, seed for seed."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings, strategies as st

from companion import simulate
from companion.games import num_x as nx
from companion.simulation import num_x_bots as bots, num_x_fast as fast

TABLES = [{"players": 2}, {"players": 3}, {"players": 5}, {"players": 4, "mode": "expert"},
          {"players": 3, "mode": "adversaire"}, {"players": 4, "mode": "adversaire", "breaks": "close"},
          {"players": 3, "mode": "decouverte", "start": "open", "starters": "any"},
          {"players": 3, "actions": "off", "extra": "exact"}, {"players": 4, "lock": "off", "breaks": "close"}]


@pytest.mark.parametrize("values", TABLES)
@pytest.mark.parametrize("bot", ["greedy", "planner"])
def test_the_fast_bots_play_the_core_bots_games(values: dict[str, object], bot: str) -> None:
    options = nx.Options(**values)  # type: ignore[arg-type]
    table = fast.Table.of(options, simulate._cards())
    seeds = range(12) if bot == "greedy" else range(3)
    for seed in seeds:
        core = simulate.play_num_x(options, seed, simulate._BOTS[bot])
        quick = bots.play(table, seed, bots.BOTS[bot])
        assert (quick.score, quick.turns, quick.total) == (core.score, core.turns, core.total), seed
        assert quick.won == core.won or options.mode == "adversaire"


def test_adversaire_results_name_the_winning_seats() -> None:
    table = fast.Table.of(nx.Options(players=3, mode="adversaire"), simulate._cards())
    results = [bots.play(table, seed, bots.greedy) for seed in range(30)]
    assert all(r.winners and not r.won for r in results)
    assert len({r.winners for r in results}) > 1  # not always the same seat
    assert all(r.reason in ("seventeen", "last_standing") for r in results)


def test_a_cooperative_win_placed_every_card() -> None:
    table = fast.Table.of(nx.Options(players=2), simulate._cards())
    results = [bots.play(table, seed, bots.greedy) for seed in range(60)]
    assert any(r.won for r in results) and not all(r.won for r in results)
    assert all((r.score == r.total) == r.won for r in results)
    assert all(r.winners == ((0, 1) if r.won else ()) for r in results)


OPTION_CHOICES = {spec.name: spec.choices for spec in nx.SPEC.options if spec.scope == "rules"}


@st.composite
def games(draw: st.DrawFn) -> tuple[nx.Options, int, int]:
    values = {name: draw(st.sampled_from(choices)) for name, choices in OPTION_CHOICES.items()}
    top = nx.ADVERSAIRE_MAX if values["mode"] == "adversaire" else nx.MAX_PLAYERS
    return nx.Options(players=draw(st.integers(2, top)), **values), draw(st.integers(0, 10**6)), draw(st.integers(0, 9))


@settings(max_examples=120, deadline=None)
@given(games())
def test_the_fused_greedy_chooses_as_the_plain_one_at_every_decision(game: tuple[nx.Options, int, int]) -> None:
    """Random games (a random move one time in ``k`` so every kind of table is met): the same choice each time."""
    options, seed, k = game
    table = fast.Table.of(options, simulate._cards())
    g = fast.deal(table, seed)
    choices = random.Random(seed)
    while not g.ended:
        chosen = bots.greedy(g)
        assert chosen == bots.greedy_reference(g)
        if k and choices.randrange(k + 1) == 0:
            chosen = choices.choice(fast.legal_moves(g))
        fast.apply(g, chosen)


@settings(max_examples=80, deadline=None)
@given(games())
def test_the_planners_card_costs_are_the_cheapest_plays_of_each_card(game: tuple[nx.Options, int, int]) -> None:
    """`_least_costs` (the planner's fast leftover) gives what `cheapest` leaves in ``each``, capped at 6."""
    options, seed, k = game
    table = fast.Table.of(options, simulate._cards())
    g = fast.deal(table, seed)
    choices = random.Random(seed)
    while not g.ended:
        hand = g.hands[g.current]
        each: dict[int, float] = {}
        bots.cheapest(g, hand, each)
        assert bots._least_costs(g, hand) == {c: min(x, 6.0) for c, x in each.items()}
        chosen = bots.greedy(g)
        if k and choices.randrange(k + 1) == 0:
            chosen = choices.choice(fast.legal_moves(g))
        fast.apply(g, chosen)
