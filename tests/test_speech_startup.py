"""Start-up: the table's set-up is said first, the back-end notices after it and only when something is missing.

Checked on standard output and in what the voice says: the real Speech
Dispatcher daemon's log (tests/daemons.py) and the WAV files of the built-in
voice, in each game and both languages.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from companion import registry
from tests.daemons import SSIP_THREAD_EXIT, SpeechDispatcher, no_session_daemons, wait_until

pytestmark = [pytest.mark.usefixtures("no_session_daemons"), SSIP_THREAD_EXIT]
__all__ = ["no_session_daemons"]

GAMES = tuple(game.id for game in registry.GAMES)  # every game of the registry, a new one too
NO_BRAILLE = {"en": "No braille: BRLTTY is not running or does not answer.",
              "fr": "Pas de braille : BRLTTY n'est pas lancé ou ne répond pas."}


def env(tmp_path: Path, **extra: str) -> dict[str, str]:
    """No session daemon reached, no BRLTTY (the notice comes when braille is asked for)."""
    values = {k: v for k, v in os.environ.items() if k not in ("TERM", "DISPLAY", "WAYLAND_DISPLAY")}
    values.update(COMPANION_DATA_DIR=str(tmp_path / "data"), COMPANION_EARCONS=str(tmp_path / "earcons"),
                  SPEECHD_ADDRESS=f"unix_socket:{tmp_path / 'none.sock'}", SPEECHD_CMD="/bin/false",
                  BRLAPI_HOST=":999", BRLAPI_AUTH="none")
    values.update(extra)
    return values


def play(args: list[str], environment: dict[str, str], stdin: str = "") -> list[str]:
    result = subprocess.run([sys.executable, "-m", "companion", "play", *args], input=stdin, capture_output=True,
                            text=True, env=environment, timeout=120)
    assert result.returncode == 0 and result.stderr == "", result.stderr
    return result.stdout.splitlines()


def sentences(text: str) -> int:
    """Sentences in ``text``: each ends with a full stop, a question or an exclamation mark."""
    return len(re.findall(r"[.!?](?:\s|$)", text))


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("game", GAMES)
def test_the_set_up_is_the_first_line_and_says_it_briefly(tmp_path, game, lang):
    """The set-up first, and short: at most 20 words. Issue 33 cut it into sentences that each fit a 40-cell braille
    line, so the Gauntlet and Mindbug say it in 4 short sentences where they said 3 longer ones (as many words)."""
    first = json.loads(play([game, "--lang", lang, "--json"], env(tmp_path))[0])
    assert first["event"] == "game_started"
    assert 1 <= sentences(first["text"]) <= 4, first["text"]
    assert len(first["text"].split()) <= 20, first["text"]


def test_a_voice_that_works_is_not_announced_and_a_missing_braille_display_comes_after_the_set_up(tmp_path):
    plain = play(["gauntlet", "--lang", "en"], env(tmp_path))
    lines = play(["gauntlet", "--lang", "en", "--speech", f"wav:{tmp_path / 'wav'}", "--braille", "brlapi"],
                 env(tmp_path))
    start = plain[:3]  # the set-up, the first turn, the first draw
    assert lines[:4] == [*start, NO_BRAILLE["en"]]
    assert not any(line.startswith("Speech") for line in lines)  # the wav voice asked for works: nothing to say
    assert len(sorted((tmp_path / "wav").glob("*.wav"))) == len(lines)  # and the notice is spoken after the set-up


def test_no_voice_at_all_is_said_after_the_set_up(tmp_path):
    bin_folder = tmp_path / "bin"
    bin_folder.mkdir()
    espeak = shutil.which("espeak-ng")
    if espeak is None:
        pytest.skip("espeak-ng is not installed (make setup installs it)")
    (bin_folder / "espeak-ng").symlink_to(espeak)  # the engine, but no audio player
    lines = play(["the-void", "--lang", "fr", "--speech", "tts"], env(tmp_path, PATH=str(bin_folder)))
    plain = play(["the-void", "--lang", "fr"], env(tmp_path))
    assert lines[:3] == [*plain[:2], "Parole : texte seul, voix intégrée indisponible : "
                                     "aucun lecteur audio (sox ou aplay) n'est installé."]
    assert lines[3:] == plain[2:]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_speech_dispatcher_hears_the_set_up_first_then_the_missing_braille_notice(tmp_path, lang):
    daemon = SpeechDispatcher(tmp_path / "speechd")
    try:
        lines = play(["gauntlet", "--lang", lang, "--speech", "speechd", "--braille", "brlapi", "--rate", "450"],
                     env(tmp_path, SPEECHD_ADDRESS=daemon.address))
        plain = play(["gauntlet", "--lang", lang], env(tmp_path))
        assert lines[:4] == [*plain[:3], NO_BRAILLE[lang]]  # no "Speech: through Speech Dispatcher." at all
        messages = wait_until(lambda: (m := daemon.protocol.messages()) and len(m) >= len(lines) and m, 60,
                              "every line to reach Speech Dispatcher")
        assert [m.text for m in messages] == lines  # spoken in the same order: the set-up first
    finally:
        daemon.stop()
