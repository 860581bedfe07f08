"""hypothesis: whatever the table types, Love Letter's invariants hold and refusals change nothing."""

from __future__ import annotations

import copy

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from companion.registry import find
from companion.games import love_letter as ll
from companion.games.base import RuleError
from tests.rules_helpers import love_letter_cards_counted
from conftest import examples

CARDS = find("love-letter").cards()
CARD_IDS = [c.id for c in CARDS.cards]
KINDS = ["aside", "play", "out", "discard", "compare", "reveal", "next"]


def command(data: st.DataObject, state: ll.State):
    legal = ll.RULES.legal_commands(state) or KINDS
    kind = data.draw(st.sampled_from(legal) | st.sampled_from(KINDS))
    seats = st.integers(0, state.players - 1)
    cards = st.sampled_from(CARD_IDS)
    if kind == "aside":
        return ll.Aside(tuple(data.draw(st.lists(cards, min_size=2, max_size=4))))
    if kind == "play":
        return ll.Play(data.draw(cards), data.draw(st.none() | seats), data.draw(st.none() | st.integers(0, 9)))
    if kind == "out":
        return ll.Out(data.draw(seats), data.draw(st.none() | cards))
    if kind == "discard":
        return ll.Discard(data.draw(seats), data.draw(cards))
    if kind == "compare":
        return lambda s: ll.resolve_compare(s, data.draw(st.integers(1, 8)), data.draw(st.integers(1, 8)))
    if kind == "reveal":
        return ll.Reveal(data.draw(seats), data.draw(cards))
    return ll.Next()


def check_invariants(state: ll.State) -> None:
    assert love_letter_cards_counted(state) == 16, "every card is in exactly one place"
    assert state.deck >= 0 and min(state.hands) >= 0 and state.removed in (0, 1)
    for card in CARDS.cards:
        assert 0 <= state.seen_count(card.id) <= card.copies
    assert sum(state.unseen().values()) == 16 - len(state.aside) - sum(len(p) for p in state.face_up) - \
        sum(1 for c in state.revealed if c is not None)
    assert all(not (state.protected[s] and not state.in_round[s]) for s in range(state.players))
    if state.phase == ll.TURN:
        assert state.in_round[state.current] or state.played
    assert max(state.tokens) <= state.tokens_to_win + 1
    if state.winner is not None:
        assert state.tokens[ll.seat_of(state.winner)] >= state.tokens_to_win


def check_step(before: ll.State, after: ll.State, events: list) -> None:
    won = [e for e in events if e.name == "round_won"]
    winners = {ll.seat_of(pid) for e in won for pid in e.winners}
    for seat in range(before.players):
        delta = after.tokens[seat] - before.tokens[seat]
        assert delta == (1 if seat in winners else 0), "tokens only grow, by one per round winner"
        if after.round == before.round and not before.in_round[seat]:
            assert not after.in_round[seat], "a player out stays out until the next round"
    if after.round != before.round:
        assert after.round == before.round + 1 and all(after.in_round)


@settings(max_examples=examples(200), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 4), tie=st.sampled_from(ll.TIE_RULES), data=st.data())
def test_random_commands_never_break_the_invariants(players, tie, data):
    state = ll.new(ll.Options(players=players, tie=tie), CARDS)
    check_invariants(state)
    for _ in range(data.draw(st.integers(10, 120))):
        made = command(data, state)
        snapshot, view = copy.deepcopy(state), copy.deepcopy(ll.public_view(state))
        try:
            cmd = made(state) if callable(made) else made
            after, events = ll.apply(state, cmd)
        except RuleError:
            # A refusal changes nothing: not the state, not anything inside it (compared with a deep copy).
            assert state == snapshot and ll.public_view(state) == view
            continue
        assert state == snapshot, "apply never changes the state it was given"
        check_invariants(after)
        check_step(state, after, events)
        assert ll.RULES.command_from(cmd.to_json()) == cmd
        state = after
    event(f"reached round {min(state.round, 3)}, phase {state.phase}")
