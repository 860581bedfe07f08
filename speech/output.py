"""Speech as one of the announcer's outputs.

The announcer sends every sentence to every output; this one speaks it, in
the utterance's own language. NORMAL sentences are queued in order; a NOW
sentence (an error, the end of a game, an answer the user asked for) cuts
off what is being said — but never what belongs to the same answer: the
sentences sent within `RESPONSE_WINDOW` before it, with no new input in
between (``interrupt``), are the same answer (the set-up and the hint, an
undo's quote and what changed back, the lines of a help) and are all heard.
Nothing cancels what has not been heard; a new line typed, or Escape, does
(``interrupt``). For Speech Dispatcher both priorities go with SSIP priority
``message``: see speech/speechd_voice.py for the mapping.

Speech must never stop the game: if the backend breaks mid-game, the next one
takes over (the built-in voice after a screen reader or Speech Dispatcher,
then text only) and ``notice`` holds the one sentence the session should
announce.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from companion.announce import Priority, Utterance
from companion.i18n import Translator

from .base import SilentSpeaker, Speaker, SpeechUnavailable
from .choose import reason, replacement

Replacement = Callable[[Speaker], tuple[Speaker, SpeechUnavailable | None]]
#: Sentences sent closer together than this (seconds), with no input between them, are one answer.
RESPONSE_WINDOW = 0.25


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
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.speaker = speaker
        self.lang = lang
        self._clock = clock
        self._last_sent: float | None = None  # when the last sentence went out, None after an input
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
        now = self._clock()
        same_answer = self._last_sent is not None and now - self._last_sent < RESPONSE_WINDOW
        self._last_sent = now
        interrupt = utterance.priority >= Priority.NOW and not same_answer
        try:
            self.speaker.say(utterance.text, interrupt=interrupt, lang=utterance.lang)
        except Exception as error:  # speech must never stop the game
            self._replace(error)
            try:
                self.speaker.say(utterance.text, interrupt=interrupt, lang=utterance.lang)
            except Exception as second:
                self._replace(second, last_resort=True)

    def take_notice(self) -> str | None:
        """The pending notice, cleared once read."""
        notice, self.notice = self.notice, None
        return notice

    def interrupt(self) -> None:
        """Stops what is being said (a new command typed, Escape): what comes next is a new answer."""
        self._last_sent = None
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
        # Translators: a reason, mid-game, when the cause is unknown.
        why = reason(error, t) if isinstance(error, SpeechUnavailable) else t("the speech backend stopped working")
        speaker: Speaker = SilentSpeaker()
        if not last_resort:
            try:
                speaker, _ = self._fallback(failed)
            except Exception:
                pass
        self.speaker = speaker
        if isinstance(speaker, SilentSpeaker):
            # Translators: mid-game, speech broke and only text remains.
            self.notice = t("Speech: {reason}, text only from now on.", reason=why)
        else:
            # Translators: mid-game, the screen reader broke and the built-in voice takes over.
            self.notice = t("Speech: {reason}, switching to the built-in voice.", reason=why)
