"""Braille timings: every aid sheet of every game, and one announcement on a display.

Prints figures, not a test. Goals: all sheets (every game, format, language and
grade) under 2 s together, in a process of their own from its start (imports and
liblouis tables included), against ``python -c pass`` in the same run; one
announcement translated and cut into display segments under 2 ms (p99). In this
process too: the first sheet (it loads the liblouis tables), then all of them,
against the way they were made before issue 34 (nothing kept between sheets).
"""

from __future__ import annotations

import importlib
import io
import os
import statistics
import subprocess
import sys
import tempfile
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
                        forget()
                    total_bytes += len(make_aid_sheet(game.id, fmt, lang, grade))
                    count += 1
    return count, total_bytes, time.perf_counter() - started


#: Every sheet in a process of its own, from its start: imports, liblouis tables, card files, then the sheets; its
#: CPU time written on standard error (the wall time counts the machine's load, the CPU time hardly).
CHILD = """
import os, sys
from companion.braille.aidsheet import FORMATS, games_with_cards, make_aid_sheet
for game in games_with_cards():
    for fmt in FORMATS:
        for lang in ("fr", "en"):
            for grade in (1, 2):
                make_aid_sheet(game.id, fmt, lang, grade)
times = os.times()
sys.stderr.write(f"cpu-s {times.user + times.system}\\n")
"""
PROCESS_RUNS = 3


def process_runs() -> tuple[float, float, float]:
    """Every sheet in a fresh process, as ``companion aid-sheet`` for each would pay it once: median seconds, median
    CPU seconds, and ``python -c pass``'s median seconds, interleaved in the same run."""
    env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = tempfile.mkdtemp(prefix="bench-braille-pycache-")  # byte code kept, as installed
    subprocess.run([sys.executable, "-c", CHILD], check=True, env=env, capture_output=True)
    walls, cpus, bares = [], [], []
    for _ in range(PROCESS_RUNS):
        started = time.perf_counter()
        subprocess.run([sys.executable, "-c", "pass"], check=True, env=env)
        bares.append(time.perf_counter() - started)
        started = time.perf_counter()
        done = subprocess.run([sys.executable, "-c", CHILD], check=True, env=env, capture_output=True, text=True)
        walls.append(time.perf_counter() - started)
        cpus.append(float(done.stderr.split()[-1]))
    return statistics.median(walls), statistics.median(cpus), statistics.median(bares)


def bench_sheets() -> None:
    wall, cpu, bare = process_runs()
    count = len(games_with_cards()) * len(FORMATS) * 4
    verdict = "met" if wall < TARGET_SHEETS_S else "MISSED"
    print(f"all aid sheets ({count}: every game, format, language and grade) in a fresh process, imports and liblouis "
          f"tables included: median {wall:.2f} s, {cpu:.2f} s of CPU (goal < {TARGET_SHEETS_S:.0f} s: {verdict}); "
          f"python -c pass in the same run {bare:.2f} s; {load_note()}")
    started = time.perf_counter()
    make_aid_sheet(games_with_cards()[0].id, "pef", "fr")
    print(f"  in this process: the first sheet (tables loading) {(time.perf_counter() - started) * 1000:.1f} ms")
    forget()
    count, total_bytes, elapsed = all_sheets(False)
    _, _, reference = all_sheets(True)
    print(f"  then all {count} sheets ({total_bytes} bytes) in {elapsed * 1000:.1f} ms; reference in the same run, each "
          f"sheet parsing and decoding its card file, translating every text and laying out its pages anew (as before "
          f"issue 34): {reference * 1000:.1f} ms")


def load_note() -> str:
    return f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores"


def forget() -> None:
    """Everything kept between sheets, dropped."""
    cards._read_toml.cache_clear()
    cards._LOADED.clear()
    translation._words.cache_clear()
    aidsheet._pages.cache_clear()


def bench_announcement() -> None:
    for lang, sentence in SENTENCES.items():
        output = TerminalBraille(lang, 40, stream=io.StringIO())
        output.send(Utterance(sentence, lang))  # tables loaded before timing
        times, cpu = [], []
        for _ in range(RUNS):
            output.new_answer()  # as before each typed line: the segments counted are this one sentence's
            translation._words.cache_clear()  # a new sentence each time, not one already translated
            started, started_cpu = time.perf_counter(), time.thread_time()
            output.send(Utterance(sentence, lang))
            times.append((time.perf_counter() - started) * 1000)
            cpu.append((time.thread_time() - started_cpu) * 1000)
        plain = []
        for _ in range(RUNS):
            started = time.perf_counter()
            translate(sentence, lang)
            plain.append((time.perf_counter() - started) * 1000)
        p99 = sorted(times)[int(RUNS * 0.99) - 1]
        verdict = "met" if p99 < TARGET_ANNOUNCE_MS else "MISSED"
        print(f"one announcement ({lang}, {len(sentence)} characters, {len(output.segments)} segments of {output.width} cells): "
              f"median {statistics.median(times):.3f} ms, p99 {p99:.3f} ms "
              f"(translate alone {statistics.median(plain):.3f} ms; goal p99 < {TARGET_ANNOUNCE_MS:.0f} ms: {verdict}; "
              f"its CPU time p99 {sorted(cpu)[int(RUNS * 0.99) - 1]:.3f} ms; {load_note()})")


if __name__ == "__main__":
    bench_sheets()
    bench_announcement()
