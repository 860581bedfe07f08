"""``companion play --scan``: a webcam on the table's machine reads the sticker of a card played face up.

Each new code is said at the table, to every output (and each page in its
language): "Card scanned: Bee Bear, 8."; the table then types the play as usual,
so nothing is decided from a picture. Everything the camera sees is public: for
the cards in a hand, the players scan on their own pages (``companion/web/scan.py``).

Frames come from PyAV (FFmpeg's libraries, a well-kept wheel, much lighter than
OpenCV): a video device (``/dev/video0``, read through video4linux) or a video
file (a ``.y4m`` or any file FFmpeg reads: how the tests and a rehearsal feed it).
Each frame is decoded in memory with zxing-cpp, as on the pages, and dropped.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Generator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.i18n import Translator
from companion.sticker_codes import Reason, StickerRefused, deck_of, read

if TYPE_CHECKING:
    from companion.session import Session

#: Seconds (of the video's own clock) a code stays "the one just read": seen again meanwhile, it is not said again.
AGAIN = 3.0
#: Frames a second decoded at most from a live camera (others are skipped: the voice never falls behind).
RATE = 5.0
#: A failure nobody foresaw while reading a picture: logged with its traceback, said once, and the camera read on.
LOG = logging.getLogger("companion.session")


class ScanSourceError(Exception):
    """The camera or the video cannot be opened: one sentence."""


def _frames(source: str, lang: str) -> Generator[tuple[float, Any], None, None]:
    """(seconds, a greyscale PIL image) for each frame of ``source``, as they come. :raises ScanSourceError:"""
    t = Translator(lang, "tools")
    try:
        import av
    except ImportError:
        raise ScanSourceError(t("--scan needs PyAV: install it with pip install av (docs/scanning.en.md).")) from None
    live = source.startswith("/dev/")
    try:
        container = av.open(source, format="v4l2" if live else None, timeout=5.0)
    except (OSError, av.FFmpegError) as error:
        # FFmpeg's own number for a file it cannot decode means nothing to a player: said in words
        why = (t("not a video the companion can read") if isinstance(error, av.InvalidDataError)
               else _reason(error, lang))
        # Translators: {source} where it comes from: a camera or a player's name; {reason} why, a short phrase from the
        # system.
        raise ScanSourceError(t("The camera {source} cannot be opened: {reason}.", source=source,
                                reason=why)) from None
    last = -1.0
    try:
        for frame in container.decode(video=0):
            when = float(frame.time or 0.0)
            if live and when - last < 1.0 / RATE:
                continue
            last = when
            yield when, frame.to_image().convert("L")  # type: ignore[no-untyped-call]
    except av.FFmpegError:
        return
    finally:
        container.close()


def check_source(source: str, lang: str) -> None:
    """Open the source once before the game starts, before its save file is made: a wrong device stops at once and
    leaves nothing behind. A missing ``/dev/video9`` is no such device (the system's reason would blame a folder).

    :raises ScanSourceError:
    """
    path = Path(source)
    if not (path.is_file() or (source.startswith("/dev/") and path.exists())):
        t = Translator(lang, "tools")
        raise ScanSourceError(t("The camera {source} cannot be opened: {reason}.", source=source,
                                reason=t("no such device or file")))
    frames = _frames(source, lang)
    try:
        next(frames, None)
    finally:
        frames.close()


def _reason(error: Exception, lang: str) -> str:
    """Why a camera could not be opened, in the user's words (never the system's or FFmpeg's English)."""
    from companion.os_errors import reason

    number = getattr(error, "errno", None)
    return reason(number if isinstance(number, int) else None, Translator(lang, "core"))


class TableScanner:
    """A thread that reads codes from a camera and says each new card at the table."""

    def __init__(self, session: Session, source: str) -> None:
        self.session = session
        self.source = source
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self.said: list[str] = []  # the codes said, in order (for the tests and the log)
        self._failed = False  # a picture that could not be read was said (once)

    def start(self) -> None:
        self._thread = threading.Thread(target=self._run, name="companion-scan", daemon=True)
        self._thread.start()

    def stop(self, timeout: float = 5.0) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout)

    def wait(self, timeout: float) -> None:
        """Until the source ends (a video file), at most ``timeout`` seconds."""
        if self._thread is not None:
            self._thread.join(timeout)

    def _run(self) -> None:
        last: dict[str, float] = {}
        try:
            for when, image in _frames(self.source, self.session.narrator.lang):
                if self._stop.is_set():
                    return
                self._frame(when, image, last)
        except ScanSourceError as error:
            problem = str(error)
            self.session.run_soon(lambda: self.session.say(problem, "scan_error", {"stopped": True}))

    def _frame(self, when: float, image: Any, last: dict[str, float]) -> None:
        """One picture: each code in it said unless it was just read; a failure said once, and the next picture read."""
        from companion.web.frames import read_codes

        try:
            for text in read_codes(image)[0]:
                seen, last[text] = last.get(text, -AGAIN - 1), when
                if when - seen > AGAIN:
                    self._say(text)
        except Exception:  # a picture or a code nobody foresaw: the thread goes on with the next one
            LOG.exception("internal error while reading the table's camera")
            if not self._failed:
                self._failed = True
                self.session.run_soon(lambda: self.session.say_each(_unread, "scan_error", {"stopped": False}))

    def _say(self, text: str) -> None:
        session = self.session
        try:
            code, card = read(text, session.table.game.id, session.table.cards, deck_of(session.state))
        except StickerRefused as error:
            refused = error

            def wrong(ctx: Any) -> str:
                return _refusal(refused, ctx)

            session.run_soon(lambda: session.say_each(wrong, "scan_unknown", {"reason": refused.reason.value}))
            return

        def sentence(ctx: Any) -> str:
            t = Translator(ctx.lang, "tools")
            # Translators: {card} a card's name, already translated; {value} a card's value or the value typed.
            return t("Card scanned: {card}, {value}.", card=ctx.card(card.id), value=card.value)

        self.said.append(text)
        session.run_soon(lambda: session.say_each(sentence, "scan_card", {"card": card.id, "copy": code.copy}))


def _unread(ctx: Any) -> str:
    t = Translator(ctx.lang, "tools")
    return t("A picture from the camera could not be read: scanning goes on.")


def _refusal(error: StickerRefused, ctx: Any) -> str:
    """What the table hears of a code read that names no card of this table."""
    t = Translator(ctx.lang, "tools")
    if error.reason is Reason.NO_SUCH_COPY and error.card is not None:
        # Translators: {card} is a card's name; {copy} the number the sticker's code carries.
        return t.plural("Code read: {card} has {count} copy, not numbered {copy}.",
                        "Code read: {card} has {count} copies, none numbered {copy}.",
                        error.card.copies, card=ctx.card(error.card.id), copy=error.copy)
    if error.reason is Reason.NOT_IN_DECK and error.card is not None:
        # Translators: {card} is a card's name.
        return t("Code read: {card} is not in this game's deck.", card=ctx.card(error.card.id))
    return t("Code read: it is no card of this game.")


__all__ = ["AGAIN", "ScanSourceError", "TableScanner"]
