"""Whole games typed on a braille display alone, through the real BRLTTY and BrlAPI.

BRLTTY runs with its virtual ``vr`` driver (tests/daemons.py); the stand-in display at the other end of its
socket presses keys the way BRLTTY's key tables make them of a real display's keys: ``PASSDOTS n`` for the
dot keys (n, from 1 to 255, is the dots' bit mask), ``KEY_ENTER`` for dot 8, ``KEY_BACKSPACE`` for dot 7,
``ROUTE n`` for a routing key, ``INFO`` for Space + s. Two things a real display sends cannot be named
through vr, because its cell commands take a number from 1 up that is added to the command: the space bar
alone (``PASSDOTS`` with no dot, number 0) and a chord flag (BRL_DOTC, 0x100, which would carry into the
command's block). And BRLTTY reads the vr socket only when new data comes, one command at a time, so the
stand-in display presses each key once the companion has the one before. The space is pressed as
``PASSCHAR 32`` (the character BrlAPI hands over as the space key), and the chords as the commands
BRLTTY's chords.kti makes of them; tests/test_braille_keyboard.py decodes the codes vr cannot make.
"""

from __future__ import annotations

import pytest

louis = pytest.importorskip("louis")
brlapi = pytest.importorskip("brlapi")

from companion import braille  # noqa: E402
from companion.braille.backtranslate import cells_for, dots_of  # noqa: E402
from companion.braille.translate import BLANK, words  # noqa: E402
from companion.play import _Outputs, with_outputs  # noqa: E402
from companion.ui.braille_keys import attach  # noqa: E402
from tests.conftest import make_session  # noqa: E402
from tests.daemons import Brltty, no_session_daemons, wait_until  # noqa: E402
from tests.test_braille_daemons import COLUMNS, brltty  # noqa: E402
from tests.test_love_letter_cli import FOUR_PLAYERS  # noqa: E402

pytestmark = pytest.mark.usefixtures("no_session_daemons")
__all__ = ["brltty", "no_session_daemons"]

#: Love Letter's first round, to its end (the reveals at the end of the deck).
LOVE_LETTER_ROUND = FOUR_PLAYERS[:FOUR_PLAYERS.index("reveal p2 handmaid") + 1]


@pytest.fixture
def console(brltty, monkeypatch):
    """BRLTTY (tests/test_braille_daemons.py), the companion on text console 3."""
    monkeypatch.setenv("CONTROLVT", "3")
    return brltty


class Player:
    """A session whose only input is the display's keys, and the display's log."""

    def __init__(self, brltty: Brltty, game: str, lang: str, grade: int, **options) -> None:
        self.display = brltty.display
        self.lang, self.grade = lang, grade
        self.output, said = braille.choose("brlapi", lang, grade=grade)
        assert self.output.name == "brlapi", said
        # wired as companion play wires it: every sentence to the display, each line a new answer
        self.session, self.recorder = make_session(game, lang, wire=lambda wiring: with_outputs(
            wiring, _Outputs(braille=self.output)), **options)
        self.session.wiring.announcer.add(self.output)
        self.keyboard = attach(self.session, self.output)
        assert self.keyboard is not None
        self.received = 0
        pressed = self.keyboard.press

        def counted(code: int) -> None:
            self.received += 1
            pressed(code)

        self.output.on_key = counted

    def key(self, command: str) -> None:
        """One key, once the companion has it: BRLTTY reads the vr socket only when new data comes, so a
        key sent before the last one was read would wait in its buffer for the next one."""
        received = self.received
        self.display.press(command)
        wait_until(lambda: self.received > received, 5, f"the key {command} to reach the companion")

    def chord(self, line: str, send: bool = True) -> list[str]:
        """Type ``line`` in the table's braille, key by key, then dot 8; the sentences it made the companion say."""
        cells = cells_for(line, self.lang, self.grade)
        for dots in dots_of(cells):
            self.key("PASSCHAR 32" if dots == 0 else f"PASSDOTS {dots}")
        self.wait_for_text(cells)  # the line as typed is on the display
        return self.press("KEY_ENTER") if send else []

    def press(self, command: str) -> list[str]:
        """One key; the sentences it made the companion say, once the display shows the answer."""
        said = len(self.recorder.utterances)
        self.key(command)
        wait_until(lambda: len(self.recorder.utterances) > said and self.shows_the_answer(said), 10,
                   f"the answer to {command}")
        with self.session.lock:  # the whole answer: the key's line is done
            pass
        return [u.text for u in self.recorder.utterances[said:]]

    @property
    def text(self) -> str:
        """The display's words: its cells but the last two (a blank and the status cell: unread sentences)."""
        with self.display._lock:
            line = self.display.lines[-1][1] if self.display.lines else ""
        return line[:COLUMNS - 2].rstrip(BLANK)

    def wait_for_text(self, cells: str) -> None:
        """Until the display's words are ``cells`` (their end, when longer)."""
        wanted = cells[-(COLUMNS - 2):].rstrip(BLANK)
        wait_until(lambda: self.text == wanted, 5, f"the display to show {wanted!r} (shows {self.text!r})")

    def shows_the_answer(self, said: int) -> bool:
        """The display shows a segment of a sentence said since ``said``."""
        answer = {w.cells for u in self.recorder.utterances[said:] for w in words(u.text, self.lang, self.grade)}
        shown = [cells for cells in self.text.split(BLANK) if cells]
        return bool(shown) and all(cells in answer for cells in shown)

    def close(self) -> None:
        self.output.close()


#: A whole Gauntlet game with one hero life: the heroes lose it in the first fight.
GAUNTLET = {"fr": ["joue proxima", "suivant", "joue hulk", "combat 3 5", "vaincu héros 1 thor"],
            "en": ["play proxima", "next", "play hulk", "fight 3 5", "defeat hero 1 thor"]}
GAUNTLET_END = {"fr": "Les héros n'ont plus de vie : Thanos remporte la partie.",
                "en": "The heroes have no life left: Thanos wins the game."}
ROUND_END = {"fr": "5, la plus haute carte : Ana gagne la manche 1.", "en": "5, the highest card: Ana wins round 1."}


def in_words_of(session, lang: str, line: str) -> str:
    """An English command line in ``lang``'s words: each verb's word (English first, then French) and card name."""
    index = 0 if lang == "en" else 1
    verbs = {names[0]: names[min(index, len(names) - 1)] for names in session.parser.vocabulary.verbs.values()}
    cards = {c.names["en"].lower(): c.names[lang].lower() for c in session.table.cards.cards}
    return " ".join(verbs.get(word, cards.get(word, word)) for word in line.split())


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_whole_gauntlet_game_typed_in_grade_2(console, lang):
    """French abrégé, UEB grade 2: a cell too many erased with dot 7, the status on Space + s."""
    player = Player(console, "gauntlet", lang, 2, hero_lives=1)
    first, following, hulk, *rest = GAUNTLET[lang]
    try:
        assert player.chord(first) and player.chord(following)
        player.chord(hulk, send=False)
        cells = cells_for(hulk, lang, 2)
        player.key("PASSDOTS 1")  # one cell too many, erased with dot 7
        player.wait_for_text(cells + "\u2801")
        player.key("KEY_BACKSPACE")
        player.wait_for_text(cells)
        assert any("Hulk" in text for text in player.press("KEY_ENTER"))
        said = [player.chord(line) for line in rest]
        status = player.press("INFO")  # Space + s: the short status, as F3
        assert status == [player.recorder.utterances[-1].text] and status[0] != said[-1][-1]
        assert said[-1][-1] == GAUNTLET_END[lang] and player.session.table.is_over
        assert player.recorder.events("error") == []  # every chorded line was read as typed
    finally:
        player.close()


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_whole_love_letter_round_typed_in_grade_2(console, lang):
    """French abrégé, UEB grade 2: the round to its end, then "Now:" on Space + t."""
    player = Player(console, "love-letter", lang, 2, players=4, names=("Ana", "Bo", "Cy", "Di"))
    try:
        for line in LOVE_LETTER_ROUND:
            player.chord(in_words_of(player.session, lang, line))
        assert player.recorder.events("error") == []
        assert ROUND_END[lang] in player.recorder.texts
        turn = player.press("CSRTRK")  # Space + t: "Now:", as F4
        assert turn == [player.session.now()[0]]
    finally:
        player.close()


def test_a_typo_is_offered_and_a_routing_key_accepts_it(console):
    player = Player(console, "gauntlet", "en", 2)
    try:
        said = player.chord("play proxima midnigth")
        assert said[-1].endswith("Did you mean Proxima Midnight? Type yes.")
        proxima = next(w.cells for w in words(said[-1], "en", 2) if w.text.startswith("Proxima"))
        while proxima not in player.text.split(BLANK):
            before = player.text
            player.display.press("FwinRt")
            wait_until(lambda shown=before: player.text != shown, 5, "the next segment")
        start = (BLANK + player.text + BLANK).index(BLANK + proxima + BLANK)
        # the word's last cell: any cell of a word picks it (and vr's ROUTE n, cell n from 0, cannot name cell 0)
        said = player.press(f"ROUTE {start + len(proxima) - 1}")
        assert any("Thanos plays Proxima Midnight." in text for text in said)
    finally:
        player.close()
