"""Typed lines for Num-X → requests (see docs/num-x.*.md for the grammar).

``play CARD [pile] N [up|down] [VALUE]``, written as the table says it:
``joue rouge 7 pile 2 monte``, ``r7 2 m``, ``shadow 3 1 up``, ``joker 2 down``,
``flip 3``, ``simple``. A card is a family word and a number (``rouge 7``,
``r7``), ``shadow``/``rainbow`` and a number, or an action card's name.
"""

from __future__ import annotations

import re
from typing import Sequence

from companion.cards import Card, normalize
from companion.commands.base import (
    Ask, Change, ParseError, Parser, Request, Vocabulary, is_number, match_card, no_arguments, no_more, parse_int, quote,
)
from companion.games import num_x as rules

VOCABULARY = Vocabulary.of(rules.SPEC.id)
is_word = VOCABULARY.is_word
_GLUED = r"^([a-z]+)([0-9]{1,6})$"  # compiled at its first use (commands/base.py _INTEGER)
#: The words that name a kind of number card, and the card id's first part.
_KINDS = ("red", "green", "blue", "yellow", "shadow", "rainbow")


def parse(line: str, state: rules.State) -> Request:
    """What ``line`` asks for; `ParseError` when it is not a command."""
    return PARSER.parse(line, state)


def _kind(word: str) -> str | None:
    return next((kind for kind in _KINDS if is_word(word, kind)), None)


def _numbered(kind: str, text: str, state: rules.State) -> Card:
    value = parse_int(text, "value")
    card_id = f"{kind}-{value}"
    if card_id not in state.cards:
        raise ParseError("no_such_number", kind=kind, value=value)
    return state.cards[card_id]


def _signed(word: str) -> bool:
    """"r-2", "7+": a sign inside a card's word (+ and - also mean up and down): no card, whatever it looks like."""
    return len(word) > 1 and any(sign in word for sign in "+-")


def card(words: Sequence[str], state: rules.State) -> tuple[Card, int]:
    """The card the leading words name, and how many words that took."""
    if not words:
        raise ParseError("card_name_needed")
    if _signed(words[0]):
        raise ParseError("unknown_card", text=quote(words[0]))
    kind = _kind(words[0])
    if kind is not None and len(words) > 1 and is_number(words[1]):
        return _numbered(kind, words[1], state), 2
    glued = re.match(_GLUED, normalize(words[0])) if words[0].isalnum() else None  # "r7", never "r-2"
    if glued and _kind(glued.group(1)) is not None:
        found = _kind(glued.group(1))
        assert found is not None
        return _numbered(found, glued.group(2), state), 1
    if kind is not None:
        raise ParseError("number_needed", kind=kind)
    return match_card(state.cards, words[:1]), 1


def _pile(words: list[str], state: rules.State) -> int | None:
    """``[pile] N`` at the front of ``words`` (taken off), or ``None`` when no pile is given."""
    if words and is_word(words[0], "pile"):
        words.pop(0)
        if not words:
            raise ParseError("pile_number_needed")
    if words and is_number(words[0]):
        number = parse_int(words.pop(0), "pile")
        if not 1 <= number <= len(state.piles):
            raise ParseError("no_such_pile", number=number, piles=len(state.piles))
        return number
    return None


def _direction(words: list[str]) -> str | None:
    if words and is_word(words[0], "up"):
        words.pop(0)
        return rules.UP
    if words and is_word(words[0], "down"):
        words.pop(0)
        return rules.DOWN
    return None


def _play(args: Sequence[str], state: rules.State) -> Request:
    found, used = card(args, state)
    rest = list(args[used:])
    kind = rules.traits(found)
    if rules.outcome(state) is not None:  # "the game is over" is the answer, not "up or down?"
        return Change(rules.Play(found.id))
    if kind.action in ("simple", "passe"):
        no_more(rest)
        return Change(rules.Play(found.id))
    pile = _pile(rest, state)
    if pile is None:
        raise ParseError("pile_needed_typed", card=found.id) if not rest else ParseError(
            "not_a_pile", text=" ".join(rest[:1]))
    direction = _direction(rest)
    value = None
    if kind.action == "joker" and rest and is_number(rest[0]):
        value = parse_int(rest.pop(0), "value")
    no_more(rest)
    target = state.piles[pile - 1]
    if kind.kind != "action" and not target.started and state.options.start == "shared":
        direction = None  # the first card of a pile is the top of both branches
    elif direction is None and kind.action != "flip":
        raise ParseError("direction_needed_typed", card=found.id, pile=pile)
    return Change(rules.Play(found.id, pile, direction, value))


def _pile_query(args: Sequence[str], state: rules.State) -> Request:
    rest = list(args)
    number = _pile(rest, state)
    if number is None:
        raise ParseError("pile_number_needed")
    no_more(rest)
    return Ask("pile", {"pile": number})


def _fits(args: Sequence[str], state: rules.State) -> Request:
    found, used = card(args, state)
    no_more(args[used:])
    return Ask("fits", {"card": found.id})


def _bare(words: Sequence[str], state: rules.State) -> Request:
    """A line that starts with a card is a play: ``r7 2 m``, or ``7 rouge 2 m`` as French says a card."""
    if _signed(words[0]):
        raise ParseError("unknown_card", text=quote(words[0]))
    if is_number(words[0]) and len(words) > 1:
        if _kind(words[1]) is None:
            raise ParseError("unknown_command", text=quote(words[1]))  # "7 rogue": the family is the typo
        return _play([words[1], words[0], *words[2:]], state)
    glued = re.match(_GLUED, normalize(words[0])) if words[0].isalnum() else None
    if _kind(words[0]) is None and not (glued and _kind(glued.group(1))):
        try:
            match_card(state.cards, words[:1])
        except ParseError:
            raise ParseError("unknown_command", text=quote(words[0])) from None
    return _play(words, state)


_PARSERS = {
    "play": _play,
    "next": no_arguments(rules.Next),
    "blocked": no_arguments(rules.Blocked),
    "pile": _pile_query,
    "fits": _fits,
}


def completions(state: rules.State, verb: str) -> list[str] | None:
    """After ``play`` or ``fits``: the cards not yet seen; after ``pile``: the pile numbers."""
    if verb in ("play", "fits"):
        return [c.name("fr") for c in rules.unplaced(state)] + [c.name("en") for c in rules.unplaced(state)]
    if verb == "pile":
        return [str(n) for n in range(1, len(state.piles) + 1)]
    return None


PARSER = Parser(
    game_id=rules.SPEC.id, parsers=_PARSERS, queries=tuple(rules.RULES.queries), completions=completions, bare=_bare,
    verbs_order=("play", "next", "blocked", "table", "pile", "fits", "left"),
)
verbs = PARSER.verbs

__all__ = ["PARSER", "card", "parse", "verbs"]
