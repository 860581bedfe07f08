"""A typed line parsed once: the pan check and the dispatch share the result (or the parser's error)."""

from __future__ import annotations

from typing import Any

from companion.commands.base import Parser, Request


def parse_once(parser: Parser, line: str, state: Any) -> Request | Exception:
    """What ``parser`` makes of ``line``, or the error it raised (said later, where refusals are said)."""
    try:
        return parser.parse(line, state)
    except Exception as error:  # noqa: BLE001 - handed on, then said or logged by the session
        return error


def raised(parsed: Request | Exception) -> Request:
    """The parsed request, or its error raised again where the session says it."""
    if isinstance(parsed, Exception):
        raise parsed
    return parsed
