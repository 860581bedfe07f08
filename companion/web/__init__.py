"""Each player's own device: a private view of the game in the browser (``companion play GAME --serve``).

The table stays the heart of the game. Beside it, a small web server in the
table's process gives each seat a page of its own, read by the player's own
screen reader: every public announcement as it is said at the table, and the
seat's private actions (a fight's secret value). What one seat types is checked
at the server and never reaches the table's outputs, the journal or another seat.

- ``seats.py``: the seats, their secret links, the join code, who holds a seat, rate limits.
- ``feed.py``: the announcements (public, or for one seat only) and the web output.
- ``secret.py``: the session's ``secret_handler`` asking fighters on their devices.
- ``pages.py``: the HTML, CSS and the few lines of JavaScript.
- ``server.py``: the Starlette application and the uvicorn thread.
"""
