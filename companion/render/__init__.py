"""Events to sentences. Only this package knows languages.

Each game has a module here with ``render(event, ctx) -> str``; this module holds
what they share: the rendering context, lists joined the way each language
joins them, and the sentences for errors every game can meet.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Mapping, Sequence

from companion.cards import CardSet
from companion.i18n import Translator


def N_(message: str) -> str:  # noqa: N802 - marks a message for the catalog; translated where used
    return message


@dataclass(frozen=True)
class Settings:
    """How the user wants to hear things."""

    lang: str = "fr"
    kit: str = "tokens"  # tokens: coins and rubies; track: the life-track card
    verbosity: str = "full"  # full | short


class Context:
    """What a renderer needs: the user's settings, the cards, and the two catalogs."""

    def __init__(self, settings: Settings, cards: CardSet | None, domain: str, names: Sequence[str] = ()) -> None:
        self.settings = settings
        self.lang = settings.lang
        self.cards = cards
        self.t = Translator(settings.lang, domain)
        self.core = Translator(settings.lang, "core")
        self.names = tuple(names)

    @property
    def short(self) -> bool:
        return self.settings.verbosity == "short"

    def card(self, card_id: str) -> str:
        if self.cards is None or card_id not in self.cards:
            return card_id
        return self.cards[card_id].name(self.lang)

    @property
    def separator(self) -> str:
        """Between the groups of a list ("; "; French typography puts a space before it)."""
        return self.core("; ")

    def join(self, items: Sequence[str], alternative: bool = False) -> str:
        """``a, b and c`` (or ``a, b or c``) in the user's language; ``nothing`` for no item."""
        items = list(items)
        if not items:
            return self.core("nothing")
        if len(items) == 1:
            return items[0]
        pattern = N_("{first} or {last}") if alternative else N_("{first} and {last}")
        return self.core(pattern, first=", ".join(items[:-1]), last=items[-1])


def piles_sentence(ctx: Context, piles: Mapping[str, Sequence[str]], name: Callable[[str], str]) -> str:
    """The cards face up in front of each player, in the order they were played."""
    parts = [ctx.core("{player}: {cards}", player=name(pid), cards=ctx.join([ctx.card(c) for c in pile]))
             for pid, pile in piles.items()]
    listed = ctx.separator.join(parts)
    return ctx.core("Face up. {piles}.", piles=listed[:1].upper() + listed[1:])


def render_parse_error(code: str, details: Mapping[str, Any], ctx: Context) -> str | None:
    """Sentences for bad lines, the same in every game; ``None`` for a game's own codes."""
    t = ctx.core
    d = dict(details)
    messages = {
        "empty": lambda: t("Nothing typed. Type help for the commands."),
        "unknown_command": lambda: t("Unknown command: {text}. Type help for the commands.", **d),
        "not_in_this_game": lambda: t("{text} is not a command of this game. Type help for the commands.", **d),
        "extra_words": lambda: t("Too many words: {text}. Nothing was changed.", **d),
        "not_a_number": lambda: t("{text} is not a number.", **d),
        "unknown_card": lambda: t("No card is called {text}. Type cards for the list.", **d),
        "ambiguous_card": lambda: t("{text} could be {candidates}. Say more of the name.", text=d["text"],
                                    candidates=ctx.join([ctx.card(c) for c in d["candidates"]], alternative=True)),
        "card_name_needed": lambda: t("Which card? Type its name after the command."),
        "unknown_player": lambda: t("No player is called {text}.", **d),
        "ambiguous_player": lambda: t("{text} could name several players. Say more of the name.", **d),
        "player_needed": lambda: t("Which player? Type a player after the command."),
        "speech_on_off": lambda: t("Type speech on or speech off."),
        "no_cards": lambda: t("This game has no card data."),
        "secret_needs_terminal": lambda: t("Secret values can only be typed in a terminal. In a script, type the values after the command."),
        "nothing_to_undo": lambda: t("Nothing to undo."),
        "nothing_to_redo": lambda: t("Nothing to redo."),
        "internal": lambda: t("Sorry, that command could not be handled. Nothing was changed."),
    }
    maker = messages.get(code)
    return maker() if maker else None


def refusal(code: str, details: Mapping[str, Any], ctx: Context, messages: Mapping[str, Any]) -> str:
    """A game's refusal: its own sentence for ``code``, else one every game shares.

    ``messages`` maps the game's codes to functions returning the sentence.
    """
    maker = messages.get(code)
    if maker is not None:
        return str(maker())
    t, d = ctx.core, dict(details)
    shared = {
        "unknown_player": lambda: t("No such player."),
        "unknown_card": lambda: t("No such card."),
        "bad_players": lambda: t("This game is for {low} to {high} players.", low=d["low"], high=d["high"]),
    }
    if code in shared:
        return shared[code]()
    return t("That command is refused ({code}). Nothing was changed.", code=code)


def card_sentence(card: Any, ctx: Context) -> str:
    """A card read aloud for the referee: name, side, value, copies, effect, note."""
    t = ctx.core
    side = ctx.cards.sides.get(card.side, {}).get(ctx.lang, card.side) if ctx.cards else card.side
    text = t("{name}, {side}, value {value}, {copies}: {effect}", name=card.name(ctx.lang), side=side, value=card.value,
             copies=t.plural("{count} copy", "{count} copies", card.copies), effect=card.effect.get(ctx.lang, card.effect["en"]))
    if card.note:
        text += " " + t("Note: {note}", note=card.note.get(ctx.lang, card.note["en"]))
    return text


def card_line(card: Any, ctx: Context) -> str:
    """A card in a list: value, name, copies."""
    if card.copies > 1:
        return ctx.core("{value}, {name}, {copies} copies", value=card.value, name=card.name(ctx.lang), copies=card.copies)
    return ctx.core("{value}, {name}", value=card.value, name=card.name(ctx.lang))


def render_ask(what: str, args: Mapping[str, Any], session: Any, ctx: Context) -> list[tuple[str, str, dict[str, Any]]]:
    """Answers that every game gives the same way: a card, the list of cards, help."""
    cards = session.cards
    if what == "card":
        card = cards[args["card"]]
        return [(card_sentence(card, ctx), "card", {"card": card.id, "value": card.value, "copies": card.copies, "side": card.side})]
    if what == "cards":
        lines = []
        for side, names in cards.sides.items():
            members = cards.of_side(side)
            lines.append((ctx.core("{side}: {count} cards.", side=names.get(ctx.lang, side).capitalize(), count=cards.count(side)),
                          "cards", {"side": side, "count": cards.count(side)}))
            lines.extend((card_line(c, ctx), "card_line", {"card": c.id, "value": c.value, "copies": c.copies}) for c in members)
        return lines
    if what == "help":
        return help_lines(args.get("topic"), session, ctx)
    raise KeyError(what)


COMMON_HELP = {
    "status": N_("status: lives, stones, tokens, decks and whose turn."),
    "next": N_("next: end the turn; the next player's draw is counted."),
    "undo": N_("undo: take back the last change (Ctrl+Z)."),
    "redo": N_("redo: put back what undo took back (Ctrl+Y)."),
    "played": N_("played: the cards face up in front of each player."),
    "unseen": N_("unseen: the cards not yet seen face up, by value."),
    "card": N_("card NAME: read a card's value and effect."),
    "cards": N_("cards: list every card of the game."),
    "help": N_("help: this list; help COMMAND for one command."),
    "repeat": N_("repeat: say the last sentence again (F2)."),
    "speech": N_("speech on, speech off: turn the voice on or off."),
    "pan": N_("pan, pan back: move the braille line forward or back."),
    "quit": N_("quit: stop for now; the game is saved."),
}


def help_lines(topic: str | None, session: Any, ctx: Context) -> list[tuple[str, str, dict[str, Any]]]:
    """``help``: what can be done now, then one line per command (or the one asked about)."""
    game_help = session.renderer.HELP
    verbs = session.parser.verbs()

    def describe(verb: str) -> str:
        if verb in game_help:
            return ctx.t(game_help[verb])
        return ctx.core(COMMON_HELP[verb])

    if topic is not None and topic in verbs:
        return [(describe(topic), "help", {"topic": topic})]
    legal = session.rules.legal_commands(session.state)
    from companion.commands.base import verb_word

    words = [verb_word(v, ctx.lang) for v in legal]
    lines = [(ctx.core("Now: {commands}.", commands=ctx.join(words, alternative=True)) if legal
              else ctx.core("The game is over: undo, status, played, card and quit still work."),
              "help", {"legal": list(legal)})]
    lines.extend((describe(verb), "help", {"topic": verb}) for verb in verbs)
    return lines
