"""The table's own page (``companion play GAME --page``): the whole companion for the host, in the browser.

A front end like the terminal, on the same session: one command field, every
announcement in a live log, the secret values in a field that is never echoed,
the earcons through the Web Audio API and an optional built-in voice. It is
served by the seats' own server (the same routes as ``--serve``), on the
loopback only, its link holding a secret; any other address is refused.

- `TablePage` (``page.py``): its output (the announcer's), its secret reader, its routes.
- ``document.py``: the page itself, every sentence from the ``web`` catalog.
- ``run.py``: the game's loop when the page is open beside the terminal or a script.
"""

from __future__ import annotations

from companion.web.table_page.page import PAGE_ENV, TablePage, page_problem
from companion.web.table_page.run import run_with_page

__all__ = ["PAGE_ENV", "TablePage", "page_problem", "run_with_page"]
