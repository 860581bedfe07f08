"""``rules`` and ``why`` inside a game, answered by the rules reader once one is asked (issue 34).

`companion.rules_reader` (its regular expressions, its classes, the card name matching) is imported at the first
``rules``, ``why`` or ``help``, never before a game's first sentence: most games end without a question.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from companion.commands.base import Ask
    from companion.rules_reader import RulesAnswerer
    from companion.session import Session


class LazyRulesAnswerer:
    """An `Answerer` of the session: `companion.rules_reader.RulesAnswerer`, made at the first question it answers."""

    #: As ``RulesAnswerer.questions`` (tests/test_startup_imports.py checks they agree).
    questions = frozenset({"rules", "why"})

    def __init__(self) -> None:
        self._answerer: RulesAnswerer | None = None

    def _real(self) -> RulesAnswerer:
        if self._answerer is None:
            from companion.rules_reader import RulesAnswerer

            self._answerer = RulesAnswerer()
        return self._answerer

    def help_lines(self, lang: str) -> dict[str, str]:
        return self._real().help_lines(lang)

    def answer(self, session: Session, request: Ask) -> list[tuple[str, str, dict[str, Any]]]:
        return self._real().answer(session, request)
