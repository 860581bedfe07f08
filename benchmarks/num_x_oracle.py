"""An independent Num-X simulator: the oracle the companion's simulator is checked against (issue 34).

Written from the rules text (``../shared/rules/num-x.txt``), the reference's default reading
(``../shared/reference/num-x.md``) and the greedy policy as docs/num-x.en.md writes it down ("The greedy
policy"), never from the companion's code: it imports nothing from ``companion``, keeps its own cards, state,
deal and random numbers, so a rules mistake made twice is unlikely. It plays the cooperative game only
(Coop and Expert, with or without the action cards, extra plays allowed or exactly the minimum), with every
other open point at its default: colour lock on, a pile's first card the top of both branches, only a family
card starts a pile, a break resets the branch.

Run it alone: ``python benchmarks/num_x_oracle.py [GAMES] [PLAYERS] [written|no-credit]`` prints the greedy
bot's win rate (``no-credit``: a greedy that gives no credit for room given back, for comparison).
``benchmarks/bench_num_x.py`` times it beside the companion's simulator and compares the two win rates.
"""

from __future__ import annotations

import math
import random
import sys
from dataclasses import dataclass, field

LOW, HIGH = 0, 16
HAND = 5
FAMILY, SHADOW, RAINBOW = "family", "shadow", "rainbow"
JOKER, FLIP, FLASH, SIMPLE, PASSE = "joker", "flip", "flash", "simple", "passe"
UP, DOWN = "up", "down"


@dataclass(frozen=True)
class Card:
    kind: str
    family: int = -1  # 0-3 for a family card
    value: int = -1  # -1 for an action card


def box(players: int, actions: bool) -> list[Card]:
    """The cards: 4 families 0-16, Shadow 0-7, Rainbow 8-16; the action cards when ``actions``
    (Joker, Flip, Flash once each, twice from 3 players; Simple twice; Passe three times)."""
    cards = [Card(FAMILY, f, v) for f in range(4) for v in range(LOW, HIGH + 1)]
    cards += [Card(SHADOW, -1, v) for v in range(0, 8)] + [Card(RAINBOW, -1, v) for v in range(8, 17)]
    if actions:
        twice = 2 if players >= 3 else 1
        cards += [Card(JOKER)] * twice + [Card(FLIP)] * twice + [Card(FLASH)] * twice
        cards += [Card(SIMPLE)] * 2 + [Card(PASSE)] * 3
    return cards


@dataclass
class Stack:
    """One Infinity card's pile: its family once started, its first card's value, each branch's values."""

    family: int = -1
    first: int = -1
    branches: dict[str, list[int]] = field(default_factory=lambda: {UP: [], DOWN: []})

    @property
    def started(self) -> bool:
        return self.family >= 0

    def top(self, direction: str) -> int:
        branch = self.branches[direction]
        return branch[-1] if branch else self.first


@dataclass(frozen=True)
class Play:
    """A play: the hand position of its card, what it does, its pile (-1: none), branch and value."""

    slot: int
    what: str  # start, place, joker, flip, flash, simple, passe
    pile: int = -1
    direction: str = ""
    value: int = -1


@dataclass
class Table:
    players: int
    tens: bool  # the ±10 rule (off in Expert)
    exact: bool  # exactly the required plays, no more
    draw: list[Card]
    hands: list[list[Card]]
    stacks: list[Stack]
    sizes: list[int]
    total: int
    to_come: set[tuple[int, int]]  # (family, value) of the family cards not yet placed
    seat: int = 0
    made: int = 0
    required: int = 2
    passed: bool = False
    emptied: bool = False
    result: str = ""  # "", "won", "lost"

    @property
    def score(self) -> int:
        return self.total - len(self.draw) - sum(len(h) for h in self.hands)


def new_table(players: int, seed: int, tens: bool = True, actions: bool = True, exact: bool = False) -> Table:
    """A seeded deal of its own: the box shuffled, 5 cards to each player, the rest the draw pile."""
    cards = box(players, actions)
    rng = random.Random(f"oracle {seed}")
    rng.shuffle(cards)
    hands = [cards[i * HAND:(i + 1) * HAND] for i in range(players)]
    return dealt(hands, cards[players * HAND:], tens, exact)


def dealt(hands: list[list[Card]], draw: list[Card], tens: bool = True, exact: bool = False) -> Table:
    """A table from a given deal (``draw`` is drawn from its end): to replay another simulator's deal."""
    total = len(draw) + sum(len(h) for h in hands)
    return Table(len(hands), tens, exact, draw[:], [h[:] for h in hands], [Stack() for _ in range(4)],
                 [HAND] * len(hands), total, {(f, v) for f in range(4) for v in range(LOW, HIGH + 1)},
                 required=2 if draw else 1)


NAMES = ("red", "green", "blue", "yellow")


def card(name: str) -> Card:
    """A card from its usual name: ``red-7`` (green, blue, yellow), ``shadow-3``, ``rainbow-12``, ``joker``…"""
    kind, _, number = name.partition("-")
    if kind in NAMES:
        return Card(FAMILY, NAMES.index(kind), int(number))
    return Card(kind, -1, int(number)) if number else Card(kind)


# ----------------------------------------------------------------------------- the rules


def plays(t: Table) -> list[Play]:
    """Every legal play of the active player, in hand order, then pile, then up before down, then value."""
    hand = t.hands[t.seat]
    if t.result or t.passed or (t.exact and t.made >= t.required):
        return []
    found: list[Play] = []
    for slot, card in enumerate(hand):
        if card.kind == FAMILY:
            found += _family_plays(t, slot, card)
        elif card.kind in (SHADOW, RAINBOW):
            direction = UP if card.kind == SHADOW else DOWN
            # normal (beyond or equal), ±10 or a break: every value fits a started pile's branch of its way
            found += [Play(slot, "place", p, direction, card.value) for p, s in enumerate(t.stacks) if s.started]
        else:
            found += _action_plays(t, slot, card.kind)
    return found


def _family_plays(t: Table, slot: int, card: Card) -> list[Play]:
    own = [p for p, s in enumerate(t.stacks) if s.family == card.family]
    if not own:  # the colour lock: a family holds one pile, started by one of its cards on a free one
        free = [p for p, s in enumerate(t.stacks) if not s.started]
        return [Play(slot, "start", p) for p in free]
    s, v, found = t.stacks[own[0]], card.value, []
    up, down = s.top(UP), s.top(DOWN)
    if v > up or (t.tens and v == up - 10):
        found.append(Play(slot, "place", own[0], UP, v))
    if v < down or (t.tens and v == down + 10):
        found.append(Play(slot, "place", own[0], DOWN, v))
    return found


def _action_plays(t: Table, slot: int, kind: str) -> list[Play]:
    if kind in (SIMPLE, PASSE):
        return [Play(slot, kind)]
    found = []
    for p, s in enumerate(t.stacks):
        if not s.started:
            continue
        if kind == FLIP:
            if s.branches[UP] and s.branches[DOWN]:  # a card of its own on both branches
                found.append(Play(slot, FLIP, p))
            continue
        for d in (UP, DOWN):
            if kind == FLASH:
                if s.branches[d]:  # never the pile's first card
                    found.append(Play(slot, FLASH, p, d))
                continue
            top = s.top(d)
            values = (top, top - 10, top + 10) if t.tens else (top,)
            found += [Play(slot, JOKER, p, d, v) for v in values if LOW <= v <= HIGH]
    return found


def play(t: Table, move: Play) -> None:
    hand = t.hands[t.seat]
    card = hand.pop(move.slot)
    s = t.stacks[move.pile] if move.pile >= 0 else None
    if move.what == "start" and s is not None:
        s.family, s.first = card.family, card.value
    elif move.what in ("place", JOKER) and s is not None:
        s.branches[move.direction].append(move.value)
    elif move.what == FLIP and s is not None:
        up, down = s.branches[UP], s.branches[DOWN]
        up[-1], down[-1] = down[-1], up[-1]
    elif move.what == FLASH and s is not None:
        s.branches[move.direction].pop()
    elif move.what == SIMPLE:
        t.required = min(t.required, 1)
    elif move.what == PASSE:
        t.required, t.passed = 0, True
    if card.kind == FAMILY:
        t.to_come.discard((card.family, card.value))
    if move.what not in (SIMPLE, PASSE):
        t.made += 1
    if card.kind not in (FAMILY, SHADOW, RAINBOW) and t.draw:  # an action card: a replacement at once
        hand.append(t.draw.pop())
        if not t.draw:
            t.required = min(t.required, 1)
    if not hand and t.draw:
        t.emptied = True
    if not t.draw and not any(t.hands):
        t.result = "won"


def may_end(t: Table) -> bool:
    return t.made >= t.required or not t.hands[t.seat]


def end_turn(t: Table) -> None:
    """Draw back to the hand's size (one more from now on when it was emptied this turn), then the next seat
    holding cards plays."""
    hand = t.hands[t.seat]
    if t.emptied:
        t.sizes[t.seat] += 1
    while t.draw and len(hand) < t.sizes[t.seat]:
        hand.append(t.draw.pop())
    for step in range(1, t.players + 1):
        seat = (t.seat + step) % t.players
        if t.hands[seat]:
            break
    else:
        t.result = "won"
        return
    t.seat, t.made, t.required, t.passed, t.emptied = seat, 0, 2 if t.draw else 1, False, False


# ----------------------------------------------------------------------------- the greedy policy


def skipped(t: Table, family: int, a: int, b: int) -> int:
    """The family's cards still to come strictly between ``a`` and ``b``."""
    low, high = min(a, b), max(a, b)
    return sum(1 for v in range(low + 1, high) if (family, v) in t.to_come)


def cost(t: Table, move: Play, policy: str = "written") -> float:
    """The room a play takes (docs/num-x.en.md, "The greedy policy"); lower is better.

    ``policy="no-credit"``: another greedy, for comparison only: a play that gives room back (a ±10, an equal,
    a break, the Joker's top again) costs 0 instead of less."""
    fixed = {"start": 0.5, SIMPLE: 2.5, PASSE: 3.5}
    if move.what in fixed:
        return fixed[move.what]
    s = t.stacks[move.pile]
    if move.what == FLIP:
        up, down = s.top(UP), s.top(DOWN)
        return 1.0 - (skipped(t, s.family, down, up) if up > down else 0)
    top = s.top(move.direction)
    if move.what == FLASH:
        branch = s.branches[move.direction]
        below = branch[-2] if len(branch) > 1 else s.first
        return 1.0 - skipped(t, s.family, below, top)
    v = move.value
    onward = v > top if move.direction == UP else v < top
    if onward:
        extra = 0.2 if t.hands[t.seat][move.slot].kind in (SHADOW, RAINBOW) else 0.0
        return skipped(t, s.family, top, v) + extra
    return 0.0 if policy == "no-credit" else -skipped(t, s.family, top, v) - 0.5


def greedy(t: Table, policy: str = "written") -> Play | None:
    """The cheapest play (the first listed among equals) until the required plays are made, then more only
    while the cheapest costs at most 0 (1 once the draw pile is empty); None: end the turn, or blocked."""
    best, least = None, math.inf
    for move in plays(t):
        c = cost(t, move, policy)
        if c < least:
            best, least = move, c
    if best is None:
        return None
    if t.made < t.required or least <= (0.0 if t.draw else 1.0):
        return best
    return None


@dataclass(frozen=True)
class Result:
    won: bool
    score: int
    total: int


def game(players: int, seed: int, tens: bool = True, actions: bool = True, exact: bool = False,
         policy: str = "written") -> Result:
    return finish(new_table(players, seed, tens, actions, exact), policy)


def finish(t: Table, policy: str = "written") -> Result:
    """The greedy bot plays every seat to the end of the game."""
    for _ in range(10_000):
        if t.result:
            break
        move = greedy(t, policy)
        if move is not None:
            play(t, move)
        elif may_end(t):
            end_turn(t)
        else:
            t.result = "lost"  # blocked: the required plays cannot be made
    return Result(t.result == "won", t.score, t.total)


def wins(players: int, games: int, seed: int = 1, policy: str = "written", **reading: bool) -> int:
    return sum(game(players, s, policy=policy, **reading).won for s in range(seed, seed + games))


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    seats = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    chosen = sys.argv[3] if len(sys.argv) > 3 else "written"  # or no-credit
    won = wins(seats, n, policy=chosen)
    print(f"independent simulator, greedy ({chosen} policy), {seats} players, as printed: "
          f"{won} wins in {n} games ({100 * won / n:.1f} %)")
