"""A path to one cell is the path the whole reachable search gives (issue 24, "Fast").

:meth:`HexMap.path` of a move or a retreat searches only until the end cell is settled
(:meth:`~lfgcombat.battlemap.pathing._Pathing._walk_path`) instead of finding every cell
the creature can reach; the cost, the path and the choice of a path that provokes no AOO
must be exactly those of :meth:`HexMap.reachable` (000_8d1d7816ee944f3b.txt, "Moving in
Combat – Terrain, Creatures, & Other Issues", "What actions normally Provoke AOO?"), on
hexes and squares, with walls, Difficult Terrain, allies and foes in the way.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from lfgcombat.battlemap import HexMap
from lfgcombat.errors import IllegalActionError

from ._maps import Mob

W, H = 9, 7
_CELLS = st.tuples(st.integers(0, W - 1), st.integers(0, H - 1))
_NEAR = st.tuples(st.integers(W // 2 - 2, W // 2 + 2), st.integers(H // 2 - 2, H // 2 + 2))


def _board(grid, walls, rough, allies, foes, mover_size):
    m = HexMap(W, H, grid=grid)
    m.place(Mob("Mover", mover_size), (W // 2, H // 2), side="party")
    taken = set()
    for kind, cells in (("wall", walls), ("difficult", rough)):
        for c in cells:
            try:
                m.set_terrain(c, kind)
            except IllegalActionError:  # a wall under the mover
                continue
            taken.add(c)
    for side, cells in (("party", allies), ("foes", foes)):
        for i, c in enumerate(cells):
            if c in taken:
                continue
            try:
                m.place(Mob(f"{side}{i}"), c, side=side)
            except IllegalActionError:
                continue
    return m


def _full(m, to, action, avoid):
    """The whole search's answer: (path) or the refusal's text."""
    m._cache.clear()
    try:
        return m.reachable("Mover", action=action).path_to(m._as_cell(to), avoid)
    except KeyError:
        return "unreachable"


@settings(max_examples=300, deadline=None)
@given(grid=st.sampled_from(["hex", "square"]),
       walls=st.lists(_CELLS, max_size=10), rough=st.lists(_CELLS, max_size=10),
       allies=st.lists(_NEAR, max_size=3), foes=st.lists(_NEAR, min_size=1, max_size=4),
       size=st.sampled_from(["medium", "large"]), to=_CELLS,
       action=st.sampled_from(["move", "retreat"]), avoid=st.booleans())
def test_a_path_to_one_cell_is_the_whole_searchs(grid, walls, rough, allies, foes, size,
                                                 to, action, avoid):
    m = _board(grid, walls, rough, allies, foes, size)
    want = _full(m, to, action, avoid)
    m._cache.clear()
    try:
        got = m.path("Mover", to, action=action, avoid_provoking=avoid)
    except IllegalActionError:
        got = "unreachable"
    assert got == want


def test_the_point_search_answers_without_the_whole_search():
    """The whole search is not run for a reachable cell (nothing kept in the cache)."""
    m = _board("hex", [], [], [], [(1, 1)], "medium")
    path = m.path("Mover", (5, 4))
    assert path[0] == m.token("Mover").anchor and m._as_cell((5, 4)) == path[-1]
    assert not any(k[0] == "reach" for k in m._cache)
