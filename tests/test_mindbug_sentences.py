"""Mindbug's golden sentences, French and English, and the commands typed in both languages."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys

import pytest

from companion.commands import mindbug as parser
from companion.commands.base import Ask, Change, ParseError
from companion.games import mindbug as mb
from tests.conftest import make_session, run_lines

SCRIPT = """
play spider owl
no
play rhino turtle
pas de mindbug
attaque arachnibou
board
creature rhino turtle
blockers arachnibou
"""

GOLDEN = {
    "fr": [
        "3 : joueur 1 joue Arachnibou.",
        "1 carte piochée par joueur 1 : 5 en main, 4 dans la pioche.",
        "Joueur 2 : un Mindbug sur Arachnibou ? Tapez mindbug ou non.",
        "3 : Arachnibou Furtif Toxique entre en jeu chez joueur 1.",
        "Tour 2 : joueur 2.",
        "8 : joueur 2 joue Rhino Tortue.",
        "1 carte piochée par joueur 2 : 5 en main, 4 dans la pioche.",
        "Joueur 1 : un Mindbug sur Rhino Tortue ? Tapez mindbug ou non.",
        "8 : Rhino Tortue Robuste Frénésie entre en jeu chez joueur 2.",
        "Tour 3 : joueur 1.",
        "3 : joueur 1 attaque avec Arachnibou.",
        "Aucune créature ne peut bloquer : joueur 2 perd une vie. 2 vies restantes.",
        "Tour 4 : joueur 2.",
        "Vous, 1 créature : Rhino Tortue 8 Robuste Frénésie. Adversaire, 1 créature : Arachnibou 3 Furtif Toxique.",
        "Rhino Tortue : 8. Capacités : Robuste et Frénésie. Contrôlée par joueur 2.",
        "Aucune créature ne peut bloquer Arachnibou. 1 ne peut pas bloquer, l'attaquant est Furtif : Rhino Tortue.",
    ],
    "en": [
        "3: player 1 plays Spider Owl.",
        "1 card drawn by player 1: 5 in hand, 4 in the draw pile.",
        "Player 2: a Mindbug on Spider Owl? Type mindbug or no.",
        "3: Spider Owl Sneaky Poisonous enters play for player 1.",
        "Turn 2: player 2.",
        "8: player 2 plays Rhino Turtle.",
        "1 card drawn by player 2: 5 in hand, 4 in the draw pile.",
        "Player 1: a Mindbug on Rhino Turtle? Type mindbug or no.",
        "8: Rhino Turtle Tough Frenzy enters play for player 2.",
        "Turn 3: player 1.",
        "3: player 1 attacks with Spider Owl.",
        "No creature can block: player 2 loses a life. 2 lives left.",
        "Turn 4: player 2.",
        "You, 1 creature: Rhino Turtle 8 Tough Frenzy. Opponent, 1 creature: Spider Owl 3 Sneaky Poisonous.",
        "Rhino Turtle: 8. Keywords: Tough and Frenzy. Controlled by player 2.",
        "No creature can block Spider Owl. 1 cannot block, the attacker is Sneaky: Rhino Turtle.",
    ],
}


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_golden_sentences(lang):
    session, recorder = make_session("mindbug", lang)
    assert run_lines(session, recorder, SCRIPT) == GOLDEN[lang]


@pytest.mark.parametrize(("lang", "expected"), [
    ("fr", "Rhino Tortue ne peut pas bloquer. L'attaquant est Furtif."),
    ("en", "Rhino Turtle cannot block. The attacker is Sneaky."),
])
def test_an_illegal_block_is_explained_and_changes_nothing(lang, expected):
    session, recorder = make_session("mindbug", lang)
    run_lines(session, recorder, "play spider owl\nno\nplay rhino turtle\nno\nplay gorillion\nno\nplay spider owl\nno\n"
              "attack spider owl")
    before = session.state
    assert run_lines(session, recorder, "block rhino turtle") == [expected]
    assert session.state == before


@pytest.mark.parametrize(("lang", "expected"), [
    ("fr", "Goblin-Garou : 8, imprimée 2, +6 par Goblin-Garou. Capacités : Chasseur. Contrôlée par joueur 1."),
    ("en", "Goblin Werewolf: 8, printed 2, +6 from Goblin Werewolf. Keywords: Hunter. Controlled by player 1."),
])
def test_creature_says_its_power_and_why(lang, expected):
    session, recorder = make_session("mindbug", lang)
    run_lines(session, recorder, "play goblin werewolf\nno\nplay gorillion\nno")
    assert run_lines(session, recorder, "creature goblin") == [expected]
    run_lines(session, recorder, "play luchataur\nno")
    outside = expected.split(",")[0].replace(": 8", ": 2").replace(" : 8", " : 2")
    assert run_lines(session, recorder, "creature goblin") == [outside + expected[expected.index("."):]]


def test_a_card_already_seen_everywhere_is_refused_in_words():
    session, recorder = make_session("mindbug", "fr")
    run_lines(session, recorder, "play gorillion\nnon\nplay luchataur\nnon")
    assert run_lines(session, recorder, "play gorillion") == [
        "Gorillion : 1 exemplaire, déjà vu."]


def state_after(*lines):
    session, recorder = make_session("mindbug", "en")
    run_lines(session, recorder, "\n".join(lines) or "status")
    return session.state


def test_commands_in_both_languages():
    state = state_after("play rhino turtle", "no", "play rhino turtle", "no")
    assert parser.parse("attaque rhino tortue", state) == Change(mb.Attack("rhino-turtle", 1))
    assert parser.parse("a rhino 1", state) == Change(mb.Attack("rhino-turtle", 1))
    assert parser.parse("target rhino theirs 1", state) == Change(mb.Target("rhino-turtle", "p2", 1))
    assert parser.parse("pas de mindbug", state) == Change(mb.Decline())
    assert parser.parse("no block", state) == Change(mb.Decline())
    assert parser.parse("nomme gorillion arachnibou", state) == Change(mb.NameCards(("gorillion", "spider-owl")))
    assert parser.parse("what if rhino mine", state) == Ask("whatif", {"card": "rhino-turtle", "player": "p1", "copy": 1})
    assert parser.parse("plateau adversaire", state) == Ask("board", {"side": "theirs"})
    assert parser.parse("vies", state) == Ask("life")
    for line, code in [("no thanks please", "extra_words"), ("attack rhino 3", "bad_copy"), ("board left", "bad_side_word"),
                       ("attack zorglub", "unknown_card")]:
        with pytest.raises(ParseError) as caught:
            parser.parse(line, state)
        assert caught.value.code == code, line


def test_a_scripted_game_through_the_cli_in_json():
    lines = ["play killer bee", "mindbug", "play gorillion", "no", "attack killer bee", "no", "no", "status"]
    result = subprocess.run([sys.executable, "-m", "companion", "play", "mindbug", "--json", "--lang", "en"],
                            input="\n".join(lines) + "\n", capture_output=True, text=True, env=dict(os.environ), timeout=120)
    assert result.returncode == 0, result.stderr
    events = [json.loads(line) for line in result.stdout.splitlines()]
    kinds = [e.get("event") for e in events]
    assert "mindbug_used" in kinds and "not_blocked" in kinds
    status = [e for e in events if e.get("event") == "status"][-1]
    fields = status.get("fields", status)
    assert fields["lives"] == {"p1": 1, "p2": 3}
    assert fields["mindbugs"] == {"p1": 2, "p2": 1}
    assert fields["board"]["p2"] == [{"card": "killer-bee", "power": 5, "keywords": ["hunter"], "exhausted": False,
                                      "owner": "p1"}]
    assert fields["current_player"] == "p1" and fields["to_act"] == {"player": "p1", "decision": "play_or_attack"}
    assert fields["winner"] is None and fields["hand"] == {"p1": 5, "p2": 5} and fields["deck"] == {"p1": 3, "p2": 5}


def test_cards_followed_by_names_are_the_named_cards_and_alone_the_card_list() -> None:
    """Issue 13 asks for ``cards CARD CARD``; ``cards`` alone is still every card of the game."""
    from companion.commands import mindbug as commands
    from companion.commands.base import Ask, Change
    from companion.registry import find
    from companion.games import mindbug as mb

    state = mb.new(mb.Options(), find("mindbug").cards())
    assert commands.parse("cards gorillion luchataur", state) == Change(mb.NameCards(("gorillion", "luchataur")))
    assert commands.parse("cartes", state) == Ask("cards")


ORDER_SETUP = "play explosive toad\nno\nplay explosive toad\nno\nplay gorillion\nno\nattack explosive toad"

ORDER_GOLDEN = {
    "fr": [
        ("bloque crapaud", ["5 contre 5 : joueur 1 bloque Crapaud bombe avec Crapaud bombe.",
                            "Crapaud bombe de joueur 2 est vaincu, dans sa défausse.",
                            "Crapaud bombe de joueur 1 est vaincu, dans sa défausse.",
                            "Joueur 2, quel effet d'abord : Crapaud bombe (moi) ou Crapaud bombe (adversaire) ? "
                            "Tapez premier et la carte."]),
        ("premier gorillion", ["Gorillion : rien en attente."]),
        ("non", ["Joueur 2 choisit : l'ordre des effets."]),
        ("premier crapaud", ["Crapaud bombe est des deux côtés. Ajoutez moi ou adversaire."]),
        ("premier crapaud adversaire", ["Crapaud bombe : Gorillion de joueur 1 est vaincu, dans sa défausse.",
                                        "Crapaud bombe : aucune créature ne peut être choisie, l'effet est ignoré.",
                                        "Tour 5 : joueur 1."]),
    ],
    "en": [
        ("block toad", ["5 against 5: player 1 blocks Explosive Toad with Explosive Toad.",
                        "Player 2's Explosive Toad is defeated, to their discard pile.",
                        "Player 1's Explosive Toad is defeated, to their discard pile.",
                        "Player 2, which effect first: Explosive Toad (mine) or Explosive Toad (theirs)? "
                        "Type first and the card."]),
        ("first gorillion", ["Gorillion: no effect waiting."]),
        ("no", ["Player 2 must choose: the order of the effects."]),
        ("first toad", ["Explosive Toad is on both sides. Add mine or theirs."]),
        ("first toad theirs", ["Explosive Toad: player 1's Gorillion is defeated, to their discard pile.",
                               "Explosive Toad: no creature can be chosen, the effect is skipped.",
                               "Turn 5: player 1."]),
    ],
}


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_order_of_effects_at_once_is_asked_and_answered(lang):
    from tests.conformance import long_sentences

    session, recorder = make_session("mindbug", lang)
    run_lines(session, recorder, ORDER_SETUP)
    for line, expected in ORDER_GOLDEN[lang]:
        before = session.state
        said = run_lines(session, recorder, line)
        assert said == expected, line
        assert not [s for text in said for s in long_sentences(text)]
        if len(said) == 1 and line.split()[0] in ("first", "premier", "no", "non"):
            assert session.state == before, f"{line!r} is refused and changes nothing"


@pytest.mark.parametrize(("lang", "expected"), [
    ("fr", "Joueur 1, quel effet d'abord : Mamie Harpie ou Crapaud bombe ? Tapez premier et la carte."),
    ("en", "Player 1, which effect first: Harpy Mother or Explosive Toad? Type first and the card."),
])
def test_two_different_effects_are_named_without_sides(lang, expected):
    session, recorder = make_session("mindbug", lang)
    run_lines(session, recorder, "play harpy mother\nno\nplay explosive toad\nno\nattack harpy mother")
    assert run_lines(session, recorder, "block toad")[-1] == expected


def test_first_names_one_pending_effect_with_an_optional_side():
    state = state_after("play explosive toad", "no", "play explosive toad", "no", "play gorillion", "no",
                        "attack explosive toad", "block explosive toad")
    assert mb.to_act(state) == mb.ToAct("p2", "order")
    assert parser.parse("first toad", state) == Change(mb.First("explosive-toad", None))
    assert parser.parse("premier crapaud moi", state) == Change(mb.First("explosive-toad", "p2"))
    assert parser.parse("d'abord Crapaud explosif adversaire", state) == Change(mb.First("explosive-toad", "p1"))
    assert parser.parse("first explosive toad p1", state) == Change(mb.First("explosive-toad", "p1"))
    for line, code in [("first", "card_name_needed"), ("first toad harpy", "extra_words"),
                       ("first toad mine 2", "extra_words")]:
        with pytest.raises(ParseError) as caught:
            parser.parse(line, state)
        assert caught.value.code == code, line



@pytest.mark.parametrize(("lang", "lines", "expected"), [
    ("fr", "play spider owl", ["Joueur 1 reprend Arachnibou en main.",
                               "1 carte piochée retourne sur la pioche de joueur 1."]),
    ("en", "play spider owl", ["Player 1 takes Spider Owl back into their hand.",
                               "1 card drawn goes back on top of player 1's draw pile."]),
    ("fr", "play spider owl\nmindbug", ["Joueur 2 reprend une carte Mindbug."]),
    ("en", "play spider owl\nmindbug", ["Player 2 takes back a Mindbug card."]),
])
def test_undo_says_which_card_goes_back_where(lang, lines, expected):
    session, recorder = make_session("mindbug", lang)
    run_lines(session, recorder, lines)
    said = " ".join(run_lines(session, recorder, "undo"))
    assert all(sentence in said for sentence in expected), said


@pytest.mark.parametrize(("lang", "line", "said"), [
    ("fr", "joue arachnibou arachnibou", "Mots en trop : arachnibou. Rien n'a changé."),
    ("en", "play spider owl spider owl", "Too many words: spider owl. Nothing was changed."),
])
def test_extra_words_after_a_right_name_offer_no_yes_that_refuses_the_same_line(lang: str, line: str, said: str) -> None:
    """"Did you mean Spider Owl? Type yes." after a right name only led to the same refusal again."""
    session, recorder = make_session("mindbug", lang)
    assert run_lines(session, recorder, f"{line}\n{'oui' if lang == 'fr' else 'yes'}")[0] == said
    assert session.table.step_count == 0


@pytest.mark.parametrize(("lang", "said"), [("fr", "nombre de joueurs : toujours 2"), ("en", "number of players: always 2")])
def test_players_help_says_always_2_once(lang: str, said: str) -> None:
    """``companion play mindbug --help`` said "number of players: always 2: always 2"."""
    from companion.cli import build_parser
    from companion.registry import find

    play = build_parser(lang, find("mindbug"))._subparsers._group_actions[0].choices["play"]  # type: ignore[union-attr]
    assert [str(a.help) for a in play._actions if "--players" in a.option_strings] == [said]


@pytest.mark.parametrize(("lang", "lines", "expected"), [
    ("fr", "joue gorillion\n", "Joueur 2 décide : Mindbug ou pas."),
    ("en", "play gorillion\n", "Player 2 decides: Mindbug or not."),
])
def test_the_status_said_on_resume_starts_every_sentence_with_a_capital(tmp_path, lang, lines, expected) -> None:
    """The status after "Game resumed" said "… joueur 2 décide … Plateau. joueur 1 : aucune créature."."""
    save = tmp_path / "g.jsonl"
    env = dict(os.environ, COMPANION_DATA_DIR=str(tmp_path))
    command = [sys.executable, "-m", "companion", "play", "mindbug", "--lang", lang]
    subprocess.run([*command, "--save", str(save)], input=lines, capture_output=True, text=True, env=env, timeout=120)
    result = subprocess.run([*command, "--resume", str(save)], input="", capture_output=True, text=True, env=env,
                            timeout=120)
    said = result.stdout.splitlines()[1]
    assert expected in said and not re.search(r"\. [a-zé]", said), said


@pytest.mark.parametrize(("lang", "line", "said"), [("fr", "révèle gladiataure", "Nommez 2 cartes."),
                                                    ("en", "reveal luchataur", "Name 2 cards.")])
def test_reveal_with_one_card_asks_for_both(lang: str, line: str, said: str) -> None:
    """``reveal`` takes p1's and p2's cards: one alone was answered "Which card? Type its name after the command."."""
    session, recorder = make_session("mindbug", lang, first="draw")
    assert run_lines(session, recorder, line) == [said]
    assert session.table.step_count == 0
