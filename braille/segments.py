"""Cutting braille into lines at word boundaries: one rule for the display and for paper.

Widths are in cells. A display must show every word, so a word longer than the
display is cut into display-width pieces; paper must never split a word, so the
layout asks for an error instead.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from companion.braille.translate import BLANK, Word


@dataclass(frozen=True)
class Segment:
    """One line of cells and the source text it shows."""

    cells: str
    text: str


#: A word that ends a sentence: its text ends with . ? ! or … (closing quotes or brackets may follow).
_SENTENCE_END = re.compile(r"[.?!…][»”\"')\]]*$")


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


def sentence_texts(text: str) -> list[str]:
    """``text`` cut after each word that ends a sentence (. ? ! or …, closing quotes or brackets after it)."""
    sentences: list[list[str]] = [[]]
    for token in text.split():
        sentences[-1].append(token)
        if _SENTENCE_END.search(token):
            sentences.append([])
    return [" ".join(sentence) for sentence in sentences if sentence]


def sentence_lines(sentences: list[list[Word]], width: int) -> list[list[Segment]]:
    """Display lines of whole sentences (each sentence's words): as many whole sentences as fit on one line, a
    sentence wider than the line on lines of its own (panned, cut between words; a word wider than the line is
    cut too).

    A reader moving on by sentence (a display's line-down key) then never skips the end of a sentence cut at the
    line's edge, and a sentence that fits is never shown in two halves.
    """
    lines: list[list[Segment]] = []
    together: list[Word] = []  # whole sentences that fit one line together
    for sentence in (s for s in sentences if s):
        if together and len(wrap([*together, *sentence], width, split_long=True)) == 1:
            together.extend(sentence)
            continue
        if together:
            lines.append(wrap(together, width, split_long=True))
        together = list(sentence)
    if together:
        lines.append(wrap(together, width, split_long=True))
    return lines
