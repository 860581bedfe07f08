"""Pick the speech backend and say, in one sentence, which one and why.

``auto`` gives each sentence once, in order, in the right language:

1. A screen reader that reads the terminal the game is printed in (Orca in a
   graphical terminal, Fenrir or espeakup on a text console, NVDA or JAWS in
   a Windows console) already speaks every printed line: the companion's own
   voice stays off (`TerminalReaderSpeaker`), so nothing is heard twice.
2. Otherwise the user's screen reader: on Linux, Orca's service Speech
   Dispatcher, spoken to directly with the language of each sentence set
   (`SpeechDispatcherSpeaker`); on Windows and macOS, accessible_output2.
3. On Linux without a screen reader, a Speech Dispatcher that already runs.
4. The built-in voice when an audio output works, else text only.

Every backend must start within `START_TIMEOUT` seconds; one that does not
answer is dropped with one sentence, and the game goes on in text only. A
backend asked for by name that cannot work here falls back to text only too.

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
import sys
from collections.abc import Callable, Sequence
from typing import Any

from companion.i18n import Translator

from .base import SilentSpeaker, Speaker, SpeechUnavailable, TerminalReaderSpeaker
from .pyttsx3_voice import Pyttsx3Speaker, aplay_works
from .screenreader import LINUX_READERS, READ_CONSOLES, ScreenReaderSpeaker, linux_readers, reader_reading_terminal
from .speechd_voice import SpeechDispatcherSpeaker
from .tts import TtsSpeaker
from .wavfile import WavSpeaker

MODES = ("auto", "screenreader", "speechd", "tts", "wav", "none")


def reason(error: SpeechUnavailable, t: Translator) -> str:
    """Why a backend is unavailable, in the user's language."""
    return t(error.message, **error.fields)


def parse(spec: str, lang: str = "en") -> tuple[str, str | None]:
    """``(mode, argument)``: the folder of ``wav:FOLDER``, the output module of ``speechd:MODULE``.

    ValueError, in ``lang``, for a malformed spec.
    """
    t = Translator(lang, "speech")
    text = spec.strip()
    mode, colon, directory = text.partition(":")
    mode = mode.strip().lower()
    if mode == "wav":
        if not colon or not directory.strip():
            # Translators: error for --speech wav without a folder. Keep "wav:" as is.
            raise ValueError(t("The wav speech mode needs a folder, as in wav:sounds."))
        return mode, directory.strip()
    if mode == "speechd" and colon and directory.strip():
        return mode, directory.strip()
    if mode not in MODES or colon:
        # Translators: error for an unknown --speech value. Keep the mode names as is.
        raise ValueError(t("Unknown speech mode {spec}: use auto, screenreader, speechd, tts, wav:FOLDER or none.", spec=spec))
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


def missing(speaker: Speaker, system: str | None = None) -> bool:
    """True when the start-up sentence tells of something missing: no voice at all, or one that lags.

    The others (the voice asked for, or the best one found) are not said at start: the game's set-up is.
    """
    if isinstance(speaker, SilentSpeaker) and not isinstance(speaker, TerminalReaderSpeaker):
        return True
    return lags(speaker, system)


def no_answer(t: Translator) -> str:
    """The one sentence said when a backend does not answer in time."""
    # Translators: said at start when a speech backend does not answer within 2 seconds.
    return t("Speech synthesis does not answer: text only is used.")


def _reads_console(reader: str) -> bool:
    """Windows: NVDA and JAWS read new text in the console the game is printed in."""
    try:
        return reader in READ_CONSOLES and sys.stdout.isatty()
    except (AttributeError, ValueError, OSError):
        return False


def choose(
    spec: str,
    lang: str,
    rate: int | None = None,
    voice: str | None = None,
    *,
    player: Sequence[str] | None = None,
    screen_reader_running: Callable[[], bool] | None = None,
    reads_terminal: Callable[[], str | None] | None = None,
    speechd: Callable[..., Speaker] | None = None,
    streaming: Callable[..., Any] | None = None,
    pyttsx3: Callable[..., Any] | None = None,
    audio_output: Callable[[], None] | None = None,
    system: str | None = None,
) -> tuple[Speaker, str]:
    """The speaker for ``spec`` (auto|screenreader|speechd[:MODULE]|tts|wav:DIR|none) and the sentence saying so.

    Never raises for a bad environment; ValueError only for a malformed spec.
    The keyword-only arguments are for tests and benchmarks: ``player`` for the
    streaming voice, ``screen_reader_running`` for "a Linux screen reader runs" (Orca),
    ``reads_terminal`` for "which screen reader reads our terminal" (Linux),
    ``speechd`` builds the Speech Dispatcher speaker, and ``streaming``,
    ``pyttsx3``, ``audio_output`` and ``system`` are as in `builtin_voice`.
    """
    mode, argument = parse(spec, lang)
    t = Translator(lang, "speech")
    system = system or platform.system()
    linux = system == "Linux"
    dispatcher = speechd or SpeechDispatcherSpeaker
    if mode == "none":
        # Translators: said at start with --speech none.
        return SilentSpeaker(), t("Speech: off, text only.")
    if mode == "wav":
        assert argument is not None
        try:
            # Translators: said at start with --speech wav:DIR.
            return WavSpeaker(argument, lang, rate, voice), t(
                "Speech: each sentence is written as a sound file in {directory}.", directory=argument
            )
        except SpeechUnavailable as error:
            if error.timed_out:
                return SilentSpeaker(), no_answer(t)
            # Translators: --speech wav:DIR could not start; {reason} is a lower-case reason (no screen reader is running).
            return SilentSpeaker(), t("Speech: text only, no sound files: {reason}.", reason=reason(error, t))
    if mode == "speechd":
        try:
            speaker = dispatcher(lang, rate, voice, module=argument, autospawn=True)
        except SpeechUnavailable as error:
            if error.timed_out:
                return SilentSpeaker(), no_answer(t)
            # Translators: --speech speechd could not start; {reason} is a lower-case reason (no screen reader is running).
            return SilentSpeaker(), t("Speech: text only, Speech Dispatcher not available: {reason}.", reason=reason(error, t))
        if argument:
            # Translators: said at start with --speech speechd:MODULE.
            return speaker, t("Speech: through Speech Dispatcher, output module {module}.", module=argument)
        # Translators: said at start with --speech speechd. Speech Dispatcher is a name: keep it.
        return speaker, t("Speech: through Speech Dispatcher.")
    tried_dispatcher = False
    if mode in ("auto", "screenreader") and linux:
        reader = (reads_terminal or reader_reading_terminal)() if mode == "auto" else None
        if reader:
            # Translators: said at start when the user's screen reader ({reader}: Orca, NVDA…) reads the terminal
            # itself; the companion's own voice is then off.
            return TerminalReaderSpeaker(reader), t("Speech: {reader} reads the printed lines.", reader=reader)
        if screen_reader_running is not None:
            running = "Orca" if screen_reader_running() else None
        else:
            names = linux_readers()
            running = LINUX_READERS[names[0]][0] if names else None
        if running:
            tried_dispatcher = True
            try:
                # Translators: said at start when the user's screen reader speaks; {reader} is its name (NVDA,
                # JAWS, Orca…).
                return dispatcher(lang, rate, voice, autospawn=False), t(
                    "Speech: through your screen reader, {reader}.", reader=running)
            except SpeechUnavailable as error:
                if error.timed_out:
                    return SilentSpeaker(), no_answer(t)
                if mode == "screenreader":
                    # Translators: --speech screenreader could not start; {reason} is a lower-case reason
                    # (no screen reader is running).
                    return SilentSpeaker(), t("Speech: text only, screen reader not available: {reason}.",
                                              reason=reason(error, t))
        elif mode == "screenreader":
            return SilentSpeaker(), t("Speech: text only, screen reader not available: {reason}.",
                                      reason=t("no screen reader is running"))
    elif mode in ("auto", "screenreader"):
        try:
            found = ScreenReaderSpeaker(system=system)
        except SpeechUnavailable as error:
            if error.timed_out:
                return SilentSpeaker(), no_answer(t)
            if mode == "screenreader":
                return SilentSpeaker(), t("Speech: text only, screen reader not available: {reason}.", reason=reason(error, t))
        else:
            if mode == "auto" and (reads_terminal() is not None if reads_terminal else _reads_console(found.reader)):
                found.close()
                return TerminalReaderSpeaker(found.reader), t("Speech: {reader} reads the printed lines.", reader=found.reader)
            return found, t("Speech: through your screen reader, {reader}.", reader=found.reader)
    if mode == "auto" and linux and not tried_dispatcher:
        try:
            # Translators: said at start with --speech auto when no screen reader runs but Speech Dispatcher does.
            return dispatcher(lang, rate, voice, autospawn=False), t(
                "Speech: through Speech Dispatcher, no screen reader running.")
        except SpeechUnavailable as error:
            if error.timed_out:
                return SilentSpeaker(), no_answer(t)
    try:
        tts = builtin_voice(
            lang, rate, voice, player=player, streaming=streaming, pyttsx3=pyttsx3, audio_output=audio_output, system=system
        )
    except SpeechUnavailable as error:
        if error.timed_out:
            return SilentSpeaker(), no_answer(t)
        if mode == "tts":
            # Translators: --speech tts could not start; {reason} is a lower-case reason (no screen reader is running).
            return SilentSpeaker(), t("Speech: text only, built-in voice not available: {reason}.", reason=reason(error, t))
        # Translators: --speech auto found nothing; {reason} says why the built-in voice failed.
        return SilentSpeaker(), t("Speech: text only, no screen reader running and {reason}.", reason=reason(error, t))
    except Exception as error:  # a backend's bug must not stop the game from starting
        why = str(error) or type(error).__name__
        return SilentSpeaker(), t("Speech: text only, built-in voice not available: {reason}.", reason=why)
    if getattr(tts, "name", "") == Pyttsx3Speaker.name:
        if lags(tts, system):
            if mode == "tts":
                # Translators: said at start with --speech tts on Linux without the espeak-ng command: pyttsx3 cannot
                # cut a sentence off at once.
                return tts, t("Speech: built-in voice through pyttsx3; interrupting it may lag.")
            # Translators: said at start with --speech auto on Linux without the espeak-ng command: pyttsx3 cannot cut
            # a sentence off at once.
            return tts, t("Speech: built-in voice through pyttsx3, no screen reader running; interrupting it may lag.")
        if mode == "tts":
            # Translators: said at start with --speech tts when the voice comes through pyttsx3 (Windows, macOS). Keep
            # "pyttsx3".
            return tts, t("Speech: built-in voice through pyttsx3.")
        # Translators: said at start with --speech auto when no screen reader runs and the voice comes through pyttsx3
        # (Windows, macOS).
        return tts, t("Speech: built-in voice through pyttsx3, no screen reader running.")
    if mode == "tts":
        # Translators: said at start with --speech tts.
        return tts, t("Speech: built-in voice.")
    # Translators: said at start with --speech auto when no screen reader runs but sound works.
    return tts, t("Speech: built-in voice, no screen reader running.")


def replacement(
    failed: Speaker, lang: str, rate: int | None = None, voice: str | None = None, *, player: Sequence[str] | None = None
) -> tuple[Speaker, SpeechUnavailable | None]:
    """The next backend after ``failed`` broke mid-game: the built-in voice after a
    screen reader or Speech Dispatcher, else text only. Returns it and, if the
    built-in voice could not start, why."""
    if failed.name in ("screenreader", SpeechDispatcherSpeaker.name):
        try:
            return builtin_voice(lang, rate, voice, player=player), None
        except SpeechUnavailable as error:
            return SilentSpeaker(), error
    return SilentSpeaker(), None
