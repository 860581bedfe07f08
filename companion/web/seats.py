"""The seats of a served game: one secret link each, a short join code, who holds a seat, rate limits.

Each seat's link carries its own random secret (``secrets.token_urlsafe``): the
link *is* the permission (a capability URL). It is never said at the table: a
player joins with the table's join code, which opens **free seats only** (never one
a device has taken) and expires once every seat is taken (the table may say a new
one). A seat is held by one device at a time, known by a cookie the server sets:
that device may come back at any time (a phone that slept); another device only
with the seat's own link, and only once the holder has been away for ``GRACE``
seconds (no stream open, no heartbeat), or once the table frees the seat. Every
page, stream and form of a seat is for its holding device only. Everything here
is called from the server's thread and from the table's, under one lock.
"""

from __future__ import annotations

import secrets
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

#: Letters and digits that cannot be mistaken for one another when spoken or brailled (no 0/O, 1/I/L).
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6
#: Seconds a seat stays held after its device's last stream closed or its last heartbeat (a page being reloaded).
GRACE = 20.0


#: Refusals that never clear by themselves: the page stops reconnecting and says what to do.
FINAL = frozenset({"seat_given", "seat_freed", "seat_rekeyed", "no_cookies", "wrong_secret", "unknown_seat"})


class SeatError(Exception):
    """A request refused for its seat: ``status`` is the HTTP status (403, 404, 409, 429).

    ``final``: it will never clear by itself (the seat was freed, re-keyed or given to another device).
    """

    def __init__(self, status: int, code: str) -> None:
        super().__init__(code)
        self.status = status
        self.code = code

    @property
    def final(self) -> bool:
        return self.code in FINAL


class RateLimit:
    """A token bucket: ``capacity`` requests at once, ``rate`` more per second."""

    def __init__(self, capacity: float, rate: float) -> None:
        self.capacity = capacity
        self.rate = rate
        #: The clock the bucket refills by (a test may hold it still).
        self.clock: Callable[[], float] = time.monotonic
        self._tokens: dict[str, tuple[float, float]] = {}
        self._lock = threading.Lock()

    def allow(self, key: str) -> bool:
        now = self.clock()
        with self._lock:
            tokens, then = self._tokens.get(key, (self.capacity, now))
            tokens = min(self.capacity, tokens + (now - then) * self.rate)
            if tokens < 1:
                self._tokens[key] = (tokens, now)
                return False
            self._tokens[key] = (tokens - 1, now)
            if len(self._tokens) > 10_000:  # many client addresses: forget the full buckets
                self._tokens = {k: v for k, v in self._tokens.items() if v[0] < self.capacity - 1}
            return True


@dataclass
class Seat:
    """One player's place: their id in the game, their name at the table, their secret."""

    id: str
    name: str
    token: str
    lang: str
    device: str | None = None
    streams: int = 0
    left_at: float = 0.0
    #: The last request or heartbeat of the holding device (``time.monotonic``).
    seen_at: float = 0.0
    #: Whether the table was told this seat's device is away (said once, until it comes back).
    away: bool = False
    #: Bumped when the seat is freed or re-keyed: the streams of the device that held it end.
    generation: int = 0
    #: Devices that held this seat and lost it (freed, or taken by another device): their pages never retake it.
    former: set[str] = field(default_factory=set)
    #: The seat's links before a ``rekey`` (a page opened with one is told so, not "wrong link").
    old_tokens: list[str] = field(default_factory=list)
    extra: dict[str, str] = field(default_factory=dict)

    def path(self) -> str:
        return f"/seat/{self.id}/{self.token}"


class Seats:
    """Every seat of the game, and the table's join code."""

    def __init__(self, players: list[tuple[str, str]], lang: str, grace: float = GRACE) -> None:
        self.code = _new_code()
        #: The join code opens free seats until every seat is taken; then only a new code does.
        self.code_open = True
        self.grace = grace
        self.by_id = {pid: Seat(pid, name, secrets.token_urlsafe(18), lang) for pid, name in players}
        self.lock = threading.Lock()

    def __iter__(self) -> Iterator[Seat]:
        return iter(list(self.by_id.values()))

    def check(self, seat_id: str, token: str) -> Seat:
        """The seat whose link this is. :raises SeatError: 404 no such seat, 403 not its secret."""
        seat = self.by_id.get(seat_id)
        if seat is None:
            raise SeatError(404, "unknown_seat")
        typed = token.encode("utf-8", "replace")
        if not secrets.compare_digest(seat.token.encode(), typed):
            old = any(secrets.compare_digest(o.encode(), typed) for o in seat.old_tokens)
            raise SeatError(403, "seat_rekeyed" if old else "wrong_secret")
        return seat

    def check_code(self, code: str) -> bool:
        typed = "".join(code.split()).replace("-", "").upper()
        right = secrets.compare_digest(self.code.encode(), typed.encode("utf-8", "replace"))
        return right and self.code_open

    def new_code(self) -> str:
        """A new join code (the old one no longer opens anything), open again while a seat is free."""
        with self.lock:
            self.code = _new_code()
            self.code_open = any(s.device is None for s in self.by_id.values())
            return self.code

    def free_seats(self) -> list[Seat]:
        """The seats the join code opens: those no device has taken."""
        with self.lock:
            return [s for s in self.by_id.values() if s.device is None] if self.code_open else []

    def _holds(self, seat: Seat, device: str | None) -> bool:
        return seat.device is not None and device is not None and secrets.compare_digest(seat.device, device)

    def _away(self, seat: Seat, now: float) -> bool:
        """No stream for ``grace`` seconds, or said away (its heartbeats stopped: a phone gone with its stream open)."""
        return seat.away or seat.streams == 0 and now - max(seat.left_at, seat.seen_at) > self.grace

    def is_free(self, seat: Seat, device: str | None) -> bool:
        """Whether ``device`` may open ``seat`` with its link: it holds it, nobody does, or its holder is away."""
        with self.lock:
            return seat.device is None or self._holds(seat, device) or self._away(seat, time.monotonic())

    def join(self, seat: Seat, device: str) -> None:
        """``device`` takes a free seat with the join code. :raises SeatError: 409 another device took it."""
        with self.lock:
            if not self.code_open or (seat.device is not None and not self._holds(seat, device)):
                raise SeatError(409, "seat_taken")
            seat.former.discard(device)  # joined again with the join code: its own again
            self._take(seat, device)

    def claim(self, seat: Seat, device: str) -> str:
        """``device`` holds ``seat`` from now on (it opened the seat's own link): ``held`` when it held it already,
        ``joined`` when nobody did, ``replaced`` when it took the seat from another, away, device.

        :raises SeatError: 409, another device holds it and is not away, or this device lost the seat.
        """
        with self.lock:
            if self._holds(seat, device):
                seat.seen_at = time.monotonic()
                seat.away = False
                return "held"
            self._check_former(seat, device)
            if seat.device is not None and not self._away(seat, time.monotonic()):
                raise SeatError(409, "seat_taken")
            replaced = seat.device is not None
            self._take(seat, device)
            return "replaced" if replaced else "joined"

    def _check_former(self, seat: Seat, device: str | None) -> None:
        """A device that lost the seat (freed, or taken by another) never retakes it by its link or its reconnect."""
        if device is not None and device in seat.former:
            raise SeatError(409, "seat_given" if seat.device is not None else "seat_freed")

    def _take(self, seat: Seat, device: str) -> None:
        if seat.device is not None and not self._holds(seat, device):
            seat.former.add(seat.device)
            seat.generation += 1  # the streams of the device that held it end
            seat.streams = 0
        seat.device = device
        seat.seen_at = time.monotonic()
        seat.away = False
        if all(s.device is not None for s in self.by_id.values()):
            self.code_open = False

    def holding(self, seat: Seat, device: str | None) -> None:
        """A form or a heartbeat of ``seat``: only from the device holding it. :raises SeatError: 403 or 409."""
        with self.lock:
            if not device:  # every page is given its cookie with itself: this browser keeps none (final)
                raise SeatError(403, "no_cookies")
            if not self._holds(seat, device):
                self._check_former(seat, device)
                raise SeatError(409, "seat_taken")
            seat.seen_at = time.monotonic()
            seat.away = False

    def open_stream(self, seat: Seat, device: str) -> int:
        """A stream of the holding device opens; its seat's generation (the stream ends when it changes)."""
        with self.lock:
            if not self._holds(seat, device):
                self._check_former(seat, device)
                if seat.device is not None and not self._away(seat, time.monotonic()):
                    raise SeatError(409, "seat_taken")
                self._take(seat, device)
            seat.streams += 1
            seat.seen_at = time.monotonic()
            seat.away = False
            return seat.generation

    def close_stream(self, seat: Seat, generation: int) -> None:
        with self.lock:
            if generation == seat.generation:
                seat.streams = max(0, seat.streams - 1)
                seat.left_at = time.monotonic()

    def leave(self, seat: Seat, device: str | None) -> None:
        """The holding device leaves the seat: free again (for its link, or the join code while it is open)."""
        self.holding(seat, device)
        self.free(seat)
        with self.lock:
            seat.former.discard(device or "")  # left on purpose: the join code may seat it again, its link too

    def free(self, seat: Seat, rekey: bool = False) -> None:
        """The table frees ``seat`` (``rekey``: its old link no longer opens it); its device's streams end, and its
        page is told so instead of retaking the seat."""
        with self.lock:
            if seat.device is not None:
                seat.former.add(seat.device)
            seat.device = None
            seat.streams = 0
            seat.away = False
            seat.generation += 1
            if rekey:
                seat.old_tokens = [*seat.old_tokens[-7:], seat.token]
                seat.token = secrets.token_urlsafe(18)

    def release(self, seat: Seat) -> None:
        """A join whose browser kept no cookie: the seat is free again, as if nobody had joined."""
        with self.lock:
            if seat.streams == 0:
                seat.device = None
                seat.generation += 1
                self.code_open = True

    def state(self, seat: Seat, now: float | None = None) -> str:
        """``free``, ``connected`` (its device's stream is open), ``away`` (no stream, no heartbeat lately)."""
        now = time.monotonic() if now is None else now
        with self.lock:
            if seat.device is None:
                return "free"
            return "away" if self._away(seat, now) else "connected"

    def joined(self, seat_id: str) -> bool:
        """Whether a device follows this seat now (its page is open): it may be asked a secret."""
        seat = self.by_id.get(seat_id)
        if seat is None:
            return False
        with self.lock:
            return seat.device is not None and seat.streams > 0


def _new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def new_device_id() -> str:
    return secrets.token_urlsafe(18)


__all__ = ["FINAL", "GRACE", "RateLimit", "Seat", "SeatError", "Seats", "new_device_id"]
