"""Earcons: the generated WAVs measured with sox, and where they are heard (the built-in voice, WAV files).

The sounds are made by companion/earcons.py from companion/data/earcons.toml,
into a private folder per test session; sox's ``--i`` and ``stat`` measure
them, and the built-in voice's own output (what its player is fed, and the
WAV files of ``--speech wav:DIR``) is compared with them sample for sample.
"""

from __future__ import annotations

import itertools
import hashlib
import os
import shutil
import subprocess
import tomllib
import sys
from pathlib import Path

import pytest

from companion import earcons
from companion.announce import Utterance
from companion.speech import RecordingSpeaker, SpeechOutput, TtsSpeaker, WavSpeaker, espeak
from companion.speech import audio
from tests.audio_helpers import stat

pytestmark = pytest.mark.skipif(shutil.which("sox") is None or shutil.which("espeak-ng") is None,
                                reason="sox or espeak-ng is not installed (make setup installs them)")

PLAY = Utterance("7, rouge.", "fr", "card_played")
LIFE = Utterance("Ana perd une vie : 2 vies.", "fr", "life_lost")
PLAIN = Utterance("Pioche : 25 cartes.", "fr", "status")


@pytest.fixture(scope="module")
def sounds(tmp_path_factory) -> earcons.Earcons:
    made = earcons.load(folder=tmp_path_factory.mktemp("earcons"))
    assert made.make()
    return made


def seconds(path: Path) -> float:
    result = subprocess.run(["sox", "--i", "-D", str(path)], capture_output=True, text=True, check=True, timeout=30)
    return float(result.stdout)


def test_every_earcon_is_short_loud_enough_and_distinct_from_the_others(sounds):
    assert set(sounds.sounds) == {"play", "refusal", "error", "life", "round", "game"}
    measured = {}
    for kind in sounds.sounds:
        path = sounds.file(kind)
        assert path is not None and path.name == f"companion-{kind}.wav"
        info = subprocess.run(["sox", "--i", str(path)], capture_output=True, text=True, check=True, timeout=30).stdout
        assert "Channels       : 1" in info and "Sample Rate    : 22050" in info and "16-bit" in info
        figures = stat(path)
        assert 0.05 <= seconds(path) <= 0.25  # short: never holds the sentence up
        assert figures["RMS amplitude"] > 0.1  # not silent
        measured[kind] = (seconds(path), figures["Rough frequency"])
    for (a, (da, fa)), (b, (db, fb)) in itertools.combinations(measured.items(), 2):
        # told apart by length (20 ms or more) or pitch (10 % or more)
        assert abs(da - db) >= 0.02 or abs(fa - fb) >= 0.1 * max(fa, fb), (a, b, measured)


def test_the_files_are_made_once_and_remade_when_the_recipe_changes(tmp_path):
    recipe = tmp_path / "earcons.toml"
    recipe.write_text(earcons.DATA.read_text())
    folder = tmp_path / "made"
    first = earcons.load(recipe, folder)
    assert first.file("play") is not None
    stamp = (folder / "companion-play.wav").stat().st_mtime_ns
    again = earcons.parse(tomllib.loads(recipe.read_text()), folder,
                          hashlib.sha256(recipe.read_bytes()).hexdigest())
    assert again.file("play") is not None and (folder / "companion-play.wav").stat().st_mtime_ns == stamp  # kept
    changed = earcons.parse(tomllib.loads(recipe.read_text().replace('hz = "880"', 'hz = "990"')),
                            folder, "another recipe")
    assert changed.file("play") is not None
    assert stat(folder / "companion-play.wav")["Rough frequency"] > 950  # remade from the new recipe


def test_a_recipe_too_long_or_naming_an_unknown_earcon_is_refused():
    with pytest.raises(earcons.EarconError, match="at most 0.25"):
        earcons.parse({"sounds": {"long": {"tones": [{"wave": "sine", "hz": "440", "seconds": 0.3}]}}}, Path("x"))
    with pytest.raises(earcons.EarconError, match="unknown earcons: boom"):
        earcons.parse({"sounds": {}, "events": {"card_played": "boom"}}, Path("x"))


def test_the_mapping_derives_the_kind_from_event_names_and_marks_the_important_ones(sounds):
    kinds = {event: sounds.for_event(event) for event in ("card_played", "error", "error_called", "life_lost",
                                                          "round_ended", "game_over", "status")}
    assert {e: (k.kind if k else None) for e, k in kinds.items()} == {
        "card_played": "play", "error": "refusal", "error_called": "error", "life_lost": "life",
        "round_ended": "round", "game_over": "game", "status": None}
    assert {e for e, k in kinds.items() if k and k.important} == {"error_called", "life_lost", "round_ended", "game_over"}
    # Mindbug's life_changed: the life sound for a life lost, none for a life gained
    assert sounds.for_event("life_changed", {"delta": -1}) is sounds.sounds["life"]
    assert sounds.for_event("life_changed", {"delta": 2}) is None and sounds.for_event("life_changed") is None


def test_without_sox_there_are_no_sounds_and_the_words_are_unchanged(tmp_path, monkeypatch):
    monkeypatch.setenv("PATH", str(tmp_path))  # no sox on it
    made = earcons.load(folder=tmp_path / "none")
    assert made.file("play") is None and made.pcm("play") == b""
    output = SpeechOutput(RecordingSpeaker(), "fr", sounds="only", earcons=made)
    output.send(PLAY)
    assert output.speaker.said == [("7, rouge.", False)]  # type: ignore[attr-defined]


def words_of(text: str) -> bytes:
    return audio.samples(espeak.synthesize(text, "fr"))


def test_a_play_written_by_the_built_in_voice_starts_with_its_earcon(tmp_path, sounds):
    speaker = WavSpeaker(tmp_path / "wav", "fr")
    output = SpeechOutput(speaker, "fr", earcons=sounds)
    for utterance in (PLAY, LIFE, PLAIN):
        output.send(utterance)
    play, life, plain = (audio.samples(path.read_bytes()) for path in speaker.files)
    earcon = sounds.pcm("play")
    gap = b"\0" * (int(audio.GAP * audio.RATE) * audio.WIDTH)
    assert play == earcon + gap + words_of("7, rouge.")  # the earcon, a short gap, then the words
    assert life.startswith(sounds.pcm("life")) and life.endswith(words_of("Ana perd une vie : 2 vies."))
    assert plain == words_of("Pioche : 25 cartes.")  # no earcon for a status
    assert stat(speaker.files[0])["Length (seconds)"] == pytest.approx(
        len(play) / (2 * audio.RATE), abs=0.001)  # the header tells the true length


def test_sounds_off_writes_the_words_alone_and_only_writes_the_sound_alone_for_a_play(tmp_path, sounds):
    off = WavSpeaker(tmp_path / "off", "fr")
    SpeechOutput(off, "fr", sounds="off", earcons=sounds).send(PLAY)
    assert audio.samples(off.files[0].read_bytes()) == words_of("7, rouge.")
    only = WavSpeaker(tmp_path / "only", "fr")
    output = SpeechOutput(only, "fr", sounds="only", earcons=sounds)
    output.send(PLAY)
    output.send(LIFE)
    assert audio.samples(only.files[0].read_bytes()) == sounds.pcm("play")  # no words for a plain play
    assert seconds(only.files[0]) <= 0.25
    life = audio.samples(only.files[1].read_bytes())
    assert life.startswith(sounds.pcm("life")) and len(life) > len(sounds.pcm("life")) * 3  # a life still speaks


def test_the_streaming_voice_feeds_its_player_the_earcon_first(tmp_path, sounds):
    fed = tmp_path / "fed.wav"
    speaker = TtsSpeaker("fr", player=["sh", "-c", f"cat > {fed}"])
    try:
        SpeechOutput(speaker, "fr", earcons=sounds).send(PLAY)
        assert speaker.wait(timeout=20)
    finally:
        speaker.close()
    data = fed.read_bytes()
    assert data[:4] == b"RIFF" and audio.samples(data).startswith(sounds.pcm("play"))
    assert audio.samples(data).endswith(words_of("7, rouge."))


def test_companion_play_the_void_with_wav_speech_gives_each_event_its_earcon(tmp_path, sounds):
    env = {**os.environ, "COMPANION_DATA_DIR": str(tmp_path / "data"), "COMPANION_EARCONS": str(sounds.folder)}

    def run(sounds_flag: str) -> tuple[list[str], list[bytes]]:
        folder = tmp_path / sounds_flag
        result = subprocess.run(
            [sys.executable, "-m", "companion", "play", "the-void", "--lang", "en", "--speech", f"wav:{folder}",
             "--braille", "none", "--sounds", sounds_flag], input="7\nbogus\n", capture_output=True, text=True,
            env=env, timeout=120)
        assert result.returncode == 0 and result.stderr == ""
        return result.stdout.splitlines(), [audio.samples(p.read_bytes()) for p in sorted(folder.glob("*.wav"))]

    lines, files = run("on")
    assert lines[2:] == ["7.", "Unknown command: bogus. Type help for the commands."]
    assert len(files) == len(lines) == 4  # each line spoken once; no notice: the voice asked for works
    assert not any(f.startswith(sounds.pcm(kind)) for f in files[:2] for kind in sounds.sounds)  # the set-up: none
    assert files[2].startswith(sounds.pcm("play")) and files[3].startswith(sounds.pcm("refusal"))
    _, only = run("only")
    assert only[2] == sounds.pcm("play")  # the play is its sound alone
    assert only[3].startswith(sounds.pcm("refusal")) and len(only[3]) > len(files[2])  # a refusal keeps its words
    _, off = run("off")
    en_words = audio.samples(espeak.synthesize("7.", "en"))
    assert off[2] == en_words  # the words alone


def test_an_unknown_sounds_value_is_refused():
    with pytest.raises(ValueError):
        SpeechOutput(RecordingSpeaker(), "fr", sounds="loud")
    result = subprocess.run([sys.executable, "-m", "companion", "play", "the-void", "--sounds", "loud"],
                            input="", capture_output=True, text=True, timeout=60)
    assert result.returncode == 2 and "--sounds" in result.stderr


@pytest.mark.parametrize("damage", ["grown", "header", "garbage"])
def test_a_cached_file_of_the_wrong_size_or_not_a_wav_is_made_again(tmp_path, damage):
    """Issue 32: cached sounds were never checked (a 300 MB file made each card played a 300 MB WAV)."""
    import wave

    recipe = tmp_path / "earcons.toml"
    recipe.write_text(earcons.DATA.read_text())
    folder = tmp_path / "made"
    digest = hashlib.sha256(recipe.read_bytes()).hexdigest()
    assert earcons.parse(tomllib.loads(recipe.read_text()), folder, digest).file("play") is not None
    path = folder / "companion-play.wav"
    good = path.read_bytes()
    if damage == "grown":
        path.write_bytes(good + b"\0" * 3_000_000)
    elif damage == "header":
        with wave.open(str(path), "wb") as stream:
            stream.setnchannels(1)
            stream.setsampwidth(earcons.WIDTH)
            stream.setframerate(earcons.RATE)
            stream.writeframes(b"\0" * 3_000_000)
    else:
        path.write_bytes(b"not a sound at all")
    again = earcons.parse(tomllib.loads(recipe.read_text()), folder, digest)
    assert again.file("play") == path and path.stat().st_size == len(good)  # made again (sox dithers: not byte for byte)
    assert len(again.pcm("play")) == len(good) - 44
