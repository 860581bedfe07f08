"""One conformance suite over every registered game (a new game joins it by its registry line).

Random legal play to the end over many seeded games; the journal replays to an
equal state; a refused command changes nothing; ``apply`` accepts exactly what
``legal_moves`` lists; ``outcome`` is set exactly when the game is over and
``to_act`` agrees; every event and refusal met renders in French and English.
A deliberately broken game shows that each check can fail.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import msgspec
import pytest

from companion.registry import GAMES, Game
from companion.games.base import (
    Command, Event, GameSpec, Kind, OptionSpec, Outcome, OutcomeKind, RuleError, Rules, ToAct, TurnModel, check_options,
    fields_of,
)
from companion.structs import field_names
from companion.render import Context, Renderer, Settings
from tests.conformance import (
    check_new_refuses_options, check_options_declared_once, check_replay, check_sentences, check_state, play_randomly,
)

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
    fields = set(field_names(game.rules.options_type))
    assert {"players", "names"} <= fields
    for option in spec.options:
        assert (option.name in fields) == (option.scope == "rules"), option.name
        assert option.check(option.default) == option.default
    assert game.rules.queries.get("status") is not None
    check_options_declared_once(game.rules)


def test_new_refuses_what_the_spec_does_not_allow(game: Game) -> None:
    check_new_refuses_options(game.rules, game.cards())


# --------------------------------------------------------------------------- a broken game: the checks can fail


class _Options(msgspec.Struct, frozen=True):
    players: int = 2
    names: tuple[str, ...] = ()
    speed: str = "slow"


class _State(msgspec.Struct, frozen=True):
    count: int
    log: list[int]  # mutable on purpose: the broken rules below change it while refusing


class _Add(Command, frozen=True):
    name = "add"
    amount: int


class _Said(Event, frozen=True):
    name = "said"
    count: int


class _Status(Event, frozen=True):
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

    def new(options: _Options, cards: Any) -> _State:
        if not faults.get("new_unchecked"):
            check_options(spec, options)
        return _State(0, [])

    def public_view(state: _State) -> dict[str, Any]:
        turn = 5 - state.count if faults.get("progress_down") else state.count
        return {"count": state.count, "outcome": fields_of(outcome(state)),
                **({} if faults.get("progress_missing") else {"turn": turn})}

    def legal_moves(state: _State) -> list[Command]:
        if state.count >= 10 and not faults.get("plays_after_end"):
            return []
        moves: list[Command] = [_Add(1)]
        return moves + ([_Add(2)] if faults.get("lists_refused") else [])

    speed = OptionSpec("speed", str, "fast" if faults.get("default_twice") else "slow", "speed", choices=("slow", "fast"))
    spec = GameSpec(id="broken", names={"fr": "Cassé", "en": "Broken"}, aliases=(), min_players=2, max_players=2,
                    default_players=2, kind=Kind.COOPERATIVE, turn_model=TurnModel.SEQUENTIAL, hidden=(), domain="core",
                    options=(speed,), progress="turn")
    hand_kept = {"legal_commands": lambda s: ["add", "next"]} if faults.get("offers_refused") else {}
    return Rules(spec=spec, options_type=_Options, commands={"add": _Add}, new=new,
                 apply=apply, opening=lambda s: [], status=lambda s: _Status(s.count), outcome=outcome, to_act=to_act,
                 public_view=public_view, legal_moves=legal_moves, player_ids=lambda s: ["p1", "p2"], **hand_kept)


def test_a_sound_fake_game_passes() -> None:
    rules = _broken_rules()
    run = play_randomly(rules, _Options(), None, seed=1)  # type: ignore[arg-type]
    assert rules.outcome(run.final) is not None and len(run.commands) == 10


@pytest.mark.parametrize(("fault", "message"), [
    ("mutates", "changed the state"),
    ("plays_after_end", "still accepted"),
    ("acts_after_end", "must act"),
    ("lists_refused", "listed as legal but refused"),
    ("offers_refused", "legal_commands offers"),
    ("progress_missing", "no whole number 'turn'"),
    ("progress_down", "turn went down"),
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
        check_state(msgspec.structs.replace(rules, to_act=lambda s: None), _State(0, []), [_Add(1)])


def test_the_contract_supplies_status_and_legal_commands() -> None:
    rules = _broken_rules()
    state = rules.new(_Options(), None)  # type: ignore[arg-type]
    assert rules.queries["status"](state, {}) == [_Status(0)]
    assert rules.legal_commands(state) == ["add"]
    assert msgspec.structs.replace(rules, legal_moves=lambda s: []).legal_commands(state) == []  # a copy reads its own moves


def test_the_suite_catches_a_default_declared_twice_and_an_unchecked_new() -> None:
    check_options_declared_once(_broken_rules())
    with pytest.raises(AssertionError, match="Options.speed is 'slow', its OptionSpec says 'fast'"):
        check_options_declared_once(_broken_rules(default_twice=True))
    check_new_refuses_options(_broken_rules(), None)  # type: ignore[arg-type]
    with pytest.raises(AssertionError, match="is accepted: the spec does not allow it"):
        check_new_refuses_options(_broken_rules(new_unchecked=True), None)  # type: ignore[arg-type]
