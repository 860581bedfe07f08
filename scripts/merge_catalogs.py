"""A git merge driver for the French catalogs: entry by entry, so two branches' new sentences never conflict.

Set up once per clone (see docs/adding-a-game.en.md):
    git config merge.catalog.driver ".venv/bin/python scripts/merge_catalogs.py %O %A %B"
with ``*.po merge=catalog`` in .gitattributes. For each message, the side that changed it from the common
ancestor wins; when both changed it, ours is kept and the merge says so (exit 1, so git marks the file
conflicted). Then ``bash scripts/update_catalogs.sh`` drops what the code no longer says.
"""

from __future__ import annotations

import sys
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po, write_po


def _read(path: str) -> Catalog:
    with open(path, "rb") as stream:
        return read_po(stream, abort_invalid=False)


def _key(message: Message) -> tuple[object, str | None]:
    return message.id, message.context


def _same(a: Message | None, b: Message | None) -> bool:
    if a is None or b is None:
        return a is b
    return (a.string, a.flags, a.auto_comments, a.user_comments) == (b.string, b.flags, b.auto_comments, b.user_comments)


def merge(base: Catalog, ours: Catalog, theirs: Catalog) -> list[str]:
    """``ours`` becomes the merge; the ids both sides changed differently are returned."""
    index = {_key(m): m for m in base if m.id}
    clashes: list[str] = []
    for message in theirs:
        if not message.id:
            continue
        key, old = _key(message), index.get(_key(message))
        mine = ours.get(message.id, context=message.context)
        if mine is None:
            if old is None:  # new on their side
                ours[message.id] = message
            continue  # (removed on ours: stays removed)
        if _same(mine, old) and not _same(message, old):
            ours.delete(message.id, context=message.context)
            ours[message.id] = message
        elif not _same(mine, old) and not _same(message, old) and not _same(mine, message):
            clashes.append(str(key[0]))
    for message in list(ours):  # removed on their side, untouched on ours
        if message.id and index.get(_key(message)) is not None and theirs.get(message.id, context=message.context) is None \
                and _same(message, index[_key(message)]):
            ours.delete(message.id, context=message.context)
    return clashes


def main(base_path: str, ours_path: str, theirs_path: str) -> int:
    ours = _read(ours_path)
    clashes = merge(_read(base_path), ours, _read(theirs_path))
    with open(ours_path, "wb") as stream:
        write_po(stream, ours)  # the width pybabel update writes
    for clash in clashes:
        print(f"{Path(ours_path).name}: both sides changed {clash!r}; ours kept", file=sys.stderr)
    return 1 if clashes else 0


if __name__ == "__main__":
    raise SystemExit(main(*sys.argv[1:4]))
