"""Num-X: events and refusals as one short sentence each, French or English, numbers first.

A pile is said with its number and family ("pile 2 verte"); a branch by its
direction ("monte", "descend"); a top by its value.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping, Sequence

from companion.games import num_x as g
from companion.render import N_, Context, Renderer, capitalized, Refusal, numbered_player

DOMAIN = g.SPEC.domain

#: A pile's family, said after "pile N" (a feminine adjective in French).
FAMILY = {"red": N_("red"), "green": N_("green"), "blue": N_("blue"), "yellow": N_("yellow")}
MODE = {"coop": N_("cooperative mode"), "expert": N_("Expert mode"), "decouverte": N_("Discovery mode"),
        "adversaire": N_("Opponent mode")}


player = numbered_player


def family(ctx: Context, name: str | None) -> str:
    return ctx.t(FAMILY[name]) if name in FAMILY else ""


def direction(ctx: Context, way: str | None) -> str:
    if way == g.UP:
        return ctx.t("up")
    if way == g.DOWN:
        return ctx.t("down")
    return ""


def cards_count(ctx: Context, count: int) -> str:
    return ctx.t.plural("{count} card", "{count} cards", count)


def pile_name(ctx: Context, number: int, fam: str | None) -> str:
    """``pile 2 green`` (or ``pile 2`` before its family is fixed)."""
    if fam:
        return ctx.t("pile {pile} {family}", pile=number, family=family(ctx, fam))
    return ctx.t("pile {pile}", pile=number)


def plays(ctx: Context, made: int, required: int) -> str:
    """Where the turn stands: "Play 1 of 2." or "2 of 2, the turn may end."."""
    t = ctx.t
    if required == 0:
        return t("Nothing more to play: type {next} to end the turn.", next=ctx.verb("next"))
    if made > required:
        return t("Play {made}, {required} required: the turn may end ({next}).", made=made, required=required,
                 next=ctx.verb("next"))
    if made == required:
        return t("Play {made} of {required}: the turn may end ({next}).", made=made, required=required,
                 next=ctx.verb("next"))
    return t("Play {made} of {required}.", made=made, required=required)


def tops(ctx: Context, up: int | None, down: int | None) -> str:
    return ctx.t("up {up}, down {down}", up=up, down=down)


def _game_started(e: g.GameStarted, ctx: Context) -> str:
    t = ctx.t
    sentence = t("Num-X, {players}, {mode}: {deck}, {piles}, {hand} cards each.",
                 players=t.plural("{count} player", "{count} players", e.players), mode=t(MODE[e.mode]),
                 deck=cards_count(ctx, e.deck_size), piles=t.plural("{count} pile", "{count} piles", e.piles),
                 hand=e.hand_size)
    if not e.actions:
        sentence += " " + t("No action cards.")
    return sentence


def _turn_started(e: g.TurnStarted, ctx: Context) -> str:
    return capitalized(ctx.t("{player} to play: {plays}. Draw pile: {deck}.", player=player(ctx, e.player),
                 plays=ctx.t.plural("{count} play", "{count} plays", e.plays_required), deck=cards_count(ctx, e.deck)))


def _card_played(e: g.CardPlayed, ctx: Context) -> str:
    t = ctx.t
    card = ctx.card(e.card)
    where = pile_name(ctx, e.pile, e.family)
    if e.how == "start":
        head = t("{card} starts {pile}: {tops}.", card=card, pile=where, tops=tops(ctx, e.up, e.down))
    else:
        way = direction(ctx, e.direction)
        top = e.up if e.direction == g.UP else e.down
        hows: dict[str, Callable[[], str]] = {
            "ten": lambda: t("{top}, {card} on {pile} {way}, 10 back.", top=top, card=card, pile=where, way=way),
            "break": lambda: t("{top}, {card} breaks {pile} {way}.", top=top, card=card, pile=where, way=way),
            "equal": lambda: t("{top}, {card} on {pile} {way}, equal.", top=top, card=card, pile=where, way=way),
            "joker": lambda: t("{top}, Joker on {pile} {way}.", top=top, pile=where, way=way),
            "help": lambda: t("{top}, {card} helps {pile} {way}.", top=top, card=card, pile=where, way=way),
        }
        maker = hows.get(e.how)
        head = maker() if maker else t("{top}, {card} on {pile} {way}.", top=top, card=card, pile=where, way=way)
    parts = [head]
    if e.closed:
        parts.append(t("That branch is closed."))
    parts.append(plays(ctx, e.plays_made, e.plays_required))
    return " ".join(parts)


def _flipped(e: g.Flipped, ctx: Context) -> str:
    return ctx.t("Flip on pile {pile}: {tops}.", pile=e.pile, tops=tops(ctx, e.up, e.down)) + " " + plays(
        ctx, e.plays_made, e.plays_required)


def _flashed(e: g.Flashed, ctx: Context) -> str:
    return ctx.t("Flash: {card} leaves pile {pile} {way} for good; its top is {top}.", card=ctx.card(e.removed),
                 pile=e.pile, way=direction(ctx, e.direction), top=e.top) + " " + plays(ctx, e.plays_made,
                                                                                        e.plays_required)


def _turn_eased(e: g.TurnEased, ctx: Context) -> str:
    t = ctx.t
    if e.card == "passe":
        return t("Pass: the turn is filled.") + " " + plays(ctx, e.plays_made, e.plays_required)
    if not e.eased:
        return t("Simple: no effect, 1 play was already enough.") + " " + plays(ctx, e.plays_made, e.plays_required)
    return t("Simple: one real play is enough this turn.") + " " + plays(ctx, e.plays_made, e.plays_required)


def _action_draw(e: g.ActionDraw, ctx: Context) -> str:
    if e.drew:
        return ctx.t("Draw a card at once. Draw pile: {deck}.", deck=cards_count(ctx, e.deck))
    return ctx.t("The draw pile is empty: no card to draw.")


def _hand_grew(e: g.HandGrew, ctx: Context) -> str:
    return ctx.t("{size} cards a hand from now on for {player}: hand emptied in one turn.", size=e.hand_size,
                 player=player(ctx, e.player))


def _refilled(e: g.Refilled, ctx: Context) -> str:
    t = ctx.t
    who = player(ctx, e.player)
    if e.drew:
        return capitalized(t("{player} draws {drew}: {hand} in hand. Draw pile: {deck}.", player=who,
                             drew=cards_count(ctx, e.drew), hand=e.hand, deck=cards_count(ctx, e.deck)))
    return t("{hand} in hand for {player}, nothing to draw.", hand=cards_count(ctx, e.hand), player=who)


def _deck_emptied(e: g.DeckEmptied, ctx: Context) -> str:
    if e.now:
        return ctx.t("0 cards in the draw pile: 1 play is enough from now on.")
    return ctx.t("0 cards in the draw pile: 1 play a turn from the next turn on.")


def _player_eliminated(e: g.PlayerEliminated, ctx: Context) -> str:
    t = ctx.t
    left = t.plural("{count} player left", "{count} players left", e.left)
    return t("{recycled} back into the draw pile, now {deck}: {player} is blocked and out. {left}.",
             recycled=cards_count(ctx, e.recycled), deck=e.deck, player=player(ctx, e.player), left=capitalized(left))


def _game_over(e: g.GameOver, ctx: Context) -> str:
    t = ctx.t
    if e.reason == "all_placed":
        return t("{score} of {total} cards placed: the table wins!", score=e.score, total=e.total)
    if e.reason == "blocked":
        return t.plural("{count} of {total} cards placed: blocked, the table loses. Score: {count}.",
                        "{count} of {total} cards placed: blocked, the table loses. Score: {count}.", e.score,
                        total=e.total)
    winners = ctx.join([player(ctx, w) for w in e.winners])
    if e.reason == "seventeen":
        return t("17 cards of their family: {players} wins!", players=winners)
    return t("Best score, {score}: {players} wins.", score=e.score, players=winners)


def table_sentence(ctx: Context, piles: Sequence[Mapping[str, Any]]) -> str:
    """The tops of every branch: "Pile 1 red: up 9, down 3. Piles 3 and 4 free."."""
    t = ctx.t
    parts: list[str] = []
    free = [str(p["pile"]) for p in piles if p["up"] is None]
    for p in piles:
        if p["up"] is None:
            continue
        text = t("{pile}: {tops}", pile=capitalized(pile_name(ctx, p["pile"], p["family"])),
                 tops=tops(ctx, p["up"], p["down"]))
        closed = [direction(ctx, way) for way in p.get("closed", ())]
        if closed:
            text += t(", closed {ways}", ways=ctx.join(closed))
        parts.append(text + ".")
    if len(free) == 1:
        parts.append(t("Pile {pile} free.", pile=free[0]))
    elif free:
        parts.append(t("Piles {piles} free.", piles=ctx.join(free)))
    return " ".join(parts)


def status_head(e: g.Status, ctx: Context) -> str:
    t = ctx.t
    if e.outcome is not None:
        score = e.outcome.get("score")
        if e.outcome["kind"] == "cooperative_win":
            return t("Game over, won: {score} cards placed.", score=score)
        if e.outcome["kind"] == "cooperative_loss":
            return t.plural("Game over, lost: {count} card placed.", "Game over, lost: {count} cards placed.", int(score or 0))
        return t("Game over: {players} won with {score}.", players=ctx.join([player(ctx, w) for w in e.outcome["winners"]]),
                 score=score)
    return capitalized(t.plural("{player} to play, {count} of {required} plays made.",
                                "{player} to play, {count} of {required} plays made.", e.plays_made,
                                player=player(ctx, e.current_player), required=e.plays_required))


def status_parts(e: g.Status, ctx: Context) -> list[tuple[str, str]]:
    t = ctx.t
    hands = ctx.join([t("{count} for {player}", count=n, player=player(ctx, pid)) for pid, n in e.hands.items()])
    parts = [("piles", table_sentence(ctx, e.piles)),
             ("deck", t("Draw pile: {deck}.", deck=cards_count(ctx, e.deck))),
             ("hands", t("Hands: {hands}.", hands=hands)),
             ("placed", t("Placed: {placed}.", placed=e.placed))]
    if e.scores:
        scores = ctx.join([t("{count} for {player}", count=n, player=player(ctx, pid)) for pid, n in e.scores.items()])
        parts.append(("scores", t("Family cards placed: {scores}.", scores=scores)))
    if e.eliminated:
        parts.append(("eliminated", t("Out: {players}.", players=ctx.join([player(ctx, p) for p in e.eliminated]))))
    return parts



def _table(e: g.Table, ctx: Context) -> str:
    return table_sentence(ctx, e.piles)


def _pile(e: g.PileShown, ctx: Context) -> str:
    t = ctx.t
    where = capitalized(pile_name(ctx, e.pile, e.family))
    if e.up is None:
        return t("{pile} is free.", pile=where)
    parts = [t("{pile}: {tops}.", pile=where, tops=tops(ctx, e.up, e.down))]
    if e.start is not None:
        parts.append(t("First card: {card}.", card=ctx.card(e.start)))
    if e.up_cards:
        parts.append(t("Rising: {cards}.", cards=ctx.join([ctx.card(c) for c in e.up_cards])))
    if e.down_cards:
        parts.append(t("Falling: {cards}.", cards=ctx.join([ctx.card(c) for c in e.down_cards])))
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
            return t("Not on pile {pile}: {family}.", pile=pile, family=family(ctx, r.get("family")))
        if code == "does_not_fit":
            reasons.append(t("{way}, top {top}", way=direction(ctx, r.get("direction")), top=r.get("top")))
        elif code == "branch_closed":
            reasons.append(t("{way}, closed", way=direction(ctx, r.get("direction"))))
    if not reasons:
        return None
    return t("Not on pile {pile}: {reasons}.", pile=pile, reasons=ctx.separator.join(reasons))


def _fits(e: g.Fits, ctx: Context) -> str:
    t = ctx.t
    card = ctx.card(e.card)
    parts = [] if e.private else [t("Asked by {player}, at the table.", player=player(ctx, e.asked_by))]
    if e.placed_already:
        parts.append(t("Every {card} is already played.", card=card))
    elif not e.needs_pile:
        parts.append(t("{card} may be played now.", card=card) if e.places else t("{card} cannot be played now.",
                                                                                   card=card))
    else:
        places = _by_pile(e.places)
        parts.append(t.plural("{card}: {count} pile.", "{card}: {count} piles.", len(places), card=card) if places
                     else t("{card} fits nowhere now.", card=card))
        for pile, found in places.items():
            ways = _ways(ctx, found)
            parts.append(t("Pile {pile}: {ways}.", pile=pile, ways=ways) if ways else t("Pile {pile}: to start it.",
                                                                                         pile=pile))
        for pile, refused in _by_pile(e.refusals).items():
            if pile not in places:
                why = _why_not(ctx, pile, refused)
                if why:
                    parts.append(why)
    return " ".join(parts)


def _left(e: g.Left, ctx: Context) -> str:
    t = ctx.t
    return t("Draw pile: {deck}. Placed: {placed}. Still to place: {to_place}. Plays left this turn: {plays}.",
             deck=cards_count(ctx, e.deck), placed=e.placed, to_place=e.to_place, plays=e.plays_left)


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


def _card(d: Mapping[str, Any], ctx: Context, key: str = "card") -> str:
    return ctx.card(str(d.get(key, "")))


def _way(d: Mapping[str, Any], ctx: Context) -> str:
    return direction(ctx, d.get("direction"))


def _does_not_fit(d: Mapping[str, Any], ctx: Context) -> str:
    if d.get("direction") == g.DOWN:
        return ctx.t("{card} cannot go down on pile {pile}: its top is {top}.", card=_card(d, ctx), pile=d["pile"], top=d["top"])
    return ctx.t("{card} cannot go up on pile {pile}: its top is {top}.", card=_card(d, ctx), pile=d["pile"], top=d["top"])


#: The sentence for each refusal code of this game (the shared ones are the renderer's).
REFUSALS: dict[str, Refusal] = {
    "does_not_fit": _does_not_fit,
    "wrong_family": lambda d, ctx: ctx.t("{card} cannot go on pile {pile}: it is {family}.", card=_card(d, ctx), pile=d["pile"],
                                         family=family(ctx, d.get("family"))),
    "family_taken": lambda d, ctx: ctx.t("{card} cannot start a new pile: pile {pile} is already {family}.", card=_card(d, ctx),
                                         pile=d["pile"], family=family(ctx, d.get("family"))),
    "cannot_start": lambda d, ctx: ctx.t("{card} cannot start pile {pile}. Only a family card starts a pile.", card=_card(d, ctx),
                                         pile=d["pile"]),
    "start_no_direction": lambda d, ctx: ctx.t("Pile {pile} is not started: play its first card without up or down.",
                                               pile=d["pile"]),
    "direction_needed": lambda d, ctx: ctx.t("Up or down? Type the branch of pile {pile} after its number.", pile=d["pile"]),
    "direction_needed_typed": lambda d, ctx: ctx.t("Up or down? Type the branch of pile {pile} after its number.",
                                                   pile=d["pile"]),
    "branch_closed": lambda d, ctx: ctx.t("Pile {pile} {way} is closed by a break.", pile=d["pile"], way=_way(d, ctx)),
    "shadow_up_only": lambda d, ctx: ctx.t("{card} only goes on a rising branch.", card=_card(d, ctx)),
    "rainbow_down_only": lambda d, ctx: ctx.t("{card} only goes on a falling branch.", card=_card(d, ctx)),
    "help_only": lambda d, ctx: ctx.t("Pile {pile} is another player's. Only help it: lower going up, higher going down.",
                                      pile=d["pile"]),
    "one_help": lambda d, ctx: ctx.t("One help play a turn on another player's pile, already made."),
    "pile_not_started": lambda d, ctx: ctx.t("Pile {pile} is not started: {card} needs a card on it.", pile=d["pile"],
                                             card=_card(d, ctx)),
    "branch_not_started": lambda d, ctx: ctx.t("Pile {pile} {way} has no card yet: {card} needs one.", pile=d["pile"],
                                               way=_way(d, ctx), card=_card(d, ctx)),
    "flip_needs_both": lambda d, ctx: ctx.t("Flip needs a card on both branches of pile {pile}.", pile=d["pile"]),
    "flip_no_direction": lambda d, ctx: ctx.t("Flip takes the pile only: type flip and the pile number."),
    "nothing_to_flash": lambda d, ctx: ctx.t("Pile {pile} {way} has only its first card: nothing to remove.", pile=d["pile"],
                                             way=_way(d, ctx)),
    "joker_value": lambda d, ctx: ctx.t("The Joker counts as {top}, or exactly 10 away, not {value}.", top=d["top"],
                                        value=d["value"]),
    "no_value": lambda d, ctx: ctx.t("{card} takes no number after the branch.", card=_card(d, ctx)),
    "no_pile_needed": lambda d, ctx: ctx.t("{card} takes no pile: type it alone.", card=_card(d, ctx)),
    "pile_needed": lambda d, ctx: ctx.t("Which pile? Type its number after {card}.", card=_card(d, ctx)),
    "pile_needed_typed": lambda d, ctx: ctx.t("Which pile? Type its number after {card}.", card=_card(d, ctx)),
    "not_a_pile": lambda d, ctx: ctx.t("{text} is not a pile: type a pile number.", text=d.get("text", "")),
    "pile_number_needed": lambda d, ctx: ctx.t("Which pile? Type its number."),
    "no_such_pile": lambda d, ctx: ctx.t.plural("There is only {count} pile.", "There are {count} piles, from 1 to {count}.",
                                                d["piles"]),
    "unknown_pile": lambda d, ctx: ctx.t.plural("There is only {count} pile.", "There are {count} piles, from 1 to {count}.",
                                                d["piles"]),
    "no_such_number": lambda d, ctx: ctx.t("No card has the number {value} there.", value=d["value"]),
    "number_needed": lambda d, ctx: ctx.t("Which number? Type it after the family: rouge 7."),
    "card_placed": lambda d, ctx: ctx.t.plural("{card} is already played.", "Every copy of {card} is already played, "
                                               "{count}.", d["copies"], card=_card(d, ctx)),
    "no_cards_in_hand": lambda d, ctx: capitalized(ctx.t("{player} has no card in hand: type {next}.",
                                              player=player(ctx, d.get("player")), next=ctx.verb("next"))),
    "turn_filled": lambda d, ctx: ctx.t("Pass filled the turn: nothing more to play. Type {next}.",
                                        next=ctx.verb("next")),
    "turn_full": lambda d, ctx: ctx.t.plural("{count} play made: that is all this turn. Type {next}.",
                                             "{count} plays made: that is all this turn. Type {next}.", d["plays"],
                                             next=ctx.verb("next")),
    "plays_left": lambda d, ctx: ctx.t.plural("{count} play left before the turn can end.",
                                              "{count} plays left before the turn can end.", d["left"]),
    "not_blocked": lambda d, ctx: ctx.t.plural("{count} of {required} plays made: the turn can end, type {next}.",
                                               "{count} of {required} plays made: the turn can end, type {next}.",
                                               d["made"], required=d["required"], next=ctx.verb("next")),
}


# Translators: the command words are the ones users type; give the French words
# (joue, suivant, bloqué, table, pile, où, reste, monte, descend, état).
HELP = {
    "status": N_("status: the piles, the draw pile, the hands, cards placed, whose turn and the plays made."),
    "play": N_("play CARD PILE up or down: play red 7 pile 2 up, or r7 2 u; a pile's first card takes no branch; "
               "joker PILE up or down, and a value 10 away; flip PILE; flash PILE up or down; simple; pass."),
    "next": N_("next: end the turn once the plays are made; the hand is drawn back to 5."),
    "blocked": N_("blocked: the player cannot make the required plays (the table loses; in Opponent mode they are out)."),
    "table": N_("table: the tops of every branch."),
    "pile": N_("pile N: one pile, its tops and its cards."),
    "fits": N_("fits CARD: where that card may go now, and why not elsewhere (the table hears it)."),
    "left": N_("left: the draw pile, cards placed, cards still to place, plays left this turn."),
}


RENDERER = Renderer(domain=DOMAIN, events=_RENDERERS, help=HELP, refusals=REFUSALS, player=player,
                    status_head=status_head, status_parts=status_parts,
                    minor_events=frozenset({"action_draw", "deck_emptied", "hand_grew"}))
render = RENDERER.render
