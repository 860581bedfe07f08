"""Real headless Chromium sessions against a real table serving its pages: the shared pieces of the browser tests.

``Table`` runs the real ``companion play GAME --serve --json`` in a thread with a pipe for its
standard input; ``Browser`` is one headless Chromium with its own profile, stopped by its
driver's PID. Every wait has a timeout.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path
from collections.abc import Callable, Iterator
from typing import Any

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from companion import registry
from companion.play import PlayConfig, play

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
WAIT = 10.0


# --------------------------------------------------------------------------- the table


class Capture:
    """The table's standard output (``--json``): one JSON object per line, kept, safe across threads."""

    def __init__(self) -> None:
        self.records: list[dict[str, Any]] = []
        self._buffer = ""
        self._lock = threading.Lock()

    def write(self, text: str) -> int:
        with self._lock:
            self._buffer += text
            while "\n" in self._buffer:
                line, self._buffer = self._buffer.split("\n", 1)
                if line.strip():
                    self.records.append(json.loads(line))
        return len(text)

    def flush(self) -> None:
        pass

    def isatty(self) -> bool:
        return False

    @property
    def texts(self) -> list[str]:
        with self._lock:
            return [r["text"] for r in self.records]

    def wait_for(self, predicate: Any, timeout: float = WAIT) -> None:
        deadline = time.monotonic() + timeout
        while not predicate(self):
            if time.monotonic() > deadline:
                raise AssertionError(f"the table never said it: {self.texts[-5:]}")
            time.sleep(0.02)


class Table:
    """``companion play GAME --serve --json`` with its standard input a pipe the test writes to."""

    def __init__(self, tmp: Path, game: str = "gauntlet", names: tuple[str, ...] = ("Zoe", "Alice", "Bruno"),
                 options: dict[str, Any] | None = None, page: bool = False, lang: str = "en", port: int = 0) -> None:
        """``page``: the table's own page too (``--page``, no browser opened: ``page_url`` is its link); ``port``: a
        fixed ``--port`` (0: any free one)."""
        self.save = tmp / "game.jsonl"
        self.page = page
        if page:  # the test opens the page in its own browser
            from companion.web.table_page import PAGE_ENV

            os.environ[PAGE_ENV] = "1"
        read, self._write = os.pipe()
        self._stdin = os.fdopen(read, "r", encoding="utf-8")
        self.out = Capture()
        config = PlayConfig(lang=lang, json=True, names=names, save=self.save, serve=True, host="127.0.0.1", port=port,
                            options=dict(options or {}), page=page)
        self.status: list[int] = []
        # The seats' own links are never said at the table: the test reads them from the server it started.
        from companion.web import server as web_server

        served: list[Any] = []
        original = web_server.serve

        def serve(*args: Any, **kwargs: Any) -> Any:
            session, web = original(*args, **kwargs)
            served.append(web)
            return session, web

        web_server.serve = serve  # type: ignore[assignment]
        try:
            self.thread = threading.Thread(target=lambda: self.status.append(
                play(config, registry.find(game), self._stdin, self.out)), daemon=True)  # type: ignore[arg-type]
            self.thread.start()
            # the join is said inside ``serve``, before it returns the server: wait for both (a race under load)
            self.out.wait_for(lambda o: bool(served) and any(r["event"] == ("page_link" if page else "web_join")
                                                             for r in o.records))
        finally:
            web_server.serve = original  # type: ignore[assignment]
        self.web = served[0]
        self.urls = {seat.id: self.web.seat_url(seat) for seat in self.web.seats}
        join = next(r for r in self.out.records if r["event"] == "web_join")
        self.base, self.code = join["url"].rstrip("/"), join["code"]
        self.page_url = next((r["url"] for r in self.out.records if r["event"] == "page_link"), "")

    def send(self, line: str) -> None:
        os.write(self._write, (line + "\n").encode())

    def close(self) -> None:
        if self.page and self.thread.is_alive():
            with contextlib.suppress(OSError):
                self.send("quit")  # with the page, the end of input leaves the game to the page
        try:
            os.close(self._write)  # the end of input: the game saves, the server stops
        except OSError:
            pass
        self.thread.join(timeout=10)


# --------------------------------------------------------------------------- browsers


class Browser:
    """One headless Chromium with its own profile; ``quit`` stops it and its driver by PID."""

    def __init__(self, profile: Path, home: Path | None = None, args: tuple[str, ...] = ()) -> None:
        """``home``: the HOME Chromium runs with (its NSS database trusts the table's authority, ``trusting_home``);
        ``args``: more command-line switches."""
        options = webdriver.ChromeOptions()
        options.binary_location = CHROMIUM or ""
        for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--no-first-run",
                    "--disable-extensions", "--disable-background-networking", f"--user-data-dir={profile}",
                    "--window-size=1000,1200", *args):
            options.add_argument(arg)
        options.set_capability("goog:loggingPrefs", {"performance": "ALL"})
        env = {**os.environ, "HOME": str(home)} if home is not None else None
        self.service = Service(DRIVER or "", env=env)
        self.driver = webdriver.Chrome(service=self.service, options=options)
        self.driver.set_page_load_timeout(3 * WAIT)  # a first page in a fresh profile, under a whole suite's load
        self.driver.set_script_timeout(WAIT)

    def quit(self) -> None:
        pid = self.service.process.pid if self.service.process is not None else None
        try:
            self.driver.quit()
        except Exception:
            pass
        if pid is not None:
            try:
                os.kill(pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass

    def said(self) -> list[str]:
        return [p.text for p in self.driver.find_elements(By.CSS_SELECTOR, "#said p")]

    def wait(self, condition: Any, timeout: float = WAIT) -> Any:
        return WebDriverWait(self.driver, timeout, poll_frequency=0.02).until(lambda d: condition(self))

    def axe(self) -> list[dict[str, Any]]:
        from axe_selenium_python import Axe

        axe = Axe(self.driver)
        axe.inject()
        return list(axe.run()["violations"])

    def messages(self) -> list[dict[str, Any]]:
        """Every server-sent message this browser received (from Chromium's own network log)."""
        found = []
        for entry in self.driver.get_log("performance"):
            message = json.loads(entry["message"])["message"]
            if message.get("method") == "Network.eventSourceMessageReceived":
                found.append(message["params"])
        return found


def trusting_home(tmp: Path, authority: Path) -> Path:
    """A private HOME whose NSS database (``~/.pki/nssdb``, what Chromium on Linux reads) trusts ``authority``:
    the table's certificate is then trusted the way a player installs it, with no certificate error ignored."""
    import subprocess

    if shutil.which("certutil") is None:
        import pytest

        pytest.skip("certutil is not installed (make setup installs libnss3-tools)")
    home = tmp / "home"
    nssdb = home / ".pki" / "nssdb"
    nssdb.mkdir(parents=True, exist_ok=True)
    subprocess.run(["certutil", "-d", f"sql:{nssdb}", "-N", "--empty-password"], check=True, timeout=30,
                   capture_output=True)
    subprocess.run(["certutil", "-d", f"sql:{nssdb}", "-A", "-t", "C,,", "-n", "Companion table authority",
                    "-i", str(authority)], check=True, timeout=30, capture_output=True)
    return home


@contextlib.contextmanager
def https_table_env(tmp: Path) -> Iterator[Path]:
    """Tables started inside serve HTTPS on the loopback (``COMPANION_WEB_HTTPS``), their authority made in
    ``tmp``'s data folder beforehand: its certificate file is yielded."""
    from companion.web.tls import table_certificate

    saved = {k: os.environ.get(k) for k in ("COMPANION_WEB_HTTPS", "COMPANION_DATA_DIR")}
    os.environ["COMPANION_WEB_HTTPS"] = "1"
    os.environ["COMPANION_DATA_DIR"] = str(tmp / "data")
    try:
        # The hosts a loopback table serves (its certificate is kept while it covers them; issue 30).
        yield table_certificate(["127.0.0.1", "::1", "localhost"]).authority_file
    finally:
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value


def chromium_problem() -> str | None:
    if CHROMIUM is None or DRIVER is None:
        return "Chromium or chromedriver is not installed (make setup installs chromium and chromium-driver)"
    return None


def http(url: str, data: dict[str, str] | None = None, headers: dict[str, str] | None = None) -> tuple[int, str]:
    body = urllib.parse.urlencode(data).encode() if data is not None else None
    request = urllib.request.Request(url, body, headers or {})
    try:
        with urllib.request.urlopen(request, timeout=WAIT) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


def chromium_or_skip() -> None:
    import pytest

    problem = chromium_problem()
    if problem:
        pytest.skip(problem)


@contextlib.contextmanager
def seated(tmp: Path, game: str, names: tuple[str, ...], seats: tuple[str, ...],
           options: dict[str, Any] | None = None, https: bool = False,
           browser_for: Callable[[str, Path, Path | None], Browser] | None = None,
           ) -> Iterator[tuple[Table, dict[str, Browser]]]:
    """A served table and one browser per seat on its own link, connected; all stopped by PID at the end.

    ``https``: the table serves HTTPS and each Chromium trusts its authority through its own NSS database.
    ``browser_for(seat, profile, home)``: a seat's own kind of browser (a fake camera playing its video).
    """
    import pytest
    from selenium.common.exceptions import WebDriverException

    chromium_or_skip()
    browsers: dict[str, Browser] = {}
    table = None
    secure = https_table_env(tmp) if https else contextlib.nullcontext(None)
    try:
        authority = secure.__enter__()
        home = trusting_home(tmp, authority) if authority is not None else None
        try:
            for seat in seats:
                profile = tmp / f"{seat}-profile"
                browsers[seat] = Browser(profile, home) if browser_for is None else browser_for(seat, profile, home)
        except WebDriverException as error:
            pytest.skip(f"Chromium cannot run here: {error.msg}")
        table = Table(tmp, game, names, options)
        if https:
            assert table.base.startswith("https://"), table.base
        for seat, browser in browsers.items():
            browser.driver.get(table.urls[seat])
            browser.wait(lambda b: b.driver.find_element(By.ID, "link").text == "Connected to the table.")
        yield table, browsers
    finally:
        for browser in browsers.values():
            browser.quit()
        if table is not None:
            table.close()
        secure.__exit__(None, None, None)


def enter_hand(browser: Browser, cards: list[str], summary: str) -> None:
    """The player chooses their cards in the lists of their page and sends them; the page then shows ``summary``."""
    from selenium.webdriver.support.ui import Select

    for number, card in enumerate(cards, 1):
        Select(browser.driver.find_element(By.ID, f"card{number}")).select_by_value(card)
    browser.driver.find_element(By.ID, "send-hand").click()
    browser.wait(lambda b: b.driver.find_element(By.ID, "hand-summary").text == summary)


def table_play(table: Table, line: str, last: str) -> list[str]:
    """A public line typed at the table; what the table said for it, up to the sentence ``last``."""
    start = len(table.out.records)
    table.send(line)
    table.out.wait_for(lambda o: last in o.texts[start:])
    time.sleep(0.1)
    return table.out.texts[start:]
