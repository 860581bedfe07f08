"""The companion on a "foreign platform": no fcntl, pidfd, killpg, /proc, liblouis, Speech Dispatcher nor BrlAPI.

Through the terminal's piped mode and through the table page (``--page``, its HTTP form and event stream), each
test runs the real ``companion`` command twice in the same isolated environment
(tests/test_outputs_e2e.py), once as it is and once through the ``foreign_env`` fixture
(tests/foreign.py), and compares: the same sentences, the same save file; what is
missing is said once, in a sentence, never as a traceback.
"""

from __future__ import annotations

import json
import queue
import subprocess
import sys
import threading
import urllib.parse
import urllib.request
from pathlib import Path

from tests.test_love_letter_cli import FOUR_PLAYERS
from tests.test_outputs_e2e import BRAILLE, SCRIPT, isolated_env

COMPANION = [sys.executable, "-m", "companion"]
NAMES = ["--names", "Ana", "Bo", "Cy", "Di"]


def run(args: list[str], stdin: str, env: dict[str, str]) -> list[str]:
    result = subprocess.run(COMPANION + args, input=stdin, capture_output=True, text=True, env=env, timeout=120)
    assert result.returncode == 0 and result.stderr == "", result.stderr
    return result.stdout.splitlines()


def save_without_date(path: Path) -> list[dict[str, object]]:
    lines = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    lines[0].pop("created")
    lines[0].pop("id")  # each game's own (the records count it once)
    return lines


def test_a_whole_game_on_a_foreign_platform_says_and_saves_the_same(tmp_path, foreign_env):
    """A whole Love Letter game, piped, speech and braille on ``auto``: the lock, /proc and the voice's processes."""
    args = ["play", "love-letter", "--lang", "en", "--players", "4", *NAMES, "--speech", "auto", "--braille", "auto"]
    script = "\n".join(FOUR_PLAYERS) + "\n"
    plain = run(args[:-4] + ["--speech", "none", "--braille", "none"], script, isolated_env(tmp_path / "plain"))
    normal = run(args, script, isolated_env(tmp_path / "normal"))
    foreign = run(args, script, foreign_env(isolated_env(tmp_path / "foreign")))
    assert "4 favour tokens: Cy wins the game." in plain
    # a notice only when no voice works here (the same on both), or, on Linux, when BRLTTY runs (never seen without /proc)
    assert [line for line in foreign if line not in plain] == [line for line in normal if line not in plain
                                                                and not line.startswith("No braille")]
    assert [line for line in foreign if line in plain] == plain
    (saved,), (kept,) = [sorted((tmp_path / side / "data" / "saves").glob("*.jsonl")) for side in ("normal", "foreign")]
    assert save_without_date(kept) == save_without_date(saved)  # the automatic save file, named the same way
    assert kept.name.startswith("love-letter_")
    listed = run(["saves", "--lang", "en"], "", foreign_env(isolated_env(tmp_path / "foreign")))  # reads, probes the lock
    assert listed[0] == f"1 saved game, newest first, in {kept.parent}:" and listed[1].endswith(kept.name)
    assert {"fcntl", "/proc"} <= foreign_env.seen()  # the save file's lock, the process list


def test_speech_dispatcher_and_liblouis_asked_for_by_name_are_said_missing_once(tmp_path, foreign_env):
    args = ["play", "gauntlet", "--lang", "fr", "--speech", "speechd", "--braille", "terminal", "--save"]
    normal = run(args + [str(tmp_path / "normal.jsonl")], SCRIPT, isolated_env(tmp_path / "normal"))
    foreign = run(args + [str(tmp_path / "foreign.jsonl")], SCRIPT, foreign_env(isolated_env(tmp_path / "foreign")))
    said = [line for line in normal if not any(ord(ch) in BRAILLE for ch in line) and not line.startswith("Parole")]
    notices = [line for line in foreign if line not in said]
    assert notices == [
        "Parole : texte seul, Speech Dispatcher indisponible : le client de Speech Dispatcher n'est pas installé "
        "(paquet Debian python3-speechd).",
        "Pas de braille : Le braille a besoin de liblouis et de son module Python : installez les paquets Debian "
        "liblouis20 liblouis-data python3-louis."]
    assert foreign.index(notices[0]) == 3  # after the set-up, the first turn and the first draw
    assert [line for line in foreign if line not in notices] == said
    assert save_without_date(tmp_path / "foreign.jsonl") == save_without_date(tmp_path / "normal.jsonl")
    assert {"louis", "speechd"} <= foreign_env.seen()


def test_braille_documents_refuse_in_a_sentence_and_the_doctor_says_what_is_missing(tmp_path, foreign_env):
    env = foreign_env(isolated_env(tmp_path))
    sheet = subprocess.run(COMPANION + ["aid-sheet", "gauntlet", "--lang", "en", "-o", str(tmp_path / "aid.brf")],
                           capture_output=True, text=True, env=env, timeout=60)
    assert sheet.returncode == 1 and not (tmp_path / "aid.brf").exists()
    assert sheet.stderr.strip() == ("Braille needs liblouis and its Python module: install the Debian packages "
                                    "liblouis20 liblouis-data python3-louis.")
    doctor = subprocess.run(COMPANION + ["doctor", "--lang", "en"], capture_output=True, text=True, env=env, timeout=60)
    assert doctor.stderr == "" and "Traceback" not in doctor.stdout
    lines = doctor.stdout.splitlines()
    assert "Braille: liblouis is missing: sudo apt install liblouis20 liblouis-data python3-louis." in lines
    assert "Braille display: BrlAPI is missing: sudo apt install brltty python3-brlapi." in lines
    assert {"louis", "speechd", "brlapi"} <= foreign_env.seen()


def test_the_foreign_platform_really_lacks_them(foreign_env):
    probe = ("import importlib.util, os, sys\n"
             "print([importlib.util.find_spec(m) for m in ('fcntl', 'louis', 'speechd', 'brlapi')])\n"
             "print(hasattr(os, 'pidfd_open'), hasattr(os, 'killpg'), os.path.exists('/proc/self'))\n"
             "try:\n    open('/proc/self/comm')\nexcept FileNotFoundError:\n    print('no /proc')\n")
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, env=foreign_env(),
                            timeout=60)
    assert result.stdout.splitlines() == ["[None, None, None, None]", "False False False", "no /proc"]


def _page_log(url: str, last: str) -> list[str]:
    """What the table page's live log received (its event stream from the start), up to the sentence ``last``."""
    texts: list[str] = []
    with urllib.request.urlopen(url + "/events?after=0", timeout=30) as stream:
        while last not in texts:
            line = stream.readline().decode("utf-8")
            assert line, texts
            if line.startswith("data: ") and line[6:].strip().startswith("{"):
                texts.append(str(json.loads(line[6:]).get("text", "")))
    return [text for text in texts if text]


def _page_game(args: list[str], lines: list[str], env: dict[str, str],
               last: str) -> tuple[list[dict[str, object]], list[str]]:
    """``companion play … --json --page`` with each line typed on the table page (its HTTP form), then ``quit`` there:
    every event the table wrote, in order, and what the page's live log received up to ``last``, before the quit
    (stdin stays open and unused, as a host's idle terminal)."""
    env = dict(env, COMPANION_NO_BROWSER="1")
    process = subprocess.Popen(COMPANION + args + ["--json", "--page"], stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    records: queue.Queue[str | None] = queue.Queue()

    def read() -> None:
        assert process.stdout is not None
        for line in process.stdout:
            records.put(line)
        records.put(None)

    threading.Thread(target=read, daemon=True).start()
    events: list[dict[str, object]] = []
    try:
        while not any(e["event"] == "page_link" for e in events):
            line = records.get(timeout=60)
            assert line is not None, process.stderr.read() if process.stderr else ""
            events.append(json.loads(line))
        url = str(next(e["url"] for e in events if e["event"] == "page_link"))
        for typed in lines + ["quit"]:
            if typed == "quit":
                logged = _page_log(url, last)
            body = urllib.parse.urlencode({"line": typed}).encode()
            with urllib.request.urlopen(urllib.request.Request(url + "/line", body), timeout=30) as answer:
                assert answer.status == 200, typed
        assert process.wait(timeout=60) == 0
        while (line := records.get(timeout=10)) is not None:
            events.append(json.loads(line))
        assert process.stderr is not None and process.stderr.read() == ""
    finally:
        if process.poll() is None:
            process.kill()
            process.wait(10)
        for stream in (process.stdin, process.stdout, process.stderr):
            if stream is not None:
                stream.close()
    return events, logged


def test_a_whole_game_from_the_table_page_on_a_foreign_platform_says_and_saves_the_same(tmp_path, foreign_env):
    """The same Love Letter game typed on the table page (``--page``), here and on the foreign platform: the same
    sentences as the piped terminal, the same save file; the page's server needs nothing Linux alone has."""
    args = ["play", "love-letter", "--lang", "en", "--players", "4", *NAMES, "--speech", "auto", "--braille", "auto"]
    script = "\n".join(FOUR_PLAYERS) + "\n"
    piped = run(args[:-4] + ["--speech", "none", "--braille", "none"], script, isolated_env(tmp_path / "piped"))
    last = [line for line in piped if not line.startswith("Game saved")][-1]
    normal, _ = _page_game(args, FOUR_PLAYERS, isolated_env(tmp_path / "normal"), last)
    foreign, logged = _page_game(args, FOUR_PLAYERS, foreign_env(isolated_env(tmp_path / "foreign")), last)

    def said(events: list[dict[str, object]]) -> list[str]:
        return [str(e["text"]) for e in events if e["event"] not in ("page_link", "web_join", "saved") and "text" in e]

    here, there = said(normal), said(foreign)
    # a notice only when no voice works here (the same on both), or when BRLTTY runs (never seen without /proc)
    assert [line for line in there if line not in piped] == [line for line in here if line not in piped
                                                             and not line.startswith("No braille")]
    game = [line for line in piped if not line.startswith("Game saved")]
    assert [line for line in there if line in piped] == game
    assert [line for line in logged if line in piped] == game  # the page's own live log: each sentence once, in order
    assert "4 favour tokens: Cy wins the game." in said(foreign)
    (saved,), (kept,) = [sorted((tmp_path / side / "data" / "saves").glob("*.jsonl")) for side in ("normal", "foreign")]
    assert save_without_date(kept) == save_without_date(saved)
    (piped_save,) = sorted((tmp_path / "piped" / "data" / "saves").glob("*.jsonl"))
    assert save_without_date(kept) == save_without_date(piped_save)
    assert {"fcntl", "/proc"} <= foreign_env.seen()
