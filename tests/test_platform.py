"""Linux-only calls live in companion/platform/ and nowhere else, each with its portable path beside it.

Computed from the source with ``ast``: no other module of the package (companion/,
speech/ and braille/, which are linked into it) imports ``fcntl``, names a path
under ``/proc``, or uses ``os.killpg``, ``os.pidfd_open`` or a Unix socket. The
Speech Dispatcher backend (speech/speechd_voice.py) still imports Debian's
``speechd`` client, which speaks SSIP for it: that is a library, not a Linux call.
"""

from __future__ import annotations

import ast
import errno
import os
import signal
import time
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from companion.platform import files, locks, processes, screenreaders, speechd

ROOT = Path(__file__).resolve().parent.parent
PLATFORM = ROOT / "companion" / "platform"
#: Modules only companion/platform/ may import. (``termios``, which companion/ui/terminal.py uses to hide a
#: typed secret, is POSIX and macOS has it too: a Windows port handles it there, with ``msvcrt.getwch``.)
LINUX_MODULES = {"fcntl"}
#: Names only companion/platform/ may use, as an attribute or a string (``getattr(os, "pidfd_open")``): Windows
#: has none of them (nor the POSIX-only signals), so each needs the portable path beside it there.
LINUX_NAMES = {"killpg", "pidfd_open", "AF_UNIX", "set_blocking", "kqueue", "SIGKILL", "SIGHUP", "SIGCHLD", "SIGPIPE",
               "SIGUSR1", "SIGUSR2", "SIGALRM", "SIGQUIT"}


def package_modules() -> list[Path]:
    """Every module of the package outside companion/platform/; speech/ and braille/ once each, by their real path."""
    own = [p for p in (ROOT / "companion").rglob("*.py") if PLATFORM not in p.parents and not p.is_symlink()
           and p.relative_to(ROOT / "companion").parts[0] not in ("speech", "braille")]
    return sorted(own) + sorted((ROOT / "speech").rglob("*.py")) + sorted((ROOT / "braille").rglob("*.py"))


def linux_uses(source: str) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [f"import {a.name}" for a in node.names if a.name.split(".")[0] in LINUX_MODULES]
        elif isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[0] in LINUX_MODULES:
            found.append(f"from {node.module}")
        elif isinstance(node, ast.Attribute) and node.attr in LINUX_NAMES:
            found.append(f".{node.attr}")
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and (
                node.value in LINUX_NAMES or node.value == "/proc" or node.value.startswith("/proc/")):
            found.append(repr(node.value))
    return found


def test_no_module_outside_the_platform_package_makes_a_linux_only_call() -> None:
    modules = package_modules()
    names = {str(p.relative_to(ROOT)) for p in modules}
    assert {"companion/journal.py", "companion/records.py", "speech/tts.py", "speech/screenreader.py",
            "speech/speechd_voice.py", "braille/display.py"} <= names
    uses = [f"{p.relative_to(ROOT)}: {use}" for p in modules for use in linux_uses(p.read_text(encoding="utf-8"))]
    assert uses == []


def test_the_check_sees_what_it_forbids() -> None:
    source = ("import fcntl\nfrom fcntl import flock\nimport os\nos.killpg(1, 9)\nopen('/proc/1/comm')\n"
              "getattr(os, 'pidfd_open')\nimport signal\nos.kill(1, signal.SIGKILL)\n")
    assert sorted(linux_uses(source)) == sorted(
        ["import fcntl", "from fcntl", ".killpg", "'/proc/1/comm'", "'pidfd_open'", ".SIGKILL"])


@pytest.mark.skipif(sys.platform == "win32", reason="flock")
def test_a_lock_held_by_another_process_is_refused_then_free(tmp_path: Path) -> None:
    path = tmp_path / "save.jsonl"
    path.write_text("x")
    holder = subprocess.Popen([sys.executable, "-c", "import fcntl,sys; f=open(sys.argv[1]); "
                               "fcntl.flock(f, fcntl.LOCK_EX); print(1, flush=True); sys.stdin.read()", str(path)],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "1\n"
        fd = os.open(path, os.O_RDONLY)
        try:
            assert not locks.try_lock(fd) and locks.held_elsewhere(fd)
        finally:
            os.close(fd)
    finally:
        holder.communicate("", timeout=10)
    fd = os.open(path, os.O_RDONLY)
    try:
        assert not locks.held_elsewhere(fd) and locks.try_lock(fd)
    finally:
        os.close(fd)


def test_the_probe_gives_the_lock_back_and_a_second_descriptor_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "save.jsonl"
    path.write_text("x")
    first, second = os.open(path, os.O_RDONLY), os.open(path, os.O_RDONLY)
    try:
        assert not locks.held_elsewhere(first)  # probed, then unlocked: the other descriptor may lock
        assert locks.try_lock(second)
        assert locks.held_elsewhere(first) and not locks.try_lock(first)
    finally:
        os.close(first)
        os.close(second)


@pytest.mark.skipif(sys.platform == "win32", reason="flock")
@pytest.mark.parametrize("system", ["no fcntl", "no lock on this file system"])
def test_where_no_lock_exists_the_game_goes_on_unlocked(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                         system: str) -> None:
    def no_flock(fd: int, operation: int) -> None:
        raise OSError(errno.ENOLCK, "no locks available")

    if system == "no fcntl":
        monkeypatch.setattr(locks, "fcntl", None)
    else:
        monkeypatch.setattr(locks.fcntl, "flock", no_flock)
    path = tmp_path / "save.jsonl"
    path.write_text("x")
    fd = os.open(path, os.O_RDONLY)
    try:
        assert locks.try_lock(fd) and not locks.held_elsewhere(fd)
    finally:
        os.close(fd)


@pytest.mark.skipif(not hasattr(os, "O_NONBLOCK"), reason="POSIX flag")
def test_clear_nonblocking_makes_the_descriptor_blocking_without_fcntl(tmp_path: Path) -> None:
    path = tmp_path / "save.jsonl"
    path.write_text("x")
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    try:
        assert not os.get_blocking(fd)
        files.clear_nonblocking(fd)
        assert os.get_blocking(fd)
    finally:
        os.close(fd)


def test_running_reads_names_and_the_start_of_the_command_line(tmp_path: Path) -> None:
    for pid, comm, argv in (("12", "python3", b"python3\0/usr/bin/orca\0--replace\0"), ("40", "bash", b"bash\0"),
                            ("self", "orca", b"orca\0")):
        (tmp_path / pid).mkdir()
        (tmp_path / pid / "comm").write_text(comm + "\n")
        (tmp_path / pid / "cmdline").write_bytes(argv)
    assert screenreaders.running({"orca", "fenrir"}, tmp_path) == ["orca"]
    assert screenreaders.running({"fenrir"}, tmp_path) == []
    assert screenreaders.running({"orca"}, tmp_path / "missing") == []


@pytest.mark.skipif(not hasattr(socket, "AF_UNIX"), reason="Unix sockets")
def test_speech_dispatcher_is_listening_only_where_a_socket_accepts(tmp_path: Path) -> None:
    path = tmp_path / "speechd.sock"
    assert not speechd.listening(f"unix_socket:{path}")
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as server:
        server.bind(str(path))
        server.listen(1)
        assert speechd.listening(f"unix_socket:{path}")
    assert speechd.default_socket({"XDG_RUNTIME_DIR": "/run/user/1000"}) == "/run/user/1000/speech-dispatcher/speechd.sock"


def test_wait_for_exit_returns_once_the_child_has_exited() -> None:
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    try:
        for _ in range(200):
            processes.wait_for_exit(child, 0.05)
            if child.poll() is not None:
                break
        assert child.poll() == 0
    finally:
        child.wait(timeout=10)


def _sleeper() -> subprocess.Popen[bytes]:
    return subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"], start_new_session=True)


@pytest.mark.parametrize("portable", [False, True], ids=["linux", "no-pidfd-nor-kqueue"])
def test_wait_for_exit_wakes_when_the_child_is_stopped(portable: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    if portable:
        monkeypatch.delattr(os, "pidfd_open", raising=False)
        monkeypatch.delattr("select.kqueue", raising=False)
    child = _sleeper()
    try:
        started = time.monotonic()
        processes.wait_for_exit(child, 0.2)  # nothing ends it: back after the timeout (or one short sleep)
        assert child.poll() is None and time.monotonic() - started < 5
        processes.stop_group(child)
        for _ in range(400):
            processes.wait_for_exit(child, 0.05)
            if child.poll() is not None:
                break
        assert child.returncode == -signal.SIGTERM
    finally:
        child.kill()
        child.wait(timeout=10)


def test_on_windows_the_wait_is_on_the_process_itself(monkeypatch: pytest.MonkeyPatch) -> None:
    child = _sleeper()
    waited: list[float | None] = []
    real_wait = child.wait

    def wait(timeout: float | None = None) -> int:
        waited.append(timeout)
        return real_wait(timeout)

    monkeypatch.setattr(child, "wait", wait)
    try:
        monkeypatch.setattr(os, "name", "nt")
        processes.wait_for_exit(child, 0.05)  # Popen.wait waits on the process handle there
        monkeypatch.undo()
        assert waited == [0.05] and child.poll() is None
    finally:
        child.kill()
        child.wait(timeout=10)


@pytest.mark.parametrize("force", [False, True], ids=["terminate", "kill"])
def test_without_killpg_the_child_alone_is_stopped(force: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delattr(os, "killpg", raising=False)  # as on Windows
    child = _sleeper()
    try:
        processes.stop_group(child, force=force)
        assert child.wait(timeout=10) == -(signal.SIGKILL if force else signal.SIGTERM)
        processes.stop_group(child, force=force)  # gone already: no error
    finally:
        child.kill()
        child.wait(timeout=10)
