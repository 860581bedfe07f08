"""Num-X: golden sentences in French and English, numbers first, and the --json events."""

from __future__ import annotations

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
        "Red 7 starts pile 2 red: up 7, down 7. Play 1 of 2.",
        "9, Red 9 on pile 2 red up. Play 2 of 2: the turn may end (next).",
        "Red 5 cannot go up on pile 2: its top is 9.",
        "Player 1 draws 2 cards: 5 in hand. Draw pile: 81 cards.",
        "Player 2 to play: 2 plays. Draw pile: 81 cards.",
        "Green 16 starts pile 1 green: up 16, down 16. Play 1 of 2.",
        "6, Green 6 on pile 1 green up, 10 back. Play 2 of 2: the turn may end (next).",
        "Pile 1 green: up 6, down 16. Pile 2 red: up 9, down 7. Piles 3 and 4 free.",
        "Pile 2 red: up 9, down 7. First card: Red 7. Rising: Red 9.",
        "Asked by player 2, at the table. Red 8 fits nowhere now. Not on pile 1: green. "
        "Not on pile 2: up, top 9; down, top 7.",
        "Draw pile: 81 cards. Placed: 4. Still to place: 89. Plays left this turn: 0.",
        "Flip needs a card on both branches of pile 2.",
        "2 of 2 plays made: the turn can end, type next.",
    ],
    "fr": [
        "Rouge 7 ouvre la pile 2 rouge : monte 7, descend 7. Coup 1 sur 2.",
        "9 : Rouge 9 sur la pile 2 rouge, en montée. Coup 2 sur 2 : le tour peut finir (suivant).",
        "Rouge 5 ne peut pas monter sur la pile 2 : son sommet est 9.",
        "Joueur 1 pioche 2 cartes : 5 en main. Pioche : 81 cartes.",
        "À joueur 2 de jouer : 2 coups. Pioche : 81 cartes.",
        "Vert 16 ouvre la pile 1 verte : monte 16, descend 16. Coup 1 sur 2.",
        "6 : Vert 6 sur la pile 1 verte, en montée, 10 d'écart. Coup 2 sur 2 : le tour peut finir (suivant).",
        "Pile 1 verte : monte 6, descend 16. Pile 2 rouge : monte 9, descend 7. Piles 3 et 4 libres.",
        "Pile 2 rouge : monte 9, descend 7. Première carte : Rouge 7. Montée : Rouge 9.",
        "Demandé par joueur 2, à toute la table. Rouge 8 ne va nulle part maintenant. Pas sur la pile 1 : verte. "
        "Pas sur la pile 2 : en montée, sommet 9 ; en descente, sommet 7.",
        "Pioche : 81 cartes. Posées : 4. Encore à poser : 89. Coups restant ce tour : 0.",
        "Flip demande une carte sur les deux branches de la pile 2.",
        "2 coups faits sur 2 : le tour peut finir, tapez suivant.",
    ],
}


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_game_reads_aloud(lang: str) -> None:
    session, recorder = make_session("num-x", lang, players=2, actions="on", extra="allowed")
    assert run_lines(session, recorder, GAME) == GOLDEN[lang]


def test_the_json_events_carry_the_fields() -> None:
    session, recorder = make_session("num-x", "en", players=2, actions="on", extra="allowed")
    run_lines(session, recorder, "r7 2\nr9 2 up")
    played = recorder.events("card_played")[-1]
    assert played.fields["card"] == "red-9" and played.fields["up"] == 9 and played.fields["down"] == 7
    assert played.fields["how"] == "normal" and played.fields["plays_made"] == 2 and played.fields["placed"] == 2
    run_lines(session, recorder, "status")
    status = recorder.events("status")[-1].fields
    assert status["piles"][1] == {"pile": 2, "family": "red", "up": 9, "down": 7, "owner": None, "closed": []}
    assert status["hands"] == {"p1": 3, "p2": 5} and status["deck"] == 83 and status["mode"] == "coop"


def ctx(lang: str) -> Context:
    return Context(Settings(lang), CARDS, r.DOMAIN, ())


@pytest.mark.parametrize(("event", "en", "fr"), [
    (nx.GameOver(True, "all_placed", 96, 96), "96 of 96 cards placed: the table wins!",
     "96 cartes posées sur 96 : la table gagne !"),
    (nx.GameOver(False, "blocked", 54, 96), "54 of 96 cards placed: blocked, the table loses. Score: 54.",
     "54 cartes posées sur 96 : blocage, la table perd. Score : 54."),
    (nx.Flashed("p1", 2, "up", "red-9", 7, 1, 2), "Flash: Red 9 leaves pile 2 up for good; its top is 7. Play 1 of 2.",
     "Flash : Rouge 9 quitte la pile 2, en montée, définitivement ; son sommet est 7. Coup 1 sur 2."),
    (nx.PlayerEliminated("p3", 4, 12, 2), "4 cards back into the draw pile, now 12: player 3 is blocked and out. "
     "2 players left.", "4 cartes retournent dans la pioche, 12 en tout : joueur 3 est bloqué, éliminé. "
     "2 joueurs restants."),
    (nx.Refilled("p1", 0, 1, 0), "1 card in hand for player 1, nothing to draw.",
     "1 carte en main pour joueur 1, rien à piocher."),
])
def test_sentences_with_plurals(event: nx.Event, en: str, fr: str) -> None:
    assert r.render(event, ctx("en")) == en
    assert r.render(event, ctx("fr")) == fr


def test_fits_lists_each_pile_numbers_first() -> None:
    event = nx.Fits("red-8", ({"pile": 1, "direction": "up", "how": "normal"},
                              {"pile": 1, "direction": "down", "how": "normal"},
                              {"pile": 3, "direction": None, "how": "start"}), (), "p2")
    assert r.render(event, ctx("en")) == (
        "Asked by player 2, at the table. Red 8: 2 piles. Pile 1: up or down. Pile 3: to start it.")
    assert r.render(event, ctx("fr")) == ("Demandé par joueur 2, à toute la table. Rouge 8 : 2 piles. "
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
    session, recorder = make_session("num-x", "fr", players=2, actions="on", extra="allowed")
    texts = run_lines(session, recorder, "r7 2\nétat court\nr9 2 up\nétat court")
    assert texts[1].startswith("À joueur 1 de jouer, 1 coup fait sur 2. ")
    assert texts[3].startswith("À joueur 1 de jouer, 2 coups faits sur 2. ")
    session, recorder = make_session("num-x", "en", players=2, actions="on", extra="allowed")
    texts = run_lines(session, recorder, "r7 2\nstatus short")
    assert texts[1].startswith("Player 1 to play, 1 of 2 plays made. ")
    vocabulary = find("num-x").parser.vocabulary
    fr, en = (Context(Settings(lang), CARDS, r.DOMAIN, (), vocabulary) for lang in ("fr", "en"))
    refusal = r.RENDERER.render_error
    assert refusal("not_blocked", {"made": 1, "required": 2}, fr) == "1 coup fait sur 2 : le tour peut finir, tapez suivant."
    assert refusal("not_blocked", {"made": 2, "required": 2}, fr) == "2 coups faits sur 2 : le tour peut finir, tapez suivant."
    assert refusal("turn_full", {"plays": 1}, fr) == "1 coup fait : c'est tout pour ce tour. Tapez suivant."
    assert refusal("turn_full", {"plays": 2}, fr) == "2 coups faits : c'est tout pour ce tour. Tapez suivant."
    assert refusal("turn_full", {"plays": 1}, en) == "1 play made: that is all this turn. Type next."
    assert r.render(nx.GameOver(False, "blocked", 1, 96), fr) == (
        "1 carte posée sur 96 : blocage, la table perd. Score : 1.")
