"""``companion saves`` on long saves (issue 24): the listing against the old full replay, in the same run.

Prints figures, not a test. Ten Gauntlet saves of LINES lines each (power tokens
taken and given back, an undo and a redo now and then) in a temporary saves
folder. The listing (:func:`companion.saves.list_saves`: one streaming pass per
save, no history kept) is timed and its peak memory measured (tracemalloc)
against the full replay the listing used before (:func:`companion.saves.load`
of every save, each kept with its table, as the old list held them). Before
issue 24: 564 MB and 18 s for 10 saves of 200,000 lines.

Measured with this script (10 × 200,000 lines, a 2-core machine shared with
other jobs): old full replay 79.9 s, peak 1,880 MB; the listing 19.2 s, peak
64 MB: 4.2 times faster, 29 times less memory, the same lines listed. Half of
what is left is reading the lines (companion/journal.py), half the rules.

    python benchmarks/bench_saves.py [LINES]     # default 200000 (the journal's MAX_LINES)
"""

from __future__ import annotations

import gc
import json
import os
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

SAVES = 10


def write_save(path: Path, lines: int) -> None:
    header = {"format": "companion-journal", "version": 1, "game": "gauntlet",
              "options": {"players": 3, "names": [], "thanos_lives": None, "hero_lives": 6, "token_pool": 9},
              "settings": {"lang": "en", "verbosity": "full", "kit": "tokens"}, "created": "2026-03-05T14:02:11"}
    cycle = [b'{"cmd":"token","player":0,"delta":1}', b'{"cmd":"token","player":0,"delta":-1}',
             b'{"cmd":"token","player":1,"delta":1}', b'{"op":"undo"}', b'{"op":"redo"}',
             b'{"cmd":"token","player":1,"delta":-1}']
    body = [cycle[i % len(cycle)] for i in range(lines - 1)]
    path.write_bytes(json.dumps(header).encode() + b"\n" + b"\n".join(body) + b"\n")


def measure(work) -> tuple[float, float, object]:
    """Seconds (without tracemalloc), then peak MB (with it), and the result."""
    gc.collect()
    started = time.perf_counter()
    result = work()
    seconds = time.perf_counter() - started
    del result
    gc.collect()
    tracemalloc.start()
    result = work()
    peak = tracemalloc.get_traced_memory()[1] / 1e6
    tracemalloc.stop()
    return seconds, peak, result


def main() -> None:
    lines = int(sys.argv[1]) if len(sys.argv) > 1 else 200_000
    with tempfile.TemporaryDirectory() as home:
        os.environ["COMPANION_DATA_DIR"] = home
        os.environ.setdefault("COMPANION_CONFIG_DIR", os.path.join(home, "config"))
        from companion import journal, saves

        folder = journal.saves_folder()
        folder.mkdir(parents=True)
        for number in range(SAVES):
            write_save(folder / f"gauntlet_{number}.jsonl", lines)
        paths = saves.save_files(folder)

        def old() -> list[object]:
            cards: dict[str, object] = {}
            return [saves.load(path, "en", cards) for path in paths]

        def new() -> list[object]:
            return saves.list_saves(folder, None, "en")

        old_s, old_mb, kept = measure(old)
        new_s, new_mb, listed = measure(new)
        same = [saves.reached(k) for k in kept] == [saves.reached(i.loaded) for i in listed]  # type: ignore[attr-defined]
        print(f"{SAVES} saves of {lines} lines, listed alike: {same}")
        print(f"old full replay: {old_s:6.2f} s, peak {old_mb:7.1f} MB")
        print(f"listing now:     {new_s:6.2f} s, peak {new_mb:7.1f} MB")
        print(f"ratio (old / now): time {old_s / new_s:5.2f}, memory {old_mb / new_mb:5.1f}")


if __name__ == "__main__":
    main()
