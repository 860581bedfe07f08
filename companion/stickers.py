"""Sticker sheets: one small label per card copy, a QR code naming the game and the card, its name in print.

A phone's page (``companion/web/scan.py``) or the table's webcam reads the code, so a
blind player puts a physical card into their private hand without help. The code's
payload is the same in every language, short, and documented in docs/scanning.en.md:
``CMP1:GAME:CARD:COPY`` (capitals, so the QR code uses its compact alphanumeric mode;
read strictly, in any case, by ``companion.sticker_codes``). Beside the print sheet, a
PEF file holds the same names in braille, one label a line, for a transcriber to emboss
on transparent labels.

The QR codes are made with segno, the PDF with fpdf2 (pure Python, drawn from the same
layout as the SVG), the braille with liblouis through ``companion.braille``.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from collections.abc import Callable
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape, quoteattr

import segno

from companion import registry
from companion.cards import DATA_DIR, Card
from companion.registry import Game
from companion.sticker_codes import PREFIX, Code, payload, read_payload

PAPERS = ("a4", "letter")
KINDS = (".svg", ".pdf")


@dataclass(frozen=True)
class Label:
    """One sticker: its code and the card's name as printed on it."""

    code: Code
    text: str


@dataclass(frozen=True)
class Geometry:
    """A label's size and the paper's, in millimetres (from ``data/stickers.toml``)."""

    width: float
    height: float
    qr: float
    gap: float
    font: float
    paper_width: float
    paper_height: float
    margin: float

    @property
    def columns(self) -> int:
        return int((self.paper_width - 2 * self.margin + self.gap) // (self.width + self.gap))

    @property
    def rows(self) -> int:
        return int((self.paper_height - 2 * self.margin + self.gap) // (self.height + self.gap))

    @property
    def per_page(self) -> int:
        return self.columns * self.rows

    def place(self, index: int) -> tuple[float, float]:
        """The top-left corner of the ``index``-th label of a page."""
        row, column = divmod(index, self.columns)
        return self.margin + column * (self.width + self.gap), self.margin + row * (self.height + self.gap)


def geometry(paper: str) -> Geometry:
    """The label and paper sizes for ``paper`` (a4 or letter). :raises KeyError: another paper."""
    data = tomllib.loads((DATA_DIR / "stickers.toml").read_text(encoding="utf-8"))
    label, sheet = data["label"], data["paper"][paper]
    return Geometry(float(label["width"]), float(label["height"]), float(label["qr"]), float(label["gap"]),
                    float(label["font"]), float(sheet["width"]), float(sheet["height"]), float(sheet["margin"]))


def card_text(card: Card, lang: str) -> str:
    """The name printed on a card's sticker: with its value, unless the name already says it (Num-X's "Red 3")."""
    name = card.name(lang)
    return name if str(card.value) in name.split() else f"{name}, {card.value}"


def labels(game: Game, lang: str) -> list[Label]:
    """One label per card copy, in the order of the game's card file."""
    return [Label(Code(game.id, card.id, copy), card_text(card, lang))
            for card in game.cards().cards for copy in range(1, card.copies + 1)]


def games_with_cards() -> list[Game]:
    return [game for game in registry.GAMES if game.spec.data_file is not None]


# --------------------------------------------------------------------------- the print sheet


def _name_lines(text: str, width: float, size: float) -> tuple[list[str], float]:
    """The name in at most two lines that fit ``width`` mm, and the letter size that makes them fit."""
    per_char = 0.55  # a sans-serif letter's average width, as a share of its height
    words, lines, line = text.split(), [], ""
    most = max(1, int(width / (per_char * size)))
    for word in words:
        if line and len(line) + 1 + len(word) > most:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}".strip()
    lines.append(line)
    if len(lines) > 2:
        lines = [lines[0], " ".join(lines[1:])]
    longest = max(len(part) for part in lines)
    return lines, min(size, width / (per_char * max(longest, 1)))


def _modules(code: Code) -> tuple[list[tuple[int, int]], int]:
    """The dark modules of the code's QR symbol (error correction M, a quiet zone of 2 modules) and its side."""
    symbol = segno.make(str(code), error="m", micro=False, boost_error=False)
    rows = [list(row) for row in symbol.matrix_iter(scale=1, border=2)]
    return [(x, y) for y, row in enumerate(rows) for x, dark in enumerate(row) if dark], len(rows)


def svg_pages(game: Game, lang: str, paper: str) -> list[str]:
    """The sheet as SVG documents, one a page, sized in millimetres (print them at 100 %)."""
    g = geometry(paper)
    found = labels(game, lang)
    pages = []
    for start in range(0, len(found), g.per_page):
        parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{g.paper_width}mm" height="{g.paper_height}mm" '
                 f'viewBox="0 0 {g.paper_width} {g.paper_height}">',
                 f'<title>{escape(game.name(lang))}</title>',
                 f'<rect width="{g.paper_width}" height="{g.paper_height}" fill="#fff"/>']
        for index, label in enumerate(found[start:start + g.per_page]):
            x, y = g.place(index)
            dark, side = _modules(label.code)
            module = g.qr / side
            qx, qy = x + (g.width - g.qr) / 2, y + 0.5
            path = "".join(f"M{qx + mx * module:.3f} {qy + my * module:.3f}h{module:.3f}v{module:.3f}h-{module:.3f}z"
                           for mx, my in dark)
            lines, size = _name_lines(label.text, g.width - 1.5, g.font)
            top = qy + g.qr + size * 1.05
            text = "".join(f'<tspan x="{x + g.width / 2:.3f}" y="{top + i * size * 1.15:.3f}">{escape(part)}</tspan>'
                           for i, part in enumerate(lines))
            parts.append(f'<g class="sticker" data-code={quoteattr(str(label.code))} data-name={quoteattr(label.text)}>'
                         f'<rect x="{x:.3f}" y="{y:.3f}" width="{g.width}" height="{g.height}" fill="none" '
                         f'stroke="#999" stroke-width="0.15" stroke-dasharray="1 1"/>'
                         f'<path d="{path}" fill="#000"/>'
                         f'<text font-family="DejaVu Sans, Arial, sans-serif" font-size="{size:.3f}" '
                         f'text-anchor="middle" fill="#000">{text}</text></g>')
        parts.append("</svg>\n")
        pages.append("\n".join(parts))
    return pages


def pdf_text(text: str) -> str:
    """``text`` as the PDF's core font (Helvetica, Latin-1) can write it: a letter outside Latin-1 is respelt in
    Latin letters by anyascii ("L’Œil" → "L'Oeil", "Ω" → "O"); the SVG sheet keeps the name as it is."""
    from anyascii import anyascii

    return "".join(ch if ch.encode("latin-1", "ignore") else anyascii(ch) for ch in text)


def pdf_sheet(game: Game, lang: str, paper: str) -> bytes:
    """The same sheet as one PDF, a page per sheet, drawn with fpdf2 from the same layout."""
    from fpdf import FPDF

    g = geometry(paper)
    found = labels(game, lang)
    pdf = FPDF(unit="mm", format=(g.paper_width, g.paper_height))
    pdf.set_auto_page_break(False)
    pdf.set_title(pdf_text(game.name(lang)))
    pdf.set_creator("companion")
    for start in range(0, len(found), g.per_page):
        pdf.add_page()
        for index, label in enumerate(found[start:start + g.per_page]):
            x, y = g.place(index)
            pdf.set_draw_color(153)
            pdf.set_line_width(0.15)
            pdf.set_dash_pattern(1, 1)
            pdf.rect(x, y, g.width, g.height)
            pdf.set_dash_pattern()
            dark, side = _modules(label.code)
            module = g.qr / side
            qx, qy = x + (g.width - g.qr) / 2, y + 0.5
            pdf.set_fill_color(0)
            for mx, my in dark:
                pdf.rect(qx + mx * module, qy + my * module, module, module, style="F")
            lines, size = _name_lines(pdf_text(label.text), g.width - 1.5, g.font)
            pdf.set_font("Helvetica", size=size / 0.3528 / 0.72)  # points, from a capital's height in millimetres
            top = qy + g.qr + size * 1.05
            for i, part in enumerate(lines):
                pdf.text(x + (g.width - pdf.get_string_width(part)) / 2, top + i * size * 1.15, part)
    return bytes(pdf.output())


# --------------------------------------------------------------------------- the braille labels


def pef_labels(game: Game, lang: str, cells: int = 40, lines: int = 25) -> bytes:
    """The same names in braille, one label a paragraph, as PEF for a transcriber to emboss on transparent labels.

    :raises BrailleUnavailable: liblouis or its tables are missing.
    """
    from companion.braille.layout import Block, Paragraph, paginate
    from companion.braille.pef import Meta, write_pef
    from companion.braille.translate import DEFAULT_GRADE

    grade = DEFAULT_GRADE[lang]
    blocks = [Block((Paragraph(label.text, 0, 2),), keep=True) for label in labels(game, lang)]
    pages = paginate(blocks, lang, grade, None, cells, lines)
    meta = Meta(title=game.name(lang), language=lang, identifier=f"companion-stickers-{game.id}-{lang}-grade{grade}")
    return write_pef(pages, meta, cells, lines)


def page_paths(output: Path, count: int) -> list[Path]:
    """Where each page of an SVG sheet goes: ``output`` itself, then ``NAME-2.svg``, ``NAME-3.svg``…"""
    return [output] + [output.with_name(f"{output.stem}-{n}{output.suffix}") for n in range(2, count + 1)]


def braille_path(output: Path) -> Path:
    """The PEF written beside the print sheet: the same name, ending in ``.pef``."""
    return output.with_suffix(".pef")


# --------------------------------------------------------------------------- the command


def run(game: Game, lang: str, paper: str, output: Path | None, force: bool,
        write_file: Callable[[Path, bytes, bool, Any], str | None]) -> tuple[int, str]:
    """``companion stickers``: every file made first, then each written whole (``write_file`` says a problem in words).

    :returns: the exit status and the one sentence to say (what was written, or why nothing was).
    :raises CardDataError: the game's card file (a referee's correction) cannot be used.
    """
    from companion.i18n import Translator
    from companion.stickers_help import CLI_HELP
    from companion.written import refusal

    tools, core = Translator(lang, "tools"), Translator(lang, "core")
    if output is None or output.suffix.lower() not in KINDS:
        return 2, tools(CLI_HELP["kind"])
    from companion.braille.translate import BrailleUnavailable
    from companion.cards import CardDataError

    try:
        braille = pef_labels(game, lang)
    except CardDataError:  # the caller says it as every command does, in the user's words
        raise
    except (BrailleUnavailable, ValueError) as error:  # liblouis missing, a name wider than a line: nothing written
        return 1, str(error)
    if output.suffix.lower() == ".pdf":
        files = [(output, pdf_sheet(game, lang, paper))]
    else:
        pages = svg_pages(game, lang, paper)
        files = list(zip(page_paths(output, len(pages)), (page.encode("utf-8") for page in pages), strict=True))
    files.append((braille_path(output), braille))
    for path, _ in files:  # refused before anything is written: a folder, a missing folder, a file kept
        problem = refusal(path, force, core)
        if problem:
            return 2, problem
    for path, content in files:
        problem = write_file(path, content, force, core)
        if problem:
            return 2, problem
    return 0, tools(CLI_HELP["written"], count=len(labels(game, lang)), files=", ".join(str(p) for p, _ in files))


__all__ = ["Code", "Geometry", "KINDS", "Label", "PAPERS", "PREFIX", "braille_path", "card_text", "geometry",
           "labels", "page_paths", "payload", "pdf_sheet", "pef_labels", "read_payload", "run", "svg_pages"]
