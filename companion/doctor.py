"""``companion doctor``: what speech, braille, the private pages and the data folder look like here.

One sentence per part, in the user's language, and for whatever is missing the
Debian packages to install: a player who cannot hear the companion must be told
why in words a screen reader or a sighted helper can act on.

Exit status (`run`): 0 when everything the companion needs to play is here, 1
when something is missing. Needed to play: a voice (a screen reader that runs,
Speech Dispatcher running, or the built-in voice, espeak-ng with an audio
player), liblouis with the French and English tables, and a data folder that can
be written (saves, records). A braille display (BRLTTY) and the private pages are
said but never required: many tables play without them.
"""

from __future__ import annotations

import errno
import importlib.util
import os
import platform
import shutil
import tempfile
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from companion import cards
from companion.braille.translate import DISPLAY_TABLES, TABLES
from companion.doctor_help import DOMAIN
from companion.i18n import Translator
from companion.platform import speechd
from companion.speech.screenreader import LINUX_READERS, linux_readers
from companion.speech.tts import PLAYERS

#: Every liblouis table the companion uses: French and English, grades 1 and 2, and the two display tables.
BRAILLE_TABLES: tuple[str, ...] = (*TABLES.values(), *DISPLAY_TABLES.values())
#: The audio players of the built-in voice by the name users know them by (sox's player is ``play``).
PLAYER_PACKAGES = {"play": "sox"}
#: Seconds BRLTTY has to answer.
BRLAPI_TIMEOUT = 2.0
#: Where Debian puts daemons such as ``brltty``: not on an ordinary user's PATH, searched all the same.
SYSTEM_BIN: tuple[str, ...] = ("/usr/sbin", "/sbin")


@dataclass(frozen=True)
class Finding:
    """One sentence; ``missing`` when it names something the companion needs to play."""

    sentence: str
    missing: bool = False


def run(lang: str) -> tuple[list[str], int]:
    """Every sentence, the verdict last, and the exit status."""
    t = Translator(lang, DOMAIN)
    findings = [*speech_findings(t), *braille_findings(t), pages_finding(t), data_finding(t)]
    status = 1 if any(f.missing for f in findings) else 0
    verdict = t("Something the companion needs to play is missing: see above.") if status else t(
        "Everything the companion needs to play is here.")
    return [f.sentence for f in findings] + [verdict], status


# --------------------------------------------------------------------------- speech


def screen_readers() -> list[str]:
    """The names of the Linux screen readers running now (Orca, Fenrir…)."""
    return list(dict.fromkeys(LINUX_READERS[name][0] for name in linux_readers()))


def speech_findings(t: Translator) -> list[Finding]:
    """The screen reader, Speech Dispatcher and the built-in voice; missing only when none of them can speak."""
    readers = screen_readers() if platform.system() == "Linux" else []
    if platform.system() != "Linux":
        reader = Finding(t("Screen reader: NVDA, JAWS and VoiceOver are reached through accessible_output2.")
                         if importlib.util.find_spec("accessible_output2") else
                         t("Screen reader: accessible_output2 is missing: install the companion again."))
    elif readers:
        # Translators: {reader} a screen reader's name.
        reader = Finding(t("Screen reader: {reader} is running.", reader=", ".join(readers)))
    else:
        reader = Finding(t("Screen reader: none is running."))
    if platform.system() != "Linux":  # no Speech Dispatcher nor espeak-ng to install there (docs/install.en.md)
        # Translators: doctor on Windows and macOS. Keep pyttsx3.
        return [reader, Finding(t("Built-in voice: the system's own voices, through pyttsx3."))]
    client = importlib.util.find_spec("speechd") is not None
    address = os.environ.get("SPEECHD_ADDRESS") or None
    listening = speechd.answers(address)  # its protocol, not only a socket that accepts: a hung one is no voice
    hung = not listening and speechd.listening(address)
    if listening and client:
        dispatcher = Finding(t("Speech Dispatcher is running: the companion can speak through it."))
    elif listening:
        dispatcher = Finding(t("Speech Dispatcher is running, but its Python client is missing: "
                               "sudo apt install python3-speechd."))
    elif hung:
        dispatcher = Finding(t("Speech Dispatcher does not answer on its socket: stop it, it starts again when "
                               "needed."))
    elif client and shutil.which("speech-dispatcher"):
        dispatcher = Finding(t("Speech Dispatcher is installed but not running: it starts with --speech speechd."))
    else:
        dispatcher = Finding(t("Speech Dispatcher is missing: sudo apt install speech-dispatcher "
                               "speech-dispatcher-espeak-ng python3-speechd."))
    players = [PLAYER_PACKAGES.get(p[0], p[0]) for p in PLAYERS if shutil.which(p[0])]
    espeak = shutil.which("espeak-ng") is not None
    if espeak and players:
        # Translators: {player} a player's name.
        voice = Finding(t("Built-in voice: espeak-ng is ready, with the audio player {player}.", player=players[0]))
    else:
        packages = " ".join(([] if espeak else ["espeak-ng"]) + ([] if players else ["sox"]))
        # Translators: {packages} package names.
        voice = Finding(t("Built-in voice: missing, sudo apt install {packages}.", packages=packages))
    speaks = bool(readers) or (listening and client) or (espeak and bool(players)) or platform.system() != "Linux"
    if not speaks:
        voice = Finding(voice.sentence, missing=True)
    return [reader, dispatcher, voice]


# --------------------------------------------------------------------------- braille


def missing_tables(tables: tuple[str, ...]) -> list[str] | None:
    """Those of ``tables`` liblouis cannot compile, or ``None`` when liblouis itself is missing."""
    try:
        import louis
    except ImportError:
        return None
    louis.setLogLevel(louis.LOG_OFF)  # said below, in the user's language
    missing = []
    for table in tables:
        try:
            louis.checkTable([table])
        except RuntimeError:
            missing.append(table)
    return missing


def liblouis_version() -> str:
    import louis

    return str(louis.version())


def brltty_cells(timeout: float = BRLAPI_TIMEOUT) -> int | None:
    """The width of the display BRLTTY answers with (0: no display), ``None`` when BRLTTY does not answer.

    The connection is opened and closed at once, on a thread, so a BRLTTY that hangs costs ``timeout``;
    it never takes the display (no ``enterTtyMode``). ``BRLAPI_HOST`` and ``BRLAPI_AUTH`` are honoured.
    """
    import brlapi

    answer: list[int] = []

    def connect() -> None:
        try:
            connection = brlapi.Connection()
        except Exception:  # BrlAPI raises its own ConnectionError and OSErrors
            return
        try:
            answer.append(int(connection.displaySize[0]))
        finally:
            connection.closeConnection()

    worker = threading.Thread(target=connect, name="doctor-brlapi", daemon=True)
    worker.start()
    worker.join(timeout)
    return answer[0] if answer else None


def brltty_installed() -> bool:
    """Whether the ``brltty`` daemon is installed: on PATH or in the system folders (``/usr/sbin`` on Debian)."""
    path = os.pathsep.join([os.environ.get("PATH", os.defpath), *SYSTEM_BIN])
    return shutil.which("brltty", path=path) is not None


def braille_findings(t: Translator, cells: Callable[[], int | None] | None = None) -> list[Finding]:
    """liblouis and its tables (needed), then BRLTTY (said only)."""
    missing = missing_tables(BRAILLE_TABLES)
    if missing is None and platform.system() != "Linux":  # liblouis has no Python wheel: the screen reader brailles
        # Translators: doctor on Windows and macOS, where liblouis is usually missing.
        return [Finding(t("Braille: no liblouis here, so no braille documents; the screen reader brailles the game."))]
    if missing is None:
        found = [Finding(t("Braille: liblouis is missing: sudo apt install liblouis20 liblouis-data python3-louis."),
                         missing=True)]
    elif missing:
        # Translators: {tables} file names.
        found = [Finding(t("Braille: the tables {tables} are missing: sudo apt install liblouis-data.",
                           tables=", ".join(missing)), missing=True)]
    else:
        # Translators: {version} a version number.
        found = [Finding(t("Braille: liblouis {version} and its French and English tables are installed.",
                           version=liblouis_version()))]
    if importlib.util.find_spec("brlapi") is None:
        found.append(Finding(t("Braille display: BrlAPI is missing: sudo apt install brltty python3-brlapi.")))
        return found
    width = (cells or brltty_cells)()
    if width is None and not brltty_installed():  # "start it" would send the player after a program not there
        found.append(Finding(t("Braille display: BRLTTY is missing: sudo apt install brltty.")))
    elif width is None:
        found.append(Finding(t("Braille display: BRLTTY does not answer; start it if a display is plugged in.")))
    elif width == 0:
        found.append(Finding(t("Braille display: BRLTTY answers, but no display is connected.")))
    else:
        # Translators: {cells} a number of cells.
        found.append(Finding(t("Braille display: BRLTTY answers, a display of {cells} cells.", cells=width)))
    return found


# --------------------------------------------------------------------------- pages and data


def pages_finding(t: Translator) -> Finding:
    """The private pages need no browser here: each player's own device opens the address said at the start."""
    if all(importlib.util.find_spec(name) for name in ("starlette", "uvicorn")):
        return Finding(t("Private pages (--serve): no browser needed here. Each player opens the address said "
                         "on their own device."))
    return Finding(t("Private pages (--serve): starlette or uvicorn is missing: install the companion again."))


#: What the data folder check writes: a save's few lines, and more than an empty file (which a full disk takes).
PROBE_BYTES = 64 * 1024


def writable(folder: Path) -> OSError | None:
    """``None`` when a file can be written in ``folder``, else the system's error.

    A real file is written, flushed to the disk and removed (``os.access`` says yes to root on a read-only
    mount, and a full disk still makes an empty file). A folder not made yet is judged by the nearest one that
    exists, where the companion would make it.
    """
    existing = folder
    while not existing.exists() and existing.parent != existing:
        existing = existing.parent
    try:
        if not existing.is_dir():
            raise NotADirectoryError(errno.ENOTDIR, os.strerror(errno.ENOTDIR), str(existing))
        with tempfile.TemporaryFile(dir=existing) as probe:
            probe.write(b"\0" * PROBE_BYTES)
            probe.flush()
            os.fsync(probe.fileno())
    except OSError as error:
        return error
    return None


def data_finding(t: Translator) -> Finding:
    from companion.os_errors import reason

    folder = cards.data_dir()
    error = writable(folder)
    if error is None:
        # Translators: {path} a file or folder name.
        return Finding(t("Data folder: {path}, writable; saves and records are kept there.", path=folder))
    why = reason(error, Translator(t.lang, "core"))  # the user's words, never the system's English
    # Translators: {path} a file or folder name; {reason} why, a short phrase from the system.
    return Finding(t("Data folder: {path} cannot be written ({reason}); set COMPANION_DATA_DIR to another folder.",
                     path=folder, reason=why), missing=True)
