"""What every module of the ``wounds`` ruleset shares: its text, citations, input checks.

The ruleset ``wounds`` is the text ``003_de0e94afd49609a7.txt`` (in ``shared/seeds/``).
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable

from lfgcombat.rules.citations import cite
from lfgcombat.rulesets.classic._base import ClassicError
from lfgcombat.rulesets.classic._base import check_choice as _check_choice
from lfgcombat.rulesets.classic._base import check_int as _check_int
from lfgcombat.rulesets.classic._base import evolve, kept_property, made

__all__ = ["TEXT", "rule", "WoundsError", "check_int", "check_choice", "check_keys",
           "evolve", "made", "kept_property"]

#: The rules text of the ``wounds`` ruleset.
TEXT = "003_de0e94afd49609a7.txt"


def rule(*headings: str) -> str:
    """The citation of headings of the text, e.g. ``003_de0e94afd49609a7.txt, "Acid"``."""
    return cite(*headings, file=TEXT)


class WoundsError(ClassicError):
    """A bad input to a ``wounds`` rule; names the field, what was wrong and what to do.

    (It shares :class:`~lfgcombat.rulesets.classic.ClassicError`'s shape: ``field`` and message;
    both are :class:`~lfgcombat.errors.LfgError` and ``ValueError``.)
    """


def check_int(field: str, value: object, lo: int | None = None, hi: int | None = None) -> int:
    """``value`` if it is a whole number within ``[lo, hi]``, else :class:`WoundsError`."""
    if type(value) is int and (lo is None or value >= lo) and (hi is None or value <= hi):
        return value  # (the common case, answered here: issue 24, "Fast")
    return _check_int(field, value, lo, hi, error=WoundsError)


def check_choice(field: str, value: object, choices: tuple[str, ...]) -> str:
    """``value`` if it is one of ``choices``, else :class:`WoundsError`."""
    return _check_choice(field, value, choices, error=WoundsError)


def check_keys(given: Iterable[str], known: tuple[str, ...], what: str) -> None:
    """Refuse a key of ``given`` that is not one of ``known`` (a situation key of a wounds
    attack), with a "did you mean" and the known keys, before anything is rolled.

    Raises:
        WoundsError: naming ``situation``, the key, the closest known one and all of them.
    """
    unknown = [str(k) for k in given if k not in known]
    if not unknown:
        return
    close = difflib.get_close_matches(unknown[0], list(known), n=1, cutoff=0.6)
    hint = f"; did you mean {close[0]!r}?" if close else ""
    raise WoundsError("situation", f"{unknown[0]!r:.40} is not part of {what}{hint} "
                      f"(known: {', '.join(known)})")
