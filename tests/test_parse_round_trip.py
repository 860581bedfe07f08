"""A game that prints a move as a typed line parses that line back to the same move (issue 21).

Over random games of every game whose parser has ``line_for``, in both languages: every legal move at every
step is printed, parsed in that state, and must come back equal, so the words help and completion offer are
words the parser takes.
"""

from __future__ import annotations

import random

import msgspec
import pytest

from companion.commands.base import Change, Parser
from companion.registry import GAMES, Game

NO_LINE = next(field.default for field in msgspec.structs.fields(Parser) if field.name == "line_for")
PRINTING = [game for game in GAMES if game.parser.line_for is not NO_LINE]
SEEDS = range(3)


def test_some_game_prints_its_moves() -> None:
    """The round trip below checks something: at least one game prints typed lines."""
    assert [game.id for game in PRINTING] == ["love-letter", "the-void"]


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("game", PRINTING, ids=lambda g: g.id)
def test_every_legal_move_printed_parses_back(game: Game, seed: int, lang: str) -> None:
    rng, cards, spec = random.Random(seed), game.cards(), game.spec
    players = spec.min_players + seed % (spec.max_players - spec.min_players + 1)
    names = tuple(f"Name{n}" for n in range(players)) if seed % 2 else ()
    state = game.rules.new(game.rules.options_type(players=players, names=names), cards)
    printed = 0
    for _ in range(150):
        moves = game.rules.legal_moves(state)
        assert moves is not None
        if not moves:
            break
        for move in moves:
            line = game.parser.line_for(move, state, lang)
            if line is None:
                continue
            printed += 1
            assert game.parser.parse(line, state) == Change(move), f"{line!r} in {lang}"
        state, _ = game.rules.apply(state, rng.choice(moves))
    assert printed > 20
