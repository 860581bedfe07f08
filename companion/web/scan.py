"""Scanning a stickered card on a seat's page: the code read, said to that seat alone, the card entered in its hand.

The page (``scan.js``) reads the QR code itself where the browser can
(``BarcodeDetector``), else sends small JPEG frames over the seat's own
authenticated requests; each frame is decoded in memory by ``companion.web.frames``
(a JPEG or PNG only, its size bounded first) and dropped at once: never stored,
never sent on. A code is read strictly (``companion.sticker_codes``); every refusal,
and any failure, is one sentence in the seat's language. A code read becomes one card added
to the seat's hand through the game's private-hands contract (its checks: a card
of this game, one this seat may hold, a copy not all face up), then the hands
tell the page its hand and applies what the hands decide, as for a hand entered
in the lists. The answer goes to that page only.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.games.base import RuleError
from companion.i18n import Translator
from companion.sticker_codes import Code, StickerRefused, deck_of, read
from companion.web.frames import FrameRefused, Why, decode, frame_sentence, read_codes, sticker_sentence
from companion.web.hands import Busy, Hands, at_table, card_label, problem

if TYPE_CHECKING:
    from companion.session import Session

#: The page's script (plain JavaScript, served from this server only).
SCRIPT_FILE = Path(__file__).parent / "static" / "scan.js"
#: The largest frame read (a 480-pixel-wide JPEG is 10 to 40 KB): anything larger is refused unread.
MAX_FRAME = 200_000
#: The status of a frame refused, by why.
REFUSED = {Why.FORMAT: 415, Why.SIZE: 413, Why.BROKEN: 422}
#: A failure nobody foresaw while scanning: logged with its traceback (tests fail on it), the page told in words.
LOG = logging.getLogger("companion.session")


@dataclass(frozen=True)
class Scanned:
    """The answer to one code or frame: ``found`` a code, ``added`` its card to the hand, the sentence to say
    (empty when no code was seen), and ``hint`` (``near``: a code too close to read, ``none``: nothing seen,
    ``refused``: a frame not read, or a failure, the sentence saying why)."""

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


class Scanner:
    """A served table's scanning: each code read by a seat's page, checked and added to its hand by `Hands.add`."""

    def __init__(self, session: Session, hands: Hands, game_id: str) -> None:
        self.session = session
        self.hands = hands
        self.game_id = game_id

    def frame(self, seat_id: str, frame: bytes, lang: str) -> Scanned:
        """A frame from ``seat_id``'s camera: its first sticker code scanned, guidance when none is read, or why the
        frame is not read (never an exception)."""
        def read_frame() -> Scanned:
            try:
                texts, near = decode(frame, seat_id)
            except FrameRefused as error:
                return Scanned(REFUSED[error.why], False, False, frame_sentence(error, lang), "refused")
            for text in texts:
                return replace(self._scan(seat_id, text, lang), code=text)
            return Scanned(200, False, False, "", "near" if near else "none")

        return self._safely(read_frame, lang)

    def scan(self, seat_id: str, text: str, lang: str) -> Scanned:
        """``text`` read from a code by ``seat_id``'s page: its card added to that seat's hand, or why not (in words,
        never an exception)."""
        return self._safely(lambda: self._scan(seat_id, text, lang), lang)

    @staticmethod
    def _safely(call: Callable[[], Scanned], lang: str) -> Scanned:
        try:
            return call()
        except Exception:  # the page still hears a sentence; the table's log keeps the traceback
            LOG.exception("internal error while scanning")
            t = Translator(lang, "web")
            return Scanned(500, False, False, t("The table could not read that: enter the card in the lists."),
                           "refused")

    def _scan(self, seat_id: str, text: str, lang: str) -> Scanned:
        t = Translator(lang, "web")
        session = self.session
        try:
            code, _ = read(text, self.game_id, session.table.cards, deck_of(session.state))
        except StickerRefused as error:
            label = "" if error.card is None else card_label(session, error.card.id, session.narrator.context(lang))
            return Scanned(422, True, False, sticker_sentence(error, lang, label))
        try:
            return at_table(self.session, lambda: self._add(seat_id, code, lang))
        except Busy:
            return Scanned(503, True, False, t("The table is busy: send it again in a moment."))

    def _add(self, seat_id: str, code: Code, lang: str) -> Scanned:
        """Under the table's lock: the card added by the game's private rules, then what it decides."""
        session = self.session
        t = Translator(lang, "web")
        label = card_label(session, code.card, session.narrator.context(lang))
        try:
            added = self.hands.add(session, seat_id, code)
        except RuleError as error:
            if error.code == "hand_full":
                # Translators: {card} is a card's name and value; {count} how many cards the hand holds.
                return Scanned(422, True, False, t.plural(
                    "{card}: not added, your hand already holds its {count} card. To correct it, enter it again above.",
                    "{card}: not added, your hand already holds its {count} cards. To correct it, enter it again above.",
                    int(error.details.get("held", 0)), card=label))
            if error.code == "no_hand":
                return Scanned(422, True, False, problem(session, error, lang))
            return Scanned(422, True, False, f"{label}. {problem(session, error, lang)}")
        if not added:
            # Translators: {card} is a card's name and value, as a page says it ("Guard, 1").
            return Scanned(200, True, False, t("{card}: already in your hand.", card=label))
        # Translators: {card} is a card's name and value, as a page says it ("Guard, 1").
        return Scanned(200, True, True, t("{card}. Added to your hand.", card=label))


#: Seconds a scan goes on without reading any code before it stops and gives the focus back to its button.
TIMEOUT = 30
#: Seconds at least between two guidance sentences ("No card seen.", "Move the card away."): the region is polite,
#: and guidance said often would crowd out the table's own announcements.
QUIET = 15


def part(lang: str) -> str:
    """The "Scan a card" part of a seat's page: its button, its live region, and every word its script says."""
    from html import escape

    t = Translator(lang, "web")
    words = {
        "start": t("Scan a card"),
        # Translators: a button: the camera stops.
        "stop": t("Stop scanning"),
        "started": t("Camera on: hold a card 15 cm in front of it, sticker facing the camera."),
        "none": t("No card seen."),
        "near": t("Move the card away."),
        # Translators: the camera's light was switched on.
        "torch": t("Torch on."),
        # Translators: {count} is a number of seconds.
        "timedout": t.plural("Scanning stopped: no card read for {count} second.",
                             "Scanning stopped: no card read for {count} seconds.", TIMEOUT),
        # Translators: the camera stopped.
        "stopped": t("Scanning stopped."),
        "nocamera": t("No camera opens. Allow this page to use it, or enter your cards in the lists."),
    }
    data = "".join(f' data-{key}="{escape(value)}"' for key, value in words.items())
    title = escape(t("Scan a card"))
    intro = escape(t("Your camera reads the sticker of a card in your hand. What it reads is said here, to you "
                     "only. The card is then entered in your hand."))
    return f"""<h2 id="scan-title">{title}</h2>
<p>{intro}</p>
<p><button type="button" id="scan" aria-pressed="false" aria-describedby="scan-status" data-timeout="{TIMEOUT}"
 data-quiet="{QUIET}"{data}>{
        escape(words["start"])}</button></p>
<div id="scan-status" role="log" aria-live="polite" aria-relevant="additions"></div>
<script src="/scan.js"></script>"""


#: Backward names: the decoding lives in ``companion.web.frames``.
decode_image = read_codes

__all__ = ["MAX_FRAME", "QUIET", "SCRIPT_FILE", "TIMEOUT", "part", "Scanned", "Scanner", "decode", "decode_image"]
