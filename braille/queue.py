"""The display's reading queue: nothing said is lost while the player reads.

A braille reader cannot be interrupted the way a listener can: a sentence that
replaces the one under the fingers is simply gone. So on a display the
companion reads the keys of (BrlAPI), announcements queue:

- A new sentence is shown at once only when the player has finished with the
  one shown (panned or pressed "next" past its end, or typed a new line);
  otherwise it waits, and the status cell (see ``status_cell``) says how many wait.
- A typed line is the player moving on, as it is for the voice: the ordinary
  sentences still waiting from before it are dropped (the history keeps them
  for review), the urgent ones and the set-up (``kept``) are not.
- Forward pan at a sentence's last segment, or the "next" key, shows the next one.
  A long announcement is several display lines of whole sentences (``Entry.lines``):
  "next" and "previous" move a line at a time, so reading line after line skips
  nothing, and the status cell counts the lines still to read.
- An urgent sentence (a life, an error called, a round or game end: the
  important earcons of companion/data/earcons.toml) goes ahead of every
  ordinary one still waiting, behind the urgent ones already waiting; it is
  marked with dots 7 and 8 under every cell (``mark``).
- In a real-time game (The Void), a new play drops the plays of its kind still
  waiting, as the voice does: the player is never more than one play behind the
  table. The sentence being read is never replaced, and an urgent one is never dropped.

Pure: no display, no thread; `companion.braille.display` shows what it says.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from companion.braille.segments import Segment

#: Dots 7 and 8 (bits 6 and 7 of a Unicode braille cell): an urgent sentence's cells, and the status cell
#: while an urgent sentence waits.
URGENT_DOTS = 0xC0
#: The status cell's count: 1 to 9 as the digit's letter shape (dots of a to i), 10 or more as a full six-dot cell.
_DIGIT_DOTS = (0x00, 0x01, 0x03, 0x09, 0x19, 0x11, 0x0B, 0x1B, 0x13, 0x0A)
_MANY_DOTS = 0x3F


@dataclass
class Entry:
    """One announcement waiting or read: its segments, and how it may be queued."""

    parts: list[Segment]
    urgent: bool = False
    #: The earcon's kind ("play"…) for a sentence a newer one of the same kind supersedes (real time), else None.
    supersedes: str | None = None
    #: Never dropped by a typed line (the set-up); an urgent sentence never is either.
    kept: bool = False
    #: The first segment of each display line of whole sentences (`companion.braille.segments.sentence_lines`).
    lines: tuple[int, ...] = (0,)

    def line_of(self, segment: int) -> int:
        """The display line (an index in ``lines``) that ``segment`` belongs to."""
        return max(i for i, first in enumerate(self.lines) if first <= segment)

    def line_end(self, segment: int) -> int:
        """The last segment of the display line ``segment`` belongs to."""
        line = self.line_of(segment)
        return self.lines[line + 1] - 1 if line + 1 < len(self.lines) else len(self.parts) - 1


def mark(cells: str) -> str:
    """``cells`` with dots 7 and 8 added to every cell (an urgent sentence), blanks between words included."""
    return "".join(chr(ord(cell) | URGENT_DOTS) if 0x2800 <= ord(cell) <= 0x28FF else cell for cell in cells)


def status_cell(unread: int, urgent_waiting: bool) -> str:
    """The status cell: how many display lines wait unread (blank: none), with dots 7-8 when one of them is urgent."""
    count = _DIGIT_DOTS[unread] if unread < len(_DIGIT_DOTS) else _MANY_DOTS
    return chr(0x2800 + count + (URGENT_DOTS if urgent_waiting else 0))


@dataclass
class ReadingQueue:
    """The sentences read in this answer (``seen``, panned through) and those waiting (``waiting``)."""

    #: At most this many sentences are kept for panning back.
    kept: int = 200
    seen: list[Entry] = field(default_factory=list)
    waiting: list[Entry] = field(default_factory=list)
    #: The sentence shown (an index in ``seen``) and its segment.
    at: int = 0
    segment: int = 0
    #: The furthest segment reached in the newest announcement shown (its lines after it are still to read).
    furthest: int = 0
    #: The player has finished with what is shown: the next sentence is shown as soon as it comes.
    caught_up: bool = True
    #: Plays dropped because a newer one superseded them before they were read (for the benchmarks).
    dropped: int = 0
    #: Ordinary sentences dropped unread because a line was typed.
    skipped: int = 0

    @property
    def unread(self) -> int:
        """How many display lines wait to be read: the rest of the newest line shown (a sentence wider than the
        display, not panned to its end yet), its announcement's next lines, then those waiting."""
        newest = self.seen[-1] if self.seen and not self.caught_up else None
        after = 0
        if newest is not None:
            after = len(newest.lines) - 1 - newest.line_of(self.furthest) + (self.furthest < newest.line_end(
                self.furthest))
        return after + sum(len(waiting.lines) for waiting in self.waiting)

    @property
    def urgent_waiting(self) -> bool:
        return any(entry.urgent for entry in self.waiting)

    @property
    def shown(self) -> Entry | None:
        return self.seen[self.at] if self.seen else None

    def current(self) -> Segment | None:
        """The segment on the display, or None when nothing is."""
        entry = self.shown
        return entry.parts[self.segment] if entry is not None else None

    def add(self, entry: Entry) -> bool:
        """Queues ``entry`` (see the module docstring); True when it is shown at once."""
        if not entry.parts:
            return False
        if entry.supersedes is not None:
            kept = [e for e in self.waiting if e.supersedes != entry.supersedes]
            self.dropped += len(self.waiting) - len(kept)
            self.waiting = kept
        if entry.urgent:
            place = next((i for i, waiting in enumerate(self.waiting) if not waiting.urgent), len(self.waiting))
            self.waiting.insert(place, entry)
        else:
            self.waiting.append(entry)
        if self.caught_up:
            self._advance()
            return True
        return False

    def _advance(self) -> None:
        """Shows the first sentence waiting."""
        self.seen.append(self.waiting.pop(0))
        if len(self.seen) > self.kept:
            del self.seen[: len(self.seen) - self.kept]
        self.at, self.segment, self.furthest, self.caught_up = len(self.seen) - 1, 0, 0, False

    def next(self) -> Segment | None:
        """The next display line's first segment (in the shown announcement, one read again, else the first
        waiting); None when all are read. On a line wider than the display not read to its end yet, its next
        segment: reading line after line reads every word."""
        entry = self.shown
        if (entry is not None and self.at == len(self.seen) - 1 and entry.line_of(self.furthest) == entry.line_of(
                self.segment) and self.furthest < entry.line_end(self.segment)):
            self.segment = self.furthest + 1  # on from the furthest read, even after panning back
            return self._reached()
        if entry is not None and entry.line_of(self.segment) + 1 < len(entry.lines):
            self.segment = entry.lines[entry.line_of(self.segment) + 1]
            return self._reached()
        if self.at + 1 < len(self.seen):
            self.at, self.segment = self.at + 1, 0
        elif self.waiting:
            self._advance()
        else:
            self.caught_up = True
            return None
        return self.current()

    def _reached(self) -> Segment | None:
        """The current segment, moved forward to: in the newest announcement, the furthest read so far."""
        if self.at == len(self.seen) - 1:
            self.furthest = max(self.furthest, self.segment)
        return self.current()

    def previous(self) -> Segment | None:
        """The previous display line's first segment, or None at the first one kept."""
        entry = self.shown
        if entry is not None and entry.line_of(self.segment) > 0:
            self.segment = entry.lines[entry.line_of(self.segment) - 1]
            return self.current()
        if not self.seen or self.at == 0:
            return None
        self.at = self.at - 1
        self.segment = self.seen[self.at].lines[-1]
        return self.current()

    def pan(self, step: int) -> Segment | None:
        """Moves one segment (``step`` +1 or -1), crossing into the next or previous sentence; None at either end."""
        entry = self.shown
        if step > 0:
            if entry is not None and self.segment + 1 < len(entry.parts):
                self.segment += 1
                return self._reached()
            return self.next()
        if step < 0 and entry is not None:
            if self.segment > 0:
                self.segment -= 1
                return self.current()
            if self.at > 0:
                self.at -= 1
                self.segment = len(self.seen[self.at].parts) - 1
                return self.current()
        return None

    def new_answer(self) -> Segment | None:
        """A line was typed: the shown sentence and the ordinary ones waiting are done with (see the module).

        The first urgent or kept sentence waiting is shown now, if any; else the next sentence is shown at once.
        """
        self.seen, self.at, self.segment = [], 0, 0
        kept = [entry for entry in self.waiting if entry.urgent or entry.kept]
        self.skipped += len(self.waiting) - len(kept)
        self.waiting = kept
        if self.waiting:
            self._advance()
            return self.current()
        self.caught_up = True
        return None


__all__ = ["Entry", "ReadingQueue", "URGENT_DOTS", "mark", "status_cell"]
