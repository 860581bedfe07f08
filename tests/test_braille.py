"""Translation through the real liblouis tables, and the display line (segments, panning, outputs)."""

from __future__ import annotations

import io
import subprocess
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

louis = pytest.importorskip("louis")

from companion import braille
from companion.braille import display
from companion.braille.brf import NORTH_AMERICAN, to_ascii
from companion.braille.segments import WordTooLong, wrap
from companion.braille.translate import BLANK, TABLES, Word, back_translate, translate, words
from companion.announce import Utterance

SENTENCES = {
    "fr": ["Thanos perd une vie : retirez un rubis. Il en reste 3.", "Pierre de l'Âme", "Le Gant d'Infinité"],
    "en": ["Thanos loses a life: take away a ruby. 3 are left.", "The heroes have 6 lives.", "Ant-Man & Wasp"],
}


def lou_translate(tables: str, text: str, backward: bool = False) -> str:
    """liblouis's own command line: the reference our binding use is checked against."""
    direction = "--backward" if backward else "--forward"
    done = subprocess.run(["lou_translate", direction, tables], input=text + "\n", capture_output=True,
                          text=True, check=True, timeout=60)
    return done.stdout.rstrip("\n")


def squeeze(text: str) -> str:
    return "".join(text.split()).casefold()


@pytest.mark.parametrize("lang,grade", sorted(TABLES))
def test_translation_matches_lou_translate_and_back_translates(lang: str, grade: int) -> None:
    for text in SENTENCES[lang]:
        cells = translate(text, lang, grade)
        assert cells == lou_translate(f"unicode.dis,{TABLES[lang, grade]}", text)
        assert all(0x2800 <= ord(cell) <= 0x283F for cell in cells)  # six-dot Unicode braille
        assert squeeze(back_translate(cells, lang, grade)) == squeeze(text)
        brf = translate(text, lang, grade, output="brf")
        assert brf == lou_translate(f"en-us-brf.dis,{TABLES[lang, grade]}", text)
        assert brf == to_ascii(cells) and brf == brf.upper()


def test_known_cells() -> None:
    # French capital sign is dots 4-6, é is all six dots, digits take dot 6 then a-j cells lowered (Antoine).
    assert translate("Vie", "fr") == "⠨⠧⠊⠑"
    assert translate("é", "fr") == "⠿"
    assert translate("3", "fr") == "⠠⠩"
    # Abrégé contracts "pour" to one cell in French; intégral spells it out.
    assert len(translate("pour", "fr", 2)) < len(translate("pour", "fr", 1)) == 4
    # UEB: capital dot 6, numeric indicator 3-4-5-6, "the" is one cell in grade 2 only.
    assert translate("Thor", "en", 1) == "⠠⠞⠓⠕⠗"
    assert translate("3", "en") == "⠼⠉"
    assert translate("the", "en", 2) == "⠮"
    assert translate("the", "en", 1) == "⠞⠓⠑"


def test_default_grade_follows_language() -> None:
    assert translate("pour la vie", "fr") == translate("pour la vie", "fr", 1)
    assert translate("the heroes", "en") == translate("the heroes", "en", 2)
    assert translate("the heroes", "en", table="en-ueb-g1.ctb") == translate("the heroes", "en", 1)


def test_brf_table_is_liblouis_north_american_table() -> None:
    dots = "".join(chr(0x8000 | n) for n in range(64))
    assert louis.dotsToChar(["en-us-brf.dis"], dots) == NORTH_AMERICAN
    with pytest.raises(ValueError):
        to_ascii("\u28ff")  # eight dots


def test_missing_table_names_the_packages(monkeypatch: pytest.MonkeyPatch) -> None:
    """When liblouis's tables are not installed, the packages to install; when they are, the name is wrong (issue 32)."""
    import importlib

    module = importlib.import_module("companion.braille.translate")

    with pytest.raises(braille.BrailleUnavailable, match="check its name") as caught:
        translate("x", "en", table="no-such-table.ctb")
    assert "no-such-table.ctb" in str(caught.value) and "liblouis-data" not in str(caught.value)
    monkeypatch.setattr(module, "_installed", lambda lang: False)
    module._checked.cache_clear()
    with pytest.raises(braille.BrailleUnavailable, match="liblouis-data") as caught:
        translate("x", "en", table="no-such-table.ctb")
    module._checked.cache_clear()


def test_missing_liblouis_names_the_packages(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "louis", None)
    with pytest.raises(braille.BrailleUnavailable, match="python3-louis"):
        translate("x", "fr")
    with pytest.raises(braille.BrailleUnavailable, match="python3-louis"):
        translate("x", "fr")
    output, sentence = braille.choose("terminal", "fr")
    assert output.name == "none" and "python3-louis" in sentence and sentence.startswith("Pas de braille")


def test_words_keep_their_source_text() -> None:
    text = "Pierre de l'Âme : vaut 2."
    found = words(text, "fr", 2)
    assert [w.text for w in found] == text.split()
    assert BLANK.join(w.cells for w in found) == translate(text, "fr", 2)
    # Tabs and line breaks are word boundaries, never cells.
    assert [w.text for w in words("Iron\tMan\njoue", "en")] == ["Iron", "Man", "joue"]
    assert all(0x2800 <= ord(c) <= 0x28FF for w in words("Iron\tMan\njoue", "en") for c in w.cells)


HUNDRED = "Thanos plays Corvus Glaive against Iron Man, whose card is 6, so nothing is defeated at all, today."
CENT = "Thanos joue Corvus Glaive contre Iron Man, dont la carte vaut 6 : aucune carte ne tombe, tant mieux."
LONG = {"en": HUNDRED, "fr": CENT}


@pytest.mark.parametrize("lang,grade", [("en", 1), ("en", 2), ("fr", 1), ("fr", 2)])
def test_long_sentence_splits_at_spaces_and_pans(lang: str, grade: int) -> None:
    sentence = LONG[lang]
    assert 95 <= len(sentence) <= 105  # about 100 characters
    stream = io.StringIO()
    output, _ = braille.choose("terminal", lang, width=40, grade=grade, stream=stream)
    output.send(Utterance(sentence, lang))
    segments = output.segments
    full = translate(sentence, lang, grade)
    assert len(full) > 40 and len(segments) >= 2
    assert all(0 < len(segment) <= 40 for segment in segments)
    assert BLANK.join(segments) == full  # cut only at blank cells, nothing lost
    # Each segment is made of whole words: it back-translates to whole source words.
    source_words = sentence.split()
    for segment in segments:
        back = back_translate(segment, lang, grade).split()
        assert squeeze(" ".join(back)) == squeeze(" ".join(source_words[: len(back)]))
        source_words = source_words[len(back):]
    assert source_words == []
    assert stream.getvalue() == segments[0] + "\n"
    assert output.current == 0
    assert output.pan(-1) is None
    for index in range(1, len(segments)):
        assert output.pan(1) == segments[index] and output.current == index
    assert output.pan(1) is None and output.current == len(segments) - 1
    assert output.pan(-1) == segments[-2]
    assert stream.getvalue().splitlines() == [segments[0], *segments[1:], segments[-2]]
    # A second sentence of the same answer is shown at once; panning back reaches the first (issue 12).
    output.send(Utterance("Next.", lang))
    assert output.current == len(segments) and output.segments == [*segments, translate("Next.", lang, grade)]
    assert stream.getvalue().splitlines()[-1] == translate("Next.", lang, grade)
    assert output.pan(-1) == segments[-1]
    # A new typed line starts a new answer: the old sentences are gone.
    output.new_answer()
    output.send(Utterance("Next.", lang))
    assert output.current == 0 and len(output.segments) == 1


def test_display_uses_the_sentence_braille_text() -> None:
    stream = io.StringIO()
    output, _ = braille.choose("terminal", "fr", stream=stream)
    output.send(Utterance("Thanos perd une vie, il lui en reste trois.", "fr", braille="Thanos 3 vies"))
    assert stream.getvalue() == translate("Thanos 3 vies", "fr") + "\n"


@given(st.lists(st.text(alphabet="⠁⠃⠉⠙⠑", min_size=1, max_size=15), max_size=30), st.integers(1, 40))
def test_wrap_never_overflows_and_keeps_every_cell(cells: list[str], width: int) -> None:
    found = [Word(c, c) for c in cells]
    lines = wrap(found, width, split_long=True)
    assert all(len(line.cells) <= width for line in lines)
    assert "".join(line.cells.replace(BLANK, "") for line in lines) == "".join(cells)
    if all(len(c) <= width for c in cells):
        assert [w for line in lines for w in line.cells.split(BLANK)] == cells
    elif cells:
        with pytest.raises(WordTooLong):
            wrap(found, width)


def test_choose_rejects_a_malformed_spec() -> None:
    with pytest.raises(ValueError):
        braille.choose("braile", "en")


def test_choose_none_and_unavailable_outputs(monkeypatch: pytest.MonkeyPatch) -> None:
    output, sentence = braille.choose("none", "en")
    assert output.name == "none" and sentence == "Braille is off."
    output.send(Utterance("Anything.", "en"))
    assert output.segments == [] and output.pan(1) is None

    def no_brltty() -> None:
        raise ConnectionRefusedError("no BRLTTY")

    monkeypatch.setattr(display, "_open_brlapi", no_brltty)
    monkeypatch.setattr(display, "_screen_reader_with_braille", lambda: None)
    output, sentence = braille.choose("auto", "fr")
    assert output.name == "none"
    assert "BRLTTY" in sentence and "lecteur d'écran" in sentence
    output, sentence = braille.choose("brlapi", "en")
    assert output.name == "none" and "BRLTTY is not running" in sentence
    output, sentence = braille.choose("screenreader", "en", table="no-such-table.ctb")
    assert output.name == "none" and "no-such-table.ctb" in sentence


class FakeConnection:
    displaySize = (20, 1)

    def __init__(self) -> None:
        self.written: list[bytes] = []
        self.closed = False

    def writeDots(self, dots: bytes) -> None:
        self.written.append(dots)

    def leaveTtyMode(self) -> None:
        pass

    def closeConnection(self) -> None:
        self.closed = True


def test_auto_prefers_brlapi_and_takes_the_display_width(monkeypatch: pytest.MonkeyPatch) -> None:
    connection = FakeConnection()
    monkeypatch.setattr(display, "_open_brlapi", lambda: connection)
    output, sentence = braille.choose("auto", "en")
    assert output.name == "brlapi" and "20 cells" in sentence
    output.send(Utterance(HUNDRED, "en"))
    assert all(len(segment) <= 20 for segment in output.segments)
    first = output.segments[0]
    # BrlAPI dots are the low byte of the Unicode braille code point, padded to the display; the status cell
    # last: the rest of the sentence (wider than the display) waits, dot 1
    assert connection.written == [bytes(ord(c) - 0x2800 for c in first).ljust(19, b"\0") + b"\x01"]
    output.pan(1)
    assert connection.written[-1][:18].rstrip(b"\0") == bytes(ord(c) - 0x2800 for c in output.segments[1])
    output.close()
    assert connection.closed


@pytest.mark.parametrize("system", ["Linux", "Windows", "Darwin"])
def test_screen_reader_braille_gets_text_segments(system: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """With liblouis (Linux), or without it (Windows, macOS: no wheel): cut at one cell a letter, BrlAPI not tried."""
    shown: list[str] = []

    class Reader:
        def braille(self, text: str) -> None:
            shown.append(text)

    if system == "Linux":
        monkeypatch.setattr(display, "_open_brlapi", lambda: (_ for _ in ()).throw(OSError("no BRLTTY")))
    else:
        monkeypatch.setattr("platform.system", lambda: system)
        monkeypatch.setitem(sys.modules, "louis", None)  # import louis raises ImportError
        monkeypatch.setattr(display, "_open_brlapi", lambda: pytest.fail("BrlAPI needs liblouis: not tried"))
    monkeypatch.setattr(display, "_screen_reader_with_braille", lambda: Reader())
    output, sentence = braille.choose("auto", "en", width=40)
    assert output.name == "screenreader" and sentence == "Braille through the screen reader."
    output.send(Utterance(HUNDRED, "en"))
    while output.pan(1) is not None:
        pass
    assert len(shown) >= 3 and " ".join(shown) == HUNDRED
    assert system == "Linux" or all(len(part) <= 40 for part in shown)


class KeyConnection(FakeConnection):
    """A fake BrlAPI connection with a socket to wake the key thread and keys waiting in a list."""

    def __init__(self) -> None:
        import socket

        super().__init__()
        self.ours, self.theirs = socket.socketpair()
        self.keys: list[int] = []

    @property
    def fileDescriptor(self) -> int:  # noqa: N802 - BrlAPI's name
        return self.ours.fileno()

    def press(self, code: int) -> None:
        self.keys.append(code)
        self.theirs.send(b"k")

    def readKey(self, wait: bool = True) -> int | None:  # noqa: N802 - BrlAPI's name
        if self.keys:
            self.ours.recv(1)
            return self.keys.pop(0)
        return None


def test_the_pan_keys_are_read_by_the_display_itself(monkeypatch: pytest.MonkeyPatch) -> None:
    """No event loop needed (a piped game): the output's own thread pans on FWINRT / FWINLT."""
    brlapi = pytest.importorskip("brlapi")
    import time

    connection = KeyConnection()
    monkeypatch.setattr(display, "_open_brlapi", lambda: connection)
    output, _ = braille.choose("brlapi", "en")
    try:
        output.send(Utterance(HUNDRED, "en"))
        connection.press(brlapi.KEY_TYPE_CMD | brlapi.KEY_CMD_FWINRT)
        deadline = time.monotonic() + 5
        while output.current != 1 and time.monotonic() < deadline:
            time.sleep(0.01)
        assert output.current == 1
        assert connection.written[-1][:-2].rstrip(b"\0") == bytes(ord(c) - 0x2800 for c in output.segments[1])
        connection.press(brlapi.KEY_TYPE_CMD | brlapi.KEY_CMD_FWINLT)
        while output.current != 0 and time.monotonic() < deadline:
            time.sleep(0.01)
        assert output.current == 0
    finally:
        output.close()
    assert connection.closed


def test_on_linux_no_screen_reader_library_is_loaded_for_braille(monkeypatch: pytest.MonkeyPatch) -> None:
    """accessible_output2 would start Speech Dispatcher in the user's session; Orca takes no braille anyway."""
    monkeypatch.setattr(display.platform, "system", lambda: "Linux")
    monkeypatch.setitem(sys.modules, "accessible_output2", None)  # importing it would fail the test
    assert display._screen_reader_with_braille() is None


def test_any_name_is_written_in_six_dot_cells() -> None:
    """Whatever the letters of a name (Nguyễn, Ωμέγα, 日本, emoji), the tables write six-dot cells a BRF can hold."""
    pytest.importorskip("louis")
    from hypothesis import given, settings, strategies as st

    from companion.braille.brf import to_ascii
    from companion.braille.translate import translate

    @settings(max_examples=150, deadline=None)
    @given(st.text(st.characters(blacklist_categories=("Cs",)), min_size=1, max_size=12), st.sampled_from(["en", "fr"]),
           st.sampled_from([1, 2]))
    def check(name: str, lang: str, grade: int) -> None:
        cells = translate(name, lang, grade)
        assert all(0x2800 <= ord(cell) <= 0x283F for cell in cells), (name, cells)
        to_ascii(cells)

    check()
