"""Issue 23: the server holds under load, on 127.0.0.1 only, bounded in count and time, everything closed.

200 event streams of joined seats (six seats, each from its own device) and 500 idle sockets are held open at
once; meanwhile every seat's page and form still answer, and a sentence said at the table reaches every stream.
Before issue 23, 64 open connections made every page, form and stream answer 503.
"""

from __future__ import annotations

import socket
import time
import urllib.request

import pytest

pytest.importorskip("starlette", reason="starlette is not installed: run make setup")

from web_requests import RawStream, post_json, served

from companion.announce import Priority

STREAMS = 200
IDLE = 500


def test_200_streams_and_500_idle_sockets_and_every_seat_still_answers() -> None:
    started = time.monotonic()
    with served("gauntlet", players=6) as (session, recorder, web):
        seats = list(web.seats)
        devices = {seat.id: f"device-{seat.id}" for seat in seats}
        for seat in seats:
            web.seats.claim(seat, devices[seat.id])
        host, port = web.bound
        streams: list[RawStream] = []
        idle: list[socket.socket] = []
        try:
            for i in range(STREAMS):
                seat = seats[i % len(seats)]
                streams.append(RawStream(web, seat.id, devices[seat.id]))
            assert {s.status for s in streams} == {200}
            for _ in range(IDLE):
                idle.append(socket.create_connection((host, port), timeout=5))
            time.sleep(0.2)
            for seat in seats:  # every seat's page and form answer
                page = post_json(web.seat_url(seat) + "/line", {"line": "status", "lang": "en"}, devices[seat.id])
                assert page[0] == 200, page
                request = urllib.request.Request(web.seat_url(seat), headers={"Cookie": f"companion_device={devices[seat.id]}"})
                with urllib.request.urlopen(request, timeout=5) as response:
                    assert response.status == 200
            session.say("Load check.", "message", {}, Priority.NORMAL)
            for stream in streams:
                assert b"Load check." in stream.read_until(b"Load check.")
            assert web.limits.total <= web.limits.idle_per_client
        finally:
            for stream in streams:
                stream.close()
            for sock in idle:
                sock.close()
    assert time.monotonic() - started < 30
