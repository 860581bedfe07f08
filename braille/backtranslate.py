"""A line typed in braille, back to the command it spells, with liblouis and the reader's own table.

The player chords a command as they write braille: in French intégral or abrégé, UEB grade 1 or 2, or a
computer braille table given with ``--braille-table``. The cells typed are back-translated as a whole line
(contractions depend on the words around them), then parsed as any typed line. `cells_for` is the other
way: the cells a player chords for a command, for the docs and the tests' round trips.
"""

from __future__ import annotations

from companion.braille.translate import BLANK, _louis, back_translate, table_list

#: Unicode braille: the cell of dots 1-8 is U+2800 + the dots' bit mask.
CELL_BASE = 0x2800


def cell(dots: int) -> str:
    """One cell in Unicode braille from its dots' bit mask (``0``: the blank cell, a space)."""
    if not 0 <= dots <= 0xFF:
        raise ValueError(f"{dots} is not a cell of dots 1 to 8")
    return chr(CELL_BASE + dots)


def dots_of(cells: str) -> list[int]:
    """Each cell's dots' bit mask (what the display's keys send), in order."""
    return [ord(c) - CELL_BASE for c in cells]


def line_from_cells(cells: str, lang: str, grade: int | None = None, table: str | None = None) -> str:
    """The text ``cells`` spell in the table (one space between words, none at the ends).

    :raises BrailleUnavailable: liblouis or the table is missing.
    """
    if not cells.strip(BLANK):
        return ""
    return " ".join(back_translate(cells, lang, grade, table).split())


def cells_for(line: str, lang: str, grade: int | None = None, table: str | None = None) -> str:
    """The cells a reader of the table chords for ``line`` (one blank cell between words): every letter as the
    table writes it, eight-dot cells included (not respelt as a six-dot document is).

    :raises BrailleUnavailable: liblouis or the table is missing.
    """
    return str(_louis(lang).translateString(table_list(lang, grade, table), " ".join(line.split())))


__all__ = ["cell", "cells_for", "dots_of", "line_from_cells"]
