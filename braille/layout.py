"""Pages of braille for embossing: lines of at most ``cells`` cells, ``lines`` lines a page.

The content comes as blocks of paragraphs (no language, no game); this module
only decides where lines and pages break, following the habits of braille
transcribers: words are never split, a heading stays with what follows it, a
block marked ``keep`` (one card) is not split across pages when it fits on one,
and the braille page number sits on the last line, right-aligned.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.braille.segments import Segment, WordTooLong, wrap
from companion.braille.translate import BLANK, respell, respelt_words, translate, words
from companion.i18n import Translator

MIN_CELLS = 16
MIN_LINES = 4


@dataclass(frozen=True)
class Paragraph:
    """Text that wraps: ``indent`` blank cells before its first line, ``runover`` before the others."""

    text: str
    indent: int = 0
    runover: int = 0
    centre: bool = False


@dataclass(frozen=True)
class Block:
    """Paragraphs that belong together.

    ``heading``: preceded by a blank line (except at the top of a page) and never
    left alone at the bottom of a page. ``keep``: moved whole to the next page
    rather than split, when it fits on one page.
    """

    paragraphs: tuple[Paragraph, ...]
    heading: bool = False
    keep: bool = False


#: A line of a page: its cells, and the source text it shows (empty for a blank line).
Line = Segment


@dataclass(frozen=True)
class Page:
    number: int
    lines: tuple[Line, ...]  # exactly ``lines`` lines; the last one is the page number


def check_size(cells: int, lines: int, lang: str) -> None:
    """:raises ValueError: a page too small to hold a sheet (the message in ``lang``)."""
    if cells < MIN_CELLS or lines < MIN_LINES:
        t = Translator(lang, "braille")
        # Translators: error of the aid-sheet command when --cells or --lines is too small.
        raise ValueError(t(
            "A braille page needs at least {min_cells} cells and {min_lines} lines, not {cells} by {lines}.",
            min_cells=MIN_CELLS, min_lines=MIN_LINES, cells=cells, lines=lines,
        ))


def lay_paragraph(paragraph: Paragraph, cells: int, lang: str, grade: int | None, table: str | None) -> list[Line]:
    """The lines of one paragraph, indents and centring included."""
    found = words(paragraph.text, lang, grade, table)
    try:
        wrapped = wrap(found, cells - paragraph.runover, cells - paragraph.indent)
    except WordTooLong as error:
        t = Translator(lang, "braille")
        # Translators: error of the aid-sheet command: words are never split across lines.
        raise ValueError(t(
            "The word {word} needs {needed} cells but a line has {width}: use more cells per line.",
            word=error.word.text, needed=len(error.word.cells), width=error.width,
        )) from None
    laid = []
    for index, line in enumerate(wrapped):
        if paragraph.centre:
            margin = (cells - len(line.cells)) // 2
        else:
            margin = paragraph.indent if index == 0 else paragraph.runover
        laid.append(Line(BLANK * margin + line.cells, line.text))
    return laid


def respelling_note(blocks: list[Block], lang: str, grade: int | None = None, table: str | None = None) -> str | None:
    """The sentence a document ends with when some of its words were respelt for the braille table, once."""
    found = respelt_words([p.text for block in blocks for p in block.paragraphs], lang, grade, table)
    if not found:
        return None
    t = Translator(lang, "braille")
    # Translators: the last paragraph of a braille document whose names have letters the braille table lacks;
    # {words} lists the words as they are spelt in the document (Nguyen, not Nguyễn).
    return t("Letters this braille table cannot write are spelt without accents or in Latin letters: {words}.",
             words=", ".join(respell(word, lang, grade, table) for word in found))


def paginate(
    blocks: list[Block], lang: str, grade: int | None = None, table: str | None = None, cells: int = 40, lines: int = 25
) -> list[Page]:
    """Break ``blocks`` into numbered pages of ``cells`` × ``lines``.

    :raises ValueError: the page is too small, or a word is wider than a line.
    """
    check_size(cells, lines, lang)
    note = respelling_note(blocks, lang, grade, table)
    if note:
        blocks = [*blocks, Block((Paragraph(note, 0, 2),))]
    body = lines - 1
    laid = [[line for p in block.paragraphs for line in lay_paragraph(p, cells, lang, grade, table)] for block in blocks]
    pages: list[list[Line]] = [[]]

    def needed_for(index: int) -> int:
        """Lines that must fit together from block ``index``: a heading takes what follows (a chain of headings too)."""
        own = laid[index]
        block = blocks[index]
        if block.heading:
            if index + 1 >= len(blocks):
                return len(own)
            following = laid[index + 1]
            if blocks[index + 1].heading:  # a title then a section heading: neither ends a page
                return len(own) + 1 + len(laid[index + 1]) + min(1, len(laid[index + 2]) if index + 2 < len(blocks) else 0)
            keep_next = blocks[index + 1].keep and len(own) + len(following) <= body
            return len(own) + (len(following) if keep_next else min(1, len(following)))
        if block.keep and len(own) <= body:
            return len(own)
        return 1

    for index, block in enumerate(blocks):
        own = laid[index]
        needed = needed_for(index)
        if block.heading and index and blocks[index - 1].heading and pages[-1]:
            # Right under the heading before it: this one only needs its first line of text with it.
            needed = len(own) + min(1, len(laid[index + 1]) if index + 1 < len(blocks) else 0)
        elif not block.heading and index and blocks[index - 1].heading and pages[-1] and needed > body - len(pages[-1]):
            needed = 1  # a kept block that no longer fits under its heading is split rather than leave the heading alone
        gap = 1 if block.heading and pages[-1] else 0
        if pages[-1] and gap + min(needed, body) > body - len(pages[-1]):
            pages.append([])
            gap = 0
        if gap:
            pages[-1].append(Line("", ""))
        for line in own:
            if len(pages[-1]) == body:
                pages.append([])
            pages[-1].append(line)

    result = []
    for number, page in enumerate(pages, 1):
        label = translate(str(number), lang, grade, table)
        blank_lines = [Line("", "")] * (body - len(page))
        result.append(Page(number, (*page, *blank_lines, Line(BLANK * (cells - len(label)) + label, str(number)))))
    return result
