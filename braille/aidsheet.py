"""A game's aid sheet, from its data: title, set-up, the turn, then every card.

Nothing here knows a particular game. The card list comes from the game's card
data (so a corrected card text changes the sheet), the rest from the optional
``[sheet]`` section of the same TOML file (see docs/braille.en.md); a new game
gets its sheet by adding data.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any

from companion.braille.brf import write_brf
from companion.braille.layout import Block, Page, Paragraph, check_size, paginate
from companion.braille.pef import Meta, write_pef
from companion.braille.translate import DEFAULT_GRADE, require_liblouis
from companion.cards import CardDataError, CardSet, read_toml
from companion import registry
from companion.registry import Game
from companion.i18n import LANGUAGES, Translator
from companion.render import N_, capitalized

FORMATS = ("pef", "brf", "unicode", "txt")
#: List sections of ``[sheet]``, in the order they are printed, with their headings.
SECTIONS = {
    # Translators: heading of the aid sheet's list of how to set up the game (Mise en place).
    "setup": N_("Set-up"),
    # Translators: heading of the aid sheet's list of what one turn is (Le tour).
    "turn": N_("The turn"),
}


@dataclass(frozen=True)
class SheetText:
    """The non-card text of a sheet in one language.

    ``rules``: the ids of the sections of the game's rules file the sheet prints
    (``[sheet] rules = ["setup", "turn"]``), so the aid sheet and the rules reader
    read the same words and never disagree; ``sections`` are the older inline lists.
    """

    title: str | None
    sections: dict[str, list[str]]
    flags: dict[str, str]
    rules: tuple[str, ...] = ()


def games_with_cards() -> list[Game]:
    """Every registered game that has card data, hence an aid sheet."""
    return [game for game in registry.GAMES if game.spec.data_file is not None]


def sheet_text(cardset: CardSet, lang: str) -> SheetText:
    """Read ``[sheet]`` from the same file the cards came from (the user's copy if any).

    :raises CardDataError: naming the file, when a text lacks a language.
    """
    problem, whole = read_toml(cardset.path, "a card file")  # parsed once with the cards (companion/cards.py)
    if problem is not None:
        raise CardDataError(cardset.path, problem)
    raw: dict[str, Any] = whole.get("sheet", {})

    def pick(where: str, value: Any, kind: type) -> Any:
        if not isinstance(value, dict) or not all(isinstance(value.get(code), kind) for code in LANGUAGES):
            raise CardDataError(cardset.path, f"sheet {where}: needs a French and an English {kind.__name__} (fr = …, en = …)")
        return value[lang]

    title = pick("title", raw["title"], str) if "title" in raw else None
    sections = {key: [str(line) for line in pick(key, raw[key], list)] for key in SECTIONS if key in raw}
    flags = {name: pick(f"flags.{name}", label, str) for name, label in raw.get("flags", {}).items()}
    rules = raw.get("rules", [])
    if not isinstance(rules, list) or not all(isinstance(r, str) for r in rules):
        raise CardDataError(cardset.path, "sheet rules: a list of the rules file's section ids")
    return SheetText(title, sections, flags, tuple(rules))


def sheet_blocks(game: Game, lang: str) -> list[Block]:
    """The sheet's content as blocks: what is said, not where it falls on the page."""
    t = Translator(lang, "braille")
    cardset = game.cards()
    text = sheet_text(cardset, lang)
    # Translators: title of an aid sheet when the game's data gives none; {game} is the game's name.
    title = text.title or t("{game}: aid sheet", game=game.name(lang))
    blocks = [Block((Paragraph(title, centre=True),), heading=True)]
    if text.rules:
        from companion.rules_data import load as load_rules

        rules = load_rules(game, cardset)
        for section_id in text.rules:
            section = rules.section(section_id)
            blocks.append(Block((Paragraph(section.title[lang]),), heading=True))
            blocks += [Block((Paragraph(line, 0, 2),), keep=True) for line in section.paragraphs[lang]]
    for key, heading in SECTIONS.items():
        if text.sections.get(key):
            blocks.append(Block((Paragraph(t(heading)),), heading=True))
            # One item per line as braille lists are set: runover lines indented two cells.
            blocks += [Block((Paragraph(line, 0, 2),), keep=True) for line in text.sections[key]]
    for side, names in cardset.sides.items():
        # Translators: heading before the cards of one side; {side} is the side's name (Héros, Thanos).
        heading = t.plural("{side} deck: {count} card", "{side} deck: {count} cards", cardset.count(side), side=names[lang])
        blocks.append(Block((Paragraph(capitalized(heading)),), heading=True))
        for card in cardset.of_side(side):
            facts = [
                # Translators: start of a card's line on the aid sheet.
                t("{name}: value {value}", name=card.name(lang), value=card.value),
                # Translators: how many copies of a card the deck has.
                t.plural("{count} copy", "{count} copies", card.copies),
                *(label for flag, label in text.flags.items() if getattr(card.traits, flag, False)),
            ]
            # The name at the margin, everything else indented: a finger finds the next card fast.
            blocks.append(Block((Paragraph(", ".join(facts) + ".", 0, 2), Paragraph(card.effect[lang], 2, 2)), keep=True))
    return blocks


def plain_text(blocks: list[Block]) -> str:
    """The same content as text: a blank line before headings, indents as spaces."""
    out: list[str] = []
    for block in blocks:
        if block.heading and out:
            out.append("")
        out.extend(" " * paragraph.indent + paragraph.text for paragraph in block.paragraphs)
    return "\n".join(out) + "\n"


def unicode_text(pages: list[Page]) -> str:
    """Unicode braille with the embossed pagination: a form feed between pages."""
    return "\f".join("".join(line.cells + "\n" for line in page.lines) for page in pages)


@functools.lru_cache(maxsize=16)
def _pages(blocks: tuple[Block, ...], lang: str, grade: int, cells: int, lines: int) -> tuple[Page, ...]:
    """The sheet's pages, laid out once for its braille formats (PEF, BRF and Unicode share them)."""
    return tuple(paginate(list(blocks), lang, grade, None, cells, lines))


def make_aid_sheet(
    game_id: str, fmt: str = "pef", lang: str = "fr", grade: int | None = None, cells: int = 40, lines: int = 25
) -> bytes:
    """The aid sheet of ``game_id`` as file content in ``fmt`` (pef, brf, unicode or txt).

    :raises ValueError: unknown game or format, a game without card data, a page too small.
    :raises BrailleUnavailable: liblouis or its tables are missing.
    """
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}: choose one of {', '.join(LANGUAGES)}")
    t = Translator(lang, "braille")
    if fmt not in FORMATS:
        # Translators: error of the aid-sheet command; {formats} lists pef, brf, unicode, txt.
        raise ValueError(t("Unknown aid sheet format {fmt}: choose one of {formats}.", fmt=fmt, formats=", ".join(FORMATS)))
    try:
        game = registry.find(game_id)
    except KeyError:
        known = ", ".join(g.id for g in games_with_cards())
        # Translators: error of the aid-sheet command; {known} lists game ids.
        raise ValueError(t("Unknown game {game}: the games with an aid sheet are {known}.", game=game_id, known=known)) from None
    if game.spec.data_file is None:
        # Translators: error of the aid-sheet command.
        raise ValueError(t("{game} has no card data, so it has no aid sheet.", game=game.name(lang)))
    check_size(cells, lines, lang)
    blocks = sheet_blocks(game, lang)
    if fmt == "txt":
        return plain_text(blocks).encode("utf-8")
    grade = grade or DEFAULT_GRADE[lang]
    require_liblouis(lang)  # asked every time (it may be gone); the pages of the same blocks are kept
    pages = list(_pages(tuple(blocks), lang, grade, cells, lines))
    if fmt == "unicode":
        return unicode_text(pages).encode("utf-8")
    if fmt == "brf":
        return write_brf(pages)
    meta = Meta(
        title=blocks[0].paragraphs[0].text,
        language=lang,
        identifier=f"companion-aid-sheet-{game.id}-{lang}-grade{grade}-{cells}x{lines}",
    )
    return write_pef(pages, meta, cells, lines)
