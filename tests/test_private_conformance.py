"""The private-hands contract, checked over every game that has hands to enter.

Random legal games; at each state, random hands entered through ``PrivateRules.enter``
(so only hands it accepts). Then: what the hands decide is always a command the rules
accept; following a change never leaves a seat more cards than it holds; and a command
is never refused by the hands when no hand is known.
"""

from __future__ import annotations

import random
from typing import Any

import msgspec
import pytest

from companion import registry
from companion.games.base import RuleError
from companion.private.base import PrivateRules

WITH_HANDS = [g for g in registry.GAMES if g.private is not None and g.private.held(g.rules.new(
    g.rules.options_type(players=g.spec.default_players), g.cards()))]


def _hands(private: Any, state: Any, cards: Any, rng: random.Random) -> dict[str, tuple[str, ...]]:
    hands: dict[str, tuple[str, ...]] = {}
    for seat, n in private.held(state).items():
        if not n:
            continue
        allowed = [c for c in private.choices(state, cards) if private.fits(state, seat, c)]
        for _ in range(5):  # a few tries: a random hand may need a copy another hand took
            try:
                hand = private.enter(state, cards, hands, seat, [rng.choice(allowed) for _ in range(n)])
            except RuleError:
                continue
            if not private.conflicts(state, cards, {**hands, seat: hand}):  # hands that disagree decide nothing
                hands[seat] = hand
                break
    return hands


def _accepted_by(private: Any, state: Any, hands: Any, move: Any) -> bool:
    try:
        private.check(state, hands, move)
    except RuleError:
        return False
    return True


@pytest.mark.parametrize("game", WITH_HANDS, ids=lambda g: g.id)
def test_what_the_hands_decide_is_accepted_and_hands_never_outgrow_the_table(game: Any) -> None:
    decided = sum(_play(game, seed) for seed in range(6))
    default = next(f.default for f in msgspec.structs.fields(PrivateRules) if f.name == "adjudicate")
    if game.private.adjudicate is not default:
        assert decided > 0  # the check above was put to work


def _play(game: Any, seed: int) -> int:
    """One random game with random hands; how many commands the hands decided."""
    rng = random.Random(seed)
    rules, private, cards = game.rules, game.private, game.cards()
    state = rules.new(rules.options_type(players=rng.randint(game.spec.min_players, game.spec.max_players)), cards)
    decided = 0
    for _ in range(60):
        if rules.outcome(state) is not None:
            break
        hands = _hands(private, state, cards, rng)
        command = private.adjudicate(state, hands)
        if command is not None:
            after, events = rules.apply(state, command)  # never refused
            decided += 1
            followed = private.follow(state, after, events, hands)
            held = private.held(after)
            assert all(len(hand) <= held.get(seat, 0) for seat, hand in followed.hands.items()), (command, followed)
        moves = rules.legal_moves(state)
        for move in moves:
            private.check(state, {}, move)  # no hand known: nothing to contradict
        consistent = [m for m in moves if _accepted_by(private, state, hands, m)]
        if not consistent:
            break
        move = rng.choice(consistent)  # as at the table: a command the hands contradict is refused
        after, events = rules.apply(state, move)
        followed = private.follow(state, after, events, hands)
        held = private.held(after)
        assert all(len(hand) <= held.get(seat, 0) for seat, hand in followed.hands.items()), (move, followed)
        state = after
    return decided
