"""Whole games typed on a braille display alone, through the real BRLTTY and BrlAPI.

BRLTTY runs with its virtual ``vr`` driver (tests/daemons.py); the stand-in display at the other end of its
socket presses keys the way BRLTTY's key tables make them of a real display's keys: ``PASSDOTS n`` for the
dot keys (n, from 1 to 255, is the dots' bit mask), ``KEY_ENTER`` for dot 8, ``KEY_BACKSPACE`` for dot 7,
``ROUTE n`` for a routing key, ``INFO`` for Space + s, ``KEY_FUNCTION n`` for F1 + n (an Esys's Backspace + a
letter). Three things a real display sends cannot be named through vr, because its cell commands take a
number from 1 up that is added to the command: the space bar alone (``PASSDOTS`` with no dot, number 0), F1
(``KEY_FUNCTION`` with number 0: an Esys's Backspace + a, help) and a chord flag (BRL_DOTC, 0x100, which would carry into the
command's block). And BRLTTY reads the vr socket only when new data comes, one command at a time, so the
stand-in display presses each key once the companion has the one before. The space is pressed as
``PASSCHAR 32`` (the character BrlAPI hands over as the space key), and the chords as the commands
BRLTTY's chords.kti makes of them; tests/test_braille_keyboard.py decodes the codes vr cannot make.
"""

from __future__ import annotations

import time

import pytest

louis = pytest.importorskip("louis")
brlapi = pytest.importorskip("brlapi")

from companion import braille, earcons  # noqa: E402
from companion.announce import Utterance  # noqa: E402
from companion.braille.backtranslate import cells_for, dots_of  # noqa: E402
from companion.braille.marks import Marks, load_symbols  # noqa: E402
from companion.braille.queue import URGENT_DOTS, mark  # noqa: E402
from companion.braille.segments import Segment  # noqa: E402
from companion.braille.translate import BLANK, words  # noqa: E402
from companion.games.base import TurnModel  # noqa: E402
from companion.play import _Outputs, with_outputs  # noqa: E402
from companion.registry import find  # noqa: E402
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


#: The vr commands BRLTTY's key tables make of each family's keys (braille_keys.toml maps them to the actions).
DEFAULT_KEYS = {"send": "KEY_ENTER", "erase": "KEY_BACKSPACE", "status": "INFO", "turn": "CSRTRK", "help": "HELP",
                "refusal": "LEARN", "repeat": "AUTOREPEAT", "previous": "KEY_CURSOR_UP", "next": "KEY_CURSOR_DOWN"}
#: Esys (BRLTTY's eu/braille.kti): dot 8 typed as a cell sends, Backspace + c, d, e, f, l are F3, F4, F5, F6, F12.
#: vr names F1 + n as ``KEY_FUNCTION n`` from n = 1 only: F1 (Backspace + a, help) is decoded in test_braille_keyboard.py.
ESYS_KEYS = {"send": "PASSDOTS 128", "erase": "KEY_BACKSPACE", "status": "KEY_FUNCTION 2", "turn": "KEY_FUNCTION 3",
             "previous": "KEY_FUNCTION 4", "next": "KEY_FUNCTION 5", "refusal": "KEY_FUNCTION 11",
             "repeat": "KEY_FUNCTION 1"}


class Player:
    """A session whose only input is the display's keys, and the display's log."""

    def __init__(self, brltty: Brltty, game: str, lang: str, grade: int, *, keys: dict[str, str] | None = None,
                 marks: Marks | None = None, **options) -> None:
        self.display = brltty.display
        self.lang, self.grade = lang, grade
        self.keys = keys or DEFAULT_KEYS
        self.output, said = braille.choose("brlapi", lang, grade=grade, marks=marks)
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
        # what the companion last wrote to the display, and the line-down keys its key reader took
        self.written, self.moved = "", 0
        show, move = self.output._show, self.output.next

        def written(segment: Segment) -> None:
            show(segment)
            self.written = self.output.line(segment)

        def moved() -> str | None:
            self.moved += 1
            return move()

        self.output._show, self.output.next = written, moved
        #: When each key was pressed (and the game started): what may change the display's words.
        self.pressed: list[float] = []
        self.first_line = len(self.display.lines)  # the lines before are BRLTTY's own

    def key(self, command: str) -> None:
        """One key, once the companion has it: BRLTTY reads the vr socket only when new data comes, so a
        key sent before the last one was read would wait in its buffer for the next one."""
        received = self.received
        self.pressed.append(time.monotonic())
        self.display.press(command)
        wait_until(lambda: self.received > received, 5, f"the key {command} to reach the companion")

    def chord(self, line: str, send: bool = True, shown: bool = True) -> list[str]:
        """Type ``line`` in the table's braille, key by key, then dot 8; the sentences it made the companion say."""
        cells = cells_for(line, self.lang, self.grade)
        for dots in dots_of(cells):
            self.key("PASSCHAR 32" if dots == 0 else f"PASSDOTS {dots}")
        self.wait_for_text(cells)  # the line as typed is on the display
        return self.press(self.keys["send"], shown) if send else []

    def line(self, line: str) -> list[str]:
        """A deafblind player's turn: every sentence waiting read first, then ``line`` typed and sent."""
        self.read_all()
        return self.chord(line)

    def press(self, command: str, shown: bool = True) -> list[str]:
        """One key; the sentences it made the companion say, once the display shows the answer (``shown``; in
        real time the answer may wait in the queue behind the sentence being read)."""
        said = len(self.recorder.utterances)
        self.key(command)
        wait_until(lambda: len(self.recorder.utterances) > said and (not shown or self.shows_the_answer(said)), 10,
                   f"the answer to {command} (shows {self.text!r})")
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
        """The display shows a segment of a sentence said since ``said`` (dots 7-8 of an urgent one aside)."""
        answer = {unmarked(cells) for u in self.recorder.utterances[said:] for line in self.output.display_lines(u)
                  for segment in line for cells in segment.cells.split(BLANK)}
        shown = [cells for cells in unmarked(self.text).split(BLANK) if cells]  # an urgent one's blanks are marked
        return bool(shown) and all(cells in answer for cells in shown)

    def settled(self) -> None:
        """Until the display shows what the companion last wrote (BRLTTY passes it on a moment later).

        What it last wrote is read again at each look: a line down answered on the key reader's thread may write
        after this starts waiting (``moved`` counts the key before its segment is shown), and the display then shows
        that newer line, never the one read first (a fresh clone's run waited 5 s for it under load).
        """
        with self.session.lock:  # the line being answered is done
            pass
        wait_until(lambda: self.display.lines and self.display.lines[-1][1] == self.written, 5,
                   "the display to show what the companion wrote")

    @property
    def status_cell(self) -> str:
        """The display's last cell: how many sentences wait unread (blank: none)."""
        self.settled()
        with self.display._lock:
            line = self.display.lines[-1][1] if self.display.lines else ""
        return line.ljust(COLUMNS, BLANK)[COLUMNS - 1]

    def read_all(self) -> None:
        """Line down, sentence after sentence, until the status cell says none waits, as a reader does."""
        while self.status_cell != BLANK:
            moved = self.moved
            self.pressed.append(time.monotonic())
            self.display.press("LNDN")
            wait_until(lambda before=moved: self.moved > before, 5, "line down to reach the companion")

    def first_cells(self, utterance: Utterance) -> str:
        """The cells the display shows first for ``utterance``: its symbol, its words, dots 7-8 when urgent."""
        cells = self.output.display_lines(utterance)[0][0].cells
        return mark(cells) if self.output.marks.of(utterance).urgent else cells

    def assert_nothing_replaced_unread(self) -> None:
        """The display's words change only when the player moves on: each key pressed (or the game's start)
        changes them once at most (a line typed, a sentence read, an answer shown), never a sentence replacing
        the one being read; the status cell may change at any time."""
        changes, shown = 0, None
        for received, cells in self.display.lines[self.first_line:]:
            if cells[:COLUMNS - 2] != shown:
                changes += 1
                moves = sum(1 for pressed in self.pressed if pressed < received)
                assert changes <= moves, f"{cells!r} replaced {shown!r} with no key pressed"
            shown = cells[:COLUMNS - 2]

    def assert_the_log_shows_every_sentence(self) -> int:
        """Every sentence said is on the display's log, ordinary ones in the order said and urgent ones too
        (an urgent one goes ahead of the ordinary ones waiting); in real time a play may be dropped unread
        for a newer play of its kind, never another sentence. The number of plays dropped."""
        self.assert_nothing_replaced_unread()
        log = [cells[:COLUMNS - 2].rstrip(BLANK) for _, cells in self.display.lines]
        dropped = 0
        for urgent in (False, True):
            position = 0
            for index, utterance in enumerate(self.recorder.utterances):
                mark_of = self.output.marks.of(utterance)
                if mark_of.urgent != urgent:
                    continue
                cells = self.first_cells(utterance).rstrip(BLANK)
                # from the line last matched: a sentence shown again as it is shown makes BRLTTY send no new line
                found = next((i for i in range(max(position - 1, 0), len(log)) if log[i] == cells), None)
                if found is None and mark_of.supersedes and any(
                        self.output.marks.of(later).supersedes == mark_of.supersedes
                        for later in self.recorder.utterances[index + 1:]):
                    dropped += 1  # a newer play of its kind came before it was read
                    continue
                assert found is not None, f"{utterance.text!r} was never shown after {log[position - 1:position]}"
                position = found + 1
        return dropped

    def close(self) -> None:
        self.output.close()


def unmarked(cells: str) -> str:
    """``cells`` without dots 7 and 8 (an urgent sentence's mark)."""
    return "".join(chr(ord(c) & ~URGENT_DOTS) if 0x2800 <= ord(c) <= 0x28FF else c for c in cells)


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


# ------------------------------------------------------------------ Mindbug, Num-X, The Void: set up to the end
# A deafblind player's whole game: the set-up read on the display, every line chorded, every sentence read
# (line down until the status cell is blank) before the next line, one undo, the status and the rules asked,
# the game to its end; the display's log then holds every sentence said, in order, none overwritten unread.


def playing(console, game: str, lang: str, keys: dict[str, str] | None = None, **options) -> Player:
    """A player of ``game`` in ``lang``'s grade 2, marks as ``companion play --braille-only`` makes them (urgent
    sentences, plays superseded in real time, symbols), the set-up on the display."""
    info = find(game)
    marks = Marks(earcons.load(), info.spec.turn_model == TurnModel.REAL_TIME, load_symbols())
    player = Player(console, game, lang, 2, keys=keys, marks=marks, **options)
    said = len(player.recorder.utterances)
    player.pressed.append(time.monotonic())
    player.session.start()
    wait_until(lambda: player.shows_the_answer(said), 5, "the set-up on the display")
    return player


def events_of(said: list[str], player: Player) -> list[str]:
    """The events of the last sentences said (``said``: their texts)."""
    return [u.event for u in player.recorder.utterances[len(player.recorder.utterances) - len(said):]]


def test_a_whole_mindbug_game_from_the_display_in_french_grade_2(console):
    """BRLTTY's default keys: the first player drawn, plays, an undo, Space + s, rules, Space + t, the end."""
    player = playing(console, "mindbug", "fr", names=("Ana", "Bo"), first="draw")
    try:
        assert player.keyboard.driver == "Virtual"  # BrlAPI names the driver (an Esys's is "EuroBraille")
        assert "first_drawn" in events_of(player.line("révèle gorillion gladiataure"), player)
        for line in ("joue turbo", "non", "joue tigré", "non", "attaque turbo"):
            player.line(line)
        assert events_of(player.line("annule"), player)[0] == "undo"
        assert player.session.state.lives == (3, 3)
        player.line("attaque turbo")
        player.read_all()
        assert events_of(player.press(player.keys["status"]), player) == ["status"]  # Space + s
        assert set(events_of(player.line("règles"), player)) == {"rules_contents"}
        player.read_all()
        assert player.press(player.keys["turn"]) == [player.session.now()[0]]  # Space + t: "Now:"
        player.line("non")
        player.read_all()
        assert player.session.table.is_over and player.recorder.events("game_over")
        assert player.recorder.events("error") == []  # every chorded line was read as typed
        assert player.assert_the_log_shows_every_sentence() == 0
    finally:
        player.close()


def test_a_whole_num_x_game_on_an_esys_in_ueb_grade_2(console):
    """Esys keys: dot 8 typed sends, Backspace erases, Backspace + c (F3) status, + d (F4) "Now:", + l (F12) the
    last refusal, + e (F5) the sentence before; an undo, rules, the table blocked: the end."""
    player = playing(console, "num-x", "en", ESYS_KEYS, players=2, names=("Ana", "Bo"))
    try:
        player.line("r7 1")
        player.read_all()
        player.chord("b3 2", send=False)
        player.key("PASSDOTS 1")  # a cell too many, erased with Esys's Backspace key
        player.wait_for_text(cells_for("b3 2", "en", 2) + "\u2801")
        player.key(player.keys["erase"])
        player.wait_for_text(cells_for("b3 2", "en", 2))
        player.press(player.keys["send"])
        assert events_of(player.line("undo"), player)[0] == "undo"
        player.line("b3 2")
        player.read_all()
        assert events_of(player.press(player.keys["status"]), player) == ["status"]
        refused = player.line("dance")
        player.read_all()
        assert player.press(player.keys["refusal"]) == refused[-1:]
        assert set(events_of(player.line("rules"), player)) == {"rules_contents"}
        player.read_all()
        assert player.press(player.keys["previous"])  # the sentence before, shown again
        assert player.press(player.keys["turn"]) == [player.session.now()[0]]
        player.line("next")
        player.line("blocked")
        player.read_all()
        assert player.session.table.is_over and player.recorder.events("game_over")
        assert {u.text for u in player.recorder.events("error")} == set(refused[-1:])  # the refusal, and F12's
        assert player.assert_the_log_shows_every_sentence() == 0
    finally:
        player.close()


def test_the_void_in_real_time_read_from_the_queue_in_french_grade_2(console):
    """The table plays while the player reads: plays waiting are superseded, the errors (urgent) go first and
    stay; the player reads the queue with line down; an undo, the status, the rules, the game's end."""
    player = playing(console, "the-void", "fr", rounds=1)
    try:
        player.read_all()  # the set-up
        for line in ("2", "5", "9"):  # three plays typed before any is read: the last one waits, not the others
            player.chord(line, shown=False)
        assert player.status_cell == "\u2801"  # one sentence waits
        player.chord("faute 8 rouge", shown=False)
        # three lines wait: the error (urgent), two sentences too long for one line together, and the play
        assert player.status_cell == chr(0x2809 | URGENT_DOTS)
        player.read_all()
        assert events_of(player.chord("annule", shown=False), player)[0] == "undo"
        for line in ("faute 8 rouge", "6", "faute 7 rouge"):
            player.chord(line, shown=False)
        player.read_all()
        assert player.session.table.is_over and player.recorder.events("game_over")
        assert events_of(player.chord("état", shown=False), player) == ["status"]
        assert set(events_of(player.chord("règles", shown=False), player)) == {"rules_contents"}
        player.read_all()
        assert player.recorder.events("error") == []
        assert player.assert_the_log_shows_every_sentence() == player.output.queue.dropped > 0
    finally:
        player.close()
