"""Typed lines for Mindbug → requests (see docs/mindbug.*.md for the grammar).

A creature in play is named by its card name, then optionally its side
(``mine``/``theirs``, ``moi``/``adversaire``, or ``p1``/``p2``: "mine" is the
player who decides now) and ``2`` for the second of two copies on that side.
"""

from __future__ import annotations

from typing import Any, Sequence

from companion.commands.base import (
    Ask, Change, ParseError, Parser, Request, Vocabulary, is_number, leading_card, longest_card, no_arguments, no_more,
    parse_int, quote,
)
from companion.games import mindbug as rules

VOCABULARY = Vocabulary.of(rules.SPEC.id)
is_word = VOCABULARY.is_word


def parse(line: str, state: rules.State) -> Request:
    """What ``line`` asks for; `ParseError` when it is not a command."""
    return PARSER.parse(line, state)


def _side(word: str, state: rules.State) -> str | None:
    """The player id a side word names, or ``None`` when it is no side word."""
    you = rules.viewer(state)
    if is_word(word, "mine"):
        return rules.player_id(you)
    if is_word(word, "theirs"):
        return rules.player_id(rules.other(you))
    if word.casefold() in ("p1", "p2", "j1", "j2"):
        return "p" + word[1]
    return None


def creature_words(args: Sequence[str], state: rules.State, default_side: str | None = None) -> dict[str, Any]:
    """``NAME [mine|theirs|p1|p2] [2]`` → the card id, the side's player id (or the default) and the copy."""
    card, rest = leading_card(state.cards, args)
    player = default_side
    if rest:
        side = _side(rest[0], state)
        if side is not None:
            player, rest = side, rest[1:]
    copy = 1
    if rest and is_number(rest[0]):
        copy, rest = parse_int(rest[0], "copy"), rest[1:]
        if not 1 <= copy <= 2:
            raise ParseError("bad_copy", copy=copy)
    no_more(rest)
    return {"card": card.id, "player": player, "copy": copy}


def _play(args: Sequence[str], state: rules.State) -> Request:
    card, rest = leading_card(state.cards, args)
    no_more(rest)
    return Change(rules.Play(card.id))


def _own(args: Sequence[str], state: rules.State) -> dict[str, Any]:
    return creature_words(args, state, rules.player_id(state.current))


def _attack(args: Sequence[str], state: rules.State) -> Request:
    found = _own(args, state)
    return Change(rules.Attack(found["card"], found["copy"]))


def _enemy(args: Sequence[str], state: rules.State) -> dict[str, Any]:
    return creature_words(args, state, rules.player_id(rules.other(state.current)))


def _block(args: Sequence[str], state: rules.State) -> Request:
    found = _enemy(args, state)
    return Change(rules.Block(found["card"], found["copy"]))


def _hunt(args: Sequence[str], state: rules.State) -> Request:
    found = _enemy(args, state)
    return Change(rules.Hunt(found["card"], found["copy"]))


def _target(args: Sequence[str], state: rules.State) -> Request:
    found = creature_words(args, state)
    return Change(rules.Target(found["card"], found["player"], found["copy"]))


def _decline(args: Sequence[str], state: rules.State) -> Request:
    no_more([word for word in args if not is_word(word, "decline")])
    return Change(rules.Decline())


def _name_cards(args: Sequence[str], state: rules.State) -> Request:
    named: list[str] = []
    rest = list(args)
    while rest:
        card, used = longest_card(state.cards, rest)
        named.append(card.id)
        rest = rest[used:]
    return Change(rules.NameCards(tuple(named)))


def _first(args: Sequence[str], state: rules.State) -> Request:
    """``first CARD [mine|theirs|p1|p2]``: of the effects happening at once, this creature's resolves first."""
    card, rest = leading_card(state.cards, args)
    player = _side(rest[0], state) if rest else None
    no_more(rest[1:] if player is not None else rest)
    return Change(rules.First(card.id, player))


def _reveal(args: Sequence[str], state: rules.State) -> Request:
    """``reveal CARD CARD``: the unused cards revealed to draw the first player, p1's then p2's."""
    first, used = longest_card(state.cards, args) if args else (None, 0)
    if first is None:
        raise ParseError("card_name_needed")
    if not args[used:]:  # one card typed: both are needed, p1's then p2's ("Which card?" would say nothing of it)
        raise ParseError("wrong_count", count=2, given=1)
    second, rest = leading_card(state.cards, args[used:])
    no_more(rest)
    return Change(rules.Reveal(first.id, second.id))


def _board(args: Sequence[str], state: rules.State) -> Request:
    if not args:
        return Ask("board", {"side": None})
    if len(args) == 1 and is_word(args[0], "mine"):
        return Ask("board", {"side": "mine"})
    if len(args) == 1 and is_word(args[0], "theirs"):
        return Ask("board", {"side": "theirs"})
    raise ParseError("bad_side_word", text=quote(" ".join(args)))


def _asking(what: str) -> Any:
    def parse(args: Sequence[str], state: rules.State) -> Request:
        words = list(args)
        if what == "whatif" and words and is_word(words[0], "if"):
            words = words[1:]
        found = creature_words(words, state)
        rules.find_creature(state, found["card"], found["player"], found["copy"])  # refused now, not while answering
        return Ask(what, found)

    return parse


_PARSERS = {
    "play": _play,
    "attack": _attack,
    "mindbug": no_arguments(rules.UseMindbug),
    "no": _decline,
    "block": _block,
    "hunt": _hunt,
    "target": _target,
    "name_cards": _name_cards,
    "first": _first,
    "reveal": _reveal,
    "cards": _name_cards,  # the "cards CARD CARD"; "cards" alone still lists every card
    "board": _board,
    "creature": _asking("creature"),
    "blockers": _asking("blockers"),
    "whatif": _asking("whatif"),
}


def completions(state: rules.State, verb: str) -> list[str] | None:
    """``play``: the designs that may still be in a hand; other verbs: every card name (the UI reads legal moves)."""
    if verb != "play":
        return None
    unseen = state.unseen()
    return [name for card in state.cards.cards if unseen[card.id] > 0 or card.id in state.known[state.current]
            for name in card.names.values()]


PARSER = Parser(
    game_id=rules.SPEC.id, parsers=_PARSERS, queries=tuple(rules.RULES.queries), completions=completions,
    verbs_order=("play", "attack", "mindbug", "no", "block", "hunt", "target", "name_cards", "first", "reveal", "board",
                 "creature",
                 "blockers", "whatif", "life", "mindbugs", "hands", "discards", "unseen"),
)
verbs = PARSER.verbs

__all__ = ["PARSER", "creature_words", "parse", "verbs"]
