"""The braille keyboard without a display: BrlAPI key codes decoded, back-translation round trips, the typed line.

The real BRLTTY end of it (keys injected through its virtual display) is tests/test_braille_keyboard_daemons.py.
"""

from __future__ import annotations

import pytest

louis = pytest.importorskip("louis")

from companion.announce import Utterance  # noqa: E402
from companion.braille.backtranslate import cell, cells_for, dots_of, line_from_cells  # noqa: E402
from companion.braille.display import BrailleOutput  # noqa: E402
from companion.braille.keys import (  # noqa: E402
    ARGUMENT_MASK, BLOCK_MASK, CHORD, TYPE_CMD, TYPE_MASK, BrlapiNames, KeyMap, KeyMapError, Press, parse_dots,
)
from companion.braille.translate import BLANK  # noqa: E402
from companion.commands.base import ParseError  # noqa: E402
from companion.games.base import RuleError  # noqa: E402
from companion.registry import GAMES  # noqa: E402
from companion.ui.braille_keys import HELP, BrailleKeyboard  # noqa: E402
from tests.conftest import make_session  # noqa: E402

#: The tables a player chords in: French intégral and abrégé, UEB grade 1 and 2, computer braille.
TABLES = [("fr", 1, None), ("fr", 2, None), ("en", 1, None), ("en", 2, None),
          ("fr", None, "fr-bfu-comp8.utb"), ("en", None, "en-us-comp8-ext.utb")]

# What BrlAPI's Python module says (brlapi_keycodes.h), written out so these tests run without it.
CMD_PASSDOTS, CMD_ROUTE, CMD_HELP, CMD_INFO, CMD_LNUP, CMD_CSRTRK = 0x220000, 0x10000, 0x31, 0x32, 0x1, 0x28
SYM_LINEFEED, SYM_BACKSPACE, SYM_ESCAPE, FLG_TOGGLE_ON = 0xFF0D, 0xFF08, 0xFF1B, 0x100
SYM_F1 = 0xFFBE  # F2 to F35 follow it
NAMES = BrlapiNames({TYPE_CMD | CMD_PASSDOTS: "PASSDOTS", TYPE_CMD | CMD_ROUTE: "ROUTE", TYPE_CMD | CMD_HELP: "HELP",
                     TYPE_CMD | CMD_INFO: "INFO", TYPE_CMD | CMD_LNUP: "LNUP", TYPE_CMD | CMD_CSRTRK: "CSRTRK",
                     TYPE_CMD | 0x2F: "AUTOREPEAT", TYPE_CMD | 0x33: "LEARN", TYPE_CMD | 0x25: "SKPBLNKWINS",
                     TYPE_CMD | 0x2: "LNDN"},
                    {SYM_LINEFEED: "LINEFEED", SYM_BACKSPACE: "BACKSPACE", SYM_ESCAPE: "ESCAPE", 0xFF52: "UP",
                     0xFF54: "DOWN", **{SYM_F1 + n: f"F{n + 1}" for n in range(12)}})


def dots(text: str) -> int:
    return TYPE_CMD | CMD_PASSDOTS | parse_dots(text)


# ------------------------------------------------------------------ key codes


def test_the_code_layout_and_names_are_brlapis_own():
    brlapi = pytest.importorskip("brlapi")
    from companion.braille.keys import brlapi_names

    assert (TYPE_MASK, TYPE_CMD, BLOCK_MASK, ARGUMENT_MASK, CHORD) == (
        brlapi.KEY_TYPE_MASK, brlapi.KEY_TYPE_CMD, brlapi.KEY_CMD_BLK_MASK, brlapi.KEY_CMD_ARG_MASK, brlapi.DOTC)
    names = brlapi_names(brlapi)
    for code, name in NAMES.commands.items():
        assert names.commands[code] == name and getattr(brlapi, "KEY_CMD_" + name) == code & ~TYPE_CMD
    for code, name in NAMES.symbols.items():
        assert names.symbols[code] == name
    commands, symbols = KeyMap.load().accepted(names)
    assert TYPE_CMD | brlapi.KEY_CMD_PASSDOTS in commands and TYPE_CMD | brlapi.KEY_CMD_ROUTE in commands
    assert brlapi.KEY_SYM_LINEFEED in symbols and 0x20 in symbols


@pytest.mark.parametrize(("code", "press"), [
    (dots("1-2-3"), Press("type", 0b111)),                       # l typed
    (dots("7-8"), Press("type", 0b11000000)),                    # eight-dot cells too
    (dots("8"), Press("send")), (dots("7"), Press("erase")),     # dot 8 or 7 typed alone (Esys)
    (TYPE_CMD | CMD_PASSDOTS, Press("space")),                   # the space bar alone
    (0x20, Press("space")),                                      # the space bar as a character (PASSCHAR 32)
    (SYM_LINEFEED, Press("send")),                               # dot 8: BRLTTY's KEY_ENTER
    (SYM_BACKSPACE, Press("erase")),                             # dot 7: BRLTTY's KEY_BACKSPACE
    (TYPE_CMD | 0x25, Press("erase")),                           # Space + b: BRLTTY's SKPBLNKWINS toggle
    (SYM_ESCAPE, Press("clear")),                                # Space + 2-6
    (TYPE_CMD | CMD_ROUTE | 7, Press("route", cell=7)),          # the eighth routing key
    (TYPE_CMD | CMD_HELP, Press("help")), (TYPE_CMD | CMD_INFO, Press("status")),
    (TYPE_CMD | CMD_CSRTRK | FLG_TOGGLE_ON << 32, Press("turn")),  # Space + t, whatever its toggle flag
    (TYPE_CMD | 0x2F, Press("repeat")), (TYPE_CMD | 0x33, Press("refusal")),
    (0xFF52, Press("previous")), (0xFF54, Press("next")),
    # Esys, Esytime, Iris (BRLTTY's eu/braille.kti): Backspace + a letter is the F-key of its rank, the terminal's
    (SYM_F1, Press("help")), (SYM_F1 + 1, Press("repeat")), (SYM_F1 + 2, Press("status")),  # Backspace + a, b, c
    (SYM_F1 + 3, Press("turn")), (SYM_F1 + 4, Press("previous")), (SYM_F1 + 5, Press("next")),  # d, e, f
    (SYM_F1 + 11, Press("refusal")), (SYM_F1 + 6, None),  # Backspace + l (F12): l for last; g (F7) is nothing
    (TYPE_CMD | CMD_LNUP, None),  # the line keys are the display's own reading (its queue), not the keyboard's
    # Quick Space: BRLTTY passes chords as dots with the space bar
    (dots("1-5") | CHORD, Press("send")), (dots("1-2") | CHORD, Press("erase")), (dots("2-3-4") | CHORD, Press("status")),
    (dots("1-3-4-5") | CHORD, Press("type", parse_dots("1-3-4-5"), space_after=True)),  # n + space
    (TYPE_CMD | 0x18, None), (0xFF0A, None), (0x40000000, None),  # not in the map, a symbol unknown, another type
])
def test_each_key_code_decodes_to_its_action(code, press):
    assert KeyMap.load().decode(code, NAMES) == press


@pytest.mark.parametrize("data", [{"commands": {"HELP": "dance"}}, {"chords": {"1-9": "send"}}, {"chords": {"": "send"}}])
def test_a_key_map_with_an_unknown_action_or_chord_is_refused(data):
    with pytest.raises(KeyMapError):
        KeyMap.parse(data)


# ------------------------------------------------------------------ back-translation round trips


def _lines(game: str, lang: str) -> list[str]:
    """What a player would chord: every verb in ``lang`` (its English word first, then its French word:
    companion/data/verbs/), and ``card`` with every card name in ``lang``."""
    session, _ = make_session(game, lang)
    index = 0 if lang == "en" else 1
    words = sorted({names[min(index, len(names) - 1)] for names in session.parser.vocabulary.verbs.values()})
    card_words = {"fr": "carte", "en": "card"}[lang]
    names = sorted({c.names.get(lang, c.name(lang)) for c in session.table.cards.cards})
    return words + [f"{card_words} {name}" for name in names]


def _parsed(session, line):
    try:
        return session.parser.parse(line, session.state)
    except (ParseError, RuleError) as error:
        return ("refused", error.code)


@pytest.mark.parametrize("game", sorted(game.id for game in GAMES))
@pytest.mark.parametrize(("lang", "grade", "table"), TABLES)
def test_every_verb_and_card_name_chorded_in_each_table_comes_back_and_parses_the_same(game, lang, grade, table):
    session, recorder = make_session(game, lang)
    lines = _lines(game, lang)
    assert len(lines) > 10
    offered = []
    for line in lines:
        cells = cells_for(line, lang, grade, table)
        back = line_from_cells(cells, lang, grade, table)
        if back != line:  # read otherwise: the did-you-mean offers the line, and yes plays it
            session.handle(back)
            offered.append((line, back, recorder.utterances[-1].fields.get("suggestion")))
            continue
        assert _parsed(session, back) == _parsed(session, line)
    assert offered == AMBIGUOUS.get((game, lang, grade, table), [])


#: Cells a table reads as another word: in French abrégé "Dr" is also the abbreviation of "dernière".
AMBIGUOUS = {("mindbug", "fr", 2, None): [("carte Dr Axolotl", "carte Dernière Axolotl", "Dr Axolotl")]}


def test_cells_and_dots_are_unicode_braille():
    assert cell(0) == BLANK and cell(0b10011) == "⠓" and dots_of("⠓⠀") == [0b10011, 0]
    assert line_from_cells(BLANK * 3, "fr") == ""
    with pytest.raises(ValueError):
        cell(256)


# ------------------------------------------------------------------ the typed line, without a display


class Shown(BrailleOutput):
    """A display that keeps what it shows (no BRLTTY)."""

    name = "shown"

    def __init__(self, lang: str, width: int = 40, grade: int | None = None) -> None:
        super().__init__(lang, width, None, grade)
        self.shown: list[str] = []

    def _show(self, segment) -> None:
        self.shown.append(segment.cells)


def keyboard(game="gauntlet", lang="en", grade=2, **options):
    display = Shown(lang, grade=grade)
    session, recorder = make_session(game, lang, **options)
    session.wiring.announcer.add(display)
    return BrailleKeyboard(session, display, KeyMap.load(), NAMES, grade=grade), display, recorder


def chord(board: BrailleKeyboard, line: str) -> None:
    for dots_typed in dots_of(cells_for(line, board.lang, board.grade, board.table)):
        board.press(0x20 if dots_typed == 0 else TYPE_CMD | CMD_PASSDOTS | dots_typed)


def test_cells_typed_show_as_typed_and_the_send_key_plays_the_line():
    board, display, recorder = keyboard("gauntlet", "fr", 2)
    chord(board, "joue proxima")
    assert display.shown[-1] == cells_for("joue proxima", "fr", 2)  # the line as typed
    board.press(SYM_BACKSPACE)  # dot 7 erases the last cell
    assert board.typed == cells_for("joue proxima", "fr", 2)[:-1]
    chord(board, "a")
    board.press(SYM_LINEFEED)  # dot 8 sends
    assert "Thanos joue Proxima Midnight." in recorder.texts[0]
    assert board.typed == ""
    assert display.shown[-1] in {cells for cells in display.segments}  # the answer is on the display


def test_escape_clears_the_line_and_an_empty_send_changes_nothing():
    board, display, recorder = keyboard()
    chord(board, "play hulk")
    board.press(SYM_ESCAPE)
    assert board.typed == "" and display.shown[-1] == ""
    before = board.session.state
    board.press(SYM_LINEFEED)
    assert board.session.state == before


def test_a_typo_offers_a_line_and_the_routing_key_on_it_accepts_it():
    board, display, recorder = keyboard("gauntlet", "en", 2)
    chord(board, "play proxima midnigth")
    board.press(SYM_LINEFEED)
    offer = recorder.texts[-1]
    assert offer.endswith("Did you mean Proxima Midnight? Type yes.")
    proxima = next(w.cells for w in _words(offer) if w.text.startswith("Proxima"))
    while proxima not in display.parts[display.current].cells.split(BLANK):  # pan to the segment that shows it
        assert display.pan(1) is not None
    cells = display.parts[display.current].cells
    start = (BLANK + cells).index(BLANK + proxima + BLANK)
    recorder.clear()
    board.press(TYPE_CMD | CMD_ROUTE | start)
    assert any("Thanos plays Proxima Midnight." in text for text in recorder.texts)


def _words(text):
    from companion.braille.translate import words

    return words(text, "en", 2)


def test_a_routing_key_adds_the_word_above_it_to_the_line():
    board, display, recorder = keyboard("gauntlet", "en", 2)
    board.session.handle("card hulk")
    shown = display.parts[display.current]
    board.press(TYPE_CMD | CMD_ROUTE | 0)  # the first word of the sentence shown
    first = shown.text.split()[0].strip(".,:;!?")
    assert line_from_cells(board.typed, "en", 2) == first
    board.press(TYPE_CMD | CMD_ROUTE | shown.cells.index(BLANK))  # a blank cell: nothing
    assert line_from_cells(board.typed, "en", 2) == first


def test_the_review_keys_say_what_the_f_keys_say():
    board, display, recorder = keyboard("gauntlet", "en", 2)
    board.press(TYPE_CMD | CMD_CSRTRK)  # Space + t: "Now:"
    text, _ = board.session.now()
    assert recorder.texts[-1] == text
    board.press(TYPE_CMD | 0x33)  # Space + l before any refusal
    assert recorder.texts[-1] == "No line has been refused yet."
    chord(board, "dance")
    board.press(SYM_LINEFEED)
    refusal = recorder.texts[-1]
    board.press(TYPE_CMD | CMD_INFO)  # Space + s: the short status
    assert recorder.texts[-1] != refusal
    board.press(TYPE_CMD | 0x33)  # Space + l: the last refusal again
    assert recorder.texts[-1] == refusal
    board.press(0xFF52)  # Space + dot 1: the sentence before
    assert recorder.utterances[-1].event in {"history", "error", "status"} or recorder.texts[-1]
    recorder.clear()
    board.press(TYPE_CMD | CMD_HELP)  # Space + h: help, then the braille keys
    assert recorder.texts[-len(HELP):] == BRAILLE_KEY_LINES["en"]


#: The display's keys, said last after a general help typed on it or asked by its help key, exactly.
BRAILLE_KEY_LINES = {
    "en": ["Braille keys: type a command in braille, dot 8 sends it, dot 7 erases.",
           "Space with dots 2 and 6 clears the line.",
           "A routing key picks the word above it, or the line offered after a typo.",
           "Space with h: help. Space with s: status. Space with t: whose turn.",
           "Space with r: the last answer again. Space with l: the last refusal.",
           "Space with dot 1 or 4, or line keys: previous or next sentence."],
    "fr": ["Touches braille : tapez une commande en braille, point 8 l'envoie, point 7 efface.",
           "Espace avec les points 2 et 6 vide la ligne.",
           "Une touche de routage prend le mot au-dessus, ou la ligne proposée après une faute.",
           "Espace avec h : aide. Espace avec s : état. Espace avec t : à qui le tour.",
           "Espace avec r : la dernière réponse. Espace avec l : le dernier refus.",
           "Espace avec point 1 ou 4, ou touches de ligne : phrase précédente ou suivante."],
}


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_help_typed_on_the_display_says_its_keys_never_the_terminal_s(lang):
    """``help`` typed on the display and sent said the terminal's lines (Ctrl+Z, F2) and not the display's keys; it
    says the shared help, then the display's keys, as its help key does."""
    from test_table_page_help import SCRIPT, TERMINAL_KEYS

    board, display, recorder = keyboard("love-letter", lang, 2 if lang == "en" else 1)
    recorder.clear()
    chord(board, "help" if lang == "en" else "aide")
    board.press(SYM_LINEFEED)
    typed = recorder.texts
    keys = BRAILLE_KEY_LINES[lang]
    assert typed[-len(keys) - len(SCRIPT[lang]):] == SCRIPT[lang] + keys
    assert [text for text in typed if TERMINAL_KEYS.search(text)] == []
    recorder.clear()
    board.press(TYPE_CMD | CMD_HELP)  # Space + h
    assert recorder.texts == typed
    assert board.session.front is None  # the display's help was for its own lines only


def test_quit_sent_from_the_display_ends_the_prompt():
    board, display, recorder = keyboard("gauntlet", "fr", 1)
    ended = []
    board.on_quit = lambda: ended.append(True)
    chord(board, "quitter")
    board.press(SYM_LINEFEED)
    assert ended == [True] and not board.session.running


def test_an_utterance_does_not_disturb_the_line_being_typed():
    board, display, recorder = keyboard()
    chord(board, "play")
    display.send(Utterance("Round 2.", "en"))
    board.press(0x20)
    chord(board, "hulk")
    assert line_from_cells(board.typed, "en", 2) == "play hulk"


@pytest.mark.parametrize("term", ["xterm", "dumb"])
def test_at_the_prompt_a_line_sent_from_the_display_plays_above_it_and_quit_ends_it(tmp_path, monkeypatch, term):
    """The interactive mode waits for a typed line; the display's keys (another thread) play and quit. On a dumb
    terminal prompt_toolkit reads the line with a prompt of its own: quit ended nothing there."""
    import threading
    import time

    from prompt_toolkit.application import create_app_session
    from prompt_toolkit.data_structures import Size
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output.vt100 import Vt100_Output

    from companion.ui.interactive import Interactive
    from tests.test_ui import Table

    monkeypatch.setenv("TERM", term)
    table = Table(tmp_path)
    display = Shown("en")
    table.session.wiring.announcer.add(display)
    board = BrailleKeyboard(table.session, display, KeyMap.load(), NAMES, grade=2)
    interactive = Interactive(table.session, history=table.history)
    board.on_quit = interactive.quit_from_display
    screen = Vt100_Output(table.screen, lambda: Size(rows=40, columns=120), term="xterm")
    ended = threading.Event()

    def keys() -> None:
        time.sleep(0.5)  # the prompt waits
        for line in ("play proxima", "quit"):
            chord(board, line)
            board.press(SYM_LINEFEED)
            time.sleep(0.3)
        if not ended.wait(5):
            pipe.send_text("\x04")  # Ctrl+D, so that a failure ends

    with create_pipe_input() as pipe, create_app_session(input=pipe, output=screen):
        thread = threading.Thread(target=keys)
        thread.start()
        started = time.monotonic()
        interactive.run()
        ended.set()
        thread.join(5)
    assert time.monotonic() - started < 4  # quit from the display, not the Ctrl+D after 5 s
    assert "4: Thanos plays Proxima Midnight." in table.stdout.getvalue()
    assert not table.session.running


def test_the_users_key_map_replaces_the_shipped_one_and_a_broken_one_is_said(tmp_path, monkeypatch):
    pytest.importorskip("brlapi")
    from companion.braille.keys import user_key_map
    from companion.ui.braille_keys import attach

    monkeypatch.setenv("COMPANION_CONFIG_DIR", str(tmp_path))
    assert user_key_map() == (KeyMap.load(), None)  # no file of the user's
    (tmp_path / "braille_keys.toml").write_text('[commands]\nPASSDOTS = "type"\n[cells]\n"1-2-3-4-5-6" = "send"\n')
    mine, unusable = user_key_map()
    assert unusable is None and mine.decode(dots("1-2"), NAMES) == Press("type", 0b11)
    assert mine.decode(dots("1-2-3-4-5-6"), NAMES) == Press("send") and mine.decode(SYM_LINEFEED, NAMES) is None
    (tmp_path / "braille_keys.toml").write_text('[commands]\nHELP = "dance"\n')
    assert user_key_map() == (KeyMap.load(), tmp_path / "braille_keys.toml")
    display = Shown("fr")
    display.on_key = None  # a display with keys
    session, recorder = make_session("gauntlet", "fr")
    keyboard = attach(session, display)
    assert keyboard is not None and display.on_key == keyboard.press and keyboard.keymap == KeyMap.load()
    assert recorder.texts == ["Le fichier de touches braille braille_keys.toml est inutilisable : les touches "
                              "habituelles servent."]
    assert attach(session, Shown("fr")) is None  # a display without keys (the terminal line, a screen reader)


class _EuroBrailleConnection:
    driverName = b"EuroBraille"  # what BrlAPI names BRLTTY's eu driver (Esys, Esytime, Iris)
    displaySize = (40, 1)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_on_an_esys_help_reads_its_own_keys_each_on_a_40_cell_line(lang):
    from companion.braille.segments import wrap
    from companion.braille.translate import words
    from companion.i18n import Translator
    from companion.braille.display import BrlapiBraille
    from companion.ui.braille_keys import ESYS_HELP

    board, display, recorder = keyboard("gauntlet", lang, None)
    board.driver = BrlapiBraille(_EuroBrailleConnection(), lang, 40, key_reader=False).driver
    board.press(0xFFBE)  # Backspace + a: F1, help
    t = Translator(lang, "ui")
    esys = [t(message) for message in ESYS_HELP]
    assert recorder.texts[-len(ESYS_HELP):] == esys and not set(esys) & {t(message) for message in HELP}
    for sentence in esys:  # one line each beside the blank and the status cell
        assert len(wrap(words(sentence, lang, None), 40 - 2, split_long=True)) == 1, sentence
