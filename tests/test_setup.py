"""Set-up speaks little: one line per step, the tools' own output in setup.log, named only when a step fails.

A screen reader reads every line the first ``make run`` prints: 22 pip warnings
before the game were 22 lines to hear (issue 12).
"""

from __future__ import annotations

import shutil
import subprocess

import pytest
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
STEP = ROOT / "scripts" / "step.sh"


def step(*command: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["bash", str(STEP), "essai / trial", *command], capture_output=True, text=True, timeout=30)


def test_a_step_prints_one_line_and_keeps_the_tools_output_in_the_log() -> None:
    result = step("sh", "-c", "echo WARNING: noisy pip line; echo another >&2")
    assert result.returncode == 0
    assert result.stdout == "companion : essai / trial\n" and result.stderr == ""
    assert "WARNING: noisy pip line" in (ROOT / "setup.log").read_text(encoding="utf-8")


def test_a_failed_step_names_the_log() -> None:
    result = step("sh", "-c", "echo the real reason; exit 3")
    assert result.returncode == 1
    assert result.stderr.splitlines() == ["companion : échec / failed: essai / trial",
                                          f"companion : détails dans / details in {ROOT / 'setup.log'}",
                                          "the real reason"]


def test_a_failed_step_says_the_tools_error_lines_not_its_retries_nor_a_traceback() -> None:
    """pip's retries, its boxes and a Python traceback went to the screen reader line by line (15 of them)."""
    noise = "".join(f"echo '  WARNING: Retrying ({n})'; " for n in range(5))
    trace = "printf 'Traceback (most recent call last):\\n  File \"x.py\", line 1\\nOSError: [Errno 30] read-only\\n'"
    result = step("sh", "-c", f"{noise}echo 'ERROR: No matching distribution found for x'; {trace}; "
                  "echo '\u2570\u2500> See above for output.'; exit 1")
    assert result.returncode == 1
    assert result.stderr.splitlines()[2:] == ["ERROR: No matching distribution found for x",
                                              "OSError: [Errno 30] read-only"]
    assert "Retrying (4)" in (ROOT / "setup.log").read_text(encoding="utf-8")


def test_the_install_runs_every_step_that_can_fail_through_step_sh() -> None:
    """A folder that cannot be made (a read-only home) once printed mkdir's English and no step name."""
    recipe = (ROOT / "Makefile").read_text(encoding="utf-8").split("\ninstall:", 1)[1].split("\n\n", 1)[0]
    commands = [line.strip() for line in recipe.splitlines() if line.startswith("\t@")]
    assert commands[-1].startswith("@bash scripts/install.sh said ")
    assert all(command.startswith("@bash scripts/step.sh ") for command in commands[:-1]), commands


def test_the_makefile_runs_every_set_up_command_through_a_step() -> None:
    recipe = (ROOT / "Makefile").read_text(encoding="utf-8").split("$(STAMP):", 1)[1].split("\nrun:", 1)[0]
    commands = [line.strip() for line in recipe.splitlines()[1:] if line.startswith("\t@")]
    assert commands[-1] == "@touch $(STAMP)"
    assert all(command.startswith("@bash scripts/step.sh ") for command in commands[:-1]), commands


def test_every_test_has_the_readmes_120_second_timeout(pytestconfig: pytest.Config) -> None:
    """The README promises 120 seconds a test (pytest-timeout, set in pyproject.toml): a merge once dropped it."""
    import tomllib

    options = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["pytest"]["ini_options"]
    assert options.get("timeout") == 120
    assert float(pytestconfig.getini("timeout")) == 120
    for readme in ("README.md",):
        text = (ROOT / readme).read_text(encoding="utf-8")
        assert "120 seconds" in text and "120 secondes" in text


def test_without_apt_get_the_missing_packages_are_named_in_both_languages(tmp_path: Path) -> None:
    """A system without apt-get: the failed step's last line (all step.sh shows) once was English and named nothing."""
    for tool in ("bash", "dpkg-query", "grep", "id", "wc", "sed", "awk", "tail", "dirname"):
        found = shutil.which(tool)
        assert found is not None, tool
        (tmp_path / tool).symlink_to(found)
    result = subprocess.run([str(tmp_path / "bash"), str(STEP), "paquets Debian / Debian packages", "bash",
                             str(ROOT / "scripts" / "setup-system.sh"), "companion-no-such-package"],
                            capture_output=True, text=True, timeout=30, env={"PATH": str(tmp_path)})
    assert result.returncode == 1
    assert result.stderr.splitlines()[0] == "companion : échec / failed: paquets Debian / Debian packages"
    assert result.stderr.splitlines()[2:] == [
        "companion : paquets à installer / packages to install: companion-no-such-package"]
    log = (ROOT / "setup.log").read_text(encoding="utf-8")
    assert "companion : pas d'apt-get ici ; installez avec le gestionnaire de paquets du système /" in log
    assert "companion : no apt-get here; install with your system's package manager:" in log


def uninstall(data: Path) -> list[str]:
    result = subprocess.run(["bash", str(ROOT / "scripts" / "install.sh"), "uninstall", str(data / "venv"),
                             str(data.parent / "bin")], capture_output=True, text=True, timeout=30)
    assert (result.returncode, result.stderr) == (0, "")
    return result.stdout.splitlines()


def test_uninstall_says_saved_games_stay_only_when_some_do(tmp_path: Path) -> None:
    """A game quit before its first move leaves an empty saves folder: "your saved games stay" was said all the same."""
    data = tmp_path / "companion"
    (data / "saves").mkdir(parents=True)
    (data / "venv-1" / "bin").mkdir(parents=True)
    assert uninstall(data) == ["companion : désinstallé / uninstalled"]
    assert not data.exists()
    (data / "saves").mkdir(parents=True)
    (data / "saves" / "love-letter.jsonl").write_text("{}\n", encoding="utf-8")
    assert uninstall(data) == ["companion : désinstallé / uninstalled",
                               f"companion : vos parties et vos records restent dans / your saved games and records "
                               f"stay in {data}"]
    assert (data / "saves" / "love-letter.jsonl").exists()
