"""A whole scripted game through every output: the terminal holds only announcements,
every sentence is spoken (WAV files here) and brailled (a Unicode braille line)."""

from __future__ import annotations

import os
import subprocess
import sys

COMPANION = [sys.executable, "-m", "companion"]
SCRIPT = "joue proxima\nsuivant\njoue hulk\ncombat 3 5\nvaincu héros 1 thor\nannule\nbogus\n"
BRAILLE = range(0x2800, 0x2900)


def run(args, tmp_path):
    env = dict(os.environ, COMPANION_DATA_DIR=str(tmp_path / "data"))
    return subprocess.run(COMPANION + args, input=SCRIPT, capture_output=True, text=True, env=env, timeout=120)


def test_speech_to_wav_files_and_a_braille_line_under_each_sentence(tmp_path):
    result = run(["play", "gauntlet", "--lang", "fr", "--speech", f"wav:{tmp_path / 'wav'}", "--braille", "terminal"],
                 tmp_path)
    assert result.returncode == 0 and result.stderr == ""
    lines = result.stdout.splitlines()
    text_lines, braille_lines = lines[0::2], lines[1::2]
    assert len(text_lines) == len(braille_lines)
    assert all(line and all(ord(ch) in BRAILLE for ch in line) and len(line) <= 40 for line in braille_lines)
    assert not any(ord(ch) in BRAILLE for line in text_lines for ch in line)
    assert text_lines[0].startswith("Parole : chaque phrase est enregistrée")
    assert "Annulé : « Héros 1 : carte Thor vaincue. » Maintenant : Héros 1 : sa carte est vaincue ; laquelle ? " \
        "Tapez vaincu héros 1 puis la carte." in text_lines
    assert text_lines[-1] == "Commande inconnue : bogus. Tapez aide pour les commandes."
    wavs = sorted((tmp_path / "wav").glob("*.wav"))
    assert len(wavs) == len(text_lines)  # every sentence spoken, once
    assert all(w.stat().st_size > 1000 for w in wavs)


def test_auto_outputs_in_a_script_say_what_they_chose_and_nothing_else(tmp_path):
    result = run(["play", "gauntlet", "--lang", "en", "--speech", "auto", "--braille", "auto"], tmp_path)
    assert result.returncode == 0 and result.stderr == ""
    lines = result.stdout.splitlines()
    assert lines[0].startswith("Speech: ") and lines[1].startswith(("No braille", "Braille"))
    assert lines[2].startswith("Infinity Gauntlet, 4 players")
    plain = run(["play", "gauntlet", "--lang", "en"], tmp_path).stdout.splitlines()
    assert lines[2:] == plain  # the same announcements, nothing added by the libraries
