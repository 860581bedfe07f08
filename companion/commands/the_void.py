"""Typed lines for The Void → requests, as short as the pace demands (docs/the-void.*.md).

``7``, ``7 rouge``, ``7 rouge p2`` put a card on the pile (a bare number is a play);
``faute 7 bleu`` an error and the card turned up; ``défausse 3 bleu 5`` the cards
thrown after it; ``manche`` starts the next round once one is over (and, during
a round, says where it stands); an empty line asks the top of the pile.

Time stamps: each command gets ``t``, seconds on ``time.monotonic()`` from the
first line typed at this table in this process, continued from the state's
latest stamp (a resumed game goes on from its last ``t``; the time the
companion was closed does not count). The rules core has no clock; the journal
keeps ``t`` in every command line.
"""

from __future__ import annotations

import re
import time
from collections.abc import Sequence

from companion.cards import CardNameError, match_name, normalize
from companion.commands.base import (
    Ask, Change, ParseError, Parser, Request, is_number, named_player, parse_int, quote,
)
from companion.games import the_void as rules
from companion.games.base import Command

_SEAT = r"^p([0-9]{1,6})$"  # compiled at its first use (commands/base.py _INTEGER)
#: Per table (its card set): (monotonic time, time stamp) at the anchor.
_ANCHORS: dict[int, tuple[float, float]] = {}


def stamp(state: rules.State, now: float | None = None) -> float:
    """The time stamp of a command typed now: never before the state's latest, rounded to the millisecond."""
    moment = time.monotonic() if now is None else now
    key = id(state.cards)
    anchor = _ANCHORS.get(key)
    if anchor is None or anchor[1] + (moment - anchor[0]) < state.clock:
        anchor = (moment, state.clock)
        _ANCHORS[key] = anchor
    return round(anchor[1] + (moment - anchor[0]), 3)


def parse(line: str, state: rules.State) -> Request:
    """What ``line`` asks for; `ParseError` when it is not a command."""
    return PARSER.parse(line, state)


def type_word(word: str, state: rules.State) -> str | None:
    """The type ``word`` names ("rouge", "red", "r" when only one type starts so), or ``None``."""
    kinds: dict[str, set[str]] = {}
    for card in state.cards.cards:
        found = rules.traits(card)
        kinds.setdefault(found.type, set()).update([found.type, *found.type_name.values()])
    try:
        return match_name(word, list(kinds), lambda kind: kinds[kind])
    except CardNameError as error:
        if error.candidates:
            raise ParseError("ambiguous_type", text=quote(word)) from None
        return None


def seat_word(word: str, state: rules.State) -> int | None:
    """The seat ``word`` names (``p2`` or a given name), or ``None``."""
    found = re.match(_SEAT, normalize(word).replace(" ", ""))
    if found:
        number = parse_int(found.group(1), "player")
        if not 1 <= number <= state.players:
            raise ParseError("no_such_seat", number=number, players=state.players)
        return number - 1
    if state.options.names:
        try:
            return named_player(word, state.players, rules.player_id, state.options.names)
        except ParseError:
            return None
    return None


def _extras(words: Sequence[str], state: rules.State, *, kind: bool = True) -> tuple[str | None, int | None]:
    """A type and a player after a number, in either order, each at most once."""
    found_kind: str | None = None
    seat: int | None = None
    for word in words:
        as_kind = type_word(word, state) if kind and found_kind is None else None
        if as_kind is not None:
            found_kind = as_kind
            continue
        as_seat = seat_word(word, state) if seat is None else None
        if as_seat is not None:
            seat = as_seat
            continue
        raise ParseError("unknown_word", text=quote(word))
    return found_kind, seat


def _play(args: Sequence[str], state: rules.State) -> Request:
    if not args:
        raise ParseError("rank_needed")
    rank = parse_int(args[0], "rank")
    kind, seat = _extras(args[1:], state)
    return Change(rules.Play(rank, kind, seat, stamp(state)))


def _bare(words: Sequence[str], state: rules.State) -> Request:
    """A line that starts with a number is a play; anything else is no command."""
    if is_number(words[0]):
        return _play(words, state)
    raise ParseError("unknown_command", text=quote(words[0]))


def _error(args: Sequence[str], state: rules.State) -> Request:
    """``error [RANK TYPE] [PLAYER]``: the card turned up from the draw pile, rank and type, when known yet."""
    rank = parse_int(args[0], "rank") if args and is_number(args[0]) else None
    kind, seat = _extras(args[1:] if rank is not None else args, state)
    return Change(rules.Error(kind, seat, rank, stamp(state)))


def _discard(args: Sequence[str], state: rules.State) -> Request:
    """``discard [PLAYER] RANK [TYPE] RANK [TYPE]…``, or ``discard [PLAYER] COUNT`` with the count option."""
    seat: int | None = None
    ranks: list[int] = []
    kinds: list[str] = []
    for word in args:
        if is_number(word):
            ranks.append(parse_int(word, "rank"))
            kinds.append("")
            continue
        kind = type_word(word, state) if ranks and not kinds[-1] else None
        if kind is not None:
            kinds[-1] = kind
            continue
        as_seat = seat_word(word, state) if seat is None else None
        if as_seat is None:
            raise ParseError("unknown_word", text=quote(word))
        seat = as_seat
    if not ranks:
        raise ParseError("discard_what")
    if state.options.discards == "count":
        if len(ranks) != 1 or kinds[0]:
            raise ParseError("count_expected")
        return Change(rules.Discard(count=ranks[0], player=seat, t=stamp(state)))
    return Change(rules.Discard(tuple(ranks), tuple(kinds), player=seat, t=stamp(state)))


def _round(args: Sequence[str], state: rules.State) -> Request:
    """``round``: starts the next round once one is over; during a round, where it stands."""
    if args:
        raise ParseError("extra_words", text=quote(" ".join(args)))
    if state.phase == rules.ROUND_OVER:
        return Change(rules.NextRound(stamp(state)))
    return Ask("round")


def line_for(command: Command, state: rules.State, lang: str) -> str | None:
    """The line a table types for ``command``: ``play 7 red p2``, ``error 9 green``, ``discard p2 3 red 5``, ``round``."""
    def kind(name: str | None) -> list[str]:
        if not name:
            return []
        card = next(c for c in state.cards.cards if rules.traits(c).type == name)
        return [rules.traits(card).type_name.get(lang, name)]

    def seat(player: int | None) -> list[str]:
        return [] if player is None else [rules.player_id(player)]

    words = [PARSER.vocabulary.word(command.name, lang)]
    if isinstance(command, rules.Play):
        words += [str(command.rank), *kind(command.type), *seat(command.player)]
    elif isinstance(command, rules.Error):
        words += [*([] if command.rank is None else [str(command.rank)]), *kind(command.type), *seat(command.player)]
    elif isinstance(command, rules.Discard):
        cards = [str(command.count)] if command.count else [
            word for rank, name in zip(command.ranks, command.types, strict=True) for word in (str(rank), *kind(name))]
        words += [*seat(command.player), *cards]
    elif not isinstance(command, rules.NextRound):
        return None
    return " ".join(words)


PARSER = Parser(
    game_id=rules.SPEC.id,
    parsers={"play": _play, "error": _error, "discard": _discard, "round": _round},
    queries=tuple(rules.RULES.queries),
    verbs_order=("play", "error", "discard", "round", "top", "errors", "discards"),
    empty_line="top",
    bare=_bare,
    line_for=line_for,
)
verbs = PARSER.verbs

__all__ = ["PARSER", "parse", "stamp", "type_word", "seat_word", "verbs"]
