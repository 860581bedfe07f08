"""WAV bytes for the built-in voice: an earcon and espeak-ng's words joined in one stream.

espeak-ng writes 22,050 Hz mono 16-bit PCM behind a header whose sizes are
unknown when it streams (0x7fffffff); the earcons share that format
(companion/earcons.py), so joining is putting samples one after the other
behind a new header with the true sizes. The length of the result is exact,
which is how the built-in voice knows its own backlog.
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


def joined(sound: bytes, words: bytes) -> bytes:
    """The earcon's samples, a short gap, then the words' samples (either may be empty)."""
    gap = b"\0" * (int(GAP * RATE) * WIDTH) if sound and words else b""
    return sound + gap + words


def seconds(pcm: bytes, rate: int = RATE) -> float:
    return len(pcm) / (rate * WIDTH)
