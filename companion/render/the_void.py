"""The Void: events and refusals as one short sentence each, number first, French or English.

The pace is real time: a play is said in two or three words ("7 rouge."), the
answers to the queries in eight words or fewer when possible. The type names
come from the card file (``type_name``), the rank names of the score from its
``[[bands]]``, so both stay data.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from companion.games import the_void as g
from companion.marker import plural
from companion.render import N_, Context, OptionWords, Renderer, Refusal, elided, numbered_player

DOMAIN = g.SPEC.domain
#: The rank names when a card file has no ``[[bands]]`` (percent of the best score → message id).
_DEFAULT_BANDS = (
    # Translators: a rank's name at the game's end, the lowest.
    (0, N_("passable")),
    # Translators: a rank's name at the game's end.
    (40, N_("deserving")),
    # Translators: a rank's name at the game's end.
    (55, N_("nice")),
    # Translators: a rank's name at the game's end.
    (70, N_("impressive")),
    # Translators: a rank's name at the game's end.
    (85, N_("well, my friend!")),
    # Translators: a rank's name at the game's end, the highest.
    (95, N_("big fibber")),
)


player = numbered_player


def type_name(ctx: Context, kind: Any) -> str:
    """A type in the user's language, from the card file."""
    if ctx.cards is not None:
        for card in ctx.cards.cards:
            found = card.traits
            if isinstance(found, g.Traits) and found.type == kind:
                return found.type_name.get(ctx.lang) or found.type_name.get("en") or str(kind)
    return str(kind)


def face(ctx: Context, rank: Any, kind: Any) -> str:
    """A card as said at the table: "7 rouge", or "7" when its type was not said."""
    if kind is None or kind == "":
        return str(rank)
    # Translators: {rank} a rank's name or value; {type} a type's name.
    return ctx.t("{rank} {type}", rank=rank, type=type_name(ctx, kind))


def cards_count(ctx: Context, count: int) -> str:
    # Translators: {count} a number; the form follows {count}.
    return ctx.t.plural("{count} card", "{count} cards", count)


@functools.lru_cache(maxsize=8)
def _bands_of(path: Path) -> tuple[tuple[float, dict[str, str]], ...]:
    """``[[bands]]`` of the card file (the user's copy if any), lowest first; empty when absent or unusable."""
    import tomllib  # at the first score said, not at start-up (issue 34)

    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8")).get("bands", [])
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return ()
    found = []
    for entry in raw if isinstance(raw, list) else []:
        if isinstance(entry, dict) and isinstance(entry.get("min"), (int, float)) and isinstance(entry.get("name"), dict):
            found.append((float(entry["min"]), {str(k): str(v) for k, v in entry["name"].items()}))
    return tuple(sorted(found, key=lambda band: band[0]))


def band(ctx: Context, score: int, max_score: int) -> str:
    """The rank name of ``score``: the highest band whose percentage of the best score it reaches."""
    percent = 100 * score / max_score if max_score > 0 else 0
    bands = _bands_of(ctx.cards.path) if ctx.cards is not None else ()
    if bands:
        names = [names for low, names in bands if percent >= low] or [bands[0][1]]
        return names[-1].get(ctx.lang) or names[-1].get("en") or ""
    return ctx.t([message for low, message in _DEFAULT_BANDS if percent >= low][-1])


def ordinal_round(ctx: Context, number: int) -> str:
    """ "1st round", "2nd round" ("1re manche", "2e manche"): a sentence about a round starts with its number."""
    if ctx.lang == "fr":
        # Translators: {ordinal} an ordinal (first, second…).
        return ctx.t("{ordinal} round", ordinal=f"{number}re" if number == 1 else f"{number}e")
    suffix = "th" if number % 100 in (11, 12, 13) else {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    # {ordinal} is "1st", "2nd"… here, "1re", "2e"… in French (both made above).
    return ctx.t("{ordinal} round", ordinal=f"{number}{suffix}")


def _allowance(ctx: Context, allowed: int) -> str:
    """ "5 allowed" ("5 permises") in its own plural: the French participle agrees with the allowance, the noun before
    it with the errors, and one plural follows one count only ("1 faute sur 1 permises", "1 faute, 0 permises")."""
    # Translators: {count} the errors allowed, a number; "allowed" agrees with it ("1 permise", "5 permises").
    return ctx.t.plural("{count} allowed", "{count} allowed", allowed)


def _errors_of(ctx: Context, errors: int, allowed: int, budget: str) -> str:
    """ "2 errors of 5", number first ("2 fautes sur 5"); past the allowance, "6 errors, 5 allowed" (never "6 of 5")."""
    if errors > allowed:
        # Translators: {count} a number, more than the errors allowed; {allowance} the errors allowed, counted ("5
        # allowed", already in its own plural); the form follows {count}.
        return ctx.t.plural("{count} error, {allowance}", "{count} errors, {allowance}", errors,
                            allowance=_allowance(ctx, allowed))
    if budget == "round":
        # Translators: {count} a number; {allowed} a number, the allowed maximum; the form follows {count}.
        return ctx.t.plural("{count} error of {allowed} this round", "{count} errors of {allowed} this round", errors,
                            allowed=allowed)
    # Translators: {count} a number; {allowed} a number, the allowed maximum; the form follows {count}.
    return ctx.t.plural("{count} error of {allowed}", "{count} errors of {allowed}", errors, allowed=allowed)


def _game_started(e: g.GameStarted, ctx: Context) -> str:
    t = ctx.t
    # Translators: {count} a number; the form follows {count}.
    errors = t.plural("{count} error allowed", "{count} errors allowed", e.errors_allowed)
    if e.budget == "round":
        # Translators: {count} a number; the form follows {count}.
        errors = t.plural("{count} error allowed per round", "{count} errors allowed per round", e.errors_allowed)
    # Translators: {count} a number; the form follows {count}.
    players = t.plural("{count} player", "{count} players", e.players)
    # Translators: {count} a number; the form follows {count}.
    rounds = t.plural("{count} round", "{count} rounds", e.rounds)
    # Translators: {players} the players, counted ("3 players"); {rounds} rounds, counted; {errors} errors allowed,
    # counted.
    return t("{players} of The Void. {rounds}, {errors}.", players=players, rounds=rounds, errors=errors)


def _round_started(e: g.RoundStarted, ctx: Context) -> str:
    t = ctx.t
    # Translators: {round} a round's number; {rounds} rounds, counted; {deck} a number of cards, or the deck's cards.
    sentence = t("{round} of {rounds}: {deck} in the draw pile.", round=ordinal_round(ctx, e.round), rounds=e.rounds,
                 deck=e.deck)
    if e.eyes_closed:
        # Translators: {players} the players, counted or named ("3 players").
        sentence += " " + t("Eyes closed: {players}.", players=ctx.join([player(ctx, p) for p in e.eyes_closed]))
    elif e.variant:
        sentence += " " + t("Eyes open this round.")
    return sentence


def _card_played(e: g.CardPlayed, ctx: Context) -> str:
    t = ctx.t
    # A card below the top is no question: hands refill during a round, so a low card just drawn is a normal
    # play. An error is called by the table (``error``) or decided from the hands entered on the pages.
    card = face(ctx, e.rank, e.type)
    if e.last_of_rank:
        # Translators: {card} a card's name, already translated.
        return t("{card}, the last one.", card=card)
    return card + "."


def _card_played_terse(e: g.CardPlayed, ctx: Context) -> str:
    """The number and the type only ("7 red."): a card every 1 to 2 s (`status` says what is left)."""
    return face(ctx, e.rank, e.type) + "."


def _card_played_full(e: g.CardPlayed, ctx: Context) -> str:
    """The card, whose, whether it is the last of its rank, and where the round stands."""
    t = ctx.t
    card = face(ctx, e.rank, e.type)
    if e.player is not None:
        # Translators: {card} a card's name, already translated; {player} a player's name.
        card = t("{card} from {player}", card=card, player=player(ctx, e.player))
    if e.last_of_rank:
        # Translators: {card} a card's name, already translated.
        card = t("{card}, the last one", card=card)
    # Translators: {card} a card's name, already translated; {count} a number; {deck} a number of cards, or the deck's
    # cards; the form follows {count}.
    return elided(ctx, t.plural("{card}: {count} stacked, {deck} in the draw pile.",
                                "{card}: {count} stacked, {deck} in the draw pile.", e.stacked, card=card, deck=e.deck))


def _draw_pile_empty_terse(e: g.DrawPileEmpty, ctx: Context) -> str:
    # Translators: said right after the play whose draw emptied the draw pile: no hand is refilled from now on.
    return ctx.t("No more draws.")


def _round_started_terse(e: g.RoundStarted, ctx: Context) -> str:
    # Translators: {round} a round's number; {rounds} rounds, counted.
    sentence = ctx.t("{round} of {rounds}.", round=ordinal_round(ctx, e.round), rounds=e.rounds)
    if e.eyes_closed:
        sentence += " " + ctx.t("Eyes closed: {players}.", players=ctx.join([player(ctx, p) for p in e.eyes_closed]))
    elif e.variant:
        sentence += " " + ctx.t("Eyes open this round.")
    return sentence


def _error_full(e: g.ErrorMade, ctx: Context) -> str:
    """The normal sentence, with who erred when said."""
    sentence = _error(e, ctx)
    if e.player is None:
        return sentence
    # Translators: {player} a player's name.
    return sentence + " " + elided(ctx, ctx.t("The error is {player}'s.", player=player(ctx, e.player)))


def _draw_pile_empty(e: g.DrawPileEmpty, ctx: Context) -> str:
    # Translators: {cards} a list of cards, already joined.
    return ctx.t("{cards} in hands, the draw pile is empty.", cards=cards_count(ctx, e.in_hands))


def _turned(ctx: Context, rank: Any, kind: Any, repeated: bool) -> str:
    card = face(ctx, rank, kind)
    if repeated:
        # Translators: {card} a card's name, already translated; {type} a type's name.
        return ctx.t("{card} turned up, {type} a second time.", card=card, type=type_name(ctx, kind))
    # Translators: {card} a card's name, already translated.
    return ctx.t("{card} turned up.", card=card)


def _error(e: g.ErrorMade, ctx: Context) -> str:
    t = ctx.t
    errors = _errors_of(ctx, e.errors, e.errors_allowed, e.budget)
    lost = e.errors > e.errors_allowed  # the game ends on this error: nothing is turned up or discarded
    goes_on = not e.repeated and not lost and e.rank is not None
    if e.pending and goes_on:
        # Translators: {errors} errors, counted; {rank} a rank's name or value.
        head = t("{errors}: turn up a card, discard below {rank}.", errors=errors, rank=e.rank)
    elif e.pending and not lost:
        # Translators: {errors} errors, counted ("1 error of 3").
        head = t("{errors}: turn up a card.", errors=errors)
    elif goes_on:
        # Translators: {errors} errors, counted; {rank} a rank's name or value.
        head = t("{errors}, discard below {rank}.", errors=errors, rank=e.rank)
    else:
        head = errors + "."
    if e.pending:
        return head
    if e.type is None:
        return head + " " + t("No card to turn up.")
    return head + " " + _turned(ctx, e.turned_rank, e.type, e.repeated)


def _card_turned(e: g.CardTurned, ctx: Context) -> str:
    return _turned(ctx, e.rank, e.type, e.repeated)


def _cards_discarded(e: g.CardsDiscarded, ctx: Context) -> str:
    t = ctx.t
    if not e.cards:
        # Translators: {count} a number; the form follows {count}.
        return t.plural("{count} card discarded.", "{count} cards discarded.", e.count)
    # Translators: {cards} a list of cards, already joined; {count} chooses singular or plural.
    return t.plural("{cards} discarded.", "{cards} discarded.", len(e.cards),
                    cards=ctx.join([face(ctx, c["rank"], c["type"]) for c in e.cards]))


def _round_ended(e: g.RoundEnded, ctx: Context) -> str:
    t = ctx.t
    if e.reason == g.RoundEnd.SAME_TYPE:
        # Translators: {type} a type's name.
        why = t("{type} turned up twice", type=type_name(ctx, e.type))
    else:
        why = t("every card played")
    if e.round >= e.rounds:  # the game's end follows, and says the score once, with the rank
        # Translators: {count} a number; {round} a round's number; {why} why, a short phrase; the form follows {count}.
        return t.plural("{count} stacked in round {round}: {why}.", "{count} stacked in round {round}: {why}.",
                        e.stacked, round=e.round, why=why)
    # Translators: {count} a number; {round} a round's number; {why} why, a short phrase; {score} a score, a number; the
    # form follows {count}.
    return t.plural("{count} stacked in round {round}: {why}, score {score}.",
                    "{count} stacked in round {round}: {why}, score {score}.", e.stacked, round=e.round, why=why,
                    score=e.score)


def _game_over(e: g.GameOver, ctx: Context) -> str:
    t = ctx.t
    rank = band(ctx, e.score, e.max_score)
    if e.reason == g.Reason.ERRORS.value:
        # Translators: {count} a number; the form follows {count}.
        errors = t.plural("{count} error", "{count} errors", e.errors)
        # Translators: {errors} errors, counted; {score} a score, a number; {rank} a rank's name or value.
        return t("{errors}: game lost, score {score}, rank: {rank}.", errors=errors, score=e.score, rank=rank)
    # Translators: {count} a number; {max} a number, the maximum; {rank} a rank's name or value; the form follows
    # {count}.
    text = t.plural("{count} point of {max}: game over, rank: {rank}.", "{count} points of {max}: game over, rank: {rank}.",
                    e.score, max=e.max_score, rank=rank)
    return text[:-1] if text.endswith(("!.", "?.")) else text  # a rank named with its own "!" ends the sentence


def _top_part(ctx: Context, top: Mapping[str, Any] | None) -> str:
    if top is None:
        # Translators: a pile has no card.
        return ctx.t("Pile empty.")
    # Translators: {card} a card's name, already translated.
    return ctx.t("{card} on the pile.", card=face(ctx, top["rank"], top["type"]))


def _types_part(ctx: Context, kinds: Sequence[str]) -> str:
    if not kinds:
        return ctx.t("No type turned up this round.")
    # Translators: {types} types, already joined.
    return ctx.t("Types turned up this round: {types}.", types=ctx.join([type_name(ctx, k) for k in kinds]))


def status_head(e: g.Status, ctx: Context) -> str:
    """Where the game stands: the start of ``status``, and what ``undo`` reminds."""
    t = ctx.t
    if e.phase == g.GAME_OVER:
        # Translators: the game has ended.
        return t("Game over.")
    if e.phase == g.ROUND_OVER:
        # Translators: {verb} a command word to type.
        return t("Round over: type {verb}.", verb=ctx.verb("round"))
    return t("{round} of {rounds}.", round=ordinal_round(ctx, e.round), rounds=e.rounds)


def status_parts(e: g.Status, ctx: Context) -> list[tuple[str, str]]:
    """The table after the head, part by part (``undo`` says only the parts that changed)."""
    t = ctx.t
    used = e.round_errors if e.budget == "round" else e.errors
    # What the table still owes comes first (a resumed game, `status`, and the short status of a key say it).
    # Translators: {verb} a command word to type (faute).
    owed = [("turned", t("A card is owed for the error: type {verb} and the card turned up.",
                         verb=ctx.verb("error")))] if e.turn_pending else []
    return [
        *owed,
        ("top", _top_part(ctx, e.top)),
        # Translators: {cards} a list of cards, already joined.
        ("deck", t("{cards} in the draw pile.", cards=cards_count(ctx, e.deck))),
        ("hands", _hands_part(ctx, e.hands)),
        ("errors", _errors_of(ctx, used, e.errors_allowed, e.budget) + "."),
        ("error_types", _types_part(ctx, e.error_types)),
        # Translators: {count} a number; {score} a score, a number; the form follows {count}.
        ("stacked", t.plural("{count} stacked this round, score {score}.", "{count} stacked this round, score {score}.",
                             e.stacked, score=e.score)),
    ]



def _hands_part(ctx: Context, hands: Mapping[str, int]) -> str:
    """How many cards each hand holds: once when they are all alike ("4 cards in each hand")."""
    counts = list(hands.values())
    if counts and len(set(counts)) == 1:
        # Translators: {count} a number; the form follows {count}.
        return ctx.t.plural("{count} card in each hand.", "{count} cards in each hand.", counts[0])
    # Translators: {counts} numbers, already joined.
    return ctx.t("{counts}: the cards in hand, seat by seat.", counts=ctx.join([str(n) for n in counts]))


def _top(e: g.TopCard, ctx: Context) -> str:
    if e.top is not None:
        # Translators: {card} a card's name, already translated; {cards} a list of cards, already joined.
        sentence = ctx.t("{card} on the pile, {cards} in the draw pile.", card=face(ctx, e.top["rank"], e.top["type"]),
                         cards=cards_count(ctx, e.deck))
    else:
        # Translators: {cards} a list of cards, already joined.
        sentence = ctx.t("{cards} in the draw pile, the pile is empty.", cards=cards_count(ctx, e.deck))
    if e.phase == g.ROUND_OVER:
        sentence += " " + ctx.t("Round over: type {verb}.", verb=ctx.verb("round"))
    return sentence


def _errors(e: g.ErrorsInfo, ctx: Context) -> str:
    t = ctx.t
    allowance = _allowance(ctx, e.errors_allowed)
    if e.errors > e.errors_allowed:  # the game lost: "6 errors, 5 allowed", never "6 of 5"
        head = _errors_of(ctx, e.errors, e.errors_allowed, e.budget) + "."
    elif e.budget == "round":
        # Translators: {count} a number; {allowance} the errors allowed, counted ("5 allowed", already in its own
        # plural); the form follows {count}.
        head = t.plural("{count} error of {allowance} this round.", "{count} errors of {allowance} this round.",
                        e.errors, allowance=allowance)
    else:
        # Translators: {count} a number; {allowance} the errors allowed, counted ("5 allowed", already in its own
        # plural); the form follows {count}.
        head = t.plural("{count} error of {allowance}.", "{count} errors of {allowance}.", e.errors, allowance=allowance)
    return head + " " + _types_part(ctx, e.error_types)


def _discards(e: g.DiscardsInfo, ctx: Context) -> str:
    """The discards of the round, a short sentence per type, count first ("4 blue: 1, 2, 9 and 10.")."""
    t = ctx.t
    if not e.total:
        return t("No discards this round.")
    # Translators: {count} a number; the form follows {count}.
    said = [t.plural("{count} discarded this round.", "{count} discarded this round.", e.total)]
    for kind, ranks in e.groups.items():
        numbers = ctx.join([str(r) for r in ranks])
        # Translators: {count} a number; {type} a type's name; {ranks} ranks, already joined.
        said.append(t("{count} {type}: {ranks}.", count=len(ranks), type=type_name(ctx, kind), ranks=numbers) if kind
                    # Translators: {count} a number; {ranks} ranks, already joined; the form follows {count}.
                    else t.plural("{count} with no type said: {ranks}.", "{count} with no type said: {ranks}.",
                                  len(ranks), ranks=numbers))
    if e.turned:
        turned_ranks: tuple[int | None, ...] = e.turned_ranks or (None,) * len(e.turned)
        # Translators: {cards} a list of cards, already joined; {count} chooses singular or plural.
        said.append(t.plural("{cards} turned up.", "{cards} turned up.", len(e.turned),
                             cards=ctx.join([face(ctx, r, k) if r is not None else type_name(ctx, k)
                                             for r, k in zip(turned_ranks, e.turned, strict=False)])))
    if e.unknown:
        # Translators: {count} a number; the form follows {count}.
        said.append(t.plural("{count} not said.", "{count} not said.", e.unknown))
    return " ".join(said)


def _round(e: g.RoundInfo, ctx: Context) -> str:
    t = ctx.t
    # Translators: {count} a number; {round} a round's number; {rounds} rounds, counted; {score} a score, a number; the
    # form follows {count}.
    sentence = t.plural("{count} stacked, round {round} of {rounds}, score {score}.",
                        "{count} stacked, round {round} of {rounds}, score {score}.", e.stacked, round=e.round,
                        rounds=e.rounds, score=e.score)
    if e.phase == g.ROUND_OVER:
        sentence += " " + t("Round over: type {verb}.", verb=ctx.verb("round"))
    return sentence


_RENDERERS: dict[type, Callable[[Any, Context], str]] = {
    g.GameStarted: _game_started,
    g.RoundStarted: _round_started,
    g.CardPlayed: _card_played,
    g.DrawPileEmpty: _draw_pile_empty,
    g.ErrorMade: _error,
    g.CardTurned: _card_turned,
    g.CardsDiscarded: _cards_discarded,
    g.RoundEnded: _round_ended,
    g.GameOver: _game_over,
    g.TopCard: _top,
    g.ErrorsInfo: _errors,
    g.DiscardsInfo: _discards,
    g.RoundInfo: _round,
}


def _unknown_word(d: Mapping[str, Any], ctx: Context) -> str:
    """A word after the rank that names no type nor player, and the close one offered ("7 jeune": jaune)."""
    # Translators: {text} what the user typed.
    text = ctx.t("{text} is neither a type nor a player.", text=d.get("text"))
    if d.get("suggestion"):
        text += " " + ctx.core("Did you mean {suggestion}? Type yes.", suggestion=d["suggestion"])
    return text


#: The sentence for each refusal code of this game (the shared ones are the renderer's).
REFUSALS: dict[str, Refusal] = {
    # Translators: {verb} a command word to type.
    "round_over": lambda d, ctx: ctx.t("The round is over. Type {verb} to start the next.", verb=ctx.verb("round")),
    # Translators: {deck} a number of cards, or the deck's cards; {hands} the hands, already described; {round} a
    # round's number.
    "round_not_over": lambda d, ctx: ctx.t("{deck} in the draw pile, {hands} in hands. Round {round} goes on.",
                                           round=d.get("round"), deck=d.get("deck"), hands=d.get("in_hands")),
    # Translators: {type} a type's name.
    "no_such_type": lambda d, ctx: ctx.t("No type {type} in this game.", type=d.get("type")),
    # Translators: {rank} a rank's name or value; {low} a number, the lowest; {high} a number, the highest.
    "no_such_rank": lambda d, ctx: ctx.t("{rank} is no rank: from {low} to {high}.", rank=d.get("rank"),
                                         low=d.get("low"), high=d.get("high")),
    # Translators: {card} a card's name, already translated.
    "no_such_card": lambda d, ctx: ctx.t("No card {card} in this game.", card=face(ctx, d.get("rank"), d.get("type"))),
    # Translators: {rank} a rank's name or value; {count} a number; the form follows {count}.
    "all_seen": lambda d, ctx: ctx.t.plural("{rank}: its {count} card is already face up.",
                                            "{rank}: all {count} are already face up.", int(d.get("copies", 0)),
                                            rank=d.get("rank")),
    # Translators: {card} a card's name, already translated.
    "card_seen": lambda d, ctx: ctx.t("{card} is already face up.", card=face(ctx, d.get("rank"), d.get("type"))),
    # Translators: {count} a number; {player} a player's name; the form follows {count}.
    "empty_hand": lambda d, ctx: elided(ctx, ctx.t.plural(
        "{count} card only in {player}'s hand.", "{count} cards only in {player}'s hand.",
        int(d.get("count", 0)), player=player(ctx, str(d.get("player"))))),
    "player_needed": lambda d, ctx: (
        ctx.t("Whose card? Hands are refilled only once empty. Add the player, such as p2.") if d.get("deck")
        else ctx.t("Whose card? The draw pile is empty. Add the player, such as p2.")),
    "nothing_played": lambda d, ctx: ctx.t("No card on the pile yet: no error."),
    "already_error": lambda d, ctx: ctx.t("That error is already counted."),
    # Translators: {verb} a command word to type; {type} a type's name.
    "turned_needed": lambda d, ctx: ctx.t("Which card is turned up? Type its rank and type. Such as {verb} 7 {type}.",
                                          verb=ctx.verb("error"), type=_a_type(ctx)),
    # Translators: {verb} a command word to type; {type} a type's name.
    "turn_pending": lambda d, ctx: ctx.t("Error: first the card turned up. Type {verb} 7 {type}.",
                                         verb=ctx.verb("error"), type=_a_type(ctx)),
    # Translators: {verb} a command word to type.
    "no_card_to_turn": lambda d, ctx: ctx.t("The draw pile is empty. No card is turned up. Type {verb} alone.",
                                            verb=ctx.verb("error")),
    "no_error_yet": lambda d, ctx: ctx.t("No error this round. Nothing to discard."),
    "count_only": lambda d, ctx: ctx.t("Type only how many are discarded."),
    "discard_count": lambda d, ctx: ctx.t("Discard at least one card."),
    # Translators: {verb} a command word to type.
    "cards_needed": lambda d, ctx: ctx.t("Which cards? Type their ranks, like {verb} 3 5.", verb=ctx.verb("discard")),
    "types_mismatch": lambda d, ctx: ctx.t("One type per rank, or none."),
    # Translators: {rank} a rank's name or value; {played} the card played, or a sentence about it.
    "not_lower": lambda d, ctx: ctx.t("{rank} is not below {played}. Only lower cards are discarded.", rank=d.get("rank"),
                                      played=d.get("played")),
    # Translators: {hand} a number of cards in hand.
    "too_many": lambda d, ctx: ctx.t("{hand} cards at most in a hand.", hand=d.get("hand")),
    # From a seat's own page (companion/private/the_void.py): a play or a discard naming another player.
    # Translators: {player} a player's name.
    "other_seat": lambda d, ctx: elided(ctx, ctx.t("Here, play and discard yours only. Not {player}'s.",
                                                   player=player(ctx, str(d.get("named"))))),
    # From a seat whose whole hand is entered on its page (companion/private/the_void.py).
    "not_in_hand": lambda d, ctx: ctx.t(
        "Card not in your hand as entered. Play a card you hold. Or enter your hand again."),
    # Lines that are not commands of this game.
    "unknown_word": lambda d, ctx: _unknown_word(d, ctx),
    # Translators: {text} what the user typed.
    "ambiguous_type": lambda d, ctx: ctx.t("{text} could name several types. Say more.", text=d.get("text")),
    "rank_needed": lambda d, ctx: ctx.t("Which rank? Type the number, such as 7."),
    # Translators: {count} a number; the form follows {count}.
    "no_such_seat": lambda d, ctx: ctx.t.plural("{count} player only.", "{count} players only.",
                                                int(d.get("players", 0))),
    # Translators: {verb} a command word to type.
    "discard_what": lambda d, ctx: ctx.t("Which cards? Type their ranks after {verb}.", verb=ctx.verb("discard")),
    # Translators: {verb} a command word to type.
    "count_expected": lambda d, ctx: ctx.t("Type how many cards are discarded. Such as {verb} 2.", verb=ctx.verb("discard")),
}


def _a_type(ctx: Context) -> str:
    kinds = g.types_of(ctx.cards) if ctx.cards is not None else ()
    return type_name(ctx, kinds[1] if len(kinds) > 1 else (kinds[0] if kinds else ""))



HELP = {
    # Translators: every help line below: the command words are the ones users type; give the French words
    # (joue, faute, défausse, manche, dessus, fautes, défausses, état).
    "status": N_("status: round, pile, draw pile, hands. Errors, types turned up, score."),
    "play": N_("7, or play 7 red: a card on the pile. Add p2 for whose."),
    "error": N_("error, then error 7 blue. An error, then the card turned up."),
    "discard": N_("discard 3 blue 5: cards thrown after an error. Add p2 for whose."),
    "round": N_("round: the next round once one is over. Else where it stands."),
    "top": N_("top, or Enter alone. The top of the pile and the draw pile."),
    "errors": N_("errors: the errors so far. The types turned up this round."),
    "discards": N_("discards: every card discarded this round, by type."),
}


#: The Void's default verbosity is terse (its spec): a play is its number and type, nothing more.
_TERSE: dict[type, Callable[[Any, Context], str]] = {
    g.CardPlayed: _card_played_terse,
    g.DrawPileEmpty: _draw_pile_empty_terse,
    g.RoundStarted: _round_started_terse,
}
_FULL: dict[type, Callable[[Any, Context], str]] = {
    g.CardPlayed: _card_played_full,
    g.ErrorMade: _error_full,
}

#: Each option in words (`OptionWords`): ``companion records`` reads "discards typed as a number only", never
#: ``discards=count``.
OPTION_WORDS = {
    "difficulty": OptionWords({
        # Translators: a difficulty level of The Void, between commas in a line of companion records.
        "debutant": N_("6 errors allowed at the beginner level"),
        # Translators: a difficulty level of The Void, between commas in a line of companion records.
        "normal": N_("5 errors allowed at the normal level"),
        # Translators: a difficulty level of The Void, between commas in a line of companion records.
        "difficile": N_("4 errors allowed at the hard level"),
        # Translators: a difficulty level of The Void, between commas in a line of companion records.
        "epique": N_("3 errors allowed at the epic level"),
        # Translators: a difficulty level of The Void, between commas in a line of companion records.
        "mythique": N_("2 errors allowed at the mythic level"),
        # Translators: a difficulty level of The Void, between commas in a line of companion records.
        "divin": N_("1 error allowed at the divine level"),
        # Translators: a difficulty level of The Void ("gros mytho" in French), between commas in a line of companion
        # records.
        "gros-mytho": N_("no error allowed at the big fibber level"),
    }),
    # Translators: {count} a number; the form follows {count}.
    "rounds": OptionWords(count=plural("{count} round", "{count} rounds")),
    "eyes_closed": OptionWords(
        # Translators: an option of The Void (nobody closes their eyes), between commas in a line of companion records.
        {"none": N_("eyes open")},
        # Translators: {seats} seat numbers, already joined ("1 and 3"); {count} how many: an option of The Void,
        # between commas in a line of companion records; the form follows {count}.
        seats=plural("eyes closed for player {seats}", "eyes closed for players {seats}")),
    "eyes_closed_rounds": OptionWords({
        # Translators: an option of The Void, between commas in a line of companion records.
        "even": N_("eyes closed in even rounds"),
        # Translators: an option of The Void, between commas in a line of companion records.
        "odd": N_("eyes closed in odd rounds"),
    }),
    "discards": OptionWords({
        # Translators: what is typed after an error (an option of The Void), between commas in a line of companion
        # records.
        "cards": N_("discards typed card by card"),
        # Translators: what is typed after an error (an option of The Void), between commas in a line of companion
        # records.
        "count": N_("discards typed as a number only"),
    }),
    "draw": OptionWords({
        # Translators: an option of The Void, between commas in a line of companion records.
        "after_play": N_("a card drawn after each play"),
        # Translators: an option of The Void, between commas in a line of companion records.
        "empty_hand": N_("4 cards drawn when a hand is empty"),
    }),
    "error_end": OptionWords({
        # Translators: what ends a round on errors (an option of The Void), between commas in a line of companion
        # records.
        "turned": N_("a type turned up twice ends the round"),
        # Translators: what ends a round on errors (an option of The Void), between commas in a line of companion
        # records.
        "all": N_("a type discarded twice for errors ends the round"),
    }),
    "budget": OptionWords({
        # Translators: an option of The Void, between commas in a line of companion records.
        "game": N_("errors counted over the whole game"),
        # Translators: an option of The Void, between commas in a line of companion records.
        "round": N_("errors counted per round"),
    }),
}


RENDERER = Renderer(domain=DOMAIN, events=_RENDERERS, terse=_TERSE, full=_FULL, help=HELP, refusals=REFUSALS,
                    player=player, status_head=status_head, status_parts=status_parts,
                    option_words=OPTION_WORDS)
render = RENDERER.render
