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
(frozen dataclasses, frozensets), but for one kind: ``"here"`` keeps the dict of readings of
where creatures stand (:meth:`~lfgcombat.battlemap.core._MapCore._kept_here`) for a whole
map state, which every map standing so fills as it reads; each reading in it is the one
that state gives (``tests/battlemap/test_map_kept_here_again.py``). At most :data:`LIMIT`
of a kind (:data:`LIMITS`) are kept, then that kind's are dropped.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Hashable
from typing import Any, TypeVar

__all__ = ["kept", "static_id", "token", "clear", "LIMIT", "LIMITS"]

T = TypeVar("T")

#: Readings of one kind kept at most (then every one of that kind is dropped and they are
#: made again): a few megabytes of small readings per process.
LIMIT = 50_000
#: Kinds with a limit of their own: a movement's reach holds its searches' paths (tens of
#: kilobytes each: some 50 MB at most), so fewer are kept; a move's path is small, but its
#: key holds the whole map's state (a few kilobytes: some 15 MB at most); so does the key
#: of the readings of where creatures stand (``"here"``: a dict of some hundred readings).
LIMITS = {"reachable": 1_000, "path": 5_000, "here": 2_000}

_KEPT: dict[Hashable, dict[Hashable, Any]] = {}
_STATIC: dict[Hashable, int] = {}
_TOKENS: dict[Hashable, int] = {}
_NEXT_TOKEN = itertools.count(1)


def kept(key: tuple, make: Callable[[], T]) -> T:
    """The reading kept under ``key``, made by ``make()`` the first time.

    Args:
        key: Everything the reading depends on (with the map's :func:`static_id`), its
            kind first (``"cover"``, ``"thr"``, ``"reachable"``...).
        make: Makes the reading (a value never changed afterwards).
    """
    store = _KEPT.get(key[0])
    if store is None:
        store = _KEPT[key[0]] = {}
    try:
        return store[key]
    except KeyError:
        pass
    value = make()
    if len(store) >= LIMITS.get(key[0], LIMIT):
        store.clear()
    store[key] = value
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


def token(value: Hashable) -> int:
    """A small number standing for ``value`` by content in this process: equal values,
    equal numbers. A key holding it instead of a big value (a creature) is hashed and
    compared at the cost of a number (issue 24, item 6: a creature's hash and equality
    walk every one of its fields, at every look-up). When too many are kept they are
    forgotten, and a value then gets a new number, never one another value had (a
    reading kept under the old number is then made again, never mistaken)."""
    found = _TOKENS.get(value)
    if found is None:
        if len(_TOKENS) >= LIMIT:
            _TOKENS.clear()
        found = _TOKENS[value] = next(_NEXT_TOKEN)
    return found


def clear() -> None:
    """Forget every kept reading (tests compare a kept reading with a fresh one)."""
    _KEPT.clear()
    _TOKENS.clear()
