"""Issue 22's sentence audit over random games of every game, in French and English, with names given.

Random legal lines go through a real session (`tests.conftest.make_session`), with
the lines of tests/test_session_conformance.py mixed in (undo, status, typos…);
every sentence announced is put through `tests.sentence_audit.breaks`. The
checker itself is tested first, on a bad example of each kind of break.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from companion.registry import GAMES, find
from tests.conftest import make_session
from tests.sentence_audit import breaks, event_numbers, sentences
from tests.test_session_conformance import LINES

NAMES = ("Ana", "Bo", "Oscar", "Eli", "Hugo", "Cy", "Ida", "Max")
SEEDS = (1, 2, 3)
STEPS = 400


@pytest.mark.parametrize(("answer", "lang", "numbers", "kind"), [
    ("Ana plays the Guard, guesses the Priest, and Bo is not holding it so nothing at all happens now.",
     "en", (), "words"),
    ("Bo loses 1 life.", "en", (1,), "number not first"),
    ("Ana plays Baron, 3, on Bo.", "en", (3,), "number not first"),
    ("7, Red 7 on pile 1.", "en", (7, 1), "said 2 times"),
    ("3 left. 3 left.", "en", (3,), "said"),
    ("No life left for the opponent: Ana wins.", "en", (), "no name"),
    ("Player 2 draws.", "en", (), "no name"),
    ("L'adversaire pioche.", "fr", (), "no name"),
    ("Il reste 1 vies.", "fr", (), "plural after 1"),
    ("2 cards, 1 cards left.", "en", (), "plural after 1"),
    ("La carte de Oursabeille.", "fr", (), "elision"),
    ("La défausse de Ana.", "fr", (), "elision"),
    ("Ce jeu se joue de 4 à 4 joueurs.", "fr", (), "range"),
    ("Le bouclier ne sert pas de la manche.", "fr", (), "ne sert pas de la"),
    ("The card of Ana is defeated.", "en", (), "stiff possessive"),
])
def test_the_checker_catches_each_kind_of_break(answer: str, lang: str, numbers: tuple[int, ...], kind: str) -> None:
    found = breaks(answer, lang, ("Ana", "Bo"), numbers)
    assert any(kind in b for b in found), found


@pytest.mark.parametrize(("answer", "lang", "numbers"), [
    ("9 hero cards unseen. 3: Hulk, Thor and Loki. 6: Groot, Drax, Gamora, Nebula, Mantis and Wong.", "en", (9, 3, 6)),
    ("1 life lost for Bo, 2 left.", "en", (1, 2)),
    ("1 vie perdue pour Bo : il en reste 2.", "fr", (1, 2)),
    ("La carte d'Ana est vaincue.", "fr", ()),
    ("Ana's card is defeated.", "en", ()),
    ("3 contre 3 : les deux sont vaincues.", "fr", (3, 3)),
    ("Ce jeu se joue de 2 à 4 joueurs.", "fr", ()),
    ("Turn 3: Ana.", "en", (3,)),
])
def test_the_checker_passes_good_sentences(answer: str, lang: str, numbers: tuple[int, ...]) -> None:
    assert breaks(answer, lang, ("Ana", "Bo"), numbers) == []


def test_sentences_split_at_ends_not_at_colons() -> None:
    assert sentences("9 unseen. 3: Hulk, Thor! Done? Yes") == ["9 unseen.", "3: Hulk, Thor!", "Done?", "Yes"]
    assert sentences("Undone: “Ana draws.” Now: turn 2.") == ["Undone: “Ana draws.”", "Now: turn 2."]
    assert sentences("Annulé : « Ana pioche. » Maintenant : tour 2.") == ["Annulé : « Ana pioche. »", "Maintenant : tour 2."]


def test_without_names_player_numbers_are_fine() -> None:
    assert breaks("Player 2 draws.", "en", (), ()) == []


def audit_game(game_id: str, lang: str, seed: int, verbosity: str = "normal") -> list[str]:
    """Every break in one random game of ``game_id`` said in ``lang`` (legal moves, undo, typos, lists)."""
    game = find(game_id)
    players = game.spec.default_players
    names = NAMES[:players]
    session, recorder = make_session(game_id, lang, verbosity=verbosity, players=players, names=names)
    session.start()
    shuffle = random.Random(f"{game_id}{lang}{seed}")
    found: list[str] = []
    for _ in range(STEPS):
        moves = session.table.rules.legal_moves(session.state) or []
        recorder.clear()
        if moves and shuffle.random() < 0.8:
            session.change(shuffle.choice(moves))
        elif not moves and shuffle.random() < 0.3:
            break
        else:
            session.handle(shuffle.choice(LINES))
        for utterance in recorder.utterances:
            fields: dict[str, Any] = utterance.fields
            numbers = [] if utterance.event == "error" else event_numbers(fields, session.table.cards)
            found.extend(f"{utterance.event}: {b}" for b in breaks(utterance.text, lang, names, numbers, utterance.event))
    return found


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("game_id", [g.id for g in GAMES])
def test_random_games_break_no_sentence_rule(game_id: str, lang: str, seed: int) -> None:
    found = sorted(set(audit_game(game_id, lang, seed)))
    assert not found, f"{len(found)} breaks:\n" + "\n".join(found[:40])


@pytest.mark.parametrize("verbosity", ["terse", "full"])
@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("game_id", [g.id for g in GAMES])
def test_terse_and_full_forms_break_no_sentence_rule(game_id: str, lang: str, verbosity: str) -> None:
    found = sorted(set(audit_game(game_id, lang, SEEDS[0], verbosity)))
    assert not found, f"{len(found)} breaks:\n" + "\n".join(found[:40])


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("game_id", [g.id for g in GAMES])
def test_refusals_met_in_random_games_break_no_sentence_rule(game_id: str, lang: str) -> None:
    """The rules' refusals that random play meets (tests/conformance.py ``play_randomly``), said with names given."""
    from companion.render import Context, Settings
    from tests.conformance import play_randomly

    game = find(game_id)
    players = game.spec.default_players
    names = NAMES[:players]
    cards = game.cards()
    found: list[str] = []
    for seed in SEEDS:
        run = play_randomly(game.rules, game.rules.options_type(players=players, names=names), cards, seed)
        ctx = Context(Settings(lang), cards, game.renderer.domain, names, game.parser.vocabulary)
        for code, details in run.refusals.items():
            found.extend(f"refusal {code}: {b}" for b in breaks(game.renderer.render_error(code, details, ctx), lang, names))
    found = sorted(set(found))
    assert not found, f"{len(found)} breaks:\n" + "\n".join(found[:40])
