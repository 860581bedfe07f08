"""Documents written whole or not at all, and the one sentence that says why a path is refused.

Shared by every ``-o`` writer (aid sheets, rules, reviews, sticker sheets): the same name gets the
same answer whichever command writes it. Sentences are the core catalog's.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

from companion.i18n import Translator


def refusal(path: Path, force: bool, t: Translator) -> str | None:
    """Why ``path`` cannot receive a document, checked before anything is written; ``None`` when it can.

    A missing folder is no refusal (``write_file`` makes it, as ``--save`` does). A device or a FIFO is never
    written to (it is no document), with or without ``--force``.
    """
    from companion.os_errors import reason

    try:
        if path.is_dir():
            return t("{path} is a folder: give a file name.", path=path)
        if os.path.lexists(path) and not path.is_file():
            # Translators: {path} a file or folder name.
            return t("{path} is not an ordinary file: choose another name.", path=path)
        if os.path.lexists(path) and not force:
            # Translators: {path} a file or folder name.
            return t("{path} already exists: add --force to replace it.", path=path)
    except OSError as error:
        # Translators: {path} a file or folder name; {reason} why, a short phrase from the system.
        return t("Cannot write {path}: {reason}.", path=path, reason=reason(error, t))
    return None


def write_file(path: Path, content: bytes, force: bool, t: Translator) -> str | None:
    """Write ``content`` to ``path`` whole (a temporary file renamed); the problem in words, or ``None``.

    Every system refusal is said in our own words (:mod:`companion.os_errors`).
    """
    from companion.os_errors import reason

    problem = refusal(path, force, t)
    if problem:
        return problem
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        return t("Cannot write {path}: {reason}.", path=path, reason=t("a part of the path is not a folder"))
    except OSError as error:
        return t("Cannot write {path}: {reason}.", path=path, reason=reason(error, t))
    temporary = path.with_name(f".{path.name[:100]}.{os.getpid()}.tmp")  # never longer than the name allows
    try:
        with open(temporary, "xb") as handle:
            handle.write(content)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temporary, path)
    except OSError as error:
        with contextlib.suppress(OSError):
            temporary.unlink()
        return t("Cannot write {path}: {reason}.", path=path, reason=reason(error, t))
    return None
