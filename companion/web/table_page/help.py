"""The table page's own part of ``help`` (`FrontHelp`): its keys, never the terminal's.

The shared help names no key, and the terminal's (companion/ui/help.py) names
its own (``undo``: Ctrl+Z, ``repeat``: F2), which the page has not. A line typed
on the page hears those commands with the page's own ways (its buttons), then
the page's keys: the same access keys its "Keys" part lists (``document.py``
reads them here), in the page's words.
"""

from __future__ import annotations

from collections.abc import Mapping

from companion.i18n import Translator
from companion.marker import N_

#: The shared commands the page reaches its own way: verb → its help line (the terminal's names its key instead).
VERBS: Mapping[str, str] = {
    # Translators: a line of help typed on the table page; "Undo" is the page's button of that name.
    "undo": N_("undo: take back the last change. The Undo button too."),
    # Translators: a line of help typed on the table page; "Redo" is the page's button of that name.
    "redo": N_("redo: put back what undo took back. The Redo button too."),
    # Translators: help on the table page: speech is the companion's voice; the page's is its "Voice" check box.
    "speech": N_("speech on, speech off: voice on or off. The page's own voice: its check box."),
    # Translators: help on the table page: pan moves the companion's own display (--braille), not the screen reader's.
    "pan": N_("pan, pan back: the companion's braille line. Not the screen reader's."),
}

#: The page's keys in the command field, said first after a general help.
FIELD_KEYS = N_("Enter sends the command. Up and Down: the lines sent before.")
#: How an access key is pressed in each browser (the page's "Keys" part says it at more length). Each sentence
#: fits a 40-cell braille line.
PRESSED = N_("Access keys: Alt and a letter. Firefox: Alt, Shift and the letter. Mac: Control, Option and the letter.")
#: The page's access keys: the element, the key, what it does (the page's "Keys" part and help say it).
ACCESS_KEYS: tuple[tuple[str, str, str], ...] = (
    ("command", "c", N_("C: the command field.")),
    ("value", "v", N_("V: the secret value field.")),
    ("status", "s", N_("S: the status.")),
    ("now", "n", N_("N: who must act now.")),
    ("said", "l", N_("L: what the table says.")),
)


class PageHelp:
    """The page's `FrontHelp`: what the session says for ``help`` typed on the page."""

    def verb_lines(self, lang: str) -> Mapping[str, str]:
        t = Translator(lang, "web")
        return {verb: t(message) for verb, message in VERBS.items()}

    def key_lines(self, lang: str) -> list[str]:
        t = Translator(lang, "web")
        return [t(FIELD_KEYS), t(PRESSED), *(t(sentence) for _, _, sentence in ACCESS_KEYS)]


__all__ = ["ACCESS_KEYS", "FIELD_KEYS", "PRESSED", "PageHelp", "VERBS"]
