"""The join address as a QR code (on screen or in a file), and the join code as one braille line.

The QR code is for a sighted helper or a phone's camera: it is drawn in the
terminal with half-block characters, or written as an SVG or PNG file; it is
never spoken or brailled (a sentence says it is there). The join code, on a
braille display, is in computer braille: one cell per letter or digit, no
contraction, so what is read is exactly what is typed.
"""

from __future__ import annotations

import contextlib
import io
import os
from itertools import zip_longest
from pathlib import Path

import segno

#: File name suffix → segno's kind of image.
KINDS = {".svg": "svg", ".png": "png"}
#: Pixels (SVG units) per module in a file: a 45-module code is 450 pixels wide, fine printed or on a screen.
SCALE = 10
#: The quiet zone around the code, in modules (what QR readers need).
BORDER = 4
#: Two modules a character, one above the other: (top, bottom) → character, 1 dark, 0 light.
#: Light modules are drawn and dark ones left blank, for a light-on-dark terminal (segno's and qrencode's way).
BLOCKS = {(1, 1): " ", (0, 1): "\u2580", (1, 0): "\u2584", (0, 0): "\u2588"}
#: Language → liblouis computer braille table (8 dots: one cell for each character, a capital with dot 7).
COMPUTER_TABLES = {"fr": "fr-bfu-comp8.utb", "en": "en-us-comp8-ext.utb"}


def qr_code(url: str) -> segno.QRCode:
    """The QR code of ``url``: a full QR code, never a Micro QR code (phone cameras do not read those)."""
    return segno.make_qr(url)


def qr_text(url: str) -> str:
    """``url`` as a QR code drawn with text characters, one line per two rows of modules, its quiet zone included."""
    rows = [tuple(row) for row in qr_code(url).matrix_iter(border=BORDER)]
    lines = []
    for top, bottom in zip_longest(rows[::2], rows[1::2], fillvalue=(1,) * len(rows[0])):
        lines.append("".join(BLOCKS[pair] for pair in zip(top, bottom, strict=True)))
    return "\n".join(lines) + "\n"


def qr_kind(path: Path) -> str:
    """The image kind a file name asks for. :raises ValueError: neither ``.svg`` nor ``.png``."""
    kind = KINDS.get(path.suffix.lower())
    if kind is None:
        raise ValueError(f"a QR code file ends in .svg or .png, not {path.suffix!r}")
    return kind


def qr_image(url: str, kind: str) -> bytes:
    """``url`` as a QR code image: ``svg`` (its title is the address) or ``png``."""
    buffer = io.BytesIO()
    extra = {"title": url} if kind == "svg" else {}
    qr_code(url).save(buffer, kind=kind, scale=SCALE, border=BORDER, **extra)
    return buffer.getvalue()


def write_qr(url: str, path: Path) -> None:
    """Write ``url`` as a QR code to ``path``, SVG or PNG by its suffix, whole or not at all (a file is replaced).

    :raises ValueError: not a ``.svg`` or ``.png`` name. :raises OSError: the file cannot be written.
    """
    content = qr_image(url, qr_kind(path))
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        with open(temporary, "xb") as handle:
            handle.write(content)
        os.replace(temporary, path)
    except OSError:
        with contextlib.suppress(OSError):
            temporary.unlink()
        raise


def braille_code(code: str, lang: str) -> str:
    """The join code as Unicode braille cells in computer braille, a blank cell between characters (as it is spoken).

    Cells pass through liblouis untouched, so an utterance's braille text may hold
    them amid words: the display translates the words and keeps these cells.
    :raises BrailleUnavailable: liblouis or the table is missing.
    """
    from companion.braille.translate import translate

    return translate(" ".join(code), lang, table=COMPUTER_TABLES.get(lang, COMPUTER_TABLES["en"]))


__all__ = ["braille_code", "qr_code", "qr_image", "qr_kind", "qr_text", "write_qr"]
