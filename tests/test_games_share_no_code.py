"""No block of code is copied between two games' modules: what several games need lives in the shared layers.

Every registered game is checked against every other, layer by layer, so a new
game that copies a block from another fails here.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[1] / "companion"
WINDOW = 4  # this many consecutive meaningful lines in both files count as a copied block


#: Declarations every game writes in the same shape are not code blocks: event and command classes (msgspec
#: Structs, with the fields left out of equality) and their fields, table entries, signatures of the protocol
#: (apply, query…), docstring notes, and the renderer's wiring (its keyword arguments, one name each).
DECLARATION = re.compile(
    r'^(class \w+\((Uncompared, )?(Event|Command)(, frozen=True)?\):|uncompared = frozenset\(\{[^}]*\}\)'
    r'|name = "\w+"|\w+: [^=]+( = .+)?|"[^"]+": .*|[\w.]+: _\w+,|def .*|:\w+.*'
    r'|RENDERER = Renderer\(.*|(\w+=\w+(, |,|\))?)+|render = RENDERER\.render)$')


def meaningful(path: Path) -> list[str]:
    lines = []
    in_import = False
    for line in path.read_text(encoding="utf-8").splitlines():
        text = line.strip()
        if in_import:  # the names of a parenthesised import are not code
            in_import = not text.endswith(")")
            continue
        if text.startswith(("from ", "import ")) and text.endswith("("):
            in_import = True
            continue
        if not text or text.startswith(("#", "from ", "import ", '"""', "@dataclass", ")", "]", "}")) or len(text) < 12:
            continue
        if DECLARATION.match(text):
            continue
        lines.append(text)
    return lines


def blocks(lines: list[str]) -> set[tuple[str, ...]]:
    return {tuple(lines[i:i + WINDOW]) for i in range(len(lines) - WINDOW + 1)}


def _pairs() -> list[tuple[str, str, str]]:
    from companion.registry import GAMES

    names = [game.module.rsplit(".", 1)[1] for game in GAMES]
    return [(layer, a, b) for layer in ("games", "commands", "render") for i, a in enumerate(names) for b in names[i + 1:]]


@pytest.mark.parametrize(("layer", "first", "second"), _pairs())
def test_no_block_is_copied_between_two_games(layer: str, first: str, second: str) -> None:
    copied = blocks(meaningful(ROOT / layer / f"{first}.py")) & blocks(meaningful(ROOT / layer / f"{second}.py"))
    assert not copied, f"{layer}/{first}.py and {layer}/{second}.py share: {sorted(copied)[0]}"


def test_the_check_finds_a_copied_block(tmp_path: Path) -> None:
    """The check itself can fail: a block pasted into a second file is found."""
    block = "\n".join(f"    value_{n} = compute_something(state, {n})" for n in range(WINDOW))
    (tmp_path / "a.py").write_text(f"def f(state):\n{block}\n", encoding="utf-8")
    (tmp_path / "b.py").write_text(f"def g(state):\n    other = 1 + 2 + 3 + 4\n{block}\n", encoding="utf-8")
    assert blocks(meaningful(tmp_path / "a.py")) & blocks(meaningful(tmp_path / "b.py"))
