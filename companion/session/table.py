"""The table: the game, its options and cards, the steps taken, the redo stack and the save file.

It holds no language and says nothing (python-chess's ``Board`` beside what
prints it): the session asks it to try a command, to keep a step once its
sentences are built, to undo, redo, restore or copy the save. Every change is
written to the journal before the table moves on, so a full disk leaves the
game exactly as it was, on disk and in memory.
"""

from __future__ import annotations

import os

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import msgspec

from companion import journal as journal_mod
from companion.cards import CardSet
from companion.commands.base import ParseError
from companion.games.base import Command, Event, Outcome, RuleError, Rules, ToAct, Zone
from companion.games.state_json import state_from_json, state_to_json
from companion.registry import Game


class Step(msgspec.Struct, frozen=True):
    """One accepted command and what it did, kept for undo."""

    command: Command
    state: Any  # the state after the command
    events: tuple[Event, ...]


class Table:
    """One game at the table, as data: what was played, nothing of how it is said."""

    def __init__(self, game: Game, options: Any, cards: CardSet | None = None,
                 journal: journal_mod.Journal | None = None) -> None:
        """:raises RuleError: options the rules refuse."""
        self.game = game
        self.rules: Rules[Any, Any] = game.rules
        self.cards = cards if cards is not None else game.cards()
        self.options = options
        self.initial = self.rules.new(options, self.cards)
        self._steps: list[Step] = []
        self._redo: list[Command] = []
        self._journal = journal
        #: Resumed from a checkpoint: its state and how many steps were in force then (not in ``_steps``
        #: until something needs them: an undo past it, ``steps``, ``save_copy``; see ``_load_older``).
        self._floor: tuple[Any, int] | None = None
        self._saved_at: tuple[Path, int] | None = None  #: the save file and the checkpoint's line
        self._skipped = 0  #: lines of the save file skipped when it was replayed (said in checkpoints)

    # ----------------------------------------------------------------- what the table shows

    @property
    def state(self) -> Any:
        if self._steps:
            return self._steps[-1].state
        return self._floor[0] if self._floor is not None else self.initial

    @property
    def steps(self) -> tuple[Step, ...]:
        self._load_older()
        return tuple(self._steps)

    @property
    def step_count(self) -> int:
        """How many steps are in force (without reading a long save's older steps back)."""
        return len(self._steps) + (self._floor[1] if self._floor is not None else 0)

    @property
    def redo_commands(self) -> tuple[Command, ...]:
        return tuple(self._redo)

    @property
    def journal(self) -> journal_mod.Journal | None:
        """The save file the game is written to (``None``: not saved, as in a review)."""
        return self._journal

    @property
    def outcome(self) -> Outcome | None:
        return self.rules.outcome(self.state)

    @property
    def is_over(self) -> bool:
        return self.outcome is not None

    @property
    def to_act(self) -> ToAct | None:
        return self.rules.to_act(self.state)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(getattr(self.options, "names", ()) or ())

    def zones(self, state: Any) -> Mapping[Zone, tuple[str, ...]]:
        return self.rules.zones(state)

    # ----------------------------------------------------------------- changes

    def attempt(self, command: Command) -> Step:
        """The step ``command`` would make, not kept yet. :raises RuleError: the rules refuse it."""
        state, events = self.rules.apply(self.state, command)
        return Step(command, state, tuple(events))

    def keep(self, step: Step) -> None:
        """Write ``step`` to the save file, then keep it; a new change empties the redo stack.

        :raises JournalWriteError: nothing was kept.
        """
        if self._journal is not None:
            self._journal.append(step.command.to_json())
        self._steps.append(step)
        self._redo.clear()
        self._checkpoint()

    def undoable(self) -> tuple[Step, Any]:
        """The step ``undo`` would take back and the state in force once it is; nothing changes.

        :raises ParseError: ``nothing_to_undo``.
        """
        if not self._steps:
            self._load_older()
        if not self._steps:
            raise ParseError("nothing_to_undo")
        if len(self._steps) > 1:
            return self._steps[-1], self._steps[-2].state
        return self._steps[-1], self._floor[0] if self._floor is not None else self.initial

    def undo(self) -> Step:
        """Take back the last step. :raises ParseError: ``nothing_to_undo``; :raises JournalWriteError: nothing changed."""
        if not self._steps:
            self._load_older()
        if not self._steps:
            raise ParseError("nothing_to_undo")
        if self._journal is not None:
            self._journal.mark("undo")  # on disk first: a full disk leaves the game as it was
        step = self._steps.pop()
        self._redo.append(step.command)
        self._checkpoint()
        return step

    def attempt_redo(self) -> Step:
        """The step the last undone command makes again, not kept yet.

        :raises ParseError: ``nothing_to_redo``; :raises RuleError: the rules refuse it now.
        """
        if not self._redo:
            raise ParseError("nothing_to_redo")
        return self.attempt(self._redo[-1])

    def keep_redo(self, step: Step) -> None:
        """Write the redo mark, then keep ``step``. :raises JournalWriteError: nothing was kept."""
        if self._journal is not None:
            self._journal.mark("redo")
        self._redo.pop()
        self._steps.append(step)
        self._checkpoint()

    def _checkpoint(self) -> None:
        """Every ``CHECKPOINT_EVERY`` lines, the state in force written to the save file (a long save resumes fast).

        A checkpoint that cannot be written loses nothing: the lines before it replay as they always did.
        """
        saved = self._journal
        if saved is None or saved.since_checkpoint < journal_mod.CHECKPOINT_EVERY:
            return
        try:
            saved.checkpoint(self.step_count, state_to_json(self.state), [c.to_json() for c in self._redo],
                             self._skipped)
        except (OSError, ValueError, TypeError):
            pass

    # ----------------------------------------------------------------- the save file

    def use_journal(self, journal: journal_mod.Journal) -> None:
        """The save file the game goes on in (set up once the game is replayed, or after ``save FILE``)."""
        if self._journal is not None and self._journal is not journal:
            self._journal.close()
        self._journal = journal

    def save_copy(self, typed: str) -> Path:
        """``save FILE``: the game so far in a new save file, which the game goes on in (after a full disk…).

        :raises ParseError: no path, no save file, the file exists, or it cannot be written.
        """
        if not typed:
            raise ParseError("save_path_needed")
        path = Path(typed).expanduser()
        if self._journal is None:
            raise ParseError("not_saved")
        self._load_older()
        if os.path.isdir(path):
            import errno

            raise ParseError("save_copy_failed", path=str(path), detail="", errno=errno.EISDIR)
        try:
            copy = self._journal.save_copy(path, [s.command.to_json() for s in self._steps],
                                           [c.to_json() for c in self._redo])
        except FileExistsError:
            raise ParseError("save_exists", path=str(path)) from None
        except (OSError, ValueError) as error:
            raise ParseError("save_copy_failed", path=str(path), detail=getattr(error, "strerror", None) or "",
                             errno=getattr(error, "errno", None)) from None
        self.use_journal(copy)
        return path

    def restore(self, saved: journal_mod.Replay) -> journal_mod.ReplayResult:
        """Rebuild the game from a save file, silently: undo marks take back commands accepted in this replay.

        ``saved`` read from its last checkpoint (``journal.read(path, from_checkpoint=True)``) starts from the
        checkpoint's state; when that state does not fit these rules, or an undo after it reaches past it, the
        whole file is read and replayed instead.
        """
        checkpoint = saved.checkpoint
        if checkpoint is not None:
            floor = self._checkpoint_state(saved, checkpoint)
            if floor is None:
                return self.restore(journal_mod.read(saved.path))
            self._floor, self._saved_at = floor, (saved.path, checkpoint.line)

        def apply(data: dict[str, Any]) -> bool:
            try:
                command = self.rules.command_from(data)
                state, events = self.rules.apply(self.state, command)
            except (ValueError, RuleError):
                return False
            self._steps.append(Step(command, state, tuple(events)))
            return True

        result = journal_mod.replay(saved, apply, self._steps.pop)
        if checkpoint is not None and (result.refused or result.ignored):  # what an undo took back is unsure
            self._steps, self._floor = [], None
            return self.restore(journal_mod.read(saved.path))
        self._redo = []
        for data in result.redo_commands:
            try:
                self._redo.append(self.rules.command_from(data))
            except ValueError:
                pass
        self._skipped = (checkpoint.skipped if checkpoint else 0) + result.damaged_count + len(result.refused) + len(
            result.ignored)
        return result

    def _checkpoint_state(self, saved: journal_mod.Replay, checkpoint: journal_mod.CheckpointLine) -> tuple[Any, int] | None:
        """The checkpoint's state and step count, or ``None`` when it cannot stand for the lines before it."""
        depth, redo = 0, len(checkpoint.redo)
        for entry in saved.entries:  # an undo that reaches past the checkpoint needs the steps before it
            if isinstance(entry, journal_mod.CommandLine):
                depth, redo = depth + 1, 0
            elif entry.op == "redo":
                depth, redo = depth + (redo > 0), max(0, redo - 1)
            elif depth == 0:
                return None
            else:
                depth, redo = depth - 1, redo + 1
        try:
            return state_from_json(checkpoint.state, type(self.initial), self.cards), checkpoint.steps
        except (ValueError, TypeError):
            return None

    def _load_older(self) -> None:
        """Resumed from a checkpoint: the steps before it, read back by replaying the save file's lines before it."""
        if self._floor is None or self._saved_at is None:
            return
        path, line = self._saved_at
        whole = journal_mod.read(path)
        whole.entries = [entry for entry in whole.entries if entry.line < line]
        older = Table(self.game, self.options, self.cards)
        older.restore(whole)
        self._steps, self._floor = older._steps + self._steps, None

    def close(self) -> None:
        if self._journal is not None:
            self._journal.close()
