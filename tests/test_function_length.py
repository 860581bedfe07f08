"""The house rule "no function over 60 lines" (../shared/STYLE.md), kept by a test so no new one appears.

A function's length runs from its ``def`` line to its last line, docstring and
comments included (``ast``'s ``lineno`` to ``end_lineno``); a nested function
counts inside its parent and on its own.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("companion", "speech", "braille", "tests", "benchmarks", "scripts")  # the tests too: a scenario is named steps
LIMIT = 60

# The functions still over the limit, if any: remove an entry once its function is split
# (the test fails for an entry that is no longer too long, so the list only shrinks).
ALLOWED: set[tuple[str, str]] = set()


def long_functions(root: Path = ROOT) -> dict[tuple[str, str], int]:
    """Every function over ``LIMIT`` lines under ``PACKAGES`` (the code, its tests, benchmarks and scripts): (file,
    name) -> its length."""
    found: dict[tuple[str, str], int] = {}
    for package in PACKAGES:
        for path in sorted((root / package).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
            for node in ast.walk(tree):
                if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    length = (node.end_lineno or node.lineno) - node.lineno + 1
                    if length > LIMIT:
                        found[(path.relative_to(root).as_posix(), node.name)] = length
    return found


def test_no_function_is_over_60_lines_but_the_listed_ones() -> None:
    new = {where: length for where, length in long_functions().items() if where not in ALLOWED}
    assert not new, f"functions over {LIMIT} lines (split them into named steps): {new}"


def test_every_listed_function_is_still_too_long() -> None:
    """An entry whose function was split (or renamed, or removed) comes off the list."""
    stale = ALLOWED - set(long_functions())
    assert not stale, f"no longer over {LIMIT} lines, remove from ALLOWED: {sorted(stale)}"


def test_a_long_function_is_found(tmp_path: Path) -> None:
    body = "\n".join(f"    x{i} = {i}" for i in range(LIMIT))
    (tmp_path / "companion").mkdir()
    (tmp_path / "companion" / "long.py").write_text(f"def short():\n    pass\n\n\ndef long():\n{body}\n", encoding="utf-8")
    assert long_functions(tmp_path) == {("companion/long.py", "long"): LIMIT + 1}
