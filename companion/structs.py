"""What the frozen ``msgspec.Struct`` values of every layer share (events, commands, specs, the wiring…).

The companion's values are ``msgspec.Struct`` classes, not dataclasses: creating a Struct class costs about a
fiftieth of a frozen dataclass's, and ``dataclasses`` imports ``inspect`` (with ``ast``, ``dis``, ``tokenize``),
all paid before ``companion play GAME`` says its first sentence (issue 34).
"""

from __future__ import annotations

from typing import Any, ClassVar


class Uncompared:
    """Of a Struct: the fields named in ``uncompared`` are left out of equality and hashing (a timestamp, an
    outcome repeated for scripts, a sentence's other languages), as a dataclass's ``field(compare=False)``.

    Put it first among the bases (``class GameOver(Uncompared, Event, frozen=True)``), so that its ``__eq__`` and
    ``__hash__`` are the ones found.
    """

    __slots__ = ()
    uncompared: ClassVar[frozenset[str]] = frozenset()

    def _compared(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in getattr(self, "__struct_fields__", ())
                     if name not in self.uncompared)

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, Uncompared)
        return self._compared() == other._compared()

    def __hash__(self) -> int:
        return hash(self._compared())


def field_names(kind: Any) -> tuple[str, ...]:
    """The fields of a Struct class or value, in order (a game's ``Options`` and ``State`` are Structs)."""
    names: tuple[str, ...] = kind.__struct_fields__
    return names
