"""The screen reader backend: silent library loading, and only real screen readers count."""

from __future__ import annotations

import subprocess
import sys

import pytest

from speech import ScreenReaderSpeaker, SpeechUnavailable, screenreader


def test_accessible_output2_alone_is_noisy_here():
    """Shows the silencing below is needed: the bare library prints on this machine."""
    result = subprocess.run(
        [sys.executable, "-c", "from accessible_output2.outputs.auto import Auto; Auto()"],
        capture_output=True,
        text=True,
    )
    assert "Cannot find" in result.stdout + result.stderr


def test_loading_the_library_prints_nothing_and_no_reader_means_unavailable(capfd):
    with pytest.raises(SpeechUnavailable) as caught:
        ScreenReaderSpeaker(screen_reader_running=lambda: True)
    assert caught.value.reason == "no screen reader is running"
    assert capfd.readouterr() == ("", "")


def test_without_orca_the_library_is_not_even_loaded(monkeypatch):
    def fail() -> list:
        raise AssertionError("accessible_output2 loaded although Orca is not running")

    monkeypatch.setattr(screenreader, "_load_outputs", fail)
    with pytest.raises(SpeechUnavailable):
        ScreenReaderSpeaker(screen_reader_running=lambda: False)


def test_orca_is_found_in_proc(tmp_path):
    proc = tmp_path / "proc"
    (proc / "12").mkdir(parents=True)
    (proc / "12" / "comm").write_text("bash\n")
    (proc / "12" / "cmdline").write_bytes(b"bash\0")
    assert not screenreader.orca_running(proc)
    (proc / "34").mkdir()
    (proc / "34" / "comm").write_text("python3\n")
    (proc / "34" / "cmdline").write_bytes(b"/usr/bin/python3\0/usr/bin/orca\0--replace\0")
    assert screenreader.orca_running(proc)
    assert not screenreader.orca_running(tmp_path / "missing")


class FakeOutput:
    def __init__(self, name: str, active: bool = True, system: bool = False) -> None:
        self.name, self.active, self.system = name, active, system
        self.spoken: list[tuple[str, bool]] = []
        self.silenced = 0

    def is_active(self) -> bool:
        return self.active

    def is_system_output(self) -> bool:
        return self.system

    def speak(self, text: str, interrupt: bool = False) -> None:
        if text == "boom":
            raise OSError("pipe closed")
        self.spoken.append((text, interrupt))

    def silence(self) -> None:
        self.silenced += 1


def test_on_linux_only_speech_dispatcher_counts(monkeypatch):
    espeak_output = FakeOutput("Linux ESpeak")
    dispatcher = FakeOutput("Linux Speech Dispatcher")
    monkeypatch.setattr(screenreader.platform, "system", lambda: "Linux")
    monkeypatch.setattr(screenreader, "_load_outputs", lambda: [espeak_output, dispatcher])
    speaker = ScreenReaderSpeaker(screen_reader_running=lambda: True)
    speaker.say("Bonjour.")
    speaker.say("Erreur.", interrupt=True)
    speaker.stop()
    assert dispatcher.spoken == [("Bonjour.", False), ("Erreur.", True)]
    assert espeak_output.spoken == []
    assert dispatcher.silenced == 1
    with pytest.raises(SpeechUnavailable, match="stopped answering"):
        speaker.say("boom")


def test_elsewhere_synthesizers_are_not_screen_readers(monkeypatch):
    monkeypatch.setattr(screenreader.platform, "system", lambda: "Windows")
    sapi = FakeOutput("sapi5", system=True)
    nvda_off = FakeOutput("NVDA", active=False)
    jaws = FakeOutput("JAWS")
    monkeypatch.setattr(screenreader, "_load_outputs", lambda: [sapi, nvda_off, jaws])
    assert ScreenReaderSpeaker().reader == "JAWS"
    monkeypatch.setattr(screenreader, "_load_outputs", lambda: [sapi, nvda_off])
    with pytest.raises(SpeechUnavailable):
        ScreenReaderSpeaker()
