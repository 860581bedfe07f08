"""What a seat's camera sends, read as data and never as a program: a frame, and a sticker's text.

A frame is decoded only if it is what a page's camera sends: a JPEG (``canvas.toBlob``), or a PNG. Its first bytes
are checked, then Pillow opens it with those two formats only (``Image.open(..., formats=...)``), so none of
Pillow's other plugins is ever imported or tried: no PostScript handed to Ghostscript, no format with its own
parser. The picture's size is read from its header and bounded before a single pixel is decoded. The pixels are
read in memory, searched for QR codes with zxing-cpp, and dropped.

A refused frame or sticker is one sentence in the seat's language (`frame_sentence`, `sticker_sentence`),
and a refused frame is logged (``companion.web``) without its content.
"""

from __future__ import annotations

import enum
import io
import logging
from typing import Any

from companion.i18n import Translator
from companion.sticker_codes import Reason, StickerRefused

LOG = logging.getLogger("companion.web")

#: A code whose symbol is wider than this share of the frame is too close for the camera to focus.
TOO_CLOSE = 0.6
#: The largest picture decoded: a page sends 480 pixels wide (a portrait camera makes it 480 × 854).
MAX_SIDE = 2000
MAX_PIXELS = 1_000_000
#: The formats a camera frame comes in, by their first bytes (Pillow's names).
MAGIC = {b"\xff\xd8\xff": "JPEG", b"\x89PNG\r\n\x1a\n": "PNG"}


class Why(enum.StrEnum):
    """Why a frame is not read."""

    #: Not a JPEG or a PNG (a PostScript, a TIFF, anything else): never handed to Pillow.
    FORMAT = "format"
    #: Its header claims a picture larger than a camera frame: no pixel decoded.
    SIZE = "size"
    #: A JPEG or PNG that cannot be decoded (cut short, damaged).
    BROKEN = "broken"


class FrameRefused(ValueError):
    """A frame that is not read, with why, and the size its header claims (``SIZE``)."""

    def __init__(self, why: Why, width: int = 0, height: int = 0) -> None:
        super().__init__(f"{why.value} {width}x{height}" if why is Why.SIZE else why.value)
        self.why = why
        self.width = width
        self.height = height


def kind(frame: bytes) -> str | None:
    """The format of ``frame`` by its first bytes: ``JPEG``, ``PNG``, or ``None`` for anything else."""
    return next((name for magic, name in MAGIC.items() if frame.startswith(magic)), None)


def open_frame(frame: bytes) -> Any:
    """``frame`` as a greyscale PIL image, decoded in memory. :raises FrameRefused:"""
    from PIL import Image, UnidentifiedImageError

    found = kind(frame)
    if found is None:
        raise FrameRefused(Why.FORMAT)
    try:
        with Image.open(io.BytesIO(frame), formats=[found]) as image:
            width, height = image.size
            if width > MAX_SIDE or height > MAX_SIDE or width * height > MAX_PIXELS:
                raise FrameRefused(Why.SIZE, width, height)
            return image.convert("L")
    except Image.DecompressionBombError:  # a header Pillow itself finds too large (above 179 million pixels)
        raise FrameRefused(Why.SIZE) from None
    except (UnidentifiedImageError, OSError, ValueError, SyntaxError, EOFError) as error:
        if isinstance(error, FrameRefused):
            raise
        raise FrameRefused(Why.BROKEN) from None


def read_codes(grey: Any) -> tuple[list[str], bool]:
    """The QR codes' texts in a greyscale PIL image, and whether a code was seen too close to be read (zxing-cpp)."""
    import zxingcpp

    found = zxingcpp.read_barcodes(grey, formats=zxingcpp.BarcodeFormats(zxingcpp.BarcodeFormat.QRCode),
                                   return_errors=True)
    texts = [b.text for b in found if b.valid and b.text]
    near = any(not b.valid and abs(b.position.top_right.x - b.position.top_left.x) > TOO_CLOSE * grey.width
               for b in found)
    return texts, near


def decode(frame: bytes, seat: str = "") -> tuple[list[str], bool]:
    """The QR codes' texts in one JPEG or PNG frame, and whether a code was seen too close to be read.

    The frame is read from memory and forgotten when this returns. :raises FrameRefused: (logged, with ``seat``)
    """
    try:
        grey = open_frame(frame)
    except FrameRefused as error:
        LOG.warning("frame refused from seat %s: %s, %d bytes, starting %s", seat or "?", error, len(frame),
                    frame[:8].hex())
        raise
    return read_codes(grey)


def frame_sentence(error: FrameRefused, lang: str) -> str:
    """What a seat's page says of a frame refused."""
    t = Translator(lang, "web")
    if error.why is Why.FORMAT:
        return t("That picture is not a camera frame (JPEG or PNG): it was not read.")
    if error.why is Why.SIZE:
        if error.width:
            # Translators: a picture's size in pixels, as "4000 by 3000" (no "×": braille tables garble it).
            return t("That picture is too large to read: {width} by {height} pixels.", width=error.width,
                     height=error.height)
        return t("That picture is too large to read.")
    return t("That picture is damaged: it was not read.")


def sticker_sentence(error: StickerRefused, lang: str, label: str = "") -> str:
    """What a seat's page says of a code read that names no card of this table (``label``: the card as said)."""
    t = Translator(lang, "web")
    if error.reason is Reason.NO_SUCH_COPY and error.card is not None:
        # Translators: {card} is a card's name and value; {copy} the number the sticker's code carries.
        return t.plural("{card}: {count} copy, not numbered {copy}. Print its sticker again.",
                        "{card}: {count} copies, none numbered {copy}. Print its sticker again.",
                        error.card.copies, card=label, copy=error.copy)
    if error.reason is Reason.NOT_IN_DECK:
        # Translators: {card} is a card's name and value.
        return t("{card}: not in this game's deck.", card=label)
    return t("That code is no card of this game.")


__all__ = ["FrameRefused", "LOG", "MAX_PIXELS", "MAX_SIDE", "TOO_CLOSE", "Why", "decode", "frame_sentence", "kind",
           "open_frame", "read_codes", "sticker_sentence"]
