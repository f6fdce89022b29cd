"""What every module of the ``wounds`` ruleset shares: its text, citations, input checks.

The ruleset ``wounds`` is the text ``003_de0e94afd49609a7.txt`` (in ``shared/seeds/``).
"""

from __future__ import annotations

from lfgcombat.citations import cite
from lfgcombat.classic._base import ClassicError
from lfgcombat.classic._base import check_choice as _check_choice
from lfgcombat.classic._base import check_int as _check_int

__all__ = ["TEXT", "rule", "WoundsError", "check_int", "check_choice"]

#: The rules text of the ``wounds`` ruleset.
TEXT = "003_de0e94afd49609a7.txt"


def rule(*headings: str) -> str:
    """The citation of headings of the text, e.g. ``003_de0e94afd49609a7.txt, "Acid"``."""
    return cite(*headings, file=TEXT)


class WoundsError(ClassicError):
    """A bad input to a ``wounds`` rule; names the field, what was wrong and what to do.

    (It shares :class:`~lfgcombat.classic.ClassicError`'s shape: ``field`` and message;
    both are :class:`~lfgcombat.errors.LfgError` and ``ValueError``.)
    """


def check_int(field: str, value: object, lo: int | None = None, hi: int | None = None) -> int:
    """``value`` if it is a whole number within ``[lo, hi]``, else :class:`WoundsError`."""
    return _check_int(field, value, lo, hi, error=WoundsError)


def check_choice(field: str, value: object, choices: tuple[str, ...]) -> str:
    """``value`` if it is one of ``choices``, else :class:`WoundsError`."""
    return _check_choice(field, value, choices, error=WoundsError)
