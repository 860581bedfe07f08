"""WAV bytes for the built-in voice: an earcon and espeak-ng's words joined in one stream.

espeak-ng writes 22,050 Hz mono 16-bit PCM behind a header whose sizes are
unknown when it streams (0x7fffffff); the earcons share that format
(companion/earcons.py), so joining is putting samples one after the other
behind one header: `stream_header` while streaming to a player, `wav` with the
true sizes for a file. Counting the samples gives the exact length, which is
how the built-in voice knows its own backlog.
"""

from __future__ import annotations

import struct

#: espeak-ng's format, and the earcons'.
RATE, WIDTH = 22050, 2
#: Silence between the earcon and the words, in seconds.
GAP = 0.03


def samples(wav: bytes) -> bytes:
    """The PCM after a WAV header's ``data`` chunk (all of it: a streamed header's size is not trusted)."""
    at = wav.find(b"data", 12)
    return wav[at + 8:] if at >= 0 else b""


def wav(pcm: bytes, rate: int = RATE) -> bytes:
    """``pcm`` (mono 16-bit) behind a WAV header with its true sizes."""
    pcm = pcm[: len(pcm) - len(pcm) % WIDTH]
    fmt = struct.pack("<HHIIHH", 1, 1, rate, rate * WIDTH, WIDTH, 8 * WIDTH)
    return (b"RIFF" + struct.pack("<I", 36 + len(pcm)) + b"WAVE" + b"fmt " + struct.pack("<I", 16) + fmt
            + b"data" + struct.pack("<I", len(pcm)) + pcm)


def stream_header(rate: int = RATE) -> bytes:
    """A WAV header for a stream whose length is not known yet (as espeak-ng writes one): players read to the end."""
    return wav(b"", rate)[:4] + struct.pack("<I", 0x7FFFFFFF) + wav(b"", rate)[8:40] + struct.pack("<I", 0x7FFFFFDB)


def gap() -> bytes:
    """The silence between an earcon and its words."""
    return b"\0" * (int(GAP * RATE) * WIDTH)


def joined(sound: bytes, words: bytes) -> bytes:
    """The earcon's samples, a short gap, then the words' samples (either may be empty)."""
    return sound + (gap() if sound and words else b"") + words


def duration(size: int, rate: int = RATE) -> float:
    """Seconds of ``size`` bytes of samples."""
    return size / (rate * WIDTH)


def seconds(pcm: bytes, rate: int = RATE) -> float:
    return duration(len(pcm), rate)
