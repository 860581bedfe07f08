"""What the table hears of the devices, and the table's commands over them.

Said at the table only (the pages follow the game, not the devices): a device taking a
seat ("Ben's seat is now open on a device."), a device gone away (no stream, no
heartbeat) and, when the game waits for that seat, how to go on; a seat left.
Typed at the table (verbs in ``data/verbs/common.toml``):

- ``devices`` (``appareils``): which seats are connected, away or free;
- ``free SEAT`` (``libère``): the seat is free again for its link or the join code;
- ``rekey SEAT`` (``nouveaulien``): the same, and the seat's old link no longer opens it;
- ``newcode`` (``nouveaucode``): a new join code for the free seats (the old one opens nothing).

A seat's secret link is never said: a player whose seat was freed joins again with
the join code. ``table_controls`` is the one place these are plugged into the
session's wiring.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from typing import Any

from companion.announce import Priority
from companion.i18n import Translator
from companion.render import capitalized
from companion.session.wiring import ControlHandler
from companion.web.seats import Seat

#: Said on every page too (a public fact), or at the table only.
EVERYWHERE, TABLE_ONLY = True, False


def table_controls(web: Any) -> dict[str, ControlHandler]:
    """The table's commands over the devices, as the session's controls (put in its wiring, as ``pan`` is)."""
    return {"devices": lambda session, args: devices(web),
            "free": lambda session, args: free(web, str(args.get("seat", "")), rekey=False),
            "rekey": lambda session, args: free(web, str(args.get("seat", "")), rekey=True),
            "newcode": lambda session, args: new_code(web)}


def _say(web: Any, sentence: Callable[[Translator, Any], str], event: str, fields: dict[str, Any],
         everywhere: bool = TABLE_ONLY, priority: Priority = Priority.NORMAL) -> None:
    """``sentence(t, ctx)`` at the table (and on the pages in their own language, ``everywhere``)."""
    session = web.session
    if everywhere:
        session.say_each(lambda ctx: capitalized(sentence(Translator(ctx.lang, "web"), ctx)), event, fields, priority)
    else:
        ctx = session.narrator.context(web.lang)
        session.say(capitalized(sentence(Translator(web.lang, "web"), ctx)), event, fields, priority,
                    skip=(web.output,))


def _name(web: Any, ctx: Any, seat: Seat) -> str:
    return str(web.session.narrator.renderer.player(ctx, seat.id))


def _at_table(web: Any, action: Callable[[], None]) -> None:
    """From the server's side: run ``action`` where the table runs its lines (waits for the line being typed)."""
    web.session.run_soon(action)


# --------------------------------------------------------------------------- what the table is told


def device_joined(web: Any, seat: Seat, back: bool) -> None:
    """A device took ``seat`` (with the join code or its link), or the away device came back."""
    if back:
        # Translators: {player} a player's name.
        _at_table(web, lambda: _say(web, lambda t, c: t("{player}'s device is back.", player=_name(web, c, seat)),
                                    "web_device", {"player": seat.id, "state": "back"}))
        return
    # Translators: {player} a player's name.
    _at_table(web, lambda: _say(web, lambda t, c: t("{player}'s seat is now open on a device.",
                                                    player=_name(web, c, seat)),
                                "web_device", {"player": seat.id, "state": "joined"}))


def _waits_for(web: Any, seat: Seat) -> bool:
    session = web.session
    waiting = session.table.rules.to_act(session.state)
    return (waiting is not None and waiting.player == seat.id) or web.secrets.prompt_for(seat.id) is not None


def device_away(web: Any, seat: Seat) -> None:
    """``seat``'s device vanished (no stream, no heartbeat): said once; how to go on when the game waits for it."""
    def action() -> None:
        # Translators: {player} a player's name.
        _say(web, lambda t, c: t("{player}'s device is away.", player=_name(web, c, seat)), "web_device",
             {"player": seat.id, "state": "away"})
        if _waits_for(web, seat):
            # Translators: {player} a player's name.
            _say(web, lambda t, c: t("The game waits for {player}: open the page again on that device, or type the "
                                     "play at the table; free {player} lets another device take the seat.",
                                     player=_name(web, c, seat)),
                 "web_waiting", {"player": seat.id}, priority=Priority.NOW)
    _at_table(web, action)


def seat_left(web: Any, seat: Seat) -> None:
    """The player left their seat on their page."""
    def action() -> None:
        # Translators: {player} a player's name.
        _say(web, lambda t, c: t("{player} left their seat on their device: the seat is free.",
                                 player=_name(web, c, seat)), "web_device", {"player": seat.id, "state": "left"})
        _reopen_code(web)
    _at_table(web, action)


def _reopen_code(web: Any) -> None:
    """A seat is free again: when the join code had expired (every seat was taken), a new one is said."""
    if not web.seats.code_open:
        web.seats.new_code()
        web.say_code(new=True)


# --------------------------------------------------------------------------- the table's commands


def _plain(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch)).strip()


def find_seat(web: Any, typed: str) -> Seat | None:
    """The seat a table line names: by the player's name (case and accents do not count) or number."""
    wanted = _plain(typed)
    if not wanted:
        return None
    session = web.session
    seats: list[Seat] = list(web.seats)
    for seat in seats:
        names = {seat.name, seat.id, *(str(session.narrator.renderer.player(session.narrator.context(lang), seat.id))
                                       for lang in ("fr", "en"))}
        if wanted in {_plain(n) for n in names}:
            return seat
    if wanted.isdigit() and 1 <= int(wanted) <= len(seats):
        return seats[int(wanted) - 1]
    return None


def devices(web: Any) -> None:
    """``devices``: each seat connected, away or free, at the table only."""
    states = {seat.id: web.seats.state(seat) for seat in web.seats}

    def sentence(t: Translator, ctx: Any) -> str:
        words = {
            # Translators: a seat's state: its device is on the page.
            "connected": t("connected"),
            # Translators: a seat's state: its device stopped answering.
            "away": t("away"),
            # Translators: a seat's state: nobody opened it.
            "free": t("free"),
        }
        # Translators: {player} a player's name; {state} a seat's state (connected, away).
        parts = [t("{player} {state}", player=_name(web, ctx, seat), state=words[states[seat.id]]) for seat in web.seats]
        # Translators: {seats} the seats, already described.
        return t("Devices: {seats}.", seats="; ".join(parts))

    _say(web, sentence, "web_devices", {"seats": states}, TABLE_ONLY)


def free(web: Any, typed: str, rekey: bool) -> None:
    """``free SEAT`` / ``rekey SEAT``: the seat free again (``rekey``: its old link opens nothing)."""
    seat = find_seat(web, typed)
    if seat is None:
        # Translators: {seats} the seats, already described.
        _say(web, lambda t, c: t("Name the seat to free: {seats}.", seats=c.join([_name(web, c, s) for s in web.seats])),
             "web_refused", {"seat": typed}, TABLE_ONLY, Priority.NOW)
        return
    web.seats.free(seat, rekey=rekey)
    web.feed.wake()
    if rekey:
        # Translators: {player} a player's name.
        _say(web, lambda t, c: t("{player}'s seat has a new secret: its old link opens nothing; join again with the "
                                 "join code.", player=_name(web, c, seat)), "web_rekey", {"player": seat.id})
    else:
        # Translators: {player} a player's name.
        _say(web, lambda t, c: t("{player}'s seat is free: a device may take it with the join code.",
                                 player=_name(web, c, seat)), "web_free", {"player": seat.id})
    _reopen_code(web)


def new_code(web: Any) -> None:
    """``newcode``: a new join code; it opens the free seats only."""
    web.seats.new_code()
    if not web.seats.code_open:
        _say(web, lambda t, c: t("Every seat is taken: a join code opens free seats only. Free a seat first."),
             "web_join", {"code": None}, TABLE_ONLY)
        return
    web.say_code(new=True)


__all__ = ["device_away", "device_joined", "devices", "find_seat", "free", "new_code", "table_controls",
           "seat_left"]
