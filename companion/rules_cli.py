"""``companion rules GAME [SECTION]``: the rules read a section at a time, or written as a document.

The reader runs like a game: in a terminal the same plain prompt (``> ``), with
speech and braille through the announcer, built by ``companion.play``'s
``_make_outputs``; with piped input, one command per line and one output line
per sentence. The document (``--format txt|html|brf|pef``) is the same text as
the reader's, laid out by the aid sheet's pipeline (:mod:`braille.layout`,
:mod:`braille.pef`, :mod:`braille.brf`).
"""

from __future__ import annotations

import html
import sys
from dataclasses import dataclass
from typing import Any, TextIO

from companion.announce import Announcer, Priority, Utterance
from companion.i18n import LANGUAGES, Translator
from companion.rules_data import GameRules
from companion.rules_reader import Answer, RulesReader

from companion.rules_help import CLI_HELP as CLI_HELP, FORMATS as FORMATS  # light: the CLI reads them at start-up
PROMPT = "> "


class RulesError(Exception):
    """The rules cannot be read or written: one sentence for the user, and the exit status."""

    def __init__(self, message: str, status: int = 1) -> None:
        super().__init__(message)
        self.status = status


def load_rules(game: Any, lang: str) -> GameRules:
    """:raises RulesError: the rules file (or the card file it links to) cannot be used."""
    from companion.cards import CardDataError
    from companion.rules_data import RulesDataError, load

    try:
        return load(game)
    except (RulesDataError, CardDataError) as error:
        t = Translator(lang, "rules")
        raise RulesError(t("The rules of {game} cannot be read: {problem}", game=game.name(lang),
                           problem=f"{error.path}: {error.problem}")) from None


# --------------------------------------------------------------------------- the reader


@dataclass(frozen=True)
class ReaderConfig:
    """What ``companion rules GAME`` was asked for, typed (the outputs as ``companion play`` takes them)."""

    lang: str = "fr"
    section: str = ""
    speech: str | None = None
    rate: int | None = None
    voice: str | None = None
    braille: str | None = None
    braille_width: int | None = None
    braille_table: str | None = None
    grade: int | None = None


def say(announcer: Announcer, answer: Answer, lang: str) -> None:
    """An answer's sentences: the first one cuts off what is still being said, the others follow it."""
    for index, line in enumerate(answer.lines):
        announcer.announce(Utterance(line, lang, answer.event, dict(answer.fields),
                                     Priority.NOW if index == 0 else Priority.NORMAL))


def run_reader(game: Any, config: ReaderConfig, stdin: TextIO | None = None, stdout: TextIO | None = None) -> int:
    """Read the rules of ``game`` until ``quit`` or the end of input. Exit status 0; 1 when the rules cannot be read."""
    from companion.output import StdoutOutput
    from companion.play import OutputConfig, PlayConfig, _make_outputs

    stdin = stdin if stdin is not None else sys.stdin
    stdout = stdout if stdout is not None else sys.stdout
    lang = config.lang
    try:
        rules = load_rules(game, lang)
    except RulesError as error:
        sys.stderr.write(str(error) + "\n")
        return error.status
    interactive = stdin.isatty()
    announcer = Announcer([StdoutOutput(False, stdout)])
    outputs = _make_outputs(PlayConfig(lang=lang, outputs=OutputConfig(
        config.speech, config.rate, config.voice, config.braille, config.braille_width, config.braille_table,
        config.grade)), interactive, stdout)
    for output in (outputs.speech, outputs.braille):
        if output is not None:
            announcer.add(output)
    for note in outputs.notes:
        announcer.announce(Utterance(note, lang, "output"))
    reader = RulesReader(rules, lang, game.name(lang))
    say(announcer, reader.go_or_find(config.section) if config.section.strip() else reader.contents(), lang)
    interrupt = outputs.speech.interrupt if outputs.speech is not None else None
    try:
        while True:
            if interactive:
                from companion.ui.resume import ask_line

                typed = ask_line(PROMPT)
                if typed is None:  # Escape, Ctrl+C, Ctrl+D
                    break
            else:
                typed = stdin.readline()
                if not typed:
                    break
                typed = typed.rstrip("\r\n")
                if not typed.strip():
                    continue  # a blank line in a script is no command
            if interrupt is not None:
                interrupt()
            if outputs.braille is not None:
                outputs.braille.new_answer()  # a queued display moves on to the answer (braille/queue.py)
            answer = reader.request(typed[:1000])
            if answer is None:
                break
            say(announcer, answer, lang)
    finally:
        announcer.close()
    return 0


# --------------------------------------------------------------------------- documents


def document_title(reader: RulesReader) -> str:
    # Translators: title of a rules document; {game} is the game's name (Les règles, feminine plural).
    return reader.t("{game}: the rules", game=reader.game_name)


def _own_paragraphs(reader: RulesReader, index: int) -> int:
    """How many paragraphs of section ``index`` are the file's own (the listed cards come after them)."""
    return len(reader.rules.sections[index].paragraphs[reader.lang])


def braille_blocks(reader: RulesReader) -> list[Any]:
    """The rules as the braille pipeline's blocks: a centred title, the summary, each numbered heading and its text.

    Paragraphs start two cells in, as braille paragraphs do; a listed card is set as
    a list item (runover lines two cells in) and kept whole on a page.
    """
    from companion.braille.layout import Block, Paragraph

    blocks = [Block((Paragraph(document_title(reader), centre=True),), heading=True),
              Block((Paragraph(reader.rules.summary[reader.lang], 2, 0),))]
    for index, title in enumerate(reader.titles()):
        blocks.append(Block((Paragraph(f"{index + 1}. {title}"),), heading=True))
        own = _own_paragraphs(reader, index)
        for number, text in enumerate(reader.paragraphs(index)):
            blocks.append(Block((Paragraph(text, 2, 0),)) if number < own else
                          Block((Paragraph(text, 0, 2),), keep=True))
    return blocks


def as_html(reader: RulesReader) -> str:
    """One linear, accessible page: ``lang``, a ``<h1>``, one ``<h2>`` per section, paragraphs, lists; no script."""
    def e(text: str) -> str:
        return html.escape(text, quote=False)

    title = document_title(reader)
    out = ["<!DOCTYPE html>", f'<html lang="{html.escape(reader.lang)}">', "<head>", '<meta charset="utf-8">',
           f"<title>{e(title)}</title>", "</head>", "<body>", "<main>", f"<h1>{e(title)}</h1>",
           f"<p>{e(reader.rules.summary[reader.lang])}</p>"]
    for index, heading in enumerate(reader.titles()):
        out.append(f'<h2 id="{html.escape(reader.rules.sections[index].id)}">{index + 1}. {e(heading)}</h2>')
        own = _own_paragraphs(reader, index)
        paragraphs = reader.paragraphs(index)
        out += [f"<p>{e(text)}</p>" for text in paragraphs[:own]]
        if paragraphs[own:]:
            out += ["<ul>", *(f"<li>{e(text)}</li>" for text in paragraphs[own:]), "</ul>"]
    out += ["</main>", "</body>", "</html>"]
    return "\n".join(out) + "\n"


def make_document(game: Any, fmt: str = "txt", lang: str = "fr", grade: int | None = None, cells: int = 40,
                  lines: int = 25) -> bytes:
    """The whole rules of ``game`` as file content in ``fmt`` (txt, html, brf or pef).

    :raises RulesError: the rules cannot be read, braille is not available, or a word is wider than a line.
    :raises ValueError: an unknown language or format (a bug in the caller: the CLI offers only these).
    """
    if lang not in LANGUAGES or fmt not in FORMATS:
        raise ValueError(f"rules: unknown language or format {lang!r} {fmt!r}")
    reader = RulesReader(load_rules(game, lang), lang, game.name(lang))
    if fmt == "html":
        return as_html(reader).encode("utf-8")
    core = Translator(lang, "core")
    try:
        from companion.braille import BrailleUnavailable
        from companion.braille.aidsheet import plain_text
        from companion.braille.brf import write_brf
        from companion.braille.layout import paginate
        from companion.braille.pef import Meta, write_pef
        from companion.braille.translate import DEFAULT_GRADE
    except ImportError:
        raise RulesError(core("Braille is not available: install liblouis20, liblouis-data and python3-louis.")) from None
    blocks = braille_blocks(reader)
    if fmt == "txt":
        return plain_text(blocks).encode("utf-8")
    grade = grade or DEFAULT_GRADE[lang]
    try:
        pages = paginate(blocks, lang, grade, None, cells, lines)
        if fmt == "brf":
            return write_brf(pages)
    except (ValueError, BrailleUnavailable) as error:
        raise RulesError(str(error)) from None
    meta = Meta(title=document_title(reader), language=lang,
                identifier=f"companion-rules-{game.id}-{lang}-grade{grade}-{cells}x{lines}")
    return write_pef(pages, meta, cells, lines)


__all__ = ["FORMATS", "ReaderConfig", "RulesError", "as_html", "braille_blocks", "load_rules", "make_document",
           "run_reader"]


#: The help of ``companion rules`` (cli.py says them through the ``rules`` catalog).
