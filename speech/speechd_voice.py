"""Speech through Speech Dispatcher, with the language of every sentence set.

Speech Dispatcher is the speech service of the Linux desktop: Orca speaks
through it, and so does the companion, with the service's own client (Debian
package ``python3-speechd``). Each sentence goes with its language (``SET
SELF LANGUAGE fr`` before a French sentence), so the output module picks a
French voice; the output module (``--speech speechd:MODULE``) and the rate
(``--rate``) can be chosen.

**Priorities.** The announcer has two priorities; they map to SSIP's like this
(SSIP's model: "message" is never cut by another "message", "text" cuts
itself, "important" cannot be interrupted):

==========================  ======================================================
announcer                   sent to Speech Dispatcher
==========================  ======================================================
``Priority.NORMAL``         ``SPEAK`` with priority ``message``: queued after what
                            is being said, in order, never dropped by the next
                            ordinary sentence
``Priority.NOW``            ``CANCEL self`` (our current and queued sentences
                            only), then ``SPEAK`` with priority ``message``
a new line typed, Escape    ``CANCEL self``
==========================  ======================================================

``text`` is not used for announcements: it interrupts itself, so the set-up
sentence, "Round 1" and the first draw, sent one after the other, would cancel
each other and only the last would be heard. ``important`` is not used either:
it cannot be stopped and would cut off the screen reader's own speech.

**Never blocking.** The client waits for each reply with no timeout, so every
call runs on the speaker's own thread (`CommandThread`): connecting must
succeed within `START_TIMEOUT` seconds, and a call that hangs later makes the
next ``say`` raise, so the announcer moves on (built-in voice, else text
only). The daemon is started on demand (autospawn) only when the user asked
for Speech Dispatcher by name; ``auto`` and ``screenreader`` only use one that
already runs (Orca's, or the user's).
"""

from __future__ import annotations

import os
from functools import partial
from typing import Any

from companion.platform.speechd import listening

from .base import START_TIMEOUT, SpeechUnavailable
from .guard import CommandThread

#: How the companion names itself to Speech Dispatcher (``SET SELF CLIENT_NAME user:companion:game``).
CLIENT_NAME = "companion"
#: Seconds to wait when the daemon may have to be started first (autospawn).
SPAWN_TIMEOUT = 5.0
#: The espeak-ng module's rate scale (its configuration's defaults): SSIP -100, 0 and +100 in words per minute.
MIN_WPM, NORMAL_WPM, MAX_WPM = 80, 170, 449
#: SSIP priority of every sentence (see the module docstring).
PRIORITY = "message"


def ssip_rate(wpm: int | None) -> int | None:
    """``--rate`` in words per minute as SSIP's -100…+100 (exact for espeak-ng's defaults)."""
    if wpm is None:
        return None
    if wpm <= NORMAL_WPM:
        value = (wpm - MIN_WPM) * 100 / (NORMAL_WPM - MIN_WPM) - 100
    else:
        value = (wpm - NORMAL_WPM) * 100 / (MAX_WPM - NORMAL_WPM)
    return max(-100, min(100, round(value)))


def _client_module() -> Any:
    try:
        import speechd
    except ImportError:
        # Translators: a reason (lower case, ends a sentence).
        raise SpeechUnavailable("the Speech Dispatcher client is not installed (Debian package python3-speechd)") from None
    return speechd


class SpeechDispatcherSpeaker:
    """Speaks through Speech Dispatcher (see the module docstring)."""

    name = "speechd"

    def __init__(
        self,
        lang: str,
        rate: int | None = None,
        voice: str | None = None,
        *,
        module: str | None = None,
        address: str | None = None,
        autospawn: bool = False,
        timeout: float | None = None,
        component: str = "game",
    ) -> None:
        """Connects, or raises `SpeechUnavailable` (``timed_out`` when the daemon does not answer).

        ``address`` is Speech Dispatcher's (``unix_socket:/path`` or
        ``inet_socket:host:port``); by default ``SPEECHD_ADDRESS``, else the
        user's own socket. ``voice`` is a synthesis voice name of the module
        (``spd-say -o MODULE -L`` lists them).
        """
        self.lang = lang
        self.rate = rate
        self.voice = voice
        self.module = module
        self.address = address or os.environ.get("SPEECHD_ADDRESS") or None
        self.autospawn = autospawn
        self.component = component
        self._speechd = _client_module()
        self._client: Any = None
        self._lang_set: str | None = None
        self._spoken = False  # said something since the last CANCEL (thread only)
        if timeout is not None:
            wait = timeout
        else:  # a daemon that must be started first gets longer; one that listens answers at once or never
            wait = SPAWN_TIMEOUT if autospawn and not listening(self.address) else START_TIMEOUT
        # Translators: a reason, mid-game.
        self._thread = CommandThread("speech-speechd", SpeechUnavailable("Speech Dispatcher stopped answering"), START_TIMEOUT)
        try:
            self._thread.start(self._connect, wait)
        except SpeechUnavailable as error:
            self._thread.close(self._close_client, wait=0)
            if error.timed_out:
                # Translators: a reason.
                raise SpeechUnavailable("Speech Dispatcher does not answer", timed_out=True) from None
            raise

    # ------------------------------------------------------------ the speaker's thread

    def _connect(self) -> None:
        speechd = self._speechd
        try:
            client = speechd.SSIPClient(CLIENT_NAME, component=self.component, address=self.address,
                                        autospawn=self.autospawn)
        except Exception as error:  # SSIPCommunicationError, SpawnError, OSError: nobody answers there
            # Translators: a reason.
            raise SpeechUnavailable("Speech Dispatcher is not running") from error
        self._client = client
        try:
            if self.module is not None:
                if self.module not in client.list_output_modules():
                    # Translators: a reason; {module} is a name such as espeak-ng.
                    raise SpeechUnavailable("Speech Dispatcher has no output module {module}", module=self.module)
                client.set_output_module(self.module)
            client.set_priority(getattr(speechd.Priority, PRIORITY.upper()))
            self._set_language(self.lang)
            rate = ssip_rate(self.rate)
            if rate is not None:
                client.set_rate(rate)
            if self.voice:
                client.set_synthesis_voice(self.voice)
        except SpeechUnavailable:
            raise
        except Exception as error:
            # Translators: a reason; {error} is Speech Dispatcher's own message.
            raise SpeechUnavailable("Speech Dispatcher refused the settings: {error}", error=str(error)) from error

    def _set_language(self, lang: str) -> None:
        self._client.set_language(lang)
        self._lang_set = lang

    def _speak(self, text: str, lang: str) -> None:
        if lang != self._lang_set:
            self._set_language(lang)
        self._client.speak(text)
        self._spoken = True

    def _cancel(self) -> None:
        if self._spoken:
            self._client.cancel()
            self._spoken = False

    def _close_client(self) -> None:
        client, self._client = self._client, None
        if client is not None:
            try:
                client.close()
            except Exception:
                pass

    # ------------------------------------------------------------ the caller's side

    def say(self, text: str, interrupt: bool = False, lang: str | None = None) -> None:
        """Queues the sentence; raises `SpeechUnavailable` once Speech Dispatcher stopped answering."""
        self._thread.check()
        if interrupt:
            self.stop()
        text = text.strip()
        if text:
            self._thread.call(partial(self._speak, text, lang or self.lang))

    def stop(self) -> None:
        """Drops what is not sent yet and cancels what Speech Dispatcher is saying for us."""
        self._thread.drop_pending()
        self._thread.call(self._cancel, droppable=False)

    def wait(self, timeout: float | None = None) -> bool:
        """Until every sentence reached Speech Dispatcher; False on timeout or failure (tests, benchmarks)."""
        return self._thread.wait(timeout)

    @property
    def failure(self) -> SpeechUnavailable | None:
        return self._thread.failure

    def close(self) -> None:
        """Closes the connection without a cancel: the last sentences are still heard."""
        self._thread.close(self._close_client)
