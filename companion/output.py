"""Standard output: one plain line per announcement, or one JSON object with ``--json``."""

from __future__ import annotations

import json
import sys
from typing import TextIO

from companion.announce import Utterance


#: JSON escapes the C0 controls itself; the C1 controls (U+0080–U+009F, a terminal's CSI among them) and DEL too.
_ESCAPED = {code: f"\\u{code:04x}" for code in (0x7F, *range(0x80, 0xA0))}


def printable(text: str) -> str:
    """``text`` with every control character replaced by a space: what was typed never drives the terminal."""
    return "".join(ch if ch.isprintable() else " " for ch in text)


class StdoutOutput:
    """Prints each utterance as one line. JSON lines are the public scripting interface (docs/json.md)."""

    def __init__(self, json_lines: bool = False, stream: TextIO | None = None) -> None:
        self.json_lines = json_lines
        self.stream = stream if stream is not None else sys.stdout

    def send(self, utterance: Utterance) -> None:
        if self.json_lines:
            record = {"event": utterance.event, "text": utterance.text}
            record.update({k: v for k, v in utterance.fields.items() if k not in ("event", "text")})
            line = json.dumps(record, ensure_ascii=False).translate(_ESCAPED)
        else:
            line = printable(utterance.text)
        self.stream.write(line + "\n")
        self.stream.flush()

    def close(self) -> None:
        pass
