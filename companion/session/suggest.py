"""The line offered after a typo ("Did you mean Spider-Man? Type yes."): a close command, card, player or topic."""

from __future__ import annotations

from companion.cards import normalize
from companion.commands.base import ParseError, Vocabulary, close_match
from companion.session.table import Table


def suggestion(line: str, error: ParseError, table: Table, vocabulary: Vocabulary, lang: str) -> tuple[str, str] | None:
    """The corrected line to offer for an unknown command, card, player or help topic, and the word offered."""
    words = line.split()
    if not words:
        return None
    if error.code in ("unknown_command", "unknown_help"):
        return _word_suggestion(words, error, vocabulary, lang)
    if error.code in ("unknown_card", "ambiguous_card", "extra_words"):
        return _card_suggestion(words, error, table, lang)
    if error.code == "unknown_word":  # The Void: "7 jeune", a type (or a player) after the rank
        return _word_of_cards(line, str(error.details.get("text", "")), table)
    if error.code == "unknown_player":
        player = str(error.details.get("text", ""))
        if not player or player.endswith("…") or player not in line:
            return None
        found = close_match(player, [*table.rules.player_ids(table.state), *table.names])
        return None if found is None else (line.replace(player, found, 1), found)
    return None


def _word_suggestion(words: list[str], error: ParseError, vocabulary: Vocabulary, lang: str) -> tuple[str, str] | None:
    """A command word (or a word a line may start with, a Num-X family) close to the unknown one, in ``lang``."""
    index = 0 if error.code == "unknown_command" else 1
    typed = str(error.details.get("text", ""))
    if error.code == "unknown_command" and typed in words:  # "7 rogue": the unknown word need not be the first
        index = words.index(typed)
    if len(words) <= index:
        return None
    starts = vocabulary.starts if error.code == "unknown_command" else ()
    named = {**vocabulary.verbs, **{word: vocabulary.words[word] for word in starts}}
    verb_of = {w: verb for verb, names in named.items() for w in names if len(w) > 1}
    close = close_match(words[index], verb_of, same=verb_of)
    if close is None:
        return None
    names = named[verb_of[close]]  # said in the user's language: a French table is never offered "attack"
    found = names[1] if lang == "fr" and len(names) > 1 else names[0]
    return " ".join(words[:index] + [found] + words[index + 1:]), found


def _card_suggestion(words: list[str], error: ParseError, table: Table, lang: str) -> tuple[str, str] | None:
    typed = str(error.details.get("text", "")).rstrip("…").split()
    start = next((i for i in range(len(words)) if words[i:i + len(typed)] == typed), None) if typed else None
    if start is None:
        return None
    if error.code == "extra_words":  # "play proxima midnigth": a name cut short by a typo
        start = 1
    by_name = {name: card for card in table.cards.cards for name in (*card.names.values(), *card.aliases)}
    for end in range(min(len(words), start + 8), start, -1):  # the longest run from there close to a name
        run = " ".join(words[start:end])
        found = close_match(run, by_name, same=by_name)
        if found is not None and error.code == "extra_words" and normalize(run) == normalize(found):
            return None  # the name is right, the words after it are the fault: "yes" would refuse the same line
        if found is not None:
            name = by_name[found].name(lang)  # said as the table knows it, not an alias
            return " ".join([*words[:start], name, *words[end:]]), name
    return None


def _word_of_cards(line: str, typed: str, table: Table) -> tuple[str, str] | None:
    """A word of the cards' names ("jaune", "blue") or a player's name close to ``typed``; the words of one card
    in both languages name one thing ("bleu", "blue"), so "blu" is no reason to doubt."""
    if not typed or typed.endswith("…") or typed not in line.split():
        return None
    same: dict[str, object] = {name: name for name in table.names}
    for card in table.cards.cards:
        names = [name.split() for name in card.names.values()]
        if len({len(n) for n in names}) != 1:  # "7 rouge", "7 red": word by word; other names have no such words
            continue
        for words in zip(*names, strict=True):
            same.update((word, words[0]) for word in words if not word.isdigit() and word not in same)
    found = close_match(typed, same, same=same)
    return None if found is None else (" ".join(found if w == typed else w for w in line.split()), found)


def replaced(before: str, after: str) -> str:
    """The words of ``before`` a suggestion replaced: "joue pierre du pouvior" → "joue Pierre du Pouvoir" gives
    "pierre du pouvior"."""
    old, new = before.split(), after.split()
    start = 0
    while start < min(len(old), len(new)) and old[start] == new[start]:
        start += 1
    end = 0
    while end < min(len(old), len(new)) - start and old[-1 - end] == new[-1 - end]:
        end += 1
    return " ".join(old[start:len(old) - end])


def is_yes(line: str, vocabulary: Vocabulary) -> bool:
    """``yes`` / ``oui`` alone on a line: the answer to a suggestion."""
    words = line.split()
    return len(words) == 1 and vocabulary.is_word(words[0], "on") and words[0].lower() not in ("on",)
