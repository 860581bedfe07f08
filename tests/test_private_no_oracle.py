"""Issue 30: no oracle. Nothing the table or a page hears depends on another seat's hand, except the outcome the
public command would have given (DESIGN.md, "Trust on the LAN"; the policy is `companion.private.trust`).

For every game with hands, at 2, 3 and 4 players where the game allows them, at states of a random game: a seat B
enters a whole hand, then a seat A makes one entry its page can make (a whole hand in the lists, a card scanned, a
wrong count). Each run starts from the same public state with no hand known. What each listener heard in the run is
kept, and the commands the hands decided (the only outcome allowed to differ). Then:

- the table, and every page but A's and B's (in 3 and 4 player games, those seats entered a hand first, the same
  in every run), heard the same whenever the same commands were decided;
- A's page heard the same for each of its entries whatever B entered (the same commands decided), and B's page
  the same for each of B's hands whatever A entered;
- what was decided after A's entry is what the hands decide taken each for its own seat (`adjudicate`), so two
  hands that cannot both be right neither stop a decision nor start one.

Before issue 30, entering the only Princess after another page did made the table hear "The hands entered on the
devices do not agree…" and stopped every decision: one probe named the opponent's card.
A second test types at the table every legal command with each of B's hands: the table hears the same whatever
B's hand (before, a play or a card named that B's hand lacked was refused, "That does not match the hand…").
"""

from __future__ import annotations

import itertools
import random
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

import pytest
from msgspec.structs import replace

from conftest import make_session

from companion import registry
from companion.games.base import Command, RuleError
from companion.session import Session, Step
from companion.stickers import payload
from companion.web.feed import Feed
from companion.web.hands import Hands
from companion.web.scan import Scanner
from companion.web.seats import Seats

GAMES = [g for g in registry.GAMES if g.private is not None and g.private.held(g.rules.new(
    g.rules.options_type(players=g.spec.min_players), g.cards()))]
TABLES = [(g, n) for g in GAMES for n in (2, 3, 4) if g.spec.min_players <= n <= g.spec.max_players]
#: States per table, hands of B and whole-hand entries of A per pair of seats: bounds, not rules.
STATES, HANDS, ENTRIES = 3, 5, 8


class Current:
    """The session's listener: the keeper of the run going on (each run starts a fresh one, no hand known)."""

    keeper: Hands

    def checking(self, session: Session, command: Command) -> None:
        self.keeper.checking(session, command)

    def changed(self, session: Session, step: Step, before: Any) -> None:
        self.keeper.changed(session, step, before)

    def undone(self, session: Session, step: Step) -> None:
        self.keeper.undone(session, step)

    def redone(self, session: Session, step: Step, before: Any) -> None:
        self.keeper.redone(session, step, before)


@dataclass
class Heard:
    """What each listener heard in one run, and the commands the hands decided."""

    decided: tuple[Any, ...]
    table: tuple[str, ...]
    pages: dict[str, tuple[Any, ...]] = field(default_factory=dict)


class Rig:
    """One session of ``game`` at ``players``, rewound to the same public state before each run."""

    def __init__(self, game: Any, players: int) -> None:
        self.game, self.private, self.rules = game, game.private, game.rules
        self.current = Current()
        self.session, self.recorder = make_session(
            game.id, players=players, wire=lambda w: replace(w, listeners=(*w.listeners, self.current)))
        self.cards = self.session.table.cards
        self.seat_ids = list(self.rules.player_ids(self.session.state))
        self.played: list[Step] = []
        self.fresh()

    def fresh(self) -> Hands:
        seats = Seats([(pid, pid) for pid in self.seat_ids], "en")
        self.current.keeper = Hands(self.private, seats, Feed())
        return self.current.keeper

    def rewind(self, count: int) -> None:
        """Back to the state after the first ``count`` steps of the game `states` played (undone or kept again)."""
        table = self.session.table
        while table.steps and (len(table.steps) > count or table.steps[-1] is not self.played[len(table.steps) - 1]):
            table.undo()
        while len(table.steps) < count:
            table.keep(self.played[len(table.steps)])

    def states(self, seed: int) -> list[int]:
        """The step counts of a few states of one random game played at the table (no hand entered)."""
        rng = random.Random(seed)
        self.rewind(0)
        self.fresh()
        marks = set(rng.sample(range(1, 40), STATES - 1)) | {0}
        found = []
        for step in range(40):
            state = self.session.state
            if self.rules.outcome(state) is not None:
                break
            if step in marks:
                found.append(len(self.session.table.steps))
            moves = self.rules.legal_moves(state)
            if not moves:
                break
            self.session.change(rng.choice(moves))
        self.played = list(self.session.table.steps)
        return found

    def allowed(self, seat: str) -> list[str]:
        state = self.session.state
        return [c for c in self.private.choices(state, self.cards) if self.private.fits(state, seat, c)]

    def hands(self, seat: str, rng: random.Random, count: int) -> list[tuple[str, ...]]:
        """Whole hands ``seat`` may enter now: all of them when few, else random ones and ones heavy with one card
        (as many copies as the game has: the hands another entry can contradict)."""
        state = self.session.state
        n = self.private.held(state).get(seat, 0)
        allowed = self.allowed(seat)
        if not n:
            return []
        every = itertools.combinations_with_replacement(allowed, n)
        if len(allowed) <= 8 and n <= 2:
            found = list(every)
        else:
            found = [tuple(rng.choice(allowed) for _ in range(n)) for _ in range(count)]
            for card in rng.sample(allowed, min(count, len(allowed))):
                heavy = [card] * min(n, self.cards[card].copies)
                found.append(tuple(heavy + [rng.choice(allowed) for _ in range(n - len(heavy))]))
        kept = []
        for hand in dict.fromkeys(found):
            try:
                kept.append(self.private.enter(state, self.cards, {}, seat, list(hand)))
            except RuleError:
                continue
        return kept


def _page(keeper: Hands, seat: str) -> tuple[Any, ...]:
    return tuple((e.kind, e.text, repr(sorted(e.data.items()))) for e in keeper.feed.since(0, seat) if e.to == seat)


def _entries(rig: Rig, seat: str, others: list[tuple[str, ...]], rng: random.Random) -> list[tuple[str, Any]]:
    """Every kind of entry ``seat``'s page can make: whole hands (with the other seat's hands among them), each card
    scanned, and a count that is wrong."""
    n = rig.private.held(rig.session.state).get(seat, 0)
    hands = rig.hands(seat, rng, ENTRIES)
    hands += [h[:n] for h in others if len(h) >= n and all(c in rig.allowed(seat) for c in h[:n])]
    entries: list[tuple[str, Any]] = [("enter", h) for h in dict.fromkeys(hands)]
    entries += [("scan", card) for card in rig.allowed(seat)]
    entries.append(("enter", tuple(rig.allowed(seat)[:1]) * (n + 1)))
    return entries


def _run(rig: Rig, start: int, a: str, entry: tuple[str, Any], b: str, hand: tuple[str, ...],
         fixed: dict[str, tuple[str, ...]]) -> Heard:
    """The other seats enter their ``fixed`` hands, B enters ``hand``, then A makes ``entry``: what each listener
    heard, and what was decided."""
    rig.rewind(start)
    keeper = rig.fresh()
    rig.recorder.clear()
    for seat, cards in fixed.items():
        keeper.enter(rig.session, seat, cards, "en")
    keeper.enter(rig.session, b, hand, "en")
    after_b, state, known = len(rig.session.table.steps), rig.session.state, dict(keeper.cards)
    kind, what = entry
    if kind == "scan":
        answer = Scanner(rig.session, keeper, rig.game.id).scan(a, payload(rig.game.id, what, 1), "en")
        text, ok = answer.message, answer.added
    else:
        answered = keeper.enter(rig.session, a, list(what), "en")
        text, ok = answered.message, answered.ok
    steps = rig.session.table.steps
    heard = Heard(tuple(s.command for s in steps[start:]), tuple(rig.recorder.texts),
                  {seat: _page(keeper, seat) for seat in rig.seat_ids})
    heard.pages[a] += (("answer", text),)
    if ok:
        entered = {**known, a: (what,) if kind == "scan" else tuple(what)}
        _decided_as_each_hand_says(rig, state, entered, [s.command for s in steps[after_b:]], (a, entry, b, hand))
    return heard


def _decided_as_each_hand_says(rig: Rig, state: Any, hands: dict[str, tuple[str, ...]], decided: list[Any],
                               case: Any) -> None:
    """The first command decided after A's entry is the one the hands decide each for its own seat, if any."""
    expected = rig.private.adjudicate(state, hands)
    if expected is not None:
        try:
            rig.rules.apply(state, expected)
        except RuleError:
            expected = None
    assert (decided[0] if decided else None) == expected, case


def _same(groups: dict[Any, set[Any]], what: str, case: Any) -> None:
    for key, heard in groups.items():
        assert len(heard) == 1, (what, case, key, heard)


@pytest.mark.timeout(120)
@pytest.mark.parametrize(("game", "players"), TABLES, ids=lambda x: getattr(x, "id", x))
def test_no_entry_of_a_page_tells_anyone_another_hand(game: Any, players: int) -> None:
    rig = Rig(game, players)
    runs = 0
    for start in rig.states(players):
        rig.rewind(start)
        rng = random.Random(start)
        held = {s: n for s, n in rig.private.held(rig.session.state).items() if n}
        for a, b in itertools.permutations(held, 2):
            rig.rewind(start)
            hands = rig.hands(b, rng, HANDS)
            entries = _entries(rig, a, hands, rng)
            fixed = {c: found[0] for c in held if c not in (a, b) for found in [rig.hands(c, rng, 1)] if found}
            table: dict[Any, set[Any]] = defaultdict(set)
            pages: dict[tuple[str, Any, Any], set[Any]] = defaultdict(set)
            for hand, entry in itertools.product(hands, entries):
                heard = _run(rig, start, a, entry, b, hand, fixed)
                runs += 1
                table[heard.decided].add(heard.table)
                for seat, said in heard.pages.items():
                    own = entry if seat == a else hand if seat == b else None
                    pages[(seat, own, heard.decided)].add(said)
            case = (game.id, players, start, a, b)
            _same(table, "table", case)
            _same(pages, "pages", case)
        rig.rewind(start)
    assert runs > 100


@pytest.mark.timeout(120)
@pytest.mark.parametrize(("game", "players"), TABLES, ids=lambda x: getattr(x, "id", x))
def test_no_command_typed_at_the_table_is_refused_by_a_hand(game: Any, players: int) -> None:
    rig = Rig(game, players)
    compared = 0
    for start in rig.states(players + 10):
        rig.rewind(start)
        rng = random.Random(start)
        moves = rig.rules.legal_moves(rig.session.state)[:40]
        for b in [s for s, n in rig.private.held(rig.session.state).items() if n]:
            hands = rig.hands(b, rng, HANDS)
            for move in moves:
                heard: dict[Any, set[Any]] = defaultdict(set)
                for hand in hands:
                    rig.rewind(start)
                    keeper = rig.fresh()
                    keeper.enter(rig.session, b, hand, "en")
                    steps = rig.session.table.steps
                    rig.recorder.clear()
                    try:
                        rig.session.change(move)
                        refused = None
                    except RuleError as error:
                        refused = error.code
                    after = rig.session.table.steps
                    typed = len(after) > len(steps)
                    decided = (tuple(s.command for s in steps[start:]),
                               tuple(s.command for s in after[len(steps) + int(typed):]))
                    heard[decided].add((refused, tuple(rig.recorder.texts)))
                    compared += 1
                _same(heard, "table", (game.id, players, start, b, move))
        rig.rewind(start)
    assert compared > 50
