"""The Num-X bots on the fast path: greedy and the planner, seeded and reproducible.

What they look at: the public table, the cards not yet played of each family (``Game.unseen``, which counts
the other players' hands and the draw pile together: the bots never peek at a hidden card's place), and
their own hand.

- ``greedy``: each play's *cost* is the room it takes: the values still to come that it skips on its branch
  (of the pile's family with the colour lock; of every family without); a ±10, a break or an equal gives room
  back (a negative cost); a start costs 0.5, a Simple 2.5, a Passe 3.5, a Flip or a Flash the room it frees.
  It makes the cheapest play until the required plays are made, then more (when allowed) only while a play
  gives room back. About half a millisecond a game; the policy is written down in docs/num-x.en.md ("The greedy policy").
- ``planner``: the greedy's costs, but the plays still required this turn are chosen together (two plays
  deep over the six cheapest first plays and four cheapest second ones), each line scored by its cost plus
  0.4 × how well the cards left in hand fit afterwards; so it keeps a card 10 away and breaks when it pays.
  It wins 1 to 14 points more than greedy (docs/num-x.*.md) for about 25× the time.

Both play exactly as the core-path bots of ``companion/simulate.py`` (tests/test_num_x_fast_bots.py plays
the same seeds on both); the seed of a game fixes its deal and so its result, whatever the worker count.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from companion.simulation import num_x_fast as fast
from companion.simulation.num_x_fast import (
    FAMILY, H_BREAK, H_EQUAL, H_FLASH, H_FLIP, H_HELP, H_NORMAL, H_PASSE, H_SIMPLE, H_START, H_TEN, NEXT,
    NO_VALUE, R_ACTION, R_HOME, R_SHADOW_RAINBOW, SHADOW, UP, Game, Move, Table,
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

    Each card's plays are judged and costed in one pass (`_number_best`, `_action_best`) without listing
    them: the same plays in the same order as `legal_moves` (tests/test_num_x_fast_bots.py checks the
    choice against `greedy_reference` at every decision of random games).
    """
    best: Move | None = None
    best_cost = math.inf
    if g.ended or not g.hands[g.current] or fast.turn_full(g):
        return best, best_cost
    t = g.table
    route, families = t.route, t.family
    homes, piles, unseen, memo = g.homes, g.piles, g.unseen, g.memo
    free = g.free if not t.any_starter else None  # then the piles of no family are not started
    # Every card listed is in hand, so a copy of it is still to play; a card twice in hand (an action card)
    # costs the same twice, and the first of least cost is kept: neither needs a check here.
    for c in cards:
        way = route[c]
        if way == R_HOME:
            family = families[c]
            home = homes[family]
            if home >= 0:
                # A family card on its pile: its best play changes only with that pile's tops and what is
                # still to come of its family (a pile's tops are a new list after every change of the pile).
                tops, left = piles[home].tops, unseen[family]
                known = memo[c]  # fast.NOTHING until the card is first costed
                if known[0] is tops and known[1] == left:
                    x, m = known[2], known[3]
                else:
                    x, m = _home_best(g, c, home)
                    memo[c] = (tops, left, x, m)
            elif free is not None:  # a family with no pile yet: it starts the first free one
                x, m = _starting(g, c, free)
            else:
                x, m = _number_best(g, c)
        elif way == R_SHADOW_RAINBOW:
            x, m = _shadow_or_rainbow_best(g, c)
        elif way == R_ACTION:
            x, m = _action_best(g, c)
        else:
            x, m = _number_best(g, c)
        if m is None:
            continue
        if each is not None and x < each.get(c, math.inf):
            each[c] = x
        if x < best_cost:
            best, best_cost = m, x
    return best, best_cost


def _number_best(g: Game, c: int) -> tuple[float, Move | None]:
    """Number card ``c``'s first play of least cost, and that cost (inf, None: it has none)."""
    t = g.table
    kind, v = t.kind[c], t.value[c]
    sr = kind != FAMILY
    candidates: Sequence[int]
    directions: tuple[int, ...]
    if sr:
        candidates, directions = range(len(g.piles)), ONLY_UP if kind == SHADOW else ONLY_DOWN
    elif t.lock:  # the colour lock: its family's pile, else the piles of no family yet
        home = g.homes[t.family[c]]
        candidates, directions = (home,) if home >= 0 else g.free, BOTH
    else:
        candidates, directions = range(len(g.piles)), BOTH
    least, best = math.inf, None
    piles, adversaire, seat = g.piles, t.adversaire, g.current
    for p in candidates:
        pile = piles[p]
        helping = adversaire and pile.owner >= 0 and pile.owner != seat
        if not pile.started:
            if (sr and not t.any_starter) or helping or least <= 0.5:
                continue
            least = 0.5
            best = (c, p, -1, NO_VALUE, H_START, v, False) if t.shared else (c, p, directions[0], NO_VALUE, H_NORMAL, v, False)
            continue
        x, d, how = _on_pile(g, pile, directions, v, sr, helping)
        if x < least:
            least, best = x, (c, p, d, NO_VALUE, how, v, helping)
    return least, best


def _home_best(g: Game, c: int, p: int) -> tuple[float, Move | None]:
    """`_number_best` for a family card on its family's pile ``p`` (the colour lock, outside Adversaire)."""
    pile = g.piles[p]
    if not pile.started:  # `--start open`: a Flash took its only card
        return _number_best(g, c)
    t = g.table
    v, mask, tens = t.value[c], g.unseen[pile.family], t.tens
    up, down = pile.tops
    closed = pile.closed
    rise = fall = math.inf
    if not closed[UP]:
        if v > up:
            rise, rising = (mask & SPANS[up + 1][v]).bit_count(), H_NORMAL
        elif tens and v == up - 10:
            rise, rising = -(mask & SPANS[v + 1][up]).bit_count() - 0.5, H_TEN
    if not closed[fast.DOWN]:
        if v < down:
            fall, falling = (mask & SPANS[v + 1][down]).bit_count(), H_NORMAL
        elif tens and v == down + 10:
            fall, falling = -(mask & SPANS[down + 1][v]).bit_count() - 0.5, H_TEN
    if fall < rise:  # up before down among equals
        return fall, (c, p, fast.DOWN, NO_VALUE, falling, v, False)
    if rise != math.inf:
        return rise, (c, p, UP, NO_VALUE, rising, v, False)
    return rise, None


def _starting(g: Game, c: int, free: list[int]) -> tuple[float, Move | None]:
    """A family card with no pile of its family yet: it may start the first free pile (none: no play)."""
    if not free:
        return math.inf, None
    if g.table.shared:
        return 0.5, (c, free[0], -1, NO_VALUE, H_START, g.table.value[c], False)
    return 0.5, (c, free[0], UP, NO_VALUE, H_NORMAL, g.table.value[c], False)


def _shadow_or_rainbow_best(g: Game, c: int) -> tuple[float, Move | None]:
    """`_number_best` for a Shadow (rising branches) or a Rainbow (falling ones), outside Adversaire."""
    t = g.table
    v, d = t.value[c], UP if t.kind[c] == SHADOW else fast.DOWN
    rising = d == UP
    ten = v + 10 if rising else v - 10  # the top a ±10 goes on
    least, best = math.inf, None
    lock, unseen, spans = t.lock, g.unseen, SPANS
    for p, pile in enumerate(g.piles):
        if pile.closed[d]:
            continue
        if not pile.started:
            if t.any_starter and least > 0.5:
                least = 0.5
                best = (c, p, -1, NO_VALUE, H_START, v, False) if t.shared else (c, p, d, NO_VALUE, H_NORMAL, v, False)
            continue
        top = pile.tops[d]
        if lock and pile.family >= 0:
            mask, spans = unseen[pile.family], SPANS
        else:
            mask, spans = unseen[0] | (unseen[1] << 17) | (unseen[2] << 34) | (unseen[3] << 51), SPREAD_SPANS
        if (v > top) if rising else (v < top):
            x, how = (mask & (spans[top + 1][v] if rising else spans[v + 1][top])).bit_count() + 0.2, H_NORMAL
        else:
            how = H_TEN if t.tens and top == ten else H_EQUAL if v == top else H_BREAK
            if how == H_BREAK and t.close_breaks:
                x = 20.0  # a break that closes the branch: only when nothing else is left
            else:
                x = -(mask & (spans[v + 1][top] if rising else spans[top + 1][v])).bit_count() - 0.5
        if x < least:
            least, best = x, (c, p, d, NO_VALUE, how, v, False)
    return least, best


def _joker_best(g: Game, c: int) -> tuple[float, Move | None]:
    """`_action_best` for a Joker outside Adversaire: the top's value again costs -0.5 on every branch it may
    go on, and only a value 10 back can cost less (a value 10 onward costs 0 or more)."""
    t = g.table
    least, best = math.inf, None
    tens, lock, unseen = t.tens, t.lock, g.unseen
    for p, pile in enumerate(g.piles):
        if not pile.started:
            continue
        for d in BOTH:
            if pile.closed[d] or (not pile.values[d] and pile.start < 0):
                continue
            top = pile.tops[d]
            if least > -0.5:
                least, best = -0.5, (c, p, d, NO_VALUE, fast.H_JOKER, top, False)
            back = top - 10 if d == UP else top + 10
            if not tens or not 0 <= back <= 16:
                continue
            if lock and pile.family >= 0:
                mask, spans = unseen[pile.family], SPANS
            else:
                mask, spans = unseen[0] | (unseen[1] << 17) | (unseen[2] << 34) | (unseen[3] << 51), SPREAD_SPANS
            x = -(mask & (spans[back + 1][top] if d == UP else spans[top + 1][back])).bit_count() - 0.5
            if x < least:
                least, best = x, (c, p, d, back, fast.H_JOKER, back, False)
    return least, best


def _on_pile(g: Game, pile: fast.Pile, directions: tuple[int, ...], v: int, sr: bool,
             helping: bool) -> tuple[float, int, int]:
    """A number card of value ``v`` on a started pile: its least cost, branch and how (inf: it fits no branch)."""
    t = g.table
    pf, unseen = pile.family, g.unseen
    if t.lock and pf >= 0:
        mask, spans = unseen[pf], SPANS
    else:
        mask, spans = unseen[0] | (unseen[1] << 17) | (unseen[2] << 34) | (unseen[3] << 51), SPREAD_SPANS
    least, where, found = math.inf, -1, -1
    tops, closed, tens = pile.tops, pile.closed, t.tens
    for d in directions:
        if closed[d]:
            continue
        top = tops[d]
        rising = d == UP
        if not helping and ((v > top) if rising else (v < top)):  # onward: the values skipped
            x = (mask & (spans[top + 1][v] if rising else spans[v + 1][top])).bit_count() + (0.2 if sr else 0.0)
            how = H_NORMAL
        else:
            ten = tens and v == (top - 10 if rising else top + 10)
            if helping:
                if g.helped or not ((v < top) if rising else (v > top)):
                    continue
                how = H_HELP
            elif ten:
                how = H_TEN
            elif sr:
                how = H_EQUAL if v == top else H_BREAK
            else:
                continue
            if t.close_breaks and sr and v != top and not ten:
                x = 20.0  # a break that closes the branch: only when nothing else is left
            else:
                x = -(mask & (spans[v + 1][top] if rising else spans[top + 1][v])).bit_count() - 0.5
        if x < least:
            least, where, found = x, d, how
    return least, where, found


def _action_best(g: Game, c: int) -> tuple[float, Move | None]:
    """Action card ``c``'s first play of least cost, and that cost (inf, None: it has none)."""
    action = g.table.action[c]
    if action == fast.SIMPLE:
        return 2.5, (c, -1, -1, NO_VALUE, H_SIMPLE, 0, False)
    if action == fast.PASSE:
        return 3.5, (c, -1, -1, NO_VALUE, H_PASSE, 0, False)
    if action == fast.JOKER and not g.table.adversaire:
        return _joker_best(g, c)
    found: list[Move] = []
    fast._action_plays(g, c, action, found)
    least, best = math.inf, None
    for m in found:
        x = cost(g, m)
        if x < least:
            least, best = x, m
    return least, best


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
    """Each card's least `cost` among its plays, 6 at most (a card with no play is left out)."""
    each: dict[int, float] = {}
    cheapest(g, cards, each)
    return {c: x if x < 6.0 else 6.0 for c, x in each.items()}


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
    apply, place = fast.apply, fast.place
    for _ in range(max_steps):
        if g.ended:
            break
        move = bot(g)
        if move[0] >= 0 and (move[4] <= fast.H_JOKER or move[4] == fast.H_HELP):  # `apply`, a step shorter
            place(g, move)
        else:
            apply(g, move)
    else:
        raise RuntimeError(f"seed {seed}: no end after {max_steps} moves")
    winners = g.winners()
    won = bool(winners) and not table.adversaire
    return GameResult(table.players, won, g.score, table.total, g.turn, winners, fast.REASONS[g.ended])

