"""Speech output: a `Speaker` protocol and its backends (see speech/base.py).

`choose` picks the backend for ``--speech`` and says which; `SpeechOutput`
plugs the speaker into the announcer.
"""

from __future__ import annotations

from . import audio, espeak, nullplayer
from .base import START_TIMEOUT, RecordingSpeaker, SilentSpeaker, Speaker, SpeechUnavailable, TerminalReaderSpeaker
from .choose import choose, missing
from .output import SpeechOutput
from .pyttsx3_voice import Pyttsx3Speaker
from .screenreader import ScreenReaderSpeaker
from .speechd_voice import SpeechDispatcherSpeaker
from .tts import TtsSpeaker
from .wavfile import WavSpeaker

__all__ = [
    "Pyttsx3Speaker",
    "RecordingSpeaker",
    "ScreenReaderSpeaker",
    "SilentSpeaker",
    "Speaker",
    "START_TIMEOUT",
    "SpeechDispatcherSpeaker",
    "SpeechOutput",
    "SpeechUnavailable",
    "TerminalReaderSpeaker",
    "TtsSpeaker",
    "audio",
    "espeak",
    "nullplayer",
    "WavSpeaker",
    "choose",
    "missing",
]
