"""Start-up: ``companion --help`` imports only what printing the help needs.

The help is what a new user runs first, and each heavy module costs a screen-reader user a
pause before anything is said (issue 34: at most 2 × ``python -c pass``). Checked in a fresh
interpreter, from ``sys.modules`` after the help is printed: no game, no session, no catalog
tooling, none of the standard library's heavy modules that the help does not use.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: Modules the help has no use for, each of which costs milliseconds to import.
HEAVY = ("tomllib", "dataclasses", "inspect", "typing", "shutil", "lzma", "bz2", "babel", "msgspec", "filelock", "sqlite3",
         "companion.registry", "companion.games", "companion.session", "companion.play", "companion.journal")

PROBE = """
import contextlib, io, json, sys
from companion.cli import main
with contextlib.redirect_stdout(io.StringIO()) as printed:
    try:
        main(sys.argv[1:])
    except SystemExit:
        pass
json.dump({"modules": sorted(sys.modules), "printed": printed.getvalue()}, sys.stdout)
"""


def loaded_by(*argv: str) -> tuple[set[str], str]:
    done = subprocess.run([sys.executable, "-c", PROBE, *argv], cwd=ROOT, capture_output=True, text=True, timeout=60,
                          check=True)
    found = json.loads(done.stdout)
    return set(found["modules"]), found["printed"]


def test_companion_help_imports_no_heavy_module() -> None:
    modules, printed = loaded_by("--help", "--lang", "en")
    assert "play" in printed and "aid-sheet" in printed  # the help was really printed
    heavy = sorted(name for name in modules if name.split(".")[0] in HEAVY or any(
        name == module or name.startswith(module + ".") for module in HEAVY))
    assert heavy == []


def test_the_help_in_french_imports_no_heavy_module_either() -> None:
    modules, printed = loaded_by("--help", "--lang", "fr")
    assert "utilisation" in printed
    assert not {"tomllib", "dataclasses", "typing", "companion.registry"} & modules


def test_playing_one_game_imports_neither_the_other_games_nor_the_records(tmp_path: Path) -> None:
    """``companion play GAME``: its own game's modules only; sqlite3 waits for a game's end (issue 34)."""
    import os

    env = dict(os.environ, COMPANION_DATA_DIR=str(tmp_path), COMPANION_CONFIG_DIR=str(tmp_path / "config"))
    for game, module in (("gauntlet", "gauntlet"), ("the-void", "the_void")):
        done = subprocess.run([sys.executable, "-c", PROBE, "play", game, "--lang", "en"], cwd=ROOT, input="quit\n",
                              capture_output=True, text=True, timeout=120, check=True, env=env)
        found = json.loads(done.stdout)
        modules = set(found["modules"])
        assert found["printed"].count("\n") >= 2  # the game really started: its set-up said (quit at once: nothing saved)
        games = {name.rsplit(".", 1)[1] for name in modules if name.startswith("companion.games.")}
        assert games <= {module, "base", "state_json"}
        assert not {"sqlite3", "companion.records", "companion.web", "companion.simulation"} & modules
