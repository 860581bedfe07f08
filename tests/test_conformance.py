"""One conformance suite over every registered game (a new game joins it by its registry line).

Random legal play to the end over many seeded games; the journal replays to an
equal state; a refused command changes nothing; ``apply`` accepts exactly what
``legal_moves`` lists; ``outcome`` is set exactly when the game is over and
``to_act`` agrees; every event and refusal met renders in French and English.
A deliberately broken game shows that each check can fail.
"""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path
from typing import Any

import pytest

from companion.registry import GAMES, Game
from companion.games.base import (
    Command, Event, GameSpec, Kind, Outcome, OutcomeKind, RuleError, Rules, ToAct, TurnModel, fields_of,
)
from companion.render import Context, Renderer, Settings
from tests.conformance import check_replay, check_sentences, check_state, play_randomly

SEEDS = range(12)
ROOT = Path(__file__).resolve().parent.parent


def _options(game: Game, seed: int) -> Any:
    """A table of every size the game allows, with given names on some seeds."""
    spec = game.spec
    players = spec.min_players + seed % (spec.max_players - spec.min_players + 1)
    names = tuple(f"Name{n}" for n in range(players)) if seed % 3 == 0 else ()
    return game.rules.options_type(players=players, names=names)


@pytest.fixture(scope="module", params=GAMES, ids=lambda g: g.id)
def game(request: pytest.FixtureRequest) -> Game:
    found: Game = request.param
    return found


@pytest.mark.parametrize("seed", SEEDS)
def test_random_legal_play_ends_and_replays(game: Game, seed: int) -> None:
    cards = game.cards()
    options = _options(game, seed)
    run = play_randomly(game.rules, options, cards, seed)
    assert game.rules.outcome(run.final) is not None
    check_replay(game.rules, options, cards, run)
    check_sentences(game.renderer, cards, game.parser.vocabulary, run.events, run.refusals, options.names)


def test_every_refusal_code_of_the_rules_has_its_own_sentence(game: Game) -> None:
    """Each ``RuleError("code")`` the rules core can raise is explained by the game, not by the generic fallback."""
    sources = (ROOT / "companion" / "games" / (game.module.rsplit(".", 1)[1] + ".py")).read_text(encoding="utf-8")
    calls = re.findall(r'RuleError\(\s*"(\w+)"([^\n]*)', sources)
    codes = {code for code, _ in calls} | {"unknown_command", "unknown_player", "unknown_card"}
    keys = {key for _, rest in calls for key in re.findall(r"(\w+)=", rest)}
    cards = game.cards()
    state = game.rules.new(game.rules.options_type(players=game.spec.max_players), cards)
    players = game.rules.player_ids(state)
    card_ids = tuple(c.id for c in cards.cards)
    plain = {"player": players[-1], "target": players[-1], "card": card_ids[0], "named": card_ids[-1],
             "missing": card_ids[:2], "candidates": card_ids[:2], "waiting": tuple(players[:2]),
             "winners": tuple(players[:1]), "values": (1, 2), "fitting": card_ids[:2], "text": "xyz", "tie": "all",
             "loser": "hero", "command": "play"}
    details = {key: plain.get(key, 1) for key in keys | set(plain)}
    for lang in ("fr", "en"):
        ctx = Context(Settings(lang), cards, game.renderer.domain, (), game.parser.vocabulary)
        for code in sorted(codes):
            text = game.renderer.render_error(code, details, ctx)
            assert text and f"({code})" not in text, f"{game.id}: {code} gets the generic refusal ({lang})"
            assert not re.search(r"{\w*}", text), f"{game.id}: {code} in {lang}: {text}"


def test_the_spec_declares_what_the_cli_and_the_save_file_use(game: Game) -> None:
    spec = game.spec
    assert spec.min_players <= spec.default_players <= spec.max_players
    assert set(spec.names) >= {"fr", "en"}
    fields = {f.name for f in dataclasses.fields(game.rules.options_type)}
    assert {"players", "names"} <= fields
    for option in spec.options:
        assert (option.name in fields) == (option.scope == "rules"), option.name
        assert option.check(option.default) == option.default
    assert game.rules.queries.get("status") is not None


# --------------------------------------------------------------------------- a broken game: the checks can fail


@dataclasses.dataclass(frozen=True)
class _Options:
    players: int = 2
    names: tuple[str, ...] = ()


@dataclasses.dataclass(frozen=True)
class _State:
    count: int
    log: list[int]  # mutable on purpose: the broken rules below change it while refusing


@dataclasses.dataclass(frozen=True)
class _Add(Command):
    name = "add"
    amount: int


@dataclasses.dataclass(frozen=True)
class _Said(Event):
    name = "said"
    count: int


@dataclasses.dataclass(frozen=True)
class _Status(Event):
    name = "status"
    count: int


def _broken_rules(**faults: bool) -> Rules[_State, _Options]:
    import enum

    class Reason(enum.Enum):
        TEN = "ten"

    def apply(state: _State, command: Command) -> tuple[_State, list[Event]]:
        assert isinstance(command, _Add)
        if faults.get("mutates") and command.amount == 2:
            state.log.append(2)  # a refusal that changes the state
        if command.amount != 1 or (state.count >= 10 and not faults.get("plays_after_end")):
            raise RuleError("bad_amount")
        return _State(state.count + 1, list(state.log)), [_Said(state.count + 1)]

    def outcome(state: _State) -> Outcome | None:
        if state.count >= 10:
            return Outcome(OutcomeKind.COOPERATIVE_WIN, ("p1", "p2"), Reason.TEN)
        return None

    def to_act(state: _State) -> ToAct | None:
        if outcome(state) is not None and not faults.get("acts_after_end"):
            return None
        return ToAct("p1", "add")

    def legal_moves(state: _State) -> list[Command]:
        if state.count >= 10 and not faults.get("plays_after_end"):
            return []
        moves: list[Command] = [_Add(1)]
        return moves + ([_Add(2)] if faults.get("lists_refused") else [])

    spec = GameSpec(id="broken", names={"fr": "Cassé", "en": "Broken"}, aliases=(), min_players=2, max_players=2,
                    default_players=2, kind=Kind.COOPERATIVE, turn_model=TurnModel.SEQUENTIAL, hidden=(), domain="core")
    return Rules(spec=spec, options_type=_Options, commands={"add": _Add}, new=lambda o, c: _State(0, []),
                 apply=apply, opening=lambda s: [], status=lambda s: _Status(s.count), outcome=outcome, to_act=to_act,
                 legal_commands=lambda s: ["add"], public_view=lambda s: {"count": s.count, "outcome": fields_of(outcome(s))},
                 queries={}, legal_moves=legal_moves, player_ids=lambda s: ["p1", "p2"])


def test_a_sound_fake_game_passes() -> None:
    rules = _broken_rules()
    run = play_randomly(rules, _Options(), None, seed=1)  # type: ignore[arg-type]
    assert rules.outcome(run.final) is not None and len(run.commands) == 10


@pytest.mark.parametrize(("fault", "message"), [
    ("mutates", "changed the state"),
    ("plays_after_end", "still accepted"),
    ("acts_after_end", "must act"),
    ("lists_refused", "listed as legal but refused"),
])
def test_the_suite_catches_a_broken_game(fault: str, message: str) -> None:
    rules = _broken_rules(**{fault: True})
    with pytest.raises(AssertionError, match=message):
        for seed in range(20):
            play_randomly(rules, _Options(), None, seed=seed, max_steps=60)  # type: ignore[arg-type]


def test_the_suite_catches_a_lost_field_and_a_bad_replay() -> None:
    renderer = Renderer(domain="core", events={_Said: lambda e, ctx: "Count: {count}."})
    from companion.commands.base import Vocabulary

    with pytest.raises(AssertionError, match="said"):
        check_sentences(renderer, None, Vocabulary.common(), [_Said(1)], {})  # type: ignore[arg-type]
    rules = _broken_rules()
    run = play_randomly(rules, _Options(), None, seed=2)  # type: ignore[arg-type]
    run.states[-1] = _State(99, [])
    with pytest.raises(AssertionError, match="another state"):
        check_replay(rules, _Options(), None, run)  # type: ignore[arg-type]
    with pytest.raises(AssertionError, match="nobody must act"):
        check_state(dataclasses.replace(rules, to_act=lambda s: None), _State(0, []), [_Add(1)])
