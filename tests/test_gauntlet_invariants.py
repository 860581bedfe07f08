"""hypothesis: whatever the table types, the Gauntlet's invariants hold and refusals change nothing."""

from __future__ import annotations

import copy
import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.registry import find
from companion.games import gauntlet as g
from companion.games.base import RuleError
from conftest import examples

CARDS = find("gauntlet").cards()
CARD_IDS = [c.id for c in CARDS.cards]
STONES = [c.id for c in CARDS.cards if c.traits.stone]
EVENT_NAMES = {cls.name for cls in vars(g).values()
               if isinstance(cls, type) and issubclass(cls, g.Event) and cls is not g.Event}


def command(data: st.DataObject, state: g.State):
    kind = data.draw(st.sampled_from(["play", "play", "defeat", "fight", "token", "snap", "next", "next"]))
    seats = st.integers(0, state.players - 1)
    if kind == "play":
        return g.Play(
            data.draw(st.sampled_from(CARD_IDS)),
            target=data.draw(st.none() | seats),
            value=data.draw(st.none() | st.integers(0, 8)),
            deck=data.draw(st.sampled_from([None, "heroes", "thanos", "bogus"])),
            copy=data.draw(st.none() | st.sampled_from(CARD_IDS)),
        )
    if kind == "defeat":
        return g.Defeat(data.draw(seats), data.draw(st.sampled_from(CARD_IDS)))
    if kind == "fight":
        return lambda s: g.resolve_fight(s, data.draw(seats), data.draw(st.integers(0, 8)), data.draw(st.integers(0, 8)))
    if kind == "token":
        return g.Token(data.draw(seats), data.draw(st.integers(-3, 4)))
    if kind == "snap":
        return g.Snap(tuple(data.draw(st.lists(st.sampled_from(STONES + ["hulk"]), max_size=4))))
    return g.Next()


def check_invariants(state: g.State) -> None:
    assert 0 <= state.thanos_lives <= state.thanos_lives_max
    assert 0 <= state.hero_lives <= state.options.hero_lives
    heroes_face_up = sum(len(state.face_up[seat]) for seat in state.heroes)
    assert state.hero_deck + sum(state.hands[1:]) + heroes_face_up == 16
    assert state.thanos_deck + state.hands[0] + len(state.face_up[0]) == 13
    assert min(state.hands) >= 0 and state.hero_deck >= 0 and state.thanos_deck >= 0
    for card in CARDS.cards:
        assert 0 <= state.face_up_count(card.id) <= card.copies
        side_piles = [0] if card.side == "thanos" else list(state.heroes)
        assert all(card.id not in state.face_up[s] for s in range(state.players) if s not in side_piles)
    assert min(state.tokens) >= 0
    assert sum(state.tokens) + state.reserve - state.substitutes == state.options.token_pool
    if state.thanos_lives == 0:
        assert state.winner == "heroes"
    if state.hero_lives == 0:
        assert state.winner == "thanos"


@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 6), data=st.data())
def test_random_commands_never_break_the_invariants(players, data):
    state = g.new(g.Options(players=players), CARDS)
    check_invariants(state)
    for _ in range(data.draw(st.integers(1, 80))):
        cmd = command(data, state)
        snapshot, view = copy.deepcopy(state), copy.deepcopy(g.public_view(state))
        try:
            if callable(cmd):
                cmd = cmd(state)
            after, events = g.apply(state, cmd)
        except RuleError:
            # A refusal changes nothing: not the state, not anything inside it (compared with a deep copy).
            assert state == snapshot and g.public_view(state) == view
            continue
        assert state == snapshot, "apply never changes the state it was given"
        assert {e.name for e in events} <= EVENT_NAMES and events, "every accepted command says what changed"
        json.dumps([e.fields() for e in events])
        state = after
        check_invariants(state)


@settings(max_examples=60, deadline=None)
@given(players=st.integers(2, 6), data=st.data())
def test_a_game_is_its_command_list(players, data):
    """Replaying the accepted commands from their JSON form rebuilds the same state."""
    state = g.new(g.Options(players=players), CARDS)
    accepted = []
    for _ in range(data.draw(st.integers(1, 40))):
        cmd = command(data, state)
        try:
            if callable(cmd):
                cmd = cmd(state)
            state, _ = g.apply(state, cmd)
        except RuleError:
            continue
        accepted.append(cmd.to_json())
    replayed = g.new(g.Options(players=players), CARDS)
    for data_line in accepted:
        replayed, _ = g.apply(replayed, g.RULES.command_from(data_line))
    assert replayed == state
