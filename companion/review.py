"""``companion review SAVE``: the whole game as a numbered transcript, from the save file alone.

The commands in force (undone ones left out, as :func:`companion.journal.replay`
decides) are replayed through a session whose only output records each
sentence, so the transcript says exactly what the table heard: the opening,
who played what, fights and their outcome, lives, the end. A save file never
holds a secret value (the winner's value in a fight, a Baron's comparison), so
the transcript cannot say one, and nothing is added to what the game said.

Sentences are numbered from 1 to the end and grouped under a heading per turn
(per round for a game that has rounds, such as Love Letter): a new group starts
at the first sentence whose event carries a new turn (or round) number.

Three formats: ``txt`` (plain text), ``html`` (one linear page: ``lang``, one
``<h2>`` per turn, an ordered list of its sentences, no script) and ``brf``
(embossable braille, through the aid sheet's pipeline: :func:`braille.layout.paginate`
and :func:`braille.brf.write_brf`).
"""

from __future__ import annotations

import html
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.announce import Announcer, RecordingOutput, Utterance
from companion.i18n import LANGUAGES, Translator
from companion.render import Settings, capitalized
from companion.visible import visible
from companion.saves import Loaded, SaveError, assumed_note, file_problem, load, named, players, progress_key, reached, when

if TYPE_CHECKING:
    from companion.session import Session

FORMATS = ("txt", "html", "brf")
#: The braille page of a ``brf`` review: the embossers' usual 40 cells by 25 lines.
CELLS, LINES = 40, 25


class ReviewError(Exception):
    """A review that cannot be made: one sentence for the user, and the exit status."""

    def __init__(self, message: str, status: int = 1) -> None:
        super().__init__(message)
        self.status = status


@dataclass
class Section:
    """One turn (or round): its heading and its sentences, numbered from ``first``."""

    heading: str
    first: int
    sentences: list[str] = field(default_factory=list)


@dataclass
class Transcript:
    """A review, in one language, before it is written in a format."""

    lang: str
    title: str
    facts: list[str]  #: the players, the dates, finished or not, what was left out
    sections: list[Section]
    file_name: str


def _problem(error: SaveError, t: Translator) -> str:
    path = error.path
    return file_problem(error.code, path, t, names=error.names, own={
        # Translators: {path} a file or folder name.
        "empty": lambda: t("{path} is empty: there is no game to review.", path=path),
        # Translators: {path} a file or folder name.
        "future_version": lambda: t("{path} was saved by a newer companion: update the companion to review it.",
                                    path=path),
        # Translators: {path} a file or folder name; {game} a game's name.
        "unknown_game": lambda: t("{path} is a save of a game this companion does not know: {game}.", path=path,
                                  game=error.game),
    })


def transcript(path: Path, lang: str) -> Transcript:
    """The review of the save file ``path`` in ``lang``.

    :raises ReviewError: the file cannot be read or replayed (exit status 2 when it is not a save file at all).
    """
    from companion.play import _replay_notes
    from companion.session import open_session

    t = Translator(lang, "core")
    path = named(Path(path))
    try:
        loaded = load(path, lang)
    except SaveError as error:
        raise ReviewError(_problem(error, t), 1 if error.code == "unplayable" else 2) from None
    recorder = RecordingOutput()
    session = open_session(loaded.game, loaded.options, Settings(lang, "normal", loaded.display), Announcer([recorder]),
                           cards=loaded.table.cards, records=False)  # a review never counts a game again
    session.start()
    for data in loaded.result.commands:  # the commands in force, as the silent replay accepted them
        try:
            session.change(session.table.rules.command_from(data))
        except Exception:  # cannot happen for a command the replay accepted; never a traceback all the same
            continue
    sections = _sections(loaded, recorder.utterances, t)
    # Translators: title of a game's review (the written transcript); {game} is the game's name.
    notes = [*filter(None, [assumed_note(loaded.assumed, t)]), *_replay_notes(loaded.result, t)]
    return Transcript(lang, t("Review: {game}", game=loaded.game.name(lang)), _facts(loaded, session, notes, t),
                      sections, visible(Path(path).name))


def _sections(loaded: Loaded, utterances: list[Utterance], t: Translator) -> list[Section]:
    """The sentences grouped by turn (or round), numbered from 1."""
    key = progress_key(loaded)

    def heading(number: Any) -> str:
        if key == "round":
            # Translators: heading of one round (une manche) of the review; {number} counts from 1.
            return t("Round {number}", number=number)
        if key == "turn":
            # Translators: heading of one turn (un tour) of the review; {number} counts from 1.
            return t("Turn {number}", number=number)
        # Translators: heading of the review when the game has no turns or rounds: the whole game (la partie).
        return t("The game")

    current = loaded.game.rules.public_view(loaded.table.initial).get(key) if key else None
    sections = [Section(heading(current), 1)]
    number = 0
    for utterance in utterances:
        value = utterance.fields.get(key) if key else None
        if isinstance(value, int) and not isinstance(value, bool) and value != current:
            current = value
            if sections[-1].sentences:
                sections.append(Section(heading(value), number + 1))
            else:
                sections[-1].heading = heading(value)
        number += 1
        sections[-1].sentences.append(utterance.text)
    return [section for section in sections if section.sentences]


def _facts(loaded: Loaded, session: Session, notes: list[str], t: Translator) -> list[str]:
    ctx = session.narrator.ctx
    if getattr(loaded.options, "names", ()):
        # Translators: {players} is a count with its noun, as in "4 players" ("4 joueurs").
        facts = [t("Players: {players}.", players=players(loaded, ctx, t))]
    else:
        facts = [capitalized(players(loaded, ctx, t)) + "."]
    created = loaded.saved.header.created
    try:
        last = when(loaded.path.stat().st_mtime)
    except OSError:
        last = None
    if created and last:
        # Translators: {start} a date and time; {last} the last item, or a date.
        facts.append(t("Started {start}, last saved {last}.", start=created.replace("T", " ")[:16], last=last))
    key, number = reached(loaded) or ("", 0)
    if session.table.is_over:
        # Translators: {number} a number.
        facts.append(t("Round {number}: the game is finished.", number=number) if key == "round" else
                     # Translators: {number} a number.
                     t("Turn {number}: the game is finished.", number=number) if key == "turn" else
                     t("The game is finished."))
    else:
        # Translators: {number} a number.
        facts.append(t("Round {number}: the save stops there, the game is not finished.", number=number)
                     if key == "round"
                     # Translators: {number} a number.
                     else t("Turn {number}: the save stops there, the game is not finished.", number=number)
                     if key == "turn"
                     else t("The game is not finished."))
    facts.extend(notes)
    return facts


# --------------------------------------------------------------------------- formats


def as_text(review: Transcript) -> str:
    """Plain text: the title, the facts, then each heading and its numbered sentences, a blank line between."""
    t = Translator(review.lang, "core")
    # Translators: {name} a name (game, card, file or player).
    lines = [review.title, *review.facts, t("Save file: {name}.", name=review.file_name)]
    for section in review.sections:
        lines += ["", section.heading]
        lines += [f"{number}. {text}" for number, text in enumerate(section.sentences, section.first)]
    return "\n".join(lines) + "\n"


def as_html(review: Transcript) -> str:
    """One linear, accessible page: ``lang``, a title, one ``<h2>`` per turn and an ordered list; no script, no style."""
    t = Translator(review.lang, "core")
    def e(text: str) -> str:
        return html.escape(text, quote=False)

    out = [
        "<!DOCTYPE html>",
        f'<html lang="{html.escape(review.lang)}">',
        "<head>",
        '<meta charset="utf-8">',
        f"<title>{e(review.title)}</title>",
        "</head>",
        "<body>",
        "<main>",
        f"<h1>{e(review.title)}</h1>",
        *(f"<p>{e(fact)}</p>" for fact in review.facts),
        f"<p>{e(t('Save file: {name}.', name=review.file_name))}</p>",
    ]
    for section in review.sections:
        out.append(f"<h2>{e(section.heading)}</h2>")
        out.append(f'<ol start="{section.first}">')
        out += [f"<li>{e(text)}</li>" for text in section.sentences]
        out.append("</ol>")
    out += ["</main>", "</body>", "</html>"]
    return "\n".join(out) + "\n"


def braille_blocks(review: Transcript) -> list[Any]:
    """The review as the braille pipeline's blocks: a centred title, the facts, each heading and its sentences.

    The file name is left out: one long word of a path can be wider than a braille line.
    """
    from companion.braille.layout import Block, Paragraph

    blocks = [Block((Paragraph(review.title, centre=True),), heading=True)]
    blocks += [Block((Paragraph(fact, 0, 2),)) for fact in review.facts]
    for section in review.sections:
        blocks.append(Block((Paragraph(section.heading),), heading=True))
        # As braille lists are set: the number at the margin, runover lines indented two cells.
        blocks += [Block((Paragraph(f"{number}. {text}", 0, 2),), keep=True)
                   for number, text in enumerate(section.sentences, section.first)]
    return blocks


def as_brf(review: Transcript, cells: int = CELLS, lines: int = LINES) -> bytes:
    """Embossable BRF pages of ``cells`` × ``lines``.

    :raises ReviewError: braille is not available, or a word is wider than a line.
    """
    t = Translator(review.lang, "core")
    try:
        from companion.braille import BrailleUnavailable
        from companion.braille.brf import write_brf
        from companion.braille.layout import paginate
        from companion.braille.translate import DEFAULT_GRADE
    except ImportError:
        raise ReviewError(t("Braille is not available: install liblouis20, liblouis-data and python3-louis.")) from None
    try:
        pages = paginate(braille_blocks(review), review.lang, DEFAULT_GRADE[review.lang], None, cells, lines)
        return write_brf(pages)
    except (ValueError, BrailleUnavailable) as error:
        raise ReviewError(str(error)) from None


def make_review(path: Path, lang: str = "fr", fmt: str = "txt") -> bytes:
    """The review of ``path`` as file content in ``fmt`` (txt, html or brf).

    :raises ReviewError: the save cannot be reviewed, or braille is not available.
    :raises ValueError: an unknown language or format (a bug in the caller: the CLI offers only these).
    """
    if lang not in LANGUAGES or fmt not in FORMATS:
        raise ValueError(f"review: unknown language or format {lang!r} {fmt!r}")
    review = transcript(path, lang)
    if fmt == "brf":
        return as_brf(review)
    if fmt == "html":
        return as_html(review).encode("utf-8")
    return as_text(review).encode("utf-8")


__all__ = ["FORMATS", "ReviewError", "Section", "Transcript", "as_brf", "as_html", "as_text", "braille_blocks",
           "make_review", "transcript"]
