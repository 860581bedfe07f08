"""Shared fixtures: a private data and config folder for every test, the Gauntlet's cards, and an ordinary user."""

from __future__ import annotations

import functools
import io
import logging
import os
import shutil
import signal
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings

from companion.announce import Announcer, RecordingOutput, Utterance
from companion.registry import find
from companion.render import Settings
from companion.session import Session, Wiring, open_session


class _InternalErrors(logging.Handler):
    """Keeps what the session logs as an internal error (a bug it caught so the game is never lost)."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@pytest.fixture(autouse=True)
def no_internal_errors(request):
    """Any test whose session met an internal error fails (python-chess's ``RaiseLogHandler``), unless it is marked
    ``allow_internal_error`` (a test that breaks a renderer on purpose)."""
    handler = _InternalErrors()
    logger = logging.getLogger("companion.session")
    logger.addHandler(handler)
    try:
        yield handler
    finally:
        logger.removeHandler(handler)
    if handler.records and request.node.get_closest_marker("allow_internal_error") is None:
        first = handler.records[0]
        pytest.fail(f"the session logged an internal error: {first.getMessage()} {first.exc_info[1] if first.exc_info else ''}")


def _sigint_state() -> tuple[Any, frozenset[int]]:
    """How this process (its main thread) takes SIGINT: its handler, and the signals it blocks."""
    return signal.getsignal(signal.SIGINT), frozenset(signal.pthread_sigmask(signal.SIG_BLOCK, []))


#: SIGINT as this run found it (`pytest_terminal_summary` says when it was not Python's default).
_SIGINT_AT_START = _sigint_state()


@pytest.fixture(autouse=True)
def sigint_left_as_found() -> Iterator[None]:
    """A test that leaves SIGINT ignored, handled otherwise or blocked fails (and it is put back): a child process
    started later in the same worker inherits an ignored or blocked SIGINT across exec, and Ctrl+C never stops it."""
    before = _sigint_state()
    yield
    after = _sigint_state()
    if after != before:
        signal.signal(signal.SIGINT, before[0])
        signal.pthread_sigmask(signal.SIG_SETMASK, before[1])
        pytest.fail(f"the test left SIGINT so: handler {after[0]!r}, blocked {sorted(after[1])} "
                    f"(before: handler {before[0]!r}, blocked {sorted(before[1])})")


#: What the test files do on import (a game's cards read at collection) never sees the user's folders either: a
#: referee's corrected card file in ~/.config/companion failed collection, and the parse cache went to ~/.cache.
#: One folder for the run: this file is imported twice (as conftest and tests.conftest), xdist's workers inherit it.
_MADE_HERE = "COMPANION_TESTS_FOLDER" not in os.environ
_IMPORT_FOLDER = os.environ.get("COMPANION_TESTS_FOLDER") or tempfile.mkdtemp(prefix="companion-tests-")
os.environ["COMPANION_TESTS_FOLDER"] = _IMPORT_FOLDER
os.environ["COMPANION_DATA_DIR"] = os.path.join(_IMPORT_FOLDER, "data")
os.environ["COMPANION_CONFIG_DIR"] = os.path.join(_IMPORT_FOLDER, "config")


def pytest_unconfigure() -> None:
    if _MADE_HERE:  # xdist's controller, once its workers are done
        shutil.rmtree(_IMPORT_FOLDER, ignore_errors=True)


@pytest.fixture(autouse=True)
def private_folders(tmp_path, monkeypatch):
    """Autosaves and card overrides never touch the real home folder."""
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("COMPANION_CONFIG_DIR", str(tmp_path / "config"))


#: ``COMPANION_THOROUGH=1`` (README, "For developers"): the long random tests run their full count.
THOROUGH = os.environ.get("COMPANION_THOROUGH") == "1"

# Every hypothesis test draws the same examples on every run (a seed from the test itself), so CI never fails by luck
# on an example no developer ever saw; COMPANION_THOROUGH=1 draws new ones each run and keeps the failures it finds.
settings.register_profile("fixed", derandomize=True)
settings.register_profile("thorough", derandomize=False)
settings.load_profile("thorough" if THOROUGH else "fixed")


def examples(thorough: int) -> int:
    """A hypothesis test's example count: a quarter by default (seconds), ``thorough`` under COMPANION_THOROUGH=1."""
    return thorough if THOROUGH else max(10, thorough // 4)


#: Root ignores file modes (and CI runs as root): there, permission tests run their checked code without
#: root's power over file modes (still root, so a checkout in a folder closed to other users still imports).
AS_ROOT = os.name == "posix" and os.geteuid() == 0

#: The capabilities that let root ignore file modes; a process without them obeys modes like any user.
_MODE_CAPABILITIES = "-dac_override,-dac_read_search"
_WITHOUT_MODE_POWER = ["setpriv", f"--inh-caps={_MODE_CAPABILITIES}", f"--bounding-set={_MODE_CAPABILITIES}"]


def _nobody() -> tuple[int, int]:
    import pwd

    entry = pwd.getpwnam("nobody")
    return entry.pw_uid, entry.pw_gid


def as_ordinary_user(command: list[str]) -> list[str]:
    """``command`` run so that file modes apply to it: as is for a user, as root without the capabilities that bypass them.

    Where capabilities cannot be dropped (a container without CAP_SETPCAP), nobody with no groups runs it instead.
    """
    if not AS_ROOT:
        return command
    if _modes_apply(tuple(_WITHOUT_MODE_POWER)):
        return [*_WITHOUT_MODE_POWER, *command]
    uid, gid = _nobody()
    as_nobody = ["setpriv", f"--reuid={uid}", f"--regid={gid}", "--clear-groups"]
    if not _modes_apply(tuple(as_nobody)):
        pytest.skip("as root, neither dropping capabilities nor running as nobody makes file modes apply here")
    return [*as_nobody, *command]


@functools.cache
def _modes_apply(prefix: tuple[str, ...]) -> bool:
    """Whether ``prefix`` runs Python with companion importable and a mode-000 file refused."""
    import subprocess
    import sys

    with tempfile.TemporaryDirectory() as folder:
        closed = Path(folder) / "closed"
        closed.write_text("secret")
        closed.chmod(0o000)
        os.chmod(folder, 0o755)
        probe = f"import companion\ntry:\n    open({str(closed)!r})\nexcept PermissionError:\n    print('refused')"
        try:
            done = subprocess.run([*prefix, sys.executable, "-c", probe], capture_output=True, text=True, timeout=60)
        except OSError:
            return False
    return done.returncode == 0 and done.stdout.strip() == "refused"


@pytest.fixture
def user_folder(tmp_path: Path) -> Iterator[Path]:
    """A folder the user of ``as_ordinary_user`` owns (the same user, or nobody where it runs as nobody)."""
    if not AS_ROOT or _modes_apply(tuple(_WITHOUT_MODE_POWER)):
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


def _set_up(game: str, lang: str, kit: str, verbosity: str | None, wire: Callable[[Wiring], Wiring] | None,
            options: dict[str, Any]) -> tuple[Any, Any, Settings, Wiring, Recorder]:
    info = find(game)
    recorder = Recorder()
    display = {"kit": kit} if game == "gauntlet" else {}
    wiring = Wiring(Announcer([recorder]))
    if wire is not None:
        wiring = wire(wiring)
    return info, info.rules.options_type(**options), Settings(lang, verbosity, display), wiring, recorder


def make_session(game: str = "gauntlet", lang: str = "en", kit: str = "tokens", verbosity: str | None = "normal",
                 journal: Any = None, wire: Callable[[Wiring], Wiring] | None = None,
                 **options: Any) -> tuple[Session, Recorder]:
    """A session of ``game`` whose every sentence a `Recorder` keeps; ``wire`` adds to its wiring (outputs, secrets)."""
    info, opts, settings, wiring, recorder = _set_up(game, lang, kit, verbosity, wire, options)
    return open_session(info, opts, settings, wiring, journal), recorder


def make_served(game: str = "gauntlet", lang: str = "en", kit: str = "tokens", verbosity: str | None = "normal",
                journal: Any = None, wire: Callable[[Wiring], Wiring] | None = None, qr_file: Any = None,
                https: bool | None = None, host: str = "127.0.0.1", **options: Any) -> tuple[Session, Recorder, Any]:
    """The same session with its pages served on ``host`` (127.0.0.1; the caller stops ``web``)."""
    from msgspec.structs import replace

    from companion.rules_reader import RulesAnswerer
    from companion.session import RecordsKeeper, Table
    from companion.web.server import serve

    info, opts, settings, wiring, recorder = _set_up(game, lang, kit, verbosity, wire, options)
    wiring = replace(wiring, listeners=(RecordsKeeper(), *wiring.listeners), answerers=(RulesAnswerer(),))
    session, web = serve(Table(info, opts, None, journal), settings, wiring, host, qr_file=qr_file, https=https)
    return session, recorder, web


@pytest.fixture
def session_factory():
    return make_session


def run_lines(session: Session, recorder: Recorder, lines: str) -> list[str]:
    """Handle each line; the sentences announced."""
    recorder.clear()
    for line in lines.strip().splitlines():
        session.handle(line.strip())
    return recorder.texts


__all__ = ["AS_ROOT", "Recorder", "as_ordinary_user", "make_served", "make_session", "run_lines", "io"]


def pytest_terminal_summary(terminalreporter: Any) -> None:
    """The sentence audit's coverage (event types heard / declared), even when xdist runs it in a worker."""
    lines = [value for reports in terminalreporter.stats.values() for report in reports
             for name, value in getattr(report, "user_properties", ()) if name == "sentence_audit"]
    for line in sorted(set(lines)):
        terminalreporter.write_line(line)
    if _SIGINT_AT_START[0] is not signal.default_int_handler or _SIGINT_AT_START[1]:
        terminalreporter.write_line(f"SIGINT was {_SIGINT_AT_START[0]!r}, blocked {sorted(_SIGINT_AT_START[1])}, when the "
                                    "tests started (a shell without job control starts a background command so): every "
                                    "process the tests start inherits it, unless the test sets it back")


#: The test files that take longest in a whole suite's run (seconds of a worker, longest first): ``make test`` (xdist,
#: ``--dist loadfile --no-loadscope-reorder``) hands out files in collection order, so these start first and the
#: short ones fill the end, on both cores. Only the order changes; any file missing here keeps its place after them.
LONGEST_FIRST = ("test_install.py", "test_conformance.py", "test_dependencies_resolve.py", "test_sentence_audit.py",
                 "test_web_scan_games.py", "test_private_no_oracle.py", "test_robustness.py", "test_sentence_audit_games.py",
                 "test_the_void_rules.py", "test_web_love_letter.py", "test_web_scan.py", "test_love_letter_invariants.py",
                 "test_private_nothing_learnt.py", "test_cli.py", "test_speech_daemons.py", "test_braille_keyboard_daemons.py",
                 "test_sentence_audit_outside.py")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """`LONGEST_FIRST`'s files first, then the others, the files of most tests first (xdist's own default order)."""
    rank = {name: place for place, name in enumerate(LONGEST_FIRST)}
    counts: dict[str, int] = {}
    for item in items:
        counts[item.path.name] = counts.get(item.path.name, 0) + 1
    items.sort(key=lambda item: (rank.get(item.path.name, len(rank)), -counts[item.path.name]))  # stable: a file's order stays


@pytest.fixture
def foreign_env(tmp_path):
    """Environments for companion subprocesses on a "foreign platform" (tests/foreign.py): no fcntl, pidfd,
    killpg, /proc, liblouis, Speech Dispatcher nor BrlAPI. ``env = foreign_env(base)``; ``foreign_env.seen()``."""
    from tests.foreign import ForeignEnv

    return ForeignEnv(tmp_path / "foreign-seen")
