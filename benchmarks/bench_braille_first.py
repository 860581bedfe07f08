"""Braille first (issue 33): what the display has to show, and how fast it shows it. Prints figures, not a test.

1. **Cells per announcement**, per game and verbosity, in each language's default braille (French grade 1 is
   the French default, English UEB grade 2): median, p90 and max, and the share of sentences that fit a
   40-cell line. Sentences come from seeded bots playing legal moves through the real session (Gauntlet,
   Love Letter, Mindbug, Num-X) and from the scripted 4-player The Void of benchmarks/bench_listening.py.
2. **The Void's plays**: the share of ``card_played`` sentences that fit 40 and 20 cells, on a line of that
   width and beside the status cell of a BrlAPI display (38 and 18 cells for the words).
3. **Set-up and help**, **refusals and questions** (each refusal a random game meets), sentence by
   sentence: how many fit 40 cells.
4. **Latency**, through the real BRLTTY (virtual ``vr`` driver in a private folder, tests/daemons.py):
   from a typed line handed to the session to the display's update (the cells arriving at the stand-in
   display) and, in the same run, to the same sentence's line on standard output. The reader has read
   everything before each line, so each sentence is shown at once. Median and p99 in milliseconds.
5. **Key press → display update**, through the same BRLTTY: a Gauntlet line chorded on the display's dot keys,
   then dot 8 (send) timed to the display showing the answer; beside it, in the same session, the same lines
   typed on the terminal timed to their first line on standard output. Median and p99 in milliseconds.

Usage: .venv/bin/python benchmarks/bench_braille_first.py [--lines N] [--presses N] [--seed N] [--no-brltty]
"""

from __future__ import annotations

import argparse
import io
import statistics
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

import bench_listening as listening  # noqa: E402

from companion.braille.translate import translate  # noqa: E402
from companion.render import VERBOSITIES  # noqa: E402

BOTS = (("Gauntlet", "gauntlet", {}), ("Love Letter", "love-letter", {}), ("Mindbug", "mindbug", {}),
        ("Num-X", "num-x", {"players": 3}))
COMMANDS = 150


def percentile(values: Sequence[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))] if ordered else 0.0


def cells_of(texts: Sequence[str], lang: str) -> list[int]:
    return [len(translate(text, lang)) for text in texts]


def sentences(game: str, seed: int, lang: str, verbosity: str | None, extra: dict[str, int]) -> list[tuple[str, str]]:
    """(event, sentence) of every announcement of a seeded game."""
    if game == "the-void":
        heard = listening.heard_void(seed, lang, verbosity)
    else:
        heard = listening.heard_bots(game, seed, lang, COMMANDS, verbosity, **extra)
    return [(event, text) for h in heard for (event, _), text in zip(h.events, h.texts, strict=True)]


def show_cells(seed: int) -> None:
    print("Cells per announcement (median / p90 / max; share fitting 40 cells)")
    for lang in ("en", "fr"):
        for label, game, extra in (*BOTS, ("The Void", "the-void", {})):
            for verbosity in VERBOSITIES:
                said = sentences(game, seed, lang, verbosity, extra)
                cells = cells_of([text for _, text in said], lang)
                fit = sum(1 for c in cells if c <= 40) / len(cells)
                print(f"  {lang} {label:<12} {verbosity:<7} {len(cells):5d} sentences: {statistics.median(cells):5.0f} / "
                      f"{percentile(cells, 0.9):4.0f} / {max(cells):4d} cells; {fit:6.1%} fit 40")


def show_void_plays(seed: int) -> None:
    print("The Void's plays that fit (default verbosity): a line of 40 / 20 cells, beside the status cell 38 / 18")
    for lang in ("en", "fr"):
        plays = cells_of([text for event, text in sentences("the-void", seed, lang, None, {})
                          if event == "card_played"], lang)
        shares = [sum(1 for c in plays if c <= width) / len(plays) for width in (40, 20, 38, 18)]
        print(f"  {lang}: {len(plays)} plays, median {statistics.median(plays):.0f} cells; "
              + ", ".join(f"{share:.1%} fit {width}" for share, width in zip(shares, (40, 20, 38, 18), strict=True)))


def show_setup_and_help() -> None:
    """The set-up (default options) and ``help`` of each game, sentence by sentence: how many fit 40 cells."""
    import re

    from companion.announce import Announcer, RecordingOutput
    from companion.registry import GAMES
    from companion.render import Settings
    from companion.session import Wiring, open_session

    print("Set-up and help, per sentence: share fitting 40 cells")
    for lang, help_word in (("en", "help"), ("fr", "aide")):
        for game in GAMES:
            recorder = RecordingOutput()
            session = open_session(game, game.rules.options_type(), Settings(lang), Wiring(Announcer([recorder])), None)
            session.start()
            set_up = len(recorder.utterances)
            session.handle(help_word)
            for label, said in (("set-up", recorder.utterances[:set_up]), ("help", recorder.utterances[set_up:])):
                parts = [part for u in said for part in re.split(r"(?<=[.?!])\s+", u.text) if part]
                cells = cells_of(parts, lang)
                print(f"  {lang} {game.id:<12} {label:<6} {len(cells):3d} sentences, "
                      f"{sum(c <= 40 for c in cells) / len(cells):6.1%} fit 40, longest {max(cells)} cells")


def show_refusals() -> None:
    """Each refusal a random game meets (tests/conformance.py), one sentence at a time: how many fit 40 cells."""
    import re

    from tests.conformance import play_randomly

    from companion.registry import GAMES
    from companion.render import Context, Settings

    print("Refusals (questions among them), per sentence: share fitting 40 cells")
    for game in GAMES:
        options, cards = game.rules.options_type(), game.cards()
        run = play_randomly(game.rules, options, cards, 1)
        for lang in ("en", "fr"):
            ctx = Context(Settings(lang), cards, game.renderer.domain, options.names, game.parser.vocabulary)
            said = [part for code, details in run.refusals.items()
                    for part in re.split(r"(?<=[.?!])\s+", game.renderer.render_error(code, details, ctx)) if part]
            cells = cells_of(said, lang)
            asked = [c for c, text in zip(cells, said, strict=True) if "?" in text]
            print(f"  {lang} {game.id:<12} {len(cells):3d} sentences, {sum(c <= 40 for c in cells) / len(cells):6.1%} "
                  f"fit 40; {len(asked)} questions, {sum(c <= 40 for c in asked)} fit 40")


class TimedStream(io.StringIO):
    """Standard output that notes when each line is written."""

    def __init__(self) -> None:
        super().__init__()
        self.times: list[float] = []

    def write(self, text: str) -> int:
        self.times.append(time.monotonic())
        return super().write(text)


def _timed_line(session: Any, display: Any, stand_in: Any, stream: TimedStream, text: str) -> tuple[float, float] | None:
    """Milliseconds from handing ``text`` to the session to the display's update and to its stdout line."""
    while display.next() is not None:  # the reader has read everything
        pass
    shown, written = len(stand_in.lines), len(stream.times)
    started = time.monotonic()
    session.handle(text)
    deadline = time.monotonic() + 2
    while len(stand_in.lines) == shown and time.monotonic() < deadline:
        time.sleep(0.0002)
    if len(stand_in.lines) == shown or len(stream.times) == written:
        return None  # nothing new on the display (BRLTTY sends only changed cells)
    return (stand_in.lines[shown][0] - started) * 1000, (stream.times[written] - started) * 1000


def show_latency(lines: int, seed: int) -> None:
    """Typed line → display update and → stdout, through BRLTTY, in one run."""
    import os

    from tests.daemons import Brltty

    from companion import braille, earcons
    from companion.announce import Announcer
    from companion.braille.marks import Marks
    from companion.output import StdoutOutput
    from companion.play import _Outputs, with_outputs
    from companion.registry import find
    from companion.render import Settings
    from companion.session import Wiring, open_session

    with tempfile.TemporaryDirectory() as folder:
        daemon = Brltty(Path(folder) / "brltty", 40)
        os.environ.update(daemon.client_env())
        os.environ["CONTROLVT"] = "3"
        display, _ = braille.choose("brlapi", "en", marks=Marks(earcons.load(), real_time=True))
        stand_in = daemon.display
        assert stand_in is not None
        try:
            stream = TimedStream()
            game = find("the-void")
            wiring = with_outputs(Wiring(Announcer([StdoutOutput(stream=stream), display])), _Outputs(braille=display))
            to_display: list[float] = []
            to_stdout: list[float] = []
            for script in listening.void_lines(seed, "en", plays=lines):
                session = open_session(game, game.rules.options_type(players=4), Settings("en"), wiring, None)
                session.start()
                for line in script[: lines - len(to_display)]:
                    timed = _timed_line(session, display, stand_in, stream, line.text)
                    if timed is not None:
                        to_display.append(timed[0])
                        to_stdout.append(timed[1])
        finally:
            display.close()
            daemon.stop()
    print(f"Latency, {len(to_display)} typed lines of The Void (ms): typed line → display update "
          f"median {statistics.median(to_display):.2f}, p99 {percentile(to_display, 0.99):.2f}; "
          f"typed line → stdout median {statistics.median(to_stdout):.2f}, p99 {percentile(to_stdout, 0.99):.2f}")


#: Two Gauntlet lines whose answers differ, typed in turn: the display changes at each answer.
KEYED = ("play proxima", "undo")


def show_key_latency(presses: int) -> None:
    """A chord's dot 8 (send) → the display showing the answer, through BRLTTY's vr driver, as
    tests/test_braille_keyboard_daemons.py types a whole game; beside it, in the same session, the same
    lines typed on the terminal → their first line on standard output."""
    import importlib
    import os

    from tests.daemons import Brltty

    from companion.output import StdoutOutput

    with tempfile.TemporaryDirectory() as folder:
        daemon = Brltty(Path(folder) / "brltty", 40)
        os.environ.update(daemon.client_env())
        os.environ["CONTROLVT"] = "3"
        stand_in = daemon.display
        assert stand_in is not None
        keyboard: Any = importlib.import_module("tests.test_braille_keyboard_daemons")  # a test module, untyped
        keyboard.COLUMNS = 40  # the Player reads a 20-cell display by default
        player = keyboard.Player(daemon, "gauntlet", "en", 2)
        stream = TimedStream()
        player.session.wiring.announcer.add(StdoutOutput(stream=stream))
        to_display: list[float] = []
        to_stdout: list[float] = []
        try:
            for index in range(presses):
                line = KEYED[index % 2]
                player.chord(line, send=False)
                started = time.monotonic()
                player.press("KEY_ENTER")  # returns once the display shows the answer
                to_display.append((stand_in.lines[-1][0] - started) * 1000)
            for index in range(presses):
                written = len(stream.times)
                started = time.monotonic()
                player.session.handle(KEYED[index % 2])
                to_stdout.append((stream.times[written] - started) * 1000)
        finally:
            player.close()
            daemon.stop()
    print(f"Latency, {len(to_display)} key presses of Gauntlet (ms): dot 8 → display update "
          f"median {statistics.median(to_display):.2f}, p99 {percentile(to_display, 0.99):.2f}; "
          f"typed line → stdout median {statistics.median(to_stdout):.2f}, p99 {percentile(to_stdout, 0.99):.2f}")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--lines", type=int, default=300, help="typed lines timed through BRLTTY (default 300)")
    parser.add_argument("--presses", type=int, default=100, help="dot-8 presses timed through BRLTTY (default 100)")
    parser.add_argument("--seed", type=int, default=33)
    parser.add_argument("--no-brltty", action="store_true", help="skip the latency (no BRLTTY here)")
    args = parser.parse_args(argv)
    show_cells(args.seed)
    show_void_plays(args.seed)
    show_setup_and_help()
    show_refusals()
    if not args.no_brltty:
        show_latency(args.lines, args.seed)
        show_key_latency(args.presses)
    return 0


if __name__ == "__main__":
    sys.exit(main())
