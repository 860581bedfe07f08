"""Earcons: a short sound before (or instead of) the words, for what happens often.

The sounds and which event gets which are data (companion/data/earcons.toml);
the rules cores know nothing of them: an utterance's event name (its
``--json`` name, "error" for a refused line) picks its earcon.

Generated, not shipped: the recipe is the only source, and sox (which set-up
installs) makes each file in a few milliseconds the first time it is needed,
into the user's cache folder (platformdirs), so no binary file lives in the
repository and a changed recipe makes new files (``recipe.sha256`` beside
them). The names stay the same (``companion-play.wav``…) so that the folder can
serve Speech Dispatcher as sound icons. The sounds are 22,050 Hz mono 16-bit
PCM, espeak-ng's own format, so the built-in voice joins sound and words in one
stream. Without sox there are no sounds, and nothing else changes.
"""

from __future__ import annotations

import functools
import hashlib
import os
import shutil
import subprocess
import threading
import tomllib
import wave
from dataclasses import dataclass
from collections.abc import Mapping
from pathlib import Path
from typing import Any

#: The recipe of every earcon, and the event → earcon mapping.
DATA = Path(__file__).parent / "data" / "earcons.toml"
#: espeak-ng's output format, shared by the earcons so both join in one WAV stream.
RATE, WIDTH = 22050, 2
#: Loudness of the tones (1.0: full scale): a little under the voice.
VOLUME = 0.45
#: The longest an earcon may last, in seconds (the recipe is checked against it).
MAX_SECONDS = 0.25
#: Icon names are the file names, prefixed so they never clash with other sound icons.
PREFIX = "companion-"


@dataclass(frozen=True)
class Tone:
    """One sox ``synth`` tone: ``hz`` is a frequency, or "FROM-TO" for a sweep."""

    wave: str
    hz: str
    seconds: float


@dataclass(frozen=True)
class Earcon:
    kind: str
    tones: tuple[Tone, ...]
    #: Never cut off, never dropped to catch up (an error, a life, a round or game end).
    important: bool
    #: With ``--sounds only``, said instead of the sentence.
    replaces_words: bool

    @property
    def seconds(self) -> float:
        return sum(tone.seconds for tone in self.tones)

    @property
    def icon(self) -> str:
        """The file name, which is also the Speech Dispatcher sound icon's name."""
        return f"{PREFIX}{self.kind}.wav"


class EarconError(ValueError):
    """The recipe file is malformed (a developer's mistake: the tests load it)."""


class Earcons:
    """The earcons of the recipe, made on first use into ``folder``."""

    def __init__(self, sounds: dict[str, Earcon], events: dict[str, str], folder: Path, recipe: str,
                 negative: dict[str, str] | None = None, important: frozenset[str] = frozenset()) -> None:
        self.sounds = sounds
        self.events = events
        #: Events whose sound goes only with a negative value of this field (a life lost, not one gained).
        self.negative = negative or {}
        #: Events with no sound that are never cut either (the set-up).
        self.important = important
        self.folder = folder
        self._recipe = recipe
        self._lock = threading.Lock()
        self._made: bool | None = None  # None: not tried yet; False: sox missing or failed

    def for_event(self, event: str, fields: Mapping[str, Any] | None = None) -> Earcon | None:
        """The earcon of an utterance's event (and fields, for the events that need one: see ``negative``)."""
        kind = self.events.get(event)
        condition = self.negative.get(event)
        if condition is not None:
            value = (fields or {}).get(condition)
            if not isinstance(value, (int, float)) or value >= 0:
                return None
        return self.sounds.get(kind) if kind is not None else None

    def file(self, kind: str) -> Path | None:
        """The WAV of ``kind``, made with every other one the first time; None without sox."""
        if kind not in self.sounds or not self.make():
            return None
        return self.folder / self.sounds[kind].icon

    def pcm(self, kind: str) -> bytes:
        """The raw samples of ``kind`` (``RATE`` Hz, mono, 16-bit), or nothing without sox."""
        path = self.file(kind)
        if path is None:
            return b""
        try:
            with wave.open(str(path), "rb") as stream:
                return stream.readframes(stream.getnframes())
        except (OSError, EOFError, wave.Error):
            return b""

    def make(self) -> bool:
        """Makes the files unless the folder already holds this recipe's; False when they cannot be made."""
        with self._lock:
            if self._made is None:
                self._made = self._make()
            return self._made

    def _make(self) -> bool:
        stamp = self.folder / "recipe.sha256"
        try:
            if stamp.read_text() == self._recipe and all(_sound_fits(self.folder / e.icon, e) for e in self.sounds.values()):
                return True
        except OSError:
            pass
        sox = shutil.which("sox")
        if sox is None:
            return False
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            for earcon in self.sounds.values():
                samples = b"".join(_tone(sox, tone) for tone in earcon.tones)
                _write_wav(self.folder / earcon.icon, samples)
            stamp.write_text(self._recipe)
        except (OSError, subprocess.SubprocessError):
            return False
        return True


def _sound_fits(path: Path, earcon: Earcon) -> bool:
    """Whether the cached ``path`` is this earcon's sound: a WAV of our format, as long as its tones (a frame or
    so of rounding a tone), and no bigger than its frames. Anything else (a damaged or replaced file) is made again.
    """
    expected = sum(round(tone.seconds * RATE) for tone in earcon.tones)
    try:
        size = path.stat().st_size
        with wave.open(str(path), "rb") as stream:
            shape = (stream.getnchannels(), stream.getsampwidth(), stream.getframerate())
            frames = stream.getnframes()
    except (OSError, EOFError, wave.Error):
        return False
    return (shape == (1, WIDTH, RATE) and abs(frames - expected) <= 2 * len(earcon.tones)
            and size == 44 + frames * WIDTH)


def _tone(sox: str, tone: Tone) -> bytes:
    """One tone's raw samples, with 5 ms fades so it never clicks."""
    fade = min(0.005, tone.seconds / 4)
    result = subprocess.run(
        [sox, "-q", "-n", "-r", str(RATE), "-c", "1", "-b", "16", "-e", "signed-integer", "-t", "raw", "-",
         "synth", f"{tone.seconds}", tone.wave, tone.hz, "fade", "h", f"{fade}", f"{tone.seconds}", f"{fade}",
         "vol", f"{VOLUME}"],
        stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, check=True, timeout=10)
    return result.stdout


def _write_wav(path: Path, samples: bytes) -> None:
    """Writes whole or not at all: a half-written sound is never played."""
    partial = path.with_name(path.name + ".part")
    with wave.open(str(partial), "wb") as stream:
        stream.setnchannels(1)
        stream.setsampwidth(WIDTH)
        stream.setframerate(RATE)
        stream.writeframes(samples)
    os.replace(partial, path)


def default_folder() -> Path:
    """The user's cache folder for the earcons (``COMPANION_EARCONS`` overrides it)."""
    override = os.environ.get("COMPANION_EARCONS")
    if override:
        return Path(override)
    import platformdirs

    return platformdirs.user_cache_path("companion") / "earcons"


def parse(data: dict[str, Any], folder: Path, recipe: str = "") -> Earcons:
    """The earcons of a parsed recipe; `EarconError` names what is wrong."""
    sounds: dict[str, Earcon] = {}
    for kind, entry in data.get("sounds", {}).items():
        try:
            tones = tuple(Tone(str(t["wave"]), str(t["hz"]), float(t["seconds"])) for t in entry["tones"])
            earcon = Earcon(kind, tones, bool(entry.get("important", False)), bool(entry.get("replaces_words", False)))
        except (KeyError, TypeError, ValueError) as error:
            raise EarconError(f"earcon {kind}: {error!r}") from None
        if not tones or earcon.seconds > MAX_SECONDS:
            raise EarconError(f"earcon {kind}: lasts {earcon.seconds} s, at most {MAX_SECONDS} s")
        sounds[kind] = earcon
    events: dict[str, str] = {}
    negative: dict[str, str] = {}
    for event, entry in data.get("events", {}).items():
        if isinstance(entry, dict):  # { sound = "life", negative = "delta" }
            try:
                events[str(event)], negative[str(event)] = str(entry["sound"]), str(entry["negative"])
            except KeyError as error:
                raise EarconError(f"event {event}: {error!r}") from None
        else:
            events[str(event)] = str(entry)
    unknown = sorted(set(events.values()) - set(sounds))
    if unknown:
        raise EarconError(f"events name unknown earcons: {', '.join(unknown)}")
    important = frozenset(str(event) for event in data.get("important", {}).get("events", []))
    return Earcons(sounds, events, folder, recipe, negative, important)


@functools.cache
def load(path: Path = DATA, folder: Path | None = None) -> Earcons:
    """The earcons of ``path`` (the shipped recipe by default), made into ``folder`` (the cache folder)."""
    raw = path.read_bytes()
    return parse(tomllib.loads(raw.decode("utf-8")), folder or default_folder(), hashlib.sha256(raw).hexdigest())


__all__ = ["Earcon", "EarconError", "Earcons", "MAX_SECONDS", "RATE", "Tone", "default_folder", "load", "parse"]
