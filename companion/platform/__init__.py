"""The calls only Linux (or POSIX) has, one small module each, so a port touches this package only.

- `locks`: one companion per save file (``fcntl.flock``).
- `files`: descriptor flags and durable folder entries (``fcntl``, fsync of a folder).
- `processes`: waiting for a child and signalling its group (pidfd, ``killpg``).
- `screenreaders`: which programs run now (``/proc``), to find a Linux screen reader.
- `speechd`: whether Speech Dispatcher listens on its socket.

Each module's docstring names what a Windows or macOS port would put beside the Linux path.
"""
