"""Real Speech Dispatcher and BRLTTY daemons for tests, each in a private folder, on a private socket.

Nothing here touches the user's session: every daemon gets its own runtime,
configuration and home folders, its own socket, no session bus
(``DBUS_SESSION_BUS_ADDRESS=disabled:``) and no display; each is started with
``start_new_session`` and stopped by its process id (the whole group: Speech
Dispatcher's output modules too), with a timeout on every wait.

- `SpeechDispatcher`: ``speech-dispatcher`` with its protocol log on
  (``LogLevel 5``, ``CustomLogFile "protocol"``), playing into a private
  PulseAudio null sink when ``pulseaudio`` is installed (real time: a long
  sentence takes seconds, so an interruption can be seen) or else into ALSA's
  ``null`` device (each sentence ends within milliseconds). `ProtocolLog`
  reads what each client sent and received; `SinkMonitor` records what the
  null sink plays (``parec`` on its monitor), so a benchmark or a test hears
  when the audio begins and ends, not only when it was asked for.
- `Brltty`: BRLTTY with its virtual ``vr`` driver and no screen driver, its
  BrlAPI on a private local socket with no authentication, and
  `StandInDisplay`: the display at the other end of the ``vr`` socket, which
  logs every line of cells it is sent and presses keys (``FwinRt``…).

A daemon whose binary is missing makes the test skip, saying which; after
``make setup`` all are installed and the tests run.
"""

from __future__ import annotations

import array
import bisect
import datetime as _dt
import os
import re
import shutil
import signal
import socket
import subprocess
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

#: Speech Dispatcher's Python client ends its reading thread with ``sys.exit()`` when its socket closes
#: (which threading ignores, and pytest reports): expected at every close, so not a warning.
SSIP_THREAD_EXIT = pytest.mark.filterwarnings(
    "ignore:Exception in thread SSIP client communication thread:pytest.PytestUnhandledThreadExceptionWarning")
#: Longest wait for a daemon to come up, or for something to show in its logs.
STARTUP = 15.0
BRLAPI_SOCKETS = Path("/var/lib/BrlAPI")


def need(binary: str) -> str:
    path = shutil.which(binary)
    if path is None:
        pytest.skip(f"{binary} is not installed (make setup installs it)")
    return path


def accepts(path: Path) -> bool:
    """Whether a daemon accepts connections on the Unix socket ``path`` (its file alone may come first)."""
    if not path.exists():
        return False
    probe = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    probe.settimeout(1.0)
    try:
        probe.connect(str(path))
        return True
    except OSError:
        return False
    finally:
        probe.close()


def wait_until(condition: Callable[[], Any], timeout: float = STARTUP, what: str = "condition") -> Any:
    """Polls ``condition`` until it is truthy; its value, or AssertionError after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout} s waiting for {what}")
        time.sleep(0.01)


def private_env(root: Path, **extra: str) -> dict[str, str]:
    """An environment that points every per-user path into ``root`` and reaches no session."""
    folders = {name: root / name.lower() for name in ("HOME", "XDG_RUNTIME_DIR", "XDG_CONFIG_HOME", "XDG_CACHE_HOME",
                                                      "XDG_DATA_HOME", "XDG_STATE_HOME")}
    for folder in folders.values():
        folder.mkdir(parents=True, exist_ok=True, mode=0o700)
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "LANG": "C.UTF-8",
           "DBUS_SESSION_BUS_ADDRESS": "disabled:", **{k: str(v) for k, v in folders.items()}}
    env.update(extra)
    return env


class Daemon:
    """One process started in its own session and stopped by its id (and its group's)."""

    def __init__(self, argv: list[str], env: dict[str, str], log: Path) -> None:
        self.log = log
        self._out = log.open("ab")
        self.process = subprocess.Popen(argv, env=env, stdin=subprocess.DEVNULL, stdout=self._out, stderr=subprocess.STDOUT,
                                        start_new_session=True, cwd=env.get("HOME"))

    @property
    def pid(self) -> int:
        return self.process.pid

    def alive(self) -> bool:
        return self.process.poll() is None

    def stop(self, grace: float = 3.0) -> None:
        """SIGTERM to the group, then SIGKILL after ``grace`` seconds."""
        for signum in (signal.SIGTERM, signal.SIGKILL):
            try:
                os.killpg(self.pid, signum)
            except (ProcessLookupError, PermissionError):
                pass
            try:
                self.process.wait(timeout=grace)
                break
            except subprocess.TimeoutExpired:
                continue
        try:  # output modules left behind in the group
            os.killpg(self.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
        self._out.close()


# ------------------------------------------------------------------ Speech Dispatcher

_STAMP = re.compile(r"^\[(\w{3} \w{3} +\d+ \d\d:\d\d:\d\d \d{4}) : (\d+)\] speechd: +(\d+):(DATA|REPLY):\|", re.M)


@dataclass
class Entry:
    """One line of the protocol log: what a client (by socket) sent (DATA) or was sent (REPLY)."""

    time: float  # seconds since the epoch, as the daemon stamped it (microseconds)
    fd: int
    kind: str
    text: str


@dataclass
class Message:
    """A sentence a client had spoken: its text, the language set then, its id and what became of it."""

    fd: int
    text: str
    lang: str | None
    priority: str | None
    sent: float  # when SPEAK came
    received: float | None = None  # when the sentence itself came
    id: int | None = None
    events: list[tuple[float, str]] = field(default_factory=list)

    @property
    def outcome(self) -> str | None:
        """"end" (spoken in full), "cancel" (cut off or dropped), or None (not finished yet)."""
        for _, event in self.events:
            if event in ("end", "cancel"):
                return event
        return None

    @property
    def begun(self) -> float | None:
        return next((when for when, event in self.events if event == "begin"), None)


class ProtocolLog:
    """Speech Dispatcher's protocol log (``CustomLogFile "protocol"``), read back."""

    EVENTS = {"701": "begin", "702": "end", "703": "cancel", "704": "pause", "705": "resume"}

    def __init__(self, path: Path) -> None:
        self.path = path

    def entries(self) -> list[Entry]:
        try:
            raw = self.path.read_text(errors="replace")
        except FileNotFoundError:
            return []
        found = list(_STAMP.finditer(raw))
        entries: list[Entry] = []
        for i, match in enumerate(found):
            end = found[i + 1].start() if i + 1 < len(found) else len(raw)
            body = raw[match.end():end]
            body = body[: body.rfind("\n|")] if "\n|" in body else body.rstrip("\n")
            stamp = _dt.datetime.strptime(match.group(1), "%a %b %d %H:%M:%S %Y").timestamp() + int(match.group(2)) / 1e6
            # The daemon stamps a line with time() for its seconds and gettimeofday() for its microseconds (MSG2 in
            # speechd's logging.c): just after a second begins, time() may still give the one before, and the line
            # reads a second early. Its lines are written in order, under a lock: one earlier than the line before it
            # is such a line.
            if entries and stamp < entries[-1].time:
                stamp += 1.0
            entries.append(Entry(stamp, int(match.group(3)), match.group(4), body))
        return entries

    def messages(self) -> list[Message]:
        """Every sentence spoken, in the order received, with its language, id and events."""
        messages: list[Message] = []
        lang: dict[int, str | None] = {}
        priority: dict[int, str | None] = {}
        receiving: dict[int, Message | None] = {}
        pending_id: dict[int, Message] = {}
        by_id: dict[tuple[int, int], Message] = {}
        early: dict[tuple[int, int], list[tuple[float, str]]] = {}  # an event logged before its message's id
        for entry in self.entries():
            fd = entry.fd
            if entry.kind == "DATA":
                if receiving.get(fd) is not None:
                    message = receiving[fd]
                    assert message is not None
                    if entry.text == ".":
                        receiving[fd] = None
                        pending_id[fd] = message
                    else:
                        message.text = entry.text if not message.text else message.text + "\n" + entry.text
                        message.received = message.received or entry.time
                    continue
                words = entry.text.split()
                if len(words) >= 4 and words[0].upper() == "SET" and words[2].upper() == "LANGUAGE":
                    lang[fd] = words[3]
                elif len(words) >= 4 and words[0].upper() == "SET" and words[2].upper() == "PRIORITY":
                    priority[fd] = words[3]
                elif words and words[0].upper() == "SPEAK":
                    message = Message(fd, "", lang.get(fd), priority.get(fd), entry.time)
                    messages.append(message)
                    receiving[fd] = message
            else:
                code = entry.text[:3]
                if code == "225" and fd in pending_id:
                    message = pending_id.pop(fd)
                    message.id = int(entry.text.split("\n")[0][4:])
                    by_id[(fd, message.id)] = message
                    message.events[:0] = early.pop((fd, message.id), [])
                elif code in self.EVENTS:
                    lines = entry.text.split("\n")
                    try:
                        message_id = int(lines[0][4:])
                    except ValueError:
                        continue
                    target = by_id.get((fd, message_id))
                    if target is not None:
                        target.events.append((entry.time, self.EVENTS[code]))
                    else:  # the speaking thread logged it before the reply giving the id
                        early.setdefault((fd, message_id), []).append((entry.time, self.EVENTS[code]))
        return messages

    def commands(self, fd: int | None = None) -> list[Entry]:
        """What the clients sent (all of it, or one socket's), sentences' text included."""
        return [e for e in self.entries() if e.kind == "DATA" and (fd is None or e.fd == fd)]

    def client_fd(self, name: str) -> int | None:
        """The socket of the (last) client that called itself ``...:name:...``."""
        fd = None
        for entry in self.commands():
            if entry.text.upper().startswith("SET SELF CLIENT_NAME") and f":{name.lower()}:" in entry.text.lower():
                fd = entry.fd
        return fd


class SinkMonitor:
    """What the null sink plays, recorded from its monitor with ``parec`` (stopped by its process id).

    Each sample's time is the wall clock (``time.time()``) at which the sink played it: the recording's start is
    taken as the earliest of ``arrival - samples so far / RATE`` over the chunks read, which a late read on a loaded
    machine cannot make earlier.
    """

    RATE = 16000
    #: A sample louder than this (16-bit) is sound; espeak-ng's silence is exact zeros.
    THRESHOLD = 64

    def __init__(self, pulse: PulseAudio, root: Path) -> None:
        argv = [need("parec"), "--server", pulse.server, "-d", f"{PulseAudio.SINK}.monitor", "--raw",
                "--format=s16le", f"--rate={self.RATE}", "--channels=1", "--latency-msec=5"]
        self.process = subprocess.Popen(argv, env=private_env(root), stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                        stderr=subprocess.DEVNULL, start_new_session=True)
        self._pcm = bytearray()
        self._start: float | None = None
        self._lock = threading.Lock()
        self._thread = threading.Thread(target=self._read, name="sink-monitor", daemon=True)
        self._thread.start()
        wait_until(lambda: self._start is not None, what="the null sink's monitor to record")

    def _read(self) -> None:
        stdout = self.process.stdout
        assert stdout is not None
        while True:
            data = stdout.read1(4096)
            if not data:
                return
            arrival = time.time()
            with self._lock:
                self._pcm += data
                start = arrival - len(self._pcm) / 2 / self.RATE
                self._start = start if self._start is None else min(self._start, start)

    def audible(self) -> list[float]:
        """The wall-clock time of every audible sample played so far, in order (see `between`)."""
        with self._lock:
            pcm, start = bytes(self._pcm[: len(self._pcm) // 2 * 2]), self._start or 0.0
        samples = array.array("h", pcm)
        return [start + i / self.RATE for i, sample in enumerate(samples) if abs(sample) > self.THRESHOLD]

    @staticmethod
    def between(audible: list[float], begin: float, end: float) -> tuple[float, float] | None:
        """The first and the last of ``audible`` (from `audible`) between ``begin`` and ``end``, or None."""
        first, last = bisect.bisect_left(audible, begin), bisect.bisect_right(audible, end)
        return (audible[first], audible[last - 1]) if last > first else None

    def stop(self) -> None:
        try:
            os.killpg(self.process.pid, signal.SIGTERM)
        except (ProcessLookupError, PermissionError):
            pass
        try:
            self.process.wait(timeout=3)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=3)
        self._thread.join(timeout=3)
        if self.process.stdout is not None:
            self.process.stdout.close()


class PulseAudio:
    """A private PulseAudio server with one null sink (plays in real time, to nowhere)."""

    SINK = "companion_null"

    def __init__(self, root: Path) -> None:
        self.root = root
        self.socket = root / "pulse" / "native"
        self.socket.parent.mkdir(parents=True, exist_ok=True)
        env = private_env(root, PULSE_RUNTIME_PATH=str(root / "pulse" / "run"), PULSE_STATE_PATH=str(root / "pulse" / "state"))
        argv = [need("pulseaudio"), "-n", "--daemonize=no", "--exit-idle-time=-1", "--use-pid-file=no", "--realtime=no",
                "--high-priority=no", "--system=no", "--log-target=stderr",
                "-L", f"module-null-sink sink_name={self.SINK}",
                "-L", f"module-native-protocol-unix socket={self.socket} auth-anonymous=1"]
        self.daemon = Daemon(argv, env, root / "pulseaudio.log")
        # The socket file comes before the daemon listens on it (bind, then listen): wait for a connection.
        wait_until(lambda: accepts(self.socket) or not self.daemon.alive(), what="PulseAudio's socket")
        if not self.daemon.alive():
            raise AssertionError("PulseAudio did not start: " + (root / "pulseaudio.log").read_text(errors="replace"))

    @property
    def server(self) -> str:
        return f"unix:{self.socket}"

    def stop(self) -> None:
        self.daemon.stop()


class SpeechDispatcher:
    """``speech-dispatcher`` in ``root``, on its own socket, logging the protocol (see the module docstring)."""

    def __init__(self, root: Path, *, sink: str = "auto", sound_icons: Path | None = None, config: str = "",
                 modules: dict[str, str] | None = None) -> None:
        """``sound_icons``: the espeak-ng module's sound-icon folder (``EspeakSoundIconFolder``); ``config``: more
        lines of ``speechd.conf`` (a user's settings: ``DefaultRate 30``, ``AddModule``, ``LanguageDefaultModule``);
        ``modules``: more module configuration files, by name."""
        binary = need("speech-dispatcher")
        if not Path("/usr/lib/speech-dispatcher-modules/sd_espeak-ng").exists() and shutil.which("sd_espeak-ng") is None:
            pytest.skip("the espeak-ng output module is not installed (Debian package speech-dispatcher-espeak-ng)")
        self.root = root
        self.socket = root / "speechd.sock"
        self.logs = root / "logs"
        self.config = root / "config-dir"
        for folder in (self.logs, self.config / "modules"):
            folder.mkdir(parents=True, exist_ok=True)
        self.pulse: PulseAudio | None = None
        if sink == "pulse" or (sink == "auto" and shutil.which("pulseaudio")):
            self.pulse = PulseAudio(root)
        #: True when sentences play in real time (a null sink), so an interruption can be seen.
        self.real_time = self.pulse is not None
        audio = 'AudioOutputMethod "pulse"\n' if self.pulse else 'AudioOutputMethod "alsa"\nAudioALSADevice "null"\n'
        (self.config / "speechd.conf").write_text(
            "LogLevel 5\n"
            f'LogDir "{self.logs}"\n'
            f'CustomLogFile "protocol" "{self.logs / "protocol.log"}"\n'
            f"{audio}"
            'DefaultModule espeak-ng\n'
            'DefaultLanguage "en"\n'
            'AddModule "espeak-ng" "sd_espeak-ng" "espeak-ng.conf"\n'
            f"{config}"
        )
        module_conf = Path("/etc/speech-dispatcher/modules/espeak-ng.conf")
        if module_conf.exists():
            conf = module_conf.read_text(errors="replace")
            if sound_icons is not None:
                conf = re.sub(r"^\s*EspeakSoundIconFolder\b.*$", "", conf, flags=re.M)
                conf += f'\nEspeakSoundIconFolder "{sound_icons}/"\nEspeakSoundIconVolume 0\n'
            (self.config / "modules" / "espeak-ng.conf").write_text(conf)
        for name, text in (modules or {}).items():
            (self.config / "modules" / name).write_text(text)
        extra = {"PULSE_SERVER": self.pulse.server} if self.pulse else {}
        env = private_env(root, **extra)
        argv = [binary, "-s", "-t", "0", "-c", "unix_socket", "-S", str(self.socket), "-C", str(self.config),
                "-L", str(self.logs), "-P", str(root / "speechd.pid")]
        self.daemon = Daemon(argv, env, root / "speech-dispatcher.out")
        try:
            # the socket file comes before the daemon accepts on it: wait for a connection, not for the file
            wait_until(lambda: self._accepts() or not self.daemon.alive(), what="Speech Dispatcher's socket")
            if not self.daemon.alive():
                raise AssertionError("Speech Dispatcher did not start: "
                                     + (root / "speech-dispatcher.out").read_text(errors="replace"))
        except BaseException:
            self.stop()
            raise
        self.protocol = ProtocolLog(self.logs / "protocol.log")

    def _accepts(self) -> bool:
        return accepts(self.socket)

    @property
    def address(self) -> str:
        """For ``SPEECHD_ADDRESS`` or ``SSIPClient(address=...)``."""
        return f"unix_socket:{self.socket}"

    def listen(self) -> SinkMonitor:
        """Starts recording what the daemon plays (skips without the real-time null sink); stop it when done."""
        if self.pulse is None:
            pytest.skip("pulseaudio is not installed: no null sink to record the daemon's audio from")
        return SinkMonitor(self.pulse, self.root / "monitor")

    def module_languages(self) -> list[str]:
        """The ``language=`` of every message the server handed to its output module, in order."""
        log = self.logs / "speech-dispatcher.log"
        try:
            return re.findall(r"^language=(\S+)$", log.read_text(errors="replace"), re.M)
        except FileNotFoundError:
            return []

    def stop(self) -> None:
        self.daemon.stop()
        if self.pulse is not None:
            self.pulse.stop()


# ------------------------------------------------------------------ BRLTTY

def dots_to_unicode(dots: str) -> str:
    """The vr driver's ``1|12| |…`` as Unicode braille (dot n is bit n-1)."""
    cells = []
    for cell in dots.split("|"):
        value = 0
        for digit in cell.strip():
            value |= 1 << (int(digit) - 1)
        cells.append(chr(0x2800 + value))
    return "".join(cells)


class StandInDisplay:
    """The braille display at the other end of BRLTTY's ``vr`` socket.

    Sends ``cells COLUMNS``, keeps every ``Braille "…"`` line it is sent (as
    Unicode braille, with the time received) and sends keys with ``press``.
    """

    def __init__(self, path: Path, columns: int) -> None:
        self.columns = columns
        self.lines: list[tuple[float, str]] = []
        self._lock = threading.Lock()
        self.sock = self._connected(path)
        self.sock.sendall(f"cells {columns}\n".encode())
        self._thread = threading.Thread(target=self._read, name="stand-in-display", daemon=True)
        self._thread.start()

    @staticmethod
    def _connected(path: Path) -> socket.socket:
        """A connection to the vr socket: BRLTTY makes the socket's file (bind) a moment before it listens, so a
        refused connection is tried again until `STARTUP` runs out."""
        deadline = time.monotonic() + STARTUP
        while True:
            sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            sock.settimeout(STARTUP)
            try:
                sock.connect(str(path))
                return sock
            except ConnectionRefusedError:
                sock.close()
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.01)

    def _read(self) -> None:
        buffer = b""
        while True:
            try:
                data = self.sock.recv(4096)
            except OSError:
                return
            if not data:
                return
            buffer += data
            while b"\n" in buffer:
                line, buffer = buffer.split(b"\n", 1)
                text = line.decode("utf-8", errors="replace").rstrip("\r")
                match = re.match(r'^Braille "(.*)"$', text)
                if match:
                    with self._lock:
                        self.lines.append((time.monotonic(), dots_to_unicode(match.group(1))))

    @property
    def shown(self) -> str:
        """The cells on the display now (blank cells at the end removed)."""
        with self._lock:
            return self.lines[-1][1].rstrip("\u2800") if self.lines else ""

    def wait_for(self, cells: str, timeout: float = 5.0) -> None:
        wait_until(lambda: self.shown == cells.rstrip("\u2800"), timeout, f"the display to show {cells!r} (shows {self.shown!r})")

    def press(self, command: str) -> None:
        """A BRLTTY command from the display's keys, as the vr protocol names them (``FwinRt``, ``FwinLt``)."""
        self.sock.sendall(f"{command}\n".encode())

    def close(self) -> None:
        try:
            self.sock.close()
        except OSError:
            pass


class Brltty:
    """BRLTTY with the virtual driver, no screen driver, no speech, and BrlAPI on a private local socket."""

    def __init__(self, root: Path, columns: int = 20) -> None:
        binary = need("brltty")
        self.root = root
        root.mkdir(parents=True, exist_ok=True)
        self.vr_socket = root / "vr.sock"
        self.number = self._free_number()
        self.api_socket = BRLAPI_SOCKETS / str(self.number)
        argv = [binary, "-n", "-q", "-b", "vr", "-d", f"server:{self.vr_socket}", "-x", "no", "-s", "no",
                "-A", f"auth=none,host=:{self.number}", "-f", "/dev/null", "-F", str(root / "brltty.prefs"),
                "-W", str(root), "-U", str(root), "-P", str(root / "brltty.pid"), "-l", "info",
                "-L", str(root / "brltty.log"), "-Z"]
        self.daemon = Daemon(argv, private_env(root / "env"), root / "brltty.out")
        self.display: StandInDisplay | None = None
        try:
            wait_until(lambda: self.vr_socket.exists() or not self.daemon.alive(), what="BRLTTY's vr socket")
            if not self.daemon.alive():
                raise AssertionError("BRLTTY did not start: " + (root / "brltty.out").read_text(errors="replace"))
            self.display = StandInDisplay(self.vr_socket, columns)
            wait_until(lambda: self.api_socket.exists(), what="BrlAPI's socket")
            wait_until(lambda: self.display is not None and self.display.lines, what="BRLTTY's first cells")
        except BaseException:
            self.stop()
            raise

    @staticmethod
    def _free_number() -> int:
        if not os.access(BRLAPI_SOCKETS, os.W_OK):
            pytest.skip(f"BrlAPI's socket folder {BRLAPI_SOCKETS} is not writable here")
        for number in range(40 + os.getpid() % 40, 100):
            if not (BRLAPI_SOCKETS / str(number)).exists() and not (BRLAPI_SOCKETS / f".{number}").exists():
                return number
        pytest.skip("no free BrlAPI socket number")

    @property
    def host(self) -> str:
        """For ``BRLAPI_HOST``."""
        return f":{self.number}"

    def client_env(self) -> dict[str, str]:
        return {"BRLAPI_HOST": self.host, "BRLAPI_AUTH": "none"}

    def stop(self) -> None:
        # while the display is still connected: a BRLTTY waiting for a display ignores SIGTERM
        self.daemon.stop()
        if self.display is not None:
            self.display.close()
        for leftover in (self.api_socket, BRLAPI_SOCKETS / f".{self.number}"):
            try:
                leftover.unlink()
            except OSError:
                pass


@contextmanager
def running(factory: Callable[[], Any]) -> Iterator[Any]:
    daemon = factory()
    try:
        yield daemon
    finally:
        daemon.stop()


__all__ = ["SSIP_THREAD_EXIT", "Brltty", "Message", "ProtocolLog", "PulseAudio", "SpeechDispatcher", "StandInDisplay",
           "SinkMonitor", "dots_to_unicode", "need", "no_session_daemons", "private_env", "running", "wait_until"]


@pytest.fixture
def no_session_daemons(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Speech Dispatcher and BrlAPI clients reach no daemon of the user's session, and start none.

    ``SPEECHD_ADDRESS`` and ``BRLAPI_HOST`` point at private sockets nobody
    listens on; ``SPEECHD_CMD`` (the Speech Dispatcher client's autospawn
    command) is ``false``, so even an autospawn starts nothing.
    """
    monkeypatch.setenv("SPEECHD_ADDRESS", f"unix_socket:{tmp_path / 'no-speechd.sock'}")
    monkeypatch.setenv("SPEECHD_CMD", shutil.which("false") or "/bin/false")
    monkeypatch.setenv("BRLAPI_HOST", ":999")
    monkeypatch.setenv("BRLAPI_AUTH", "none")
