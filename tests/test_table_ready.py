"""Ready for a real table (issue 12): each item replays the lines that showed it, and checks what is said.

Rules edges that locked a game or accepted the impossible, sentences a blind
player can follow, and what a referee reaches for: did-you-mean, French names,
the other deck, help on a word that is no command, F2 after F1.
"""

from __future__ import annotations


import pytest
import msgspec

from companion.announce import Announcer
from companion.registry import find
from companion.games import gauntlet as g
from companion.games import love_letter as ll
from companion.render import Settings
from companion.session import open_session
from tests.conftest import Recorder, make_session, run_lines

GAUNTLET = find("gauntlet")


# --------------------------------------------------------------------------- 1. rules edges


def test_1_1_a_fight_against_a_thanos_with_no_card_is_refused_and_the_game_goes_on() -> None:
    session, recorder = make_session(players=2)
    # Thanos's deck and hand are empty: a hero's fight card cannot lock the game any more.
    session.table.initial = msgspec.structs.replace(session.table.initial, thanos_deck=0, hands=(0, 1))
    texts = run_lines(session, recorder, "next\nplay hulk\nfight 3 1\nnext")
    assert "No fight: Thanos has no card." in texts
    assert session.state.pending_defeat is None and session.state.current == 1 and session.state.second_turn


def test_1_2_reality_stone_on_a_short_deck_puts_back_only_what_was_drawn_and_thanos_may_pass() -> None:
    cards = GAUNTLET.cards()
    state = msgspec.structs.replace(g.new(g.Options(players=2), cards), thanos_deck=1, hands=(2, 1))
    state, events = g.apply(state, g.Play("reality-stone"))
    assert events[-1] == g.ThanosDeckCycled(1, 1, 1) and state.hands[0] == 1
    # Holding only what may be the Thanos card, he can end his turn without playing.
    held_thanos = msgspec.structs.replace(state, played=False, thanos_deck=0, hands=(1, 1))
    after, _ = g.apply(held_thanos, g.Next())
    assert after.current == 1


@pytest.mark.parametrize(("lines", "sentence"), [
    ("play black dwarf\nfight 1 6 4\ndefeat thanos ebony maw",
     "Ebony Maw is a 5. The defeated card must be a 4. 2 cards fit. Proxima Midnight. Power Stone."),
    ("play proxima\nnext\nplay nebula 5\ndefeat thanos outriders",
     "Outriders is a 1. The defeated card must be a 5. 2 cards fit. Ebony Maw. Reality Stone."),
])
def test_1_3_the_defeated_card_must_fit_what_lost(lines: str, sentence: str) -> None:
    session, recorder = make_session(players=3)
    texts = run_lines(session, recorder, lines)
    assert texts[-1] == sentence


def test_1_4_impossible_fight_values_are_refused_per_side() -> None:
    session, recorder = make_session(players=3)
    # The Time Stone, the only Thanos 6, lies face up in front of Thanos.
    session.table.initial = msgspec.structs.replace(session.table.initial, face_up=(("time-stone",), (), ()), hands=(2, 1, 1))
    texts = run_lines(session, recorder, "play proxima\nnext\nplay hulk\nfight 1 3 6\nfight 1 3 9")
    assert texts[-2] == "No 6 can be in Thanos's hand now. Possible values: 1, 2, 3, 4, 5 and 7."
    assert texts[-1] == "9 is not a card value here. From 1 to 7."


def test_1_5_baron_ties_and_losers_must_be_possible() -> None:
    session, recorder = make_session("love-letter", players=3)
    texts = run_lines(session, recorder, "play baron 2\ncompare 6 6\ncompare 8 8\nout 2 princess")
    assert texts[-3] == "A tie needs 2 cards of one value. Only 1 can still be in a hand."
    assert texts[-2] == texts[-3]
    assert texts[-1] == "Princess never loses to a Baron. No higher card is left in a hand."


def test_1_6_players_reaching_the_target_together_win_together() -> None:
    state = ll.new(ll.Options(players=2), find("love-letter").cards())
    assert ll.outcome(msgspec.structs.replace(state, winner="p1", co_winners=("p1", "p2"))).winners == ("p1", "p2")


def test_1_7_a_teammate_card_aims_at_another_hero_except_alone() -> None:
    session, recorder = make_session(players=3)
    texts = run_lines(session, recorder, "play proxima\nnext\nplay gamora 1")
    assert texts[-1] == "Gamora is for a teammate. Not for hero 1."
    alone, recorder = make_session(players=2)
    texts = run_lines(alone, recorder, "play proxima\nnext\nplay gamora 1")
    assert "2: hero 1 plays Gamora, on hero 1." in texts


def test_1_8_status_says_what_is_left_to_do() -> None:
    session, recorder = make_session(lang="fr", players=3)
    texts = run_lines(session, recorder, "joue proxima\nsuivant\njoue nebula 5\nétat")
    assert texts[-1].startswith("Tour 2 : héros 1 a joué : tapez suivant.")


# --------------------------------------------------------------------------- 2. sentences


def test_2_names_are_used_in_the_commands_to_type() -> None:
    session, recorder = make_session(players=4, names=("Zoé", "Alice", "Bruno", "Carla"))
    texts = run_lines(session, recorder, "play proxima\nnext\nplay hulk\nfight 3 5")
    assert texts[-1] == "Alice's card is defeated: which one? Type defeat Alice and the card."
    texts = run_lines(session, recorder, "defeat Alice thor")
    assert texts[0] == "Alice's Thor is defeated."


def test_2_a_refusal_never_sounds_like_an_event() -> None:
    session, recorder = make_session("love-letter", lang="fr", players=3)
    texts = run_lines(session, recorder, "joue garde 3 prêtre\néliminé 3\nsuivant\njoue prince 3")
    assert texts[-1] == "Joueur 3 est déjà hors de la manche."


def test_2_copies_are_words_not_a_multiplication_sign() -> None:
    session, recorder = make_session(lang="fr")
    texts = run_lines(session, recorder, "restantes thanos")
    assert "×" not in texts[-1] and "2 Outriders" in texts[-1]


def test_2_no_double_sentence_for_tokens() -> None:
    session, recorder = make_session(lang="fr")
    assert run_lines(session, recorder, "joue proxima") == ["4 : Thanos joue Proxima Midnight.",
                                                            "1 pion pouvoir pour Thanos : total 1, réserve 8."]


# --------------------------------------------------------------------------- 3. what a referee reaches for


@pytest.mark.parametrize(("typo", "offer", "then"), [
    ("suivnat", "Did you mean next? Type yes.", "Thanos must play a card first."),  # in the table's language
    ("play pierre du pouvior", "Did you mean Power Stone? Type yes.", "4: Thanos plays Power Stone."),
    ("play proxima midnigth", "Did you mean Proxima Midnight? Type yes.", "4: Thanos plays Proxima Midnight."),
])
def test_3_a_close_match_is_offered_never_applied_silently(typo: str, offer: str, then: str) -> None:
    session, recorder = make_session(players=3)
    texts = run_lines(session, recorder, typo)
    assert texts[-1].endswith(offer) and session.table.steps == ()
    assert run_lines(session, recorder, "yes")[0] == then


def test_3_a_suggestion_lasts_one_line() -> None:
    session, recorder = make_session(players=3, lang="fr")
    texts = run_lines(session, recorder, "joue spidreman")
    assert texts[-1].endswith("Vouliez-vous dire Spider-Man ? Tapez oui.")
    run_lines(session, recorder, "état")
    assert run_lines(session, recorder, "oui") == ["Rien à confirmer."]


def test_3_french_names_and_the_other_deck() -> None:
    session, recorder = make_session(players=3, lang="fr")
    texts = run_lines(session, recorder, "vaincu thanos hulk\nvaincu h2 corvus\nvaincu thanos nain noir")
    assert texts[0] == "Hulk est une carte héros. Elle n'est pas à Thanos."
    assert texts[1] == "Corvus Glaive est à Thanos. Pas à héros 2."
    assert texts[2] == "Thanos : carte Black Dwarf vaincue."
    session, recorder = make_session(players=3, lang="fr")
    texts = run_lines(session, recorder, "joue proxima\nsuivant\njoue panthère noire")
    assert "4 : héros 1 joue Black Panther, sur héros 1." in texts


def test_3_help_on_a_word_that_is_no_command() -> None:
    session, recorder = make_session(lang="fr")
    texts = run_lines(session, recorder, "aide dance\naide combta")
    assert texts == ["Dance n'est pas une commande. Tapez aide pour les commandes.",
                     "Combta n'est pas une commande. Tapez aide pour les commandes. Vouliez-vous dire combat ? Tapez oui."]


def test_3_repeat_says_the_whole_last_answer() -> None:
    session, recorder = make_session()
    help_lines = run_lines(session, recorder, "help")
    assert len(help_lines) > 10
    assert run_lines(session, recorder, "repeat") == help_lines


def test_3_a_scripted_game_is_saved_as_not_interactive(tmp_path) -> None:
    import json
    import subprocess
    import sys

    save = tmp_path / "s.jsonl"
    subprocess.run([sys.executable, "-m", "companion", "play", "gauntlet", "--save", str(save)], input="status\n",
                   capture_output=True, text=True, timeout=60, check=True)
    header = json.loads(save.read_text(encoding="utf-8").splitlines()[0])
    assert header["settings"]["interactive"] is False


def test_sessions_built_directly_still_work() -> None:
    recorder = Recorder()
    session = open_session(GAUNTLET, GAUNTLET.rules.options_type(players=2), Settings("en"), Announcer([recorder]))
    assert run_lines(session, recorder, "status")[0].startswith("Turn 1, Thanos to play.")


def test_2_braille_panning_reaches_every_sentence_of_the_last_command() -> None:
    """With a 32-cell line, "hero 2, naming 4." was never shown: the effect sentence replaced it."""
    import io

    from companion.braille.display import TerminalBraille
    from companion.braille.translate import back_translate
    from companion.play import _Outputs, with_outputs

    display = TerminalBraille("en", width=32, stream=io.StringIO())

    def wire(wiring):
        wiring.announcer.add(display)
        return with_outputs(wiring, _Outputs(braille=display))

    session, _ = make_session(players=3, wire=wire)
    run_lines(session, recorder=_, lines="play outriders h2 4")
    shown = []
    while display.pan(-1) is not None:
        shown.append(back_translate(display.parts[display.current].cells, "en"))
    assert any("naming 4" in text for text in shown), shown
    session.handle("status")  # a new line: the old answer is no longer panned to
    assert all("naming" not in back_translate(part.cells, "en") for part in display.parts)


def test_2_f3_gives_a_short_status_and_status_the_whole_table() -> None:
    session, recorder = make_session(lang="fr", players=3)
    texts = run_lines(session, recorder, "joue proxima\nétat court\nétat")
    assert texts[-2] == "Tour 1 : Thanos a joué : tapez suivant. Vies : Thanos 4 sur 4, héros 6 sur 6."
    assert texts[-1].startswith(texts[-2]) and texts[-1].endswith("Paquet héros : 14, paquet Thanos : 10.")
    session, recorder = make_session("love-letter", players=3)
    assert run_lines(session, recorder, "status short")[0] == "Round 1, turn 1, player 1 to play. Deck: 11 cards."


def test_2_f4_and_love_letter_heads_say_what_is_left_to_do() -> None:
    session, recorder = make_session(players=3)
    run_lines(session, recorder, "play proxima")
    # No snap is offered: Thanos cannot hold every stone yet (legal_commands follows legal_moves).
    assert session.now()[0] == "Turn 1: Thanos has played: type next. Now: defeat, token or next."
    letter, recorder = make_session("love-letter", players=3)
    texts = run_lines(letter, recorder, "play baron 2\nstatus")
    assert texts[-1].startswith("Round 1, turn 1: player 1's Baron waits: type compare.")


def test_22_typed_pan_moves_the_braille_line_in_the_last_answer() -> None:
    """A typed pan (défile) used to clear the braille segments first, and so always said "End of the sentence."."""
    import io

    from companion.braille.display import TerminalBraille
    from companion.braille.translate import back_translate
    from companion.play import _Outputs, with_outputs

    for lang, pan_back, pan_on in (("en", "pan back", "pan"), ("fr", "défile arrière", "défile")):
        display = TerminalBraille(lang, width=32, stream=io.StringIO())

        def wire(wiring, display=display):
            wiring.announcer.add(display)
            return with_outputs(wiring, _Outputs(braille=display))

        session, recorder = make_session(lang=lang, players=3, wire=wire)
        run_lines(session, recorder, "play outriders h2 4" if lang == "en" else "joue outriders h2 4")
        count = len(display.parts)
        assert count > 1 and display.current > 0
        first = display.current  # the first segment of the last sentence
        texts = run_lines(session, recorder, pan_back)
        assert texts == [] and display.current == first - 1 and len(display.parts) == count
        assert back_translate(display.parts[display.current].cells, lang)
        for _ in range(count - first):
            texts = run_lines(session, recorder, pan_on)
            assert texts == [] and len(display.parts) == count
        assert display.current == count - 1
        texts = run_lines(session, recorder, pan_on)
        assert texts == (["End of the sentence."] if lang == "en" else ["Fin de la phrase."])
