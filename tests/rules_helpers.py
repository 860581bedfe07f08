"""Helpers for testing any rules core on states and events (no language, no I/O)."""

from __future__ import annotations

from functools import partial
from types import ModuleType
from typing import Any, Callable

import pytest

from companion.games.base import RuleError


def _apply_all(rules: ModuleType, state: Any, *commands: Any) -> tuple[Any, list[Any]]:
    events: list[Any] = []
    for command in commands:
        state, more = rules.apply(state, command)
        events += more
    return state, events


def _refused(rules: ModuleType, state: Any, command: Any, code: str) -> RuleError:
    with pytest.raises(RuleError) as caught:
        rules.apply(state, command)
    assert caught.value.code == code
    return caught.value


def names(events: list[Any]) -> list[str]:
    return [e.name for e in events]


def for_rules(rules: ModuleType) -> tuple[Callable[..., tuple[Any, list[Any]]], Callable[..., RuleError]]:
    """``apply_all(state, *commands)`` and ``refused(state, command, code)`` bound to one rules core."""
    return partial(_apply_all, rules), partial(_refused, rules)


def love_letter_cards_counted(state: Any) -> int:
    """Every Love Letter card counted once, wherever it is (always the size of the deck)."""
    return state.removed + len(state.aside) + state.deck + sum(state.hands) + sum(len(p) for p in state.face_up)
