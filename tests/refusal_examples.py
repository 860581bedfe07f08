"""Every refusal a game can say, with example details: its own codes, the shared ones and the typed lines' ones.

`refusals(game, lang)` renders each code (a code with branches once per branch) the way the session says it,
a did-you-mean question added where a typo can have one. The examples are a table at a real game's table: a
card of the game whose name is of middling length, the players unnamed ("hero 1", "player 2"), a typo typed.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from companion.registry import Game
from companion.render import Context, Settings, capitalized, render_parse_error

#: The refusals every game may meet, said by the shared renderer (`companion.render.shared_refusal`).
SHARED = ("unknown_player", "unknown_card", "bad_players", "bad_names", "bad_name", "same_name", "player_word",
          "bad_option", "unknown_command", "game_over", "hand_disagrees", "no_such_code")
#: The typed lines every game refuses alike (`companion.render.render_parse_error`).
PARSE = ("empty", "unknown_command", "unknown_help", "not_in_this_game", "extra_words", "not_a_number",
         "unknown_card", "ambiguous_card", "card_name_needed", "unknown_player", "ambiguous_player", "player_needed",
         "speech_on_off", "verbosity_levels", "no_cards", "secret_needs_terminal", "nothing_to_undo",
         "nothing_to_redo", "nothing_to_confirm", "internal", "line_too_long", "save_failed", "save_path_needed", "not_saved",
         "save_exists", "save_copy_failed")
#: The parse refusals that may end with a did-you-mean question (`companion.session.suggest`).
SUGGESTED = {"unknown_command": "status", "unknown_help": "status", "unknown_card": "card",
             "ambiguous_card": "card", "extra_words": "card", "unknown_player": "player"}

#: Per game: a player, another, a card, another card, a card the typo is close to.
GAME_VALUES: dict[str, dict[str, Any]] = {
    "gauntlet": {"player": "hero1", "target": "hero2", "targets": ("hero2",), "card": "black-panther",
                 "named": "spider-man", "source": "black-panther", "candidates": ("spider-man", "black-panther"),
                 "missing": ("reality-stone", "time-stone"), "fitting": ("spider-man", "black-panther"),
                 "side": "heroes", "winners": ("hero1", "hero2")},
    "love-letter": {"player": "p1", "target": "p2", "waiting": ("p2", "p3"), "card": "countess", "named": "baron",
                    "candidates": ("prince", "princess"), "winners": ("p1",)},
    "mindbug": {"player": "p1", "card": "explosive-toad", "source": "explosive-toad", "named": "explosive-toad",
                "candidates": ("explosive-toad", "explosive-toad"), "winners": ("p1",)},
    "num-x": {"player": "p1", "owner": "p2", "card": "red-6", "removed": "red-6", "named": "red-6",
              "candidates": ("red-6", "red-7"), "winners": ("p1", "p2")},
    "the-void": {"player": "p1", "card": "red-1", "named": "p2", "candidates": ("red-1", "red-2"),
                 "winners": ("p1", "p2"), "deck": 20, "played": 9},
}
#: Details whatever the game: what the user typed, numbers, a file.
COMMON_VALUES: dict[str, Any] = {
    "text": "xyzzy", "value": 5, "values": (2, 3, 5), "low": 1, "high": 8, "limit": 9, "count": 2, "copies": 2,
    "copy": 3, "held": 1, "hand": 2, "heroes": 3, "players": 4, "piles": 4, "pile": 2, "plays": 2, "left": 1,
    "made": 2, "required": 2, "length": 300, "path": "game.json", "reason": "disk_full", "errno": 28,
    "detail": "disk full", "option": "lock", "choices": ("on", "off"), "name": "moi", "names": 3,
    "direction": "up", "way": "up", "family": "red", "top": 7, "rank": 11, "type": "red", "round": 2,
    "decision": "block", "in_hands": 1, "played": 1, "deck": "heroes", "suggestion": None,
}
#: Codes whose sentence has branches: each branch's details, over the examples above.
BRANCHES: dict[str, tuple[dict[str, Any], ...]] = {
    "game_over": ({"winners": ()}, {}),
    "bad_players": ({"low": 2, "high": 2}, {"low": 2, "high": 4}),
    "bad_option": ({}, {"choices": (), "low": 1, "high": 3, "value": 9}),
    "not_enough_tokens": ({"held": 0}, {"held": 1}, {"held": 2}),
    "defeat_value": ({"low": 3, "high": 3, "card": "black-panther"}, {"low": 0, "high": 3},
                     {"low": 5, "high": 9, "fitting": ("a", "b", "c", "d", "e")}),
    "one_defeat_only": ({"card": None}, {}),
    "defeat_not_aimed": ({"card": None}, {}),
    "wrong_side": ({}, {"card": "reality-stone"}),
    "not_your_card": ({}, {"card": "reality-stone"}),
    "impossible_value": ({"side": "heroes"}, {"side": "thanos"}),
    "not_in_hand": ({}, {"entered": True}),
    "cannot_block": ({"why": "sneaky"}, {"why": "other"}),
    "too_many_copies": ({"copies": 1}, {"copies": 2}),
    "card_placed": ({"copies": 1}, {"copies": 2}),
    "no_such_pile": ({"piles": 1}, {}),
    "unknown_pile": ({"piles": 1}, {}),
}


def details(game: Game, code: str) -> Iterator[dict[str, Any]]:
    """Each branch of ``code``'s details at ``game``'s table."""
    base = {**COMMON_VALUES, **GAME_VALUES[game.id]}
    for branch in BRANCHES.get(code, ({},)):
        yield {**base, **branch}


def context(game: Game, lang: str) -> Context:
    return Context(Settings(lang), game.cards(), game.renderer.domain, (), game.parser.vocabulary)


def refusals(game: Game, lang: str) -> list[tuple[str, str]]:
    """(code, sentence) of every refusal of ``game`` in ``lang``, as the session says them (capitalised)."""
    ctx = context(game, lang)
    said: list[tuple[str, str]] = []
    own = tuple(game.renderer.refusals)
    for code in dict.fromkeys((*own, *SHARED)):
        for found in details(game, code):
            said.append((code, capitalized(game.renderer.render_error(code, found, ctx))))
    for code in PARSE:
        for found in details(game, code):
            for suggestion in (None, _suggested(code, game, ctx)) if code in SUGGESTED else (None,):
                text = render_parse_error(code, {**found, "suggestion": suggestion}, ctx)
                assert text is not None, code
                said.append((code, capitalized(text)))
    return said


def _suggested(code: str, game: Game, ctx: Context) -> str:
    """A did-you-mean offer as the session makes it: a command word, a card's name or a player in ``ctx``'s language."""
    kind = SUGGESTED[code]
    if kind == "card":
        return ctx.card(str(GAME_VALUES[game.id]["card"]))
    if kind == "player":
        return game.renderer.player(ctx, str(GAME_VALUES[game.id]["player"]))
    return ctx.verb("status")
