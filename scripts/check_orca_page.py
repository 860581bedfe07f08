"""The opt-in check with the real Orca on the table page (``make check-orca-page``): a French game hosted from Chromium.

The same private set-up as ``scripts/check_orca.py`` (its own X server, session bus with AT-SPI, Speech
Dispatcher with its protocol log, Orca with a French voice; every process stopped by its id, the user's own
Orca never touched), but the game runs as ``companion play love-letter --lang fr --page`` and its page opens
in a real Chromium (not headless, accessibility on) on that X server. Commands are typed in the page's
command field, reached with Tab from the top of the page (its first control), with xdotool.

What is checked, from Speech Dispatcher's protocol log: each sentence the table said for the typed lines
(its ``--json`` lines) is spoken by Orca exactly once, in order, and Orca's speech is in French.

Prints a report and exits 0 when every check passes, 1 otherwise, 2 when the check could not run.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scripts.check_orca import _free_display, _plain, _settle, _xdotool, refusal, running_orcas  # noqa: E402
from tests.daemons import Daemon, SpeechDispatcher, private_env, wait_until  # noqa: E402

PROGRAMS = ("Xvfb", "dbus-daemon", "orca", "xdotool", "speech-dispatcher")
COMMANDS = ["état", "joue garde ben roi", "rate", "suivnat", "oui"]
#: How Orca names the command field when it takes the focus; Tab presses allowed to reach it.
FIELD, TABS = "Commande, en français ou en anglais", 8
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


def _orca(root: Path, base: dict[str, str], speechd: SpeechDispatcher) -> Daemon:
    """Orca with French messages and a French voice, connected to the private Speech Dispatcher."""
    prefs = root / "orca-prefs"
    prefs.mkdir()
    french = {"established": False, "family": {"name": "", "lang": "fr", "dialect": "", "variant": None}}
    (prefs / "user-settings.conf").write_text(json.dumps({
        "general": {}, "pronunciations": {}, "keybindings": {},
        "profiles": {"default": {"profile": ["Default", "default"],
                                 "voices": {"default": french, "system": french}}}}))
    orca = Daemon(["orca", "-u", str(prefs), "--debug-file", str(root / "orca-debug.out")],
                  dict(base, LANG="fr_FR.UTF-8", LANGUAGE="fr"), root / "orca.log")
    wait_until(lambda: speechd.protocol.client_fd("orca") is not None, 30, "Orca to connect to Speech Dispatcher")
    return orca


def _to_command_field(env: dict[str, str], speechd: SpeechDispatcher) -> None:
    """Tab until Orca says the command field (the page's first control; the browser's own toolbar may come first):
    Orca enters focus mode there by itself."""
    for _ in range(TABS):
        start = len(speechd.protocol.messages())
        _xdotool(env, "key", "Tab")
        _settle(speechd)
        if any(FIELD in _plain(m.text) for m in speechd.protocol.messages()[start:]):
            return
    raise AssertionError("Tab never reached the command field")


def _keys(text: str) -> list[str]:
    """``text`` as X key names, pressed one by one (``xdotool type`` loses keys under Xvfb now and then)."""
    names = {" ": "space", "é": "eacute", "è": "egrave", "ê": "ecircumflex"}
    return [names.get(char, char) for char in text]


def _records(path: Path) -> list[dict[str, object]]:
    lines = path.read_text(encoding="utf-8").splitlines() if path.exists() else []
    return [json.loads(line) for line in lines if line.strip()]


def _check(heard: list[str], expected: list[str]) -> list[str]:
    """Each expected sentence heard exactly once, in order."""
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


def _desktop(root: Path, speechd: SpeechDispatcher, daemons: list[Daemon]) -> dict[str, str]:
    """A private X server, session bus and Orca (added to ``daemons``); the environment of the programs on them."""
    number = _free_display()
    display, bus = f":{number}", root / "bus"
    base = private_env(root / "session", DISPLAY=display, DBUS_SESSION_BUS_ADDRESS=f"unix:path={bus}",
                       SPEECHD_ADDRESS=speechd.address, GSETTINGS_BACKEND="memory", LANG="C.UTF-8",
                       COMPANION_DATA_DIR=str(root / "data"), COMPANION_CONFIG_DIR=str(root / "config"),
                       BRLAPI_HOST=":999", SPEECHD_CMD="/bin/false", COMPANION_NO_BROWSER="1")
    daemons.append(Daemon(["Xvfb", display, "-screen", "0", "1280x900x24", "-nolisten", "tcp", "-noreset"], base,
                          root / "xvfb.log"))
    wait_until(lambda: Path(f"/tmp/.X11-unix/X{number}").exists(), 15, "Xvfb")
    daemons.append(Daemon(["dbus-daemon", "--session", "--nofork", f"--address=unix:path={bus}"], base,
                          root / "dbus.log"))
    wait_until(bus.exists, 15, "the private session bus")
    daemons.append(_orca(root, base, speechd))
    _settle(speechd, 15)
    return base


def _report(root: Path, speechd: SpeechDispatcher, expected: list[str]) -> int:
    """The verdict from Speech Dispatcher's log: 0 when Orca said each expected sentence once, in order, in French."""
    messages = speechd.protocol.messages()
    orca_fd = speechd.protocol.client_fd("orca")
    heard = [_plain(m.text) for m in messages if m.fd == orca_fd]
    languages = sorted({m.lang or "(not set)" for m in messages if m.fd == orca_fd})
    print(f"check-orca-page: {len(heard)} utterances from Orca; its speech language: {', '.join(languages)}")
    failures = _check(heard, expected)
    if len(expected) < len(COMMANDS):
        failures.append(f"the table answered {len(expected)} sentences to {len(COMMANDS)} lines typed on the page")
    if any(not language.startswith("fr") for language in languages):
        failures.append(f"Orca did not speak the French game in French (language: {', '.join(languages)})")
    (root / "heard.txt").write_text("\n".join(heard) + "\n")
    for failure in failures:
        print(f"check-orca-page: FAILED: {failure}")
    print(f"check-orca-page: {'every check passed' if not failures else f'{len(failures)} problem(s)'}; "
          f"what was heard: {root / 'heard.txt'}")
    return 0 if not failures else 1


def main() -> int:
    missing = [p for p in PROGRAMS if shutil.which(p) is None] + ([] if CHROMIUM else ["chromium"])
    if missing:
        print(f"check-orca-page: not installed: {', '.join(missing)}")
        return 2
    refused = refusal(running_orcas())
    if refused is not None:
        print(refused)
        return 2
    root = Path(tempfile.mkdtemp(prefix="companion-orca-page-"))
    daemons: list[Daemon] = []
    speechd: SpeechDispatcher | None = None
    game: subprocess.Popen[str] | None = None
    try:
        speechd = SpeechDispatcher(root / "speechd")
        base = _desktop(root, speechd, daemons)
        out = root / "game.jsonl"
        game = subprocess.Popen([sys.executable, "-m", "companion", "play", "love-letter", "--lang", "fr", "--names",
                                 "Ana", "Ben", "Cleo", "--page", "--json", "--speech", "none", "--braille", "none"],
                                stdin=subprocess.PIPE, stdout=out.open("w"), stderr=(root / "game.err").open("w"),
                                env=base, cwd=ROOT, text=True, start_new_session=True)
        url = wait_until(lambda: next((str(r["url"]) for r in _records(out) if r["event"] == "page_link"), None),
                         30, "the page's link")
        daemons.append(Daemon([CHROMIUM or "", "--no-sandbox", "--no-first-run", "--disable-gpu",
                               "--force-renderer-accessibility", f"--user-data-dir={root / 'chromium'}",
                               "--window-size=1200,850", "--lang=fr", url], base, root / "chromium.log"))
        wait_until(lambda: any("la table" in _plain(m.text) for m in speechd.protocol.messages()), 60,
                   "Orca to read the page's first heading")
        # No window manager here: the X focus goes to the browser's window by hand, as a desktop would give it.
        window = wait_until(lambda: _xdotool(base, "search", "--name", "la table").split(), 30, "the page's window")[0]
        _xdotool(base, "windowfocus", "--sync", window)
        _settle(speechd)
        opened = len(_records(out))
        _to_command_field(base, speechd)
        for command in COMMANDS:
            _xdotool(base, "key", "--delay", "60", *_keys(command))
            _xdotool(base, "key", "Return")
            _settle(speechd)
        return _report(root, speechd, [str(r["text"]) for r in _records(out)[opened:]])
    except AssertionError as error:
        print(f"check-orca-page: could not run: {error} (logs in {root})")
        return 2
    finally:
        if game is not None:
            if game.stdin is not None:
                try:
                    game.stdin.write("quit\n")
                    game.stdin.close()
                except OSError:  # the game already ended
                    pass
            try:
                game.wait(timeout=10)
            except subprocess.TimeoutExpired:
                game.kill()
        for daemon in reversed(daemons):
            daemon.stop()
        if speechd is not None:
            speechd.stop()


if __name__ == "__main__":
    raise SystemExit(main())
