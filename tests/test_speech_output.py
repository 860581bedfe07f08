"""SpeechOutput: priorities, the on/off switch, interruption, and falling back mid-game."""

from __future__ import annotations

import sys

import pytest

from companion.announce import Announcer, Priority, Utterance
from companion.speech import RecordingSpeaker, SilentSpeaker, SpeechOutput, SpeechUnavailable, TtsSpeaker
from tests.daemons import no_session_daemons

pytestmark = pytest.mark.usefixtures("no_session_daemons")  # no daemon of the user's session is reached
__all__ = ["no_session_daemons"]


def utterance(text: str, priority: Priority = Priority.NORMAL) -> Utterance:
    return Utterance(text, "fr", priority=priority)


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_normal_queues_and_now_interrupts():
    speaker, clock = RecordingSpeaker(), Clock()
    output = SpeechOutput(speaker, "fr", clock=clock)
    output.send(utterance("Thanos perd une vie."))
    clock.now += 1  # a later answer (a key pressed)
    output.send(utterance("Commande inconnue.", Priority.NOW))
    assert speaker.said == [("Thanos perd une vie.", False), ("Commande inconnue.", True)]
    assert speaker.langs == ["fr", "fr"]


def test_nothing_cuts_off_a_sentence_of_the_same_answer():
    """The set-up and then the hint; an undo's quote and then what changed back: all are heard."""
    speaker, clock = RecordingSpeaker(), Clock()
    output = SpeechOutput(speaker, "fr", clock=clock)
    output.send(utterance("Gant d'Infinité, 4 joueurs."))
    output.send(utterance("Tour 1."))
    output.send(utterance("Tapez aide pour les commandes.", Priority.NOW))
    assert [interrupt for _, interrupt in speaker.said] == [False, False, False]
    output.interrupt()  # a new line typed: the old speech is cut there
    output.send(utterance("Annulé : « Thor vaincu. »", Priority.NOW))
    clock.now += 0.01
    output.send(utterance("Vies : Thanos 5 sur 5.", Priority.NOW))
    assert [interrupt for _, interrupt in speaker.said[3:]] == [True, False]  # the first cuts nothing new
    clock.now += 2
    output.send(utterance("Vies : Thanos 5 sur 5.", Priority.NOW))  # F3, later: cuts off what is said
    assert speaker.said[-1] == ("Vies : Thanos 5 sur 5.", True)


def test_each_sentence_goes_with_its_language():
    speaker = RecordingSpeaker()
    output = SpeechOutput(speaker, "fr")
    output.send(Utterance("Type yes or no.", "en"))
    assert speaker.langs == ["en"]


def test_through_the_announcer():
    speaker = RecordingSpeaker()
    announcer = Announcer([SpeechOutput(speaker, "fr")])
    announcer.announce(utterance("Vous avez gagné !", Priority.NOW))
    assert speaker.said == [("Vous avez gagné !", True)]
    assert announcer.failures == []


def test_enabled_switch():
    speaker = RecordingSpeaker()
    output = SpeechOutput(speaker, "fr")
    assert output.enabled
    output.enabled = False
    assert speaker.stops == 1  # "speech off" also silences what is being said
    output.send(utterance("Pas dit."))
    output.send(utterance("Pas dit non plus.", Priority.NOW))
    assert speaker.said == []
    output.enabled = True
    output.send(utterance("Dit."))
    assert speaker.said == [("Dit.", False)]


def test_interrupt_and_close():
    speaker = RecordingSpeaker()
    output = SpeechOutput(speaker, "fr")
    output.interrupt()
    output.interrupt()
    assert speaker.stops == 2
    output.close()
    assert speaker.closed


class Broken:
    name = "screenreader"

    def __init__(self) -> None:
        self.closed = False

    def say(self, text: str, interrupt: bool = False, lang: str | None = None) -> None:
        raise SpeechUnavailable("the screen reader stopped answering")

    def stop(self) -> None:
        raise RuntimeError("gone")

    def close(self) -> None:
        self.closed = True


def test_broken_screen_reader_hands_over_to_the_next_backend():
    broken, replacement = Broken(), RecordingSpeaker()
    output = SpeechOutput(broken, "fr", fallback=lambda failed: (replacement, None))
    output.interrupt()  # a failing stop is swallowed too
    output.send(utterance("Au tour de Hulk.", Priority.NOW))
    assert broken.closed
    assert output.speaker is replacement
    assert replacement.said == [("Au tour de Hulk.", True)]
    assert output.notice == "Parole : le lecteur d'écran ne répond plus, passage à la voix intégrée."
    assert output.take_notice() is not None and output.notice is None


def test_default_fallback_ends_in_text_only_and_never_raises():
    output = SpeechOutput(Broken(), "en", fallback=lambda failed: (Broken(), None))
    output.send(utterance("First."))
    assert isinstance(output.speaker, SilentSpeaker)
    assert output.notice == "Speech: the screen reader stopped answering, text only from now on."
    output.send(utterance("Second."))  # silent now, still no error


def test_real_voice_breaking_mid_game_falls_back_to_text(capfd):
    broken_player = [sys.executable, "-c", "import sys; sys.exit(1)"]
    output = SpeechOutput(TtsSpeaker("fr", player=broken_player), "fr")
    output.send(utterance("Première phrase."))
    assert output.speaker.wait(timeout=5)
    output.send(utterance("Deuxième phrase."))
    assert isinstance(output.speaker, SilentSpeaker)
    assert output.notice == "Parole : la voix intégrée ne fonctionne plus, texte seul désormais."
    assert capfd.readouterr() == ("", "")
