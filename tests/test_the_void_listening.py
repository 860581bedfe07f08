"""The listening benchmark's scripted The Void game (benchmarks/bench_listening.py) asks no question (not timed)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

import bench_listening as bench  # noqa: E402


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_scripted_game_is_followed_line_by_line_and_asks_no_question(lang: str) -> None:
    heard = bench.heard_void(22, lang)
    assert sum(1 for h in heard if h.play) >= bench.MIN_PLAYS
    assert [h.texts for h in heard if h.refused] == []  # every line of the script is accepted
    assert bench.questions(heard) == 0
    said = [text for h in heard for text in h.texts]
    turned = "turned up" if lang == "en" else "retourné"
    assert any(turned in text for text in said)  # the script calls errors, as a table does


def test_a_wav_is_measured_from_its_first_to_its_last_audible_sample() -> None:
    import struct

    rate = 1000
    samples = [0] * 100 + [5000, -5000] * 50 + [0] * 300
    data = struct.pack(f"<{len(samples)}h", *samples)
    wav = (b"RIFF" + struct.pack("<I", 0xFFFFFFFF) + b"WAVE" + b"fmt " + struct.pack("<IHHIIHH", 16, 1, 1, rate,
           2 * rate, 2, 16) + b"data" + struct.pack("<I", 0xFFFFFFFF) + data)
    assert bench.wav_seconds(wav) == pytest.approx(0.1)
    assert bench.wav_seconds(wav, voiced=False) == pytest.approx(0.5)
