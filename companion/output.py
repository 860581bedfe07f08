"""Standard output: one plain line per announcement, or one JSON object with ``--json``."""

from __future__ import annotations

import json
import sys
from typing import TextIO

from companion.announce import Utterance


class StdoutOutput:
    """Prints each utterance as one line. JSON lines are the public scripting interface (docs/json.md)."""

    def __init__(self, json_lines: bool = False, stream: TextIO | None = None) -> None:
        self.json_lines = json_lines
        self.stream = stream if stream is not None else sys.stdout

    def send(self, utterance: Utterance) -> None:
        if self.json_lines:
            record = {"event": utterance.event, "text": utterance.text}
            record.update({k: v for k, v in utterance.fields.items() if k not in ("event", "text")})
            line = json.dumps(record, ensure_ascii=False)
        else:
            line = utterance.text
        self.stream.write(line + "\n")
        self.stream.flush()

    def close(self) -> None:
        pass
