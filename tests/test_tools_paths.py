"""Issue 24, the newer commands: every bad path, name or file gets one sentence and the documented exit status.

``review``, ``play --resume``, ``saves``, ``records`` and the ``-o`` writers, in a real
process where the exit status and the streams matter, in process where a fault is staged.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from companion import cli, journal
from test_saves import GAUNTLET_LINES, make_save

COMPANION = [sys.executable, "-m", "companion"]


def run(args: list[str], stdin: str = "", cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(COMPANION + args, input=stdin, capture_output=True, text=True, timeout=60, cwd=cwd,
                          env=dict(os.environ))


def call(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    try:
        status = cli.main(list(args))
    except SystemExit as stopped:
        status = int(stopped.code or 0)
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def rewrite_header(path: Path, change) -> None:
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    header = json.loads(lines[0])
    change(header)
    lines[0] = json.dumps(header) + "\n"
    path.write_text("".join(lines), encoding="utf-8")


# --------------------------------------------------------------------------- save headers


def test_a_header_without_players_says_what_is_assumed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A 2-player Gauntlet save whose header lost ``players``: the default is said, never silently used."""
    path = make_save(tmp_path / "two.jsonl", "gauntlet", ["play proxima"], players=2)
    rewrite_header(path, lambda header: header["options"].pop("players"))
    status, out, _ = call(capsys, "review", str(path), "--lang", "en")
    assert status == 0
    assert "The save file does not record every option: the defaults are assumed, --players 4." in out.splitlines()
    result = run(["play", "gauntlet", "--resume", str(path), "--lang", "fr"], "quit\n")
    assert ("La sauvegarde n'enregistre pas toutes les options : les valeurs par défaut sont prises, --players 4."
            in result.stdout.splitlines()), result.stdout + result.stderr


def test_a_header_with_unknown_options_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = make_save(tmp_path / "odd.jsonl", "gauntlet", ["play proxima"], players=2)
    rewrite_header(path, lambda header: header["options"].update(colour="red"))
    expected = f"{path} records options unknown to this companion (colour): it cannot be replayed as played."
    assert call(capsys, "review", str(path), "--lang", "en") == (2, "", expected + "\n")
    result = run(["play", "gauntlet", "--resume", str(path), "--lang", "en"], "quit\n")
    assert (result.returncode, result.stderr.strip()) == (2, expected)


def test_review_of_an_unreadable_save_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    path = make_save(tmp_path / "closed.jsonl", "gauntlet", ["play proxima"], players=2)

    def refuse(target: Path, *args: object, **kwargs: object) -> None:
        raise journal.JournalError("unreadable", target, errno=13, reason="Permission denied")

    monkeypatch.setattr(journal, "read", refuse)
    assert call(capsys, "review", str(path), "--lang", "en") == (2, "", f"Cannot read {path}.\n")


def test_players_missing_from_a_saves_listing_header(capsys: pytest.CaptureFixture[str]) -> None:
    folder = journal.saves_folder()
    folder.mkdir(parents=True)
    path = make_save(folder / "gauntlet_x.jsonl", "gauntlet", GAUNTLET_LINES, players=3)
    rewrite_header(path, lambda header: header["options"].update(colour="red"))
    status, out, _ = call(capsys, "saves", "--lang", "en")
    assert status == 0 and "Cannot be read (options this companion does not know)" in out


# --------------------------------------------------------------------------- the -o writers

WRITERS = [["rules", "gauntlet", "--format", "txt"], ["aid-sheet", "gauntlet", "--format", "txt"]]
LONG = "a" * 300
TOO_LONG_FR = "le nom du fichier est plus long que le système ne le permet"


@pytest.fixture
def a_save(tmp_path: Path) -> Path:
    return make_save(tmp_path / "g.jsonl", "gauntlet", ["play proxima"], players=2)


def writers(save: Path) -> list[list[str]]:
    return [*WRITERS, ["review", str(save)]]


def test_a_file_name_too_long_is_one_french_sentence(tmp_path: Path, a_save: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / f"{LONG}.txt"
    for command in writers(a_save):
        assert call(capsys, *command, "-o", str(target), "--lang", "fr") == (
            2, "", f"Impossible d'écrire {target} : {TOO_LONG_FR}.\n"), command


def test_a_device_or_a_fifo_is_not_an_ordinary_file_force_or_not(tmp_path: Path, a_save: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    for target in (Path("/dev/full"), fifo):
        for force in ([], ["--force"]):
            for command in writers(a_save):
                assert call(capsys, *command, "-o", str(target), *force, "--lang", "en") == (
                    2, "", f"{target} is not an ordinary file: choose another name.\n"), (command, force)


def test_o_makes_a_missing_folder_as_save_does(tmp_path: Path, a_save: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for index, command in enumerate(writers(a_save)):
        target = tmp_path / f"new{index}" / "deeper" / "doc.txt"
        status, out, err = call(capsys, *command, "-o", str(target), "--lang", "en")
        assert (status, err) == (0, "") and target.is_file() and str(target) in out
    result = run(["play", "gauntlet", "--save", str(tmp_path / "new9" / "g.jsonl"), "--lang", "en"], "quit\n")
    assert result.returncode == 0 and (tmp_path / "new9" / "g.jsonl").is_file()


def test_o_under_a_file_says_so(tmp_path: Path, a_save: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "plain").write_text("x", encoding="utf-8")
    target = tmp_path / "plain" / "doc.txt"
    assert call(capsys, *WRITERS[0], "-o", str(target), "--lang", "fr") == (
        2, "", f"Impossible d'écrire {target} : une partie du chemin n'est pas un dossier.\n")


def test_save_to_a_folder_says_it_is_a_folder(tmp_path: Path) -> None:
    (tmp_path / "fold").mkdir()
    result = run(["play", "gauntlet", "--save", str(tmp_path / "fold"), "--lang", "fr"], "quit\n")
    assert (result.returncode, result.stderr) == (2, f"{tmp_path / 'fold'} est un dossier : donnez un nom de fichier.\n")
    result = run(["play", "gauntlet", "--save", str(tmp_path / f"{LONG}.jsonl"), "--lang", "fr"], "quit\n")
    assert (result.returncode, result.stderr) == (
        2, f"Impossible d'écrire la sauvegarde {tmp_path / f'{LONG}.jsonl'} : {TOO_LONG_FR}.\n")


def test_in_game_save_sentences_keep_the_path_and_the_language(tmp_path: Path) -> None:
    (tmp_path / "sv2").mkdir()
    (tmp_path / "sv2" / "ok.jsonl").write_text("", encoding="utf-8")
    result = run(["play", "gauntlet", "--lang", "fr"], f"save sv2/ok.jsonl\nsave sv2\nsave {LONG}\nquit\n",
                 cwd=tmp_path)
    lines = result.stdout.splitlines()
    assert "Le fichier sv2/ok.jsonl existe déjà. Choisissez un autre nom de fichier." in lines
    assert "Sauvegarde impossible dans sv2. Cause : c'est un dossier. Rien n'a changé." in lines
    assert f"Sauvegarde impossible dans {LONG}. Cause : {TOO_LONG_FR}. Rien n'a changé." in lines
    assert result.stderr == ""


def test_argparse_refusals_are_french(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = call(capsys, "saves", "--delete", "x", "--delete-finished", "--lang", "fr")
    assert status == 2
    assert err.splitlines()[-1] == ("companion : argument --delete-finished : ne peut pas aller avec l'argument "
                                    "--delete. Tapez companion --help pour l'aide.")


# --------------------------------------------------------------------------- card files


def test_a_corrected_card_file_with_a_bom_is_read(capsys: pytest.CaptureFixture[str]) -> None:
    """Notepad saves UTF-8 with a byte order mark: the card file is read as the save files are."""
    shipped = Path(cli.__file__).parent / "data" / "gauntlet.toml"
    config = Path(os.environ["COMPANION_CONFIG_DIR"])
    config.mkdir(parents=True, exist_ok=True)
    text = shipped.read_text(encoding="utf-8").replace('en = "Nebula"', 'en = "Nebula Prime"', 1)
    (config / "gauntlet.toml").write_bytes(b"\xef\xbb\xbf" + text.encode("utf-8"))
    status, out, err = call(capsys, "cards", "gauntlet", "--lang", "en")
    assert (status, err) == (0, "") and "Nebula Prime" in out


# --------------------------------------------------------------------------- control characters


def test_control_characters_of_file_names_are_shown_escaped(capsys: pytest.CaptureFixture[str]) -> None:
    folder = journal.saves_folder()
    folder.mkdir(parents=True)
    name = "gauntlet_\x1b[2J\rzoe\u202e.jsonl"
    make_save(folder / name, "gauntlet", GAUNTLET_LINES, players=3)
    status, out, _ = call(capsys, "saves", "--lang", "en")
    assert status == 0 and "\x1b" not in out and "\r" not in out and "\u202e" not in out
    assert out.splitlines()[1].endswith(": gauntlet_\\x1b[2J\\x0dzoe\\u202e.jsonl")
    status, out, _ = call(capsys, "review", str(folder / name), "--lang", "en")
    assert status == 0 and "Save file: gauntlet_\\x1b[2J\\x0dzoe\\u202e.jsonl." in out.splitlines()
    assert call(capsys, "saves", "--delete", name, "--lang", "en") == (
        0, "1 save deleted: gauntlet_\\x1b[2J\\x0dzoe\\u202e.jsonl.\n", "")


# --------------------------------------------------------------------------- long lines


def test_snap_with_hundreds_of_words_reads_a_bounded_number_of_names(monkeypatch: pytest.MonkeyPatch) -> None:
    """``snap`` and 497 words: the stones are read until one repeats (the rules refuse it), not to the end of the line.
    Timings are in benchmarks/bench_long_lines.py; here the work itself is counted."""
    from companion.commands import gauntlet as commands
    from tests.conftest import make_session, run_lines

    calls = []
    real = commands.longest_card
    monkeypatch.setattr(commands, "longest_card", lambda *a, **k: calls.append(1) or real(*a, **k))
    session, recorder = make_session("gauntlet", players=4)
    texts = run_lines(session, recorder, ("snap" + " a" * 497)[:999])
    assert texts == ["Soul Stone is named twice."]
    assert len(calls) <= 7  # at most one more than the six stones


def test_the_rules_quote_a_short_prefix_of_a_long_search() -> None:
    from tests.conftest import make_session, run_lines

    session, recorder = make_session("gauntlet", players=4)
    texts = run_lines(session, recorder, "rules " + "x" * 900)
    assert texts and all(len(text) < 200 for text in texts), texts
    assert "“" + "x" * 40 + "…”" in texts[-1]
    texts = run_lines(session, recorder, "rules " + " ".join(["zzz"] * 200))
    assert "“zzz zzz zzz zzz…”" in texts[-1] and len(texts[-1]) < 200
