"""Pick the speech backend and say, in one sentence, which one and why.

``auto`` prefers the user's running screen reader (their voice, speed and
braille), then the built-in voice when an audio output works, then text only.
A backend asked for by name that cannot work here falls back to text only:
the game goes on, and the sentence says why.

The built-in voice is the espeak-ng command streamed into a player we own
(`TtsSpeaker`: cut off within milliseconds) wherever that command and a player
work, in practice on Linux; otherwise pyttsx3 (`Pyttsx3Speaker`: SAPI5 on
Windows, NSSpeechSynthesizer on macOS, its espeak driver on a Linux without the
espeak-ng command). On Linux, pyttsx3 is used only when ``aplay``, which its
espeak driver plays with, opens an audio output, and the sentence warns that
interrupting it may lag.
"""

from __future__ import annotations

import platform
from collections.abc import Callable, Sequence
from typing import Any

from companion.i18n import Translator

from .base import SilentSpeaker, Speaker, SpeechUnavailable
from .pyttsx3_voice import Pyttsx3Speaker, aplay_works
from .screenreader import ScreenReaderSpeaker
from .tts import TtsSpeaker
from .wavfile import WavSpeaker

MODES = ("auto", "screenreader", "tts", "wav", "none")


def reason(error: SpeechUnavailable, t: Translator) -> str:
    """Why a backend is unavailable, in the user's language."""
    return t(error.message, **error.fields)


def parse(spec: str, lang: str = "en") -> tuple[str, str | None]:
    """``(mode, directory)``; ValueError, in ``lang``, for a malformed spec."""
    t = Translator(lang, "speech")
    text = spec.strip()
    mode, colon, directory = text.partition(":")
    mode = mode.strip().lower()
    if mode == "wav":
        if not colon or not directory.strip():
            raise ValueError(t("The wav speech mode needs a folder, as in wav:sounds."))
        return mode, directory.strip()
    if mode not in MODES or colon:
        raise ValueError(t("Unknown speech mode {spec}: use auto, screenreader, tts, wav:FOLDER or none.", spec=spec))
    return mode, None


def builtin_voice(
    lang: str,
    rate: int | None = None,
    voice: str | None = None,
    *,
    player: Sequence[str] | None = None,
    streaming: Callable[..., Any] | None = None,
    pyttsx3: Callable[..., Any] | None = None,
    audio_output: Callable[[], None] | None = None,
    system: str | None = None,
) -> Speaker:
    """The built-in voice: the espeak-ng streaming voice, else pyttsx3.

    On Linux pyttsx3 is tried only when ``audio_output`` (``aplay`` opens an
    output) passes. Raises the `SpeechUnavailable` to tell the user: on Linux
    the streaming voice's (installing espeak-ng is the fix there), elsewhere
    pyttsx3's. The keyword arguments replace the real checks (tests).
    """
    system = system or platform.system()
    streaming = streaming or (lambda lang, rate, voice: TtsSpeaker(lang, rate, voice, player=player))
    pyttsx3 = pyttsx3 or Pyttsx3Speaker
    try:
        return streaming(lang, rate, voice)
    except SpeechUnavailable as first:
        try:
            if system == "Linux":
                (audio_output or aplay_works)()
            return pyttsx3(lang, rate, voice)
        except SpeechUnavailable as second:
            raise (first if system == "Linux" else second) from None


def lags(speaker: Speaker, system: str | None = None) -> bool:
    """True for pyttsx3 on Linux, whose espeak driver plays with a blocking ``aplay``."""
    return getattr(speaker, "name", "") == Pyttsx3Speaker.name and (system or platform.system()) == "Linux"


def choose(
    spec: str,
    lang: str,
    rate: int | None = None,
    voice: str | None = None,
    *,
    player: Sequence[str] | None = None,
    screen_reader_running: Callable[[], bool] | None = None,
    streaming: Callable[..., Any] | None = None,
    pyttsx3: Callable[..., Any] | None = None,
    audio_output: Callable[[], None] | None = None,
    system: str | None = None,
) -> tuple[Speaker, str]:
    """The speaker for ``spec`` (auto|screenreader|tts|wav:DIR|none) and the sentence saying so.

    Never raises for a bad environment; ValueError only for a malformed spec.
    The keyword-only arguments are for tests and benchmarks: ``player`` for the
    streaming voice, ``screen_reader_running`` for the Orca check, and
    ``streaming``, ``pyttsx3``, ``audio_output`` and ``system`` as in `builtin_voice`.
    """
    mode, directory = parse(spec, lang)
    t = Translator(lang, "speech")
    if mode == "none":
        return SilentSpeaker(), t("Speech: off, text only.")
    if mode == "wav":
        assert directory is not None
        try:
            return WavSpeaker(directory, lang, rate, voice), t(
                "Speech: each sentence is written as a sound file in {directory}.", directory=directory
            )
        except SpeechUnavailable as error:
            return SilentSpeaker(), t("Speech: text only, no sound files: {reason}.", reason=reason(error, t))
    if mode in ("auto", "screenreader"):
        try:
            speaker = ScreenReaderSpeaker(screen_reader_running)
            return speaker, t("Speech: through your screen reader, {reader}.", reader=speaker.reader)
        except SpeechUnavailable as error:
            if mode == "screenreader":
                return SilentSpeaker(), t("Speech: text only, screen reader not available: {reason}.", reason=reason(error, t))
    try:
        tts = builtin_voice(
            lang, rate, voice, player=player, streaming=streaming, pyttsx3=pyttsx3, audio_output=audio_output, system=system
        )
    except SpeechUnavailable as error:
        if mode == "tts":
            return SilentSpeaker(), t("Speech: text only, built-in voice not available: {reason}.", reason=reason(error, t))
        return SilentSpeaker(), t("Speech: text only, no screen reader running and {reason}.", reason=reason(error, t))
    except Exception as error:  # a backend's bug must not stop the game from starting
        return SilentSpeaker(), t("Speech: text only, built-in voice not available: {reason}.", reason=str(error) or type(error).__name__)
    if getattr(tts, "name", "") == Pyttsx3Speaker.name:
        if lags(tts, system):
            if mode == "tts":
                return tts, t("Speech: built-in voice through pyttsx3; interrupting it may lag.")
            return tts, t("Speech: built-in voice through pyttsx3, no screen reader running; interrupting it may lag.")
        if mode == "tts":
            return tts, t("Speech: built-in voice through pyttsx3.")
        return tts, t("Speech: built-in voice through pyttsx3, no screen reader running.")
    if mode == "tts":
        return tts, t("Speech: built-in voice.")
    return tts, t("Speech: built-in voice, no screen reader running.")


def replacement(
    failed: Speaker, lang: str, rate: int | None = None, voice: str | None = None, *, player: Sequence[str] | None = None
) -> tuple[Speaker, SpeechUnavailable | None]:
    """The next backend after ``failed`` broke mid-game: the built-in voice after a
    screen reader, else text only. Returns it and, if the built-in voice could not
    start, why."""
    if failed.name == "screenreader":
        try:
            return builtin_voice(lang, rate, voice, player=player), None
        except SpeechUnavailable as error:
            return SilentSpeaker(), error
    return SilentSpeaker(), None
