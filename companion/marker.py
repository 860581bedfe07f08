"""The gettext marker ``N_``: one definition for every catalog.

``N_`` marks a message id where it is declared (a card field, an option's help, a
refusal's key) so that pybabel extracts it; the words are translated later, where
they are said, in the listener's language. It returns its argument unchanged.
"""

from __future__ import annotations


def N_(message: str) -> str:  # noqa: N802 - the gettext marker convention
    """``message`` itself: the mark is for the extractor, the translation happens where it is said."""
    return message


def plural(singular: str, plural: str) -> tuple[str, str]:
    """A plural message id (``{count} life``, ``{count} lives``) declared as data: the extractor takes both forms
    (the ``plural`` keyword, as for ``Translator.plural``), which translates them later by the count said."""
    return singular, plural
