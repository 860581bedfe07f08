"""The braille keys' table in docs/braille.en.md and docs/braille.fr.md says what companion/data/braille_keys.toml
does: each action's row names exactly the BrlAPI commands and keys, chords and cells the key map gives it."""

from __future__ import annotations

import re
import tomllib
from collections import defaultdict
from pathlib import Path

import pytest

from companion.braille.keys import ACTIONS, DATA

DOCS = Path(__file__).resolve().parent.parent / "docs"
#: Where the key map's table starts in each language: its header's last column.
HEADER = {"en": "| In `braille_keys.toml` |", "fr": "| Dans `braille_keys.toml` |"}


def key_map_names() -> dict[str, set[str]]:
    """Each action's names as the docs write them: ``NAME``, ``chord 1-5``, ``cell 8``."""
    data = tomllib.loads(DATA.read_text(encoding="utf-8"))
    names: dict[str, set[str]] = defaultdict(set)
    for section, prefix in (("commands", ""), ("symbols", ""), ("chords", "chord "), ("cells", "cell ")):
        for name, action in data.get(section, {}).items():
            names[action].add(prefix + name)
    return names


def doc_table(lang: str) -> dict[str, set[str]]:
    """The docs' rows: the action (first column's first code) → the codes of the last column."""
    text = (DOCS / f"braille.{lang}.md").read_text(encoding="utf-8")
    lines = text[text.index(HEADER[lang]):].splitlines()[2:]
    rows: dict[str, set[str]] = {}
    for line in lines:
        if not line.startswith("|"):
            break
        cells = [cell.strip() for cell in line.strip("|").split("|")]
        action = re.match(r"`(\w+)`", cells[0])
        assert action is not None, line
        assert action.group(1) not in rows, f"{action.group(1)} twice"
        rows[action.group(1)] = set(re.findall(r"`([^`]+)`", cells[-1]))
    return rows


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_docs_key_table_is_the_key_map(lang: str) -> None:
    rows = doc_table(lang)
    assert set(rows) == ACTIONS  # every action has its row, and no other row
    names = key_map_names()
    for action in sorted(ACTIONS):
        assert rows[action] == names.get(action, set()), action
