"""A typed line's answer on the table page (``--page``) beside the terminal's, in the same run; median and p99.

One real table (``companion play love-letter --page --json``, its standard input a pipe) and the table page
in headless Chromium:

- the page: from the line submitted in the command field (the form's Enter) to its answer's paragraph added
  to the live log, both measured in the page (``performance.now``);
- the terminal: from the line written to the table's standard input to its answer's line on standard output,
  both measured in this process (``time.perf_counter``).

The line is ``status short`` (one answer, nothing changed), alternately on the page and at the terminal.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from table_page_helpers import PageBrowser  # noqa: E402
from web_helpers import Table, chromium_problem  # noqa: E402

ROUNDS = 50
LINE = "status short"

# In the page: the next paragraph added to the log, and when; then the line sent as Enter sends it.
TYPED = """
const said = document.getElementById("said"), command = document.getElementById("command");
window.answered = null;
const watch = new MutationObserver(() => { if (window.answered === null) window.answered = performance.now();
  watch.disconnect(); });
watch.observe(said, {childList: true});
command.value = arguments[0];
window.typed = performance.now();
document.getElementById("command-form").requestSubmit();
"""
ANSWERED = "return window.answered === null ? null : window.answered - window.typed;"


def _p99(timings: list[float]) -> float:
    ordered = sorted(timings)
    return ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]


def _on_page(page: PageBrowser) -> float:
    page.driver.execute_script(TYPED, LINE)
    deadline = time.monotonic() + 10
    while True:
        found = page.driver.execute_script(ANSWERED)
        if found is not None:
            return float(found)
        if time.monotonic() > deadline:
            raise TimeoutError("the page never answered")
        time.sleep(0.002)


def _at_terminal(table: Table, written: list[float]) -> float:
    count = len(written)
    start = time.perf_counter()
    table.send(LINE)
    deadline = time.monotonic() + 10
    while len(written) == count:
        if time.monotonic() > deadline:
            raise TimeoutError("the table never answered")
        time.sleep(0.0005)
    return (written[count] - start) * 1000


def main() -> int:
    problem = chromium_problem()
    if problem:
        print(f"skipped: {problem}")
        return 0
    with tempfile.TemporaryDirectory() as folder:
        tmp = Path(folder)
        table = Table(tmp, "love-letter", ("Ana", "Ben", "Cleo"), page=True)
        written: list[float] = []
        write = table.out.write

        def timed(text: str) -> int:  # each line of standard output, when it is written
            written.append(time.perf_counter())
            return write(text)

        table.out.write = timed  # type: ignore[method-assign]
        page = PageBrowser(tmp, table)
        try:
            on_page, at_terminal = [], []
            for _ in range(ROUNDS):
                on_page.append(_on_page(page))
                time.sleep(0.02)
                at_terminal.append(_at_terminal(table, written))
                time.sleep(0.02)
        finally:
            page.quit()
            table.close()
    for name, timings in (("typed line -> live log (table page)", on_page),
                          ("typed line -> stdout (terminal)", at_terminal)):
        print(f"{name}: median {statistics.median(timings):.1f} ms, p99 {_p99(timings):.1f} ms ({len(timings)} lines)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
