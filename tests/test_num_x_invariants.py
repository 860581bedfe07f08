"""hypothesis: whatever the table types, Num-X's invariants hold and refusals change nothing.

Cards are conserved (draw pile + hands + branches + out of play = the deck), every
branch is a legal sequence under the chosen options, and a turn never holds more
plays than its cards allow (exactly the required ones with ``extra=exact``).
"""

from __future__ import annotations

import copy

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.registry import find
from companion.games import num_x as nx
from companion.games.base import RuleError

CARDS = find("num-x").cards()
CARD_IDS = [c.id for c in CARDS.cards]

OPTIONS = st.builds(
    nx.Options,
    players=st.integers(2, 4),
    mode=st.sampled_from(nx.MODES),
    actions=st.sampled_from(("on", "off")),
    start=st.sampled_from(("shared", "open")),
    starters=st.sampled_from(("family", "any")),
    lock=st.sampled_from(("on", "off")),
    breaks=st.sampled_from(("reset", "close")),
    extra=st.sampled_from(("allowed", "exact")),
)


def branch_is_legal(state: nx.State, pile: nx.Pile, direction: str) -> bool:
    """Each card of the branch went on the one before it by a rule the options allow."""
    o = state.options
    top = pile.start.value if pile.start is not None else (-1 if direction == nx.UP else 17)
    rising = direction == nx.UP
    for placed in pile.branch(direction):
        kind = nx.traits(CARDS[placed.card]).kind
        v = placed.value
        ok = {
            "normal": (v > top) if rising else (v < top),
            "help": o.mode == "adversaire" and ((v < top) if rising else (v > top)),
            "ten": o.tens and v == (top - 10 if rising else top + 10),
            "equal": kind in ("shadow", "rainbow") and v == top,
            "break": (kind == "shadow" and rising) or (kind == "rainbow" and not rising),
            "joker": v == top or (o.tens and abs(v - top) == 10),
            "flip": True,
        }.get(placed.how, False)
        if not ok:
            return False
        top = v
    return pile.top(direction) == top or not pile.started


def check_invariants(state: nx.State, turn_cards: int) -> None:
    out_of_play = len(state.out)
    assert state.deck >= 0 and all(h >= 0 for h in state.hands)
    assert state.deck + sum(state.hands) + state.placed + out_of_play == state.total
    used = sum(state.used.values())
    assert used == state.placed + out_of_play
    for card_id, count in state.used.items():
        assert count <= state.copies[card_id]
    for pile in state.piles:
        assert branch_is_legal(state, pile, nx.UP) and branch_is_legal(state, pile, nx.DOWN)
        if state.options.lock == "on" and pile.family is not None:
            families = {nx.traits(CARDS[c]).family for c in pile.cards()} - {None}
            assert families <= {pile.family}
    assert state.plays_made <= turn_cards
    if state.options.extra == "exact":
        assert state.plays_made <= 2
    if state.passed:  # a Passe fills the turn: nothing more is played
        assert not any(isinstance(m, nx.Play) for m in nx.legal_moves(state))
    if state.deck == 0:
        assert state.plays_required <= 1


def command(data: st.DataObject, state: nx.State) -> nx.Command:
    legal = nx.legal_moves(state)
    if legal and data.draw(st.booleans()):
        return data.draw(st.sampled_from(legal))
    kind = data.draw(st.sampled_from(["play", "play", "next", "blocked"]))
    if kind == "next":
        return nx.Next()
    if kind == "blocked":
        return nx.Blocked()
    return nx.Play(data.draw(st.sampled_from(CARD_IDS)), data.draw(st.none() | st.integers(0, 5)),
                   data.draw(st.sampled_from((None, "up", "down", "sideways"))), data.draw(st.none() | st.integers(-2, 18)))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(options=OPTIONS, data=st.data())
def test_invariants_hold_and_refusals_change_nothing(options: nx.Options, data: st.DataObject) -> None:
    if options.mode == "adversaire" and options.players > 4:
        return
    state = nx.new(options, CARDS)
    turn_cards = state.hands[state.current]
    for _ in range(data.draw(st.integers(1, 80))):
        if nx.outcome(state) is not None:
            break
        before = copy.deepcopy(state)
        move = command(data, state)
        try:
            new_state, events = nx.apply(state, move)
        except RuleError:
            assert state == before
            assert move not in nx.legal_moves(state)
            continue
        assert move in nx.legal_moves(state)
        if new_state.current != state.current or new_state.turn != state.turn:
            turn_cards = new_state.hands[new_state.current]
        else:
            turn_cards += sum(1 for e in events if isinstance(e, nx.ActionDraw) and e.drew)
        state = new_state
        check_invariants(state, turn_cards)


def test_the_branch_check_can_fail() -> None:
    """A branch that goes down on a rising branch is caught."""
    state = nx.new(nx.Options(), CARDS)
    bad = nx.Pile(family="red", start=nx.Placed("red-7", 7, "start"), up=(nx.Placed("red-5", 5, "normal"),))
    assert not branch_is_legal(state, bad, nx.UP)
    good = nx.Pile(family="red", start=nx.Placed("red-7", 7, "start"), up=(nx.Placed("red-9", 9, "normal"),))
    assert branch_is_legal(state, good, nx.UP)
