"""Web load: median time from a sentence said at the table to a seat's live region, with 0, 50 and 200 extra streams,
over HTTP and over HTTPS (issue 30: the table's certificate trusted by Chromium and by the raw streams).

Prints figures, not a test. A real session of the Infinity Gauntlet serves its pages on 127.0.0.1 (loopback only);
one seat's page is open in headless Chromium (when installed) and the time is taken from the sentence said to
its paragraph added to the page's "What the table says" live region (a MutationObserver notes the wall clock);
the same seat's raw stream is timed as well (to its socket: the loopback's floor, since that stream is woken
before the others, so no ratio is given for it). Other joined seats hold 0, 50 or 200 more streams open, each
receiving every sentence too. Each figure is a median; the live region's ratios are to the figure with no extra
stream. Everything is closed at the end; the whole run takes a few seconds.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from web_requests import RawStream, served  # noqa: E402

from companion.announce import Priority  # noqa: E402

EXTRA = (0, 50, 200)
ROUNDS = 40


def measure(session: object, web: object, mine: RawStream, rounds: int) -> float:
    times = []
    for i in range(rounds):
        text = f"Sentence {i} for the bench."
        start = time.perf_counter()
        session.say(text, "message", {}, Priority.NORMAL)  # type: ignore[attr-defined]
        mine.read_until(text.encode())
        times.append(time.perf_counter() - start)
    return statistics.median(times)


OBSERVE = """window.arrivals = {}; new MutationObserver(records => { for (const r of records) for (const n of r.addedNodes)
  window.arrivals[n.textContent] = Date.now(); }).observe(document.getElementById("said"), {childList: true});"""


def measure_page(session: object, driver: object, rounds: int) -> float:
    times = []
    for i in range(rounds):
        text = f"Page sentence {i} {time.time()}."
        start = time.time()
        session.say(text, "message", {}, Priority.NORMAL)  # type: ignore[attr-defined]
        deadline = time.monotonic() + 5
        arrived = None
        while arrived is None and time.monotonic() < deadline:
            arrived = driver.execute_script("return window.arrivals[arguments[0]] || null", text)  # type: ignore[attr-defined]
            if arrived is None:
                time.sleep(0.005)
        if arrived is None:
            raise SystemExit("the page never showed the sentence")
        times.append(max(0.0, arrived / 1000 - start))
    return statistics.median(times)


def run(https: bool) -> tuple[dict[int, float], dict[int, float]]:
    """The stream figures and the page figures (none without Chromium), over HTTP or HTTPS."""
    import ssl
    import tempfile

    from web_helpers import Browser, chromium_problem, trusting_home

    figures: dict[int, float] = {}
    pages: dict[int, float] = {}
    browser = None
    with served("gauntlet", players=6, https=https) as (session, recorder, web):
        context = ssl.create_default_context(cafile=str(web.server.tls.authority_file)) if https else None
        seats = list(web.seats)
        devices = {seat.id: f"device-{seat.id}" for seat in seats}
        if chromium_problem() is None:
            folder = Path(tempfile.mkdtemp(prefix="companion-bench-chromium-"))
            browser = Browser(folder / "profile", trusting_home(folder, web.server.tls.authority_file) if https else None)
            browser.driver.get(web.seat_url(seats[0]))  # this browser's device takes the seat
            browser.wait(lambda b: b.driver.find_element("id", "link").text == "Connected to the table.")
            browser.driver.execute_script(OBSERVE)
            seats = seats[1:]
        for seat in seats:
            web.seats.claim(seat, devices[seat.id])
        mine = RawStream(web, seats[0].id, devices[seats[0].id], context=context)
        extra: list[RawStream] = []
        try:
            for count in EXTRA:
                while len(extra) < count:
                    seat = seats[1 + len(extra) % (len(seats) - 1)]
                    extra.append(RawStream(web, seat.id, devices[seat.id], context=context))
                measure(session, web, mine, 3)  # warm up
                figures[count] = measure(session, web, mine, ROUNDS)
                if browser is not None:
                    pages[count] = measure_page(session, browser.driver, ROUNDS // 2)
                for stream in extra:  # the others read theirs too, so their buffers never fill
                    drain(stream)
        finally:
            mine.close()
            for stream in extra:
                stream.close()
            if browser is not None:
                browser.quit()
    return figures, pages


def drain(stream: RawStream) -> None:
    """What arrived on ``stream``, read and dropped without waiting."""
    import ssl

    stream.sock.setblocking(False)
    try:
        while stream.sock.recv(1 << 20):
            pass
    except (BlockingIOError, ssl.SSLWantReadError):
        pass
    stream.sock.setblocking(True)


def show(title: str, found: dict[int, float], ratios: bool = True) -> None:
    base = found[0]
    print(title)
    for count, value in found.items():
        ratio = f"   ratio {value / base if base else float('nan'):5.2f}" if ratios else ""
        print(f"  {count:3d} extra streams: {value * 1000:7.2f} ms{ratio}")


def main() -> None:
    import os
    import tempfile

    os.environ.setdefault("COMPANION_DATA_DIR", tempfile.mkdtemp(prefix="companion-bench-"))
    for https in (False, True):
        scheme = "HTTPS" if https else "HTTP"
        figures, pages = run(https)
        if pages:
            show(f"Web load over {scheme}: a table sentence to a seat's live region in Chromium "
                 f"(median of {ROUNDS // 2})", pages)
        else:
            print(f"Web load over {scheme}: Chromium is not installed: the live region is not timed, only the stream.")
        # The timed seat's stream is woken before the extra ones (it waited first): its figure is the loopback's
        # floor (tenths of a millisecond, within the noise), not what the extra streams cost; the live region says that.
        show(f"Web load over {scheme}: a table sentence to the timed seat's own stream socket, woken before the "
             f"extra streams, so the loopback's floor and not a load figure (median of {ROUNDS}; no ratio: "
             f"differences here are noise)", figures, ratios=False)


if __name__ == "__main__":
    main()
