"""The server's answer to one request of a seat's page (a value, a hand, a line): its status and one sentence."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Answer:
    """The server's answer to one seat's value: ``status`` (HTTP), and a sentence without the value."""

    status: int
    ok: bool
    message: str
    #: What the page's script shows beside the form, when not ``message`` (an answer also read in a log).
    hint: str | None = None


__all__ = ["Answer"]
