"""Text to braille cells through liblouis, with the source text of every word kept.

The tables are the ones French and English braille readers learn: French
*intégral* (uncontracted) and *abrégé* (contracted) from the BFU 2006 code, and
Unified English Braille grade 1 and 2. A display table put first in the list
chooses the output: Unicode braille (one character per cell, what displays and
PEF files take) or North American ASCII braille (what BRF files hold).

Positions matter: a display line or a page line is cut at word boundaries, and
each piece must know its source words so it can be checked by back-translation.
"""

from __future__ import annotations

import functools
import platform
import unicodedata
from dataclasses import dataclass
from types import ModuleType

from companion.i18n import Translator

#: (language, grade) → liblouis table.
TABLES: dict[tuple[str, int], str] = {
    ("fr", 1): "fr-bfu-comp6.utb",
    ("fr", 2): "fr-bfu-g2.ctb",
    ("en", 1): "en-ueb-g1.ctb",
    ("en", 2): "en-ueb-g2.ctb",
}
#: French readers mostly read intégral on a display; English readers read UEB grade 2.
DEFAULT_GRADE: dict[str, int] = {"fr": 1, "en": 2}
#: Output kind → display table (cells as characters).
DISPLAY_TABLES: dict[str, str] = {"unicode": "unicode.dis", "brf": "en-us-brf.dis"}
#: The blank cell in Unicode braille.
BLANK = "\u2800"
#: Debian packages that provide liblouis, its tables and its Python binding.
PACKAGES = "liblouis20 liblouis-data python3-louis"


class BrailleUnavailable(Exception):
    """liblouis or one of its tables is missing; the message says what to install."""


@dataclass(frozen=True)
class Word:
    """A run of cells between blank cells that stand for spaces, and the text it came from."""

    cells: str
    text: str


def _louis(lang: str) -> ModuleType:
    try:
        import louis
    except ImportError:
        t = Translator(lang, "braille")
        if platform.system() != "Linux":  # no liblouis package for Python there (docs/install.en.md)
            # Translators: liblouis is missing on Windows or macOS; said once, instead of braille.
            raise BrailleUnavailable(t("Braille needs liblouis, which is not installed on this system.")) from None
        # Translators: liblouis or its Python module is missing; {packages} are Debian package names.
        raise BrailleUnavailable(
            t("Braille needs liblouis and its Python module: install the Debian packages {packages}.", packages=PACKAGES)
        ) from None
    module: ModuleType = louis
    return module


@functools.lru_cache(maxsize=None)
def _checked(tables: tuple[str, ...], lang: str) -> tuple[str, ...]:
    """Compile the table list once, so a missing table is reported clearly, not as a liblouis error."""
    louis = _louis(lang)
    louis.setLogLevel(louis.LOG_OFF)  # the failure is reported below, in the user's language
    try:
        louis.checkTable(list(tables))
    except RuntimeError:
        t = Translator(lang, "braille")
        raise BrailleUnavailable(
            # Translators: a liblouis table file is missing or broken; {table} is its file name.
            t(
                "The braille table {table} cannot be found or read: install the Debian packages {packages}.",
                table=", ".join(tables[1:]),
                packages=PACKAGES,
            )
        ) from None
    return tables


def table_list(lang: str, grade: int | None = None, table: str | None = None, output: str = "unicode") -> list[str]:
    """The liblouis table list for a language and grade, or for an explicit table (comma-separated names)."""
    if output not in DISPLAY_TABLES:
        raise ValueError(f"output must be one of {', '.join(DISPLAY_TABLES)}, not {output!r}")
    if table:
        names = [name.strip() for name in table.split(",") if name.strip()]
    else:
        key = (lang, grade or DEFAULT_GRADE.get(lang, 2))
        if key not in TABLES:
            raise ValueError(f"no braille table for language {lang!r} grade {grade!r} (languages fr, en; grades 1, 2)")
        names = [TABLES[key]]
    return list(_checked((DISPLAY_TABLES[output], *names), lang))


@functools.lru_cache(maxsize=4096)
def _writable(char: str, tables: tuple[str, ...], lang: str) -> bool:
    """Whether the table writes ``char`` as six-dot cells (not a ``\\x1ec5`` escape with eight-dot cells, not nothing)."""
    cells = str(_louis(lang).translateString(list(tables), char)).replace(BLANK, "")
    return bool(cells) and all(0x2800 <= ord(cell) <= 0x283F for cell in cells)


@functools.lru_cache(maxsize=4096)
def _respelt_char(char: str, tables: tuple[str, ...], lang: str) -> str:
    """``char`` in letters the table writes: its Unicode decomposition without accents (ễ → e), else anyascii's
    transliteration (Ω → O), else ``?``."""
    if char.isspace():
        return " "  # a tab or a line break would reach the cells as they are
    if not char.isprintable():
        return "?"  # a control character has no letter to write
    if char.isascii() or _writable(char, tables, lang):
        return char
    bare = "".join(c for c in unicodedata.normalize("NFKD", char) if not unicodedata.combining(c))
    if bare and all(c.isascii() or _writable(c, tables, lang) for c in bare):
        return bare
    from anyascii import anyascii

    latin = anyascii(char)
    return latin if latin and latin.isascii() and latin.isprintable() else "?"


def respell(text: str, lang: str, grade: int | None = None, table: str | None = None, keep_cells: bool = False) -> str:
    """``text`` with every letter the braille table cannot write respelt in Latin letters (Nguyễn → Nguyen,
    Ωμέγα → Ωμεγα, 日本 → RiBen): a document is always written, whatever the names. White space becomes a space,
    a control character ``?``; printable ASCII is returned as it is. ``keep_cells``: braille cells already in the
    text (a join code's own eight-dot cells amid the words) stay as they are, for a display; a document's BRF
    has no room for eight-dot cells, so they are respelt there."""
    if text.isascii() and text.isprintable():
        return text
    tables = tuple(table_list(lang, grade, table))
    return "".join(char if keep_cells and _is_cell(char) else _respelt_char(char, tables, lang) for char in text)


def _is_cell(char: str) -> bool:
    return 0x2800 <= ord(char) <= 0x28FF


def respelt_words(texts: list[str], lang: str, grade: int | None = None, table: str | None = None) -> list[str]:
    """The words of ``texts`` that :func:`respell` changes, once each, in order of appearance (what a document's
    note lists)."""
    found: dict[str, None] = {}
    for text in texts:
        for word in text.split():
            if respell(word, lang, grade, table) != word:
                found.setdefault(word.strip(".,:;!?()«»\"'"), None)
    return list(found)


def translate(
    text: str, lang: str, grade: int | None = None, table: str | None = None, output: str = "unicode"
) -> str:
    """``text`` in braille: Unicode braille cells, or ASCII braille when ``output`` is ``"brf"``.

    :raises BrailleUnavailable: liblouis or the table is missing.
    """
    return str(_louis(lang).translateString(table_list(lang, grade, table, output), respell(text, lang, grade, table)))


def back_translate(
    cells: str, lang: str, grade: int | None = None, table: str | None = None, output: str = "unicode"
) -> str:
    """Braille back to text with the same tables (how a line is checked against its source)."""
    return str(_louis(lang).backTranslateString(table_list(lang, grade, table, output), cells))


def words(text: str, lang: str, grade: int | None = None, table: str | None = None) -> list[Word]:
    """``text`` translated as a whole (contractions and indicators see the whole sentence), cut into words.

    A blank cell is a word boundary only when liblouis says it came from white
    space in the source, so each word keeps the exact source text it stands for.
    """
    text = respell(" ".join(text.split()), lang, grade, table, keep_cells=True)  # tabs and line breaks: as spaces
    if not text:
        return []
    cells, input_pos, _, _ = _louis(lang).translate(table_list(lang, grade, table), text)
    # Word boundaries: blank cells made from white space, plus both ends.
    bounds = [-1, *(i for i, cell in enumerate(cells) if cell == BLANK and text[input_pos[i]].isspace()), len(cells)]
    result: list[Word] = []
    for before, after in zip(bounds, bounds[1:], strict=False):
        start = before + 1
        if after > start:
            source_end = input_pos[after] if after < len(cells) else len(text)
            result.append(Word(cells[start:after], text[input_pos[start] : source_end].strip()))
    return result
