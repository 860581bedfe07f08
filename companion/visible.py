"""Text from outside (file names, a records file) made safe to print: control characters shown, never obeyed.

A file name may hold an escape sequence, a carriage return or a right-to-left
override; printed raw, it would move the cursor, hide text or reorder a line a
screen reader reads. Each such character is written as its Python escape
(``\\x1b``, ``\\u202e``), visibly, and the rest is left as it is.
"""

from __future__ import annotations

import unicodedata

#: Unicode categories that are never shown as such: controls, format characters (bidi overrides), separators.
HIDDEN = frozenset({"Cc", "Cf", "Zl", "Zp", "Cs"})


def visible(text: str) -> str:
    """``text`` with every control or format character written as its escape (``\\x1b``), visibly."""
    if text.isprintable():
        return text
    out = []
    for char in text:
        if char == " " or unicodedata.category(char) not in HIDDEN:
            out.append(char)
        else:
            code = ord(char)
            out.append(f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}")
    return "".join(out)
