"""choose(): every spec, its one sentence in French and English, and fallbacks."""

from __future__ import annotations

import pytest

from speech import ScreenReaderSpeaker, SilentSpeaker, TtsSpeaker, WavSpeaker, choose, espeak, nullplayer, screenreader


@pytest.fixture
def no_engine(tmp_path, monkeypatch):
    """The built-in voice's engine made unavailable: a PATH without espeak-ng."""
    empty = tmp_path / "empty-bin"
    empty.mkdir()
    monkeypatch.setenv("PATH", str(empty))


@pytest.mark.parametrize(
    ("lang", "sentence"),
    [
        ("fr", "Parole : texte seul, aucun lecteur d'écran lancé et espeak-ng n'est pas installé."),
        ("en", "Speech: text only, no screen reader running and espeak-ng is not installed."),
    ],
)
def test_auto_without_engine_is_text_only_and_says_so(no_engine, lang, sentence):
    speaker, said = choose("auto", lang, player=["cat"])
    assert isinstance(speaker, SilentSpeaker)
    assert said == sentence


@pytest.mark.parametrize(
    ("lang", "sentence"),
    [
        ("fr", "Parole : texte seul, aucun lecteur d'écran lancé et aucune sortie audio n'a été trouvée."),
        ("en", "Speech: text only, no screen reader running and no audio output was found."),
    ],
)
def test_auto_without_audio_output_is_text_only(tmp_path, monkeypatch, lang, sentence):
    folder = tmp_path / "bin"
    folder.mkdir()
    (folder / "espeak-ng").symlink_to(espeak.find())
    play = folder / "play"
    play.write_text("#!/bin/sh\ncat >/dev/null\necho 'sox FAIL: no default audio device' >&2\nexit 1\n")
    play.chmod(0o755)
    monkeypatch.setenv("PATH", str(folder))
    speaker, said = choose("auto", lang)
    assert isinstance(speaker, SilentSpeaker)
    assert said == sentence


def test_auto_picks_the_built_in_voice_when_audio_works(tmp_path):
    speaker, said = choose("auto", "fr", player=nullplayer.command(tmp_path / "log"))
    try:
        assert isinstance(speaker, TtsSpeaker)
        assert speaker.voice == "roa/fr"
        assert said == "Parole : voix intégrée, aucun lecteur d'écran lancé."
    finally:
        speaker.close()


def test_tts_with_rate_and_voice(tmp_path):
    speaker, said = choose("tts", "en", rate=1000, voice="en-us", player=nullplayer.command())
    try:
        assert said == "Speech: built-in voice."
        assert (speaker.voice, speaker.rate) == ("en-us", espeak.MAX_RATE)
    finally:
        speaker.close()


def test_explicit_tts_unavailable_falls_back_to_text(no_engine):
    speaker, said = choose("tts", "fr")
    assert isinstance(speaker, SilentSpeaker)
    assert said == "Parole : texte seul, voix intégrée indisponible : espeak-ng n'est pas installé."


def test_explicit_screenreader_unavailable_falls_back_to_text():
    speaker, said = choose("screenreader", "en", screen_reader_running=lambda: False)
    assert isinstance(speaker, SilentSpeaker)
    assert said == "Speech: text only, screen reader not available: no screen reader is running."


class FakeOrcaOutput:
    """Stands for accessible_output2's Speech Dispatcher output while Orca runs."""

    name = "Linux Speech Dispatcher"

    def __init__(self) -> None:
        self.spoken: list[tuple[str, bool]] = []

    def is_active(self) -> bool:
        return True

    def is_system_output(self) -> bool:
        return False

    def speak(self, text: str, interrupt: bool = False) -> None:
        self.spoken.append((text, interrupt))


def test_auto_prefers_a_running_screen_reader(monkeypatch):
    output = FakeOrcaOutput()
    monkeypatch.setattr(screenreader, "_load_outputs", lambda: [output])
    speaker, said = choose("auto", "fr", screen_reader_running=lambda: True, player=["cat"])
    assert isinstance(speaker, ScreenReaderSpeaker)
    assert said == "Parole : par votre lecteur d'écran, Orca."
    speaker.say("Bonjour.", interrupt=True)
    assert output.spoken == [("Bonjour.", True)]


def test_wav_spec(tmp_path):
    folder = tmp_path / "Sons Partie"
    speaker, said = choose(f"wav:{folder}", "fr")
    assert isinstance(speaker, WavSpeaker)
    assert said == f"Parole : chaque phrase est enregistrée comme fichier son dans {folder}."
    speaker.say("Première phrase.")
    assert (folder / "0001.wav").stat().st_size > 1000


def test_wav_spec_unwritable_falls_back_to_text(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("")
    speaker, said = choose(f"wav:{blocker}/sub", "en")
    assert isinstance(speaker, SilentSpeaker)
    assert said == f"Speech: text only, no sound files: cannot write in the folder {blocker}/sub."


def test_none_spec():
    speaker, said = choose(" NONE ", "fr")
    assert isinstance(speaker, SilentSpeaker)
    assert said == "Parole : désactivée, texte seul."


@pytest.mark.parametrize("spec", ["", "loud", "wav", "wav:", "tts:x", "auto:"])
def test_malformed_spec_raises_value_error_in_the_language(spec):
    with pytest.raises(ValueError) as english:
        choose(spec, "en")
    with pytest.raises(ValueError) as french:
        choose(spec, "fr")
    assert str(english.value) != str(french.value)
    assert "wav" in str(french.value)


def test_choose_prints_nothing(no_engine, capfd):
    for spec in ("auto", "screenreader", "tts", "none"):
        choose(spec, "fr")
    assert capfd.readouterr() == ("", "")
