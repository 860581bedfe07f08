"""The interactive mode, headless: prompt_toolkit pipe input in, recorded outputs out.

Each key does what help says; a secret value never reaches the screen, the
speech recorder, the braille line, any history or the save file; the resume
offer finds unfinished autosaves only.
"""

from __future__ import annotations

import io
import re
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import msgspec
import pytest
from prompt_toolkit.application import create_app_session
from prompt_toolkit.completion import CompleteEvent
from prompt_toolkit.data_structures import Size
from prompt_toolkit.document import Document
from prompt_toolkit.history import InMemoryHistory
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output.vt100 import Vt100_Output

from companion import speech
from companion.braille.display import BrailleOutput
from companion import journal, registry
from companion.announce import Announcer
from companion.output import StdoutOutput
from companion.render import Settings
from companion.session import Session, Wiring, open_session
from companion.session.questions import help_lines
from companion.ui.interactive import PromptScheduler
from companion.ui.secret import SecretAsker
from companion.ui.completion import SessionCompleter
from companion.ui.interactive import Interactive
from companion.ui.resume import answer_is_yes, offer_resume, unfinished_autosave
from companion.commands.base import Vocabulary
from companion.games.base import options_to_json
from companion.ui.secret import parse_value

F1, F2, F3, F4, F5, F6 = "\x1bOP", "\x1bOQ", "\x1bOR", "\x1bOS", "\x1b[15~", "\x1b[17~"
CTRL_C, CTRL_D, CTRL_Y, CTRL_Z, ESCAPE, TAB = "\x03", "\x04", "\x19", "\x1a", "\x1b", "\t"
GAUNTLET = registry.find("gauntlet")
TO_FIGHT = "play ebony maw\rnext\rplay captain america\r"


class RecordingBraille(BrailleOutput):
    """A braille output that keeps every text it was asked to show (no liblouis needed)."""

    def __init__(self, lang: str) -> None:
        super().__init__(lang)
        self.shown: list[str] = []

    def send(self, utterance: Any) -> None:
        self.shown.append(utterance.braille_text)

    def pan(self, step: int) -> str | None:
        return None


class Table:
    """A two-player Gauntlet session with every output recorded."""

    def __init__(self, tmp_path: Path, lang: str = "en", players: int = 2) -> None:
        self.stdout = io.StringIO()
        self.screen = io.StringIO()
        self.speaker = speech.RecordingSpeaker()
        self.braille = RecordingBraille(lang)
        self.history = InMemoryHistory()
        self.path = tmp_path / f"game-{lang}.jsonl"
        options = GAUNTLET.rules.options_type(players=players)
        self.speech = speech.SpeechOutput(self.speaker, lang)
        announcer = Announcer([StdoutOutput(False, self.stdout), self.speech, self.braille])
        saved = journal.Journal.create(self.path, GAUNTLET.id, options_to_json(options))
        wiring = Wiring(announcer, secret_handler=SecretAsker(), scheduler=PromptScheduler(), speech=self.speech,
                        braille=self.braille)
        self.session = open_session(GAUNTLET, options, Settings(lang=lang), wiring, saved)
        self.session.start()

    def play(self, keys: str) -> str:
        """Type ``keys`` (then Ctrl+D, to leave) into the interactive mode; the lines announced meanwhile."""
        before = len(self.stdout.getvalue())
        output = Vt100_Output(self.screen, lambda: Size(rows=40, columns=120), term="xterm")
        with create_pipe_input() as pipe, create_app_session(input=pipe, output=output):
            pipe.send_text(keys + CTRL_C + CTRL_D)
            Interactive(self.session, history=self.history).run()
        return self.stdout.getvalue()[before:]

    def everything(self) -> str:
        """Every place a secret could leak to."""
        history = self.session.wiring.announcer.history.items
        text = "\n".join([
            self.stdout.getvalue(),
            self.screen.getvalue(),
            repr(self.speaker.said),
            repr(self.braille.shown),
            repr([(u.text, u.fields) for u in history]),
            repr(list(self.history.load_history_strings())),
            self.path.read_text(encoding="utf-8"),
        ])
        # The save file's own path (pytest's numbered temporary folder) may hold any digits.
        return text.replace(str(self.path.parent), "<tmp>")


@pytest.fixture
def table(tmp_path: Path) -> Table:
    return Table(tmp_path)


# --------------------------------------------------------------------------- keys


def test_start_says_how_to_get_help(table: Table) -> None:
    out = table.play("")
    assert out.splitlines()[0] == "Type help for the commands, or press F1."


def test_f1_help_lists_commands_and_keys(table: Table) -> None:
    out = table.play(F1)
    assert "Now: play, defeat or token." in out
    assert "undo: take back the last change. Ctrl+Z." in out
    for key in ("F1:", "F2:", "F3:", "F4:", "F5:", "F6:", "Ctrl+Z:", "Ctrl+Y:", "Escape:", "Tab:", "Ctrl+C:", "Ctrl+D"):
        assert key in out


def test_typed_help_lists_the_keys_too(table: Table) -> None:
    out = table.play("help\r")
    assert "F4: whose turn it is and what they may do." in out
    assert "help play" not in out
    assert "F4" not in table.play("help play\r")


def test_f2_repeats_the_last_sentence(table: Table) -> None:
    out = table.play("status\r" + F2)
    status = [line for line in out.splitlines() if line.startswith("Turn 1, Thanos to play.")]
    assert len(status) == 2


def test_f3_status_and_f4_turn(table: Table) -> None:
    out = table.play(F3 + F4)
    assert "Turn 1, Thanos to play." in out
    assert "Thanos to play. Now: play, defeat or token." in out


def test_f5_f6_walk_the_history_without_adding_to_it(table: Table) -> None:
    out = table.play(F5 + F5 + F6)
    history = [u.text for u in table.session.wiring.announcer.history.items]
    lines = out.splitlines()
    hint = history.index("Type help for the commands, or press F1.")
    # Issue 32: the first F5 is the sentence before the one just heard, not that one again.
    assert lines[1:4] == [history[hint - 1], history[hint - 2], history[hint - 1]]
    assert history.count("Type help for the commands, or press F1.") == 1


def test_ctrl_z_undoes_and_ctrl_y_redoes(table: Table) -> None:
    table.play("play ebony maw\r" + CTRL_Z)
    assert table.session.table.steps == ()
    assert any(line.startswith("Undone:") for line in table.stdout.getvalue().splitlines())
    table.play(CTRL_Y)
    assert len(table.session.table.steps) == 1
    assert "Redone." in table.stdout.getvalue()


def test_escape_stops_speech(table: Table) -> None:
    stops = table.speaker.stops
    table.play(ESCAPE)
    assert table.speaker.stops > stops


def test_the_prompt_waits_10_ms_not_half_a_second_for_an_escape_sequence(table: Table) -> None:
    from companion.ui.terminal import ESCAPE_WAIT

    interactive = Interactive(table.session, history=table.history)
    output = Vt100_Output(table.screen, lambda: Size(rows=40, columns=120), term="xterm")
    with create_pipe_input() as pipe, create_app_session(input=pipe, output=output):
        pipe.send_text(CTRL_D)
        interactive.run()
    assert interactive.prompt is not None and interactive.prompt.app.ttimeoutlen == ESCAPE_WAIT <= 0.02


def test_escape_stops_speech_at_once_not_after_half_a_second(table: Table) -> None:
    """prompt_toolkit waited 0.5 s for the rest of a sequence after a lone ESC: speech stopped 503 ms late."""
    import threading
    import time

    stopped: list[float] = []

    class Timed(Interactive):
        def stop_speech(self) -> None:
            stopped.append(time.monotonic())
            super().stop_speech()

    output = Vt100_Output(table.screen, lambda: Size(rows=40, columns=120), term="xterm")
    delays: list[float] = []
    with create_pipe_input() as pipe, create_app_session(input=pipe, output=output):
        def press() -> None:
            for _ in range(3):
                time.sleep(0.3)  # the prompt is waiting
                sent, count = time.monotonic(), len(stopped)
                pipe.send_text(ESCAPE)
                deadline = sent + 2.0
                while len(stopped) == count and time.monotonic() < deadline:
                    time.sleep(0.002)
                if len(stopped) > count:
                    delays.append(stopped[-1] - sent)
            pipe.send_text("\x1b[A" + CTRL_D)  # an arrow key is still one key, not Escape then "[A"
        presser = threading.Thread(target=press)
        presser.start()
        Timed(table.session, history=table.history).run()
        presser.join()
    assert len(delays) == 3 and len(stopped) == 3
    assert sorted(delays)[1] < 0.2, delays  # 10 ms of wait; the rest is a loaded machine's scheduling


def test_ctrl_c_drops_the_line_and_ctrl_d_saves(table: Table) -> None:
    out = table.play("play ebony" + CTRL_C)
    assert table.session.table.steps == ()
    assert "Line cleared." in out
    assert "Game saved" not in out  # nothing played: nothing kept (issue 32)
    out = table.play("play ebony maw\r")
    assert out.splitlines()[-1] == "Game saved. Type companion play gauntlet to resume it."


def test_quit_ends_and_says_where(table: Table) -> None:
    out = table.play("play ebony maw\rquit\rstatus\r")
    assert "Turn 2" not in out
    # No file name (seconds of speech, issue 32), and how to come back.
    assert out.splitlines()[-1] == "Game saved. Type companion play gauntlet to resume it."


def test_tab_completes_then_lists_the_choices(table: Table) -> None:
    out = table.play("sta" + TAB + "\r")
    assert "Turn 1, Thanos to play." in out
    out = table.play("play ca" + TAB + TAB + CTRL_C)
    assert "Choices: Captain America, Captain Marvel." in out


def test_french_keys_and_prompts(tmp_path: Path) -> None:
    french = Table(tmp_path, "fr")
    out = french.play("aide\r" + F4)
    assert out.splitlines()[0] == "Tapez aide pour les commandes, ou appuyez sur F1."
    assert "F1 : aide, ce qu'on peut faire maintenant." in out
    assert "Thanos doit jouer. Maintenant : joue, vaincu ou pouvoir." in out


# --------------------------------------------------------------------------- secret input


def test_secret_fight_never_leaks_a_value(table: Table) -> None:
    out = table.play(TO_FIGHT + "fight\r" + "12abc34\r" + "0003\r" + "00005\r")
    assert "Hero 1, type your value secretly." in out
    assert "Thanos, type your value secretly." in out
    assert out.count("Thank you.") == 2
    assert "Fight: Thanos beats hero 1." in out
    assert "Secret value: " in table.screen.getvalue()
    everything = table.everything()
    for typed in ("12abc34", "0003", "00005"):
        assert typed not in everything
    fights = [line for line in table.path.read_text().splitlines() if '"fight"' in line]
    # The loser's value, 3, is kept: the defeated card shows it face up at once. Thanos's 5 is never kept.
    assert fights == ['{"cmd":"fight","hero":1,"loser":"hero","card":null,"value":3}']


def test_secret_value_out_of_range_is_asked_again_without_saying_it(table: Table) -> None:
    # Each value is checked as it is typed: the hero's 99 is asked again at once, Thanos is asked once.
    out = table.play(TO_FIGHT + "fight\r" + "0099\r" + "00005\r" + "0004\r")
    assert "That value is not possible: values go from 1 to 6. Type your value again, hero 1." in out
    assert out.count("Thanos, type your value secretly.") == 1
    assert "Fight: hero 1 beats Thanos." in out
    everything = table.everything()
    for typed in ("0099", "00005", "0004"):
        assert typed not in everything
    assert "99" not in table.stdout.getvalue().replace(str(table.path.parent), "<tmp>")


@pytest.mark.parametrize("cancel", [ESCAPE, CTRL_C, CTRL_D])
def test_secret_fight_can_be_cancelled(table: Table, cancel: str) -> None:
    out = table.play(TO_FIGHT + "fight\r" + "0003\r" + cancel)
    assert "Fight cancelled." in out
    assert "Thank you." in out
    assert '"fight"' not in table.path.read_text()
    assert "0003" not in table.everything()


def test_parse_value() -> None:
    assert parse_value(" 0007 ") == 7
    assert parse_value("-2") == -2
    assert parse_value("+3") == 3
    for bad in ("", "3.5", "x", "٣", "1 2", "+"):
        assert parse_value(bad) is None


# --------------------------------------------------------------------------- completion


def _complete(session: Session, text: str) -> list[str]:
    completer = SessionCompleter(session)
    return [c.text for c in completer.get_completions(Document(text), CompleteEvent(completion_requested=True))]


def test_completion_of_commands_players_and_cards_in_both_languages(table: Table) -> None:
    session = table.session
    assert _complete(session, "sta") == ["status"]
    assert "état" in _complete(session, "eta")
    assert set(_complete(session, "comb")) == {"combat", "combattre"}
    assert "Captain America" in _complete(session, "play capt")
    # Names in the session's language only (the parser still takes "la Sorcière Rouge" typed in full).
    assert _complete(session, "joue sorc") == [] and "Scarlet Witch" in _complete(session, "play scar")
    assert "Ant-Man & Wasp" in _complete(session, "play ant-m")
    assert _complete(session, "play ant m") == ["Ant-Man & Wasp"]
    assert "hero 1" in _complete(session, "fight he") and "hero1" not in _complete(session, "fight he")
    assert "thanos" in _complete(session, "defeat tha")
    # Thanos's turn: "play s" offers the Thanos cards he may play now, in the session's language, first.
    assert _complete(session, "play s") == ["Soul Stone", "Space Stone"]
    # After a whole card's name comes a player or a word, not another card.
    assert "Hulk" not in _complete(session, "play Doctor Strange h") and "hero 1" in _complete(session, "play Doctor Strange h")
    assert _complete(session, "play ") == []


def test_completion_offers_rules_and_why_in_every_game_and_help_lists_them_once() -> None:
    for game in registry.GAMES:
        options = game.rules.options_type(players=game.spec.default_players)
        session = open_session(game, options, Settings(lang="fr"), Announcer())
        assert "règles" in _complete(session, "règ"), game.id
        assert "pourquoi" in _complete(session, "pourq") and "why" in _complete(session, "wh"), game.id
        assert "rules" in _complete(session, "rul"), game.id
        topics = [fields["topic"] for _, _, fields in help_lines(session)[1:]]
        assert topics.count("rules") == 1 and topics.count("why") == 1 and topics[-2:] == ["rules", "why"], game.id


def test_completion_uses_given_names_and_any_game_ids(tmp_path: Path) -> None:
    options = GAUNTLET.rules.options_type(players=3, names=("Alice", "Bob", "Chloé"))
    session = open_session(GAUNTLET, options, Settings(), Announcer())
    assert _complete(session, "token chl") == ["Chloé"]
    table = SimpleNamespace(options=SimpleNamespace(players=2, names=()), cards=SimpleNamespace(cards=()),
                            rules=SimpleNamespace(player_ids=lambda state: ["p1", "p2"], legal_moves=lambda state: None))
    fake = SimpleNamespace(table=table, state=None, narrator=SimpleNamespace(settings=Settings()),
                           parser=SimpleNamespace(verbs=lambda: ["help"], vocabulary=Vocabulary.common()))
    assert _complete(fake, "help p") == ["p1", "p2"]  # type: ignore[arg-type]


# --------------------------------------------------------------------------- resume offer


def _autosave(folder: Path, name: str, lines: list[str], interactive: bool = True) -> Path:
    options = GAUNTLET.rules.options_type(players=2, names=("Zoé", "Alice"))
    path = folder / "saves" / name
    save = journal.Journal.create(path, GAUNTLET.id, options_to_json(options), {"interactive": interactive})
    session = open_session(GAUNTLET, options, Settings(), Announcer(), save)
    for line in lines:
        session.handle(line)
    save.close()
    return path


def test_unfinished_autosave_is_found_and_others_are_not(tmp_path: Path) -> None:
    folder = tmp_path / "saves"
    assert unfinished_autosave(GAUNTLET, folder) is None
    _autosave(tmp_path, "gauntlet_2026-01-01_10-00-00.jsonl", [])  # no move: nothing to resume
    assert unfinished_autosave(GAUNTLET, folder) is None
    started = _autosave(tmp_path, "gauntlet_2026-01-01_11-00-00.jsonl", ["play ebony maw"])
    found = unfinished_autosave(GAUNTLET, folder, "en")
    assert found is not None and found.path == started
    assert (found.players, found.where) == ("Zoé and Alice", "Turn 1: Zoé has played: type next.")
    (folder / "gauntlet_2026-01-01_12-00-00.jsonl").write_text("not a journal\n")
    _autosave(tmp_path, "gauntlet_2026-01-01_13-00-00.jsonl", ["play ebony maw"], interactive=False)  # a script's game
    assert unfinished_autosave(GAUNTLET, folder) == msgspec.structs.replace(found, where="Tour 1 : Zoé a joué : tapez suivant.",
                                                                       players="Zoé et Alice")
    with journal.Journal.resume(started)[0]:  # open in another companion: not offered
        assert unfinished_autosave(GAUNTLET, folder) is None


def test_offer_resume_asks_in_the_players_language(tmp_path: Path) -> None:
    started = _autosave(tmp_path, "gauntlet_2026-01-01_11-00-00.jsonl", ["play ebony maw"])
    out = io.StringIO()
    answers = iter(["peut-être", "oui"])
    prompts: list[str] = []

    def ask(message: str) -> str | None:
        prompts.append(message)
        return next(answers)

    answered: list[bool] = []
    found = offer_resume("fr", GAUNTLET, Announcer([StdoutOutput(False, out)]), ask, tmp_path / "saves",
                         answered=lambda: answered.append(True))
    assert found == started and answered == [True, True]  # each answer cuts off what is being said
    assert prompts == ["oui ou non : ", "oui ou non : "]
    lines = out.getvalue().splitlines()
    # A date as said aloud (issue 32), never "2026-01-01 11:00".
    assert lines[0].startswith("Une partie inachevée (Le Gant d'Infinité) a été sauvegardée aujourd'hui à ")
    assert lines[0].endswith(", avec Zoé et Alice. Tour 1 : Zoé a joué : tapez suivant. La reprendre ? Tapez oui ou non.")
    assert lines[1] == "Tapez oui ou non, s'il vous plaît."
    for answer in ("non", None):
        assert offer_resume("fr", GAUNTLET, Announcer(), lambda m, answer=answer: answer, tmp_path / "saves") is None


def test_a_table_set_up_on_the_command_line_is_a_new_game_the_save_named_once(tmp_path: Path, monkeypatch) -> None:
    """Issue 22: --players, --names or a game option set up a new table: no question, the old save named once."""
    import companion.ui.interactive as interactive_module
    import companion.ui.resume as resume_module
    from companion.play import OutputConfig, PlayConfig, play

    data = tmp_path / "data"
    started = _autosave(data, "gauntlet_2026-01-01_11-00-00.jsonl", ["play ebony maw"])

    class Keyboard(io.StringIO):
        def isatty(self) -> bool:
            return True

    def never(*args: Any, **kwargs: Any) -> None:
        raise AssertionError("the resume question was asked")

    played: list[Any] = []
    monkeypatch.setattr(resume_module, "offer_resume", never)
    monkeypatch.setattr(interactive_module, "run_interactive", lambda session, *rest: played.append(session))
    quiet = OutputConfig(speech="none", braille="none")
    for config in (PlayConfig(lang="en", players=3, outputs=quiet), PlayConfig(lang="fr", names=("Zoé", "Alice"), outputs=quiet),
                   PlayConfig(lang="en", options={"thanos_lives": 5}, outputs=quiet)):
        out = io.StringIO()
        assert play(config, GAUNTLET, stdin=Keyboard(), stdout=out) == 0
        lines = out.getvalue().splitlines()
        named = [line for line in lines if started.name in line]
        assert len(named) == 1, lines
        if config.lang == "en":
            assert re.fullmatch(r"A new game starts, as asked; the one saved today at "
                                r"\d\d?:\d\d [AP]M stays in gauntlet_2026-01-01_11-00-00\.jsonl\.", named[0])
        else:
            assert named[0].startswith("Une nouvelle partie commence, comme demandé ; celle "
                                       "sauvegardée aujourd'hui à ")
        assert named[0] == lines[0]  # before the new table is said
    assert len(played) == 3 and all(session.table.steps == () for session in played)
    assert PlayConfig().sets_up_table is False and PlayConfig(display_given=True).sets_up_table is True


def test_a_typed_no_stops_the_question_for_that_save(tmp_path: Path) -> None:
    from companion.ui.resume import declined_marker

    started = _autosave(tmp_path, "gauntlet_2026-01-01_11-00-00.jsonl", ["play ebony maw"])
    folder = tmp_path / "saves"
    asked: list[str] = []

    def escape(message: str) -> None:
        asked.append(message)
        return None

    assert offer_resume("en", GAUNTLET, Announcer(), escape, folder) is None  # Escape: a new game, asked again next time
    assert not declined_marker(started).exists()
    assert offer_resume("en", GAUNTLET, Announcer(), lambda m: (asked.append(m), "no")[1], folder) is None
    assert declined_marker(started).exists()  # NAME.jsonl.declined, beside the save
    assert len(asked) == 2
    assert offer_resume("en", GAUNTLET, Announcer(), lambda m: (asked.append(m), "yes")[1], folder) is None
    assert len(asked) == 2 and unfinished_autosave(GAUNTLET, folder) is None  # not asked again
    import os

    stat = started.stat()  # the save played on since (another size or time): the question comes back
    os.utime(started, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000_000))
    assert unfinished_autosave(GAUNTLET, folder) is not None


def test_lines_typed_during_the_question_are_kept_for_the_game(tmp_path: Path) -> None:
    """Issue 22: "Please type yes or no." was said to each of 9 plays typed ahead, and the plays were lost."""
    from companion.ui.resume import ask_line

    started = _autosave(tmp_path, "gauntlet_2026-01-01_11-00-00.jsonl", ["play ebony maw"])
    out = io.StringIO()
    kept: list[str] = []
    screen = Vt100_Output(io.StringIO(), lambda: Size(rows=40, columns=120), term="xterm")
    with create_pipe_input() as pipe, create_app_session(input=pipe, output=screen):
        pipe.send_text("next\rplay captain america\r\rno\r")
        found = offer_resume("en", GAUNTLET, Announcer([StdoutOutput(False, out)]), ask_line, tmp_path / "saves", kept=kept)
    assert found is None and kept == ["next", "play captain america"]
    lines = out.getvalue().splitlines()
    assert lines[1:] == ["Kept for the game: next. Resume the saved game? Type yes or no.",
                         "Kept for the game: play captain america. Resume the saved game? Type yes or no.",
                         "Please type yes or no."]
    table = Table(tmp_path)
    before = len(table.stdout.getvalue())
    output = Vt100_Output(table.screen, lambda: Size(rows=40, columns=120), term="xterm")
    with create_pipe_input() as pipe, create_app_session(input=pipe, output=output):
        pipe.send_text(CTRL_D)
        Interactive(table.session, history=table.history, typed_ahead=["play ebony maw", *kept]).run()
    said = table.stdout.getvalue()[before:]
    assert "3 lines typed during the question are played now." in said
    assert len(table.session.table.steps) == 3, said
    assert started.exists()
    french = Table(tmp_path, lang="fr")
    with create_pipe_input() as pipe, create_app_session(input=pipe, output=output):
        pipe.send_text(CTRL_D)
        Interactive(french.session, history=french.history, typed_ahead=["joue ebony maw"]).run()
    assert "1 ligne tapée pendant la question est jouée maintenant." in french.stdout.getvalue()


def test_yes_and_no_in_both_languages() -> None:
    assert [answer_is_yes(w) for w in ("yes", "Oui", "y", "o", "no", "NON", "n", "", "on")] == [
        True, True, True, True, False, False, False, None, None]


# --------------------------------------------------------------------------- catalog


def test_every_ui_sentence_has_french() -> None:
    from babel.messages.pofile import read_po

    root = Path(__file__).resolve().parents[1]
    with (root / "companion/locale/fr/LC_MESSAGES/ui.po").open("rb") as handle:
        catalog = read_po(handle)
    assert catalog.plural_forms == "nplurals=2; plural=(n > 1);"
    translated = {m.id: m.string for m in catalog if m.id}
    pattern = re.compile(r'(?:\bt|N_)\(\s*"((?:[^"\\]|\\.)*)"')
    found = set()
    for path in (root / "companion/ui").glob("*.py"):
        found.update(pattern.findall(path.read_text(encoding="utf-8")))
    assert found, "no sentence found in companion/ui"
    missing = sorted(m for m in found if not translated.get(m))
    assert missing == []


@pytest.mark.parametrize("system, argv, said", [
    ("fr_FR.UTF-8", ["--lang", "en"], "companion play love-letter --lang en"),
    ("fr_FR.UTF-8", ["--lang", "fr"], "companion play love-letter"),
    ("en_GB.UTF-8", ["--lang", "en"], "companion play love-letter"),
    ("en_GB.UTF-8", ["--lang", "fr"], "companion play love-letter --lang fr"),
])
def test_the_command_said_at_quit_keeps_the_game_s_language(monkeypatch, system, argv, said) -> None:
    """An English table on a French system comes back in English: the command it is told carries --lang."""
    from companion import registry
    from companion.cli import build_parser
    from companion.play import config_from_args

    for name in ("LC_ALL", "LC_MESSAGES", "LANGUAGE", "COMPANION_RESUME_COMMAND"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", system)
    game = registry.find("love-letter")
    config = config_from_args(build_parser("en", game).parse_args(["play", "love-letter", *argv]), game)
    assert config.resume_command == said
