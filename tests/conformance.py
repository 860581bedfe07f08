"""The rules of the game contract, as checks any game can be put through.

Each check raises ``AssertionError`` with what broke. ``tests/test_conformance.py``
runs them over every registered game, and over a deliberately broken game to
show that they can fail.
"""

from __future__ import annotations

import copy
import json
import pickle
import random
import re
from dataclasses import dataclass, field
from typing import Any

import msgspec

from companion.cards import CardSet
from companion.commands.base import Vocabulary
from companion.games.base import Command, Event, RuleError, Rules, TurnModel
from companion.render import Context, Renderer, Settings

#: The keys of ``public_view`` a spec's ``progress`` may name (read by companion/saves.py and companion/review.py).
PROGRESS_KEYS = ("round", "turn")
#: Answers the user asked for (lists), and a card's own effect text read when it is played.
EXEMPT_FROM_LENGTH = frozenset({"status", "played", "unseen", "card_effect"})
#: A sentence that still holds a ``{field}`` lost a value on the way.
MISSING_FIELD = re.compile(r"{\w*}")


@dataclass
class Playthrough:
    """One random game: every state visited, the commands applied, what they said, the codes refused."""

    states: list[Any]
    commands: list[Command] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    refusals: dict[str, dict[str, Any]] = field(default_factory=dict)  # code → the details of one refusal

    @property
    def final(self) -> Any:
        return self.states[-1]


def play_randomly(rules: Rules[Any, Any], options: Any, cards: CardSet, seed: int, max_steps: int = 3000) -> Playthrough:
    """Play legal moves chosen at random until the game ends, checking the contract at every step.

    At each step a command that was legal at some earlier step is also tried:
    ``apply`` accepts it exactly when ``legal_moves`` lists it, and a refusal
    leaves the state as it was (its pickled bytes, else equal to a copy taken before).
    """
    rng = random.Random(seed)
    rules = _moves_listed_once(rules)
    state = rules.new(options, cards)
    run = Playthrough([state], events=list(rules.opening(state)))
    pool: list[Command] = []
    progress = None
    for _ in range(max_steps):
        moves = rules.legal_moves(state)
        assert moves is not None, "the conformance suite needs legal_moves"
        check_state(rules, state, moves)
        check_legal_commands(rules, state, moves)
        progress = check_progress(rules, state, progress)
        if not moves:
            break
        pool.extend(moves)
        other = rng.choice(pool)
        before = _Before.of(rules, state)
        _try_other(rules, state, other, moves, run, before)
        _try_other(rules, state, _perturbed(other, rng), moves, run, before)
        command = rng.choice(moves)
        state, events = rules.apply(state, command)
        run.states.append(state)
        run.commands.append(command)
        run.events.extend(events)
    else:
        raise AssertionError(f"seed {seed}: no end after {max_steps} random legal moves")
    return run


def _moves_listed_once(rules: Rules[Any, Any]) -> Rules[Any, Any]:
    """``rules`` whose ``legal_moves`` lists a state's moves once, however often it is asked for that state.

    The rules are pure, so asking again can only repeat the list: the derived ``legal_commands`` (read off
    ``legal_moves`` by ``Rules.commands_of_moves``) still runs on every state, without listing every move again.
    A game's own ``legal_commands`` is kept as it is.
    """
    listed: list[Any] = [None, None]  # the state (kept alive, so that its id is never another's) and its moves

    def legal_moves(state: Any) -> list[Command] | None:
        if listed[0] is not state:
            listed[:] = [state, rules.legal_moves(state)]
        moves: list[Command] | None = listed[1]
        return None if moves is None else list(moves)

    return msgspec.structs.replace(rules, legal_moves=legal_moves)


def _perturbed(command: Command, rng: random.Random) -> Command:
    """``command`` with one whole-number field moved a little: most often a command the rules refuse."""
    numbers = [name for name in command.__struct_fields__ if isinstance(getattr(command, name), int)]
    if not numbers:
        return command
    name = rng.choice(numbers)
    return msgspec.structs.replace(command, **{name: getattr(command, name) + rng.choice((-1, 1, 5))})


@dataclass(frozen=True)
class _Before:
    """A state before a command is tried: its pickled bytes (a deep copy if it does not pickle), its public view."""

    state: bytes | Any
    view: Any

    @classmethod
    def of(cls, rules: Rules[Any, Any], state: Any) -> _Before:
        try:
            kept: bytes | Any = pickle.dumps(state)
        except (pickle.PicklingError, TypeError, AttributeError):
            kept = copy.deepcopy(state)
        return cls(kept, copy.deepcopy(rules.public_view(state)))

    def unchanged(self, rules: Rules[Any, Any], state: Any) -> bool:
        """The same bytes: nothing changed, not even a field left out of ``==``. Other bytes (a cache filled, a set
        built in another order) are no proof of a change: then the state must still equal the one before."""
        if isinstance(self.state, bytes):
            same = pickle.dumps(state) == self.state or state == pickle.loads(self.state)
        else:
            same = state == self.state
        return same and rules.public_view(state) == self.view


def _try_other(rules: Rules[Any, Any], state: Any, command: Command, moves: list[Command], run: Playthrough,
               before: _Before) -> None:
    try:
        rules.apply(state, command)
    except RuleError as error:
        assert command not in moves, f"{command!r} is listed as legal but refused ({error.code})"
        assert before.unchanged(rules, state), f"refusing {command!r} changed the state"
        run.refusals.setdefault(error.code, error.details)
        return
    assert command in moves, f"{command!r} is accepted but not listed by legal_moves"


def check_state(rules: Rules[Any, Any], state: Any, moves: list[Command]) -> None:
    """``outcome`` is set exactly when nothing can be done, and ``to_act`` agrees with it."""
    outcome = rules.outcome(state)
    to_act = rules.to_act(state)
    if outcome is not None:
        assert not moves, f"the game is over ({outcome}) but {moves[0]!r} is still accepted"
        assert to_act is None, f"the game is over but {to_act} must act"
        return
    assert moves, "the game is not over, yet no command is accepted"
    assert to_act is not None, "the game is not over, yet nobody must act"
    if rules.spec.turn_model is TurnModel.SEQUENTIAL:
        assert to_act.player in rules.player_ids(state), f"{to_act.player!r} is not a player of this game"
    else:
        assert to_act.player is None, "in a real-time game anyone may act"
    status = rules.status(state)
    assert status.name == "status"
    assert rules.queries["status"](state, {}) == [status], "the status query is not the rules' status"
    json.dumps(status.fields())
    json.dumps(rules.public_view(state))


def check_legal_commands(rules: Rules[Any, Any], state: Any, moves: list[Command]) -> None:
    """``legal_commands`` (F4, help) names exactly the commands of ``legal_moves`` (completion, bots)."""
    offered = rules.legal_commands(state)
    accepted = [name for name in rules.commands if name in {move.name for move in moves}]
    assert sorted(offered) == sorted(accepted), f"legal_commands offers {offered}, the rules accept {accepted}"


def check_progress(rules: Rules[Any, Any], state: Any, before: int | None) -> int | None:
    """The spec's ``progress`` key of ``public_view`` is a whole number that never goes down (saves, review).

    A game that declares none has neither ``round`` nor ``turn`` as a number there.
    """
    view = rules.public_view(state)
    key = rules.spec.progress
    if key is None:
        assert not any(isinstance(view.get(k), int) for k in PROGRESS_KEYS), \
            "public_view counts rounds or turns, but the spec declares no progress"
        return None
    value = view.get(key)
    assert isinstance(value, int) and not isinstance(value, bool), f"public_view has no whole number {key!r}"
    assert before is None or value >= before, f"{key} went down from {before} to {value}"
    return value


def check_options_declared_once(rules: Rules[Any, Any]) -> None:
    """The ``Options`` defaults are the spec's: its players and every rules option (the CLI, saves and rules agree)."""
    defaults = rules.options_type()
    spec = rules.spec
    assert defaults.players == spec.default_players, \
        f"Options.players is {defaults.players}, the spec says {spec.default_players}"
    for option in spec.options:
        if option.scope == "rules":
            value = getattr(defaults, option.name)
            assert value == option.default, f"Options.{option.name} is {value!r}, its OptionSpec says {option.default!r}"


def check_new_refuses_options(rules: Rules[Any, Any], cards: CardSet) -> None:
    """``new`` refuses what the spec does not allow: a player too many, a value outside an option's choices or range."""
    spec = rules.spec
    wrong: list[tuple[str, dict[str, Any]]] = [("bad_players", {"players": spec.max_players + 1})]
    for option in spec.options:
        if option.scope == "rules" and option.choices:
            wrong.append(("bad_option", {option.name: "not-a-choice"}))
        elif option.scope == "rules" and option.high is not None:
            wrong.append(("bad_option", {option.name: option.high + 1}))
    for code, values in wrong:
        options = rules.options_type(**values)
        try:
            rules.new(options, cards)
        except RuleError as error:
            assert error.code == code, f"new({values}) refused with {error.code}, not {code}"
            continue
        raise AssertionError(f"new({values}) is accepted: the spec does not allow it")


def check_replay(rules: Rules[Any, Any], options: Any, cards: CardSet, run: Playthrough) -> None:
    """The journal's form of each command (JSON, then back) replays to an equal state."""
    state = rules.new(options, cards)
    for command in run.commands:
        line = json.loads(json.dumps(command.to_json()))
        rebuilt = rules.command_from(line)
        assert rebuilt == command, f"{command!r} comes back from the journal as {rebuilt!r}"
        state, _ = rules.apply(state, rebuilt)
    assert state == run.final, "replaying the journal gives another state"
    assert rules.public_view(state) == rules.public_view(run.final)


#: The most words an announced sentence may have (about 5 s of speech at the default rate).
MAX_WORDS = 15
SENTENCE_END = re.compile(r"(?<=[.!?])\s+")


def long_sentences(text: str) -> list[str]:
    """The sentences of ``text`` over `MAX_WORDS` words (punctuation alone, such as French " : ", is no word)."""
    return [s for s in SENTENCE_END.split(text) if sum(1 for w in s.split() if any(c.isalnum() for c in w)) > MAX_WORDS]


def check_sentences(renderer: Renderer, cards: CardSet, vocabulary: Vocabulary, events: list[Event],
                    refusals: dict[str, dict[str, Any]], names: tuple[str, ...] = ()) -> list[str]:
    """Every event and refusal renders to a sentence in French and in English with no ``{field}`` left, short.

    Each sentence of an event or a refusal has at most `MAX_WORDS` words, except the
    answers the user asked for (lists: status, played, unseen…) and a card's own
    effect text (the card file's words, which a referee may edit).
    """
    said: list[str] = []
    for lang in ("fr", "en"):
        ctx = Context(Settings(lang), cards, renderer.domain, names, vocabulary)
        for event in {type(e): e for e in events}.values():
            text = renderer.render(event, ctx)
            assert text.strip(), f"{event.name} renders to nothing in {lang}"
            assert not MISSING_FIELD.search(text), f"{event.name} in {lang}: {text}"
            if event.name not in EXEMPT_FROM_LENGTH:
                assert not long_sentences(text), f"{event.name} in {lang} is too long: {long_sentences(text)[0]}"
            said.append(text)
        for code, details in refusals.items():
            text = renderer.render_error(code, details, ctx)
            assert text.strip() and not MISSING_FIELD.search(text), f"refusal {code} in {lang}: {text!r}"
            assert not long_sentences(text), f"refusal {code} in {lang} is too long: {long_sentences(text)[0]}"
            said.append(text)
    return said
