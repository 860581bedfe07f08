"""Mindbug: events and refusals as one short sentence each, French or English, numbers first.

A creature is said as the board shows it: name, power now, keywords now, and
"exhausted" when its Tough is used. Keywords use the rules text's French words
(Chasseur, Furtif, Toxique, Robuste, Frénésie).
"""

from __future__ import annotations

from typing import Any, Callable, Mapping, Sequence

from companion.games import mindbug as g
from companion.cards import Card
from companion.grammar import list_sentences, short_sentences as cut_sentences
from companion.render import (N_, Context, OptionWords, Renderer, StatusPart, capitalized, elided, Refusal,
                              numbered_player)

DOMAIN = g.SPEC.domain

KEYWORD_NAMES = {
    # Translators: a Mindbug keyword (capitalised card rules term).
    "hunter": N_("Hunter"),
    # Translators: a Mindbug keyword (capitalised card rules term).
    "sneaky": N_("Sneaky"),
    # Translators: a Mindbug keyword (capitalised card rules term).
    "poisonous": N_("Poisonous"),
    # Translators: a Mindbug keyword (capitalised card rules term).
    "tough": N_("Tough"),
    # Translators: a Mindbug keyword (capitalised card rules term).
    "frenzy": N_("Frenzy"),
}


player = numbered_player


def keywords(ctx: Context, found: Sequence[str]) -> str:
    return " ".join(ctx.t(KEYWORD_NAMES[k]) for k in found)


def creature_text(ctx: Context, entry: Mapping[str, Any]) -> str:
    """``Luchataur 9 Frenzy``, ``Rhino Turtle 8 Frenzy Tough exhausted``."""
    words = [ctx.card(entry["card"]), str(entry["power"])]
    if entry["keywords"]:
        words.append(keywords(ctx, entry["keywords"]))
    if entry["exhausted"]:
        # Translators: a creature's state: its Tough was used.
        words.append(ctx.t("exhausted"))
    return " ".join(words)


def _cards_text(ctx: Context, cards: Sequence[str]) -> str:
    return ctx.join([ctx.card(c) for c in cards])


# --------------------------------------------------------------------------- events


def _game_started(e: g.GameStarted, ctx: Context) -> str:
    if not e.first:  # --first draw: the decision that follows says how
        # Translators: {lives} lives, counted; {mindbugs} Mindbugs, counted; {hand} a number of cards in hand; {deck} a
        # number of cards, or the deck's cards.
        return ctx.t("Mindbug. {lives} lives and {mindbugs} Mindbugs each. {hand} cards in hand, {deck} in the draw "
                     "pile.", lives=e.lives, mindbugs=e.mindbugs, hand=e.hand, deck=e.deck)
    # Translators: {lives} lives, counted; {mindbugs} Mindbugs, counted; {hand} a number of cards in hand; {deck} a
    # number of cards, or the deck's cards; {first} the first item or command.
    return ctx.t("Mindbug. {lives} lives and {mindbugs} Mindbugs each. {hand} cards in hand, {deck} in the draw pile. "
                 "First player: {first}.", lives=e.lives, mindbugs=e.mindbugs, hand=e.hand, deck=e.deck,
                 first=player(ctx, e.first))


def _turn_started(e: g.TurnStarted, ctx: Context) -> str:
    if e.extra:
        # Translators: {turn} a turn's number; {player} a player's name.
        return ctx.t("Turn {turn}: {player} again, after the Mindbug.", turn=e.turn, player=player(ctx, e.player))
    # Translators: {turn} a turn's number; {player} a player's name.
    return ctx.t("Turn {turn}: {player}.", turn=e.turn, player=player(ctx, e.player))


def _card_played(e: g.CardPlayed, ctx: Context) -> str:
    # Translators: {power} a creature's power, a number; {player} a player's name; {card} a card's name, already
    # translated.
    return ctx.t("{power}: {player} plays {card}.", player=player(ctx, e.player), card=ctx.card(e.card), power=e.power)


def _mindbug_used(e: g.MindbugUsed, ctx: Context) -> str:
    # Translators: {player} a player's name; {card} a card's name, already translated; {count} a number; the form
    # follows {count}.
    return ctx.t.plural("{player} uses a Mindbug and takes {card}. {count} Mindbug left.",
                        "{player} uses a Mindbug and takes {card}. {count} Mindbugs left.", e.left,
                        player=player(ctx, e.player), card=ctx.card(e.card))


def _entered(e: g.CreatureEntered, ctx: Context) -> str:
    values = {"power": e.power, "player": player(ctx, e.player),
              "creature": " ".join([ctx.card(e.card), *([keywords(ctx, e.keywords)] if e.keywords else [])])}
    if ctx.plural(e.card):
        # Translators: as "{power}: {creature} enters play for {player}.", for a creature whose name is plural
        # (entrent).
        return ctx.t("{power}: {creature} enter play for {player}.", **values)
    # Translators: {power} a creature's power, a number; {creature} a creature's name; {player} a player's name.
    return ctx.t("{power}: {creature} enters play for {player}.", **values)


def _refilled(e: g.HandRefilled, ctx: Context) -> str:
    # Translators: {count} a number; {player} a player's name; {hand} a number of cards in hand; {deck} a number of
    # cards, or the deck's cards; the form follows {count}.
    return ctx.t.plural("{count} card drawn by {player}: {hand} in hand, {deck} in the draw pile.",
                        "{count} cards drawn by {player}: {hand} in hand, {deck} in the draw pile.", e.drawn,
                        player=player(ctx, e.player), hand=e.hand, deck=e.deck)


def _attacked(e: g.Attacked, ctx: Context) -> str:
    if e.second:
        # Translators: {power} a creature's power, a number; {player} a player's name; {card} a card's name, already
        # translated.
        return ctx.t("{power}: {player} attacks again with {card}.", player=player(ctx, e.player), card=ctx.card(e.card),
                     power=e.power)
    # Translators: {power} a creature's power, a number; {player} a player's name; {card} a card's name, already
    # translated.
    return ctx.t("{power}: {player} attacks with {card}.", player=player(ctx, e.player), card=ctx.card(e.card),
                 power=e.power)


def _hunted(e: g.Hunted, ctx: Context) -> str:
    # Translators: {player} a player's name; {card} a card's name, already translated.
    return ctx.t("Hunter: {player} makes {card} block.", player=player(ctx, e.player), card=ctx.card(e.card))


def _blocked(e: g.Blocked, ctx: Context) -> str:
    """The powers, then the keyword that beats them: "Poisonous: Spider Owl defeats Gorillion." (Tough is said when the
    creature is exhausted instead)."""
    # Translators: {power} a creature's power, a number; {attacker_power} a number; {player} a player's name; {attacker}
    # a creature's name; {card} a card's name, already translated.
    text = ctx.t("{power} against {attacker_power}: {player} blocks {attacker} with {card}.", power=e.power,
                 attacker_power=e.attacker_power, player=player(ctx, e.player), attacker=ctx.card(e.attacker),
                 card=ctx.card(e.card))
    for reason, winner, loser in ((e.attacker_reason, e.card, e.attacker), (e.reason, e.attacker, e.card)):
        if reason == "poisonous":
            text += " " + _defeats(ctx, winner, loser)
    return text


def _defeats(ctx: Context, winner: str, loser: str) -> str:
    """"Poisonous: Spider Owl defeats Gorillion.", the verb agreeing with the winner's name."""
    values = {"keyword": ctx.t(KEYWORD_NAMES["poisonous"]), "card": ctx.card(winner), "other": ctx.card(loser)}
    if ctx.plural(winner):
        # Translators: as "{keyword}: {card} defeats {other}.", for a creature whose name is plural (battent).
        return ctx.t("{keyword}: {card} defeat {other}.", **values)
    # Translators: {keyword} a keyword or card name, already translated; {card} a card's name, already
    # translated; {other} another player or card.
    return ctx.t("{keyword}: {card} defeats {other}.", **values)


def _not_blocked(e: g.NotBlocked, ctx: Context) -> str:
    # Translators: {count} a number; the form follows {count}.
    left = ctx.t.plural("{count} life left.", "{count} lives left.", e.lives)
    if e.forced:
        # Translators: {player} a player's name.
        return ctx.t("No creature can block: {player} loses a life.", player=player(ctx, e.player)) + " " + left
    # Translators: {player} a player's name.
    return ctx.t("No block: {player} loses a life.", player=player(ctx, e.player)) + " " + left


def _life_changed(e: g.LifeChanged, ctx: Context) -> str:
    name = player(ctx, e.player)
    if ctx.plural(e.card):
        return _life_changed_plural(e, ctx)
    if e.delta > 0:
        # Translators: {count} a number; {player} a player's name; {card} a card's name, already translated; {delta} a
        # number of lives, signed; the form follows {count}.
        return ctx.t.plural("{count} life for {player}: {card} gives {delta}.",
                            "{count} lives for {player}: {card} gives {delta}.", e.lives, player=name,
                            card=ctx.card(e.card), delta=e.delta)
    # Translators: {count} a number; {player} a player's name; {card} a card's name, already translated; {delta} a
    # number of lives, signed; the form follows {count}.
    return ctx.t.plural("{count} life for {player}: {card} takes {delta}.",
                        "{count} lives for {player}: {card} takes {delta}.", e.lives, player=name,
                        card=ctx.card(e.card), delta=-e.delta)


def _life_changed_plural(e: g.LifeChanged, ctx: Context) -> str:
    """As `_life_changed`, for a card whose name is plural (French "en donnent", English "give")."""
    values = {"player": player(ctx, e.player), "card": ctx.card(e.card), "delta": abs(e.delta)}
    if e.delta > 0:
        # Translators: as "{count} life for {player}: {card} gives {delta}.", for a card whose name is plural
        # (en donnent).
        return ctx.t.plural("{count} life for {player}: {card} give {delta}.",
                            "{count} lives for {player}: {card} give {delta}.", e.lives, **values)
    # Translators: as "{count} life for {player}: {card} takes {delta}.", for a card whose name is plural
    # (en retirent).
    return ctx.t.plural("{count} life for {player}: {card} take {delta}.",
                        "{count} lives for {player}: {card} take {delta}.", e.lives, **values)


def _defeated(e: g.CreatureDefeated, ctx: Context) -> str:
    """The creature, its fate and its pile; first the card whose effect defeated it, so no one blames another."""
    text = _defeated_text(e, ctx)
    # Translators: {by} the name of the card whose effect did it; {sentence} what it did, a sentence.
    return ctx.t("{by}: {sentence}", by=ctx.card(e.by), sentence=text) if e.by else text


def _defeated_text(e: g.CreatureDefeated, ctx: Context) -> str:
    t, values = ctx.t, {"card": ctx.card(e.card), "player": player(ctx, e.player), "pile": player(ctx, e.pile)}
    own = e.pile == e.player
    if ctx.plural(e.card):
        # Translators: as the sentence without context, for a creature whose name is plural (sont vaincus).
        # {player} a player's name; {card} a creature's name.
        own_pile = t("{player}'s {card} are defeated, to their discard pile.", **values)
        # Translators: as the sentence without context, for a creature whose name is plural (sont vaincus).
        # {player} a player's name; {card} a creature's name; {pile} the name of the player whose discard pile it is.
        other = t("{player}'s {card} are defeated, to {pile}'s discard pile.", **values)
        return own_pile if own else other
    if ctx.feminine(e.card):
        # Translators: as the sentence without context, for a creature whose name is feminine (vaincue).
        # {player} a player's name; {card} a creature's name.
        own_pile = t.pgettext("feminine", "{player}'s {card} is defeated, to their discard pile.", **values)
        # Translators: as the sentence without context, for a creature whose name is feminine (vaincue).
        # {player} a player's name; {card} a creature's name; {pile} the name of the player whose discard pile it is.
        other = t.pgettext("feminine", "{player}'s {card} is defeated, to {pile}'s discard pile.", **values)
        return own_pile if own else other
    # Translators: {player} a player's name; {card} a creature's name, masculine (vaincu).
    own_pile = t("{player}'s {card} is defeated, to their discard pile.", **values)
    # Translators: {player} a player's name; {card} a creature's name, masculine (vaincu); {pile} the name of the player
    # whose discard pile it is.
    return own_pile if own else t("{player}'s {card} is defeated, to {pile}'s discard pile.", **values)


def _exhausted(e: g.CreatureExhausted, ctx: Context) -> str:
    """Tough saves it; after an effect, the effect's card is named with it: "Tough against Kangasaurus Rex: ..."."""
    keyword = ctx.t(KEYWORD_NAMES["tough"])
    if e.by:
        # Translators: {keyword} the keyword Tough, translated; {by} the name of the card whose effect would defeat it.
        keyword = ctx.t("{keyword} against {by}", keyword=keyword, by=ctx.card(e.by))
    values = {"keyword": keyword, "card": ctx.card(e.card), "player": player(ctx, e.player)}
    if ctx.plural(e.card):
        # Translators: as the sentence without context, for a creature whose name is plural (survivent, épuisés).
        # {keyword} the keyword Tough, translated (or "Tough against" a card); {player} a player's name; {card} a creature's name.
        return ctx.t("{keyword}: {player}'s {card} survive, exhausted instead of defeated.", **values)
    if ctx.feminine(e.card):
        # Translators: as the sentence without context, for a creature whose name is feminine (épuisée, vaincue).
        # {keyword} the keyword Tough, translated (or "Tough against" a card); {player} a player's name; {card} a creature's name.
        return ctx.t.pgettext("feminine", "{keyword}: {player}'s {card} survives, exhausted instead of defeated.", **values)
    # Translators: {keyword} the keyword Tough, translated (or "Tough against" a card); {player} a player's name; {card}
    # a creature's name, masculine (épuisé, vaincu).
    return ctx.t("{keyword}: {player}'s {card} survives, exhausted instead of defeated.", **values)


def _control_taken(e: g.ControlTaken, ctx: Context) -> str:
    # Translators: {player} a player's name; {card} a card's name, already translated; {source} where it comes from: a
    # camera or a player's name.
    return ctx.t("{player} takes control of {card} from {source}.", player=player(ctx, e.player), card=ctx.card(e.card),
                 source=player(ctx, e.source))


def _from_discard(e: g.PlayedFromDiscard, ctx: Context) -> str:
    if e.pile == e.player:
        # Translators: {player} a player's name; {card} a card's name, already translated.
        return ctx.t("{player} plays {card} from their discard pile.", player=player(ctx, e.player), card=ctx.card(e.card))
    # Translators: {player} a player's name; {card} a card's name, already translated; {pile} a pile: its number or its
    # owner's name.
    return ctx.t("{player} plays {card} from the discard pile of {pile}.", player=player(ctx, e.player),
                 card=ctx.card(e.card), pile=player(ctx, e.pile))


def _discarded(e: g.CardsDiscarded, ctx: Context) -> str:
    # Translators: {player} a player's name; {cards} a list of cards, already joined.
    return ctx.t("{player} discards {cards}.", player=player(ctx, e.player), cards=_cards_text(ctx, e.cards))


def _taken(e: g.CardsTaken, ctx: Context) -> str:
    if e.cards:
        # Translators: {player} a player's name; {cards} a list of cards, already joined; {source} where it comes from:
        # a camera or a player's name.
        return ctx.t("{player} takes {cards} from {source}'s hand.", player=player(ctx, e.player),
                     cards=_cards_text(ctx, e.cards), source=player(ctx, e.source))
    # Translators: {player} a player's name; {count} a number; {source} where it comes from: a camera or a player's
    # name; the form follows {count}.
    return ctx.t.plural("{count} card, unnamed, taken by {player} from {source}'s hand.",
                        "{count} cards, unnamed, taken by {player} from {source}'s hand.", e.count,
                        player=player(ctx, e.player), source=player(ctx, e.source))


def _discard_to_hand(e: g.DiscardToHand, ctx: Context) -> str:
    # Translators: {player} a player's name; {count} a number; {cards} a list of cards, already joined; the form follows
    # {count}.
    return cut_sentences(ctx.t.plural("{count} discarded card back in {player}'s hand: {cards}.",
                                      "{count} discarded cards back in {player}'s hand: {cards}.", len(e.cards),
                                      player=player(ctx, e.player), cards=_cards_text(ctx, e.cards)))


_SKIPPED = {
    # Translators: {card} a card's name, already translated.
    "no_target": N_("{card}: no creature can be chosen, the effect is skipped."),
    # Translators: {card} a card's name, already translated.
    "empty_hand": N_("{card}: the hand is empty, the effect is skipped."),
    # Translators: {card} a card's name, already translated.
    "empty_discard": N_("{card}: the discard pile is empty, the effect is skipped."),
    # Translators: {card} a card's name, already translated.
    "condition": N_("{card}: its condition does not hold, the effect is skipped."),
    # Translators: {card} a card's name, already translated.
    "no_change": N_("{card}: the lives do not change."),
}


def _skipped(e: g.EffectSkipped, ctx: Context) -> str:
    return ctx.t(_SKIPPED.get(e.why, _SKIPPED["no_target"]), card=ctx.card(e.card))


def _cancelled(e: g.PlayEffectCancelled, ctx: Context) -> str:
    if ctx.plural(e.by):
        # Translators: as "{by} cancels the Play effect of {card}.", for a creature whose name is plural (annulent).
        return ctx.t("{by} cancel the Play effect of {card}.", by=ctx.card(e.by), card=ctx.card(e.card))
    # Translators: {by} a creature's name; {card} a card's name, already translated.
    return ctx.t("{by} cancels the Play effect of {card}.", by=ctx.card(e.by), card=ctx.card(e.card))


def _decision(e: g.Decision, ctx: Context) -> str:
    t = ctx.t
    who, card = player(ctx, e.player), ctx.card(e.card)
    options = _cards_text(ctx, e.options)
    no = ctx.verb("no")
    if e.decision == "mindbug":
        # Translators: {player} a player's name; {card} a card's name, already translated; {mindbug} a command word to
        # type; {no} the word to type to refuse.
        return t("{player}: a Mindbug on {card}? Type {mindbug} or {no}.", player=who, card=card,
                 mindbug=ctx.verb("mindbug"), no=no)
    names = [ctx.card(c) for c in e.options]
    if e.decision == "hunt":
        # Translators: {player} a player's name; {card} a card's name, already translated; {hunt} a command word to
        # type; {no} the word to type to refuse.
        return list_sentences(t("{player}: the Hunter {card} may choose its blocker. Type {hunt} and the creature, or {no}.",
                                player=who, card=card, hunt=ctx.verb("hunt"), no=no) + " "
                              # Translators: {count} a number; the form follows {count}.
                              + t.plural("{count} to choose from:", "{count} to choose from:", len(names)), names)
    if e.decision == "block":
        # Translators: {player} a player's name; {card} a card's name, already translated; {block} a command word to
        # type; {no} the word to type to refuse.
        return list_sentences(t("{player}: block {card}? Type {block} and the creature, or {no}.", player=who,
                                card=card, block=ctx.verb("block"), no=no) + " "
                              # Translators: {count} a number; the form follows {count}.
                              + t.plural("{count} can block:", "{count} can block:", len(names)), names)
    if e.decision == "frenzy":
        # Translators: {player} a player's name; {card} a card's name, already translated; {attack} a command word to
        # type; {no} the word to type to refuse.
        return t("{player}: {card} has Frenzy and may attack again. Type {attack} {card}, or {no}.", player=who,
                 card=card, attack=ctx.verb("attack"), no=no)
    if e.decision == "cards":
        # Translators: {player} a player's name; {card} a card's name, already translated; {name} a name (game, card,
        # file or player); {count} a number; the form follows {count}.
        return t.plural("{player}: which card for {card}? Type {name} and the card.",
                        "{player}: {count} cards for {card}, which ones? Type {name} and the cards.", e.left,
                        player=who, card=card, name=ctx.verb("name_cards"))
    if e.decision == "draw":
        # Translators: {reveal} a command word to type; {one} the first player's name; {two} the second player's name.
        return t("First player: each reveals an unused card, the higher power starts. Type {reveal}, {one}'s card, "
                 "then {two}'s card.", reveal=ctx.verb("reveal"), one=player(ctx, "p1"), two=player(ctx, "p2"))
    if e.decision == "order":
        # Translators: {player} a player's name; {options} options or choices, already joined; {first} the first item or
        # command.
        return t("{player}, which effect first: {options}? Type {first} and the card.", player=who,
                 options=_order_options(ctx, e), first=ctx.verb("first"))
    if e.optional:
        # Translators: {player} a player's name; {card} a card's name, already translated; {count} a number; {options}
        # options or choices, already joined; {target} the player or card aimed at; {no} the word to type to refuse; the
        # form follows {count}.
        return cut_sentences(t.plural(
            "{count} choice at most for {player}, {card}: among {options}. Type {target} and the name, or {no}.",
            "{count} choices at most for {player}, {card}: among {options}. Type {target} and the name, or {no}.",
            e.left, player=who, card=card, options=options, target=ctx.verb("target"), no=no))
    # Translators: {player} a player's name; {card} a card's name, already translated; {options} options or choices,
    # already joined; {target} the player or card aimed at.
    return cut_sentences(t("{player}: {card}, choose among {options}. Type {target} and the name.", player=who, card=card,
                           options=options, target=ctx.verb("target")))


def _first_drawn(e: g.FirstDrawn, ctx: Context) -> str:
    (one, two), (power, other) = e.cards, e.powers
    if not e.first:
        # Translators: {power} a creature's power, a number; {other} another player or card; {one} the first player's
        # name; {two} the second player's name.
        return ctx.t("{power} against {other}, {one} and {two}: a tie, reveal again.", power=power, other=other,
                     one=ctx.card(one), two=ctx.card(two))
    # Translators: {power} a creature's power, a number; {other} another player or card; {one} the first player's name;
    # {two} the second player's name; {player} a player's name.
    return ctx.t("{power} against {other}, {one} and {two}: {player} plays first.", power=power, other=other,
                 one=ctx.card(one), two=ctx.card(two), player=player(ctx, e.first))


def _order_options(ctx: Context, e: g.Decision) -> str:
    """The cards whose effects happen at once, "or" between them; a card waiting on both sides says which."""
    pairs = list(dict.fromkeys(zip(e.options, e.players or ("",) * len(e.options), strict=True)))
    both = {c for c, _ in pairs if sum(1 for o, _ in pairs if o == c) > 1}
    names = []
    for card, pid in pairs:
        # Translators: a command word: the player's own side.
        mine = ctx.t("mine")
        # Translators: a command word: the opponent's side.
        side = mine if pid == e.player else ctx.t("theirs")
        # Translators: {card} a card's name, already translated; {side} a card's side or owner.
        names.append(ctx.t("{card} ({side})", card=ctx.card(card), side=side) if card in both else ctx.card(card))
    return ctx.join(names, alternative=True)


def _game_over(e: g.GameOver, ctx: Context) -> str:
    if e.reason == g.Reason.CANNOT_ACT.value:
        loser = "p1" if e.winner == "p2" else "p2"
        # Translators: {loser} the losing player's name; {winner} the winning player's name.
        return ctx.t("{loser} can neither play nor attack: {winner} wins the game.", loser=player(ctx, loser),
                     winner=player(ctx, e.winner))
    loser = "p1" if e.winner == "p2" else "p2"
    # Translators: {loser} the losing player's name; {winner} the winning player's name.
    return ctx.t("No life left for {loser}: {winner} wins the game.", loser=player(ctx, loser), winner=player(ctx, e.winner))


# --------------------------------------------------------------------------- answers


def status_head(e: g.Status, ctx: Context) -> str:
    """Whose turn it is, who decides now (or who won): the start of ``status``, and what ``undo`` reminds."""
    t = ctx.t
    if e.winner is not None:
        # Translators: {player} a player's name.
        return t("Game over, {player} won.", player=player(ctx, e.winner))
    if e.to_act and e.to_act["decision"] == "draw":  # --first draw: no one's turn yet
        # Translators: {reveal} a command word to type.
        return t("Before turn 1: draw the first player. Type {reveal} and the 2 cards.", reveal=ctx.verb("reveal"))
    # Translators: {turn} a turn's number; {player} a player's name.
    head = t("Turn {turn}, {player}'s turn.", turn=e.turn, player=player(ctx, e.current_player))
    if e.to_act and e.to_act["player"] != e.current_player:
        # Translators: {player} a player's name; {decision} the decision, a short phrase.
        head += " " + t("{player} decides: {decision}.", player=player(ctx, e.to_act["player"]),
                        decision=ctx.t(DECISIONS.get(e.to_act["decision"], DECISIONS["play_or_attack"])))
    return head


DECISIONS = {
    "play_or_attack": N_("play or attack"),
    "mindbug": N_("Mindbug or not"),
    "hunt": N_("which creature the Hunter makes block"),
    "block": N_("block or not"),
    "frenzy": N_("a second attack or not"),
    "target": N_("an effect's choice"),
    "cards": N_("the cards to name"),
    "order": N_("the order of the effects"),
    "draw": N_("the draw for the first player"),
}


def _pairs(ctx: Context, values: Mapping[str, int]) -> str:
    return ", ".join(f"{player(ctx, pid)} {n}" for pid, n in values.items())


def _elision(maker: Callable[[Any, Context], str]) -> Callable[[Any, Context], str]:
    """The sentence with the French elisions a name calls for ("de Oursabeille" → "d'Oursabeille")."""
    return lambda subject, ctx: elided(ctx, maker(subject, ctx))


def _lives_part(e: g.Status, ctx: Context) -> str:
    # Translators: {lives} lives, counted.
    return ctx.t("Lives: {lives}.", lives=_pairs(ctx, e.lives))


def _mindbugs_part(e: g.Status, ctx: Context) -> str:
    # Translators: {mindbugs} Mindbugs, counted.
    return ctx.t("Mindbugs: {mindbugs}.", mindbugs=_pairs(ctx, e.mindbugs))


def _board_part(e: g.Status, ctx: Context) -> str:
    sides = " ".join(_listed(ctx, pid, [creature_text(ctx, c) for c in creatures], _no_creature(ctx))
                     for pid, creatures in e.board.items())
    # Translators: the heading before the creatures in play.
    return ctx.t("Board.") + " " + sides


def _hands_part(e: g.Status, ctx: Context) -> str:
    # Translators: {player} a player's name; {hand} a number of cards in hand; {deck} a number of cards, or the deck's
    # cards.
    return " ".join(ctx.t("{player}: {hand} in hand, {deck} in the draw pile.", player=player(ctx, pid), hand=n,
                          deck=e.deck[pid]) for pid, n in e.hand.items())


def _discard_part(e: g.Status, ctx: Context) -> str:
    piles = " ".join(_listed(ctx, pid, [ctx.card(c) for c in pile], _empty_pile(ctx)) for pid, pile in e.discard.items())
    # Translators: the heading before the discard piles.
    return ctx.t("Discard piles.") + " " + piles


#: The table after the head, part by part, with the status fields each reads (``undo`` says only the parts that
#: changed, and renders only those whose fields did).
STATUS_PARTS = tuple(StatusPart(key, reads, _elision(say)) for key, reads, say in (
    ("lives", ("lives",), _lives_part),
    ("mindbugs", ("mindbugs",), _mindbugs_part),
    ("board", ("board",), _board_part),
    ("hands", ("hand", "deck"), _hands_part),
    ("discard", ("discard",), _discard_part),
))


def status_parts(e: g.Status, ctx: Context) -> list[tuple[str, str]]:
    """The table after the head, part by part, elided (`STATUS_PARTS`)."""
    return [(part.key, part.say(e, ctx)) for part in STATUS_PARTS]


def _no_creature(ctx: Context) -> str:
    # Translators: a side of the board with no creature ("Ana: no creature.").
    return ctx.t("no creature")


def _empty_pile(ctx: Context) -> str:
    # Translators: a discard pile with no card ("Ana: empty.").
    return ctx.t("empty")


def _listed(ctx: Context, pid: str, items: list[str], empty: str) -> str:
    """One player's creatures or cards, in sentences of at most 15 words: "Ana: Killer Bee 5, Spider Owl 3."; ``empty``
    when there is none (the board and the discard piles say it apart: "no creature", "empty", never twice the same)."""
    if not items:
        return ctx.core("{player}: {cards}", player=player(ctx, pid), cards=empty) + "."
    first = ctx.core("{player}: {cards}", player=player(ctx, pid), cards=items[0])
    return list_sentences("", [first, *items[1:]])


def _board(e: g.BoardAnswer, ctx: Context) -> str:
    """Each side: who, how many creatures, then the creatures in sentences of at most 15 words.

    "You (Ana), 4 creatures: Tusked Extorter 8, Giraffodile 7. Chameleon Sniper 1 Sneaky, Turbo Bug 4."."""
    parts = []
    for pid, creatures in e.board.items():
        # Translators: a side of the table: the player using the companion.
        you = ctx.t("You")
        # Translators: a side of the table: the other player.
        label = you if pid == e.viewer else ctx.t("Opponent")
        if ctx.names:
            label = f"{label} ({player(ctx, pid)})"
        if not creatures:
            parts.append(ctx.core("{player}: {cards}", player=label, cards=_no_creature(ctx)) + ".")
            continue
        # Translators: leads a list of creatures; {side} "You" or "Opponent", with the player's name; {count} a number;
        # the form follows {count}.
        head = ctx.t.plural("{side}, {count} creature:", "{side}, {count} creatures:", len(creatures), side=label)
        parts.append(list_sentences(head, [creature_text(ctx, c) for c in creatures]))
    return " ".join(parts)


def _creature(e: g.CreatureAnswer, ctx: Context) -> str:
    t = ctx.t
    # Translators: {amount} a number, signed; {card} a card's name, already translated.
    bonuses = [t("{amount} from {card}", amount=f"{n:+d}", card=ctx.card(c)) for c, n in e.bonuses]
    # Translators: {card} a card's name, already translated; {power} a creature's power, a number.
    text = t("{card}: {power}", card=ctx.card(e.card), power=e.power)
    if bonuses:
        # Translators: {printed} a number; {bonuses} bonuses, already joined.
        text += ", " + t("printed {printed}, {bonuses}", printed=e.printed, bonuses=ctx.join(bonuses))
    text += ". "
    gained = {k: c for k, c in e.gained}
    # Translators: {keyword} a keyword or card name, already translated; {card} a card's name, already translated.
    words = [t("{keyword} from {card}", keyword=t(KEYWORD_NAMES[k]), card=ctx.card(gained[k])) if k in gained
             else t(KEYWORD_NAMES[k]) for k in e.keywords]
    # Translators: {keywords} keywords, already joined.
    listed = N_("Keywords: {keywords}.")
    # Translators: a creature without keyword.
    bare = t("No keyword.")
    text += t(listed, keywords=ctx.join(words)) if words else bare
    if e.exhausted:
        # Translators: a creature's state: its Tough was used.
        text += " " + t("Exhausted.")
    if e.owner == e.player:
        # Translators: {player} a player's name.
        text += " " + t("Controlled by {player}.", player=player(ctx, e.player))
    else:
        # Translators: {player} a player's name; {owner} a player's name.
        text += " " + t("Controlled by {player}, owned by {owner}.", player=player(ctx, e.player), owner=player(ctx, e.owner))
    return text


def _why_not(ctx: Context, why: str, source: str, count: int) -> str:
    """Leads the list of the creatures that cannot block for one reason: "2 cannot block because of Elephantopus:"."""
    t = ctx.t
    if why == "sneaky":
        # Translators: leads a list of creatures; {count} a number; the form follows {count}.
        return t.plural("{count} cannot block, the attacker is Sneaky:", "{count} cannot block, the attacker is Sneaky:",
                        count)
    if why == "restriction":
        # Translators: leads a list of creatures; {count} a number; {source} a creature's name; the form follows
        # {count}.
        return t.plural("{count} cannot block because of {source}:", "{count} cannot block because of {source}:", count,
                        source=ctx.card(source))
    # Translators: leads a list of creatures; {count} a number; the form follows {count}.
    return t.plural("{count} cannot block, the attacker is gone:", "{count} cannot block, the attacker is gone:", count)


def _blockers(e: g.BlockersAnswer, ctx: Context) -> str:
    """Who can block, count first; then who cannot, grouped by why ("2 cannot block because of Elephantopus: …")."""
    t = ctx.t
    if e.blockers:
        # Translators: leads a list of creatures; {count} a number; {card} a card's name, already translated; the form
        # follows {count}.
        head = t.plural("{count} can block {card}:", "{count} can block {card}:", len(e.blockers), card=ctx.card(e.card))
        parts = [list_sentences(head, [ctx.card(c) for c in e.blockers])]
    else:
        # Translators: {card} a card's name, already translated.
        parts = [t("No creature can block {card}.", card=ctx.card(e.card))]
    grouped: dict[tuple[str, str], list[str]] = {}
    for card, why, source in e.refused:
        grouped.setdefault((why, source), []).append(ctx.card(card))
    for (why, source), cards in grouped.items():
        parts.append(list_sentences(_why_not(ctx, why, source, len(cards)), cards))
    extra = [c for c in e.huntable if c not in e.blockers]
    if extra:
        # Translators: leads a list of creatures; {count} a number; the form follows {count}.
        head = t.plural("{count} more its Hunter may make block:", "{count} more its Hunter may make block:", len(extra))
        parts.append(list_sentences(head, [ctx.card(c) for c in extra]))
    return " ".join(parts)


_FATES = {
    # Translators: what happens to a creature in a fight.
    "survives": N_("survives"),
    # Translators: what happens to a creature in a fight: its Tough is used.
    "exhausted": N_("is exhausted"),
    # Translators: what happens to a creature in a fight.
    "defeated": N_("is defeated"),
}


def _feminine_fate(ctx: Context, fate: str) -> str:
    """What happens to a creature whose name is feminine: "est vaincue"."""
    t = ctx.t
    words = {
        # Translators: what happens to a creature whose name is feminine in a fight (survit).
        "survives": lambda: t.pgettext("feminine", "survives"),
        # Translators: what happens to a creature whose name is feminine in a fight: its Tough is used (est épuisée).
        "exhausted": lambda: t.pgettext("feminine", "is exhausted"),
        # Translators: what happens to a creature whose name is feminine in a fight (est vaincue).
        "defeated": lambda: t.pgettext("feminine", "is defeated"),
    }
    return words[fate]()


def _plural_fate(ctx: Context, fate: str) -> str:
    """What happens to a creature whose name is plural: "sont vaincus", "are defeated"."""
    t = ctx.t
    words = {
        # Translators: what happens to a creature whose name is plural in a fight (survivent).
        "survives": lambda: t.pgettext("plural", "survive"),
        # Translators: what happens to a creature whose name is plural in a fight: its Tough is used (sont épuisés).
        "exhausted": lambda: t.pgettext("plural", "are exhausted"),
        # Translators: what happens to a creature whose name is plural in a fight (sont vaincus).
        "defeated": lambda: t.pgettext("plural", "are defeated"),
    }
    return words[fate]()


def _fate(ctx: Context, fate: str, reason: str, card: str) -> str:
    """"is defeated", or with the keyword that decides it: "is defeated (Poisonous)", "is exhausted (Tough)".

    It agrees with ``card``'s name: "est vaincue" for Veuve noire, "est vaincu" for Arachnibou, "sont vaincus" for
    Oursins hurleurs, "are defeated" for Shield Bugs.
    """
    if ctx.plural(card):
        text = _plural_fate(ctx, fate)
    else:
        text = _feminine_fate(ctx, fate) if ctx.feminine(card) else ctx.t(_FATES[fate])
    if reason in KEYWORD_NAMES:
        # Translators: {fate} what happens to a creature, a short phrase; {keyword} a keyword or card name, already
        # translated.
        text = ctx.t("{fate} ({keyword})", fate=text, keyword=ctx.t(KEYWORD_NAMES[reason]))
    return text


def _what_if(e: g.WhatIfAnswer, ctx: Context) -> str:
    t = ctx.t
    reasons = e.reasons or (("", ""),) * len(e.outcomes)
    # Translators: {power} a creature's power, a number; {blocker} a creature's name; {blocker_power} a number; {card} a
    # card's name, already translated; {fate} what happens to a creature, a short phrase; {blocker_fate} what happens to
    # it, a short phrase.
    parts = [t("{power} against {blocker} {blocker_power}: {card} {fate}, {blocker} {blocker_fate}", power=e.power,
               blocker=ctx.card(b), blocker_power=p, card=ctx.card(e.card), fate=_fate(ctx, fa, ra, e.card),
               blocker_fate=_fate(ctx, fb, rb, b))
             for (b, p, fa, fb), (ra, rb) in zip(e.outcomes, reasons, strict=True)]
    if e.effect_wins:
        if ctx.plural(e.card):
            # Translators: as "If {card} attacks, ...", for a creature whose name is plural (attaquent, leur).
            return t("If {card} attack, their attack effect alone wins the game.", card=ctx.card(e.card))
        # Translators: {card} a card's name, already translated.
        return t("If {card} attacks, its attack effect alone wins the game.", card=ctx.card(e.card))
    defender = player(ctx, g.player_id(g.other(g.seat_of(e.player))))  # named, never "the opponent"
    if e.defender_lives == 0:
        # Translators: {player} a player's name.
        parts.append(t("not blocked: 0 lives left, {player} loses", player=defender))
    else:
        # Translators: {count} a number; {player} a player's name; the form follows {count}.
        parts.append(t.plural("not blocked: {count} life left for {player}",
                              "not blocked: {count} lives left for {player}", e.defender_lives, player=defender))
    said = [_if_attacks(ctx, e.card, len(e.outcomes))]
    for index, part in enumerate(parts):  # a fight a sentence, then no block
        if part in parts[:index]:  # the same fight against a second copy: said once
            # Translators: after a fight against a creature, the same fight against its other copy; {blocker} its name.
            said.append(t("The same against the other {blocker}.", blocker=ctx.card(e.outcomes[index][0])))
        else:
            said.append(capitalized(part) + ".")
    said += _what_if_notes(e, ctx)
    return cut_sentences(" ".join(said))


def _what_if_notes(e: g.WhatIfAnswer, ctx: Context) -> list[str]:
    """What only the attacker's Hunter or attack effect changes; "its" agrees with its name ("their" Shield Bugs)."""
    t, plural, said = ctx.t, ctx.plural(e.card), []
    if e.hunted:
        cards = _cards_text(ctx, e.hunted)
        # Translators: as "Only its Hunter can make {cards} block.", for a creature whose name is plural (leur).
        said.append(t("Only their Hunter can make {cards} block.", cards=cards) if plural
                    # Translators: {cards} a list of cards, already joined.
                    else t("Only its Hunter can make {cards} block.", cards=cards))
    if e.effect_choice:
        # Translators: as "Each fight assumes its attack effect ...", for a creature whose name is plural (leur).
        said.append(t("Each fight assumes their attack effect spares that blocker.") if plural
                    else t("Each fight assumes its attack effect spares that blocker."))
    return said


def _if_attacks(ctx: Context, card_id: str, count: int) -> str:
    """"If Spider Owl attacks: 2 possible blockers.", the verb agreeing with the creature's name."""
    t, card = ctx.t, ctx.card(card_id)
    if ctx.plural(card_id):
        # Translators: as "If {card} attacks: ...", for a creature whose name is plural (attaquent).
        return (t.plural("If {card} attack: {count} possible blocker.", "If {card} attack: {count} possible blockers.",
                         count, card=card) if count
                # Translators: as "If {card} attacks: ...", for a creature whose name is plural (attaquent).
                else t("If {card} attack: no possible blocker.", card=card))
    # Translators: {card} a card's name, already translated; {count} a number; the form follows {count}.
    return (t.plural("If {card} attacks: {count} possible blocker.", "If {card} attacks: {count} possible blockers.",
                     count, card=card) if count
            # Translators: {card} a card's name, already translated.
            else t("If {card} attacks: no possible blocker.", card=card))


def _lives(e: g.LivesAnswer, ctx: Context) -> str:
    return ctx.t("Lives: {lives}.", lives=_pairs(ctx, e.lives))


def _mindbugs(e: g.MindbugsAnswer, ctx: Context) -> str:
    return ctx.t("Mindbugs: {mindbugs}.", mindbugs=_pairs(ctx, e.mindbugs))


def _hands(e: g.HandsAnswer, ctx: Context) -> str:
    """A sentence a player: "Bo: 1 in hand, 0 in the draw pile.", then the cards known in that hand, if any."""
    t = ctx.t
    parts = []
    for pid, n in e.hand.items():
        parts.append(t("{player}: {hand} in hand, {deck} in the draw pile.", player=player(ctx, pid), hand=n,
                       deck=e.deck[pid]))
        if e.known.get(pid):
            # Translators: leads the list of the cards known in a player's hand; {player} a player's name.
            head = t("Known in {player}'s hand:", player=player(ctx, pid))
            parts.append(list_sentences(head, [ctx.card(c) for c in e.known[pid]]))
    return " ".join(parts)


def _discards(e: g.DiscardsAnswer, ctx: Context) -> str:
    piles = " ".join(_listed(ctx, pid, [ctx.card(c) for c in pile], _empty_pile(ctx)) for pid, pile in e.discard.items())
    return ctx.t("Discard piles.") + " " + piles


def _unseen(e: g.UnseenAnswer, ctx: Context) -> str:
    listed = [ctx.card(c) + (f" ×{n}" if n > 1 else "") for c, n in e.cards.items()]
    # Translators: {count} a number; the form follows {count}.
    head = ctx.t.plural("{count} card not seen.", "{count} cards not seen.", sum(e.cards.values()))
    return list_sentences(head, listed)


# --------------------------------------------------------------------------- card readings

#: A sentence of a card reading has at most this many words (a braille line, a breath).
SENTENCE_WORDS = 15


def short_sentences(text: str) -> list[str]:
    """``text`` as sentences: cut at its full stops and its semicolons (each piece a sentence: capital, full stop).

    The card file writes its texts so that each piece has at most `SENTENCE_WORDS` words (a test checks it)."""
    pieces = [p.strip().rstrip(".") for p in text.replace("; ", ". ").split(". ")]
    return [capitalized(p) + "." for p in pieces if p]


def card_reading(card: Card, ctx: Context) -> str:
    """``card NAME``: name, power and copies, every printed keyword, the effect text, the note; short sentences."""
    t = ctx.t
    found = g.traits(card).keywords
    # Translators: {name} a name (game, card, file or player); {power} a creature's power, a number; {count} a number;
    # the form follows {count}.
    parts = [t.plural("{name}, power {power}, {count} copy.", "{name}, power {power}, {count} copies.", card.copies,
                      name=card.name(ctx.lang), power=card.value)]
    if found:
        named = ctx.join([t(KEYWORD_NAMES[k]) for k in g.KEYWORDS if k in found])  # outside the call: pybabel
        # Translators: {keywords} keywords, already joined; {count} chooses singular or plural.
        parts.append(t.plural("Keyword: {keywords}.", "Keywords: {keywords}.", len(found), keywords=named))
    if found and not g.traits(card).effects:
        parts.append(t("No other ability."))
    else:
        parts += short_sentences(card.effect.get(ctx.lang, card.effect["en"]))
    if card.note:
        parts += short_sentences(ctx.core("Note: {note}", note=card.note.get(ctx.lang, card.note["en"])))
    return elided(ctx, " ".join(parts))


_RENDERERS: dict[type, Callable[[Any, Context], str]] = {
    g.GameStarted: _game_started,
    g.FirstDrawn: _first_drawn,
    g.TurnStarted: _turn_started,
    g.CardPlayed: _card_played,
    g.MindbugUsed: _mindbug_used,
    g.CreatureEntered: _entered,
    g.HandRefilled: _refilled,
    g.Attacked: _attacked,
    g.Hunted: _hunted,
    g.Blocked: _blocked,
    g.NotBlocked: _not_blocked,
    g.LifeChanged: _life_changed,
    g.CreatureDefeated: _defeated,
    g.CreatureExhausted: _exhausted,
    g.ControlTaken: _control_taken,
    g.PlayedFromDiscard: _from_discard,
    g.CardsDiscarded: _discarded,
    g.CardsTaken: _taken,
    g.DiscardToHand: _discard_to_hand,
    g.EffectSkipped: _skipped,
    g.PlayEffectCancelled: _cancelled,
    g.Decision: _decision,
    g.GameOver: _game_over,
    g.BoardAnswer: _board,
    g.CreatureAnswer: _creature,
    g.BlockersAnswer: _blockers,
    g.WhatIfAnswer: _what_if,
    g.LivesAnswer: _lives,
    g.MindbugsAnswer: _mindbugs,
    g.HandsAnswer: _hands,
    g.DiscardsAnswer: _discards,
    g.UnseenAnswer: _unseen,
}


def _name(d: Mapping[str, Any], ctx: Context, key: str = "player") -> str:
    return player(ctx, d.get(key)) if d.get(key) in ("p1", "p2") else str(d.get(key, ""))


def _card(d: Mapping[str, Any], ctx: Context, key: str = "card") -> str:
    return ctx.card(str(d.get(key, "")))


def _plural(d: Mapping[str, Any], ctx: Context) -> bool:
    """Whether the refused card's name is plural (a sentence about it agrees)."""
    return ctx.plural(str(d.get("card", "")))


def _cannot_block(d: Mapping[str, Any], ctx: Context) -> str:
    """Why a creature cannot block, the verb agreeing with its name (French "ne peuvent pas")."""
    t, card, source = ctx.t, _card(d, ctx), _card(d, ctx, "source")
    if _plural(d, ctx):
        if d.get("why") == "sneaky":
            # Translators: as the sentence without context, for a creature whose name is plural (ne peuvent pas).
            return t.pgettext("plural", "{card} cannot block. The attacker is Sneaky.", card=card)
        # Translators: as the sentence without context, for a creature whose name is plural (ne peuvent pas).
        return t.pgettext("plural", "{card} cannot block. Because of {source}.", card=card, source=source)
    if d.get("why") == "sneaky":
        # Translators: {card} a card's name, already translated.
        return t("{card} cannot block. The attacker is Sneaky.", card=card)
    # Translators: {card} a card's name, already translated; {source} where it comes from: a camera or a player's name.
    return t("{card} cannot block. Because of {source}.", card=card, source=source)


def _awaited(d: Mapping[str, Any], ctx: Context) -> str:
    return ctx.t(DECISIONS.get(str(d.get("decision")), DECISIONS["play_or_attack"]))


#: The sentence for each refusal code of this game (the shared ones are the renderer's).
REFUSALS: dict[str, Refusal] = {
    # Translators: {card} a card's name, already translated.
    "not_on_board": lambda d, ctx: ctx.t("{card} is not in play.", card=_card(d, ctx)) if not _plural(d, ctx)
    # Translators: as "{card} is not in play.", for a card whose name is plural (ne sont pas).
    else ctx.t("{card} are not in play.", card=_card(d, ctx)),
    # Translators: {card} a card's name, already translated; {player} a player's name.
    "wrong_side": lambda d, ctx: ctx.t("{card} is elsewhere. Not on {player}'s side.", card=_card(d, ctx), player=_name(d, ctx))
    if not _plural(d, ctx)
    # Translators: as "{card} is elsewhere. ...", for a card whose name is plural.
    else ctx.t("{card} are elsewhere. Not on {player}'s side.", card=_card(d, ctx), player=_name(d, ctx)),
    # Translators: {card} a card's name, already translated.
    "ambiguous_side": lambda d, ctx: ctx.t("{card} is on both sides. Add mine or theirs.", card=_card(d, ctx))
    if not _plural(d, ctx)
    # Translators: as "{card} is on both sides. ...", for a card whose name is plural (sont).
    else ctx.t("{card} are on both sides. Add mine or theirs.", card=_card(d, ctx)),
    # Translators: {copy} a copy's number; {card} a card's name, already translated.
    "no_such_copy": lambda d, ctx: ctx.t("No {card} {copy} on that side.", copy=d.get("copy", 2),
                                         card=_card(d, ctx)),
    # Translators: {copy} a copy's number.
    "bad_copy": lambda d, ctx: ctx.t("{copy}: a copy is 1 or 2.", copy=d.get("copy", 0)),
    # Translators: {text} what the user typed.
    "bad_side_word": lambda d, ctx: ctx.t("{text}: say mine or theirs.", text=d.get("text", "")),
    # Translators: {player} a player's name.
    "empty_hand": lambda d, ctx: ctx.t("{player} has no card in hand.", player=_name(d, ctx)),
    # Translators: {card} a card's name, already translated; {count} a number; the form follows {count}.
    "all_seen": lambda d, ctx: ctx.t.plural("{card}: {count} copy, already seen.",
                                            "{card}: {count} copies, all seen.",
                                            int(d.get("copies", 1)), card=_card(d, ctx)),
    # ``entered``: refused by the hand entered on the player's own device, said on that page only.
    "not_in_hand": lambda d, ctx: ctx.t("Card not in your hand as entered. Play another. Or correct your hand.")
    # Translators: {card} a card's name, already translated; {player} a player's name.
    if d.get("entered") else ctx.t("{player} lacks {card}. Their hand is all known.", card=_card(d, ctx),
                                   player=_name(d, ctx)),
    # Translators: {player} a player's name.
    "no_decision": lambda d, ctx: ctx.t("Nothing to decide now. {player} plays or attacks.", player=_name(d, ctx)),
    # Translators: {player} a player's name; {decision} the decision, a short phrase.
    "decision_pending": lambda d, ctx: ctx.t("First {player}: {decision}.", player=_name(d, ctx),
                                             decision=_awaited(d, ctx)),
    # Translators: {player} a player's name; {decision} the decision, a short phrase.
    "must_choose": lambda d, ctx: ctx.t("{player} must choose: {decision}.", player=_name(d, ctx), decision=_awaited(d, ctx)),
    # Translators: {card} a card's name, already translated.
    "frenzy_only": lambda d, ctx: ctx.t("Only Frenzy gives a second attack. Not {card}.", card=_card(d, ctx)),
    "cannot_block": lambda d, ctx: _cannot_block(d, ctx),
    # Translators: {card} a card's name, already translated.
    "not_in_discard": lambda d, ctx: ctx.t("{card} is not in that pile.", card=_card(d, ctx)) if not _plural(d, ctx)
    # Translators: as "{card} is not in that pile.", for a card whose name is plural.
    else ctx.t("{card} are not in that pile.", card=_card(d, ctx)),
    # Translators: {card} a card's name, already translated; {source} where it comes from: a camera or a player's name.
    "not_a_target": lambda d, ctx: ctx.t("{card} cannot be chosen. Not for {source}.", card=_card(d, ctx),
                                         source=_card(d, ctx, "source")),
    # Translators: {card} a card's name, already translated.
    "not_pending": lambda d, ctx: ctx.t("{card}: no effect waiting.", card=_card(d, ctx)),
    # Translators: {count} a number; the form follows {count}.
    "wrong_count": lambda d, ctx: ctx.t.plural("Name {count} card.", "Name {count} cards.", int(d.get("count", 1))),
}


HELP = {
    # Translators: every help line below: the command words are the ones users type; give the French words.
    "play": N_("play CREATURE: a creature from your hand."),
    "attack": N_("attack CREATURE: attack with your creature. 2 for the second copy."),
    "mindbug": N_("mindbug: Mindbug the creature just played."),
    "no": N_("no: no Mindbug, no block, no hunt. Or no second attack, no more choices."),
    "block": N_("block CREATURE: block the attacker with it."),
    "hunt": N_("hunt CREATURE: it blocks your Hunter."),
    "target": N_("target CREATURE: what an effect asks for. A creature or a discarded card. Add mine or theirs."),
    "name_cards": N_("name CARD CARD. Hand cards an effect discards or takes."),
    "first": N_("first CARD [mine|theirs]: this effect first. Of effects at once."),
    "reveal": N_("reveal CARD CARD. With --first draw, the unused cards revealed. p1's first."),
    "status": N_("status: lives, Mindbugs, board, hands. Discard piles, whose turn."),
    "board": N_("board [mine|theirs]: every creature. Power first, keywords now."),
    "creature": N_("creature NAME: its power and keywords now. And why."),
    "blockers": N_("blockers CREATURE: who may block it. And why others may not."),
    "whatif": N_("what if CREATURE: what its attack would do. Against each blocker, and unblocked."),
    "life": N_("life: both players' lives."),
    "mindbugs": N_("mindbugs: the Mindbugs left."),
    "hands": N_("hands: the cards in hand and in the draw piles."),
    "discards": N_("discards: both discard piles."),
    "unseen": N_("unseen: the designs not yet seen, with copies."),
}


def _elided_hint(event: Any, ctx: Context) -> str | None:
    hint = undo_hint(event, ctx)
    return None if hint is None else elided(ctx, hint)


def _attacked_full(e: g.Attacked, ctx: Context) -> str:
    if ctx.plural(e.card):
        # Translators: as "A creature may block it; ...", for a creature whose name is plural (les bloquer).
        return _attacked(e, ctx) + " " + ctx.t("A creature may block them; if none does, a life is lost.")
    return _attacked(e, ctx) + " " + ctx.t("A creature may block it; if none does, a life is lost.")


#: Terse forms: the number and the change only.
_TERSE: dict[type, Callable[[Any, Context], str]] = {
    # Translators: {power} a creature's power, a number; {card} a card's name, already translated.
    g.CardPlayed: lambda e, ctx: ctx.t("{power}, {card}.", power=e.power, card=ctx.card(e.card)),
    # Translators: {power} a creature's power, a number; {card} a card's name, already translated.
    g.Attacked: lambda e, ctx: ctx.t("{power}, {card} attacks.", power=e.power, card=ctx.card(e.card))
    if not ctx.plural(e.card)
    # Translators: as "{power}, {card} attacks.", for a creature whose name is plural (attaquent).
    else ctx.t("{power}, {card} attack.", power=e.power, card=ctx.card(e.card)),
    # Translators: {count} a number; {player} a player's name; the form follows {count}.
    g.NotBlocked: lambda e, ctx: ctx.t.plural("{count} life left for {player}.", "{count} lives left for {player}.",
                                              e.lives, player=player(ctx, e.player)),
}
#: Full forms: the sentence and its context.
_FULL: dict[type, Callable[[Any, Context], str]] = {
    g.Attacked: _attacked_full,
}


def undo_hint(event: Any, ctx: Context) -> str | None:
    """What the table puts back by hand to take back ``event``: which card goes where."""
    t = ctx.t
    if isinstance(event, g.CardPlayed):
        # Translators: {player} a player's name; {card} a card's name, already translated.
        return t("{player} takes {card} back into their hand.", player=player(ctx, event.player), card=ctx.card(event.card))
    if isinstance(event, g.HandRefilled) and event.drawn:
        # Translators: {count} a number; {player} a player's name; the form follows {count}.
        return t.plural("{count} card drawn goes back on top of {player}'s draw pile.",
                        "{count} cards drawn go back on top of {player}'s draw pile.", event.drawn,
                        player=player(ctx, event.player))
    if isinstance(event, g.MindbugUsed):
        # Translators: {player} a player's name.
        return t("{player} takes back a Mindbug card.", player=player(ctx, event.player))
    if isinstance(event, g.CardsDiscarded) and event.cards:
        # Translators: {player} a player's name; {cards} a list of cards, already joined.
        return t("Back into {player}'s hand: {cards}.", player=player(ctx, event.player), cards=_cards_text(ctx, event.cards))
    if isinstance(event, g.DiscardToHand) and event.cards:
        # Translators: {player} a player's name; {cards} a list of cards, already joined.
        return t("Back on {player}'s discard pile: {cards}.", player=player(ctx, event.player),
                 cards=_cards_text(ctx, event.cards))
    if isinstance(event, g.CardsTaken) and event.count:
        # Translators: {count} a number; {player} a player's name; {source} a player's name; the form follows {count}.
        return t.plural("{count} card goes back from {player}'s hand to {source}'s.",
                        "{count} cards go back from {player}'s hand to {source}'s.", event.count,
                        player=player(ctx, event.player), source=player(ctx, event.source))
    return None


#: Each option in words (`OptionWords`): ``companion records`` reads "player 2 starts", never ``first=p2``.
OPTION_WORDS = {
    "first": OptionWords({
        # Translators: an option of a Mindbug game, between commas in a line of companion records.
        "p1": N_("player 1 starts"),
        # Translators: an option of a Mindbug game, between commas in a line of companion records.
        "p2": N_("player 2 starts"),
        # Translators: an option of a Mindbug game (the companion says how to draw), between commas in a line of
        # companion records.
        "draw": N_("a draw decides who starts"),
    }),
    "discard": OptionWords({
        # Translators: an option of a Mindbug game, between commas in a line of companion records.
        "controller": N_("defeated creatures to their controller's discard pile"),
        # Translators: an option of a Mindbug game, between commas in a line of companion records.
        "owner": N_("defeated creatures to their owner's discard pile"),
    }),
    "refill": OptionWords({
        # Translators: an option of a Mindbug game (hands refilled to 5), between commas in a line of companion records.
        "always": N_("hands refilled whenever short"),
        # Translators: an option of a Mindbug game (hands refilled to 5), between commas in a line of companion records.
        "after_play": N_("hands refilled only after a play"),
    }),
    "tough_vs_effects": OptionWords({
        # Translators: an option of a Mindbug game (Tough: the keyword), between commas in a line of companion records.
        "yes": N_("Tough also saves from effects"),
        # Translators: an option of a Mindbug game (Tough: the keyword), between commas in a line of companion records.
        "no": N_("Tough does not save from effects"),
    }),
    "hunter_past_sneaky": OptionWords({
        # Translators: an option of a Mindbug game (Hunter, Sneaky: the keywords), between commas in a line of
        # companion records.
        "no": N_("Hunter cannot force a block against Sneaky"),
        # Translators: an option of a Mindbug game (Hunter, Sneaky: the keywords), between commas in a line of
        # companion records.
        "yes": N_("Hunter may force a block against Sneaky"),
    }),
}


RENDERER = Renderer(domain=DOMAIN, events={k: _elision(f) for k, f in _RENDERERS.items()}, help=HELP,
                    terse={k: _elision(f) for k, f in _TERSE.items()}, full={k: _elision(f) for k, f in _FULL.items()},
                    refusals={code: _elision(f) for code, f in REFUSALS.items()}, player=player,
                    status_head=_elision(status_head), status_parts=status_parts, declared_parts=STATUS_PARTS,
                    minor_events=frozenset({"hand_refilled"}), card_reading=card_reading,
                    undo_hint=_elided_hint,
                    option_words=OPTION_WORDS)
render = RENDERER.render
