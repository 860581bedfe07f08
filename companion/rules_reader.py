"""Reading a game's rules a section at a time: next, previous, again, a section by number or name, find a word.

:class:`RulesReader` is pure: no input, no output, one position. Each request
returns an :class:`Answer`, a few short sentences (the heading "Section 3 of 7,
Combat.", then the paragraphs), and whether the position moved. A request that
cannot move (next past the end, previous before the start, a section that does
not exist, a find with no match) changes nothing and says where the reader is.

The same reader serves ``companion rules GAME`` (companion/rules_cli.py) and
``rules`` / ``why`` inside a game (:func:`answer_in_game`, called by the session).
Its sentences are the ``rules`` catalog's.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import msgspec

from companion.cards import Card, CardNameError, CardSet, match_name, normalize
from companion.grammar import elide
from companion.i18n import Translator

#: What a refusal quotes of a typed search, at most: a few words, never the whole line read back.
QUOTED_WORDS, QUOTED_CHARS = 4, 40


def _short(text: str) -> str:
    """``text`` as a sentence quotes it: its first words, at most :data:`QUOTED_CHARS` characters, then "…"."""
    words = "".join(ch if ch.isprintable() else " " for ch in text).split()
    short = " ".join(words[:QUOTED_WORDS])
    if len(short) > QUOTED_CHARS:
        short = short[:QUOTED_CHARS].rstrip()
    return short + ("…" if short != " ".join(words) else "")

if TYPE_CHECKING:
    from companion.commands.base import Ask
    from companion.rules_data import GameRules, Section
    from companion.session import Session

#: How alike a mistyped word must be to a word of the rules to be searched instead ("Chaseur" → "Chasseur"), of 100.
CLOSE_ENOUGH = 75
#: Shorter words are never corrected: "de" is close to too many words.
MIN_CORRECTED = 4


class Answer(msgspec.Struct, frozen=True):
    """What the reader says: its sentences in order, the JSON form, and whether the position moved."""

    lines: tuple[str, ...]
    event: str
    fields: dict[str, Any] = msgspec.field(default_factory=dict)
    moved: bool = False


class _Laid(msgspec.Struct, frozen=True):
    """A section in the reader's language: its paragraphs, and the keywords and cards each one is about."""

    section: Section
    title: str
    paragraphs: tuple[str, ...]
    about: tuple[frozenset[str], ...]  # per paragraph: "keyword:ID" and "card:ID"
    links: frozenset[str]  # what the whole section is about


def _contains(text: str, form: str) -> bool:
    """Whether the normalized ``form`` is a whole-word run of the normalized ``text``.

    A form with a sign that normalizing would drop ("±10") must appear as it is written.
    """
    if re.search(r"[^\w\s'’-]", form):
        return form.casefold() in text.casefold()
    key = normalize(form)
    return bool(key) and f" {key} " in f" {normalize(text)} "


class RulesReader:
    """One game's rules in one language, and where the reader is: ``-1`` is the summary and the list of sections."""

    def __init__(self, rules: GameRules, lang: str, game_name: str) -> None:
        self.rules = rules
        self.lang = lang
        self.game_name = game_name
        self.t = Translator(lang, "rules")
        self.position = -1
        self._terms = self._all_terms()
        self._laid = tuple(self._lay(section) for section in rules.sections)

    # ----------------------------------------------------------------- what the reader holds

    @property
    def count(self) -> int:
        return len(self._laid)

    @property
    def section(self) -> Section | None:
        """The section the reader is at, ``None`` at the list of sections."""
        return self._laid[self.position].section if self.position >= 0 else None

    def titles(self) -> list[str]:
        return [laid.title for laid in self._laid]

    def paragraphs(self, index: int) -> tuple[str, ...]:
        """Every paragraph of section ``index`` (0-based) in the reader's language, the listed cards included."""
        return self._laid[index].paragraphs

    def _all_terms(self) -> list[tuple[str, tuple[str, ...]]]:
        """What ``find`` knows by name: every keyword, and every card a section is about (in every language)."""
        terms = [(f"keyword:{k.id}", k.forms()) for k in self.rules.keywords.values()]
        cards = self.rules.cards
        if cards is not None:
            linked = dict.fromkeys(c for s in self.rules.sections for c in self.rules.linked_cards(s))
            terms += [(f"card:{c}", (*cards[c].names.values(), *cards[c].aliases)) for c in linked]
        return terms

    def _lay(self, section: Section) -> _Laid:
        lang = self.lang
        paragraphs = list(section.paragraphs[lang])
        about: list[frozenset[str]] = []
        for paragraph in paragraphs:
            about.append(frozenset(key for key, forms in self._terms if any(_contains(paragraph, f) for f in forms)))
        cards = self.rules.cards
        if cards is not None and section.cards_of:
            for card in cards.of_side(section.cards_of):
                if section.card_facts:
                    # Translators: {name} a name (game, card, file or player); {value} a card's value or the value
                    # typed; {count} a number; {effect} a card's effect, a sentence; the form follows {count}.
                    text = self.t.plural("{name}, value {value}, {count} copy: {effect}",
                                         "{name}, value {value}, {count} copies: {effect}", card.copies,
                                         name=card.name(lang), value=card.value, effect=card.effect[lang])
                else:
                    # Translators: {name} a name (game, card, file or player); {effect} a card's effect, a sentence.
                    text = self.t("{name}: {effect}", name=card.name(lang), effect=card.effect[lang])
                paragraphs.append(text)
                about.append(frozenset({f"card:{card.id}"}))
        links = frozenset([f"keyword:{k}" for k in section.keywords] +
                          [f"card:{c}" for c in self.rules.linked_cards(section)])
        return _Laid(section, section.title[lang], tuple(paragraphs), tuple(about), links)

    # ----------------------------------------------------------------- sentences

    def heading(self, index: int) -> str:
        # Translators: {number} a number; {count} a number; {title} a section's title.
        return self.t("Section {number} of {count}, {title}.", number=index + 1, count=self.count,
                      title=self._laid[index].title)

    def where(self) -> str:
        """Where the reader is, in one sentence."""
        if self.position < 0:
            return self.t("You are at the list of sections.")
        # Translators: {number} a number; {count} a number; {title} a section's title.
        return self.t("You are at section {number} of {count}, {title}.", number=self.position + 1,
                      count=self.count, title=self._laid[self.position].title)

    def _fields(self) -> dict[str, Any]:
        section = self.section
        return {"game": self.rules.game, "section": self.position + 1, "id": section.id if section else None,
                "count": self.count}

    def _stay(self, *sentences: str) -> Answer:
        """Nothing moved: the reason, then where the reader is."""
        return Answer((" ".join((*sentences, self.where())),), "rules_where", self._fields(), moved=False)

    def _read(self, index: int, first: Sequence[str] = (), only: Sequence[int] | None = None,
              heading: str | None = None) -> Answer:
        self.position = index
        laid = self._laid[index]
        chosen = laid.paragraphs if only is None else tuple(laid.paragraphs[i] for i in only)
        return Answer((*first, heading or self.heading(index), *chosen), "rules", self._fields(), moved=True)

    # ----------------------------------------------------------------- requests

    def contents(self, hint: str | None = None) -> Answer:
        """The summary and the numbered list of sections; the reader goes back to the start."""
        self.position = -1
        # Translators: {number} a number; {title} a section's title.
        listed = ", ".join(self.t("{number} {title}", number=i + 1, title=title) for i, title in enumerate(self.titles()))
        lines = [
            # Translators: {game} a game's name; {count} a number.
            self.t("Rules of {game}, in {count} sections.", game=self.game_name, count=self.count),
            self.rules.summary[self.lang],
            # Translators: {sections} section titles, already joined.
            self.t("Sections: {sections}.", sections=listed),
            hint if hint is not None else self.t(
                "Type next or Enter for section 1, a section's number or name, find and a word, or quit."),
        ]
        return Answer(tuple(lines), "rules_contents", self._fields(), moved=True)

    def again(self) -> Answer:
        if self.position < 0:
            return self.contents()
        return self._read(self.position)

    def next(self) -> Answer:
        if self.position + 1 >= self.count:
            return self._stay(self.t("End of the rules: there is no section after this one."))
        return self._read(self.position + 1)

    def previous(self) -> Answer:
        if self.position < 0:
            return self._stay(self.t("Start of the rules: there is nothing before the list of sections."))
        if self.position == 0:
            return self.contents()
        return self._read(self.position - 1)

    def go(self, text: str) -> Answer:
        """A section by its number or its name (forgiving: ``tour``, ``combat``, a prefix); else where the reader is."""
        text = text.strip()
        if re.fullmatch(r"[0-9]{1,4}", text):
            number = int(text)
            if number == 0:
                return self.contents()
            if number > self.count:
                # Translators: {number} a number; {count} a number.
                return self._stay(self.t("There is no section {number}: the sections go from 1 to {count}.",
                                         number=number, count=self.count))
            return self._read(number - 1)
        found = self._named(text)
        if isinstance(found, int):
            return self._read(found)
        if found:
            # Translators: {text} what the user typed; {sections} section titles, already joined.
            return self._stay(self.t("“{text}” could be several sections: {sections}.", text=_short(text),
                                     sections=", ".join(self._laid[i].title for i in found)))
        # Translators: {text} what the user typed.
        return self._stay(self.t("No section is called “{text}”.", text=_short(text)))

    def _named(self, text: str) -> int | list[int]:
        """The index of the one section ``text`` names, the candidates when several, ``[]`` when none."""
        indexes = list(range(self.count))

        def keys(index: int) -> list[str]:
            section = self._laid[index].section
            return [section.id, *section.title.values()]

        try:
            return match_name(text, indexes, keys)
        except CardNameError as error:
            return [int(i) for i in error.candidates]

    def go_or_find(self, text: str) -> Answer:
        """A section by number or name; else the first section that mentions ``text``."""
        text = text.strip()
        if re.fullmatch(r"[0-9]{1,4}", text):
            return self.go(text)
        found = self._named(text)
        if isinstance(found, int):
            return self._read(found)
        if found:
            return self.go(text)
        return self.find(text, not_a_name=True)

    def find(self, text: str, not_a_name: bool = False) -> Answer:
        """The next section (after this one, then from the start) about ``text``, or where the reader is."""
        text = " ".join(text.split())
        if not text:
            return self._stay(self.t("Find what? Type find and a word."))
        hits, linked = self._search(text)
        corrected = None
        if not hits:
            corrected = self._closest(text)
            if corrected is not None:
                hits, linked = self._search(corrected)
        if not hits:
            card = self._card(text)
            if card is not None:
                return card
            if not_a_name:
                # Translators: {text} what the user typed.
                return self._stay(self.t("No section is called “{text}” or mentions it.", text=_short(text)))
            # Translators: {text} what the user typed.
            return self._stay(self.t("No section mentions “{text}”.", text=_short(text)))
        index = self._next_hit(hits, linked)
        others = sorted(i + 1 for i in hits if i != index)
        heading = self.heading(index)
        if others:
            # Translators: {sections} section titles, already joined; {count} chooses singular or plural.
            heading += " " + self.t.plural("Also in section {sections}.", "Also in sections {sections}.", len(others),
                                           sections=", ".join(str(n) for n in others))
        # Translators: {text} what the user typed; {word} a word of the rules.
        first = [self.t("“{text}” is not in the rules; the closest word is “{word}”.", text=_short(text), word=corrected)] \
            if corrected else []
        paragraphs = hits[index]
        answer = self._read(index, first, paragraphs or None, heading)
        return Answer(answer.lines, "rules_found", dict(answer.fields, text=text, sections=[index + 1, *others]),
                      moved=True)

    def _card(self, text: str) -> Answer | None:
        """A card of the game ``text`` names (in either language, a prefix, or a typo of its name), read aloud."""
        from companion.commands.base import close_match

        cards = self.rules.cards
        if cards is None or not cards.cards:
            return None
        try:
            card = cards.match(text)
        except CardNameError as error:
            if error.candidates:
                return None
            names = {name: card for card in cards.cards for name in (*card.names.values(), *card.aliases)}
            close = close_match(text, names, names)
            if close is None:
                return None
            card = names[close]
        line = self._card_reading(cards, card)
        return Answer((line, self.where()), "rules_card", dict(self._fields(), card=card.id, text=text))

    def _card_reading(self, cards: CardSet, card: Card) -> str:
        """The card as the game reads it (``card NAME`` in a game, ``companion card``)."""
        from companion import registry
        from companion.render import Context, Settings

        game = registry.find(self.rules.game)
        return game.renderer.card_answer(card, Context(Settings(lang=self.lang), cards, game.spec.domain))[0]

    def _next_hit(self, hits: dict[int, list[int]], linked: set[int]) -> int:
        """The section a find goes to: the sections about the keyword or card first, then those that mention it.

        A find repeated from one of them goes on to the next one, back to the first after the last.
        """
        order = sorted(hits, key=lambda i: (i not in linked, i))
        if self.position in order:
            return order[(order.index(self.position) + 1) % len(order)]
        return order[0]

    def _search(self, text: str) -> tuple[dict[int, list[int]], set[int]]:
        """Section index → the paragraphs about ``text`` (empty: the whole section), for every section that matches;
        and the sections that link the keyword or card ``text`` names."""
        term: str | None = None
        try:
            term = match_name(text, self._terms, lambda item: item[1])[0]
        except CardNameError:
            term = None
        raw = text.casefold()
        hits: dict[int, list[int]] = {}
        linked = {i for i, laid in enumerate(self._laid) if term is not None and term in laid.links}
        for index, laid in enumerate(self._laid):
            paragraphs = [i for i, p in enumerate(laid.paragraphs)
                          if raw in p.casefold() or _contains(p, text) or (term is not None and term in laid.about[i])]
            if paragraphs:
                hits[index] = paragraphs
            elif (term is not None and term in laid.links) or _contains(laid.title, text):
                hits[index] = []
        return hits, linked

    def _closest(self, text: str) -> str | None:
        """The word (or name) of the rules ``text`` is most likely a typo of, if one is close enough."""
        from rapidfuzz import fuzz, process

        key = normalize(text)
        if len(key) < MIN_CORRECTED:
            return None
        candidates: dict[str, str] = {}
        for _, forms in self._terms:
            for form in forms:
                candidates.setdefault(normalize(form), form)
        for laid in self._laid:
            for paragraph in (laid.title, *laid.paragraphs):
                for word in re.findall(r"[^\W_]+(?:['’-][^\W_]+)*", paragraph):
                    candidates.setdefault(normalize(word), word)
        candidates.pop("", None)
        found = process.extractOne(key, list(candidates), scorer=fuzz.ratio, score_cutoff=CLOSE_ENOUGH)
        return None if found is None else candidates[found[0]]

    def show(self, section_id: str, first: Sequence[str] = ()) -> Answer:
        """Section ``section_id`` (``why``): the reader goes there."""
        for index, laid in enumerate(self._laid):
            if laid.section.id == section_id:
                return self._read(index, first)
        raise KeyError(section_id)

    def help(self) -> Answer:
        return Answer((self.t("Commands: next or Enter, previous, again, contents, a section's number or name, "
                              "find and a word, quit."),), "rules_help", self._fields())

    def request(self, text: str) -> Answer | None:
        """One typed line of the reader: its words (next, previous…), a number, a name, or find WORD.

        ``None`` for quit, unless the word also names a section (the docs offer ``fin`` for "Fin de partie"). An
        empty line reads the next section.
        """
        from companion.vocabulary import Vocabulary

        words = text.split()
        if not words:
            return self.next()
        vocabulary = Vocabulary.of("rules-reader")
        verb = vocabulary.find(words[0])
        rest = " ".join(words[1:])
        if verb == "quit" and not rest and self._named(words[0]) == []:  # "fin" reads "Fin de partie" where it is one
            return None
        if verb in ("next", "previous", "again", "contents", "help", "repeat") and not rest:
            return {"next": self.next, "previous": self.previous, "contents": self.contents,
                    "help": self.help}.get(verb, self.again)()
        if verb == "find":
            return self.find(rest)
        if verb == "section" and rest:
            return self.go(rest)
        return self.go_or_find(text)


# --------------------------------------------------------------------------- inside a game


class RulesAnswerer:
    """``rules`` and ``why`` inside a game: an `Answerer` of the session, its reader made at the first question."""

    questions = frozenset({"rules", "why"})

    def __init__(self) -> None:
        self._reader: RulesReader | None = None

    def help_lines(self, lang: str) -> dict[str, str]:
        return help_lines(lang)

    def answer(self, session: Session, request: Ask) -> list[tuple[str, str, dict[str, Any]]]:
        """``rules [SECTION|WORD]`` and ``why``, as (sentence, event, fields) for the session to say."""
        reader = self.reader(session)
        if isinstance(reader, str):
            return [(reader, "rules_where", {})]
        t = reader.t
        if request.what == "why":
            answer = why(session, reader)
        else:
            text = " ".join(str(request.args.get("text", "")).split())
            hint = t("Type rules and a section's number or name, rules next, or rules and a word to find it.")
            if not text:
                answer = reader.contents(hint)
            else:
                found = reader.request(text)
                answer = found if found is not None else reader.go_or_find(text)
        return [(line, answer.event, answer.fields) for line in answer.lines]

    def reader(self, session: Session) -> RulesReader | str:
        """The reader, made at the first ``rules`` or ``why``; the problem in words when the rules cannot be read."""
        if self._reader is None:
            from companion.cards import CardDataError
            from companion.rules_data import RulesDataError, load

            lang, game = session.narrator.lang, session.table.game
            t = Translator(lang, "rules")
            try:
                rules = load(game, session.table.cards)
            except (RulesDataError, CardDataError) as error:
                # Translators: {game} a game's name; {problem} what is wrong, a short phrase.
                return elide(t("The rules of {game} cannot be read: {problem}", game=game.name(lang),
                               problem=error.problem), lang)
            self._reader = RulesReader(rules, lang, game.name(lang))
        return self._reader


def why(session: Session, reader: RulesReader) -> Answer:
    """The rule behind the session's last refusal; else the help line of the refused command."""
    t = reader.t
    refused = session.last_refusal
    if refused is None:
        return Answer((t("Nothing has been refused: why reads the rule behind the last refusal."),), "rules_where",
                      {"code": None})
    code, refused_line = refused
    section_id = reader.rules.refusals.get(code)
    if section_id is not None:
        answer = reader.show(section_id, (t("The rule behind that refusal:"),))
        return Answer(answer.lines, "rules_why", dict(answer.fields, code=code), moved=True)
    words = refused_line.split()
    verb = session.parser.vocabulary.find(words[0]) if words else None
    if verb is not None and verb in session.parser.verbs():
        line = session.narrator.renderer.help_line(verb, session.narrator.ctx)
    else:
        line = session.now()[0]
    return Answer((t("No section of the rules is about that refusal."), line), "rules_why", {"code": code})


def help_lines(lang: str) -> dict[str, str]:
    """The two lines ``help`` adds in every game, by verb."""
    t = Translator(lang, "rules")
    return {"rules": t("rules: the rules, section by section. Then rules NUMBER, NAME or WORD."),
            "why": t("why: the rule behind the last refusal.")}


__all__ = ["Answer", "RulesAnswerer", "RulesReader", "help_lines", "why"]
