"""The Void in real time: lines typed in quick succession are all kept, in order, and each cuts off the last one's speech.

The session is wired to its voice as ``companion play`` wires it (``with_outputs``):
a new line stops what is being said before it is handled, and nothing waits for speech.
"""

from __future__ import annotations

import shutil
import time
from pathlib import Path

import pytest

from companion import speech
from companion import journal
from companion.announce import Announcer
from companion.registry import find
from companion.games.base import options_to_json
from companion.play import _Outputs, with_outputs
from companion.render import Settings
from companion.session import Session, Wiring, open_session
from tests.conftest import Recorder

GAME = find("the-void")


class OrderedSpeaker(speech.RecordingSpeaker):
    """A recording speaker that also keeps says and stops in the order they came."""

    def __init__(self) -> None:
        super().__init__()
        self.calls: list[tuple[str, str]] = []

    def say(self, text: str, interrupt: bool = False, lang: str | None = None) -> None:
        super().say(text, interrupt, lang)
        self.calls.append(("say", text))

    def stop(self) -> None:
        super().stop()
        self.calls.append(("stop", ""))


def void_table(path: Path, speaker: speech.Speaker) -> tuple[Session, Recorder, journal.Journal]:
    options = GAME.rules.options_type(players=4)
    saved = journal.Journal.create(path, GAME.id, options_to_json(options))
    recorder = Recorder()
    voice = speech.SpeechOutput(speaker, "fr")
    session = open_session(GAME, options, Settings("fr"), with_outputs(Wiring(Announcer([recorder, voice])),
                                                                       _Outputs(speech=voice)), saved)
    session.start()
    return session, recorder, saved


def test_two_lines_in_quick_succession_are_kept_in_order_and_the_second_cuts_off_the_first(tmp_path: Path) -> None:
    speaker = OrderedSpeaker()
    path = tmp_path / "void.jsonl"
    session, recorder, saved = void_table(path, speaker)
    speaker.calls.clear()
    before = time.monotonic()
    session.handle("7")
    session.handle("8 rouge")
    assert time.monotonic() - before < 0.5  # nothing waited for speech
    saved.close()

    assert [step.command.to_json()["cmd"] for step in session.table.steps] == ["play", "play"]
    assert [(card.rank, card.type) for card in session.state.pile] == [(7, None), (8, "red")]
    on_disk = journal.read(path).command_lines()
    assert [line["cmd"] for line in on_disk] == ["play", "play"]
    assert [line["t"] for line in on_disk] == sorted(line["t"] for line in on_disk)

    assert recorder.texts[-2:] == ["7.", "8 rouge."]
    # Each line first stops what is being said: the second line cuts off the first one's sentence.
    assert speaker.calls == [("stop", ""), ("say", "7."), ("stop", ""), ("say", "8 rouge.")]
    assert speaker.said[-2:] == [("7.", False), ("8 rouge.", False)]  # queued, never cutting each other off


@pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="the built-in voice needs espeak-ng")
def test_with_the_built_in_voice_only_the_second_line_is_heard_out(tmp_path: Path) -> None:
    from companion.speech import espeak, nullplayer

    log = tmp_path / "player.log"
    speaker = speech.TtsSpeaker("fr", player=nullplayer.command(log))
    try:
        session, _, saved = void_table(tmp_path / "void.jsonl", speaker)
        assert speaker.wait(timeout=10)
        log.unlink(missing_ok=True)
        session.handle("7")
        session.handle("8 rouge")
        assert speaker.wait(timeout=10)
        saved.close()
    finally:
        speaker.close()
    rows = [line.split() for line in log.read_text().splitlines()]
    ends = [row for row in rows if row[0] == "end"]
    wav = espeak.synthesize("8 rouge.", "fr")
    assert [int(row[3]) for row in ends] == [len(wav) - (wav.index(b"data") + 8)]  # the second, heard in full
    started = {row[1] for row in rows if row[0] == "start"}
    assert started <= {row[1] for row in rows if row[0] in ("stop", "end")}  # the first, if it started, was cut off
    assert len(started - {ends[0][1]}) <= 1
