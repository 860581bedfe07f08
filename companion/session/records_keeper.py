"""The records as a listener: a finished game is kept, and with a score the table hears how it compares.

Only a live command records (not a replay on resume, nor a redo, but for an
end whose record undo took back): a game counts once. Undoing the step that
ended a game takes it out of the records again (in the same run: an end kept
by an earlier run stays until the game ends again). A game ended again in a
later run, after its end was undone, replaces its own record: the records key
each game by its save file's id (``Journal.save_id``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from companion.games.base import Command, OutcomeKind

if TYPE_CHECKING:
    from companion import records
    from companion.session.core import Session
    from companion.session.table import Step


class RecordsKeeper:
    """Keeps each finished game in the records (a `Listener` of the session)."""

    def __init__(self) -> None:
        #: The records row kept by the step that ended the game (by the step's index), taken back if it is undone;
        #: and the steps whose record was taken back, recorded again when redone.
        self._recorded: dict[int, tuple[int, bool]] = {}  # step index → (row, scored)
        self._forgotten: set[int] = set()

    def checking(self, session: Session, command: Command) -> None:
        pass

    def changed(self, session: Session, step: Step, before: Any) -> None:
        table = session.table
        if not table.rules.is_over(before) and table.is_over:
            self.keep(session)

    def redone(self, session: Session, step: Step, before: Any) -> None:
        index = session.table.step_count - 1
        if index in self._forgotten and session.table.is_over:
            self._forgotten.discard(index)
            self.keep(session)

    def undone(self, session: Session, step: Step) -> None:
        index = session.table.step_count
        kept = self._recorded.pop(index, None)
        if kept is None:
            return
        row, scored = kept
        from companion import records  # only when a game ends or its end is undone: sqlite3 is not a start-up cost

        try:
            records.forget(row, scored=scored)
        except records.RecordsError as error:
            session.say(records.problem_sentence(error, session.narrator.lang), "records", {"reason": error.reason})
            return
        self._forgotten.add(index)
        session.say(session.narrator.ctx.core("This game is taken out of the records."), "record_undone", {"row": row})

    @staticmethod
    def winners(session: Session) -> records.Winners:
        """Who won the game just finished, for the records: the table, in a cooperative game won or lost together
        (Num-X's cooperative modes, The Void), else each winner's id with the name the table gave (None without
        ``--names``: the records say "player 2" in the reader's language)."""
        from companion import records

        ended = session.table.outcome
        if ended is None or ended.kind is not OutcomeKind.WIN:
            return records.TABLE
        ctx = session.narrator.ctx
        return tuple((pid, session.narrator.renderer.player(ctx, pid) if ctx.names else None) for pid in ended.winners)

    def keep(self, session: Session) -> None:
        """Keep the game just finished in the records. A game without a score (Mindbug) is counted, silently;
        ``won`` is the table reaching its goal: a win, a cooperative win, or a game completed with a score (The Void)."""
        table, ctx = session.table, session.narrator.ctx
        ended = table.outcome
        if ended is None:
            return
        won = ended.kind in (OutcomeKind.WIN, OutcomeKind.COOPERATIVE_WIN, OutcomeKind.SCORE)
        from companion import records

        try:
            saved = table.journal
            kept = records.record(table.game.id, table.rules.variant_of(table.options), table.options.players,
                                  ended.score, won, winners=self.winners(session),
                                  save_id=saved.save_id if saved is not None else None)
        except records.RecordsError as error:
            session.say(records.problem_sentence(error, ctx.lang, lost=True), "records", {"reason": error.reason})
            return
        if kept.row is not None:
            self._recorded[table.step_count - 1] = (kept.row, kept.score is not None)
        if kept.score is None:
            return  # counted; a game without a score has no record to beat
        if kept.beats_best:
            text = ctx.core("A new record.")  # the game's end has just said the score
        else:
            # Translators: {best} a score, a number.
            text = ctx.core("{best}: the record to beat.", best=kept.previous_best)
        session.say(text, "record", {"score": kept.score, "previous_best": kept.previous_best, "variant": kept.variant})
