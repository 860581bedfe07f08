"""Pick the speech backend and say, in one sentence, which one and why.

``auto`` prefers the user's running screen reader (their voice, speed and
braille), then the built-in voice when an audio output works, then text only.
A backend asked for by name that cannot work here falls back to text only:
the game goes on, and the sentence says why.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from companion.i18n import Translator

from .base import SilentSpeaker, Speaker, SpeechUnavailable
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


def choose(
    spec: str,
    lang: str,
    rate: int | None = None,
    voice: str | None = None,
    *,
    player: Sequence[str] | None = None,
    screen_reader_running: Callable[[], bool] | None = None,
) -> tuple[Speaker, str]:
    """The speaker for ``spec`` (auto|screenreader|tts|wav:DIR|none) and the sentence saying so.

    Never raises for a bad environment; ValueError only for a malformed spec.
    ``player`` and ``screen_reader_running`` are for tests and benchmarks.
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
        tts = TtsSpeaker(lang, rate, voice, player=player)
    except SpeechUnavailable as error:
        if mode == "tts":
            return SilentSpeaker(), t("Speech: text only, built-in voice not available: {reason}.", reason=reason(error, t))
        return SilentSpeaker(), t("Speech: text only, no screen reader running and {reason}.", reason=reason(error, t))
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
            return TtsSpeaker(lang, rate, voice, player=player), None
        except SpeechUnavailable as error:
            return SilentSpeaker(), error
    return SilentSpeaker(), None
