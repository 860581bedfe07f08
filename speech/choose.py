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
from dataclasses import dataclass
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


Chosen = tuple[Speaker, str]
"""A speaker and the one sentence saying which it is and why."""


@dataclass(frozen=True)
class _Request:
    """What `choose` was asked, and the hooks it was given (tests and benchmarks)."""

    mode: str
    argument: str | None
    lang: str
    rate: int | None
    voice: str | None
    t: Translator
    system: str
    dispatcher: Callable[..., Speaker]
    player: Sequence[str] | None
    screen_reader_running: Callable[[], bool] | None
    reads_terminal: Callable[[], str | None] | None
    streaming: Callable[..., Any] | None
    pyttsx3: Callable[..., Any] | None
    audio_output: Callable[[], None] | None

    @property
    def linux(self) -> bool:
        return self.system == "Linux"


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
) -> Chosen:
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
    r = _Request(mode, argument, lang, rate, voice, t, system or platform.system(), speechd or SpeechDispatcherSpeaker,
                 player, screen_reader_running, reads_terminal, streaming, pyttsx3, audio_output)
    if mode == "none":
        # Translators: said at start with --speech none.
        return SilentSpeaker(), t("Speech: off, text only.")
    if mode == "wav":
        return _wav(r)
    if mode == "speechd":
        return _speechd(r)
    tried_dispatcher = False
    if mode in ("auto", "screenreader"):
        found, tried_dispatcher = _linux_reader(r) if r.linux else (_other_reader(r), False)
        if found:
            return found
    if mode == "auto" and r.linux and not tried_dispatcher:
        found = _running_dispatcher(r)
        if found:
            return found
    return _builtin(r)


def _wav(r: _Request) -> Chosen:
    """--speech wav:DIR: each sentence written as a sound file."""
    t = r.t
    assert r.argument is not None
    try:
        # Translators: said at start with --speech wav:DIR.
        return WavSpeaker(r.argument, r.lang, r.rate, r.voice), t(
            "Speech: each sentence is written as a sound file in {directory}.", directory=r.argument
        )
    except SpeechUnavailable as error:
        if error.timed_out:
            return SilentSpeaker(), no_answer(t)
        # Translators: --speech wav:DIR could not start; {reason} is a lower-case reason (no screen reader is running).
        return SilentSpeaker(), t("Speech: text only, no sound files: {reason}.", reason=reason(error, t))


def _speechd(r: _Request) -> Chosen:
    """--speech speechd[:MODULE]: Speech Dispatcher, started if need be."""
    t = r.t
    try:
        speaker = r.dispatcher(r.lang, r.rate, r.voice, module=r.argument, autospawn=True)
    except SpeechUnavailable as error:
        if error.timed_out:
            return SilentSpeaker(), no_answer(t)
        # Translators: --speech speechd could not start; {reason} is a lower-case reason (no screen reader is running).
        return SilentSpeaker(), t("Speech: text only, Speech Dispatcher not available: {reason}.", reason=reason(error, t))
    if r.argument:
        # Translators: said at start with --speech speechd:MODULE.
        return speaker, t("Speech: through Speech Dispatcher, output module {module}.", module=r.argument)
    # Translators: said at start with --speech speechd. Speech Dispatcher is a name: keep it.
    return speaker, t("Speech: through Speech Dispatcher.")


def _running_reader(r: _Request) -> str | None:
    """Linux: the name of the screen reader that runs, if any."""
    if r.screen_reader_running is not None:
        return "Orca" if r.screen_reader_running() else None
    names = linux_readers()
    return LINUX_READERS[names[0]][0] if names else None


def _linux_reader(r: _Request) -> tuple[Chosen | None, bool]:
    """Linux, auto or screenreader: the reader of our terminal, else the running reader's Speech Dispatcher.

    None when the choice goes on, and whether Speech Dispatcher was tried."""
    t = r.t
    reader = (r.reads_terminal or reader_reading_terminal)() if r.mode == "auto" else None
    if reader:
        # Translators: said at start when the user's screen reader ({reader}: Orca, NVDA…) reads the terminal
        # itself; the companion's own voice is then off.
        return (TerminalReaderSpeaker(reader), t("Speech: {reader} reads the printed lines.", reader=reader)), False
    running = _running_reader(r)
    if running:
        try:
            # Translators: said at start when the user's screen reader speaks; {reader} is its name (NVDA,
            # JAWS, Orca…).
            return (r.dispatcher(r.lang, r.rate, r.voice, autospawn=False), t(
                "Speech: through your screen reader, {reader}.", reader=running)), True
        except SpeechUnavailable as error:
            if error.timed_out:
                return (SilentSpeaker(), no_answer(t)), True
            if r.mode == "screenreader":
                # Translators: --speech screenreader could not start; {reason} is a lower-case reason
                # (no screen reader is running).
                return (SilentSpeaker(), t("Speech: text only, screen reader not available: {reason}.",
                                           reason=reason(error, t))), True
            return None, True
    if r.mode == "screenreader":
        return (SilentSpeaker(), t("Speech: text only, screen reader not available: {reason}.",
                                   reason=t("no screen reader is running"))), False
    return None, False


def _other_reader(r: _Request) -> Chosen | None:
    """Windows and macOS, auto or screenreader: the screen reader, or None when the choice goes on."""
    t = r.t
    try:
        found = ScreenReaderSpeaker(system=r.system)
    except SpeechUnavailable as error:
        if error.timed_out:
            return SilentSpeaker(), no_answer(t)
        if r.mode == "screenreader":
            return SilentSpeaker(), t("Speech: text only, screen reader not available: {reason}.", reason=reason(error, t))
        return None
    if r.mode == "auto" and (r.reads_terminal() is not None if r.reads_terminal else _reads_console(found.reader)):
        found.close()
        return TerminalReaderSpeaker(found.reader), t("Speech: {reader} reads the printed lines.", reader=found.reader)
    return found, t("Speech: through your screen reader, {reader}.", reader=found.reader)


def _running_dispatcher(r: _Request) -> Chosen | None:
    """Linux, auto, no screen reader: a Speech Dispatcher that already runs, or None when the choice goes on."""
    t = r.t
    try:
        # Translators: said at start with --speech auto when no screen reader runs but Speech Dispatcher does.
        return r.dispatcher(r.lang, r.rate, r.voice, autospawn=False), t(
            "Speech: through Speech Dispatcher, no screen reader running.")
    except SpeechUnavailable as error:
        if error.timed_out:
            return SilentSpeaker(), no_answer(t)
        return None


def _builtin(r: _Request) -> Chosen:
    """The built-in voice, else text only with the reason."""
    t = r.t
    try:
        tts = builtin_voice(r.lang, r.rate, r.voice, player=r.player, streaming=r.streaming, pyttsx3=r.pyttsx3,
                            audio_output=r.audio_output, system=r.system)
    except SpeechUnavailable as error:
        if error.timed_out:
            return SilentSpeaker(), no_answer(t)
        if r.mode == "tts":
            # Translators: --speech tts could not start; {reason} is a lower-case reason (no screen reader is running).
            return SilentSpeaker(), t("Speech: text only, built-in voice not available: {reason}.", reason=reason(error, t))
        # Translators: --speech auto found nothing; {reason} says why the built-in voice failed.
        return SilentSpeaker(), t("Speech: text only, no screen reader running and {reason}.", reason=reason(error, t))
    except Exception as error:  # a backend's bug must not stop the game from starting
        why = str(error) or type(error).__name__
        return SilentSpeaker(), t("Speech: text only, built-in voice not available: {reason}.", reason=why)
    if getattr(tts, "name", "") == Pyttsx3Speaker.name:
        return tts, _pyttsx3_sentence(r, tts)
    if r.mode == "tts":
        # Translators: said at start with --speech tts.
        return tts, t("Speech: built-in voice.")
    # Translators: said at start with --speech auto when no screen reader runs but sound works.
    return tts, t("Speech: built-in voice, no screen reader running.")


def _pyttsx3_sentence(r: _Request, tts: Speaker) -> str:
    """The sentence for the built-in voice through pyttsx3, warning when interrupting it may lag."""
    t = r.t
    if lags(tts, r.system):
        if r.mode == "tts":
            # Translators: said at start with --speech tts on Linux without the espeak-ng command: pyttsx3 cannot
            # cut a sentence off at once.
            return t("Speech: built-in voice through pyttsx3; interrupting it may lag.")
        # Translators: said at start with --speech auto on Linux without the espeak-ng command: pyttsx3 cannot cut
        # a sentence off at once.
        return t("Speech: built-in voice through pyttsx3, no screen reader running; interrupting it may lag.")
    if r.mode == "tts":
        # Translators: said at start with --speech tts when the voice comes through pyttsx3 (Windows, macOS). Keep
        # "pyttsx3".
        return t("Speech: built-in voice through pyttsx3.")
    # Translators: said at start with --speech auto when no screen reader runs and the voice comes through pyttsx3
    # (Windows, macOS).
    return t("Speech: built-in voice through pyttsx3, no screen reader running.")


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
