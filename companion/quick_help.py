"""``companion --help`` printed from the text argparse wrote for it, without argparse (issue 34).

The whole help is what a new user runs first. argparse, gettext and the declaration of every sub-command cost more
than the interpreter itself takes to start; the text they produce depends only on the code and the catalogs, so it is
kept, per language, in ``companion/data/help/LANG.txt``: ``python -m companion.kept_help`` writes it again
(tests/test_quick_help.py fails, naming that command, whenever the kept text is not what argparse prints now).

It is used only when it is exactly what argparse would print: for ``--help`` or ``-h`` alone, with or without one
``--lang fr|en``, at the width argparse would wrap to when stdout is not an 80-column terminal's (78 characters, as
piped or in an 80-column window). Any other command line, a wider or narrower terminal, or a kept text that cannot be
read goes through argparse as always.
"""

from __future__ import annotations

import os
import sys

from companion.languages import LANGUAGES, default_lang

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Sequence

#: The width argparse wraps the kept texts to: an 80-column terminal's, or no terminal at all.
KEPT_WIDTH = 78
_FOLDER = os.path.join(os.path.dirname(__file__), "data", "help")


def help_width() -> int:
    """The help's width as argparse reckons it, without importing ``shutil`` (and its compression modules) to ask."""
    try:
        columns = int(os.environ.get("COLUMNS", "0"))
    except ValueError:
        columns = 0
    stdout = sys.__stdout__
    if columns <= 0 and stdout is not None:
        try:
            columns = os.get_terminal_size(stdout.fileno()).columns
        except (AttributeError, ValueError, OSError):
            columns = 0
    return (columns if columns > 0 else 80) - 2


def kept_path(lang: str) -> str:
    return os.path.join(_FOLDER, lang + ".txt")


def asked_language(argv: Sequence[str]) -> str | None:
    """The help's language when the command line asks for the whole help and nothing else; else None."""
    words = list(argv)
    lang = None
    if len(words) == 3 and words[0] == "--lang":
        lang, words = words[1], words[2:]
    elif len(words) == 3 and words[1] == "--lang":
        lang, words = words[2], words[:1]
    elif len(words) == 2 and words[0].startswith("--lang="):
        lang, words = words[0][7:], words[1:]
    elif len(words) == 2 and words[1].startswith("--lang="):
        lang, words = words[1][7:], words[:1]
    if words not in (["--help"], ["-h"]) or lang not in (None, *LANGUAGES):
        return None
    return default_lang() if lang is None else lang


def answer(argv: Sequence[str]) -> int | None:
    """Print the kept help when it is the answer to this command line, and give the exit status; None when argparse
    must answer. A reader that leaves early or a full disk is met as for any command (``os_errors.output_failed``)."""
    lang = asked_language(argv)
    if lang is None or sys.stdout is None or help_width() != KEPT_WIDTH:
        return None
    try:
        with open(kept_path(lang), encoding="utf-8") as kept:
            text = kept.read()
    except (OSError, UnicodeDecodeError):
        return None
    try:
        sys.stdout.write(text)
        sys.stdout.flush()
    except OSError as error:
        from companion.os_errors import output_failed

        return output_failed(error, lang)
    return 0
