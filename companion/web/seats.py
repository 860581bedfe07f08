"""The seats of a served game: one secret link each, a short join code, who holds a seat, rate limits.

Each seat's link carries its own random secret (``secrets.token_urlsafe``): the
link *is* the permission (a capability URL). A seat is held by one device at a
time, known by a cookie the server sets; the same device may come back at any
time (a phone that slept), another device only once the seat has been left for
``GRACE`` seconds. Everything here is called from the server's thread and from the
table's, under one lock.
"""

from __future__ import annotations

import secrets
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field

#: Letters and digits that cannot be mistaken for one another when spoken or brailled (no 0/O, 1/I/L).
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6
#: Seconds a seat stays held after its device's last stream closed (a page being reloaded).
GRACE = 20.0


class SeatError(Exception):
    """A request refused for its seat: ``status`` is the HTTP status (403, 404, 409, 429)."""

    def __init__(self, status: int, code: str) -> None:
        super().__init__(code)
        self.status = status
        self.code = code


class RateLimit:
    """A token bucket: ``capacity`` requests at once, ``rate`` more per second."""

    def __init__(self, capacity: float, rate: float) -> None:
        self.capacity = capacity
        self.rate = rate
        self._tokens: dict[str, tuple[float, float]] = {}
        self._lock = threading.Lock()

    def allow(self, key: str) -> bool:
        now = time.monotonic()
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
    extra: dict[str, str] = field(default_factory=dict)

    def path(self) -> str:
        return f"/seat/{self.id}/{self.token}"


class Seats:
    """Every seat of the game, and the table's join code."""

    def __init__(self, players: list[tuple[str, str]], lang: str) -> None:
        self.code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
        self.by_id = {pid: Seat(pid, name, secrets.token_urlsafe(18), lang) for pid, name in players}
        self.lock = threading.Lock()

    def __iter__(self) -> Iterator[Seat]:
        return iter(list(self.by_id.values()))

    def check(self, seat_id: str, token: str) -> Seat:
        """The seat whose link this is. :raises SeatError: 404 no such seat, 403 not its secret."""
        seat = self.by_id.get(seat_id)
        if seat is None:
            raise SeatError(404, "unknown_seat")
        if not secrets.compare_digest(seat.token.encode(), token.encode("utf-8", "replace")):
            raise SeatError(403, "wrong_secret")
        return seat

    def check_code(self, code: str) -> bool:
        typed = "".join(code.split()).replace("-", "").upper()
        return secrets.compare_digest(self.code.encode(), typed.encode("utf-8", "replace"))

    def is_free(self, seat: Seat, device: str | None) -> bool:
        with self.lock:
            return self._free(seat, device)

    def _free(self, seat: Seat, device: str | None) -> bool:
        if seat.device is None or (device is not None and secrets.compare_digest(seat.device, device)):
            return True
        return seat.streams == 0 and time.monotonic() - seat.left_at > GRACE

    def claim(self, seat: Seat, device: str) -> None:
        """``device`` holds ``seat`` from now on. :raises SeatError: 409, another device holds it."""
        with self.lock:
            if not self._free(seat, device):
                raise SeatError(409, "seat_taken")
            seat.device = device

    def open_stream(self, seat: Seat, device: str) -> None:
        with self.lock:
            if not self._free(seat, device):
                raise SeatError(409, "seat_taken")
            seat.device = device
            seat.streams += 1

    def close_stream(self, seat: Seat) -> None:
        with self.lock:
            seat.streams = max(0, seat.streams - 1)
            seat.left_at = time.monotonic()

    def joined(self, seat_id: str) -> bool:
        """Whether a device follows this seat now (its page is open): it may be asked a secret."""
        seat = self.by_id.get(seat_id)
        if seat is None:
            return False
        with self.lock:
            return seat.device is not None and seat.streams > 0


def new_device_id() -> str:
    return secrets.token_urlsafe(18)


__all__ = ["GRACE", "RateLimit", "Seat", "SeatError", "Seats", "new_device_id"]
