"""The games the companion knows: an explicit registry above the games, parsers, renderers and hands.

A registry line names a game's rules module and, as data, what finding and listing
the game needs (`Listed`: its id, names, aliases and player counts, the same as its
``SPEC``, which a test checks); everything else the game says of itself (options,
card file…) is its ``SPEC``, read from the module when the game is used. So
``companion --help`` and ``companion games`` import no game, and ``companion play
GAME`` imports that game only (issue 34). A game's parser and renderer share the
rules module's last name (``companion.commands.<name>``, ``companion.render.<name>``)
and are imported only when a game is played or rendered.
"""

from __future__ import annotations

import functools
import importlib
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, NoReturn

if TYPE_CHECKING:
    from companion.cards import CardSet
    from companion.commands.base import Parser
    from companion.games.base import GameSpec, Rules
    from companion.private.base import PrivateRules
    from companion.render import Renderer


class _Frozen:
    """Values set once in ``__init__``: plain classes, neither dataclasses nor ``msgspec.Struct`` values, because
    ``companion games`` and ``--help`` read this module and import neither (issue 34)."""

    __slots__ = ()

    def __setattr__(self, name: str, value: Any) -> NoReturn:
        raise AttributeError(f"{type(self).__name__} is frozen: {name} cannot be set")

    def __delattr__(self, name: str) -> NoReturn:
        raise AttributeError(f"{type(self).__name__} is frozen: {name} cannot be deleted")


class Listed(_Frozen):
    """What the registry knows of a game without importing it: the same values as the game's ``SPEC``."""

    __slots__ = ("id", "names", "aliases", "min_players", "max_players")
    id: str
    names: Mapping[str, str]
    aliases: tuple[str, ...]
    min_players: int
    max_players: int

    def __init__(self, id: str, names: Mapping[str, str], aliases: tuple[str, ...], min_players: int,
                 max_players: int) -> None:
        for name, value in zip(self.__slots__, (id, names, aliases, min_players, max_players), strict=True):
            object.__setattr__(self, name, value)

    def _values(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in self.__slots__)

    def __eq__(self, other: object) -> bool:
        return self._values() == other._values() if type(other) is type(self) else NotImplemented

    def __hash__(self) -> int:
        return hash((self.id, self.aliases, self.min_players, self.max_players))

    def __reduce__(self) -> tuple[type[Listed], tuple[Any, ...]]:
        return Listed, self._values()

    def __repr__(self) -> str:
        return "Listed(" + ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__slots__) + ")"


class Game(_Frozen):
    """One game, loaded lazily from its module: its spec and its three layers.

    ``listed``: its id, names, aliases and players as data (the registry's games have it); a game without it
    (tests, a module given by name) reads them from its ``SPEC``. Two games are equal when they have the same
    rules module (``listed`` is not compared).
    """

    module: str  # the rules core, e.g. "companion.games.gauntlet"
    listed: Listed | None

    def __init__(self, module: str, listed: Listed | None = None) -> None:
        object.__setattr__(self, "module", module)
        object.__setattr__(self, "listed", listed)

    def __eq__(self, other: object) -> bool:
        return self.module == other.module if type(other) is type(self) else NotImplemented

    def __hash__(self) -> int:
        return hash(self.module)

    def __reduce__(self) -> tuple[type[Game], tuple[str, Listed | None]]:
        return Game, (self.module, self.listed)  # a copy imports its modules again when it needs them

    def __repr__(self) -> str:
        return f"Game(module={self.module!r})"

    @functools.cached_property
    def _rules_module(self) -> Any:
        from companion.msgspec_import import import_msgspec

        import_msgspec()  # the first import of msgspec, without typing_extensions (companion/msgspec_import.py)
        return importlib.import_module(self.module)

    @property
    def spec(self) -> GameSpec:
        spec: GameSpec = self._rules_module.SPEC
        return spec

    @property
    def id(self) -> str:
        return self.listed.id if self.listed is not None else self.spec.id

    def name(self, lang: str) -> str:
        if self.listed is None:
            return self.spec.name(lang)
        return self.listed.names.get(lang) or self.listed.names["en"]

    @property
    def aliases(self) -> tuple[str, ...]:
        return self.listed.aliases if self.listed is not None else self.spec.aliases

    @property
    def players(self) -> tuple[int, int]:
        """The fewest and the most players."""
        if self.listed is not None:
            return self.listed.min_players, self.listed.max_players
        return self.spec.min_players, self.spec.max_players

    @functools.cached_property
    def rules(self) -> Rules[Any, Any]:
        rules: Rules[Any, Any] = self._rules_module.RULES
        return rules

    @functools.cached_property
    def parser(self) -> Parser:
        """Typed lines → requests: ``companion.commands.<game>``."""
        parser: Parser = importlib.import_module("companion.commands." + self._last_name).PARSER
        return parser

    @functools.cached_property
    def renderer(self) -> Renderer:
        """Events → sentences: ``companion.render.<game>``."""
        renderer: Renderer = importlib.import_module("companion.render." + self._last_name).RENDERER
        return renderer

    @functools.cached_property
    def private(self) -> PrivateRules[Any] | None:
        """What the hands entered on the players' devices decide: ``companion.private.<game>``, if the game has one."""
        try:
            module = importlib.import_module("companion.private." + self._last_name)
        except ModuleNotFoundError as error:
            if error.name != "companion.private." + self._last_name:
                raise
            return None
        private: PrivateRules[Any] = module.PRIVATE
        return private

    @property
    def _last_name(self) -> str:
        return self.module.rsplit(".", 1)[1]

    def cards(self) -> CardSet:
        """The game's validated card data (the user's corrected copy when there is one); none, for a game with no
        card file (its spec's ``data_file`` is ``None``).

        :raises CardDataError: the card file cannot be used.
        """
        from companion.cards import CardSet, load

        spec = self.spec
        if spec.data_file is None:
            return CardSet.empty(spec.id, spec.names)
        return load(spec.data_file, spec.deck_sizes, spec.traits, spec.trait_counts)


#: One line per game. A new game adds its line here and nothing anywhere else in the shared layers.
GAMES: tuple[Game, ...] = (
    Game("companion.games.gauntlet", Listed("gauntlet", {"fr": "Le Gant d'Infinité", "en": "Infinity Gauntlet"},
                                            ("gant", "gant-d-infinite", "infinity-gauntlet"), 2, 6)),
    Game("companion.games.love_letter", Listed("love-letter", {"fr": "Love Letter", "en": "Love Letter"},
                                               ("loveletter", "love_letter"), 2, 4)),
    Game("companion.games.num_x", Listed("num-x", {"fr": "Num-X", "en": "Num-X"}, ("numx", "num_x"), 2, 5)),
    Game("companion.games.the_void", Listed("the-void", {"fr": "The Void", "en": "The Void"},
                                            ("void", "thevoid", "the_void"), 4, 4)),
    Game("companion.games.mindbug", Listed("mindbug", {"fr": "Mindbug", "en": "Mindbug"},
                                           ("mind-bug", "mindbug-first-contact"), 2, 2)),
)


def find(name: str) -> Game:
    """The game called ``name`` (its id or an alias, any case).

    :raises KeyError: no such game.
    """
    key = name.strip().lower()
    for game in GAMES:  # found from the registry's data: no game is imported to find one
        if key == game.id or key in game.aliases:
            return game
    raise KeyError(name)
