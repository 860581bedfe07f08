"""The sentence audit of the games in `tests.test_sentence_audit.AUDITED_ELSEWHERE` (the audit itself, its
known breaks and its coverage line: tests/test_sentence_audit.py). A file of its own so that, under
``pytest -n auto --dist loadfile``, a second worker audits these games while the first audits the others."""

from __future__ import annotations

from typing import Any

import pytest

from companion.registry import GAMES
from tests.test_sentence_audit import AUDITED_ELSEWHERE, every_declared_event_is_heard_without_a_break

pytestmark = pytest.mark.timeout(120)


@pytest.mark.parametrize("game_id", [g.id for g in GAMES if g.id in AUDITED_ELSEWHERE])
def test_every_declared_event_is_heard_without_a_break(game_id: str, record_property: Any) -> None:
    """Every event type of the game's renderer, said in both languages at the three verbosities, breaks no rule."""
    every_declared_event_is_heard_without_a_break(game_id, record_property)


def test_every_game_is_audited_in_one_of_the_two_files() -> None:
    assert AUDITED_ELSEWHERE < {g.id for g in GAMES}
