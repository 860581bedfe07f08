"""Cutting braille into lines at word boundaries: one rule for the display and for paper.

Widths are in cells. A display must show every word, so a word longer than the
display is cut into display-width pieces; paper must never split a word, so the
layout asks for an error instead.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.braille.translate import BLANK, Word


@dataclass(frozen=True)
class Segment:
    """One line of cells and the source text it shows."""

    cells: str
    text: str


class WordTooLong(ValueError):
    """A word wider than the line, where words may not be split."""

    def __init__(self, word: Word, width: int) -> None:
        super().__init__(f"the word {word.text!r} needs {len(word.cells)} cells, more than the {width} available")
        self.word = word
        self.width = width


def wrap(words: list[Word], width: int, first_width: int | None = None, *, split_long: bool = False) -> list[Segment]:
    """Greedy fill: as many whole words per line as fit, one blank cell between words.

    ``first_width`` lets the first line be shorter or longer (hanging indents).
    :raises WordTooLong: a word does not fit and ``split_long`` is false.
    """
    if width < 1:
        raise ValueError("width must be at least 1 cell")
    lines: list[Segment] = []
    cells: list[str] = []
    texts: list[str] = []
    used = 0  # cells on the current line, blanks between words included

    def limit() -> int:
        return first_width if first_width is not None and not lines else width

    def flush() -> None:
        nonlocal used
        if cells:
            lines.append(Segment(BLANK.join(cells), " ".join(texts)))
        cells.clear()
        texts.clear()
        used = 0

    def add(piece: str, text: str) -> None:
        nonlocal used
        used += len(piece) + (1 if cells else 0)
        cells.append(piece)
        texts.append(text)

    for word in words:
        if cells and used + 1 + len(word.cells) > limit():
            flush()
        if len(word.cells) <= limit():
            add(word.cells, word.text)
            continue
        if not split_long:
            raise WordTooLong(word, limit())
        rest = word.cells
        while len(rest) > limit():
            # A cut word's source cannot be divided cell by cell: each piece names the whole word.
            add(rest[: limit()], word.text)
            rest = rest[limit() :]
            flush()
        add(rest, word.text)
    flush()
    return lines
