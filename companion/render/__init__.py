"""Events to sentences. Only this package knows languages.

Each game has a module here with ``render(event, ctx) -> str``; this module holds
what they share: the rendering context, lists joined the way each language
joins them, and the sentences for errors every game can meet.
"""

from __future__ import annotations

import re

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import msgspec

from companion.cards import Card, CardSet
from companion.marker import N_ as N_
from companion.games.base import MAX_NAME_LENGTH, Event, Zone, seat_number
from companion.i18n import Translator
from companion import grammar

if TYPE_CHECKING:
    from companion.vocabulary import Vocabulary


#: How much is said of each event: the number and the change only, today's sentence, or the sentence with its context.
VERBOSITIES = ("terse", "normal", "full")
#: Older words for a verbosity, still read from saves and command lines.
OLD_VERBOSITIES = {"short": "terse"}


def verbosity_level(value: str | None, default: str = "normal") -> str:
    """``value`` as one of `VERBOSITIES` ("short", from older saves, is ``terse``; ``None`` or unknown: ``default``)."""
    value = OLD_VERBOSITIES.get(value or "", value)
    return value if value in VERBOSITIES else default


class Settings(msgspec.Struct, frozen=True):
    """How the user wants to hear things. ``display``: the game's own display options (a Gauntlet kit)."""

    lang: str = "fr"
    #: ``terse`` | ``normal`` | ``full`` (`VERBOSITIES`); ``None``: the game's default (its spec's ``verbosity``).
    verbosity: str | None = None
    display: Mapping[str, Any] = msgspec.field(default_factory=dict)
    #: Played at the keyboard (a save of a script's game is not offered back for resume).
    interactive: bool = True


class Context:
    """What a renderer needs: the user's settings, the cards, the game's words, and the two catalogs."""

    def __init__(self, settings: Settings, cards: CardSet | None, domain: str, names: Sequence[str] = (),
                 vocabulary: Vocabulary | None = None) -> None:
        self.settings = settings
        self.lang = settings.lang
        self.cards = cards
        self.t = Translator(settings.lang, domain)
        self.core = Translator(settings.lang, "core")
        self.names = tuple(names)
        #: Each ``p1``… player as `numbered_player` says them, once worked out (a board names them at every side).
        self.players_said: dict[str, str] = {}
        if vocabulary is None:
            from companion.vocabulary import Vocabulary

            vocabulary = Vocabulary.common()
        self.vocabulary = vocabulary

    def display(self, name: str, default: Any = None) -> Any:
        """A display option of the game (``kit`` in the Gauntlet)."""
        return self.settings.display.get(name, default)

    def verb(self, verb: str) -> str:
        """The word the user types for ``verb`` in their language."""
        return self.vocabulary.word(verb, self.lang)

    @property
    def verbosity(self) -> str:
        """``terse``, ``normal`` or ``full`` (`VERBOSITIES`)."""
        return verbosity_level(self.settings.verbosity)

    @property
    def short(self) -> bool:
        """Terse verbosity (the older name)."""
        return self.verbosity == "terse"

    def card(self, card_id: str) -> str:
        if self.cards is None or card_id not in self.cards:
            return card_id
        return self.cards[card_id].name(self.lang)

    def feminine(self, card_id: str) -> bool:
        """Whether the card's name is feminine in the user's language (its card file's ``gender``)."""
        return self.cards is not None and card_id in self.cards and self.cards[card_id].feminine(self.lang)

    def plural(self, card_id: str) -> bool:
        """Whether the card's name is plural in the user's language (its card file's ``number``)."""
        return self.cards is not None and card_id in self.cards and self.cards[card_id].plural(self.lang)

    @property
    def separator(self) -> str:
        """Between the groups of a list ("; "; French typography puts a space before it)."""
        # Translators: the separator between two parts of a sentence.
        return self.core("; ")

    def join(self, items: Sequence[str], alternative: bool = False) -> str:
        """``a, b and c`` (or ``a, b or c``) in the user's language; ``nothing`` for no item."""
        items = list(items)
        if not items:
            # Translators: said when a list is empty.
            return self.core("nothing")
        if len(items) == 1:
            return items[0]
        # Translators: a list said aloud: {first} its first items, already joined by commas; {last} its last item.
        either = N_("{first} or {last}")
        # Translators: a list said aloud: {first} its first items, already joined by commas; {last} its last item.
        both = N_("{first} and {last}")
        pattern = either if alternative else both
        return self.core(pattern, first=", ".join(items[:-1]), last=items[-1])


def elided(ctx: Context, text: str) -> str:
    """French elision where a name follows "de", "le", "la"…: "la défausse de Ana" → "la défausse d'Ana" (`grammar.elide`)."""
    return grammar.elide(text, ctx.lang)


def possessive(ctx: Context, thing: str, owner: str) -> str:
    """``owner``'s ``thing``: "Ana's card", "la carte d'Ana" (``thing`` carries its French article: "la carte")."""
    # Translators: a possessive; {thing} already has its article in French: "{thing} de {owner}" (elided by the code).
    return elided(ctx, ctx.core("{owner}'s {thing}", owner=owner, thing=thing))


#: Where a sentence starts inside a text: after a full stop, "!" or "?" and a space (or a new line).
_SENTENCE_START = re.compile(r"(^|[.!?]\s+)(\w)")


def capitalized(text: str) -> str:
    """Every sentence starts with a capital, even "hero 2 draws" or "Board. player 1: nothing."."""
    return _SENTENCE_START.sub(lambda m: m.group(1) + m.group(2).upper(), text)


def counted_list(ctx: Context, head: str, names: Sequence[str]) -> str:
    """``head`` (a sentence with the count), then each name as a sentence of its own: a list that pans on a short
    braille line one name at a time ("2 stones missing. Reality Stone. Time Stone.")."""
    return " ".join([head, *(capitalized(name) + "." for name in names)])


def seat_player(ctx: Context, seat: int) -> str:
    """A seat's player as the table calls them: the given name, else "player N" (games whose players are seats)."""
    if ctx.names and 0 <= seat < len(ctx.names):
        return ctx.names[seat]
    # Translators: {n} a number.
    return ctx.core("player {n}", n=seat + 1)


def numbered_player(ctx: Context, pid: str | None) -> str:
    """A ``p1``… player (`companion.games.base.seat_id`) as the table calls them: the given name, else "player N".

    Any other id is said as it is (empty for ``None``): a game whose players are only seats uses this as its
    renderer's ``player``.
    """
    said = ctx.players_said.get(pid) if pid else None
    if said is None:
        seat = seat_number(pid)
        said = (pid or "") if seat is None else seat_player(ctx, seat)
        if pid and seat is not None:
            ctx.players_said[pid] = said
    return said


def grouped_counts(ctx: Context, counts: Mapping[str, int], name: Callable[[str], str]) -> str:
    """Counts with the players who have them, equal counts together, highest first: "2 for Ana and Bo; 1 for Cy".

    Players at 0 are left out (the caller says "none" when nobody has any).
    """
    groups: dict[int, list[str]] = {}
    for pid, count in counts.items():
        if count:
            groups.setdefault(count, []).append(name(pid))
    # Translators: {count} a number; {players} the players, counted or named ("3 players").
    return ctx.separator.join(ctx.core("{count} for {players}", count=count, players=ctx.join(players))
                              for count, players in sorted(groups.items(), reverse=True))


def piles_sentence(ctx: Context, piles: Mapping[str, Sequence[str]], name: Callable[[str], str]) -> str:
    """The cards face up in front of each player, in the order they were played."""
    # Translators: {player} a player's name; {cards} a list of cards, already joined.
    parts = [ctx.core("{player}: {cards}", player=name(pid), cards=ctx.join([ctx.card(c) for c in pile]))
             for pid, pile in piles.items()]
    listed = grammar.short_sentences(". ".join(capitalized(p) for p in parts) + ".").rstrip(".")
    # Translators: {piles} the piles, already joined.
    return ctx.core("Face up. {piles}.", piles=capitalized(listed))


def render_parse_error(code: str, details: Mapping[str, Any], ctx: Context) -> str | None:
    """Sentences for bad lines, the same in every game; ``None`` for a game's own codes."""
    t = ctx.core
    d = dict(details)
    messages = {
        "empty": lambda: t("Nothing typed. Type help for the commands."),
        # Translators: {text} what the user typed.
        "unknown_command": lambda: t("Unknown command: {text}. Type help for the commands.", text=d["text"]),
        # Translators: {text} what the user typed.
        "unknown_help": lambda: t("{text} is not a command. Type help for the commands.", text=d["text"]),
        # Translators: {text} what the user typed.
        "not_in_this_game": lambda: t("{text} is not a command of this game. Type help for the commands.", **d),
        # Translators: {text} what the user typed.
        "extra_words": lambda: t("Too many words: {text}. Nothing was changed.", **d),
        # Translators: {text} what the user typed.
        "not_a_number": lambda: t("{text} is not a number.", **d),
        # Translators: {text} what the user typed.
        "unknown_card": lambda: t("No card is called {text}. Type cards for the list.", text=d["text"]),
        # Translators: {candidates} the card names the typed text could be, already joined with "or".
        "ambiguous_card": lambda: t("{candidates}? Say more of the name.",
                                    candidates=ctx.join([ctx.card(c) for c in d["candidates"]], alternative=True)),
        "card_name_needed": lambda: t("Which card? Type its name after the command."),
        # Translators: {text} what the user typed.
        "unknown_player": lambda: t("No player is called {text}.", text=d["text"]),
        # Translators: {text} what the user typed.
        "ambiguous_player": lambda: t("{text} could name several players. Say more of the name.", **d),
        "player_needed": lambda: t("Which player? Type a player after the command."),
        "speech_on_off": lambda: t("Type speech on or speech off."),
        "verbosity_levels": lambda: t("Type verbosity terse, normal or full."),
        "no_cards": lambda: t("This game has no card data."),
        "secret_needs_terminal": lambda: t(
            "Only a terminal takes secret values. In a script, type the values last."),
        "nothing_to_undo": lambda: t("Nothing to undo."),
        "nothing_to_redo": lambda: t("Nothing to redo."),
        # Translators: "yes" typed when no "Did you mean…? Type yes." question waits for it.
        "nothing_to_confirm": lambda: t("Nothing to confirm."),
        "internal": lambda: t("Sorry, that command failed. Nothing was changed."),
        # Translators: {length} a number of characters.
        "line_too_long": lambda: t("Line too long: {length} characters. A command is a few words. Nothing was changed.",
                                   length=d["length"]),
        # Translators: {path} a file or folder name; {why} why, a short phrase.
        "save_failed": lambda: t("Saving in {path} no longer works. Cause: {why}. Nothing was changed. Type save and "
                                 "another file name.", path=d["path"], why=_save_problem(d, ctx)),
        "save_path_needed": lambda: t("Which file? Type save and a file name."),
        "not_saved": lambda: t("This game is not being saved."),
        # Translators: "The file" keeps the typed path from being capitalised at the start of the sentence.
        "save_exists": lambda: t("The file {path} already exists. Choose another file name.", **d),
        # Translators: {path} a file or folder name; {detail} what failed, a short phrase.
        "save_copy_failed": lambda: t("Cannot save in {path}. Cause: {detail}. Nothing was changed.", path=d["path"],
                                      detail=_os_reason(d, ctx)),
    }
    maker = messages.get(code)
    if maker is None:
        return None
    text = grammar.one_stop(maker())  # "Unknown command: xyz…." when the typed line was quoted cut short
    if d.get("suggestion"):
        # Translators: {suggestion} a command to type.
        text += " " + t("Did you mean {suggestion}? Type yes.", suggestion=d["suggestion"])
    return text


def _save_problem(details: Mapping[str, Any], ctx: Context) -> str:
    """Why a save file cannot be written, in words (``JournalWriteError.reason``)."""
    t = ctx.core
    reasons = {
        "disk_full": N_("the disk is full"),
        "read_only": N_("the disk is read-only"),
        "io_error": N_("the disk failed"),
        "gone": N_("the save file was deleted"),
    }
    reason = reasons.get(str(details.get("reason")))
    return t(reason) if reason else _os_reason(details, ctx)


def _os_reason(details: Mapping[str, Any], ctx: Context) -> str:
    """The system's refusal in our words (the ``errno`` detail), never the C library's English."""
    from companion.os_errors import reason

    number = details.get("errno")
    return reason(number, ctx.core) if isinstance(number, int) else ctx.core("the file cannot be written")


#: A refusal's sentence: the refusal's details and the context → the sentence.
Refusal = Callable[[Mapping[str, Any], Context], str]


def shared_refusal(code: str, details: Mapping[str, Any], ctx: Context,
                   player: Callable[[Context, str | None], str] = lambda ctx, pid: pid or "") -> str:
    """The sentence for a refusal every game can meet (``player`` names the winners); else the generic one."""
    t, d = ctx.core, details
    shared: dict[str, Callable[[], str]] = {
        "unknown_player": lambda: t("No such player."),
        "unknown_card": lambda: t("No such card."),
        "bad_players": lambda: _players_range(d, ctx),
        # Translators: {players} the players, counted or named ("3 players").
        "bad_names": lambda: t("Give one name per player: {players} names.", players=d["players"]),
        # Translators: {limit} a number, the limit.
        "bad_name": lambda: t("A name is one line. 1 to {limit} characters.", limit=MAX_NAME_LENGTH),
        "same_name": lambda: t("Two players have the same name."),
        # Translators: a player's name that commands read as a seat (2, p1, hero1, mine, moi…).
        "player_word": lambda: t("In commands, {name} names a seat. Choose another name.", name=d.get("name", "")),
        "bad_option": lambda: _bad_option(d, ctx),
        "unknown_command": lambda: t("That is not a command of this game. Nothing was changed."),
        "game_over": lambda: _game_over(d, ctx, player),
        "hand_disagrees": lambda: t("Their hand entered says no. Their page says why."),
    }
    if code in shared:
        return shared[code]()
    # Translators: {code} a short code.
    return t("Command refused ({code}). Nothing was changed.", code=code)


def _players_range(d: Mapping[str, Any], ctx: Context) -> str:
    if d["low"] == d["high"]:
        return ctx.core.plural("This game is for {count} player.", "This game is for {count} players.", d["low"])
    return ctx.core("This game is for {low} to {high} players.", low=d["low"], high=d["high"])


def _bad_option(d: Mapping[str, Any], ctx: Context) -> str:
    """An option value outside what the game's spec declares (`companion.games.base.check_options`)."""
    option = "--" + str(d["option"]).replace("_", "-")
    if d.get("choices"):
        # Translators: {option} a command-line option; {value} a card's value or the value typed; {choices} the possible
        # choices, already joined.
        return ctx.core("{option} cannot be {value}. Choose {choices}.", option=option, value=d["value"],
                        choices=ctx.join([str(c) for c in d["choices"]], alternative=True))
    # Translators: {option} a command-line option; {value} a card's value or the value typed; {low} a number, the
    # lowest; {high} a number, the highest.
    return ctx.core("{option} cannot be {value}. Give a whole number from {low} to {high}.", option=option,
                    value=d["value"], low=d.get("low"), high=d.get("high"))


def _game_over(d: Mapping[str, Any], ctx: Context, player: Callable[[Context, str | None], str]) -> str:
    """Any command once the game is over: who won, if anyone, then how to go back."""
    winners = [player(ctx, str(w)) for w in d.get("winners", ())]
    if not winners:
        return ctx.core("The game is over. Undo takes back the last command.")
    # Translators: {winners} is one name or a list ("Ana and Bo"); the plural follows how many won.
    return ctx.core.plural("The game is over. {winners} won. Undo takes back the last command.",
                           "The game is over. {winners} won. Undo takes back the last command.",
                           len(winners), winners=ctx.join(winners))


def card_sentence(card: Card, ctx: Context) -> str:
    """A card read aloud for the referee: name, side, value, copies, effect, note.

    The side is said only where it tells something: not in a game of one deck ("Countess, characters"), nor when
    it is the card's own name ("Thanos, Thanos").
    """
    t = ctx.core
    side = ctx.cards.sides.get(card.side, {}).get(ctx.lang, card.side) if ctx.cards else card.side
    # Translators: {count} a number; the form follows {count}.
    copies = t.plural("{count} copy", "{count} copies", card.copies)
    name, effect = card.name(ctx.lang), card.effect.get(ctx.lang, card.effect["en"])
    if ctx.cards is not None and (len(ctx.cards.sides) < 2 or side.casefold() == name.casefold()):
        # Translators: {name} a card's name; {value} its value; {copies} copies, counted; {effect} a card's effect.
        text = t("{name}, value {value}, {copies}: {effect}", name=name, value=card.value, copies=copies, effect=effect)
    else:
        # Translators: {name} a card's name; {side} a card's side or owner; {value} its value; {copies} copies,
        # counted; {effect} a card's effect, a sentence.
        text = t("{name}, {side}, value {value}, {copies}: {effect}", name=name, side=side, value=card.value,
                 copies=copies, effect=effect)
    if card.note:
        # Translators: {note} a note, a sentence.
        text += " " + t("Note: {note}", note=card.note.get(ctx.lang, card.note["en"]))
    return text


def card_line(card: Card, ctx: Context) -> str:
    """A card in a list: value, name, copies."""
    if card.copies > 1:
        # Translators: {value} a card's value or the value typed; {name} a name (game, card, file or player); {copies}
        # copies, counted.
        return ctx.core("{value}, {name}, {copies} copies", value=card.value, name=card.name(ctx.lang), copies=card.copies)
    # Translators: {value} a card's value or the value typed; {name} a name (game, card, file or player).
    return ctx.core("{value}, {name}", value=card.value, name=card.name(ctx.lang))


def card_answer(card: Card, ctx: Context) -> tuple[str, str, dict[str, Any]]:
    """``card NAME``: the sentence, its event and fields."""
    return card_sentence(card, ctx), "card", {"card": card.id, "value": card.value, "copies": card.copies, "side": card.side}


def cards_answer(cards: CardSet, ctx: Context) -> list[tuple[str, str, dict[str, Any]]]:
    """``cards``: each side's count, then one line per card."""
    lines = []
    for side, names in cards.sides.items():
        count = cards.count(side)
        # Translators: {side} a card's side or owner; {count} a number; the form follows {count}.
        lines.append((ctx.core.plural("{side}: {count} card.", "{side}: {count} cards.", count,
                                       side=capitalized(names.get(ctx.lang, side))),
                      "cards", {"side": side, "count": count}))
        lines.extend((card_line(c, ctx), "card_line", {"card": c.id, "value": c.value, "copies": c.copies})
                     for c in cards.of_side(side))
    return lines


#: The shared commands' help lines, the same for every front end: a front end's own keys for them (the terminal's
#: Ctrl+Z, the page's Undo button) are its own lines (`companion.session.FrontHelp`).
COMMON_HELP = {
    "status": N_("status: the table and whose turn."),
    "undo": N_("undo: take back the last change."),
    "redo": N_("redo: put back what undo took back."),
    "card": N_("card NAME: read a card's value and effect."),
    "cards": N_("cards: list every card of the game."),
    "help": N_("help: this list. help COMMAND: one command."),
    "repeat": N_("repeat: say the whole last answer again."),
    "speech": N_("speech on, speech off: voice on or off."),
    "verbosity": N_("verbosity terse, normal or full. How much each change says."),
    "pan": N_("pan, pan back: move the braille line."),
    "save": N_("save FILE: go on in another file. Useful when the disk is full."),
    "quit": N_("quit: stop for now. The game is saved."),
}


def _player_id(ctx: Context, pid: str | None) -> str:
    return pid or ""


def _no_parts(status: Any, ctx: Context) -> list[tuple[str, str]]:
    return []


class StatusPart:
    """One part of ``status`` after its head, with the status fields its text reads (``reads``): equal fields say
    equal text, so ``undo`` renders only the parts whose fields changed (issue 34: a full board said twice)."""

    __slots__ = ("key", "reads", "say")

    def __init__(self, key: str, reads: tuple[str, ...], say: Callable[[Any, Context], str]) -> None:
        self.key = key
        self.reads = reads
        self.say = say


def _no_hint(event: Any, ctx: Context) -> str | None:
    return None


def _no_state_help(verb: str, state: Any, ctx: Context) -> str | None:
    return None


def _card_name(ctx: Context, card_id: str) -> str:
    return ctx.card(card_id)


class OptionWords(msgspec.Struct, frozen=True):
    """One option of a game's spec in words, from the game's catalog (data, declared in its `Renderer`): what
    ``companion records`` says of a table's options ("no token after a full tie"), never their syntax.

    A value is said by its own words (``values``), else, for a whole number, by ``count`` ("5 lives for Thanos"),
    else, for seat numbers ("13"), by ``seats`` ("eyes closed for players 1 and 3").
    """

    #: Each value's words: value → message id.
    values: Mapping[str, str] = msgspec.field(default_factory=dict)
    #: A whole number said with its number first: (singular, plural) message ids with ``{count}`` (`plural`).
    count: tuple[str, str] | None = None
    #: Seat numbers ("13"): (singular, plural) message ids with ``{seats}`` (the seats joined) and ``{count}`` (how many).
    seats: tuple[str, str] | None = None

    def message(self, value: str) -> str | tuple[str, str] | None:
        """The message id that says ``value`` (a plural pair for a number or seats); ``None``: these words cannot."""
        if value in self.values:
            return self.values[value]
        if self.count is not None and re.fullmatch(r"-?[0-9]+", value):
            return self.count
        if self.seats is not None and re.fullmatch(r"[1-9]+", value):
            return self.seats
        return None

    def said(self, value: str, ctx: Context) -> str | None:
        """``value`` in words, in the context's language; ``None`` when these words cannot say it."""
        message = self.message(value)
        if message is None or isinstance(message, str):
            return message if message is None else ctx.t(message)
        count = int(value) if message == self.count else len(value)
        return ctx.t.plural(*message, count, seats=ctx.join(list(value)))


class Renderer(msgspec.Struct, frozen=True):
    """A game's events and refusals as sentences: one ``RENDERER = Renderer(...)`` per game; hooks have defaults.

    ``events`` maps each event type to its sentence maker; ``help`` gives the
    game's own help line per verb (message ids of the game's catalog, which
    override the shared ones, such as ``status``). A game that gives
    ``status_head`` needs no sentence of its own for ``status``: the head, then
    each of ``status_parts``. ``refusals`` maps the game's own refusal codes to
    their sentences; the others (``game_over`` with the winners, bad options,
    unknown players…) are said by `shared_refusal`.
    """

    domain: str
    events: Mapping[type, Callable[[Any, Context], str]]
    #: The event's terse form (the number and the change only: "7 red."), where it differs from ``events``'.
    terse: Mapping[type, Callable[[Any, Context], str]] = msgspec.field(default_factory=dict)
    #: The event's full form (the sentence and its context), where it differs from ``events``'.
    full: Mapping[type, Callable[[Any, Context], str]] = msgspec.field(default_factory=dict)
    help: Mapping[str, str] = msgspec.field(default_factory=dict)
    #: Events that are never the headline of a command (``undo`` quotes the headline).
    minor_events: frozenset[str] = frozenset()
    #: The sentence for each refusal code of this game (code → sentence from the details and the context).
    refusals: Mapping[str, Refusal] = msgspec.field(default_factory=dict)
    #: A player as the table calls them (a given name, "hero 2"…).
    player: Callable[[Context, str | None], str] = _player_id
    #: Whose turn it is (or who won): the start of ``status``, and what ``undo`` reminds (default: the whole status).
    status_head: Callable[[Any, Context], str] | None = None
    #: The table after the head, part by part (``undo`` says only the parts that changed).
    status_parts: Callable[[Any, Context], list[tuple[str, str]]] = _no_parts
    #: The same parts declared with the fields each reads (`StatusPart`; a game gives both from one list): ``undo``
    #: renders only those whose fields changed.
    declared_parts: tuple[StatusPart, ...] = ()
    #: What the table does by hand to take back an event when no count says it.
    undo_hint: Callable[[Any, Context], str | None] = _no_hint
    #: A help line that depends on the game's options (Num-X's ``play`` without action cards), else ``None``.
    state_help: Callable[[str, Any, Context], str | None] = _no_state_help
    #: A card read aloud (``card NAME``): a game whose cards carry more than one effect text says it all.
    card_reading: Callable[[Card, Context], str] = card_sentence
    #: A card as the game's sentences name it when undo says it is face up again or no longer ("8 red", number
    #: first, in Num-X), default its name.
    card_name: Callable[[Context, str], str] = _card_name
    #: Each option of the game's spec in words (option name → `OptionWords`): ``companion records`` says a
    #: table's options with them, in the reader's language.
    option_words: Mapping[str, OptionWords] = msgspec.field(default_factory=dict)

    def render(self, event: Event, ctx: Context) -> str:
        """The sentence for ``event`` at the context's verbosity (its terse or full form, else the normal one)."""
        forms = {"terse": self.terse, "full": self.full}.get(ctx.verbosity, {})
        maker = forms.get(type(event)) or self.events.get(type(event))
        if maker is None and event.name == "status" and self.status_head is not None:
            return self.status_sentence(event, ctx)
        if maker is None:
            raise KeyError(f"no sentence for the event {event.name}")
        return maker(event, ctx)

    def status_sentence(self, status: Event, ctx: Context) -> str:
        """``status`` said in full: the head (whose turn, or who won), then every part of the table."""
        return " ".join([self.head(status, ctx), *(text for _, text in self.status_parts(status, ctx))])

    def render_error(self, code: str, details: Mapping[str, Any], ctx: Context) -> str:
        """The sentence for a refused command: the game's own for ``code``, else the shared one."""
        own = self.refusals.get(code)
        text = own(details, ctx) if own is not None else shared_refusal(code, details, ctx, self.player)
        return grammar.one_stop(text)  # a word quoted cut short ("…") ends its sentence

    def head(self, status: Event, ctx: Context) -> str:
        """The start of ``status``."""
        return self.status_head(status, ctx) if self.status_head is not None else self.render(status, ctx)

    def zone_card(self, zone: Zone, card_id: str, ctx: Context) -> str:
        """A card of a public zone, for undo's "no longer / again face up" sentences."""
        if zone.owner is None:
            return self.card_name(ctx, card_id)
        # Translators: {card} a card's name, already translated; {player} a player's name.
        return ctx.core("{player}'s {card}", card=self.card_name(ctx, card_id), player=self.player(ctx, zone.owner))

    def card_answer(self, card: Card, ctx: Context) -> tuple[str, str, dict[str, Any]]:
        """``card NAME``: the game's reading of the card, its event and fields (`card_answer`'s)."""
        _, event, fields = card_answer(card, ctx)
        return self.card_reading(card, ctx), event, fields

    def help_line(self, verb: str, ctx: Context, state: Any = None, shared: Mapping[str, str] | None = None) -> str:
        """One line of ``help``: the game's own (for ``state``'s options when it has one), else the shared one:
        ``shared``'s when given (a front end's, already in ``ctx``'s language), else the one every front end shares."""
        own = None if state is None else self.state_help(verb, state, ctx)
        if own is not None:
            return own
        if verb in self.help:
            return ctx.t(self.help[verb])
        if shared is not None and verb in shared:
            return shared[verb]
        return ctx.core(COMMON_HELP[verb])
