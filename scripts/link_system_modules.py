"""Make chosen Debian Python modules importable from the venv, and nothing else.

Debian ships liblouis, Speech Dispatcher and BrlAPI bindings for its own Python
in /usr/lib/python3/dist-packages. Adding that whole folder to the venv would
drag in every other Debian module; a symbolic link per module keeps the venv
clean. (The PyPI package named "louis" is unrelated and must never be used.)
"""

from __future__ import annotations

import sys
import sysconfig
from pathlib import Path

SYSTEM_DIRS = [Path("/usr/lib/python3/dist-packages"), Path("/usr/lib/python3/site-packages")]


def candidates(name: str) -> list[Path]:
    found: list[Path] = []
    for folder in SYSTEM_DIRS:
        if not folder.is_dir():
            continue
        found.extend(p for p in folder.iterdir()
                     if p.name == name or p.name.startswith(name + ".") and p.suffix in (".py", ".so"))
    return found


def main(names: list[str]) -> int:
    site = Path(sysconfig.get_paths()["purelib"])
    for name in names:
        paths = candidates(name)
        if not paths:
            print(f"companion: Debian module '{name}' not found; its feature will be unavailable.", file=sys.stderr)
            continue
        for source in paths:
            link = site / source.name
            if link.is_symlink() or link.exists():
                if link.is_symlink() and link.resolve() == source.resolve():
                    continue
                if link.is_symlink():
                    link.unlink()
                else:
                    continue  # a real module of that name is installed: leave it
            link.symlink_to(source)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
