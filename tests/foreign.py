"""A "foreign platform" for companion subprocesses: Linux with what only Linux has taken away.

`foreign_env` returns the environment for such a subprocess: tests/foreign_platform/ is put
first on ``PYTHONPATH``, so its ``sitecustomize`` runs before the companion and makes
``fcntl``, ``louis``, ``speechd`` and ``brlapi`` unimportable, removes ``os.pidfd_open`` and
``os.killpg``, and makes every path under ``/proc`` missing. What the companion reached for
is written to ``seen`` (one name a line), so a test can check the run did meet the gaps.

The ``foreign_env`` fixture (tests/conftest.py) gives the same, with ``seen`` in the test's
own folder: ``env = foreign_env(base_env)``; ``foreign_env.seen()`` lists what was met.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

SITE = Path(__file__).resolve().parent / "foreign_platform"


def foreign_env(base: Mapping[str, str] | None = None, seen: Path | None = None) -> dict[str, str]:
    """``base`` (default: this process's environment) for a subprocess on the foreign platform."""
    env = dict(os.environ if base is None else base)
    env["PYTHONPATH"] = os.pathsep.join([str(SITE), *filter(None, [env.get("PYTHONPATH")])])
    if seen is not None:
        env["COMPANION_FOREIGN_SEEN"] = str(seen)
    return env


class ForeignEnv:
    """The fixture's value: call it with a base environment; `seen` lists what the companion reached for."""

    def __init__(self, log: Path) -> None:
        self.log = log

    def __call__(self, base: Mapping[str, str] | None = None) -> dict[str, str]:
        return foreign_env(base, self.log)

    def seen(self) -> set[str]:
        """The blocked modules and ``/proc`` that some foreign subprocess tried to use, so far."""
        try:
            return set(self.log.read_text(encoding="utf-8").split())
        except FileNotFoundError:
            return set()
