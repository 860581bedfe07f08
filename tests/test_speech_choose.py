"""choose(): every spec, its one sentence in French and English, and fallbacks.

No test reaches a daemon of the user's session (`no_session_daemons`).
"""

from __future__ import annotations

import pytest

from companion.speech import (RecordingSpeaker, SilentSpeaker, SpeechUnavailable, TtsSpeaker, WavSpeaker, choose, espeak,
                              nullplayer)
from companion.speech.choose import parse
from tests.daemons import SSIP_THREAD_EXIT, no_session_daemons

pytestmark = [pytest.mark.usefixtures("no_session_daemons"), SSIP_THREAD_EXIT]
__all__ = ["no_session_daemons"]


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


class FakeDispatcher(RecordingSpeaker):
    """Stands for `SpeechDispatcherSpeaker` (the real one is tested against the real daemon)."""

    name = "speechd"
    made: list[dict] = []

    def __init__(self, lang, rate=None, voice=None, **options) -> None:
        super().__init__()
        FakeDispatcher.made.append(dict(lang=lang, rate=rate, voice=voice, **options))


def test_auto_with_orca_speaks_through_speech_dispatcher_when_orca_does_not_read_our_output():
    FakeDispatcher.made.clear()
    speaker, said = choose("auto", "fr", screen_reader_running=lambda: True, reads_terminal=lambda: None,
                           speechd=FakeDispatcher, player=["cat"], system="Linux")
    assert isinstance(speaker, FakeDispatcher)
    assert said == "Parole : par votre lecteur d'écran, Orca."
    assert FakeDispatcher.made == [dict(lang="fr", rate=None, voice=None, autospawn=False)]  # Orca's daemon: never spawned


def test_auto_without_a_screen_reader_uses_a_running_speech_dispatcher():
    FakeDispatcher.made.clear()
    speaker, said = choose("auto", "en", screen_reader_running=lambda: False, reads_terminal=lambda: None,
                           speechd=FakeDispatcher, system="Linux")
    assert isinstance(speaker, FakeDispatcher) and said == "Speech: through Speech Dispatcher, no screen reader running."
    assert FakeDispatcher.made[0]["autospawn"] is False


@pytest.mark.parametrize(("spec", "module", "sentence"), [
    ("speechd", None, "Parole : par Speech Dispatcher."),
    ("speechd:espeak-ng", "espeak-ng", "Parole : par Speech Dispatcher, module de sortie espeak-ng."),
])
def test_speechd_by_name_with_its_module_and_rate(spec, module, sentence):
    FakeDispatcher.made.clear()
    speaker, said = choose(spec, "fr", rate=250, speechd=FakeDispatcher)
    assert said == sentence
    assert FakeDispatcher.made == [dict(lang="fr", rate=250, voice=None, module=module, autospawn=True)]


@pytest.mark.parametrize(("lang", "sentence"), [
    ("fr", "Parole : texte seul, Speech Dispatcher indisponible : Speech Dispatcher n'est pas lancé."),
    ("en", "Speech: text only, Speech Dispatcher not available: Speech Dispatcher is not running."),
])
def test_speechd_by_name_not_running_is_text_only(lang, sentence):
    speaker, said = choose("speechd", lang)  # the real client, pointed at a private socket nobody listens on
    assert isinstance(speaker, SilentSpeaker) and said == sentence


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_backend_that_does_not_answer_is_dropped_with_one_sentence(lang):
    def hangs(*args, **kwargs):
        raise SpeechUnavailable("Speech Dispatcher does not answer", timed_out=True)

    speaker, said = choose("auto", lang, screen_reader_running=lambda: True, reads_terminal=lambda: None,
                           speechd=hangs, system="Linux")
    assert isinstance(speaker, SilentSpeaker)
    assert said == {"fr": "La synthèse vocale ne répond pas : le texte seul est utilisé.",
                    "en": "Speech synthesis does not answer: text only is used."}[lang]


def test_parse_speechd_module():
    assert parse("speechd") == ("speechd", None)
    assert parse(" speechd:pico ") == ("speechd", "pico")


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


@pytest.mark.parametrize("spec", ["", "loud", "wav", "wav:", "tts:x", "auto:", "speechd:"])
def test_malformed_spec_raises_value_error_in_the_language(spec):
    with pytest.raises(ValueError) as english:
        choose(spec, "en")
    with pytest.raises(ValueError) as french:
        choose(spec, "fr")
    assert str(english.value) != str(french.value)
    assert "wav" in str(french.value)


def test_choose_prints_nothing(no_engine, capfd):
    for spec in ("auto", "screenreader", "speechd", "tts", "none"):
        choose(spec, "fr")
    assert capfd.readouterr() == ("", "")
