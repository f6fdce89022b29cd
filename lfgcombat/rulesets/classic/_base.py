"""What every module of the ``classic`` ruleset shares: its text, citations, input checks.

The ruleset ``classic`` is the text ``002_2a3a79475ca2a541.txt`` (in ``shared/seeds/``).
"""

from __future__ import annotations

import dataclasses
import difflib
import functools
import operator
from collections.abc import Iterable
from typing import Any, TypeVar

from lfgcombat.rules.citations import cite
from lfgcombat.errors import LfgError
from lfgcombat._made import made

__all__ = ["TEXT", "rule", "ClassicError", "check_int", "check_choice", "check_keys",
           "evolve", "made", "kept_property"]

_V = TypeVar("_V")

#: The rules text of the ``classic`` ruleset.
TEXT = "002_2a3a79475ca2a541.txt"


def rule(*headings: str) -> str:
    """The citation of headings of the text, e.g. ``002_2a3a79475ca2a541.txt, "Death"``."""
    return cite(*headings, file=TEXT)


class ClassicError(LfgError, ValueError):
    """A bad input to a ``classic`` rule; names the field, what was wrong and what to do.

    Attributes:
        field: The argument or field at fault.
    """

    def __init__(self, field: str, message: str) -> None:
        self.field = field
        super().__init__(f"{field}: {message}")


def check_int(field: str, value: object, lo: int | None = None,
              hi: int | None = None, error: type[ClassicError] = ClassicError) -> int:
    """``value`` if it is a whole number within ``[lo, hi]``.

    Raises:
        ClassicError: (or ``error``) naming ``field`` when ``value`` is not an int or out of
            range.
    """
    if isinstance(value, bool) or not isinstance(value, int):
        raise error(field, f"expected a whole number, not {value!r:.60}")
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        bounds = f"from {lo} to {hi}" if lo is not None and hi is not None else (
            f">= {lo}" if lo is not None else f"<= {hi}")
        raise error(field, f"{value} is out of range; give a whole number {bounds}")
    return value


def check_choice(field: str, value: object, choices: tuple[str, ...],
                 error: type[ClassicError] = ClassicError) -> str:
    """``value`` if it is one of ``choices``.

    Raises:
        ClassicError: (or ``error``) naming ``field`` and the valid choices otherwise.
    """
    if not isinstance(value, str) or value not in choices:
        raise error(field, f"{value!r:.60} is not one of {', '.join(choices)}")
    return value


def check_keys(field: str, given: Iterable[str], known: tuple[str, ...], what: str,
               error: type[ClassicError] = ClassicError) -> None:
    """Refuse keyword arguments outside ``known``, each with a "did you mean" when one is
    close (as lfg's :class:`~lfgcombat.rules.attacks.Situation` does).

    Args:
        field: The field the error names (``"situation"``).
        given: The keys given.
        known: The keys accepted.
        what: What takes them (``"a classic attack"``).

    Raises:
        ClassicError: (or ``error``) naming every unknown key and listing ``known``.
    """
    parts = [_hinted(k, known) for k in given if k not in known]
    if parts:
        raise error(field, f"unknown key {', '.join(parts)}: not part of {what}; "
                    f"give {', '.join(known)}")


def _hinted(key: object, known: tuple[str, ...]) -> str:
    """``'concealmnt' (did you mean 'concealment'?)``, or the key alone when none is close."""
    close = difflib.get_close_matches(str(key), known, 1)
    return f"{key!r}" + (f" (did you mean {close[0]!r}?)" if close else "")


def evolve(value: _V, **changes: Any) -> _V:
    """A copy of the frozen dataclass ``value`` with ``changes``, for the steps of a rule
    whose new values it has checked already (a round's budget, a fighter's vitals): its
    fields are copied as they are and its checks (``__post_init__``) not run again, nor is
    what ``value`` kept of itself copied (issue 24, "Fast": every step of a turn checked
    every field again). ``dataclasses.replace`` for anything else.
    """
    cls = type(value)
    fields_of = _FIELDS.get(cls)
    if fields_of is None:
        fields_of = _FIELDS[cls] = _fields_of(value)
    names, order, get = fields_of
    if not names.issuperset(changes):
        return dataclasses.replace(value, **changes)  # type: ignore[type-var]
    new = object.__new__(cls)
    fields_now = new.__dict__
    old = value.__dict__
    if len(old) == len(order):  # its fields alone: nothing kept on it
        fields_now.update(old)
    else:  # (its fields picked in one go, read here: issue 24, "Fast")
        fields_now.update(zip(order, get(old)))
    fields_now.update(changes)
    return new


def _fields_of(value: Any) -> tuple[frozenset[str], tuple[str, ...], Any]:
    """The names of ``value``'s fields (as a set, and in order), and what reads their
    values out of its ``__dict__`` in that order (as a tuple)."""
    names = tuple(f.name for f in dataclasses.fields(value))
    if len(names) > 1:
        return frozenset(names), names, operator.itemgetter(*names)

    def get(d: dict[str, Any]) -> tuple[Any, ...]:
        return tuple(d[n] for n in names)
    return frozenset(names), names, get


#: A frozen dataclass's type -> :func:`_fields_of` it (read once a type).
_FIELDS: dict[type, tuple[frozenset[str], tuple[str, ...], Any]] = {}


class kept_property(functools.cached_property[_V]):
    """:func:`functools.cached_property` without its lock: a reading of a frozen value (a
    fighter's vitals, its conditions) made at the first look and kept on it. Python 3.11's
    ``cached_property`` takes a lock at every first look, which cost more than the
    readings themselves (issue 24, "Fast"); these values are never shared between threads
    while they are made (a reading made twice gives the same value)."""

    def __get__(self, instance: Any, owner: type | None = None) -> Any:
        if instance is None:
            return self
        value = instance.__dict__[self.attrname] = self.func(instance)
        return value
