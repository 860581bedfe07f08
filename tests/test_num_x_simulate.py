"""The simulator (companion/simulate.py): bots play whole Num-X games on the rules core, seeded and repeatable."""

from __future__ import annotations

import pytest

from companion import simulate
from companion.games import num_x as nx


@pytest.mark.parametrize("bot", ["greedy", "planner"])
@pytest.mark.parametrize("values", [{"players": 2}, {"players": 5, "mode": "expert"}, {"players": 3, "mode": "adversaire"},
                                    {"players": 4, "mode": "decouverte", "actions": "off", "start": "open"}])
def test_bots_finish_games_with_the_core_counts(bot: str, values: dict[str, object]) -> None:
    result = simulate.play_num_x(nx.Options(**values), 7, simulate._BOTS[bot])  # type: ignore[arg-type]
    assert 0 <= result.score <= result.total and result.players == values["players"]


def test_the_same_seed_gives_the_same_game() -> None:
    options = nx.Options(players=3)
    first = [simulate.play_num_x(options, seed, simulate.greedy) for seed in range(5)]
    again = [simulate.play_num_x(options, seed, simulate.greedy) for seed in range(5)]
    assert first == again
    assert len({(r.score, r.turns) for r in first}) > 1


def test_two_processes_give_the_same_results_as_one() -> None:
    one = simulate.run({"players": 2}, 12, "greedy", seed=3, workers=1)
    two = simulate.run({"players": 2}, 12, "greedy", seed=3, workers=2)
    assert one == two and len(one) == 12


def test_a_won_game_placed_every_card() -> None:
    results = simulate.run({"players": 2}, 40, "greedy", seed=1, workers=1)
    won = [r for r in results if r.won]
    assert won and all(r.score == r.total for r in won)
    assert all(r.score < r.total for r in results if not r.won)


def test_wilson_interval() -> None:
    low, high = simulate.wilson(52, 100)
    assert 42.3 < low < 42.4 and 61.5 < high < 61.6
    assert simulate.wilson(0, 10)[0] == 0.0


def test_distance_to_the_text_table() -> None:
    rows = [simulate.Row(2, 100, 52, 80.0, 93), simulate.Row(3, 100, 49, 80.0, 96)]
    assert simulate.distance(rows) == pytest.approx((0 + 9.5 ** 2) ** 0.5 / 2 ** 0.5)


def test_settings_are_checked_against_the_spec() -> None:
    assert simulate.parse_settings(["mode=expert", "lock=off"]) == {"mode": "expert", "lock": "off"}
    with pytest.raises(ValueError):
        simulate.parse_settings(["lock=maybe"])
    with pytest.raises(ValueError):
        simulate.parse_settings(["players=3"])


def test_the_cli_prints_the_table_beside_the_text(capsys: pytest.CaptureFixture[str]) -> None:
    from companion.cli import main

    assert main(["simulate", "num-x", "--games", "10", "--players", "2", "--workers", "1", "--lang", "en"]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    assert len(out) == 1 and out[0].startswith("2 players: ") and out[0].endswith("Rules text: 52.0 %.")
    assert main(["simulate", "num-x", "--set", "nothing=1", "--lang", "fr"]) == 2
    assert "n'est pas une option de Num-X" in capsys.readouterr().out
