"""The espeak-ng voice really speaks: WAV files measured with sox, no mock of the engine."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.speech import WavSpeaker, espeak
from tests.audio_helpers import stat

FRENCH = "Thanos perd une vie : retirez un rubis. Il en reste trois."
LONG_FRENCH = FRENCH + " Le joueur suivant pioche deux cartes, puis la partie continue jusqu'au prochain combat."


def one_wav(tmp_path: Path, text: str, lang: str, **options) -> Path:
    speaker = WavSpeaker(tmp_path / f"{lang}-{len(list(tmp_path.iterdir()))}", lang, **options)
    speaker.say(text)
    assert len(speaker.files) == 1
    return speaker.files[0]


def test_french_sentence_is_not_silent(tmp_path):
    figures = stat(one_wav(tmp_path, FRENCH, "fr"))
    assert figures["RMS amplitude"] > 0.02
    assert figures["Length (seconds)"] > 1.0


def test_duration_grows_with_text(tmp_path):
    short = stat(one_wav(tmp_path, FRENCH, "fr"))["Length (seconds)"]
    long = stat(one_wav(tmp_path, LONG_FRENCH, "fr"))["Length (seconds)"]
    assert long > short * 1.5


def test_french_and_english_use_different_voices(tmp_path):
    assert espeak.voice_for("fr") == "roa/fr"
    assert espeak.voice_for("en") == "en"
    text = "Bonjour, voici la carte suivante."
    french = one_wav(tmp_path, text, "fr").read_bytes()
    english = one_wav(tmp_path, text, "en").read_bytes()
    assert french != english
    # and the difference is the voice, not noise: the same voice gives the same audio
    assert one_wav(tmp_path, text, "fr").read_bytes() == french


def test_rate_and_voice_options(tmp_path):
    normal = stat(one_wav(tmp_path, FRENCH, "fr"))["Length (seconds)"]
    fast = stat(one_wav(tmp_path, FRENCH, "fr", rate=350))["Length (seconds)"]
    assert fast < normal * 0.7
    plain = one_wav(tmp_path, FRENCH, "fr").read_bytes()
    variant = one_wav(tmp_path, FRENCH, "fr", voice="roa/fr+f3").read_bytes()
    assert plain != variant


def test_numbered_files_continue_after_existing(tmp_path):
    folder = tmp_path / "sons"
    first = WavSpeaker(folder, "fr")
    first.say("Un.")
    first.say("   ")  # nothing to say, no file
    first.say("Deux.")
    second = WavSpeaker(folder, "fr")
    second.say("Trois.")
    assert sorted(p.name for p in folder.iterdir()) == ["0001.wav", "0002.wav", "0003.wav"]
    assert second.files == [folder / "0003.wav"]


def test_text_starting_with_a_dash_is_spoken_not_parsed(tmp_path):
    figures = stat(one_wav(tmp_path, "-v en -s 80 moins deux", "fr"))
    assert figures["RMS amplitude"] > 0.02


def test_unknown_voice_is_unavailable(tmp_path):
    from companion.speech import SpeechUnavailable

    with pytest.raises(SpeechUnavailable, match="nosuchvoice"):
        WavSpeaker(tmp_path, "fr", voice="nosuchvoice")


def test_nothing_reaches_the_terminal(tmp_path, capfd):
    speaker = WavSpeaker(tmp_path / "w", "en")
    speaker.say("Nothing printed.")
    speaker.close()
    assert capfd.readouterr() == ("", "")
