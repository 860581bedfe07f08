"""Num-X: events and refusals as one short sentence each, French or English, numbers first.

A pile is said with its number and family ("pile 2 verte"); a branch by its
direction ("monte", "descend"); a top by its value.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping, Sequence

from companion.games import num_x as g
from companion.cards import Card
from companion.grammar import list_sentences
from companion.render import (N_, Context, OptionWords, Refusal, Renderer, capitalized, card_sentence, elided,
                              numbered_player)

DOMAIN = g.SPEC.domain

MODE = {
    # Translators: a Num-X game mode's name.
    "coop": N_("cooperative mode"),
    # Translators: a Num-X game mode's name.
    "expert": N_("Expert mode"),
    # Translators: a Num-X game mode's name.
    "decouverte": N_("Discovery mode"),
    # Translators: a Num-X game mode's name.
    "adversaire": N_("Opponent mode"),
}

#: Each option in words (`OptionWords`): ``companion records`` reads "cooperative mode, no colour lock", never the
#: options' syntax (``coop lock=off``, `companion.games.num_x.variant`).
OPTION_WORDS = {
    "actions": OptionWords({
        # Translators: an option of a Num-X game, between commas in a line of companion records.
        "on": N_("action cards"),
        # Translators: an option of a Num-X game, between commas in a line of companion records.
        "off": N_("no action cards"),
    }),
    "extra": OptionWords({
        # Translators: an option of a Num-X game, between commas in a line of companion records.
        "allowed": N_("extra plays"),
        # Translators: an option of a Num-X game, between commas in a line of companion records.
        "exact": N_("no extra plays"),
    }),
    "lock": OptionWords({
        # Translators: an option of a Num-X game, between commas in a line of companion records.
        "off": N_("no colour lock"),
        # Translators: an option of a Num-X game (a family card only goes on its family's pile), between commas in a
        # line of companion records.
        "on": N_("colour lock"),
    }),
    "start": OptionWords({
        # Translators: an option of a Num-X game, between commas in a line of companion records.
        "open": N_("open starts"),
        # Translators: an option of a Num-X game (a pile's first card is the top of both branches), between commas in
        # a line of companion records.
        "shared": N_("shared starts"),
    }),
    "starters": OptionWords({
        # Translators: an option of a Num-X game, between commas in a line of companion records.
        "any": N_("any card starts a pile"),
        # Translators: an option of a Num-X game, between commas in a line of companion records.
        "family": N_("only family cards start a pile"),
    }),
    "breaks": OptionWords({
        # Translators: an option of a Num-X game, between commas in a line of companion records.
        "close": N_("a break closes its branch"),
        # Translators: an option of a Num-X game (a Shadow or Rainbow break becomes the branch's top), between commas
        # in a line of companion records.
        "reset": N_("a break becomes its branch's top"),
    }),
    "removed_family": OptionWords({
        # Translators: an option of a Num-X game (Discovery mode), between commas in a line of companion records.
        "red": N_("without the red family"),
        # Translators: an option of a Num-X game (Discovery mode), between commas in a line of companion records.
        "green": N_("without the green family"),
        # Translators: an option of a Num-X game (Discovery mode), between commas in a line of companion records.
        "blue": N_("without the blue family"),
        # Translators: an option of a Num-X game (Discovery mode), between commas in a line of companion records.
        "yellow": N_("without the yellow family"),
    }),
    "mode": OptionWords(MODE),
}


player = numbered_player


def family(ctx: Context, name: str | None) -> str:
    """A pile's family, said after "pile N" (a feminine adjective in French: verte)."""
    t = ctx.t
    words = {
        # Translators: a colour's name, of a card family (feminine in French: une pile verte).
        "red": lambda: t.pgettext("pile colour", "red"),
        # Translators: a colour's name, of a card family (feminine in French: une pile verte).
        "green": lambda: t.pgettext("pile colour", "green"),
        # Translators: a colour's name, of a card family (feminine in French: une pile verte).
        "blue": lambda: t.pgettext("pile colour", "blue"),
        # Translators: a colour's name, of a card family (feminine in French: une pile verte).
        "yellow": lambda: t.pgettext("pile colour", "yellow"),
    }
    word = words.get(name or "")
    return word() if word else ""


def card_colour(ctx: Context, name: str | None) -> str:
    """A card's family, said after its number ("9 red"; masculine in French: un 9 vert)."""
    t = ctx.t
    words = {
        # Translators: a colour's name, of a card family (masculine in French: un 9 vert).
        "red": lambda: t.pgettext("card colour", "red"),
        # Translators: a colour's name, of a card family (masculine in French: un 9 vert).
        "green": lambda: t.pgettext("card colour", "green"),
        # Translators: a colour's name, of a card family (masculine in French: un 9 vert).
        "blue": lambda: t.pgettext("card colour", "blue"),
        # Translators: a colour's name, of a card family (masculine in French: un 9 vert).
        "yellow": lambda: t.pgettext("card colour", "yellow"),
    }
    word = words.get(name or "")
    return word() if word else ""


def direction(ctx: Context, way: str | None) -> str:
    """A branch said as a direction: "up", "down" (en montée, en descente)."""
    if way == g.UP:
        # Translators: a direction: the pile goes up.
        return ctx.t.pgettext("branch", "up")
    if way == g.DOWN:
        # Translators: a direction: the pile goes down.
        return ctx.t.pgettext("branch", "down")
    return ""


def card_short(ctx: Context, card_id: str) -> str:
    """A card number first, said once: "9 red", "3 Shadow"; an action card by its name."""
    if ctx.cards is None or card_id not in ctx.cards:
        return card_id
    card = ctx.cards[card_id]
    t = g.traits(card)
    if t.kind == "family":
        # Translators: {value} a card's value or the value typed; {colour} a colour's name.
        return ctx.t("{value} {colour}", value=card.value, colour=card_colour(ctx, t.family))
    if t.kind == "shadow":
        # Translators: {value} a card's value or the value typed.
        return ctx.t("{value} Shadow", value=card.value)
    if t.kind == "rainbow":
        # Translators: {value} a card's value or the value typed.
        return ctx.t("{value} Rainbow", value=card.value)
    return ctx.card(card_id)


def cards_count(ctx: Context, count: int) -> str:
    # Translators: {count} a number; the form follows {count}.
    return ctx.t.plural("{count} card", "{count} cards", count)


def pile_name(ctx: Context, number: int, fam: str | None) -> str:
    """``pile 2 green`` (or ``pile 2`` before its family is fixed)."""
    if fam:
        # Translators: {pile} a pile: its number or its owner's name; {family} a colour family's name.
        return ctx.t("pile {pile} {family}", pile=number, family=family(ctx, fam))
    # Translators: {pile} a pile: its number or its owner's name.
    return ctx.t("pile {pile}", pile=number)


def _where(ctx: Context, e: g.CardPlayed) -> str:
    """The pile a card went on: its owner's in Opponent mode, its family only when the card does not say it."""
    t = ctx.t
    if e.owner is not None and e.owner != e.player:
        # Translators: {player} a player's name; {pile} a pile: its number or its owner's name.
        return elided(ctx, t("{player}'s pile {pile}", pile=e.pile, player=player(ctx, e.owner)))
    card = ctx.cards[e.card] if ctx.cards is not None and e.card in ctx.cards else None
    if e.family and (card is None or g.traits(card).family != e.family):
        # Translators: {pile} a pile: its number or its owner's name; {family} a colour family's name.
        return t.pgettext("where a card goes", "pile {pile} {family}", pile=e.pile, family=family(ctx, e.family))
    # Translators: {pile} a pile: its number or its owner's name.
    return t.pgettext("where a card goes", "pile {pile}", pile=e.pile)


def plays(ctx: Context, made: int, required: int) -> str:
    """Where the turn stands, without repeating the count just said: "1 play left." or "The turn may end: next."."""
    t = ctx.t
    if made < required:
        # Translators: {count} a number; the form follows {count}.
        return t.plural("{count} play left.", "{count} plays left.", required - made)
    # Translators: {next} a command word to type.
    return t("The turn may end: {next}.", next=ctx.verb("next"))


def tops(ctx: Context, up: int | None, down: int | None) -> str:
    # Translators: {up} a number of cards up; {down} a number of cards down.
    return ctx.t("up {up}, down {down}", up=up, down=down)


def _game_started(e: g.GameStarted, ctx: Context) -> str:
    t = ctx.t
    # Translators: {count} a number; the form follows {count}.
    players = t.plural("{count} player", "{count} players", e.players)
    # Translators: {players} the players, counted or named ("3 players"); {mode} a game mode's name; {deck} a number of
    # cards, or the deck's cards; {piles} the piles, already joined; {hand} a number of cards in hand.
    sentence = t("{players}, Num-X, {mode}. {deck}, {piles}, hands of {hand}.",
                 players=players, mode=t(MODE[e.mode]),
                 # Translators: {count} a number; the form follows {count}.
                 deck=cards_count(ctx, e.deck_size), piles=t.plural("{count} pile", "{count} piles", e.piles),
                 hand=e.hand_size)
    if not e.actions:
        sentence += " " + t("No action cards.")
    return sentence


def _turn_started(e: g.TurnStarted, ctx: Context) -> str:
    # Translators: {count} a number; {player} a player's name; the form follows {count}.
    return ctx.t.plural("{count} play for {player}.", "{count} plays for {player}.", e.plays_required,
                        player=player(ctx, e.player))


def _card_played_head(e: g.CardPlayed, ctx: Context) -> list[str]:
    """Where the card went (and a branch a break closed), without the turn's count."""
    t = ctx.t
    card = card_short(ctx, e.card)
    where = _where(ctx, e)
    way = direction(ctx, e.direction)
    hows: dict[str, Callable[[], str]] = {
        # Translators: {card} a card's name, already translated; {pile} a pile: its number or its owner's name.
        "start": lambda: t("{card} starts {pile}.", card=card, pile=where),
        # Translators: {card} a card's name, already translated; {way} a direction word (up or down); {pile} a pile: its
        # number or its owner's name.
        # (the rules' fixed gap in words: never read as a count, nor as the other branch's top when it is 10)
        "ten": lambda: t("{card} {way} on {pile}, ten back.", card=card, pile=where, way=way),
        # Translators: {card} a card's name, already translated; {pile} a pile: its number or its owner's name; {way} a
        # direction word (up or down).
        "break": lambda: t("{card} breaks {pile} {way}.", card=card, pile=where, way=way),
        # Translators: {card} a card's name, already translated; {way} a direction word (up or down); {pile} a pile: its
        # number or its owner's name.
        "equal": lambda: t("{card} {way} on {pile}, equal to its top.", card=card, pile=where, way=way),
        # Translators: {value} a card's value or the value typed; {way} a direction word (up or down); {pile} a pile:
        # its number or its owner's name.
        "joker": lambda: t("{value}, the Joker {way} on {pile}.", value=e.value, pile=where, way=way),
        # Translators: {card} a card's name, already translated; {way} a direction word (up or down); {pile} a pile: its
        # number or its owner's name.
        "help": lambda: t("{card} {way} on {pile}, a help.", card=card, pile=where, way=way),
    }
    maker = hows.get(e.how)
    # Translators: {card} a card's name, already translated; {way} a direction word (up or down); {pile} a pile: its
    # number or its owner's name.
    parts = [capitalized(maker() if maker else t("{card} {way} on {pile}.", card=card, pile=where, way=way))]
    if e.closed:
        parts.append(t("That branch is closed."))
    return parts


def _card_played(e: g.CardPlayed, ctx: Context) -> str:
    return " ".join(_card_played_head(e, ctx) + [plays(ctx, e.plays_made, e.plays_required)])


def _flipped(e: g.Flipped, ctx: Context) -> str:
    # Translators: {up} a number of cards up; {down} a number of cards down; {pile} a pile: its number or its owner's
    # name.
    return ctx.t("{up} up, {down} down: Flip on pile {pile}.", pile=e.pile, up=e.up, down=e.down) + " " + plays(
        ctx, e.plays_made, e.plays_required)


def card_taken(ctx: Context, card_id: str) -> str:
    """A card a Flash takes out, as the object of a sentence: "9 red", "3 Shadow", but "the Joker" (an action card is
    named with its article, as "the Joker goes up" says it: "Flash takes out Joker" lacked it)."""
    if ctx.cards is not None and card_id in ctx.cards and g.traits(ctx.cards[card_id]).kind == "action":
        # Translators: {card} an action card's name (Joker, Flip, Flash), all masculine in French: "le Joker".
        return ctx.t("the {card}", card=ctx.card(card_id))
    return card_short(ctx, card_id)


def _flashed(e: g.Flashed, ctx: Context) -> str:
    # Translators: {top} the card on top of a pile; {way} a direction word (up or down); {pile} a pile: its number or
    # its owner's name; {card} a card's name, already translated, with its article when it has one ("the Joker").
    return ctx.t("{top} {way} on pile {pile} again: Flash takes out {card}.", card=card_taken(ctx, e.removed),
                 pile=e.pile, way=direction(ctx, e.direction), top=e.top) + " " + plays(ctx, e.plays_made,
                                                                                       e.plays_required)


def _turn_eased(e: g.TurnEased, ctx: Context) -> str:
    t = ctx.t
    if e.card == "passe":
        # Translators: {next} a command word to type.
        return t("Pass: the turn is filled, type {next}.", next=ctx.verb("next"))
    if not e.eased:
        return t("Simple: no effect, a single play was the rule already.")
    if e.plays_made >= e.plays_required:
        return t("Simple: a single real play is enough.") + " " + plays(ctx, e.plays_made, e.plays_required)
    return t("Simple: a single real play this turn.")


def _action_draw(e: g.ActionDraw, ctx: Context) -> str:
    if not e.drew:
        return ctx.t("0 cards to draw: the draw pile is empty.")
    who = player(ctx, e.player)
    if e.deck == 0:
        # Translators: {player} a player's name: who drew it, after an action card.
        return ctx.t("The last card drawn at once by {player}.", player=who)
    # Translators: {player} a player's name: who drew it, after an action card.
    head = ctx.t("A card drawn at once by {player}.", player=who)
    # Translators: {count} a number; the form follows {count}.
    return head + " " + ctx.t.plural("{count} card in the draw pile.", "{count} cards in the draw pile.", e.deck)


def _hand_grew(e: g.HandGrew, ctx: Context) -> str:
    # The new size is said by the refill that follows ("6 cards drawn by Ana"): said once.
    # Translators: {player} a player's name.
    return ctx.t("1 more card a hand for {player}: hand emptied in one turn.",
                 player=player(ctx, e.player))


def _refilled(e: g.Refilled, ctx: Context) -> str:
    t = ctx.t
    who = player(ctx, e.player)
    if not e.drew:
        # Translators: {count} a number; {player} a player's name; the form follows {count}.
        return t.plural("{count} card in hand for {player}, none drawn.",
                        "{count} cards in hand for {player}, none drawn.", e.hand, player=who)
    # Translators: {count} a number; {player} a player's name; the form follows {count}.
    drawn = t.plural("{count} card drawn by {player}", "{count} cards drawn by {player}", e.drew, player=who)
    # Translators: {drawn} the cards drawn; {hand} a number of cards in hand.
    head = t("{drawn}: {hand} in hand.", drawn=drawn, hand=e.hand) if e.hand != e.drew else drawn + "."
    if e.deck == 0:  # the draw pile's end is said next (deck_emptied)
        return head
    return head + " " + t.plural("{count} card in the draw pile.", "{count} cards in the draw pile.", e.deck)


def _deck_emptied(e: g.DeckEmptied, ctx: Context) -> str:
    if e.now:
        return ctx.t("0 cards in the draw pile: 1 play is enough from now on.")
    return ctx.t("0 cards in the draw pile: 1 play a turn from the next turn.")


def _player_eliminated(e: g.PlayerEliminated, ctx: Context) -> str:
    t = ctx.t
    # Translators: {count} a number; the form follows {count}.
    left = t.plural("{count} player left.", "{count} players left.", e.left)
    # Translators: {count} a number; {deck} a number of cards, or the deck's cards; {player} a player's name; the form
    # follows {count}.
    return t.plural("{count} card back into the draw pile, now {deck}: {player} is blocked and out.",
                    "{count} cards back into the draw pile, now {deck}: {player} is blocked and out.", e.recycled,
                    deck=e.deck, player=player(ctx, e.player)) + " " + left


def _game_over(e: g.GameOver, ctx: Context) -> str:
    t = ctx.t
    if e.reason == "all_placed":
        # Translators: {score} a score, a number: the cards played from the hands, the whole deck once won (the
        # status's "cards placed" counts only those on the piles, not the action cards and a Flash's victims).
        return t("{score} cards played, the whole deck: the table wins!", score=e.score)
    if e.reason == "blocked":
        # Translators: {count} a number, the cards played from the hands (on the piles or out of play); {total} a
        # number, the total; the form follows {count}.
        return t.plural("{count} of {total} cards played.", "{count} of {total} cards played.", e.score,
                        total=e.total) + " " + t("Blocked: the table loses.")
    winners = [player(ctx, w) for w in e.winners]
    if e.reason == "seventeen":
        # Translators: {players} the players, counted or named ("3 players"); {count} chooses singular or plural.
        return t.plural("17 cards of their family: {players} wins!", "17 cards of their family: {players} win!",
                        len(winners), players=ctx.join(winners))
    # Translators: {score} a score, a number; {players} the players, counted or named ("3 players"); {count} chooses
    # singular or plural.
    return t.plural("{score}, the best score: {players} wins.", "{score}, the best score: {players} win.",
                    len(winners), score=e.score, players=ctx.join(winners))


def pile_tops(ctx: Context, pile: int, fam: str | None, up: int | None, down: int | None,
              closed: Sequence[str] = ()) -> str:
    """One started pile, its tops first: "9 up, 3 down on pile 1 red." (", up closed" after a break)."""
    t = ctx.t
    # Translators: {up} a number of cards up; {down} a number of cards down; {pile} a pile: its number or its owner's
    # name.
    text = t("{up} up, {down} down on pile {pile}", up=up, down=down, pile=pile)
    if fam:
        # Translators: {up} a number of cards up; {down} a number of cards down; {pile} a pile: its number or its
        # owner's name; {family} a colour family's name.
        text = t("{up} up, {down} down on pile {pile} {family}", up=up, down=down, pile=pile,
                 family=family(ctx, fam))
    ways = [direction(ctx, way) for way in closed]
    if len(ways) > 1:
        text += t(", both closed")
    elif ways:
        # Translators: {ways} directions closed, already joined.
        text += t(", {ways} closed", ways=ways[0])
    return text + "."


def table_sentence(ctx: Context, piles: Sequence[Mapping[str, Any]]) -> str:
    """The tops of every branch, numbers first: "9 up, 3 down on pile 1 red. 2 piles free: 3 and 4."."""
    t = ctx.t
    parts = [pile_tops(ctx, p["pile"], p["family"], p["up"], p["down"], p.get("closed", ()))
             for p in piles if p["up"] is not None]
    free = [str(p["pile"]) for p in piles if p["up"] is None]
    if free and len(free) == len(piles):
        # Translators: {count} a number; the form follows {count}.
        parts.append(t.plural("{count} pile, free.", "{count} piles, all free.", len(free)))
    elif free:  # the list says how many
        # Translators: {piles} the piles, already joined; {count} chooses singular or plural.
        parts.append(t.plural("{piles}: a free pile.", "{piles}: free piles.", len(free), piles=ctx.join(free)))
    return " ".join(parts)


def status_head(e: g.Status, ctx: Context) -> str:
    """Whose turn and where it stands, number first and short (undo says it after the step taken back)."""
    t = ctx.t
    if e.outcome is not None:
        score = int(e.outcome.get("score") or 0)
        if e.outcome["kind"] == "cooperative_win":
            # Translators: {score} a score, a number: the cards played from the hands, the whole deck.
            return t("{score} cards played: game over, won.", score=score)
        if e.outcome["kind"] == "cooperative_loss":
            # Translators: {count} a number, the cards played from the hands; the form follows {count}.
            return t.plural("{count} card played: game over, lost.", "{count} cards played: game over, lost.", score)
        winners = [player(ctx, w) for w in e.outcome["winners"]]
        # Translators: {score} a score, a number; {players} the players, counted or named ("3 players"); {count} chooses
        # singular or plural.
        return t.plural("{score}, the best score: game over, {players} won.",
                        "{score}, the best score: game over, {players} won.", len(winners), score=score,
                        players=ctx.join(winners))
    who = player(ctx, e.current_player)
    if e.plays_made >= e.plays_required:
        # Translators: {count} a number; {player} a player's name; the form follows {count}.
        return t.plural("{count} play made by {player}.", "{count} plays made by {player}.", e.plays_made, player=who)
    # Translators: {count} a number; {required} a number; {player} a player's name; the form follows {count}.
    return t.plural("{count} of {required} plays for {player}.", "{count} of {required} plays for {player}.",
                    e.plays_made, required=e.plays_required, player=who)


def _counts(ctx: Context, counts: Mapping[str, int], first: Callable[[int, str], str]) -> list[str]:
    """Counts per player, equal ones together, highest first, one short sentence each: "5 in hand for Ana and Bo."."""
    groups: dict[int, list[str]] = {}
    for pid, count in counts.items():
        groups.setdefault(count, []).append(player(ctx, pid))
    return [first(count, ctx.join(names)) for count, names in sorted(groups.items(), reverse=True)]


def status_parts(e: g.Status, ctx: Context) -> list[tuple[str, str]]:
    t = ctx.t
    # Translators: {count} a number; {players} the players, counted or named ("3 players"); the form follows {count}.
    hands = _counts(ctx, e.hands, lambda n, who: t.plural("{count} card in hand for {players}.",
                                                        "{count} cards in hand for {players}.", n, players=who))
    parts = [("piles", table_sentence(ctx, e.piles)),
             ("deck", t.plural("{count} card in the draw pile.", "{count} cards in the draw pile.", e.deck)),
             ("hands", " ".join(hands))]
    if e.outcome is None or e.outcome.get("kind") not in ("cooperative_win", "cooperative_loss"):
        # Once the table won or lost, the head said the score (the cards played): one "placed" count only.
        # Translators: {count} a number; the form follows {count}.
        parts.append(("placed", t.plural("{count} card placed.", "{count} cards placed.", e.placed)))
    if e.scores:
        # Translators: {count} a number; {players} the players, counted or named ("3 players"); the form follows
        # {count}.
        scores = _counts(ctx, e.scores, lambda n, who: t.plural("{count} family card placed by {players}.",
                                                              "{count} family cards placed by {players}.", n,
                                                              players=who))
        parts.append(("scores", " ".join(scores)))
    if e.eliminated:
        # Translators: {players} the players, counted or named ("3 players").
        parts.append(("eliminated", t("Out: {players}.", players=ctx.join([player(ctx, p) for p in e.eliminated]))))
    return parts


def _table(e: g.Table, ctx: Context) -> str:
    return table_sentence(ctx, e.piles)


def _under(ctx: Context, way: str, cards: Sequence[str], fam: str | None) -> list[str]:
    """A branch's cards under its top (the top is said first): their count and way, then the cards oldest first,
    numbers first, in sentences of at most 15 words ("8 cards under the top, up: 1 Shadow, 6 Shadow, 9, 11.")."""
    t = ctx.t
    said = [str(ctx.cards[c].value) if ctx.cards is not None and c in ctx.cards and fam is not None
            and g.traits(ctx.cards[c]).family == fam else card_short(ctx, c) for c in cards]
    # Translators: leads a list of cards; {count} a number; the form follows {count}.
    head = (t.plural("{count} card under the top, up:", "{count} cards under the top, up:", len(said)) if way == g.UP
            # Translators: leads a list of cards; {count} a number; the form follows {count}.
            else t.plural("{count} card under the top, down:", "{count} cards under the top, down:", len(said)))
    return [list_sentences(head, said)]


def _pile(e: g.PileShown, ctx: Context) -> str:
    t = ctx.t
    if e.up is None:
        # Translators: {pile} a pile: its number or its owner's name.
        return t("0 cards on pile {pile}: it is free.", pile=e.pile)
    parts = [pile_tops(ctx, e.pile, e.family, e.up, e.down, e.closed)]
    if e.start is not None and e.up_cards and e.down_cards:  # else the first card is a top, said already
        # Translators: {card} a card's name, already translated.
        parts.append(t("{card}, the first card.", card=card_short(ctx, e.start)))
    if len(e.up_cards) > 1:
        parts.extend(_under(ctx, g.UP, e.up_cards[:-1], e.family))
    if len(e.down_cards) > 1:
        parts.extend(_under(ctx, g.DOWN, e.down_cards[:-1], e.family))
    return " ".join(parts)


def _ways(ctx: Context, places: Sequence[Mapping[str, Any]]) -> str:
    """The branches of one pile: "up or down", "up", or nothing for a pile's first card."""
    ways = [direction(ctx, p.get("direction")) for p in places if p.get("direction") is not None]
    return ctx.join(ways, alternative=True) if ways else ""


def _by_pile(items: Sequence[Mapping[str, Any]]) -> dict[int, list[Mapping[str, Any]]]:
    found: dict[int, list[Mapping[str, Any]]] = {}
    for item in items:
        found.setdefault(int(item["pile"]), []).append(item)
    return found


def _why_not(ctx: Context, pile: int, refused: Sequence[Mapping[str, Any]]) -> str | None:
    """"Not on pile 2: up, top 9; down, top 7." for the reasons worth saying, else None."""
    t = ctx.t
    reasons: list[str] = []
    for r in refused:
        code = r.get("code")
        if code == "wrong_family":
            # Translators: {pile} a pile: its number or its owner's name; {family} a colour family's name.
            return t("Not on pile {pile}: {family}.", pile=pile, family=family(ctx, r.get("family")))
        if code == "does_not_fit":
            # Translators: {way} a direction word (up or down); {top} the card on top of a pile.
            reasons.append(t("{way}, top {top}", way=direction(ctx, r.get("direction")), top=r.get("top")))
        elif code == "branch_closed":
            # Translators: {way} a direction word (up or down).
            reasons.append(t("{way}, closed", way=direction(ctx, r.get("direction"))))
    if not reasons:
        return None
    # Translators: {pile} a pile: its number or its owner's name; {reasons} reasons, already joined.
    return t("Not on pile {pile}: {reasons}.", pile=pile, reasons=ctx.separator.join(reasons))


def _breaks(ctx: Context, places: Sequence[Mapping[str, Any]]) -> list[str]:
    """"Pile 2 up: a break." for each place where the card would break the branch (a Shadow or a Rainbow)."""
    # Translators: {pile} a pile: its number or its owner's name; {way} a direction word (up or down).
    return [ctx.t("Pile {pile} {way}: a break.", pile=p["pile"], way=direction(ctx, p.get("direction")))
            for p in places if p.get("how") == "break"]


def _fits(e: g.Fits, ctx: Context) -> str:
    t = ctx.t
    card = card_short(ctx, e.card)
    # Translators: {player} a player's name.
    parts = [] if e.private else [t("Asked by {player}, at the table.", player=player(ctx, e.asked_by))]
    if e.placed_already:
        # Translators: {card} a card's name, already translated.
        parts.append(t("Every {card} is already played.", card=card))
    elif e.turn is not None:  # the turn takes no card: the refusal a play would get
        parts.append(REFUSALS[e.turn["code"]](e.turn, ctx))
    elif not e.needs_pile:
        # Translators: {card} a card's name, already translated.
        may = N_("{card} may be played now.")
        # Translators: {card} a card's name, already translated.
        cannot = N_("{card} cannot be played now.")
        parts.append(t(may if e.places else cannot, card=card))
    else:
        places = _by_pile(e.places)
        # Translators: {count} a number; {card} a card's name, already translated; the form follows {count}.
        parts.append(t.plural("{count} pile for {card}.", "{count} piles for {card}.", len(places), card=card)
                     # Translators: {card} a card's name, already translated.
                     if places else t("{card} fits nowhere now.", card=card))
        groups: dict[str, list[str]] = {}  # piles with the same branches said together
        for pile, found in places.items():
            groups.setdefault(_ways(ctx, found), []).append(str(pile))
        for ways, piles in groups.items():
            if len(piles) == 1:
                # Translators: {pile} a pile: its number or its owner's name; {ways} directions closed, already joined.
                parts.append(t("Pile {pile}: {ways}.", pile=piles[0], ways=ways) if ways
                             # Translators: {pile} a pile: its number or its owner's name.
                             else t("Pile {pile}: to start it.", pile=piles[0]))
            else:
                # Translators: {piles} the piles, already joined; {ways} directions closed, already joined.
                parts.append(t("Piles {piles}: {ways}.", piles=ctx.join(piles), ways=ways) if ways
                             # Translators: {piles} the piles, already joined.
                             else t("Piles {piles}: to start one.", piles=ctx.join(piles)))
        parts += _breaks(ctx, e.places)
        for pile, refused in _by_pile(e.refusals).items():
            if pile not in places:
                why = _why_not(ctx, pile, refused)
                if why:
                    parts.append(why)
    return " ".join(parts)


def _left(e: g.Left, ctx: Context) -> str:
    t = ctx.t
    return " ".join([
        # Translators: {deck} a number of cards, or the deck's cards; {placed} a number; {to_place} a number.
        t("{deck} in the draw pile, {placed} placed, {to_place} still to place.", deck=e.deck, placed=e.placed,
          to_place=e.to_place),
        # Translators: {count} a number; the form follows {count}.
        t.plural("{count} play left this turn.", "{count} plays left this turn.", e.plays_left)])


_RENDERERS: dict[type, Callable[[Any, Context], str]] = {
    g.GameStarted: _game_started,
    g.TurnStarted: _turn_started,
    g.CardPlayed: _card_played,
    g.Flipped: _flipped,
    g.Flashed: _flashed,
    g.TurnEased: _turn_eased,
    g.ActionDraw: _action_draw,
    g.HandGrew: _hand_grew,
    g.Refilled: _refilled,
    g.DeckEmptied: _deck_emptied,
    g.PlayerEliminated: _player_eliminated,
    g.GameOver: _game_over,
    g.Table: _table,
    g.PileShown: _pile,
    g.Fits: _fits,
    g.Left: _left,
}


# --------------------------------------------------------------------------- terse and full forms


def _card_played_terse(e: g.CardPlayed, ctx: Context) -> str:
    """The number and the change only: "9 red up, pile 2." (the turn's count is left to status)."""
    # Translators: {value} a card's value or the value typed.
    card = card_short(ctx, e.card) if e.how != "joker" else ctx.t("{value}, Joker", value=e.value)
    if e.how == "start":
        # Translators: {card} a card's name, already translated; {pile} a pile: its number or its owner's name.
        return ctx.t("{card}, pile {pile}.", card=card, pile=e.pile)
    # Translators: {card} a card's name, already translated; {way} a direction word (up or down); {pile} a pile: its
    # number or its owner's name.
    return ctx.t("{card} {way}, pile {pile}.", card=card, way=direction(ctx, e.direction), pile=e.pile)


def _refilled_terse(e: g.Refilled, ctx: Context) -> str:
    if not e.drew:
        return ""
    # Translators: {count} a number; {deck} a number of cards, or the deck's cards; the form follows {count}.
    return ctx.t.plural("{count} drawn, {deck} left.", "{count} drawn, {deck} left.", e.drew, deck=e.deck)


def _turn_eased_terse(e: g.TurnEased, ctx: Context) -> str:
    if e.card == "passe":
        # Translators: a player passes.
        return ctx.t("Pass.")
    # Translators: a play with nothing special.
    return ctx.t("Simple.") if e.eased else ctx.t("Simple: no effect.")


#: Terse forms: the number and the change only ("9 red up, pile 2."); a draw said by the cards in hand is not said.
_TERSE: dict[type, Callable[[Any, Context], str]] = {
    # Translators: {count} a number; {player} a player's name.
    g.TurnStarted: lambda e, ctx: ctx.t("{count} for {player}.", count=e.plays_required, player=player(ctx, e.player)),
    g.CardPlayed: _card_played_terse,
    # Translators: {up} a number of cards up; {down} a number of cards down; {pile} a pile: its number or its owner's
    # name.
    g.Flipped: lambda e, ctx: ctx.t("{up} up, {down} down, pile {pile}.", up=e.up, down=e.down, pile=e.pile),
    # Translators: {top} the card on top of a pile; {way} a direction word (up or down); {pile} a pile: its number or
    # its owner's name.
    g.Flashed: lambda e, ctx: ctx.t("{top} {way} again, pile {pile}.", top=e.top, way=direction(ctx, e.direction),
                                    pile=e.pile),
    g.TurnEased: _turn_eased_terse,
    g.ActionDraw: lambda e, ctx: "",
    # Translators: {player} a player's name.
    g.HandGrew: lambda e, ctx: ctx.t("1 more card for {player}.", player=player(ctx, e.player)),
    g.Refilled: _refilled_terse,
    g.DeckEmptied: lambda e, ctx: ctx.t("0 in the draw pile."),
}


#: Why a play that is not simply beyond the top fits (full verbosity).
def _why(e: g.CardPlayed, ctx: Context) -> str:
    t = ctx.t
    reasons: dict[str, Callable[[], str]] = {
        "ten": lambda: t("Exactly that gap always fits."),
        "equal": lambda: t("Shadow and Rainbow may equal the top."),
        "break": lambda: t("Shadow and Rainbow break a branch with any value."),
        "joker": lambda: t("The Joker replays the top's value, or goes exactly ten away."),
        "help": lambda: t("On another player's family, you only help."),
    }
    maker = reasons.get(e.how)
    return maker() if maker else ""


def _card_played_full(e: g.CardPlayed, ctx: Context) -> str:
    """The sentence, why it fits, the other branch's top and both counts of the turn."""
    t = ctx.t
    parts = _card_played_head(e, ctx)
    why = _why(e, ctx)
    if why:
        parts.append(why)
    if e.how != "start" and e.direction is not None:
        other = e.down if e.direction == g.UP else e.up
        # Translators: {top} the card on top of a pile.
        parts.append(t("{top} down, the other branch.", top=other) if e.direction == g.UP
                     # Translators: {top} the card on top of a pile.
                     else t("{top} up, the other branch.", top=other))
    parts.append(plays(ctx, e.plays_made, e.plays_required))
    # Translators: {count} a number; the form follows {count}.
    parts.append(t.plural("{count} card placed in all.", "{count} cards placed in all.", e.placed))
    return " ".join(parts)


def _turn_started_full(e: g.TurnStarted, ctx: Context) -> str:
    t = ctx.t
    return " ".join([_turn_started(e, ctx),
                     # Translators: {count} a number; the form follows {count}.
                     t.plural("{count} card in hand.", "{count} cards in hand.", e.hand),
                     t.plural("{count} card in the draw pile.", "{count} cards in the draw pile.", e.deck)])


#: Full forms: the sentence and its context (why a play fits, the pile's other top, the hand and the draw pile).
_FULL: dict[type, Callable[[Any, Context], str]] = {
    g.CardPlayed: _card_played_full,
    g.TurnStarted: _turn_started_full,
    g.ActionDraw: lambda e, ctx: _action_draw(e, ctx) + " " + ctx.t("An action card draws its replacement at once."),
}


def _card(d: Mapping[str, Any], ctx: Context, key: str = "card") -> str:
    return card_short(ctx, str(d.get(key, "")))


def _way(d: Mapping[str, Any], ctx: Context) -> str:
    return direction(ctx, d.get("direction"))


def _does_not_fit(d: Mapping[str, Any], ctx: Context) -> str:
    if d.get("direction") == g.DOWN:
        # Translators: {card} a card's name, already translated; {pile} a pile: its number or its owner's name; {top}
        # the card on top of a pile.
        return ctx.t("{card} cannot go down on pile {pile}. Its top is {top}.", card=_card(d, ctx), pile=d["pile"], top=d["top"])
    # Translators: {card} a card's name, already translated; {pile} a pile: its number or its owner's name; {top} the
    # card on top of a pile.
    return ctx.t("{card} cannot go up on pile {pile}. Its top is {top}.", card=_card(d, ctx), pile=d["pile"], top=d["top"])


#: The sentence for each refusal code of this game (the shared ones are the renderer's).
def _unknown_card(d: Mapping[str, Any], ctx: Context) -> str:
    """A card of Num-X that this game leaves out (an action card with --actions off): said, never "No such card."."""
    card_id = str(d.get("card", ""))
    if ctx.cards is None or card_id not in ctx.cards:
        return ctx.core("No such card.")
    # Translators: {card} a card's name: a Num-X card this game's mode or options leave out (--actions off).
    return elided(ctx, ctx.t("No {card} in this game. Its mode or options leave it out.", card=card_short(ctx, card_id)))


def _joker_value(d: Mapping[str, Any], ctx: Context) -> str:
    """A Joker's value refused: 10 away from the top but beyond every card's number (0 to 16) is said as such, never
    "or 10 away. Not 17." of a 17 that is 10 away."""
    if abs(int(d["value"]) - int(d["top"])) == 10:
        # Translators: {top} the card on top of a pile; {value} the value typed, 10 away from {top}, which no card has.
        return ctx.t("The Joker counts as {top}, or 10 away. No card counts {value}.", top=d["top"], value=d["value"])
    # Translators: {top} the card on top of a pile; {value} a card's value or the value typed.
    return ctx.t("The Joker counts as {top}, or 10 away. Not {value}.", top=d["top"], value=d["value"])


REFUSALS: dict[str, Refusal] = {
    "unknown_card": _unknown_card,
    "does_not_fit": _does_not_fit,
    # Translators: {card} a card's name, already translated; {pile} a pile: its number or its owner's name; {family} a
    # colour family's name.
    "wrong_family": lambda d, ctx: ctx.t("{card} cannot go on pile {pile}. It is {family}.", card=_card(d, ctx), pile=d["pile"],
                                         family=family(ctx, d.get("family"))),
    # Translators: {card} a card's name, already translated; {pile} a pile: its number or its owner's name; {family} a
    # colour family's name.
    "family_taken": lambda d, ctx: ctx.t("{card} cannot start a pile. Pile {pile} is {family} already.", card=_card(d, ctx),
                                         pile=d["pile"], family=family(ctx, d.get("family"))),
    # Translators: {card} a card's name, already translated; {pile} a pile: its number or its owner's name.
    "cannot_start": lambda d, ctx: ctx.t("{card} cannot start pile {pile}. Only a family card starts a pile.", card=_card(d, ctx),
                                         pile=d["pile"]),
    # Translators: {pile} a pile: its number or its owner's name.
    "start_no_direction": lambda d, ctx: ctx.t("Pile {pile} is not started. Play its first card. No up or down.",
                                               pile=d["pile"]),
    # Translators: {pile} a pile: its number or its owner's name.
    "direction_needed": lambda d, ctx: ctx.t("Up or down? Type the branch after the {pile}.", pile=d["pile"]),
    "direction_needed_typed": lambda d, ctx: ctx.t("Up or down? Type the branch after the {pile}.",
                                                   pile=d["pile"]),
    # Translators: {pile} a pile: its number or its owner's name; {way} a direction word (up or down).
    "branch_closed": lambda d, ctx: ctx.t("Pile {pile} {way} is closed by a break.", pile=d["pile"], way=_way(d, ctx)),
    # Translators: {card} a card's name, already translated.
    "shadow_up_only": lambda d, ctx: ctx.t("{card} only goes on a rising branch.", card=_card(d, ctx)),
    # Translators: {card} a card's name, already translated.
    "rainbow_down_only": lambda d, ctx: ctx.t("{card} only goes on a falling branch.", card=_card(d, ctx)),
    # Translators: {pile} a pile: its number or its owner's name; {player} a player's name.
    "help_only": lambda d, ctx: ctx.t("Pile {pile} is {player}'s. Only help it. Lower going up, higher going down.",
                                      pile=d["pile"], player=player(ctx, d.get("owner"))),
    "one_help": lambda d, ctx: ctx.t("One help a turn on another's pile. Already made."),
    # Translators: Adversaire; {card} is the card a Flash would take out, a card of {player}'s own family.
    "flash_owner_card": lambda d, ctx: ctx.t("Pile {pile} is {player}'s. A Flash cannot take out {card}.",
                                             pile=d["pile"], player=player(ctx, d.get("owner")),
                                             card=card_taken(ctx, str(d.get("removed", "")))),
    # Translators: {pile} a pile's number; {card} a card's name, already translated.
    "pile_not_started": lambda d, ctx: ctx.t("Pile {pile} is not started. {card} needs a card on it.", pile=d["pile"],
                                             card=_card(d, ctx)),
    # Translators: {pile} a pile: its number or its owner's name; {way} a direction word (up or down); {card} a card's
    # name, already translated.
    "branch_not_started": lambda d, ctx: ctx.t("Pile {pile} {way} has no card yet. {card} needs one.", pile=d["pile"],
                                               way=_way(d, ctx), card=_card(d, ctx)),
    # Translators: {pile} a pile: its number or its owner's name.
    "flip_needs_both": lambda d, ctx: ctx.t("Flip needs a card on each branch. Pile {pile} lacks one.", pile=d["pile"]),
    "flip_no_direction": lambda d, ctx: ctx.t("Flip takes the pile only. Type flip and the pile number."),
    # Translators: {pile} a pile: its number or its owner's name; {way} a direction word (up or down).
    "nothing_to_flash": lambda d, ctx: ctx.t("Pile {pile} {way} has only its first card. Nothing to remove.", pile=d["pile"],
                                             way=_way(d, ctx)),
    "joker_value": lambda d, ctx: _joker_value(d, ctx),
    # Translators: {card} a card's name, already translated.
    "no_value": lambda d, ctx: ctx.t("{card}: no number after the branch.", card=_card(d, ctx)),
    # Translators: {card} a card's name, already translated.
    "no_pile_needed": lambda d, ctx: ctx.t("{card} takes no pile: type it alone.", card=_card(d, ctx)),
    # Translators: {card} a card's name, already translated.
    "pile_needed": lambda d, ctx: ctx.t("Which pile? Type its number after {card}.", card=_card(d, ctx)),
    "pile_needed_typed": lambda d, ctx: ctx.t("Which pile? Type its number after {card}.", card=_card(d, ctx)),
    # Translators: {text} what the user typed.
    "not_a_pile": lambda d, ctx: ctx.t("{text} is not a pile. Type a pile number.", text=d.get("text", "")),
    "pile_number_needed": lambda d, ctx: ctx.t("Which pile? Type its number."),
    # Translators: {count} a number; the form follows {count}.
    "no_such_pile": lambda d, ctx: ctx.t.plural("There is only {count} pile.", "There are {count} piles, from 1 to {count}.",
                                                d["piles"]),
    "unknown_pile": lambda d, ctx: ctx.t.plural("There is only {count} pile.", "There are {count} piles, from 1 to {count}.",
                                                d["piles"]),
    # Translators: {value} a card's value or the value typed.
    "no_such_number": lambda d, ctx: ctx.t("No card has the number {value} there.", value=d["value"]),
    "number_needed": lambda d, ctx: ctx.t("Which number? Type it after the family: rouge 7."),
    # Translators: {card} a card's name, already translated; {count} a number; the form follows {count}.
    "card_placed": lambda d, ctx: ctx.t.plural("{card} is already played.", "{card}: all {count} copies "
                                               "played.", d["copies"], card=_card(d, ctx)),
    # Translators: {player} a player's name; {next} a command word to type.
    "no_cards_in_hand": lambda d, ctx: capitalized(ctx.t("{player} has no card in hand. Type {next}.",
                                              player=player(ctx, d.get("player")), next=ctx.verb("next"))),
    # Translators: {next} a command word to type.
    "turn_filled": lambda d, ctx: ctx.t("Pass filled the turn. Nothing more to play. Type {next}.",
                                        next=ctx.verb("next")),
    # Translators: {count} a number; {next} a command word to type; the form follows {count}.
    "turn_full": lambda d, ctx: ctx.t.plural("{count} play made: that is all this turn. Type {next}.",
                                             "{count} plays made: that is all this turn. Type {next}.", d["plays"],
                                             next=ctx.verb("next")),
    # Translators: {count} a number; the form follows {count}.
    "plays_left": lambda d, ctx: ctx.t.plural("{count} play left before the turn can end.",
                                              "{count} plays left before the turn can end.", d["left"]),
    # Translators: {count} a number; {next} a command word to type; the form follows {count}.
    "not_blocked": lambda d, ctx: ctx.t.plural("{count} play made, enough. The turn can end: type {next}.",
                                               "{count} plays made, enough. The turn can end: type {next}.",
                                               d["made"], next=ctx.verb("next")),
}


def state_help(verb: str, state: g.State, ctx: Context) -> str | None:
    """``help play`` without the action cards when the game is played with ``actions=off``."""
    if verb == "play" and state.options.actions == "off":
        # Translators: a help line; the command words are the ones users type (joue, monte, descend).
        return ctx.t("play CARD PILE up or down: red 7 pile 2 up, or r7 2 u. A pile's first card takes no branch.")
    return None


HELP = {
    # Translators: every help line below: the command words are the ones users type; give the French words
    # (joue, suivant, bloqué, table, pile, où, reste, monte, descend, état).
    "status": N_("status: whose turn, the piles, the draw pile. The hands, the cards placed."),
    "play": N_("play CARD PILE up or down. Such as red 7 pile 2 up. Or r7 2 u. A pile's first card takes no branch. "
               "joker PILE up or down. Maybe a value 10 away. Also flip PILE. flash PILE up or down. simple. pass."),
    "next": N_("next: end the turn once the plays are made. The hand is drawn back."),
    "blocked": N_("blocked: the player cannot make the plays. The table loses. In Opponent mode, that player is out."),
    "table": N_("table: the tops of every branch."),
    "pile": N_("pile N: one pile, its tops and its cards."),
    "fits": N_("fits CARD: where that card may go now. And why not elsewhere. The table hears it."),
    "left": N_("left: the draw pile. The cards placed and to place. The plays left."),
}


def card_reading(card: Card, ctx: Context) -> str:
    """``card NAME``: an action card has no value, and Joker, Flip and Flash have one copy fewer at 2 players."""
    found = card.traits
    if not isinstance(found, g.Traits) or found.kind != "action":
        return card_sentence(card, ctx)
    effect = card.effect.get(ctx.lang, card.effect["en"])
    if found.action in g.FEWER_AT_TWO:
        # Translators: {count} is the copies from 3 players (2); the box has one fewer at 2 players.
        return ctx.t.plural("{name}, action card: {count} copy, 1 at 2 players. {effect}",
                            "{name}, action card: {count} copies, 1 at 2 players. {effect}", card.copies,
                            name=card.name(ctx.lang), effect=effect)
    # Translators: {count} is the copies in the box, whatever the player count.
    return ctx.t.plural("{name}, action card: {count} copy. {effect}", "{name}, action card: {count} copies. {effect}",
                        card.copies, name=card.name(ctx.lang), effect=effect)


RENDERER = Renderer(domain=DOMAIN, events=_RENDERERS, terse=_TERSE, full=_FULL, help=HELP, refusals=REFUSALS,
                    player=player, status_head=status_head, status_parts=status_parts,
                    minor_events=frozenset({"action_draw", "deck_emptied", "hand_grew"}), card_reading=card_reading,
                    card_name=card_short,
                    state_help=state_help, option_words=OPTION_WORDS)
render = RENDERER.render
