"""Love Letter: golden sentences in French and English, plurals right, every event and refusal has words."""

from __future__ import annotations

import inspect

import pytest

from companion.registry import find
from companion.games import love_letter as ll
from companion.commands.love_letter import PARSER
from companion.render import Context, Settings
from companion.render import love_letter as r

from conftest import make_session, run_lines
from sentence_audit import breaks

CARDS = find("love-letter").cards()

GAME = """aside guard guard king
play guard 2 priest
next
play handmaid
next
play guard
next
status
unseen
play prince 2
discard 2 princess
next"""

GOLDEN = {
    "en": [
        "Set aside face up: Guard, Guard and King. Deck: 10 cards.",
        "Player 1's turn: draw a card. Deck: 9 cards.",
        "1: player 1 plays Guard, on player 2, naming Priest, 2.",
        "If player 2's card is Priest, type: out 2; else miss.",
        "Player 2's turn: draw a card. Deck: 8 cards.",
        "4: player 2 plays Handmaid.",
        "Player 2 is protected until their next turn.",
        "Player 1's turn: draw a card. Deck: 7 cards.",
        "Handmaid: every other player is protected. 1: player 1 plays Guard, with no effect.",
        "Player 2's turn: draw a card. Deck: 6 cards.",
        "The Handmaid no longer protects player 2.",
        "Round 1, turn 4, player 2 to play. Deck: 6 cards. Still in the round: player 1 and player 2. "
        "No one is protected. Set aside: Guard, "
        "Guard and King. No favour token yet; 7 to win.",
        "10 cards not seen face up. 2: Priest, Baron and Prince. 1: Guard, Handmaid, Countess and Princess. "
        "None left: King.",
        "5: player 2 plays Prince, on player 2.",
        "Player 2 discards their card face up: type discard 2 and the card.",
        "8: player 2 discards Princess face up.",
        "Player 2 discarded the Princess and is out of the round.",
        "Round 1 to player 1, the last one in.",
        "1 of 7 favour tokens for player 1.",
        "Round 2. Shuffle the 16 cards. Remove one face down. Set three aside face up. Deal one card each. "
        "Player 1 starts. Type aside and the three cards.",
    ],
    "fr": [
        "Écartées face visible : Garde, Garde et Roi. Pioche : 10 cartes.",
        "Joueur 1, piochez une carte. Pioche : 9 cartes.",
        "1 : joueur 1 joue Garde, sur joueur 2, et nomme Prêtre, 2.",
        "Joueur 2 : si sa carte est Prêtre, tapez : éliminé 2 ; sinon raté.",
        "Joueur 2, piochez une carte. Pioche : 8 cartes.",
        "4 : joueur 2 joue Servante.",
        "Joueur 2 est sous la protection de la Servante jusqu'à son prochain tour.",
        "Joueur 1, piochez une carte. Pioche : 7 cartes.",
        "Servante : tous les autres joueurs sont protégés. 1 : joueur 1 joue Garde, sans effet.",
        "Joueur 2, piochez une carte. Pioche : 6 cartes.",
        "La Servante ne protège plus joueur 2.",
        "Manche 1, tour 4 : joueur 2 joue. Pioche : 6 cartes. En lice : joueur 1 et joueur 2. "
        "Personne n'est protégé. Écartées : Garde, Garde et "
        "Roi. Aucun jeton de faveur pour l'instant ; 7 pour gagner.",
        "10 cartes pas encore vues face visible. 2 : Prêtre, Baron et Prince. 1 : Garde, Servante, Comtesse et "
        "Princesse. Plus aucun : Roi.",
        "5 : joueur 2 joue Prince, sur joueur 2.",
        "Joueur 2 défausse sa carte face visible : tapez défausse 2 et la carte.",
        "8 : joueur 2 défausse Princesse face visible.",
        "Joueur 2 a défaussé la Princesse et sort de la manche.",
        "Manche 1 pour joueur 1, dernière personne en lice.",
        "1 jeton de faveur sur 7 pour joueur 1.",
        "Manche 2. Mélangez les 16 cartes. Retirez-en une face cachée. Écartez-en trois face visible. Distribuez une "
        "carte à chacun. Joueur 1 commence. Tapez écartées et les trois cartes.",
    ],
}


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_golden_game(lang):
    session, recorder = make_session("love-letter", lang=lang, players=2)
    assert run_lines(session, recorder, GAME) == GOLDEN[lang]


def ctx(lang, names=()):
    return Context(Settings(lang), CARDS, r.DOMAIN, names, PARSER.vocabulary)


@pytest.mark.parametrize("lang, event, text", [
    ("en", ll.GameStarted(3, (), 5, "all"), "3 players, Love Letter. 5 favour tokens to win."),
    ("fr", ll.GameStarted(2, (), 7, "all"), "2 joueurs, Love Letter. 7 jetons de faveur pour gagner."),
    ("en", ll.TurnStarted("p1", 1, 9, 1), "Player 1's turn: draw a card. Deck: 1 card."),
    ("fr", ll.TurnStarted("p1", 1, 9, 1), "Joueur 1, piochez une carte. Pioche : 1 carte."),
    ("fr", ll.TurnStarted("p2", 1, 10, 0),
     "Joueur 2, piochez une carte. Pioche : 0 carte. C'était la dernière carte : la manche finit après ce tour."),
    ("en", ll.PlayerOut("p2", "baron", "baron", 2),
     "3, Baron, face up: player 2 is out of the round. 2 players left in the round."),
    ("fr", ll.PlayerOut("p3", "king", "guard", 1), "6, Roi, face visible : joueur 3 sort de la manche."),
    ("en", ll.CardEffect("baron", "compare", "p1", "p2"),
     "Player 1 and player 2 compare their cards in secret. Type compare, then each value, unseen."),
    ("fr", ll.CardDiscarded("p1", "guard", "removed", 0),
     "1 : joueur 1 défausse Garde face visible et prend la carte retirée face cachée."),
    ("en", ll.CompareTied("p1", "p3"), "Baron: player 1 and player 3 tie, nobody is out."),
    ("fr", ll.DeckEmpty(("p1", "p3")), "La pioche est vide : la manche finit. En lice, chacun révèle sa carte. "
     "Tapez révèle, le joueur et la carte. On attend joueur 1 et joueur 3."),
    ("en", ll.CardRevealed("p1", "prince", ("p3",)), "5: player 1 reveals Prince. Waiting for player 3."),
    ("en", ll.RoundWon(2, ("p2",), "discards", 5, 9),
     "9 face up breaks the tie at 5: player 2 wins round 2."),
    ("fr", ll.RoundWon(2, ("p1", "p2"), "tie", 5, 9, ("p1", "p2")),
     "Manche 2 : égalité complète, à 5 et 9 face visible ; joueur 1 et joueur 2 la gagnent chacun."),
    ("en", ll.RoundWon(2, (), "no_winner", 5, 9, ("p1", "p2")),
     "Round 2: full tie between player 1 and player 2, at 5 and 9 face up. Nobody wins it."),
    ("fr", ll.GameOver("p2", 4), "4 jetons de faveur : joueur 2 remporte la partie."),
    ("en", ll.UnseenCards({"guard": 1}, 1), "1 card not seen face up. 1: Guard."),
    ("fr", ll.UnseenCards({"guard": 1}, 1), "1 carte pas encore vue face visible. 1 : Garde."),
    ("fr", ll.PlayedCards({"p1": ("guard", "king"), "p2": ()}, ("priest",)),
     "Face visible. Joueur 1 : Garde et Roi. Joueur 2 : rien. Écartées : Prêtre."),
])
def test_golden_sentences(lang, event, text):
    rendered = r.render(event, ctx(lang))
    assert rendered[:1].upper() + rendered[1:] == text


def test_given_names_replace_player_numbers():
    assert r.render(ll.CardShown("p2", "king"), ctx("fr", ("Léa", "Marc"))) == "6, Roi, face visible : Marc montre sa carte."


def test_every_event_has_a_sentence_and_every_refusal_code_has_words_in_both_languages():
    events = [cls for _, cls in inspect.getmembers(ll, inspect.isclass) if issubclass(cls, ll.Event) and cls is not ll.Event]
    from companion.private import love_letter as private

    events += [cls for _, cls in inspect.getmembers(private, inspect.isclass) if issubclass(cls, ll.Event)
               and cls is not ll.Event and cls.__module__ == private.__name__]
    assert set(events) == set(r._RENDERERS) | {ll.Status}  # status: the shared sentence, head then parts
    source = inspect.getsource(ll) + inspect.getsource(__import__("companion.commands.love_letter", fromlist=["x"]))
    source += inspect.getsource(private)
    import re

    codes = set(re.findall(r'(?:RuleError|ParseError)\("([a-z_]+)"', source))
    details = {"count": 2, "copies": 1, "players": 4, "value": 9, "low": 2, "high": 8, "player": "p1", "target": "p2",
               "card": "guard", "named": "priest", "waiting": ("p1",), "number": 5, "tie": "x", "names": 1}
    from companion.render import render_parse_error

    for lang in ("en", "fr"):
        for code in codes:
            text = (render_parse_error(code, {"text": "x", **details}, ctx(lang))
                    or r.RENDERER.render_error(code, details, ctx(lang)))
            assert "({code})".format(code=code) not in text, code
    french = [r.RENDERER.render_error(code, details, ctx("fr")) for code in sorted(codes)]
    english = [r.RENDERER.render_error(code, details, ctx("en")) for code in sorted(codes)]
    assert sum(f != e for f, e in zip(french, english, strict=True)) >= len(codes) - 3


def test_help_lists_the_game_s_commands_in_french():
    session, recorder = make_session("love-letter", lang="fr", players=3)
    texts = run_lines(session, recorder, "aide")
    assert texts[0] == "Joueur 1 doit jouer. Maintenant : joue."
    assert "écartées CARTE CARTE CARTE. À 2 joueurs, les 3 cartes écartées." in texts


@pytest.mark.parametrize("lang, expected", [
    ("en", ["Round 1, turn 1: the Guard waits for Ben: type out Ben or miss. Deck: 11 cards.",
            "Round 1, turn 1: for the Prince, type discard Ben and the card. Deck: 11 cards."]),
    ("fr", ["Manche 1, tour 1 : le Garde attend Ben : tapez éliminé Ben ou raté. Pioche : 11 cartes.",
            "Manche 1, tour 1 : pour le Prince, tapez défausse Ben puis la carte. Pioche : 11 cartes."]),
])
def test_the_short_status_says_whose_answer_a_guard_or_a_prince_waits_for(lang, expected):
    said = []
    for line in ("play guard ben priest", "play prince ben"):
        session, recorder = make_session("love-letter", players=3, names=("Ana", "Ben", "Cleo"), lang=lang)
        said.append(run_lines(session, recorder, f"{line}\nstatus short")[-1])
    assert said == expected


@pytest.mark.parametrize("lang, expected", [
    ("en", ["Cards are set aside only at the start of a 2-player round.",
            "Cards are revealed only when the deck is empty at the end of a turn."]),
    ("fr", ["On n'écarte des cartes qu'au début d'une manche à 2 joueurs.",
            "On ne révèle qu'une fois la pioche vide, à la fin d'un tour."]),
])
def test_a_set_aside_or_a_reveal_in_a_turn_says_when_it_comes(lang, expected):
    """Not "That cannot be done now.": the referee learns what they mistook, and nothing changes."""
    session, recorder = make_session("love-letter", lang=lang, players=3)
    before = session.table.state
    assert run_lines(session, recorder, "aside guard guard king\nreveal 1 guard") == expected
    assert [breaks(text, lang) for text in expected] == [[], []]
    assert session.table.state == before
    assert [u.fields["command"] for u in recorder.events("error")] == ["aside", "reveal"]


@pytest.mark.parametrize("lang, expected", [
    ("en", "status: round and whose turn, deck. Who is still in, who is protected. Then favour tokens."),
    ("fr", "état : manche, à qui le tour, pioche. Qui est en lice, qui est protégé. Puis jetons."),
])
def test_help_on_status_says_its_parts_in_the_order_heard(lang, expected):
    session, recorder = make_session("love-letter", lang=lang, players=3)
    assert run_lines(session, recorder, "help status") == [expected]


@pytest.mark.parametrize("lang, expected", [
    ("en", "Secret values cancelled. Nothing changed."),
    ("fr", "Valeurs secrètes annulées. Rien n'a changé."),
])
def test_a_baron_comparison_dropped_at_the_keyboard_is_not_said_like_an_undo(lang, expected):
    """Escape in a Baron's secret values said "Annulé.", the first word of every undo ("Annulé : « … »")."""
    from msgspec.structs import replace

    from companion.ui.secret import SecretAsker

    session, recorder = make_session("love-letter", lang=lang, players=3,
                                     wire=lambda w: replace(w, secret_handler=SecretAsker(reader=lambda prompt: None)))
    run_lines(session, recorder, "play baron 2")
    before = session.table.state
    assert run_lines(session, recorder, "compare")[-1] == expected
    assert session.table.state == before


@pytest.mark.parametrize("lang, expected", [
    ("en", ["The Handmaid protects every other player. Type just play Guard: no effect.",
            "The Handmaid protects every other player. Type just play Guard: no effect.",
            "The Handmaid protects every other player. The Prince must choose you.",
            "The Handmaid protects Ana. Choose another player."]),
    ("fr", ["La Servante protège tous les autres joueurs. Tapez seulement joue Garde : sans effet.",
            "La Servante protège tous les autres joueurs. Tapez seulement joue Garde : sans effet.",
            "La Servante protège tous les autres joueurs. Le Prince doit vous choisir.",
            "La Servante protège Ana. Choisissez un autre joueur."]),
])
def test_when_every_other_player_is_protected_the_refusal_says_to_play_alone(lang, expected):
    """"Choose another player." had no answer when the Handmaid protected every other player."""
    session, recorder = make_session("love-letter", lang=lang, players=2, names=("Ana", "Bruno"))
    run_lines(session, recorder, "aside guard guard king\nplay handmaid\nnext")
    before = session.table.state
    said = run_lines(session, recorder, "play guard 1 priest\nplay guard 2 priest\nplay prince 1")
    assert session.table.state == before
    three = make_session("love-letter", lang=lang, players=3, names=("Ana", "Bruno", "Chloé"))
    run_lines(*three, "play handmaid\nnext")
    assert said + run_lines(*three, "play guard 1 priest") == expected
    assert all(breaks(text, lang, names=("Ana", "Bruno")) == [] for text in expected)
