"""The companion's greedy bot against an independent Num-X simulator (benchmarks/num_x_oracle.py, issue 34).

The oracle is written from the rules text and the greedy policy of docs/num-x.en.md, importing nothing from
the companion. On the same deal both must play the same game (the same result and score); on their own deals
their win rates must agree within a 95 % interval.
"""

from __future__ import annotations

import ast
import math
import sys
from pathlib import Path

import pytest

from companion import simulate
from companion.games import num_x as nx
from companion.simulation import num_x_bots as bots, num_x_fast as fast, runner

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"
sys.path.insert(0, str(BENCHMARKS))
import num_x_oracle as oracle  # noqa: E402

# (the companion's options, the oracle's reading): the game as printed, Expert, the calibrated reading
READINGS = [({"players": 2}, {}), ({"players": 3}, {}), ({"players": 5}, {}),
            ({"players": 4, "mode": "expert"}, {"tens": False}),
            ({"players": 3, "actions": "off", "extra": "exact"}, {"actions": False, "exact": True})]


def test_the_oracle_imports_nothing_from_the_companion() -> None:
    tree = ast.parse((BENCHMARKS / "num_x_oracle.py").read_text(encoding="utf-8"))
    imported = {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
    imported |= {node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    assert imported <= {"__future__", "math", "random", "sys", "dataclasses"}, imported


def test_the_oracle_deals_the_box_as_the_rules_text_counts_it() -> None:
    assert len(oracle.box(2, True)) == 93 and len(oracle.box(3, True)) == 96 and len(oracle.box(5, False)) == 85


@pytest.mark.parametrize(("values", "reading"), READINGS)
def test_on_the_same_deal_both_greedy_bots_play_the_same_game(values: dict[str, object], reading: dict[str, bool]) -> None:
    """Game for game: any difference of rules or of policy shows as a different result or score."""
    table = fast.Table.of(nx.Options(**values), simulate._cards())  # type: ignore[arg-type]
    for seed in range(40):
        g = fast.deal(table, seed)
        hands = [[oracle.card(table.ids[c]) for c in hand] for hand in g.hands]
        mine = bots.play(table, seed, bots.greedy)
        rules = {k: v for k, v in reading.items() if k != "actions"}  # the deal says which cards are in
        theirs = oracle.finish(oracle.dealt(hands, [oracle.card(table.ids[c]) for c in g.deck], **rules))
        assert (mine.won, mine.score, mine.total) == (theirs.won, theirs.score, theirs.total), seed


def test_on_their_own_deals_the_win_rates_agree_within_the_interval() -> None:
    """The oracle's own shuffle and seeds: the two rates' difference is within its 95 % interval."""
    games = 300
    theirs = oracle.wins(3, games) / games
    mine = sum(r.won for r in runner.run([{"players": 3}], games, "greedy", 1, 1).results[0]) / games
    pooled = (theirs + mine) / 2
    assert abs(theirs - mine) <= 1.96 * math.sqrt(2 * pooled * (1 - pooled) / games), (theirs, mine)
    assert 0.4 < mine < 0.7  # the game as printed at 3 players, about 55 %
