"""Windows and macOS, simulated on Linux: liblouis is missing there, braille lines are refused, the doctor says so.

(The screen reader's braille without liblouis: tests/test_braille.py.)

``platform.system`` answers "Windows" (or "Darwin") and ``import louis`` fails, as on a
system where Python came from python.org and the companion from ``pip install``.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from companion import braille, cli, doctor
from companion.braille import display
from tests.daemons import no_session_daemons

__all__ = ["no_session_daemons"]

@pytest.fixture
def no_liblouis(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "louis", None)  # import louis raises ImportError


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "No braille: Braille needs liblouis, which is not installed on this system."),
    ("fr", "Pas de braille : Le braille a besoin de liblouis, qui n'est pas installé sur ce système."),
])
def test_a_braille_line_asked_for_without_liblouis_is_refused_in_one_sentence(lang, said, no_liblouis, monkeypatch):
    monkeypatch.setattr("platform.system", lambda: "Windows")
    for spec in ("terminal", "brlapi"):
        output, sentence = braille.choose(spec, lang)
        assert output.name == "none" and sentence == said


def test_with_no_screen_reader_auto_says_both_reasons(no_liblouis, monkeypatch):
    monkeypatch.setattr("platform.system", lambda: "Darwin")
    monkeypatch.setattr(display, "_screen_reader_with_braille", lambda: None)
    output, sentence = braille.choose("auto", "en")
    assert output.name == "none" and sentence == (
        "No braille: Braille needs liblouis, which is not installed on this system. "
        "No running screen reader takes braille.")


@pytest.mark.usefixtures("no_session_daemons")
@pytest.mark.parametrize(("lang", "voice", "braille_line"), [
    ("en", "Built-in voice: the system's own voices, through pyttsx3.",
     "Braille: no liblouis here, so no braille documents; the screen reader brailles the game."),
    ("fr", "Voix intégrée : les voix du système, par pyttsx3.",
     "Braille : sans liblouis, pas de documents en braille ; le lecteur d'écran affiche le braille."),
])
def test_the_doctor_on_windows_asks_for_nothing_linux_has(lang, voice, braille_line, capsys, no_liblouis, monkeypatch):
    monkeypatch.setattr("platform.system", lambda: "Windows")
    monkeypatch.setitem(sys.modules, "brlapi", None)
    status = cli.main(["doctor", "--lang", lang])
    out, err = capsys.readouterr()
    lines = out.splitlines()
    assert err == "" and status == 0
    assert lines[1:3] == [voice, braille_line]
    assert not [line for line in lines if "apt" in line or "Speech Dispatcher" in line or "BrlAPI" in line]
    assert doctor.run(lang)[1] == 0


def test_a_temporary_name_windows_keeps_while_the_save_is_open_goes_when_it_closes(tmp_path, monkeypatch):
    """Windows cannot remove a name of an open file: the new save's temporary name stays until the save closes."""
    from companion import journal

    real_unlink = os.unlink
    refused: list[str] = []
    is_open = [True]

    def unlink(path, *args, **kwargs):
        if str(path).endswith(".tmp") and is_open[0]:
            refused.append(Path(path).name)
            raise PermissionError(13, "The process cannot access the file because it is being used by another process")
        return real_unlink(path, *args, **kwargs)

    monkeypatch.setattr(os, "unlink", unlink)
    save = journal.Journal.create(tmp_path / "g.jsonl", "gauntlet", {})
    assert refused and [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == refused[:1]
    is_open[0] = False
    save.close()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.jsonl"]
    assert journal.read(tmp_path / "g.jsonl").header.game == "gauntlet"
