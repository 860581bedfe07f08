"""``companion doctor``: one sentence per part, in the user's language, and exit status 1 when play would lack something.

The sentences are those of this machine (Debian with liblouis, espeak-ng, sox,
Speech Dispatcher and BRLTTY installed, none of them running for the tests), then
with one thing made missing: a braille table, liblouis itself, every voice, a data
folder that cannot be written (a path under a regular file: refused even to root).
Speech Dispatcher and BRLTTY are reached only at private sockets (no_session_daemons).
"""

from __future__ import annotations

import socket
import sys
import threading
from pathlib import Path

import pytest

from companion import cards, cli, doctor
from tests.daemons import Brltty, no_session_daemons

pytestmark = pytest.mark.usefixtures("no_session_daemons")
__all__ = ["no_session_daemons"]


@pytest.fixture(autouse=True)
def no_screen_reader(monkeypatch: pytest.MonkeyPatch) -> None:
    """The test machine's process list may hold an Orca of another test; these tests say "none"."""
    monkeypatch.setattr(doctor, "screen_readers", lambda: [])


def doctor_says(capsys: pytest.CaptureFixture[str], lang: str = "en") -> tuple[list[str], int]:
    status = cli.main(["doctor", "--lang", lang])
    out, err = capsys.readouterr()
    assert err == ""
    return out.splitlines(), status


def this_machine_en(data: Path) -> list[str]:
    return [
        "Screen reader: none is running.",
        "Speech Dispatcher is installed but not running: it starts with --speech speechd.",
        "Built-in voice: espeak-ng is ready, with the audio player sox.",
        "Braille: liblouis 3.24.0 and its French and English tables are installed.",
        "Braille display: BRLTTY does not answer; start it if a display is plugged in.",
        "Private pages (--serve): no browser needed here. Each player opens the address said on their own device.",
        f"Data folder: {data}, writable; saves and records are kept there.",
        "Everything the companion needs to play is here.",
    ]


def test_this_machine_has_everything_needed_to_play(capsys, tmp_path):
    lines, status = doctor_says(capsys)
    assert (lines, status) == (this_machine_en(tmp_path / "data"), 0)


def test_in_french(capsys, tmp_path):
    lines, status = doctor_says(capsys, "fr")
    assert status == 0
    assert lines == [
        "Lecteur d'écran : aucun n'est lancé.",
        "Speech Dispatcher est installé mais pas lancé : il démarre avec --speech speechd.",
        "Voix intégrée : espeak-ng est prêt, avec le lecteur audio sox.",
        "Braille : liblouis 3.24.0 et ses tables française et anglaise sont installés.",
        "Plage braille : BRLTTY ne répond pas ; lancez-le si une plage est branchée.",
        "Pages privées (--serve) : aucun navigateur nécessaire ici. Chaque joueur ouvre l'adresse annoncée "
        "sur son propre appareil.",
        f"Dossier de données : {tmp_path / 'data'}, accessible en écriture ; les sauvegardes et les records y sont gardés.",
        "Le compagnon a tout ce qu'il faut pour jouer.",
    ]


def test_a_missing_braille_table_is_named_with_its_package(capsys, tmp_path, monkeypatch):
    monkeypatch.setattr(doctor, "BRAILLE_TABLES", (*doctor.BRAILLE_TABLES, "/nowhere/fr-missing.ctb"))
    lines, status = doctor_says(capsys)
    assert status == 1
    assert lines[3] == "Braille: the tables /nowhere/fr-missing.ctb are missing: sudo apt install liblouis-data."
    assert lines[-1] == "Something the companion needs to play is missing: see above."
    assert lines[:3] + lines[4:-1] == this_machine_en(tmp_path / "data")[:3] + this_machine_en(tmp_path / "data")[4:-1]


def test_without_liblouis_it_says_which_packages(capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "louis", None)  # import louis raises ImportError
    lines, status = doctor_says(capsys)
    assert status == 1
    assert lines[3] == "Braille: liblouis is missing: sudo apt install liblouis20 liblouis-data python3-louis."


def test_a_data_folder_that_cannot_be_written_is_missing(capsys, tmp_path, monkeypatch):
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    monkeypatch.setattr(cards, "data_dir", lambda: blocker / "companion")
    lines, status = doctor_says(capsys)
    assert status == 1
    assert lines[-2:] == [
        f"Data folder: {blocker / 'companion'} cannot be written (a part of the path is not a folder); set "
        "COMPANION_DATA_DIR to another folder.",
        "Something the companion needs to play is missing: see above.",
    ]
    assert not (blocker / "companion").exists()


def test_a_data_folder_not_made_yet_is_not_made_by_the_check(capsys, tmp_path):
    doctor_says(capsys)
    assert not (tmp_path / "data").exists()


def test_with_no_voice_at_all_the_built_in_voice_is_missing(capsys, monkeypatch):
    real = doctor.shutil.which
    monkeypatch.setattr(doctor.shutil, "which", lambda name, **kw: None if name in ("espeak-ng", "play", "aplay", "paplay")
                        else real(name, **kw))
    lines, status = doctor_says(capsys)
    assert status == 1
    assert lines[2] == "Built-in voice: missing, sudo apt install espeak-ng sox."


def test_a_speech_dispatcher_that_listens_is_said_and_is_enough_to_speak(capsys, tmp_path, monkeypatch):
    path = tmp_path / "speechd.sock"
    monkeypatch.setenv("SPEECHD_ADDRESS", f"unix_socket:{path}")
    real = doctor.shutil.which
    monkeypatch.setattr(doctor.shutil, "which", lambda name, **kw: None if name == "espeak-ng" else real(name, **kw))
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as server:
        server.bind(str(path))
        server.listen(4)
        answering = threading.Thread(target=_answer_ssip, args=(server,), daemon=True)
        answering.start()
        lines, status = doctor_says(capsys)
        answering.join(timeout=5)
    assert status == 0
    assert lines[1:3] == ["Speech Dispatcher is running: the companion can speak through it.",
                          "Built-in voice: missing, sudo apt install espeak-ng."]


def _answer_ssip(server: socket.socket) -> None:
    """One client: what Speech Dispatcher answers to HELP."""
    connection, _ = server.accept()
    with connection:
        connection.settimeout(5)
        connection.recv(1024)
        connection.sendall(b"248-  HELP\r\n248 OK HELP SENT\r\n")


def test_a_socket_that_accepts_and_hangs_is_not_a_running_speech_dispatcher(capsys, tmp_path, monkeypatch):
    """Issue 32: doctor called any socket that accepts a running Speech Dispatcher, a hung one too."""
    path = tmp_path / "speechd.sock"
    monkeypatch.setenv("SPEECHD_ADDRESS", f"unix_socket:{path}")
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as server:
        server.bind(str(path))
        server.listen(4)  # accepts (the backlog), never answers
        lines, _ = doctor_says(capsys)
    assert lines[1] == "Speech Dispatcher does not answer on its socket: stop it, it starts again when needed."


def test_a_full_disk_is_not_a_writable_data_folder(capsys, tmp_path, monkeypatch):
    """Issue 32: a full disk still makes an empty file; the check writes and flushes, and says why in French."""
    import errno

    def full(descriptor: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(doctor.os, "fsync", full)
    lines, status = doctor_says(capsys, "fr")
    assert status == 1
    assert any(line.startswith("Dossier de données : ") and "(le disque est plein)" in line for line in lines), lines


def test_a_running_screen_reader_is_named(capsys, monkeypatch):
    monkeypatch.setattr(doctor, "screen_readers", lambda: ["Orca"])
    lines, _ = doctor_says(capsys)
    assert lines[0] == "Screen reader: Orca is running."


def test_a_real_brltty_answers_with_its_display_width(capsys, tmp_path, monkeypatch):
    daemon = Brltty(tmp_path / "brltty", 20)
    try:
        for name, value in daemon.client_env().items():
            monkeypatch.setenv(name, value)
        lines, status = doctor_says(capsys)
    finally:
        daemon.stop()
    assert status == 0
    assert lines[4] == "Braille display: BRLTTY answers, a display of 20 cells."


def test_without_brltty_it_says_to_install_it_not_to_start_it(capsys, monkeypatch):
    """A display plugged in with no BRLTTY installed: "start it" named a program that was not there."""
    real = doctor.shutil.which
    monkeypatch.setattr(doctor.shutil, "which", lambda name, **kw: None if name == "brltty" else real(name, **kw))
    lines, status = doctor_says(capsys)
    assert (lines[4], status) == ("Braille display: BRLTTY is missing: sudo apt install brltty.", 0)
    lines, status = doctor_says(capsys, "fr")
    assert (lines[4], status) == ("Plage braille : BRLTTY manque : sudo apt install brltty.", 0)


def test_brltty_in_usr_sbin_is_found_off_an_ordinary_users_path(capsys, monkeypatch):
    """Debian puts brltty in /usr/sbin, which an ordinary user's PATH lacks: installed all the same."""
    assert Path("/usr/sbin/brltty").exists()  # this machine's Debian package
    monkeypatch.setenv("PATH", "/usr/local/bin:/usr/bin:/bin")
    lines, _ = doctor_says(capsys)
    assert lines[4] == "Braille display: BRLTTY does not answer; start it if a display is plugged in."


def test_the_help_lists_doctor_and_its_exit_status(capsys):
    with pytest.raises(SystemExit):
        cli.main(["doctor", "--help", "--lang", "en"])
    said = " ".join(capsys.readouterr().out.split())
    assert "Exit status: 0 when everything needed to play is here, 1 when something is missing." in said
    with pytest.raises(SystemExit):
        cli.main(["--help", "--lang", "fr"])
    assert "vérifie la parole, le braille et le dossier de données, et dit quoi installer" in " ".join(
        capsys.readouterr().out.split())
