"""Whether Speech Dispatcher listens, asked of its socket without its client.

The client waits for replies with no timeout and may start the daemon, so the
question "does one already run?" is a plain connect: by default the user's Unix
socket (``$XDG_RUNTIME_DIR/speech-dispatcher/speechd.sock``, the client's own
default), else the ``unix_socket:PATH`` or ``inet_socket:HOST:PORT`` address given.
Speech Dispatcher is Linux's speech service: Windows and macOS have none, and a
port speaks through the screen reader there (NVDA's controller client, JAWS, or
VoiceOver through accessible_output2), so this probe simply answers ``False``.
"""

from __future__ import annotations

import contextlib
import os
import socket
from collections.abc import Mapping

#: Seconds a probe waits for the connection.
PROBE_TIMEOUT = 0.5


def default_socket(environ: Mapping[str, str] | None = None) -> str:
    """The user's own Speech Dispatcher socket path."""
    env = os.environ if environ is None else environ
    runtime = env.get("XDG_RUNTIME_DIR") or env.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(runtime, "speech-dispatcher", "speechd.sock")


def listening(address: str | None) -> bool:
    """True when something accepts connections at Speech Dispatcher's ``address`` (``None``: the default socket)."""
    method, _, rest = (address or "unix_socket:").partition(":")
    try:
        if method == "inet_socket":
            host, _, port = rest.partition(":")
            with socket.create_connection((host or "127.0.0.1", int(port or 6560)), timeout=PROBE_TIMEOUT):
                return True
        if not hasattr(socket, "AF_UNIX"):
            return False
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as probe:
            probe.settimeout(PROBE_TIMEOUT)
            probe.connect(rest or default_socket())
            return True
    except (OSError, ValueError):
        return False


def answers(address: str | None, timeout: float = PROBE_TIMEOUT) -> bool:
    """True when Speech Dispatcher at ``address`` answers its protocol (SSIP): ``HELP`` gets a reply line
    ("248 OK HELP SENT") within ``timeout``. A socket that accepts and then hangs is not a running dispatcher."""
    method, _, rest = (address or "unix_socket:").partition(":")
    try:
        if method == "inet_socket":
            host, _, port = rest.partition(":")
            probe = socket.create_connection((host or "127.0.0.1", int(port or 6560)), timeout=timeout)
        elif hasattr(socket, "AF_UNIX"):
            probe = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            probe.settimeout(timeout)
            probe.connect(rest or default_socket())
        else:
            return False
        with probe:
            probe.sendall(b"HELP\r\n")
            received = b""
            while b"\n" not in received and len(received) < 4096:
                chunk = probe.recv(1024)
                if not chunk:
                    break
                received += chunk
            with contextlib.suppress(OSError):
                probe.sendall(b"QUIT\r\n")
    except (OSError, ValueError):
        return False
    return received[:3].isdigit()
