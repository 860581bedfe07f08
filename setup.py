"""The one build step pyproject.toml cannot say: compile the French catalogs into the wheel.

The ``.mo`` files are build products (never committed), so every wheel, sdist
install or ``pip install .`` compiles them from the ``.po`` files it packs, with
Babel, the way ``python -m companion.i18n compile`` does for the source tree.
"""

from __future__ import annotations

from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py


class BuildWithCatalogs(build_py):
    """``build_py``, then each packed ``.po`` compiled to its ``.mo`` beside it."""

    def run(self) -> None:
        super().run()
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po

        for po_path in sorted(Path(self.build_lib, "companion", "locale").glob("*/LC_MESSAGES/*.po")):
            with po_path.open("rb") as source:
                catalog = read_po(source)
            with po_path.with_suffix(".mo").open("wb") as target:
                write_mo(target, catalog)


setup(cmdclass={"build_py": BuildWithCatalogs})
