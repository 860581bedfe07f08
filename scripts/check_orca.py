"""The opt-in check with the real Orca (``make check-orca``): a French game in a terminal under Orca.

Everything runs in a private folder and nothing touches the user's session: a
private X server (Xvfb, its own display number), a private session bus
(dbus-daemon, its own socket; AT-SPI is started on it by D-Bus activation), a
private Speech Dispatcher with its protocol log (tests/daemons.py), Orca 43,
and xfce4-terminal running ``companion play gauntlet --lang fr`` with the
default ``--speech auto``. Commands are typed with xdotool. Every process has a
timeout and is stopped by its process id. The user's own Orca is never touched:
the check refuses to run while one is running for this user (Orca's ``--replace``
would stop every Orca of the user, whichever session it reads), and its own
Orca is started without ``--replace``.

What is checked, from Speech Dispatcher's protocol log:

- each sentence of the game (the lines the same commands print in a piped game)
  is spoken exactly once, whoever speaks it (Orca or the companion), and in order;
- the companion's own voice says nothing while Orca reads the terminal (no doubles);
- the language Orca's speech was set to (reported; French is expected for a French game).

Prints a report and exits 0 when every check passes, 1 otherwise, 2 when the
check could not run (a missing program, a component that did not start).
"""

from __future__ import annotations

import html
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.daemons import Daemon, SpeechDispatcher, private_env, wait_until  # noqa: E402

PROGRAMS = ("Xvfb", "dbus-daemon", "orca", "xfce4-terminal", "xdotool", "speech-dispatcher")
COMMANDS = ["état", "joue proxima", "suivant", "bogus"]
SETTLE = 2.0  # seconds without new speech: Orca has said all it had to say


def running_orcas(uid: int | None = None, proc: Path = Path("/proc")) -> list[int]:
    """The process ids of the Orcas running for user ``uid`` (this user by default), read from ``proc``."""
    uid = os.getuid() if uid is None else uid
    found = []
    for entry in proc.iterdir() if proc.is_dir() else ():
        if not entry.name.isdigit():
            continue
        try:
            if entry.stat().st_uid != uid:
                continue
            argv = (entry / "cmdline").read_bytes().split(b"\0")
            comm = (entry / "comm").read_text().strip()
        except OSError:  # a process that ended meanwhile, or one not ours to read
            continue
        # Orca is a Python script: "orca" is its name, or the script its interpreter runs.
        if comm == "orca" or any(Path(os.fsdecode(arg)).name == "orca" for arg in argv[:2] if arg):
            found.append(int(entry.name))
    return sorted(found)


def refusal(pids: list[int]) -> str | None:
    """The one sentence (French / English) refusing to run while the user's own Orca runs; ``None`` if none runs."""
    if not pids:
        return None
    listed = ", ".join(str(pid) for pid in pids)
    return (f"check-orca : Orca tourne déjà pour cet utilisateur (processus {listed}), la vérification ne la touchera "
            f"pas : quittez-la d'abord / Orca is already running for this user (process {listed}), the check will not "
            f"touch it: quit it first.")


def _free_display() -> int:
    for number in range(90, 200):
        if not Path(f"/tmp/.X11-unix/X{number}").exists() and not Path(f"/tmp/.X{number}-lock").exists():
            return number
    raise SystemExit("check-orca: no free X display number")


def _settle(speechd: SpeechDispatcher, timeout: float = 20.0) -> None:
    """Waits until Speech Dispatcher got nothing new for SETTLE seconds."""
    deadline = time.monotonic() + timeout
    count, since = -1, time.monotonic()
    while time.monotonic() < deadline:
        now = len(speechd.protocol.messages())
        if now != count:
            count, since = now, time.monotonic()
        elif time.monotonic() - since > SETTLE:
            return
        time.sleep(0.1)


def _expected(env: dict[str, str]) -> list[str]:
    """The game's sentences for COMMANDS, from a piped game (no speech, no braille)."""
    result = subprocess.run([sys.executable, "-m", "companion", "play", "gauntlet", "--lang", "fr", "--speech", "none",
                             "--braille", "none"], input="\n".join(COMMANDS) + "\n", capture_output=True, text=True,
                            env=env, timeout=60, cwd=ROOT)
    return [line for line in result.stdout.splitlines() if line.strip()]


def _plain(ssml: str) -> str:
    """Orca's SSML (``<speak><mark name=…/>Tour …``) as the words spoken."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", "", ssml)).split())


def desktop(root: Path, speechd: SpeechDispatcher, daemons: list[Daemon], **extra: str) -> dict[str, str]:
    """A private X server, session bus and French Orca (added to ``daemons``, Orca connected to ``speechd``); the
    environment of the programs that run on them (``extra`` added to it)."""
    number = _free_display()
    display, bus = f":{number}", root / "bus"
    base = private_env(root / "session", DISPLAY=display, DBUS_SESSION_BUS_ADDRESS=f"unix:path={bus}",
                       SPEECHD_ADDRESS=speechd.address, GSETTINGS_BACKEND="memory", LANG="C.UTF-8",
                       COMPANION_DATA_DIR=str(root / "data"), COMPANION_CONFIG_DIR=str(root / "config"),
                       BRLAPI_HOST=":999", SPEECHD_CMD="/bin/false", **extra)
    daemons.append(Daemon(["Xvfb", display, "-screen", "0", "1280x800x24", "-nolisten", "tcp", "-noreset"], base,
                          root / "xvfb.log"))
    wait_until(lambda: Path(f"/tmp/.X11-unix/X{number}").exists(), 15, "Xvfb")
    daemons.append(Daemon(["dbus-daemon", "--session", "--nofork", f"--address=unix:path={bus}"], base,
                          root / "dbus.log"))
    wait_until(bus.exists, 15, "the private session bus")
    # a French user's Orca: French messages, and a French voice in its preferences (set by the locale
    # in a French session; this machine may have no French locale, so it is written down)
    prefs = root / "orca-prefs"
    prefs.mkdir()
    french = {"established": False, "family": {"name": "", "lang": "fr", "dialect": "", "variant": None}}
    (prefs / "user-settings.conf").write_text(json.dumps({
        "general": {}, "pronunciations": {}, "keybindings": {},
        "profiles": {"default": {"profile": ["Default", "default"],
                                 "voices": {"default": french, "system": french}}}}))
    orca_env = dict(base, LANG="fr_FR.UTF-8", LANGUAGE="fr")
    daemons.append(Daemon(["orca", "-u", str(prefs), "--debug-file", str(root / "orca-debug.out")],
                          orca_env, root / "orca.log"))
    wait_until(lambda: speechd.protocol.client_fd("orca") is not None, 30, "Orca to connect to Speech Dispatcher")
    _settle(speechd, 15)
    return base


def preflight(name: str, programs: tuple[str, ...]) -> bool:
    """Whether the check can run: every program installed and no Orca of this user running (else it says why)."""
    missing = [p for p in programs if shutil.which(p) is None]
    if missing:
        print(f"{name}: not installed: {', '.join(missing)} (make {name} installs them)")
        return False
    refused = refusal(running_orcas())
    if refused is not None:
        print(refused)
        return False
    return True


def once_in_order(heard: list[str], expected: list[str]) -> list[str]:
    """What is wrong with ``heard``: each expected sentence must be in it exactly once, in order."""
    failures, position = [], 0
    for sentence in expected:
        hits = [i for i, text in enumerate(heard) if sentence in text]
        if len(hits) != 1:
            failures.append(f"heard {len(hits)} times: {sentence}")
            continue
        if hits[0] < position:
            failures.append(f"out of order: {sentence}")
        position = max(position, hits[0])
    return failures


def verdict(name: str, failures: list[str], root: Path) -> int:
    """Each failure said, then the outcome and where ``heard.txt`` is: 0 when nothing failed, else 1."""
    for failure in failures:
        print(f"{name}: FAILED: {failure}")
    print(f"{name}: {'every check passed' if not failures else f'{len(failures)} problem(s)'}; "
          f"what was heard: {root / 'heard.txt'}")
    return 0 if not failures else 1


def stop(daemons: list[Daemon], speechd: SpeechDispatcher | None) -> None:
    """Every process the check started, by its id, the last started first."""
    for daemon in reversed(daemons):
        daemon.stop()
    if speechd is not None:
        speechd.stop()


def _xdotool(env: dict[str, str], *args: str) -> str:
    return subprocess.run(["xdotool", *args], env=env, capture_output=True, text=True, timeout=20).stdout


def main() -> int:
    if not preflight("check-orca", PROGRAMS):
        return 2
    root = Path(tempfile.mkdtemp(prefix="companion-orca-"))
    daemons: list[Daemon] = []
    speechd: SpeechDispatcher | None = None
    try:
        speechd = SpeechDispatcher(root / "speechd")
        base = desktop(root, speechd, daemons)
        # the terminal waits for Return, as a shell does for the command the player types
        companion = f"cd {ROOT} && read go && exec {sys.executable} -m companion play gauntlet --lang fr"
        daemons.append(Daemon(["xfce4-terminal", "--disable-server", "--title", "companion-check", "-x", "sh", "-c",
                               companion], base, root / "terminal.log"))
        window = wait_until(lambda: _xdotool(base, "search", "--name", "companion-check").split(), 30,
                            "the terminal window")[0]
        _xdotool(base, "windowfocus", "--sync", window)
        _settle(speechd)
        started = len(speechd.protocol.messages())
        _xdotool(base, "key", "Return")
        wait_until(lambda: len(speechd.protocol.messages()) > started, 30, "the game's first speech")
        _settle(speechd)
        for command in COMMANDS:
            _xdotool(base, "type", "--delay", "60", command)
            _xdotool(base, "key", "Return")
            _settle(speechd)
        expected = _expected({k: v for k, v in base.items() if k != "DISPLAY"})
        messages = speechd.protocol.messages()
        orca_fd = speechd.protocol.client_fd("orca")
        companion_fd = speechd.protocol.client_fd("companion")
        heard = [_plain(m.text) for m in messages]
        languages = sorted({m.lang or "(not set)" for m in messages if m.fd == orca_fd})
        print(f"check-orca: Orca {subprocess.run(['orca', '--version'], capture_output=True, text=True).stdout.strip()}, "
              f"{len(messages)} utterances reached Speech Dispatcher ({sum(m.fd == orca_fd for m in messages)} from Orca, "
              f"{sum(m.fd == companion_fd for m in messages) if companion_fd is not None else 0} from the companion)")
        print(f"check-orca: Orca's speech language: {', '.join(languages)}")
        failures = once_in_order(heard, [sentence for sentence in expected
                                         if not sentence.startswith(("Parole", "Braille", "Pas de braille"))])
        if companion_fd is not None and any(m.fd == companion_fd for m in messages):
            failures.append("the companion's own voice spoke while Orca reads the terminal")
        if any(not language.startswith("fr") for language in languages):
            failures.append(f"Orca did not speak the French game in French (language: {', '.join(languages)})")
        (root / "heard.txt").write_text("\n".join(f"[{m.lang}] {text}" for m, text in zip(messages, heard, strict=True)) + "\n")
        return verdict("check-orca", failures, root)
    except AssertionError as error:
        print(f"check-orca: could not run: {error} (logs in {root})")
        return 2
    finally:
        stop(daemons, speechd)


if __name__ == "__main__":
    raise SystemExit(main())
