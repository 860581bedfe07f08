"""A whole scripted game through every output: the terminal holds only announcements,
every sentence is spoken (WAV files, or the real Speech Dispatcher) and brailled (a Unicode
braille line, or a display behind the real BRLTTY).

The companion runs as a subprocess, with a timeout, in an environment that reaches no
daemon of the user's session: Speech Dispatcher and BrlAPI are pointed at private sockets
(nobody listens on them, or a daemon started by the test does).
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from tests.daemons import Brltty, SpeechDispatcher, wait_until

COMPANION = [sys.executable, "-m", "companion"]
SCRIPT = "joue proxima\nsuivant\njoue hulk\ncombat 3 5\nvaincu héros 1 thor\nannule\nbogus\n"
BRAILLE = range(0x2800, 0x2900)
TTY_VARIABLES = ("WINDOWID", "WINDOWPATH", "CONTROLVT", "XDG_VTNR", "DISPLAY", "WAYLAND_DISPLAY")


def isolated_env(tmp_path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in TTY_VARIABLES}
    env.update(COMPANION_DATA_DIR=str(tmp_path / "data"),
               SPEECHD_ADDRESS=f"unix_socket:{tmp_path / 'no-speechd.sock'}", SPEECHD_CMD="/bin/false",
               BRLAPI_HOST=":999", BRLAPI_AUTH="none")
    env.update(extra)
    return env


def run(args, tmp_path):
    return subprocess.run(COMPANION + args, input=SCRIPT, capture_output=True, text=True, env=isolated_env(tmp_path),
                          timeout=120)


def test_speech_to_wav_files_and_a_braille_line_under_each_sentence(tmp_path):
    result = run(["play", "gauntlet", "--lang", "fr", "--speech", f"wav:{tmp_path / 'wav'}", "--braille", "terminal"],
                 tmp_path)
    assert result.returncode == 0 and result.stderr == ""
    lines = result.stdout.splitlines()
    text_lines, braille_lines = lines[0::2], lines[1::2]
    assert len(text_lines) == len(braille_lines)
    assert all(line and all(ord(ch) in BRAILLE for ch in line) and len(line) <= 40 for line in braille_lines)
    assert not any(ord(ch) in BRAILLE for line in text_lines for ch in line)
    assert text_lines[0].startswith("Le Gant d'Infinité. 4 joueurs")  # the set-up first; the voice asked for works: not announced
    assert "Annulé : « Héros 1 : carte Thor vaincue. » Maintenant : Héros 1 : sa carte est vaincue ; laquelle ? " \
        "Tapez vaincu héros 1 puis la carte." in text_lines
    assert text_lines[-1] == "Commande inconnue : bogus. Tapez aide pour les commandes."
    wavs = sorted((tmp_path / "wav").glob("*.wav"))
    assert len(wavs) == len(text_lines)  # every sentence spoken, once
    assert all(w.stat().st_size > 1000 for w in wavs)


def test_auto_outputs_in_a_script_say_the_set_up_first_and_only_what_is_missing(tmp_path):
    result = run(["play", "gauntlet", "--lang", "en", "--speech", "auto", "--braille", "auto"], tmp_path)
    assert result.returncode == 0 and result.stderr == ""
    lines = result.stdout.splitlines()
    plain = run(["play", "gauntlet", "--lang", "en"], tmp_path).stdout.splitlines()
    assert lines[0].startswith("Infinity Gauntlet. 4 players")
    # after the set-up, a speech notice only when no voice works here, a braille one only when BRLTTY runs here
    notices = [line for line in lines if line not in plain]
    assert [line.split(":")[0] for line in notices] in ([], ["Speech"], ["No braille"], ["Speech", "No braille"])
    assert [line for line in lines if line not in notices] == plain  # nothing else added by the libraries
    if notices:
        assert lines.index(notices[0]) == 3  # right after the set-up, the first turn and the first draw


def test_a_piped_french_game_through_the_real_speech_dispatcher_and_brltty(tmp_path):
    """Every printed line reaches Speech Dispatcher once, in French; the display shows it; its pan keys work."""
    speechd = SpeechDispatcher(tmp_path / "speechd")
    brltty = None
    process = None
    try:
        brltty = Brltty(tmp_path / "brltty", columns=20)
        env = isolated_env(tmp_path, SPEECHD_ADDRESS=speechd.address, CONTROLVT="3", PYTHONUNBUFFERED="1",
                           **brltty.client_env())
        out = (tmp_path / "stdout").open("w+")
        process = subprocess.Popen(
            COMPANION + ["play", "gauntlet", "--lang", "fr", "--speech", "speechd", "--braille", "brlapi", "--rate", "450"],
            stdin=subprocess.PIPE, stdout=out, stderr=subprocess.PIPE, text=True, env=env)
        assert process.stdin is not None

        _type_line_by_line(process, tmp_path / "stdout", speechd)
        last = "Commande inconnue : bogus. Tapez aide pour les commandes."
        wait_until(lambda: last in (tmp_path / "stdout").read_text(), 60, "the last answer")
        _pan_across(brltty.display, last)
        process.stdin.close()
        assert process.wait(timeout=60) == 0
        assert process.stderr is not None and process.stderr.read() == ""
        printed = (tmp_path / "stdout").read_text().splitlines()
        assert printed[0].startswith("Le Gant d'Infinité. 4 joueurs")  # the set-up first; both outputs work: no notice
        assert not any(line.startswith(("Parole", "Braille")) for line in printed)
        _each_line_spoken_once_in_french(speechd, printed)
    finally:
        if process is not None and process.poll() is None:
            process.kill()
            process.wait(timeout=10)
        if brltty is not None:
            brltty.stop()
        speechd.stop()


def _type_line_by_line(process: subprocess.Popen[str], stdout: Path, speechd: SpeechDispatcher) -> None:
    """SCRIPT typed one line at a time, as a player does, each once the answers before it were all spoken."""
    assert process.stdin is not None
    seen = {"count": -1, "since": 0.0}

    def caught_up() -> bool:
        """Every line printed so far has reached Speech Dispatcher, and nothing new for 0.3 s (the answer is complete)."""
        printed = len(stdout.read_text().splitlines())
        now = time.monotonic()
        if printed != seen["count"]:
            seen.update(count=printed, since=now)
        return printed > 0 and len(speechd.protocol.messages()) == printed and now - seen["since"] > 0.3

    # typed one line at a time, as a player does (a line typed at once drops what is not yet sent)
    for line in SCRIPT.splitlines():
        wait_until(caught_up, 30, f"the sentences before {line!r} to reach Speech Dispatcher")
        before = seen["count"]
        process.stdin.write(line + "\n")
        process.stdin.flush()
        wait_until(lambda before=before: len(stdout.read_text().splitlines()) > before, 30,
                   f"the answer to {line!r}")
    wait_until(caught_up, 30, "the last sentences to reach Speech Dispatcher")


def _pan_across(display: Any, last: str) -> None:
    """The display shows ``last``'s first segment; its pan keys move to the second and back."""
    from companion import braille
    from companion.announce import Utterance

    # the display's lines of whole sentences, a blank and the status cell after them
    lines = braille.BrailleOutput("fr", 20, queued=True).display_lines(Utterance(last, "fr"))
    segments = [segment.cells for line in lines for segment in line]

    def shows(cells: str) -> None:
        wait_until(lambda: display.lines and display.lines[-1][1][:20 - 2].rstrip("\u2800") == cells, 5,
                   f"the display to show {cells!r}")

    shows(segments[0])
    # the game reads its standard input, no event loop watches BrlAPI: the pan keys still move the window
    display.press("FwinRt")
    shows(segments[1])
    display.press("FwinLt")
    shows(segments[0])


def _each_line_spoken_once_in_french(speechd: SpeechDispatcher, printed: list[str]) -> None:
    """Each printed sentence reached Speech Dispatcher once, in order, in French, on a connection set up for it."""
    messages = speechd.protocol.messages()
    assert [m.text for m in messages] == printed  # each sentence once, in order, nothing else
    assert {m.lang for m in messages} == {"fr"} and {m.priority for m in messages} == {"message"}
    fd = messages[0].fd
    commands = [e.text for e in speechd.protocol.commands(fd)]
    assert commands.count("SET self LANGUAGE fr") == 1 and commands.index("SET self LANGUAGE fr") < commands.index("SPEAK")
    assert "SET self RATE 100" in commands
    assert "companion:game" in next(c for c in commands if c.startswith("SET self CLIENT_NAME"))
