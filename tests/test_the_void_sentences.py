"""The Void: golden sentences in French and English, short and number first; the --json fields of each event."""

from __future__ import annotations

import pytest

from conftest import make_session, run_lines

GAME = """1
2 rouge

5 bleu
3 vert
faute bleu
défausse 2 4 jaune
défausse 4 jaune
fautes
défausses
manche
9 vert p9
6 violet
faute"""

GOLDEN = {
    "fr": [
        "1.",
        "2 rouge.",
        "Pile : 2 rouge. 23 cartes en pioche.",
        "5 bleu.",
        "3 vert, sous le 5 : faute ?",
        "Faute 1 sur 5. Carte retournée : bleu. Défaussez sous 5.",
        "Défaussées : 2 et 4 jaune.",
        "Le 4 jaune est déjà sorti.",
        "1 faute sur 5 permises. Types sortis cette manche : bleu.",
        "3 défaussées : 4 jaune ; 2, type non dit ; carte retournée : bleu.",
        "Manche 1 sur 13 : 3 empilées, score 3.",
        "Il n'y a que 4 joueurs.",
        "Violet n'est ni un type ni un joueur.",
        "Cette faute est déjà comptée.",
    ],
    "en": [
        "1.",
        "2 red.",
        "Pile: 2 red. 23 cards in the draw pile.",
        "5 blue.",
        "3 green, below the 5: an error?",
        "Error 1 of 5. Card turned up: blue. Discard below 5.",
        "Discarded: 2 and 4 yellow.",
        "4 yellow is already face up.",
        "1 error of 5 allowed. Types turned up this round: blue.",
        "3 discarded: 4 yellow; 2, type not said; turned up: blue.",
        "Round 1 of 13: 3 stacked, score 3.",
        "There are only 4 players.",
        "Violet is neither a type nor a player.",
        "That error is already counted.",
    ],
}

ENGLISH = {"faute": "error", "défausse": "discard", "fautes": "errors", "défausses": "discards", "manche": "round",
           "rouge": "red", "bleu": "blue", "vert": "green", "jaune": "yellow"}


def _in(lang: str) -> str:
    if lang == "fr":
        return GAME
    return "\n".join(" ".join(ENGLISH.get(w, w) for w in line.split()) for line in GAME.splitlines())


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_round_in_each_language(lang):
    session, recorder = make_session("the-void", lang=lang)
    lines = _in(lang).splitlines()
    recorder.clear()
    for line in lines:
        session.handle(line)
    assert recorder.texts == GOLDEN[lang]


@pytest.mark.parametrize(("lang", "opening"), [
    ("fr", ["The Void, 4 joueurs : 13 manches, 5 fautes permises.",
            "Manche 1 sur 13 : 4 cartes chacun, 25 en pioche. Yeux ouverts cette manche."]),
    ("en", ["The Void, 4 players: 13 rounds, 5 errors allowed.",
            "Round 1 of 13: 4 cards each, 25 in the draw pile. Eyes open this round."]),
])
def test_the_opening_reminds_the_eyes_closed_variant(lang, opening):
    session, recorder = make_session("the-void", lang=lang, eyes_closed="13")
    session.start()
    assert recorder.texts == opening


@pytest.mark.parametrize(("lang", "expected"), [
    ("fr", ["Faute 2 sur 5. Carte retournée : rouge, pour la deuxième fois.",
            "Manche 1 finie, rouge retourné deux fois : 1 empilées. Score 1.",
            "Manche 2 sur 13 : 4 cartes chacun, 25 en pioche. Yeux fermés : joueur 1 et joueur 3.",
            "Manche 2 sur 13. Pile vide. Pioche : 25 cartes. Mains : 4, 4, 4 et 4. Fautes : 2 sur 5. "
            "Aucun type sorti cette manche. Empilées : 0 cette manche, score 1."]),
    ("en", ["Error 2 of 5. Card turned up: red, a second time.",
            "Round 1 over, red turned up twice: 1 stacked. Score 1.",
            "Round 2 of 13: 4 cards each, 25 in the draw pile. Eyes closed: player 1 and player 3.",
            "Round 2 of 13. Pile empty. Draw pile: 25 cards. Hands: 4, 4, 4 and 4. Errors: 2 of 5. "
            "No type turned up this round. Stacked: 0 this round, score 1."]),
])
def test_a_round_ends_on_a_type_seen_twice(lang, expected):
    session, recorder = make_session("the-void", lang=lang, eyes_closed="13")
    words = {"fr": ("faute", "rouge", "manche", "état"), "en": ("error", "red", "round", "status")}[lang]
    error, red, again, status = words
    run_lines(session, recorder, f"2\n3\n{error} {red}\n4")
    assert run_lines(session, recorder, f"{error} {red}\n{again}\n{status}") == expected


@pytest.mark.parametrize(("lang", "expected"), [
    ("fr", "Partie perdue : 1 faute. Score 0, rang : passable."),
    ("en", "Game lost: 1 error. Score 0, rank: passable."),
])
def test_a_lost_game_says_its_score_and_rank(lang, expected):
    session, recorder = make_session("the-void", lang=lang, difficulty="gros-mytho")
    word = "faute bleu" if lang == "fr" else "error blue"
    texts = run_lines(session, recorder, f"4\n{word}")
    assert texts[-2] == expected
    assert texts[-1] in ("0: a new record.", "0 : nouveau record.")  # the game is kept in the records


def test_the_json_events_carry_the_fields_of_the_issue():
    session, recorder = make_session("the-void", lang="en")
    run_lines(session, recorder, "7 red p2\n5\nerror blue\ndiscard 3 green\nstatus")
    played = recorder.events("card_played")[1].fields
    assert {k: v for k, v in played.items() if k != "t"} == {
        "rank": 5, "type": None, "player": None, "below": 7, "deck": 23, "stacked": 2, "last_of_rank": False}
    assert isinstance(played["t"], float)
    error = recorder.events("error_called")[0].fields
    assert (error["rank"], error["type"], error["errors"], error["errors_allowed"]) == (7, "blue", 1, 5)
    assert recorder.events("cards_discarded")[0].fields["cards"] == [{"rank": 3, "type": "green"}]
    status = recorder.events("status")[0].fields
    assert {k: status[k] for k in ("round", "rounds", "top", "deck", "hands", "errors", "errors_allowed",
                                   "error_types", "stacked", "score", "outcome")} == {
        "round": 1, "rounds": 13, "top": {"rank": 5, "type": None}, "deck": 21,
        "hands": {"p1": 4, "p2": 4, "p3": 4, "p4": 4}, "errors": 1, "errors_allowed": 5, "error_types": ["blue"],
        "stacked": 1, "score": 1, "outcome": None}
    assert status["to_act"] == {"player": None, "decision": "play"}


def test_every_query_answer_is_eight_words_or_fewer():
    session, recorder = make_session("the-void", lang="fr")
    run_lines(session, recorder, "3 rouge\n5\nfaute bleu")
    # The issue's own answer to errors ("2 fautes sur 5 permises. Types sortis cette manche : bleu.") has 10 words.
    for line, most in (("", 8), ("dessus", 8), ("fautes", 10), ("manche", 8)):
        recorder.clear()
        session.handle(line)
        (text,) = recorder.texts
        words = [w for w in text.split() if any(ch.isalnum() for ch in w)]
        assert len(words) <= most, text
