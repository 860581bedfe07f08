"""The line offered after a typo ("Did you mean Spider-Man? Type yes."): a close command, card, player or topic."""

from __future__ import annotations

from companion.commands.base import ParseError, Vocabulary, close_match
from companion.session.table import Table


def suggestion(line: str, error: ParseError, table: Table, vocabulary: Vocabulary, lang: str) -> tuple[str, str] | None:
    """The corrected line to offer for an unknown command, card, player or help topic, and the word offered."""
    words = line.split()
    if not words:
        return None
    if error.code in ("unknown_command", "unknown_help"):
        index = 0 if error.code == "unknown_command" else 1
        if len(words) <= index:
            return None
        found = close_match(words[index], [w for names in vocabulary.verbs.values() for w in names if len(w) > 1])
        return None if found is None else (" ".join(words[:index] + [found] + words[index + 1:]), found)
    if error.code in ("unknown_card", "ambiguous_card", "extra_words"):
        return _card_suggestion(words, error, table, lang)
    if error.code == "unknown_player":
        player = str(error.details.get("text", ""))
        if not player or player.endswith("…") or player not in line:
            return None
        found = close_match(player, [*table.rules.player_ids(table.state), *table.names])
        return None if found is None else (line.replace(player, found, 1), found)
    return None


def _card_suggestion(words: list[str], error: ParseError, table: Table, lang: str) -> tuple[str, str] | None:
    typed = str(error.details.get("text", "")).rstrip("…").split()
    start = next((i for i in range(len(words)) if words[i:i + len(typed)] == typed), None) if typed else None
    if start is None:
        return None
    if error.code == "extra_words":  # "play proxima midnigth": a name cut short by a typo
        start = 1
    by_name = {name: card for card in table.cards.cards for name in (*card.names.values(), *card.aliases)}
    for end in range(min(len(words), start + 8), start, -1):  # the longest run from there close to a name
        found = close_match(" ".join(words[start:end]), by_name)
        if found is not None:
            name = by_name[found].name(lang)  # said as the table knows it, not an alias
            return " ".join([*words[:start], name, *words[end:]]), name
    return None


def is_yes(line: str, vocabulary: Vocabulary) -> bool:
    """``yes`` / ``oui`` alone on a line: the answer to a suggestion."""
    words = line.split()
    return len(words) == 1 and vocabulary.is_word(words[0], "on") and words[0].lower() not in ("on",)
