"""Typed lines for Le Gant d'Infinité → requests (see docs/gauntlet.*.md for the grammar)."""

from __future__ import annotations

import re
from typing import Sequence

from companion.cards import normalize
from companion.commands.base import (
    Ask, Change, ParseError, Parser, Request, Secret, Vocabulary, is_number, leading_card, longest_card, named_player,
    no_arguments, no_more, parse_int, player_and_card, quote,
)
from companion.games import gauntlet as rules
from companion.games.base import RuleError

VOCABULARY = Vocabulary.of(rules.SPEC.id)
is_word = VOCABULARY.is_word
_HERO_ID = r"^(?:hero|heros|h)([0-9]{1,6})$"  # compiled at its first use (commands/base.py _INTEGER)


def parse(line: str, state: rules.State) -> Request:
    """What ``line`` asks for; `ParseError` when it is not a command."""
    return PARSER.parse(line, state)


def player(words: Sequence[str], state: rules.State) -> tuple[int, int]:
    """The seat the leading words name, and how many words that took.

    ``thanos``, ``hero 2``/``héros 2``/``hero2``/``h2``, ``2`` or a given name.
    """
    if not words:
        raise ParseError("player_needed")
    first = normalize(words[0])
    if is_word(words[0], "hero") and len(words) > 1 and is_number(words[1]):
        return _hero_number(words[1], state), 2
    found = re.match(_HERO_ID, first.replace(" ", ""))
    if found:
        return _hero_number(found.group(1), state), 1
    if is_number(words[0]):
        return _hero_number(words[0], state), 1
    if is_word(words[0], "thanos"):
        return rules.THANOS, 1
    return named_player(words[0], state.players, rules.player_id, state.options.names), 1


def _hero_number(text: str, state: rules.State) -> int:
    number = parse_int(text, "hero")
    if not 1 <= number < state.players:
        raise ParseError("no_such_hero", number=number, heroes=state.players - 1)
    return number


def _play(args: Sequence[str], state: rules.State) -> Request:
    card, rest = leading_card(state.cards, args)
    copy = None
    effect = card
    if rules.traits(card).action == "copy_effect" and rest:
        try:
            effect, used = longest_card(state.cards, rest, rules.THANOS_SIDE)
        except ParseError as error:
            if error.code != "unknown_card":
                raise
            # A hero card (or a Thanos one spelt near one): the rules say the copy must be a face-up Thanos card.
            effect, used = longest_card(state.cards, rest)
            return Change(rules.Play(card.id, copy=effect.id))
        copy, rest = effect.id, rest[used:]
    action = rules.action_of(effect)
    target = value = deck = None
    if action.target != "none" and rest:
        one_hero_value = action.value != "none" and len(rest) == 1 and state.players == 2
        if not one_hero_value:
            target, used = player(rest, state)
            rest = rest[used:]
    if action.value != "none" and rest:
        value, rest = parse_int(rest[0], "value"), rest[1:]
    if action.deck and rest:
        if is_word(rest[0], "thanos"):
            deck = rules.THANOS_SIDE
        elif is_word(rest[0], "heroes"):
            deck = rules.HEROES
        else:
            raise ParseError("bad_deck_word", text=quote(rest[0]))
        rest = rest[1:]
    no_more(rest)
    return Change(rules.Play(card.id, target=target, value=value, deck=deck, copy=copy))


def _defeat(args: Sequence[str], state: rules.State) -> Request:
    seat, card = player_and_card(args, state, player, rules.player_id, rules.side_of)
    return Change(rules.Defeat(seat, card.id))


def _fight(args: Sequence[str], state: rules.State) -> Request:
    right = state.fight_right
    if not state.is_over and state.pending_defeat is None and (right is None or not right.left):
        if right is not None and right.capped:
            rules.check_fight(state, right.heroes[0])  # the 2-player rule says why: a single hero
        raise RuleError("no_fight", used=right is not None)  # ``used``: the card's fights are all fought
    only_hero = right.heroes[0] if right and len(right.heroes) == 1 else None
    if len(args) == 2 and only_hero is not None and all(is_number(a) for a in args):
        hero, values = only_hero, args
    elif not args:
        if only_hero is None:
            raise ParseError("fight_hero_needed")
        rules.check_fight(state, only_hero)
        return Secret("fight", {"hero": only_hero})
    else:
        hero, used = player(args, state)
        values = args[used:]
        if not values:
            rules.check_fight(state, hero)
            return Secret("fight", {"hero": hero})
    if len(values) != 2:
        raise ParseError("fight_values")
    hero_value, thanos_value = (parse_int(v, "value") for v in values)
    return Change(rules.resolve_fight(state, hero, hero_value, thanos_value))


def _token(args: Sequence[str], state: rules.State) -> Request:
    seat, used = player(args, state)
    rest = args[used:]
    delta = parse_int(rest[0], "count") if rest else 1
    no_more(rest[1:])
    return Change(rules.Token(seat, delta))


def _snap(args: Sequence[str], state: rules.State) -> Request:
    stones: list[str] = []
    rest = list(args)
    while rest:
        card, used = longest_card(state.cards, rest, rules.THANOS_SIDE)
        stones.append(card.id)
        rest = rest[used:]
        if stones.count(card.id) > 1:
            break  # the rules refuse a stone named twice: reading the rest of a long line would change nothing
    return Change(rules.Snap(tuple(stones)))


def _unseen(args: Sequence[str], state: rules.State) -> Request:
    if not args:
        return Ask("unseen", {"side": None})
    if len(args) == 1 and is_word(args[0], "thanos"):
        return Ask("unseen", {"side": rules.THANOS_SIDE})
    if len(args) == 1 and is_word(args[0], "heroes"):
        return Ask("unseen", {"side": rules.HEROES})
    raise ParseError("bad_deck_word", text=quote(" ".join(args)))


_PARSERS = {
    "play": _play,
    "defeat": _defeat,
    "fight": _fight,
    "token": _token,
    "snap": _snap,
    "next": no_arguments(rules.Next),
    "unseen": _unseen,
}


def secret_steps(secret: Secret, state: rules.State) -> list[str]:
    """Whose secret value is typed, in order: the hero's, then Thanos's."""
    if secret.what != "fight":
        raise KeyError(secret.what)
    return [rules.player_id(secret.args["hero"]), rules.player_id(rules.THANOS)]


def resolve_secret(secret: Secret, state: rules.State, values: list[int]) -> Request:
    """The outcome of a secret fight; the values themselves go no further."""
    hero_value, thanos_value = values
    return Change(rules.resolve_fight(state, secret.args["hero"], hero_value, thanos_value))


def secret_check(secret: Secret, state: rules.State, step: int, value: int) -> None:
    """The hero's value (step 0), then Thanos's (step 1), each checked as it is typed."""
    rules.check_fight_value(state, rules.HEROES if step == 0 else rules.THANOS_SIDE, value)


PARSER = Parser(
    game_id=rules.SPEC.id, parsers=_PARSERS, queries=tuple(rules.RULES.queries), secret_steps=secret_steps,
    resolve_secret=resolve_secret, secret_check=secret_check,
    verbs_order=("play", "defeat", "fight", "token", "snap", "next", "played", "unseen"),
)
verbs = PARSER.verbs

__all__ = ["PARSER", "parse", "player", "verbs"]
