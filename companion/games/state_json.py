"""A game's state as JSON and back, for the journal's checkpoints (companion/journal.py).

Generic over the games: a state is a frozen ``msgspec.Struct`` (or a frozen dataclass) of plain values, tuples,
enums and nested Structs, plus the game's :class:`~companion.cards.CardSet`, which is never
written (the table gives it back when the state is read). msgspec does the typed work from
the state's annotations, strictly: a checkpoint that does not fit the state's type raises
``ValueError`` and the caller replays the lines instead.
"""

from __future__ import annotations

import typing
from typing import Any

import msgspec

from companion.cards import CardSet
from companion.structs import field_names


_SHAPES: dict[type, tuple[Any, tuple[str, ...]]] = {}


def _shape(state_type: type) -> tuple[Any, tuple[str, ...]]:
    """A Struct with the state's fields but its card set (which the table holds), and the card set's fields."""
    if state_type in _SHAPES:
        return _SHAPES[state_type]
    hints = typing.get_type_hints(state_type)
    fields = field_names(state_type)
    kept = [(name, hints[name]) for name in fields if hints[name] is not CardSet]
    cards = tuple(name for name in fields if hints[name] is CardSet)
    _SHAPES[state_type] = msgspec.defstruct(f"{state_type.__name__}Saved", kept, frozen=True), cards
    return _SHAPES[state_type]


def state_to_json(state: Any) -> dict[str, Any]:
    """The state's fields as JSON values (its card set left out)."""
    shape, _ = _shape(type(state))
    values = {name: getattr(state, name) for name in shape.__struct_fields__}
    converted: dict[str, Any] = msgspec.to_builtins(values)
    return converted


def state_from_json(data: dict[str, Any], state_type: type, cards: CardSet) -> Any:
    """The state ``state_to_json`` wrote, with the table's cards. :raises ValueError: it does not fit ``state_type``."""
    shape, card_fields = _shape(state_type)
    try:
        found = msgspec.convert(data, type=shape, strict=True)
    except (msgspec.ValidationError, TypeError) as error:
        raise ValueError(f"not a state of {state_type.__name__}: {error}") from None
    values = {name: getattr(found, name) for name in shape.__struct_fields__}
    return state_type(**values, **{name: cards for name in card_fields})
