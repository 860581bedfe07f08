"""msgspec imported without typing_extensions, as msgspec does wherever typing_extensions is not installed (issue 34).

msgspec imports typing_extensions, when it can, for two names only: ``get_type_hints`` and ``Required`` /
``NotRequired``. typing_extensions imports ``inspect`` (hence ``ast``, ``dis``, ``tokenize``): 5 ms or more of every
``companion play`` before the first sentence, once the dataclasses (which import ``inspect`` too) are gone. On the
Pythons the companion runs on (3.11 and later) msgspec's own fallback is the same thing: typing_extensions'
``get_type_hints`` with ``include_extras=True`` (msgspec's only call) returns ``typing.get_type_hints``'s result
unchanged, and its ``Required`` and ``NotRequired`` are ``typing``'s own objects. typing_extensions is not one of
msgspec's dependencies: msgspec is built and tested to run without it.

So the first import of msgspec hides typing_extensions (``sys.modules[name] = None``: an ``ImportError``, which
msgspec catches) and then shows it again: what imports it later (starlette, for ``--serve``) gets it as always.
This is the one place that does it; tests/test_startup_imports.py checks that a game still starts, resumes (the save
file's and the card file's Structs decoded) and that typing_extensions imports normally afterwards.
"""

from __future__ import annotations

import sys


def import_msgspec() -> None:
    """Import msgspec, unless it or typing_extensions is imported already (then nothing is to be saved)."""
    if "msgspec" in sys.modules or "typing_extensions" in sys.modules:
        return
    sys.modules["typing_extensions"] = None  # type: ignore[assignment]
    try:
        import msgspec  # noqa: F401
    finally:
        if sys.modules.get("typing_extensions", 0) is None:
            del sys.modules["typing_extensions"]
