"""Keys typed while an answer prints above the prompt are never echoed by the terminal, on a real pseudo-terminal.

prompt_toolkit prints above the prompt (``run_in_terminal``) in its cooked mode, which turns the terminal's echo
on: what was typed at that moment appeared on the screen ("fight> fight" between two announcements, read by the
screen reader), a secret value too.
"""

from __future__ import annotations

import asyncio
import contextvars
import os
import termios
import threading
from collections.abc import Callable, Iterator

import pytest
from prompt_toolkit import PromptSession
from prompt_toolkit.application import create_app_session
from prompt_toolkit.data_structures import Size
from prompt_toolkit.input.vt100 import Vt100Input
from prompt_toolkit.key_binding import KeyBindings
from prompt_toolkit.output.vt100 import Vt100_Output

from companion.ui.interactive import PromptScheduler
from companion.ui.keys import above_prompt
from companion.ui.terminal import no_echo

pytestmark = pytest.mark.timeout(30)

F4 = b"\x1bOS"


class Terminal:
    """A pseudo-terminal whose far end the test types into and reads, drained so that no write ever blocks."""

    def __init__(self) -> None:
        self.master, self.slave = os.openpty()
        self.stdin = os.fdopen(os.dup(self.slave), "r", encoding="utf-8")
        self.stdout = os.fdopen(os.dup(self.slave), "w", encoding="utf-8")
        self._drain = threading.Thread(target=self._read, daemon=True)
        self._drain.start()

    def _read(self) -> None:
        try:
            while os.read(self.master, 4096):
                pass
        except OSError:
            pass

    def echoes(self) -> bool:
        return bool(termios.tcgetattr(self.slave)[3] & termios.ECHO)

    def prompt(self, bindings: KeyBindings, typed: bytes, pre_run: Callable[[], None] | None = None) -> str:
        """One prompt on this terminal, with ``typed`` already waiting; the line it read."""
        with create_app_session(input=Vt100Input(self.stdin), output=Vt100_Output(self.stdout, lambda: Size(24, 80))):
            os.write(self.master, typed)
            with no_echo():  # as the interactive mode runs the whole game (companion/ui/interactive.py)
                return PromptSession(key_bindings=bindings).prompt("> ", pre_run=pre_run)

    def close(self) -> None:
        for handle in (self.stdin, self.stdout):
            handle.close()
        os.close(self.slave)
        os.close(self.master)


@pytest.fixture
def terminal() -> Iterator[Terminal]:
    made = Terminal()
    try:
        yield made
    finally:
        made.close()


def test_an_answer_above_the_prompt_prints_with_the_echo_off(terminal: Terminal) -> None:
    echo: list[bool] = []
    bindings = KeyBindings()

    @bindings.add("f4")
    def _(event: object) -> None:
        above_prompt(event, lambda: echo.append(terminal.echoes()), "> ")  # type: ignore[arg-type]

    assert terminal.prompt(bindings, F4 + b"status\r") == "status"
    assert echo == [False]


def test_a_pages_sentence_above_the_prompt_prints_with_the_echo_off(terminal: Terminal) -> None:
    echo: list[bool] = []
    scheduler = PromptScheduler()

    def sentence() -> None:
        echo.append(terminal.echoes())
        os.write(terminal.master, b"status\r")  # the line typed once the sentence is printed

    def from_a_page() -> None:  # a request from a seat's page while the prompt waits (companion/web)
        scheduler.waiting = (asyncio.get_running_loop(), contextvars.copy_context())
        threading.Thread(target=scheduler, args=(sentence,)).start()

    assert terminal.prompt(KeyBindings(), b"", pre_run=from_a_page) == "status"
    assert echo == [False]
