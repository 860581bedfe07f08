"""No block of code is copied between the two games' modules: what both need lives in the shared layers."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[1] / "companion"
WINDOW = 4  # this many consecutive meaningful lines in both files count as a copied block


#: Declarations every game writes in the same shape are not code blocks: event and command classes and
#: their fields, table entries, signatures of the protocol (apply, query…), docstring notes.
DECLARATION = re.compile(
    r'^(class \w+\((Event|Command)\):|name = "\w+"|\w+: [^=]+( = .+)?|"[^"]+": .*|[\w.]+: _\w+,|def .*|:\w+.*)$')


def meaningful(path: Path) -> list[str]:
    lines = []
    for line in path.read_text(encoding="utf-8").splitlines():
        text = line.strip()
        if not text or text.startswith(("#", "from ", "import ", '"""', "@dataclass", ")", "]", "}")) or len(text) < 12:
            continue
        if DECLARATION.match(text):
            continue
        lines.append(text)
    return lines


def blocks(lines: list[str]) -> set[tuple[str, ...]]:
    return {tuple(lines[i:i + WINDOW]) for i in range(len(lines) - WINDOW + 1)}


@pytest.mark.parametrize("layer", ["games", "commands", "render"])
def test_no_block_is_copied_between_the_gauntlet_and_love_letter(layer):
    gauntlet = blocks(meaningful(ROOT / layer / "gauntlet.py"))
    love_letter = blocks(meaningful(ROOT / layer / "love_letter.py"))
    assert not gauntlet & love_letter


def test_both_games_use_the_shared_helpers():
    for layer, names in {"games": ["GameOptions", "check_seat", "bump", "append_at", "known_card", "apply_handler"],
                         "commands": ["dispatch", "named_player", "no_arguments", "leading_card", "player_and_card"],
                         "render": ["piles_sentence"]}.items():
        for game in ("gauntlet", "love_letter"):
            source = (ROOT / layer / f"{game}.py").read_text(encoding="utf-8")
            assert all(name in source for name in names), (layer, game)
