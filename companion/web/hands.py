"""Each seat's private hand, entered on the player's device, kept in memory only, and what it decides.

``HandKeeper`` is a `companion.session.Listener`: before a command it lets the
game's private rules refuse what a hand contradicts (the table hears only that
the hand disagrees; the player's page says why), after each change it follows
the hands (a played card leaves its hand), tells each seat's page its own hand,
what it has still to enter and what it alone learns (a Priest's peek), then
applies the public command the hands decide (a Guard's guess) as if typed at the
table. The hands are never spoken, printed, brailled, journaled or sent to
another seat; after an undo they are put back as they were before that step.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from companion.games.base import Command, RuleError
from companion.i18n import Translator
from companion.private.base import Followed, PrivateRules
from companion.render import capitalized
from companion.web.feed import Feed
from companion.web.seats import Seats
from companion.web.answer import Answer

if TYPE_CHECKING:
    from companion.session import Session, Step

T = TypeVar("T")
#: Seconds a device's request waits for the table (busy with a line) before it is told to try again.
WAIT = 5.0
#: Commands the hands may decide one after another (a reveal per player at most): a bound, not a rule.
MAX_DECIDED = 8


class Busy(Exception):
    """The table did not get to the request in time: nothing was done."""


class HandKeeper:
    """The hands of a served session (a `Listener` of it)."""

    def __init__(self, private: PrivateRules[Any], seats: Seats, feed: Feed) -> None:
        self._session: Session | None = None
        self.private = private
        self.seats = seats
        self.feed = feed
        self.hands: dict[str, tuple[str, ...]] = {}
        #: The hands before each step (by the step's index), put back when the step is undone.
        self._before: dict[int, dict[str, tuple[str, ...]]] = {}
        #: What each page was last told of its hand (it is told again only when that changes).
        self._told: dict[str, tuple[str, str, str]] = {}
        #: The seat whose page sent the command being checked: only its own hand may refuse it.
        self.from_seat: str | None = None
        #: The seats whose entered hands disagree with one another (said once at the table, nobody named).
        self._conflicts: set[str] = set()

    def bind(self, session: Session) -> None:
        """The session this keeper follows, once it is built (the keeper is part of its wiring)."""
        self._session = session

    @property
    def session(self) -> Session:
        if self._session is None:
            raise RuntimeError("the hands are not bound to a session yet")
        return self._session

    # ----------------------------------------------------------------- the session's listener (under its lock)

    def checking(self, session: Session, command: Command) -> None:
        # A command sent from a page is checked against that seat's own hand only: its refusal must not tell the
        # sender anything of another seat's hand.
        seat_of_page, self.from_seat = self.from_seat, None
        hands = self.hands if seat_of_page is None else {k: v for k, v in self.hands.items() if k == seat_of_page}
        try:
            self.private.check(session.state, hands, command)
        except RuleError as error:
            seat = str(error.details.get("player", ""))
            if seat in self.seats.by_id:
                self._note_error(seat, error)
            raise RuleError("hand_disagrees", player=seat) from None

    def changed(self, session: Session, step: Step, before: Any) -> None:
        self._follow(step, before)
        self.decide()

    def redone(self, session: Session, step: Step, before: Any) -> None:
        self._follow(step, before)

    def undone(self, session: Session, step: Step) -> None:
        index = session.table.step_count
        if index in self._before:
            self.hands = self._before.pop(index)
        self._publish_all()

    def _follow(self, step: Step, before: Any) -> None:
        self._before[self.session.table.step_count - 1] = dict(self.hands)
        followed: Followed = self.private.follow(before, step.state, step.events, self.hands)
        self.hands = followed.hands
        self._conflicts &= set(self.hands)
        for note in followed.notes:
            seat = self.seats.by_id.get(note.seat)
            if seat is None:
                continue
            ctx = self.session.narrator.context(seat.lang)
            self.feed.publish("note", capitalized(self.session.narrator.renderer.render(note.event, ctx)), seat.lang, to=seat.id)
        self._publish_all()

    # ----------------------------------------------------------------- what a page shows

    def view(self, seat_id: str, lang: str) -> dict[str, Any]:
        """The seat's hand as its page shows it: what `shown` tells, the cards held, the cards to choose from."""
        state = self.session.state
        ctx = self.session.narrator.context(lang)
        shown = self.shown(seat_id, lang)
        choices = [(c, self.card_label(c, ctx)) for c in self.private.choices(state, self.session.table.cards)
                   if self.private.fits(state, seat_id, c)] if shown["held"] else []
        return {**shown, "cards": list(self.hands.get(seat_id, ())), "choices": choices, "hands": self.has_hands}

    def shown(self, seat_id: str, lang: str) -> dict[str, Any]:
        """What a page is told after each change: the hand in a sentence, how many cards it holds and has still to
        enter, and its one-tap plays."""
        state = self.session.state
        ctx = self.session.narrator.context(lang)
        t = Translator(lang, "web")
        held = self.private.held(state).get(seat_id)
        hand = self.hands.get(seat_id, ())
        missing = self.private.missing(state, self.hands).get(seat_id, 0)
        if held is None:
            summary = t("No hand to enter now.")
        elif not hand and not missing:
            summary = t("Your hand is empty.")
        elif not hand and seat_id in self.hands:  # known, then emptied (a Prince's discard): only new cards to enter
            summary = t.plural("Enter your new card.", "Enter your {count} new cards.", missing)
        else:
            # "Guard, 1; Priest, 2": each card's value stays with its name when heard.
            summary = t("Your hand: {cards}.", cards=ctx.separator.join([self.card_label(c, ctx) for c in hand])) if hand \
                else t("Your hand is not entered yet.")
            if missing:
                summary += " " + t.plural("Enter {count} card.", "Enter {count} cards.", missing)
        offers = []
        for verb, card_id in self.private.offers(state, self.hands, seat_id):
            line = f"{ctx.verb(verb)} {ctx.card(card_id)}"
            offers.append((line, capitalized(line)))
        return {"summary": summary, "missing": missing, "held": held or 0, "offers": offers}

    def lists(self, seat_id: str) -> int:
        """How many card lists the seat's page shows: one per card still to enter, else one per card held."""
        state = self.session.state
        return self.private.missing(state, self.hands).get(seat_id) or self.private.held(state).get(seat_id, 0)

    @property
    def has_hands(self) -> bool:
        """Whether the game has hands to enter at all (not The Void, not Num-X)."""
        return bool(self.private.held(self.session.table.initial)) or bool(self.private.held(self.session.state))

    def card_label(self, card_id: str, ctx: Any) -> str:
        """A card as a page says it: its name, and its value where it has one ("Black Dwarf, 3")."""
        card = self.session.table.cards[card_id]
        name = ctx.card(card_id)
        if getattr(card, "value", None) is None or str(card.value) in str(name).split():
            return str(name)  # no value, or the name says it already (The Void's "7 red")
        t = Translator(ctx.lang, "web")
        return t("{card}, {value}", card=name, value=card.value)

    def _publish_all(self) -> None:
        """Each page's hand and one-tap plays, when they changed for it."""
        has_hands = self.has_hands
        for seat in self.seats:
            shown = self.shown(seat.id, seat.lang)
            if not has_hands and not shown["offers"] and seat.id not in self._told:
                continue  # a game with no hand to enter and nothing to tap: nothing to tell
            summary = shown.pop("summary")
            key = (seat.lang, summary, repr(shown))
            if self._told.get(seat.id) == key:
                continue
            self._told[seat.id] = key
            self.feed.publish("hand", summary, seat.lang, to=seat.id, data=shown)

    def check_conflicts(self) -> None:
        """Hands entered that cannot all be right (two pages entered the only Countess): one neutral sentence at
        the table, and every page with a hand asked to check it; nobody is told whose hand disagrees."""
        found = self.private.conflicts(self.session.state, self.session.table.cards, self.hands)
        if found and found != self._conflicts:
            self.session.say_each(lambda ctx: _disagree(ctx.lang), "hands_disagree", {})
            for seat in self.seats:
                if seat.id in self.hands:
                    t = Translator(seat.lang, "web")
                    self.feed.publish("note", t("Check the cards entered on your page, and enter your hand again if "
                                                "it is not right."), seat.lang, to=seat.id)
        self._conflicts = found

    def _note_error(self, seat_id: str, error: RuleError) -> None:
        seat = self.seats.by_id[seat_id]
        self.feed.publish("note", self.problem(error, seat.lang), seat.lang, to=seat_id)

    def problem(self, error: RuleError, lang: str) -> str:
        """A refusal of a hand, in the seat's language: the shared ones here, the game's by its renderer."""
        t = Translator(lang, "web")
        ctx = self.session.narrator.context(lang)
        d = error.details
        shared: dict[str, Callable[[], str]] = {
            "no_hand": lambda: t("No hand to enter now."),
            "hand_count": lambda: t.plural("Enter your whole hand, {count} card, or the card still to enter.",
                                           "Enter your whole hand, {count} cards, or the cards still to enter.",
                                           int(d.get("held", 0))),
            "unknown_card": lambda: t("That is no card of this game."),
            "card_not_left": lambda: t("No {card} can be in your hand: every copy is face up.",
                                       card=ctx.card(str(d.get("card", "")))),
        }
        maker = shared.get(error.code)
        return capitalized(maker() if maker is not None else str(self.session.narrator.renderer.render_error(error.code, d, ctx)))

    # ----------------------------------------------------------------- the devices' side (a worker thread)

    def enter(self, seat_id: str, cards: Sequence[str], lang: str) -> Answer:
        """``seat_id`` entered ``cards`` (its whole hand, or the cards still to enter): kept, then what it decides."""
        t = Translator(lang, "web")

        def action() -> Answer:
            try:
                hand = self.private.enter(self.session.state, self.session.table.cards, self.hands, seat_id, list(cards))
            except RuleError as error:
                return Answer(422, False, self.problem(error, lang))
            self.keep(seat_id, hand)
            return Answer(200, True, t("Your hand is kept for your page only: never said, shown elsewhere or saved."))

        try:
            return self.at_table(action)
        except Busy:
            return Answer(503, False, t("The table is busy: send it again in a moment."))

    def keep(self, seat_id: str, hand: tuple[str, ...]) -> None:
        """Under the table's lock: ``hand``, already checked by the private rules, is ``seat_id``'s; then what it decides."""
        self.hands[seat_id] = hand
        self._publish_all()
        self.check_conflicts()
        self.decide()

    def decide(self) -> None:
        """Apply what the hands decide now (after a change, or once the Guard's target entered their card).

        The table hears first that the hands decided, then the outcome, said and
        journaled like a command typed at the table.
        """
        session = self.session
        if self._conflicts:
            return  # hands that disagree decide nothing until they are entered again
        for _ in range(MAX_DECIDED):
            command = self.private.adjudicate(session.state, self.hands)
            if command is None:
                return
            preface = session.narrator.utterance(lambda ctx: _decided(ctx.lang), "decided", {"command": command.to_json()})
            try:
                session.change(command, preface)
            except RuleError:  # refused: left to the table, nothing said
                return

    def at_table(self, action: Callable[[], T]) -> T:
        """``action`` run where the table runs its lines (under its lock), its result waited for ``WAIT`` seconds."""
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

        self.session.run_soon(run)
        if not done.wait(WAIT):
            cancelled.set()
            raise Busy()
        if failure:
            raise failure[0]
        return result[0]


def _disagree(lang: str) -> str:
    t = Translator(lang, "web")
    return t("The hands entered on the devices do not agree: each player, check the cards on your page.")


def _decided(lang: str) -> str:
    t = Translator(lang, "web")
    return t("Decided from the hands entered on the devices:")


__all__ = ["Busy", "HandKeeper"]
