"""Why the system refused a file, in the user's language: errno to our own words; and a command's output that
could not be written (`output_failed`), for the whole command line and the kept help alike.

``OSError.strerror`` is the C library's English ("File name too long"), which a
French sentence must never carry. The sentences are in the ``core`` catalog; an
errno not listed here is named by its number only.
"""

from __future__ import annotations

import errno as _errno
import os
import sys
from collections.abc import Callable

from companion.i18n import Translator


def reason(error: OSError | int | None, t: Translator) -> str:
    """Why ``error`` happened, lower case, to follow a colon: ``the file name is longer than the system allows``."""
    number = error.errno if isinstance(error, OSError) else error
    reasons: dict[int, Callable[[], str]] = {
        # Translators: this and the next ones say why a file could not be read or written, after a colon, lower case.
        _errno.ENAMETOOLONG: lambda: t("the file name is longer than the system allows"),
        # Translators: why a file cannot be written, as the system says it.
        _errno.EACCES: lambda: t("permission denied"),
        _errno.EPERM: lambda: t("permission denied"),
        _errno.ENOSPC: lambda: t("the disk is full"),
        _errno.EDQUOT: lambda: t("the disk quota is used up"),
        _errno.EROFS: lambda: t("the disk is read-only"),
        _errno.ENOENT: lambda: t("the folder does not exist"),
        _errno.ENOTDIR: lambda: t("a part of the path is not a folder"),
        _errno.EISDIR: lambda: t("it is a folder"),
        _errno.EIO: lambda: t("the disk failed"),
        _errno.ELOOP: lambda: t("the path loops through symbolic links"),
        _errno.EEXIST: lambda: t("a file of that name already exists"),
        _errno.ETXTBSY: lambda: t("the file is busy"),
    }
    maker = reasons.get(number) if number is not None else None
    if maker is not None:
        return maker()
    # Translators: why a file could not be read or written, when the system gave only a number.
    return t("the system refused it (error {number})", number=number if number is not None else "?")


def output_failed(error: OSError, lang: str) -> int:
    """The exit status, and the sentence on standard error, when a command's output could not be written."""
    if isinstance(error, BrokenPipeError):  # "companion cards gant | head": the reader left, nothing to say
        _silence_stdout()
        return 0
    if error.filename is not None:  # a file the command named: its own sentence is missing, not ours to guess
        raise error
    _silence_stdout()  # what is still buffered goes nowhere, and Python's exit finds nothing to complain of
    t = Translator(lang, "core")
    # Translators: {reason} says why, lower case ("the disk is full"); the output is what a command prints.
    sys.stderr.write(t("Cannot write the output: {reason}.", reason=reason(error, t)) + "\n")
    return 1


def _silence_stdout() -> None:
    """Standard output to the null device, so that nothing more is tried on a pipe that closed or a full disk."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
