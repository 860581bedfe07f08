"""The display's keys as the companion's actions: BrlAPI key codes decoded with a key map that is data.

BRLTTY reads a display's keys and turns them into commands through its key table for that display; BrlAPI
hands them to the companion as 64-bit key codes (brlapi_keycodes.h): a type (command or key symbol), a
command block and its argument (``PASSDOTS`` + the dots typed, ``ROUTE`` + the cell), and flags. `KeyMap`
names, for each command or symbol, what the companion does (companion/data/braille_keys.toml); `decode`
turns one code into a `Press`. Nothing here needs BrlAPI itself: the code layout is fixed by BrlAPI's
protocol, and the names of the commands come from the ``brlapi`` module only when a display is in use
(`brlapi_names`), so this module is tested and used the same on every system.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

#: The key map shipped with the companion.
DATA = Path(__file__).parent.parent / "data" / "braille_keys.toml"  # imported as companion.braille.keys
#: What a key may do (the docs list each).
ACTIONS = frozenset({"type", "space", "send", "erase", "clear", "route", "previous", "next", "help", "status",
                     "turn", "repeat", "refusal"})

# BrlAPI's key code layout (brlapi_keycodes.h); tests check each against the brlapi module.
TYPE_MASK = 0xE0000000
TYPE_CMD = 0x20000000
BLOCK_MASK = 0x1FFF0000
ARGUMENT_MASK = 0xFFFF
SYMBOL_UNICODE = 0x01000000
#: In a PASSDOTS argument: the space bar was held with the dots (a chord).
CHORD = 0x100
#: The dots of a cell (dot n is bit n - 1), as in Unicode braille.
DOTS = 0xFF


@dataclass(frozen=True)
class Press:
    """One key press as the companion's action: ``dots`` typed (``type``), the ``cell`` routed (``route``)."""

    action: str
    dots: int = 0
    cell: int = 0
    #: A chord that is no action types its cell, then a space (BRLTTY's Quick Space).
    space_after: bool = False


class KeyMapError(ValueError):
    """The key map names an action or a chord that does not exist."""


def parse_dots(text: str) -> int:
    """``"1-2-5"`` → the dots' bit mask (dot n is bit n - 1).

    :raises KeyMapError: not dot numbers 1 to 8 separated by ``-``.
    """
    value = 0
    for part in text.split("-"):
        if len(part.strip()) != 1 or part.strip() not in "12345678":
            raise KeyMapError(f"{text!r} is not a chord of dots 1 to 8 such as 1-2-5")
        value |= 1 << (int(part) - 1)
    return value


def dots_text(dots: int) -> str:
    """The dots' bit mask as ``1-2-5`` (``0``: no dot, the space bar alone)."""
    return "-".join(str(n + 1) for n in range(8) if dots & (1 << n)) or "0"


@dataclass(frozen=True)
class KeyMap:
    """BrlAPI command and symbol names → actions, and the chords that are actions (see braille_keys.toml)."""

    commands: dict[str, str] = field(default_factory=dict)
    symbols: dict[str, str] = field(default_factory=dict)
    chords: dict[int, str] = field(default_factory=dict)
    #: Cells typed without the space bar that are actions (dot 8 alone, dot 7 alone).
    cells: dict[int, str] = field(default_factory=dict)

    @classmethod
    def load(cls, path: Path = DATA) -> KeyMap:
        """The key map in ``path`` (TOML).

        :raises KeyMapError: an unknown action or a bad chord; OSError, tomllib.TOMLDecodeError.
        """
        with path.open("rb") as file:
            return cls.parse(tomllib.load(file))

    @classmethod
    def parse(cls, data: dict[str, Any]) -> KeyMap:
        """A key map from its TOML tables ``commands``, ``symbols``, ``chords`` and ``cells``.

        :raises KeyMapError: an unknown action or a bad chord.
        """
        sections: dict[str, dict[str, str]] = {}
        for section in ("commands", "symbols", "chords", "cells"):
            table = data.get(section, {})
            for name, action in table.items():
                if action not in ACTIONS:
                    raise KeyMapError(f"[{section}] {name} = {action!r}: the action must be one of {sorted(ACTIONS)}")
            sections[section] = {str(name).upper(): str(action) for name, action in table.items()}
        return cls(sections["commands"], sections["symbols"],
                   {parse_dots(chord): action for chord, action in data.get("chords", {}).items()},
                   {parse_dots(dots): action for dots, action in data.get("cells", {}).items()})

    def decode(self, code: int, names: BrlapiNames) -> Press | None:
        """The action of one BrlAPI key code, or None for a key the map does not name."""
        if code & TYPE_MASK == TYPE_CMD:
            block = code & BLOCK_MASK
            argument = code & ARGUMENT_MASK
            if block:
                return self._block(names.commands.get(TYPE_CMD | block, ""), argument)
            action = self.commands.get(names.commands.get(TYPE_CMD | argument, ""))
            return Press(action) if action else None
        if code & TYPE_MASK:
            return None
        symbol = code & 0x1FFFFFFF
        if symbol in (0x20, SYMBOL_UNICODE | 0x20):  # the space bar as a character
            return Press("space")
        action = self.symbols.get(names.symbols.get(symbol, ""))
        return Press(action) if action else None

    def _block(self, name: str, argument: int) -> Press | None:
        action = self.commands.get(name)
        if action == "route":
            return Press("route", cell=argument)
        if action != "type":
            return Press(action) if action else None
        dots = argument & DOTS
        if not dots:
            return Press("space")
        if not argument & CHORD:
            alone = self.cells.get(dots)
            return Press(alone) if alone else Press("type", dots)
        chord = self.chords.get(dots)
        return Press(chord) if chord else Press("type", dots, space_after=True)

    def accepted(self, names: BrlapiNames) -> tuple[list[int], list[int]]:
        """The BrlAPI codes to accept: the commands named (``rangeType_command``: with any argument and flags)
        and the key symbols named, the space bar as a character too (``rangeType_key``: with any flags)."""
        by_name = {name: code for code, name in names.commands.items()}
        by_symbol = {name: code for code, name in names.symbols.items()}
        commands = [by_name[name] for name in self.commands if name in by_name]
        symbols = [by_symbol[name] for name in self.symbols if name in by_symbol]
        return commands, symbols + [0x20]  # BRLTTY's PASSCHAR 32, or a driver that types characters


def user_key_map() -> tuple[KeyMap, Path | None]:
    """The user's key map (``braille_keys.toml`` in the folder ``companion config-dir`` names) when there is one,
    else the shipped one; with the user's file when it cannot be used (the shipped map is then used)."""
    from companion.cards import CardDataError, data_path

    try:
        path = data_path(DATA.name)
    except CardDataError as error:
        return KeyMap.load(), error.path
    try:
        return KeyMap.load(path), None
    except (KeyMapError, OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return KeyMap.load(), path


@dataclass(frozen=True)
class BrlapiNames:
    """BrlAPI's codes → names: commands (``TYPE_CMD`` | the command or block) and key symbols."""

    commands: dict[int, str]
    symbols: dict[int, str]


def brlapi_names(brlapi: ModuleType) -> BrlapiNames:
    """The names of BrlAPI's commands and key symbols, from its Python module."""
    commands: dict[int, str] = {}
    symbols: dict[int, str] = {}
    for attribute in dir(brlapi):
        value = getattr(brlapi, attribute)
        if not isinstance(value, int):
            continue
        if attribute.startswith("KEY_CMD_") and not attribute.endswith("_MASK") and not attribute.endswith("_SHIFT"):
            commands.setdefault(TYPE_CMD | value, attribute[len("KEY_CMD_"):])
        elif attribute.startswith("KEY_SYM_") and attribute != "KEY_SYM_UNICODE":
            symbols.setdefault(value, attribute[len("KEY_SYM_"):])
    return BrlapiNames(commands, symbols)


__all__ = ["ACTIONS", "BrlapiNames", "KeyMap", "KeyMapError", "Press", "brlapi_names", "dots_text", "parse_dots",
           "user_key_map"]
