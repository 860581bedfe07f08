"""The companion as a user gets it: a wheel built from a clean copy, and ``make install`` into a fresh home.

Both run the installed ``companion`` outside the source tree (a temporary working
folder, so the tree is not on ``sys.path``) and read its real sentences. The wheel
is built once, from a copy without ``.mo`` files or ``build/``, so what it holds comes
from the build itself (setup.py compiles the catalogs); ``make install`` builds its
own the same way (scripts/install.sh), and its one install serves every test that
needs an installed command. Dependencies
come from the package index as for any user; Debian's louis, speechd and brlapi are
linked in by scripts/link_system_modules.py, as ``make setup`` and ``make install`` do.
Marked ``install`` (``pytest -m 'not install'`` leaves them out); a few minutes together: one ``make install``
into a fresh home serves the fresh home's test, then the killed re-install test (which runs it twice more and
uninstalls).
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
import zipfile
from pathlib import Path
from typing import Any

import pytest

#: A test's time counts the shared install it is the first to need (one ``make install``: 10 minutes at most, its
#: own limit), not only its own checks: 120 s, the suite's default, was once too short on a loaded machine.
pytestmark = [pytest.mark.install, pytest.mark.timeout(900)]

ROOT = Path(__file__).resolve().parent.parent
#: The interpreter venvs are made from (not the dev venv's own: a venv of a venv keeps the base's paths anyway).
BASE_PYTHON = getattr(sys, "_base_executable", sys.executable)
GAMES_EN = [
    "gauntlet: Infinity Gauntlet, 2 to 6 players (also: gant, gant-d-infinite, infinity-gauntlet)",
    "love-letter: Love Letter, 2 to 4 players (also: loveletter, love_letter)",
    "num-x: Num-X, 2 to 5 players (also: numx, num_x)",
    "the-void: The Void, 4 players (also: void, thevoid, the_void)",
    "mindbug: Mindbug, 2 players (also: mind-bug, mindbug-first-contact)",
]


def run(command: list[str], cwd: Path, env: dict[str, str] | None = None, stdin: str = "",
        timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command, cwd=cwd, env=env, input=stdin, capture_output=True, text=True, timeout=timeout)


@pytest.fixture(scope="session")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel, built from a copy of the sources as a fresh checkout has them (no .mo, no build/)."""
    source = tmp_path_factory.mktemp("source")
    for name in ("pyproject.toml", "setup.py", "README.md"):
        shutil.copy2(ROOT / name, source / name)
    for name in ("companion", "speech", "braille"):
        shutil.copytree(ROOT / name, source / name, symlinks=True, ignore=shutil.ignore_patterns("__pycache__", "*.mo"))
    assert (source / "companion" / "speech").is_symlink() and not list(source.rglob("*.mo"))
    out = tmp_path_factory.mktemp("dist")
    built = run([sys.executable, "-m", "build", "--wheel", "--outdir", str(out)], source, timeout=300)
    assert built.returncode == 0, built.stdout[-3000:] + built.stderr[-3000:]
    [found] = out.glob("companion-*.whl")
    return found


def test_the_wheel_holds_one_package_with_its_data_and_compiled_catalogs(wheel: Path) -> None:
    names = zipfile.ZipFile(wheel).namelist()
    assert {name.split("/")[0] for name in names} == {"companion", "companion-0.1.0.dist-info"}
    assert zipfile.ZipFile(wheel).read("companion-0.1.0.dist-info/top_level.txt").decode().split() == ["companion"]
    for folder in ("speech", "braille"):  # linked into the package: every module, under companion/ only
        assert {f"companion/{folder}/{p.name}" for p in (ROOT / folder).glob("*.py")} <= set(names)
    catalogs = sorted(p.stem for p in (ROOT / "companion" / "locale" / "fr" / "LC_MESSAGES").glob("*.po"))
    assert {"core", "speech", "braille", "gauntlet", "doctor"} <= set(catalogs)
    for domain in catalogs:
        assert f"companion/locale/fr/LC_MESSAGES/{domain}.po" in names
        assert f"companion/locale/fr/LC_MESSAGES/{domain}.mo" in names
    data = {str(p.relative_to(ROOT)) for p in (ROOT / "companion" / "data").rglob("*.toml")}
    assert len(data) >= 15 and data <= set(names)
    assert {"companion/data/help/fr.txt", "companion/data/help/en.txt"} <= set(names)  # companion/quick_help.py
    assert "companion/py.typed" in names and "companion/platform/locks.py" in names


def install_env(home: Path) -> dict[str, str]:
    """``make``'s environment for a user whose home is HOME, with no ~/.local/bin on the PATH."""
    home.mkdir()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("XDG_", "MAKE", "MFLAGS"))}
    env.update(HOME=str(home), SYSTEM_PYTHON=BASE_PYTHON,
               PATH=os.pathsep.join(p for p in env["PATH"].split(os.pathsep) if ".local/bin" not in p))
    return env


def games_from_path(link: Path, cwd: Path) -> list[str]:
    """What ``companion games`` says to a fresh shell whose PATH has the link's folder."""
    fresh = run(["env", "-i", f"HOME={link.parent.parent.parent}", f"PATH={link.parent}:/usr/bin:/bin",
                 "sh", "-c", "companion games --lang en"], cwd)
    assert (fresh.returncode, fresh.stderr) == (0, "")
    return fresh.stdout.splitlines()


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str], subprocess.CompletedProcess[str]]:
    """One ``make install`` into a fresh home (pip's temporary folders under a TMPDIR of its own), shared by the
    tests below: the fresh home's command first, then the killed re-install, whose end uninstalls it."""
    folder = tmp_path_factory.mktemp("make-install")
    home, system_tmp = folder / "home", folder / "system-tmp"
    env = install_env(home)
    system_tmp.mkdir()
    env["TMPDIR"] = str(system_tmp)
    result = run(["make", "--no-print-directory", "-C", str(ROOT), "install"], folder, env, timeout=600)
    assert result.returncode == 0, result.stdout + result.stderr
    return home, env, result


@pytest.fixture(scope="module")
def installed(made: tuple[Path, dict[str, str], Any]) -> Path:
    """The bin folder of that install's venv (pip installed the wheel it built from a clean copy, not editable, and
    Debian's modules were linked in): the tests that only need an installed command share it."""
    return (made[0] / ".local" / "share" / "companion" / "venv").resolve() / "bin"


def test_the_installed_command_lists_the_games_outside_the_source_tree(installed: Path, tmp_path: Path) -> None:
    result = run([str(installed / "companion"), "games", "--lang", "en"], tmp_path)
    assert (result.returncode, result.stderr) == (0, "")
    assert result.stdout.splitlines() == GAMES_EN


def test_a_scripted_game_runs_from_the_installed_command(installed: Path, tmp_path: Path) -> None:
    env = dict(os.environ, COMPANION_DATA_DIR=str(tmp_path / "data"))
    command = [str(installed / "companion"), "play", "gauntlet", "--speech", "none", "--braille", "none"]
    result = run([*command, "--lang", "en"], tmp_path, env, "status\nplay proxima\nquit\n")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == "Infinity Gauntlet. 4 players: Thanos and 3 heroes. 5 rubies for Thanos. 6 coins for the heroes."
    assert lines[3] == ("Turn 1, Thanos to play. Lives: Thanos 5 of 5, heroes 6 of 6. No stone face up. "
                        "No power token held; reserve 9. Decks: heroes 13, Thanos 10.")
    assert lines[-1] == "Game saved." and len(list((tmp_path / "data" / "saves").glob("*.jsonl"))) == 1
    french = run([*command, "--lang", "fr"], tmp_path, env, "état\nquitter\n")
    assert french.returncode == 0, french.stderr
    assert french.stdout.splitlines()[:2] == [
        "Le Gant d'Infinité. 4 joueurs : Thanos et 3 héros. 5 rubis pour Thanos. 6 pièces pour les héros.", "Tour 1 : Thanos."]


def test_the_installed_package_is_the_wheel_with_its_compiled_catalogs(installed: Path, tmp_path: Path) -> None:
    probe = (
        "import importlib.util, companion, companion.i18n as i, companion.speech, companion.braille\n"
        "def refuse(path): raise AssertionError('compiled in memory: ' + str(path))\n"
        "i._compile = refuse\n"
        "print(i.Translator('fr', 'core')('list the games'))\n"
        "print(companion.__file__); print(companion.speech.__file__)\n"
        "print(importlib.util.find_spec('speech'), importlib.util.find_spec('braille'))\n"
    )
    result = run([str(installed / "python"), "-c", probe], tmp_path)
    assert result.returncode == 0, result.stderr
    said, package, speech, top_level = result.stdout.splitlines()
    assert said == "liste les jeux"
    site = installed.parent / "lib"
    assert Path(package).is_relative_to(site) and Path(speech).is_relative_to(site)
    assert top_level == "None None"


def test_the_whole_help_from_the_installed_command_is_its_kept_text(installed: Path, tmp_path: Path) -> None:
    env = {key: value for key, value in os.environ.items() if key != "COLUMNS"}
    result = run([str(installed / "companion"), "--help", "--lang", "en"], tmp_path, env)
    assert (result.returncode, result.stderr) == (0, "")
    assert result.stdout == (ROOT / "companion" / "data" / "help" / "en.txt").read_text(encoding="utf-8")


def test_braille_works_from_the_installed_command(installed: Path, tmp_path: Path) -> None:
    result = run([str(installed / "companion"), "aid-sheet", "gant", "--format", "unicode", "--lang", "en"], tmp_path)
    assert (result.returncode, result.stderr) == (0, "")
    cells = set(result.stdout) - {"\n", "\f"}
    assert cells and all("\u2800" <= cell <= "\u28ff" for cell in cells)


def test_make_install_puts_companion_on_the_path_of_a_fresh_home(made: tuple[Path, dict[str, str], Any],
                                                                 tmp_path: Path) -> None:
    home, _, result = made
    link = home / ".local" / "bin" / "companion"
    assert result.stdout.splitlines()[-4:] == [
        f"companion : commande installée / command installed: {link}",
        f"companion : {link.parent} n'est pas dans le PATH ; ajoutez cette ligne à la fin de ~/.bashrc, "
        "puis ouvrez un nouveau terminal /",
        f"companion : {link.parent} is not on your PATH; add this line at the end of ~/.bashrc, then open a new terminal:",
        'export PATH="$HOME/.local/bin:$PATH"',
    ]
    venv = home / ".local" / "share" / "companion" / "venv"
    assert link.is_symlink() and Path(os.readlink(link)) == venv / "bin" / "companion"
    assert games_from_path(link, tmp_path) == GAMES_EN


def runs(link: Path) -> bool:
    """The link leads to a venv's command whose interpreter is there (checked in microseconds, unlike running it)."""
    return link.resolve().is_file() and (link.resolve().parent / "python").exists()


def reinstall(env: dict[str, str], link: Path, temporaries: list[Path], kill: bool) -> int:
    """``make install`` again, ``link`` checked every few milliseconds; killed (SIGKILL, its whole process group)
    once pip has made a temporary folder when ``kill``. Returns how many checks found no working command."""
    make = subprocess.Popen(["make", "--no-print-directory", "-C", str(ROOT), "install"], env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    broken, deadline = 0, time.monotonic() + 400
    try:
        while make.poll() is None and time.monotonic() < deadline:
            broken += not runs(link)
            if kill and any(p.name.startswith("pip-") for folder in temporaries if folder.is_dir()
                            for p in folder.iterdir()):
                break
            time.sleep(0.005)
    finally:
        if make.poll() is None:
            os.killpg(make.pid, signal.SIGKILL)
        make.wait(timeout=30)
    assert make.returncode == (-signal.SIGKILL if kill else 0)
    return broken


@pytest.mark.timeout(900)
def test_a_killed_reinstall_keeps_the_old_command_and_the_next_leaves_no_temporary_folder(
        made: tuple[Path, dict[str, str], Any], tmp_path: Path) -> None:
    home, env, _ = made
    system_tmp = Path(env["TMPDIR"])
    data, link = home / ".local" / "share" / "companion", home / ".local" / "bin" / "companion"
    assert reinstall(env, link, [data / "tmp", system_tmp], kill=True) == 0
    assert games_from_path(link, tmp_path) == GAMES_EN
    assert reinstall(env, link, [], kill=False) == 0
    assert games_from_path(link, tmp_path) == GAMES_EN
    [venv] = data.glob("venv-*")
    assert sorted(p.name for p in data.iterdir()) == ["venv", venv.name]
    assert os.readlink(data / "venv") == venv.name and Path(os.readlink(link)) == data / "venv" / "bin" / "companion"
    assert list(system_tmp.iterdir()) == [] and list(link.parent.iterdir()) == [link]
    removed = run(["make", "--no-print-directory", "-C", str(ROOT), "uninstall"], tmp_path, env)
    assert removed.returncode == 0, removed.stderr
    assert removed.stdout.splitlines() == ["companion : désinstallé / uninstalled"]
    assert not os.path.lexists(link) and not data.exists()
