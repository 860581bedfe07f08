"""Shared fixtures: a private data and config folder for every test, the Gauntlet's cards, and an ordinary user."""

from __future__ import annotations

import io
import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.announce import Announcer, RecordingOutput, Utterance
from companion.registry import find
from companion.render import Settings
from companion.session import Session


@pytest.fixture(autouse=True)
def private_folders(tmp_path, monkeypatch):
    """Autosaves and card overrides never touch the real home folder."""
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("COMPANION_CONFIG_DIR", str(tmp_path / "config"))


#: Root ignores file modes (and CI runs as root): there, permission tests run their checked code as nobody.
AS_ROOT = os.name == "posix" and os.geteuid() == 0


def _nobody() -> tuple[int, int]:
    import pwd

    entry = pwd.getpwnam("nobody")
    return entry.pw_uid, entry.pw_gid


def as_ordinary_user(command: list[str]) -> list[str]:
    """``command`` run by a user that file modes apply to: the same user, or nobody with no groups when root."""
    if not AS_ROOT:
        return command
    uid, gid = _nobody()
    return ["setpriv", f"--reuid={uid}", f"--regid={gid}", "--clear-groups", *command]


@pytest.fixture
def user_folder(tmp_path: Path) -> Iterator[Path]:
    """A folder the user of ``as_ordinary_user`` owns (as root, pytest's folders are closed to nobody)."""
    if not AS_ROOT:
        yield tmp_path
        return
    folder = Path(tempfile.mkdtemp(prefix="companion-test-"))
    os.chown(folder, *_nobody())
    try:
        yield folder
    finally:
        shutil.rmtree(folder)


@pytest.fixture
def gauntlet_cards():
    return find("gauntlet").cards()


class Recorder(RecordingOutput):
    """An output that keeps every utterance (text and JSON form), with what tests ask of it."""

    @property
    def texts(self) -> list[str]:
        return [u.text for u in self.utterances]

    def events(self, name: str) -> list[Utterance]:
        return [u for u in self.utterances if u.event == name]

    def clear(self) -> None:
        self.utterances.clear()


def make_session(game: str = "gauntlet", lang: str = "en", kit: str = "tokens", verbosity: str = "full",
                 journal: Any = None, **options: Any) -> tuple[Session, Recorder]:
    info = find(game)
    recorder = Recorder()
    display = {"kit": kit} if game == "gauntlet" else {}
    options_type = info.rules.options_type
    session = Session(info, options_type(**options), Settings(lang, verbosity, display), Announcer([recorder]), journal)
    return session, recorder


@pytest.fixture
def session_factory():
    return make_session


def run_lines(session: Session, recorder: Recorder, lines: str) -> list[str]:
    """Handle each line; the sentences announced."""
    recorder.clear()
    for line in lines.strip().splitlines():
        session.handle(line.strip())
    return recorder.texts


__all__ = ["AS_ROOT", "Recorder", "as_ordinary_user", "make_session", "run_lines", "io"]
