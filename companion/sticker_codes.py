"""A sticker's QR code, read strictly: ``CMP1:GAME:CARD:COPY``, or one typed refusal.

The text comes from a camera (a seat's page, the table's webcam), so anything may be
in it. It is parsed before anything else reads it: ASCII letters, digits and hyphens
for the ids, ASCII digits for the copy number (no ``²``, ``①`` or full-width ``１``,
which ``str.isdigit`` accepts), then checked against the table's own cards: the game,
a card of it, a copy number the sticker sheet prints for that card (from 1 to its
``copies`` in the card file), and a card this table's deck holds at its player count
and options (Num-X leaves families or action cards out). No sentence here: each
caller says a `StickerRefused` in its own words and language.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Mapping
from dataclasses import dataclass

from companion.cards import Card, CardSet

#: The payload's first field: names the format (a later change of fields gets another number).
PREFIX = "CMP1"
#: The printed payload, read in any case: ASCII only (``re.ASCII`` keeps ``[A-Z]`` from matching the Kelvin sign
#: or a long s when case is ignored); a copy number of 1 to 3 digits, without a leading zero (0 is refused by `check`).
_PAYLOAD = re.compile(r"CMP1:([A-Z0-9]+(?:-[A-Z0-9]+)*):([A-Z0-9]+(?:-[A-Z0-9]+)*):(0|[1-9][0-9]{0,2})",
                      re.ASCII | re.IGNORECASE)
#: What may surround the payload (a reader's trailing newline).
_SPACE = " \t\r\n"


@dataclass(frozen=True)
class Code:
    """What a sticker's QR code names: a game, one of its cards, and which copy (1 for the first)."""

    game: str
    card: str
    copy: int

    def __str__(self) -> str:
        return payload(self.game, self.card, self.copy)


def payload(game: str, card: str, copy: int) -> str:
    """The text of a sticker's QR code: ``CMP1:GAME:CARD:COPY``."""
    return f"{PREFIX}:{game}:{card}:{copy}".upper()


class Reason(enum.StrEnum):
    """Why a code read is no card of this table (the ``reason`` of ``scan_unknown`` in ``--json``)."""

    #: Not a sticker's payload at all (another QR code, a copy number that is not ASCII digits, too long).
    NOT_STICKER = "not_sticker"
    #: A sticker of another game.
    OTHER_GAME = "other_game"
    #: This game's prefix, but no card of that id in the table's card file.
    UNKNOWN_CARD = "unknown_card"
    #: A card of this game, but a copy number its sticker sheet never prints (0, 999).
    NO_SUCH_COPY = "no_such_copy"
    #: A card of this game that this table's deck leaves out (its player count, its options).
    NOT_IN_DECK = "not_in_deck"


class StickerRefused(ValueError):
    """A code that names no card of this table: its `Reason`, and the card when it names one (with its copies)."""

    def __init__(self, reason: Reason, card: Card | None = None, copy: int = 0) -> None:
        super().__init__(reason.value if card is None else f"{reason.value}: {card.id} {copy}")
        self.reason = reason
        self.card = card
        self.copy = copy


def parse(text: str) -> Code:
    """The code a sticker's text names, ids in lower case. :raises StickerRefused: ``NOT_STICKER``."""
    found = _PAYLOAD.fullmatch(text.strip(_SPACE)) if len(text) <= 200 else None
    if found is None:
        raise StickerRefused(Reason.NOT_STICKER)
    game, card, copy = found.groups()
    return Code(game.lower(), card.lower(), int(copy))


def read_payload(text: str) -> Code | None:
    """The code a sticker's text names, or ``None`` when the text is no sticker of this format (any case accepted)."""
    try:
        return parse(text)
    except StickerRefused:
        return None


def deck_of(state: object) -> Mapping[str, int] | None:
    """Each card's copies in this table's deck, where its state holds them (Num-X's ``copies``); ``None`` where
    every card of the card file is in play."""
    copies = getattr(state, "copies", None)
    return copies if isinstance(copies, Mapping) else None


def check(code: Code, game_id: str, cards: CardSet, deck: Mapping[str, int] | None = None) -> Card:
    """The card ``code`` names at this table. :raises StickerRefused: ``OTHER_GAME``, ``UNKNOWN_CARD``,
    ``NO_SUCH_COPY`` (outside 1 to the card's copies), ``NOT_IN_DECK`` (no copy in ``deck``)."""
    if code.game != game_id:
        raise StickerRefused(Reason.OTHER_GAME)
    if code.card not in cards:
        raise StickerRefused(Reason.UNKNOWN_CARD)
    card = cards[code.card]
    if not 1 <= code.copy <= card.copies:
        raise StickerRefused(Reason.NO_SUCH_COPY, card, code.copy)
    if deck is not None and deck.get(card.id, 0) <= 0:
        raise StickerRefused(Reason.NOT_IN_DECK, card, code.copy)
    return card


def read(text: str, game_id: str, cards: CardSet, deck: Mapping[str, int] | None = None) -> tuple[Code, Card]:
    """``parse`` then ``check``: the code and its card. :raises StickerRefused:"""
    code = parse(text)
    return code, check(code, game_id, cards, deck)


__all__ = ["Code", "PREFIX", "Reason", "StickerRefused", "check", "deck_of", "parse", "payload", "read",
           "read_payload"]
