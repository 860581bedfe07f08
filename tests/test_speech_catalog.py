"""Every sentence the speech layer can say has a French translation."""

from __future__ import annotations

import re
from pathlib import Path

from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parent.parent
CATALOG = ROOT / "companion" / "locale" / "fr" / "LC_MESSAGES" / "speech.po"
#: t("…") calls and SpeechUnavailable("…") reasons: everything the user may hear.
MESSAGE = re.compile(r'(?:\bt|SpeechUnavailable)\(\s*"((?:[^"\\]|\\.)+)"')


def used_messages() -> set[str]:
    found: set[str] = set()
    for path in (ROOT / "speech").glob("*.py"):
        found.update(MESSAGE.findall(path.read_text(encoding="utf-8")))
    return found


def test_every_message_has_a_french_translation():
    with CATALOG.open("rb") as handle:
        catalog = read_po(handle)
    assert catalog.plural_forms == "nplurals=2; plural=(n > 1);"
    used = used_messages()
    assert len(used) > 20
    missing = [m for m in used if not (catalog.get(m) and catalog.get(m).string)]
    assert missing == []
    for message in catalog:
        if message.id:
            fields = set(re.findall(r"{\w+}", message.id))
            assert set(re.findall(r"{\w+}", message.string)) == fields, message.id
