"""A game being played: typed lines in, announcements out, every change journaled.

The session is the only place that ties the layers together: it parses a line,
asks the rules core, writes the journal (before announcing), renders the
events and hands the sentences to the announcer. It is the same for every game
and for every front end (batch, interactive, tests).
"""

from __future__ import annotations

import threading
import traceback
from pathlib import Path
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from companion import journal as journal_mod
from companion.announce import Announcer, Priority, Utterance
from companion.cards import CardSet
from companion.commands.base import READER_VERBS, Ask, Change, Control, ParseError, Request, Secret, Vocabulary, close_match
from companion.registry import Game
from companion.games.base import Command, Event, Outcome, OutcomeKind, RuleError, ToAct, Zone, plain
from companion.render import Context, Settings, capitalized, card_answer, cards_answer, render_parse_error

#: Asks, without echo, the value of each player in ``parser.secret_steps(secret, state)``
#: and returns them in that order, or ``None`` when the user cancelled. The values are
#: never printed, spoken, brailled, kept in the history or saved: only the outcome is.
SecretHandler = Callable[["Session", Secret], "list[int] | None"]


class Listener:
    """What follows the game beside the table (each player's private hand): told of every change, may refuse one.

    ``checking`` runs before the rules: a `RuleError` refuses the command and
    changes nothing. ``changed`` runs once the change is written and said;
    ``undone`` once a step is taken back, ``redone`` once it is applied again.
    Every method runs under the session's lock.
    """

    def checking(self, session: "Session", command: Command) -> None:
        pass

    def changed(self, session: "Session", step: "Step", before: Any) -> None:
        pass

    def undone(self, session: "Session", step: "Step") -> None:
        pass

    def redone(self, session: "Session", step: "Step", before: Any) -> None:
        pass


@dataclass(frozen=True)
class Step:
    """One accepted command and what it did, kept for undo."""

    command: Command
    state: Any  # the state after the command
    events: tuple[Event, ...]


class Session:
    """One game at the table."""

    def __init__(
        self,
        game: Game,
        options: Any,
        settings: Settings,
        announcer: Announcer,
        journal: journal_mod.Journal | None = None,
        cards: CardSet | None = None,
    ) -> None:
        self.game = game
        self.rules = game.rules
        self.parser = game.parser
        self.renderer = game.renderer
        self.cards = cards if cards is not None else game.cards()
        self.options = options
        self.initial = self.rules.new(options, self.cards)
        self.steps: list[Step] = []
        self.redo_stack: list[Command] = []
        self.announcer = announcer
        self.journal = journal
        self.settings = settings
        self.ctx = Context(settings, self.cards, self.renderer.domain, getattr(options, "names", ()),
                           self.parser.vocabulary)
        self.secret_handler: SecretHandler | None = None
        self.controls: dict[str, Callable[[dict[str, Any]], None]] = {}
        #: Called before each line (speech cuts off a stale sentence) and after it (pending notices).
        self.before_line: list[Callable[[], None]] = []
        self.after_line: list[Callable[[], None]] = []
        self.running = True
        self.last_error: BaseException | None = None
        #: The voice and the braille display in use, if any (``play`` sets them; the interactive mode stops speech).
        self.speech: Any = None
        self.braille: Any = None
        #: The command that brings this game back, as the player started the companion (said at quit).
        self.resume_command = f"companion play {game.id}"
        #: The line a refusal offered instead ("Did you mean Spider-Man? Type yes."), until the next line.
        self.suggestion: str | None = None
        # issue 17: the rules reader of ``rules`` (made at its first use) and the last refusal, for ``why``.
        self.rules_reader: Any = None
        self.last_refusal: str | None = None
        self.last_refused_line = ""
        self._line = ""
        self._answer_start = 0
        self._previous_answer: list[Utterance] = []
        #: One line, change or device's request at a time, whichever thread it comes from (the pages' server).
        self.lock = threading.RLock()
        self.listeners: list[Listener] = []
        #: The records row kept by the step that ended the game (by the step's index), taken back if it is undone;
        #: and the steps whose record was taken back, recorded again when redone.
        self._recorded: dict[int, int] = {}
        self._forgotten: set[int] = set()
        #: Other languages each sentence is also built in (players' pages in their own language), and their contexts.
        self.languages: set[str] = set()
        self._contexts: dict[str, Context] = {}
        #: Runs ``action`` on the table's own thread when it can (the interactive prompt), else here under the lock.
        self.run_soon: Callable[[Callable[[], None]], None] = self.run_here

    # ----------------------------------------------------------------- state

    @property
    def state(self) -> Any:
        return self.steps[-1].state if self.steps else self.initial

    @property
    def outcome(self) -> Outcome | None:
        return self.rules.outcome(self.state)

    @property
    def is_over(self) -> bool:
        return self.outcome is not None

    @property
    def to_act(self) -> ToAct | None:
        return self.rules.to_act(self.state)

    # ----------------------------------------------------------------- announcing

    def say(self, text: str, event: str = "message", fields: dict[str, Any] | None = None,
            priority: Priority = Priority.NORMAL, remember: bool = True, skip: tuple[Any, ...] = ()) -> None:
        self.announcer.announce(Utterance(text, self.settings.lang, event, fields or {}, priority), remember=remember,
                                skip=skip)

    def utterance(self, sentence: Callable[[Context], str], event: str = "message",
                  fields: dict[str, Any] | None = None, priority: Priority = Priority.NORMAL) -> Utterance:
        """One sentence built in the table's language and in each page's own (``languages``)."""
        texts = {lang: sentence(self.context(lang)) for lang in self.languages if lang != self.settings.lang}
        return Utterance(sentence(self.ctx), self.settings.lang, event, fields or {}, priority, texts=texts)

    def say_each(self, sentence: Callable[[Context], str], event: str = "message", fields: dict[str, Any] | None = None,
                 priority: Priority = Priority.NORMAL, remember: bool = True) -> None:
        """A sentence said once, in the table's language and on each page in its own."""
        self.announcer.announce(self.utterance(sentence, event, fields, priority), remember=remember)

    def announce(self, events: list[Event] | tuple[Event, ...]) -> None:
        for utterance in self.utterances(events):
            self.announcer.announce(utterance)

    def utterances(self, events: list[Event] | tuple[Event, ...]) -> list[Utterance]:
        """The sentences for ``events``, built before anything is written (a renderer bug then changes nothing)."""
        found = []
        for event in events:
            priority = Priority.NOW if event.name == "game_over" else Priority.NORMAL
            utterance = self.utterance(self._sentence_of(event), event.name, event.fields(), priority)
            if utterance.text:  # else nothing to say at this verbosity
                found.append(utterance)
        return found

    def _sentence_of(self, event: Event) -> Callable[[Context], str]:
        return lambda ctx: capitalized(self.renderer.render(event, ctx))

    def context(self, lang: str) -> Context:
        """The renderer's context in ``lang``: the table's own, or one more for a player's page."""
        if lang == self.settings.lang:
            return self.ctx
        if lang not in self._contexts:
            settings = replace(self.settings, lang=lang)
            self._contexts[lang] = Context(settings, self.cards, self.renderer.domain, getattr(self.options, "names", ()),
                                           self.parser.vocabulary)
        return self._contexts[lang]

    def run_here(self, action: Callable[[], None]) -> None:
        """In the caller's thread, once the table's line is done (after 5 s of waiting, not at all)."""
        if not self.lock.acquire(timeout=5.0):
            return
        try:
            action()
        finally:
            self.lock.release()

    def refusal(self, code: str, details: Mapping[str, Any], ctx: Context, parse: bool = False) -> str:
        """The sentence refusing a line (``parse``: one every game may refuse alike) or a command, in ``ctx``'s language."""
        text = render_parse_error(code, details, ctx) if parse else None
        return capitalized(text if text is not None else self.renderer.render_error(code, details, ctx))

    def refuse(self, code: str, details: dict[str, Any], parse: bool = False) -> None:
        """One clear sentence for a refused line; nothing changed.

        A line that is not a command (``parse``) may be refused for reasons every
        game shares; a command the rules refuse is explained by the game.
        """
        def sentence(ctx: Context) -> str:
            return self.refusal(code, details, ctx, parse)

        self.last_refusal, self.last_refused_line = code, self._line  # issue 17: for ``why``
        fields = {"code": code}
        # "text" is the sentence in a JSON line: what the user typed goes in "input".
        fields.update({("input" if k == "text" else k): plain(v) for k, v in details.items()})
        self.say_each(sentence, "error", fields, Priority.NOW)

    def start(self) -> None:
        """Announce the table as set up and the first turn."""
        self.announce(self.rules.opening(self.initial))

    # ----------------------------------------------------------------- lines

    def handle(self, line: str) -> bool:
        """Handle one typed line; ``False`` once the user asked to quit. Never raises."""
        with self.lock:
            return self._handle_locked(line)

    def _handle_locked(self, line: str) -> bool:
        for hook in self.before_line:
            hook()
        history = self.announcer.history.items
        self._previous_answer = history[self._answer_start:] or self._previous_answer
        self._answer_start = len(history)
        suggestion, self.suggestion = self.suggestion, None
        if suggestion is not None and _is_yes(line, self.parser.vocabulary):
            line = suggestion  # the user accepted the line offered
        self._line = line  # issue 17: the line a refusal refused, for ``why``
        try:
            self._handle(line)
        except ParseError as error:
            offered = self._suggest(line, error)
            details = error.details
            if offered is not None:
                self.suggestion, name = offered
                details = dict(details, suggestion=name)
            self.refuse(error.code, details, parse=True)
        except RuleError as error:
            self.refuse(error.code, error.details)
        except journal_mod.JournalWriteError as error:
            self.refuse("save_failed", {"path": str(error.path.name), "reason": error.reason,
                                        "detail": error.strerror or ""}, parse=True)
        except Exception as error:  # a bug must never lose the game
            self.last_error = error
            self.refuse("internal", {"detail": "".join(traceback.format_exception_only(error)).strip()}, parse=True)
        for hook in self.after_line:
            hook()
        return self.running

    def _handle(self, line: str) -> None:
        request = self.parser.parse(line, self.state)
        self.do(request)

    def do(self, request: Request) -> None:
        if isinstance(request, Secret):
            if self.secret_handler is None:
                raise ParseError("secret_needs_terminal")
            values = self.secret_handler(self, request)
            if values is not None:
                self.do(self.parser.resolve_secret(request, self.state, values))
        elif isinstance(request, Change):
            self.change(request.command)
        elif isinstance(request, Ask):
            self.ask(request)
        elif isinstance(request, Control):
            self.control(request)

    def change(self, command: Command, preface: Utterance | None = None) -> None:
        """The rules, then the sentences, then the journal (on disk), and only then the game moves on.

        Nothing before the write changes the session, so a refusal, a renderer bug
        or a full disk leave the game exactly as it was, on disk and in memory.
        ``preface`` is said first once the command is accepted (why nobody typed it).
        """
        with self.lock:
            for listener in self.listeners:
                listener.checking(self, command)
            before = self.state
            state, events = self.rules.apply(before, command)
            said = self.utterances(events)
            if self.journal is not None:
                self.journal.append(command.to_json())
            was_over = self.is_over
            step = Step(command, state, tuple(events))
            self.steps.append(step)
            self.redo_stack.clear()
            for utterance in ([preface] if preface is not None else []) + said:
                self.announcer.announce(utterance)
            if not was_over and self.is_over:
                self.keep_record()
            for listener in self.listeners:
                listener.changed(self, step, before)

    def keep_record(self) -> None:
        """A game that ends with a score is kept in the records, and the table hears how it compares.

        Only a live command records (not a replay on resume, nor a redo but of an end whose record undo took back):
        a game counts once.
        """
        from companion import records

        ended = self.outcome
        if ended is None or ended.score is None:
            return
        won = ended.kind in (OutcomeKind.WIN, OutcomeKind.COOPERATIVE_WIN)
        try:
            kept = records.record(self.game.id, self.rules.variant_of(self.options), self.options.players, ended.score, won)
        except records.RecordsError as error:
            self.say(records.problem_sentence(error, self.settings.lang), "records", {"reason": error.reason})
            return
        if kept.row is not None:
            self._recorded[len(self.steps) - 1] = kept.row
        if kept.beats_best:
            text = self.ctx.core("New record: {score}.", score=kept.score)
        else:
            text = self.ctx.core("The record to beat is {best}.", best=kept.previous_best)
        self.say(text, "record", {"score": kept.score, "previous_best": kept.previous_best, "variant": kept.variant})

    def _forget_record(self, index: int) -> None:
        """The step that ended the game is undone: the game it recorded leaves the records (a game counts once)."""
        from companion import records

        row = self._recorded.pop(index, None)
        if row is None:
            return
        try:
            records.forget(row)
        except records.RecordsError as error:
            self.say(records.problem_sentence(error, self.settings.lang), "records", {"reason": error.reason})
            return
        self._forgotten.add(index)
        self.say(self.ctx.core("This game is taken out of the records."), "record_undone", {"row": row})

    def ask(self, request: Ask) -> None:
        """A question: the game's queries, then what every game answers alike (card, cards, help)."""
        if request.what == "status" and request.args.get("short"):
            status = self.rules.status(self.state)
            first = [text for _, text in self.renderer.status_parts(status, self.ctx)[:1]]
            self.say(" ".join([capitalized(self.renderer.head(status, self.ctx)), *first]), status.name, status.fields(),
                     Priority.NOW)
            return
        found = self.answers(request)
        if found is not None:  # the same answers on each page, in its own language
            for sentence, event_name, fields in found:
                self.say_each(sentence, event_name, fields, Priority.NOW)
            return
        if request.what == "help":
            answers: list[tuple[str, str, dict[str, Any]]] = self.help_lines(request.args.get("topic"))
        elif request.what in ("rules", "why"):  # issue 17: the rules by section, the rule behind the last refusal
            from companion.rules_reader import answer_in_game

            answers = answer_in_game(self, request.what, request.args)
        else:
            raise KeyError(request.what)
        for text, event_name, fields in answers:
            self.say(text, event_name, fields, Priority.NOW)

    def answers(self, request: Ask) -> list[tuple[Callable[[Context], str], str, dict[str, Any]]] | None:
        """The answers to a question any player may be given (the game's queries, card, cards): each sentence in any
        language, its event and fields; ``None`` for the questions only the table answers (help, rules, why)."""
        query = self.rules.queries.get(request.what)
        if query is not None:
            return [(self._sentence_of(event), event.name, event.fields()) for event in query(self.state, request.args)]
        if request.what not in ("card", "cards"):
            return None

        def answers_in(ctx: Context) -> list[tuple[str, str, dict[str, Any]]]:
            if request.what == "card":
                return [card_answer(self.cards[request.args["card"]], ctx)]
            return cards_answer(self.cards, ctx)

        return [(_nth_answer(answers_in, index), event_name, fields)
                for index, (_, event_name, fields) in enumerate(answers_in(self.ctx))]

    def last_answer(self) -> list[Utterance]:
        """Every sentence of the last answer (a key's answer, or the last line's), for F2."""
        return self.announcer.history.items[self._answer_start:] or self._previous_answer

    def _suggest(self, line: str, error: ParseError) -> tuple[str, str] | None:
        """The corrected line to offer for an unknown command, card, player or help topic, and the word offered."""
        words = line.split()
        if not words:
            return None
        vocabulary = self.parser.vocabulary
        if error.code in ("unknown_command", "unknown_help"):
            index = 0 if error.code == "unknown_command" else 1
            if len(words) <= index:
                return None
            found = close_match(words[index], [w for names in vocabulary.verbs.values() for w in names if len(w) > 1])
            return None if found is None else (" ".join(words[:index] + [found] + words[index + 1:]), found)
        if error.code in ("unknown_card", "ambiguous_card", "extra_words"):
            typed = str(error.details.get("text", "")).rstrip("…").split()
            start = next((i for i in range(len(words)) if words[i:i + len(typed)] == typed), None) if typed else None
            if start is None:
                return None
            if error.code == "extra_words":  # "play proxima midnigth": a name cut short by a typo
                start = 1
            by_name = {name: card for card in self.cards.cards for name in (*card.names.values(), *card.aliases)}
            for end in range(min(len(words), start + 8), start, -1):  # the longest run from there close to a name
                found = close_match(" ".join(words[start:end]), by_name)
                if found is not None:
                    name = by_name[found].name(self.settings.lang)  # said as the table knows it, not an alias
                    return " ".join([*words[:start], name, *words[end:]]), name
            return None
        if error.code == "unknown_player":
            player = str(error.details.get("text", ""))
            if not player or player.endswith("…") or player not in line:
                return None
            names = [*self.rules.player_ids(self.state), *(getattr(self.options, "names", ()) or ())]
            found = close_match(player, names)
            return None if found is None else (line.replace(player, found, 1), found)
        return None

    def now(self) -> tuple[str, dict[str, Any]]:
        """Who must act and the commands that change the game now (F4, and the start of ``help``)."""
        ctx = self.ctx
        legal = list(self.rules.legal_commands(self.state))
        if not legal:
            return ctx.core("The game is over: undo, status, played, card and quit still work."), {"legal": legal}
        commands = ctx.join([ctx.verb(v) for v in legal], alternative=True)
        to_act = self.to_act
        if to_act is None or to_act.player is None:
            return ctx.core("Now: {commands}.", commands=commands), {"legal": legal}
        fields = {"player": to_act.player, "decision": to_act.decision, "legal": legal}
        if to_act.decision != "play":  # what is left to do, as the status says it ("… has played: type next.")
            head = capitalized(self.renderer.head(self.rules.status(self.state), ctx))
            return f"{head} {ctx.core('Now: {commands}.', commands=commands)}", fields
        text = ctx.core("{player} to play. Now: {commands}.", player=self.renderer.player(ctx, to_act.player),
                        commands=commands)
        return capitalized(text), fields

    def help_lines(self, topic: str | None = None) -> list[tuple[str, str, dict[str, Any]]]:
        """``help``: what can be done now, then one line per command (or the one asked about)."""
        ctx = self.ctx
        verbs = self.parser.verbs()
        if topic is not None and topic in verbs:
            return [(self.renderer.help_line(topic, ctx), "help", {"topic": topic})]
        from companion.rules_reader import help_lines as rules_help  # issue 17: rules and why, in every game

        rules_lines = rules_help(self.settings.lang)
        if topic in rules_lines:
            return [(rules_lines[topic], "help", {"topic": topic})]
        now, fields = self.now()
        lines: list[tuple[str, str, dict[str, Any]]] = [(now, "help", fields)]
        lines.extend((self.renderer.help_line(verb, ctx), "help", {"topic": verb}) for verb in verbs)
        lines.extend((rules_lines[verb], "help", {"topic": verb}) for verb in READER_VERBS)
        return lines

    def control(self, request: Control) -> None:
        what = request.what
        if what == "undo":
            self.undo()
        elif what == "redo":
            self.redo()
        elif what == "quit":
            self.running = False
        elif what == "save":
            self.save_copy(request.args["path"])
        elif what in self.controls:
            self.controls[what](request.args)
        elif what == "speech":
            self.say(self.ctx.core("No voice is in use: start the companion with --speech auto or --speech tts."),
                     "speech", {"on": False}, Priority.NOW)
        elif what == "pan":
            self.say(
                self.ctx.core("No braille display is in use: start the companion with --braille auto or --braille terminal."),
                "pan", {}, Priority.NOW)
        elif what == "repeat":
            for utterance in self._previous_answer:
                self.announcer.announce(utterance, remember=False)
        else:
            raise KeyError(what)

    def undo(self) -> None:
        if not self.steps:
            raise ParseError("nothing_to_undo")
        if self.journal is not None:
            self.journal.mark("undo")  # on disk first: a full disk leaves the game as it was
        step = self.steps.pop()
        self.redo_stack.append(step.command)
        for listener in self.listeners:
            listener.undone(self, step)
        minor = self.renderer.minor_events
        headline = next((e for e in step.events if e.name not in minor), step.events[0] if step.events else None)
        status = self.rules.status(self.state)

        def undone(ctx: Context) -> str:
            what = capitalized(self.renderer.render(headline, ctx)) if headline else step.command.name
            now = capitalized(self.renderer.head(status, ctx))
            return ctx.core("Undone: “{what}” Now: {now}", what=what, now=now)

        def changed(ctx: Context) -> str:
            """The table puts things back by ear: the parts of the status that changed back, the cards that leave or
            come back face up, and what hands and decks must undo, which no count shows (a drawn card back on its deck…)."""
            before = dict(self.renderer.status_parts(self.rules.status(step.state), ctx))
            found = [text for key, text in self.renderer.status_parts(status, ctx) if before.get(key) != text]
            found += self._zone_changes(self.rules.zones(step.state), self.rules.zones(self.state), ctx)
            hints = (self.renderer.undo_hint(e, ctx) for e in reversed(step.events))
            found += [capitalized(hint) for hint in hints if hint]
            return " ".join(found)

        self.say_each(undone, "undo", {"command": step.command.to_json()}, Priority.NOW)
        if changed(self.ctx):
            self.say_each(changed, status.name, status.fields(), Priority.NOW)
        self._forget_record(len(self.steps))

    def _zone_changes(self, old: Mapping[Zone, tuple[str, ...]], new: Mapping[Zone, tuple[str, ...]],
                      ctx: Context) -> list[str]:
        """``No longer face up: …`` and ``Face up again: …`` between the public zones of two states."""
        gone: list[str] = []
        back: list[str] = []
        for zone in sorted(set(old) | set(new), key=lambda z: list(new).index(z) if z in new else len(new)):
            old_pile, new_pile = list(old.get(zone, ())), list(new.get(zone, ()))
            for card in list(old_pile):
                if card in new_pile:
                    new_pile.remove(card)
                    old_pile.remove(card)
            gone += [self.renderer.zone_card(zone, card, ctx) for card in old_pile]
            back += [self.renderer.zone_card(zone, card, ctx) for card in new_pile]
        sentences = []
        if gone:
            sentences.append(ctx.core("No longer face up: {cards}.", cards=ctx.join(gone)))
        if back:
            sentences.append(ctx.core("Face up again: {cards}.", cards=ctx.join(back)))
        return sentences

    def redo(self) -> None:
        if not self.redo_stack:
            raise ParseError("nothing_to_redo")
        command = self.redo_stack[-1]
        state, events = self.rules.apply(self.state, command)
        said = self.utterances(events)
        if self.journal is not None:
            self.journal.mark("redo")
        self.redo_stack.pop()
        before = self.state
        step = Step(command, state, tuple(events))
        self.steps.append(step)
        self.say_each(lambda ctx: ctx.core("Redone."), "redo", {"command": command.to_json()}, Priority.NOW)
        for utterance in said:
            self.announcer.announce(utterance)
        if len(self.steps) - 1 in self._forgotten and self.is_over:  # its record was taken back by undo: kept again
            self._forgotten.discard(len(self.steps) - 1)
            self.keep_record()
        for listener in self.listeners:
            listener.redone(self, step, before)

    def save_copy(self, typed: str) -> None:
        """``save FILE``: the game so far in a new save file, which the game goes on in (after a full disk…)."""
        if not typed:
            raise ParseError("save_path_needed")
        path = Path(typed).expanduser()
        if self.journal is None:
            raise ParseError("not_saved")
        try:
            copy = self.journal.save_copy(path, [s.command.to_json() for s in self.steps],
                                          [c.to_json() for c in self.redo_stack])
        except FileExistsError:
            raise ParseError("save_exists", path=str(path)) from None
        except (OSError, ValueError) as error:
            raise ParseError("save_copy_failed", path=str(path), detail=getattr(error, "strerror", None) or "") from None
        self.journal.close()
        self.journal = copy
        self.say(self.ctx.core("Game saved in {path}; it goes on there.", path=str(path)), "saved", {"path": str(path)},
                 Priority.NOW)

    def restore(self, saved: journal_mod.Replay) -> journal_mod.ReplayResult:
        """Rebuild the game from a save file, silently: undo marks take back commands accepted in this replay."""

        def apply(data: dict[str, Any]) -> bool:
            try:
                command = self.rules.command_from(data)
                state, events = self.rules.apply(self.state, command)
            except (ValueError, RuleError):
                return False
            self.steps.append(Step(command, state, tuple(events)))
            return True

        result = journal_mod.replay(saved, apply, self.steps.pop)
        self.redo_stack = []
        for data in result.redo_commands:
            try:
                self.redo_stack.append(self.rules.command_from(data))
            except ValueError:
                pass
        return result

    def close(self) -> None:
        if self.journal is not None:
            self.journal.close()



def _nth_answer(answers: Callable[[Context], list[tuple[str, str, dict[str, Any]]]],
                index: int) -> Callable[[Context], str]:
    """The sentence of one answer, in any language."""
    return lambda ctx: answers(ctx)[index][0]


def _is_yes(line: str, vocabulary: Vocabulary) -> bool:
    """``yes`` / ``oui`` alone on a line: the answer to a suggestion."""
    words = line.split()
    return len(words) == 1 and vocabulary.is_word(words[0], "on") and words[0].lower() not in ("on",)
