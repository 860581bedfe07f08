"""BRF: pages as North American ASCII braille, the plain format every embosser driver accepts.

One ASCII character per cell (the 64 six-dot cells in Unicode order below, the
same table as liblouis's ``en-us-brf.dis``), CR LF line ends, a form feed
between pages.
"""

from __future__ import annotations

import re

from companion.braille.layout import Page

#: ASCII braille for U+2800 … U+283F, in order.
NORTH_AMERICAN = " A1B'K2L@CIF/MSP\"E3H9O6R^DJG>NTQ,*5<-U8V.%[$+X!&;:4\\0Z7(_?W]#Y)="


#: The same, as a table for ``str.translate`` (one C call a line, not one lookup a cell).
_TO_ASCII = {0x2800 + index: char for index, char in enumerate(NORTH_AMERICAN)}
_NOT_SIX_DOTS = re.compile("[^\u2800-\u283f]")


def to_ascii(cells: str) -> str:
    """Unicode braille cells as ASCII braille.

    :raises ValueError: an eight-dot cell, which BRF cannot hold.
    """
    if _NOT_SIX_DOTS.search(cells):
        raise ValueError(f"BRF holds six-dot braille only: {cells!r} has eight-dot cells")
    return cells.translate(_TO_ASCII)


def write_brf(pages: list[Page]) -> bytes:
    return "\f".join("".join(to_ascii(line.cells) + "\r\n" for line in page.lines) for page in pages).encode("ascii")
