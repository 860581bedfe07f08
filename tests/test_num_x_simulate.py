"""The simulator (companion/simulate.py): bots play whole Num-X games, seeded and repeatable; the command's
table, refusals, --json, --workers, progress and Ctrl+C."""

from __future__ import annotations

import io
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

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


def _cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    from companion.cli import main

    status = main(["simulate", "num-x", *args])
    found = capsys.readouterr()
    return status, found.out, found.err


def test_adversaire_gives_each_seats_wins_never_a_table_win(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _cli(capsys, "--games", "40", "--set", "mode=adversaire", "--players", "3", "--workers", "1",
                          "--lang", "en")
    assert status == 0 and "won" in out and "100.0 % won" not in out
    line = out.strip()
    assert line.startswith("3 players, adversaire, 40 games: player 1 won ") and "player 3 won " in line
    assert "Shared wins: " in line and line.endswith("of 17 on average.")
    rows = simulate.table({"mode": "adversaire"}, 40, players=[3], workers=1)
    assert sum(rows[0].seat_wins) >= 40 and rows[0].wins == 0


def test_adversaire_with_5_players_is_refused_in_the_users_language(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _cli(capsys, "--set", "mode=adversaire", "--players", "5", "--lang", "fr")
    assert status == 2
    assert out.strip() == "5 joueurs : impossible à simuler en mode adversaire, qui se joue de 2 à 4."


def test_json_gives_every_row_for_scripts(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _cli(capsys, "--games", "30", "--players", "2", "4", "--workers", "1", "--json")
    found = json.loads(out)
    assert status == 0 and found["interrupted"] is False and found["done"] == 60
    rows = found["tables"][0]["rows"]
    assert [r["players"] for r in rows] == [2, 4] and rows[0]["rules_text"] == 52.0
    assert rows[0]["games"] == 30 and rows[0]["interval"][0] <= rows[0]["rate"] <= rows[0]["interval"][1]
    again = simulate.table({}, 30, players=[2], workers=1)[0]
    assert rows[0]["wins"] == again.wins


def test_workers_are_capped_at_the_cores_and_say_so(capsys: pytest.CaptureFixture[str],
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    from companion.simulation import runner

    monkeypatch.setattr(runner, "cores", lambda: 2)
    status, out, err = _cli(capsys, "--games", "20", "--players", "2", "--workers", "9", "--lang", "en")
    assert status == 0 and err.strip() == "9 workers asked, but this machine has 2 cores: 2 used."
    _, alone, _ = _cli(capsys, "--games", "20", "--players", "2", "--workers", "1", "--lang", "en")
    assert out == alone  # a seed per game: the worker count changes nothing


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_is_a_bar_on_a_terminal_and_quiet_elsewhere(capsys: pytest.CaptureFixture[str],
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    _, _, err = _cli(capsys, "--games", "20", "--players", "2", "--workers", "1", "--lang", "en")
    assert err == ""  # standard error is not a terminal here
    terminal = _Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    from companion.i18n import Translator

    shown = simulate._Progress(Translator("fr", "tools"))
    shown(10, 40)
    shown(40, 40)
    shown.close()
    assert "Simulation" in terminal.getvalue() and "40/40" in terminal.getvalue() and "parties/s" in terminal.getvalue()


def test_spoken_progress_at_most_every_10_seconds() -> None:
    from companion.i18n import Translator
    from companion.speech import RecordingSpeaker

    now = [0.0]
    speaker = RecordingSpeaker()
    shown = simulate._Progress(Translator("en", "tools"), speaker, clock=lambda: now[0])
    for moment, done in ((1, 100), (5, 500), (10, 1000), (15, 1500), (19.9, 1990), (21, 2100), (30, 4000)):
        now[0] = moment
        shown(done, 4000)
    assert [text for text, _ in speaker.said] == ["1000 of 4000 games, 100 a second, 30 s left.",
                                                  "2100 of 4000 games, 100 a second, 19 s left."]


def _as_from_a_terminal() -> None:
    """In the child: Ctrl+C delivered as a terminal delivers it. An ignored or blocked SIGINT is inherited across
    exec, and Python then never raises KeyboardInterrupt; in a whole suite's worker something earlier once left it
    so, and the simulator, never interrupted, ran on past the test's wait."""
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _interrupted(command: list[str], after: float) -> tuple[int | None, str, str]:
    """Run ``command``, press Ctrl+C after ``after`` seconds, and give its status and outputs."""
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1])}
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
                               preexec_fn=_as_from_a_terminal)
    try:
        time.sleep(after)
        process.send_signal(signal.SIGINT)
        # "Within a second" (0.03 s quiet, 0.2 s with 6 busy loops on 2 cores); 10 s of room because once, with
        # a fresh clone's whole suite beside it, 4 s was not enough. Not stopping would take minutes.
        out, err = process.communicate(timeout=10)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait(timeout=5)
    return process.returncode, out, err


@pytest.mark.parametrize("workers", ["1", "2"])
def test_ctrl_c_stops_at_once_and_prints_what_finished(workers: str) -> None:
    command = [sys.executable, "-m", "companion", "simulate", "num-x", "--games", "9999", "--bot", "planner",
               "--workers", workers, "--lang", "en"]
    # Some games must have finished before the Ctrl+C for this to test anything: on a loaded machine none may have
    # within 3 s (nothing to print), so it is pressed later the second time; the checks stay the same.
    for after in (3.0, 9.0):
        status, out, err = _interrupted(command, after)
        if not err.startswith("Stopped: 0 games"):
            break
    assert status == 130, err
    assert out.startswith("2 players: ") and "Traceback" not in err
    assert err.strip().startswith("Stopped: ") and err.strip().endswith("games finished, counted above.")


def test_readings_print_one_table_each_named_from_the_defaults(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _cli(capsys, "--readings", "--games", "5", "--players", "2", "--workers", "1", "--lang", "en")
    lines = out.strip().splitlines()
    assert status == 0 and len(lines) == 2 * len(simulate.READINGS)
    assert lines[0].startswith("Reading printed (-), bot greedy: distance to the text ")
    assert any(line.startswith("Reading no-actions-exact (actions=off, extra=exact)") for line in lines)


def test_an_unknown_speech_mode_is_one_sentence_and_nothing_runs(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = _cli(capsys, "--games", "5", "--players", "2", "--speech", "foo", "--lang", "fr")
    assert status == 2 and out == ""
    assert err.strip() == "Mode de parole inconnu foo : utilisez auto, screenreader, speechd, tts, wav:DOSSIER ou none."


@pytest.mark.parametrize("lang, one, adversaire", [
    ("en", ". 1 game, mean", "2 players, adversaire, 1 game:"),
    ("fr", ". 1 partie, score moyen", "2 joueurs, adversaire, 1 partie :"),
])
def test_one_game_is_said_in_the_singular(capsys: pytest.CaptureFixture[str], lang: str, one: str,
                                          adversaire: str) -> None:
    """Issue 32: "1 games" / "1 parties"."""
    status, out, _ = _cli(capsys, "--games", "1", "--players", "2", "--workers", "1", "--lang", lang)
    assert status == 0 and one in out and "1 games" not in out and "1 parties" not in out
    status, out, _ = _cli(capsys, "--games", "1", "--players", "2", "--workers", "1", "--lang", lang,
                          "--set", "mode=adversaire")
    assert status == 0 and out.startswith(adversaire), out
    from companion.i18n import Translator

    assert simulate._Progress(Translator(lang, "tools"), None).sentence(1, 1, 1.0).startswith(
        "1 of 1 game," if lang == "en" else "1 sur 1 partie,")  # noqa: E501


INTERRUPTED_IMPORT = """
import sys

MODULE = sys.argv.pop(1)


class Interrupt:
    def find_spec(self, name, path=None, target=None):
        if name == MODULE:
            raise KeyboardInterrupt
        return None


sys.meta_path.insert(0, Interrupt())
from companion.__main__ import run
raise SystemExit(run())
"""


@pytest.mark.parametrize("module, args", [
    ("companion.cli", ["games"]),
    ("companion.simulate_help", ["simulate", "num-x", "--json"]),
    ("companion.simulation.num_x_fast", ["simulate", "num-x", "--json", "--games", "5", "--players", "2"]),
])
def test_ctrl_c_during_start_up_is_no_traceback_and_json_or_nothing(module: str, args: list[str]) -> None:
    """Issue 32: Ctrl+C while the companion loads printed a traceback; ``simulate --json`` stopped that early
    exits 130 with nothing on standard output (a document is valid JSON or nothing)."""
    import subprocess
    import sys

    result = subprocess.run([sys.executable, "-c", INTERRUPTED_IMPORT, module, *args, "--lang", "en"],
                            capture_output=True, text=True, timeout=100)
    assert "Traceback" not in result.stderr and result.stderr == "", result.stderr
    assert result.returncode == 130 and result.stdout == ""


@pytest.mark.parametrize(("lang", "expected"), [
    ("en", "Rules text, for the game as printed: 52.0 %."),
    ("fr", "Texte des règles, pour le jeu tel qu'imprimé : 52,0 %."),
])
def test_another_reading_says_the_text_rate_is_the_printed_games(capsys: pytest.CaptureFixture[str], lang: str,
                                                                 expected: str) -> None:
    from companion.cli import main

    assert main(["simulate", "num-x", "--games", "4", "--players", "2", "--workers", "1", "--lang", lang,
                 "--set", "actions=off"]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    assert len(out) == 1 and out[0].endswith(expected)
