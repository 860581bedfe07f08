"""Le Gant d'Infinité: events and refusals as one short sentence each, French or English.

Sentences mirror the physical kit: with ``kit = tokens`` a life is a coin (heroes)
or a ruby (Thanos); with ``kit = track`` it is one space down the life-track card.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping, Sequence

from companion.games import gauntlet as g
from companion.games.base import Event
from companion.grammar import list_sentences, short_sentences
from companion.marker import plural
from companion.render import (N_, Context, OptionWords, Renderer, capitalized, counted_list, elided, grouped_counts,
                              piles_sentence, Refusal)

DOMAIN = g.SPEC.domain


def player(ctx: Context, pid: str | None) -> str:
    """A player as the table calls them: the given name, else Thanos or hero N."""
    if pid is None:
        return ""
    seat = 0 if pid == "thanos" else int(pid.removeprefix("hero"))
    if ctx.names:
        return ctx.names[seat]
    # Translators: {n} a number.
    return "Thanos" if seat == 0 else ctx.t("hero {n}", n=seat)


def thanos(ctx: Context) -> str:
    """Who plays Thanos, as the table calls them: the given name, else Thanos."""
    return player(ctx, "thanos")


def lives(ctx: Context, team: str, count: int) -> str:
    t = ctx.t
    if ctx.display("kit", "tokens") == "tokens":
        if team == "thanos":
            # Translators: {count} a number; the form follows {count}.
            return t.plural("{count} ruby", "{count} rubies", count)
        # Translators: {count} a number; the form follows {count}.
        return t.plural("{count} coin", "{count} coins", count)
    # Translators: {count} a number; the form follows {count}.
    return t.plural("{count} life", "{count} lives", count)


def cards_count(ctx: Context, count: int) -> str:
    # Translators: {count} a number; the form follows {count}.
    return ctx.t.plural("{count} card", "{count} cards", count)


#: Events that are never the headline of a command (``undo`` quotes the headline).
MINOR_EVENTS = frozenset({"token_spent", "card_effect"})


def undo_hint(event: Event, ctx: Context) -> str | None:
    """What the table does by hand to take back ``event`` when no count says it."""
    if isinstance(event, g.CardDrawn):
        if event.deck == g.THANOS_SIDE:
            # Translators: {player} a player's name.
            return ctx.t("{player} puts the card drawn back on top of the Thanos deck.", player=player(ctx, event.player))
        # Translators: {player} a player's name.
        return ctx.t("{player} puts the card drawn back on top of the hero deck.", player=player(ctx, event.player))
    if isinstance(event, g.CardShuffledBack):
        # Translators: {card} a card's name, already translated.
        return ctx.t("Take {card} back out of the Thanos deck.", card=ctx.card(event.card))
    return None


def _game_started(e: g.GameStarted, ctx: Context) -> str:
    t = ctx.t
    # Translators: {count} a number; the form follows {count}.
    players = t.plural("{count} player", "{count} players", e.players)
    # Translators: {count} a number; the form follows {count}.
    heroes = t.plural("{count} hero", "{count} heroes", e.players - 1)
    # Translators: short sentences for a 40-cell braille line, each count first ("5 rubies for Thanos").
    return t(
        "Infinity Gauntlet. {players}: Thanos and {heroes}. {thanos_lives} for Thanos. {hero_lives} for the heroes.",
        players=players,
        heroes=heroes,
        thanos_lives=lives(ctx, "thanos", e.thanos_lives),
        hero_lives=lives(ctx, "heroes", e.hero_lives),
    )


def _turn_started(e: g.TurnStarted, ctx: Context) -> str:
    if e.second:
        # Translators: {turn} a turn's number; {player} a player's name.
        return ctx.t("Turn {turn}: {player}, second turn in a row.", turn=e.turn, player=player(ctx, e.player))
    # Translators: {turn} a turn's number; {player} a player's name.
    return ctx.t("Turn {turn}: {player}.", turn=e.turn, player=player(ctx, e.player))


def _card_drawn(e: g.CardDrawn, ctx: Context) -> str:
    if e.deck == g.THANOS_SIDE:
        # Translators: {player} a player's name; {left} a number left.
        return ctx.t("{player} draws. {left} in the Thanos deck.", player=player(ctx, e.player), left=cards_count(ctx, e.left))
    # Translators: {player} a player's name; {left} a number left.
    return ctx.t("{player} draws. {left} in the hero deck.", player=player(ctx, e.player), left=cards_count(ctx, e.left))


def _draw_skipped(e: g.DrawSkipped, ctx: Context) -> str:
    if e.deck == g.THANOS_SIDE:
        # Translators: {player} a player's name.
        return ctx.t("Thanos deck empty: {player} skips the draw.", player=player(ctx, e.player))
    # Translators: {player} a player's name.
    return ctx.t("Hero deck empty and no hero card face up: {player} cannot draw.", player=player(ctx, e.player))


def _reshuffled(e: g.HeroDeckReshuffled, ctx: Context) -> str:
    # Translators: {count} a number; the form follows {count}.
    cards = ctx.t.plural("{count} hero card", "{count} hero cards", e.count)
    # Translators: {cards} a number of hero cards ("3 hero cards").
    return ctx.t(
        "Hero deck empty. {cards} face up make the new one: Thanos may look at them. Then shuffle them.",
        cards=cards,
    )


def _card_played(e: g.CardPlayed, ctx: Context) -> str:
    t = ctx.t
    # Translators: {value} a card's value or the value typed; {player} a player's name; {card} a card's name, already
    # translated.
    parts = [t("{value}: {player} plays {card}", player=player(ctx, e.player), card=ctx.card(e.card), value=e.value)]
    if e.copy is not None:
        # Translators: {card} a card's name, already translated.
        parts.append(t(", using the effect of {card}", card=ctx.card(e.copy)))
    if e.target is not None:
        # Translators: {target} the player or card aimed at.
        parts.append(t(", on {target}", target=player(ctx, e.target)))
    if e.named_value is not None:
        # Translators: {value} a card's value or the value typed.
        parts.append(t(", naming {value}", value=e.named_value))
    if e.deck is not None:
        parts.append(t(", on the Thanos deck") if e.deck == g.THANOS_SIDE else t(", on the hero deck"))
    return elided(ctx, "".join(parts) + ".")  # "l'effet d'Outriders"


def _card_played_terse(e: g.CardPlayed, ctx: Context) -> str:
    """Terse: the value and the card, still with whom it aims at and the value it names ("4, Falcon, on hero 2.")."""
    t = ctx.t
    # Translators: {value} a card's value or the value typed; {card} a card's name, already translated.
    parts = [t("{value}, {card}", value=e.value, card=ctx.card(e.card))]
    if e.target is not None:
        parts.append(t(", on {target}", target=player(ctx, e.target)))
    if e.named_value is not None:
        parts.append(t(", naming {value}", value=e.named_value))
    return "".join(parts) + "."


def _card_effect(e: g.CardEffect, ctx: Context) -> str:
    if e.fights:  # the Space Stone with a single hero: the 2-player rule, not the printed "two different heroes"
        return ctx.t("1 fight only at 2 players: there is a single hero.")
    if ctx.cards is None:
        return e.card
    return short_sentences(ctx.cards[e.card].effect.get(ctx.lang) or ctx.cards[e.card].effect["en"])


def _tokens_taken(e: g.TokensTaken, ctx: Context) -> str:
    t = ctx.t
    # Translators: {count} a number; the form follows {count}.
    tokens = t.plural("{count} power token", "{count} power tokens", e.count)
    # Translators: {count} a number of power tokens ("2 power tokens"); {player} a player's name; {held} a number held;
    # {reserve} a number in the reserve.
    sentence = t(
        "{count} for {player}: {held} held, {reserve} in the reserve.",
        player=player(ctx, e.player),
        count=tokens,
        held=e.held,
        reserve=e.reserve,
    )
    if e.substitutes:
        # Translators: {count} a number; the form follows {count}.
        sentence += " " + t.plural(
            "{count} substitute object to use: the reserve is empty.",
            "{count} substitute objects to use: the reserve is empty.",
            e.substitutes,
        )
    return sentence


def _tokens_returned(e: g.TokensReturned, ctx: Context) -> str:
    t = ctx.t
    # Translators: {count} a number of power tokens ("2 power tokens"); {player} a player's name; {held} a number held;
    # {reserve} a number in the reserve.
    return t(
        "{count} put back by {player}: {held} held, {reserve} in the reserve.",
        player=player(ctx, e.player),
        count=t.plural("{count} power token", "{count} power tokens", e.count),
        held=e.held,
        reserve=e.reserve,
    )


def _token_spent(e: g.TokenSpent, ctx: Context) -> str:
    # Translators: {player} a player's name; {held} a number held.
    return ctx.t("{player} spends a power token for this fight: +2. {held} left.", player=player(ctx, e.player),
                 held=e.held)


def _deck_cycled(e: g.ThanosDeckCycled, ctx: Context) -> str:
    # Translators: {thanos} who plays Thanos (a name, or Thanos); {drawn} the number of cards drawn; {returned} the
    # number put back; {deck} the cards left in the Thanos deck ("9 cards").
    return ctx.t(
        "{thanos}: {drawn} drawn, then {returned} on the bottom of the Thanos deck. Thanos deck: {deck}.",
        thanos=thanos(ctx),
        drawn=e.drawn,
        returned=e.returned,
        deck=cards_count(ctx, e.thanos_deck),
    )


def _fight(e: g.FightResolved, ctx: Context) -> str:
    t = ctx.t
    hero = player(ctx, e.hero)
    if e.winner is None:
        # Translators: {hero} a hero's name; {thanos} who plays Thanos (a name, or Thanos).
        sentence = t("Fight, {hero} against {thanos}: a tie, no card is defeated.", hero=hero, thanos=thanos(ctx))
    elif e.winner == "hero":
        # Translators: {hero} a hero's name; {thanos} who plays Thanos (a name, or Thanos).
        sentence = t("Fight: {hero} beats {thanos}.", hero=hero, thanos=thanos(ctx))
    else:
        # Translators: {hero} a hero's name; {thanos} who plays Thanos (a name, or Thanos).
        sentence = t("Fight: {thanos} beats {hero}.", hero=hero, thanos=thanos(ctx))
    if e.fights_left:
        # Translators: {count} a number; the form follows {count}.
        sentence += " " + t.plural("{count} more fight allowed.", "{count} more fights allowed.", e.fights_left)
    return sentence


def typed_player(ctx: Context, pid: str) -> str:
    """A player as the user types them: the given name, else ``thanos`` or ``hero 2`` / ``héros 2``."""
    seat = 0 if pid == "thanos" else int(pid.removeprefix("hero"))
    if ctx.names and seat < len(ctx.names):
        return ctx.names[seat]
    if seat == 0:
        return "thanos"
    hero = ctx.vocabulary.words.get("hero", ("hero", "héros"))
    return f"{hero[1] if ctx.lang == 'fr' and len(hero) > 1 else hero[0]} {seat}"


def _defeat_pending(e: g.DefeatPending, ctx: Context) -> str:
    command = f"{ctx.verb('defeat')} {typed_player(ctx, e.player)}"
    if e.player == "thanos" and not ctx.names:
        # Translators: {command} a command to type.
        return ctx.t("Thanos's card is defeated: which one? Type {command} and the card.", command=command)
    # Translators: {player} a player's name; {command} a command to type.
    return ctx.t("{player}'s card is defeated: which one? Type {command} and the card.", player=player(ctx, e.player),
                 command=command)


def _card_defeated(e: g.CardDefeated, ctx: Context) -> str:
    # Translators: {player} a player's name; {card} a card's name, already translated.
    return ctx.t("{player}'s {card} is defeated.", card=ctx.card(e.card), player=player(ctx, e.player))


def _life_lost_terse(e: g.LifeLost, ctx: Context) -> str:
    if e.team == "thanos":
        # Translators: {lives} lives, counted.
        return ctx.t("Thanos: {lives}.", lives=lives(ctx, e.team, e.lives))
    # Translators: {lives} lives, counted.
    return ctx.t("Heroes: {lives}.", lives=lives(ctx, e.team, e.lives))


def _life_lost(e: g.LifeLost, ctx: Context) -> str:
    t = ctx.t
    if ctx.display("kit", "tokens") == "tokens":
        if e.team == "thanos":
            # Translators: {lives} lives, counted.
            return t("Thanos loses a life: remove a ruby. {lives} left.", lives=e.lives)
        # Translators: {lives} lives, counted.
        return t("The heroes lose a life: remove a coin. {lives} left.", lives=e.lives)
    if e.team == "thanos":
        # Translators: {lives} lives, counted.
        return t("Thanos loses a life: move his slider down one space. {lives} left.", lives=e.lives)
    # Translators: {lives} lives, counted.
    return t("The heroes lose a life: move their slider down one space. {lives} left.", lives=e.lives)


def _shuffled_back(e: g.CardShuffledBack, ctx: Context) -> str:
    # Translators: {card} a card's name, already translated; {deck} a number of cards, or the deck's cards.
    return ctx.t(
        "{card} goes back into the Thanos deck: shuffle it. {deck} in the Thanos deck.",
        card=ctx.card(e.card),
        deck=cards_count(ctx, e.thanos_deck),
    )


def _snapped(e: g.Snapped, ctx: Context) -> str:
    # Translators: {thanos} who plays Thanos (a name, or Thanos); {stones} the Infinity Stones, named.
    return ctx.t("Snap: {thanos} reveals {stones}.", thanos=thanos(ctx), stones=ctx.join([ctx.card(s) for s in e.stones]))


def _game_over(e: g.GameOver, ctx: Context) -> str:
    t = ctx.t
    if e.reason == "snap":
        # Translators: {thanos} who plays Thanos (a name, or Thanos).
        return t("All six Infinity Stones: {thanos} wins the game.", thanos=thanos(ctx))
    if e.winner == "thanos":
        # Translators: {thanos} who plays Thanos (a name, or Thanos).
        return t("The heroes have no life left: {thanos} wins the game.", thanos=thanos(ctx))
    return t("Thanos has no life left: the heroes win the game.")


def status_head(e: g.Status, ctx: Context) -> str:
    """Whose turn it is (or who won, or the card to name): the start of ``status``, and what ``undo`` reminds."""
    t = ctx.t
    if e.winner is not None:
        # Translators: {thanos} who plays Thanos (a name, or Thanos).
        won = t("Game over, {thanos} won.", thanos=thanos(ctx))
        return won if e.winner == "thanos" else t("Game over, the heroes won.")
    if e.pending_defeat is not None:
        return _defeat_pending(g.DefeatPending(e.pending_defeat), ctx)
    decision = (e.to_act or {}).get("decision")
    who = player(ctx, e.current_player)
    if decision == "fight_or_end_turn":
        # Translators: {turn} a turn's number; {player} a player's name; {next} a command word to type.
        return t("Turn {turn}: {player} has played: fight, or type {next}.", turn=e.turn, player=who, next=ctx.verb("next"))
    if decision == "end_turn":
        # Translators: {turn} a turn's number; {player} a player's name; {next} a command word to type.
        return t("Turn {turn}: {player} has played: type {next}.", turn=e.turn, player=who, next=ctx.verb("next"))
    # Translators: {turn} a turn's number; {player} a player's name.
    return t("Turn {turn}, {player} to play.", turn=e.turn, player=who)


def _stones(ctx: Context, stones: Sequence[str]) -> str:
    """The stones face up, count first, in sentences of at most 15 words ("5 stones face up: Time Stone, …")."""
    if not stones:
        return ctx.t("No stone face up.")
    # Translators: leads the list of the Infinity Stones face up; {count} a number; the form follows {count}.
    head = ctx.t.plural("{count} stone face up:", "{count} stones face up:", len(stones))
    return list_sentences(head, [ctx.card(s) for s in stones])


def status_parts(e: g.Status, ctx: Context) -> list[tuple[str, str]]:
    """The table after the head, part by part (``undo`` says only the parts that changed)."""
    t = ctx.t
    tokens = grouped_counts(ctx, e.power_tokens, lambda pid: player(ctx, pid))
    return [
        # Translators: {thanos} a number of lives; {thanos_max} a number; {heroes} the heroes, named or counted;
        # {heroes_max} a number.
        ("lives", t("Lives: Thanos {thanos} of {thanos_max}, heroes {heroes} of {heroes_max}.", thanos=e.thanos_lives,
                    thanos_max=e.thanos_lives_max, heroes=e.hero_lives, heroes_max=e.hero_lives_max)),
        ("stones", _stones(ctx, e.stones)),
        # Translators: {tokens} tokens, counted; {reserve} a number in the reserve.
        ("tokens", t("Power tokens: {tokens}. Reserve: {reserve}.", tokens=tokens, reserve=e.reserve)
         # Translators: {reserve} a number in the reserve.
         if tokens else t("No power token held; reserve {reserve}.", reserve=e.reserve)),
        # Translators: {heroes} the heroes, named or counted; {thanos} a number of lives.
        ("decks", t("Decks: heroes {heroes}, Thanos {thanos}.", heroes=e.hero_deck, thanos=e.thanos_deck)),
    ]



def _played(e: g.PlayedCards, ctx: Context) -> str:
    return piles_sentence(ctx, e.face_up, lambda pid: player(ctx, pid))


def _unseen(e: g.UnseenCards, ctx: Context) -> str:
    """The count first, then by value, each card's copies before its name.

    "12 Thanos cards not seen face up. 1: 2 Outriders, Mind Stone; 2: …".
    """
    assert ctx.cards is not None
    by_value: dict[int, list[str]] = {}
    for card_id, n in e.cards.items():
        name = ctx.card(card_id) if n == 1 else ctx.core("{count} {card}", count=n, card=ctx.card(card_id))
        by_value.setdefault(ctx.cards[card_id].value, []).append(name)
    # Translators: {value} a card's value or the value typed; {cards} a list of cards, already joined.
    groups = [ctx.t("{value}: {cards}", value=value, cards=", ".join(names)) for value, names in sorted(by_value.items())]
    total = sum(e.cards.values())
    if e.side == g.THANOS_SIDE:
        # Translators: {count} a number; the form follows {count}.
        head = ctx.t.plural("{count} Thanos card not seen face up.", "{count} Thanos cards not seen face up.", total)
    else:
        # Translators: {count} a number; the form follows {count}.
        head = ctx.t.plural("{count} hero card not seen face up.", "{count} hero cards not seen face up.", total)
    return list_sentences(head, groups, ctx.separator)


_RENDERERS: dict[type, Callable[[Any, Context], str]] = {
    g.GameStarted: _game_started,
    g.TurnStarted: _turn_started,
    g.CardDrawn: _card_drawn,
    g.DrawSkipped: _draw_skipped,
    g.HeroDeckReshuffled: _reshuffled,
    g.CardPlayed: _card_played,
    g.CardEffect: _card_effect,
    g.TokensTaken: _tokens_taken,
    g.TokensReturned: _tokens_returned,
    g.TokenSpent: _token_spent,
    g.ThanosDeckCycled: _deck_cycled,
    g.FightResolved: _fight,
    g.DefeatPending: _defeat_pending,
    g.CardDefeated: _card_defeated,
    g.LifeLost: _life_lost,
    g.CardShuffledBack: _shuffled_back,
    g.Snapped: _snapped,
    g.GameOver: _game_over,
    g.PlayedCards: _played,
    g.UnseenCards: _unseen,
}


def _card_played_full(e: g.CardPlayed, ctx: Context) -> str:
    """The play, then the cards face up: the context a newcomer needs."""
    side = ctx.cards[e.card].side if ctx.cards is not None and e.card in ctx.cards else g.THANOS_SIDE
    deck = ctx.t("a Thanos card") if side == g.THANOS_SIDE else ctx.t("a hero card")
    # Translators: {deck} a number of cards, or the deck's cards.
    return _card_played(e, ctx) + " " + ctx.t("It is {deck}; it stays face up.", deck=deck)


#: Terse forms: the number and the change only (a card's effect is known at the table, so not read).
_TERSE: dict[type, Callable[[Any, Context], str]] = {
    g.CardEffect: lambda e, ctx: "",
    g.LifeLost: _life_lost_terse,
    g.CardPlayed: _card_played_terse,
    # Translators: {count} a number of power tokens ("2 power tokens"); {player} a player's name.
    g.TokensTaken: lambda e, ctx: ctx.t("{count} for {player}.", player=player(ctx, e.player),
                                        count=ctx.t.plural("{count} power token", "{count} power tokens", e.count)),
    # Translators: {player} a player's name.
    g.CardDrawn: lambda e, ctx: ctx.t("{player} draws.", player=player(ctx, e.player)),
}
#: Full forms: the sentence and its context.
_FULL: dict[type, Callable[[Any, Context], str]] = {
    g.CardPlayed: _card_played_full,
}


def _wrong_side(ctx: Context, d: Mapping[str, Any]) -> str:
    """A card of the other deck: say which deck it is from ("Hulk is a hero card.")."""
    card_id = str(d.get("card", ""))
    side = ctx.cards[card_id].side if ctx.cards is not None and card_id in ctx.cards else None
    if side == g.THANOS_SIDE:
        # Translators: {card} a card's name, already translated; {player} a player's name.
        return elided(ctx, ctx.t("{card} is a Thanos card. It is not {player}'s.", card=ctx.card(card_id),
                                 player=player(ctx, d.get("player"))))
    # Translators: {card} a card's name, already translated; {player} a player's name.
    return elided(ctx, ctx.t("{card} is a hero card. It is not {player}'s.", card=ctx.card(card_id),
                             player=player(ctx, d.get("player"))))


def _impossible_value(ctx: Context, d: Mapping[str, Any]) -> str:
    values = ctx.join([str(v) for v in d["values"]])
    if d["side"] == g.THANOS_SIDE:
        # Translators: {value} a card's value or the value typed; {values} possible values, already joined.
        return ctx.t("No {value} can be in Thanos's hand now. Possible values: {values}.",
                     value=d["value"], values=values)
    # Translators: {value} a card's value or the value typed; {values} possible values, already joined.
    return ctx.t("No {value} can be in a hero's hand now. Possible values: {values}.", value=d["value"],
                 values=values)


def _defeat_value(ctx: Context, d: Mapping[str, Any]) -> str:
    """A defeated card that does not fit what lost: the values that fit, and the cards that have them."""
    t = ctx.t
    if d["low"] == d["high"]:
        # Translators: {value} a card's value or the value typed.
        fits = t("the defeated card must be a {value}", value=d["low"])
    elif d["low"] <= 0:
        # Translators: {value} a card's value or the value typed.
        fits = t("the defeated card must be {value} or less", value=d["high"])
    else:
        # Translators: {value} a card's value or the value typed.
        fits = t("the defeated card must be {value} or more", value=d["low"])
    fitting = list(d.get("fitting", ()))
    # Translators: {card} a card's name, already translated; {value} a card's value or the value typed; {fits} which
    # players it fits, a phrase.
    head = t("{card} is a {value}. {fits}.", card=ctx.card(d["card"]), value=d["value"], fits=fits)
    if len(fitting) > 4:  # a long list is for unseen, asked for
        # Translators: {count} a number; {unseen} a command word to type.
        return head + " " + t("{count} cards fit. Type {unseen} to hear them.", count=len(fitting), unseen=ctx.verb("unseen"))
    # Translators: {count} a number; the cards that fit follow, one sentence each.
    fit = t.plural("{count} card fits.", "{count} cards fit.", len(fitting))
    return head + " " + counted_list(ctx, fit, [ctx.card(c) for c in fitting])


def _one_defeat_only(ctx: Context, d: Mapping[str, Any]) -> str:
    """A second defeat after a card or a fight that defeats one card (of each seat it aimed at)."""
    if d.get("card") is None:
        return ctx.t("1 card only per fight. This fight has defeated one.")
    # Translators: {card} is the card just played (Nebula, Outriders…), which defeats one card only.
    return ctx.t("1 card only. {card} already defeated one.", card=ctx.card(d["card"]))


def _fight_not_allowed(ctx: Context, d: Mapping[str, Any]) -> str:
    """A hero the card does not let fight: who may, so the table types the right hero (Iron Man on hero 2)."""
    allowed = list(d.get("allowed", ()))
    if not allowed:
        # Translators: {player} a player's name.
        return ctx.t("{player} may not fight now.", player=_name(d, ctx))
    # Translators: {player} a player's name; {players} the heroes who may fight, named and joined; the form follows
    # their number ("Hero 2 may." / "Hero 2 and hero 3 may.").
    return ctx.t.plural("{player} may not fight now. {players} may.", "{player} may not fight now. {players} may.",
                        len(allowed), player=_name(d, ctx),
                        players=capitalized(ctx.join([player(ctx, p) for p in allowed])))


def _defeat_not_aimed(ctx: Context, d: Mapping[str, Any]) -> str:
    """A defeat of a seat the card (or the fight) did not aim at."""
    players = ctx.join([player(ctx, p) for p in d.get("targets", ())])
    refused = player(ctx, d.get("player"))
    if d.get("card") is None:
        # Translators: {players} is the fight's loser; {player} the one whose card was named as defeated.
        return ctx.t("This fight's loser is {players}. Not {player}.", players=players, player=refused)
    # Translators: {card} is the card just played; {players} the hero (or heroes, or Thanos) it aims at; {player}
    # the one whose card was named as defeated.
    return ctx.t("{card} aims at {players}. Not at {player}.", card=ctx.card(d["card"]), players=players,
                 player=refused)


def _name(d: Mapping[str, Any], ctx: Context, key: str = "player") -> str:
    return player(ctx, d.get(key))


def _card(d: Mapping[str, Any], ctx: Context) -> str:
    return ctx.card(d.get("card", ""))


#: The sentence for each refusal code of this game (the shared ones are the renderer's).
REFUSALS: dict[str, Refusal] = {
    # Translators: {player} a player's name.
    "defeat_pending": lambda d, ctx: elided(ctx, ctx.t("First name {player}'s defeated card. Type defeat, the player, "
                                                       "the card.", player=_name(d, ctx))),
    # Translators: {player} a player's name.
    "already_played": lambda d, ctx: ctx.t("{player} already played this turn. Type next to end the turn.",
                                           player=_name(d, ctx)),
    "wrong_side": lambda d, ctx: _wrong_side(ctx, d),
    # Translators: {card} a card's name, already translated.
    "unplayable": lambda d, ctx: ctx.t("{card} can never be played.", card=_card(d, ctx)),
    # Translators: {card} a card's name, already translated.
    "already_face_up": lambda d, ctx: ctx.t("{card} is already face up. Not in a hand.", card=_card(d, ctx)),
    # Translators: {player} a player's name.
    "empty_hand": lambda d, ctx: ctx.t("{player} has no card in hand.", player=_name(d, ctx)),
    "no_copy": lambda d, ctx: ctx.t("Only the Time Stone copies."),
    "copy_needed": lambda d, ctx: ctx.t("Which card does the stone copy? A Thanos card face up. Type its name "
                                        "after the stone."),
    # Translators: {card} a card's name, already translated.
    "bad_copy": lambda d, ctx: ctx.t("This stone copies a Thanos card. It must be face up before Thanos. {card} is not.",
                                     card=_card(d, ctx)),
    # Translators: {card} a card's name, already translated.
    "no_target": lambda d, ctx: ctx.t("{card} targets no player.", card=_card(d, ctx)),
    # Translators: {card} a card's name, already translated.
    "target_needed": lambda d, ctx: ctx.t("Which hero for {card}? Type the hero after the card.", card=_card(d, ctx)),
    # Translators: {card} a card's name, already translated.
    "no_value": lambda d, ctx: ctx.t("{card} does not name a value.", card=_card(d, ctx)),
    # Translators: {card} a card's name, already translated.
    "value_needed": lambda d, ctx: ctx.t("Which value for {card}? Type it after the card.", card=_card(d, ctx)),
    # Translators: {value} a card's value or the value typed; {low} a number, the lowest; {high} a number, the highest.
    "bad_value": lambda d, ctx: ctx.t("{value} is not a card value here. From {low} to {high}.", **d),
    # Translators: {card} a card's name, already translated.
    "bad_deck": lambda d, ctx: ctx.t("{card} chooses no deck.", card=_card(d, ctx)),
    # Translators: {text} what the user typed.
    "bad_deck_word": lambda d, ctx: ctx.t("{text}: say heroes or thanos.", **d),
    "not_thanos_turn": lambda d, ctx: ctx.t("Thanos snaps in his own turn only."),
    # Translators: {card} a card's name, already translated.
    "not_a_stone": lambda d, ctx: ctx.t("{card} is not a stone.", card=_card(d, ctx)),
    # Translators: {card} a card's name, already translated.
    "stone_named_twice": lambda d, ctx: ctx.t("{card} is named twice.", card=_card(d, ctx)),
    # Translators: {card} a card's name, already translated.
    "stone_face_up": lambda d, ctx: ctx.t("{card} is face up. Thanos does not hold it.", card=_card(d, ctx)),
    # Translators: {count} a number; {named} the card named; the form follows {count}.
    "too_many_stones": lambda d, ctx: ctx.t.plural("Thanos holds only {count} card, not {named}.",
                                                   "Thanos holds only {count} cards, not {named}.", d["hand"],
                                                   named=d["count"]),
    # Translators: {count} a number; the missing stones follow, one sentence each.
    "snap_incomplete": lambda d, ctx: counted_list(ctx, ctx.t.plural("No snap: {count} stone missing.",
                                                                     "No snap: {count} stones missing.", len(d["missing"])),
                                                   [ctx.card(s) for s in d["missing"]]),
    # Translators: {player} a player's name.
    "not_played": lambda d, ctx: ctx.t("{player} must play a card first.", player=_name(d, ctx)),
    "no_fight": lambda d, ctx: (ctx.t("No fight left: this card's fights are over.") if d.get("used") else
                                ctx.t("No fight now. Only some cards allow one.")),
    # Translators: {player} a player's name.
    "no_card_to_fight": lambda d, ctx: ctx.t("No fight: {player} has no card.", player=_name(d, ctx)),
    "impossible_value": lambda d, ctx: _impossible_value(ctx, d),
    "defeat_value": lambda d, ctx: _defeat_value(ctx, d),
    "one_defeat_only": lambda d, ctx: _one_defeat_only(ctx, d),
    "defeat_not_aimed": lambda d, ctx: _defeat_not_aimed(ctx, d),
    # Translators: {card} a card's name, already translated; {player} a player's name.
    "teammate_needed": lambda d, ctx: ctx.t("{card} is for a teammate. Not for {player}.", card=_card(d, ctx),
                                            player=_name(d, ctx)),
    "fight_not_allowed": lambda d, ctx: _fight_not_allowed(ctx, d),
    "one_hero_fight": lambda d, ctx: ctx.t("1 fight only at 2 players. The hero has already fought."),
    # Translators: {player} a player's name.
    "already_fought": lambda d, ctx: ctx.t("{player} has fought for this card.", player=_name(d, ctx)),
    "bad_loser": lambda d, ctx: ctx.t("Hero or Thanos wins, or a tie."),
    # Translators: {limit} a number, the limit.
    "bad_token_count": lambda d, ctx: ctx.t("1 to {limit} tokens, like +1 or -1.", limit=d.get("limit", 9)),
    # Translators: {player} a player's name.
    "not_enough_tokens": lambda d, ctx: ctx.t("{player} has no power token.",
                                              player=_name(d, ctx, "player")) if not d["held"] else
    # Translators: {player} a player's name; {count} a number; the form follows {count}.
    ctx.t.plural("{player} holds only {count} power token.", "{player} holds only {count} power tokens.", d["held"],
             player=_name(d, ctx)),
    # Translators: {player} a player's name.
    "not_a_hero": lambda d, ctx: ctx.t("{player} is not a hero.", player=_name(d, ctx)),
    # Translators: {count} a number; the form follows {count}.
    "no_such_hero": lambda d, ctx: ctx.t.plural("There is only {count} hero.", "There are only {count} heroes.", d["heroes"]),
    "card_needed": lambda d, ctx: ctx.t("Which card is defeated? Type the card after the player."),
    "fight_hero_needed": lambda d, ctx: ctx.t("Which hero fights? Type fight and the hero."),
    "fight_values": lambda d, ctx: ctx.t("Type the hero and 2 values. The hero's value comes first. A secret fight: no value."),
    # Translators: {players} the players, counted or named ("3 players").
    "bad_names": lambda d, ctx: ctx.t("One name per player, Thanos first. {players} names.", players=d["players"]),
    # A hand entered on a player's device disagrees (said on that player's page only, never at the table).
    "not_your_card": lambda d, ctx: _not_your_card(ctx, d),
    "not_in_hand": lambda d, ctx: ctx.t("Card not in your hand as entered. Play a card you hold. Or correct your hand."),
    # Translators: {card} a card's name, already translated.
    "defeat_not_in_hand": lambda d, ctx: ctx.t("{card}: not in your hand. The defeated card is one you "
                                               "hold. Check the card named at the table. Or correct your hand.",
                                               card=_card(d, ctx)),
    "fight_value_not_in_hand": lambda d, ctx: ctx.t("Losing value: not in hand as entered. Check the fight. "
                                                    "Or correct your hand."),
    "value_not_in_hand": lambda d, ctx: ctx.t("Value not in your hand as entered."),
    "defeat_owed": lambda d, ctx: ctx.t("The card played beats one of yours. Name it at the table "
                                        "this turn."),
    # Translators: {card} a card's name, already translated.
    "snap_not_in_hand": lambda d, ctx: ctx.t("{card}: not in your hand. Snap with the stones you hold. Or "
                                             "correct your hand.", card=_card(d, ctx)),
}


def _not_your_card(ctx: Context, d: Mapping[str, Any]) -> str:
    """A card of the other deck entered as a hand: a hero holds hero cards, Thanos his own."""
    card_id = str(d.get("card", ""))
    if ctx.cards is not None and card_id in ctx.cards and ctx.cards[card_id].side == g.THANOS_SIDE:
        # Translators: {card} a card's name, already translated.
        return ctx.t("{card} is a Thanos card. A hero holds hero cards only.", card=ctx.card(card_id))
    # Translators: {card} a card's name, already translated.
    return ctx.t("{card} is a hero card. Thanos holds Thanos cards only.", card=ctx.card(card_id))


HELP = {
    # Translators: every help line below: the command words are the ones users type; give the French words
    # (joue, vaincu, combat, pouvoir, claque, suivant).
    "play": N_("play CARD, then its choices. A hero, a value or a deck."),
    "defeat": N_("defeat thanos CARD. Or defeat hero N CARD. A card is defeated."),
    "fight": N_(
        "fight HERO: the fight the card allows. Values typed secretly. In scripts: fight HERO VALUE VALUE. The hero's "
        "value first."),
    "token": N_("token PLAYER +N or -N. Take or put back tokens."),
    "snap": N_("snap STONES: Thanos shows his stones. Then he snaps his fingers."),
    "next": N_("next: end the turn. The next draw is counted."),
    "status": N_("status: whose turn. Then lives, stones, tokens, decks."),
    "played": N_("played: each player's face-up cards."),
    "unseen": N_("unseen: cards not yet seen, by value."),
}


#: Each option in words (`OptionWords`): ``companion records`` reads "5 lives for Thanos", never ``thanos_lives=5``.
OPTION_WORDS = {
    # Translators: {count} a number, Thanos's lives: an option of a Gauntlet game, between commas in a line of companion
    # records; the form follows {count}.
    "thanos_lives": OptionWords(count=plural("{count} life for Thanos", "{count} lives for Thanos")),
    # Translators: {count} a number, each hero's lives: an option of a Gauntlet game, between commas in a line of
    # companion records; the form follows {count}.
    "hero_lives": OptionWords(count=plural("{count} life per hero", "{count} lives per hero")),
    # Translators: {count} a number: an option of a Gauntlet game, between commas in a line of companion records; the
    # form follows {count}.
    "token_pool": OptionWords(count=plural("{count} power token in the box", "{count} power tokens in the box")),
    "kit": OptionWords({
        # Translators: how lives are shown (an option of a Gauntlet game), between commas in a line of companion records.
        "tokens": N_("lives on coins and rubies"),
        # Translators: how lives are shown (an option of a Gauntlet game), between commas in a line of companion records.
        "track": N_("lives on the life-track card"),
    }),
}


RENDERER = Renderer(domain=DOMAIN, events=_RENDERERS, terse=_TERSE, full=_FULL, help=HELP, refusals=REFUSALS, player=player,
                    status_head=status_head, status_parts=status_parts, undo_hint=undo_hint, minor_events=MINOR_EVENTS,
                    option_words=OPTION_WORDS)
render = RENDERER.render
