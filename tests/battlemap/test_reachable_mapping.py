"""``Reachable`` is a read-only mapping of end cell to feet (issue 10, item 8).

The costs follow 000_8d1d7816ee944f3b.txt, "Moving in Combat – Terrain, Creatures, & Other
Issues": 5 ft a hex, 10 ft into Difficult Terrain.
"""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from lfgcombat.battlemap import Figure, HexMap, Reachable


def _reach() -> tuple[HexMap, Reachable]:
    m = HexMap(7, 5)
    m.set_terrain((3, 2), "difficult")
    m.place(Figure("A", speed=10), (2, 2))
    return m, m.reachable("A")


def test_reachable_is_a_mapping_of_cell_to_feet() -> None:
    m, r = _reach()
    assert isinstance(r, Mapping)
    assert r[m.cell(1, 2)] == 5
    assert r[m.cell(3, 2)] == 10  # "Entering a hex of Difficult Terrain costs 2 hexes"
    assert r.get(m.cell(6, 4)) is None
    assert dict(r.items()) == dict(r.cost)
    assert list(r.keys()) == sorted(r.cost) and list(r) == sorted(r.cost)
    assert sorted(r.values()) == sorted(r.cost.values())
    assert r == dict(r.cost)
    with pytest.raises(KeyError):
        r[m.cell(6, 4)]


def test_reachable_is_read_only_and_keeps_its_attributes() -> None:
    m, r = _reach()
    with pytest.raises(TypeError):
        r[m.cell(1, 2)] = 0  # type: ignore[index]
    with pytest.raises(TypeError):
        r.cost[m.cell(1, 2)] = 0  # type: ignore[index]
    assert (r.name, r.action, r.budget_ft) == ("A", "move", 10)
    assert r.safe == frozenset(r.cost) - r.provoking
    assert r.path_to(m.cell(1, 2))[-1] == m.cell(1, 2)
    assert repr(r).startswith("Reachable('A', move, 10 ft:")
