"""Each player's own device: a private view of the game in the browser (``companion play GAME --serve``).

The table stays the heart of the game. Beside it, a small web server in the
table's process gives each seat a page of its own, read by the player's own
screen reader: every public announcement as it is said at the table, and the
seat's private actions (a fight's secret value, a hand entered or scanned). What
one seat types is checked at the server and never reaches the table's outputs,
the journal or another seat. Built once, like the hall (``companion/session``):

- ``seats.py``: the seats, their secret links, the join code, who holds a seat, rate limits.
- ``feed.py``: the announcements (public, or for one seat only) and the web output.
- ``hands.py``: `Hands`, the one model of what each seat holds (a `Listener` of the session).
- ``secret.py``: the session's ``secret_handler`` asking fighters on their devices.
- ``device.py``, ``scan.py``: a line typed, a sticker scanned on a seat's page.
- ``table.py``: what the table hears of the devices, and its commands over them.
- ``parts.py``: `Parts` (what the session is wired with) and `Served` (the pages once the session exists).
- ``guard.py``: the one guard making each request a typed `SeatRequest`; ``refusals.py``: every refusal in words.
- ``routes.py``, ``entry.py``, ``stream.py``: the route handlers; ``app.py``: the route lists mounted.
- ``quiet.py``: the refusals log file and the table's summary; ``limits.py``: connections bounded.
- ``pages.py``: the HTML, CSS and the few lines of JavaScript; ``server.py``: `WebServer` and ``serve``.
"""
