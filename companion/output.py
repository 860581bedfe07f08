"""Standard output: one plain line per announcement, or one JSON object with ``--json``."""

from __future__ import annotations

import json
import re
import sys
from typing import TextIO

from companion.announce import Utterance


#: JSON escapes the C0 controls itself; the C1 controls (U+0080–U+009F, a terminal's CSI among them) and DEL too:
#: found by a regular expression (``str.translate`` with a dictionary looked up every character of every line).
_ESCAPED = re.compile("[\x7f-\x9f]")


def _escaped(line: str) -> str:
    return _ESCAPED.sub(lambda found: f"\\u{ord(found.group()):04x}", line)


def printable(text: str) -> str:
    """``text`` with every control character replaced by a space: what was typed never drives the terminal."""
    if text.isprintable():  # nearly every sentence: one C call, not a Python loop over its characters
        return text
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
            line = _escaped(json.dumps(record, ensure_ascii=False))
        else:
            line = printable(utterance.text)
        self.stream.write(line + "\n")
        self.stream.flush()

    def close(self) -> None:
        pass
