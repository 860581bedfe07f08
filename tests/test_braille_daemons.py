"""Braille against the real BRLTTY: the cells a display receives, its pan keys, and which terminal is claimed.

Each test starts its own ``brltty`` with the virtual ``vr`` driver and a
stand-in display at the other end of its socket (tests/daemons.py); BrlAPI
listens on a private local socket with no key. The companion's BrlAPI client
finds it through ``BRLAPI_HOST`` and ``BRLAPI_AUTH``.
"""

from __future__ import annotations

import socket
import time
from typing import Any

import pytest

louis = pytest.importorskip("louis")
brlapi = pytest.importorskip("brlapi")

from companion import braille  # noqa: E402
from companion.braille import back_translate  # noqa: E402
from companion.announce import Utterance  # noqa: E402
from tests.daemons import Brltty, no_session_daemons  # noqa: E402

pytestmark = pytest.mark.usefixtures("no_session_daemons")
__all__ = ["no_session_daemons"]

COLUMNS = 20
SENTENCE = "Thanos perd une vie : retirez un rubis. Il en reste trois."
TTY_VARIABLES = ("WINDOWID", "WINDOWPATH", "CONTROLVT", "XDG_VTNR", "DISPLAY")


@pytest.fixture
def brltty(tmp_path, monkeypatch):
    daemon = Brltty(tmp_path / "brltty", COLUMNS)
    for name, value in daemon.client_env().items():
        monkeypatch.setenv(name, value)
    for name in TTY_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    yield daemon
    daemon.stop()


def test_each_sentence_reaches_the_display_and_reads_back_and_the_pan_keys_move_it(brltty, monkeypatch):
    monkeypatch.setenv("CONTROLVT", "3")  # the companion's console
    output, said = braille.choose("brlapi", "fr")
    assert output.name == "brlapi" and said == "Braille sur la plage par BRLTTY, 20 cellules."
    display = brltty.display
    try:
        output.send(Utterance(SENTENCE, "fr"))
        segments = output.segments
        # a blank and the status cell kept; the second sentence starts a line of its own
        assert len(segments) == 5 and all(len(segment) <= COLUMNS - 2 for segment in segments)
        assert [part.text for part in output.parts][2:4] == ["rubis.", "Il en reste"]
        wait_for_text(display, segments[0])
        # what the display shows is the sentence: liblouis reads the cells back to its words
        assert back_translate(text_and_status(display)[0], "fr") == output.parts[0].text == "Thanos perd une"
        # the display's own keys, with no event loop watching the connection (a piped game)
        for segment in segments[1:]:
            display.press("FwinRt")
            wait_for_text(display, segment)
        display.press("FwinRt")  # at the end nothing moves
        time.sleep(0.3)
        assert text_and_status(display)[0] == segments[-1].rstrip(BLANK)
        display.press("FwinLt")
        wait_for_text(display, segments[-2])
        shown = " ".join(back_translate(cells, "fr") for cells in segments)
        assert shown == SENTENCE
        output.new_answer()  # a new typed line
        output.send(Utterance("Tour 2.", "en"))  # a new sentence starts at its first segment, in its own table
        wait_for_text(display, output.segments[0])
        assert back_translate(text_and_status(display)[0], "en") == "Tour 2."
    finally:
        output.close()
    assert not (output._keys and output._keys.is_alive())  # type: ignore[attr-defined]


def test_without_knowing_its_terminal_the_companion_leaves_the_display_alone(brltty):
    before = brltty.display.shown
    output, said = braille.choose("brlapi", "en")  # no WINDOWID, CONTROLVT, WINDOWPATH; not on a text console
    assert output.name == "none"
    assert said == "No braille: BRLTTY cannot tell which terminal is the companion's."
    time.sleep(0.3)
    assert brltty.display.shown == before  # BRLTTY's own screen stays on the display


def test_in_a_graphical_terminal_the_display_is_ours_only_while_our_window_has_the_focus(brltty, monkeypatch):
    """A focus teller (xbrlapi's part) holds the X session's console 7 and says which window has the focus."""
    teller = brlapi.Connection()
    teller.enterTtyModeWithPath([7])
    teller.setFocus(111)  # another window
    monkeypatch.setenv("WINDOWPATH", "7")
    monkeypatch.setenv("WINDOWID", "222")
    output, said = braille.choose("brlapi", "en")
    try:
        assert output.name == "brlapi"
        output.send(Utterance("Round 1.", "en"))
        time.sleep(0.5)
        assert brltty.display.shown != output.segments[0].rstrip("\u2800")
        teller.setFocus(222)  # our terminal's window
        brltty.display.wait_for(output.segments[0])
    finally:
        output.close()
        teller.leaveTtyMode()
        teller.closeConnection()


def test_a_brltty_that_does_not_answer_is_dropped_in_time(monkeypatch):
    server = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    server.bind(("127.0.0.1", 0))
    server.listen(5)  # accepts, never answers
    port = server.getsockname()[1]
    if port < 4101:
        pytest.skip("no usable port")
    monkeypatch.setenv("BRLAPI_HOST", f"127.0.0.1:{port - 4101}")  # BrlAPI's port is 4101 + the host number
    try:
        started = time.monotonic()
        output, said = braille.choose("brlapi", "fr")
        assert time.monotonic() - started < 4
        assert output.name == "none" and said == "Pas de braille : BRLTTY ne répond pas."
    finally:
        server.close()


BLANK = "\u2800"


def line_of(display) -> str:  # type: ignore[no-untyped-def]
    """The whole display line now, blank cells kept."""
    return display.lines[-1][1].ljust(COLUMNS, BLANK) if display.lines else BLANK * COLUMNS


def text_and_status(display) -> tuple[str, str]:  # type: ignore[no-untyped-def]
    """The words' cells (the first COLUMNS - 2) and the status cell (the last)."""
    line = line_of(display)
    assert line[COLUMNS - 2] == BLANK  # the blank before the status cell
    return line[: COLUMNS - 2].rstrip(BLANK), line[-1]


def wait_for_text(display, cells: str) -> None:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + 5
    while text_and_status(display)[0] != cells.rstrip(BLANK):
        assert time.monotonic() < deadline, f"the display shows {text_and_status(display)[0]!r}, not {cells!r}"
        time.sleep(0.01)


def read_all(display, output, key: str = "FwinRt") -> list[str]:  # type: ignore[no-untyped-def]
    """Presses ``key`` until nothing moves; every text shown, in order (the first one included)."""
    shown = [text_and_status(display)[0]]
    while True:
        before = len(display.lines)
        display.press(key)
        deadline = time.monotonic() + 1.5  # nothing new by then: the end (BRLTTY answers in milliseconds)
        while len(display.lines) == before and time.monotonic() < deadline:
            time.sleep(0.01)
        if len(display.lines) == before:
            return shown
        shown.append(text_and_status(display)[0])


def test_sentences_said_while_one_is_read_wait_and_are_all_read_in_order(brltty, monkeypatch):
    from companion.braille.queue import status_cell
    from companion.braille.translate import translate

    monkeypatch.setenv("CONTROLVT", "3")
    output, _ = braille.choose("brlapi", "fr")
    display = brltty.display
    others = ["Ana joue 7.", "Bob joue 8.", "Léa joue 9."]
    try:
        output.send(Utterance(SENTENCE, "fr"))
        first = output.segments
        wait_for_text(display, first[0])
        for text in others:  # arriving while the first is read
            output.send(Utterance(text, "fr"))
        deadline = time.monotonic() + 5
        # waiting: the rest of the first sentence (wider than the display), the second (a display line of its
        # own), then the three
        while text_and_status(display)[1] != status_cell(5, False):
            assert time.monotonic() < deadline
            time.sleep(0.01)
        assert text_and_status(display)[0] == first[0].rstrip(BLANK)  # never replaced unread
        assert output.unread == 5
        shown = read_all(display, output)
        assert shown == [*first, *(translate(text, "fr") for text in others)]
        assert text_and_status(display)[1] == BLANK and output.unread == 0
        output.send(Utterance("Tour 2.", "fr"))  # all read: a new sentence is shown at once
        wait_for_text(display, translate("Tour 2.", "fr"))
    finally:
        output.close()


def test_line_down_alone_reads_every_word_of_a_sentence_wider_than_the_display(brltty, monkeypatch):
    """docs/braille.*.md: read with line down until the status cell is blank. A sentence wider than the display
    is read on segment by segment before the next one; nothing of it was skipped (the status cell counts it)."""
    from companion.braille.queue import status_cell

    monkeypatch.setenv("CONTROLVT", "3")
    output, _ = braille.choose("brlapi", "fr")
    display = brltty.display
    try:
        output.send(Utterance(SENTENCE, "fr"))
        wait_for_text(display, output.segments[0])
        assert text_and_status(display)[1] == status_cell(2, False)  # the rest of the first sentence, the second
        shown = read_all(display, output, "LnDn")
    finally:
        output.close()
    assert " ".join(back_translate(cells, "fr") for cells in shown) == SENTENCE
    assert text_and_status(display)[1] == BLANK


def test_a_life_and_a_game_end_jump_ahead_of_plays_marked_with_dots_7_and_8(brltty, monkeypatch):
    from companion import earcons
    from companion.braille.marks import Marks
    from companion.braille.queue import mark, status_cell
    from companion.braille.translate import translate

    monkeypatch.setenv("CONTROLVT", "3")
    output, _ = braille.choose("brlapi", "en", marks=Marks(earcons.load()))
    display = brltty.display
    try:
        output.send(Utterance("Ana plays 7.", "en", "card_played"))
        wait_for_text(display, translate("Ana plays 7.", "en"))
        output.send(Utterance("Bob plays 8.", "en", "card_played"))
        output.send(Utterance("Ana loses a life.", "en", "life_lost"))
        output.send(Utterance("Bob wins.", "en", "game_over"))
        deadline = time.monotonic() + 5
        while text_and_status(display)[1] != status_cell(3, True):  # dots 7-8: an urgent one waits
            assert time.monotonic() < deadline
            time.sleep(0.01)
        shown = read_all(display, output, "LnDn")  # the next-sentence key
        assert shown == [translate("Ana plays 7.", "en"), mark(translate("Ana loses a life.", "en")),
                         mark(translate("Bob wins.", "en")), translate("Bob plays 8.", "en")]
        assert all(ord(cell) & 0xC0 == 0xC0 for cell in shown[1] + shown[2])
        display.press("LnUp")  # the previous sentence
        wait_for_text(display, shown[2])
    finally:
        output.close()


def _shown(said: list[Any], output: Any, display: Any) -> set[int]:
    """The indexes of the sentences ``said`` whose first display line the display showed (marked when important)."""
    from companion import earcons
    from companion.braille.queue import mark

    seen = {cells[: COLUMNS - 2] for _, cells in display.lines}
    shown = set()
    for index, u in enumerate(said):
        cells = output.display_lines(u)[0][0].cells  # its first display line
        earcon = earcons.load().for_event(u.event, u.fields)
        if (mark(cells) if earcon is not None and earcon.important else cells).ljust(COLUMNS - 2, BLANK) in seen:
            shown.add(index)
    return shown


def test_the_void_in_real_time_is_read_from_the_display_with_nothing_urgent_lost(brltty, monkeypatch):
    """A whole The Void game typed faster than it is read: each new play drops the unread older plays, nothing else.

    Wired as ``companion play`` wires it (a typed line starts a new answer); a reader presses "next" now and then.
    """
    import sys
    import threading
    from pathlib import Path

    from companion import earcons
    from companion.announce import Announcer, RecordingOutput
    from companion.braille.marks import Marks
    from companion.play import _Outputs, with_outputs
    from companion.registry import find
    from companion.render import Settings
    from companion.session import Wiring, open_session

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
    import bench_listening as bench

    monkeypatch.setenv("CONTROLVT", "3")
    output, _ = braille.choose("brlapi", "en", marks=Marks(earcons.load(), real_time=True))
    display = brltty.display
    game = find("the-void")
    recorder = RecordingOutput()
    wiring = with_outputs(Wiring(Announcer([recorder, output])), _Outputs(braille=output))
    session = open_session(game, game.rules.options_type(players=4), Settings("en"), wiring, None)
    lines = next(bench.void_lines(7, "en", plays=1))
    stop = threading.Event()

    def reader() -> None:
        while not stop.wait(0.05):
            display.press("LnDn")

    thread = threading.Thread(target=reader, daemon=True)
    try:
        session.start()
        thread.start()
        most_plays_waiting = 0
        for line in lines:
            session.handle(line.text)
            waiting = [entry for entry in output.queue.waiting if entry.supersedes == "play"]
            most_plays_waiting = max(most_plays_waiting, len(waiting))
            time.sleep(0.01)
        stop.set()
        thread.join()
        shown = read_all(display, output, "LnDn")
    finally:
        stop.set()
        output.close()
    assert not [u for u in recorder.utterances if u.event == "error"]  # the script follows the game
    assert most_plays_waiting <= 1  # never more than one play behind the table
    said = recorder.utterances
    on_display = _shown(said, output, display)
    lost = [u for index, u in enumerate(said) if index not in on_display]
    assert all(u.event == "card_played" for u in lost), [u.text for u in lost if u.event != "card_played"]
    assert lost and output.queue.dropped >= len(lost)  # plays were superseded unread, as the voice drops them
    events = {said[index].event for index in on_display}
    assert {"round_ended", "error_called", "card_played"} <= events
    assert shown  # the reader caught up


@pytest.mark.parametrize("flags", [["--braille-only"], ["--speech", "none", "--braille", "brlapi"]])
def test_braille_only_through_brltty_shows_the_symbol_before_a_play_and_reads_every_answer(brltty, tmp_path, flags):
    """``companion play`` as a subprocess: a play's sentence starts with its symbol; a refusal's with its own."""
    import os
    import subprocess
    import sys

    from companion.braille.marks import load_symbols
    from companion.braille.translate import translate

    env = {k: v for k, v in os.environ.items() if k not in TTY_VARIABLES}
    env.update(brltty.client_env(), CONTROLVT="3", COMPANION_DATA_DIR=str(tmp_path / "data"),
               SPEECHD_ADDRESS=f"unix_socket:{tmp_path / 'none.sock'}", SPEECHD_CMD="/bin/false")
    process = subprocess.Popen([sys.executable, "-m", "companion", "play", "the-void", "--lang", "en", *flags],
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    display = brltty.display
    symbols = load_symbols()
    try:
        assert process.stdin is not None
        process.stdin.write("7 red\nbogus\n")
        process.stdin.flush()
        assert process.stdout is not None
        for _ in range(3):  # the set-up's line, the play's, the refusal's
            assert process.stdout.readline()
        time.sleep(0.3)
        shown = read_all(display, None, "LnDn")  # the set-up is read first: each next sentence waited for the key
        assert symbols["play"] + BLANK + translate("7 red.", "en") in shown
        assert any(text.startswith(symbols["refusal"] + BLANK) for text in shown)
        assert shown.index(symbols["play"] + BLANK + translate("7 red.", "en")) > 0
        process.stdin.close()
        assert process.wait(timeout=30) == 0
        assert process.stderr is not None and process.stderr.read() == ""
    finally:
        if process.poll() is None:
            process.kill()
            process.wait(timeout=10)
