"""The simulator's fast Num-X (companion/simulation/num_x_fast.py) against the rules core, move for move.

Random games of every option the simulator accepts are played on both at once: at every decision the same
legal moves (as the core's commands, in the core's order) and, after each move, the same public table, the
same hands and the same draw pile.
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings, strategies as st

from companion import simulate
from companion.games import num_x as nx
from companion.simulation import num_x_fast as fast

OPTION_CHOICES = {spec.name: spec.choices for spec in nx.SPEC.options if spec.scope == "rules"}


@st.composite
def tables(draw: st.DrawFn) -> nx.Options:
    values = {name: draw(st.sampled_from(choices)) for name, choices in OPTION_CHOICES.items()}
    top = nx.ADVERSAIRE_MAX if values["mode"] == "adversaire" else nx.MAX_PLAYERS
    return nx.Options(players=draw(st.integers(nx.MIN_PLAYERS, top)), **values)


def play_both(options: nx.Options, seed: int, choices: random.Random, max_steps: int = 3000) -> int:
    """One game on the core (with the core-path simulator's hands) and on the fast path; the decisions made."""
    table = fast.Table.of(options, simulate._cards())
    g = fast.deal(table, seed)
    rng = random.Random(seed)  # the core path's deal, as simulate.play_num_x makes it
    state = nx.RULES.new(options, simulate._cards())
    deck = [card_id for card_id, n in state.copies.items() for _ in range(n)]
    rng.shuffle(deck)
    hands = [[deck.pop() for _ in range(n)] for n in state.hands]
    steps = 0
    for steps in range(max_steps):
        core_moves = nx.moves_for(state, [state.cards[c] for c in hands[state.current]])
        moves = fast.legal_moves(g)
        assert [fast.command(table, m) for m in moves] == core_moves, f"moves at step {steps}"
        if not moves:
            break
        plays = [m for m in moves if m[0] >= 0]
        if plays and (fast.NEXT not in moves or choices.random() < 0.7):
            move = choices.choice(plays)  # blocked only when forced: the game goes on long
        else:
            move = fast.NEXT if fast.NEXT in moves else fast.BLOCKED
        command = fast.command(table, move)
        seat = state.current
        state, events = nx.RULES.apply(state, command)
        fast.apply(g, move)
        if isinstance(command, nx.Play):
            hands[seat].remove(command.card)
        _follow(state, events, hands, deck, rng)
        assert fast.public(g) == fast.core_public(state), f"state after {command} at step {steps}"
        assert [[table.ids[c] for c in h] for h in g.hands] == hands and [table.ids[c] for c in g.deck] == deck
    assert nx.RULES.outcome(state) is not None and g.ended
    result = nx.RULES.outcome(state)
    assert result is not None and result.score == g.score
    assert tuple(nx.player_id(s) for s in g.winners()) == result.winners
    return steps


def _follow(state: nx.State, events: list[Any], hands: list[list[str]], deck: list[str], rng: random.Random) -> None:
    """The core-path simulator's bookkeeping of the hidden cards (as simulate.play_num_x does it)."""
    for event in events:
        if isinstance(event, nx.ActionDraw) and event.drew:
            hands[nx.seat_of(event.player)].append(deck.pop())
        elif isinstance(event, nx.Refilled):
            hands[nx.seat_of(event.player)].extend(deck.pop() for _ in range(event.drew))
        elif isinstance(event, nx.PlayerEliminated):
            seat = nx.seat_of(event.player)
            deck.extend(hands[seat])
            hands[seat].clear()
            rng.shuffle(deck)
    assert len(deck) == state.deck


@settings(max_examples=150, deadline=None)
@given(tables(), st.integers(0, 10**6), st.integers(0, 10**6))
def test_the_fast_path_makes_the_cores_moves_and_states(options: nx.Options, seed: int, choice_seed: int) -> None:
    play_both(options, seed, random.Random(choice_seed))


def test_every_option_value_is_played() -> None:
    """Each value of each option, in one long game at least: the property above cannot skip one."""
    for name, choices in OPTION_CHOICES.items():
        for value in choices:
            players = 4 if value == "adversaire" else 3
            steps = play_both(nx.Options(players=players, **{name: value}), 11, random.Random(5))
            assert steps > 20, (name, value)


def test_adversaire_eliminations_and_every_action_card_are_followed() -> None:
    """A game where players are eliminated and their hands shuffled back, and one where each action is played."""
    for seed in range(8):
        play_both(nx.Options(players=4, mode="adversaire"), seed, random.Random(seed))
    seen: set[int] = set()
    table = fast.Table.of(nx.Options(players=3), simulate._cards())
    for seed in range(30):
        g = fast.deal(table, seed)
        choices = random.Random(seed)
        while not g.ended:
            moves = fast.legal_moves(g)
            plays = [m for m in moves if m[0] >= 0]
            move = choices.choice(plays) if plays else moves[0]
            seen.add(move[4])
            fast.apply(g, move)
    assert seen >= {fast.H_JOKER, fast.H_FLIP, fast.H_FLASH, fast.H_SIMPLE, fast.H_PASSE, fast.H_TEN, fast.H_BREAK}
