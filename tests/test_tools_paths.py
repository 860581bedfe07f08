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
    expected = f"{path} records options this companion does not know (colour): it cannot be replayed as it was played."
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
