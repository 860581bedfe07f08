"""Issue 23: a page reconnects by itself, says so in a polite live region, and hears what it missed, once, in order.

Real headless Chromium opens a seat's page through a relay on 127.0.0.1 that the test controls: it cuts every
connection, then answers the next requests with a refusal (503), as a proxy, a Wi-Fi hand-over or a full server
would. Before issue 23 the page's EventSource stopped for good after one refused request.
"""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from selenium.webdriver.common.by import By

from web_helpers import Browser, Table, chromium_or_skip

REFUSAL = b"HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"


class Relay:
    """A TCP relay from a port of its own to the server; ``cut`` closes every connection, ``refusing`` answers 503."""

    def __init__(self, target: tuple[str, int]) -> None:
        self.target = target
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.refusing = False
        self.refused = 0
        self._open: list[socket.socket] = []
        self._lock = threading.Lock()
        self._stopped = False
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while not self._stopped:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            if self.refusing:
                try:
                    client.settimeout(2)
                    client.recv(4096)
                    client.sendall(REFUSAL)
                    self.refused += 1
                except OSError:
                    pass
                client.close()
                continue
            try:
                server = socket.create_connection(self.target, timeout=5)
            except OSError:
                client.close()
                continue
            server.settimeout(None)
            with self._lock:
                self._open += [client, server]
            for a, b in ((client, server), (server, client)):
                threading.Thread(target=self._pump, args=(a, b), daemon=True).start()

    def _pump(self, source: socket.socket, sink: socket.socket) -> None:
        try:
            while True:
                data = source.recv(65536)
                if not data:
                    break
                sink.sendall(data)
        except OSError:
            pass
        for sock in (source, sink):
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass

    def cut(self) -> None:
        with self._lock:
            opened, self._open = self._open, []
        for sock in opened:
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            sock.close()

    def close(self) -> None:
        self._stopped = True
        self.refusing = False
        self.listener.close()
        self.cut()


@pytest.fixture
def relayed(tmp_path: Path) -> Iterator[tuple[Table, Browser, Relay]]:
    chromium_or_skip()
    browser = Browser(tmp_path / "profile")
    table = Table(tmp_path)
    relay = Relay(table.web.bound)
    table.web.server.allowed_hosts.add(f"127.0.0.1:{relay.port}")  # the relay is the address this page knows
    try:
        yield table, browser, relay
    finally:
        browser.quit()
        relay.close()
        table.close()


def _link(browser: Browser) -> str:
    return str(browser.driver.find_element(By.ID, "link").text)


def test_a_page_cut_off_and_refused_reconnects_and_hears_what_it_missed_once(relayed: Any) -> None:
    table, browser, relay = relayed
    url = table.urls["hero1"].replace(f":{table.web.bound[1]}/", f":{relay.port}/")
    browser.driver.get(url)
    browser.wait(lambda b: _link(b) == "Connected to the table.")
    status = browser.driver.find_element(By.ID, "link")
    assert status.get_attribute("role") == "status" and status.get_attribute("aria-live") == "polite"
    start = len(table.out.records)
    table.send("play ebony maw")
    table.out.wait_for(lambda o: "5: Zoe plays Ebony Maw." in o.texts[start:])
    time.sleep(0.3)
    before = [r["text"] for r in table.out.records[start:]]
    browser.wait(lambda b: b.said() == before)
    # The connection is cut, and every request meanwhile is refused (503): the page says it is lost.
    relay.refusing = True
    relay.cut()
    browser.wait(lambda b: _link(b) == "Connection lost: trying again by itself.")
    start = len(table.out.records)
    table.send("next")
    table.send("play hulk")
    table.out.wait_for(lambda o: "3: Alice plays Hulk." in o.texts[start:])
    missed = [r["text"] for r in table.out.records[start:] if r["event"] not in ("web_device", "web_waiting")]
    deadline = time.monotonic() + 10
    while relay.refused < 1 and time.monotonic() < deadline:  # the page did try again, and was refused
        time.sleep(0.05)
    assert relay.refused >= 1
    time.sleep(1.0)
    assert _link(browser) == "Connection lost: trying again by itself."
    relay.refusing = False
    browser.wait(lambda b: _link(b) == "Connected again: what was said meanwhile follows.", timeout=30)
    browser.wait(lambda b: len(b.said()) >= 1 + len(missed))
    time.sleep(0.3)
    assert browser.said() == [*before, *missed]  # each once, in order


def test_the_table_page_cut_off_reconnects_and_hears_what_it_missed_once(tmp_path: Path) -> None:
    """The host's own page (``--page``) through the same relay: cut, refused, back; each sentence once, in order."""
    from table_page_helpers import RECORD, said_at_table

    chromium_or_skip()
    table = Table(tmp_path, page=True)
    relay = Relay(table.web.bound)
    table.web.server.allowed_hosts.add(f"127.0.0.1:{relay.port}")
    browser = Browser(tmp_path / "profile")
    try:
        browser.driver.get(table.page_url.replace(f":{table.web.bound[1]}/", f":{relay.port}/"))
        browser.wait(lambda b: _link(b) == "Connected to the table.")
        browser.driver.execute_script(RECORD)
        relay.refusing = True
        relay.cut()
        browser.wait(lambda b: _link(b) == "Connection lost: trying again by itself.")
        table.send("play ebony maw")
        table.send("next")
        table.out.wait_for(lambda o: "Alice draws. 13 cards in the hero deck." in o.texts)
        relay.refusing = False
        browser.wait(lambda b: _link(b) == "Connected again: what was said meanwhile follows.", timeout=30)
        browser.wait(lambda b: b.said() == said_at_table(table))
        time.sleep(0.3)
        assert browser.said() == said_at_table(table)  # each once, in order
        logged = [text for text, _, _ in browser.driver.execute_script("return window.logged;")]
        assert logged == said_at_table(table)[-len(logged):] and "5: Zoe plays Ebony Maw." in logged
    finally:
        browser.quit()
        relay.close()
        table.close()
