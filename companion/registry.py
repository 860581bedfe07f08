"""The games the companion knows: an explicit registry above the games, parsers, renderers and hands.

A registry line names a game's rules module; everything else the game says of
itself (names, players, options, card file) is its ``SPEC``, read from the
module when the game is used, so ``companion --help`` imports no game. A game's
parser and renderer share the rules module's last name
(``companion.commands.<name>``, ``companion.render.<name>``) and are imported
only when a game is played or rendered.
"""

from __future__ import annotations

import functools
import importlib
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from companion.cards import CardSet, load
from companion.games.base import GameSpec, Rules

if TYPE_CHECKING:
    from companion.commands.base import Parser
    from companion.private.base import PrivateRules
    from companion.render import Renderer


@dataclass(frozen=True)
class Game:
    """One game, loaded lazily from its module: its spec and its three layers."""

    module: str  # the rules core, e.g. "companion.games.gauntlet"

    @functools.cached_property
    def _rules_module(self) -> Any:
        return importlib.import_module(self.module)

    @property
    def spec(self) -> GameSpec:
        spec: GameSpec = self._rules_module.SPEC
        return spec

    @property
    def id(self) -> str:
        return self.spec.id

    def name(self, lang: str) -> str:
        return self.spec.name(lang)

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
        spec = self.spec
        if spec.data_file is None:
            return CardSet.empty(spec.id, spec.names)
        return load(spec.data_file, spec.deck_sizes, spec.traits, spec.trait_counts)


#: One line per game. A new game adds its line here and nothing anywhere else in the shared layers.
GAMES: tuple[Game, ...] = (
    Game("companion.games.gauntlet"),
    Game("companion.games.love_letter"),
    Game("companion.games.num_x"),
    Game("companion.games.the_void"),
    Game("companion.games.mindbug"),
)


def find(name: str) -> Game:
    """The game called ``name`` (its id or an alias, any case).

    :raises KeyError: no such game.
    """
    key = name.strip().lower()
    for game in GAMES:
        if key == game.id or key in game.spec.aliases:
            return game
    raise KeyError(name)
