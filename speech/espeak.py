"""The espeak-ng command line: the engine behind the built-in voice and WAV files.

The command (not pyttsx3) is used so that audio can be streamed to a player
process we own and kill at once, and so that nothing the engine prints can
reach the user's terminal. Text goes through standard input, so a sentence
starting with "-" is never read as an option.

``-z`` leaves out espeak-ng's pause at the end of the text (about 0.3 s of
silence after every sentence: time the table would wait for nothing); what it
leaves is trimmed to a short tail, and the silence before the words to a
short lead, as the samples come (speech/trim.py), so
the built-in voice, WAV files and `synthesize` give the same samples.
"""

from __future__ import annotations

import shutil
import subprocess

from . import audio
from .base import START_TIMEOUT, SpeechUnavailable
from .trim import trimmed

#: espeak-ng voice per companion language.
VOICES = {"fr": "roa/fr", "en": "en"}
#: espeak-ng's own speed limits, in words per minute.
MIN_RATE, MAX_RATE = 80, 450
#: espeak-ng's speed when none is given (no ``-s``), words per minute: the built-in voice's without ``--rate``.
DEFAULT_RATE = 175


def voice_for(lang: str, voice: str | None = None) -> str:
    """The espeak-ng voice: the one asked for, else the language's."""
    return voice or VOICES.get(lang, lang)


def clamp_rate(rate: int | None) -> int | None:
    return None if rate is None else max(MIN_RATE, min(MAX_RATE, int(rate)))


def find() -> str:
    """The espeak-ng executable, or `SpeechUnavailable`."""
    path = shutil.which("espeak-ng")
    if path is None:
        # Translators: a reason (lower case, ends a sentence).
        raise SpeechUnavailable("espeak-ng is not installed")
    return path


def command(engine: str, voice: str, rate: int | None, *, wav: str | None = None, end_pause: bool = False) -> list[str]:
    """espeak-ng reading UTF-8 text on stdin; WAV on stdout, or into ``wav``; no pause after the text (``-z``)."""
    args = [engine, "-b", "1", "-v", voice] + ([] if end_pause else ["-z"])
    if rate is not None:
        args += ["-s", str(rate)]
    args += ["-w", wav] if wav else ["--stdout"]
    return args


def check(engine: str, voice: str) -> None:
    """Fail early, with a reason, when the voice does not exist."""
    try:
        result = subprocess.run(
            [engine, "-v", voice, "-q", "a"],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            timeout=START_TIMEOUT,
        )
    except subprocess.TimeoutExpired as error:
        # Translators: a reason; {error} is a system message.
        raise SpeechUnavailable("espeak-ng does not start: {error}", error=str(error), timed_out=True) from error
    except (OSError, subprocess.SubprocessError) as error:
        raise SpeechUnavailable("espeak-ng does not start: {error}", error=str(error)) from error
    if result.returncode != 0:
        # Translators: a reason; {voice} is an espeak-ng voice name.
        raise SpeechUnavailable("the voice {voice} does not exist", voice=voice)


def synthesize(text: str, lang: str, rate: int | None = None, voice: str | None = None, *,
               untrimmed: bool = False) -> bytes:
    """The WAV bytes for ``text``, as the built-in voice plays them (tests and benchmarks compare against it).

    ``untrimmed``: espeak-ng's own output, its pause and silence at the end kept (the benchmarks' reference).
    """
    engine = find()
    result = subprocess.run(
        command(engine, voice_for(lang, voice), clamp_rate(rate), end_pause=untrimmed),
        input=text.encode("utf-8"),
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        check=True,
        timeout=60,
    )
    return result.stdout if untrimmed else audio.wav(trimmed(audio.samples(result.stdout)))
