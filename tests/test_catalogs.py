"""Every sentence a user can hear or read exists in French: the catalogs cover the code.

The messages are extracted from the code the way scripts/update_catalogs.sh does
(Babel, same keywords and domains), so a new English sentence without its French
fails here, as does a translation that lost or renamed a ``{field}``.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "companion" / "locale" / "fr" / "LC_MESSAGES"
FIELD = re.compile(r"{\w+}|%\(\w+\)\w|%s")
KEYWORDS = {"t": None, "plural": (1, 2), "N_": None, "SpeechUnavailable": None}
DOMAINS = {
    "core": ["companion/cli.py", "companion/play.py", "companion/session", "companion/render/__init__.py",
             "companion/argparse_messages.py", "companion/saves.py", "companion/review.py"],
    "ui": ["companion/ui"],
    "tools": ["companion/simulate.py", "companion/simulate_help.py", "companion/records.py"],
    "speech": ["speech"],
    "braille": ["braille"],
    "web": ["companion/web"],
    "rules": ["companion/rules_reader.py", "companion/rules_cli.py", "companion/rules_help.py"],  # issue 17
    "doctor": ["companion/doctor.py", "companion/doctor_help.py"],  # issue 21
    **{p.stem: [f"companion/render/{p.name}", f"companion/games/{p.name}"]
       for p in (ROOT / "companion" / "render").glob("*.py") if p.stem != "__init__"},
}


def extracted(paths: list[str], core: bool) -> set[str | tuple[str, ...]]:
    keywords = dict(KEYWORDS, **({"core": None} if core else {}))
    found: set[str | tuple[str, ...]] = set()
    for relative in paths:
        path = ROOT / relative
        if path.is_dir():
            messages = extract_from_dir(str(path), keywords=keywords)
            found.update(m[2] if isinstance(m[2], str) else tuple(m[2]) for m in messages)
        else:
            from babel.messages.extract import extract_from_file

            found.update(m[1] if isinstance(m[1], str) else tuple(m[1])
                         for m in extract_from_file("python", str(path), keywords=keywords))
    return found


@pytest.mark.parametrize("domain", sorted(DOMAINS))
def test_every_message_of_the_code_is_translated(domain):
    with (LOCALE / f"{domain}.po").open("rb") as handle:
        catalog = read_po(handle)
    assert catalog.plural_forms == "nplurals=2; plural=(n > 1);"
    used = extracted(DOMAINS[domain], core=domain == "core")
    assert used, domain
    missing = []
    for message_id in used:
        key = message_id if isinstance(message_id, str) else message_id[0]
        entry = catalog.get(key)
        translated = entry is not None and (all(entry.string) if isinstance(entry.string, tuple) else entry.string)
        if not translated:
            missing.append(message_id)
    assert missing == []


@pytest.mark.parametrize("domain", sorted(DOMAINS))
def test_translations_keep_every_field(domain):
    with (LOCALE / f"{domain}.po").open("rb") as handle:
        catalog = read_po(handle)
    for message in catalog:
        if not message.id:
            continue
        ids = [message.id] if isinstance(message.id, str) else list(message.id)
        strings = [message.string] if isinstance(message.string, str) else list(message.string)
        fields = set(FIELD.findall(ids[-1]))
        # A singular form may say "un" instead of {count}; the last form keeps every field.
        for string in strings[:-1]:
            assert set(FIELD.findall(string)) <= fields, message.id
        assert set(FIELD.findall(strings[-1])) == fields, message.id
