"""Typed lines for Love Letter → requests (see docs/love-letter.*.md for the grammar)."""

from __future__ import annotations

import re
from typing import Sequence

from companion.cards import Card, normalize
from companion.commands.base import (
    Ask, Change, ParseError, Parser, Request, Secret, is_number, leading_card, longest_card, match_card, named_player,
    no_arguments, no_more, parse_int, player_and_card,
)
from companion.games import love_letter as rules
from companion.games.base import Command

_PLAYER_ID = r"^p([0-9]{1,6})$"  # compiled at its first use (commands/base.py _INTEGER)


def parse(line: str, state: rules.State) -> Request:
    """What ``line`` asks for; `ParseError` when it is not a command."""
    return PARSER.parse(line, state)


def player(words: Sequence[str], state: rules.State) -> tuple[int, int]:
    """The seat the leading word names, and how many words that took: ``p2``, ``2`` or a given name."""
    if not words:
        raise ParseError("player_needed")
    found = re.match(_PLAYER_ID, normalize(words[0]).replace(" ", ""))
    if found or is_number(words[0]):
        number = parse_int(found.group(1) if found else words[0], "player")
        if not 1 <= number <= state.players:
            raise ParseError("no_such_seat", number=number, players=state.players)
        return number - 1, 1
    return named_player(words[0], state.players, rules.player_id, state.options.names), 1


def _value(words: Sequence[str], state: rules.State) -> tuple[int, int]:
    """A card value, typed as a number or as the card's name ("2" or "priest")."""
    if is_number(words[0]):
        return parse_int(words[0], "value"), 1
    card, used = longest_card(state.cards, words)
    return card.value, used


def _cards(words: Sequence[str], state: rules.State) -> list[Card]:
    found: list[Card] = []
    rest = list(words)
    while rest:
        card, used = longest_card(state.cards, rest)
        found.append(card)
        rest = rest[used:]
    return found


def _play(args: Sequence[str], state: rules.State) -> Request:
    card, rest = leading_card(state.cards, args)
    target = value = None
    action = rules.traits(card).action
    if action in rules.TARGETS_OTHER or action == "prince":
        only_value = action == "guess" and len(rest) == 1 and len(rules.possible_targets(state)) == 1
        if rest and not only_value:
            target, used = player(rest, state)
            rest = rest[used:]
        if action == "guess" and rest:
            value, used = _value(rest, state)
            rest = rest[used:]
    no_more(rest)
    return Change(rules.Play(card.id, target=target, value=value))


def _aside(args: Sequence[str], state: rules.State) -> Request:
    if not args:
        raise ParseError("aside_cards_needed")
    return Change(rules.Aside(tuple(card.id for card in _cards(args, state))))


def _out(args: Sequence[str], state: rules.State) -> Request:
    seat, used = player(args, state)
    rest = args[used:]
    card = match_card(state.cards, rest).id if rest else None
    return Change(rules.Out(seat, card))


def _discard(args: Sequence[str], state: rules.State) -> Request:
    seat, card = player_and_card(args, state, player, rules.player_id)
    return Change(rules.Discard(seat, card.id))


def _reveal(args: Sequence[str], state: rules.State) -> Request:
    seat, card = player_and_card(args, state, player, rules.player_id)
    return Change(rules.Reveal(seat, card.id))


def _compare(args: Sequence[str], state: rules.State) -> Request:
    """``compare``: both values typed secretly; ``compare VALUE VALUE`` in scripts (the Baron's player first)."""
    if not args:
        effect = rules.check_compare(state)
        return Secret("baron", {"player": state.current, "target": effect.target})
    if len(args) != 2:
        raise ParseError("compare_values")
    (first, _), (second, _) = _value(args[:1], state), _value(args[1:], state)
    return Change(rules.resolve_compare(state, first, second))


def _unseen(args: Sequence[str], state: rules.State) -> Request:
    no_more(args)
    return Ask("unseen", {})


_PARSERS = {
    "play": _play,
    "aside": _aside,
    "out": _out,
    "discard": _discard,
    "reveal": _reveal,
    "compare": _compare,
    "miss": no_arguments(rules.Miss),
    "next": no_arguments(rules.Next),
    "unseen": _unseen,
}


def secret_steps(secret: Secret, state: rules.State) -> list[str]:
    """Whose secret value is typed, in order: the Baron's player, then the target."""
    if secret.what != "baron":
        raise KeyError(secret.what)
    return [rules.player_id(secret.args["player"]), rules.player_id(secret.args["target"])]


def resolve_secret(secret: Secret, state: rules.State, values: list[int]) -> Request:
    """The outcome of a secret comparison; the values themselves go no further."""
    player_value, target_value = values
    return Change(rules.resolve_compare(state, player_value, target_value))


def secret_check(secret: Secret, state: rules.State, step: int, value: int) -> None:
    """Each value of the Baron's comparison, checked as it is typed."""
    rules.check_compare_value(state, value)


def line_for(command: Command, state: rules.State, lang: str) -> str | None:
    """The line a table types for ``command`` (seats as ``p2``); a Baron's outcome comes from secret values instead."""
    words = PARSER.vocabulary.word(command.name, lang), *_arguments(command, state, lang)
    return None if isinstance(command, rules.Compare) else " ".join(words)


def _arguments(command: Command, state: rules.State, lang: str) -> list[str]:
    def name(card_id: str) -> str:
        return state.cards[card_id].name(lang)

    if isinstance(command, rules.Aside):
        return [name(card) for card in command.cards]
    if isinstance(command, rules.Play):
        seat = [] if command.target is None else [rules.player_id(command.target)]
        return [name(command.card), *seat, *([] if command.value is None else [str(command.value)])]
    if isinstance(command, (rules.Out, rules.Discard, rules.Reveal)):
        return [rules.player_id(command.player), *([] if command.card is None else [name(command.card)])]
    return []


PARSER = Parser(
    game_id=rules.SPEC.id, parsers=_PARSERS, queries=tuple(rules.RULES.queries), secret_steps=secret_steps,
    resolve_secret=resolve_secret, secret_check=secret_check, line_for=line_for,
    verbs_order=("play", "aside", "out", "miss", "discard", "compare", "reveal", "next", "played", "unseen"),
)
verbs = PARSER.verbs

__all__ = ["PARSER", "parse", "player", "verbs", "secret_steps", "resolve_secret"]
