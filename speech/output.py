"""Speech as one of the announcer's outputs.

The announcer sends every sentence to every output; this one speaks it, with
NOW sentences (errors, wins, answers the user asked for) cutting off what is
being said. Speech must never stop the game: if the backend breaks mid-game,
the next one takes over (the built-in voice after a screen reader, then text
only) and ``notice`` holds the one sentence the session should announce.
"""

from __future__ import annotations

from collections.abc import Callable

from companion.announce import Priority, Utterance
from companion.i18n import Translator

from .base import SilentSpeaker, Speaker, SpeechUnavailable
from .choose import reason, replacement

Replacement = Callable[[Speaker], tuple[Speaker, SpeechUnavailable | None]]


class SpeechOutput:
    """Speaks utterances; ``enabled`` is the ``speech on``/``speech off`` switch."""

    def __init__(
        self,
        speaker: Speaker,
        lang: str,
        *,
        rate: int | None = None,
        voice: str | None = None,
        fallback: Replacement | None = None,
    ) -> None:
        self.speaker = speaker
        self.lang = lang
        #: A sentence about a change of backend, for the session to announce once.
        self.notice: str | None = None
        self._enabled = True
        self._fallback = fallback or (lambda failed: replacement(failed, lang, rate, voice))

    @property
    def enabled(self) -> bool:
        return self._enabled

    @enabled.setter
    def enabled(self, value: bool) -> None:
        """Turning speech off also silences what is being said."""
        self._enabled = bool(value)
        if not self._enabled:
            self.interrupt()

    def send(self, utterance: Utterance) -> None:
        if not self._enabled:
            return
        interrupt = utterance.priority >= Priority.NOW
        try:
            self.speaker.say(utterance.text, interrupt=interrupt)
        except Exception as error:  # speech must never stop the game
            self._replace(error)
            try:
                self.speaker.say(utterance.text, interrupt=interrupt)
            except Exception as second:
                self._replace(second, last_resort=True)

    def take_notice(self) -> str | None:
        """The pending notice, cleared once read."""
        notice, self.notice = self.notice, None
        return notice

    def interrupt(self) -> None:
        """Stops what is being said (a new command typed, Escape)."""
        try:
            self.speaker.stop()
        except Exception:
            pass

    def close(self) -> None:
        try:
            self.speaker.close()
        except Exception:
            pass

    def _replace(self, error: BaseException, last_resort: bool = False) -> None:
        """Swaps in the next backend (text only when ``last_resort``) and sets ``notice``."""
        t = Translator(self.lang, "speech")
        failed = self.speaker
        self.close()
        if isinstance(failed, SilentSpeaker):
            return
        why = reason(error, t) if isinstance(error, SpeechUnavailable) else t("the speech backend stopped working")
        speaker: Speaker = SilentSpeaker()
        if not last_resort:
            try:
                speaker, _ = self._fallback(failed)
            except Exception:
                pass
        self.speaker = speaker
        if isinstance(speaker, SilentSpeaker):
            self.notice = t("Speech: {reason}, text only from now on.", reason=why)
        else:
            self.notice = t("Speech: {reason}, switching to the built-in voice.", reason=why)
