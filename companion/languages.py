"""The companion's languages, and the user's among them: what a command needs before any catalog is read.

Kept apart from companion/i18n.py (which imports gettext) so that ``companion --help``, printed from its kept text
(companion/quick_help.py), finds its language without loading the catalogs' machinery (issue 34).
"""

from __future__ import annotations

import os

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping

LANGUAGES = ("fr", "en")


def default_lang(environ: Mapping[str, str] | None = None) -> str:
    """The user's language from the locale: English when it says English, French otherwise."""
    env = os.environ if environ is None else environ
    for name in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        value = env.get(name, "")
        if value:
            return "en" if value.lower().startswith("en") else "fr"
    return "fr"
