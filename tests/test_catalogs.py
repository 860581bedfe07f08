"""Every sentence a user can hear or read exists in French: the catalogs cover the code.

The messages are extracted from the code the way scripts/update_catalogs.sh does:
Babel, with the domains, keywords (``pgettext`` contexts included) and translator-note
tag of companion/locale/domains.toml, which the script reads too. So a new English
sentence without its French fails here, as does a translation that lost or renamed a
``{field}``, or a ``# Translators:`` note that no message would carry to the catalog.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_file
from babel.messages.frontend import parse_keywords
from babel.messages.pofile import read_po

from companion.i18n import Domain, Translator, domains

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "companion" / "locale" / "fr" / "LC_MESSAGES"
FIELD = re.compile(r"{\w+}|%\(\w+\)\w|%s")
DOMAINS = domains(ROOT)
Message = tuple[str | tuple[str, ...], str | None]  # id (or singular and plural), context


def source_files(domain: Domain) -> list[Path]:
    """The Python files of ``domain``, a folder meaning every file under it (as pybabel extract does)."""
    files: list[Path] = []
    for relative in domain.paths:
        path = ROOT / relative
        files.extend(sorted(path.rglob("*.py")) if path.is_dir() else [path])
    return files


def extracted(domain: Domain, path: Path) -> list[tuple[int, str | tuple[str, ...], list[str], str | None]]:
    return [(line, message if isinstance(message, str) else tuple(message), comments, context)
            for line, message, comments, context in extract_from_file(
                "python", str(path), keywords=parse_keywords(list(domain.keywords)), comment_tags=[domain.comment_tag])]


def used(domain: Domain) -> set[Message]:
    return {(message, context) for path in source_files(domain) for _, message, _, context in extracted(domain, path)}


def catalog(name: str) -> Catalog:
    with (LOCALE / f"{name}.po").open("rb") as handle:
        return read_po(handle)


def test_every_catalog_has_its_domain_and_every_domain_its_catalog():
    assert sorted(path.stem for path in LOCALE.glob("*.po")) == sorted(DOMAINS)
    for domain in DOMAINS.values():
        assert all((ROOT / path).exists() for path in domain.paths), domain


@pytest.mark.parametrize("domain", sorted(DOMAINS))
def test_every_message_of_the_code_is_translated(domain):
    messages = catalog(domain)
    assert messages.plural_forms == "nplurals=2; plural=(n > 1);"
    found = used(DOMAINS[domain])
    assert found, domain
    missing = []
    for message_id, context in found:
        key = message_id if isinstance(message_id, str) else message_id[0]
        entry = messages.get(key, context=context)
        translated = entry is not None and (all(entry.string) if isinstance(entry.string, tuple) else entry.string)
        if not translated:
            missing.append((message_id, context))
    assert missing == []


@pytest.mark.parametrize("domain", sorted(DOMAINS))
def test_translations_keep_every_field(domain):
    for message in catalog(domain):
        if not message.id:
            continue
        ids = [message.id] if isinstance(message.id, str) else list(message.id)
        strings = [message.string] if isinstance(message.string, str) else list(message.string)
        fields = set(FIELD.findall(ids[-1]))
        # A singular form may say "un" instead of {count}; the last form keeps every field.
        for string in strings[:-1]:
            assert set(FIELD.findall(string)) <= fields, message.id
        assert set(FIELD.findall(strings[-1])) == fields, message.id


@pytest.mark.parametrize("domain", sorted(DOMAINS))
def test_every_translator_note_reaches_a_message(domain):
    """A note Babel does not attach (not on the line just above a message's call) never reaches a translator."""
    tag = re.compile(rf"^\s*#\s*{re.escape(DOMAINS[domain].comment_tag)}")
    for path in source_files(DOMAINS[domain]):
        notes = sum(1 for line in path.read_text(encoding="utf-8").splitlines() if tag.match(line))
        carried = sum(1 for _, _, comments, _ in extracted(DOMAINS[domain], path) if comments)
        assert carried == notes, f"{path}: {notes} notes, {carried} carried by a message"



def test_pgettext_uses_the_context_and_the_notes_reach_the_catalog():
    """The same English word in two contexts is two entries; the note above the call is in the .po file."""
    french = Translator("fr", "core")
    assert french.pgettext("saved game", "finished") == "finie"
    assert french("finished") == "finished"  # without its context, the word is not the saved game's
    assert Translator("en", "core").pgettext("saved game", "not started") == "not started"
    entry = catalog("core").get("finished", context="saved game")
    assert entry is not None and any(note.startswith("Translators:") for note in entry.auto_comments)


@pytest.mark.parametrize("domain", sorted(DOMAINS))
def test_every_message_with_a_field_or_of_one_or_two_words_has_a_translator_note(domain):
    """"{count} for {player}." or "up" alone cannot be translated without knowing what fills it, or where it is said."""
    bare = []
    for message in catalog(domain):
        if not message.id:
            continue
        ids = [message.id] if isinstance(message.id, str) else list(message.id)
        needs_note = any(FIELD.search(text) for text in ids) or len(ids[0].split()) <= 2
        if needs_note and not any(note.startswith(DOMAINS[domain].comment_tag) for note in message.auto_comments):
            bare.append(ids[0])
    assert bare == []


@pytest.mark.timeout(120)
def test_update_catalogs_keeps_each_catalogs_date_line(tmp_path):
    """Updating the catalogs rewrites only what changed: not every catalog's POT-Creation-Date, each time it runs."""
    import shutil
    import subprocess

    for folder in ("companion", "speech", "braille", "scripts"):  # the domains' sources, and the script
        shutil.copytree(ROOT / folder, tmp_path / folder, ignore=shutil.ignore_patterns("__pycache__", "*.mo"))
    (tmp_path / ".venv").symlink_to(ROOT / ".venv")
    po = tmp_path / "companion" / "locale" / "fr" / "LC_MESSAGES"
    for path in po.glob("*.po"):  # an old date: a rewrite would show
        path.write_text(re.sub(r'"POT-Creation-Date: [^"]*"', '"POT-Creation-Date: 2020-01-01 00:00+0000\\\\n"',
                               path.read_text(encoding="utf-8")), encoding="utf-8")
    before = {path.name: path.read_bytes() for path in po.glob("*.po")}
    source = tmp_path / "companion" / "records.py"  # and one new sentence, so one catalog does change
    source.write_text(source.read_text(encoding="utf-8") + '\n\ndef _new(t):\n    return t("A new sentence.")\n',
                      encoding="utf-8")
    subprocess.run(["bash", "scripts/update_catalogs.sh"], cwd=tmp_path, check=True, capture_output=True, timeout=100)
    after = {path.name: path.read_bytes() for path in po.glob("*.po")}
    assert [name for name in sorted(before) if after[name] != before[name]] == ["tools.po"]
    assert b'msgid "A new sentence."' in after["tools.po"]
    assert b"POT-Creation-Date: 2020-01-01 00:00+0000" in after["tools.po"]
