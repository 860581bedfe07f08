"""Writes the kept text of ``companion --help`` (companion/quick_help.py prints it): ``python -m companion.kept_help``.

Run it after a change to the command line's declaration (companion/cli.py) or to a sentence of the whole help in the
catalogs; tests/test_quick_help.py fails, naming this command, while the kept text is not what argparse prints.
"""

from __future__ import annotations

import os
import sys

from companion import cli
from companion.languages import LANGUAGES
from companion.quick_help import KEPT_WIDTH, kept_path


def render(lang: str) -> str:
    """The whole help as argparse prints it at the kept width."""
    cli._localize_argparse(lang)
    saved = os.environ.get("COLUMNS")
    os.environ["COLUMNS"] = str(KEPT_WIDTH + 2)
    try:
        return cli.build_parser(lang).format_help()
    finally:
        if saved is None:
            del os.environ["COLUMNS"]
        else:
            os.environ["COLUMNS"] = saved


def write() -> None:
    """Write the kept help of every language again."""
    for lang in LANGUAGES:
        os.makedirs(os.path.dirname(kept_path(lang)), exist_ok=True)
        with open(kept_path(lang), "w", encoding="utf-8", newline="\n") as kept:
            kept.write(render(lang))
        sys.stdout.write(kept_path(lang) + "\n")


if __name__ == "__main__":
    write()
