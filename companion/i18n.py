"""Message catalogs: gettext ``.po`` files, one domain per layer, French and English.

Message ids are the English sentences, so the English "catalog" is the source
itself; French lives in ``locale/fr/LC_MESSAGES/<domain>.po``. Set-up compiles the
catalogs with Babel (``python -m companion.i18n compile``), and so does every
wheel build (setup.py); a catalog whose ``.mo`` is missing or older than its
``.po`` is compiled in memory instead, so a fresh checkout never speaks
untranslated words.
``locale/domains.toml`` says which source files feed which domain (``python -m companion.i18n
domains`` prints it for scripts/update_catalogs.sh; tests/test_catalogs.py reads it too).
"""

from __future__ import annotations

import functools
import gettext
import io
import os
import sys

from companion.languages import LANGUAGES as LANGUAGES, default_lang as default_lang

TYPE_CHECKING = False
if TYPE_CHECKING:
    from pathlib import Path

#: The catalogs' folder, as a string: this module is imported by every command, ``--help`` included, which has no use
#: for pathlib (issue 34). ``LOCALE_DIR``, ``DOMAINS_FILE`` and ``SOURCE_ROOT`` (the folder the paths of
#: ``domains.toml`` start from: the repository, or where the package is installed) are Paths, made when first asked.
_LOCALE = os.path.join(os.path.dirname(__file__), "locale")
#: A ``.mo`` this many seconds older than its ``.po`` still counts as compiled from it: an installer
#: writes a wheel's files in name order, ``core.mo`` a moment before ``core.po``.
MTIME_SLACK = 2.0


def __getattr__(name: str) -> Path:
    """``LOCALE_DIR``, ``DOMAINS_FILE``, ``SOURCE_ROOT``: the module's Paths, made when asked (any other name, such as
    the ``__path__`` an import looks for, is missing at once, pathlib not imported)."""
    if name not in ("LOCALE_DIR", "DOMAINS_FILE", "SOURCE_ROOT"):
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from pathlib import Path

    here = Path(__file__)
    paths = {"LOCALE_DIR": here.parent / "locale", "DOMAINS_FILE": here.parent / "locale" / "domains.toml",
             "SOURCE_ROOT": here.resolve().parent.parent}
    return paths[name]


def _compile(po_path: Path) -> bytes:
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with po_path.open("rb") as source:
        catalog = read_po(source)
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    return buffer.getvalue()


@functools.lru_cache(maxsize=None)
def translations(lang: str, domain: str) -> gettext.NullTranslations:
    """The catalog of ``domain`` in ``lang`` (English needs none: ids are English)."""
    po_path = os.path.join(_LOCALE, lang, "LC_MESSAGES", f"{domain}.po")
    if lang == "en" or not os.path.exists(po_path):
        return gettext.NullTranslations()
    mo_path = po_path[:-len(".po")] + ".mo"
    if os.path.exists(mo_path) and os.stat(mo_path).st_mtime + MTIME_SLACK >= os.stat(po_path).st_mtime:
        with open(mo_path, "rb") as handle:
            return gettext.GNUTranslations(handle)
    from pathlib import Path

    return gettext.GNUTranslations(io.BytesIO(_compile(Path(po_path))))


class Translator:
    """``_``/``ngettext``/``pgettext`` bound to one language and one domain."""

    def __init__(self, lang: str, domain: str) -> None:
        self.lang = lang
        self.domain = domain
        self._catalog = translations(lang, domain)

    def __call__(self, message: str, **values: object) -> str:
        text = self._catalog.gettext(message)
        return text.format(**values) if values else text

    def plural(self, singular: str, plural: str, count: int, **values: object) -> str:
        text = self._catalog.ngettext(singular, plural, count)
        return text.format(count=count, **values)

    def plural_written(self, singular: str, plural: str, written: str, **values: object) -> str:
        """The form for a number as written with decimals ("0,5", "1.0"): gettext's formulas read integers only, so
        CLDR's rule (Babel's) picks the form from the written number, French "0,5 point", "1,5 point" but English
        "0.5 points", "1.0 points"; then 1 or 2 asks the catalog for that form (fr and en: singular at 1, plural at 2).
        """
        from decimal import Decimal, InvalidOperation

        from babel import Locale

        try:
            number = Decimal(written.replace(",", "."))
        except InvalidOperation:
            number = Decimal("nan")
        one = number.is_finite() and Locale.parse(self.lang).plural_form(number) == "one"
        return self._catalog.ngettext(singular, plural, 1 if one else 2).format(**values)

    def pgettext(self, context: str, message: str, **values: object) -> str:
        """``message`` in ``context``: one English word may need two French ones ("up": "en haut", "plus fort").

        ``context`` is never shown; it is the ``msgctxt`` that tells translators, and the catalog, which sense is meant.
        """
        text = self._catalog.pgettext(context, message)
        return text.format(**values) if values else text


class Domain:
    """One catalog's sources: ``paths`` (files or folders, from ``SOURCE_ROOT``) and the ``keywords`` that mark messages.

    A plain class, not a dataclass: this module is imported by every command, ``--help`` included, and
    ``dataclasses`` (with ``inspect``) would double its start-up (issue 34).
    """

    __slots__ = ("name", "paths", "keywords", "comment_tag")

    def __init__(self, name: str, paths: tuple[str, ...], keywords: tuple[str, ...], comment_tag: str) -> None:
        self.name = name
        self.paths = paths
        self.keywords = keywords
        self.comment_tag = comment_tag


def domains(root: Path | None = None) -> dict[str, Domain]:
    """Every domain of ``domains.toml``, plus one per game renderer found under ``root`` (``SOURCE_ROOT``), by name."""
    import tomllib  # only the catalog tools read it: not imported at every start-up

    root = root if root is not None else __getattr__("SOURCE_ROOT")
    with __getattr__("DOMAINS_FILE").open("rb") as handle:
        spec = tomllib.load(handle)
    common = tuple(spec["keywords"])
    tag = spec["comment_tag"]
    found = {name: Domain(name, tuple(entry["files"]), common + tuple(entry.get("keywords", ())), tag)
             for name, entry in spec["domains"].items()}
    renderers, cores = spec["games"]["renderers"], spec["games"]["cores"]
    for renderer in sorted((root / renderers).glob("*.py")):
        if renderer.stem != "__init__":
            core = f"{cores}/{renderer.name}"
            paths = (f"{renderers}/{renderer.name}",) + ((core,) if (root / core).exists() else ())
            found[renderer.stem] = Domain(renderer.stem, paths, common, tag)
    return found


def compile_all() -> list[Path]:
    """Write every ``.mo`` next to its ``.po`` (run by set-up)."""
    written = []
    for po_path in sorted(__getattr__("LOCALE_DIR").glob("*/LC_MESSAGES/*.po")):
        mo_path = po_path.with_suffix(".mo")
        mo_path.write_bytes(_compile(po_path))
        written.append(mo_path)
    return written


def print_domains(names: list[str]) -> int:
    """For scripts/update_catalogs.sh: per domain (all, or ``names``), a line "name<TAB>pybabel options<TAB>paths"."""
    known = domains()
    unknown = [name for name in names if name not in known]
    if unknown:
        sys.stderr.write(f"unknown domain: {' '.join(unknown)} (known: {' '.join(sorted(known))})\n")
        return 2
    for domain in (known[name] for name in names or sorted(known)):
        options = [f"--keyword={keyword}" for keyword in domain.keywords] + [f"--add-comments={domain.comment_tag}"]
        sys.stdout.write(f"{domain.name}\t{' '.join(options)}\t{' '.join(domain.paths)}\n")
    return 0


if __name__ == "__main__":
    if sys.argv[1:] == ["compile"]:
        compile_all()
    elif sys.argv[1:2] == ["domains"]:
        raise SystemExit(print_domains(sys.argv[2:]))
    else:
        sys.stderr.write("usage: python -m companion.i18n compile | domains [DOMAIN...]\n")
        raise SystemExit(2)
