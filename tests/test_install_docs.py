"""The Windows commands of docs/install.*.md run in the shell they are given for.

The guide gave one block, with ``%USERPROFILE%``, for "PowerShell or the Command Prompt": PowerShell does not expand
``%USERPROFILE%`` (it made a folder named so in the current one, then could not run its ``pip``), and a command that
starts with a variable needs ``&`` there. Each Windows block now names its shell, and the PowerShell one is checked.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
#: A code block and the line just above it (its label: "Windows, in PowerShell …:").
BLOCK = re.compile(r"^(?P<label>[^\n]*)\n\n\s*```\n(?P<code>.*?)\n\s*```", re.S | re.M)

pytestmark = pytest.mark.timeout(30)


def windows_blocks(lang: str) -> dict[str, list[str]]:
    """The Windows blocks of the guide, by shell: ``cmd`` or ``PowerShell``, each block's command lines."""
    text = (ROOT / "docs" / f"install.{lang}.md").read_text(encoding="utf-8")
    found: dict[str, list[str]] = {}
    for match in BLOCK.finditer(text):
        if "Windows" not in match["label"]:
            continue
        shells = [shell for shell in ("cmd", "PowerShell") if shell in match["label"]]
        assert len(shells) == 1, match["label"]
        found[shells[0]] = [line.strip() for line in match["code"].splitlines() if line.strip()]
    return found


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_each_windows_block_names_its_shell_and_powershell_gets_powershell(lang: str) -> None:
    blocks = windows_blocks(lang)
    assert set(blocks) == {"cmd", "PowerShell"}
    assert all("%USERPROFILE%" in line for line in blocks["cmd"])
    shell = blocks["PowerShell"]
    assert not any("%" in line for line in shell), shell
    assert shell[0].startswith("py -m venv $HOME\\") and all(line.startswith('& "$HOME\\') for line in shell[1:])


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_doctor_step_gives_the_commands_path_off_the_path(lang: str) -> None:
    """The venv's Scripts or bin folder is not on PATH: a bare ``companion doctor`` is "not recognized"."""
    text = (ROOT / "docs" / f"install.{lang}.md").read_text(encoding="utf-8")
    step = next(line for line in text.splitlines() if line.startswith("4. `companion doctor"))
    assert "companion-venv\\Scripts\\companion" in step and "~/companion-venv/bin/companion" in step
