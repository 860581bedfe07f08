"""Real time with the built-in voice: important sentences are never cut, newer plays supersede older ones.

The player is a real-time silent player (speech/nullplayer.py) behind ``tee``,
so each test keeps, file by file, exactly what the voice played (or began to
play before it was cut), and compares it with the audio espeak-ng makes for
each sentence.
"""

from __future__ import annotations

import shutil
import time
from pathlib import Path

import pytest

from companion import earcons
from companion.announce import Priority, Utterance
from companion.speech import SpeechOutput, TtsSpeaker, audio, espeak, nullplayer
from companion.speech.base import estimate
from tests.daemons import no_session_daemons

pytestmark = [pytest.mark.usefixtures("no_session_daemons"),
              pytest.mark.skipif(shutil.which("sox") is None or shutil.which("espeak-ng") is None,
                                 reason="sox or espeak-ng is not installed (make setup installs them)")]
__all__ = ["no_session_daemons"]

RATE = 450  # the fastest: the tests take a few seconds even in real time
PLAYS = [Utterance(f"{n}, rouge.", "fr", "card_played") for n in range(1, 11)]
LIFE = Utterance("Ana perd une vie : il lui reste 2 vies, et 3 erreurs sont encore permises.", "fr", "life_lost")
LONG = "Le joueur suivant pioche deux cartes et perd une vie, il lui reste trois rubis maintenant."


@pytest.fixture(scope="module")
def sounds(tmp_path_factory) -> earcons.Earcons:
    made = earcons.load(folder=tmp_path_factory.mktemp("earcons"))
    assert made.make()
    return made


def recording_player(folder: Path) -> list[str]:
    """A real-time player that also keeps what it is fed, one file per sentence, named in order."""
    folder.mkdir()
    return ["sh", "-c", f'tee "{folder}/$(date +%s%N).wav" | ' + " ".join(f"'{a}'" for a in nullplayer.command())]


def heard(folder: Path) -> list[bytes]:
    return [audio.samples(p.read_bytes()) for p in sorted(folder.glob("*.wav"))]


def expected(utterance: Utterance, sounds: earcons.Earcons) -> bytes:
    earcon = sounds.for_event(utterance.event)
    words = audio.samples(espeak.synthesize(utterance.text, utterance.lang, rate=RATE))
    return audio.joined(sounds.pcm(earcon.kind) if earcon else b"", words)


def voice(tmp_path: Path, sounds: earcons.Earcons, real_time: bool) -> tuple[SpeechOutput, TtsSpeaker, Path]:
    folder = tmp_path / "heard"
    speaker = TtsSpeaker("fr", rate=RATE, player=recording_player(folder))
    return SpeechOutput(speaker, "fr", earcons=sounds, real_time=real_time), speaker, folder


def test_a_burst_of_ten_plays_then_a_life_the_life_in_full_and_the_voice_one_play_behind_at_most(tmp_path, sounds):
    output, speaker, folder = voice(tmp_path, sounds, real_time=True)
    try:
        output.send(PLAYS[0])
        deadline = time.monotonic() + 10
        while not list(folder.glob("*.wav")):  # the first play is being said
            assert time.monotonic() < deadline, "the first play never started"
            time.sleep(0.005)
        # The burst comes faster than any play, as typed lines do: the voice's thread takes nothing from its queue
        # meanwhile (on a loaded machine it did, between two sends, and a play begun then was nearly done at the next).
        with speaker._cond:
            for play in PLAYS[1:]:
                output.send(play)
            output.send(LIFE)
        # measured at once: at most the play being made, the last play and the life (estimated from their words)
        play, life = output.spoken(PLAYS[-1]), output.spoken(LIFE)
        assert output.backlog() <= 2 * estimate(play.text, RATE, play.sound) + estimate(life.text, RATE, life.sound) + 0.01
        assert speaker.wait(timeout=60)
    finally:
        output.close()
    files = heard(folder)
    assert files[-1] == expected(LIFE, sounds)  # the life, in full, last
    assert files[-2] == expected(PLAYS[-1], sounds)  # the last play, in full, just before it
    full = [n for n, play in enumerate(PLAYS, 1) if expected(play, sounds) in files]
    # at most one play behind: besides the last, only the first (being said when the burst came) may be heard,
    # cut or, when nearly done, to its end; plays 2 to 9 never played
    assert full in ([10], [1, 10]) and len(files) <= 3
    if len(files) == 3:
        assert expected(PLAYS[0], sounds).startswith(files[0])


def test_without_real_time_every_play_is_queued_and_the_backlog_grows(tmp_path, sounds):
    output, speaker, folder = voice(tmp_path, sounds, real_time=False)
    try:
        for play in PLAYS[:5]:
            output.send(play)
        backlog = output.backlog()
        assert speaker.wait(timeout=60)
    finally:
        output.close()
    plays = [expected(play, sounds) for play in PLAYS[:5]]
    assert heard(folder) == plays  # all of them, in order: this is what real time prevents
    assert backlog > sum(audio.seconds(p) for p in plays[1:]) * 0.8  # measured: the whole queue


def test_a_new_line_never_cuts_an_important_sentence_but_escape_does(tmp_path, sounds):
    output, speaker, folder = voice(tmp_path, sounds, real_time=True)
    try:
        output.send(LIFE)
        output.send(Utterance(LONG, "fr"))  # an ordinary sentence waiting behind it
        deadline = time.monotonic() + 20
        while not list(folder.glob("*.wav")) and time.monotonic() < deadline:
            time.sleep(0.01)
        output.new_line()  # a line typed while the life is being said
        output.send(Utterance("Commande inconnue : bogus.", "fr", "error", priority=Priority.NOW))
        assert speaker.wait(timeout=60)
        first = heard(folder)
        output.send(LIFE)
        while len(list(folder.glob("*.wav"))) < 3 and time.monotonic() < deadline + 20:
            time.sleep(0.01)
        time.sleep(0.1)
        output.interrupt()  # Escape
        assert speaker.wait(timeout=10)
    finally:
        output.close()
    life = expected(LIFE, sounds)
    refusal = expected(Utterance("Commande inconnue : bogus.", "fr", "error"), sounds)
    assert first == [life, refusal]  # the life in full; the stale sentence behind it dropped; then the answer
    cut = heard(folder)[2]
    assert life.startswith(cut) and len(cut) < len(life)  # Escape silences even a life


@pytest.mark.parametrize("mode", ["on", "off"])
def test_a_player_typing_at_once_still_hears_the_set_up_in_full(tmp_path, sounds, mode):
    folder = tmp_path / "heard"
    speaker = TtsSpeaker("fr", rate=RATE, player=recording_player(folder))
    output = SpeechOutput(speaker, "fr", earcons=sounds, sounds=mode, real_time=True)
    set_up = Utterance("The Void, 4 joueurs : 13 manches, 5 fautes permises.", "fr", "game_started")
    round_one = Utterance("Manche 1 sur 13 : 4 cartes chacun, 25 dans la pioche.", "fr", "round_started")
    try:
        output.send(set_up)
        output.send(round_one)
        deadline = time.monotonic() + 20
        while not list(folder.glob("*.wav")) and time.monotonic() < deadline:
            time.sleep(0.01)
        output.new_line()  # the first card, typed at once
        output.send(PLAYS[6])
        assert speaker.wait(timeout=60)
    finally:
        output.close()
    assert heard(folder) == [expected(set_up, sounds), expected(PLAYS[6], sounds) if mode == "on"
                             else audio.samples(espeak.synthesize(PLAYS[6].text, "fr", rate=RATE))]
