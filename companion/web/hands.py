"""What each seat holds, entered or scanned on the player's device, kept in memory only, and what it decides.

``Hands`` is the one model of every seat's hand: the cards entered in the lists
or scanned, the sticker codes scanned (the same sticker read again is not added
twice), and what each page was last told. It is a `companion.session.Listener`,
handed to the session in its `Wiring`: before a command sent from a page it lets
the game's private rules refuse what that page's own hand contradicts (the page
says why); a command typed at the table is refused by the public rules only
(`companion.private.trust`). After each change it follows the hands
(a played card leaves its hand), tells each seat's page its own hand, what it
has still to enter and what it alone learns (a Priest's peek), then applies the
public command the hands decide (a Guard's guess) as if typed at the table.
Every method is handed the session it acts on; nothing is bound afterwards. The
hands are never spoken, printed, brailled, journaled or sent to another seat;
after an undo they are put back as they were before that step; `forget` clears a
seat that was left, freed or re-keyed, so whoever takes it next learns nothing.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from companion.games.base import Command, RuleError
from companion.i18n import Translator
from companion.private import trust
from companion.private.base import Followed, PrivateRules
from companion.render import capitalized
from companion.sticker_codes import Code
from companion.web.answer import Answer
from companion.web.feed import Feed
from companion.web.seats import Seats

if TYPE_CHECKING:
    from companion.session import Session, Step

T = TypeVar("T")
#: Seconds a device's request waits for the table (busy with a line) before it is told to try again.
WAIT = 5.0
#: Commands the hands may decide one after another (a reveal per player at most): a bound, not a rule.
MAX_DECIDED = 8


class Busy(Exception):
    """The table did not get to the request in time: nothing was done."""


class Hands:
    """The hands of a served session (a `Listener` of it, in its wiring)."""

    def __init__(self, private: PrivateRules[Any], seats: Seats, feed: Feed) -> None:
        self.private = private
        self.seats = seats
        self.feed = feed
        #: Each seat's cards as the companion knows them (entered or scanned).
        self.cards: dict[str, tuple[str, ...]] = {}
        #: The sticker codes (copies) scanned into each seat's hand and still in it, oldest first.
        self.codes: dict[str, list[Code]] = {}
        #: The hands and codes before each step (by the step's index), put back when the step is undone.
        self._before: dict[int, tuple[dict[str, tuple[str, ...]], dict[str, list[Code]]]] = {}
        #: What each page was last told of its hand (it is told again only when that changes).
        self._told: dict[str, tuple[str, str, str]] = {}
        #: The seat whose page sent the command being checked: only its own hand may refuse it.
        self.from_seat: str | None = None
        #: Whether `decide` is applying what the hands decide (the changes it makes do not start another loop).
        self._deciding = False

    # ----------------------------------------------------------------- the model

    def _set(self, seat_id: str, hand: tuple[str, ...]) -> None:
        """``seat_id`` holds ``hand`` now: the codes scanned whose cards it no longer holds are dropped."""
        self.cards[seat_id] = hand
        kept: list[Code] = []
        for code in reversed(self.codes.get(seat_id, [])):  # the latest scans are the likeliest still held
            if sum(c.card == code.card for c in kept) < hand.count(code.card):
                kept.append(code)
        self.codes[seat_id] = kept[::-1]

    def add(self, session: Session, seat_id: str, code: Code) -> bool:
        """Under the table's lock: the card of a scanned sticker added to ``seat_id``'s hand by the game's private
        rules (`PrivateRules.add`), then what it decides; ``False`` when that sticker is in the hand already.

        :raises RuleError: the private rules refuse the card (``hand_full``, ``card_not_left``…); nothing changed.
        """
        if code in self.codes.get(seat_id, []):
            return False
        hand = self.private.add(session.state, session.table.cards, self.cards, seat_id, code.card)
        self.codes[seat_id] = [*self.codes.get(seat_id, []), code]
        self.keep(session, seat_id, hand)
        return True

    def remove(self, session: Session, seat_id: str, card_id: str) -> None:
        """Under the table's lock: one copy of ``card_id`` out of ``seat_id``'s hand (`PrivateRules.remove`)."""
        self.keep(session, seat_id, self.private.remove(self.cards, seat_id, card_id))

    def forget(self, session: Session, seat_id: str) -> None:
        """``seat_id`` was left, freed or re-keyed: its hand, its scanned codes and its private notes are gone
        (from every undo snapshot too), so whoever takes it next learns nothing; its page is told it is empty."""
        self.cards.pop(seat_id, None)
        self.codes.pop(seat_id, None)
        for cards, codes in self._before.values():
            cards.pop(seat_id, None)
            codes.pop(seat_id, None)
        self._told.pop(seat_id, None)
        self.feed.forget(seat_id)
        self._publish_all(session)

    # ----------------------------------------------------------------- the session's listener (under its lock)

    def checking(self, session: Session, command: Command) -> None:
        # Issue 30 (companion.private.trust): a command sent from a page is refused by that seat's own hand only, its
        # reason said on that page; a command typed at the table is refused by the public rules only, and each seat
        # whose own hand it contradicts is told so on its own page (the rules accept it: it is about to be kept).
        seat_of_page, self.from_seat = self.from_seat, None
        if seat_of_page is None:
            seats = trust.contradicted(self.private, session.table.rules, session.state, self.cards, command)
            # Translators: said on one player's own page only.
            self._note_each(list(seats), lambda t: t("A command typed at the table contradicts the hand on your page: "
                                                     "check your cards."))
            return
        error = trust.refusal(self.private, session.state, self.cards, command, seat_of_page)
        if error is not None:
            if seat_of_page in self.seats.by_id:
                self._note_error(session, seat_of_page, error)
            raise RuleError("hand_disagrees", player=seat_of_page)

    def changed(self, session: Session, step: Step, before: Any) -> None:
        self._follow(session, step, before)
        self.decide(session)

    def redone(self, session: Session, step: Step, before: Any) -> None:
        self._follow(session, step, before)

    def undone(self, session: Session, step: Step) -> None:
        index = len(session.table.steps)
        if index in self._before:
            self.cards, self.codes = self._before.pop(index)
        self._publish_all(session)

    def _follow(self, session: Session, step: Step, before: Any) -> None:
        self._before[len(session.table.steps) - 1] = (dict(self.cards), {k: list(v) for k, v in self.codes.items()})
        followed: Followed = self.private.follow(before, step.state, step.events, self.cards)
        for seat_id, hand in followed.hands.items():
            self._set(seat_id, hand)
        for seat_id in set(self.cards) - set(followed.hands):
            self.cards.pop(seat_id)
            self.codes.pop(seat_id, None)
        for note in followed.notes:
            seat = self.seats.by_id.get(note.seat)
            if seat is None:
                continue
            ctx = session.narrator.context(seat.lang)
            self.feed.publish("note", capitalized(session.narrator.renderer.render(note.event, ctx)), seat.lang, to=seat.id)
        self._publish_all(session)

    # ----------------------------------------------------------------- what a page shows

    def view(self, session: Session, seat_id: str, lang: str) -> dict[str, Any]:
        """The seat's hand as its page shows it: what `shown` tells, the cards held, the cards to choose from."""
        state = session.state
        ctx = session.narrator.context(lang)
        shown = self.shown(session, seat_id, lang)
        choices = [(c, card_label(session, c, ctx)) for c in self.private.choices(state, session.table.cards)
                   if self.private.fits(state, seat_id, c)] if shown["held"] else []
        return {**shown, "cards": list(self.cards.get(seat_id, ())), "choices": choices,
                "hands": self.has_hands(session)}

    def shown(self, session: Session, seat_id: str, lang: str) -> dict[str, Any]:
        """What a page is told after each change: the hand in a sentence, how many cards it holds and has still to
        enter, and its one-tap plays."""
        state = session.state
        ctx = session.narrator.context(lang)
        held = self.private.held(state).get(seat_id)
        missing = self.private.missing(state, self.cards).get(seat_id, 0)
        summary = self._summary(session, seat_id, lang, held, missing)
        offers = []
        for verb, card_id in self.private.offers(state, self.cards, seat_id):
            line = f"{ctx.verb(verb)} {ctx.card(card_id)}"
            offers.append((line, capitalized(line)))
        return {"summary": summary, "missing": missing, "held": held or 0, "offers": offers}

    def _summary(self, session: Session, seat_id: str, lang: str, held: int | None, missing: int) -> str:
        """The hand in one sentence, and how many cards are still to enter."""
        ctx = session.narrator.context(lang)
        t = Translator(lang, "web")
        hand = self.cards.get(seat_id, ())
        if held is None:
            return t("No hand to enter now.")
        if not hand and not missing:
            return t("Your hand is empty.")
        if not hand and seat_id in self.cards:  # known, then emptied (a Prince's discard): only new cards to enter
            return t.plural("Enter your new card.", "Enter your {count} new cards.", missing)
        # "Guard, 1; Priest, 2": each card's value stays with its name when heard.
        # Translators: {cards} is the list of the cards in the player's hand ("Guard, 1; Priest, 2").
        summary = t("Your hand: {cards}.", cards=ctx.separator.join([card_label(session, c, ctx) for c in hand])) \
            if hand else t("Your hand is not entered yet.")
        if missing:
            # Translators: {count} is how many cards the player has still to enter.
            summary += " " + t.plural("Enter {count} card.", "Enter {count} cards.", missing)
        return summary

    def lists(self, session: Session, seat_id: str) -> int:
        """How many card lists the seat's page shows: one per card still to enter, else one per card held."""
        state = session.state
        return self.private.missing(state, self.cards).get(seat_id) or self.private.held(state).get(seat_id, 0)

    def has_hands(self, session: Session) -> bool:
        """Whether the game has hands to enter at all (not The Void, not Num-X)."""
        return bool(self.private.held(session.table.initial)) or bool(self.private.held(session.state))

    def _publish_all(self, session: Session) -> None:
        """Each page's hand and one-tap plays, when they changed for it."""
        has_hands = self.has_hands(session)
        for seat in self.seats:
            shown = self.shown(session, seat.id, seat.lang)
            if not has_hands and not shown["offers"] and seat.id not in self._told:
                continue  # a game with no hand to enter and nothing to tap: nothing to tell
            summary = shown.pop("summary")
            key = (seat.lang, summary, repr(shown))
            if self._told.get(seat.id) == key:
                continue
            self._told[seat.id] = key
            self.feed.publish("hand", summary, seat.lang, to=seat.id, data=shown)

    def _note_error(self, session: Session, seat_id: str, error: RuleError) -> None:
        seat = self.seats.by_id[seat_id]
        self.feed.publish("note", problem(session, error, seat.lang), seat.lang, to=seat_id)

    # ----------------------------------------------------------------- the devices' side (under the table's lock)

    def enter(self, session: Session, seat_id: str, cards: Sequence[str], lang: str) -> Answer:
        """Under the table's lock: ``seat_id`` entered ``cards`` (its whole hand, or the cards still to enter): kept,
        then what it decides."""
        t = Translator(lang, "web")
        try:
            hand = self.private.enter(session.state, session.table.cards, self.cards, seat_id, list(cards))
        except RuleError as error:
            return Answer(422, False, problem(session, error, lang))
        self.keep(session, seat_id, hand)
        return Answer(200, True, t("Your hand is kept for your page only: never said, shown elsewhere or saved."))

    def keep(self, session: Session, seat_id: str, hand: tuple[str, ...]) -> None:
        """Under the table's lock: ``hand``, already checked by the private rules, is ``seat_id``'s; then what it decides."""
        self._set(seat_id, hand)
        self._publish_all(session)
        self.decide(session)

    def decide(self, session: Session) -> None:
        """Apply what the hands decide now (after a change, or once the Guard's target entered their card).

        The table hears first that the hands decided, then the outcome, said and
        journaled like a command typed at the table. Each hand is its own seat's
        answer: hands that cannot all be right still decide, and nobody is told so
        (issue 30, `companion.private.trust`); as the first is decided, every
        page with cards entered is asked to check them, in the same words whoever
        decided.
        """
        if self._deciding:
            return  # a change this loop made: the loop goes on deciding
        reminded = trust.reminded(self.cards)
        self._deciding = True
        try:
            for decided in range(MAX_DECIDED):
                command = self.private.adjudicate(session.state, self.cards)
                if command is None or not _accepted(session, command):
                    return  # a command the rules refuse is left to the table, nothing said
                if not decided:  # asked before the outcome, so each page's own hand is told last
                    self._note_each(reminded, lambda t: t("If your hand here is wrong, correct it and ask the table "
                                                          "to undo."))
                preface = session.narrator.utterance(lambda ctx: _decided(ctx.lang), "decided",
                                                     {"command": command.to_json()})
                try:
                    session.change(command, preface)
                except RuleError:  # refused by a listener: left to the table
                    return
        finally:
            self._deciding = False

    def _note_each(self, seat_ids: Sequence[str], sentence: Callable[[Translator], str]) -> None:
        """One private note to each of ``seat_ids``' pages, in its own language."""
        for seat_id in seat_ids:
            seat = self.seats.by_id.get(seat_id)
            if seat is not None:
                self.feed.publish("note", sentence(Translator(seat.lang, "web")), seat.lang, to=seat.id)


def _accepted(session: Session, command: Command) -> bool:
    """Whether the public rules accept ``command`` now (tried on a copy: nothing changes)."""
    try:
        session.table.attempt(command)
    except RuleError:
        return False
    return True

def problem(session: Session, error: RuleError, lang: str) -> str:
    """A refusal of a hand, in the seat's language: the shared ones here, the game's by its renderer."""
    t = Translator(lang, "web")
    ctx = session.narrator.context(lang)
    d = error.details
    shared: dict[str, Callable[[], str]] = {
        "no_hand": lambda: t("No hand to enter now."),
        # Translators: {count} is how many cards the player holds.
        "hand_count": lambda: t.plural("Enter your whole hand, {count} card, or the card still to enter.",
                                       "Enter your whole hand, {count} cards, or the cards still to enter.",
                                       int(d.get("held", 0))),
        "unknown_card": lambda: t("That is no card of this game."),
        # Translators: {card} is a card's name.
        "card_not_left": lambda: t("No {card} can be in your hand: every copy is face up.",
                                   card=ctx.card(str(d.get("card", "")))),
    }
    maker = shared.get(error.code)
    return capitalized(maker() if maker is not None else str(session.narrator.renderer.render_error(error.code, d, ctx)))


def card_label(session: Session, card_id: str, ctx: Any) -> str:
    """A card as a page says it: its name, and its value where it has one ("Black Dwarf, 3")."""
    card = session.table.cards[card_id]
    name = ctx.card(card_id)
    if getattr(card, "value", None) is None or str(card.value) in str(name).split():
        return str(name)  # no value, or the name says it already (The Void's "7 red")
    t = Translator(ctx.lang, "web")
    # Translators: a card and its value, as a page says it ("Black Dwarf, 3").
    return t("{card}, {value}", card=name, value=card.value)


def at_table(session: Session, action: Callable[[], T]) -> T:
    """``action`` run where the table runs its lines (under its lock), its result waited for ``WAIT`` seconds.

    :raises Busy: the table did not get to it in time (nothing was done).
    """
    done = threading.Event()
    result: list[T] = []
    cancelled = threading.Event()
    failure: list[BaseException] = []

    def run() -> None:
        if cancelled.is_set():
            return
        try:
            result.append(action())
        except BaseException as error:  # handed back to the request's thread
            failure.append(error)
        finally:
            done.set()

    session.run_soon(run)
    if not done.wait(WAIT):
        cancelled.set()
        raise Busy()
    if failure:
        raise failure[0]
    return result[0]


def _decided(lang: str) -> str:
    t = Translator(lang, "web")
    return t("Decided from the hands entered on the devices:")


__all__ = ["Busy", "Hands", "at_table", "card_label", "problem"]
