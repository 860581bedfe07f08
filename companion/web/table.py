"""What the table hears of the devices, and the table's commands over them.

Said at the table only (the pages follow the game, not the devices): a device taking a
seat ("Ben's seat is now open on a device."), another device taking it from an away
one ("Ben's seat is now open on another device."), a device gone away (no stream, no
heartbeat) and, when the game waits for that seat, how to go on; a seat left; once a
minute at most, the requests refused. A seat left, freed or re-keyed forgets its hand,
its scanned codes and its private notes (``Hands.forget``): whoever takes it next
learns nothing. The join code is not said again then: while it still opens the free
seats, the players heard it already; once it has expired, the table hears that
``newcode`` says a new one (a code said aloud is heard by anyone near).
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

import contextlib
import unicodedata
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from companion.announce import Priority, Utterance
from companion.i18n import Translator
from companion.render import capitalized
from companion.session.wiring import ControlHandler
from companion.web.join import braille_code, qr_text
from companion.web.seats import Seat

if TYPE_CHECKING:
    from companion.session import Session
    from companion.web.parts import Parts

#: Said on every page too (a public fact), or at the table only.
EVERYWHERE, TABLE_ONLY = True, False


def table_controls(web: Parts) -> dict[str, ControlHandler]:
    """The table's commands over the devices, as the session's controls (put in its wiring, as ``pan`` is)."""
    return {"devices": lambda session, args: devices(web, session),
            "free": lambda session, args: free(web, session, str(args.get("seat", "")), rekey=False),
            "rekey": lambda session, args: free(web, session, str(args.get("seat", "")), rekey=True),
            "newcode": lambda session, args: new_code(web, session)}


def _say(web: Parts, session: Session, sentence: Callable[[Translator, Any], str], event: str, fields: dict[str, Any],
         everywhere: bool = TABLE_ONLY, priority: Priority = Priority.NORMAL) -> None:
    """``sentence(t, ctx)`` at the table (and on the pages in their own language, ``everywhere``)."""
    if everywhere:
        session.say_each(lambda ctx: capitalized(sentence(Translator(ctx.lang, "web"), ctx)), event, fields, priority)
    else:
        ctx = session.narrator.context(web.lang)
        session.say(capitalized(sentence(Translator(web.lang, "web"), ctx)), event, fields, priority,
                    skip=(web.output,))


def _name(session: Session, ctx: Any, seat: Seat) -> str:
    return str(session.narrator.renderer.player(ctx, seat.id))


# --------------------------------------------------------------------------- what the table is told


def device_joined(web: Parts, session: Session, seat: Seat, how: str) -> None:
    """A device took ``seat``: ``joined`` (a free seat), ``replaced`` (from another, away, device), ``back`` (the
    away device came back)."""
    def action() -> None:
        if how == "back":
            # Translators: {player} is a player's name; their device (phone) is connected again.
            _say(web, session, lambda t, c: t("{player}'s device is back.", player=_name(session, c, seat)),
                 "web_device", {"player": seat.id, "state": "back"})
        elif how == "replaced":
            # Translators: {player} is a player's name; a second device took their seat from the first.
            _say(web, session, lambda t, c: t("{player}'s seat is now open on another device.",
                                              player=_name(session, c, seat)),
                 "web_device", {"player": seat.id, "state": "replaced"})
        else:
            # Translators: {player} is a player's name.
            _say(web, session, lambda t, c: t("{player}'s seat is now open on a device.", player=_name(session, c, seat)),
                 "web_device", {"player": seat.id, "state": "joined"})
    session.run_soon(action)


def _waits_for(web: Parts, session: Session, seat: Seat) -> bool:
    waiting = session.table.rules.to_act(session.state)
    return (waiting is not None and waiting.player == seat.id) or web.secrets.prompt_for(seat.id) is not None


def device_away(web: Parts, session: Session, seat: Seat) -> None:
    """``seat``'s device vanished (no stream, no heartbeat): said once; how to go on when the game waits for it."""
    def action() -> None:
        # Translators: {player} is a player's name.
        _say(web, session, lambda t, c: t("{player}'s device is away.", player=_name(session, c, seat)), "web_device",
             {"player": seat.id, "state": "away"})
        if _waits_for(web, session, seat):
            # Translators: {player} is a player's name; "free" is the table's command (French: libère).
            _say(web, session, lambda t, c: t("The game waits for {player}. Open the page again on that device, or "
                                              "type the play at the table. Typing free {player} lets another device "
                                              "take the seat.", player=_name(session, c, seat)),
                 "web_waiting", {"player": seat.id}, priority=Priority.NOW)
    session.run_soon(action)


def seat_left(web: Parts, session: Session, seat: Seat) -> None:
    """The player left their seat on their page: it forgets the hand, the codes and the notes."""
    def action() -> None:
        forget(web, session, seat)
        # Translators: {player} is a player's name.
        _say(web, session, lambda t, c: t("{player} left their seat on their device: the seat is free.",
                                          player=_name(session, c, seat)), "web_device",
             {"player": seat.id, "state": "left"})
        _code_hint(web, session)
    session.run_soon(action)


def forget(web: Parts, session: Session, seat: Seat) -> None:
    """Under the table's lock: ``seat``'s hand, scanned codes, typed value and private notes are gone."""
    web.secrets.forget(seat.id)
    web.hands.forget(session, seat.id)


def _code_hint(web: Parts, session: Session) -> None:
    """A seat is free again: when the join code has expired (every seat was taken), the table hears how to get a new
    one, never the code itself (anyone near would hear it)."""
    if not web.seats.code_open:
        _say(web, session, lambda t, c: t("The join code has expired: newcode says a new one."), "web_code_expired", {})


def refusals_summary(web: Parts, session: Session, count: int, clients: list[str]) -> None:
    """Requests refused lately: one sentence at the table (never on the pages), at most once a minute."""
    def sentence(t: Translator, c: Any) -> str:
        if len(clients) == 1:
            # Translators: {count} requests refused; {address} is a network address such as 192.168.1.7.
            return t.plural("{count} request refused from {address} in the last minute.",
                            "{count} requests refused from {address} in the last minute.", count, address=clients[0])
        # Translators: {count} requests refused, from {addresses} different network addresses.
        return t.plural("{count} request refused from {addresses} addresses in the last minute.",
                        "{count} requests refused from {addresses} addresses in the last minute.", count,
                        addresses=len(clients))

    session.run_soon(lambda: _say(web, session, sentence, "web_refused_summary", {"count": count, "clients": clients}))


def say_code(web: Parts, session: Session, new: bool = False) -> None:
    """The join address and the join code (``new``: the table asked for a new one), at the table only."""
    t = Translator(web.lang, "web")
    url, code = web.join_url, web.seats.code

    def join(code_text: str) -> str:
        if new:
            # Translators: {url} is the join page's address; {code} the join code, its characters spaced.
            return t("New join code for the free seats: open {url} and type {code}.", url=url, code=code_text)
        # Translators: {url} is the join page's address; {code} the join code, its characters spaced.
        return t("Private devices: open {url} and type the join code {code}.", url=url, code=code_text)

    cells = None
    if session.wiring.braille is not None:
        from companion.braille.translate import BrailleUnavailable

        with contextlib.suppress(BrailleUnavailable):
            cells = join(braille_code(code, web.lang))  # liblouis keeps the cells amid the words it translates
    session.wiring.announcer.announce(Utterance(join(" ".join(code)), web.lang, "web_join", {"url": url, "code": code},
                                                Priority.NORMAL, braille=cells), skip=(web.output,))


def announce_join(web: Parts, session: Session, qr: bool = False, stream: TextIO | None = None,
                  qr_file: Path | None = None) -> None:
    """The join address and code, said at the table only (never to the pages); never a seat's own link.

    On a braille display the code is in computer braille (every letter and digit as typed). With ``qr``
    the join address is drawn as a QR code on ``stream`` (the terminal; none with --json, whose line
    has it as ``qr``): speech and braille only hear that it is shown; ``qr_file`` is the one written.
    With HTTPS the certificate's fingerprint is said too (``web_fingerprint``).
    """
    t = Translator(web.lang, "web")
    url = web.join_url
    say_code(web, session)
    fingerprint = web.server.fingerprint
    if fingerprint is not None:  # issue 30: each character by its name; computer braille on a display
        from companion.web.tls import fingerprint_utterance

        session.wiring.announcer.announce(fingerprint_utterance(fingerprint, web.lang, session.wiring.braille is not None),
                                          skip=(web.output,))
    if qr:
        drawing = qr_text(url)
        session.say(t("A QR code of the join address is shown on screen."), "web_qr", {"url": url, "qr": drawing},
                    Priority.NORMAL, skip=(web.output,))
        if stream is not None:
            stream.write(drawing)
            stream.flush()
    if qr_file is not None:
        # Translators: {path} is a file's path.
        session.say(t("The QR code of the join address is in {path}.", path=qr_file), "web_qr_file",
                    {"url": url, "path": str(qr_file)}, Priority.NORMAL, skip=(web.output,))


# --------------------------------------------------------------------------- the table's commands


def _plain(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch)).strip()


def find_seat(web: Parts, session: Session, typed: str) -> Seat | None:
    """The seat a table line names: by the player's name (case and accents do not count) or number."""
    wanted = _plain(typed)
    if not wanted:
        return None
    seats: list[Seat] = list(web.seats)
    for seat in seats:
        names = {seat.name, seat.id, *(str(session.narrator.renderer.player(session.narrator.context(lang), seat.id))
                                       for lang in ("fr", "en"))}
        if wanted in {_plain(n) for n in names}:
            return seat
    if wanted.isdigit() and 1 <= int(wanted) <= len(seats):
        return seats[int(wanted) - 1]
    return None


def devices(web: Parts, session: Session) -> None:
    """``devices``: each seat connected, away or free, at the table only."""
    states = {seat.id: web.seats.state(seat) for seat in web.seats}

    def sentence(t: Translator, ctx: Any) -> str:
        words = {
            # Translators: a seat's state, said after the player's name ("Ana connected").
            "connected": t("connected"),
            # Translators: a device's state, said after the player's name ("Ben away").
            "away": t("away"),
            # Translators: a seat's state, said after the player's name ("Cleo free").
            "free": t("free"),
        }
        # Translators: {player} is a player's name, {state} their device's state ("connected", "away", "free").
        parts = [t("{player} {state}", player=_name(session, ctx, seat), state=words[states[seat.id]])
                 for seat in web.seats]
        # Translators: {seats} lists each player and their device's state.
        return t("Devices: {seats}.", seats=ctx.separator.join(parts))  # French typography: " ; "

    _say(web, session, sentence, "web_devices", {"seats": states}, TABLE_ONLY)


def free(web: Parts, session: Session, typed: str, rekey: bool) -> None:
    """``free SEAT`` / ``rekey SEAT``: the seat free again (``rekey``: its old link opens nothing); it forgets its
    hand, codes and notes, and its old page is told so (it never takes the seat back by itself)."""
    seat = find_seat(web, session, typed)
    if seat is None:
        # Translators: {seats} lists the players' names.
        _say(web, session, lambda t, c: t("Name the seat to free: {seats}.",
                                          seats=c.join([_name(session, c, s) for s in web.seats])),
             "web_refused", {"seat": typed}, TABLE_ONLY, Priority.NOW)
        return
    web.seats.free(seat, rekey=rekey)
    forget(web, session, seat)
    web.feed.wake()
    if rekey:
        # Translators: {player} is a player's name.
        _say(web, session, lambda t, c: t("{player}'s seat has a new secret. Its old link opens nothing: join again "
                                          "with the join code.", player=_name(session, c, seat)), "web_rekey",
             {"player": seat.id})
    else:
        # Translators: {player} is a player's name.
        _say(web, session, lambda t, c: t("{player}'s seat is free: a device may take it with the join code.",
                                          player=_name(session, c, seat)), "web_free", {"player": seat.id})
    _code_hint(web, session)


def new_code(web: Parts, session: Session) -> None:
    """``newcode``: a new join code; it opens the free seats only."""
    web.seats.new_code()
    if not web.seats.code_open:
        _say(web, session, lambda t, c: t("Every seat is taken: a join code opens free seats only. Free a seat first."),
             "web_join", {"code": None}, TABLE_ONLY)
        return
    say_code(web, session, new=True)


__all__ = ["announce_join", "device_away", "device_joined", "devices", "find_seat", "forget", "free", "new_code",
           "refusals_summary", "say_code", "seat_left", "table_controls"]
