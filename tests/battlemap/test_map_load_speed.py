"""The map's short cuts for a load's replay (issue 24, item 6: a 2,000-event save re-runs
hundreds of commands, and the map answers the same questions after every one): each is
compared with the full computation it stands for, after every change of a seeded random
sequence of placements (sharing a hex), moves and removals.

Rules: 000_8d1d7816ee944f3b.txt, "Space in Combat Gameplay" (the Cramped condition of
creatures sharing a space); "Moving in Combat – Terrain, Creatures, & Other Issues" (tight
spaces).
"""

from __future__ import annotations

import random

import pytest

from lfgcombat.errors import IllegalActionError
from lfgcombat.battlemap import HexMap

from ._maps import Mob

SIZES = ("tiny", "small", "medium", "medium", "large", "huge")


def _full_scan(m: HexMap, name: str) -> tuple[str, ...]:
    """:meth:`HexMap.cramped` worked out by scanning every placed creature (the short cut,
    nobody else on its cells, switched off)."""
    m._someone_shares = lambda cells: True
    try:
        return m._cramped(name)
    finally:
        del m._someone_shares


def _occupancy(m: HexMap) -> dict:
    """Who stands on each cell, worked out from the placed creatures' footprints."""
    out: dict = {}
    for n, p in m._placed.items():
        for c in p.cells:
            out.setdefault(c, []).append(n)
    return {c: sorted(v) for c, v in out.items()}


def _random_change(m: HexMap, rng: random.Random, i: int) -> None:
    pick = rng.random()
    cell = (rng.randrange(m.width), rng.randrange(m.height))
    try:
        if pick < 0.45 or not m.names:
            size = rng.choice(SIZES)
            m.place(Mob(f"M{i}", size, conditions=("grappled",) if rng.random() < 0.1
                        else ()), cell, side=rng.choice(("party", "foes")), share=True)
        elif pick < 0.8:
            m.move(rng.choice(m.names), cell, action="move")
        elif pick < 0.9:
            m.set_terrain(cell, rng.choice(("tight", "normal")))
        else:
            m.remove(rng.choice(m.names))
    except IllegalActionError:
        pass


@pytest.mark.parametrize("seed", range(6))
def test_cramped_is_the_full_scan_after_every_change(seed):
    """The Cramped condition from where a creature stands ("Space in Combat Gameplay"):
    the reading (which skips the scan of every creature when nobody else stands on the
    creature's cells) equals the full scan after every change, and the occupancy index
    it trusts is the placed creatures' footprints."""
    rng = random.Random(seed)
    m = HexMap(6, 5)
    shared = 0
    for i in range(120):
        _random_change(m, rng, i)
        assert {c: sorted(v) for c, v in m._occupants.items()} == _occupancy(m)
        for n in m.names:
            assert m.cramped(n) == _full_scan(m, n), (seed, i, n)
            shared += bool(m.cramped(n))
    assert shared, "the sequence made somebody Cramped"
