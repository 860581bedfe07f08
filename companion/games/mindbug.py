"""Mindbug: First Contact: the rules core.

Pure: no I/O, no language. The whole table of Mindbug is public except the
hands and the draw piles, which the companion only counts. It keeps every
creature in play (with its controller, its owner and whether it is exhausted),
both discard piles, lives and Mindbugs, enforces the turn with its
interruptions (the opponent's Mindbug decision, the block, an effect's choice)
and resolves combats and effects. The card file's effects are data
(``companion/data/mindbug.toml``) that this module interprets.

``current`` is whose turn it is; ``pending`` is the decision the table waits
for, which may be the other player's: `to_act` names who decides.

Every card is in exactly one place: a draw pile or the unknown part of a hand
(counted), a hand where it is known (after Giraffodile or a named theft), a
board, a discard pile, or the box. ``unseen`` counts, per design, the copies in
none of the known places.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Mapping
from types import MappingProxyType
from typing import Annotated, Any, Literal

import msgspec
from msgspec.structs import replace

from companion.cards import Card, CardSet, per_card_set
from companion.games.base import seat_of as base_seat_of
from companion.games.base import (
    N_,
    Command,
    Event,
    GameSpec,
    Kind,
    OptionSpec,
    Outcome,
    OutcomeKind,
    RuleError,
    Rules,
    ToAct,
    TurnModel,
    Uncompared,
    Zone,
    accepted,
    apply_handler,
    bump,
    check_options,
    fields_of,
    numbered_seats,
    seat_id,
    set_at,
)

SIDE = "creatures"
LIVES = 3
MINDBUGS = 2
DECK = 10
HAND = 5
KEYWORDS = ("hunter", "sneaky", "poisonous", "tough", "frenzy")

Keyword = Literal["hunter", "sneaky", "poisonous", "tough", "frenzy"]
Trigger = Literal["play", "attack", "defeated", "passive", "none"]


class PowerFilter(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Creatures selected by power: ``power_min`` or more, ``power_max`` or less (current or printed power)."""

    power_min: int | None = None
    power_max: int | None = None
    basis: Literal["current", "printed"] = "current"

    def matches(self, current: int, printed: int) -> bool:
        power = current if self.basis == "current" else printed
        return (self.power_min is None or power >= self.power_min) and (self.power_max is None or power <= self.power_max)


class Effect(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One effect of a creature, in the vocabulary documented at the top of the card file."""

    when: Literal["play", "attack", "defeated", "passive"]
    do: Literal["defeat", "take_control", "gain_life", "lose_life", "set_life", "move_cards", "play_from_discard",
                "power_bonus", "grant_keyword", "copy_keywords", "block_restriction", "cancel_play_effects"]
    condition: Literal["alone", "fewer_creatures"] | None = None
    target: Literal["enemy_creature", "any_creature"] = "enemy_creature"
    filter: PowerFilter | None = None
    count: Annotated[int, msgspec.Meta(ge=1, le=48)] | Literal["all"] = 1
    chooser: Literal["self", "opponent", "random", "none"] = "self"
    up_to: bool = False
    player: Literal["self", "opponent"] = "self"
    amount: Annotated[int, msgspec.Meta(ge=-20, le=20)] = 0
    to: Annotated[int, msgspec.Meta(ge=0, le=20)] | Literal["opponent_life"] = 1
    source: Literal["opponent_hand", "own_discard", "opponent_discard", "enemies"] = "own_discard"
    destination: Literal["own_hand", "opponent_discard"] = "own_hand"
    named_by: Literal["opponent", "self", "none"] = "none"
    play_effect: bool = True
    mindbug: bool = False
    keywords: tuple[Keyword, ...] = ()
    applies_to: Literal["self", "allies", "own_creatures"] = "self"
    during: Literal["always", "own_turn"] = "always"
    hunter_overrides: bool = False


class Traits(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """What the Mindbug card file says of a creature beyond its name and printed power (``value``)."""

    keywords: tuple[Keyword, ...] = ()
    trigger: Trigger | None = None
    triggers: tuple[Trigger, ...] = ()
    effects: tuple[Effect, ...] = ()

    # The aid sheet prints a label for each flag a card has (``[sheet] flags``).
    @property
    def hunter(self) -> bool:
        return "hunter" in self.keywords

    @property
    def sneaky(self) -> bool:
        return "sneaky" in self.keywords

    @property
    def poisonous(self) -> bool:
        return "poisonous" in self.keywords

    @property
    def tough(self) -> bool:
        return "tough" in self.keywords

    @property
    def frenzy(self) -> bool:
        return "frenzy" in self.keywords


SPEC = GameSpec(
    id="mindbug",
    names={"fr": "Mindbug", "en": "Mindbug"},
    aliases=("mind-bug", "mindbug-first-contact"),
    min_players=2,
    max_players=2,
    default_players=2,
    kind=Kind.FREE_FOR_ALL,
    turn_model=TurnModel.SEQUENTIAL,
    hidden=("hands", "draw_piles"),
    domain="mindbug",
    progress="turn",
    options=(
        OptionSpec("first", str, "p1",
                   N_("who plays first: p1 (the default: the table drew at random, as printed, and says who starts), "
                      "p2, or draw (the companion says how to draw and compares the revealed cards)"),
                   choices=("p1", "p2", "draw")),
        OptionSpec("discard", str, "controller",
                   N_("whose discard pile a defeated creature goes to: controller (the default) or owner"),
                   choices=("controller", "owner")),
        OptionSpec("refill", str, "always",
                   N_("when hands are refilled to 5: always (the default, whenever a hand is short) or after_play "
                      "(only after playing a card from it)"), choices=("always", "after_play")),
        OptionSpec("tough_vs_effects", str, "yes",
                   N_("whether Tough also saves a creature from a defeat by an effect: yes (the default) or no"),
                   choices=("yes", "no")),
        OptionSpec("hunter_past_sneaky", str, "no",
                   N_("whether a Hunter may force a non-Sneaky creature to block a Sneaky attacker: no (the default) "
                      "or yes"), choices=("no", "yes")),
    ),
    data_file="mindbug.toml",
    deck_sizes={SIDE: 48},
    traits=Traits,
)


class Reason(enum.Enum):
    """Why a Mindbug game ended."""

    CANNOT_ACT = "cannot_act"
    LIVES = "lives"


_NO_TRAITS = Traits()


def traits(card: Card) -> Traits:
    """The card's Mindbug fields (a card of another game has none)."""
    return card.traits if isinstance(card.traits, Traits) else _NO_TRAITS


# --------------------------------------------------------------------------- options and state


class Options(msgspec.Struct, frozen=True):
    """How the table set the game up."""

    players: int = SPEC.default_players
    names: tuple[str, ...] = ()
    first: str = SPEC.default("first")
    discard: str = SPEC.default("discard")
    refill: str = SPEC.default("refill")
    tough_vs_effects: str = SPEC.default("tough_vs_effects")
    hunter_past_sneaky: str = SPEC.default("hunter_past_sneaky")


class Creature(msgspec.Struct, frozen=True):
    """A creature in play: ``uid`` tells two copies apart; ``owner`` is the seat whose deck it came from."""

    uid: int
    card: str
    owner: int
    exhausted: bool = False


class Task(msgspec.Struct, frozen=True):
    """A step still to resolve, in order: an effect, the hunt, the block, the end of an attack, the end of the turn,
    or ``order``: the ``count`` effect steps right after it happen at once, and the active player chooses which first."""

    kind: Literal["effect", "hunt", "block", "after_attack", "end_turn", "order"]
    seat: int = 0
    card: str = ""
    index: int = 0
    uid: int = 0
    extra: bool = False
    count: int = 0


class Pending(msgspec.Struct, frozen=True):
    """The decision the table waits for, and who makes it.

    ``kind``: ``mindbug`` (on ``card`` just played), ``hunt`` and ``block`` (against
    the attacker ``uid``), ``frenzy`` (a second attack by ``uid``), ``target`` (a
    creature or a discarded card for effect ``index`` of ``card``, ``left`` more),
    ``cards`` (``left`` hand cards to name), ``order`` (which of the ``left``
    effects at the head of the queue, happening at once, resolves first) or ``draw``
    (``--first draw``: the unused cards each player reveals to decide who starts).
    """

    kind: Literal["mindbug", "hunt", "block", "frenzy", "target", "cards", "order", "draw"]
    seat: int
    card: str = ""
    index: int = 0
    uid: int = 0
    left: int = 0
    optional: bool = False
    #: ``mindbug``: the seat whose deck the card played came from, when not the player's (Strange Barrel took it).
    owner: int | None = None


class State(Uncompared, msgspec.Struct, frozen=True):
    """What the whole table knows at one moment."""

    #: Left out of equality and hashing, as ``field(compare=False)`` left them: the table's cards.
    uncompared = frozenset({"cards"})
    cards: CardSet
    options: Options
    lives: tuple[int, ...] = (LIVES, LIVES)
    mindbugs: tuple[int, ...] = (MINDBUGS, MINDBUGS)
    hands: tuple[int, ...] = (HAND, HAND)
    decks: tuple[int, ...] = (DECK - HAND, DECK - HAND)
    known: tuple[tuple[str, ...], ...] = ((), ())
    #: Of each seat's known hand cards, those from the other player's deck (named when Strange Barrel took them):
    #: with ``--discard owner`` they go back to their owner's pile.
    foreign: tuple[tuple[str, ...], ...] = ((), ())
    boards: tuple[tuple[Creature, ...], ...] = ((), ())
    discards: tuple[tuple[str, ...], ...] = ((), ())
    current: int = 0
    turn: int = 1
    next_uid: int = 1
    attacks: int = 0
    pending: Pending | None = None
    #: Unused cards revealed to draw the first player (``--first draw``): out of the game, so seen.
    revealed: tuple[str, ...] = ()
    queue: tuple[Task, ...] = ()
    winner: int | None = None
    reason: Reason | None = None

    @property
    def players(self) -> int:
        return 2

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    def creature(self, uid: int) -> tuple[int, Creature] | None:
        """The seat controlling creature ``uid`` and the creature, if it is in play."""
        for seat, board in enumerate(self.boards):
            for creature in board:
                if creature.uid == uid:
                    return seat, creature
        return None

    def seen(self, card_id: str) -> int:
        """Copies of ``card_id`` in a known place: a board, a discard pile, a known hand card, or face up while
        the opponent decides on a Mindbug."""
        announced = self.pending is not None and self.pending.kind == "mindbug" and self.pending.card == card_id
        return (int(announced) + sum(1 for board in self.boards for c in board if c.card == card_id)
                + sum(pile.count(card_id) for pile in self.discards) + sum(hand.count(card_id) for hand in self.known)
                + self.revealed.count(card_id))

    def unseen(self) -> dict[str, int]:
        """Copies of each design in no known place (a draw pile, the unknown part of a hand, or the box)."""
        return {c.id: c.copies - self.seen(c.id) for c in self.cards.cards}


player_id = seat_id


def seat_of(pid: str) -> int:
    """The seat of ``p1`` or ``p2``. :raises RuleError: ``unknown_player``."""
    return base_seat_of(pid, 2)


def other(seat: int) -> int:
    return 1 - seat


# --------------------------------------------------------------------------- commands


class Play(Command, frozen=True):
    """The active player plays ``card`` from their hand (the companion trusts the table, and checks a copy is unseen)."""

    name = "play"
    card: str


class Attack(Command, frozen=True):
    """The active player attacks with their creature ``card`` (``copy`` 2: the second of two copies on their side)."""

    name = "attack"
    card: str
    copy: int = 1


class UseMindbug(Command, frozen=True):
    """The opponent spends a Mindbug on the creature just played."""

    name = "mindbug"


class Decline(Command, frozen=True):
    """No: no Mindbug, no block, no hunt, no second attack, or no more choices for an effect that takes "up to"."""

    name = "no"


class Block(Command, frozen=True):
    """The defender blocks with their creature ``card``."""

    name = "block"
    card: str
    copy: int = 1


class Hunt(Command, frozen=True):
    """The Hunter's controller names the enemy creature ``card`` that must block."""

    name = "hunt"
    card: str
    copy: int = 1


class Target(Command, frozen=True):
    """The choice an effect asks for: a creature (on ``player``'s side when both sides have one) or a discarded card."""

    name = "target"
    card: str
    player: str | None = None
    copy: int = 1


class NameCards(Command, frozen=True):
    """The hand cards an effect moves, named by the player who sees them (none: a theft left unnamed)."""

    name = "name_cards"
    cards: tuple[str, ...] = ()


class First(Command, frozen=True):
    """Of the effects happening at once, the active player resolves ``card``'s first (its controller ``player``
    when the same creature's effect waits on both sides)."""

    name = "first"
    card: str
    player: str | None = None


class Reveal(Command, frozen=True):
    """``--first draw``: the unused card each player revealed, p1's then p2's; the higher power plays first."""

    name = "reveal"
    first: str
    second: str


COMMANDS: dict[str, type[Command]] = {c.name: c for c in (Play, Attack, UseMindbug, Decline, Block, Hunt, Target,
                                                          NameCards, First, Reveal)}


# --------------------------------------------------------------------------- events


class GameStarted(Event, frozen=True):
    name = "game_started"
    first: str
    lives: int
    mindbugs: int
    hand: int
    deck: int


class FirstDrawn(Event, frozen=True):
    """The cards revealed to draw the first player (``cards``, ``powers``: p1's then p2's); ``first`` is who starts,
    empty on a tie (reveal again)."""

    name = "first_drawn"
    cards: tuple[str, str]
    powers: tuple[int, int]
    first: str


class TurnStarted(Event, frozen=True):
    name = "turn_started"
    player: str
    turn: int
    extra: bool


class CardPlayed(Event, frozen=True):
    name = "card_played"
    player: str
    card: str
    power: int


class MindbugUsed(Event, frozen=True):
    name = "mindbug_used"
    player: str
    card: str
    left: int


class CreatureEntered(Event, frozen=True):
    name = "creature_entered"
    player: str
    card: str
    power: int
    keywords: tuple[str, ...]


class HandRefilled(Event, frozen=True):
    name = "hand_refilled"
    player: str
    drawn: int
    hand: int
    deck: int


class Attacked(Event, frozen=True):
    name = "attack"
    player: str
    card: str
    power: int
    second: bool


class Hunted(Event, frozen=True):
    name = "hunt"
    player: str
    card: str


class Blocked(Event, frozen=True):
    """``player`` blocks ``attacker`` with ``card``, powers as they fight. ``reason`` (the blocker's) and
    ``attacker_reason`` name the keyword that decides a fate the powers alone do not: ``poisonous`` (defeated by a
    weaker Poisonous foe), ``tough`` (would be defeated, exhausted instead); empty when the powers say it all."""

    name = "block"
    player: str
    card: str
    power: int
    attacker: str
    attacker_power: int
    reason: str = ""
    attacker_reason: str = ""


class NotBlocked(Event, frozen=True):
    """The defender takes the hit: ``forced`` when no creature could block."""

    name = "not_blocked"
    player: str
    lives: int
    forced: bool


class LifeChanged(Event, frozen=True):
    name = "life_changed"
    player: str
    lives: int
    delta: int
    card: str


class CreatureDefeated(Event, frozen=True):
    """``by`` is the card whose effect defeated it (Explosive Toad), empty after a fight: a listener hears who did it."""

    name = "creature_defeated"
    player: str
    card: str
    pile: str
    by: str = ""


class CreatureExhausted(Event, frozen=True):
    """``by`` as in `CreatureDefeated`: the effect's card, or empty after a fight."""

    name = "creature_exhausted"
    player: str
    card: str
    by: str = ""


class ControlTaken(Event, frozen=True):
    name = "control_taken"
    player: str
    card: str
    source: str


class PlayedFromDiscard(Event, frozen=True):
    name = "played_from_discard"
    player: str
    card: str
    pile: str


class CardsDiscarded(Event, frozen=True):
    name = "cards_discarded"
    player: str
    cards: tuple[str, ...]


class CardsTaken(Event, frozen=True):
    """``player`` takes ``count`` cards from ``source``'s hand; ``cards`` when they were named."""

    name = "cards_taken"
    player: str
    source: str
    count: int
    cards: tuple[str, ...]


class DiscardToHand(Event, frozen=True):
    name = "discard_to_hand"
    player: str
    cards: tuple[str, ...]


class EffectSkipped(Event, frozen=True):
    """An effect that cannot happen: ``why`` is ``no_target``, ``empty_hand``, ``empty_discard`` or ``condition``."""

    name = "effect_skipped"
    card: str
    why: str


class PlayEffectCancelled(Event, frozen=True):
    name = "play_effect_cancelled"
    card: str
    by: str


class Decision(Event, frozen=True):
    """The question the companion asks: ``player`` decides ``decision`` about ``card``; ``options`` are the choices
    (for ``order``, the cards whose effects happen at once, and ``players`` their controllers)."""

    name = "decision"
    player: str
    decision: str
    card: str
    left: int = 0
    options: tuple[str, ...] = ()
    optional: bool = False
    players: tuple[str, ...] = ()


class GameOver(Uncompared, Event, frozen=True):
    name = "game_over"
    winner: str
    reason: str
    uncompared = frozenset({"outcome"})
    outcome: dict[str, Any] = {}


class Status(Event, frozen=True):
    name = "status"
    lives: dict[str, int]
    mindbugs: dict[str, int]
    hand: dict[str, int]
    deck: dict[str, int]
    board: dict[str, list[dict[str, Any]]]
    discard: dict[str, tuple[str, ...]]
    current_player: str
    turn: int
    to_act: dict[str, Any] | None
    winner: str | None
    outcome: dict[str, Any] | None = None


class BoardAnswer(Event, frozen=True):
    """``board``: each side's creatures, ``viewer``'s first (the player who decides now)."""

    name = "board"
    viewer: str
    board: dict[str, list[dict[str, Any]]]


class CreatureAnswer(Event, frozen=True):
    """``creature NAME``: its effective power and why, its keywords now and where they come from."""

    name = "creature"
    card: str
    player: str
    owner: str
    printed: int
    power: int
    bonuses: tuple[tuple[str, int], ...]
    keywords: tuple[str, ...]
    gained: tuple[tuple[str, str], ...]
    exhausted: bool
    own_turn: bool


class BlockersAnswer(Event, frozen=True):
    """``blockers NAME``: who may block that attacker; ``refused`` gives each other creature's reason."""

    name = "blockers"
    card: str
    player: str
    blockers: tuple[str, ...]
    refused: tuple[tuple[str, str, str], ...]
    huntable: tuple[str, ...]


class WhatIfAnswer(Event, frozen=True):
    """``what if NAME``: for each creature that may block (or that its Hunter may name), what happens to the attacker
    and to it; then no block, all played on a copy of the table by the real rules (attack effects first).
    ``reasons``: for each outcome, the attacker's and the blocker's deciding keyword (as `Blocked`'s, or empty).
    ``hunted``: the blockers only the Hunter can make block; ``effect_wins``: the attack effect alone wins the game;
    ``effect_choice``: the attack effect asks a target, and each fight assumes it spares that blocker."""

    name = "what_if"
    card: str
    player: str
    power: int
    outcomes: tuple[tuple[str, int, str, str], ...]
    defender_lives: int
    reasons: tuple[tuple[str, str], ...] = ()
    hunted: tuple[str, ...] = ()
    effect_wins: bool = False
    effect_choice: bool = False


class LivesAnswer(Event, frozen=True):
    name = "lives"
    lives: dict[str, int]


class MindbugsAnswer(Event, frozen=True):
    name = "mindbugs"
    mindbugs: dict[str, int]


class HandsAnswer(Event, frozen=True):
    name = "hands"
    hand: dict[str, int]
    deck: dict[str, int]
    known: dict[str, tuple[str, ...]]


class DiscardsAnswer(Event, frozen=True):
    name = "discards"
    discard: dict[str, tuple[str, ...]]


class UnseenAnswer(Event, frozen=True):
    name = "unseen"
    cards: dict[str, int]


# --------------------------------------------------------------------------- effective power and keywords


class Effective(msgspec.Struct, frozen=True):
    """A creature's values now, every passive effect counted: power and keywords, and where they come from."""

    power: int
    keywords: frozenset[str]
    bonuses: tuple[tuple[str, int], ...] = ()
    gained: tuple[tuple[str, str], ...] = ()


def _condition_holds(effect: Effect, state: State, seat: int, uid: int) -> bool:
    if effect.condition == "alone":
        return all(c.uid == uid for c in state.boards[seat]) and any(c.uid == uid for c in state.boards[seat])
    if effect.condition == "fewer_creatures":
        return len(state.boards[seat]) < len(state.boards[other(seat)])
    return True


def _applies(effect: Effect, source: Creature, seat: int, state: State) -> list[Creature]:
    if effect.applies_to == "self":
        return [source]
    return [c for c in state.boards[seat] if c.uid != source.uid]


def effective(state: State, turn_of: int | None = None) -> Mapping[int, Effective]:
    """Every creature's power and keywords now (``turn_of``: whose turn to assume), read only.

    They depend on the boards, the cards and whose turn it is alone, so each such position is computed once: a
    question (``what if``) asks for the same board a dozen times (issue 34). The last position asked is found again
    by identity, without hashing the boards: the rules ask it again at each step of a command.
    """
    turn = state.current if turn_of is None else turn_of
    boards, cards = state.boards, state.cards
    last = _LAST_POSITION[0]
    if last is not None and last[0] is boards and last[1] is cards and last[2] == turn:
        return last[3]
    key = (boards, cards, turn)
    found = _EFFECTIVE.get(key)
    if found is None:
        if len(_EFFECTIVE) >= _EFFECTIVE_KEPT:
            _EFFECTIVE.clear()
        found = _EFFECTIVE[key] = MappingProxyType(_computed(state, turn))
    _LAST_POSITION[0] = (boards, cards, turn, found)
    return found


def forget_positions() -> None:
    """Forget every position `effective` and `legal_blockers` worked out (the benchmarks time a command on a
    position not yet seen)."""
    _EFFECTIVE.clear()
    _LAST_POSITION[0] = None
    _BLOCKERS.clear()


#: The positions last computed by `effective`, and how many are kept.
_EFFECTIVE: dict[tuple[Any, ...], Mapping[int, Effective]] = {}
_EFFECTIVE_KEPT = 256
#: The position `effective` answered last: its boards, cards and turn, and its values.
_LAST_POSITION: list[tuple[Any, CardSet, int, Mapping[int, Effective]] | None] = [None]
#: The effects `effective` reads, by what they do, in the order it applies them.
_PASSIVE_VERBS = ("power_bonus", "grant_keyword", "copy_keywords")
#: Per card, what `effective` and `block_problem` read of it: printed power, keywords, the passive effects
#: `effective` applies, its values when nothing changes them, and its block restrictions with a filter; worked out
#: once per card set (`per_card_set`).
_Facts = dict[str, tuple[int, frozenset[str], tuple[Effect, ...], Effective, tuple[Effect, ...]]]


@per_card_set
def _card_facts(cards: CardSet) -> _Facts:
    facts: _Facts = {}
    for card in cards.cards:
        found = traits(card)
        keywords = frozenset(found.keywords)
        passives = tuple(e for e in found.effects if e.when == "passive" and e.do in _PASSIVE_VERBS)
        restrictions = tuple(e for e in found.effects if e.do == "block_restriction" and e.filter is not None)
        facts[card.id] = (card.value, keywords, passives, Effective(card.value, keywords), restrictions)
    return facts


def _computed(state: State, turn: int) -> dict[int, Effective]:
    """`effective` from scratch. Order: power bonuses, then keyword grants (their filters read those powers),
    then keyword copies (they read the keywords so obtained); each in board order. Only what an effect changes is
    worked out: a creature no effect touches keeps its card's own values."""
    facts = _card_facts(state.cards)
    card_of: dict[int, tuple[int, frozenset[str], tuple[Effect, ...], Effective, tuple[Effect, ...]]] = {}
    passives: dict[str, list[tuple[int, Creature, Effect]]] = {verb: [] for verb in _PASSIVE_VERBS}
    for seat, board in enumerate(state.boards):
        for creature in board:
            fact = card_of[creature.uid] = facts[creature.card]
            for effect in fact[2]:
                if _condition_holds(effect, state, seat, creature.uid):
                    passives[effect.do].append((seat, creature, effect))
    power: dict[int, int] = {}  # of the creatures a bonus changes
    bonuses: dict[int, list[tuple[str, int]]] = {}
    for seat, source, effect in passives["power_bonus"]:
        if effect.during == "own_turn" and turn != seat:
            continue
        for creature in _applies(effect, source, seat, state):
            power[creature.uid] = power.get(creature.uid, card_of[creature.uid][0]) + effect.amount
            bonuses.setdefault(creature.uid, []).append((source.card, effect.amount))
    keywords: dict[int, set[str]] = {}  # of the creatures that gain one
    gained: dict[int, list[tuple[str, str]]] = {}

    def gain(uid: int, keyword: str, source: str) -> None:
        found = keywords.get(uid)
        if keyword not in (card_of[uid][1] if found is None else found):
            if found is None:
                found = keywords[uid] = set(card_of[uid][1])
            found.add(keyword)
            gained.setdefault(uid, []).append((keyword, source))

    for seat, source, effect in passives["grant_keyword"]:
        for creature in _applies(effect, source, seat, state):
            printed = card_of[creature.uid][0]
            if effect.filter is None or effect.filter.matches(power.get(creature.uid, printed), printed):
                for keyword in effect.keywords:
                    gain(creature.uid, keyword, source.card)
    granted = {uid: frozenset(found) for uid, found in keywords.items()}  # before any copy
    for seat, source, effect in passives["copy_keywords"]:
        enemies = state.boards[other(seat)]
        for keyword in effect.keywords:
            holder = next((c for c in enemies if keyword in granted.get(c.uid, card_of[c.uid][1])), None)
            if holder is not None:
                gain(source.uid, keyword, holder.card)  # the enemy it is copied from
    return {uid: fact[3] if uid not in bonuses and uid not in gained else
            Effective(power.get(uid, fact[0]), frozenset(keywords.get(uid, fact[1])), tuple(bonuses.get(uid, ())),
                      tuple(gained.get(uid, ())))
            for uid, fact in card_of.items()}


def _ordered(keywords: Iterable[str]) -> tuple[str, ...]:
    """``keywords`` in the rules' order (`KEYWORDS`); each set of them worked out once (a board says them all)."""
    key = keywords if isinstance(keywords, frozenset) else frozenset(keywords)
    found = _ORDERED.get(key)
    if found is None:
        found = _ORDERED[key] = tuple(k for k in KEYWORDS if k in key)
    return found


#: `_ordered`'s answers (at most one per subset of the keywords an effect may give: a few dozen).
_ORDERED: dict[frozenset[str], tuple[str, ...]] = {}


def block_problem(state: State, values: Mapping[int, Effective], attacker: Creature, blocker: Creature,
                  hunted: bool) -> tuple[str, str] | None:
    """Why ``blocker`` may not block ``attacker`` (a reason and the card it comes from), or ``None``.

    ``hunted``: the attacker's Hunter names the blocker (it gets past the restrictions that allow it).
    """
    found = state.creature(attacker.uid)
    if found is None:
        return ("gone", attacker.card)
    side = found[0]
    if "sneaky" in values[attacker.uid].keywords and "sneaky" not in values[blocker.uid].keywords:
        if not (hunted and state.options.hunter_past_sneaky == "yes"):
            return ("sneaky", attacker.card)
    facts = _card_facts(state.cards)
    for source in state.boards[side]:
        for effect in facts[source.card][4]:
            if effect.applies_to == "self" and source.uid != attacker.uid:
                continue
            assert effect.filter is not None
            if effect.filter.matches(values[blocker.uid].power, facts[blocker.card][0]):
                if not (hunted and effect.hunter_overrides):
                    return ("restriction", source.card)
    return None


def legal_blockers(state: State, attacker_uid: int, hunted: bool = False) -> list[Creature]:
    """The defender's creatures that may block the attacker ``attacker_uid`` (or be named by its Hunter).

    They depend on the boards, the cards, whose turn it is and the options alone: the last few asked are found
    again by identity (an attack asks them at its block step, then for its decision; ``what if`` in each fight).
    """
    boards, cards, options = state.boards, state.cards, state.options
    key = (id(boards), id(cards), id(options), state.current, attacker_uid, hunted)
    kept = _BLOCKERS.get(key)
    if kept is not None and kept[0] is boards and kept[1] is cards and kept[2] is options:
        return list(kept[3])
    found = state.creature(attacker_uid)
    if found is None:
        return []
    side, attacker = found
    values = effective(state)
    legal = tuple(c for c in boards[other(side)] if block_problem(state, values, attacker, c, hunted) is None)
    if len(_BLOCKERS) >= 8:
        _BLOCKERS.clear()
    _BLOCKERS[key] = (boards, cards, options, legal)
    return list(legal)


#: The last `legal_blockers` answers, by the identity of what they read (kept with it: an id is never reused
#: while its object is kept here).
_BLOCKERS: dict[tuple[int, int, int, int, int, bool], tuple[Any, CardSet, Options, tuple[Creature, ...]]] = {}


def _fight_result(values: Mapping[int, Effective], one: Creature, two: Creature) -> bool:
    """Whether ``one`` would be defeated fighting ``two`` (lower power, equal powers, or a Poisonous foe)."""
    return values[one.uid].power <= values[two.uid].power or "poisonous" in values[two.uid].keywords


def _fight_reason(values: Mapping[int, Effective], one: Creature, two: Creature) -> str:
    """The keyword that decides ``one``'s fate against ``two`` when the powers alone do not (see `Blocked`)."""
    mine, theirs = values[one.uid], values[two.uid]
    if not _fight_result(values, one, two):
        return ""
    if "tough" in mine.keywords and not one.exhausted:
        return "tough"
    if mine.power > theirs.power:
        return "poisonous"
    return ""


# --------------------------------------------------------------------------- set-up


def new(options: Options, cards: CardSet) -> State:
    """The table after set-up: 10-card draw piles, 5 cards in each hand, 3 lives, 2 Mindbugs.

    :raises RuleError: what `check_options` refuses (not 2 players, names, an option outside the spec).
    """
    check_options(SPEC, options)
    if options.first == "draw":
        return State(cards=cards, options=options, current=0, pending=Pending("draw", 0))
    return State(cards=cards, options=options, current=seat_of(options.first))


def opening(state: State) -> list[Event]:
    """What to announce when a game starts: the table, then the first turn (or how to draw the first player)."""
    if state.pending is not None and state.pending.kind == "draw":
        return [GameStarted("", LIVES, MINDBUGS, HAND, DECK - HAND), _decision_event(state, state.pending)]
    return [GameStarted(player_id(state.current), LIVES, MINDBUGS, HAND, DECK - HAND),
            TurnStarted(player_id(state.current), 1, False)]


# --------------------------------------------------------------------------- queries


def board_of(state: State, values: Mapping[int, Effective] | None = None) -> dict[str, list[dict[str, Any]]]:
    """Each side's creatures with their effective values, in the order they entered."""
    values = effective(state) if values is None else values
    return {player_id(seat): [{"card": c.card, "power": values[c.uid].power, "keywords": list(_ordered(values[c.uid].keywords)),
                               "exhausted": c.exhausted, "owner": player_id(c.owner)} for c in board]
            for seat, board in enumerate(state.boards)}


def _per_player(values: tuple[Any, ...]) -> dict[str, Any]:
    return {player_id(seat): value for seat, value in enumerate(values)}


def status(state: State) -> Status:
    return Status(
        lives=_per_player(state.lives),
        mindbugs=_per_player(state.mindbugs),
        hand=_per_player(state.hands),
        deck=_per_player(state.decks),
        board=board_of(state),
        discard=_per_player(state.discards),
        current_player=player_id(state.current),
        turn=state.turn,
        to_act=fields_of(to_act(state)),
        winner=None if state.winner is None else player_id(state.winner),
        outcome=fields_of(outcome(state)),
    )


def public_view(state: State) -> dict[str, Any]:
    """Everything every player may know, as plain data."""
    view = status(state).fields()
    view.update(known_hands=_per_player(state.known), unseen=state.unseen(),
                pending=None if state.pending is None else {"kind": state.pending.kind, "card": state.pending.card,
                                                            "left": state.pending.left})
    return view


def viewer(state: State) -> int:
    """The player the companion speaks to as "you": the one who decides now."""
    return state.pending.seat if state.pending is not None else state.current


def find_creature(state: State, card: str, player: str | None = None, copy: int = 1) -> Creature:
    """The creature ``card`` in play (on ``player``'s side when given; ``copy`` 2: the second one on that side).

    :raises RuleError: ``not_on_board``, ``ambiguous_side`` or ``no_such_copy``.
    """
    seats = [seat_of(player)] if player is not None else [0, 1]
    found = [[c for c in state.boards[seat] if c.card == card] for seat in seats]
    sides = [pile for pile in found if pile]
    if not sides:
        if player is not None and any(c.card == card for board in state.boards for c in board):
            raise RuleError("wrong_side", card=card, player=player)
        raise RuleError("not_on_board", card=card)
    if len(sides) > 1:
        raise RuleError("ambiguous_side", card=card)
    if not 1 <= copy <= len(sides[0]):
        raise RuleError("no_such_copy", card=card, copy=copy)
    return sides[0][copy - 1]


def _creature_query(state: State, args: Mapping[str, Any]) -> list[Event]:
    creature = find_creature(state, args["card"], args.get("player"), args.get("copy", 1))
    found = state.creature(creature.uid)
    assert found is not None
    seat = found[0]
    value = effective(state)[creature.uid]
    return [CreatureAnswer(creature.card, player_id(seat), player_id(creature.owner), state.cards[creature.card].value,
                           value.power, value.bonuses, _ordered(value.keywords), value.gained, creature.exhausted,
                           state.current == seat)]


def _blockers_query(state: State, args: Mapping[str, Any]) -> list[Event]:
    attacker = find_creature(state, args["card"], args.get("player"), args.get("copy", 1))
    found = state.creature(attacker.uid)
    assert found is not None
    seat = found[0]
    values = effective(state, seat)
    state = replace(state, current=seat)  # an attack happens in its controller's turn
    ok, refused = [], []
    for blocker in state.boards[other(seat)]:
        problem = block_problem(state, values, attacker, blocker, False)
        if problem is None:
            ok.append(blocker.card)
        else:
            refused.append((blocker.card, problem[0], problem[1]))
    huntable: tuple[str, ...] = ()
    if "hunter" in values[attacker.uid].keywords:
        huntable = tuple(b.card for b in state.boards[other(seat)]
                         if block_problem(state, values, attacker, b, True) is None)
    return [BlockersAnswer(attacker.card, player_id(seat), tuple(ok), tuple(refused), huntable)]


def _what_if_query(state: State, args: Mapping[str, Any]) -> list[Event]:
    """Each fight the attacker may meet, played on a copy of the table by the real rules (`apply`): its attack
    effects first, then the Hunter's choice or the block, then no block."""
    attacker = find_creature(state, args["card"], args.get("player"), args.get("copy", 1))
    found = state.creature(attacker.uid)
    assert found is not None
    seat = found[0]
    start = replace(state, current=seat, pending=None, queue=(), attacks=0)
    ref = next(ref for c, ref in zip(start.boards[seat], _creature_refs(start.boards[seat]), strict=True)
               if c.uid == attacker.uid)
    values = effective(start, seat)
    attack = Attack(*ref)
    opened = apply(start, attack)  # the attack and its effects up to the block: the same in every fight
    unblocked, said = _simulate(start, attack, None, opened)
    power = next((e.power for e in said if isinstance(e, Attacked)), values[attacker.uid].power)
    won = _won_before_block(said)
    outcomes, reasons, hunted = [], [], []
    legal = {c.uid for c in legal_blockers(start, attacker.uid)}
    huntable = ({c.uid for c in legal_blockers(start, attacker.uid, hunted=True)}
                if "hunter" in values[attacker.uid].keywords else set())
    for blocker in start.boards[other(seat)]:
        if won or blocker.uid not in legal | huntable:
            continue
        after, events = _simulate(start, attack, blocker.uid, opened)
        fight = next((e for e in events if isinstance(e, Blocked)), None)
        if fight is None:  # the attack effect removed it, or it may no longer block
            continue
        outcomes.append((blocker.card, fight.power, _fate_after(after, attacker), _fate_after(after, blocker)))
        reasons.append((fight.attacker_reason, fight.reason))
        if blocker.uid not in legal:
            hunted.append(blocker.card)
    chosen = any(isinstance(e, Decision) and e.decision == "target" for e in said)
    return [WhatIfAnswer(attacker.card, player_id(seat), power, tuple(outcomes), unblocked.lives[other(seat)],
                         tuple(reasons), tuple(hunted), won, chosen)]


def _won_before_block(events: list[Event]) -> bool:
    """Whether the attack's own effect ended the game before any block (Chameleon Sniper at 1 life)."""
    return any(isinstance(e, GameOver) for e in events) and not any(isinstance(e, (Blocked, NotBlocked)) for e in events)


def _simulate(state: State, attack: Attack, blocker: int | None, opened: Steps | None = None) -> Steps:
    """``attack`` played by the rules on a copy, every decision taken so that ``blocker`` (a uid) fights it:
    an effect's target spares it when it can, the Hunter names it or the defender blocks with it; ``None``: no block.
    Stops at the end of the fight (or the game). ``opened``: ``apply(state, attack)``, already worked out."""
    attacker = find_creature(state, attack.card, player_id(state.current), attack.copy).uid
    state, more = apply(state, attack) if opened is None else opened
    events: list[Event] = list(more)
    for _ in range(64):  # every decision moves the attack on; a bound all the same
        pending = state.pending
        if state.is_over or pending is None or pending.kind == "frenzy" or any(
                isinstance(e, (Blocked, NotBlocked)) for e in events):
            break
        command = _simulated_choice(state, pending, attacker, blocker)
        if command is None:
            break
        state, more = apply(state, command)
        events += more
    return state, events


def _simulated_choice(state: State, pending: Pending, attacker: int, blocker: int | None) -> Command | None:
    if pending.kind in ("hunt", "block"):
        found = state.creature(blocker) if blocker is not None else None
        if found is None:
            return Decline()
        ref = dict(zip((c.uid for c in state.boards[found[0]]), _creature_refs(state.boards[found[0]]), strict=True))
        allowed = {c.uid for c in legal_blockers(state, pending.uid, hunted=pending.kind == "hunt")}
        if blocker not in allowed:
            return Decline()
        return (Hunt if pending.kind == "hunt" else Block)(*ref[blocker])
    if pending.kind == "target":
        effect = traits(state.cards[pending.card]).effects[pending.index]
        if effect.do == "play_from_discard":
            pile = _discard_source(state, pending.seat, effect)
            return Target(pile[0]) if pile else Decline()
        if pending.optional:
            return Decline()
        own = {c.uid for c in state.boards[pending.seat]}
        # enemies other than the blocker first, then the chooser's other creatures, then the attacker, the blocker last
        ranked = sorted(_targets(state, pending.seat, effect),
                        key=lambda c: (c.uid == blocker, c.uid == attacker, c.uid in own))
        return _target_command(state, ranked[0])
    if pending.kind == "order":
        return First(state.queue[0].card, player_id(state.queue[0].seat))
    if pending.kind == "cards":
        return next((m for m in legal_moves(state) if isinstance(m, NameCards)), None)
    return None


def _target_command(state: State, creature: Creature) -> Target:
    found = state.creature(creature.uid)
    assert found is not None
    ref = dict(zip((c.uid for c in state.boards[found[0]]), _creature_refs(state.boards[found[0]]), strict=True))
    card, copy = ref[creature.uid]
    return Target(card, player_id(found[0]), copy)


def _fate_after(state: State, creature: Creature) -> str:
    """What the simulated fight left of ``creature``: defeated, newly exhausted, or untouched."""
    found = state.creature(creature.uid)
    if found is None:
        return "defeated"
    return "exhausted" if found[1].exhausted and not creature.exhausted else "survives"


def _board_query(state: State, args: Mapping[str, Any]) -> list[Event]:
    you = viewer(state)
    board = board_of(state)
    order = [player_id(you), player_id(other(you))]
    side = args.get("side")
    if side == "mine":
        order = order[:1]
    elif side == "theirs":
        order = order[1:]
    return [BoardAnswer(player_id(you), {pid: board[pid] for pid in order})]


#: Questions every player may ask: board [mine|theirs], creature, blockers, what_if, life, mindbugs,
#: hands, discards, unseen (the contract adds status).
QUERIES: dict[str, Callable[[State, Mapping[str, Any]], list[Event]]] = {
    "board": _board_query,
    "creature": _creature_query,
    "blockers": _blockers_query,
    "whatif": _what_if_query,
    "life": lambda state, args: [LivesAnswer(_per_player(state.lives))],
    "mindbugs": lambda state, args: [MindbugsAnswer(_per_player(state.mindbugs))],
    "hands": lambda state, args: [HandsAnswer(_per_player(state.hands), _per_player(state.decks),
                                              _per_player(state.known))],
    "discards": lambda state, args: [DiscardsAnswer(_per_player(state.discards))],
    "unseen": lambda state, args: [UnseenAnswer({k: n for k, n in state.unseen().items() if n})],
}


# --------------------------------------------------------------------------- the flow of a turn

Steps = tuple[State, list[Event]]


def _finish(state: State, events: list[Event]) -> Steps:
    """Run the queued steps until a decision is needed or the game ends, then refill the hands."""
    while not state.is_over and state.pending is None and state.queue:
        task, rest = state.queue[0], state.queue[1:]
        state = replace(state, queue=rest)
        state, more = _TASKS[task.kind](state, task)
        events += more
    if state.is_over:
        return state, events
    if state.options.refill == "always":
        for seat in (state.current, other(state.current)):
            state, more = _refill(state, seat)
            events += more
    if state.pending is not None:
        events.append(_decision_event(state, state.pending))
    return state, events


def _refill(state: State, seat: int) -> Steps:
    drawn = min(max(0, HAND - state.hands[seat]), state.decks[seat])
    if not drawn:
        return state, []
    state = replace(state, hands=bump(state.hands, seat, drawn), decks=bump(state.decks, seat, -drawn))
    return state, [HandRefilled(player_id(seat), drawn, state.hands[seat], state.decks[seat])]


def _decision_event(state: State, pending: Pending) -> Decision:
    options: tuple[str, ...] = ()
    if pending.kind in ("hunt", "block"):
        options = tuple(c.card for c in legal_blockers(state, pending.uid, pending.kind == "hunt"))
    elif pending.kind == "target":
        options = tuple(dict.fromkeys(_target_names(state, pending)))
    card = pending.card
    if pending.kind in ("hunt", "block", "frenzy"):
        found = state.creature(pending.uid)
        card = found[1].card if found else card
    players: tuple[str, ...] = ()
    if pending.kind == "order":
        together = state.queue[:pending.left]
        options, players = tuple(t.card for t in together), tuple(player_id(t.seat) for t in together)
        card = options[0]
    return Decision(player_id(pending.seat), pending.kind, card, pending.left, options, pending.optional, players)


def _win(state: State, seat: int, reason: Reason) -> Steps:
    state = replace(state, winner=seat, reason=reason, pending=None, queue=())
    return state, [GameOver(player_id(seat), reason.value, fields_of(outcome(state)) or {})]


def _set_life(state: State, seat: int, lives: int, card: str) -> Steps:
    lives = max(0, lives)
    delta = lives - state.lives[seat]
    state = replace(state, lives=set_at(state.lives, seat, lives))
    events: list[Event] = [LifeChanged(player_id(seat), lives, delta, card)] if card else []
    if lives == 0:
        won, more = _win(state, other(seat), Reason.LIVES)
        return won, events + more
    return state, events


def _enter(state: State, card: str, seat: int, owner: int, play_effects: bool) -> Steps:
    """``card`` enters ``seat``'s side; its Play effects are queued first."""
    creature = Creature(state.next_uid, card, owner)
    state = replace(state, next_uid=state.next_uid + 1, boards=set_at(state.boards, seat, state.boards[seat] + (creature,)))
    value = effective(state)[creature.uid]
    tasks = tuple(Task("effect", seat, card, i, creature.uid)
                  for i, e in enumerate(traits(state.cards[card]).effects) if e.when == "play") if play_effects else ()
    state = replace(state, queue=tasks + state.queue)
    return state, [CreatureEntered(player_id(seat), card, value.power, _ordered(value.keywords))]


def _remove(state: State, uid: int) -> State:
    return replace(state, boards=tuple(tuple(c for c in board if c.uid != uid) for board in state.boards))


def _defeat(state: State, uids: Iterable[int], by: str = "") -> Steps:
    """Defeat creatures at once: a Tough one not yet exhausted is exhausted instead; Defeated effects are queued.

    ``by`` is the card whose effect defeats them, empty in a fight (Tough may then save even where effects do not).
    """
    values = effective(state)
    events: list[Event] = []
    tasks: list[Task] = []
    found = [f for f in (state.creature(uid) for uid in dict.fromkeys(uids)) if f is not None]
    found.sort(key=lambda f: f[0] != state.current)  # the active player's effects first
    saves = not by or state.options.tough_vs_effects == "yes"
    for seat, creature in found:
        if saves and "tough" in values[creature.uid].keywords and not creature.exhausted:
            exhausted = replace(creature, exhausted=True)
            board = tuple(exhausted if c.uid == creature.uid else c for c in state.boards[seat])
            state = replace(state, boards=set_at(state.boards, seat, board))
            events.append(CreatureExhausted(player_id(seat), creature.card, by))
            continue
        pile = seat if state.options.discard == "controller" else creature.owner
        state = _remove(state, creature.uid)
        state = replace(state, discards=set_at(state.discards, pile, state.discards[pile] + (creature.card,)))
        events.append(CreatureDefeated(player_id(seat), creature.card, player_id(pile), by))
        tasks += [Task("effect", seat, creature.card, i) for i, e in enumerate(traits(state.cards[creature.card]).effects)
                  if e.when == "defeated"]
    return replace(state, queue=_together(state, tasks) + state.queue), events


def _together(state: State, tasks: list[Task]) -> tuple[Task, ...]:
    """Effects that happen at once, in the default order (the active player's first, in board order), preceded by
    the question of their order when two of them differ."""
    if len({(t.seat, t.card, t.index) for t in tasks}) < 2:
        return tuple(tasks)
    return (Task("order", state.current, count=len(tasks)),) + tuple(tasks)


def _order_step(state: State, task: Task) -> Steps:
    """Ask the active player which of the ``count`` effects at the head of the queue resolves first."""
    return replace(state, pending=Pending("order", state.current, left=task.count)), []


def _end_turn(state: State, task: Task) -> Steps:
    seat = state.current if task.extra else other(state.current)
    events: list[Event] = []
    if state.options.refill == "always":
        for each in (state.current, other(state.current)):
            state, more = _refill(state, each)
            events += more
    state = replace(state, current=seat, turn=state.turn + 1, attacks=0)
    events.append(TurnStarted(player_id(seat), state.turn, task.extra))
    if state.hands[seat] == 0 and not state.boards[seat]:
        won, more = _win(state, other(seat), Reason.CANNOT_ACT)
        return won, events + more
    return state, events


def _hunt_step(state: State, task: Task) -> Steps:
    found = state.creature(task.uid)
    if found is None or found[0] != state.current:
        return state, []
    if "hunter" in effective(state)[task.uid].keywords and legal_blockers(state, task.uid, hunted=True):
        return replace(state, pending=Pending("hunt", state.current, uid=task.uid, optional=True)), []
    return replace(state, queue=(Task("block", uid=task.uid),) + state.queue), []


def _block_step(state: State, task: Task) -> Steps:
    found = state.creature(task.uid)
    if found is None or found[0] != state.current:
        return state, []
    defender = other(state.current)
    if legal_blockers(state, task.uid):
        return replace(state, pending=Pending("block", defender, uid=task.uid, optional=True)), []
    return _take_hit(state, defender, forced=True)


def _take_hit(state: State, defender: int, forced: bool) -> Steps:
    state, events = _set_life(state, defender, state.lives[defender] - 1, "")
    return state, [NotBlocked(player_id(defender), state.lives[defender], forced)] + events


def _after_attack(state: State, task: Task) -> Steps:
    found = state.creature(task.uid)
    if (found is not None and found[0] == state.current and state.attacks == 1
            and "frenzy" in effective(state)[task.uid].keywords):
        return replace(state, pending=Pending("frenzy", state.current, uid=task.uid, optional=True)), []
    return replace(state, queue=(Task("end_turn"),) + state.queue), []


def _combat(state: State, attacker_uid: int, blocker_uid: int) -> Steps:
    attacker = state.creature(attacker_uid)
    blocker = state.creature(blocker_uid)
    assert attacker is not None and blocker is not None
    values = effective(state)
    one, two = attacker[1], blocker[1]
    event = Blocked(player_id(blocker[0]), two.card, values[two.uid].power, one.card, values[one.uid].power,
                    _fight_reason(values, two, one), _fight_reason(values, one, two))
    defeated = [c.uid for c, foe in ((one, two), (two, one)) if _fight_result(values, c, foe)]
    state, events = _defeat(state, defeated)
    return state, [event] + events


# --------------------------------------------------------------------------- effects


def _effect_step(state: State, task: Task) -> Steps:
    card = state.cards[task.card]
    effect = traits(card).effects[task.index]
    seat = task.seat
    if effect.when == "play":
        for enemy in state.boards[other(seat)]:
            if any(e.do == "cancel_play_effects" for e in traits(state.cards[enemy.card]).effects):
                return state, [PlayEffectCancelled(card.id, enemy.card)]
    if not _condition_holds(effect, state, seat, task.uid):
        return state, [EffectSkipped(card.id, "condition")]
    return _VERBS[effect.do](state, task, effect)


def _targets(state: State, seat: int, effect: Effect) -> list[Creature]:
    values = effective(state)
    sides = [other(seat)] if effect.target == "enemy_creature" else [seat, other(seat)]
    return [c for side in sides for c in state.boards[side]
            if effect.filter is None or effect.filter.matches(values[c.uid].power, state.cards[c.card].value)]


def _target_names(state: State, pending: Pending) -> list[str]:
    effect = traits(state.cards[pending.card]).effects[pending.index]
    if effect.do == "play_from_discard":
        return list(_discard_source(state, pending.seat, effect))
    return [c.card for c in _targets(state, pending.seat, effect)]


def _discard_source(state: State, seat: int, effect: Effect) -> tuple[str, ...]:
    return state.discards[seat if effect.source == "own_discard" else other(seat)]


def _choose_creatures(state: State, task: Task, effect: Effect) -> Steps:
    candidates = _targets(state, task.seat, effect)
    if not candidates:
        return state, [EffectSkipped(task.card, "no_target")]
    if not isinstance(effect.count, int):
        if effect.do == "defeat":
            return _defeat(state, [c.uid for c in candidates], by=task.card)
        return _take_control(state, task.seat, candidates, task.card)
    if len(candidates) == 1 and not effect.up_to:
        return _resolve_target(state, task.seat, task.card, effect, candidates[0])
    pending = Pending("target", task.seat, task.card, task.index, left=effect.count, optional=effect.up_to)
    return replace(state, pending=pending), []


def _resolve_target(state: State, seat: int, card: str, effect: Effect, creature: Creature) -> Steps:
    if effect.do == "defeat":
        return _defeat(state, [creature.uid], by=card)
    return _take_control(state, seat, [creature], card)


def _take_control(state: State, seat: int, creatures: list[Creature], card: str) -> Steps:
    events: list[Event] = []
    for creature in creatures:
        found = state.creature(creature.uid)
        if found is None or found[0] == seat:
            continue
        state = _remove(state, creature.uid)
        state = replace(state, boards=set_at(state.boards, seat, state.boards[seat] + (found[1],)))
        events.append(ControlTaken(player_id(seat), creature.card, player_id(found[0])))
    return state, events


def _gain_life(state: State, task: Task, effect: Effect) -> Steps:
    seat = task.seat if effect.player == "self" else other(task.seat)
    return _set_life(state, seat, state.lives[seat] + effect.amount, task.card)


def _lose_life(state: State, task: Task, effect: Effect) -> Steps:
    seat = task.seat if effect.player == "self" else other(task.seat)
    return _set_life(state, seat, state.lives[seat] - effect.amount, task.card)


def _life_to(state: State, task: Task, effect: Effect) -> Steps:
    seat = task.seat if effect.player == "self" else other(task.seat)
    to = state.lives[other(seat)] if effect.to == "opponent_life" else effect.to
    if effect.player == "opponent":
        to = min(to, state.lives[seat])  # "drops to": never raises it
    if to == state.lives[seat]:
        return state, [EffectSkipped(task.card, "no_change")]
    return _set_life(state, seat, to, task.card)


def _move_cards(state: State, task: Task, effect: Effect) -> Steps:
    seat = task.seat
    if effect.source == "own_discard":
        pile = state.discards[seat]
        if not pile:
            return state, [EffectSkipped(task.card, "empty_discard")]
        state = replace(state, discards=set_at(state.discards, seat, ()), hands=bump(state.hands, seat, len(pile)),
                        known=set_at(state.known, seat, state.known[seat] + pile))
        return state, [DiscardToHand(player_id(seat), pile)]
    victim = other(seat)
    count = state.hands[victim] if effect.count == "all" else min(effect.count, state.hands[victim])
    if not count:
        return state, [EffectSkipped(task.card, "empty_hand")]
    namer = victim if effect.named_by == "opponent" else seat
    return replace(state, pending=Pending("cards", namer, task.card, task.index, left=count)), []


def _play_from_discard(state: State, task: Task, effect: Effect) -> Steps:
    pile = _discard_source(state, task.seat, effect)
    if not pile:
        return state, [EffectSkipped(task.card, "empty_discard")]
    pending = Pending("target", task.seat, task.card, task.index, left=1)
    if len(set(pile)) == 1:
        return _from_discard(state, pending, effect, pile[0])
    return replace(state, pending=pending), []


def _from_discard(state: State, pending: Pending, effect: Effect, card: str) -> Steps:
    """``card`` leaves the discard pile the effect names and enters the chooser's side (no Mindbug)."""
    source = pending.seat if effect.source == "own_discard" else other(pending.seat)
    rest = list(state.discards[source])
    rest.remove(card)
    state = replace(state, pending=None, discards=set_at(state.discards, source, tuple(rest)))
    state, more = _enter(state, card, pending.seat, source, effect.play_effect)
    return state, [PlayedFromDiscard(player_id(pending.seat), card, player_id(source))] + more


_VERBS: dict[str, Callable[[State, Task, Effect], Steps]] = {
    "defeat": _choose_creatures,
    "take_control": _choose_creatures,
    "gain_life": _gain_life,
    "lose_life": _lose_life,
    "set_life": _life_to,
    "move_cards": _move_cards,
    "play_from_discard": _play_from_discard,
}

_TASKS: dict[str, Callable[[State, Task], Steps]] = {
    "effect": _effect_step,
    "hunt": _hunt_step,
    "block": _block_step,
    "after_attack": _after_attack,
    "end_turn": _end_turn,
    "order": _order_step,
}


def _take_from_hand(state: State, seat: int, card_id: str) -> State:
    """One card leaves ``seat``'s hand: a known card if it is one, else an unseen copy.

    :raises RuleError: ``empty_hand``, ``all_seen`` or ``not_in_hand``.
    """
    if state.hands[seat] == 0:
        raise RuleError("empty_hand", player=player_id(seat))
    known = list(state.known[seat])
    if card_id in known:
        known.remove(card_id)
        foreign = list(state.foreign[seat])
        if card_id in foreign:
            foreign.remove(card_id)
        return replace(state, hands=bump(state.hands, seat, -1), known=set_at(state.known, seat, tuple(known)),
                       foreign=set_at(state.foreign, seat, tuple(foreign)))
    if state.cards[card_id].copies - state.seen(card_id) <= 0:
        raise RuleError("all_seen", card=card_id, copies=state.cards[card_id].copies)
    if state.hands[seat] <= len(known):
        raise RuleError("not_in_hand", card=card_id, player=player_id(seat))
    return replace(state, hands=bump(state.hands, seat, -1))


# --------------------------------------------------------------------------- command handlers


def _creature_card(state: State, card_id: str) -> str:
    if card_id not in state.cards:
        raise RuleError("unknown_card", card=card_id)
    return card_id


def _expect(state: State, *kinds: str | None) -> None:
    """Refuse a command that is not the decision the table waits for."""
    kind = state.pending.kind if state.pending is not None else None
    if kind not in kinds:
        if state.pending is None:
            raise RuleError("no_decision", player=player_id(state.current))
        raise RuleError("decision_pending", player=player_id(state.pending.seat), decision=state.pending.kind)


def _play(state: State, command: Play) -> Steps:
    _expect(state, None)
    card = _creature_card(state, command.card)
    seat = state.current
    owner = other(seat) if card in state.foreign[seat] else seat
    state = _take_from_hand(state, seat, card)
    events: list[Event] = [CardPlayed(player_id(seat), card, state.cards[card].value)]
    state, more = _refill(state, seat)  # "after playing a card, complete your hand at once"
    events += more
    if state.mindbugs[other(seat)] > 0:
        pending = Pending("mindbug", other(seat), card, owner=None if owner == seat else owner)
        return _finish(replace(state, pending=pending), events)
    return _no_mindbug(state, card, events, owner)


def _no_mindbug(state: State, card: str, events: list[Event], owner: int) -> Steps:
    state, more = _enter(replace(state, pending=None), card, state.current, owner, True)
    state = replace(state, queue=state.queue + (Task("end_turn"),))
    return _finish(state, events + more)


def _use_mindbug(state: State, command: UseMindbug) -> Steps:
    _expect(state, "mindbug")
    assert state.pending is not None
    seat, card = state.pending.seat, state.pending.card
    owner = state.current if state.pending.owner is None else state.pending.owner
    state = replace(state, pending=None, mindbugs=bump(state.mindbugs, seat, -1))
    events: list[Event] = [MindbugUsed(player_id(seat), card, state.mindbugs[seat])]
    state, more = _enter(state, card, seat, owner, True)
    state = replace(state, queue=state.queue + (Task("end_turn", extra=True),))
    return _finish(state, events + more)


def _attack(state: State, command: Attack) -> Steps:
    _expect(state, None, "frenzy")
    creature = find_creature(state, _creature_card(state, command.card), player_id(state.current), command.copy)
    if state.pending is not None and creature.uid != state.pending.uid:
        raise RuleError("frenzy_only", card=creature.card)
    second = state.pending is not None
    state = replace(state, pending=None, attacks=state.attacks + 1)
    values = effective(state)
    events: list[Event] = [Attacked(player_id(state.current), creature.card, values[creature.uid].power, second)]
    tasks = tuple(Task("effect", state.current, creature.card, i, creature.uid)
                  for i, e in enumerate(traits(state.cards[creature.card]).effects) if e.when == "attack")
    tasks += (Task("hunt", uid=creature.uid), Task("after_attack", uid=creature.uid))
    return _finish(replace(state, queue=tasks + state.queue), events)


def _decline(state: State, command: Decline) -> Steps:
    pending = state.pending
    if pending is None:
        raise RuleError("no_decision", player=player_id(state.current))
    if pending.kind in ("cards", "order", "draw") or (pending.kind == "target" and not pending.optional):
        raise RuleError("must_choose", player=player_id(pending.seat), decision=pending.kind)
    if pending.kind == "mindbug":
        return _no_mindbug(state, pending.card, [], state.current if pending.owner is None else pending.owner)
    state = replace(state, pending=None)
    if pending.kind == "hunt":
        return _finish(replace(state, queue=(Task("block", uid=pending.uid),) + state.queue), [])
    if pending.kind == "block":
        state, events = _take_hit(state, pending.seat, forced=False)
        return _finish(state, events)
    if pending.kind == "frenzy":
        return _finish(replace(state, queue=(Task("end_turn"),) + state.queue), [])
    return _finish(state, [])  # an "up to" choice: no more


def _defender_choice(state: State, card: str, copy: int, hunted: bool) -> Steps:
    assert state.pending is not None
    attacker_uid = state.pending.uid
    blocker = find_creature(state, _creature_card(state, card), player_id(other(state.current)), copy)
    found = state.creature(attacker_uid)
    assert found is not None
    problem = block_problem(state, effective(state), found[1], blocker, hunted)
    if problem is not None:
        raise RuleError("cannot_block", card=blocker.card, why=problem[0], source=problem[1])
    state = replace(state, pending=None)
    state, events = _combat(state, attacker_uid, blocker.uid)
    if hunted:
        events.insert(0, Hunted(player_id(state.current), blocker.card))
    return _finish(state, events)


def _block(state: State, command: Block) -> Steps:
    _expect(state, "block")
    return _defender_choice(state, command.card, command.copy, hunted=False)


def _hunt(state: State, command: Hunt) -> Steps:
    _expect(state, "hunt")
    return _defender_choice(state, command.card, command.copy, hunted=True)


def _target(state: State, command: Target) -> Steps:
    _expect(state, "target")
    pending = state.pending
    assert pending is not None
    effect = traits(state.cards[pending.card]).effects[pending.index]
    card = _creature_card(state, command.card)
    if command.player is not None:
        seat_of(command.player)
    if effect.do == "play_from_discard":
        pile = _discard_source(state, pending.seat, effect)
        if card not in pile or command.player is not None or command.copy != 1:
            raise RuleError("not_in_discard", card=card)
        return _finish(*_from_discard(state, pending, effect, card))
    creature = find_creature(state, card, command.player, command.copy)
    if creature.uid not in {c.uid for c in _targets(state, pending.seat, effect)}:
        raise RuleError("not_a_target", card=card, source=pending.card)
    state, events = _resolve_target(replace(state, pending=None), pending.seat, pending.card, effect, creature)
    left = pending.left - 1
    if left > 0 and not state.is_over and _targets(state, pending.seat, effect):
        state = replace(state, pending=replace(pending, left=left))
    return _finish(state, events)


def _name_cards(state: State, command: NameCards) -> Steps:
    _expect(state, "cards")
    pending = state.pending
    assert pending is not None
    effect = traits(state.cards[pending.card]).effects[pending.index]
    victim = pending.seat if effect.named_by == "opponent" else other(pending.seat)
    owner_seat = other(victim)  # the player whose creature's effect this is
    named = tuple(_creature_card(state, c) for c in command.cards)
    unnamed_ok = effect.destination == "own_hand" and not named
    if len(named) != pending.left and not unnamed_ok:
        raise RuleError("wrong_count", count=pending.left, given=len(named))
    state = replace(state, pending=None)
    if unnamed_ok:
        state = replace(state, hands=bump(bump(state.hands, victim, -pending.left), owner_seat, pending.left),
                        known=set_at(state.known, victim, ()), foreign=set_at(state.foreign, victim, ()))
        return _finish(state, [CardsTaken(player_id(owner_seat), player_id(victim), pending.left, ())])
    for card in named:  # one at a time: a card moved is seen before the next one is checked
        home = card in state.foreign[victim]  # it came from the taker's deck: it goes back home
        state = _take_from_hand(state, victim, card)
        if effect.destination == "own_hand" and not home:
            state = replace(state, foreign=set_at(state.foreign, owner_seat, state.foreign[owner_seat] + (card,)))
        if effect.destination == "opponent_discard":
            state = replace(state, discards=set_at(state.discards, victim, state.discards[victim] + (card,)))
        else:
            state = replace(state, hands=bump(state.hands, owner_seat, 1),
                            known=set_at(state.known, owner_seat, state.known[owner_seat] + (card,)))
    if effect.destination == "opponent_discard":
        return _finish(state, [CardsDiscarded(player_id(victim), named)])
    return _finish(state, [CardsTaken(player_id(owner_seat), player_id(victim), len(named), named)])


def _first(state: State, command: First) -> Steps:
    """The chosen effect moves to the head of those happening at once; the others are asked about again after it."""
    _expect(state, "order")
    pending = state.pending
    assert pending is not None
    card = _creature_card(state, command.card)
    seat = None if command.player is None else seat_of(command.player)
    together, rest = state.queue[:pending.left], state.queue[pending.left:]
    matching = [i for i, t in enumerate(together) if t.card == card and (seat is None or t.seat == seat)]
    if not matching:
        raise RuleError("not_pending", card=card)
    if len({together[i].seat for i in matching}) > 1:
        raise RuleError("ambiguous_side", card=card)
    chosen = together[matching[0]]
    others = [t for i, t in enumerate(together) if i != matching[0]]
    queue = (chosen,) + _together(state, others) + rest
    return _finish(replace(state, pending=None, queue=queue), [])


def _reveal(state: State, command: Reveal) -> Steps:
    """The higher printed power plays first; on a tie both reveal again (every card revealed stays out, seen)."""
    _expect(state, "draw")
    cards = (_creature_card(state, command.first), _creature_card(state, command.second))
    for card in dict.fromkeys(cards):
        copies = state.cards[card].copies
        if copies - state.seen(card) < cards.count(card):
            raise RuleError("all_seen", card=card, copies=copies)
    state = replace(state, revealed=state.revealed + cards)
    powers = (state.cards[cards[0]].value, state.cards[cards[1]].value)
    if powers[0] == powers[1]:
        return state, [FirstDrawn(cards, powers, ""), _decision_event(state, Pending("draw", 0))]
    seat = 0 if powers[0] > powers[1] else 1
    state = replace(state, pending=None, current=seat)
    return state, [FirstDrawn(cards, powers, player_id(seat)), TurnStarted(player_id(seat), 1, False)]


_HANDLERS: dict[type, Callable[[State, Any], Steps]] = {
    Play: _play,
    Attack: _attack,
    UseMindbug: _use_mindbug,
    Decline: _decline,
    Block: _block,
    Hunt: _hunt,
    Target: _target,
    NameCards: _name_cards,
    First: _first,
    Reveal: _reveal,
}


def apply(state: State, command: Command) -> tuple[State, list[Event]]:
    """The new state and what changed.

    :raises RuleError: the game is over, the command is not the decision awaited, or it breaks a rule.
    """
    return apply_handler(state, command, _HANDLERS, outcome(state),
                         winner=None if state.winner is None else player_id(state.winner))


# --------------------------------------------------------------------------- the contract


def outcome(state: State) -> Outcome | None:
    """Who won and why: the opponent at 0 life, or a player who could not act at the start of their turn."""
    if state.winner is None or state.reason is None:
        return None
    return Outcome(OutcomeKind.WIN, (player_id(state.winner),), state.reason)


def to_act(state: State) -> ToAct | None:
    """Who decides now: the awaited decision's player (Mindbug, block, a choice…), else the active player."""
    if state.is_over:
        return None
    if state.pending is not None:
        return ToAct(player_id(state.pending.seat), state.pending.kind)
    return ToAct(player_id(state.current), "play_or_attack")


def zones(state: State) -> dict[Zone, tuple[str, ...]]:
    """The creatures on each side and the discard piles."""
    found: dict[Zone, tuple[str, ...]] = {}
    for seat in (0, 1):
        found[Zone("board", player_id(seat))] = tuple(c.card for c in state.boards[seat])
        found[Zone("discard", player_id(seat))] = state.discards[seat]
    return found


def _creature_refs(creatures: Iterable[Creature]) -> list[tuple[str, int]]:
    counts: dict[str, int] = {}
    refs = []
    for creature in creatures:
        counts[creature.card] = counts.get(creature.card, 0) + 1
        refs.append((creature.card, counts[creature.card]))
    return refs


def _hand_combinations(state: State, seat: int, count: int) -> list[tuple[str, ...]]:
    """Every list of ``count`` cards that may be in ``seat``'s hand, in every order."""
    unseen = state.unseen()
    names = [c.id for c in state.cards.cards if c.id in state.known[seat] or unseen[c.id] > 0]
    combos: list[tuple[str, ...]] = [()]
    for _ in range(count):
        combos = [combo + (name,) for combo in combos for name in names]
    return combos


def legal_moves(state: State) -> list[Command]:
    """Every command the rules accept now."""
    if state.is_over:
        return []
    pending = state.pending
    kind = pending.kind if pending is not None else None
    candidates: list[Command] = []
    me = state.current
    if kind is None:
        candidates += [Play(c.id) for c in state.cards.cards]
    if kind in (None, "frenzy"):
        candidates += [Attack(card, copy) for card, copy in _creature_refs(state.boards[me])]
    if kind == "mindbug":
        candidates.append(UseMindbug())
    if kind in ("hunt", "block"):
        make = Hunt if kind == "hunt" else Block
        candidates += [make(card, copy) for card, copy in _creature_refs(state.boards[other(me)])]
    if kind == "target":
        candidates += [Target(card, None, copy) for board in state.boards for card, copy in _creature_refs(board)]
        candidates += [Target(card, player_id(seat), copy) for seat in (0, 1)
                       for card, copy in _creature_refs(state.boards[seat])]
        candidates += [Target(card) for pile in state.discards for card in pile]
    if kind == "cards" and pending is not None:
        effect = traits(state.cards[pending.card]).effects[pending.index]
        victim = pending.seat if effect.named_by == "opponent" else other(pending.seat)
        candidates += [NameCards(combo) for combo in _hand_combinations(state, victim, pending.left)]
        candidates.append(NameCards(()))
    if kind == "draw":
        names = [c.id for c in state.cards.cards]
        candidates += [Reveal(one, two) for one in names for two in names]
    if kind == "order" and pending is not None:
        together = state.queue[:pending.left]
        candidates += [First(t.card, player) for t in together for player in (None, player_id(0), player_id(1))]
    candidates.append(Decline())
    return [command for command in dict.fromkeys(candidates) if accepted(apply, state, command)]


RULES: Rules[State, Options] = Rules(
    spec=SPEC,
    options_type=Options,
    commands=COMMANDS,
    new=new,
    apply=apply,
    opening=opening,
    status=status,
    outcome=outcome,
    to_act=to_act,
    public_view=public_view,
    queries=QUERIES,
    zones=zones,
    legal_moves=legal_moves,
    player_ids=numbered_seats,
)
