"""Num-X for the simulator: the whole game (draw pile order and hands too) in small integers, changed in place.

The table's rules core (``companion/games/num_x.py``) builds typed commands, events and immutable states to
announce a game; the simulator plays millions, so this module keeps a compact, mutable state and lists moves
as tuples. It follows the core, never the reverse: ``tests/test_num_x_fast.py`` plays random games of every
option on both and checks the same legal moves and the same next state at every decision.

A move is a tuple ``(card, pile, direction, value, how, counts_as, helping)``: ``card`` a card index (``NEXT``
and ``BLOCKED`` are -1 and -2), ``pile`` 0… (-1: none), ``direction`` ``UP``/``DOWN`` (-1: none), ``value``
the Joker's typed value (``NO_VALUE``: none typed), ``how`` one of the ``H_*`` codes, ``counts_as`` the value the card
takes on the branch, ``helping`` an Adversaire help play.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from companion.games import num_x as nx

UP, DOWN = 0, 1
FAMILY, SHADOW, RAINBOW, ACTION = 0, 1, 2, 3
NO_ACTION, JOKER, FLIP, FLASH, SIMPLE, PASSE = 0, 1, 2, 3, 4, 5
H_START, H_NORMAL, H_EQUAL, H_TEN, H_BREAK, H_JOKER, H_HELP, H_FLIP, H_FLASH, H_SIMPLE, H_PASSE = range(11)
HOW_NAMES = ("start", "normal", "equal", "ten", "break", "joker", "help", "flip", "flash", "simple", "passe")
#: Why a game ended (0: not over), as the core's `Reason` values.
REASONS = ("", "all_placed", "blocked", "seventeen", "last_standing")
ALL_PLACED, BLOCKED_END, SEVENTEEN, LAST_STANDING = 1, 2, 3, 4
Move = tuple[int, int, int, int, int, int, bool]
#: A move's ``value`` when no Joker value is typed (-1 and below are typed values too, refused).
NO_VALUE = -99
NEXT: Move = (-1, -1, -1, NO_VALUE, -1, 0, False)
BLOCKED: Move = (-2, -1, -1, NO_VALUE, -1, 0, False)
_KINDS = {"family": FAMILY, "shadow": SHADOW, "rainbow": RAINBOW, "action": ACTION}
_ACTIONS = {None: NO_ACTION, "joker": JOKER, "flip": FLIP, "flash": FLASH, "simple": SIMPLE, "passe": PASSE}
_FAMILIES = {f: i for i, f in enumerate(nx.FAMILIES)}


#: How the bots cost a card (`Table.route`): an action card; a family card with the colour lock outside
#: Adversaire (its own pile only); a Shadow or a Rainbow outside Adversaire; any other number card.
R_ACTION, R_HOME, R_SHADOW_RAINBOW, R_OTHER = 0, 1, 2, 3
#: A card not yet costed, in `Game.memo`.
NOTHING: tuple[Any, ...] = (None, -1, None, None)


def _route(kind: int, options: nx.Options) -> int:
    plain = options.mode != "adversaire"
    if kind == ACTION:
        return R_ACTION
    if kind == FAMILY:
        return R_HOME if plain and options.lock == "on" else R_OTHER
    return R_SHADOW_RAINBOW if plain else R_OTHER


@dataclass(frozen=True)
class Table:
    """One table's set-up, fixed for the whole game: the options read once and the cards as integers."""

    options: nx.Options
    ids: tuple[str, ...]  # card index → card id
    copies: tuple[int, ...]
    kind: tuple[int, ...]
    family: tuple[int, ...]  # -1: not a family card
    value: tuple[int, ...]
    action: tuple[int, ...]
    total: int
    piles: int
    players: int
    tens: bool
    lock: bool
    shared: bool
    any_starter: bool
    close_breaks: bool
    exact: bool
    adversaire: bool
    box: tuple[int, ...] = ()  # every card, each copy, in index order: the deck before its shuffle
    unseen: tuple[int, ...] = ()  # per family: a bit per value in the deck (`Game.unseen` at the deal)
    route: tuple[int, ...] = ()  # per card: how the bots cost it (an ``R_*`` code)

    @classmethod
    def of(cls, options: nx.Options, cards: Any) -> Table:
        state = nx.new(options, cards)  # the core checks the options and counts the deck
        ids = tuple(state.copies)
        found = [nx.traits(cards[i]) for i in ids]
        copies = tuple(state.copies[i] for i in ids)
        family = tuple(_FAMILIES[t.family] if t.family else -1 for t in found)
        value = tuple(cards[i].value or 0 for i in ids)
        unseen = [0, 0, 0, 0]
        for f, v in zip(family, value, strict=True):
            if f >= 0:
                unseen[f] |= 1 << v
        return cls(options, ids, copies, tuple(_KINDS[t.kind] for t in found), family, value,
                   tuple(_ACTIONS[t.action] for t in found), state.total, len(state.piles), options.players,
                   options.tens, options.lock == "on", options.start == "shared", options.starters == "any",
                   options.breaks == "close", options.extra == "exact", options.mode == "adversaire",
                   tuple(i for i, n in enumerate(copies) for _ in range(n)), tuple(unseen),
                   tuple(_route(k, options) for k in (_KINDS[t.kind] for t in found)))

    def index(self, card_id: str) -> int:
        return self.ids.index(card_id)


class Pile:
    """One pile: its family (-1: none yet), start card (-1: none) and value, both branches, closed branches."""

    __slots__ = ("family", "start", "start_value", "values", "cards", "closed", "owner", "tops", "started")
    family: int
    owner: int
    start: int
    start_value: int
    values: list[list[int]]
    cards: list[list[int]]
    closed: list[bool]
    started: bool
    tops: list[int]

    def __init__(self, family: int = -1, owner: int = -1) -> None:
        self.family = family
        self.owner = owner
        self.start = -1
        self.start_value = -1
        self.values = [[], []]  # per direction: the values, oldest first
        self.cards: list[list[int]] = [[], []]
        self.closed = [False, False]
        self.started = False
        self.tops = [-1, 17]

    def retop(self) -> None:
        up, down = self.values
        self.started = self.start >= 0 or bool(up) or bool(down)
        base = self.start_value if self.start >= 0 else None
        self.tops = [up[-1] if up else (base if base is not None else -1),
                     down[-1] if down else (base if base is not None else 17)]

    def copy(self) -> Pile:
        other = Pile.__new__(Pile)
        other.family, other.owner, other.start, other.start_value = self.family, self.owner, self.start, self.start_value
        other.values = [self.values[0][:], self.values[1][:]]
        other.cards = [self.cards[0][:], self.cards[1][:]]
        other.closed = self.closed[:]
        other.started, other.tops = self.started, self.tops[:]
        return other


class Game:
    """The whole game: the public table as the core keeps it, plus the draw pile's order and every hand."""

    __slots__ = ("table", "rng", "deck", "hands", "sizes", "current", "made", "required", "helped", "emptied",
                 "passed", "turn", "ended", "eliminated", "used", "out", "piles", "on_table", "unseen", "homes", "free",
                 "memo")
    table: Table
    rng: random.Random
    deck: list[int]  # drawn from the end
    hands: list[list[int]]
    sizes: list[int]  # each seat's hand size to draw back to
    current: int
    made: int
    required: int
    helped: bool
    emptied: bool
    passed: bool
    turn: int
    ended: int  # a REASONS index; 0 while the game goes on
    eliminated: list[bool]
    used: list[int]  # per card index: copies placed or out of play
    out: list[int]
    piles: list[Pile]
    on_table: list[int]  # per family: its cards on the table (Adversaire's scores)
    unseen: list[int]  # per family: a bit per value not yet played (what the bots count)
    homes: list[int]  # per family: the first pile to take it (-1: none; with the colour lock, its only one)
    free: list[int]  # the piles of no family yet, in order
    memo: list[Any]  # per card, the bots' own notes (see `num_x_bots.cheapest`); never part of the game

    def copy(self) -> Game:
        """A copy the planner may play ahead on (the rng is shared: lookahead never eliminates a player)."""
        other = Game.__new__(Game)
        other.table, other.rng = self.table, self.rng
        other.deck = self.deck[:]
        other.hands = [h[:] for h in self.hands]
        other.sizes, other.eliminated, other.used = self.sizes[:], self.eliminated[:], self.used[:]
        other.out, other.on_table, other.unseen = self.out[:], self.on_table[:], self.unseen[:]
        other.homes, other.free = self.homes[:], self.free[:]
        other.piles = [p.copy() for p in self.piles]
        other.memo = [NOTHING] * len(self.memo)
        other.current, other.made, other.required = self.current, self.made, self.required
        other.helped, other.emptied, other.passed = self.helped, self.emptied, self.passed
        other.turn, other.ended = self.turn, self.ended
        return other

    def ahead(self, pile: int, draws: bool = True) -> Game:
        """A copy to play one play ahead on (``pile``: the one it touches, -1: none; ``draws``: an action card,
        which draws at once and goes out of play), for the planner.

        Only what a play changes is copied; the rest is shared, so the copy may take plays, never ``next`` or
        ``blocked``.
        """
        other = Game.__new__(Game)
        other.table, other.rng, other.memo = self.table, self.rng, self.memo  # the notes stay true on the copy
        other.deck = self.deck[:] if draws else self.deck  # only an action card draws at once
        hands = other.hands = self.hands[:]
        hands[self.current] = hands[self.current][:]
        other.sizes, other.eliminated, other.used = self.sizes, self.eliminated, self.used[:]
        other.out = self.out[:] if draws else self.out  # and only action cards (and a Flash's victim) go out
        other.on_table, other.unseen = self.on_table[:], self.unseen[:]
        piles = other.piles = self.piles[:]
        if pile >= 0:
            touched = piles[pile] = piles[pile].copy()
            if touched.family < 0:  # a family card may give it its family: the homes and free piles change
                other.homes, other.free = self.homes[:], self.free[:]
            else:
                other.homes, other.free = self.homes, self.free
        else:
            other.homes, other.free = self.homes, self.free
        other.current, other.made, other.required = self.current, self.made, self.required
        other.helped, other.emptied, other.passed = self.helped, self.emptied, self.passed
        other.turn, other.ended = self.turn, self.ended
        return other

    @property
    def score(self) -> int:
        """Cooperative: the cards played from the hands; Adversaire: the best family's cards on the table."""
        if self.table.adversaire:
            return max(self.on_table[: self.table.players])
        return self.table.total - len(self.deck) - sum(len(h) for h in self.hands)

    def winners(self) -> tuple[int, ...]:
        """The seats that won (every seat when the table won together; none when it lost)."""
        if not self.ended:
            return ()
        if self.table.adversaire:
            scores = self.on_table[: self.table.players]
            best = max(scores)
            return tuple(s for s, n in enumerate(scores) if n == best)
        return tuple(range(self.table.players)) if self.ended == ALL_PLACED else ()


def deal(table: Table, seed: int) -> Game:
    """The seeded deal, card for card the one the core-path simulator makes (``simulate.play_num_x``)."""
    rng = random.Random(seed)
    deck = list(table.box)
    rng.shuffle(deck)
    n = table.players
    each = min(nx.HAND_SIZE, table.total // n)
    g = Game.__new__(Game)
    g.table, g.rng = table, rng
    g.hands = []
    for _ in range(n):  # each hand drawn one by one from the end of the shuffled deck
        g.hands.append(deck[-1:-each - 1:-1])
        del deck[-each:]
    g.deck = deck
    g.sizes = [nx.HAND_SIZE] * n
    g.current, g.made, g.required = 0, 0, 2 if deck else 1
    g.helped = g.emptied = g.passed = False
    g.turn, g.ended = 1, 0
    g.eliminated = [False] * n
    g.used = [0] * len(table.ids)
    g.out = []
    g.piles = [Pile(s, s) for s in range(n)] if table.adversaire else [Pile() for _ in range(table.piles)]
    g.on_table = [0, 0, 0, 0]
    g.homes = [-1, -1, -1, -1]
    for p, pile in enumerate(g.piles):
        if pile.family >= 0 and g.homes[pile.family] < 0:
            g.homes[pile.family] = p
    g.free = [p for p, pile in enumerate(g.piles) if pile.family < 0]
    g.unseen = list(table.unseen)
    g.memo = [NOTHING] * len(table.ids)
    return g


# --------------------------------------------------------------------------- legal moves


def turn_full(g: Game) -> bool:
    return g.passed or (g.table.exact and g.made >= g.required)


def may_end_turn(g: Game) -> bool:
    return g.made >= g.required or not g.hands[g.current]


def legal_moves(g: Game, cards: Sequence[int] | None = None) -> list[Move]:
    """What the core's ``moves_for`` lists for ``cards`` (default: the current hand), in the same order."""
    if g.ended:
        return []
    hand = g.hands[g.current]
    moves: list[Move] = []
    if hand and not turn_full(g):
        seen: set[int] = set()
        used, copies = g.used, g.table.copies
        for c in hand if cards is None else cards:
            if c in seen or used[c] >= copies[c]:
                continue
            seen.add(c)
            plays_of(g, c, moves)
    if g.made >= g.required or not hand:
        moves.append(NEXT)
    if g.made < g.required and hand:
        moves.append(BLOCKED)
    return moves


def plays_of(g: Game, c: int, out: list[Move]) -> None:
    """Every play of card ``c`` the core accepts now, appended to ``out`` in the core's order."""
    t = g.table
    kind = t.kind[c]
    if kind == ACTION:
        _action_plays(g, c, t.action[c], out)
        return
    family, v = t.family[c], t.value[c]
    locked = kind == FAMILY and t.lock
    # With the lock, a pile of no family yet is refused when another pile has the card's family: one has
    # exactly when the family has a home (a pile keeps its family once it has one).
    homed = locked and g.homes[family] >= 0
    adversaire, current = t.adversaire, g.current
    for p, pile in enumerate(g.piles):
        if locked and pile.family >= 0 and pile.family != family:
            continue
        started = pile.started
        if not started:
            if kind != FAMILY and not t.any_starter:
                continue
            if homed and pile.family < 0:
                continue
            if adversaire and pile.owner >= 0 and pile.owner != current:
                continue
            if t.shared:
                out.append((c, p, -1, NO_VALUE, H_START, v, False))
                continue
        elif homed and pile.family < 0:
            continue
        helping = adversaire and pile.owner >= 0 and pile.owner != current
        tops, closed = pile.tops, pile.closed
        for d in (UP, DOWN):
            if closed[d] or (kind == SHADOW and d != UP) or (kind == RAINBOW and d != DOWN):
                continue
            top = tops[d]
            if helping:
                if not g.helped and ((v < top) if d == UP else (v > top)):
                    out.append((c, p, d, NO_VALUE, H_HELP, v, True))
                continue
            if (v > top) if d == UP else (v < top):
                out.append((c, p, d, NO_VALUE, H_NORMAL, v, False))
            elif t.tens and v == (top - 10 if d == UP else top + 10):
                out.append((c, p, d, NO_VALUE, H_TEN, v, False))
            elif kind != FAMILY:
                out.append((c, p, d, NO_VALUE, H_EQUAL if v == top else H_BREAK, v, False))


def _action_plays(g: Game, c: int, action: int, out: list[Move]) -> None:
    if action == SIMPLE or action == PASSE:
        out.append((c, -1, -1, NO_VALUE, H_SIMPLE if action == SIMPLE else H_PASSE, 0, False))
        return
    t = g.table
    for p, pile in enumerate(g.piles):
        values = pile.values
        # Adversaire: on another player's pile only a help, once a turn (a Flip or a Flash too).
        helping = t.adversaire and pile.owner >= 0 and pile.owner != g.current
        if action == FLIP:
            if values[UP] and values[DOWN] and (not helping or (not g.helped and values[DOWN][-1] < values[UP][-1])):
                out.append((c, p, -1, NO_VALUE, H_FLIP, 0, helping))
            continue
        if not pile.started:
            continue
        for d in (UP, DOWN):
            if pile.closed[d] or (not values[d] and pile.start < 0):
                continue
            top = pile.tops[d]
            if action == FLASH:
                if values[d] and (not helping or _flash_helps(g, pile, d)):
                    out.append((c, p, d, NO_VALUE, H_FLASH, top, helping))
                continue
            # The Joker: no value typed (the top's), then each value typed: the top's, or exactly 10 away.
            typed = (NO_VALUE, top, top - 10, top + 10) if t.tens else (NO_VALUE, top)
            for value in typed:
                chosen = top if value == NO_VALUE else value
                if not 0 <= chosen <= 16:
                    continue
                if helping:
                    if g.helped or not ((chosen < top) if d == UP else (chosen > top)):
                        continue
                out.append((c, p, d, value, H_JOKER, chosen, helping))


def _flash_helps(g: Game, pile: Pile, d: int) -> bool:
    """A Flash on another player's pile: once a turn, never one of its family's cards, and the top must move the
    helpful way (lower on the rise, higher on the fall)."""
    if g.helped or g.table.family[pile.cards[d][-1]] == pile.family:
        return False
    values = pile.values[d]
    if len(values) > 1:
        after = values[-2]
    elif pile.start >= 0:
        after = pile.start_value
    else:
        after = -1 if d == UP else 17
    return after < values[-1] if d == UP else after > values[-1]


# --------------------------------------------------------------------------- applying a move


def apply(g: Game, move: Move) -> None:
    """Play ``move`` (one of `legal_moves`) on ``g``, in place."""
    c = move[0]
    if c < 0:
        if c == -1:
            _next(g)
        else:
            _blocked(g)
        return
    how = move[4]
    if how <= H_JOKER or how == H_HELP:  # a card put on a branch (a pile's first card, a Joker, a help too)
        place(g, move)
    elif how == H_SIMPLE or how == H_PASSE:
        _ease(g, c, how)
    else:
        _flip_or_flash(g, move)


def _take(g: Game, c: int) -> int:
    """Card ``c`` leaves the active player's hand: its seat."""
    seat = g.current
    g.used[c] += 1
    g.hands[seat].remove(c)
    return seat


def place(g: Game, move: Move) -> None:
    """`apply` for a card put on a branch or starting a pile (a Joker and a help too)."""
    c, p, d, _value, how, v, helping = move
    t = g.table
    seat = g.current
    g.used[c] += 1
    g.hands[seat].remove(c)
    g.made += 1
    pile = g.piles[p]
    if how == H_START:  # the first card is the top of both branches
        pile.start, pile.start_value = c, v
        pile.tops = [v, v]
    else:
        pile.values[d].append(v)
        pile.cards[d].append(c)
        if how == H_BREAK and t.close_breaks:
            pile.closed[d] = True
        tops = pile.tops[:]  # a new list: the bots know a pile changed by its tops (num_x_bots.cheapest)
        tops[d] = v
        pile.tops = tops
    pile.started = True
    family = t.family[c]
    if family >= 0:
        g.unseen[family] &= ~(1 << t.value[c])
        g.on_table[family] += 1
        if pile.family < 0:
            pile.family = family
            g.free.remove(p)
            if g.homes[family] < 0:
                g.homes[family] = p
    if helping:
        g.helped = True
    if how == H_JOKER:
        _after_action(g, seat)
    else:
        _after_play(g, seat)


def _ease(g: Game, c: int, how: int) -> None:
    """Simple (one real play is enough this turn) or Passe (the turn is filled)."""
    seat = _take(g, c)
    if how == H_PASSE:
        g.required, g.passed = 0, True
    else:
        g.required = min(g.required, 1)
    g.out.append(c)
    _after_action(g, seat)


def _flip_or_flash(g: Game, move: Move) -> None:
    c, p, d, _value, how, _v, helping = move
    seat = _take(g, c)
    g.made += 1
    pile = g.piles[p]
    values, cards = pile.values, pile.cards
    g.out.append(c)
    if how == H_FLIP:
        values[UP][-1], values[DOWN][-1] = values[DOWN][-1], values[UP][-1]
        cards[UP][-1], cards[DOWN][-1] = cards[DOWN][-1], cards[UP][-1]
    else:
        values[d].pop()
        removed = cards[d].pop()
        family = g.table.family[removed]
        if family >= 0:
            g.on_table[family] -= 1
        g.out.append(removed)
    pile.retop()
    g.helped = g.helped or helping
    _after_action(g, seat)


def _after_action(g: Game, seat: int) -> None:
    """An action card draws a replacement at once; the last card drawn leaves 1 play to make."""
    if g.deck:
        g.hands[seat].append(g.deck.pop())
        if not g.deck:
            g.required = min(g.required, 1)
    _after_play(g, seat)


def _after_play(g: Game, seat: int) -> None:
    if not g.hands[seat] and g.deck and not g.emptied:
        g.emptied = True
    t = g.table
    if t.adversaire and max(g.on_table[: t.players]) >= nx.FAMILY_CARDS:
        g.ended = SEVENTEEN
        return
    if not g.deck and not any(g.hands):
        g.ended = LAST_STANDING if t.adversaire else ALL_PLACED


def _next(g: Game) -> None:
    seat = g.current
    hand = g.hands[seat]
    if g.emptied:
        g.sizes[seat] += 1
    deck = g.deck
    drew = g.sizes[seat] - len(hand)
    if drew > len(deck):
        drew = len(deck)
    if drew > 0:  # drawn one by one from the end of the draw pile
        hand.extend(deck[-1:-drew - 1:-1])
        del deck[-drew:]
    _next_turn(g)


def _next_turn(g: Game) -> None:
    n = g.table.players
    for step in range(1, n + 1):
        seat = (g.current + step) % n
        if not g.eliminated[seat] and g.hands[seat]:
            break
    else:
        g.ended = LAST_STANDING if g.table.adversaire else ALL_PLACED
        return
    g.current, g.made, g.required = seat, 0, 2 if g.deck else 1
    g.helped = g.emptied = g.passed = False
    g.turn += 1


def _blocked(g: Game) -> None:
    if not g.table.adversaire:
        g.ended = BLOCKED_END
        return
    seat = g.current
    g.eliminated[seat] = True
    g.deck.extend(g.hands[seat])
    g.hands[seat].clear()
    g.rng.shuffle(g.deck)
    if all(g.eliminated):
        g.ended = LAST_STANDING
        return
    _next_turn(g)


# --------------------------------------------------------------------------- the core's words, for the tests


def command(table: Table, move: Move) -> Any:
    """The core's command for a move."""
    if move[0] == -1:
        return nx.Next()
    if move[0] == -2:
        return nx.Blocked()
    c, p, d, value, _how, _v, _help = move
    return nx.Play(table.ids[c], None if p < 0 else p + 1, None if d < 0 else nx.DIRECTIONS[d],
                   None if value == NO_VALUE else value)


def public(g: Game) -> dict[str, Any]:
    """The public table in the core's terms (compared with `core_public` by the differential test)."""
    t = g.table
    piles = []
    for pile in g.piles:
        piles.append((None if pile.family < 0 else nx.FAMILIES[pile.family],
                      None if pile.start < 0 else (t.ids[pile.start], pile.start_value),
                      tuple((t.ids[c], v) for c, v in zip(pile.cards[UP], pile.values[UP], strict=True)),
                      tuple((t.ids[c], v) for c, v in zip(pile.cards[DOWN], pile.values[DOWN], strict=True)),
                      tuple(sorted(nx.DIRECTIONS[d] for d in (UP, DOWN) if pile.closed[d])),
                      None if pile.owner < 0 else pile.owner))
    return {"piles": tuple(piles), "deck": len(g.deck), "hands": tuple(len(h) for h in g.hands),
            "hand_sizes": tuple(g.sizes), "current": g.current, "plays_made": g.made, "plays_required": g.required,
            "helped": g.helped, "emptied": g.emptied, "passed": g.passed, "out": tuple(t.ids[c] for c in g.out),
            "used": {t.ids[c]: n for c, n in enumerate(g.used) if n}, "eliminated": tuple(g.eliminated),
            "turn": g.turn, "ended": REASONS[g.ended] or None}


def core_public(state: nx.State) -> dict[str, Any]:
    """The same view of the core's state."""
    piles = tuple((p.family, None if p.start is None else (p.start.card, p.start.value),
                   tuple((x.card, x.value) for x in p.up), tuple((x.card, x.value) for x in p.down),
                   tuple(sorted(p.closed)), p.owner) for p in state.piles)
    return {"piles": piles, "deck": state.deck, "hands": state.hands, "hand_sizes": state.hand_sizes,
            "current": state.current, "plays_made": state.plays_made, "plays_required": state.plays_required,
            "helped": state.helped, "emptied": state.emptied, "passed": state.passed, "out": state.out,
            "used": {k: n for k, n in state.used.items() if n}, "eliminated": state.eliminated, "turn": state.turn,
            "ended": state.ended}
