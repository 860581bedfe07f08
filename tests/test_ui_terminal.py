"""The interactive mode in a real terminal (tmux): the screen holds plain announcement lines and nothing else.

Also: a killed game is offered back at the next start, and resumes where it was.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

from companion import journal
from companion.announce import Announcer
from companion.render import Settings
from companion.session import open_session
from test_ui import GAUNTLET

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")

COMPANION = Path(sys.executable).with_name("companion")
LINES = ["status", "play ebony maw", "next", "play captain america"]
UI_SENTENCES = {
    "Type help for the commands, or press F1.",
    "Turn 2: hero 1 has played: fight, or type next. Now: defeat, token, fight or next.",
    "Hero 1, type your value secretly.",
    "Thanos, type your value secretly.",
    "Thank you.",
}


class Pane:
    """One tmux session running one command; a private tmux server, so the user's own is never touched."""

    def __init__(self, command: str, env: dict[str, str]) -> None:
        self.socket = f"companion-test-{uuid.uuid4().hex[:8]}"
        self.name = "ui"
        exports = " ".join(f"{k}={shlex.quote(v)}" for k, v in env.items())
        # The pane stays open after the program ends, so its last lines can still be read.
        self._tmux("new-session", "-d", "-x", "120", "-y", "40", "-s", self.name,
                   f"env {exports} {command}; sleep 60")

    def _tmux(self, *args: str) -> str:
        return subprocess.run(["tmux", "-L", self.socket, *args], check=True, capture_output=True, text=True,
                              timeout=10).stdout

    def keys(self, *keys: str) -> None:
        self._tmux("send-keys", "-t", self.name, *keys)

    def line(self, text: str) -> None:
        self._tmux("send-keys", "-t", self.name, "-l", text)
        self._tmux("send-keys", "-t", self.name, "Enter")

    def screen(self) -> str:
        return self._tmux("capture-pane", "-p", "-J", "-S", "-500", "-t", self.name)

    def wait_for(self, text: str, timeout: float = 15.0) -> str:
        end = time.monotonic() + timeout
        while True:
            screen = self.screen()
            if text in screen:
                return screen
            if time.monotonic() > end:
                raise AssertionError(f"{text!r} never appeared on the screen:\n{screen}")
            time.sleep(0.1)

    def close(self) -> None:
        subprocess.run(["tmux", "-L", self.socket, "kill-server"], capture_output=True, timeout=10)


def _batch(lines: list[str], data_dir: Path) -> list[str]:
    """What the scripted mode announces for the same lines."""
    result = subprocess.run([str(COMPANION), "play", "gauntlet", "--lang", "en", "--players", "2"],
                            input="\n".join(lines) + "\n", capture_output=True, text=True, check=True,
                            env={**os.environ, "COMPANION_DATA_DIR": str(data_dir)}, timeout=60)
    return result.stdout.splitlines()


def _play_command(players: bool = True) -> str:
    """``companion play gauntlet``; with ``--players 2`` unless ``players`` is false (a table set up there is a new game)."""
    return f"{COMPANION} play gauntlet --lang en{' --players 2' if players else ''} --speech none --braille none"


@pytest.mark.parametrize("extra", [{}, {"NO_COLOR": "1"}, {"TERM": "dumb"}], ids=["xterm", "no-color", "dumb"])
def test_the_screen_holds_plain_announcements_only(tmp_path: Path, extra: dict[str, str]) -> None:
    env = {"COMPANION_DATA_DIR": str(tmp_path / "data"), "LANG": "C.UTF-8", **extra}
    pane = Pane(_play_command(), env)
    try:
        pane.wait_for("Type help for the commands, or press F1.")
        for line in LINES:
            pane.line(line)
            pane.wait_for(f"> {line}")
        pane.wait_for("You may fight Thanos.")
        pane.keys("F4")  # what is left to do: the card is played, a fight or next
        pane.wait_for("Turn 2: hero 1 has played: fight, or type next. Now:")
        pane.line("fight")
        pane.wait_for("Hero 1, type your value secretly.")
        pane.line("0003")
        pane.wait_for("Thanos, type your value secretly.")
        pane.line("00005")
        pane.wait_for("Fight: Thanos beats hero 1.")
        pane.line("quit")
        screen = pane.wait_for("Game saved.")
    finally:
        pane.close()
    lines = [line.rstrip() for line in screen.splitlines() if line.strip()]
    assert "\x1b" not in screen and "\x07" not in screen
    assert "0003" not in screen and "00005" not in screen
    for word in ("WARNING", "Traceback", "Warning", "CPR", "^[", "[?"):
        assert word not in screen
    expected = _batch(LINES, tmp_path / "batch")
    fight_outcome = {"Fight: Thanos beats hero 1.", "Hero 1's card is defeated: which one? Type defeat hero 1 and the card."}
    announcements = []
    for line in lines:
        if line.startswith(">"):
            assert line[2:] in LINES + ["fight", "quit"] or line == ">", line
        elif line == "Secret value:":
            continue
        else:
            announcements.append(line)
            assert line in expected or line in UI_SENTENCES or line in fight_outcome or line.startswith("Game saved."), line
    assert [line for line in announcements if line in expected] == expected
    # No file name (issue 32); --lang en: LANG=C.UTF-8 is a French system for the companion.
    assert announcements[-1] == "Game saved. Type companion play gauntlet --lang en to resume it."


def test_a_killed_game_is_offered_back_and_resumes_where_it_was(tmp_path: Path) -> None:
    env = {"COMPANION_DATA_DIR": str(tmp_path), "LANG": "C.UTF-8"}
    pane = Pane(_play_command(), env)
    try:
        pane.wait_for("Type help for the commands, or press F1.")
        for line in ["play ebony maw", "next", "play captain america"]:
            pane.line(line)
        pane.wait_for("You may fight Thanos.")
        pane.line("status")
        before = [line for line in pane.wait_for("Turn 2: hero 1 has played").splitlines()
                  if line.startswith("Turn 2: hero 1 has played")][0]
    finally:
        pane.close()  # the companion is killed with its terminal: no quit, no goodbye
    saves = list((tmp_path / "saves").glob("gauntlet_*.jsonl"))
    assert len(saves) == 1
    killed = journal.read(saves[0])

    pane = Pane(_play_command(players=False), env)  # no table set up on the command line: the question
    try:
        pane.wait_for("Resume it? Type yes or no.")
        pane.line("yes")
        pane.wait_for("Game resumed: 3 commands replayed.")
        pane.line("status")
        screen = pane.wait_for("> status")
        time.sleep(0.5)
        screen = pane.screen()
        pane.line("quit")
        pane.wait_for("Game saved.")
    finally:
        pane.close()
    after = [line for line in screen.splitlines() if line.startswith("Turn 2: hero 1 has played")]
    assert after and after[-1] == before
    assert list((tmp_path / "saves").glob("gauntlet_*.jsonl")) == saves  # no new save: the same file goes on
    resumed = journal.read(saves[0])
    assert resumed.command_lines() == killed.command_lines()
    options = GAUNTLET.rules.options_from(resumed.options)
    again = open_session(GAUNTLET, options, Settings(), Announcer())
    again.table.restore(resumed)
    first = open_session(GAUNTLET, options, Settings(), Announcer())
    first.table.restore(killed)
    assert again.state == first.state and len(again.table.steps) == 3


def test_ctrl_d_leaves_no_prompt_on_the_screen(tmp_path: Path) -> None:
    """Issue 11: Orca read aloud the grey "> " and spaces left behind at exit."""
    pane = Pane(_play_command(), {"COMPANION_DATA_DIR": str(tmp_path), "LANG": "C.UTF-8"})
    try:
        pane.wait_for("Type help for the commands, or press F1.")
        pane.line("play proxima")  # something played, so that the game is saved and says so
        pane.wait_for("1 power token for Thanos")
        pane.keys("C-d")
        screen = pane.wait_for("Game saved.")
    finally:
        pane.close()
    assert not [line for line in screen.splitlines() if line.strip() == ">"]
    assert "1 power token for Thanos: 1 held, 8 in the reserve.\nGame saved." in screen


def test_tab_on_a_dumb_terminal_leaves_the_line_as_typed(tmp_path: Path) -> None:
    """Issue 12: with TERM=dumb a completion could not be redrawn ("> play eb w"); there Tab does nothing."""
    pane = Pane(_play_command(), {"COMPANION_DATA_DIR": str(tmp_path), "LANG": "C.UTF-8", "TERM": "dumb"})
    try:
        pane.wait_for("Type help for the commands, or press F1.")
        pane.keys("play eb", "Tab")
        pane.line("ony maw")
        screen = pane.wait_for("5: Thanos plays Ebony Maw.")
    finally:
        pane.close()
    assert "> play ebony maw" in screen


def test_a_hand_entered_on_a_page_is_decided_above_the_waiting_prompt(tmp_path: Path) -> None:
    """A page's request reaches the table while its prompt waits: its sentences print as plain lines above it."""
    from web_requests import join_link, post_json

    command = (f"{COMPANION} play love-letter --lang en --names Ana Ben Cleo --speech none --braille none "
               "--serve --host 127.0.0.1 --port 0")
    pane = Pane(command, {"COMPANION_DATA_DIR": str(tmp_path), "LANG": "C.UTF-8"})
    try:
        screen = pane.wait_for("Type help for the commands, or press F1.")
        joined = re.search(r"open (http://127\.0\.0\.1:[0-9]+)/ and type the join code ([A-Z0-9 ]+)\.", screen)
        assert joined is not None and "/seat/" not in screen, screen
        cleo, device = join_link(joined.group(1), joined.group(2), "p3")
        pane.line("play guard cleo priest")
        pane.wait_for("If Cleo's card is Priest, type: out Cleo; else miss.")
        assert post_json(cleo + "/hand", {"card1": "priest", "lang": "en"}, device) == (
            200, {"ok": True, "message": "Your hand is kept for your page only: never said, shown elsewhere or saved."})
        screen = pane.wait_for("2, Priest, face up: Cleo is out of the round. 2 players left in the round.")
        pane.line("quit")
        pane.wait_for("Game saved.")
    finally:
        pane.close()
    lines = [line.rstrip() for line in screen.splitlines() if line.strip()]
    decided = lines.index("Decided from the hands entered on the devices:")
    assert lines[decided + 1] == "2, Priest, face up: Cleo is out of the round. 2 players left in the round."
    assert "\x1b" not in screen and "Traceback" not in screen
