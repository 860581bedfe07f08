"""The contract's requirements are typed (mypy finds a state without its cards) or gone (issue 32).

Adding a game had three requirements only a traceback revealed: a card file, a state carrying ``cards``, and
that field compared by identity (``compare=False``). Now the state's ``cards`` is the `GameState` bound of
`Rules`, a game with no card file gets an empty card set, and card sets compare by value.
"""

from __future__ import annotations

import sys
import textwrap
import types
from pathlib import Path

import msgspec
import pytest

from companion.cards import CardSet
from companion.commands.base import ParseError, Vocabulary, parse_common
from companion.games.base import GameSpec, Kind, TurnModel
from companion.registry import GAMES, Game

ROOT = Path(__file__).resolve().parent.parent

NO_CARDS = """
    from __future__ import annotations

    from typing import Any

    import msgspec

    from companion.games.base import Command, Event, GameSpec, Kind, Rules, TurnModel


    class State(msgspec.Struct, frozen=True):
        count: int


    class Options(msgspec.Struct, frozen=True):
        players: int = 2
        names: tuple[str, ...] = ()


    class Said(Event, frozen=True):
        name = "said"


    SPEC = GameSpec(id="x", names={"fr": "X", "en": "X"}, aliases=(), min_players=2, max_players=2,
                    default_players=2, kind=Kind.COOPERATIVE, turn_model=TurnModel.SEQUENTIAL, hidden=(),
                    domain="core")


    def new(options: Options, cards: Any) -> State:
        return State(0)


    def apply(state: State, command: Command) -> tuple[State, list[Event]]:
        return state, []


    RULES: Rules[State, Options] = Rules(
        spec=SPEC, options_type=Options, commands={}, new=new, apply=apply, opening=lambda s: [],
        status=lambda s: Said(), outcome=lambda s: None, to_act=lambda s: None, public_view=lambda s: {})
"""


@pytest.mark.timeout(240)
def test_mypy_finds_a_state_without_its_cards(tmp_path: Path) -> None:
    from mypy import api

    module = tmp_path / "no_cards_game.py"
    module.write_text(textwrap.dedent(NO_CARDS), encoding="utf-8")
    out, err, status = api.run(["--strict", "--follow-imports=silent", "--cache-dir", str(ROOT / ".mypy_cache"),
                                "--no-error-summary", str(module)])
    assert status == 1, out + err
    assert "GameState" in out and "no_cards_game.py" in out, out
    fixed = module.read_text(encoding="utf-8").replace("    count: int\n", "    count: int\n    cards: Any = None\n", 1)
    module.write_text(fixed, encoding="utf-8")
    out, err, status = api.run(["--strict", "--follow-imports=silent", "--cache-dir", str(ROOT / ".mypy_cache"),
                                "--no-error-summary", str(module)])
    assert status == 0, out + err


def test_a_game_with_no_card_file_gets_an_empty_card_set(monkeypatch: pytest.MonkeyPatch) -> None:
    spec = GameSpec(id="no-cards", names={"fr": "Sans cartes", "en": "No cards"}, aliases=(), min_players=2,
                    max_players=2, default_players=2, kind=Kind.COOPERATIVE, turn_model=TurnModel.SEQUENTIAL,
                    hidden=(), domain="core")
    module = types.ModuleType("companion_no_cards_game")
    module.SPEC = spec  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, module.__name__, module)
    cards = Game(module.__name__).cards()
    assert cards.cards == () and cards.game == "no-cards"
    with pytest.raises(ParseError) as caught:
        parse_common("card", ["ace"], cards, Vocabulary.common())
    assert caught.value.code == "no_cards"


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_a_state_with_its_card_file_loaded_again_equals_the_saved_one(game: Game) -> None:
    """No ``compare=False`` needed: card sets loaded twice from one file are equal (and hash alike)."""
    from companion import cards

    first = game.cards()
    cards._LOADED.clear()  # decoded again, as in another process (one process keeps the cards of an unchanged file)
    again = game.cards()
    assert first is not again and first == again and hash(first) == hash(again)

    class Plain(msgspec.Struct, frozen=True):
        cards: CardSet
        count: int

    assert Plain(first, 1) == Plain(again, 1) != Plain(again, 2)
    options = game.rules.options_type(players=game.spec.default_players)
    assert game.rules.new(options, first) == game.rules.new(options, again)


class _Seat(msgspec.Struct, frozen=True):
    lives: int
    hand: tuple[str, ...] = ()


class _StructState(msgspec.Struct, frozen=True):
    cards: CardSet
    seats: tuple[_Seat, ...]
    turn: int


class _StructOptions(msgspec.Struct, frozen=True):
    players: int = 2
    names: tuple[str, ...] = ()
    speed: str = "slow"


def test_a_game_whose_state_and_options_are_structs_checkpoints_and_saves_them() -> None:
    """A game's ``State`` and ``Options`` are Structs: the checkpoint and the save's options read them, in field
    order, without the card set (issue 34)."""
    from companion.games.base import options_to_json
    from companion.games.state_json import state_from_json, state_to_json
    from companion.structs import field_names

    cards = CardSet.empty("x", {"en": "X"})
    state = _StructState(cards, (_Seat(3, ("ace",)), _Seat(2)), 1)
    saved = msgspec.json.decode(msgspec.json.encode(state_to_json(state)))  # as the checkpoint line holds it
    assert saved == {"seats": [{"lives": 3, "hand": ["ace"]}, {"lives": 2, "hand": []}], "turn": 1}
    assert state_from_json(saved, _StructState, cards) == state
    with pytest.raises(ValueError, match="not a state of _StructState"):
        state_from_json({"seats": [{"lives": "3"}], "turn": 1}, _StructState, cards)
    assert options_to_json(_StructOptions(names=("Ann", "Bob"))) == {"players": 2, "names": ["Ann", "Bob"], "speed": "slow"}
    assert field_names(_StructOptions) == field_names(_StructOptions()) == ("players", "names", "speed")
