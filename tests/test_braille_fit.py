"""Every set-up, help and refusal sentence of the five games, in both languages, fits a 40-cell display beside its
status cell (French grade 2, UEB grade 2; the refusals in French intégral, UEB grade 1 and computer braille too)
and pans cleanly on 20, 32, 40 and 80 cells.

Cleanly: every segment fits, none is empty, the segments joined by one blank cell are the whole sentence's
cells (nothing lost, nothing added), a word is cut only when it is wider than the line, and each segment's
words are the sentence's next whole words. Checked on the terminal line (the whole width) and on a BrlAPI
display (two cells kept for a blank and the status cell).
"""

from __future__ import annotations

import functools
import re
import io

import pytest

louis = pytest.importorskip("louis")

from companion import braille  # noqa: E402
from companion.announce import Announcer, RecordingOutput, Utterance  # noqa: E402
from companion.braille import display  # noqa: E402
from companion.braille.segments import sentence_texts  # noqa: E402
from companion.braille.translate import BLANK, translate, words  # noqa: E402
from companion.registry import GAMES  # noqa: E402
from companion.render import Settings  # noqa: E402
from companion.rules_reader import RulesAnswerer  # noqa: E402
from companion.session import Wiring, open_session  # noqa: E402
from tests import refusal_examples  # noqa: E402

WIDTHS = (20, 32, 40, 80)
HELP = {"en": "help", "fr": "aide"}
#: The cells a sentence may take on a 40-cell display: a blank and the status cell are kept (braille/display.py).
ROOM = 40 - 2
#: The tables every sentence must fit in: French and English contracted braille (issue 33).
GRADE_2 = [("fr", 2), ("en", 2)]
#: The help fits French intégral too, the French display's default (companion/braille/translate.py).
HELP_TABLES = [("fr", 1), *GRADE_2]
#: The refusals fit the uncontracted tables too: French intégral (the French default) and UEB grade 1.
REFUSAL_TABLES = [("fr", 1), ("en", 1), *GRADE_2]
SENTENCE_END = re.compile(r"(?<=[.?!])\s+")


@functools.cache
def setup_and_help(lang: str) -> tuple[Utterance, ...]:
    """What each game says at its set-up (default options) and to ``help`` (with rules and why, as play wires them)."""
    said: list[Utterance] = []
    for game in GAMES:
        recorder = RecordingOutput()
        wiring = Wiring(Announcer([recorder]), answerers=(RulesAnswerer(),))
        session = open_session(game, game.rules.options_type(), Settings(lang), wiring, None)
        session.start()
        session.handle(HELP[lang])
        assert not [u for u in recorder.utterances if u.event == "error"]
        said.extend(recorder.utterances)
    return tuple(said)


class Connection:
    def __init__(self, cells: int) -> None:
        self.displaySize = (cells, 1)
        self.written: list[bytes] = []

    def writeDots(self, dots: bytes) -> None:  # noqa: N802 - BrlAPI's name
        self.written.append(dots)

    def leaveTtyMode(self) -> None:  # noqa: N802 - BrlAPI's name
        pass

    def closeConnection(self) -> None:  # noqa: N802 - BrlAPI's name
        pass


def assert_pans_cleanly(sentence: Utterance, segments: list[tuple[str, str]], width: int,
                        by_sentence: bool = False) -> None:
    """``by_sentence``: a queued display, which translates each sentence on its own (its lines read alone)."""
    texts = sentence_texts(sentence.braille_text) if by_sentence else [sentence.braille_text]
    full = BLANK.join(translate(text, sentence.lang) for text in texts)
    assert segments and all(0 < len(cells) <= width for cells, _ in segments), sentence.text
    assert BLANK.join(cells for cells, _ in segments) == full, sentence.text
    source = words(sentence.braille_text, sentence.lang)
    cut = {word.text for word in source if len(word.cells) > width}
    taken: list[str] = []
    for _, text in segments:
        if taken and taken[-1] in cut and (text == taken[-1] or text.startswith(taken[-1] + " ")):
            text = text[len(taken[-1]):].lstrip()  # the pieces of a word wider than the line each name the word
        if text:
            taken.append(text)
    assert " ".join(taken) == " ".join(word.text for word in source), sentence.text


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("width", WIDTHS)
def test_set_up_and_help_pan_cleanly_on_the_terminal_line_and_on_a_display(lang: str, width: int,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    said = setup_and_help(lang)
    assert len(said) > 5 * 20  # five set-ups and five helps
    pan_each(said, lang, width, monkeypatch)


def pan_each(said: tuple[Utterance, ...], lang: str, width: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each sentence sent to a terminal line and a BrlAPI display of ``width`` cells, panned to its end."""
    terminal, _ = braille.choose("terminal", lang, width=width, stream=io.StringIO())
    monkeypatch.setattr(display, "_open_brlapi", lambda: Connection(width))
    brlapi, _ = braille.choose("brlapi", lang, key_reader=False)
    try:
        for sentence in said:
            for output, room, by_sentence in ((terminal, width, False), (brlapi, width - 2, True)):
                output.new_answer()
                output.send(sentence)
                segments = [(part.cells, part.text) for part in output.parts]
                assert_pans_cleanly(sentence, segments, room, by_sentence)
                shown = [output.segments[0]]
                while (cells := output.pan(1)) is not None:
                    shown.append(cells)
                assert shown == output.segments  # panning shows each segment once, in order
            line = brlapi.connection.written[-1]
            assert len(line) == width and line[-2] == 0  # the whole display; a blank before the status cell
    finally:
        terminal.close()
        brlapi.close()


@functools.cache
def set_up_sentences(lang: str) -> tuple[tuple[str, str], ...]:
    """(game, sentence) of what each game says at its set-up (default options), one sentence at a time."""
    said: list[tuple[str, str]] = []
    for game in GAMES:
        recorder = RecordingOutput()
        session = open_session(game, game.rules.options_type(), Settings(lang), Wiring(Announcer([recorder])), None)
        session.start()
        said.extend((game.id, part) for u in recorder.utterances
                    for part in re.split(r"(?<=[.?!])\s+", u.braille_text) if part)
    return tuple(said)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_set_up_sentence_fits_a_40_cell_display_beside_its_status_cell(lang: str) -> None:
    said = set_up_sentences(lang)
    assert {game for game, _ in said} == {game.id for game in GAMES}
    room = 40 - 2  # a blank and the status cell, as the BrlAPI display keeps them
    too_long = [(game, text, len(translate(text, lang))) for game, text in said if len(translate(text, lang)) > room]
    assert not too_long


@functools.cache
def help_sentences(lang: str) -> dict[str, tuple[str, ...]]:
    """Each game's answer to ``help``, one sentence at a time."""
    said: dict[str, tuple[str, ...]] = {}
    for game in GAMES:
        recorder = RecordingOutput()
        wiring = Wiring(Announcer([recorder]), answerers=(RulesAnswerer(),))  # rules and why, as play wires them
        session = open_session(game, game.rules.options_type(), Settings(lang), wiring, None)
        session.start()
        start = len(recorder.utterances)
        session.handle(HELP[lang])
        said[game.id] = tuple(part for u in recorder.utterances[start:]
                              for part in re.split(r"(?<=[.?!])\s+", u.braille_text) if part)
    return said


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_help_every_game_shares_fits_40_cells_in_the_default_table(lang: str) -> None:
    helps = help_sentences(lang)
    shared = set.intersection(*(set(sentences) for sentences in helps.values()))
    assert len(shared) >= 14  # undo, redo, repeat, speech, verbosity, pan, save, quit, rules, why…
    assert [text for text in sorted(shared) if len(translate(text, lang)) > ROOM] == []


@pytest.mark.parametrize(("lang", "grade"), HELP_TABLES)
def test_every_help_sentence_of_every_game_fits_40_cells(lang: str, grade: int) -> None:
    helps = help_sentences(lang)
    assert {game.id for game in GAMES} == set(helps) and all(len(sentences) > 12 for sentences in helps.values())
    too_long = [(game, text) for game, sentences in helps.items() for text in sentences
                if len(translate(text, lang, grade)) > ROOM]
    assert too_long == []


@functools.cache
def refusal_sentences(lang: str) -> tuple[tuple[str, str, str], ...]:
    """(game, code, sentence) of every refusal of every game (`tests/refusal_examples.py`), one sentence at a time."""
    return tuple((game.id, code, part) for game in GAMES for code, text in refusal_examples.refusals(game, lang)
                 for part in SENTENCE_END.split(text) if part)


@pytest.mark.parametrize(("lang", "grade"), REFUSAL_TABLES)
def test_every_refusal_and_did_you_mean_sentence_fits_40_cells(lang: str, grade: int) -> None:
    said = refusal_sentences(lang)
    codes = {(game, code) for game, code, _ in said}
    for game in GAMES:  # each game's own refusals, the shared ones and the typed lines' ones, every one said
        assert {(game.id, code) for code in (*game.renderer.refusals, *refusal_examples.SHARED,
                                             *refusal_examples.PARSE)} <= codes
    assert any(text.startswith(("Did you mean", "Vouliez-vous dire")) for _, _, text in said)
    too_long = sorted({(game, code, text) for game, code, text in said if len(translate(text, lang, grade)) > ROOM})
    assert too_long == []


#: Computer braille, a cell a character, as a reader may choose it (``--braille-table``).
COMPUTER_TABLES = {"fr": "fr-bfu-comp8.utb", "en": "en-us-comp8.ctb"}


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_refusal_fits_40_cells_in_computer_braille(lang: str) -> None:
    said = sorted({text for _, _, text in refusal_sentences(lang)})
    assert [text for text in said if len(translate(text, lang, table=COMPUTER_TABLES[lang])) > ROOM] == []


def test_a_refusal_too_long_for_the_line_is_found(monkeypatch: pytest.MonkeyPatch) -> None:
    """The check's broken twin: a refusal said in one long sentence is caught."""
    game = GAMES[0]
    long = "That command is refused, and this sentence goes on far longer than any braille line can show."
    monkeypatch.setitem(game.renderer.refusals, "no_copy", lambda d, ctx: long)  # type: ignore[index]
    said = refusal_examples.refusals(game, "en")
    assert [text for code, text in said if code == "no_copy" and len(translate(text, "en", 2)) > ROOM] == [long]


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("width", WIDTHS)
def test_every_refusal_pans_cleanly_at_word_boundaries(lang: str, width: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each refusal sentence, cut for a line or a display of ``width`` cells, breaks only between words."""
    said = tuple(Utterance(text, lang, "error") for text in sorted({text for _, _, text in refusal_sentences(lang)}))
    assert len(said) > 150
    pan_each(said, lang, width, monkeypatch)
