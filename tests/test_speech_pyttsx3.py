"""The pyttsx3 voice: real pyttsx3 (espeak driver) measured with sox, its worker
thread, silence on the terminal, and its place in choose().

This machine has no sound card, so real speech is checked through
``synthesize_to`` (the worker writes a WAV file with the engine), and playback
through fake ``aplay`` commands on PATH. Dropping queued sentences is observed
with a fake engine.
"""

from __future__ import annotations

import os
import sys
import threading
import time
from pathlib import Path

import pytest

from companion.speech import Pyttsx3Speaker, SilentSpeaker, SpeechUnavailable, choose, espeak
from companion.speech import pyttsx3_voice
from tests.audio_helpers import stat
from tests.daemons import no_session_daemons

pytestmark = pytest.mark.usefixtures("no_session_daemons")  # no daemon of the user's session is reached
__all__ = ["no_session_daemons"]

FRENCH = "Thanos perd une vie : retirez un rubis. Il en reste trois."
LONG = "Le joueur suivant pioche deux cartes et perd une vie, il lui reste trois rubis maintenant."


@pytest.fixture
def speakers():
    """Makes real speakers and closes them all: pyttsx3 keeps one engine per process."""
    made: list[Pyttsx3Speaker] = []

    def make(*args, **kwargs) -> Pyttsx3Speaker:
        speaker = Pyttsx3Speaker(*args, **kwargs)
        made.append(speaker)
        return speaker

    yield make
    for speaker in made:
        speaker.close()


def fake_aplay(tmp_path: Path, monkeypatch, body: str) -> Path:
    """Puts a fake ``aplay`` first on PATH; returns its log file."""
    folder = tmp_path / "bin"
    folder.mkdir(exist_ok=True)
    log = tmp_path / "aplay.log"
    script = folder / "aplay"
    script.write_text(
        f"#!{sys.executable}\nimport os, sys, time\nlog = open({str(log)!r}, 'a')\n"
        "log.write(f'start {os.getpid()} {time.monotonic()}\\n'); log.flush()\n" + body + "\n"
    )
    script.chmod(0o755)
    monkeypatch.setenv("PATH", f"{folder}{os.pathsep}{os.environ['PATH']}")
    return log


# -- real pyttsx3 -----------------------------------------------------------------


def test_french_audio_is_spoken_in_full_and_differs_from_english(tmp_path, speakers):
    french = speakers("fr")
    assert (french.driver, french.voice) == ("espeak", "roa/fr")
    path = french.synthesize_to(tmp_path / "fr.wav", FRENCH)
    figures = stat(path)
    assert figures["RMS amplitude"] > 0.02
    # the whole sentence, not cut short: as long as the espeak-ng command's own audio
    command = tmp_path / "command.wav"
    command.write_bytes(espeak.synthesize(FRENCH, "fr"))
    assert figures["Length (seconds)"] > 0.95 * stat(command)["Length (seconds)"]
    french.close()
    english = speakers("en")
    assert english.voice == "gmw/en"
    other = english.synthesize_to(tmp_path / "en.wav", FRENCH)
    assert stat(other)["RMS amplitude"] > 0.02
    assert other.read_bytes() != path.read_bytes()


def test_a_busy_espeak_thread_neither_cancels_the_settings_nor_ends_the_sentence_early(tmp_path, monkeypatch, speakers):
    """pyttsx3's runAndWait calls the driver's stop, which cancels espeak whenever espeak's
    command thread looks busy, as it does for a moment after each queued setting: the rate
    was dropped (the sentence came out at the driver's 200 words per minute) or the file was
    never written. Here the thread looks busy every time the driver asks: nothing changes."""
    low = pytest.importorskip("pyttsx3.drivers._espeak")
    real = low.IsPlaying
    monkeypatch.setattr(low, "IsPlaying", lambda: 1 if sys._getframe(1).f_code.co_name == "stop" else real())
    french = speakers("fr")
    for name in ("a.wav", "b.wav"):
        path = french.synthesize_to(tmp_path / name, FRENCH)
        command = tmp_path / "command.wav"
        command.write_bytes(espeak.synthesize(FRENCH, "fr"))
        assert stat(path)["Length (seconds)"] > 0.95 * stat(command)["Length (seconds)"]


def test_rate_is_words_per_minute_and_one_engine_at_a_time(tmp_path, speakers):
    first = speakers("fr")
    normal = stat(first.synthesize_to(tmp_path / "n.wav", FRENCH))["Length (seconds)"]
    # pyttsx3 shares one engine per process: a second live speaker is refused, not given it
    with pytest.raises(SpeechUnavailable, match="already in use"):
        Pyttsx3Speaker("fr")
    first.close()
    fast = stat(speakers("fr", rate=350).synthesize_to(tmp_path / "f.wav", FRENCH))["Length (seconds)"]
    assert fast < normal * 0.7


def test_say_returns_at_once_and_never_raises_without_sound(tmp_path, speakers):
    speaker = speakers("fr")
    before = time.monotonic()
    speaker.say(LONG)
    speaker.say(FRENCH)
    assert time.monotonic() - before < 0.02
    assert speaker.wait(timeout=10)
    try:
        pyttsx3_voice.aplay_works()
        sound = True
    except SpeechUnavailable:
        sound = False
    # no sound card here: the broken player is noticed and reported on the next say
    assert (speaker.failure is None) == sound
    if not sound:
        with pytest.raises(SpeechUnavailable, match="stopped working"):
            speaker.say("Encore.")
    # a file can still be written after saying (the driver forgets the last file)
    assert stat(speaker.synthesize_to(tmp_path / "after.wav", "Encore une phrase."))["RMS amplitude"] > 0.02


def test_nothing_reaches_the_terminal(tmp_path, monkeypatch, speakers, capfd):
    noisy = "print('ALSA lib pcm.c: cannot find card 0'); print('aplay: audio open error', file=sys.stderr); sys.exit(1)"
    log = fake_aplay(tmp_path, monkeypatch, noisy)
    speaker = speakers("en")
    speaker.synthesize_to(tmp_path / "x.wav", "Nothing printed.")  # pyttsx3 prints "Audio saved to …"
    speaker.say("Nothing printed either.")
    assert speaker.wait(timeout=10)
    speaker.close()
    assert log.read_text().count("start") == 1  # the player did run
    assert capfd.readouterr() == ("", "")
    assert speaker.failure is not None  # and its failure is not swallowed


def test_stop_kills_the_player_of_the_espeak_driver(tmp_path, monkeypatch, speakers):
    log = fake_aplay(tmp_path, monkeypatch, "time.sleep(5)")
    speaker = speakers("fr")
    speaker.say(LONG)
    speaker.say("Jamais entendu.")
    deadline = time.monotonic() + 5
    while "start" not in (log.read_text() if log.exists() else ""):
        assert time.monotonic() < deadline
        time.sleep(0.005)
    asked = time.monotonic()
    speaker.stop()
    assert speaker.wait(timeout=2)
    assert time.monotonic() - asked < 0.5
    time.sleep(0.1)
    assert log.read_text().count("start") == 1  # the queued sentence was dropped
    pid = int(log.read_text().split()[1])
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)
    assert speaker.failure is None  # a stop is not a failure


# -- the worker, through a fake engine ------------------------------------------------


class Voice:
    def __init__(self, id: str, languages: list, name: str = "") -> None:
        self.id, self.languages, self.name = id, languages, name or id


class FakeEngine:
    """Like a pyttsx3 engine on SAPI5/NSSpeech: words are reported while speaking."""

    driver_name = "fake"

    def __init__(self, voices: list[Voice] | None = None) -> None:
        self.voices = voices if voices is not None else [
            Voice("com.apple.voice.compact.en-US.Samantha", ["en_US"]),
            Voice("com.apple.speech.synthesis.voice.thomas", ["fr_FR"]),
        ]
        self.properties: dict[str, object] = {}
        self.said: list[str] = []
        self.callbacks: dict[str, list] = {}
        self.stop_threads: list[str] = []
        self.threads: set[str] = set()
        self.release = threading.Event()
        self._stopped = False

    def _touch(self) -> None:
        self.threads.add(threading.current_thread().name)

    def getProperty(self, name):
        self._touch()
        return self.voices if name == "voices" else self.properties.get(name)

    def setProperty(self, name, value):
        self._touch()
        self.properties[name] = value

    def connect(self, topic, callback):
        self._touch()
        self.callbacks.setdefault(topic, []).append(callback)

    def say(self, text):
        self._touch()
        self.said.append(text)
        self._pending = True

    def stop(self):
        self.stop_threads.append(threading.current_thread().name)
        self._stopped = True

    def runAndWait(self):
        self._touch()
        if not getattr(self, "_pending", False):
            return
        self._pending, self._stopped = False, False
        for callback in self.callbacks.get("started-utterance", []):
            callback(name=None)
        while not self._stopped and not self.release.is_set():
            for callback in self.callbacks.get("started-word", []):
                callback(name=None, location=0, length=1)
            time.sleep(0.005)


def wait_until(predicate, timeout: float = 3.0) -> None:
    deadline = time.monotonic() + timeout
    while not predicate():
        assert time.monotonic() < deadline
        time.sleep(0.002)


def test_stop_drops_queued_sentences_and_stops_the_engine_in_its_own_thread():
    engine = FakeEngine()
    speaker = Pyttsx3Speaker("fr", rate=1000, engine_factory=lambda: engine)
    try:
        assert speaker.voice == "com.apple.speech.synthesis.voice.thomas"
        assert engine.properties == {"voice": speaker.voice, "rate": espeak.MAX_RATE}
        before = time.monotonic()
        for text in ("Un.", "Deux.", "Trois."):
            speaker.say(text)
        assert time.monotonic() - before < 0.02
        wait_until(lambda: engine.said == ["Un."])
        speaker.stop()
        assert speaker.wait(timeout=2)
        time.sleep(0.05)
        assert engine.said == ["Un."]
        assert engine.stop_threads == ["speech-pyttsx3"]
        assert engine.threads == {"speech-pyttsx3"}  # only the worker ever touched the engine
        speaker.say("Quatre.")
        speaker.say("Cinq.")
        wait_until(lambda: engine.said == ["Un.", "Quatre."])
        speaker.say("Six.", interrupt=True)
        wait_until(lambda: engine.said == ["Un.", "Quatre.", "Six."])
        engine.release.set()
        assert speaker.wait(timeout=2)
        assert engine.said == ["Un.", "Quatre.", "Six."]
        assert len(engine.stop_threads) == 2
    finally:
        engine.release.set()
        speaker.close()


ZIRA, HORTENSE = r"HKEY\Tokens\TTS_MS_EN-US_ZIRA_11.0", r"HKEY\Tokens\TTS_MS_FR-FR_HORTENSE_11.0"


@pytest.mark.parametrize(
    ("voices", "lang", "expected"),
    [
        ([Voice(ZIRA, ["en-US"]), Voice(HORTENSE, ["fr-FR"])], "fr", HORTENSE),
        ([Voice(HORTENSE, []), Voice(ZIRA, [])], "en", ZIRA),
        ([Voice("v1", ["409"]), Voice("v2", ["40C"])], "fr", "v2"),
        ([Voice("com.apple.voice.Fred", ["en_US"])], "fr", None),  # no French voice: the default
        ([Voice("com.apple.voice.French", ["frr"])], "fr", None),  # "fr" must be a whole word
    ],
)
def test_voice_by_language(voices, lang, expected):
    speaker = Pyttsx3Speaker(lang, engine_factory=lambda: FakeEngine(voices))
    speaker.close()
    assert speaker.voice == expected


def test_unavailable_at_construction(monkeypatch):
    def broken():
        raise RuntimeError("no COM")

    with pytest.raises(SpeechUnavailable, match="pyttsx3 does not start: no COM"):
        Pyttsx3Speaker("fr", engine_factory=broken)
    with pytest.raises(SpeechUnavailable) as caught:
        Pyttsx3Speaker("fr", engine_factory=lambda: FakeEngine([]))
    assert caught.value.reason == "pyttsx3 has no voice"
    with pytest.raises(SpeechUnavailable, match="the voice Zoe does not exist"):
        Pyttsx3Speaker("fr", voice="Zoe", engine_factory=FakeEngine)
    monkeypatch.setitem(sys.modules, "pyttsx3", None)  # import fails
    with pytest.raises(SpeechUnavailable) as caught:
        Pyttsx3Speaker("fr")
    assert caught.value.reason == "pyttsx3 is not installed"


def test_unknown_espeak_voice_is_unavailable():
    with pytest.raises(SpeechUnavailable, match="nosuchvoice"):
        Pyttsx3Speaker("fr", voice="nosuchvoice")


# -- choose() ------------------------------------------------------------------------


def no_streaming(lang, rate, voice):
    raise SpeechUnavailable("espeak-ng is not installed")


def must_not_run():
    raise AssertionError("the aplay check runs on Linux only")


def test_choose_picks_pyttsx3_on_linux_without_espeak_ng_and_warns_of_lag(capfd):
    speaker, said = choose("auto", "fr", streaming=no_streaming, audio_output=lambda: None, system="Linux")
    try:
        assert isinstance(speaker, Pyttsx3Speaker)
        assert speaker.voice == "roa/fr"
        assert said == "Parole : voix intégrée par pyttsx3, aucun lecteur d'écran lancé ; elle peut tarder à s'interrompre."
    finally:
        speaker.close()
    speaker, said = choose("tts", "en", streaming=no_streaming, audio_output=lambda: None, system="Linux")
    speaker.close()
    assert said == "Speech: built-in voice through pyttsx3; interrupting it may lag."
    assert capfd.readouterr() == ("", "")


def test_choose_pyttsx3_elsewhere_needs_no_aplay():
    speaker, said = choose("auto", "en", streaming=no_streaming, audio_output=must_not_run, system="Windows",
                           pyttsx3=lambda *a: Pyttsx3Speaker(*a, engine_factory=FakeEngine))
    speaker.close()
    assert isinstance(speaker, Pyttsx3Speaker)
    assert speaker.voice == "com.apple.voice.compact.en-US.Samantha"
    assert said == "Speech: built-in voice through pyttsx3, no screen reader running."


def test_streaming_voice_comes_first():
    class Streaming:
        name = "tts"

        def close(self):
            pass

    def never(*args):
        raise AssertionError("pyttsx3 tried although the streaming voice works")

    speaker, said = choose("auto", "en", streaming=lambda *a: Streaming(), pyttsx3=never, system="Linux")
    assert isinstance(speaker, Streaming)
    assert said == "Speech: built-in voice, no screen reader running."


def test_choose_falls_back_to_text_when_neither_works():
    def no_audio():
        raise SpeechUnavailable("no audio output was found")

    def no_pyttsx3(*args):
        raise SpeechUnavailable("pyttsx3 has no voice")

    # Linux: no sound for aplay, so pyttsx3 is not even tried; the streaming voice's reason is said
    speaker, said = choose("auto", "fr", streaming=no_streaming, audio_output=no_audio, pyttsx3=must_not_run, system="Linux")
    assert isinstance(speaker, SilentSpeaker)
    assert said == "Parole : texte seul, aucun lecteur d'écran lancé et espeak-ng n'est pas installé."
    # elsewhere the reason is pyttsx3's: espeak-ng is not expected there
    speaker, said = choose("tts", "fr", streaming=no_streaming, pyttsx3=no_pyttsx3, system="Darwin")
    assert isinstance(speaker, SilentSpeaker)
    assert said == "Parole : texte seul, voix intégrée indisponible : pyttsx3 n'a aucune voix."
