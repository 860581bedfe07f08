"""One-off helper kept for translators: apply a dict of French translations to a .po file.

Usage: python scripts/fill_fr.py DOMAIN  (reads scripts/fr_<domain>.py's TRANSLATIONS)
Sets the French plural rule used everywhere in the project: nplurals=2; plural=(n > 1).
"""
from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

from babel.messages.pofile import read_po, write_po

root = Path(__file__).resolve().parents[1]
domain = sys.argv[1]
spec = importlib.util.spec_from_file_location("tr", root / "scripts" / f"fr_{domain}.py")
module = importlib.util.module_from_spec(spec)
spec.loader.exec_module(module)
table = module.TRANSLATIONS
po = root / "companion/locale/fr/LC_MESSAGES" / f"{domain}.po"
with po.open("rb") as f:
    catalog = read_po(f, locale="fr")
catalog._num_plurals, catalog._plural_expr = 2, "(n > 1)"
catalog.project, catalog.version = "companion", "0.1"
missing = []
for message in catalog:
    if not message.id:
        continue
    key = message.id if isinstance(message.id, str) else tuple(message.id)
    if key in table:
        message.string = table[key]
    elif not (message.string if isinstance(message.string, str) else all(message.string)):
        missing.append(key)
with po.open("wb") as f:
    write_po(f, catalog, omit_header=False, no_location=True, width=0)
for key in missing:
    print("missing:", key)
