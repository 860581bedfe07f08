"""The display's reading queue (companion/braille/queue.py) and the braille-only symbols (companion/braille/marks.py)."""

from __future__ import annotations

import io

import pytest

from companion import earcons
from companion.announce import Utterance
from companion.braille.marks import DATA, Mark, Marks, SymbolError, cell, load_symbols
from companion.braille.queue import Entry, ReadingQueue, mark, status_cell
from companion.braille.segments import Segment

pytestmark = pytest.mark.timeout(60)


def entry(name: str, parts: int = 1, urgent: bool = False, supersedes: str | None = None, kept: bool = False) -> Entry:
    return Entry([Segment(f"{name}{i}", f"{name}{i}") for i in range(parts)], urgent, supersedes, kept)


def test_a_sentence_waits_while_one_is_read_and_the_pan_reaches_it_after_the_last_segment() -> None:
    queue = ReadingQueue()
    assert queue.add(entry("a", 2)) is True  # nothing shown: at once
    assert queue.add(entry("b")) is False and queue.add(entry("c")) is False
    assert queue.current() == Segment("a0", "a0") and queue.unread == 3  # the rest of a, then b and c
    assert [queue.pan(1).text for _ in range(3)] == ["a1", "b0", "c0"]  # type: ignore[union-attr]
    assert queue.unread == 0 and queue.pan(1) is None and queue.caught_up
    assert [queue.pan(-1).text for _ in range(3)] == ["b0", "a1", "a0"]  # type: ignore[union-attr]
    assert queue.pan(-1) is None


def test_caught_up_a_new_sentence_shows_at_once_and_a_typed_line_drops_only_the_ordinary_ones_waiting() -> None:
    queue = ReadingQueue()
    queue.add(entry("a"))
    assert queue.next() is None and queue.caught_up  # read to the end
    assert queue.add(entry("b")) is True and queue.current().text == "b0"  # type: ignore[union-attr]
    queue.add(entry("c"))
    queue.add(entry("life", urgent=True))
    queue.add(entry("setup", kept=True))
    queue.add(entry("d"))
    assert queue.new_answer() == Segment("life0", "life0") and queue.skipped == 2  # as the voice drops them
    assert [e.parts[0].text for e in queue.waiting] == ["setup0"]
    assert queue.new_answer() == Segment("setup0", "setup0")
    assert queue.new_answer() is None and queue.caught_up
    assert queue.add(entry("answer")) is True  # the typed line's answer is shown at once


def test_urgent_sentences_jump_the_ordinary_ones_in_their_own_order() -> None:
    queue = ReadingQueue()
    for item in (entry("shown"), entry("p1"), entry("life", urgent=True), entry("p2"), entry("end", urgent=True)):
        queue.add(item)
    assert queue.urgent_waiting and queue.unread == 4
    assert [queue.next().text for _ in range(4)] == ["life0", "end0", "p10", "p20"]  # type: ignore[union-attr]
    assert not queue.urgent_waiting


def test_a_new_play_drops_the_unread_plays_never_an_urgent_one_nor_the_shown_one() -> None:
    queue = ReadingQueue()
    queue.add(entry("shown", supersedes="play"))
    queue.add(entry("p1", supersedes="play"))
    queue.add(entry("error", urgent=True))
    queue.add(entry("no", supersedes="refusal"))
    queue.add(entry("p2", supersedes="play"))
    assert queue.current().text == "shown0" and queue.dropped == 1  # type: ignore[union-attr]
    assert [e.parts[0].text for e in queue.waiting] == ["error0", "no0", "p20"]


def test_line_down_reads_each_display_line_of_a_long_announcement_and_the_status_counts_them() -> None:
    queue = ReadingQueue()
    queue.add(Entry([Segment(f"a{i}", f"a{i}") for i in range(4)], lines=(0, 2, 3)))  # a0 a1 | a2 | a3
    queue.add(entry("b"))
    # a line wider than the display: its rest waits too, and line down reads it before the next line
    assert queue.current().text == "a0" and queue.unread == 4  # type: ignore[union-attr]
    assert queue.next().text == "a1" and queue.unread == 3  # type: ignore[union-attr]
    assert queue.next().text == "a2" and queue.unread == 2  # type: ignore[union-attr]
    assert queue.previous().text == "a0" and queue.unread == 2  # type: ignore[union-attr]  # read: still read
    assert [queue.next().text for _ in range(3)] == ["a2", "a3", "b0"]  # type: ignore[union-attr]  # by line
    assert queue.unread == 0 and queue.next() is None and queue.caught_up
    assert [queue.previous().text for _ in range(3)] == ["a3", "a2", "a0"]  # type: ignore[union-attr]


def test_line_down_after_panning_back_reads_on_from_the_furthest_segment_read() -> None:
    queue = ReadingQueue()
    queue.add(Entry([Segment(f"a{i}", f"a{i}") for i in range(4)], lines=(0, 3)))  # a0 a1 a2 | a3
    assert queue.pan(1).text == "a1" and queue.pan(-1).text == "a0"  # type: ignore[union-attr]
    assert queue.unread == 2  # a2 and the line a3
    assert [queue.next().text for _ in range(2)] == ["a2", "a3"]  # type: ignore[union-attr]  # a2 not skipped
    assert queue.unread == 0


class Connection:
    """BrlAPI's connection, as far as the display writes to it."""

    def __init__(self, cells: int) -> None:
        self.displaySize = (cells, 1)

    def writeDots(self, dots: bytes) -> None:  # noqa: N802 - BrlAPI's name
        pass


@pytest.mark.parametrize(("lang", "text"), [
    ("en", "The Infinity Gauntlet. 4 players: Thanos and 3 heroes. 5 rubies for Thanos. 6 coins for the heroes."),
    ("fr", "Le Gant d'Infinité. 4 joueurs : Thanos et 3 héros. 5 rubis pour Thanos. 6 pièces pour les héros."),
])
def test_line_down_alone_shows_every_sentence_whole_on_a_display(lang: str, text: str) -> None:
    """A reader who reads with line down until the status cell is blank (docs/braille.*.md) reads every word of
    sentences that fit the line: each line shows whole sentences, none cut at the line's edge."""
    pytest.importorskip("louis")
    from companion.braille.display import BrlapiBraille
    from companion.braille.translate import translate

    cells = 40
    output = BrlapiBraille(Connection(cells), lang, cells, key_reader=False)
    output.send(Utterance(text, lang, "game_started"))
    assert output.queue is not None
    shown, unread = [output.queue.current().text], [output.unread]  # type: ignore[union-attr]
    while output.next() is not None:
        shown.append(output.queue.current().text)  # type: ignore[union-attr]
        unread.append(output.unread)
    assert " ".join(shown) == text  # nothing skipped
    assert unread == list(range(len(shown) - 1, -1, -1))  # the status cell counts the lines left
    assert all(line.endswith(".") and len(translate(line, lang)) <= cells - 2 for line in shown)


@pytest.mark.parametrize(("lang", "grade", "text"), [
    ("en", 2, "Or defeat hero N CARD. A card is defeated."),  # Gauntlet's help: capitals in both sentences
    ("en", 1, "Or defeat hero N CARD. A card is defeated."),
    ("fr", 2, "Le Gant d'Infinité. 4 joueurs : Thanos et 3 héros."),
])
def test_each_display_line_shows_liblouis_cells_for_its_own_words(lang: str, grade: int, text: str) -> None:
    """A line read alone must say what liblouis says for its words: no capitals passage opened on the line
    before and closed on this one (UEB: "A" was shown as a, then a capitals terminator)."""
    louis = pytest.importorskip("louis")
    from companion.braille.display import BrlapiBraille
    from companion.braille.translate import table_list

    output = BrlapiBraille(Connection(40), lang, 40, grade=grade, key_reader=False)
    output.send(Utterance(text, lang))
    assert output.queue is not None
    shown = [output.queue.current()]
    while output.next() is not None:
        shown.append(output.queue.current())
    assert len(shown) == 2
    for line in shown:
        assert line is not None and line.cells == louis.translateString(table_list(lang, grade), line.text)


def test_status_cell_counts_the_unread_and_marks_an_urgent_one() -> None:
    assert status_cell(0, False) == "\u2800"
    assert status_cell(1, False) == "⠁" and status_cell(3, False) == "⠉" and status_cell(9, False) == "⠊"
    assert status_cell(10, False) == status_cell(57, False) == "⠿"
    assert status_cell(2, True) == chr(ord("⠃") | 0xC0)
    assert mark("⠁⠀⠃") == "⣁⣀⣃"


def test_the_symbols_are_one_cell_for_each_earcon_kind_and_the_frequent_ones_never_look_like_text() -> None:
    symbols = load_symbols()
    sounds = earcons.load().sounds
    assert set(symbols) == set(sounds)
    assert len(set(symbols.values())) == len(symbols)
    for kind, symbol in symbols.items():
        assert len(symbol) == 1 and 0x2801 <= ord(symbol) <= 0x28FF
        assert sounds[kind].important or ord(symbol) & 0x40  # dot 7: no six-dot letter
    assert cell("1245") == "⠛" and DATA.is_file()
    for bad in ("", "9", "11", "a"):
        with pytest.raises(SymbolError):
            cell(bad)


def test_marks_follow_the_earcons_urgent_superseded_and_the_symbol() -> None:
    marks = Marks(earcons.load(), real_time=True, symbols=load_symbols())
    assert marks.of(Utterance("7.", "en", "card_played")) == Mark(False, "play", load_symbols()["play"])
    assert marks.of(Utterance("Ana: 2 lives.", "en", "life_changed", {"delta": -1})) == Mark(True, None,
                                                                                            load_symbols()["life"])
    assert marks.of(Utterance("Ana: 4 lives.", "en", "life_changed", {"delta": 1})) == Mark()
    assert marks.of(Utterance("Hello.", "en")) == Mark()
    assert marks.of(Utterance("4 players.", "en", "game_started")) == Mark(kept=True)  # the set-up
    assert Marks(earcons.load()).of(Utterance("7.", "en", "card_played")) == Mark()
    assert Marks().of(Utterance("7.", "en", "card_played")) == Mark()


def test_braille_only_shows_the_symbol_before_the_words() -> None:
    pytest.importorskip("louis")
    from companion import braille
    from companion.braille.translate import translate

    stream = io.StringIO()
    output, _ = braille.choose("terminal", "en", stream=stream, marks=Marks(earcons.load(), symbols=load_symbols()))
    output.send(Utterance("Ana plays 7.", "en", "card_played"))
    output.send(Utterance("Round 1.", "en"))
    assert stream.getvalue().splitlines() == [load_symbols()["play"] + "\u2800" + translate("Ana plays 7.", "en"),
                                              translate("Round 1.", "en")]


@pytest.mark.parametrize("flags", [["--braille-only", "--braille", "terminal"], ["--braille-only"]])
def test_braille_only_flag_puts_the_symbol_on_the_braille_line_and_no_voice(flags: list[str],
                                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("louis")
    import sys

    from companion import braille
    from companion.cli import main

    chosen: list[tuple[str, object]] = []
    real_choose = braille.choose

    def choose(spec: str, *args: object, **kwargs: object) -> object:
        chosen.append((spec, kwargs.get("marks")))
        return real_choose("terminal", *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(braille, "choose", choose)
    monkeypatch.setattr("companion.speech.choose", lambda *a, **k: pytest.fail("no voice in braille-only mode"))
    out = io.StringIO()
    monkeypatch.setattr(sys, "stdin", io.StringIO("7 red\n"))
    monkeypatch.setattr(sys, "stdout", out)
    try:
        code = main(["play", "the-void", "--lang", "en", *flags])
    except SystemExit as exit_:
        code = exit_.code  # type: ignore[assignment]
    assert code in (0, None), out.getvalue()
    spec, marks = chosen[0]
    assert spec == ("terminal" if "terminal" in flags else "auto")  # braille-only asks for a display even in a script
    assert isinstance(marks, Marks) and marks.symbols == load_symbols() and marks.real_time
    assert any(line.startswith(load_symbols()["play"] + "\u2800") for line in out.getvalue().splitlines())


@pytest.mark.parametrize("speech,symbols", [("none", True), ("tts", False), (None, False)])
def test_speech_none_with_a_brlapi_display_is_braille_only(speech: str | None, symbols: bool,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("louis")
    from companion.braille import display
    from companion.play import OutputConfig, PlayConfig, _make_braille
    from companion.registry import find
    from tests.test_braille import FakeConnection

    monkeypatch.setattr(display, "_open_brlapi", lambda: FakeConnection())
    config = PlayConfig(lang="en", outputs=OutputConfig(speech=speech, braille="brlapi"))
    output, _ = _make_braille(config, "brlapi", io.StringIO(), find("gauntlet"))
    try:
        assert output.name == "brlapi" and output.queue is not None
        assert (output.marks.symbols == load_symbols()) is symbols and not output.marks.real_time
    finally:
        output.close()


def test_the_rules_reader_shows_each_answer_on_a_brlapi_display_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The display queues while one answer is read; the next typed line moves it on to its own answer."""
    pytest.importorskip("louis")
    from companion import braille, registry
    from companion.braille import display
    from companion.rules_cli import ReaderConfig, run_reader
    from tests.test_braille import FakeConnection
    from tests.test_rules_reader import reader

    connection = FakeConnection()
    connection.displaySize = (80, 1)
    monkeypatch.setattr(display, "_open_brlapi", lambda: connection)
    out = io.StringIO()
    code = run_reader(registry.find("mindbug"), ReaderConfig("en", braille="brlapi", speech="none"),
                      io.StringIO("6\nkeywords\n"), out)
    assert code == 0
    r = reader("mindbug", "en")
    r.go("6")
    answer = r.go("keywords").lines[0]
    expected = braille.BrailleOutput("en", 80 - 2)
    expected.send(Utterance(answer, "en"))
    cells = bytes(ord(c) - 0x2800 for c in expected.segments[0])
    assert connection.written[-1][:78].rstrip(b"\0") == cells  # the answer to the last line, not the first's rest
