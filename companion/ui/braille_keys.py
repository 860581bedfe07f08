"""Playing from the braille display alone: the line typed on its keys, sent as any typed line, and review keys.

The display's key reader (braille/display.py) hands every key that is not a pan key to `BrailleKeyboard.press`
as a BrlAPI code; the key map (companion/data/braille_keys.toml, braille/keys.py) says what it does. Dots typed
build the line, shown on the display as typed; the send chord back-translates it with the reader's own table
(braille/backtranslate.py) and hands it to the session as a typed line, with the usual did-you-mean and the
display's own help (`BrailleHelp`: its keys, not the terminal's); the review keys do what the terminal's F-keys
do (companion/ui/review.py). Everything that speaks runs on the session's thread (`Session.run_soon`): above the
prompt in the interactive mode, under the session's lock otherwise.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from companion.braille.backtranslate import cell, cells_for, line_from_cells
from companion.braille.keys import BrlapiNames, KeyMap, Press
from companion.braille.translate import BLANK, BrailleUnavailable
from companion.i18n import Translator
from companion.render import N_
from companion.ui import review

if TYPE_CHECKING:
    from companion.session import Session

#: The braille keys' help, read after the general help when a display is in use (each a ``ui`` catalog id).
HELP: tuple[str, ...] = (
    # Translators: the braille display's keys, read by help. Dots as numbers; Space is the display's space bar.
    N_("Braille keys: type a command in braille, dot 8 sends it, dot 7 erases."),
    N_("Space with dots 2 and 6 clears the line."),
    N_("A routing key picks the word above it, or the line offered after a typo."),
    N_("Space with h: help. Space with s: status. Space with t: whose turn."),
    N_("Space with r: the last answer again. Space with l: the last refusal."),
    N_("Space with dot 1 or 4, or line keys: previous or next sentence."),
)


#: The braille keys' help on a Eurobraille display (Esys, Esytime, Iris: BRLTTY's driver "EuroBraille"), whose key
#: table has its own Backspace key and makes F-keys of Backspace + a letter instead of BRLTTY's Space chords.
ESYS_HELP: tuple[str, ...] = (
    # Translators: the keys of a Eurobraille Esys display, read by help, each sentence on one 40-cell line.
    # Backspace and Space are its two front keys; "1 2 4 5" are dots.
    N_("Esys: dot 8 sends the line."),
    N_("Backspace erases the last cell."),
    N_("Space with 1 2 4 5 clears the line."),
    N_("A routing key picks the word above it."),
    N_("Backspace with a: help."),
    N_("Backspace with c: status."),
    N_("Backspace with d: whose turn."),
    N_("Backspace with e: the sentence before."),
    N_("Backspace with f: the sentence after."),
    N_("Backspace with b: repeat the answer."),
    N_("Backspace with l: the last refusal."),
)
#: BrlAPI's name of the driver of Eurobraille displays (BRLTTY's driver code ``eu``).
EUROBRAILLE = "EuroBraille"


@dataclass(frozen=True)
class BrailleHelp:
    """The display's `FrontHelp`: a line typed on its keys (or its help key) hears the shared help, which names no
    key, then the display's keys (`ESYS_HELP` on a Eurobraille display, else `HELP`)."""

    #: BrlAPI's name of the display's driver.
    driver: str = ""

    def verb_lines(self, lang: str) -> Mapping[str, str]:
        return {}

    def key_lines(self, lang: str) -> list[str]:
        t = Translator(lang, "ui")
        return [t(message) for message in (ESYS_HELP if self.driver == EUROBRAILLE else HELP)]


#: Accepts the line a refusal offered ("Type yes."): the parser takes ``yes`` and ``oui`` in every language.
YES = "yes"


class BrailleKeyboard:
    """The line being typed on a display's keys, and what each key does to it or to the game."""

    def __init__(self, session: Session, display: Any, keymap: KeyMap, names: BrlapiNames, *,
                 grade: int | None = None, table: str | None = None,
                 on_quit: Callable[[], None] | None = None, driver: str = "") -> None:
        self.session = session
        self.display = display
        self.keymap = keymap
        self.names = names
        self.lang = session.narrator.settings.lang
        self.grade = grade
        self.table = table
        #: Called once a sent line was ``quit`` (the interactive prompt ends too).
        self.on_quit = on_quit
        #: The cells typed since the last send, in Unicode braille.
        self.typed = ""
        #: BrlAPI's name of the display's driver: its keys' help (``EuroBraille``: `ESYS_HELP`).
        self.driver = driver
        self._actions: dict[str, Callable[[Press], None]] = {
            "type": self._type, "space": lambda press: self._add(BLANK), "erase": self._erase,
            "clear": lambda press: self._set(""), "send": lambda press: self._later(self._send),
            "route": self._route, "previous": self._review(review.previous),
            "next": self._review(review.next_sentence), "help": self._review(self.help),
            "status": self._review(review.status), "turn": self._review(review.turn),
            "repeat": self._review(review.repeat), "refusal": self._review(review.last_refusal),
        }

    def press(self, code: int) -> None:
        """One BrlAPI key code from the display (a key the map does not name does nothing)."""
        press = self.keymap.decode(code, self.names)
        if press is not None:
            self._actions[press.action](press)

    # ----------------------------------------------------------------- the line

    def _type(self, press: Press) -> None:
        self._add(cell(press.dots) + (BLANK if press.space_after else ""))

    def _add(self, cells: str) -> None:
        self._set(self.typed + cells)

    def _erase(self, press: Press) -> None:
        self._set(self.typed[:-1])

    def _set(self, cells: str) -> None:
        self.typed = cells
        self.display.show_typed(cells)

    def _send(self) -> None:
        """The typed line, back-translated, handled as any typed line; the display then shows the answer."""
        cells, self.typed = self.typed, ""
        try:
            line = line_from_cells(cells, self.lang, self.grade, self.table)
        except BrailleUnavailable as error:
            review.say_now(self.session, str(error), "output", remember=False)
            return
        self._handle(line)

    # ----------------------------------------------------------------- routing

    def _route(self, press: Press) -> None:
        """The word above the routing key: the offered line when it is part of it, else added to the line."""
        word = self._word_at(press.cell)
        if word is None:
            return
        offered = self._offered()
        if offered is not None and not self.typed.strip(BLANK) and word.lower() in offered.lower().split():
            self._later(lambda: self._handle(YES))  # the answer the offer asks for, in either language
            return
        try:
            cells = cells_for(word, self.lang, self.grade, self.table)
        except BrailleUnavailable:
            return
        self._add(("" if not self.typed or self.typed.endswith(BLANK) else BLANK) + cells + BLANK)

    def _word_at(self, position: int) -> str | None:
        """The word of the sentence shown whose cells are under ``position`` (from 0), without punctuation."""
        parts = getattr(self.display, "parts", [])
        current = getattr(self.display, "current", 0)
        if not parts or not 0 <= current < len(parts):
            return None
        segment = parts[current]
        if position >= len(segment.cells) or segment.cells[position] == BLANK:
            return None
        index = segment.cells[:position].count(BLANK)  # one blank cell between words
        texts = segment.text.split()
        if index >= len(texts):
            return None
        return texts[index].strip(".,:;!?()«»\"'") or None

    def _offered(self) -> str | None:
        """The word or name a refusal just offered ("Did you mean Spider-Man? Type yes."), if it is the last
        sentence said."""
        last = self.session.wiring.announcer.history.last
        if last is None or last.event != "error":
            return None
        offered = last.fields.get("suggestion")
        return str(offered) if offered else None

    # ----------------------------------------------------------------- review keys

    @property
    def front(self) -> BrailleHelp:
        """The help a line typed on the display hears: its keys last."""
        return BrailleHelp(self.driver)

    def help(self, session: Session) -> None:
        """Help, then the braille keys: as ``help`` typed on the display."""
        session.handle("help", self.front)

    def _review(self, action: Callable[[Session], None]) -> Callable[[Press], None]:
        """A review key: the reader is done with what the display shows (a new answer, as a typed line), then
        the key's sentences, shown at once."""
        def review_now() -> None:
            self.display.new_answer()
            action(self.session)

        return lambda press: self._later(review_now)

    def _handle(self, line: str) -> None:
        if not self.session.handle(line, self.front) and self.on_quit is not None:
            self.on_quit()

    def _later(self, job: Callable[[], None]) -> None:
        self.session.run_soon(job)




def attach(session: Session, display: Any) -> BrailleKeyboard | None:
    """The braille keyboard of ``display``, reading its keys from now on; None for a display without keys
    (the terminal line, a screen reader's braille, none) or when BrlAPI is not there."""
    if display is None or not hasattr(display, "on_key"):
        return None
    try:
        import brlapi
    except ImportError:
        return None
    from companion.braille.keys import brlapi_names, user_key_map

    keymap, unusable = user_key_map()
    if unusable is not None:
        t = Translator(session.narrator.settings.lang, "ui")
        # Translators: the user's own braille key file is broken; {name} is its file name.
        session.say(t("The braille key file {name} cannot be used: the usual keys are.", name=unusable.name),
                    "output")
    keyboard = BrailleKeyboard(session, display, keymap, brlapi_names(brlapi), grade=display.grade, table=display.table,
                               driver=getattr(display, "driver", ""))
    display.on_key = keyboard.press
    return keyboard


__all__ = ["ESYS_HELP", "EUROBRAILLE", "BrailleHelp", "BrailleKeyboard", "HELP", "YES", "attach"]
