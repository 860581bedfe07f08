"""The pages' parts, built once in two honest steps around the session, never bound afterwards.

- `Parts`: what the session is wired with, made before it: the seats, the feed
  and its output, the `Hands` (a listener), the devices' secret prompt, the
  table's device commands, the server's bound address, the refusals counted.
  Whatever of these acts on the session is handed it by the session itself
  (listeners, controls, the secret handler all are).
- `Served`: made once the session exists, with it: the lines and scans of the
  pages, the guard, the Starlette application; `serve` returns it.
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Awaitable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from msgspec.structs import replace
from starlette.routing import BaseRoute

from companion.i18n import LANGUAGES, Translator
from companion.private.base import PrivateRules, to_act_only
from companion.render import Settings, capitalized
from companion.session import Narrator, Session, Table, Wiring
from companion.session.wiring import SecretHandler
from companion.web.device import DeviceLines
from companion.web.feed import Feed, WebOutput
from companion.web.guard import Guard, Rates
from companion.web.hands import Hands
from companion.web.quiet import Refusals
from companion.web.scan import Scanner
from companion.web.seats import Seat, Seats
from companion.web.secret import WebSecrets

if TYPE_CHECKING:
    from companion.web.server import WebServer

#: Seconds between two heartbeats of a page (its script); a seat whose device sent none for ``away_after`` is away.
HEARTBEAT = 10.0
AWAY = 35.0


@dataclass
class Timing:
    """The pages' clocks (tests shorten them): heartbeats, when a silent device is away, the refusals' summary."""

    heartbeat: float = HEARTBEAT
    away_after: float = AWAY


@dataclass(frozen=True)
class Parts:
    """What a served session is wired with (made before it)."""

    lang: str
    seats: Seats
    feed: Feed
    output: WebOutput
    hands: Hands
    secrets: WebSecrets
    server: WebServer
    refusals: Refusals
    rates: Rates = field(default_factory=Rates.default)
    timing: Timing = field(default_factory=Timing)
    stopping: threading.Event = field(default_factory=threading.Event)

    @classmethod
    def make(cls, table: Table, settings: Settings, server: WebServer, fallback: SecretHandler | None = None,
             grace: float | None = None, refusals: Refusals | None = None) -> Parts:
        """The parts of ``table``'s pages; ``fallback``: the table's own secret prompt, for a fighter with no device."""
        narrator = Narrator.for_table(table, settings)
        players = [(pid, str(narrator.renderer.player(narrator.ctx, pid))) for pid in table.rules.player_ids(table.state)]
        seats = Seats(players, settings.lang) if grace is None else Seats(players, settings.lang, grace)
        feed = Feed()
        reader = None
        if settings.interactive:
            from companion.ui.secret import SecretAsker, read_hidden

            fallback, reader = fallback or SecretAsker(), read_hidden
        private = table.game.private or PrivateRules(as_seat=to_act_only(table.rules))
        hands = Hands(private, seats, feed)
        stopping = threading.Event()
        secrets_ = WebSecrets(seats, feed, fallback, reader, stopped=stopping.is_set, hands=hands)
        return cls(settings.lang, seats, feed, WebOutput(feed), hands, secrets_, server, refusals or Refusals(),
                   stopping=stopping)

    def wired(self, wiring: Wiring) -> Wiring:
        """``wiring`` with the pages in it: their output, the hands as a listener, the devices' secret prompt, the
        table's device commands, and every page's language (before the session is built: never patched after)."""
        from companion.web.table import table_controls

        wiring.announcer.add(self.output)
        return replace(wiring, listeners=(*wiring.listeners, self.hands), secret_handler=self.secrets,
                       languages=frozenset(LANGUAGES), controls={**wiring.controls, **table_controls(self)})

    # ----------------------------------------------------------------- addresses

    def seat_url(self, seat: Seat) -> str:
        """A seat's own link (its secret): for that seat's device only, never said at the table."""
        return self.server.base_url + seat.path()

    @property
    def join_url(self) -> str:
        """The seat-less address: the join page, where the join code is typed."""
        return self.server.base_url + "/"


@dataclass(frozen=True)
class Served:
    """A served session's pages: its parts, the session, and what acts on it from the pages."""

    parts: Parts
    session: Session
    lines: DeviceLines
    scanner: Scanner
    guard: Guard
    #: More routes on the same server (the table's own page, ``--page``), after the seats' own.
    routes: tuple[BaseRoute, ...] = ()

    @classmethod
    def make(cls, parts: Parts, session: Session, routes: Sequence[BaseRoute] = ()) -> Served:
        guard = Guard(parts.seats, parts.rates, parts.server.scheme, parts.lang, parts.refusals)
        return cls(parts, session, DeviceLines(session, parts.hands), Scanner(session, parts.hands, session.table.game.id),
                   guard, tuple(routes))

    # what the route handlers and the tests read
    @property
    def seats(self) -> Seats:
        return self.parts.seats

    @property
    def feed(self) -> Feed:
        return self.parts.feed

    @property
    def hands(self) -> Hands:
        return self.parts.hands

    @property
    def secrets(self) -> WebSecrets:
        return self.parts.secrets

    @property
    def server(self) -> WebServer:
        return self.parts.server

    @property
    def timing(self) -> Timing:
        return self.parts.timing

    @property
    def limits(self) -> Any:
        return self.parts.server.limits

    @property
    def bound(self) -> tuple[str, int]:
        return self.parts.server.bound

    @property
    def base_url(self) -> str:
        return self.parts.server.base_url

    @property
    def join_url(self) -> str:
        return self.parts.join_url

    @property
    def fingerprint(self) -> str | None:
        return self.parts.server.fingerprint

    def seat_url(self, seat: Seat) -> str:
        return self.parts.seat_url(seat)

    def start(self) -> None:
        """The server serves the application; each second the devices and the refusals are watched."""
        from companion.web.app import ROUTE_SETS, build_app

        self.parts.server.start(build_app(self, (*ROUTE_SETS, lambda web: list(self.routes))), self._on_loop)

    def _on_loop(self, loop: asyncio.AbstractEventLoop) -> Awaitable[None]:
        self.parts.feed.attach(loop)
        return self._watch()

    async def _watch(self) -> None:
        """Each second: a seat whose device vanished (no stream, no heartbeat) is said away at the table, once; the
        refusals summed up at the table, once a minute at most."""
        from companion.web.table import device_away, refusals_summary

        loop = asyncio.get_running_loop()
        while not self.parts.stopping.is_set():
            await asyncio.sleep(min(1.0, self.timing.away_after / 4))
            now = time.monotonic()
            for seat in self.parts.seats:
                if seat.device is None or seat.away:
                    continue
                if self.parts.seats.state(seat, now) == "away" or now - seat.seen_at > self.timing.away_after:
                    seat.away = True
                    loop.run_in_executor(None, device_away, self.parts, self.session, seat)
            due = self.parts.refusals.due()
            if due is not None:
                loop.run_in_executor(None, refusals_summary, self.parts, self.session, *due)

    def stop(self) -> None:
        """With the game: each page is told the game ended (else it would try again for ever, saying the connection
        was lost), the streams end, the server closes its socket."""
        self.parts.stopping.set()
        feed = self.parts.feed
        if not feed.closed:
            ended = {lang: Translator(lang, "web")("The game has ended: this page no longer follows it.")
                     for lang in LANGUAGES}
            feed.publish("end", ended[self.parts.lang], self.parts.lang, texts=ended)
        feed.close()
        self.parts.server.stop()

    def status_sentence(self, lang: str) -> str:
        narrator = self.session.narrator
        return capitalized(narrator.renderer.render(self.session.table.rules.status(self.session.state),
                                                    narrator.context(lang)))

    def game_name(self, lang: str) -> str:
        return str(self.session.table.game.spec.name(lang))


__all__ = ["AWAY", "HEARTBEAT", "Parts", "Served", "Timing"]
