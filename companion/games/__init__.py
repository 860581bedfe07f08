"""The games the companion knows: an explicit registry, no import side effects.

Each entry says where its rules core and card data live; the rules module is
imported only when the game is used, so ``companion --help`` stays fast.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from types import ModuleType
from typing import Mapping

from companion.cards import CardSet, load


@dataclass(frozen=True)
class GameInfo:
    """What the registry knows about a game before its rules are imported."""

    id: str
    names: Mapping[str, str]
    aliases: tuple[str, ...]
    module: str  # rules core, e.g. "companion.games.gauntlet"; its parser and renderer share the last name
    data_file: str | None  # card data in companion/data/
    deck_sizes: Mapping[str, int] = field(default_factory=dict)
    flags: Mapping[str, int] = field(default_factory=dict)
    min_players: int = 2
    max_players: int = 4
    default_players: int = 4

    def rules(self) -> ModuleType:
        return importlib.import_module(self.module)

    def parser(self) -> ModuleType:
        """Typed lines → requests: ``companion.commands.<game>``."""
        return importlib.import_module("companion.commands." + self.module.rsplit(".", 1)[1])

    def renderer(self) -> ModuleType:
        """Events → sentences: ``companion.render.<game>``."""
        return importlib.import_module("companion.render." + self.module.rsplit(".", 1)[1])

    def name(self, lang: str) -> str:
        return self.names.get(lang) or self.names["en"]

    def cards(self) -> CardSet:
        """The game's validated card data (the user's corrected copy when there is one)."""
        if self.data_file is None:
            raise LookupError(f"{self.id} has no card data")
        return load(self.data_file, self.deck_sizes, self.flags)


GAMES: tuple[GameInfo, ...] = (
    GameInfo(
        id="gauntlet",
        names={"fr": "Le Gant d'Infinité", "en": "Infinity Gauntlet"},
        aliases=("gant", "gant-d-infinite", "infinity-gauntlet"),
        module="companion.games.gauntlet",
        data_file="gauntlet.toml",
        deck_sizes={"heroes": 16, "thanos": 13},
        flags={"stone": 6},
        min_players=2,
        max_players=6,
        default_players=4,
    ),
    GameInfo(
        id="love-letter",
        names={"fr": "Love Letter", "en": "Love Letter"},
        aliases=("loveletter", "love_letter"),
        module="companion.games.love_letter",
        data_file="love-letter.toml",
        deck_sizes={"deck": 16},
        min_players=2,
        max_players=4,
        default_players=4,
    ),
)


def find(name: str) -> GameInfo:
    """The game called ``name`` (its id or an alias, any case).

    :raises KeyError: no such game.
    """
    key = name.strip().lower()
    for game in GAMES:
        if key == game.id or key in game.aliases:
            return game
    raise KeyError(name)
