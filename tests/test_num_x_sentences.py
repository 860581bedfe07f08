"""Num-X: golden sentences in French and English, numbers first, and the --json events."""

from __future__ import annotations

import re

import pytest

from companion.registry import find
from companion.games import num_x as nx
from companion.render import Context, Settings
from companion.render import num_x as r

from conftest import make_session, run_lines

CARDS = find("num-x").cards()

GAME = """r7 2
play red 9 pile 2 up
joue rouge 5 pile 2 monte
next
v16 1
v6 1 u
table
pile 2
fits red 8
left
flip 2
blocked"""

GOLDEN = {
    "en": [
        '7 red starts pile 2. 1 play left.',
        '9 red up on pile 2. The turn may end: next.',
        '5 red cannot go up on pile 2. Its top is 9.',
        '2 cards drawn by player 1: 5 in hand. 81 cards in the draw pile.',
        '2 plays for player 2.',
        '16 green starts pile 1. 1 play left.',
        '6 green up on pile 1, ten back. The turn may end: next.',
        '6 up, 16 down on pile 1 green. 9 up, 7 down on pile 2 red. 3 and 4: free piles.',
        '9 up, 7 down on pile 2 red.',
        "Asked by player 2, at the table. 8 red fits nowhere now. Not on pile 1: green. "
        "Not on pile 2: up, top 9; down, top 7.",
        '81 in the draw pile, 4 placed, 89 still to place. 0 plays left this turn.',
        'Flip needs a card on each branch. Pile 2 lacks one.',
        '2 plays made, enough. The turn can end: type next.',
    ],
    "fr": [
        '7 rouge ouvre la pile 2. 1 coup restant.',
        '9 rouge en montée sur la pile 2. Le tour peut finir : suivant.',
        '5 rouge ne monte pas sur la pile 2. Son sommet est 9.',
        '2 cartes piochées par joueur 1 : 5 en main. 81 cartes dans la pioche.',
        '2 coups pour joueur 2.',
        '16 vert ouvre la pile 1. 1 coup restant.',
        "6 vert en montée sur la pile 1, dix d'écart. Le tour peut finir : suivant.",
        "6 en montée, 16 en descente sur la pile 1 verte. 9 en montée, 7 en descente sur la pile 2 rouge. "
        "3 et 4 : des piles libres.",
        '9 en montée, 7 en descente sur la pile 2 rouge.',
        "Demandé par joueur 2, à toute la table. 8 rouge ne va nulle part maintenant. "
        "Pas sur la pile 1 : verte. Pas sur la pile 2 : en montée, sommet 9 ; en descente, sommet 7.",
        '81 dans la pioche, 4 posées, 89 encore à poser. 0 coup restant ce tour.',
        'Flip veut une carte par branche. La pile 2 en manque.',
        '2 coups faits, assez. Le tour peut finir : tapez suivant.',
    ],
}


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_game_reads_aloud(lang: str) -> None:
    session, recorder = make_session("num-x", lang, players=2)
    assert run_lines(session, recorder, GAME) == GOLDEN[lang]


def test_the_json_events_carry_the_fields() -> None:
    session, recorder = make_session("num-x", "en", players=2)
    run_lines(session, recorder, "r7 2\nr9 2 up")
    played = recorder.events("card_played")[-1]
    assert played.fields["card"] == "red-9" and played.fields["up"] == 9 and played.fields["down"] == 7
    assert played.fields["how"] == "normal" and played.fields["plays_made"] == 2 and played.fields["placed"] == 2
    run_lines(session, recorder, "status")
    status = recorder.events("status")[-1].fields
    assert status["piles"][1] == {"pile": 2, "family": "red", "up": 9, "down": 7, "owner": None, "closed": []}
    assert status["hands"] == {"p1": 3, "p2": 5} and status["deck"] == 83 and status["mode"] == "coop"


def ctx(lang: str) -> Context:
    return Context(Settings(lang), CARDS, r.DOMAIN, (), find("num-x").parser.vocabulary)


@pytest.mark.parametrize(("event", "en", "fr"), [
    (nx.GameOver(True, "all_placed", 96, 96), "96 cards played, the whole deck: the table wins!",
     "96 cartes jouées, tout le paquet : la table gagne !"),
    (nx.GameOver(False, "blocked", 54, 96), "54 of 96 cards played. Blocked: the table loses.",
     "54 cartes jouées sur 96. Blocage : la table perd."),
    (nx.Flashed("p1", 2, "up", "red-9", 7, 1, 2, 9), "7 up on pile 2 again: Flash takes out 9 red. 1 play left.",
     "7 de nouveau en montée sur la pile 2 : Flash retire 9 rouge. 1 coup restant."),
    (nx.PlayerEliminated("p3", 4, 12, 2), "4 cards back into the draw pile, now 12: player 3 is blocked and out. "
     "2 players left.", "4 cartes retournent dans la pioche, 12 en tout : blocage, joueur 3 quitte la partie. "
     "2 joueurs restants."),
    (nx.Refilled("p1", 0, 1, 0), "1 card in hand for player 1, none drawn.",
     "1 carte en main pour joueur 1, aucune piochée."),
    (nx.Refilled("p1", 5, 5, 40), "5 cards drawn by player 1. 40 cards in the draw pile.",
     "5 cartes piochées par joueur 1. 40 cartes dans la pioche."),
    (nx.Refilled("p1", 1, 5, 0), "1 card drawn by player 1: 5 in hand.", "1 carte piochée par joueur 1 : 5 en main."),
    (nx.TurnStarted("p2", 1, 0, 4), "1 play for player 2.", "1 coup pour joueur 2."),
    (nx.TurnEased("p1", "simple", 1, 1), "Simple: a single real play is enough. The turn may end: next.",
     "Simple : une seule vraie pose suffit. Le tour peut finir : suivant."),
    (nx.TurnEased("p1", "simple", 0, 1), "Simple: a single real play this turn.",
     "Simple : une seule vraie pose ce tour."),
    (nx.TurnEased("p1", "simple", 0, 1, eased=False), "Simple: no effect, a single play was the rule already.",
     "Simple : sans effet, un seul coup était déjà la règle."),
    (nx.TurnEased("p1", "passe", 1, 0), "Pass: the turn is filled, type next.", "Passe : le tour est rempli, tapez suivant."),
    (nx.ActionDraw("p1", True, 0), "The last card drawn at once by player 1.",
     "La dernière carte piochée aussitôt par joueur 1."),
    (nx.ActionDraw("p1", True, 1), "A card drawn at once by player 1. 1 card in the draw pile.",
     "Une carte piochée aussitôt par joueur 1. 1 carte dans la pioche."),
    (nx.DeckEmptied(1, now=True), "0 cards in the draw pile: 1 play is enough from now on.",
     "0 carte dans la pioche : 1 coup suffit dès maintenant."),
    (nx.CardPlayed("p1", "joker", 1, "up", 8, "joker", 8, 7, "red", 2, 2, 3), "8, the Joker up on pile 1 red. "
     "The turn may end: next.", "8 : le Joker en montée sur la pile 1 rouge. Le tour peut finir : suivant."),
    (nx.CardPlayed("p1", "shadow-3", 2, "up", 3, "break", 3, 5, "green", 1, 2, 3), "3 Shadow breaks pile 2 green up. "
     "1 play left.", "3 Shadow casse la pile 2 verte en montée. 1 coup restant."),
    (nx.GameOver(True, "last_standing", 14, 79, ("p1", "p2")), "14, the best score: player 1 and player 2 win.",
     "14, le meilleur score : joueur 1 et joueur 2 gagnent."),
])
def test_sentences_with_plurals(event: nx.Event, en: str, fr: str) -> None:
    assert r.render(event, ctx("en")) == en
    assert r.render(event, ctx("fr")) == fr


def test_a_number_is_said_once_and_first() -> None:
    """Issue 22: "7, Red 7 on pile 1 red down." said the value, and the family, twice."""
    played = nx.CardPlayed("p1", "red-7", 1, "down", 7, "normal", 9, 7, "red", 1, 2, 3)
    assert r.render(played, ctx("en")) == "7 red down on pile 1. 1 play left."
    assert r.render(played, ctx("fr")) == "7 rouge en descente sur la pile 1. 1 coup restant."


def test_the_draw_pile_is_said_once_on_next() -> None:
    session, recorder = make_session("num-x", "en", players=2)
    texts = run_lines(session, recorder, "r7 2\nr9 2 up\nnext")
    assert texts[-2:] == ["2 cards drawn by player 1: 5 in hand. 81 cards in the draw pile.", "2 plays for player 2."]


def test_names_and_french_elision_on_another_players_pile() -> None:
    names = ("Ana", "Bruno", "Éloïse")
    fr = Context(Settings("fr"), CARDS, r.DOMAIN, names)
    en = Context(Settings("en"), CARDS, r.DOMAIN, names)
    helped = nx.CardPlayed("p2", "shadow-6", 1, "up", 6, "help", 6, 13, "red", 1, 2, 3, help=True, owner="p1")
    assert r.render(helped, en) == "6 Shadow up on Ana's pile 1, a help. 1 play left."
    assert r.render(helped, fr) == "6 Shadow en montée sur la pile 1 d'Ana, une aide. 1 coup restant."
    refusal = r.RENDERER.render_error
    assert refusal("help_only", {"pile": 3, "owner": "p3"}, fr) == (
        "La pile 3 est à Éloïse. Seulement l'aider. En montée, plus bas. En descente, plus haut.")


def test_one_word_messages_have_their_context_in_french() -> None:
    """A card's colour is masculine (un 9 vert), a pile's feminine (la pile verte); up/down as a branch."""
    fr = ctx("fr")
    assert r.card_short(fr, "green-9") == "9 vert" and r.family(fr, "green") == "verte"
    assert r.card_short(fr, "blue-2") == "2 bleu" and r.family(fr, "blue") == "bleue"
    assert r.direction(fr, "up") == "en montée" and r.direction(fr, "down") == "en descente"


def test_fits_lists_each_pile_numbers_first() -> None:
    event = nx.Fits("red-8", ({"pile": 1, "direction": "up", "how": "normal"},
                              {"pile": 1, "direction": "down", "how": "normal"},
                              {"pile": 3, "direction": None, "how": "start"}), (), "p2")
    assert r.render(event, ctx("en")) == (
        "Asked by player 2, at the table. 2 piles for 8 red. Pile 1: up or down. Pile 3: to start it.")
    assert r.render(event, ctx("fr")) == ("Demandé par joueur 2, à toute la table. 2 piles pour 8 rouge. "
                                          "Pile 1 : en montée ou en descente. Pile 3 : pour l'ouvrir.")


def test_every_event_type_has_a_sentence() -> None:
    rendered = set(r.RENDERER.events)
    events = {c for c in vars(nx).values() if isinstance(c, type) and issubclass(c, nx.Event) and c is not nx.Event}
    assert events <= rendered | {nx.Status}  # status: the shared sentence, head then parts


@pytest.mark.parametrize("values", [
    {"players": 3, "actions": "on", "extra": "allowed"},
    {"players": 2, "mode": "adversaire", "actions": "on"},
    {"players": 4, "mode": "decouverte", "start": "open", "starters": "any", "breaks": "close", "actions": "on"},
    {"players": 5, "mode": "expert", "lock": "off", "actions": "on", "extra": "allowed"},
])
def test_every_event_and_refusal_of_other_readings_renders(values: dict[str, object]) -> None:
    """The conformance checks on tables the default options do not reach (action cards, modes, open points)."""
    from companion.registry import find as find_game
    from tests.conformance import check_replay, check_sentences, play_randomly

    game = find_game("num-x")
    options = nx.Options(**values)  # type: ignore[arg-type]
    seen: set[str] = set()
    for seed in range(6):
        run = play_randomly(game.rules, options, CARDS, seed)
        check_replay(game.rules, options, CARDS, run)
        check_sentences(game.renderer, CARDS, game.parser.vocabulary, run.events, run.refusals)
        seen |= {e.name for e in run.events}
    assert {"card_played", "game_over", "turn_started"} <= seen


def test_plays_made_agree_with_their_count_in_french() -> None:
    """Issue 22: "1 coups faits sur 2" — the count of plays made is singular for 1 in French."""
    session, recorder = make_session("num-x", "fr", players=2)
    texts = run_lines(session, recorder, "r7 2\nétat court\nr9 2 up\nétat court")
    assert texts[1].startswith("1 coup sur 2 pour joueur 1. ")
    assert texts[3].startswith("2 coups faits par joueur 1. ")
    session, recorder = make_session("num-x", "en", players=2)
    texts = run_lines(session, recorder, "r7 2\nstatus short")
    assert texts[1].startswith("1 of 2 plays for player 1. ")
    vocabulary = find("num-x").parser.vocabulary
    fr, en = (Context(Settings(lang), CARDS, r.DOMAIN, (), vocabulary) for lang in ("fr", "en"))
    refusal = r.RENDERER.render_error
    assert refusal("not_blocked", {"made": 1, "required": 1}, fr) == "1 coup fait, assez. Le tour peut finir : tapez suivant."
    assert refusal("not_blocked", {"made": 2, "required": 2}, fr) == "2 coups faits, assez. Le tour peut finir : tapez suivant."
    assert refusal("turn_full", {"plays": 1}, fr) == "1 coup fait : tour complet. Tapez suivant."
    assert refusal("turn_full", {"plays": 2}, fr) == "2 coups faits : tour complet. Tapez suivant."
    assert refusal("turn_full", {"plays": 1}, en) == "1 play made: that is all this turn. Type next."
    assert r.render(nx.GameOver(False, "blocked", 1, 96), fr) == "1 carte jouée sur 96. Blocage : la table perd."


def test_an_emptied_hand_says_its_new_size_once() -> None:
    session, recorder = make_session("num-x", "en", players=2, names=("Ana", "Bo"))
    texts = run_lines(session, recorder, "r1 1\nr2 1 up\nr3 1 up\nr4 1 up\nr5 1 up\nnext")
    assert texts[-3:] == ["1 more card a hand for Ana: hand emptied in one turn.",
                          "6 cards drawn by Ana. 77 cards in the draw pile.", "2 plays for Bo."]


VERBOSITY_GAME = "r7 2\nr9 2 up\nnext\nv16 1\nv6 1 u\nsimple\nnext"


@pytest.mark.parametrize(("lang", "expected"), [
    ("en", ["7 red, pile 2.", "9 red up, pile 2.", "2 drawn, 81 left.", "2 for Bo.", "16 green, pile 1.",
            "6 green up, pile 1.", "Simple.", "2 drawn, 78 left.", "2 for Ana."]),
    ("fr", ["7 rouge, pile 2.", "9 rouge en montée, pile 2.", "2 piochées, 81 dans la pioche.", "2 pour Bo.",
            "16 vert, pile 1.", "6 vert en montée, pile 1.", "Simple.", "2 piochées, 78 dans la pioche.",
            "2 pour Ana."]),
])
def test_terse_keeps_the_number_and_the_change(lang: str, expected: list[str]) -> None:
    """Issue 22: terse keeps the number and the change only; the action card's draw is not said."""
    session, recorder = make_session("num-x", lang, verbosity="terse", players=2, names=("Ana", "Bo"))
    assert run_lines(session, recorder, VERBOSITY_GAME) == expected


def test_full_adds_why_the_other_top_and_the_counts() -> None:
    session, recorder = make_session("num-x", "en", verbosity="full", players=2, names=("Ana", "Bo"))
    texts = run_lines(session, recorder, VERBOSITY_GAME)
    assert texts[3] == "2 plays for Bo. 5 cards in hand. 81 cards in the draw pile."
    assert texts[5] == ("6 green up on pile 1, ten back. Exactly that gap always fits. 16 down, the other branch. "
                        "The turn may end: next. 4 cards placed in all.")
    session, recorder = make_session("num-x", "fr", verbosity="full", players=2, names=("Ana", "Bo"))
    texts = run_lines(session, recorder, VERBOSITY_GAME)
    assert texts[5] == ("6 vert en montée sur la pile 1, dix d'écart. Exactement cet écart passe toujours. "
                        "16 en descente, l'autre branche. Le tour peut finir : suivant. 4 cartes posées en tout.")


@pytest.mark.parametrize("verbosity", ["terse", "full"])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_terse_and_full_forms_keep_the_sentence_rules(verbosity: str, lang: str) -> None:
    """Every form a random game meets passes the sentence audit (15 words, number first, said once, names)."""
    import random

    from tests.sentence_audit import breaks, event_numbers

    names = ("Ana", "Bo", "Oscar")
    session, recorder = make_session("num-x", lang, verbosity=verbosity, players=3, names=names)
    shuffle = random.Random(f"{verbosity}{lang}")
    own = {event.name for event in r.RENDERER.events}
    found: list[str] = []
    for _ in range(300):
        moves = session.table.rules.legal_moves(session.state)
        if not moves:
            break
        recorder.clear()
        session.change(shuffle.choice(moves))
        for said in recorder.utterances:
            if said.event in own:  # the core's own sentences (a record…) are audited with every game
                found += breaks(said.text, lang, names, event_numbers(said.fields))
    assert found == []


@pytest.mark.parametrize("lang, expected", [
    ("en", ["Joker, action card: 2 copies, 1 at 2 players.", "Pass, action card: 3 copies."]),
    ("fr", ["Joker, carte action : 2 exemplaires, 1 à 2 joueurs.", "Passe, carte action : 3 exemplaires."]),
])
def test_the_card_reading_gives_an_action_card_no_value_and_its_copies_by_player_count(lang, expected):
    """Issue 32: "Joker, value 0, 2 copies" whatever the player count (1 copy at 2 players)."""
    session, recorder = make_session("num-x", lang=lang)
    joker, passe = run_lines(session, recorder, "card joker\ncard passe")
    assert joker.startswith(expected[0]) and passe.startswith(expected[1])
    assert "0" not in joker.split(".")[0]


@pytest.mark.parametrize("lang, lines", [
    ("en", "play red 7 1\nplay red 9 1 up\nnext\nplay flash 1 up\nblocked\nstatus"),
    ("fr", "joue rouge 7 1\njoue rouge 9 1 monte\nsuivant\njoue flash 1 monte\nbloqué\nstatus"),
])
def test_a_status_after_the_end_gives_one_placed_count(lang, lines):
    """Issue 32: "3 cards placed: game over, lost. … 1 card placed." (the score counts the Flash's victim)."""
    session, recorder = make_session("num-x", lang=lang)
    status = run_lines(session, recorder, lines)[-1]
    assert status.startswith(("3 cards played: game over, lost.", "3 cartes jouées : partie finie, perdue."))
    assert len(re.findall(r"\bplac|posé|played|jouée", status)) == 1, status


@pytest.mark.parametrize("lang, lines, expected", [
    ("en", "play passe\nfits red 7", "Asked by player 1, at the table. Pass filled the turn. Nothing more to play. Type next."),
    ("fr", "joue passe\nva rouge 7", "Demandé par joueur 1, à toute la table. La Passe a rempli le tour. Plus rien à jouer. "
                                     "Tapez suivant."),
])
def test_after_a_passe_fits_says_the_turn_takes_no_card(lang, lines, expected):
    session, recorder = make_session("num-x", lang=lang)
    assert run_lines(session, recorder, lines)[-1] == expected


def test_fits_says_a_shadow_place_is_a_break() -> None:
    event = nx.Fits("shadow-3", ({"pile": 2, "direction": "up", "how": "break"},
                                 {"pile": 3, "direction": "up", "how": "normal"}), (), "p2", private=True)
    assert r.render(event, ctx("en")) == "2 piles for 3 Shadow. Piles 2 and 3: up. Pile 2 up: a break."
    assert r.render(event, ctx("fr")) == ("2 piles pour 3 Shadow. Piles 2 et 3 : en montée. "
                                          "Pile 2 en montée : une cassure.")


@pytest.mark.parametrize(("lang", "lines"), [("en", "play red 5 1\nplay red 7 1"), ("fr", "joue rouge 5 1\njoue rouge 7 1")])
def test_why_after_up_or_down_reads_the_rule_of_the_piles(lang: str, lines: str) -> None:
    session, recorder = make_session("num-x", lang)
    run_lines(session, recorder, lines)
    said = run_lines(session, recorder, "why" if lang == "en" else "pourquoi")
    assert said[0] == ("The rule behind that refusal:" if lang == "en" else "La règle qui explique ce refus :")
    assert len(said) > 2


@pytest.mark.parametrize(("lang", "actions", "help_word"), [("en", "off", "help"), ("fr", "off", "aide"),
                                                            ("en", "on", "help")])
def test_help_lists_action_cards_only_when_they_are_played(lang: str, actions: str, help_word: str) -> None:
    session, recorder = make_session("num-x", lang, actions=actions)
    said = " ".join(run_lines(session, recorder, help_word))
    assert ("joker" in said.casefold() and "flash" in said.casefold()) == (actions == "on")
    assert ("r7 2 u" in said) or ("r7 2 m" in said)
