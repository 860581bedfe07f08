"""Braille against the real BRLTTY: the cells a display receives, its pan keys, and which terminal is claimed.

Each test starts its own ``brltty`` with the virtual ``vr`` driver and a
stand-in display at the other end of its socket (tests/daemons.py); BrlAPI
listens on a private local socket with no key. The companion's BrlAPI client
finds it through ``BRLAPI_HOST`` and ``BRLAPI_AUTH``.
"""

from __future__ import annotations

import socket
import time

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
        assert len(segments) == 4 and all(len(segment) <= COLUMNS - 2 for segment in segments)  # blank, status cell
        display.wait_for(segments[0])
        # what the display shows is the sentence: liblouis reads the cells back to its words
        assert back_translate(display.shown, "fr") == output.parts[0].text == "Thanos perd une"
        # the display's own keys, with no event loop watching the connection (a piped game)
        for segment in segments[1:]:
            display.press("FwinRt")
            display.wait_for(segment)
        display.press("FwinRt")  # at the end nothing moves
        time.sleep(0.3)
        assert display.shown == segments[-1].rstrip("\u2800")
        display.press("FwinLt")
        display.wait_for(segments[-2])
        shown = " ".join(back_translate(cells, "fr") for cells in segments)
        assert shown == SENTENCE
        output.new_answer()  # a new typed line
        output.send(Utterance("Tour 2.", "en"))  # a new sentence starts at its first segment, in its own table
        display.wait_for(output.segments[0])
        assert back_translate(display.shown, "en") == "Tour 2."
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
