"""Scanning a stickered card on a seat's page: the code read, said to that seat alone, the card entered in its hand.

The page (``scan.js``) reads the QR code itself where the browser can
(``BarcodeDetector``), else sends small JPEG frames over the seat's own
authenticated requests; each frame is decoded here in memory with zxing-cpp and
dropped at once: never stored, never sent on. A code read becomes one card added
to the seat's hand through the game's private-hands contract (its checks: a card
of this game, one this seat may hold, a copy not all face up), then the keeper
tells the page its hand and applies what the hands decide, as for a hand entered
in the lists. The answer goes to that page only.
"""

from __future__ import annotations

import io
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.games.base import RuleError
from companion.i18n import Translator
from companion.stickers import Code, read_payload
from companion.web.hands import Busy

if TYPE_CHECKING:
    from companion.web.hands import HandKeeper

#: The page's script (plain JavaScript, served from this server only).
SCRIPT_FILE = Path(__file__).parent / "static" / "scan.js"
#: The largest frame read (a 480-pixel-wide JPEG is 10 to 40 KB): anything larger is refused unread.
MAX_FRAME = 200_000
#: A code whose symbol is wider than this share of the frame is too close for the camera to focus.
TOO_CLOSE = 0.6


@dataclass(frozen=True)
class Scanned:
    """The answer to one code or frame: ``found`` a code, ``added`` its card to the hand, the sentence to say
    (empty when no code was seen), and ``hint`` (``near``: a code too close to read, ``none``: nothing seen)."""

    status: int
    found: bool
    added: bool
    message: str
    hint: str = ""
    #: The code read (this seat's own card: the answer goes to its page only), so the page ignores it while in view.
    code: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"ok": self.added, "found": self.found, "added": self.added, "message": self.message, "hint": self.hint,
                "code": self.code}


def decode(frame: bytes) -> tuple[list[str], bool]:
    """The QR codes' texts in one JPEG or PNG frame, and whether a code was seen too close to be read.

    The frame is read from memory and forgotten when this returns.
    """
    from PIL import Image, UnidentifiedImageError

    try:
        with Image.open(io.BytesIO(frame)) as image:
            if image.width * image.height > 4_000_000:
                return [], False
            grey = image.convert("L")
    except (UnidentifiedImageError, OSError, ValueError):
        return [], False
    return decode_image(grey)


def decode_image(grey: Any) -> tuple[list[str], bool]:
    """The QR codes' texts in a greyscale PIL image, and whether a code was seen too close to be read (zxing-cpp)."""
    import zxingcpp

    found = zxingcpp.read_barcodes(grey, formats=zxingcpp.BarcodeFormats(zxingcpp.BarcodeFormat.QRCode),
                                   return_errors=True)
    texts = [b.text for b in found if b.valid and b.text]
    near = any(not b.valid and abs(b.position.top_right.x - b.position.top_left.x) > TOO_CLOSE * grey.width
               for b in found)
    return texts, near


class Scanner:
    """A served table's scanning: each code read by a seat's page, checked and entered through its ``HandKeeper``."""

    def __init__(self, keeper: HandKeeper, game_id: str) -> None:
        self.keeper = keeper
        self.game_id = game_id
        #: The codes (copies) scanned into each seat's hand: the same sticker read again is not added twice while its
        #: card is still in that hand (another copy of the card is).
        self._added: dict[str, list[Code]] = {}

    def frame(self, seat_id: str, frame: bytes, lang: str) -> Scanned:
        """A frame from ``seat_id``'s camera: its first sticker code scanned, or guidance when none is read."""
        texts, near = decode(frame)
        for text in texts:
            return replace(self.scan(seat_id, text, lang), code=text)
        return Scanned(200, False, False, "", "near" if near else "none")

    def scan(self, seat_id: str, text: str, lang: str) -> Scanned:
        """``text`` read from a code by ``seat_id``'s page: its card added to that seat's hand, or why not."""
        t = Translator(lang, "web")
        code = read_payload(text)
        session = self.keeper.session
        if code is None or code.game != self.game_id or code.card not in session.table.cards:
            return Scanned(422, True, False, t("That code is no card of this game."))

        def action() -> Scanned:
            return self._add(seat_id, code, lang)

        try:
            return self.keeper.at_table(action)
        except Busy:
            return Scanned(503, True, False, t("The table is busy: send it again in a moment."))

    def _still_held(self, seat_id: str, hand: tuple[str, ...]) -> list[Code]:
        """The codes scanned into the hand whose cards it still holds (a card played, swapped or defeated left it)."""
        kept: list[Code] = []
        for code in reversed(self._added.get(seat_id, [])):  # the latest scans are the likeliest still held
            if sum(c.card == code.card for c in kept) < hand.count(code.card):
                kept.append(code)
        return kept[::-1]

    def _add(self, seat_id: str, code: Code, lang: str) -> Scanned:
        """Under the table's lock: the card checked by the game's private rules and added, then what it decides."""
        keeper, session = self.keeper, self.keeper.session
        t = Translator(lang, "web")
        state, cards, private = session.state, session.table.cards, keeper.private
        label = keeper.card_label(code.card, session.narrator.context(lang))
        held = private.held(state).get(seat_id, 0)
        known = keeper.hands.get(seat_id, ())
        if code in self._still_held(seat_id, known):
            # Translators: {card} a card's name, already translated.
            return Scanned(200, True, False, t("{card}: already in your hand.", card=label))
        if not held:
            return Scanned(422, True, False, keeper.problem(RuleError("no_hand", player=seat_id), lang))
        if len(known) >= held:
            # Translators: {card} a card's name, already translated; {count} a number; the form follows {count}.
            return Scanned(422, True, False, t.plural(
                "{card}: not added, your hand already holds its {count} card. To correct it, enter it again above.",
                "{card}: not added, your hand already holds its {count} cards. To correct it, enter it again above.",
                held, card=label))
        # The contract enters a whole hand or the cards still missing: one card more is checked as the hand so far.
        so_far = replace(private, held=lambda s: {**private.held(s), seat_id: len(known) + 1})
        try:
            hand = so_far.enter(state, cards, {seat_id: known}, seat_id, [*known, code.card])
        except RuleError as error:
            return Scanned(422, True, False, f"{label}. {keeper.problem(error, lang)}")
        self._added[seat_id] = [*self._still_held(seat_id, known), code]
        keeper.keep(seat_id, hand)
        # Translators: {card} a card's name, already translated.
        return Scanned(200, True, True, t("{card}. Added to your hand.", card=label))


#: Seconds a scan goes on without reading any code before it stops and gives the focus back to its button.
TIMEOUT = 30


def part(lang: str) -> str:
    """The "Scan a card" part of a seat's page: its button, its live region, and every word its script says."""
    from html import escape

    t = Translator(lang, "web")
    words = {
        "start": t("Scan a card"),
        # Translators: a button's label.
        "stop": t("Stop scanning"),
        "started": t("Camera on: hold a card about 15 cm in front of it, its sticker facing the camera."),
        "none": t("No card seen."),
        "near": t("Move the card away."),
        # Translators: said when the phone's torch is switched on.
        "torch": t("Torch on."),
        # Translators: {count} a number; the form follows {count}.
        "timedout": t.plural("Scanning stopped: no card read for {count} second.",
                             "Scanning stopped: no card read for {count} seconds.", TIMEOUT),
        # Translators: said when the camera stops.
        "stopped": t("Scanning stopped."),
        "nocamera": t("No camera can be opened: allow this page to use the camera, or enter your cards in the lists."),
    }
    data = "".join(f' data-{key}="{escape(value)}"' for key, value in words.items())
    title = escape(t("Scan a card"))
    intro = escape(t("Your camera reads the sticker of a card in your hand; what it reads is said here, to you only, "
                     "and the card is entered in your hand."))
    return f"""<h2 id="scan-title">{title}</h2>
<p>{intro}</p>
<p><button type="button" id="scan" aria-pressed="false" aria-describedby="scan-status" data-timeout="{TIMEOUT}"{data}>{
        escape(words["start"])}</button></p>
<div id="scan-status" role="log" aria-live="assertive" aria-relevant="additions"></div>
<script src="/scan.js"></script>"""


__all__ = ["MAX_FRAME", "SCRIPT_FILE", "TIMEOUT", "part", "Scanned", "Scanner", "decode", "decode_image"]
