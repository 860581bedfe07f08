"""Any line typed into a game in progress, in every game and both languages: never an exception, and a refused line
leaves the state, the undo history and the save file exactly as they were; the save file always rebuilds the game.

Lines are built from the game's own words (verbs, inner words, card names), near misses of them, numbers of every
kind, unicode, control characters and very long lines. ``save`` and ``quit`` are left out: the one writes a file
wherever the line says, the other ends the session (both have their own tests in test_robustness.py).
"""

from __future__ import annotations

import random
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion import journal
from companion.announce import Announcer
from companion.games.base import options_to_json
from companion.registry import GAMES, Game, find
from companion.render import Settings
from companion.session import Session, Wiring, open_session
from companion.ui.completion import _typed_id
from tests.conftest import Recorder, examples

pytestmark = pytest.mark.timeout(120)

LEFT_OUT = ("save", "quit")


def _verbs(game: Game) -> list[str]:
    """The words of ``game``'s commands in both languages (and the words a line may start with), but save and quit."""
    vocabulary = game.parser.vocabulary
    verbs = [name for verb, names in vocabulary.verbs.items() if verb not in LEFT_OUT for name in names]
    return sorted(set(verbs + [name for word in vocabulary.starts for name in vocabulary.words.get(word, (word,))]))


def _words(game: Game) -> list[str]:
    """Every word a line of ``game`` may hold: its verbs and inner words in both languages, its card names, and its
    seats as typed in both languages (``hero1``, ``héros 2``, ``j3``)."""
    vocabulary = game.parser.vocabulary
    cards = [word for card in game.cards().cards
             for word in (card.id, *card.names.values(), *card.aliases, *" ".join(card.names.values()).split())]
    state = game.rules.new(game.rules.options_type(players=game.spec.default_players), game.cards())
    seats = [typed for pid in game.rules.player_ids(state) for lang in ("fr", "en")
             for typed in (pid, _typed_id(pid, vocabulary, lang))]
    return sorted(set(_verbs(game) + vocabulary.inner_words() + cards + seats))


def _near_miss(word: str, data: Any) -> str:
    """``word`` with one letter dropped, doubled, swapped or changed, as a hurried hand types it."""
    if not word:
        return word
    at = data.draw(st.integers(0, len(word) - 1))
    how = data.draw(st.sampled_from(["drop", "double", "swap", "change", "upper"]))
    if how == "drop":
        return word[:at] + word[at + 1:]
    if how == "double":
        return word[:at] + word[at] + word[at:]
    if how == "swap" and at + 1 < len(word):
        return word[:at] + word[at + 1] + word[at] + word[at + 2:]
    if how == "upper":
        return word.upper()
    return word[:at] + data.draw(st.characters(codec="utf-8")) + word[at + 1:]


def _printed(game: Game) -> list[str]:
    """Lines the game prints for its legal moves over a seeded random game, in both languages (for the games that
    print them): commands typed right, most of them refused by the rules at another moment of the game."""
    state, shuffle, printed = game.rules.new(game.rules.options_type(players=game.spec.default_players),
                                             game.cards()), random.Random(game.id), set()
    for _ in range(60):
        moves = game.rules.legal_moves(state)
        if not moves:
            break
        printed |= {game.parser.line_for(move, state, lang) for move in moves for lang in ("fr", "en")}
        state, _ = game.rules.apply(state, shuffle.choice(moves))
    return sorted(line for line in printed if line)


NUMBERS = st.one_of(st.integers(-20, 20).map(str), st.integers().map(str), st.sampled_from(
    ["+1", "-1", "--2", "+-1", "1.5", "1e9", "0x10", "²", "②", "٣", "Ⅳ", "1/2", "9" * 60, "0" * 30 + "3", "-0", "nan"]))
UNICODE = st.text(st.characters(codec="utf-8"), min_size=1, max_size=12)
CONTROLS = st.text(st.characters(categories=["Cc", "Cf", "Zl", "Zp", "Cs"]), min_size=1, max_size=4)


@st.composite
def lines(draw: Any, words: list[str], verbs: list[str], printed: list[str]) -> str:
    """One typed line: mostly a verb (or a near miss of one) and a few arguments, each a game word, a near miss of
    one, a number, unicode or control characters; a line the game prints for a move; else any text, or a line of one
    word many times."""
    shape = draw(st.sampled_from(["command", "command", "command", "words", "text", "long"] + ["printed"] * 3 * bool(printed)))
    if shape == "printed":
        return draw(st.sampled_from(printed))
    if shape == "text":
        return draw(st.text(max_size=80))
    if shape == "long":
        return draw(st.sampled_from(verbs)) + (" " + draw(st.sampled_from(words))) * draw(st.integers(5, 200))
    data = draw(st.data())
    word = st.sampled_from(words)
    token = st.one_of(word, word, word, st.integers(0, 9).map(str), word.map(lambda w: _near_miss(w, data)), NUMBERS,
                      UNICODE, CONTROLS)
    separator = st.sampled_from([" ", " ", " ", "  ", "\t", "\u00a0", ",", "\u3000"])
    tokens = draw(st.lists(token, min_size=0 if shape == "command" else 1, max_size=4))
    if shape == "command":
        verb = draw(st.sampled_from(verbs))
        tokens.insert(0, _near_miss(verb, data) if draw(st.integers(0, 4)) == 0 else verb)
    return "".join(t + draw(separator) for t in tokens).rstrip(" ")


def _left_out(line: str, game: Game) -> bool:
    first = line.split()[0] if line.split() else ""
    return game.parser.vocabulary.find(first) in LEFT_OUT or "~" in line


def _in_progress(game: Game, lang: str, folder: Path, moves: int) -> tuple[Session, Recorder, Path]:
    """A saved game of ``game`` after ``moves`` legal moves drawn with a fixed seed, its sentences recorded."""
    options = game.rules.options_type(players=game.spec.default_players)
    path = folder / "game.jsonl"
    recorder = Recorder()
    saved = journal.Journal.create(path, game.id, options_to_json(options))
    session = open_session(game, options, Settings(lang), Wiring(Announcer([recorder])), saved, records=False)
    session.start()
    shuffle = random.Random(f"{game.id}{lang}{moves}")
    for _ in range(moves):
        legal = game.rules.legal_moves(session.state)
        if not legal:
            break
        session.change(shuffle.choice(legal))
    return session, recorder, path


def _rebuilt(game: Game, path: Path, lang: str) -> Session:
    """The game the save file at ``path`` holds, replayed silently."""
    replay = journal.read(path)
    session = open_session(game, game.rules.options_from(replay.options), Settings(lang), Announcer(), records=False)
    result = session.table.restore(replay)
    assert result.refused == [] and result.ignored == [] and replay.damaged_count == 0
    return session


def _check_line(session: Session, recorder: Recorder, path: Path, line: str) -> None:
    """``line`` handled without raising; refused, it changed nothing at all, on the table or on disk."""
    before = (session.state, session.table.steps, session.table.redo_commands, path.read_bytes())
    recorder.clear()
    assert session.handle(line) is True
    errors = recorder.events("error")
    assert all(e.fields.get("code") != "internal" for e in errors), (line, [e.text for e in errors])
    if errors:
        after = (session.state, session.table.steps, session.table.redo_commands, path.read_bytes())
        assert after == before, f"refused {line!r} ({errors[-1].fields.get('code')}) changed the game"


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("game_id", [g.id for g in GAMES])
def test_any_line_in_a_game_in_progress_is_answered_and_a_refusal_changes_nothing(game_id: str, lang: str) -> None:
    game = find(game_id)
    words, verbs, printed = _words(game), _verbs(game), _printed(game)

    @settings(max_examples=examples(100), deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(typed=st.lists(lines(words, verbs, printed), min_size=1, max_size=6), moves=st.integers(0, 12))
    def fuzz(typed: list[str], moves: int) -> None:
        with tempfile.TemporaryDirectory() as folder:
            session, recorder, path = _in_progress(game, lang, Path(folder), moves)
            for line in typed:
                if not _left_out(line, game):
                    _check_line(session, recorder, path, line)
            session.close()
            rebuilt = _rebuilt(game, path, lang)
            assert rebuilt.state == session.state
            assert [s.command for s in rebuilt.table.steps] == [s.command for s in session.table.steps]

    fuzz()


def test_the_words_are_the_games_own() -> None:
    """The lines above are built from real words: a verb in each language, a card, and no save or quit word."""
    words = set(_words(find("gauntlet")))
    assert {"joue", "play", "Pierre", "Pierre de l'Âme", "Soul Stone"} <= words
    assert not {"save", "sauvegarde", "quit", "quitter"} & words
