"""Cutting the silence around the words, as espeak-ng's samples stream in.

espeak-ng ends every text with about 0.3 s of silence (its end-of-sentence
pause), and starts it with 12 ms or more: time the table waits before the
next sentence can be heard. Its ``-z`` option drops most of the pause at the
end (speech/espeak.py); `SilenceTrim` makes sure of the rest, whatever the
engine's version: it passes on every sample up to the last voiced one at once
and holds back only the quiet ones after it, which go out when a voiced
sample follows (a pause between words) and are dropped at the end but for a
short `TAIL`, so the last word fades out, never clipped. The quiet before the
first voiced sample is dropped but for `LEAD`. Nothing waits for a voiced
sample that is already there: playback starts as soon as it did, or sooner.
"""

from __future__ import annotations

import array
import sys

from . import audio

#: A sample louder than this (16-bit, about -54 dBFS) is voiced; espeak-ng's silence is exact zeros.
THRESHOLD = 64
#: Quiet kept after the last voiced sample, in seconds: the end of a word's decay.
TAIL = 0.04
#: Quiet kept before the first voiced sample, in seconds.
LEAD = 0.005


def _last_voiced(pcm: bytes, threshold: int) -> int:
    """The index of the last sample louder than ``threshold`` in ``pcm`` (whole 16-bit samples), or -1."""
    samples = array.array("h", pcm[: len(pcm) - len(pcm) % audio.WIDTH])
    if sys.byteorder == "big":
        samples.byteswap()
    for index in range(len(samples) - 1, -1, -1):
        if abs(samples[index]) > threshold:
            return index
    return -1


def _first_voiced(pcm: bytes, threshold: int) -> int:
    """The index of the first sample louder than ``threshold`` in ``pcm``, or -1."""
    samples = array.array("h", pcm[: len(pcm) - len(pcm) % audio.WIDTH])
    if sys.byteorder == "big":
        samples.byteswap()
    for index, sample in enumerate(samples):
        if abs(sample) > threshold:
            return index
    return -1


class SilenceTrim:
    """Feed it a stream's samples chunk by chunk (`feed`), then `end` it: what it returns is what plays."""

    def __init__(self, tail: float = TAIL, threshold: int = THRESHOLD, rate: int = audio.RATE,
                 lead: float = LEAD) -> None:
        self.threshold = threshold
        self.tail_bytes = int(tail * rate) * audio.WIDTH
        self.lead_bytes = int(lead * rate) * audio.WIDTH
        self._held = b""  # the samples after the last voiced one, so far
        self._voiced = False  # a voiced sample went out

    def feed(self, pcm: bytes) -> bytes:
        """The samples that can play now: all up to the last voiced one (none if ``pcm`` is quiet)."""
        data = self._held + pcm
        start = len(self._held) - len(self._held) % audio.WIDTH  # the held samples are all quiet: not read again
        last = _last_voiced(data[start:], self.threshold)
        if last < 0:
            self._held = data
            return b""
        cut = start + (last + 1) * audio.WIDTH
        out, self._held = data[:cut], data[cut:]
        if not self._voiced:  # the first voiced sample: the quiet before it goes, but for the lead
            self._voiced = True
            out = out[max(0, _first_voiced(out, self.threshold) * audio.WIDTH - self.lead_bytes):]
        return out

    def end(self) -> bytes:
        """The end of the stream: the short tail of quiet after the last voiced sample (nothing if none was)."""
        tail, self._held = self._held[: self.tail_bytes] if self._voiced else b"", b""
        return tail[: len(tail) - len(tail) % audio.WIDTH]


def trimmed(pcm: bytes, tail: float = TAIL, threshold: int = THRESHOLD, lead: float = LEAD) -> bytes:
    """``pcm`` without its silence around the words, but for ``lead`` and ``tail`` seconds (a whole WAV file)."""
    trim = SilenceTrim(tail, threshold, lead=lead)
    return trim.feed(pcm) + trim.end()
