"""The interactive mode's keys: one table, used by the key bindings, ``help`` and the docs.

The keys were chosen not to collide with screen readers (see docs/interactive.*.md):
NVDA, JAWS and Orca use a modifier (Insert or Caps Lock) or the numeric keypad for
their own commands, VoiceOver uses Control+Option, so plain F1 to F6, Escape,
Control+Z and Control+Y reach the companion. Each handler announces through
``run_in_terminal``, so its sentences are printed as plain lines above the prompt,
which is then drawn again with what was being typed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Protocol

from prompt_toolkit.application import run_in_terminal
from prompt_toolkit.application.current import get_app, get_app_session
from prompt_toolkit.completion import CompleteEvent, Completer, get_common_complete_suffix
from prompt_toolkit.filters import Condition
from prompt_toolkit.key_binding import KeyBindings
from prompt_toolkit.key_binding.key_processor import KeyPressEvent
from prompt_toolkit.utils import is_dumb_terminal

from companion.render import N_
from companion.ui.terminal import quietly


class Actions(Protocol):
    """What the keys do; the interactive loop provides it."""

    def help(self) -> None: ...
    def repeat(self) -> None: ...
    def status(self) -> None: ...
    def turn(self) -> None: ...
    def previous(self) -> None: ...
    def next(self) -> None: ...
    def undo(self) -> None: ...
    def redo(self) -> None: ...
    def stop_speech(self) -> None: ...
    def choices(self, candidates: list[str]) -> None: ...


@dataclass(frozen=True)
class Key:
    """One key: the prompt_toolkit names, the action, and its help sentence (a ``ui`` catalog id)."""

    keys: tuple[str, ...]
    action: str
    help: str


KEYS: tuple[Key, ...] = (
    # Translators: the keys, read by help and F1. Keep the key names as printed on French keyboards (Ctrl, Échap, Tab).
    Key(("f1",), "help", N_("F1: help, what can be done now.")),
    Key(("f2",), "repeat", N_("F2: say the whole last answer again.")),
    Key(("f3",), "status", N_("F3: short status: what to do now, and the lives.")),
    Key(("f4",), "turn", N_("F4: whose turn it is and what they may do.")),
    Key(("f5",), "previous", N_("F5: the previous sentence.")),
    Key(("f6",), "next", N_("F6: the next sentence.")),
    # Translators: a key and what it does.
    Key(("c-z",), "undo", N_("Ctrl+Z: undo.")),
    # Translators: a key and what it does.
    Key(("c-y",), "redo", N_("Ctrl+Y: redo.")),
    Key(("escape",), "stop_speech", N_("Escape: stop speech.")),
)

#: Keys handled by prompt_toolkit or the loop, listed in help too.
OTHER_KEYS: tuple[str, ...] = (
    N_("Tab: complete a command, a player or a card. Press it again to hear the choices."),
    N_("Up and Down arrows: the lines typed before."),
    N_("Ctrl+C: clear the line being typed."),
    N_("Ctrl+D on an empty line, or quit: stop for now; the game is saved."),
)


def help_lines() -> list[str]:
    """The catalog ids of every key's help sentence, in the order help reads them."""
    return [key.help for key in KEYS] + list(OTHER_KEYS)


def build_key_bindings(actions: Actions, completer: Completer, prompt: str = "> ") -> KeyBindings:
    """The key bindings of the main prompt (``prompt`` is shown again after a key spoke, on dumb terminals)."""
    bindings = KeyBindings()

    for key in KEYS:
        _bind(bindings, key, getattr(actions, key.action), prompt)

    @bindings.add("c-d", filter=Condition(lambda: not get_app().current_buffer.text))
    def _end(event: KeyPressEvent) -> None:
        """Ctrl+D on an empty line ends the game; the prompt is erased, not left for a screen reader to read."""
        event.app.erase_when_done = True
        event.app.exit(exception=EOFError)

    @bindings.add("tab")
    def _complete(event: KeyPressEvent) -> None:
        """Readline-style: complete what is certain; when nothing more is, say the choices on one line.

        Not on a dumb terminal (TERM=dumb): it cannot redraw the line, so a completion
        would leave "> play eb w" on the screen; Tab does nothing there.
        """
        if is_dumb_terminal():
            return
        buffer = event.current_buffer
        completions = list(completer.get_completions(buffer.document, CompleteEvent(completion_requested=True)))
        if not completions:
            return
        if len(completions) == 1:
            only = completions[0]
            buffer.delete_before_cursor(-only.start_position)
            buffer.insert_text(only.text + " ")
            return
        common = get_common_complete_suffix(buffer.document, completions)
        if common:
            buffer.insert_text(common)
            return
        shown = list(dict.fromkeys(c.text for c in completions))
        above_prompt(event, lambda: actions.choices(shown), prompt)

    return bindings


def above_prompt(event: KeyPressEvent, action: Callable[[], None], prompt: str) -> None:
    """Run ``action`` (which prints whole lines) above the prompt, then show the prompt and the typed text again.

    ``run_in_terminal`` does this by erasing and redrawing the prompt; a dumb
    terminal (``TERM=dumb``) cannot erase, so the line is ended and the prompt
    written again by hand.
    """
    if not is_dumb_terminal():
        run_in_terminal(quietly(action))
        return
    terminal = get_app_session().output
    typed = event.current_buffer.document.text_before_cursor
    terminal.write("\r\n")
    terminal.flush()
    action()
    terminal.write(prompt + typed)
    terminal.flush()


def _bind(bindings: KeyBindings, key: Key, action: Callable[[], None], prompt: str) -> None:
    eager = key.keys == ("escape",)  # Escape alone, at once: no waiting for an Alt combination

    quiet = key.action == "stop_speech"  # prints nothing: the prompt need not be drawn again

    @bindings.add(*key.keys, eager=eager)
    def _handler(event: KeyPressEvent) -> None:
        if quiet:
            action()
        else:
            above_prompt(event, action, prompt)


__all__ = ["Actions", "above_prompt", "KEYS", "Key", "OTHER_KEYS", "build_key_bindings", "help_lines"]
