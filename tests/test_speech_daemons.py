"""Speech against the real Speech Dispatcher: what reaches the daemon, in which language, and what is cut off.

Each test starts its own ``speech-dispatcher`` (and, when installed, a
PulseAudio null sink that plays in real time) in a private folder, on a
private socket, and reads the daemon's protocol log (see tests/daemons.py).
"""

from __future__ import annotations

import os
import signal
import time

import pytest

from companion.announce import Priority, Utterance
from companion.speech import RecordingSpeaker, SilentSpeaker, SpeechDispatcherSpeaker, SpeechOutput, choose
from tests.daemons import SSIP_THREAD_EXIT, ProtocolLog, SpeechDispatcher, no_session_daemons, wait_until

pytestmark = [pytest.mark.usefixtures("no_session_daemons"), SSIP_THREAD_EXIT]
__all__ = ["no_session_daemons"]

#: The fastest rate: sentences take a second or less even in real time.
FAST = 450
SET_UP = [
    "Gant d'Infinité, 4 joueurs.",
    "Tour 1.",
    "Thanos pioche une carte.",
    "Tapez aide pour les commandes, ou appuyez sur F1.",
]


@pytest.fixture
def daemon(tmp_path, monkeypatch):
    speechd = SpeechDispatcher(tmp_path / "speechd")
    monkeypatch.setenv("SPEECHD_ADDRESS", speechd.address)
    yield speechd
    speechd.stop()


def finished(daemon: SpeechDispatcher, count: int):
    messages = daemon.protocol.messages()
    return messages if len(messages) >= count and all(m.outcome for m in messages[:count]) else None


def test_french_sentences_reach_speech_dispatcher_once_each_in_french_and_in_order(daemon):
    speaker, said = choose("speechd", "fr", rate=FAST)
    assert isinstance(speaker, SpeechDispatcherSpeaker) and said == "Parole : par Speech Dispatcher."
    output = SpeechOutput(speaker, "fr")
    try:
        for text in SET_UP:
            output.send(Utterance(text, "fr"))
        output.send(Utterance("Type help for the commands.", "en"))
        assert speaker.wait(30)
        messages = wait_until(lambda: finished(daemon, 5), 30, "every sentence to be spoken")
    finally:
        output.close()
    assert [m.text for m in messages] == [*SET_UP, "Type help for the commands."]  # each once, in order
    assert [m.lang for m in messages] == ["fr"] * 4 + ["en"]
    assert {m.priority for m in messages} == {"message"}
    # none cut off: the set-up sentence, the turn and the first draw are all heard before the hint
    assert [m.outcome for m in messages] == ["end"] * 5
    begun = [m.begun for m in messages]
    assert all(b is not None for b in begun) and begun == sorted(begun)  # type: ignore[type-var]
    commands = [e.text for e in daemon.protocol.commands(messages[0].fd)]
    assert commands.index("SET self LANGUAGE fr") < commands.index("SPEAK")
    assert commands.count("SET self LANGUAGE fr") == 1 and commands.count("SET self LANGUAGE en") == 1
    assert daemon.module_languages()[-5:] == ["fr"] * 4 + ["en"]  # the output module got the language too


def test_a_new_line_cuts_off_the_sentence_being_said(daemon):
    """Robust under load: it waits for each step's event in the daemon's log, never for a fixed delay."""
    if not daemon.real_time:
        pytest.skip("pulseaudio is not installed: with ALSA's null device every sentence ends at once")
    speaker = SpeechDispatcherSpeaker("fr")
    output = SpeechOutput(speaker, "fr")
    long = ("Thanos joue la carte Proxima Midnight : chaque héros perd une vie, puis Thanos pioche deux cartes "
            "et les pose face visible devant lui.")
    try:
        output.send(Utterance(long, "fr"))
        output.send(Utterance("Tour 2.", "fr"))  # waits behind it, in the companion: stale once the player types
        wait_until(lambda: (m := daemon.protocol.messages()) and m[0].begun, 30, "the long sentence to begin")
        output.new_line()  # a new line typed (session.before_line)
        output.send(Utterance("Commande inconnue : bogus.", "fr", priority=Priority.NOW))
        assert speaker.wait(30)
        messages = wait_until(lambda: finished(daemon, 2), 30, "the answer to be spoken")
    finally:
        output.close()
    first, answer = messages
    assert (first.text, answer.text) == (long, "Commande inconnue : bogus.")  # "Tour 2." never reached the daemon
    assert first.outcome == "cancel" and answer.outcome == "end"
    assert first.begun is not None and answer.begun is not None and answer.begun > first.begun
    cancels = [e for e in daemon.protocol.commands(first.fd) if e.text == "CANCEL self"]
    assert len(cancels) == 1 and first.sent < cancels[0].time <= answer.sent  # the answer goes after the cut
    cancelled = next(when for when, event in first.events if event == "cancel")
    assert answer.sent < cancelled  # ... right behind it, not once the daemon reports the old sentence cancelled


def test_a_sentence_ends_with_its_last_word_not_a_pause(daemon):
    """espeak-ng's full-stop pause after the text (0.3 s, heard as waiting before the next sentence) is left out:
    the daemon reports the end with the last sound it plays, and every word is played (as long as the built-in voice's
    trimmed WAV). Measured on the null sink's audio, not from the request."""
    from companion.speech import audio, espeak

    monitor = daemon.listen()
    speaker = SpeechDispatcherSpeaker("fr", sound_icons=False)
    text = "Il reste 3 cartes."
    try:
        speaker.say("Ana & Bob <2>.")  # the first sentence opens the audio stream
        speaker.say(text)
        assert speaker.wait(20)
        first, message = wait_until(lambda: finished(daemon, 2), 20, "both sentences to end")[:2]
        ended = next(when for when, event in message.events if event == "end")
        heard = monitor.between(monitor.audible(), message.sent, ended)
    finally:
        speaker.close()
        monitor.stop()
    assert first.text == "Ana &amp; Bob &lt;2&gt;." and first.outcome == "end"  # SSML mode: escaped, said
    assert message.text == text and message.outcome == "end" and heard is not None
    built_in = len(audio.samples(espeak.synthesize(text, "fr"))) / audio.WIDTH / audio.RATE
    first, last = heard
    assert last - first > built_in - 0.15  # every word played
    assert ended - last < 0.12  # was 0.32 s: the end of "</speak>", an empty sentence with its full stop


def test_why_not_ssip_text_it_interrupts_itself(daemon):
    """The reason announcements go with priority "message": with "text", sentences sent together drop each other."""
    import speechd

    if not daemon.real_time:
        pytest.skip("pulseaudio is not installed: with ALSA's null device a sentence may end before the next comes")
    client = speechd.SSIPClient("priority-check", address=daemon.address, autospawn=False)
    try:
        client.set_priority(speechd.Priority.TEXT)
        client.set_rate(100)
        for text in SET_UP[:3]:
            client.speak(text)
        messages = wait_until(lambda: finished(daemon, 3), 20, "the three sentences to finish")
    finally:
        client.close()
    assert [m.outcome for m in messages] == ["cancel", "cancel", "end"]  # only the last one was heard


def test_speech_dispatcher_hanging_mid_game_hands_over_to_the_next_backend(daemon):
    speaker = SpeechDispatcherSpeaker("fr")
    replacement = RecordingSpeaker()
    output = SpeechOutput(speaker, "fr", fallback=lambda failed: (replacement, None))
    output.send(Utterance("Tour 1.", "fr"))
    assert speaker.wait(5)
    os.killpg(daemon.daemon.pid, signal.SIGSTOP)  # alive, but answers nothing
    try:
        output.send(Utterance("Tour 2.", "fr"))  # sent, its reply never comes
        time.sleep(2.3)
        started = time.monotonic()
        output.send(Utterance("Tour 3.", "fr"))
        assert time.monotonic() - started < 0.1  # the game never waits for the daemon
        assert output.speaker is replacement and replacement.said == [("Tour 3.", False)]
        assert output.take_notice() == "Parole : Speech Dispatcher ne répond plus, passage à la voix intégrée."
    finally:
        os.killpg(daemon.daemon.pid, signal.SIGCONT)
        output.close()


def test_speech_dispatcher_gone_mid_game_is_noticed_at_the_next_sentence(daemon):
    speaker = SpeechDispatcherSpeaker("en")
    output = SpeechOutput(speaker, "en", fallback=lambda failed: (SilentSpeaker(), None))
    output.send(Utterance("Round 1.", "en"))
    assert speaker.wait(5)
    daemon.stop()
    output.send(Utterance("Round 2.", "en"))  # fails on the speaker's thread
    wait_until(lambda: speaker.failure is not None, 5, "the failure to be seen")
    output.send(Utterance("Round 3.", "en"))
    assert isinstance(output.speaker, SilentSpeaker)
    assert output.take_notice() == "Speech: Speech Dispatcher stopped answering, text only from now on."


def test_output_module_and_rate_are_set(daemon):
    speaker, said = choose("speechd:espeak-ng", "en", rate=FAST)
    try:
        assert said == "Speech: through Speech Dispatcher, output module espeak-ng."
        speaker.say("Hello.")
        assert speaker.wait(5)
    finally:
        speaker.close()
    commands = [e.text for e in daemon.protocol.commands()]
    assert "SET self OUTPUT_MODULE espeak-ng" in commands and "SET self RATE 100" in commands
    _, said = choose("speechd:nosuchmodule", "en")
    assert said == "Speech: text only, Speech Dispatcher not available: Speech Dispatcher has no output module nosuchmodule."


@pytest.mark.parametrize(("config", "rates"), [
    ("", ["SET self RATE 2"]),  # nobody chose a rate: the built-in voice's 175 words a minute on espeak-ng
    ("DefaultRate 30\n", []),  # the user's rate in speechd.conf: left as it is
])
def test_the_rate_is_the_built_in_voices_unless_the_user_chose_one(tmp_path, monkeypatch, config, rates):
    speechd = SpeechDispatcher(tmp_path / "speechd", sink="alsa", config=config)
    speaker = SpeechDispatcherSpeaker("en", address=speechd.address, sound_icons=False)
    try:
        speaker.say("Hello.")
        assert speaker.wait(10)
    finally:
        speaker.close()
        commands = [e.text for e in speechd.protocol.commands()]
        speechd.stop()
    assert [c for c in commands if c.startswith("SET self RATE")] == rates


#: A second output module (Speech Dispatcher's generic one, running a command that says nothing) for French.
QUIET_MODULE = ('GenericExecuteSynth "sleep 0.05"\nGenericLanguage "fr" "fr" "utf-8"\n'
                'GenericLanguage "en" "en" "utf-8"\nAddVoice "fr" "MALE1" "fr"\nAddVoice "en" "MALE1" "en"\n')


def test_ssml_mode_and_rate_follow_the_module_of_each_language(tmp_path):
    """The user's LanguageDefaultModule gives French to another module: plain text there, espeak-ng's unwrapped
    SSML and the built-in voice's rate back for English."""
    config = ('AddModule "quiet" "sd_generic" "quiet.conf"\nLanguageDefaultModule "fr" "quiet"\n'
              'LanguageDefaultModule "en" "espeak-ng"\n')
    speechd = SpeechDispatcher(tmp_path / "speechd", sink="alsa", config=config, modules={"quiet.conf": QUIET_MODULE})
    speaker = SpeechDispatcherSpeaker("en", address=speechd.address, sound_icons=False)
    try:
        for text, lang in (("Ana & Bob.", "en"), ("Ana & Bob.", "fr"), ("Ana & Bob.", "en")):
            speaker.say(text, lang=lang)
        assert speaker.wait(10)
        messages = wait_until(lambda: finished(speechd, 3), 10, "the three sentences to end")
    finally:
        speaker.close()
        commands = [e.text for e in speechd.protocol.commands()]
        speechd.stop()
    assert [(m.lang, m.text) for m in messages] == [("en", "Ana &amp; Bob."), ("fr", "Ana & Bob."),
                                                    ("en", "Ana &amp; Bob.")]
    settings = [c for c in commands if c.startswith(("SET self SSML_MODE", "SET self RATE", "SET self LANGUAGE"))]
    assert settings == ["SET self LANGUAGE en", "SET self SSML_MODE on", "SET self RATE 2",
                        "SET self LANGUAGE fr", "SET self SSML_MODE off", "SET self RATE 0",
                        "SET self LANGUAGE en", "SET self SSML_MODE on", "SET self RATE 2"]


def test_an_espeak_normal_rate_of_the_users_own_is_a_rate_chosen(tmp_path):
    from companion.speech.speechd_voice import normal_rate_changed

    folder = tmp_path / "modules"
    folder.mkdir()
    (folder / "espeak-ng.conf").write_text("EspeakMinRate 80\nEspeakNormalRate 170\n")
    assert not normal_rate_changed((str(folder),))
    (folder / "espeak-ng.conf").write_text("EspeakNormalRate 170\n#EspeakNormalRate 300\n")
    assert not normal_rate_changed((str(folder),))
    (folder / "espeak-ng.conf").write_text("  EspeakNormalRate 240\n")
    assert normal_rate_changed((str(folder), str(tmp_path / "absent")))


# ------------------------------------------------------------------ earcons as sound icons, real time

PLAYS = [Utterance(f"{n}, red.", "en", "card_played") for n in range(1, 11)]
LIFE = Utterance("Ana loses a life: 2 lives left, and 3 errors are still allowed.", "en", "life_lost")


@pytest.fixture(scope="module")
def sounds(tmp_path_factory):
    from companion import earcons

    made = earcons.load(folder=tmp_path_factory.mktemp("earcons"))
    if not made.make():
        pytest.skip("sox is not installed (make setup installs it)")
    return made


@pytest.fixture
def icon_daemon(tmp_path, monkeypatch, sounds):
    """A daemon whose espeak-ng module takes its sound icons from the companion's earcon folder."""
    speechd = SpeechDispatcher(tmp_path / "speechd", sound_icons=sounds.folder)
    monkeypatch.setenv("SPEECHD_ADDRESS", speechd.address)
    yield speechd
    speechd.stop()


def sent(daemon: SpeechDispatcher) -> list[str]:
    """What the companion sent: each sound icon and each sentence, in order."""
    return [e.text for e in daemon.protocol.commands() if e.text.startswith("SOUND_ICON")
            or e.text in {u.text for u in (*PLAYS, LIFE)}]


def icon_output(sounds, mode: str, real_time: bool = False) -> SpeechOutput:
    speaker = SpeechDispatcherSpeaker("en", rate=FAST, sound_icons=True)
    return SpeechOutput(speaker, "en", sounds=mode, earcons=sounds, real_time=real_time)


def test_a_play_reaches_speech_dispatcher_as_its_sound_icon_then_its_words(icon_daemon, sounds):
    output = icon_output(sounds, "on")
    try:
        output.send(PLAYS[6])
        assert output.speaker.wait(30)  # type: ignore[attr-defined]
        messages = wait_until(lambda: finished(icon_daemon, 1), 30, "the play to be spoken")
    finally:
        output.close()
    assert sent(icon_daemon) == ["SOUND_ICON companion-play.wav", "7, red."]
    assert messages[0].outcome == "end"


def test_sounds_off_sends_no_sound_icon(icon_daemon, sounds):
    output = icon_output(sounds, "off")
    try:
        output.send(PLAYS[6])
        output.send(LIFE)
        assert output.speaker.wait(30)  # type: ignore[attr-defined]
        wait_until(lambda: finished(icon_daemon, 2), 30, "both sentences to be spoken")
    finally:
        output.close()
    assert sent(icon_daemon) == ["7, red.", LIFE.text]


def test_sounds_only_sends_the_icon_alone_for_a_play_and_the_words_of_a_life(icon_daemon, sounds):
    output = icon_output(sounds, "only")
    try:
        output.send(PLAYS[6])
        output.send(LIFE)
        assert output.speaker.wait(30)  # type: ignore[attr-defined]
        messages = wait_until(lambda: finished(icon_daemon, 1), 30, "the life to be spoken")
    finally:
        output.close()
    assert sent(icon_daemon) == ["SOUND_ICON companion-play.wav", "SOUND_ICON companion-life.wav", LIFE.text]
    assert [m.text for m in messages] == [LIFE.text]  # no SPEAK for the play


def test_sound_icons_are_sent_only_where_the_module_can_find_them(tmp_path, sounds):
    from companion.speech.speechd_voice import icons_installed

    config = tmp_path / "modules"
    config.mkdir()
    (config / "espeak-ng.conf").write_text('EspeakSoundIconFolder "/usr/share/sounds/sound-icons/"\n')
    assert not icons_installed("companion-play.wav", (str(config),))  # else the module would read the name aloud
    (config / "espeak-ng.conf").write_text(f'# mine\nEspeakSoundIconFolder "{sounds.folder}"\n')
    assert icons_installed("companion-play.wav", (str(config),))


def test_a_burst_of_ten_plays_then_a_life_the_life_in_full_and_the_voice_one_play_behind_at_most(icon_daemon, sounds):
    if not icon_daemon.real_time:
        pytest.skip("pulseaudio is not installed: with ALSA's null device every sentence ends at once")
    output = icon_output(sounds, "on", real_time=True)
    try:
        for play in PLAYS:
            output.send(play)
        output.send(LIFE)
        assert output.speaker.wait(60)  # type: ignore[attr-defined]
        messages = wait_until(lambda: (m := icon_daemon.protocol.messages()) and m[-1].text == LIFE.text
                              and m[-1].outcome and m, 60, "the life to be spoken")
    finally:
        output.close()
    assert messages[-1].text == LIFE.text and messages[-1].outcome == "end"  # the life, in full, last
    plays = [m for m in messages if m.text != LIFE.text]
    assert plays[-1].text == "10, red." and plays[-1].outcome == "end"  # the last play, in full
    # at most one play behind: besides the last, only the first (being said when the burst came) may be heard,
    # cut or, when nearly done, to its end; plays 2 to 9 never reached the daemon
    assert [m.text for m in plays] in (["10, red."], ["1, red.", "10, red."])
    icons = [c for c in sent(icon_daemon) if c.startswith("SOUND_ICON")]
    assert icons[-1] == "SOUND_ICON companion-life.wav" and icons.count("SOUND_ICON companion-play.wav") == len(plays)


def test_a_new_line_never_cuts_a_life_being_said_but_drops_the_stale_sentence_behind_it(icon_daemon, sounds):
    if not icon_daemon.real_time:
        pytest.skip("pulseaudio is not installed: with ALSA's null device every sentence ends at once")
    output = SpeechOutput(SpeechDispatcherSpeaker("en", sound_icons=True), "en", earcons=sounds)
    stale = Utterance("Draw pile: 25 cards, and the pile is empty.", "en", "status")
    answer = Utterance("Unknown command: bogus.", "en", "error", priority=Priority.NOW)
    try:
        output.send(LIFE)
        output.send(stale)
        wait_until(lambda: (m := icon_daemon.protocol.messages()) and m[0].begun, 30, "the life to begin")
        output.new_line()  # a line typed while the life is being said
        output.send(answer)
        assert output.speaker.wait(60)  # type: ignore[attr-defined]
        messages = wait_until(lambda: finished(icon_daemon, 2), 30, "the answer to be spoken")
    finally:
        output.close()
    assert [(m.text, m.outcome) for m in messages] == [(LIFE.text, "end"), (answer.text, "end")]
    assert "CANCEL self" not in [e.text for e in icon_daemon.protocol.commands()]  # nothing was cut


def test_without_sound_icons_installed_sounds_only_still_speaks_a_play(daemon, sounds):
    output = SpeechOutput(SpeechDispatcherSpeaker("en", rate=FAST, sound_icons=False), "en", sounds="only",
                          earcons=sounds)
    try:
        output.send(PLAYS[6])
        assert output.speaker.wait(30)  # type: ignore[attr-defined]
        messages = wait_until(lambda: finished(daemon, 1), 30, "the play to be spoken")
    finally:
        output.close()
    assert [m.text for m in messages] == ["7, red."]  # its icon would be read aloud as a name: the words instead
    assert not any(e.text.startswith("SOUND_ICON") for e in daemon.protocol.commands())


@pytest.mark.timeout(10)
def test_a_log_line_stamped_a_second_early_is_read_in_its_place(tmp_path) -> None:
    """The daemon takes a line's seconds and its microseconds from two clocks: just after a second begins the seconds
    may lag (a CANCEL read 0.96 s before the SPEAK it cut failed CI's run); its lines come in order, so it is put back."""
    log = tmp_path / "protocol"
    log.write_text("[Thu Dec  3 08:34:40 2026 : 967402] speechd: 17:DATA:|SPEAK\n|\n"
                   "[Thu Dec  3 08:34:40 2026 : 3454] speechd: 17:DATA:|CANCEL self\n|\n"
                   "[Thu Dec  3 08:34:41 2026 : 5000] speechd: 17:DATA:|QUIT\n|\n")
    speak, cancel, quit_ = ProtocolLog(log).entries()
    assert [entry.text for entry in (speak, cancel, quit_)] == ["SPEAK", "CANCEL self", "QUIT"]
    assert round(cancel.time - speak.time, 6) == 0.036052 and round(quit_.time - cancel.time, 6) == 0.001546
