"""Start-up: how long a table waits for the companion, against ``python -c pass`` timed in the same run.

Prints figures, not a test. Each command runs in a fresh process, as a user starts it:

- ``companion --help``: from the launch to the process's exit (the whole help printed);
- ``companion play GAME`` for each game (in French; the first in English too), and ``companion play gauntlet
  --resume SAVE``: from the launch to the first line on standard output (the set-up's first sentence, or the
  resumed game's first note), with standard input a pipe, ``--speech none --braille none`` (no voice, no braille
  display: the sentence a screen reader would read first), the byte code compiled once beforehand as after an
  install; then ``quit`` is typed.

Each runs as a user's install runs: from a virtual environment of the same interpreter made for the benchmark, with
the project and its dependencies on its path and ``companion``'s console script as pip writes it, but not the
development install's ``__editable__`` finder. That finder (``pip install -e``) is imported at every start of every
Python of the development venv, ``python -c pass`` included, and imports pathlib, re, urllib.parse, ipaddress…: it
made the reference 2 to 3 times slower than a user's, and hid from the figures what the companion's own imports
of those modules cost.

The reference, ``python -c pass`` with the same interpreter, is measured interleaved with them (round after
round), so the machine's load weighs on all alike. Goal (issue 34): each at most 2 x the reference. Beside
each figure, the CPU time of the whole process (to its exit, ``quit`` included) against the reference's: on a
loaded machine it says what the wall clock no longer can. Two floors are measured beside them, with no verdict:
``python -c 'import re'`` (what pip's console script imports before any of the companion's code: the whole help,
printed from its kept text, needs nothing more) and ``import re, argparse, gettext`` with ``msgspec`` (what a game's
start cannot do without): on an interpreter that starts in about 11 ms, the second alone comes above 2 x, which says
how much of a missed goal is the companion's own doing.
``--runs N``: the rounds (default 5, each of 3 launches per command); the figure is the median of all launches.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import sysconfig
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GOAL_RATIO = 2.0
GAMES = ("gauntlet", "love-letter", "num-x", "the-void", "mindbug")
#: No voice, no braille display. French, the users' first language, for every game (its catalogs are read at start;
#: English has none to read): English is timed once beside it.
QUIET = ["--lang", "fr", "--speech", "none", "--braille", "none"]
ENGLISH = ["--lang", "en", "--speech", "none", "--braille", "none"]


def _environment(folder: Path) -> dict[str, str]:
    """As a user's install runs: byte code kept (in a folder of its own); the user's folders found as for a user
    (platformdirs, under a private home and XDG folders), never the companion's test overrides."""
    env = {key: value for key, value in os.environ.items()
           if key not in ("PYTHONDONTWRITEBYTECODE", "COMPANION_DATA_DIR", "COMPANION_CONFIG_DIR")}
    env.update(PYTHONPYCACHEPREFIX=str(folder / "pycache"), HOME=str(folder / "home"),
               XDG_CONFIG_HOME=str(folder / "config"), XDG_DATA_HOME=str(folder / "data"),
               XDG_CACHE_HOME=str(folder / "cache"), XDG_STATE_HOME=str(folder / "state"))
    return env


def _installed(folder: Path) -> Path:
    """A user's install, as far as start-up can tell: a venv of this interpreter, the project and this venv's packages
    on its path (by a ``.pth`` file of paths: the development venv's own ``.pth`` files, its editable finder among
    them, are not run), and the ``companion`` console script pip writes. Its ``python``."""
    venv = folder / "venv"
    subprocess.run([getattr(sys, "_base_executable", sys.executable), "-m", "venv", "--without-pip", str(venv)],
                   check=True, timeout=120)
    python = venv / "bin" / "python"
    purelib = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                             check=True, capture_output=True, text=True, timeout=60).stdout.strip()
    Path(purelib, "companion-bench.pth").write_text(f"{ROOT}\n{sysconfig.get_paths()['purelib']}\n")
    script = venv / "bin" / "companion"
    script.write_text(f"#!{python}\n# -*- coding: utf-8 -*-\nimport re\nimport sys\nfrom companion.__main__ import run\n"
                      "if __name__ == '__main__':\n"
                      "    sys.argv[0] = re.sub(r'(-script\\.pyw|\\.exe)?$', '', sys.argv[0])\n"
                      "    sys.exit(run())\n")
    script.chmod(0o755)
    return python


def _cpu_ms() -> float:
    """The CPU time (user and system) of every child process waited for so far."""
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (used.ru_utime + used.ru_stime) * 1000


def _reaped(process: subprocess.Popen[bytes]) -> None:
    """Wait for the process to end, woken the moment it does; killed if it takes over a minute.

    Not ``Popen.wait(timeout)`` (nor ``subprocess.run(timeout=…)``): on POSIX that polls, sleeping 0.5, 1, 2, 4, 8,
    16 then 50 ms between looks, so a process that ends at 23 ms was seen to end at 31.5 ms, and one that ends at
    36 ms at 63.5 ms. Those steps made the help read 64.8 ms in an earlier run of this benchmark when it took 36.
    """
    watchdog = threading.Timer(60, process.kill)
    watchdog.start()
    try:
        process.wait()  # no timeout: a blocking waitpid
    finally:
        watchdog.cancel()


def exit_ms(command: list[str], env: dict[str, str]) -> tuple[float, float]:
    """From the launch to the process's exit; and its CPU time."""
    cpu, started = _cpu_ms(), time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                               stdin=subprocess.DEVNULL, env=env)
    _reaped(process)
    elapsed = (time.perf_counter() - started) * 1000
    if process.returncode != 0:
        raise SystemExit(f"{' '.join(command)} ended with status {process.returncode}")
    return elapsed, _cpu_ms() - cpu


def first_line_ms(command: list[str], env: dict[str, str]) -> tuple[float, float]:
    """From the launch to the first line on standard output; then ``quit`` is typed and the process waited for (its
    CPU time is the whole process's)."""
    cpu, started = _cpu_ms(), time.perf_counter()
    process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                               env=env)
    assert process.stdin is not None and process.stdout is not None
    watchdog = threading.Timer(60, process.kill)  # a launch that never says a line is stopped, not waited for
    watchdog.start()
    try:
        line = process.stdout.readline()
    finally:
        watchdog.cancel()
    elapsed = (time.perf_counter() - started) * 1000
    process.communicate(b"quit\n", timeout=60)
    if not line.strip():
        raise SystemExit(f"no first line from {' '.join(command)}")
    return elapsed, _cpu_ms() - cpu


def _saved_game(base: list[str], env: dict[str, str], folder: Path) -> Path:
    """A gauntlet save of a few turns, for the resume."""
    path = folder / "resume.jsonl"
    moves = "play proxima\nnext\nplay hulk\nfight 1 3 3\nnext\nplay falcon 3\nnext\nquit\n"
    subprocess.run([*base, "play", "gauntlet", *QUIET, "--save", str(path)], input=moves.encode(),
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True, env=env, timeout=60)
    return path


#: What any program pays for the libraries each command cannot do without, measured beside them and given no
#: verdict: the goal's floor on this interpreter. The console script pip writes imports ``re`` before any of the
#: companion's code (for its ``sys.argv[0]``); the whole help needs nothing more (companion/quick_help.py); a game
#: needs its command line's parser and catalogs, and its Structs besides.
FLOORS = (("floor: python -c 'import re' (what pip's console script imports before the companion: --help needs no "
           "more)", "import re"),
          ("floor: python -c 'import re, argparse, gettext, msgspec' as the companion imports msgspec (what play "
           "cannot do without)", "import re, argparse, gettext\nfrom companion.msgspec_import import import_msgspec\n"
           "import_msgspec()"))


def commands(base: list[str], save: Path, python: Path) -> list[tuple[str, list[str], bool]]:
    """(label, command, timed to its first line rather than its exit)."""
    found = [(label, [str(python), "-c", code], False) for label, code in FLOORS]
    found.append(("companion --help", [*base, "--help"], False))
    found += [(f"companion play {game}, to its first line", [*base, "play", game, *QUIET], True) for game in GAMES]
    found.append(("companion play gauntlet in English, to its first line", [*base, "play", "gauntlet", *ENGLISH], True))
    found.append(("companion play gauntlet --resume, to its first line",
                  [*base, "play", "gauntlet", *QUIET, "--resume", str(save)], True))
    return found


def measure(rounds: int) -> None:
    folder = Path(tempfile.mkdtemp(prefix="bench-startup-"))
    try:
        env = _environment(folder)
        python = _installed(folder)
        base = [str(python.with_name("companion"))]
        save = _saved_game(base, env, folder)
        timed = commands(base, save, python)
        reference = [str(python), "-c", "pass"]
        for _, command, to_line in timed:  # byte code compiled and kept, as after an install
            first_line_ms(command, env) if to_line else exit_ms(command, env)
        bare: list[tuple[float, float]] = []
        samples: dict[str, list[tuple[float, float]]] = {label: [] for label, _, _ in timed}
        for _ in range(rounds):  # interleaved: the machine's load weighs on all alike
            for _ in range(3):
                bare.append(exit_ms(reference, env))
                for label, command, to_line in timed:
                    samples[label].append(first_line_ms(command, env) if to_line else exit_ms(command, env))
        report(bare, samples)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def report(bare: list[tuple[float, float]], samples: dict[str, list[tuple[float, float]]]) -> None:
    reference = statistics.median(wall for wall, _ in bare)
    reference_cpu = statistics.median(cpu for _, cpu in bare)
    print(f"start-up: python -c pass median {reference:.1f} ms, CPU {reference_cpu:.1f} ms ({len(bare)} launches, "
          "the reference, same run)")
    for label, values in samples.items():
        wall = statistics.median(value for value, _ in values)
        cpu = statistics.median(value for _, value in values)
        ratio = wall / reference
        if label.startswith("floor:"):
            print(f"start-up: {label} median {wall:.1f} ms, {ratio:.2f} x python -c pass (no verdict: a floor; CPU "
                  f"{cpu:.1f} ms, {cpu / reference_cpu:.2f} x)")
            continue
        verdict = "met" if ratio <= GOAL_RATIO else "MISSED"
        print(f"start-up: {label} median {wall:.1f} ms, {ratio:.2f} x python -c pass (goal <= {GOAL_RATIO:.0f} x: "
              f"{verdict}; CPU of the whole process {cpu:.1f} ms, {cpu / reference_cpu:.2f} x)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="rounds of 3 launches of each command (default 5)")
    measure(parser.parse_args().runs)


if __name__ == "__main__":
    main()
