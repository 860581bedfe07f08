"""The interactive terminal's own part of ``help`` (`FrontHelp`): the shared commands with its keys, then its keys.

The shared help is the same for every front end and names no key; a line typed
at the terminal's prompt (or F1) hears ``undo``, ``redo`` and ``repeat`` with
the terminal's keys for them, then every key of ``keys.py`` (the same table the
key bindings are built from), in the terminal's words.
"""

from __future__ import annotations

from collections.abc import Mapping

from companion.i18n import Translator
from companion.marker import N_
from companion.ui.keys import help_lines

#: The shared commands the terminal also reaches by a key: verb → its help line, naming the key.
VERBS: Mapping[str, str] = {
    # Translators: a line of help typed at the terminal; Ctrl+Z is its undo key.
    "undo": N_("undo: take back the last change. Ctrl+Z."),
    # Translators: a line of help typed at the terminal; Ctrl+Y is its redo key.
    "redo": N_("redo: put back what undo took back. Ctrl+Y."),
    # Translators: a line of help typed at the terminal; F2 is its repeat key.
    "repeat": N_("repeat: say the whole last answer again. F2."),
}


class TerminalHelp:
    """The terminal's `FrontHelp`: what the session says for ``help`` typed at the interactive prompt."""

    def verb_lines(self, lang: str) -> Mapping[str, str]:
        t = Translator(lang, "ui")
        return {verb: t(message) for verb, message in VERBS.items()}

    def key_lines(self, lang: str) -> list[str]:
        t = Translator(lang, "ui")
        return [t(message) for message in help_lines()]


#: The one the interactive prompt hands with each line (it holds nothing).
TERMINAL_HELP = TerminalHelp()

__all__ = ["TERMINAL_HELP", "TerminalHelp", "VERBS"]
