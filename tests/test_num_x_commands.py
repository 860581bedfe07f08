"""Num-X: typed lines → commands, as the table says them, French and English, and clear refusals."""

from __future__ import annotations

import pytest

from companion.commands.base import Ask, Change, ParseError
from companion.commands.num_x import PARSER
from companion.registry import find
from companion.games import num_x as nx

from conftest import make_session, run_lines

CARDS = find("num-x").cards()


def state(**options: object) -> nx.State:
    return nx.new(nx.Options(**options), CARDS)  # type: ignore[arg-type]


def started() -> nx.State:
    return nx.apply(state(), nx.Play("red-7", 2))[0]


@pytest.mark.parametrize(("line", "command"), [
    ("joue rouge 7 pile 2 monte", nx.Play("red-7", 2, "up")),
    ("r7 2 m", nx.Play("red-7", 2, "up")),
    ("play red 9 2 up", nx.Play("red-9", 2, "up")),
    ("R5 2 d", nx.Play("red-5", 2, "down")),
    ("shadow 3 2 up", nx.Play("shadow-3", 2, "up")),
    ("sh3 2 monte", nx.Play("shadow-3", 2, "up")),
    ("rb12 2 descend", nx.Play("rainbow-12", 2, "down")),
    ("joker 2 down", nx.Play("joker", 2, "down")),
    ("joker 2 up 17", nx.Play("joker", 2, "up", 17)),
    ("flip 2", nx.Play("flip", 2)),
    ("flash pile 2 descente", nx.Play("flash", 2, "down")),
    ("simple", nx.Play("simple")),
    ("joue passe", nx.Play("passe")),
    ("pass", nx.Play("passe")),
    ("vert 3 1", nx.Play("green-3", 1)),  # a pile's first card takes no branch
    ("jaune 3 1 monte", nx.Play("yellow-3", 1)),
    ("r 9 2 m", nx.Play("red-9", 2, "up")),  # "r" is red here, as "v 5" is green: never repeat with extra words
    ("v 5 2 d", nx.Play("green-5", 2, "down")),
    ("suivant", nx.Next()),
    ("bloqué", nx.Blocked()),
    ("blocked", nx.Blocked()),
])
def test_lines_become_commands(line: str, command: nx.Command) -> None:
    assert PARSER.parse(line, started()) == Change(command)


@pytest.mark.parametrize(("line", "ask"), [
    ("table", Ask("table")),
    ("pile 2", Ask("pile", {"pile": 2})),
    ("où rouge 8", Ask("fits", {"card": "red-8"})),
    ("fits r8", Ask("fits", {"card": "red-8"})),
    ("reste", Ask("left")),
    ("état", Ask("status")),
])
def test_questions(line: str, ask: Ask) -> None:
    assert PARSER.parse(line, started()) == ask


@pytest.mark.parametrize(("line", "code"), [
    ("r7 9 m", "no_such_pile"),
    ("r17 2 m", "no_such_number"),
    ("rouge", "number_needed"),
    ("r9 2", "direction_needed_typed"),
    ("r9", "pile_needed_typed"),
    ("r9 deux", "not_a_pile"),
    ("r9 2 m 4", "extra_words"),
    ("pile", "pile_number_needed"),
    ("zzz 2", "unknown_command"),
    ("r9 ²", "not_a_pile"),
])
def test_bad_lines_are_refused_with_a_code(line: str, code: str) -> None:
    with pytest.raises(ParseError) as caught:
        PARSER.parse(line, started())
    assert caught.value.code == code


@pytest.mark.parametrize(("lang", "line", "sentence"), [
    ("en", "r9 2", "Up or down? Type the branch after the 2."),
    ("fr", "r9 2", "Monte ou descend ? Tapez la branche après le 2."),
    ("en", "r7 9 m", "There are 4 piles, from 1 to 4."),
    ("fr", "r17 2 m", "Ce nom n'a pas de numéro 17."),
    ("fr", "r5 2 m", "5 rouge ne monte pas sur la pile 2. Son sommet est 7."),
    ("en", "r5 2 m 999999999", "Too many words: 999999999. Nothing was changed."),
])
def test_bad_lines_get_a_sentence_and_change_nothing(lang: str, line: str, sentence: str) -> None:
    session, recorder = make_session("num-x", lang)
    run_lines(session, recorder, "r7 2")
    before = session.state
    assert run_lines(session, recorder, line) == [sentence]
    assert session.state == before


def test_undo_puts_the_card_back() -> None:
    session, recorder = make_session("num-x", "en")
    run_lines(session, recorder, "r7 2\nr9 2 up")
    run_lines(session, recorder, "undo")
    assert session.state.piles[1].top(nx.UP) == 7 and session.state.plays_made == 1


@pytest.mark.parametrize(("lang", "lines", "said"), [
    ("en", "r7 1\nsh3 1 up\nundo", "No longer face up: 3 Shadow."),
    ("fr", "r7 1\nr9 1 m\nannule", "Ne sont plus face visible : 9 rouge."),
])
def test_undo_says_the_card_taken_back_number_first(lang: str, lines: str, said: str) -> None:
    """The card undo takes off the table is said as every play says it, "9 red", never "Red 9"."""
    session, recorder = make_session("num-x", lang)
    assert said in run_lines(session, recorder, lines)[-1]


@pytest.mark.parametrize(("lang", "lines", "said"), [
    ("en", "r7 1\nr8 1 up\nplay joker 1 up 8", "8, the Joker up on pile 1 red. The turn may end: next."),
    ("fr", "r7 1\nr8 1 m\njoue joker 1 monte 8", "8 : le Joker en montée sur la pile 1 rouge. Le tour peut finir : suivant."),
    ("en", "r7 1\npass\nr9 1 up", "Pass filled the turn. Nothing more to play. Type next."),
    ("en", "r7 1\nsimple\nnext", "2 plays for player 2."),
])
def test_the_printed_rules_typed_at_the_table(lang: str, lines: str, said: str) -> None:
    """Issue 24: the Joker typed with the top's value, nothing after a Passe, a Simple as the second card."""
    session, recorder = make_session("num-x", lang, players=2)
    assert said in run_lines(session, recorder, lines)[-2:]


@pytest.mark.parametrize(("lang", "lines", "said"), [
    ("en", "r7 1\nblocked\nr12 1", "The game is over. Undo takes back the last command."),
    ("fr", "r7 1\nbloqué\nr12", "La partie est finie. Annule reprend la dernière commande."),
])
def test_a_play_after_the_end_says_the_game_is_over(lang: str, lines: str, said: str) -> None:
    """Once the game is over a play is refused for that, never asked "up or down?" nor for its pile."""
    session, recorder = make_session("num-x", lang)
    assert run_lines(session, recorder, lines)[-1] == said


@pytest.mark.parametrize(("lang", "lines", "said"), [
    ("en", "r7 1\nblocked\nhelp", "The game is over: undo, status, card and quit still work."),
    ("fr", "r7 1\nbloqué\naide", "La partie est finie : annule, état, carte et quitter marchent encore."),
])
def test_help_after_the_end_names_only_commands_the_game_has(lang: str, lines: str, said: str) -> None:
    """Num-X has no "played" ("jouées"): help after the end does not offer it (it was an unknown command)."""
    session, recorder = make_session("num-x", lang)
    run_lines(session, recorder, lines)
    assert recorder.events("help")[0].text == said


@pytest.mark.parametrize(("line", "offered"), [("tabel", "table"), ("shadw 3 1 m", "shadow"), ("ranbow 12 1", "rainbow")])
def test_a_french_typo_is_offered_the_word_the_french_table_hears(line: str, offered: str) -> None:
    """The French help says ``table`` and every play says "3 Shadow": "piles" and "ombre" were offered instead."""
    session, recorder = make_session("num-x", "fr")
    run_lines(session, recorder, line)
    assert recorder.events("error")[-1].fields["suggestion"] == offered


@pytest.mark.parametrize(("lang", "lines", "said"), [
    ("en", "r7 1\njoker 1 up 17", "The Joker counts as 7, or 10 away. No card counts 17."),
    ("fr", "r7 1\njoker 1 m -3", "Le Joker vaut 7, ou 10 d'écart. Aucune carte ne vaut -3."),
    ("en", "r7 1\njoker 1 up 20", "The Joker counts as 7, or 10 away. Not 20."),
])
def test_a_joker_value_10_away_but_beyond_the_cards_says_why(lang: str, lines: str, said: str) -> None:
    """17 is 10 away from 7: "or 10 away. Not 17." contradicted itself; no card counts 17 (0 to 16)."""
    session, recorder = make_session("num-x", lang)
    assert run_lines(session, recorder, lines)[-1] == said


@pytest.mark.parametrize(("lang", "said"), [("fr", "Pas de 5 jaune dans cette partie. Son mode ou ses options l'écartent."),
                                            ("en", "No 5 yellow in this game. Its mode or options leave it out.")])
def test_a_card_of_the_removed_family_is_said_number_first(lang: str, said: str) -> None:
    """Découverte leaves yellow out: its card is said "5 yellow" as every play says a card, not "Yellow 5"."""
    session, recorder = make_session("num-x", lang, mode="decouverte")
    assert run_lines(session, recorder, "j5 1" if lang == "fr" else "y5 1") == [said]
