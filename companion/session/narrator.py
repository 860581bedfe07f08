"""The narrator: every sentence the table and the pages hear, in each language asked for.

NVDA builds an utterance once and sends it to speech and braille alike; the
narrator builds each sentence once per language (the table's, and each page's
own) from the game's renderer, for events, refusals, answers, help and "Now:".
It holds the contexts and knows no state of its own: the table is handed in.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from msgspec.structs import replace

from companion.announce import Priority, Utterance
from companion.cards import CardSet
from companion.commands.base import Ask, Parser
from companion.games.base import Event, plain
from companion.render import Context, Renderer, Settings, capitalized, cards_answer, render_parse_error
from companion.session.table import Table
from companion.session.wiring import Answer

#: A sentence in any language: built from the context of that language.
Sentence = Callable[[Context], str]


class Narrator:
    """The sentences of one game, in the table's language and in the pages' languages."""

    def __init__(self, settings: Settings, cards: CardSet, renderer: Renderer, parser: Parser, names: tuple[str, ...],
                 languages: frozenset[str] = frozenset()) -> None:
        self.settings = settings
        self.cards = cards
        self.renderer = renderer
        self.parser = parser
        self.names = names
        self.languages = languages
        self.ctx = self._make_context(settings)
        self._contexts: dict[str, Context] = {settings.lang: self.ctx}

    @classmethod
    def for_table(cls, table: Table, settings: Settings, languages: frozenset[str] = frozenset()) -> Narrator:
        """The narrator of ``table``'s game, in ``settings``' language and ``languages``."""
        game = table.game
        if settings.verbosity is None:
            settings = replace(settings, verbosity=game.spec.verbosity)
        return cls(settings, table.cards, game.renderer, game.parser, table.names, languages)

    def set_verbosity(self, level: str) -> None:
        """Say each event at ``level`` from now on (the ``verbosity`` command), in every language."""
        self.settings = replace(self.settings, verbosity=level)
        self.ctx = self._make_context(self.settings)
        self._contexts = {self.settings.lang: self.ctx}

    @property
    def lang(self) -> str:
        return self.settings.lang

    def _make_context(self, settings: Settings) -> Context:
        return Context(settings, self.cards, self.renderer.domain, self.names, self.parser.vocabulary)

    def context(self, lang: str) -> Context:
        """The renderer's context in ``lang``: the table's own, or one more for a player's page."""
        if lang not in self._contexts:
            self._contexts[lang] = self._make_context(replace(self.settings, lang=lang))
        return self._contexts[lang]

    # ----------------------------------------------------------------- utterances

    def utterance(self, sentence: Sentence, event: str = "message", fields: dict[str, Any] | None = None,
                  priority: Priority = Priority.NORMAL) -> Utterance:
        """One sentence built in the table's language and in each page's own."""
        texts = {lang: sentence(self.context(lang)) for lang in self.languages if lang != self.lang}
        return Utterance(sentence(self.ctx), self.lang, event, fields or {}, priority, texts=texts)

    def of_event(self, event: Event) -> Sentence:
        return lambda ctx: capitalized(self.renderer.render(event, ctx))

    def events(self, events: tuple[Event, ...] | list[Event]) -> list[Utterance]:
        """The sentences for ``events``, built before anything is written (a renderer bug then changes nothing)."""
        found = []
        for event in events:
            priority = Priority.NOW if event.name == "game_over" else Priority.NORMAL
            utterance = self.utterance(self.of_event(event), event.name, event.fields(), priority)
            if utterance.text:  # else nothing to say at this verbosity
                found.append(utterance)
        return found

    def refusal(self, code: str, details: Mapping[str, Any], ctx: Context, parse: bool = False) -> str:
        """The sentence refusing a line (``parse``: one every game may refuse alike) or a command, in ``ctx``'s language."""
        text = render_parse_error(code, details, ctx) if parse else None
        return capitalized(text if text is not None else self.renderer.render_error(code, details, ctx))

    def refused(self, code: str, details: Mapping[str, Any], parse: bool = False) -> Utterance:
        """The ``error`` utterance of a refused line: what the user typed goes in ``input`` (``text`` is the sentence)."""
        fields = {"code": code}
        fields.update({("input" if k == "text" else k): plain(v) for k, v in details.items()})
        return self.utterance(lambda ctx: self.refusal(code, details, ctx, parse), "error", fields, Priority.NOW)

    # ----------------------------------------------------------------- answers

    def short_status(self, table: Table) -> Utterance:
        """``status`` cut to its head and first part (a key's answer)."""
        status = table.rules.status(table.state)
        first = [text for _, text in self.renderer.status_parts(status, self.ctx)[:1]]
        text = " ".join([capitalized(self.renderer.head(status, self.ctx)), *first])
        return Utterance(text, self.lang, status.name, status.fields(), Priority.NOW)

    def answers(self, table: Table, request: Ask) -> list[tuple[Sentence, str, dict[str, Any]]] | None:
        """The answers any player may be given (the game's queries, card, cards), each in any language;
        ``None`` for the questions the game does not answer itself (help, rules, why)."""
        query = table.rules.queries.get(request.what)
        if query is not None:
            return [(self.of_event(event), event.name, event.fields()) for event in query(table.state, request.args)]
        if request.what not in ("card", "cards"):
            return None

        def answers_in(ctx: Context) -> list[Answer]:
            if request.what == "card":
                return [self.renderer.card_answer(self.cards[request.args["card"]], ctx)]
            return cards_answer(self.cards, ctx)

        return [(_nth_answer(answers_in, index), event_name, fields)
                for index, (_, event_name, fields) in enumerate(answers_in(self.ctx))]

    def now(self, table: Table) -> tuple[str, dict[str, Any]]:
        """Who must act and the commands that change the game now (F4, and the start of ``help``)."""
        ctx = self.ctx
        legal = list(table.rules.legal_commands(table.state))
        if not legal:  # only the commands this game has: Num-X has no "played"
            kept = ctx.join([ctx.verb(v) for v in _AFTER_THE_END if v in self.parser.verbs()])
            # Translators: {commands} commands, already joined ("undo, status, card and quit").
            return ctx.core("The game is over: {commands} still work.", commands=kept), {"legal": legal}
        commands = ctx.join([ctx.verb(v) for v in legal], alternative=True)
        to_act = table.to_act
        if to_act is None or to_act.player is None:
            # Translators: {commands} commands, already joined.
            return ctx.core("Now: {commands}.", commands=commands), {"legal": legal}
        fields = {"player": to_act.player, "decision": to_act.decision, "legal": legal}
        if to_act.decision != "play":  # what is left to do, as the status says it ("… has played: type next.")
            head = capitalized(self.renderer.head(table.rules.status(table.state), ctx))
            return f"{head} {ctx.core('Now: {commands}.', commands=commands)}", fields
        # Translators: {player} a player's name; {commands} commands, already joined.
        text = ctx.core("{player} to play. Now: {commands}.", player=self.renderer.player(ctx, to_act.player),
                        commands=commands)
        return capitalized(text), fields

    def help_lines(self, table: Table, topic: str | None, more: Mapping[str, str],
                   shared: Mapping[str, str] | None = None, keys: Sequence[str] = ()) -> list[Answer]:
        """``help``: what can be done now, then one line per command (or the one asked about).

        ``more``: the help lines of the answerers' questions (``rules``, ``why``), verb → sentence; ``shared`` and
        ``keys``: the front end's own lines for shared verbs and its keys, said last (`FrontHelp`).
        """
        ctx = self.ctx
        verbs = self.parser.verbs()
        if topic is not None and topic in verbs:
            return [(self.renderer.help_line(topic, ctx, table.state, shared), "help", {"topic": topic})]
        if topic is not None and topic in more:
            return [(more[topic], "help", {"topic": topic})]
        now, fields = self.now(table)
        lines: list[Answer] = [(now, "help", fields)]
        lines.extend((self.renderer.help_line(verb, ctx, table.state, shared), "help", {"topic": verb})
                     for verb in verbs)
        lines.extend((text, "help", {"topic": verb}) for verb, text in more.items())
        lines.extend((text, "help", {"topic": "keys"}) for text in keys)
        return lines


#: The commands that still work once a game is over, in the order ``help`` says them.
_AFTER_THE_END = ("undo", "status", "played", "card", "quit")


def _nth_answer(answers: Callable[[Context], list[Answer]], index: int) -> Sentence:
    """The sentence of one answer, in any language."""
    return lambda ctx: answers(ctx)[index][0]
