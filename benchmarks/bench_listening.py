"""Listening time at table speed: seconds of speech per play, and the questions asked. Prints figures, not a test.

A table of The Void plays a card every 1 to 2 s, so what matters is how long
the companion talks for each play. A scripted 4-player game (a simulated deck
and hands, the players playing their lowest card, now and then a wrong one that
the table calls with ``error``, turned card and discards typed as the rules
say) goes through a real `Session` line by line at the game's default
verbosity; each sentence announced is synthesized with espeak-ng at its default
rate, as the built-in voice plays it (speech/espeak.py: espeak-ng's pause at
the end of the text left out, its silence cut to 40 ms after the words and 5 ms before).

Printed, per play (median, p90), per line of any kind, and in all: the
**whole** WAV played (silence included: the table waits for it before the next
sentence can be heard), the main figure; beside it the **voiced** part (first
to last audible sample); and the questions asked (sentences with a question
mark). References measured in the same run: espeak-ng's own untrimmed output
(its ~0.3 s of silence after every text, what the voice played before), and
The Void at the normal and the fullest verbosity; the ratios say what the trim
and the default verbosity save. An earcon before a play (``--sounds on``, the
default) is printed apart: it is a sound, not speech. The same figures for a
Mindbug and a Num-X game (seeded bots through the same session path).

Goal (issue 22): The Void ≤ 0.6 s median and ≤ 1.0 s p90 per play, whole, at
its default verbosity, and no question the rules do not call for. The figures above
are the built-in voice's, and its line says the goal met or missed for it alone.

Speech Dispatcher (the path of every Orca user, issue 34): the first SD_PLAYS plays
of each language's game are spoken through a real ``speech-dispatcher`` (tests/daemons.py:
a private folder, a PulseAudio null sink playing in real time, recorded from its
monitor) with ``SpeechDispatcherSpeaker`` as ``companion play`` uses it. Per play,
what the listener hears: from the play's first sound on the sink to the end of its
last sentence as the output module reports it (its ``702 END``: the next sentence
cannot begin before it), the **whole** figure, held to the same goal on its own line;
beside it the voiced part (first to last sound) and the wait before the first sound
(from the first ``SPEAK``). Reference, the same plays in the same run: the built-in
voice's WAVs, and espeak-ng's untrimmed output. ``--no-speechd`` leaves it out; without
the daemon or the null sink it says "not measured", never "goal met".
"""

from __future__ import annotations

import argparse
import array
import random
import statistics
import struct
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from companion.announce import Announcer, RecordingOutput  # noqa: E402
from companion.registry import find  # noqa: E402
from companion.render import Settings  # noqa: E402
from companion.session import Wiring, open_session  # noqa: E402

GOAL_MEDIAN, GOAL_P90 = 0.6, 1.0
MIN_PLAYS = 300
TYPES = {"en": ("red", "blue", "green", "yellow"), "fr": ("rouge", "bleu", "vert", "jaune")}
WORDS = {"en": {"error": "error", "discard": "discard", "round": "round"},
         "fr": {"error": "faute", "discard": "défausse", "round": "manche"}}
KINDS = ("red", "blue", "green", "yellow")
#: How often a player puts down a card while another hand holds a lower one (the error the table then calls).
MISTAKE = 0.02
ERRORS_ALLOWED = 5
ROUNDS = 13
SD_PLAYS = 40


# --------------------------------------------------------------------------- The Void, scripted


@dataclass
class Line:
    text: str
    play: bool  # a card put on the pile (the figure per play)


@dataclass
class VoidTable:
    """The real table the companion follows: the deck, the hands, the pile's highest rank."""

    rng: random.Random
    lang: str
    ranks_only: bool = False  # the typist types a play's rank alone ("7"), the fastest line
    hands: list[list[tuple[int, str]]] = field(default_factory=list)
    deck: list[tuple[int, str]] = field(default_factory=list)
    level: int = 0
    turned: list[str] = field(default_factory=list)
    errors: int = 0

    def deal(self) -> None:
        cards = [(rank, kind) for kind in KINDS for rank in range(1, 12)]
        self.rng.shuffle(cards)
        self.hands = [cards[4 * seat:4 * seat + 4] for seat in range(4)]
        self.deck, self.level, self.turned = cards[16:], 0, []

    def say(self, rank: int, kind: str) -> str:
        return f"{rank} {TYPES[self.lang][KINDS.index(kind)]}"

    def draw(self, seat: int, count: int) -> None:
        for _ in range(min(count, len(self.deck))):
            self.hands[seat].append(self.deck.pop())

    def round_lines(self) -> Iterator[Line]:
        """One round, line by line; ``self.errors`` says afterwards if the game was lost."""
        words = WORDS[self.lang]
        self.deal()
        while any(self.hands):
            holders = [s for s in range(4) if self.hands[s]]
            lowest = min(min(self.hands[s]) for s in holders)
            wrong = [s for s in holders if min(self.hands[s])[0] > lowest[0]]
            if wrong and self.rng.random() < MISTAKE:
                seat = self.rng.choice(wrong)
            else:
                seat = self.rng.choice([s for s in holders if min(self.hands[s])[0] == lowest[0]])
            card = min(self.hands[seat])
            self.hands[seat].remove(card)
            whose = f" p{seat + 1}" if not self.deck else ""
            yield Line((str(card[0]) if self.ranks_only else self.say(*card)) + whose, True)
            self.draw(seat, 1)
            self.level = max(self.level, card[0])
            if not any(c[0] < card[0] for s in range(4) if s != seat for c in self.hands[s]):
                continue
            self.errors += 1
            if self.deck:
                turned = self.deck.pop()
                yield Line(f"{words['error']} {self.say(*turned)}", False)
                repeated = turned[1] in self.turned
                self.turned.append(turned[1])
            else:
                yield Line(words["error"], False)
                repeated = False
            if self.errors > ERRORS_ALLOWED or repeated:
                return
            for other in range(4):
                lower = sorted(c for c in self.hands[other] if c[0] < self.level)
                if lower:
                    for c in lower:
                        self.hands[other].remove(c)
                    yield Line(f"{words['discard']} p{other + 1} " + " ".join(self.say(*c) for c in lower), False)
                    self.draw(other, len(lower))

    def game_lines(self) -> Iterator[Line]:
        for number in range(1, ROUNDS + 1):
            yield from self.round_lines()
            if self.errors > ERRORS_ALLOWED or number == ROUNDS:
                return
            yield Line(WORDS[self.lang]["round"], False)


def void_lines(seed: int, lang: str, plays: int = MIN_PLAYS, ranks_only: bool = False) -> Iterator[list[Line]]:
    """Games of lines, one list per game, until ``plays`` cards were played (``ranks_only``: plays typed "7")."""
    rng = random.Random(seed)
    done = 0
    while done < plays:
        game = list(VoidTable(rng, lang, ranks_only).game_lines())
        done += sum(1 for line in game if line.play)
        yield game


# --------------------------------------------------------------------------- through the session


@dataclass
class Heard:
    """What one line made the companion say."""

    texts: list[str]
    play: bool
    refused: bool = False  # the line was refused (a script that does not follow the game)
    events: list[tuple[str, dict[str, Any]]] = field(default_factory=list)  # each sentence's event (its earcon)


def session_for(game_id: str, lang: str, verbosity: str | None, **options: Any) -> tuple[Any, RecordingOutput]:
    info = find(game_id)
    recorder = RecordingOutput()
    settings = Settings(lang) if verbosity is None else Settings(lang, verbosity)
    session = open_session(info, info.rules.options_type(**options), settings, Wiring(Announcer([recorder])), None)
    session.start()
    return session, recorder


def heard_void(seed: int, lang: str, verbosity: str | None = None, ranks_only: bool = False) -> list[Heard]:
    heard: list[Heard] = []
    for game in void_lines(seed, lang, ranks_only=ranks_only):
        session, recorder = session_for("the-void", lang, verbosity, players=4)
        for line in game:
            recorder.utterances.clear()
            session.handle(line.text)
            heard.append(Heard([u.text for u in recorder.utterances], line.play,
                               any(u.event == "error" for u in recorder.utterances),
                               [(u.event, u.fields) for u in recorder.utterances]))
    return heard


def heard_bots(game_id: str, seed: int, lang: str, commands: int, verbosity: str | None = None,
               **options: Any) -> list[Heard]:
    """A seeded bot's legal moves, through the session (each command a "play")."""
    rng = random.Random(seed)
    heard: list[Heard] = []
    session, recorder = session_for(game_id, lang, verbosity, **options)
    rules = find(game_id).rules
    while len(heard) < commands:
        moves = rules.legal_moves(session.state)
        if not moves:
            session, recorder = session_for(game_id, lang, verbosity, **options)
            continue
        recorder.utterances.clear()
        session.change(rng.choice(moves))
        heard.append(Heard([u.text for u in recorder.utterances], True,
                           events=[(u.event, u.fields) for u in recorder.utterances]))
    return heard


def questions(heard: Sequence[Heard]) -> int:
    return sum(text.count("?") for h in heard for text in h.texts)


# --------------------------------------------------------------------------- speech


#: What is measured of each sentence's WAV.
WHOLE, VOICED, UNTRIMMED = "whole", "voiced", "untrimmed"


class Voice:
    """Seconds of speech for a sentence: espeak-ng at its default rate, the WAV measured (each text once)."""

    def __init__(self, lang: str) -> None:
        from companion import earcons
        from companion.speech import espeak

        self.lang = lang
        self._espeak = espeak
        self.earcons = earcons.load()
        self._cache: dict[str, dict[str, float]] = {}

    def seconds(self, text: str, measure: str = WHOLE) -> float:
        """``measure``: the WAV the built-in voice plays, its voiced part, or espeak-ng's untrimmed output."""
        if text not in self._cache:
            played = self._espeak.synthesize(text, self.lang)
            self._cache[text] = {WHOLE: wav_seconds(played, voiced=False), VOICED: wav_seconds(played),
                                 UNTRIMMED: wav_seconds(self._espeak.synthesize(text, self.lang, untrimmed=True),
                                                        voiced=False)}
        return self._cache[text][measure]

    def earcon_seconds(self, event: str, fields: dict[str, Any]) -> float:
        """The earcon played before a sentence with ``--sounds on`` (and the gap before its words), 0 if none."""
        from companion.speech import audio

        earcon = self.earcons.for_event(event, fields)
        return earcon.seconds + audio.GAP if earcon is not None else 0.0


#: A sample quieter than this (1 % of full scale, 16-bit) is silence.
SILENCE = 328


def wav_seconds(wav: bytes, voiced: bool = True) -> float:
    """A WAV's duration (16-bit PCM, as espeak-ng writes it); ``voiced``: from the first to the last audible sample.

    ``voiced=False``: the whole file, every silence in it, the time the table waits before another sentence.
    """
    if wav[:4] != b"RIFF" or wav[8:12] != b"WAVE":
        raise ValueError("not a WAV")
    offset, rate, channels, bits = 12, 0, 1, 16
    while offset + 8 <= len(wav):
        chunk, size = wav[offset:offset + 4], struct.unpack("<I", wav[offset + 4:offset + 8])[0]
        if chunk == b"fmt ":
            channels, rate = struct.unpack("<HI", wav[offset + 10:offset + 16])
            bits = struct.unpack("<H", wav[offset + 22:offset + 24])[0]
        elif chunk == b"data":
            data = wav[offset + 8:]  # espeak-ng streaming to stdout writes no real size: the rest of the file
            if not rate or bits != 16:
                return 0.0
            samples = array.array("h", data[: len(data) // 2 * 2])
            if not voiced:
                return len(samples) / channels / rate
            loud = [i for i, sample in enumerate(samples) if abs(sample) > SILENCE]
            return (loud[-1] - loud[0] + 1) / channels / rate if loud else 0.0
        offset += 8 + size
    return 0.0


def percentile(values: Sequence[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))] if ordered else 0.0


@dataclass
class Figures:
    plays: int
    lines: int
    median: float
    p90: float
    per_line: float
    total: float
    questions: int


def figures(heard: Sequence[Heard], voice: Voice, measure: str = WHOLE, sounds: bool = False) -> Figures:
    """``sounds``: each sentence's earcon counted too (``--sounds on``)."""
    per = [sum(voice.seconds(t, measure) for t in h.texts)
           + (sum(voice.earcon_seconds(e, f) for e, f in h.events) if sounds else 0.0) for h in heard]
    plays = [s for s, h in zip(per, heard, strict=True) if h.play]
    return Figures(len(plays), len(heard), statistics.median(plays), percentile(plays, 0.9),
                   sum(per) / len(per), sum(per), questions(heard))


def show(label: str, f: Figures, voiced: Figures | None = None) -> None:
    """One line of figures; ``voiced`` (the same game's voiced part) beside the whole ones."""
    beside = f" (voiced {voiced.median:.2f} s, {voiced.p90:.2f} s)" if voiced is not None else ""
    print(f"  {label}: {f.plays} plays, {f.lines} lines; per play median {f.median:.2f} s, p90 {f.p90:.2f} s"
          f"{beside}; {f.per_line:.2f} s per line, {f.total:.0f} s in all; {f.questions} questions")


@dataclass
class DaemonAudio:
    """Speech Dispatcher's audio per play, in seconds: whole (first sound to the last END), voiced, wait before."""

    whole: list[float] = field(default_factory=list)
    voiced: list[float] = field(default_factory=list)
    wait: list[float] = field(default_factory=list)


def speechd_per_play(plays: Sequence[Heard], lang: str) -> DaemonAudio | str:
    """The real daemon's audio per play (see the module docstring), or why it was not measured."""
    import tempfile
    import time

    import pytest

    from companion.speech import SpeechDispatcherSpeaker
    from tests.daemons import SpeechDispatcher

    with tempfile.TemporaryDirectory() as folder:
        try:
            daemon = SpeechDispatcher(Path(folder) / "speechd")
        except pytest.skip.Exception as skipped:
            return str(skipped)
        if not daemon.real_time:
            daemon.stop()
            return "no PulseAudio null sink, its audio does not play in real time"
        monitor = daemon.listen()
        try:
            speaker = SpeechDispatcherSpeaker(lang, address=daemon.address, sound_icons=False)
            speaker.say(WORDS[lang]["round"])  # the first sentence opens the audio stream: not a play
            counts = [1]
            for play in plays:
                texts = [text for text in play.texts if text.strip()]
                for text in texts:
                    speaker.say(text)
                speaker.wait(30)
                counts.append(len(texts))
            time.sleep(0.3)
            speaker.close()
            return per_play(daemon.protocol.messages(), monitor, counts)
        finally:
            monitor.stop()
            daemon.stop()


def per_play(messages: Sequence[Any], monitor: Any, counts: Sequence[int]) -> DaemonAudio:
    heard, start, audible = DaemonAudio(), 0, monitor.audible()
    for number, count in enumerate(counts):
        mine = messages[start:start + count]
        start += count
        ends = [when for m in mine for when, event in m.events if event == "end"]
        if not number or not mine or len(ends) != count:
            continue
        played = monitor.between(audible, mine[0].sent, max(ends))
        if played is not None:
            first, last = played
            heard.whole.append(max(ends) - first)
            heard.voiced.append(last - first)
            heard.wait.append(first - mine[0].sent)
    return heard


def report_speechd(heard: Sequence[Heard], voice: Voice) -> None:
    plays = [h for h in heard if h.play][:SD_PLAYS]
    measured = speechd_per_play(plays, voice.lang)
    if isinstance(measured, str) or not measured.whole:
        why = measured if isinstance(measured, str) else "no play was heard"
        print(f"  Speech Dispatcher: not measured ({why}); its goal is not judged")
        return
    built_in = [sum(voice.seconds(t) for t in h.texts) for h in plays]
    untrimmed = [sum(voice.seconds(t, UNTRIMMED) for t in h.texts) for h in plays]
    median, p90 = statistics.median(measured.whole), percentile(measured.whole, 0.9)
    met = median <= GOAL_MEDIAN and p90 <= GOAL_P90
    print(f"  The Void through Speech Dispatcher (real daemon, espeak-ng module, its audio on a null sink), first "
          f"{len(measured.whole)} plays: per play median {median:.2f} s, p90 {p90:.2f} s (voiced "
          f"{statistics.median(measured.voiced):.2f} s, {percentile(measured.voiced, 0.9):.2f} s); before the first "
          f"sound median {1000 * statistics.median(measured.wait):.0f} ms")
    print(f"    the same plays, same run: built-in voice median {statistics.median(built_in):.2f} s, "
          f"p90 {percentile(built_in, 0.9):.2f} s; espeak-ng untrimmed median {statistics.median(untrimmed):.2f} s, "
          f"p90 {percentile(untrimmed, 0.9):.2f} s; ratio Speech Dispatcher / built-in "
          f"{ratio(median, statistics.median(built_in)):.2f} (median)")
    print(f"  Speech Dispatcher: {'goal met' if met else 'GOAL MISSED'} (≤ {GOAL_MEDIAN} s median and ≤ {GOAL_P90} s "
          f"p90 per play, its own figures)")


def ratio(a: float, b: float) -> float:
    return a / b if b else 0.0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=22)
    parser.add_argument("--lang", choices=("fr", "en", "both"), default="both")
    parser.add_argument("--reference", default="full", help="the verbosity measured as the reference (default full)")
    parser.add_argument("--no-speechd", action="store_true", help="leave out the Speech Dispatcher figures")
    args = parser.parse_args(argv)
    langs = ("fr", "en") if args.lang == "both" else (args.lang,)
    print(f"listening benchmark: espeak-ng at its default rate, seed {args.seed}, "
          f"goal The Void ≤ {GOAL_MEDIAN} s median and ≤ {GOAL_P90} s p90 per play, no question")
    for lang in langs:
        voice = Voice(lang)
        heard = heard_void(args.seed, lang)
        void, voiced = figures(heard, voice), figures(heard, voice, VOICED)
        untrimmed = figures(heard, voice, UNTRIMMED)
        reference_heard = heard_void(args.seed, lang, args.reference)
        reference = figures(reference_heard, voice)
        normal_heard = heard_void(args.seed, lang, "normal")
        normal = figures(normal_heard, voice)
        ranks = heard_void(args.seed, lang, ranks_only=True)
        print(f"{lang}: whole WAVs as played (silence included), voiced part beside")
        show("The Void, default verbosity", void, voiced)
        show("The Void, default verbosity, espeak-ng untrimmed (reference)", untrimmed)
        show("The Void, default verbosity, with its earcons (--sounds on)", figures(heard, voice, sounds=True))
        show("The Void, default verbosity, plays typed as ranks alone", figures(ranks, voice),
             figures(ranks, voice, VOICED))
        show("The Void, verbosity normal", normal, figures(normal_heard, voice, VOICED))
        show(f"The Void, verbosity {args.reference} (reference)", reference,
             figures(reference_heard, voice, VOICED))
        for label, game, extra in (("Mindbug", "mindbug", {}), ("Num-X", "num-x", {"players": 3})):
            bots = heard_bots(game, args.seed, lang, 300, **extra)
            show(f"{label}, default verbosity", figures(bots, voice), figures(bots, voice, VOICED))
        met = void.median <= GOAL_MEDIAN and void.p90 <= GOAL_P90 and void.questions == 0
        print(f"  ratio to espeak-ng untrimmed: {ratio(void.median, untrimmed.median):.2f} per play (median), "
              f"{ratio(void.p90, untrimmed.p90):.2f} (p90), {ratio(void.total, untrimmed.total):.2f} in all")
        print(f"  ratio to normal: {ratio(void.median, normal.median):.2f} per play (median), "
              f"{ratio(void.total, normal.total):.2f} in all")
        print(f"  ratio to the reference ({args.reference}): {ratio(void.median, reference.median):.2f} per play "
              f"(median), {ratio(void.total, reference.total):.2f} in all")
        print(f"  built-in voice: {'goal met' if met else 'GOAL MISSED'} (its own figures above; Speech Dispatcher "
              f"is judged on its own line)")
        if args.no_speechd:
            print("  Speech Dispatcher: not measured (--no-speechd); its goal is not judged")
        else:
            report_speechd(heard, voice)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
