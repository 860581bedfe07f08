"""Speech as one of the announcer's outputs.

The announcer sends every sentence to every output; this one speaks it, in
the utterance's own language, with its earcon (companion/earcons.py: the
utterance's event name picks it) when ``sounds`` is "on" or "only" and the
backend plays sounds (the built-in voice, WAV files, Speech Dispatcher's sound
icons: a `CueSpeaker`). With "only", the earcon replaces the words of the
frequent events (a play); the important ones still speak.

**Priorities.** The data (companion/data/earcons.toml) says which events are
important: the set-up, an error, a life, a round or game end. An important
sentence is never cut off nor dropped by a new line or a newer sentence, only
by Escape and ``speech off``; the others are cut by a new line typed
(``new_line``), as stale speech. In a real-time game (``real_time``: The
Void) the frequent kinds (a play, a refusal) supersede: a new play drops the
plays still waiting and cuts the one being said unless it is nearly done, so
the voice is never more than one play behind the table (the backend measures
its backlog: ``backlog()``). A backend that is not a `CueSpeaker` (a screen
reader, pyttsx3) gets the words only, and a new line stops it all.

NORMAL sentences are queued in order; a NOW sentence (an error, the end of a
game, an answer the user asked for) cuts off what is being said — but never
what belongs to the same answer: the sentences sent within `RESPONSE_WINDOW`
before it, with no new input in between (``interrupt``), are the same answer
(the set-up and the hint, an undo's quote and what changed back, the lines of
a help) and are all heard, and never an important sentence. Nothing else
cancels what has not been heard; a new line typed (``new_line``), or Escape
(``interrupt``), does. For Speech Dispatcher every sentence goes with SSIP
priority ``message``: see speech/speechd_voice.py for the mapping.

Speech must never stop the game: if the backend breaks mid-game, the next one
takes over (the built-in voice after a screen reader or Speech Dispatcher,
then text only) and ``notice`` holds the one sentence the session should
announce.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from companion.announce import Priority, Utterance
from companion.earcons import Earcons
from companion.i18n import Translator

from .base import CueSpeaker, SilentSpeaker, Sound, Speaker, Spoken, SpeechUnavailable
from .choose import reason, replacement

Replacement = Callable[[Speaker], tuple[Speaker, SpeechUnavailable | None]]
#: Sentences sent closer together than this (seconds), with no input between them, are one answer.
RESPONSE_WINDOW = 0.25
#: ``--sounds``: earcons and words, words only, earcons instead of the frequent words.
SOUNDS = ("on", "off", "only")


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
        sounds: str = "on",
        earcons: Earcons | None = None,
        real_time: bool = False,
    ) -> None:
        """``earcons``: the sounds (None: none); ``real_time``: newer plays supersede older ones (see above)."""
        if sounds not in SOUNDS:
            raise ValueError(sounds)
        self.speaker = speaker
        self.sounds = sounds
        self.earcons = earcons
        self.real_time = real_time
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
            self._say(utterance, interrupt)
        except Exception as error:  # speech must never stop the game
            self._replace(error)
            try:
                self._say(utterance, interrupt)
            except Exception as second:
                self._replace(second, last_resort=True)

    def spoken(self, utterance: Utterance) -> Spoken:
        """What the voice gets for ``utterance``: its words, its earcon, and how it may be cut."""
        earcon = self.earcons.for_event(utterance.event, utterance.fields) if self.earcons is not None else None
        if earcon is None:
            important = self.earcons is not None and utterance.event in self.earcons.important
            return Spoken(utterance.text, utterance.lang, important=important)
        sound = None
        plays_sounds = isinstance(self.speaker, CueSpeaker) and getattr(self.speaker, "plays_sounds", True)
        if self.sounds != "off" and self.earcons is not None and plays_sounds:
            pcm = self.earcons.pcm(earcon.kind)
            sound = Sound(earcon.icon, pcm, earcon.seconds) if pcm else None
        text = "" if self.sounds == "only" and earcon.replaces_words and sound is not None else utterance.text
        return Spoken(text, utterance.lang, sound, earcon.kind, earcon.important,
                      supersedes=self.real_time and not earcon.important)

    def _say(self, utterance: Utterance, interrupt: bool) -> None:
        speaker = self.speaker
        if isinstance(speaker, CueSpeaker):
            speaker.speak(self.spoken(utterance), interrupt)
        else:  # a screen reader, pyttsx3: words only
            speaker.say(utterance.text, interrupt=interrupt, lang=utterance.lang)

    def backlog(self) -> float:
        """Seconds of speech still to be heard (0 when the backend cannot tell)."""
        speaker = self.speaker
        try:
            return speaker.backlog() if isinstance(speaker, CueSpeaker) else 0.0
        except Exception:
            return 0.0

    def take_notice(self) -> str | None:
        """The pending notice, cleared once read."""
        notice, self.notice = self.notice, None
        return notice

    def interrupt(self) -> None:
        """Stops everything being said (Escape, an answer to a question): what comes next is a new answer."""
        self._last_sent = None
        try:
            self.speaker.stop()
        except Exception:
            pass

    def new_line(self) -> None:
        """A new line was typed: stale speech stops, but not an important sentence (an error, a life…)."""
        self._last_sent = None
        speaker = self.speaker
        try:
            if isinstance(speaker, CueSpeaker):
                speaker.new_line()
            else:
                speaker.stop()
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
