"""``make check-orca`` never touches the user's own Orca: it refuses to run while one runs for this user."""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _check_orca():
    spec = importlib.util.spec_from_file_location("check_orca", ROOT / "scripts" / "check_orca.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _process(proc: Path, pid: int, comm: str, argv: list[str]) -> None:
    folder = proc / str(pid)
    folder.mkdir()
    (folder / "comm").write_text(comm + "\n")
    (folder / "cmdline").write_bytes(b"\0".join(arg.encode() for arg in argv) + b"\0")


def test_an_orca_of_this_user_is_found_by_its_name_or_its_script(tmp_path: Path) -> None:
    check = _check_orca()
    _process(tmp_path, 12, "orca", ["/usr/bin/python3", "/usr/bin/orca"])
    _process(tmp_path, 34, "python3", ["python3", "/usr/bin/orca", "--replace"])
    _process(tmp_path, 56, "bash", ["bash", "-c", "echo orca"])
    _process(tmp_path, 78, "orca-helper", ["/usr/lib/orca-helper"])
    (tmp_path / "self").mkdir()
    assert check.running_orcas(os.getuid(), tmp_path) == [12, 34]
    assert check.running_orcas(os.getuid() + 1, tmp_path) == []  # another user's Orca is not this user's


def test_the_check_refuses_in_one_bilingual_sentence_while_an_orca_runs(tmp_path: Path) -> None:
    check = _check_orca()
    assert check.refusal([]) is None
    sentence = check.refusal([12, 34])
    assert sentence == ("check-orca : Orca tourne déjà pour cet utilisateur (processus 12, 34), la vérification ne la "
                        "touchera pas : quittez-la d'abord / Orca is already running for this user (process 12, 34), "
                        "the check will not touch it: quit it first.")
    assert "--replace" not in (ROOT / "scripts" / "check_orca.py").read_text().split("def main", 1)[1]


def test_main_stops_before_starting_anything_when_an_orca_runs(monkeypatch, capsys) -> None:
    check = _check_orca()
    monkeypatch.setattr(check.shutil, "which", lambda program: "/usr/bin/" + program)
    monkeypatch.setattr(check, "running_orcas", lambda: [4321])
    monkeypatch.setattr(check.tempfile, "mkdtemp", lambda **_: (_ for _ in ()).throw(AssertionError("started")))
    assert check.main() == 2
    assert "4321" in capsys.readouterr().out
