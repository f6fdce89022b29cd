"""Building frozen values fast: a frozen dataclass made without its `__init__` (issue 24,
item 6, "Fast"). Shared by the attacks and the rulesets' records (a module of its own,
imported by both without an import cycle)."""

from __future__ import annotations

import dataclasses
from typing import Any, TypeVar

_T = TypeVar("_T")

#: A dataclass -> its fields' names, in order (read once).
_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


def made(cls: type[_T], *values: Any) -> _T:
    """``cls(*values)`` for a frozen dataclass with no ``__post_init__``, every field given
    in order: its fields set without the dataclass's ``__init__`` (one ``object.__setattr__``
    a field), the same value made faster (every attack makes a setup, its verdicts and its
    result).

    Raises:
        TypeError: not as many values as ``cls`` has fields.
    """
    names = _FIELD_NAMES.get(cls)
    if names is None:
        names = _FIELD_NAMES[cls] = tuple(f.name for f in dataclasses.fields(cls))  # type: ignore[arg-type]
    if len(values) != len(names):
        raise TypeError(f"{cls.__name__} takes {len(names)} fields, not {len(values)}")
    obj = object.__new__(cls)
    obj.__dict__.update(zip(names, values))
    return obj
