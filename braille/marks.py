"""What the display makes of an utterance's kind: urgent, superseded, and its braille symbol.

The voice derives an earcon from an utterance's event (companion/earcons.py);
the display derives the same three facts from it: an important earcon's
sentence is urgent (it jumps the reading queue, marked with dots 7-8), a
frequent one in a real-time game supersedes the older ones of its kind still
unread, and in braille-only mode its kind is shown as one cell before the words
(companion/data/braille-symbols.toml) where the sound would be heard.
"""

from __future__ import annotations

import functools
import tomllib
from dataclasses import dataclass
from pathlib import Path

from companion.announce import Utterance
from companion.earcons import Earcons

#: The braille-only symbols of each earcon kind.
DATA = Path(__file__).parent.parent / "data" / "braille-symbols.toml"


class SymbolError(ValueError):
    """The symbols file is malformed (a developer's mistake: the tests load it)."""


def cell(dots: str) -> str:
    """The Unicode braille cell of ``dots`` ("1245": dots 1, 2, 4 and 5)."""
    if not dots or not dots.isdigit() or any(d not in "12345678" for d in dots) or len(set(dots)) != len(dots):
        raise SymbolError(f"not a cell's dots: {dots!r}")
    return chr(0x2800 + sum(1 << (int(d) - 1) for d in dots))


@functools.cache
def load_symbols(path: Path = DATA) -> dict[str, str]:
    """Each earcon kind's symbol cell."""
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    return {str(kind): cell(str(dots)) for kind, dots in data.get("symbols", {}).items()}


@dataclass(frozen=True)
class Mark:
    """What the display makes of one utterance."""

    #: Jumps the reading queue, dots 7-8 (an important earcon: an error called, a life, a round or game end).
    urgent: bool = False
    #: The earcon kind a newer sentence of which drops this one unread (a real-time game's plays), else None.
    supersedes: str | None = None
    #: The braille-only symbol cell shown before the words, else None.
    symbol: str | None = None
    #: Never dropped by a typed line (the earcons' ``[important]`` events with no sound: the set-up).
    kept: bool = False


@dataclass(frozen=True)
class Marks:
    """How the display treats an utterance, from its earcon (``earcons`` None: every sentence is ordinary)."""

    earcons: Earcons | None = None
    real_time: bool = False
    #: Braille-only mode: each kind's symbol cell; None: no symbols (the voice plays the earcons).
    symbols: dict[str, str] | None = None

    def of(self, utterance: Utterance) -> Mark:
        """How the display treats ``utterance``."""
        if self.earcons is None:
            return Mark()
        earcon = self.earcons.for_event(utterance.event, utterance.fields)
        if earcon is None:
            return Mark(kept=utterance.event in self.earcons.important)
        supersedes = earcon.kind if self.real_time and not earcon.important else None
        symbol = self.symbols.get(earcon.kind) if self.symbols is not None else None
        return Mark(earcon.important, supersedes, symbol)


__all__ = ["DATA", "Mark", "Marks", "SymbolError", "cell", "load_symbols"]
