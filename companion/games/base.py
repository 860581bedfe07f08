"""What every rules core shares: typed errors, events, commands and their JSON form.

A rules core is pure: ``apply(state, command)`` returns a new state and the
events that say what changed, or raises `RuleError` and changes nothing. Events
and commands are frozen dataclasses whose fields are plain data, so an event is
also the ``--json`` line and a command is also a line of the journal.
"""

from __future__ import annotations

import dataclasses
from typing import Any, Callable, ClassVar, Mapping, TypeVar

from companion.cards import Card, CardSet


class RuleError(ValueError):
    """A command the rules refuse. ``code`` is stable (scripts read it); ``details`` fill the sentence."""

    def __init__(self, code: str, **details: Any) -> None:
        super().__init__(code if not details else f"{code} {details}")
        self.code = code
        self.details = details


@dataclasses.dataclass(frozen=True)
class Event:
    """Something that changed (or was asked for). ``name`` is its stable snake_case type."""

    name: ClassVar[str] = "event"

    def fields(self) -> dict[str, Any]:
        return {f.name: _plain(getattr(self, f.name)) for f in dataclasses.fields(self)}


@dataclasses.dataclass(frozen=True)
class Command:
    """A change a player asks for. ``name`` is its stable journal type."""

    name: ClassVar[str] = "command"

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"cmd": self.name}
        data.update({f.name: _plain(getattr(self, f.name)) for f in dataclasses.fields(self)})
        return data


C = TypeVar("C", bound=Command)
O = TypeVar("O", bound="GameOptions")


class GameOptions:
    """Mixin for a game's frozen ``Options`` dataclass: its JSON form in a save file."""

    def to_json(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}  # type: ignore[arg-type]

    @classmethod
    def from_json(cls: type[O], data: Mapping[str, Any]) -> O:
        known = {f.name for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
        values = {k: (tuple(v) if isinstance(v, list) else v) for k, v in data.items() if k in known}
        return cls(**values)


def command_from_json(kinds: Mapping[str, type[Command]], data: Mapping[str, Any]) -> Command:
    """Rebuild a command from its journal line.

    :raises ValueError: unknown command type or fields.
    """
    kind = kinds.get(str(data.get("cmd")))
    if kind is None:
        raise ValueError(f"unknown command {data.get('cmd')!r}")
    values = {}
    for f in dataclasses.fields(kind):
        if f.name in data:
            value = data[f.name]
            values[f.name] = tuple(value) if isinstance(value, list) else value
    try:
        return kind(**values)
    except TypeError as error:
        raise ValueError(str(error)) from None


# --------------------------------------------------------------------------- tuple helpers (states are immutable)

T = TypeVar("T")


def set_at(values: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    """``values`` with item ``index`` replaced by ``value``."""
    return values[:index] + (value,) + values[index + 1 :]


def bump(values: tuple[int, ...], index: int, delta: int) -> tuple[int, ...]:
    """``values`` with ``delta`` added to item ``index``."""
    return set_at(values, index, values[index] + delta)


def append_at(piles: tuple[tuple[str, ...], ...], index: int, item: str) -> tuple[tuple[str, ...], ...]:
    """``piles`` with ``item`` put on top of pile ``index`` (a card face up in front of a player)."""
    return set_at(piles, index, piles[index] + (item,))


def known_card(cards: CardSet, card_id: str) -> Card:
    """The card ``card_id``.

    :raises RuleError: ``unknown_card``.
    """
    if card_id not in cards:
        raise RuleError("unknown_card", card=card_id)
    return cards[card_id]


Handler = Callable[[Any, Any], "tuple[Any, list[Event]]"]


def apply_handler(state: Any, command: Command, handlers: Mapping[type, Handler],
                  check: Callable[[Any, Command], None] | None = None) -> tuple[Any, list[Event]]:
    """A game's ``apply``: refuse once the game is over or for an unknown command, run ``check``, then the handler.

    :raises RuleError: ``game_over``, ``unknown_command``, or what ``check`` and the handler raise.
    """
    if state.is_over:
        raise RuleError("game_over", winner=state.winner)
    handler = handlers.get(type(command))
    if handler is None:
        raise RuleError("unknown_command", command=command.name)
    if check is not None:
        check(state, command)
    return handler(state, command)


def check_seat(seat: Any, players: int) -> int:
    """``seat`` when it is a seat of a ``players``-player table.

    :raises RuleError: ``unknown_player``.
    """
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < players:
        raise RuleError("unknown_player", player=seat)
    return seat


def _plain(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    return value
