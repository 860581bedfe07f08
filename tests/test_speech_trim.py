"""espeak-ng's silence around the words is cut before it is played: real audio, measured with sox.

espeak-ng ends every text with about 0.3 s of silence (and starts it with
12 ms or more); the built-in voice and ``wav:DIR`` files end a short tail
after the last voiced sample instead, the words whole and the earcon still
first. sox's ``silence`` effect (not our code) finds the voiced part:
``reverse silence 1 0 -50d reverse`` drops what follows the last sample above
-50 dB, ``silence 1 0 -50d`` what precedes the first.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion import earcons
from companion.announce import Utterance
from companion.speech import SpeechOutput, TtsSpeaker, WavSpeaker, audio, espeak, nullplayer, trim
from tests.daemons import no_session_daemons

needs_audio = pytest.mark.skipif(shutil.which("sox") is None or shutil.which("espeak-ng") is None,
                                 reason="sox or espeak-ng is not installed (make setup installs them)")
__all__ = ["no_session_daemons"]

SENTENCES = [("7 rouge.", "fr"), ("Ana perd une vie : il lui en reste 2.", "fr"), ("Erreur ?", "fr"),
             ("7 red.", "en"), ("Round 2: Bo starts, 3 errors allowed.", "en")]
#: The issue's bound: the file ends within this of its last voiced sample.
WITHIN = 0.06


def seconds(path: Path) -> float:
    result = subprocess.run(["sox", "--i", "-D", str(path)], capture_output=True, text=True, check=True, timeout=30)
    return float(result.stdout)


def voiced_end(path: Path, tmp: Path) -> float:
    """Seconds from the start of ``path`` to its last sample above -50 dB (sox)."""
    out = tmp / f"end-{path.name}"
    subprocess.run(["sox", str(path), str(out), "reverse", "silence", "1", "0", "-50d", "reverse"],
                   check=True, timeout=30, capture_output=True)
    return seconds(out)


def voiced_length(path: Path, tmp: Path) -> float:
    """Seconds from the first to the last sample above -50 dB (sox)."""
    out = tmp / f"voiced-{path.name}"
    subprocess.run(["sox", str(path), str(out), "silence", "1", "0", "-50d", "reverse", "silence", "1", "0", "-50d",
                    "reverse"], check=True, timeout=30, capture_output=True)
    return seconds(out)


def written(tmp_path: Path, name: str, wav: bytes) -> Path:
    path = tmp_path / name
    path.write_bytes(wav)
    return path


@needs_audio
@pytest.mark.parametrize(("text", "lang"), SENTENCES)
def test_a_sentence_ends_just_after_its_last_voiced_sample_with_its_words_whole(tmp_path, text, lang):
    speaker = WavSpeaker(tmp_path / "wav", lang)
    speaker.say(text)
    (path,) = speaker.files
    raw = written(tmp_path, "raw.wav", audio.wav(audio.samples(espeak.synthesize(text, lang, untrimmed=True))))
    assert seconds(raw) - voiced_end(raw, tmp_path) > 0.25  # espeak-ng's own pause: what is cut
    assert 0 <= seconds(path) - voiced_end(path, tmp_path) <= WITHIN
    assert 0 <= voiced_end(path, tmp_path) - voiced_length(path, tmp_path) <= 0.01  # before the words: a short lead
    assert voiced_length(path, tmp_path) == pytest.approx(voiced_length(raw, tmp_path), abs=1 / audio.RATE)
    # and the words are espeak-ng's own samples, none changed: the file is a part of the untrimmed audio
    assert audio.samples(path.read_bytes()) in audio.samples(raw.read_bytes())


@needs_audio
def test_synthesize_gives_what_the_wav_files_hold(tmp_path):
    speaker = WavSpeaker(tmp_path / "wav", "fr")
    speaker.say("8 bleu.")
    assert audio.samples(speaker.files[0].read_bytes()) == audio.samples(espeak.synthesize("8 bleu.", "fr"))


@pytest.fixture(scope="module")
def sounds(tmp_path_factory) -> earcons.Earcons:
    made = earcons.load(folder=tmp_path_factory.mktemp("earcons"))
    assert made.make()
    return made


@needs_audio
@pytest.mark.usefixtures("no_session_daemons")
def test_the_built_in_voice_plays_the_earcon_first_the_words_trimmed_as_the_wav_file_holds(tmp_path, sounds):
    play = Utterance("7, rouge.", "fr", "card_played")
    folder = tmp_path / "heard"
    folder.mkdir()
    player = ["sh", "-c", f'tee "{folder}/played.wav" | ' + " ".join(f"'{a}'" for a in nullplayer.command())]
    voice = TtsSpeaker("fr", rate=450, player=player)
    output = SpeechOutput(voice, "fr", earcons=sounds)
    try:
        output.send(play)
        assert voice.wait(timeout=30)
    finally:
        output.close()
    files = WavSpeaker(tmp_path / "wav", "fr", rate=450)
    SpeechOutput(files, "fr", earcons=sounds).send(play)
    played = audio.samples((folder / "played.wav").read_bytes())
    assert played.startswith(sounds.pcm("play") + audio.gap())
    assert played == audio.samples(files.files[0].read_bytes())
    whole = written(tmp_path, "whole.wav", audio.wav(played))
    assert 0 <= seconds(whole) - voiced_end(whole, tmp_path) <= WITHIN


# --------------------------------------------------------------------------- the trimmer alone


def pcm(values: list[int]) -> bytes:
    return b"".join(v.to_bytes(2, "little", signed=True) for v in values)


quiet = st.integers(-trim.THRESHOLD, trim.THRESHOLD)
loud = st.integers(trim.THRESHOLD + 1, 32767) | st.integers(-32768, -trim.THRESHOLD - 1)


@given(st.lists(st.lists(quiet, max_size=40) | st.lists(loud, min_size=1, max_size=5), max_size=12),
       st.lists(st.integers(1, 97), min_size=1, max_size=20))
def test_any_chunking_gives_the_samples_from_the_first_to_the_last_voiced_one_with_a_short_lead_and_tail(runs, sizes):
    values = [v for run in runs for v in run]
    data = pcm(values)
    short = {"tail": 10 / audio.RATE, "lead": 3 / audio.RATE}
    trimming = trim.SilenceTrim(**short)
    out, at, turn = b"", 0, 0
    while at < len(data):  # odd sizes too: a pipe cuts samples in half
        size = sizes[turn % len(sizes)]
        out += trimming.feed(data[at:at + size])
        at, turn = at + size, turn + 1
    out += trimming.end()
    loud = [i for i, v in enumerate(values) if abs(v) > trim.THRESHOLD]
    if not loud:
        assert out == b""  # nothing voiced: nothing to hear
    else:
        assert out == data[max(0, loud[0] - 3) * 2:min(len(values), loud[-1] + 1 + 10) * 2]
    assert out == trim.trimmed(data, **short)


def test_voiced_samples_go_out_at_once_only_the_quiet_after_them_waits():
    trimming = trim.SilenceTrim(lead=1 / audio.RATE)
    assert trimming.feed(pcm([0, 0, 0, 900, 0, 0])) == pcm([0, 900])
    assert trimming.feed(pcm([0] * 3)) == b""  # maybe the end: held
    assert trimming.feed(pcm([-700, 0])) == pcm([0, 0, 0, 0, 0, -700])  # a pause between words: all of it plays
    assert trimming.end() == pcm([0])
