"""A move's path kept by everything its search reads (issue 24, item 6: a load replays
every move; lfgcombat/battlemap/kept.py).

:meth:`HexMap.path` keeps the path :meth:`~lfgcombat.battlemap.pathing._Pathing._walk_path`
finds under the map's whole state (:meth:`_world_key`), so a replay of the same fight (a
load, an undo, a fork) finds it again without searching. Each kept path is compared with a
fresh search, on the same map and on an equal map built again, after creatures move, fall
Prone, and a wall is painted (000_8d1d7816ee944f3b.txt, "Moving in Combat – Terrain,
Creatures, & Other Issues", "What actions normally Provoke AOO?").
"""

from __future__ import annotations

import pytest

from lfgcombat.battlemap import HexMap, kept
from lfgcombat.errors import IllegalActionError

from ._maps import skirmish


def _paths(m: HexMap, *, fresh: bool) -> dict:
    """Every creature's path to every cell (avoiding AOO or not), or the refusal's text;
    ``fresh``: with nothing kept (each answer searched again)."""
    out = {}
    for name in m.names:
        for to in m._cells:
            for avoid in (True, False):
                if fresh:
                    kept.clear()
                m._cache.clear()
                try:
                    out[name, to, avoid] = m.path(name, to, avoid_provoking=avoid)
                except IllegalActionError as exc:
                    out[name, to, avoid] = str(exc)
    return out


@pytest.fixture(autouse=True)
def _forget():
    kept.clear()
    yield
    kept.clear()


def _check(m: HexMap) -> None:
    first = _paths(m, fresh=False)  # kept as they are made (and found again below)
    assert kept._KEPT.get("path")
    assert _paths(m, fresh=False) == first == _paths(m, fresh=True)


def test_kept_paths_are_fresh_searches_after_moves_prone_and_walls():
    m = skirmish(shaman=False)
    _check(m)
    m.relocate("Wulfric", (4, 3))
    _check(m)
    m.set_terrain((5, 3), "wall")
    _check(m)
    m.update(m.creature("Orc 1").replace(conditions=["prone"]))  # threatens nothing
    _check(m)


def test_an_equal_map_built_again_finds_the_kept_path():
    m = skirmish(shaman=False)
    first = m.path("Wulfric", (5, 3))
    again = skirmish(shaman=False)  # other objects, the same state: the kept path
    assert again.path("Wulfric", (5, 3)) == first
    m._cache.clear()
    assert m._walk_path("Wulfric", m._as_cell((5, 3)), "move", None, True) == first


def test_a_kept_path_is_handed_out_as_a_new_list():
    m = skirmish(shaman=False)
    p = m.path("Wulfric", (5, 3))
    p.append("changed")
    m._cache.clear()
    assert "changed" not in m.path("Wulfric", (5, 3))


def test_kept_paths_are_bounded(monkeypatch):
    """A kept path's key holds the map's whole state: fewer are kept than of the small
    readings (5,000, some 15 MB), then they are dropped and searched again."""
    assert kept.LIMITS["path"] == 5_000
    monkeypatch.setitem(kept.LIMITS, "path", 2)
    m = skirmish(shaman=False)
    for to in ((5, 3), (4, 4), (2, 4)):
        m._cache.clear()
        m.path("Wulfric", to)
    assert 0 < len(kept._KEPT["path"]) <= 2
