"""What the shared renderer says for every game: the status sentence, the ``game_over`` refusal, the option refusals."""

from __future__ import annotations

import pytest

from companion.registry import GAMES, find
from companion.render import Context, Settings

NAMES = ("Ana", "Bo")


def _num_x(lang: str) -> tuple[object, Context]:
    game = find("num-x")
    cards = game.cards()
    state = game.rules.new(game.rules.options_type(players=2, names=NAMES), cards)
    return state, Context(Settings(lang), cards, game.renderer.domain, NAMES)


@pytest.mark.parametrize(("lang", "expected"), [
    ("fr", "0 coup sur 2 pour Ana. 4 piles, toutes libres. 83 cartes dans la pioche. "
           "5 cartes en main pour Ana et Bo. 0 carte posée."),
    ("en", "0 of 2 plays for Ana. 4 piles, all free. 83 cards in the draw pile. "
           "5 cards in hand for Ana and Bo. 0 cards placed."),
])
def test_the_status_sentence_is_the_head_then_every_part(lang: str, expected: str) -> None:
    game = find("num-x")
    state, ctx = _num_x(lang)
    status = game.rules.status(state)
    assert game.renderer.render(status, ctx) == expected
    assert game.rules.queries["status"](state, {}) == [status]  # the query the contract adds


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_every_game_says_its_status_with_the_shared_sentence(game) -> None:  # type: ignore[no-untyped-def]
    cards = game.cards()
    state = game.rules.new(game.rules.options_type(), cards)
    ctx = Context(Settings("en"), cards, game.renderer.domain, (), game.parser.vocabulary)
    status = game.rules.status(state)
    parts = [text for _, text in game.renderer.status_parts(status, ctx)]
    assert game.renderer.render(status, ctx) == " ".join([game.renderer.head(status, ctx), *parts])


@pytest.mark.parametrize(("lang", "winners", "expected"), [
    ("fr", ("p1", "p2"), "La partie est finie. Ana et Bo ont gagné. Annule reprend la dernière commande."),
    ("fr", ("p2",), "La partie est finie. Bo a gagné. Annule reprend la dernière commande."),
    ("fr", (), "La partie est finie. Annule reprend la dernière commande."),
    ("en", ("p1", "p2"), "The game is over. Ana and Bo won. Undo takes back the last command."),
    ("en", ("p2",), "The game is over. Bo won. Undo takes back the last command."),
    ("en", (), "The game is over. Undo takes back the last command."),
])
def test_the_game_over_refusal_names_the_winners(lang: str, winners: tuple[str, ...], expected: str) -> None:
    _, ctx = _num_x(lang)
    assert find("num-x").renderer.render_error("game_over", {"winners": winners, "reason": "all_placed"}, ctx) == expected


def test_the_game_over_refusal_names_players_as_each_game_does() -> None:
    ctx = Context(Settings("en"), None, "gauntlet")
    text = find("gauntlet").renderer.render_error("game_over", {"winners": ("hero1", "hero2"), "reason": "lives"}, ctx)
    assert text == "The game is over. hero 1 and hero 2 won. Undo takes back the last command."


def test_after_the_end_any_command_gets_the_shared_refusal() -> None:
    game = find("the-void")
    rules = game.rules
    state = rules.new(rules.options_type(difficulty="gros-mytho"), game.cards())
    moves = rules.legal_moves(state) or []
    while moves:
        state, _ = rules.apply(state, moves[0])
        moves = rules.legal_moves(state) or []
    with pytest.raises(Exception) as caught:
        rules.apply(state, rules.commands["play"](3, None, None, 0.0))  # type: ignore[call-arg]
    ctx = Context(Settings("fr"), game.cards(), game.renderer.domain)
    assert game.renderer.render_error(caught.value.code, caught.value.details, ctx).startswith(  # type: ignore[attr-defined]
        "La partie est finie")


@pytest.mark.parametrize(("lang", "code", "details", "expected"), [
    ("fr", "bad_option", {"option": "lock", "value": "maybe", "choices": ("on", "off")},
     "--lock ne peut pas valoir maybe. Choisissez on ou off."),
    ("en", "bad_option", {"option": "lock", "value": "maybe", "choices": ("on", "off")},
     "--lock cannot be maybe. Choose on or off."),
    ("en", "bad_option", {"option": "rounds", "value": 14, "choices": (), "low": 1, "high": 13},
     "--rounds cannot be 14. Give a whole number from 1 to 13."),
    ("fr", "bad_players", {"low": 2, "high": 2}, "Ce jeu se joue à 2 joueurs."),
    ("en", "bad_players", {"low": 2, "high": 5}, "This game is for 2 to 5 players."),
    ("en", "same_name", {"names": ("Ana", "ana")}, "Two players have the same name."),
    ("fr", "bad_names", {"names": 1, "players": 2}, "Donnez un nom par joueur : 2 noms."),
])
def test_option_refusals_come_from_the_spec_in_both_languages(lang: str, code: str, details: dict[str, object],
                                                              expected: str) -> None:
    _, ctx = _num_x(lang)
    assert find("num-x").renderer.render_error(code, details, ctx) == expected
