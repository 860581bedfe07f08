"""Wording found at a real table: each sentence exactly as the table hears it, in French and English."""

from __future__ import annotations

import pytest

from tests.conftest import make_session, run_lines

pytestmark = pytest.mark.timeout(60)

LONG = "x" * 60  # over quote()'s 40 characters: quoted cut short with "…"


@pytest.mark.parametrize("lang, line, said", [
    ("en", LONG, f"Unknown command: {'x' * 40}… Type help for the commands."),
    ("fr", LONG, f"Commande inconnue : {'x' * 40}… Tapez aide pour les commandes."),
    ("en", "status one two three four five", "Too many words: one two three four… Nothing was changed."),
    ("fr", "état un deux trois quatre cinq", "Mots en trop : un deux trois quatre… Rien n'a changé."),
])
def test_a_line_quoted_cut_short_ends_its_sentence_once(lang: str, line: str, said: str) -> None:
    """The ellipsis ends the sentence: "xxx…." read as two endings (and two cells in braille)."""
    session, recorder = make_session("love-letter", lang=lang)
    assert run_lines(session, recorder, line) == [said]


@pytest.mark.parametrize("game", ["num-x", "love-letter", "gauntlet"])
@pytest.mark.parametrize("lang, said", [("en", "Nothing to confirm."), ("fr", "Rien à confirmer.")])
@pytest.mark.parametrize("yes", ["yes", "oui"])
def test_yes_with_no_offer_waiting_says_nothing_to_confirm(game: str, lang: str, said: str, yes: str) -> None:
    """It said "Unknown command: yes." (and in Num-X offered "où" for "oui"), as if "yes" were a typo."""
    session, recorder = make_session(game, lang=lang)
    assert run_lines(session, recorder, yes) == [said]
    assert session.table.steps == ()
    assert run_lines(session, recorder, yes) == [said]  # no offer was left behind by the refusal


def test_yes_still_accepts_an_offer() -> None:
    session, recorder = make_session(players=3, lang="fr")
    assert run_lines(session, recorder, "joue spidreman")[-1].endswith("Vouliez-vous dire Spider-Man ? Tapez oui.")
    assert run_lines(session, recorder, "oui") != ["Rien à confirmer."]


@pytest.mark.parametrize("lang, said", [
    ("en", "7 up on pile 2 again: Flash takes out the Joker. 1 play left."),
    ("fr", "7 de nouveau en montée sur la pile 2 : Flash retire le Joker. 1 coup restant."),
])
def test_a_flash_names_the_joker_it_takes_out_with_its_article(lang: str, said: str) -> None:
    """It said "Flash retire Joker" / "Flash takes out Joker", where every other sentence says "the Joker"."""
    from companion.games import num_x as nx
    from companion.registry import find
    from companion.render import Context, Settings
    from companion.render import num_x as r

    ctx = Context(Settings(lang), find("num-x").cards(), r.DOMAIN, (), find("num-x").parser.vocabulary)
    assert r.render(nx.Flashed("p1", 2, "up", "joker", 7, 1, 2, 8), ctx) == said


@pytest.mark.parametrize("lang, gap, said", [
    ("fr", 0.5, "Lecture printed (-), robot greedy : écart au texte 0,5 point."),
    ("fr", 1.5, "Lecture printed (-), robot greedy : écart au texte 1,5 point."),
    ("fr", 2.0, "Lecture printed (-), robot greedy : écart au texte 2,0 points."),
    ("en", 0.5, "Reading printed (-), bot greedy: distance to the text 0.5 points."),
    ("en", 1.0, "Reading printed (-), bot greedy: distance to the text 1.0 points."),
    ("en", 1.5, "Reading printed (-), bot greedy: distance to the text 1.5 points."),
])
def test_the_simulator_s_distance_takes_the_plural_of_its_language(lang: str, gap: float, said: str,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """French said "0,5 points": below 2 French takes the singular, English only at a bare 1."""
    from types import SimpleNamespace

    from companion import simulate
    from companion.i18n import Translator

    monkeypatch.setattr(simulate, "distance", lambda rows, mode="coop": gap)  # the games' results are not the point
    written: list[str] = []
    args = SimpleNamespace(json=False, bot="greedy")
    simulate._report(args, [({}, "printed")], [2], "coop", [[]], written.append, Translator(lang, simulate.DOMAIN))
    assert written == [said]


def _void(lang: str) -> object:
    from companion.registry import find
    from companion.render import Context, Settings
    from companion.render import the_void as rv

    return Context(Settings(lang), find("the-void").cards(), rv.DOMAIN, ())


@pytest.mark.parametrize("lang, errors, allowed, budget, said", [
    ("fr", 1, 1, "game", "1 faute sur 1 permise. Aucun type sorti cette manche."),  # divin: "sur 1 permises"
    ("en", 1, 1, "game", "1 error of 1 allowed. No type turned up this round."),
    ("fr", 0, 1, "round", "0 faute sur 1 permise cette manche. Aucun type sorti cette manche."),
    ("fr", 2, 5, "game", "2 fautes sur 5 permises. Aucun type sorti cette manche."),  # the everyday sentence, as it was
    ("fr", 0, 0, "game", "0 faute sur 0 permise. Aucun type sorti cette manche."),  # gros-mytho
    ("fr", 1, 0, "game", "1 faute, 0 permise. Aucun type sorti cette manche."),  # lost: never "1 of 0"
    ("en", 1, 0, "game", "1 error, 0 allowed. No type turned up this round."),
])
def test_the_void_s_errors_agree_with_each_count(lang: str, errors: int, allowed: int, budget: str, said: str) -> None:
    from companion.games import the_void as g
    from companion.render import capitalized
    from companion.render import the_void as rv

    event = g.ErrorsInfo(errors=errors, errors_allowed=allowed, budget=budget, error_types=())
    assert capitalized(rv.RENDERER.render(event, _void(lang))) == said


@pytest.mark.parametrize("lang, errors, allowed, said", [
    ("fr", 1, 0, "1 faute, 0 permise. Aucune carte à retourner."),  # gros-mytho: "1 faute, 0 permises"
    ("fr", 2, 1, "2 fautes, 1 permise. Aucune carte à retourner."),  # divin
    ("fr", 6, 5, "6 fautes, 5 permises. Aucune carte à retourner."),
    ("en", 2, 1, "2 errors, 1 allowed. No card to turn up."),
])
def test_the_void_s_lost_error_agrees_with_each_count(lang: str, errors: int, allowed: int, said: str) -> None:
    from companion.games import the_void as g
    from companion.render import capitalized
    from companion.render import the_void as rv

    event = g.ErrorMade(rank=None, type=None, player=None, errors=errors, errors_allowed=allowed, budget="game", deck=3,
                        repeated=False)
    assert capitalized(rv.RENDERER.render(event, _void(lang))) == said
