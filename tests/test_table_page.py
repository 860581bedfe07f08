"""The table page's server side without a browser: who may open it, the secret value's one trip, quit from the page."""

from __future__ import annotations

import asyncio
import io
import os
import threading
import time
import urllib.parse
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from starlette.applications import Starlette

from companion import registry
from companion.announce import Utterance
from companion.play import PlayConfig, play
from companion.web.table_page import TablePage
from companion.web.table_page.page import from_page

pytestmark = pytest.mark.timeout(60)


def _status(app: Any, path: str, client: tuple[str, int], method: str = "GET") -> int:
    """The status the app answers a request from ``client`` for ``path``."""
    scope = {"type": "http", "method": method, "path": path, "raw_path": path.encode(), "query_string": b"",
             "headers": [(b"host", b"127.0.0.1:8000")], "client": client, "server": ("127.0.0.1", 8000),
             "scheme": "http", "http_version": "1.1", "root_path": ""}
    sent: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    asyncio.run(app(scope, receive, send))
    return int(sent[0]["status"])


def _another(token: str) -> str:
    """A secret one character away from ``token``, never ``token`` itself (a random token may start with "x")."""
    return ("y" if token[0] == "x" else "x") + token[1:]


def test_only_this_machine_with_the_secret_opens_the_page(caplog: pytest.LogCaptureFixture) -> None:
    page = TablePage("en")
    app = Starlette(routes=page.routes())
    for path in (page.path, page.path + "/events"):
        assert _status(app, path, ("192.0.2.8", 50000)) == 403  # the right secret, from another address
        assert _status(app, path.replace(page.token, _another(page.token)), ("127.0.0.1", 50000)) == 403
    assert _status(app, page.path + "/line", ("10.0.0.2", 50000), "POST") == 403
    assert _status(app, "/table.js", ("127.0.0.1", 50000)) == 200  # the script holds nothing of the game
    # Each refusal is a line of the pages' log (a file, never the terminal), never with the page's secret.
    logged = [r.getMessage() for r in caplog.records if r.name == "companion.web"]
    assert logged[0] == "refused 403 wrong_secret: GET /table/… from 192.0.2.8" and len(logged) == 5
    assert not any(page.token in line or page.token[:8] in line for line in logged)


def test_a_value_travels_once_from_the_page_to_the_prompt_and_is_never_published() -> None:
    page = TablePage("en", terminal=lambda message: "terminal")
    assert page.read_secret("Secret value: ") == "terminal"  # a line typed at the terminal: its own hidden prompt
    got: list[str | None] = []

    def typed_on_page() -> None:
        from companion.web.table_page import page as module

        module._thread.page = True
        assert from_page()
        got.append(page.read_secret("Secret value: "))

    asker = threading.Thread(target=typed_on_page)
    asker.start()
    deadline = time.monotonic() + 5
    while not [e for e in page.feed.since(0, "") if e.kind == "ask"]:
        assert time.monotonic() < deadline
        time.sleep(0.01)
    request = [e for e in page.feed.since(0, "") if e.kind == "ask"][0].data["request"]
    # The value typed in the command field by mistake is refused unread: never handled as a command.
    assert page.line("7") == (409, "A secret value is asked: type it in the secret value field, or cancel it.")
    assert not page.give_secret("wrong", "7")
    assert page.give_secret(str(request), "7")
    asker.join(5)
    assert got == ["7"]
    entries = page.feed.since(0, "")
    assert [e.kind for e in entries] == ["ask", "done"]
    assert all("7" not in e.text and "7" not in str(e.data.get("value", "")) for e in entries)
    assert not page.give_secret(str(request), "8")  # asked once, answered once


def test_the_earcon_and_urgency_of_each_sentence_come_from_the_terminal_s_own_data() -> None:
    page = TablePage("en")
    page.publish(Utterance("Thanos has no life left.", "en", "game_over"))
    page.publish(Utterance("3: Ana plays Baron.", "en", "card_played"))
    page.publish(Utterance("Unknown command: nxt. Did you mean next? Type yes.", "en", "error", {"suggestion": "next"}))
    over, played, refused = (e.data for e in page.feed.since(0, ""))
    assert (over["sound"], over["assertive"]) == ("game", True)
    assert (played["sound"], played["assertive"], played["words"]) == ("play", False, True)
    assert (refused["sound"], refused["assertive"], refused["suggestion"]) == ("refusal", True, "next")
    only = TablePage("en", sounds="only")
    only.publish(Utterance("3: Ana plays Baron.", "en", "card_played"))
    assert only.feed.since(0, "")[0].data["words"] is False  # the built-in voice plays the sound instead


def test_page_with_an_address_not_this_machine_s_is_refused_before_any_save(tmp_path: Path,
                                                                            capsys: pytest.CaptureFixture[str]) -> None:
    save = tmp_path / "game.jsonl"
    config = PlayConfig(lang="en", page=True, host="192.0.2.7", save=save)
    assert play(config, registry.find("love-letter"), io.StringIO(""), io.StringIO()) == 2
    assert "--page needs this machine's address" in capsys.readouterr().err
    assert not save.exists()


def _post(url: str, line: str) -> int:
    body = urllib.parse.urlencode({"line": line}).encode()
    with urllib.request.urlopen(urllib.request.Request(url + "/line", body), timeout=5) as answer:
        return int(answer.status)


@pytest.mark.parametrize("game", [g.id for g in registry.GAMES])
def test_every_game_is_played_from_the_page_and_quit_there_ends_a_script_s_game(
        game: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``--page`` for each game: a line sent from the page is answered on its stream and at the table; ``quit`` on
    the page ends the game even though the script's input is still open."""
    from web_helpers import Capture

    monkeypatch.setenv("COMPANION_NO_BROWSER", "1")
    read, write = os.pipe()
    stdin = os.fdopen(read, "r", encoding="utf-8")
    out = Capture()
    config = PlayConfig(lang="en", json=True, page=True, save=tmp_path / "g.jsonl")
    status: list[int] = []
    thread = threading.Thread(target=lambda: status.append(play(config, registry.find(game), stdin, out)),
                              daemon=True)  # type: ignore[arg-type]
    thread.start()
    try:
        out.wait_for(lambda o: any(r["event"] == "page_link" for r in o.records))
        url = next(r["url"] for r in out.records if r["event"] == "page_link")
        said = len(out.records)
        assert _post(url, "status") == 200
        out.wait_for(lambda o: len(o.records) > said)
        answer = out.records[said]["text"]
        with urllib.request.urlopen(url + "/events?after=0", timeout=5) as stream:
            seen = ""
            while answer not in seen:
                seen += stream.readline().decode()
        assert _post(url, "quit") == 200
        thread.join(10)
        assert status == [0]
        assert all(r["event"] != "saved" for r in out.records)  # nothing was played: no "Game saved."
    finally:
        os.close(write)
        thread.join(5)


def test_the_terminal_and_the_page_at_once_and_quit_on_the_page_ends_the_prompt(tmp_path: Path) -> None:
    """A real terminal (tmux) and the page's HTTP side: a line from each, each answer on both; quit on the page."""
    import re
    import shutil

    if shutil.which("tmux") is None:
        pytest.skip("tmux is not installed")
    from test_ui_terminal import COMPANION, Pane

    command = f"{COMPANION} play gauntlet --lang en --players 2 --speech none --braille none --page"
    pane = Pane(command, {"COMPANION_DATA_DIR": str(tmp_path), "LANG": "C.UTF-8", "COMPANION_NO_BROWSER": "1"})
    try:
        screen = pane.wait_for("Type help for the commands, or press F1.")
        found = re.search(r"The table's page: (http://127\.0\.0\.1:[0-9]+/table/[A-Za-z0-9_-]+)", screen)
        assert found is not None, screen
        url = found.group(1)
        assert _post(url, "play ebony maw") == 200
        pane.wait_for("Ebony Maw")  # the page's line, answered at the terminal
        pane.line("status")
        pane.wait_for("> status")
        with urllib.request.urlopen(url + "/events?after=0", timeout=20) as stream:
            seen = ""
            while "Ebony Maw" not in seen or "Turn 1" not in seen:
                seen += stream.readline().decode()
        assert _post(url, "quit") == 200
        screen = pane.wait_for("Game saved.")
    finally:
        pane.close()
    assert "Traceback" not in screen and "\x1b" not in screen


def test_the_orca_page_check_fails_on_a_sentence_heard_twice_missed_or_out_of_order() -> None:
    """``make check-orca``'s and ``make check-orca-page``'s verdict (the real Orca runs are opt-in): each sentence
    once, in order."""
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    from scripts.check_orca import once_in_order as _check

    heard = ["Love Letter : la table", "État : Ana joue.", "1 : Ana joue Garde.", "Raté."]
    assert _check(heard, ["État : Ana joue.", "1 : Ana joue Garde.", "Raté."]) == []
    assert _check(heard + ["Raté."], ["Raté."]) == ["heard 2 times: Raté."]
    assert _check(heard, ["Manqué."]) == ["heard 0 times: Manqué."]
    assert _check(heard, ["Raté.", "1 : Ana joue Garde."]) == ["out of order: 1 : Ana joue Garde."]
