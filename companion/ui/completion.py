"""Tab completion of command words, player names and card names, in French and English.

Completion only suggests: the parser stays the judge (``ironman`` or ``h1`` still
work when typed in full). Matching ignores case, accents and punctuation, like
the parser does, so ``sorc`` finds "la Sorcière Rouge" and ``etat`` finds "état".
Candidates come from the session alone, so every game gets completion without
a line of its own.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Iterator

from prompt_toolkit.completion import CompleteEvent, Completer, Completion
from prompt_toolkit.document import Document

from companion.cards import card_keys, normalize
from companion.commands.base import READER_VERBS

if TYPE_CHECKING:
    from companion.session import Session


def player_words(session: Session) -> list[str]:
    """The players' ids as typed in the session's language (``héros 1`` for ``hero1``, ``thanos``, ``p1``…) and given names.

    An id whose word the game's vocabulary translates ("hero" → "héros") is offered in the user's language, as
    the parser takes it: a French table is never offered "hero1".
    """
    lang = session.narrator.settings.lang
    words = [_typed_id(str(pid), session.parser.vocabulary, lang) for pid in session.table.rules.player_ids(session.state)]
    words.extend(str(name) for name in getattr(session.table.options, "names", ()) or ())
    return list(dict.fromkeys(words))


def _typed_id(pid: str, vocabulary: Any, lang: str) -> str:
    found = re.fullmatch(r"([a-z]+)([0-9]+)", pid)
    names = vocabulary.words.get(found.group(1)) if found else None
    if found is None or not names:
        return pid
    return f"{names[1] if lang == 'fr' and len(names) > 1 else names[0]} {found.group(2)}"


def card_words(session: Session) -> list[str]:
    """Every card's name in the session's language (the parser still takes the other language when typed in full)."""
    lang = session.narrator.settings.lang
    return _distinct([card.name(lang) for card in session.table.cards.cards])


def _distinct(words: list[str]) -> list[str]:
    """One candidate per spoken form: "captain-america" adds nothing to "Captain America"."""
    seen: dict[str, str] = {}
    for word in words:
        seen.setdefault(normalize(word), word)
    return list(seen.values())


class SessionCompleter(Completer):
    """Completes the first word with commands, the others with players, words of commands and cards.

    A card name may have several words ("Ant-Man & Wasp"): the longest run of
    trailing typed words that starts a name is the one replaced.
    """

    def __init__(self, session: Session) -> None:
        self.session = session
        vocabulary = session.parser.vocabulary
        self._commands = vocabulary.command_words([*session.parser.verbs(), *READER_VERBS])  # rules, why: every game
        self._players = player_words(session)
        self._others = self._players + _words_in(vocabulary, session.narrator.settings.lang)
        self._arguments = _distinct(self._others + card_words(session))

    def _arguments_now(self, verb: str | None) -> list[str] | None:
        """The game's own candidates: the cards of the commands of ``verb`` the rules accept now (``None``: unknown)."""
        session = self.session
        if verb is None:
            return None
        moves = session.table.rules.legal_moves(session.state)
        if not moves:
            return None
        cards = session.table.cards
        ids = [value for move in moves if move.name == verb for value in _strings(move) if value in cards]
        if not ids:
            return None
        lang = session.narrator.settings.lang
        return _distinct(self._players + [cards[card_id].name(lang) for card_id in dict.fromkeys(ids)])

    def _card_named(self, words: list[str]) -> bool:
        """Whether ``words`` are exactly a card's name or alias, in full (then a card is not what comes next)."""
        key = normalize(" ".join(words))
        return bool(key) and any(normalize(form) == key for card in self.session.table.cards.cards for form in card_keys(card))

    def get_completions(self, document: Document, complete_event: CompleteEvent) -> Iterator[Completion]:
        text = document.text_before_cursor
        words = text.split()
        at_new_word = not text or text[-1].isspace()
        if not words or (len(words) == 1 and not at_new_word):
            yield from _matching(words[0] if words else "", self._commands)
            return
        if at_new_word:
            return  # nothing typed yet: listing every card and player would drown the player
        now = self._arguments_now(self.session.parser.vocabulary.find(words[0]))
        if self._card_named(words[1:-1]):  # "joue Doctor Strange h": the card is there, a player or a word comes next
            now, arguments = self._others, self._others
        else:
            arguments = self._arguments
        # The longest typed run that starts a name; what can be typed now first, every name when none of those fits.
        for count in range(len(words) - 1, 0, -1):
            fragment = _tail(text, count)
            found = list(_matching(fragment, now or [])) or list(_matching(fragment, arguments))
            if found:
                yield from found
                return


def _words_in(vocabulary: Any, lang: str) -> list[str]:
    """Words used inside commands in the session's language only ("héros", not "hero" and "heroes" too)."""
    found = []
    for names in vocabulary.words.values():
        word = names[1] if lang == "fr" and len(names) > 1 else names[0]
        if len(word) > 1:
            found.append(word)
    return list(dict.fromkeys(found))


def _strings(command: Any) -> Iterator[str]:
    """The text values of a command's fields (card ids among them), tuples opened."""
    for name in getattr(command, "__struct_fields__", ()):
        value = getattr(command, name)
        for item in value if isinstance(value, tuple) else (value,):
            if isinstance(item, str):
                yield item


def _tail(text: str, count: int) -> str:
    """The last ``count`` words of ``text`` with the spaces between them, as typed."""
    starts = [match.start() for match in re.finditer(r"\S+", text)]
    return text[starts[-count]:]


def _matching(fragment: str, candidates: list[str]) -> Iterator[Completion]:
    key = normalize(fragment)
    if not key:
        return
    squeezed = key.replace(" ", "")
    starts, inside = [], []
    for candidate in candidates:
        form = normalize(candidate)
        if form.startswith(key) or form.replace(" ", "").startswith(squeezed):
            starts.append(candidate)
        elif any(form[i:].startswith(key) for i in range(1, len(form)) if form[i - 1] == " "):
            inside.append(candidate)  # "sorc" → "la Sorcière Rouge", as the parser accepts
    for candidate in starts or inside:
        yield Completion(candidate, start_position=-len(fragment))


__all__ = ["SessionCompleter", "card_words", "player_words"]
