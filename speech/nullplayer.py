"""A silent player that takes real time: WAV on stdin, nothing out.

Tests and benchmarks need a player that behaves like a sound card (a
four-second sentence takes four seconds, and can be cut off) on machines that
have none. With ``--log FILE`` it appends one line per event, with the process
id, a ``time.monotonic()`` stamp and the audio bytes played so far:
``start`` (first audio received), ``end`` (played in full), ``stop`` (killed).
Run it by path with ``python -S``: it needs only the standard library.
"""

from __future__ import annotations

import os
import signal
import struct
import sys
import time
from typing import BinaryIO

CHUNK_SECONDS = 0.01


def _log(fd: int | None, event: str, played: int) -> None:
    if fd is not None:
        os.write(fd, f"{event} {os.getpid()} {time.monotonic():.6f} {played}\n".encode())


def _read_exact(stream: BinaryIO, size: int) -> bytes:
    data = b""
    while len(data) < size:
        more = stream.read(size - len(data))
        if not more:
            break
        data += more
    return data


def _byte_rate(stream: BinaryIO) -> int:
    """Reads the RIFF header up to the data chunk; returns bytes per second."""
    riff = _read_exact(stream, 12)
    if len(riff) < 12 or riff[:4] != b"RIFF" or riff[8:12] != b"WAVE":
        raise SystemExit("nullplayer: not a WAV stream")
    byte_rate = 0
    while True:
        head = _read_exact(stream, 8)
        if len(head) < 8:
            raise SystemExit("nullplayer: no data chunk")
        kind, size = head[:4], struct.unpack("<I", head[4:])[0]
        if kind == b"data":
            return byte_rate or 44100
        body = _read_exact(stream, size + (size & 1))
        if kind == b"fmt ":
            byte_rate = struct.unpack("<I", body[8:12])[0]


def main(argv: list[str]) -> int:
    log = None
    if len(argv) >= 2 and argv[0] == "--log":
        log = os.open(argv[1], os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
    played = 0

    def stopped(signum: int, frame: object) -> None:
        _log(log, "stop", played)
        os._exit(0)

    signal.signal(signal.SIGTERM, stopped)
    stream = sys.stdin.buffer
    byte_rate = _byte_rate(stream)
    chunk = max(2, int(byte_rate * CHUNK_SECONDS))
    start = None
    while True:
        data = stream.read1(chunk) if hasattr(stream, "read1") else stream.read(chunk)
        if not data:
            break
        if start is None:
            start = time.monotonic()
            _log(log, "start", 0)
        played += len(data)
        delay = start + played / byte_rate - time.monotonic()
        if delay > 0:
            time.sleep(delay)
    _log(log, "end", played)
    return 0


def command(log: str | os.PathLike[str] | None = None) -> list[str]:
    """The argv that runs this player (for ``TtsSpeaker(player=...)``)."""
    argv = [sys.executable, "-S", os.path.abspath(__file__)]
    return argv + ["--log", os.fspath(log)] if log is not None else argv


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
