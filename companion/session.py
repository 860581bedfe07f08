"""A game being played: typed lines in, announcements out, every change journaled.

The session is the only place that ties the layers together: it parses a line,
asks the rules core, writes the journal (before announcing), renders the
events and hands the sentences to the announcer. It is the same for every game
and for every front end (batch, interactive, tests).
"""

from __future__ import annotations

import traceback
from dataclasses import dataclass
from typing import Any, Callable

from companion import journal as journal_mod
from companion.announce import Announcer, Priority, Utterance
from companion.cards import CardSet
from companion.commands.base import Ask, Change, Control, ParseError, Request, Secret
from companion.games import GameInfo
from companion.games.base import Command, Event, RuleError
from companion.render import Context, Settings, render_ask, render_parse_error

#: Asks, without echo, the value of each player in ``parser.secret_steps(secret, state)``
#: and returns them in that order, or ``None`` when the user cancelled. The values are
#: never printed, spoken, brailled, kept in the history or saved: only the outcome is.
SecretHandler = Callable[["Session", Secret], "list[int] | None"]


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
        game: GameInfo,
        options: Any,
        settings: Settings,
        announcer: Announcer,
        journal: journal_mod.Journal | None = None,
        cards: CardSet | None = None,
    ) -> None:
        self.game = game
        self.rules = game.rules()
        self.parser = game.parser()
        self.renderer = game.renderer()
        self.cards = cards if cards is not None else game.cards()
        self.options = options
        self.initial = self.rules.new(options, self.cards)
        self.steps: list[Step] = []
        self.redo_stack: list[Command] = []
        self.announcer = announcer
        self.journal = journal
        self.settings = settings
        self.ctx = Context(settings, self.cards, self.renderer.DOMAIN, getattr(options, "names", ()))
        self.secret_handler: SecretHandler | None = None
        self.controls: dict[str, Callable[[dict[str, Any]], None]] = {}
        #: Called before each line (speech cuts off a stale sentence) and after it (pending notices).
        self.before_line: list[Callable[[], None]] = []
        self.after_line: list[Callable[[], None]] = []
        self.running = True
        self.last_error: BaseException | None = None

    # ----------------------------------------------------------------- state

    @property
    def state(self) -> Any:
        return self.steps[-1].state if self.steps else self.initial

    @property
    def is_over(self) -> bool:
        return bool(self.state.winner)

    def replay(self, commands: list[dict[str, Any]], redo: list[dict[str, Any]] | None = None) -> list[int]:
        """Rebuild the game from journal commands, silently; returns the indexes refused (should be none)."""
        refused = []
        for index, data in enumerate(commands):
            try:
                command = self.rules.command_from(data)
                state, events = self.rules.apply(self.state, command)
            except (ValueError, RuleError):
                refused.append(index)
                continue
            self.steps.append(Step(command, state, tuple(events)))
        self.redo_stack = []
        for data in reversed(redo or []):
            try:
                self.redo_stack.insert(0, self.rules.command_from(data))
            except ValueError:
                pass
        return refused

    # ----------------------------------------------------------------- announcing

    def say(self, text: str, event: str = "message", fields: dict[str, Any] | None = None,
            priority: Priority = Priority.NORMAL, remember: bool = True, skip: tuple[Any, ...] = ()) -> None:
        self.announcer.announce(Utterance(text, self.settings.lang, event, fields or {}, priority), remember=remember,
                                skip=skip)

    def announce(self, events: list[Event] | tuple[Event, ...]) -> None:
        for event in events:
            text = _sentence(self.renderer.render(event, self.ctx))
            if not text:  # nothing to say at this verbosity
                continue
            priority = Priority.NOW if event.name == "game_over" else Priority.NORMAL
            self.say(text, event.name, event.fields(), priority)

    def refuse(self, code: str, details: dict[str, Any], parse: bool = False) -> None:
        """One clear sentence for a refused line; nothing changed.

        A line that is not a command (``parse``) may be refused for reasons every
        game shares; a command the rules refuse is explained by the game.
        """
        text = render_parse_error(code, details, self.ctx) if parse else None
        if text is None:
            text = self.renderer.render_error(code, details, self.ctx)
        fields = {"code": code}
        # "text" is the sentence in a JSON line: what the user typed goes in "input".
        fields.update({("input" if k == "text" else k): _plain(v) for k, v in details.items()})
        self.say(_sentence(text), "error", fields, Priority.NOW)

    def start(self) -> None:
        """Announce the table as set up and the first turn."""
        self.announce(self.rules.opening(self.initial))

    # ----------------------------------------------------------------- lines

    def handle(self, line: str) -> bool:
        """Handle one typed line; ``False`` once the user asked to quit. Never raises."""
        for hook in self.before_line:
            hook()
        try:
            self._handle(line)
        except ParseError as error:
            self.refuse(error.code, error.details, parse=True)
        except RuleError as error:
            self.refuse(error.code, error.details)
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

    def change(self, command: Command) -> None:
        """Apply, journal (on disk first), then announce."""
        state, events = self.rules.apply(self.state, command)
        if self.journal is not None:
            self.journal.append(command.to_json())
        self.steps.append(Step(command, state, tuple(events)))
        self.redo_stack.clear()
        self.announce(events)

    def ask(self, request: Ask) -> None:
        if request.what in ("status", "played", "unseen"):
            events = self.rules.query(self.state, request.what, request.args)
            for event in events:
                self.say(_sentence(self.renderer.render(event, self.ctx)), event.name, event.fields(), Priority.NOW)
            return
        for text, event, fields in render_ask(request.what, request.args, self, self.ctx):
            self.say(text, event, fields, Priority.NOW)

    def control(self, request: Control) -> None:
        what = request.what
        if what == "undo":
            self.undo()
        elif what == "redo":
            self.redo()
        elif what == "quit":
            self.running = False
        elif what in self.controls:
            self.controls[what](request.args)
        elif what == "speech":
            self.say(self.ctx.core("No voice is in use: start the companion with --speech auto or --speech tts."),
                     "speech", {"on": False}, Priority.NOW)
        elif what == "pan":
            self.say(self.ctx.core("No braille display is in use: start the companion with --braille auto or --braille terminal."),
                     "pan", {}, Priority.NOW)
        elif what == "repeat":
            last = self.announcer.history.last
            if last is not None:
                self.announcer.announce(last, remember=False)
        else:
            raise KeyError(what)

    def undo(self) -> None:
        if not self.steps:
            raise ParseError("nothing_to_undo")
        step = self.steps.pop()
        if self.journal is not None:
            self.journal.mark("undo")
        self.redo_stack.append(step.command)
        minor = getattr(self.renderer, "MINOR_EVENTS", frozenset())
        headline = next((e for e in step.events if e.name not in minor), step.events[0] if step.events else None)
        what = _sentence(self.renderer.render(headline, self.ctx)) if headline else step.command.name
        status = self.rules.status(self.state)
        now = _sentence(self.renderer.status_head(status, self.ctx))
        self.say(self.ctx.core("Undone: “{what}” Now: {now}", what=what, now=now), "undo",
                 {"command": step.command.to_json()}, Priority.NOW)
        # The table puts things back by ear: say the parts of the status that changed
        # back, and the cards that leave or come back face up.
        before = dict(self.renderer.status_parts(self.rules.status(step.state), self.ctx))
        changed = [text for key, text in self.renderer.status_parts(status, self.ctx) if before.get(key) != text]
        changed += self._face_up_changes(step.state, self.state)
        # What hands and decks must undo, which no count shows (a drawn card back on its deck…).
        undo_hint = getattr(self.renderer, "undo_hint", None)
        if undo_hint is not None:
            changed += [_sentence(hint) for hint in (undo_hint(e, self.ctx) for e in reversed(step.events)) if hint]
        if changed:
            self.say(" ".join(changed), status.name, status.fields(), Priority.NOW)

    def _face_up_changes(self, before: Any, after: Any) -> list[str]:
        """``Back in hand: …`` and ``Face up again: …`` between two states, by player."""
        old = self.rules.query(before, "played", {})[0].face_up
        new = self.rules.query(after, "played", {})[0].face_up
        gone, back = [], []
        for pid in new:
            old_pile, new_pile = list(old.get(pid, ())), list(new[pid])
            for card in list(old_pile):
                if card in new_pile:
                    new_pile.remove(card)
                    old_pile.remove(card)
            name = self.renderer.player(self.ctx, pid)
            gone += [self.ctx.core("{card} of {player}", card=self.ctx.card(c), player=name) for c in old_pile]
            back += [self.ctx.core("{card} of {player}", card=self.ctx.card(c), player=name) for c in new_pile]
        sentences = []
        if gone:
            sentences.append(self.ctx.core("No longer face up: {cards}.", cards=self.ctx.join(gone)))
        if back:
            sentences.append(self.ctx.core("Face up again: {cards}.", cards=self.ctx.join(back)))
        return sentences

    def redo(self) -> None:
        if not self.redo_stack:
            raise ParseError("nothing_to_redo")
        command = self.redo_stack[-1]
        state, events = self.rules.apply(self.state, command)
        self.redo_stack.pop()
        if self.journal is not None:
            self.journal.mark("redo")
        self.steps.append(Step(command, state, tuple(events)))
        self.say(self.ctx.core("Redone."), "redo", {"command": command.to_json()}, Priority.NOW)
        self.announce(events)

    def close(self) -> None:
        if self.journal is not None:
            self.journal.close()


def _sentence(text: str) -> str:
    """A sentence starts with a capital, even "hero 2 draws"."""
    return text[:1].upper() + text[1:]


def _plain(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value
