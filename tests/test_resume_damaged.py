"""``companion play GAME --resume FILE`` on a save file cut at (nearly) every byte, or full of garbage, in every game.

Whatever is left of the file, the user gets a sentence in their language and never a traceback: the whole file
empty starts a new game in it, a cut header is "not a save file" (and the file is left as it was), a cut last line
is named as damaged and every whole command before it is replayed. Run in this process (``cli.main``), so that
every byte position costs milliseconds.
"""

from __future__ import annotations

import io
import random
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion import journal
from companion.announce import Announcer
from companion.cli import main
from companion.games.base import options_to_json
from companion.registry import GAMES, Game, find
from companion.render import Settings
from companion.session import open_session

pytestmark = pytest.mark.timeout(120)

SENTENCES = {
    "en": {"empty": "{path} was empty: a new game starts in it.",
           "not_save": "{path} is not a save file the companion can read.",
           "damaged": "1 damaged line of the save file is skipped: line {line}.",
           "resumed": ("Game resumed: {count} command replayed.", "Game resumed: {count} commands replayed.")},
    "fr": {"empty": "{path} était vide : une nouvelle partie y commence.",
           "not_save": "{path} n'est pas une sauvegarde que le compagnon sait lire.",
           "damaged": "1 ligne abîmée de la sauvegarde est ignorée : ligne {line}.",
           "resumed": ("Partie reprise : {count} commande rejouée.", "Partie reprise : {count} commandes rejouées.")},
}


def _saved_game(game: Game, path: Path, moves: int = 5) -> bytes:
    """A save file of ``game`` after a few legal moves drawn with a fixed seed; its bytes."""
    options = game.rules.options_type(players=game.spec.default_players, names=("Zoé", "Ève", "Léa", "Noé")[
        :game.spec.default_players])
    saved = journal.Journal.create(path, game.id, options_to_json(options))
    session = open_session(game, options, Settings("fr"), Announcer(), saved, records=False)
    shuffle = random.Random(game.id)
    for _ in range(moves):
        session.change(shuffle.choice(game.rules.legal_moves(session.state)))
    session.close()
    return path.read_bytes()


def _resume(game: Game, path: Path, lang: str, capsys: pytest.CaptureFixture[str],
            monkeypatch: pytest.MonkeyPatch) -> tuple[int, list[str], str]:
    """Exit status, lines written and error text of ``companion play GAME --resume PATH`` with nothing typed."""
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    try:
        status = main(["play", game.id, "--resume", str(path), "--lang", lang])
    except SystemExit as stop:
        status = int(stop.code or 0)
    out, err = capsys.readouterr()
    return status, out.splitlines(), err.strip()


def _resumed(lang: str, count: int) -> str:
    one, many = SENTENCES[lang]["resumed"]
    return (one if count == 1 or (lang == "fr" and count == 0) else many).format(count=count)  # French: 0 is singular


@pytest.mark.parametrize("game_id", [g.id for g in GAMES])
def test_a_save_cut_at_any_byte_is_resumed_or_refused_in_a_sentence(game_id: str, tmp_path: Path,
                                                                    capsys: pytest.CaptureFixture[str],
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    game = find(game_id)
    whole = _saved_game(game, tmp_path / "whole.jsonl")
    ends = [at for at, byte in enumerate(whole) if byte == ord("\n")]  # each line's newline
    path = tmp_path / "cut.jsonl"
    header = range(1, ends[0], 5)  # one answer all along the header: every fifth byte, and each byte after it
    for cut in (0, *header, *range(ends[0] - 2, len(whole) + 1)):
        lang = ("fr", "en")[cut % 2]
        kept = whole[:cut]
        path.write_bytes(kept)
        status, out, err = _resume(game, path, lang, capsys, monkeypatch)
        said = SENTENCES[lang]
        if cut == 0:
            assert (status, out[0]) == (0, said["empty"].format(path=path)), cut
        elif cut <= ends[0] - 1:  # the header cut short: refused, and the file left as it was
            assert (status, err) == (2, said["not_save"].format(path=path)), cut
            assert path.read_bytes() == kept
        else:
            whole_lines = sum(1 for end in ends[1:] if end <= cut)  # a line cut just before its newline is whole
            cut_mid_line = cut not in ends and cut - 1 not in ends
            assert status == 0 and err == "", (cut, err)
            assert _resumed(lang, whole_lines) in out, (cut, out)
            if cut_mid_line:
                assert said["damaged"].format(line=whole_lines + 2) in out, (cut, out)
            else:
                assert not any("1 damaged" in line or "1 ligne abîmée" in line for line in out), (cut, out)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_garbage_resumed_is_one_sentence_never_a_traceback(lang: str, tmp_path: Path,
                                                           capsys: pytest.CaptureFixture[str],
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "garbage.jsonl"
    said = SENTENCES[lang]

    @settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
    @given(content=st.binary(min_size=1, max_size=300).filter(lambda b: b.strip(b" \t\r\n\xef\xbb\xbf")))
    def resume(content: bytes) -> None:
        path.write_bytes(content)
        status, _, err = _resume(find("gauntlet"), path, lang, capsys, monkeypatch)
        assert (status, err) == (2, said["not_save"].format(path=path))
        assert path.read_bytes() == content

    resume()


@pytest.mark.parametrize("kind", ["saved", "empty"])
def test_two_companions_resuming_one_save_at_once_one_plays_the_other_is_told(kind: str, tmp_path: Path) -> None:
    """Both started together, both still reading their input: the lock lets one play, the other exits with a sentence."""
    path = tmp_path / "game.jsonl"
    if kind == "saved":
        _saved_game(find("gauntlet"), path, moves=2)
    else:
        path.write_bytes(b"")
    command = [sys.executable, "-m", "companion", "play", "gauntlet", "--resume", str(path), "--lang", "fr"]
    both = [subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            for _ in range(2)]
    try:
        deadline = time.monotonic() + 60
        while all(process.poll() is None for process in both):  # the one refused ends; the other waits for a line
            assert time.monotonic() < deadline, "neither companion was refused"
            time.sleep(0.02)
        refused = next(process for process in both if process.poll() is not None)
        playing = next(process for process in both if process is not refused)
        assert (refused.returncode, refused.communicate(timeout=30)[1].strip()) == (
            2, f"{path} est ouvert dans un autre compagnon : fermez d'abord cette partie.")
        assert playing.communicate("suivant\n", timeout=60)[1] == "" and playing.returncode == 0
    finally:
        for process in both:
            if process.poll() is None:
                process.kill()
                process.wait(timeout=10)
    assert journal.read(path).game == "gauntlet"  # the game is whole, whoever won


def test_an_empty_save_another_companion_filled_meanwhile_is_resumed(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """Between reading the empty file and starting a game in it, another companion started one there, played and
    quit: that game is resumed, never "already exists: … resume it with --resume" to someone who typed --resume."""
    path = tmp_path / "game.jsonl"
    path.write_bytes(b"")
    game = find("gauntlet")
    real_resume = journal.Journal.resume

    def resume_then_other_companion_plays(*args: object, **kwargs: object) -> object:
        try:
            return real_resume(*args, **kwargs)  # type: ignore[arg-type]
        except journal.JournalError:  # "empty": the other companion takes the file now, plays a move, quits
            options = game.rules.options_type(players=4)
            other = journal.Journal.create(path, game.id, options_to_json(options), replace_empty=True)
            open_session(game, options, Settings("en"), Announcer(), other, records=False).handle("play proxima")
            other.close()
            raise

    monkeypatch.setattr(journal.Journal, "resume", resume_then_other_companion_plays)
    status, out, err = _resume(game, path, "en", capsys, monkeypatch)
    assert (status, err) == (0, "")
    assert "Game resumed: 1 command replayed." in out


def test_an_unfinished_game_is_offered_even_beside_a_save_that_vanished(tmp_path: Path) -> None:
    """A save listed then gone before it is dated (another companion removed its unplayed save as this one started),
    or a link to nothing, hid every unfinished game from the resume offer."""
    from companion.ui.resume import unfinished_autosave

    folder = tmp_path / "saves"
    folder.mkdir()
    game = find("gauntlet")
    options = game.rules.options_type(players=2)
    started = journal.Journal.create(folder / "gauntlet_2026-01-01_11-00-00.jsonl", game.id, options_to_json(options),
                                     {"interactive": True})
    open_session(game, options, Settings("en"), Announcer(), started, records=False).handle("play ebony maw")
    started.close()
    (folder / "gauntlet_2026-01-01_12-00-00.jsonl").symlink_to(folder / "removed.jsonl")
    found = unfinished_autosave(game, folder, "en")
    assert found is not None and found.path == started.path
