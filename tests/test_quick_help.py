"""``companion --help`` from its kept text (companion/quick_help.py): always argparse's own words, never stale.

The kept text is printed only when argparse would print exactly it; these tests compare the two byte for byte, in
both languages, run the real command in a fresh interpreter, and check that every other command line still goes to
argparse.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from companion import kept_help, quick_help
from companion.languages import LANGUAGES

ROOT = Path(__file__).resolve().parent.parent
REWRITE = "python -m companion.kept_help"
#: Where the companion finds the user's language when none is asked (companion/languages.py).
LOCALE_VARIABLES = ("LANG", "LC_ALL", "LC_MESSAGES", "LANGUAGE")


def companion(*argv: str, columns: str | None = None, **kwargs: object) -> subprocess.CompletedProcess[str]:
    env = {key: value for key, value in os.environ.items() if key not in ("COLUMNS", *LOCALE_VARIABLES)}
    if columns is not None:
        env["COLUMNS"] = columns
    options: dict[str, object] = {"capture_output": True, **kwargs}
    return subprocess.run([sys.executable, "-m", "companion", *argv], cwd=ROOT, text=True, env=env, timeout=60,
                          **options)  # type: ignore[call-overload]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_kept_help_is_what_argparse_prints_now(lang: str) -> None:
    kept = Path(quick_help.kept_path(lang)).read_text(encoding="utf-8")
    assert kept == kept_help.render(lang), f"the kept help is stale: run {REWRITE}"


@pytest.mark.parametrize(("argv", "lang"), [
    (["--help"], "fr"), (["-h"], "fr"), (["--help", "--lang", "en"], "en"), (["--lang", "en", "-h"], "en"),
    (["--lang=fr", "--help"], "fr"), (["-h", "--lang=en"], "en"),
])
def test_the_whole_help_is_the_kept_text_in_the_language_asked(argv: list[str], lang: str,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """No locale in the environment: French, the users' first language, as argparse's path chooses too."""
    for name in LOCALE_VARIABLES:  # here as in `companion` below, whatever the developer's locale says
        monkeypatch.delenv(name, raising=False)
    assert quick_help.asked_language(argv) == lang
    done = companion(*argv)
    assert done.returncode == 0 and done.stderr == ""
    assert done.stdout == Path(quick_help.kept_path(lang)).read_text(encoding="utf-8")


def test_the_language_of_the_locale_is_the_helps_when_none_is_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LC_ALL", "en_GB.UTF-8")
    assert quick_help.asked_language(["--help"]) == "en"
    monkeypatch.setenv("LC_ALL", "fr_CA.UTF-8")
    assert quick_help.asked_language(["-h"]) == "fr"


@pytest.mark.parametrize("argv", [
    [], ["play", "--help"], ["--help", "play"], ["--lang", "de", "--help"], ["--help", "--help"], ["--lang", "en"],
    ["--help", "--lang"], ["--lang=", "--help"], ["--lang", "en", "--lang", "fr", "--help"], ["-h", "-h", "-h"],
])
def test_any_other_command_line_is_argparses_to_answer(argv: list[str]) -> None:
    assert quick_help.asked_language(argv) is None


def test_an_unknown_language_still_gets_argparses_sentence() -> None:
    done = companion("--lang", "de", "--help")
    assert done.returncode == 2 and done.stdout == ""
    assert "invalid choice: 'de'" in done.stderr or "choix invalide" in done.stderr


def test_a_wider_terminal_gets_the_help_wrapped_to_its_width() -> None:
    """COLUMNS says 120: argparse answers, and its lines run past the kept text's 78 characters."""
    done = companion("--help", "--lang", "en", columns="120")
    assert done.returncode == 0
    assert done.stdout != Path(quick_help.kept_path("en")).read_text(encoding="utf-8")
    assert max(len(line) for line in done.stdout.splitlines()) > quick_help.KEPT_WIDTH
    assert "list the games" in done.stdout


def test_a_missing_kept_text_is_met_by_argparse(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(quick_help, "_FOLDER", str(tmp_path))
    monkeypatch.delenv("COLUMNS", raising=False)
    assert quick_help.answer(["--help", "--lang", "en"]) is None
    assert capsys.readouterr().out == ""


def test_a_reader_that_left_is_no_error() -> None:
    """``companion --help | true``: the pipe is closed before the help is written; no traceback, status 0."""
    reader, writer = os.pipe()
    os.close(reader)
    try:
        done = companion("--help", stdout=writer, stderr=subprocess.PIPE, capture_output=False)
    finally:
        os.close(writer)
    assert done.returncode == 0 and done.stderr == ""


def test_a_full_disk_is_one_sentence() -> None:
    with open("/dev/full", "w") as full:
        done = companion("--help", "--lang", "en", stdout=full, stderr=subprocess.PIPE, capture_output=False)
    assert done.returncode == 1
    assert done.stderr.strip() == "Cannot write the output: the disk is full."


@pytest.mark.parametrize("argv", [["--help", "--lang", "en"], ["--help"]])
def test_the_whole_help_imports_neither_argparse_nor_gettext(argv: list[str]) -> None:
    """What the kept text saves (issue 34): checked in a fresh interpreter started as a user's install starts; the
    language of the locale (English here) found without the catalogs' machinery too."""
    from tests.test_startup_imports import as_installed

    environ = {key: value for key, value in os.environ.items() if key not in ("COLUMNS", "LANGUAGE", "LC_MESSAGES")}
    python, env = as_installed({**environ, "LC_ALL": "en_US.UTF-8"})
    probe = (f"import sys\nfrom companion.__main__ import run\nsys.argv[1:] = {argv!r}\n"
             "status = run()\nsys.stderr.write(' '.join(sorted(sys.modules)))\nraise SystemExit(status)")
    done = subprocess.run([*python, "-c", probe], cwd=ROOT, capture_output=True, text=True, timeout=60, env=env)
    assert done.returncode == 0 and "list the games" in done.stdout
    loaded = set(done.stderr.split())
    assert "companion.quick_help" in loaded
    assert not {"argparse", "gettext", "re", "companion.cli", "companion.i18n"} & loaded
