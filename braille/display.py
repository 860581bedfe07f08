"""Braille display outputs: every announced sentence also becomes a display line.

Like NVDA's braille buffer, a sentence longer than the display is cut into
display-width segments at word boundaries; the player pans through them, and a
new announcement always starts at its first segment. Outputs differ only in how
a segment is shown: BrlAPI dots (BRLTTY), text handed to a screen reader (which
brailles it with the user's own table), or a Unicode braille line in the terminal.

BrlAPI: the display is claimed for the companion's own terminal only
(``enterTtyMode()`` with the default tty, which BrlAPI finds from ``WINDOWPATH``
and ``WINDOWID`` in a graphical terminal, ``CONTROLVT``, or the text console
the companion runs on). When BrlAPI cannot tell which terminal that is, the
companion does not fall back to ``enterTtyModeWithPath()``: with no path that
claims the root of BRLTTY's tty tree (or the whole X session's console, with
``WINDOWPATH``), i.e. the display of every console whose screen no other
client holds, so BRLTTY's own screen reading would be gone everywhere while
the game runs. The display's pan keys are read by a small thread of the
output itself, so they work in every mode (interactive or piped), and the
connection must answer within `START_TIMEOUT` seconds.
"""

from __future__ import annotations

import itertools
import platform
import select
import sys
import threading
from collections.abc import Callable
from typing import Any, TextIO

from companion.braille.marks import Marks
from companion.braille.queue import Entry, ReadingQueue, mark, status_cell
from companion.braille.segments import Segment, sentence_lines, sentence_texts, wrap
from companion.braille.translate import BrailleUnavailable, Word, words
from companion.announce import Utterance
from companion.i18n import Translator

DEFAULT_WIDTH = 40
SPECS = ("auto", "brlapi", "screenreader", "terminal", "none")
#: Seconds BRLTTY has to accept the connection and give the display.
START_TIMEOUT = 2.0
#: How often the key thread looks for keys BrlAPI has already read into its buffer.
KEY_POLL = 0.2


class TtyUnknown(Exception):
    """BrlAPI cannot tell which terminal the companion runs in."""


class NoAnswer(Exception):
    """BRLTTY accepted the connection but did not answer in time."""


class BrailleOutput:
    """An announcer output that keeps the last answer's sentences as segments and pans through them.

    Every sentence of one answer (all that a typed line made the companion say)
    stays reachable by panning: a new sentence is shown at once, and panning back
    from it reaches the sentences said before it in the same answer. ``new_answer``
    (called before each typed line) starts afresh. Subclasses only say how one
    segment is shown (``_show``).

    A ``queued`` output (a display whose keys the companion reads: BrlAPI) never
    replaces a sentence being read: new ones wait in a `ReadingQueue`
    (companion/braille/queue.py), urgent ones first and marked with dots 7-8,
    and the player moves on with the pan keys or ``next``. ``marks`` says which
    sentences are urgent, superseded (real time) or get a braille-only symbol.
    """

    #: At most this many segments are kept (a long answer keeps its end).
    KEPT = 200

    name = "none"

    def __init__(self, lang: str, width: int = DEFAULT_WIDTH, table: str | None = None, grade: int | None = None,
                 *, queued: bool = False, marks: Marks | None = None) -> None:
        if width < 1:
            raise ValueError("the display width must be at least 1 cell")
        self.lang = lang
        self.width = width
        self.table = table
        self.grade = grade
        self.marks = marks or Marks()
        self.parts: list[Segment] = []
        self.current = 0
        self.queue: ReadingQueue | None = ReadingQueue() if queued else None

    @property
    def segments(self) -> list[str]:
        """The cells of each segment of the current sentence."""
        return [part.cells for part in self.parts]

    @property
    def text_width(self) -> int:
        """Cells for the words (a queued display keeps its last two for a blank and the status cell)."""
        return self.width - 2 if self.queue is not None and self.width >= 4 else self.width

    @property
    def unread(self) -> int:
        """Sentences waiting to be read (always 0 on an output that shows each one at once)."""
        return self.queue.unread if self.queue is not None else 0

    def send(self, utterance: Utterance) -> None:
        """Show (or queue) a new sentence, translated with the table of the sentence's language."""
        marked = self.marks.of(utterance)
        if self.queue is not None:
            lines = self.display_lines(utterance)
            starts = tuple(itertools.accumulate((len(line) for line in lines[:-1]), initial=0))
            if lines:
                self.queue.add(Entry([part for line in lines for part in line], marked.urgent, marked.supersedes,
                                     marked.kept, starts))
                self._refresh()  # the new sentence, or the status cell's new count
            return
        found = self._words(utterance.braille_text, self._lang_of(utterance))
        if marked.symbol is not None:
            found = [Word(marked.symbol, marked.symbol), *found]
        added = wrap(found, self.text_width, split_long=True)
        if not added:
            return
        self.parts = (self.parts + added)[-self.KEPT:]
        self.current = len(self.parts) - len(added)
        self._show(self.parts[self.current])

    def _words(self, text: str, lang: str) -> list[Word]:
        """The sentence's words in cells (liblouis, with the table of the sentence's language)."""
        return words(text, lang, self.grade, self.table)

    def _lang_of(self, utterance: Utterance) -> str:
        """The language whose table brailles ``utterance``: its own, unless a table was named."""
        return utterance.lang if self.table is None else self.lang

    def display_lines(self, utterance: Utterance) -> list[list[Segment]]:
        """A queued display's lines of whole sentences for ``utterance`` (its symbol first), each sentence
        translated on its own: a line read alone shows what it says (no capitals passage or indicator left
        open from the sentence before), and line down reads on a whole sentence at a time."""
        lang = self._lang_of(utterance)
        sentences = [self._words(text, lang) for text in sentence_texts(utterance.braille_text)]
        symbol = self.marks.of(utterance).symbol
        if symbol is not None:
            sentences = [[Word(symbol, symbol), *(sentences[0] if sentences else [])], *sentences[1:]]
        return sentence_lines(sentences, self.text_width)

    def new_answer(self) -> None:
        """A new line was typed: what follows is a new answer, the old sentences are no longer panned to.

        On a queued display the sentence shown and the ordinary ones waiting are done with, as the voice
        drops them (the history keeps them); the first urgent one waiting, if any, is shown. Not in a
        real-time game, where the table types while the player reads: there only the keys move on.
        """
        if self.queue is not None and self.marks.real_time:
            return
        if self.queue is not None:
            if self.queue.new_answer() is not None:
                self._refresh()
            self.parts, self.current = [], 0
            return
        self.parts = []
        self.current = 0

    def pan(self, step: int) -> str | None:
        """Move ``step`` segments (+1 forward, -1 back); the segment now shown, or None at either end.

        On a queued display, forward from a sentence's last segment shows the next sentence.
        """
        if self.queue is not None:
            return self._shown_cells(self.queue.pan(step) if step else None)
        target = self.current + step
        if not self.parts or not 0 <= target < len(self.parts) or step == 0:
            return None
        self.current = target
        self._show(self.parts[target])
        return self.parts[target].cells

    def next(self) -> str | None:
        """The next sentence's first segment (the oldest unread one); None when every one is read."""
        if self.queue is None:
            return self.pan(1)
        return self._shown_cells(self.queue.next())

    def previous(self) -> str | None:
        """The previous sentence's first segment; None at the first one kept."""
        if self.queue is None:
            return self.pan(-1)
        return self._shown_cells(self.queue.previous())

    def _shown_cells(self, segment: Segment | None) -> str | None:
        """After a move in the queue: the display refreshed, and the cells now shown (None: nothing moved)."""
        if segment is None:
            return None
        return self._refresh()

    def _refresh(self) -> str | None:
        """Shows the queue's current segment (dots 7-8 under an urgent one); its cells."""
        assert self.queue is not None
        segment, entry = self.queue.current(), self.queue.shown
        if segment is None or entry is None:
            return None
        self.parts, self.current = entry.parts, self.queue.segment
        shown = Segment(mark(segment.cells), segment.text) if entry.urgent else segment
        self._show(shown)
        return shown.cells

    def show_typed(self, cells: str) -> None:
        """The line being typed on the display's keys, as typed (its end, when longer than the display); the
        sentences waiting stay in the queue, and the next one shown replaces the line."""
        self._show(Segment(cells[-self.text_width:], ""))

    def _show(self, segment: Segment) -> None:
        pass

    def close(self) -> None:
        pass


class NoBraille(BrailleOutput):
    """No display: nothing is translated, so a missing liblouis costs nothing."""

    def send(self, utterance: Utterance) -> None:
        pass


class TerminalBraille(BrailleOutput):
    """A Unicode braille line under each text line (for sighted helpers and for tests)."""

    name = "terminal"

    def __init__(self, lang: str, width: int = DEFAULT_WIDTH, table: str | None = None,
                 grade: int | None = None, stream: TextIO | None = None, *, marks: Marks | None = None) -> None:
        super().__init__(lang, width, table, grade, marks=marks)
        self.stream = stream if stream is not None else sys.stdout

    def _show(self, segment: Segment) -> None:
        self.stream.write(segment.cells + "\n")
        self.stream.flush()


class BrlapiBraille(BrailleOutput):
    """A display driven by BRLTTY: our own liblouis cells are written as dots.

    Unicode braille is a bitmask of dots (U+2800 + dot 1 = 1, dot 2 = 2, …), which
    is exactly BrlAPI's dot format. The display's own pan keys move through
    segments and on to the next sentence waiting (the display is queued: see
    `BrailleOutput`), its line-down and line-up keys to the next and previous
    sentence; a thread reads them (``key_reader``), so they work whether or
    not an event loop watches the connection. Writing, panning and reading keys
    are serialised by one lock: the key thread and the game's thread share the
    connection.

    The status cell is the display's last cell (the one before it stays blank):
    how many lines of sentences wait unread, blank for none, 1 to 9 as the digit's
    letter shape (dots of a to i), a full six-dot cell for 10 or more, with
    dots 7-8 while an urgent one waits (`companion.braille.queue.status_cell`).
    """

    name = "brlapi"

    def __init__(self, connection: Any, lang: str, width: int, table: str | None = None, grade: int | None = None,
                 *, key_reader: bool = True, marks: Marks | None = None) -> None:
        super().__init__(lang, width, table, grade, queued=True, marks=marks)
        self.connection = connection
        self.cells = int(connection.displaySize[0])
        #: BrlAPI's name of the display's driver ("EuroBraille", "FreedomScientific"…; "" when BRLTTY does not
        #: say), asked before the key thread shares the connection.
        self.driver = _driver_name(connection)
        self._lock = threading.RLock()
        self._stopping = threading.Event()
        self._dispatching = threading.Lock()
        self._keys: threading.Thread | None = None
        #: Called with each key code that is not a pan or line key (the braille keyboard: companion/ui/braille_keys.py).
        self.on_key: Callable[[int], None] | None = None
        if key_reader:
            self.start_key_reader()

    def send(self, utterance: Utterance) -> None:
        with self._lock:
            super().send(utterance)

    def pan(self, step: int) -> str | None:
        with self._lock:
            return super().pan(step)

    def next(self) -> str | None:
        with self._lock:
            return super().next()

    def previous(self) -> str | None:
        with self._lock:
            return super().previous()

    def new_answer(self) -> None:
        with self._lock:
            super().new_answer()

    def show_typed(self, cells: str) -> None:
        with self._lock:
            super().show_typed(cells)

    def line(self, segment: Segment) -> str:
        """The whole display: the segment, blanks, and the status cell last (when the display has 4 cells or more)."""
        cells = segment.cells[: self.text_width]
        if self.queue is not None and self.text_width < self.width:
            status = status_cell(self.queue.unread, self.queue.urgent_waiting)
            cells = cells.ljust(self.width - 1, "\u2800") + status
        return cells[: self.cells].ljust(self.cells, "\u2800")

    def _show(self, segment: Segment) -> None:
        self.connection.writeDots(bytes(ord(cell) - 0x2800 for cell in self.line(segment)))

    def fileno(self) -> int:
        """BrlAPI's socket, for an event loop that would rather call ``read_keys`` itself when it is readable."""
        return int(self.connection.fileDescriptor)

    def read_keys(self) -> None:
        """Pan on the display's forward/back keys, move on its line keys; hand every other key to ``on_key``
        (never blocks: reads only the keys already there). The other keys are handed over outside the display's
        lock, so a key that makes the game speak never waits for the display while the game's thread waits for
        the key; in the order read, even when the key thread and an event loop both read."""
        import brlapi

        with self._dispatching:
            others: list[int] = []
            with self._lock:
                moves = {brlapi.KEY_CMD_FWINRT: lambda: self.pan(1), brlapi.KEY_CMD_FWINLT: lambda: self.pan(-1),
                         brlapi.KEY_CMD_LNDN: self.next, brlapi.KEY_CMD_LNUP: self.previous}
                while (code := self.connection.readKey(False)) is not None:
                    key = brlapi.expandKeyCode(code)
                    if key["type"] == brlapi.KEY_TYPE_CMD and key["command"] in moves:
                        moves[key["command"]]()
                    else:
                        others.append(int(code))
            handler = self.on_key
            for code in others:
                if handler is not None:
                    handler(code)

    def start_key_reader(self) -> None:
        """Starts the thread that reads the pan keys (once; ``close`` stops it)."""
        if self._keys is not None:
            return
        self._keys = threading.Thread(target=self._read_keys_until_closed, name="braille-keys", daemon=True)
        self._keys.start()

    def _read_keys_until_closed(self) -> None:
        try:
            fd = self.fileno()
        except Exception:
            return
        while not self._stopping.is_set():
            try:
                # a key may also sit in BrlAPI's own buffer (read while a reply was awaited): look every KEY_POLL
                select.select([fd], [], [], KEY_POLL)
                if self._stopping.is_set():
                    return
                self.read_keys()
            except Exception:  # the connection is gone: panning by command still works
                return

    def close(self) -> None:
        self._stopping.set()
        if self._keys is not None and self._keys is not threading.current_thread():
            self._keys.join(timeout=2 * KEY_POLL + 1)
        with self._lock:
            try:
                self.connection.leaveTtyMode()
            finally:
                self.connection.closeConnection()


class ScreenReaderBraille(BrailleOutput):
    """Braille through the running screen reader (accessible_output2): it gets text and brailles it itself."""

    name = "screenreader"

    def __init__(self, reader: Any, lang: str, width: int = DEFAULT_WIDTH, table: str | None = None,
                 grade: int | None = None, *, marks: Marks | None = None) -> None:
        super().__init__(lang, width, table, grade, marks=marks)
        self.reader = reader

    def _words(self, text: str, lang: str) -> list[Word]:
        """liblouis's cells where it is installed; else one cell per letter (the screen reader's table may use fewer)."""
        try:
            return super()._words(text, lang)
        except BrailleUnavailable:
            return [Word(word, word) for word in text.split()]

    def _show(self, segment: Segment) -> None:
        self.reader.braille(segment.text)


def _driver_name(connection: Any) -> str:
    """The name BrlAPI gives the display's driver, or "" when it cannot be had."""
    try:
        name = connection.driverName
    except Exception:  # BrlAPI's own errors, or a connection without it
        return ""
    return name.decode("utf-8", "replace") if isinstance(name, bytes) else str(name)


def _open_brlapi(timeout: float = START_TIMEOUT) -> Any:
    """A BrlAPI connection holding the display for the companion's own terminal (see the module docstring).

    Host and key come from ``BRLAPI_HOST`` and ``BRLAPI_AUTH``, else BrlAPI's
    defaults. Raises `TtyUnknown`, `NoAnswer`, ImportError, or BrlAPI's own errors.
    """
    import brlapi

    result: list[Any] = []
    errors: list[BaseException] = []
    done = threading.Event()
    lock = threading.Lock()
    abandoned: list[bool] = []

    def connect() -> None:
        connection = None
        try:
            connection = brlapi.Connection()
            try:
                connection.enterTtyMode()  # our terminal only; never enterTtyModeWithPath() (the root)
            except brlapi.OperationError as error:
                raise TtyUnknown(str(error)) from error
            # BRLTTY keeps every key but the pan keys, which page through our segments and sentences,
            # and line down / line up, the next and previous sentence.
            connection.ignoreAllKeys()
            # The braille keyboard's keys too (companion/data/braille_keys.toml).
            commands, symbols = _keyboard_keys(brlapi)
            connection.acceptKeys(brlapi.rangeType_command, [brlapi.KEY_TYPE_CMD | command for command in (
                brlapi.KEY_CMD_FWINLT, brlapi.KEY_CMD_FWINRT, brlapi.KEY_CMD_LNDN, brlapi.KEY_CMD_LNUP)] + commands)
            connection.acceptKeys(brlapi.rangeType_key, symbols)
            result.append(connection)
        except BaseException as error:  # handed to the caller
            errors.append(error)
            if connection is not None:
                try:
                    connection.closeConnection()
                except Exception:
                    pass
        finally:
            with lock:
                done.set()
                if abandoned and result:  # too late: nobody will use it
                    result[0].closeConnection()

    threading.Thread(target=connect, name="braille-connect", daemon=True).start()
    if not done.wait(timeout):
        with lock:
            if not done.is_set():
                abandoned.append(True)
                raise NoAnswer()
    if errors:
        raise errors[0]
    return result[0]


def _keyboard_keys(brlapi: Any) -> tuple[list[int], list[int]]:
    """The keys the braille keyboard uses (companion/data/braille_keys.toml); BRLTTY keeps all the others."""
    from companion.braille.keys import brlapi_names, user_key_map

    return user_key_map()[0].accepted(brlapi_names(brlapi))


def _screen_reader_with_braille() -> Any | None:
    """The first running screen reader that accessible_output2 can send braille to, if any.

    Never on Linux: Orca takes no braille from applications, and accessible_output2's
    Speech Dispatcher output would start that daemon in the user's session.
    """
    if platform.system() == "Linux":
        return None
    import accessible_output2
    from accessible_output2.outputs.base import Output, OutputError

    for output_class in accessible_output2.get_output_classes():
        if output_class.braille is Output.braille:
            continue  # speech only
        try:
            output = output_class()
            if output.is_active():
                return output
        except (OutputError, OSError, AttributeError):
            continue
    return None


def _liblouis_problem(lang: str, grade: int | None, table: str | None) -> BrailleUnavailable | ValueError | None:
    """Why liblouis cannot braille here (missing, or a bad table), or None; the tables load now, not mid-game."""
    try:
        words("a", lang, grade, table)
    except (BrailleUnavailable, ValueError) as error:
        return error
    return None


def _brlapi(t: Translator, lang: str, width: int | None, size: int, table: str | None, grade: int | None,
            key_reader: bool, marks: Marks | None) -> tuple[BrailleOutput, str] | str:
    """The display behind BRLTTY and the sentence saying so, or the reason (a sentence) it cannot be used."""
    try:
        connection = _open_brlapi()
    except ImportError:
        # Translators: reason for no braille display.
        return t("BrlAPI is not installed (Debian package python3-brlapi).")
    except TtyUnknown:
        # Translators: a reason after "No braille:"; the display is then left to BRLTTY.
        return t("BRLTTY cannot tell which terminal is the companion's.")
    except NoAnswer:
        # Translators: a reason after "No braille:".
        return t("BRLTTY does not answer.")
    except Exception:  # brlapi raises its own errors, or OSError, when BRLTTY is not there
        # Translators: reason for no braille display.
        return t("BRLTTY is not running or does not answer.")
    cells = int(connection.displaySize[0]) or size
    shown = min(cells, size) if width and width > 0 else cells
    # Translators: said at start when a braille display is found through BRLTTY.
    return BrlapiBraille(connection, lang, shown, table, grade, key_reader=key_reader, marks=marks), t(
        "Braille on the display through BRLTTY, {width} cells.", width=shown)


def choose(spec: str, lang: str, width: int | None = None, table: str | None = None, grade: int | None = None,
           stream: TextIO = sys.stdout, *, key_reader: bool = True, marks: Marks | None = None
           ) -> tuple[BrailleOutput, str]:
    """The braille output ``spec`` asks for, and one sentence in ``lang`` saying which and why.

    ``auto`` tries BrlAPI (BRLTTY running), then screen reader braille; the terminal
    line is only used when asked for. The terminal line and BrlAPI need liblouis; a
    screen reader brailles text itself, so it is used without liblouis (Windows,
    macOS). A bad environment never raises: the result is no braille, and the
    sentence says why. A BrlAPI display reads its own pan keys on a thread unless
    ``key_reader`` is false. ``marks``: which sentences are urgent or superseded, and the braille-only symbols.
    :raises ValueError: ``spec`` is not one of ``SPECS``.
    """
    if spec not in SPECS:
        raise ValueError(f"--braille must be one of {', '.join(SPECS)}, not {spec!r}")
    t = Translator(lang, "braille")
    if spec == "none":
        # Translators: said at start with --braille none.
        return NoBraille(lang), t("Braille is off.")
    louis = _liblouis_problem(lang, grade, table)
    if isinstance(louis, ValueError) or (louis is not None and spec in ("terminal", "brlapi")):
        # Translators: said at start when no braille output can be used; {reason} is one or two sentences.
        return NoBraille(lang), t("No braille: {reason}", reason=str(louis))
    size = width if width and width > 0 else DEFAULT_WIDTH
    if spec == "terminal":
        # Translators: said at start with --braille terminal.
        return TerminalBraille(lang, size, table, grade, stream, marks=marks), t(
            "Braille in the terminal: a line of {width} cells under each sentence.", width=size)
    reasons: list[str] = [str(louis)] if louis is not None else []
    if louis is None and spec in ("auto", "brlapi"):
        display = _brlapi(t, lang, width, size, table, grade, key_reader, marks)
        if not isinstance(display, str):
            return display
        reasons.append(display)
    if spec in ("auto", "screenreader"):
        try:
            reader = _screen_reader_with_braille()
        except Exception:  # accessible_output2 missing or broken on this system
            reader = None
        if reader is not None:
            # Translators: said at start when the running screen reader takes braille.
            return ScreenReaderBraille(reader, lang, size, table, grade, marks=marks), t(
                "Braille through the screen reader.")
        # Translators: reason for no braille display.
        reasons.append(t("No running screen reader takes braille."))
    return NoBraille(lang), t("No braille: {reason}", reason=" ".join(reasons))
