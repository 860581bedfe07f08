"""Braille: liblouis translation, display output and aid sheets.

``translate`` turns a sentence into cells; ``choose`` picks the display output
the announcer sends every sentence to; ``braille.aidsheet.make_aid_sheet``
writes a game's aid sheet for embossing (PEF or BRF).
"""

from __future__ import annotations

from companion.braille.display import BrailleOutput, choose
from companion.braille.translate import BrailleUnavailable, back_translate, translate

__all__ = ["BrailleOutput", "BrailleUnavailable", "back_translate", "choose", "translate"]
