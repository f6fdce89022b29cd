"""Map readings kept by what they depend on, across moves and across fights.

A map's own cache (``HexMap._cache``) is emptied by every change, so a reading made
before a move is made again after it, although most readings depend on a few creatures
only: the cover between two creatures on the cells near the line between them, the cells
a creature threatens on its footprint, reach and the walls. GM prep plays the same start
thousands of times (issue 25, item 4: the reference tier's map fights), and the same
readings come back move after move and fight after fight. Each reading here is kept under
a key of *everything it reads* - the map's static layers (:func:`static_id`) and the
creatures' values it uses - so a kept reading is the one a fresh computation gives: only
the speed differs (tests: ``tests/battlemap/test_map_kept.py``). Kept values never change
(frozen dataclasses, frozensets); at most :data:`LIMIT` are kept, then all are dropped.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, TypeVar

__all__ = ["kept", "static_id", "clear", "LIMIT"]

T = TypeVar("T")

#: Readings kept at most (then every one is dropped and they are made again).
LIMIT = 200_000

_KEPT: dict[Hashable, Any] = {}
_STATIC: dict[Hashable, int] = {}


def kept(key: Hashable, make: Callable[[], T]) -> T:
    """The reading kept under ``key``, made by ``make()`` the first time.

    Args:
        key: Everything the reading depends on (with the map's :func:`static_id`).
        make: Makes the reading (a value never changed afterwards).
    """
    try:
        return _KEPT[key]
    except KeyError:
        pass
    value = make()
    if len(_KEPT) >= LIMIT:
        _KEPT.clear()
    _KEPT[key] = value
    return value


def static_id(layers: Hashable) -> int:
    """A small number standing for a map's static layers (``layers``: its geometry, size,
    terrain, wall heights, as one hashable value): equal layers, equal numbers, in this
    process."""
    found = _STATIC.get(layers)
    if found is None:
        if len(_STATIC) >= 10_000:  # pragma: no cover - a process painting many maps
            _STATIC.clear()
            _KEPT.clear()
        found = _STATIC[layers] = len(_STATIC) + 1
    return found


def clear() -> None:
    """Forget every kept reading (tests compare a kept reading with a fresh one)."""
    _KEPT.clear()
