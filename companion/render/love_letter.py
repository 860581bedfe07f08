"""Love Letter: events and refusals as one short sentence each, French or English.

French sentences use the rules text's words (manche, pioche, jeton de faveur,
face visible) and avoid gendered participles about players ("sort de la
manche" rather than "éliminé·e").
"""

from __future__ import annotations

from typing import Any, Callable, Mapping, Sequence

from companion.games import love_letter as g
from companion.private import love_letter as private
from companion.render import (N_, Context, OptionWords, Renderer, capitalized, elided, grouped_counts, piles_sentence, Refusal,
                              numbered_player)

DOMAIN = g.SPEC.domain


player = numbered_player


def players(ctx: Context, pids: Sequence[str]) -> str:
    return ctx.join([player(ctx, pid) for pid in pids])


def cards_count(ctx: Context, count: int) -> str:
    # Translators: {count} a number; the form follows {count}.
    return ctx.t.plural("{count} card", "{count} cards", count)


def tokens_count(ctx: Context, count: int) -> str:
    # Translators: {count} a number; the form follows {count}.
    return ctx.t.plural("{count} favour token", "{count} favour tokens", count)


def named(ctx: Context, card_id: str) -> str:
    """A card with its value: "Priest, 2"."""
    value = ctx.cards[card_id].value if ctx.cards is not None and card_id in ctx.cards else "?"
    # Translators: {card} a card's name, already translated; {value} a card's value or the value typed.
    return ctx.t("{card}, {value}", card=ctx.card(card_id), value=value)


def value_of(ctx: Context, card_id: str) -> Any:
    """A card's value, said first in the sentences that name it ("3: Ana plays Baron")."""
    return ctx.cards[card_id].value if ctx.cards is not None and card_id in ctx.cards else "?"


def typed(ctx: Context, verb: str, pid: str) -> str:
    """What to type for ``verb`` on a player, in the user's words: "out 2", "défausse 2", "out Bruno" with names."""
    seat = g.seat_of(pid)
    who = ctx.names[seat] if ctx.names and seat < len(ctx.names) else str(seat + 1)
    return f"{ctx.verb(verb)} {who}"


def _game_started(e: g.GameStarted, ctx: Context) -> str:
    t = ctx.t
    # Translators: {count} a number; the form follows {count}.
    players = t.plural("{count} player", "{count} players", e.players)
    # Translators: {players} the players, counted or named ("3 players"); {tokens} tokens, counted.
    return t("{players}, Love Letter. {tokens} to win.",
             players=players, tokens=tokens_count(ctx, e.tokens_to_win))


def _round_started(e: g.RoundStarted, ctx: Context) -> str:
    t = ctx.t
    total = ctx.cards.count(g.SIDE) if ctx.cards is not None else 16
    if e.aside_needed:
        # Translators: {round} a round's number; {total} a number, the total; {player} a player's name; {aside} a
        # command word to type.
        return t("Round {round}. Shuffle the {total} cards. Remove one face down. Set three aside face up. Deal one "
                 "card each. {player} starts. Type {aside} and the three cards.",
                 round=e.round, total=total, player=player(ctx, e.starter), aside=ctx.verb("aside"))
    # Translators: {round} a round's number; {total} a number, the total; {player} a player's name.
    return t("Round {round}. Shuffle the {total} cards. Remove one face down. Deal one card each. {player} starts.",
             round=e.round, total=total, player=player(ctx, e.starter))


def _aside(e: g.AsideSet, ctx: Context) -> str:
    # Translators: {cards} a list of cards, already joined; {deck} a number of cards, or the deck's cards.
    return ctx.t("Set aside face up: {cards}. Deck: {deck}.", cards=ctx.join([ctx.card(c) for c in e.cards]),
                 deck=cards_count(ctx, e.deck))


def _turn_started(e: g.TurnStarted, ctx: Context) -> str:
    t = ctx.t
    # Translators: {player} a player's name; {deck} a number of cards, or the deck's cards.
    sentence = t("{player}'s turn: draw a card. Deck: {deck}.", player=player(ctx, e.player), deck=cards_count(ctx, e.deck))
    if e.deck == 0:
        sentence += " " + t("That was the last card: the round ends after this turn.")
    return sentence


def _protection_ended(e: g.ProtectionEnded, ctx: Context) -> str:
    # Translators: {player} a player's name.
    return ctx.t("The Handmaid no longer protects {player}.", player=player(ctx, e.player))


def _card_played(e: g.CardPlayed, ctx: Context) -> str:
    t = ctx.t
    # Translators: {value} a card's value or the value typed; {player} a player's name; {card} a card's name, already
    # translated.
    parts = [t("{value}: {player} plays {card}", value=value_of(ctx, e.card), player=player(ctx, e.player),
               card=ctx.card(e.card))]
    if e.target is not None:
        # Translators: {target} the player or card aimed at.
        parts.append(t(", on {target}", target=player(ctx, e.target)))
    if e.named_value is not None and ctx.cards is not None:
        card = next(c for c in ctx.cards.cards if c.value == e.named_value)
        # Translators: {card} a card's name, already translated.
        parts.append(t(", naming {card}", card=named(ctx, card.id)))
    if e.reason == "handmaid":  # issue 22: the card that decides it, said first
        played = "".join(parts) + (t(", with no effect") if e.no_effect else "")
        # Translators: {keyword} a keyword or card name, already translated; {played} the card played, or a sentence
        # about it.
        return t("{keyword}: every other player is protected. {played}.", keyword=ctx.card("handmaid"),
                 played=capitalized(played))
    if e.no_effect:
        parts.append(t(": every other player is protected, no effect"))
    return "".join(parts) + "."


def _card_effect(e: g.CardEffect, ctx: Context) -> str:
    t = ctx.t
    who, target = player(ctx, e.player), player(ctx, e.target)
    if e.action == "guess" and e.target is not None and e.named_card is not None:
        # Translators: {target} the player or card aimed at; {card} a card's name, already translated; {command} a
        # command to type; {miss} what to type otherwise.
        return t("If {target}'s card is {card}, type: {command}; else {miss}.", target=target,
                 card=ctx.card(e.named_card), command=typed(ctx, "out", e.target), miss=ctx.verb("miss"))
    if e.action == "peek":
        # Translators: {player} a player's name; {target} the player or card aimed at.
        return t("{player} looks at {target}'s card in secret.", player=who, target=target)
    if e.action == "compare":
        # Translators: {player} a player's name; {target} the player or card aimed at; {compare} a command word to type.
        return t("{player} and {target} compare their cards in secret. Type {compare}, then each value, unseen.",
                 player=who, target=target, compare=ctx.verb("compare"))
    if e.action == "protect":
        # Translators: {player} a player's name.
        return t("{player} is protected until their next turn.", player=who)
    if e.action == "prince" and e.target is not None:
        # Translators: {target} the player or card aimed at; {command} a command to type.
        return t("{target} discards their card face up: type {command} and the card.", target=target,
                 command=typed(ctx, "discard", e.target))
    if e.action == "swap":
        # Translators: {player} a player's name; {target} the player or card aimed at.
        return t("{player} and {target} swap their cards.", player=who, target=target)
    # Translators: a card's effect did nothing.
    return t("No effect.")


def _player_out(e: g.PlayerOut, ctx: Context) -> str:
    t = ctx.t
    who = player(ctx, e.player)
    if e.reason == "princess":
        # Translators: {player} a player's name; {command} a command to type.
        sentence = t("{player} played the Princess and is out of the round. To show their other card, type {command} "
                     "and the card.", player=who, command=typed(ctx, "out", e.player))
    elif e.reason == "prince":
        # Translators: {player} a player's name.
        sentence = t("{player} discarded the Princess and is out of the round.", player=who)
    elif e.card is not None:
        # Translators: {value} a card's value or the value typed; {card} a card's name, already translated; {player} a
        # player's name.
        sentence = t("{value}, {card}, face up: {player} is out of the round.", value=value_of(ctx, e.card),
                     card=ctx.card(e.card), player=who)
    else:
        # Translators: {player} a player's name.
        sentence = t("{player} is out of the round.", player=who)
    if e.left > 1:
        # Translators: {count} a number; the form follows {count}.
        sentence += " " + t.plural("{count} player left in the round.", "{count} players left in the round.", e.left)
    return sentence


def _card_shown(e: g.CardShown, ctx: Context) -> str:
    # Translators: {value} a card's value or the value typed; {card} a card's name, already translated; {player} a
    # player's name.
    return ctx.t("{value}, {card}, face up: {player} shows their card.", value=value_of(ctx, e.card),
                 card=ctx.card(e.card), player=player(ctx, e.player))


def _card_discarded(e: g.CardDiscarded, ctx: Context) -> str:
    t = ctx.t
    who, card, value = player(ctx, e.player), ctx.card(e.card), value_of(ctx, e.card)
    if e.drew == "deck":
        # Translators: {value} a card's value or the value typed; {player} a player's name; {card} a card's name,
        # already translated; {deck} a number of cards, or the deck's cards.
        return t("{value}: {player} discards {card} face up and draws again. Deck: {deck}.", value=value, player=who,
                 card=card, deck=cards_count(ctx, e.deck))
    if e.drew == "removed":
        # Translators: {value} a card's value or the value typed; {player} a player's name; {card} a card's name,
        # already translated.
        return t("{value}: {player} discards {card} face up and takes the card removed face down.", value=value,
                 player=who, card=card)
    # Translators: {value} a card's value or the value typed; {player} a player's name; {card} a card's name, already
    # translated.
    return t("{value}: {player} discards {card} face up.", value=value, player=who, card=card)


def _compare_tied(e: g.CompareTied, ctx: Context) -> str:
    # Translators: {player} a player's name; {target} the player or card aimed at.
    return ctx.t("Baron: {player} and {target} tie, nobody is out.", player=player(ctx, e.player),
                 target=player(ctx, e.target))


def _deck_empty(e: g.DeckEmpty, ctx: Context) -> str:
    # Translators: {reveal} a command word to type; {players} the players, counted or named ("3 players").
    return ctx.t("The deck is empty: the round ends. Players still in reveal their cards. Type {reveal}, the player "
                 "and the card. Waiting for {players}.", reveal=ctx.verb("reveal"), players=players(ctx, e.waiting))


def _card_revealed(e: g.CardRevealed, ctx: Context) -> str:
    t = ctx.t
    # Translators: {value} a card's value or the value typed; {player} a player's name; {card} a card's name, already
    # translated.
    sentence = t("{value}: {player} reveals {card}.", value=value_of(ctx, e.card), player=player(ctx, e.player),
                 card=ctx.card(e.card))
    if e.waiting:
        # Translators: {players} the players, counted or named ("3 players").
        sentence += " " + t("Waiting for {players}.", players=players(ctx, e.waiting))
    return sentence


def _round_won(e: g.RoundWon, ctx: Context) -> str:
    t = ctx.t
    if e.reason == "last":
        # Translators: {round} a round's number; {player} a player's name.
        return t("Round {round} to {player}, the last one in.", player=players(ctx, e.winners), round=e.round)
    if e.reason == "card":
        # Translators: {value} a card's value or the value typed; {player} a player's name; {round} a round's number.
        return t("{value}, the highest card: {player} wins round {round}.", player=players(ctx, e.winners),
                 round=e.round, value=e.value)
    if e.reason == "discards":
        # Translators: {total} a number, the total; {value} a card's value or the value typed; {player} a player's name;
        # {round} a round's number.
        return t("{total} face up breaks the tie at {value}: {player} wins round {round}.",
                 player=players(ctx, e.winners), round=e.round, value=e.value, total=e.total)
    if e.reason == "tie":
        # Translators: {round} a round's number; {value} a card's value or the value typed; {total} a number, the total;
        # {players} the players, counted or named ("3 players").
        return t("Round {round} is a full tie, at {value} and {total} face up: {players} each win it.", round=e.round,
                 value=e.value, total=e.total, players=players(ctx, e.winners))
    # Translators: {round} a round's number; {players} the players, counted or named ("3 players"); {value} a card's
    # value or the value typed; {total} a number, the total.
    return t("Round {round}: full tie between {players}, at {value} and {total} face up. Nobody wins it.",
             round=e.round, players=players(ctx, e.tied), value=e.value, total=e.total)


def _token_given(e: g.TokenGiven, ctx: Context) -> str:
    # "1 of 4 favour tokens for Ana": the count of tokens Ana now has, first.
    # Translators: {count} a number; {to_win} a number of tokens to win; {player} a player's name; the form follows
    # {count}.
    return ctx.t.plural("{count} of {to_win} favour tokens for {player}.", "{count} of {to_win} favour tokens for {player}.",
                        e.tokens, player=player(ctx, e.player), to_win=e.tokens_to_win)


def _game_over(e: g.GameOver, ctx: Context) -> str:
    winners = tuple(e.outcome.get("winners", ()))
    if len(winners) > 1:
        # Translators: {tokens} tokens, counted; {players} the players, counted or named ("3 players").
        return ctx.t("{tokens} each: {players} win the game together.", players=players(ctx, winners),
                     tokens=tokens_count(ctx, e.tokens))
    # Translators: {tokens} tokens, counted; {player} a player's name.
    return ctx.t("{tokens}: {player} wins the game.", player=player(ctx, e.winner), tokens=tokens_count(ctx, e.tokens))


def status_head(e: g.Status, ctx: Context) -> str:
    """Where the round stands: the start of ``status``, and what ``undo`` reminds."""
    t = ctx.t
    if e.winner is not None:
        winners = tuple((e.outcome or {}).get("winners", ())) or (e.winner,)
        # Translators: {player} a player's name.
        return t("Game over, {player} won.", player=players(ctx, winners))
    if e.phase == g.ASIDE:
        # Translators: {round} a round's number.
        return t("Round {round}: waiting for the three cards set aside.", round=e.round)
    if e.phase == g.REVEAL:
        # Translators: {round} a round's number.
        return t("Round {round}: the deck is empty, each player still in reveals their card.", round=e.round)
    if e.phase == g.ROUND_OVER:
        # Translators: {round} a round's number; {next} a command word to type.
        return t("Round {round} is over: type {next} for the next round.", round=e.round, next=ctx.verb("next"))
    decision = (e.to_act or {}).get("decision")
    if decision == "end_turn":
        # Translators: {round} a round's number; {turn} a turn's number; {player} a player's name; {next} a command word
        # to type.
        return t("Round {round}, turn {turn}: {player} has played: type {next}.", round=e.round, turn=e.turn,
                 player=player(ctx, e.current_player), next=ctx.verb("next"))
    if decision == "compare":
        # Translators: {round} a round's number; {turn} a turn's number; {player} a player's name; {compare} a command
        # word to type.
        return elided(ctx, t("Round {round}, turn {turn}: {player}'s Baron waits: type {compare}.", round=e.round,
                             turn=e.turn, player=player(ctx, e.current_player), compare=ctx.verb("compare")))
    waiting = (e.to_act or {}).get("player")
    if decision == "answer_guess" and waiting:
        # Translators: {round} a round's number; {turn} a turn's number; {player} a player's name; {command} a command
        # to type; {miss} what to type otherwise.
        return t("Round {round}, turn {turn}: the Guard waits for {player}: type {command} or {miss}.", round=e.round,
                 turn=e.turn, player=player(ctx, waiting), command=typed(ctx, "out", waiting), miss=ctx.verb("miss"))
    if decision == "discard" and waiting:
        # Translators: {round} a round's number; {turn} a turn's number; {command} a command to type.
        return t("Round {round}, turn {turn}: for the Prince, type {command} and the card.",
                 round=e.round, turn=e.turn, command=typed(ctx, "discard", waiting))
    # Translators: {round} a round's number; {turn} a turn's number; {player} a player's name.
    return t("Round {round}, turn {turn}, {player} to play.", round=e.round, turn=e.turn,
             player=player(ctx, e.current_player))


def status_parts(e: g.Status, ctx: Context) -> list[tuple[str, str]]:
    """The round after the head, part by part (``undo`` says only the parts that changed)."""
    t = ctx.t
    # Translators: {deck} a number of cards, or the deck's cards.
    parts = [("deck", t("Deck: {deck}.", deck=cards_count(ctx, e.deck))),
             # Translators: {players} the players, counted or named ("3 players").
             ("in_round", t("Still in the round: {players}.", players=players(ctx, e.in_round)))]
    # Always said, even when empty, so that undo can say that a protection or the cards set aside are gone.
    # Translators: {players} the players, counted or named ("3 players").
    parts.append(("protected", t("Protected: {players}.", players=players(ctx, e.protected)) if e.protected
                  else t("No one is protected.")))
    if e.aside or len(e.tokens) == 2:  # only two players set cards aside
        # Translators: {cards} a list of cards, already joined.
        parts.append(("aside", t("Set aside: {cards}.", cards=ctx.join([ctx.card(c) for c in e.aside]))))
    tokens = grouped_counts(ctx, e.tokens, lambda pid: player(ctx, pid))
    # Translators: {tokens} tokens, counted; {to_win} a number of tokens to win.
    parts.append(("tokens", t("Favour tokens: {tokens}. {to_win} to win.", tokens=tokens, to_win=e.tokens_to_win)
                  # Translators: {to_win} a number of tokens to win.
                  if tokens else t("No favour token yet; {to_win} to win.", to_win=e.tokens_to_win)))
    return parts



def _played(e: g.PlayedCards, ctx: Context) -> str:
    sentence = piles_sentence(ctx, e.face_up, lambda pid: player(ctx, pid))
    if e.aside:
        sentence += " " + ctx.t("Set aside: {cards}.", cards=ctx.join([ctx.card(c) for c in e.aside]))
    return sentence


def _guess_missed(e: g.GuessMissed, ctx: Context) -> str:
    # Translators: {target} the player or card aimed at; {card} a card's name, already translated; {next} a command word
    # to type.
    return ctx.t("Missed: {target} does not hold the {card}. Type {next}.", target=player(ctx, e.target),
                 card=ctx.card(e.card), next=ctx.verb("next"))


def _peeked(e: private.Peeked, ctx: Context) -> str:
    if e.card is None:
        # Translators: {target} the player or card aimed at.
        return ctx.t("Only for you: {target} has not entered their card; ask them to show it.",
                     target=player(ctx, e.target))
    return _in_hand(ctx, e.card, e.target)


def _in_hand(ctx: Context, card_id: str, seat: str) -> str:
    """A card seen in another player's hand, its value first: "Only for you: 3, Baron, in Ben's hand."."""
    # Translators: {card} is a value and a card ("3, Baron"); French: "Pour vous seul : {card}, dans la main de {target}."
    return elided(ctx, ctx.t("Only for you: {card}, in {target}'s hand.", target=player(ctx, seat),
                             card=valued(ctx, card_id)))


def valued(ctx: Context, card_id: str) -> str:
    """A card after its value: "3, Baron" (a sentence's number first)."""
    value = ctx.cards[card_id].value if ctx.cards is not None and card_id in ctx.cards else "?"
    # Translators: a card after its value, as "3, Baron".
    return ctx.t("{value}, {card}", card=ctx.card(card_id), value=value)


def _compared(e: private.Compared, ctx: Context) -> str:
    return _in_hand(ctx, e.card, e.other)


def _swapped(e: private.Swapped, ctx: Context) -> str:
    if e.card is None:
        # Translators: {other} another player's name.
        return elided(ctx, ctx.t("Only for you: you now hold {other}'s card; enter it.", other=player(ctx, e.other)))
    # Translators: {card} is a value and a card ("3, Baron"), now in the reader's hand.
    return elided(ctx, ctx.t("Only for you: {card}, now yours, from {other}.", other=player(ctx, e.other),
                             card=valued(ctx, e.card)))


def _unseen(e: g.UnseenCards, ctx: Context) -> str:
    """The count first, then the cards grouped by copies left, most first: "11 cards not seen face up. 2: Guard, Baron…"."""
    t = ctx.t
    by_count: dict[int, list[str]] = {}
    for card_id, n in e.cards.items():
        by_count.setdefault(n, []).append(ctx.card(card_id))
    # Translators: {count} a number of copies left; {cards} a list of cards, already joined.
    some = N_("{count}: {cards}.")
    # Translators: {cards} a list of cards, already joined: the cards with no copy left.
    none = N_("None left: {cards}.")
    groups = [t(some, count=n, cards=ctx.join(names)) if n else t(none, cards=ctx.join(names))
              for n, names in sorted(by_count.items(), reverse=True)]
    # Translators: {count} a number; the form follows {count}.
    head = t.plural("{count} card not seen face up.", "{count} cards not seen face up.", e.total)
    return " ".join([head, *groups])


_RENDERERS: dict[type, Callable[[Any, Context], str]] = {
    g.GameStarted: _game_started,
    g.RoundStarted: _round_started,
    g.AsideSet: _aside,
    g.TurnStarted: _turn_started,
    g.ProtectionEnded: _protection_ended,
    g.CardPlayed: _card_played,
    g.CardEffect: _card_effect,
    g.PlayerOut: _player_out,
    g.GuessMissed: _guess_missed,
    g.CardShown: _card_shown,
    g.CardDiscarded: _card_discarded,
    g.CompareTied: _compare_tied,
    g.DeckEmpty: _deck_empty,
    g.CardRevealed: _card_revealed,
    g.RoundWon: _round_won,
    g.TokenGiven: _token_given,
    g.GameOver: _game_over,
    g.PlayedCards: _played,
    g.UnseenCards: _unseen,
    private.Peeked: _peeked,
    private.Compared: _compared,
    private.Swapped: _swapped,
}


def _name(d: Mapping[str, Any], ctx: Context, key: str = "player") -> str:
    return player(ctx, d.get(key))


def _card(d: Mapping[str, Any], ctx: Context, key: str = "card") -> str:
    return ctx.card(d.get(key, ""))


#: The sentence for each refusal code of this game (the shared ones are the renderer's).
def _impossible_value(ctx: Context, d: Mapping[str, Any]) -> str:
    """A secret value no card can still have, and the values that can (as the Gauntlet says them)."""
    if not d.get("values"):
        # Translators: {value} a card's value.
        return ctx.t("No {value} can still be in a hand.", value=d["value"])
    # Translators: {value} the value typed; {values} the values a card in hand can still have, already joined ("1, 2
    # and 5").
    return ctx.t("No {value} can still be in a hand. Possible values: {values}.", value=d["value"],
                 values=ctx.join([str(v) for v in d["values"]]))


def _not_now(ctx: Context, d: Mapping[str, Any]) -> str:
    """A set-aside or a reveal refused in the middle of a turn: when it comes, so the table knows what it mistook."""
    if d.get("command") == "aside":
        return ctx.t("Cards are set aside only at the start of a 2-player round.")
    if d.get("command") == "reveal":
        return ctx.t("Cards are revealed only when the deck is empty at the end of a turn.")
    return ctx.t("That cannot be done now.")


def _not_yourself(ctx: Context, d: Mapping[str, Any]) -> str:
    """A card for another player aimed at its own; when every other one is protected, it is played alone."""
    if d.get("alone"):
        return _protected(ctx, d)
    # Translators: {card} a card's name, already translated.
    return ctx.t("{card} chooses another player. Not you.", card=_card(d, ctx))


def _protected(ctx: Context, d: Mapping[str, Any]) -> str:
    """A protected player chosen; when every other one is, the card is played alone (the Prince on its own player)."""
    if not d.get("alone"):
        # Translators: {player} a player's name.
        return ctx.t("The Handmaid protects {player}. Choose another player.", player=_name(d, ctx, "player"))
    if d.get("card") == "prince":
        return ctx.t("The Handmaid protects every other player. The Prince must choose you.")
    # Translators: {play} a command word to type; {card} a card's name, already translated.
    return ctx.t("The Handmaid protects every other player. Type just {play} {card}: no effect.",
                 play=ctx.verb("play"), card=_card(d, ctx))


REFUSALS: dict[str, Refusal] = {
    # Translators: {aside} a command word to type.
    "aside_needed": lambda d, ctx: ctx.t("First type {aside} and 3 cards.",
                                         aside=ctx.verb("aside")),
    # Translators: {players} the players, counted or named ("3 players").
    "reveal_needed": lambda d, ctx: ctx.t("The deck is empty. Players still in reveal their cards. "
                                          "Waiting for {players}.", players=players(ctx, d.get("waiting", ()))),
    # Translators: {next} a command word to type.
    "round_over": lambda d, ctx: ctx.t("The round is over. Type {next} for the next round.", next=ctx.verb("next")),
    "not_now": lambda d, ctx: _not_now(ctx, d),
    # Translators: {count} a number; the form follows {count}.
    "aside_count": lambda d, ctx: ctx.t.plural("Set aside 3 cards with 2 players. Not {count}.",
                                               "Set aside 3 cards with 2 players. Not {count}.", d["count"]),
    # Translators: {count} a number; {card} a card's name, already translated; the form follows {count}.
    "too_many_copies": lambda d, ctx: ctx.t.plural("There is only {count} {card}.", "{card} has only {count} copies.",
                                                   d["copies"], card=_card(d, ctx)),
    "aside_cards_needed": lambda d, ctx: ctx.t("Which cards are set aside? Type their names after the command."),
    # Translators: {player} a player's name; {next} a command word to type.
    "already_played": lambda d, ctx: ctx.t("{player} already played this turn. Type {next} to end the turn.",
                                           player=_name(d, ctx), next=ctx.verb("next")),
    # Translators: {card} a card's name, already translated.
    "all_face_up": lambda d, ctx: ctx.t("Every {card} is already face up. None is in a hand.", card=_card(d, ctx)),
    # Translators: {card} a card's name, already translated.
    "target_needed": lambda d, ctx: ctx.t("Which player does {card} choose? Type the player after the card.", card=_card(d, ctx)),
    "not_yourself": lambda d, ctx: _not_yourself(ctx, d),
    # Translators: {player} a player's name.
    "not_in_round": lambda d, ctx: ctx.t("{player} is out already.", player=_name(d, ctx)),
    "protected": lambda d, ctx: _protected(ctx, d),
    "impossible_value": lambda d, ctx: _impossible_value(ctx, d),
    "impossible_tie": lambda d, ctx: ctx.t("A tie needs 2 cards of one value. Only 1 can still be in a hand."),
    # Translators: {card} a card's name, already translated.
    "never_loses_compare": lambda d, ctx: ctx.t("{card} never loses to a Baron. No higher card is left in a hand.",
                                                card=ctx.card(d["card"])),
    "value_needed": lambda d, ctx: ctx.t("Which value does the Guard name? Type the player, then a value. From 2 to 8."),
    "guard_named_guard": lambda d, ctx: ctx.t("A Guard never names the Guard. Name 2 to 8."),
    # Translators: {value} a card's value or the value typed; {low} a number, the lowest; {high} a number, the highest.
    "bad_value": lambda d, ctx: ctx.t("{value} is not a value here: from {low} to {high}.", **d),
    # Translators: {card} a card's name, already translated.
    "no_value": lambda d, ctx: ctx.t("{card} does not name a value.", card=_card(d, ctx)),
    # Translators: {card} a card's name, already translated.
    "no_target": lambda d, ctx: ctx.t("{card} does not choose a player.", card=_card(d, ctx)),
    "already_out": lambda d, ctx: ctx.t("{player} is out already.", player=_name(d, ctx)),
    "not_in_hand": lambda d, ctx: ctx.t("Card not in your hand as entered. Play the other one. Or correct your hand."),
    "named_not_in_hand": lambda d, ctx: ctx.t("Named card: not in hand as entered. Check it, or correct your hand."),
    "countess_forced": lambda d, ctx: ctx.t("You hold the King or a Prince. So play the Countess."),
    "no_miss_now": lambda d, ctx: ctx.t("No guess to miss now. Only after a Guard this turn."),
    "no_out_now": lambda d, ctx: ctx.t("Nobody goes out now. Only after a Guard or a Baron."),
    # Translators: {player} a player's name.
    "out_not_target": lambda d, ctx: ctx.t("The Guard chose another player. Not {player}.", player=_name(d, ctx)),
    # Translators: {named} the card named; {card} a card's name, already translated.
    "not_named_card": lambda d, ctx: ctx.t("The Guard named {named}. Not {card}.", named=_card(d, ctx, "named"),
                                           card=_card(d, ctx)),
    # Translators: {player} a player's name.
    "out_not_compared": lambda d, ctx: ctx.t("The Baron did not compare {player}.", player=_name(d, ctx)),
    "card_needed": lambda d, ctx: ctx.t("Which card? Type the card after the player."),
    "no_compare_now": lambda d, ctx: ctx.t("No comparison now. Only after a Baron this turn."),
    # Translators: {compare} a command word to type.
    "compare_values": lambda d, ctx: ctx.t("Type {compare} alone for secret values. Or type {compare} and both values. "
                                           "The Baron's player comes first.", compare=ctx.verb("compare")),
    "no_discard_now": lambda d, ctx: ctx.t("Nobody discards now. Only the player a Prince chose."),
    # Translators: {target} the player or card aimed at; {player} a player's name.
    "discard_not_target": lambda d, ctx: ctx.t("The Prince chose {target}. Not {player}.", target=_name(d, ctx, "target"),
                                               player=_name(d, ctx)),
    # Translators: {player} a player's name; {card} a card's name, already translated.
    "already_revealed": lambda d, ctx: ctx.t("{player} already showed {card}.", player=_name(d, ctx),
                                             card=_card(d, ctx)),
    # Translators: {player} a player's name.
    "not_played": lambda d, ctx: ctx.t("{player} must play a card first.", player=_name(d, ctx)),
    # Translators: {player} a player's name; {command} a command to type.
    "discard_needed": lambda d, ctx: ctx.t("First {player} discards their card. Type {command} and the card.",
                                           player=_name(d, ctx), command=typed(ctx, "discard", d["player"])),
    # Translators: {count} a number; the form follows {count}.
    "no_such_seat": lambda d, ctx: ctx.t.plural("There is only {count} player.", "There are only {count} players.",
                                                d["players"]),
}


HELP = {
    # Translators: every help line below: the command words are the ones users type; give the French words
    # (joue, écartées, éliminé, défausse, compare, révèle, suivant, restantes, état).
    "status": N_("status: round and whose turn, deck. Who is still in, who is protected. Then favour tokens."),
    "play": N_("play CARD, then the player it chooses. For the Guard, the value named too. Such as play guard 2 priest."),
    "aside": N_("aside CARD CARD CARD. At 2 players, the 3 cards set aside."),
    "out": N_("out PLAYER: the Guard guessed right. out PLAYER CARD: a player is out. Their card goes face up."),
    "miss": N_("miss: the Guard's guess missed. The player chosen lacks the card."),
    "discard": N_("discard PLAYER CARD: after a Prince. The player discards face up. Then draws again."),
    "compare": N_("compare: the Baron's comparison. Both values typed secretly. In scripts: compare VALUE VALUE."),
    "reveal": N_("reveal PLAYER CARD. At a round's end. A player still in shows their card."),
    "next": N_("next: end the turn, or start the next round. The next draw is counted."),
    "unseen": N_("unseen: the copies of each card not yet seen. This round only."),
    "played": N_("played: each player's face-up cards."),
}


def _turn_started_full(e: g.TurnStarted, ctx: Context) -> str:
    return _turn_started(e, ctx) + " " + ctx.t("Then play one of the two cards in hand.")


#: Terse forms: the number and the change only.
_TERSE: dict[type, Callable[[Any, Context], str]] = {
    # Translators: {value} a card's value or the value typed; {card} a card's name, already translated.
    g.CardPlayed: lambda e, ctx: ctx.t("{value}, {card}.", value=value_of(ctx, e.card), card=ctx.card(e.card)),
    # Translators: {player} a player's name; {deck} a number of cards, or the deck's cards.
    g.TurnStarted: lambda e, ctx: ctx.t("{player}. Deck: {deck}.", player=player(ctx, e.player),
                                        deck=cards_count(ctx, e.deck)),
    # Translators: {count} a number; {to_win} a number of tokens to win; {player} a player's name.
    g.TokenGiven: lambda e, ctx: ctx.t("{count} of {to_win} for {player}.", count=e.tokens, to_win=e.tokens_to_win,
                                       player=player(ctx, e.player)),
}
#: Full forms: the sentence and its context.
_FULL: dict[type, Callable[[Any, Context], str]] = {
    g.TurnStarted: _turn_started_full,
}


#: Each option in words (`OptionWords`): ``companion records`` reads "no token after a full tie", never ``tie=none``.
OPTION_WORDS = {
    "tie": OptionWords({
        # Translators: an option of a Love Letter game (a round ends in a full tie), between commas in a line of
        # companion records.
        "all": N_("a token for each player in a full tie"),
        # Translators: an option of a Love Letter game (a round ends in a full tie), between commas in a line of
        # companion records.
        "none": N_("no token after a full tie"),
    }),
}


RENDERER = Renderer(domain=DOMAIN, events=_RENDERERS, terse=_TERSE, full=_FULL, help=HELP, refusals=REFUSALS,
                    player=player, status_head=status_head, status_parts=status_parts,
                    option_words=OPTION_WORDS)
render = RENDERER.render
