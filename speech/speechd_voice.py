"""Speech through Speech Dispatcher, with the language of every sentence set.

Speech Dispatcher is the speech service of the Linux desktop: Orca speaks
through it, and so does the companion, with the service's own client (Debian
package ``python3-speechd``). Each sentence goes with its language (``SET
SELF LANGUAGE fr`` before a French sentence), so the output module picks a
French voice; the output module (``--speech speechd:MODULE``) and the rate
(``--rate``) can be chosen.

**Priorities.** Every sentence goes with SSIP priority ``message`` (SSIP's
model: "message" is never cut by another "message", "text" cuts itself,
"important" cannot be interrupted), and the companion keeps its own queue: one
sentence at a time is at the daemon, the next goes when the daemon reports
the end of the last (its END and CANCEL events), so the companion knows its
backlog and can drop a stale sentence without touching the others:

==========================  ======================================================
announcer                   sent to Speech Dispatcher
==========================  ======================================================
a sentence                  ``SOUND_ICON companion-KIND.wav`` first when it has an
                            earcon and sound icons are on, then ``SPEAK``
                            (priority ``message``) when the last one ended
``Priority.NOW``            the queue is dropped but for its important sentences,
                            ``CANCEL self`` when what is said is not important
a new line typed            the same
a newer play (real time)    the waiting plays are dropped; ``CANCEL self`` when a
                            play is being said and is not nearly done
Escape, ``speech off``      the queue is dropped, ``CANCEL self``
==========================  ======================================================

``text`` is not used for announcements: it interrupts itself, so the set-up
sentence, "Round 1" and the first draw, sent one after the other, would cancel
each other and only the last would be heard. ``important`` is not used either:
it cannot be stopped and would cut off the screen reader's own speech.

**No pause after each sentence.** Speech Dispatcher hands a text sentence to
its output module as SSML, wrapped in ``<speak>…</speak>``; espeak-ng reads
the closing ``</speak>`` as one more, empty, sentence ending with a full stop,
and adds its full-stop pause after the words: about 0.3 s of silence before
the module reports the end and the next sentence can begin (0.85 s of speech
per play of The Void against 0.51 s with the built-in voice). So when the
output module is espeak-ng's (`NO_WRAP_MODULES`), sentences go in SSML mode
(``SET SELF SSML_MODE on``), escaped and not wrapped: espeak-ng says the same
words with the same intonation, and the module reports the end with the last
sound, as the built-in voice's trimmed audio does. Pauses inside a sentence
(after a full stop, a comma) are kept. Other modules get plain text. The
module is asked (``GET OUTPUT_MODULE``) at connect and again after each
change of language, since the user's ``LanguageDefaultModule`` can give
French and English to different modules: the mode follows the module that
speaks each sentence.

**The built-in voice's rate.** Without ``--rate``, the built-in voice speaks
at espeak-ng's own default, 175 words a minute, but Speech Dispatcher's
espeak-ng module speaks at its ``EspeakNormalRate``, 170, for rate 0 (its
default): the same voice (``en`` is espeak-ng's ``gmw/en`` either way) 3 %
slower, 0.62 s per play of The Void in English against 0.60 s. So when the
rate is still Speech Dispatcher's default, the companion asks for rate +2
(`DEFAULT_SSIP_RATE`: 175 words a minute on the module's default scale) while
an espeak-ng module speaks, and only then: a rate the user set in Speech
Dispatcher (``DefaultRate``, a client section of ``speechd.conf``: ``GET
RATE`` then answers other than 0) or an ``EspeakNormalRate`` other than 170 in
a module configuration is left as it is, and so is ``--rate``. The setting is
the companion's own connection's (``SET SELF``): Orca's speech keeps Orca's
rate.

**A cut is not waited for.** ``CANCEL self`` and the next sentence's ``SPEAK``
go one after the other: the next sentence does not wait for the daemon to
report the old one cancelled (its 703 event, tens of milliseconds later).

**Sound icons.** The output module plays a sound icon from its own folder
(espeak-ng's ``EspeakSoundIconFolder``), and says its name aloud when the file
is not there: so they are sent only when the earcons are found in a sound-icon
folder of the user's or the system's module configuration (`icons_installed`),
or when ``sound_icons=True`` is given. docs/speech.en.md says how to set the
folder.

**Never blocking.** The client waits for each reply with no timeout, so every
call runs on the speaker's own thread (`CommandThread`): connecting must
succeed within `START_TIMEOUT` seconds, and a call that hangs later makes the
next ``say`` raise, so the announcer moves on (built-in voice, else text
only). The daemon is started on demand (autospawn) only when the user asked
for Speech Dispatcher by name; ``auto`` and ``screenreader`` only use one that
already runs (Orca's, or the user's).
"""

from __future__ import annotations

import collections
import os
import re
import threading
import time
from functools import partial
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

from companion.platform.speechd import listening

from .base import START_TIMEOUT, Spoken, SpeechUnavailable, estimate
from .espeak import DEFAULT_RATE
from .guard import CommandThread

#: How the companion names itself to Speech Dispatcher (``SET SELF CLIENT_NAME user:companion:game``).
CLIENT_NAME = "companion"
#: Seconds to wait when the daemon may have to be started first (autospawn).
SPAWN_TIMEOUT = 5.0
#: The espeak-ng module's rate scale (its configuration's defaults): SSIP -100, 0 and +100 in words per minute.
MIN_WPM, NORMAL_WPM, MAX_WPM = 80, 170, 449
#: SSIP priority of every sentence (see the module docstring).
PRIORITY = "message"
#: A superseded sentence with less than this left (seconds, estimated) is heard to its end.
NEARLY_DONE = 0.4
#: A sentence at the daemon with no end reported this long after its estimated end is taken as ended.
STUCK = 10.0
#: The module configuration folders searched for a sound-icon folder (the user's first).
CONFIG_FOLDERS = ("~/.config/speech-dispatcher/modules", "/etc/speech-dispatcher/modules")
#: Output modules sent SSML without ``<speak>`` (see the module docstring): espeak-ng's, by name prefix.
NO_WRAP_MODULES = ("espeak",)
_ICON_FOLDER = re.compile(r'^\s*\w*SoundIconFolder\s+"?([^"\n]+?)"?\s*$', re.M)
_NORMAL_RATE = re.compile(r"^\s*EspeakNormalRate\s+(\S+)", re.M)


def icons_installed(icon: str, folders: tuple[str, ...] = CONFIG_FOLDERS) -> bool:
    """True when a sound-icon folder named in a module configuration holds ``icon`` (else it would be read aloud)."""
    for text in _module_configs(folders, "*.conf"):
        for found in _ICON_FOLDER.findall(text):
            if (Path(os.path.expanduser(found.strip())) / icon).is_file():
                return True
    return False


def _module_configs(folders: tuple[str, ...], pattern: str) -> list[str]:
    """The text of every module configuration named ``pattern`` in ``folders`` (unreadable ones left out)."""
    texts = []
    for folder in folders:
        try:
            configs = sorted(Path(os.path.expanduser(folder)).glob(pattern))
        except OSError:
            continue
        for config in configs:
            try:
                texts.append(config.read_text(errors="replace"))
            except OSError:
                continue
    return texts


def normal_rate_changed(folders: tuple[str, ...] = CONFIG_FOLDERS) -> bool:
    """True when an espeak-ng module configuration sets ``EspeakNormalRate`` other than 170 (the user's speed)."""
    return any(value != str(NORMAL_WPM) for text in _module_configs(folders, "espeak*.conf")
               for value in _NORMAL_RATE.findall(text))


def ssip_rate(wpm: int | None) -> int | None:
    """``--rate`` in words per minute as SSIP's -100…+100 (exact for espeak-ng's defaults)."""
    return None if wpm is None else _ssip(wpm)


def _ssip(wpm: int) -> int:
    if wpm <= NORMAL_WPM:
        value = (wpm - MIN_WPM) * 100 / (NORMAL_WPM - MIN_WPM) - 100
    else:
        value = (wpm - NORMAL_WPM) * 100 / (MAX_WPM - NORMAL_WPM)
    return max(-100, min(100, round(value)))


#: The SSIP rate of the built-in voice's speed (espeak-ng's default, 175 words a minute): +2 on the module's scale.
DEFAULT_SSIP_RATE = _ssip(DEFAULT_RATE)


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
        sound_icons: bool | None = None,
    ) -> None:
        """Connects, or raises `SpeechUnavailable` (``timed_out`` when the daemon does not answer).

        ``address`` is Speech Dispatcher's (``unix_socket:/path`` or
        ``inet_socket:host:port``); by default ``SPEECHD_ADDRESS``, else the
        user's own socket. ``voice`` is a synthesis voice name of the module
        (``spd-say -o MODULE -L`` lists them). ``sound_icons``: send the
        earcons as sound icons (None: when `icons_installed` finds them).
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
        self._ssml = False  # sentences go as SSML, unwrapped (see the module docstring; follows the module)
        self._default_rate = False  # the rate is the companion's default, +2 on espeak-ng (see the module docstring)
        self._rate_sent = 0  # the SSIP rate the daemon has for us while ``_default_rate``
        self._sound_icons = sound_icons
        # The companion's own queue (see the module docstring), under ``_lock``:
        self._lock = threading.Lock()
        self._pending: collections.deque[Spoken] = collections.deque()
        self._in_flight: Spoken | None = None  # at the daemon, its end not reported yet
        self._flight_since = 0.0
        self._flight_id: int | None = None
        self._ended: collections.deque[int] = collections.deque(maxlen=64)  # ids whose end came
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
        self._watch_events(client)
        try:
            if self.module is not None:
                if self.module not in client.list_output_modules():
                    # Translators: a reason; {module} is a name such as espeak-ng.
                    raise SpeechUnavailable("Speech Dispatcher has no output module {module}", module=self.module)
                client.set_output_module(self.module)
            client.set_priority(getattr(speechd.Priority, PRIORITY.upper()))
            rate = ssip_rate(self.rate)
            if rate is not None:
                client.set_rate(rate)
            else:
                self._default_rate = self._rate_unchosen(client)
            if self.voice:
                client.set_synthesis_voice(self.voice)
            self._set_language(self.lang)
        except SpeechUnavailable:
            raise
        except Exception as error:
            # Translators: a reason; {error} is Speech Dispatcher's own message.
            raise SpeechUnavailable("Speech Dispatcher refused the settings: {error}", error=str(error)) from error

    def _rate_unchosen(self, client: Any) -> bool:
        """True when nobody chose the rate: Speech Dispatcher's default (``GET RATE`` 0), espeak-ng's normal rate."""
        try:
            rate = int(client.get_rate())
        except Exception:  # no answer, or not a number: left as it is
            return False
        return rate == 0 and not normal_rate_changed()

    def _follow_module(self) -> None:
        """SSML mode, and the default rate, for the output module that speaks now (see the module docstring)."""
        client = self._client
        try:
            module = client.get_output_module()
        except Exception:  # a daemon without GET OUTPUT_MODULE: plain text, as before
            module = None
        espeak = isinstance(module, str) and module.startswith(NO_WRAP_MODULES)
        if espeak != self._ssml:
            try:
                client.set_data_mode(self._speechd.DataMode.SSML if espeak else self._speechd.DataMode.TEXT)
                self._ssml = espeak
            except Exception:  # a daemon without SSML mode: plain text, as before
                pass
        rate = DEFAULT_SSIP_RATE if espeak else 0
        if self._default_rate and rate != self._rate_sent:
            client.set_rate(rate)
            self._rate_sent = rate

    def _text(self, text: str) -> str:
        """What ``SPEAK`` sends: the sentence, escaped in SSML mode."""
        return escape(text) if self._ssml else text

    def _set_language(self, lang: str) -> None:
        """``SET SELF LANGUAGE``, which can change the output module (``LanguageDefaultModule``): followed."""
        self._client.set_language(lang)
        self._lang_set = lang
        self._follow_module()

    def _watch_events(self, client: Any) -> None:
        """Sees every END and CANCEL of ours before the client's own handler (which misses an end that comes
        before ``speak`` returns)."""
        connection = getattr(client, "_conn", None)
        handler = getattr(client, "_callback_handler", None)
        if connection is None or handler is None:
            return  # another client version: the queue moves on by time (STUCK)

        def on_event(msg_id: int, client_id: int, type: str, **kwargs: Any) -> None:
            if type in (self._speechd.CallbackType.END, self._speechd.CallbackType.CANCEL):
                self._ended_id(int(msg_id))
            handler(msg_id, client_id, type, **kwargs)

        connection.set_callback(on_event)

    def _send(self, spoken: Spoken) -> None:
        lang = spoken.lang or self.lang
        if lang != self._lang_set:
            self._set_language(lang)
        if spoken.sound is not None and self.plays_sounds:
            self._client.sound_icon(spoken.sound.icon)
            self._spoken = True
        if not spoken.text:
            self._landed(spoken)
            return
        result = self._client.speak(self._text(spoken.text))
        self._spoken = True
        try:
            msg_id = int(result[2][0])
        except (TypeError, ValueError, IndexError):
            return
        with self._lock:
            if msg_id in self._ended:
                ended = True
            else:
                ended = False
                if self._in_flight is spoken:
                    self._flight_id = msg_id
        if ended:
            self._landed(spoken)

    def _speak(self, text: str, lang: str) -> None:
        """One sentence straight to the daemon (the last ones at close)."""
        if lang != self._lang_set:
            self._set_language(lang)
        self._client.speak(self._text(text))
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

    @property
    def plays_sounds(self) -> bool:
        """Sound icons are sent (see the module docstring)."""
        if self._sound_icons is None:
            from companion.earcons import PREFIX

            self._sound_icons = icons_installed(PREFIX + "play.wav")
        return self._sound_icons

    def say(self, text: str, interrupt: bool = False, lang: str | None = None) -> None:
        """Queues the sentence; raises `SpeechUnavailable` once Speech Dispatcher stopped answering."""
        self.speak(Spoken(text, lang), interrupt)

    def speak(self, spoken: Spoken, interrupt: bool = False) -> None:
        """Queues ``spoken`` (see the module docstring's table); returns at once."""
        self._thread.check()
        spoken = Spoken(spoken.text.strip(), spoken.lang, spoken.sound if self.plays_sounds else None, spoken.kind,
                        spoken.important, spoken.supersedes)
        with self._lock:
            if interrupt:
                self._cut_off(keep_important=True)
            if spoken.supersedes and spoken.kind is not None:
                self._pending = collections.deque(s for s in self._pending if s.kind != spoken.kind or s.important)
                flight = self._in_flight
                if (flight is not None and flight.kind == spoken.kind and not flight.important
                        and self._remaining() > NEARLY_DONE):
                    self._cancel_flight()
            if spoken.text or spoken.sound is not None:
                self._pending.append(spoken)
            self._pump()

    def new_line(self) -> None:
        with self._lock:
            self._cut_off(keep_important=True)

    def stop(self) -> None:
        """Drops what is not sent yet and cancels what Speech Dispatcher is saying for us."""
        with self._lock:
            self._cut_off(keep_important=False)

    def backlog(self) -> float:
        """Seconds still to hear, estimated from the words at the rate; what ended is known from the daemon's events."""
        with self._lock:
            return self._remaining() + sum(estimate(s.text, self._wpm, s.sound) for s in self._pending)

    def wait(self, timeout: float | None = None) -> bool:
        """Until every sentence was said (its end reported); False on timeout or failure (tests, benchmarks)."""
        deadline = None if timeout is None else time.monotonic() + timeout
        while True:
            with self._lock:
                self._pump()
                done = not self._pending and self._in_flight is None
            if self._thread.failure is not None:
                return False
            if done:
                return self._thread.wait(None if deadline is None else max(0.0, deadline - time.monotonic()))
            if deadline is not None and time.monotonic() > deadline:
                return False
            time.sleep(0.005)

    # ------------------------------------------------------------ the queue, under ``_lock``

    @property
    def _wpm(self) -> int:
        """The rate in words per minute, for the estimates."""
        return self.rate or (DEFAULT_RATE if self._rate_sent == DEFAULT_SSIP_RATE else NORMAL_WPM)

    def _remaining(self) -> float:
        flight = self._in_flight
        if flight is None:
            return 0.0
        said = time.monotonic() - self._flight_since
        return max(0.0, estimate(flight.text, self._wpm, flight.sound) - said)

    def _cut_off(self, keep_important: bool) -> None:
        self._pending = collections.deque(s for s in self._pending if keep_important and s.important)
        flight = self._in_flight
        if flight is not None and not (keep_important and flight.important):
            self._cancel_flight()

    def _cancel_flight(self) -> None:
        """``CANCEL self`` for the sentence at the daemon, taken as ended now: the next one is sent right behind the
        cancel, without waiting for the daemon to report it (see the module docstring)."""
        self._thread.call(self._cancel, droppable=False)
        self._in_flight, self._flight_id = None, None

    def _pump(self) -> None:
        """Sends the next sentence when the daemon has none of ours left (or the last one is stuck)."""
        flight = self._in_flight
        if flight is not None:
            stuck = estimate(flight.text, self._wpm, flight.sound) + STUCK
            if time.monotonic() - self._flight_since < stuck:
                return
        self._in_flight = None
        if self._pending:
            spoken = self._pending.popleft()
            self._in_flight, self._flight_since, self._flight_id = spoken, time.monotonic(), None
            self._thread.call(partial(self._send, spoken), droppable=False)

    def _ended_id(self, msg_id: int) -> None:
        """The daemon's thread: a sentence of ours ended or was cancelled."""
        with self._lock:
            self._ended.append(msg_id)
            if self._in_flight is not None and self._flight_id == msg_id:
                self._in_flight = None
                self._pump()

    def _landed(self, spoken: Spoken) -> None:
        with self._lock:
            if self._in_flight is spoken:
                self._in_flight = None
                self._pump()

    @property
    def failure(self) -> SpeechUnavailable | None:
        return self._thread.failure

    def close(self) -> None:
        """Closes the connection without a cancel: the last sentences are still heard (those waiting go at once)."""
        with self._lock:
            pending, self._pending = list(self._pending), collections.deque()
        for spoken in pending:
            if spoken.text:
                self._thread.call(partial(self._speak, spoken.text, spoken.lang or self.lang), droppable=False)
        self._thread.close(self._close_client)
