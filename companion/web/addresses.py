"""The machine's addresses a served table answers on, and the one said at the table.

A wildcard bind (``0.0.0.0``, ``::`` or empty) answers on every address of the machine: they are read from its
interfaces (``psutil``), IPv4 for ``0.0.0.0``, IPv4 and IPv6 for ``::`` (the server makes that socket dual-stack)
and for an empty host. The address said is one a phone on the local network can reach: the IPv4 address of the
default route first (most phones and Wi-Fi networks have one), else the IPv6 one, else the loopback.
Link-local IPv6 addresses (``fe80::``) are left out: a browser cannot open them without a zone.
"""

from __future__ import annotations

import contextlib
import ipaddress
import re
import socket

WILDCARDS = ("", "0.0.0.0", "::")
_LABEL = re.compile(r"^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$")


def route_address(v6: bool) -> str | None:
    """This machine's address on the default route (no packet is sent: a UDP socket only picks its route)."""
    family, probe = (socket.AF_INET6, "2001:db8::1") if v6 else (socket.AF_INET, "192.0.2.1")
    try:
        with socket.socket(family, socket.SOCK_DGRAM) as sock:
            sock.connect((probe, 9))
            found = str(sock.getsockname()[0]).split("%")[0]
    except OSError:
        return None
    return None if ipaddress.ip_address(found).is_loopback else found


def announced(host: str) -> str:
    """The address said at the table for a server bound to ``host``."""
    if host not in WILDCARDS:
        return host
    found = route_address(False) or (route_address(True) if host != "0.0.0.0" else None)
    return found or ("127.0.0.1" if host != "::" or dual_stack() else "::1")


def dual_stack() -> bool:
    """Whether an IPv6 socket can take IPv4 connections on this system (``IPV6_V6ONLY`` can be turned off)."""
    return socket.has_dualstack_ipv6()


def _usable(address: str) -> bool:
    try:
        found = ipaddress.ip_address(address)
    except ValueError:
        return False
    return not (found.version == 6 and found.is_link_local)


def machine_addresses(host: str) -> set[str]:
    """Every address of this machine a server bound to the wildcard ``host`` answers on."""
    import psutil

    families = {socket.AF_INET} if host == "0.0.0.0" else {socket.AF_INET, socket.AF_INET6}
    found: set[str] = set()
    with contextlib.suppress(OSError):
        for addresses in psutil.net_if_addrs().values():
            found |= {str(a.address).split("%")[0] for a in addresses if a.family in families}
    found |= {a for a in (route_address(False), route_address(True) if socket.AF_INET6 in families else None) if a}
    return {a for a in found if _usable(a)}


def local_name() -> str | None:
    """This machine's multicast-DNS name (``NAME.local``), when its host name is one plain DNS label."""
    name = socket.gethostname().split(".")[0].lower()
    return f"{name}.local" if _LABEL.match(name) else None


__all__ = ["WILDCARDS", "announced", "dual_stack", "local_name", "machine_addresses", "route_address"]
