"""Braille timings: every aid sheet of every game, and one announcement on a display.

Prints figures, not a test. Targets: all sheets (every game, format, language and
grade) under 2 s together; one announcement translated and cut into display
segments under 2 ms. The first sheet also pays for loading the liblouis tables,
so it is timed apart.
"""

from __future__ import annotations

import importlib
import io
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.braille import aidsheet  # noqa: E402
from companion.braille.aidsheet import FORMATS, games_with_cards, make_aid_sheet  # noqa: E402
from companion.braille.display import TerminalBraille  # noqa: E402
translation = importlib.import_module("companion.braille.translate")  # the module (the package names its function so)
from companion.braille.translate import translate  # noqa: E402
from companion import cards  # noqa: E402
from companion.announce import Utterance  # noqa: E402

SENTENCES = {
    "fr": "Thanos joue la Pierre de l'Âme contre Iron Man : sa carte vaut 6, elle est vaincue. "
          "Les héros perdent une vie, il en reste 5.",
    "en": "Thanos plays the Soul Stone against Iron Man: the card is 6, so it is defeated. The heroes lose a life, 5 are left.",
}
TARGET_SHEETS_S = 2.0
TARGET_ANNOUNCE_MS = 2.0
RUNS = 500


def all_sheets(cold: bool) -> tuple[int, int, float]:
    """Every sheet (game, format, language, grade): count, bytes, seconds. ``cold``: the card file parsed and
    every text translated again for each sheet, as before they were kept (the reference)."""
    count = total_bytes = 0
    started = time.perf_counter()
    for game in games_with_cards():
        for fmt in FORMATS:
            for lang in ("fr", "en"):
                for grade in (1, 2):
                    if cold:
                        cards._read_toml.cache_clear()
                        translation._words.cache_clear()
                        aidsheet._pages.cache_clear()
                    total_bytes += len(make_aid_sheet(game.id, fmt, lang, grade))
                    count += 1
    return count, total_bytes, time.perf_counter() - started


def bench_sheets() -> None:
    started = time.perf_counter()
    make_aid_sheet(games_with_cards()[0].id, "pef", "fr")
    print(f"first sheet (tables loading): {(time.perf_counter() - started) * 1000:.1f} ms")
    cards._read_toml.cache_clear()
    translation._words.cache_clear()
    aidsheet._pages.cache_clear()
    count, total_bytes, elapsed = all_sheets(False)
    _, _, reference = all_sheets(True)
    verdict = "met" if elapsed < TARGET_SHEETS_S else "MISSED"
    print(f"all aid sheets: {count} sheets ({total_bytes} bytes) in {elapsed * 1000:.1f} ms (goal < {TARGET_SHEETS_S:.0f} s: "
          f"{verdict}); reference in the same run, each sheet parsing its card file, translating every text and laying "
          f"out its pages anew (as before issue 34): {reference * 1000:.1f} ms; load average {os.getloadavg()[0]:.1f} on "
          f"{os.cpu_count()} cores")


def bench_announcement() -> None:
    for lang, sentence in SENTENCES.items():
        output = TerminalBraille(lang, 40, stream=io.StringIO())
        output.send(Utterance(sentence, lang))  # tables loaded before timing
        times = []
        for _ in range(RUNS):
            output.new_answer()  # as before each typed line: the segments counted are this one sentence's
            translation._words.cache_clear()  # a new sentence each time, not one already translated
            started = time.perf_counter()
            output.send(Utterance(sentence, lang))
            times.append((time.perf_counter() - started) * 1000)
        plain = []
        for _ in range(RUNS):
            started = time.perf_counter()
            translate(sentence, lang)
            plain.append((time.perf_counter() - started) * 1000)
        p99 = sorted(times)[int(RUNS * 0.99) - 1]
        verdict = "ok" if p99 < TARGET_ANNOUNCE_MS else "TOO SLOW"
        print(f"one announcement ({lang}, {len(sentence)} characters, {len(output.segments)} segments of {output.width} cells): "
              f"median {statistics.median(times):.3f} ms, p99 {p99:.3f} ms "
              f"(translate alone {statistics.median(plain):.3f} ms; target {TARGET_ANNOUNCE_MS:.0f} ms) {verdict}")


if __name__ == "__main__":
    bench_sheets()
    bench_announcement()
