"""Golden sentences, French and English: what the table hears for each change."""

from __future__ import annotations

import pytest

from tests.conftest import make_session, run_lines

SCRIPT = """
play proxima
next
play hulk
fight 3 7
defeat hero 1 thor
"""

GOLDEN = {
    "fr": [
        "4 : Thanos joue Proxima Midnight.",
        "1 pion pouvoir pour Thanos : total 1, réserve 8.",
        "Tour 2 : héros 1.",
        "Héros 1 pioche. 12 cartes dans le paquet héros.",
        "3 : héros 1 joue Hulk.",
        "Vous pouvez combattre Thanos.",
        "Thanos dépense un pion pouvoir pour ce combat : +2. Reste : 0.",
        "Combat : Thanos bat héros 1.",
        "Héros 1 : sa carte est vaincue ; laquelle ? Tapez vaincu héros 1 puis la carte.",
        "Héros 1 : carte Thor vaincue.",
        "Les héros perdent une vie : retirez une pièce. Vies : 5.",
        "Héros 1 pioche. 11 cartes dans le paquet héros.",
    ],
    "en": [
        "4: Thanos plays Proxima Midnight.",
        "1 power token for Thanos: 1 held, 8 in the reserve.",
        "Turn 2: hero 1.",
        "Hero 1 draws. 12 cards in the hero deck.",
        "3: hero 1 plays Hulk.",
        "You may fight Thanos.",
        "Thanos spends a power token for this fight: +2. 0 left.",
        "Fight: Thanos beats hero 1.",
        "Hero 1's card is defeated: which one? Type defeat hero 1 and the card.",
        "Hero 1's Thor is defeated.",
        "The heroes lose a life: remove a coin. 5 left.",
        "Hero 1 draws. 11 cards in the hero deck.",
    ],
}


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_golden_transcript(lang):
    session, recorder = make_session(lang=lang)
    assert run_lines(session, recorder, SCRIPT) == GOLDEN[lang]


@pytest.mark.parametrize("lang, opening", [
    ("fr", ["Le Gant d'Infinité. 4 joueurs : Thanos et 3 héros. 5 rubis pour Thanos. 6 pièces pour les héros.",
            "Tour 1 : Thanos.", "Thanos pioche. 10 cartes dans le paquet Thanos."]),
    ("en", ["Infinity Gauntlet. 4 players: Thanos and 3 heroes. 5 rubies for Thanos. 6 coins for the heroes.",
            "Turn 1: Thanos.", "Thanos draws. 10 cards in the Thanos deck."]),
])
def test_opening(lang, opening):
    session, recorder = make_session(lang=lang)
    session.start()
    assert recorder.texts == opening


def test_plurals_in_french_and_english():
    session, recorder = make_session(lang="fr", players=2, hero_lives=1, thanos_lives=1)
    session.start()
    assert recorder.texts[0] == "Le Gant d'Infinité. 2 joueurs : Thanos et 1 héros. 1 rubis pour Thanos. 1 pièce pour les héros."
    session, recorder = make_session(lang="en", players=2, hero_lives=1, thanos_lives=2)
    session.start()
    assert recorder.texts[0] == "Infinity Gauntlet. 2 players: Thanos and 1 hero. 2 rubies for Thanos. 1 coin for the heroes."
    session, recorder = make_session(lang="fr", players=3, hero_lives=2)
    session.start()
    assert "2 pièces pour les héros" in recorder.texts[0]
    assert run_lines(session, recorder, "pouvoir 1 +2")[-1] == "2 pions pouvoir pour héros 1 : total 2, réserve 7."


@pytest.mark.parametrize("lang, line, expected", [
    ("fr", "vaincu thanos ebony", "Thanos perd une vie : descendez son curseur d'une case. Vies : 4."),
    ("en", "defeat thanos ebony", "Thanos loses a life: move his slider down one space. 4 left."),
    ("fr", "vaincu héros 2 vision", "Les héros perdent une vie : descendez leur curseur d'une case. Vies : 5."),
])
def test_the_track_kit_moves_the_slider(lang, line, expected):
    session, recorder = make_session(lang=lang, kit="track")
    assert expected in run_lines(session, recorder, line)


def test_terse_verbosity_puts_numbers_first_and_skips_effects():
    session, recorder = make_session(lang="fr", verbosity="terse")
    texts = run_lines(session, recorder, "joue proxima\nvaincu thanos ebony")
    assert "Thanos prend 1 pion pouvoir." not in texts
    assert "Thanos : 4 rubis." in texts


def test_stones_shuffled_back_and_win_sentences():
    session, recorder = make_session(lang="fr", thanos_lives=2)
    texts = run_lines(session, recorder, "vaincu thanos pierre de l'esprit\nvaincu thanos thanos")
    assert "Pierre de l'Esprit retourne dans le paquet Thanos : mélangez-le. 10 cartes dans le paquet Thanos." in texts
    assert texts[-1] == "Thanos n'a plus de vie : les héros remportent la partie."


def test_status_sentence_and_fields():
    session, recorder = make_session(lang="en")
    run_lines(session, recorder, "play power stone\nstatus")
    status = recorder.events("status")[-1]
    assert status.text == ("Turn 1: Thanos has played: type next. Lives: Thanos 5 of 5, heroes 6 of 6. "
                           "1 stone face up: Power Stone. Power tokens: 3 for Thanos. Reserve: 6. Decks: heroes 13, Thanos 10.")
    assert status.fields["power_tokens"] == {"thanos": 3, "hero1": 0, "hero2": 0, "hero3": 0}
    assert status.fields["reserve"] == 6 and status.fields["winner"] is None
    assert status.fields["stones"] == ["power-stone"]


def test_names_given_are_used():
    session, recorder = make_session(lang="fr", players=3, names=("Alice", "Bruno", "Chloé"))
    texts = run_lines(session, recorder, "joue proxima\nsuivant")
    assert "Tour 2 : Bruno." in texts
    texts = run_lines(session, recorder, "joue falcon chloé")
    assert "4 : Bruno joue Falcon, sur Chloé." in texts


def test_unseen_lists_cards_by_value_numbers_first():
    session, recorder = make_session(lang="fr")
    texts = run_lines(session, recorder, "joue proxima\nrestantes thanos")
    # Groups of values in sentences of at most 15 words, the count first.
    assert texts[-1] == ("12 cartes Thanos pas encore vues face visible. 1 : 2 Outriders, Pierre de l'Esprit ; "
                         "2 : Corvus Glaive, Pierre de l'Âme. 3 : Black Dwarf, Pierre de l'Espace ; 4 : Pierre du Pouvoir. "
                         "5 : Ebony Maw, Pierre de la Réalité ; 6 : Pierre du Temps ; 7 : Thanos.")


def test_played_piles_in_french_typography():
    session, recorder = make_session(lang="fr", players=2)
    texts = run_lines(session, recorder, "joue proxima\njouées")
    assert texts[-1] == "Face visible. Thanos : Proxima Midnight. Héros 1 : rien."


def test_thanos_holds_only_one_card_in_the_singular() -> None:
    """Issue 22: "n'a que 1 cartes" — the hand's count agrees with it."""
    from companion.render import Context, Settings
    from companion.render import gauntlet as rg

    from companion.registry import find

    cards = find("gauntlet").cards()
    for lang, one, two in (
            ("fr", "Thanos n'a que 1 carte, pas 2.", "Thanos n'a que 2 cartes, pas 3."),
            ("en", "Thanos holds only 1 card, not 2.", "Thanos holds only 2 cards, not 3.")):
        context = Context(Settings(lang), cards, rg.DOMAIN, ())
        assert rg.RENDERER.render_error("too_many_stones", {"hand": 1, "count": 2}, context) == one
        assert rg.RENDERER.render_error("too_many_stones", {"hand": 2, "count": 3}, context) == two


@pytest.mark.parametrize("lang, lines, expected", [
    ("en", "play outriders hero 1 3\ndefeat hero 2 vision\ndefeat hero 1 hulk\ndefeat hero 1 thor",
     ["Outriders aims at hero 1. Not at hero 2.", "1 card only. Outriders already defeated one."]),
    ("fr", "joue outriders héros 1 3\nvaincu héros 2 vision\nvaincu héros 1 hulk\nvaincu héros 1 thor",
     ["Outriders vise héros 1. Pas héros 2.",
      "1 carte seulement. Outriders en a déjà vaincu une."]),
])
def test_a_defeat_the_card_did_not_aim_at_is_refused_in_a_sentence(lang, lines, expected):
    session, recorder = make_session("gauntlet", lang=lang)
    heard = run_lines(session, recorder, lines)
    assert heard[2] == expected[0] and heard[-1] == expected[1]


@pytest.mark.parametrize("lang, expected", [
    ("en", "status: whose turn. Then lives, stones, tokens, decks."),
    ("fr", "état : à qui le tour. Puis vies, pierres, pions, paquets."),
])
def test_help_on_status_says_its_parts_in_the_order_heard(lang, expected):
    """``status`` starts with whose turn it is: its help line said that came last."""
    session, recorder = make_session(lang=lang)
    assert run_lines(session, recorder, "help status") == [expected]
    assert run_lines(session, recorder, "status")[0].startswith(("Turn 1, Thanos to play.", "Tour 1 : Thanos doit jouer."))


@pytest.mark.parametrize("lang, expected", [
    ("en", "Alice may not fight now. Bruno may."),
    ("fr", "Alice : pas de combat maintenant. Bruno peut combattre."),
])
def test_a_hero_who_may_not_fight_hears_who_may(lang, expected):
    """Iron Man played on Bruno: "fight Alice" was refused without saying that Bruno is the one to fight."""
    session, recorder = make_session(lang=lang, players=4, names=("Zoe", "Alice", "Bruno", "Carla"))
    run_lines(session, recorder, "play ebony maw\nnext\nplay iron man bruno")
    before = session.table.state
    assert run_lines(session, recorder, "fight alice 3 5") == [expected]
    assert session.table.state == before


@pytest.mark.parametrize("lang, expected", [
    ("en", ["No fight left: this card's fights are over.", "No fight now. Only some cards allow one."]),
    ("fr", ["Plus de combat : ceux de cette carte sont livrés.",
            "Pas de combat maintenant. Seules quelques cartes en donnent."]),
])
def test_a_fight_after_the_cards_fights_says_they_are_over(lang, expected):
    """After Black Dwarf's fight, "Only some cards allow one." told the table nothing it did not know."""
    session, recorder = make_session(lang=lang, players=4)
    run_lines(session, recorder, "play black dwarf\nfight 1 2 5\ndefeat hero 1 gamora")
    before = session.table.state
    assert run_lines(session, recorder, "fight 2 4 4") == expected[:1]
    assert session.table.state == before
    run_lines(session, recorder, "next")
    assert run_lines(session, recorder, "fight 1 3 3") == expected[1:]
