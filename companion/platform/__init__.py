"""The calls only Linux (or POSIX) has, one small module each, each with the portable path taken where it is missing.

- `locks`: one companion per save file (a lock on the descriptor: ``flock``; filelock's ``LockFileEx`` on Windows).
- `files`: descriptor flags and durable folder entries (``os.set_blocking``, fsync of a folder).
- `processes`: waiting for a child and stopping its group (pidfd, kqueue or ``Popen.wait``; ``killpg`` or ``Popen.kill``).
- `screenreaders`: which programs run now (``/proc``), to find a Linux screen reader; none elsewhere.
- `speechd`: whether Speech Dispatcher listens on its socket.

tests/test_foreign_platform.py runs the companion with the Linux paths taken away.
"""
