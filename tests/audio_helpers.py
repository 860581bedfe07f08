"""Measuring synthesized audio with sox, for the speech tests."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path


def stat(path: Path) -> dict[str, float]:
    """sox's ``stat`` figures (printed on stderr): "RMS amplitude", "Length (seconds)"…"""
    result = subprocess.run(["sox", str(path), "-n", "stat"], capture_output=True, text=True, check=True, timeout=30)
    figures = {}
    for line in result.stderr.splitlines():
        name, _, value = line.partition(":")
        if re.fullmatch(r"\s*-?[\d.]+\s*", value):
            figures[" ".join(name.split())] = float(value)
    return figures
