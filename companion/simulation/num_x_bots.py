"""The Num-X bots on the fast path: greedy and the planner, seeded and reproducible.

What they look at: the public table, the cards not yet played of each family (``Game.unseen``, which counts
the other players' hands and the draw pile together: the bots never peek at a hidden card's place), and
their own hand.

- ``greedy``: each play's *cost* is the room it takes: the values still to come that it skips on its branch
  (of the pile's family with the colour lock; of every family without); a ±10, a break or an equal gives room
  back (a negative cost); a start costs 0.5, a Simple 2.5, a Passe 3.5, a Flip or a Flash the room it frees.
  It makes the cheapest play until the required plays are made, then more (when allowed) only while a play
  gives room back. About 1 ms a game.
- ``planner``: the greedy's costs, but the plays still required this turn are chosen together (two plays
  deep over the six cheapest first plays and four cheapest second ones), each line scored by its cost plus
  0.4 × how well the cards left in hand fit afterwards; so it keeps a card 10 away and breaks when it pays.
  It wins 5 to 15 points more than greedy (docs/num-x.*.md) for about 15× the time.

Both play exactly as the core-path bots of ``companion/simulate.py`` (tests/test_num_x_fast_bots.py plays
the same seeds on both); the seed of a game fixes its deal and so its result, whatever the worker count.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from companion.simulation import num_x_fast as fast
from companion.simulation.num_x_fast import (
    ACTION, FAMILY, H_FLASH, H_FLIP, H_PASSE, H_SIMPLE, H_START, NEXT, SHADOW, UP, Game, Move, Table,
)

Bot = Callable[[Game], Move]
BOTH, ONLY_UP, ONLY_DOWN = (UP, fast.DOWN), (UP,), (fast.DOWN,)
_ALL = (0, 1, 2, 3)


@dataclass(frozen=True)
class GameResult:
    """One game's end: ``winners`` are seats (every seat for a cooperative win, none for a loss)."""

    players: int
    won: bool
    score: int
    total: int
    turns: int
    winners: tuple[int, ...] = ()
    reason: str = ""


def between(g: Game, family: int, low: int, high: int) -> int:
    """Cards not yet played of ``family`` (-1: of every family) strictly between ``low`` and ``high``."""
    lo, hi = (low + 1 if low >= 0 else 0), (high if high < 17 else 17)
    if hi <= lo:
        return 0
    mask = (1 << hi) - (1 << lo)
    if family >= 0:
        return (g.unseen[family] & mask).bit_count()
    unseen = g.unseen
    return ((unseen[0] & mask).bit_count() + (unseen[1] & mask).bit_count() + (unseen[2] & mask).bit_count()
            + (unseen[3] & mask).bit_count())


def cost(g: Game, m: Move) -> float:
    """How much room a play takes from the table (negative: it gives room back); lower is better."""
    c, p, d, _value, how, v, _helping = m
    if how == H_SIMPLE:
        return 2.5
    if how == H_PASSE:
        return 3.5
    t = g.table
    pile = g.piles[p]
    family = pile.family if t.lock else -1
    if how == H_FLIP:
        up, down = pile.tops
        return -(between(g, family, down, up) if up > down else 0) + 1.0
    if how == H_START or not pile.started:
        return 0.5
    top = pile.tops[d]
    if how == H_FLASH:
        branch = pile.values[d]
        below = branch[-2] if len(branch) > 1 else (pile.start_value if pile.start >= 0 else top)
        low, high = (below, top) if below <= top else (top, below)
        return -between(g, family, low, high) + 1.0
    rising = d == UP
    if (v > top) if rising else (v < top):
        low, high = (top, v) if rising else (v, top)
        return float(between(g, family, low, high)) + (0.2 if t.kind[c] in (SHADOW, fast.RAINBOW) else 0.0)
    # Back the other way: a ten, a break, a Joker at ±10, an equal, a help: room given back.
    low, high = (v, top) if rising else (top, v)
    if (t.close_breaks and t.kind[c] in (SHADOW, fast.RAINBOW) and v != top
            and not (t.tens and v == (top - 10 if rising else top + 10))):
        return 20.0  # a break that closes the branch: only when nothing else is left
    return -float(between(g, family, low, high)) - 0.5


def _threshold(g: Game) -> float:
    return 0.0 if g.deck else 1.0


def greedy(g: Game) -> Move:
    """The cheapest play until the required plays are made; then more only when they give room back.

    `greedy_reference`, with `cheapest` instead of listing every move and costing it: the same choice
    (tests/test_num_x_fast_bots.py checks it at every decision of random games).
    """
    hand = g.hands[g.current]
    best, best_cost = cheapest(g, hand)
    if best is None:
        return NEXT if g.made >= g.required or not hand else fast.BLOCKED
    if g.made < g.required or best_cost <= (0.0 if g.deck else 1.0):
        return best
    return NEXT


def cheapest(g: Game, cards: Sequence[int], each: dict[int, float] | None = None) -> tuple[Move | None, float]:
    """The first play of least `cost` among `legal_moves(g, cards)` and that cost (None, inf: no play);
    ``each``, when given, receives each card's least cost (a card with no play is left out).

    Fused into one pass for speed (number cards; the action cards go through the plain path): the same plays
    judged in the same order as `legal_moves` lists them.
    """
    t = g.table
    seat = g.current
    hand = g.hands[seat]
    best: Move | None = None
    best_cost = math.inf
    if not g.ended and hand and not g.passed and not (t.exact and g.made >= g.required):
        piles, unseen = g.piles, g.unseen
        lock, tens, close, adversaire = t.lock, t.tens, t.close_breaks, t.adversaire
        kinds, families, values = t.kind, t.family, t.value
        every = tuple(range(len(piles)))
        where, free = g.homes, g.free
        spread_mask = -1  # every family's unseen cards side by side, 17 bits each: made when first needed
        any_starter, shared = t.any_starter, t.shared
        used, copies = g.used, t.copies
        seen = 0
        for c in cards:
            bit = 1 << c
            if seen & bit or used[c] >= copies[c]:
                continue
            seen |= bit
            kind = kinds[c]
            if kind == fast.ACTION:
                found: list[Move] = []
                fast._action_plays(g, c, t.action[c], found)
                for m in found:
                    x = cost(g, m)
                    if each is not None and x < each.get(c, math.inf):
                        each[c] = x
                    if x < best_cost:
                        best, best_cost = m, x
                continue
            family, v = families[c], values[c]
            sr = kind != fast.FAMILY
            if lock and not sr:
                # The colour lock: its family's pile, else the piles of no family yet (refused elsewhere).
                home = where[family]
                candidates: Sequence[int] = (home,) if home >= 0 else free
            else:
                candidates = every
            directions = BOTH if not sr else ONLY_UP if kind == SHADOW else ONLY_DOWN
            for p in candidates:
                pile = piles[p]
                helping = adversaire and pile.owner >= 0 and pile.owner != seat
                if not pile.started:
                    if (sr and not any_starter) or helping:
                        continue
                    if shared:
                        if each is not None and 0.5 < each.get(c, math.inf):
                            each[c] = 0.5
                        if 0.5 < best_cost:
                            best, best_cost = (c, p, -1, fast.NO_VALUE, H_START, v, False), 0.5
                        continue
                    if each is not None and 0.5 < each.get(c, math.inf):
                        each[c] = 0.5
                    if 0.5 < best_cost:
                        best, best_cost = (c, p, directions[0], fast.NO_VALUE, fast.H_NORMAL, v, False), 0.5
                    continue
                pf = pile.family
                spread = not (lock and pf >= 0)
                if spread and spread_mask < 0:
                    spread_mask = unseen[0] | (unseen[1] << 17) | (unseen[2] << 34) | (unseen[3] << 51)
                mask_of = spread_mask if spread else unseen[pf]
                tops, closed = pile.tops, pile.closed
                for d in directions:
                    if closed[d]:
                        continue
                    top = tops[d]
                    rising = d == UP
                    back = True
                    if helping:
                        if g.helped or not ((v < top) if rising else (v > top)):
                            continue
                        how = fast.H_HELP
                    elif (v > top) if rising else (v < top):
                        how, back = fast.H_NORMAL, False
                    elif tens and v == (top - 10 if rising else top + 10):
                        how = fast.H_TEN
                    elif sr:
                        how = fast.H_EQUAL if v == top else fast.H_BREAK
                    else:
                        continue
                    low, high = (top, v) if rising != back else (v, top)
                    lo, hi = low + 1, (high if high < 17 else 17)
                    if hi <= lo:
                        skipped = 0
                    elif spread:
                        span = (1 << hi) - (1 << lo)
                        skipped = (mask_of & (span | (span << 17) | (span << 34) | (span << 51))).bit_count()
                    else:
                        skipped = (mask_of & ((1 << hi) - (1 << lo))).bit_count()
                    if not back:
                        x = skipped + (0.2 if sr else 0.0)
                    elif close and sr and v != top and not (tens and v == (top - 10 if rising else top + 10)):
                        x = 20.0
                    else:
                        x = -skipped - 0.5
                    if each is not None and x < each.get(c, math.inf):
                        each[c] = x
                    if x < best_cost:
                        best, best_cost = (c, p, d, fast.NO_VALUE, how, v, helping), x
    return best, best_cost


def greedy_reference(g: Game) -> Move:
    """`greedy` written plainly over `legal_moves` and `cost`: the fused `greedy` must choose as it does."""
    moves = fast.legal_moves(g)
    best: Move | None = None
    best_cost = math.inf
    for m in moves:
        if m[0] < 0:
            continue
        value = cost(g, m)
        if value < best_cost:
            best, best_cost = m, value
    if best is None:
        return moves[0] if moves else NEXT  # next when the turn may end, else blocked
    if g.made < g.required or best_cost <= _threshold(g):
        return best
    return NEXT


def _plays(g: Game, cards: list[int]) -> list[Move]:
    """The plays of `legal_moves(g, cards)`, without ``next`` and ``blocked`` (and without listing them)."""
    hand = g.hands[g.current]
    if g.ended or not hand or fast.turn_full(g):
        return []
    out: list[Move] = []
    seen: set[int] = set()
    used, copies, plays_of = g.used, g.table.copies, fast.plays_of
    for c in cards:
        if c in seen or used[c] >= copies[c]:
            continue
        seen.add(c)
        plays_of(g, c, out)
    return out


def _leftover(after: Game, rest: list[int]) -> float:
    """How well the cards left fit: the mean of each card's cheapest play (6 at most, and for none)."""
    least = _least_costs(after, rest)
    get = least.get
    return sum([get(c, 6.0) for c in rest]) / (len(rest) or 1)


def _spans(spread: bool) -> tuple[tuple[int, ...], ...]:
    """``[lo][high]``: the bits of the values ``lo`` to ``high - 1`` (none when ``high <= lo``), of one family or,
    ``spread``, of the four side by side (17 bits each). ``lo`` 0 to 17, ``high`` -1 to 17 (-1 is the last entry)."""
    rows = []
    for lo in range(18):
        row = []
        for high in [*range(0, 18), -1]:
            hi = high if high < 17 else 17
            span = (1 << hi) - (1 << lo) if hi > lo else 0
            row.append(span | (span << 17) | (span << 34) | (span << 51) if spread else span)
        rows.append(tuple(row))
    return tuple(rows)


SPANS, SPREAD_SPANS = _spans(False), _spans(True)


def _least_costs(g: Game, cards: Sequence[int]) -> dict[int, float]:
    """Each card's least `cost` among its plays, 6 at most (a card with no play is left out).

    What `cheapest` gives in ``each`` (capped), the best play itself not kept: the planner asks it of every
    line it weighs, so it is written for speed; tests/test_num_x_fast_bots.py checks it against `cheapest`.
    """
    t = g.table
    seat = g.current
    hand = g.hands[seat]
    each: dict[int, float] = {}
    if g.ended or not hand or g.passed or (t.exact and g.made >= g.required):
        return each
    piles, unseen = g.piles, g.unseen
    lock, tens, close, adversaire = t.lock, t.tens, t.close_breaks, t.adversaire
    kinds, families, values = t.kind, t.family, t.value
    every = tuple(range(len(piles)))
    where, free = g.homes, g.free
    spread_mask = -1
    any_starter = t.any_starter
    used, copies = g.used, t.copies
    helped = g.helped
    seen = 0
    for c in cards:
        bit = 1 << c
        if seen & bit or used[c] >= copies[c]:
            continue
        seen |= bit
        kind = kinds[c]
        least = math.inf
        if kind == ACTION:
            found: list[Move] = []
            fast._action_plays(g, c, t.action[c], found)
            for m in found:
                x = cost(g, m)
                if x < least:
                    least = x
            if found:
                each[c] = least if least < 6.0 else 6.0
            continue
        family, v = families[c], values[c]
        sr = kind != FAMILY
        bonus = 0.2 if sr else 0.0
        if lock and not sr:
            home = where[family]
            candidates: Sequence[int] = (home,) if home >= 0 else free
        else:
            candidates = every
        directions = BOTH if not sr else ONLY_UP if kind == SHADOW else ONLY_DOWN
        for p in candidates:
            pile = piles[p]
            helping = adversaire and pile.owner >= 0 and pile.owner != seat
            if not pile.started:
                if (sr and not any_starter) or helping:
                    continue
                if 0.5 < least:
                    least = 0.5
                continue
            pf = pile.family
            spread = not (lock and pf >= 0)
            if spread and spread_mask < 0:
                spread_mask = unseen[0] | (unseen[1] << 17) | (unseen[2] << 34) | (unseen[3] << 51)
            mask_of = spread_mask if spread else unseen[pf]
            spans = SPREAD_SPANS if spread else SPANS
            tops, closed = pile.tops, pile.closed
            for d in directions:
                if closed[d]:
                    continue
                top = tops[d]
                rising = d == UP
                back = True
                if helping:
                    if helped or not ((v < top) if rising else (v > top)):
                        continue
                elif (v > top) if rising else (v < top):
                    back = False
                elif tens and v == (top - 10 if rising else top + 10):
                    pass
                elif not sr:
                    continue
                low, high = (top, v) if rising != back else (v, top)
                skipped = (mask_of & spans[low + 1][high]).bit_count()
                if not back:
                    x = skipped + bonus
                elif close and sr and v != top and not (tens and v == (top - 10 if rising else top + 10)):
                    x = 20.0
                else:
                    x = -skipped - 0.5
                if x < least:
                    least = x
        if least != math.inf:
            each[c] = least if least < 6.0 else 6.0
    return each


def _line(m: Move, step: float, depth: int, current: Game, rest: list[int]) -> float:
    """A play's value over the rest of the turn (lower is better), ``depth`` plays deep; ``step``: its cost."""
    after = current.ahead(m[1], current.table.kind[m[0]] == fast.ACTION)
    fast.apply(after, m)
    remaining = rest[:]
    remaining.remove(m[0])
    if after.ended:
        return step - (100.0 if after.ended == fast.ALL_PLACED else -100.0)
    if depth <= 1 or after.current != current.current or after.made >= after.required:
        return step + 0.4 * _leftover(after, remaining)
    follow = _plays(after, remaining)
    if not follow:
        return step + 50.0
    # (cost, index, move): sorted by cost, then the legal order (the indexes differ: moves are never compared)
    candidates = sorted([(cost(after, x), i, x) for i, x in enumerate(follow)])[:4]
    best = math.inf
    for c, _, x in candidates:
        value = _line(x, c, depth - 1, after, remaining)
        if value < best:
            best = value
    return step + best


def planner(g: Game) -> Move:
    """Plans the plays still required this turn together (two plies), then plays more only to give room back."""
    moves = fast.legal_moves(g)
    plays = [m for m in moves if m[0] >= 0]
    if not plays:
        return moves[0] if moves else NEXT
    needed = g.required - g.made
    if needed > 0:
        ranked = sorted([(cost(g, m), i, m) for i, m in enumerate(plays)])[:6]
        hand, depth = g.hands[g.current], min(needed, 2)
        chosen, least = ranked[0][2], math.inf
        for c, _, m in ranked:  # the first of least value, as min() keeps it
            value = _line(m, c, depth, g, hand)
            if value < least:
                chosen, least = m, value
        return chosen
    best, best_cost = cheapest(g, g.hands[g.current])
    return best if best is not None and best_cost <= _threshold(g) else NEXT


BOTS: dict[str, Bot] = {"greedy": greedy, "planner": planner}


def play(table: Table, seed: int, bot: Bot, max_steps: int = 5000) -> GameResult:
    """One seeded game, ``bot`` choosing for every seat."""
    g = fast.deal(table, seed)
    apply = fast.apply
    for _ in range(max_steps):
        if g.ended:
            break
        apply(g, bot(g))
    else:
        raise RuntimeError(f"seed {seed}: no end after {max_steps} moves")
    winners = g.winners()
    won = bool(winners) and not table.adversaire
    return GameResult(table.players, won, g.score, table.total, g.turn, winners, fast.REASONS[g.ended])

