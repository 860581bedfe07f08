"""The screen reader: finding it (and whether it reads our terminal), silent library loading, timeouts.

No test here reaches the user's session: `no_session_daemons` points the
Speech Dispatcher client at a private socket nobody listens on and makes its
autospawn command ``false``; every subprocess has a timeout.
"""

from __future__ import annotations

import io
import os
import subprocess
import sys
import time

import pytest

from companion.speech import ScreenReaderSpeaker, SilentSpeaker, SpeechUnavailable, TerminalReaderSpeaker, choose, screenreader
from tests.daemons import SSIP_THREAD_EXIT, no_session_daemons, private_env

pytestmark = [pytest.mark.usefixtures("no_session_daemons"), SSIP_THREAD_EXIT]
__all__ = ["no_session_daemons"]


def test_accessible_output2_alone_is_noisy_here(tmp_path):
    """Shows the silencing is needed where the library is used: the bare library prints on this machine."""
    env = private_env(tmp_path, SPEECHD_ADDRESS=f"unix_socket:{tmp_path / 'none.sock'}", SPEECHD_CMD="/bin/false",
                      PYTHONPATH=os.pathsep.join(sys.path))
    result = subprocess.run(
        [sys.executable, "-c", "from accessible_output2.outputs.auto import Auto; Auto()"],
        capture_output=True, text=True, env=env, timeout=60,
    )
    assert "Cannot find" in result.stdout + result.stderr


def test_on_linux_accessible_output2_is_never_loaded(monkeypatch):
    """Its Speech Dispatcher output would start the daemon in the user's session: Linux speaks to it directly."""

    def fail() -> list:
        raise AssertionError("accessible_output2 loaded on Linux")

    monkeypatch.setattr(screenreader, "_load_outputs", fail)
    with pytest.raises(SpeechUnavailable, match="no screen reader"):
        ScreenReaderSpeaker(system="Linux")
    speaker, said = choose("screenreader", "en", screen_reader_running=lambda: False, system="Linux")
    assert isinstance(speaker, SilentSpeaker)
    assert said == "Speech: text only, screen reader not available: no screen reader is running."


def test_orca_seemingly_running_with_no_speech_dispatcher_answering_never_hangs(tmp_path, monkeypatch, capfd):
    """Issue 11, point 4: a screen reader process runs, Speech Dispatcher does not answer. Start-up goes on."""
    import socket

    hung = tmp_path / "hung.sock"
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    server.bind(str(hung))
    server.listen(5)  # accepts connections (the kernel does), never answers
    monkeypatch.setenv("SPEECHD_ADDRESS", f"unix_socket:{hung}")
    try:
        for lang, sentence in (("fr", "La synthèse vocale ne répond pas : le texte seul est utilisé."),
                               ("en", "Speech synthesis does not answer: text only is used.")):
            started = time.monotonic()
            speaker, said = choose("auto", lang, screen_reader_running=lambda: True, reads_terminal=lambda: None)
            assert time.monotonic() - started < 4
            assert isinstance(speaker, SilentSpeaker) and said == sentence
        started = time.monotonic()
        speaker, said = choose("speechd", "fr")  # asked for by name: the daemon answers the socket, so no autospawn wait
        assert time.monotonic() - started < 4 and isinstance(speaker, SilentSpeaker)
        assert said == "La synthèse vocale ne répond pas : le texte seul est utilisé."
    finally:
        server.close()
    assert capfd.readouterr() == ("", "")


def test_no_speech_dispatcher_at_all_is_quick_and_starts_none(tmp_path, monkeypatch):
    marker = tmp_path / "spawned"
    spawn = tmp_path / "spawn"
    spawn.write_text(f"#!/bin/sh\ntouch {marker}\nexit 1\n")
    spawn.chmod(0o755)
    monkeypatch.setenv("SPEECHD_CMD", str(spawn))
    started = time.monotonic()
    speaker, said = choose("auto", "en", screen_reader_running=lambda: True, reads_terminal=lambda: None,
                           player=["false"])
    assert time.monotonic() - started < 4
    assert not marker.exists()  # auto never autospawns
    assert speaker.name == "tts"  # on to the built-in voice
    speaker.close()
    speaker, said = choose("screenreader", "en", screen_reader_running=lambda: True)
    assert said == "Speech: text only, screen reader not available: Speech Dispatcher is not running."
    assert not marker.exists()


def fake_proc(root, processes: dict[int, tuple[str, bytes]]):
    for pid, (comm, cmdline) in processes.items():
        (root / str(pid)).mkdir(parents=True)
        (root / str(pid) / "comm").write_text(comm + "\n")
        (root / str(pid) / "cmdline").write_bytes(cmdline)
    return root


def test_linux_screen_readers_are_found_in_proc(tmp_path):
    proc = fake_proc(tmp_path / "proc", {12: ("bash", b"bash\0")})
    assert screenreader.linux_readers(proc) == [] and not screenreader.orca_running(proc)
    fake_proc(proc, {34: ("python3", b"/usr/bin/python3\0/usr/bin/orca\0--replace\0"),
                     56: ("fenrir-daemon", b"/usr/bin/python3\0/usr/bin/fenrir-daemon\0")})
    assert sorted(screenreader.linux_readers(proc)) == ["fenrir-daemon", "orca"]
    assert screenreader.orca_running(proc)
    assert not screenreader.orca_running(tmp_path / "missing")


class Terminal(io.StringIO):
    def __init__(self, tty: bool) -> None:
        super().__init__()
        self.tty = tty

    def isatty(self) -> bool:
        return self.tty


@pytest.mark.parametrize(
    ("tty", "env", "running", "reader"),
    [
        (True, {"DISPLAY": ":0"}, ["orca"], "Orca"),
        (True, {"WAYLAND_DISPLAY": "wayland-0"}, ["orca"], "Orca"),
        (False, {"DISPLAY": ":0"}, ["orca"], None),  # output piped: nobody reads it
        (True, {}, ["orca"], None),  # a text console: Orca does not read it
        (True, {}, ["espeakup"], "espeakup"),
        (True, {"DISPLAY": ":0"}, ["fenrir"], None),  # Fenrir reads consoles, not graphical terminals
        (True, {"DISPLAY": ":0"}, [], None),
    ],
)
def test_which_screen_reader_reads_our_terminal(tty, env, running, reader):
    assert screenreader.reader_reading_terminal(Terminal(tty), env, lambda: running) == reader


def test_auto_leaves_the_speaking_to_a_screen_reader_that_reads_the_terminal():
    speaker, said = choose("auto", "fr", reads_terminal=lambda: "Orca", system="Linux")
    assert isinstance(speaker, TerminalReaderSpeaker) and speaker.reader == "Orca"
    assert said == "Parole : Orca lit les lignes affichées."
    speaker.say("Bonjour.")  # says nothing: Orca reads the printed line
    _, said = choose("auto", "en", reads_terminal=lambda: "Orca", system="Linux")
    assert said == "Speech: Orca reads the printed lines."


class FakeOutput:
    def __init__(self, name: str, active: bool = True, system: bool = False, delay: float = 0.0) -> None:
        self.name, self.active, self.system, self.delay = name, active, system, delay
        self.spoken: list[tuple[str, bool]] = []
        self.silenced = 0

    def is_active(self) -> bool:
        time.sleep(self.delay)
        return self.active

    def is_system_output(self) -> bool:
        return self.system

    def speak(self, text: str, interrupt: bool = False) -> None:
        if text == "boom":
            raise OSError("pipe closed")
        self.spoken.append((text, interrupt))

    def silence(self) -> None:
        self.silenced += 1


def test_elsewhere_synthesizers_are_not_screen_readers(monkeypatch):
    sapi = FakeOutput("sapi5", system=True)
    nvda_off = FakeOutput("NVDA", active=False)
    jaws = FakeOutput("JAWS")
    monkeypatch.setattr(screenreader, "_load_outputs", lambda: [sapi, nvda_off, jaws])
    speaker = ScreenReaderSpeaker(system="Windows")
    assert speaker.reader == "JAWS"
    speaker.say("Bonjour.")
    assert speaker.wait(timeout=5)
    speaker.say("Erreur.", interrupt=True)
    assert speaker.wait(timeout=5)
    speaker.stop()
    assert speaker.wait(timeout=5)
    assert jaws.spoken == [("Bonjour.", False), ("Erreur.", True)] and jaws.silenced == 1
    speaker.say("boom")
    speaker.wait(timeout=5)
    with pytest.raises(SpeechUnavailable, match="stopped answering"):
        speaker.say("Encore.")
    monkeypatch.setattr(screenreader, "_load_outputs", lambda: [sapi, nvda_off])
    with pytest.raises(SpeechUnavailable):
        ScreenReaderSpeaker(system="Windows")


def test_a_screen_reader_that_does_not_answer_is_dropped_in_time(monkeypatch):
    monkeypatch.setattr(screenreader, "_load_outputs", lambda: [FakeOutput("NVDA", delay=30)])
    started = time.monotonic()
    with pytest.raises(SpeechUnavailable) as caught:
        ScreenReaderSpeaker(system="Windows", timeout=0.3)
    assert caught.value.timed_out and time.monotonic() - started < 2


def test_in_a_windows_console_nvda_reads_the_lines_itself(monkeypatch):
    nvda = FakeOutput("NVDA")
    monkeypatch.setattr(screenreader, "_load_outputs", lambda: [nvda])
    speaker, said = choose("auto", "en", reads_terminal=lambda: "NVDA", system="Windows")
    assert isinstance(speaker, TerminalReaderSpeaker) and said == "Speech: NVDA reads the printed lines."
    speaker, said = choose("screenreader", "en", system="Windows")  # asked for by name: NVDA speaks our sentences
    assert isinstance(speaker, ScreenReaderSpeaker) and said == "Speech: through your screen reader, NVDA."
    speaker.close()
