"""The transcripts in the games' docs are what the table hears: each ``> command`` block, replayed after its scene.

A block quotes what a referee types (``> …``) and every sentence that follows, one line each. The scene of each block
(the game's options and the lines typed before it, the same in both languages) is kept here, in the docs' order, so a
sentence changed in a catalog without its doc fails here, naming the doc and the block.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import make_session, run_lines

pytestmark = pytest.mark.timeout(60)

DOCS = Path(__file__).resolve().parent.parent / "docs"

#: Each transcript block's scene, in the doc's order: the game's options, then the lines typed before the block.
SCENES: dict[str, list[tuple[dict[str, Any], list[str]]]] = {
    "gauntlet": [
        ({"players": 3}, []),                                                       # play cap
        ({"players": 3}, ["play ebony maw", "next"]),                               # play spidreman
        ({"players": 3}, []),                                                       # status
        ({"players": 3}, ["play ebony maw", "next", "play hulk"]),                  # status short
        ({"players": 3}, []),                                                       # play outriders
        ({"players": 2}, ["play proxima", "next", "play hulk", "next", "play thor", "next"]),  # time stone proxima
        ({"players": 3}, []),                                                       # defeat thanos reality
        ({"players": 3}, []),                                                       # play black dwarf
        ({"players": 3}, ["play ebony maw", "next"]),                               # play hulk
        ({"players": 3}, []),                                                       # token
        ({"players": 2}, ["play mind stone 2", "next", "play hulk", "next", "play thor", "next",
                          "play soul stone", "next", "play captain america", "next", "play black widow", "next",
                          "play space stone", "next", "play iron man", "next", "play nebula 3", "next",
                          "play reality stone", "next", "play black panther", "next", "play gamora", "next"]),  # snap
        ({"players": 2}, ["play ebony maw", "next", "play hulk"]),                  # next
        ({"players": 3}, []),                                                       # defeat thanos reality, undo
        ({"players": 3}, []),                                                       # play ebony maw, undo
        ({"players": 3}, ["play ebony maw", "next", "play hulk"]),                  # fight, undo
        ({"players": 4}, ["play proxima", "next", "play hulk", "fight 3 7", "defeat hero 1 thor", "next",
                          "play black panther", "next"]),                           # played, unseen
        ({"players": 3}, []),                                                       # card soul
    ],
}


def transcripts(doc: Path) -> list[list[str]]:
    """The doc's code blocks that quote typed lines (``> …``), each as its lines."""
    blocks = re.findall(r"^```\n(.*?)^```", doc.read_text(encoding="utf-8"), re.M | re.S)
    return [block.splitlines() for block in blocks if block.startswith("> ")]


def replay(game: str, lang: str, scene: tuple[dict[str, Any], list[str]], block: list[str]) -> list[str]:
    """The block as the companion says it after its scene: each typed line, then its sentences."""
    options, before = scene
    session, recorder = make_session(game, lang=lang, verbosity=None, **options)
    run_lines(session, recorder, "\n".join(before) or "status")
    heard: list[str] = []
    for line in block:
        if line.startswith("> "):
            heard.append(line)
            heard.extend(run_lines(session, recorder, line[2:]))
    return heard


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("game", sorted(SCENES))
def test_every_transcript_is_heard_as_written(game, lang):
    doc = DOCS / f"{game}.{lang}.md"
    blocks = transcripts(doc)
    assert len(blocks) == len(SCENES[game]), f"{doc.name}: a transcript block was added or removed; give it a scene"
    for index, (scene, block) in enumerate(zip(SCENES[game], blocks, strict=True)):
        assert replay(game, lang, scene, block) == block, f"{doc.name}, transcript {index + 1} ({block[0]})"


def json_example(doc: Path) -> tuple[str, list[str], list[str]]:
    """The ``$ printf … | companion play …`` example of ``--json``: its typed lines, its arguments, its output lines."""
    block = re.search(r"^```\n\$ printf '(.*?)' \\\n +\| companion (.*?)\n(.*?)^```", doc.read_text(encoding="utf-8"),
                      re.M | re.S)
    assert block is not None, f"{doc.name}: no runnable --json example"
    typed, args, output = block.groups()
    return typed.replace("\\n", "\n"), args.split(), output.splitlines()


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_json_example_is_the_output(lang, tmp_path):
    typed, args, written = json_example(DOCS / f"json.{lang}.md")
    save = next(arg for arg in args if arg.startswith("/tmp/x/"))
    args = [str(tmp_path / Path(save).name) if arg == save else arg for arg in args]
    result = subprocess.run([sys.executable, "-m", "companion", *args], input=typed, capture_output=True, text=True,
                            env={**os.environ, "HOME": str(tmp_path), "XDG_DATA_HOME": str(tmp_path)}, timeout=50)
    assert result.returncode == 0, result.stderr
    heard = [json.loads(line) for line in result.stdout.replace(str(tmp_path) + "/", "/tmp/x/").splitlines()]
    assert heard == [json.loads(line) for line in written]


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_gauntlets_opening_is_heard_as_written(lang):
    """The doc's first transcript: what a 3-player game says before anyone types."""
    blocks = re.findall(r"^```\n(.*?)^```", (DOCS / f"gauntlet.{lang}.md").read_text(encoding="utf-8"), re.M | re.S)
    opening = next(block.splitlines() for block in blocks if block.startswith(("Le Gant", "Infinity Gauntlet")))
    session, recorder = make_session("gauntlet", lang=lang, verbosity=None, players=3)
    session.start()
    assert recorder.texts == opening
