"""Mindbug invariants under random legal play (hypothesis): cards conserved, lives, effective values from scratch."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from msgspec.structs import replace

from companion.registry import find
from companion.games import mindbug as mb

CARDS = find("mindbug").cards()
BOX = 48 - 2 * mb.DECK
PASSIVE = ["goblin-werewolf", "urchin-hurler", "shield-bugs", "lone-yeti", "snail-thrower", "sharky-crab-dog-mummypus",
           "bee-bear", "elephantopus", "deathweaver"]
PLAIN = [c.id for c in CARDS.cards if c.id not in PASSIVE]


def conserved(state: mb.State) -> None:
    unseen = state.unseen()
    assert all(n >= 0 for n in unseen.values())
    unknown_hands = sum(h - len(k) for h, k in zip(state.hands, state.known, strict=True))
    assert all(h >= len(k) for h, k in zip(state.hands, state.known, strict=True))
    assert sum(unseen.values()) == unknown_hands + sum(state.decks) + BOX
    announced = int(state.pending is not None and state.pending.kind == "mindbug")
    in_play = (announced + sum(len(b) for b in state.boards) + sum(len(p) for p in state.discards)
               + sum(len(k) for k in state.known))
    assert in_play + sum(unseen.values()) == 48


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.integers(0, 10_000), min_size=10, max_size=150), st.sampled_from(["always", "after_play"]))
def test_random_legal_play_conserves_cards_and_lives(choices, refill):
    state = mb.new(mb.Options(refill=refill), CARDS)
    for choice in choices:
        moves = mb.legal_moves(state)
        if not moves:
            assert mb.outcome(state) is not None
            break
        state, _ = mb.apply(state, moves[choice % len(moves)])
        conserved(state)
        assert all(life >= 0 for life in state.lives)
        assert (min(state.lives) == 0) == (state.winner is not None and state.reason is mb.Reason.LIVES)
        assert all(0 <= n <= 2 for n in state.mindbugs) and all(0 <= d <= 5 for d in state.decks)
        if state.winner is None and state.options.refill == "always":
            assert all(h >= 5 or d == 0 for h, d in zip(state.hands, state.decks, strict=True))


def oracle(state: mb.State, seat: int, card: str, index: int) -> tuple[int, set[str]]:
    """The reference table's passive effects, written out card by card (independent of the card file's vocabulary)."""
    mine, theirs = state.boards[seat], state.boards[1 - seat]
    me = mine[index]
    printed = CARDS[card].value
    power = printed
    turn = state.current == seat
    ids = [c.card for c in mine]
    others = ids[:index] + ids[index + 1:]
    if card == "goblin-werewolf" and turn:
        power += 6
    if card == "lone-yeti" and not others:
        power += 5
    power += others.count("shield-bugs")
    if turn:
        power += 2 * others.count("urchin-hurler")
    keywords = set(mb.traits(CARDS[card]).keywords)
    if card == "lone-yeti" and not others:
        keywords.add("frenzy")
    if "snail-thrower" in others and power <= 4:
        keywords |= {"hunter", "poisonous"}
    if card == "sharky-crab-dog-mummypus":
        for enemy_index, enemy in enumerate(theirs):
            found = oracle(state, 1 - seat, enemy.card, enemy_index)[1] if enemy.card != card else set()
            keywords |= found & {"hunter", "sneaky", "poisonous", "frenzy"}
    del me
    return power, keywords


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(PASSIVE + PLAIN[:12]), max_size=5), st.lists(st.sampled_from(PASSIVE + PLAIN[:12]), max_size=5),
       st.integers(0, 1))
def test_effective_values_equal_the_reference_computed_from_scratch(mine, theirs, current):
    boards = tuple(tuple(mb.Creature(10 * seat + i + 1, card, seat) for i, card in enumerate(side))
                   for seat, side in enumerate((mine, theirs)))
    state = replace(mb.new(mb.Options(), CARDS), boards=boards, current=current)
    values = mb.effective(state)
    for seat, board in enumerate(state.boards):
        for index, creature in enumerate(board):
            power, keywords = oracle(state, seat, creature.card, index)
            assert values[creature.uid].power == power, (creature.card, mine, theirs)
            assert set(values[creature.uid].keywords) == keywords, (creature.card, mine, theirs)
    reordered = replace(state, boards=(tuple(reversed(state.boards[0])), state.boards[1]))
    assert mb.effective(reordered) == {uid: v for uid, v in mb.effective(reordered).items()}
    assert {u: (v.power, v.keywords) for u, v in mb.effective(reordered).items()} == {
        u: (v.power, v.keywords) for u, v in values.items()}
