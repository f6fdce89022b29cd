"""A* to one hex gives the path Dijkstra gives (issue 24, "Fast").

On a hex map :meth:`HexMap.path` of a move or a retreat searches towards the end cell by
A* (:meth:`~lfgcombat.battlemap.pathing._Pathing._astar`) instead of Dijkstra stopped at
that cell (:meth:`~lfgcombat.battlemap.pathing._Pathing._search`). The cost rules are the
text's (000_8d1d7816ee944f3b.txt, "Moving in Combat – Terrain, Creatures, & Other Issues":
5 ft a hex, 10 ft into Difficult Terrain; "What actions normally Provoke AOO?": exits from
threatened hexes skipped), and among equally cheap paths A* must give exactly Dijkstra's,
so saved fights replay the same moves.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from lfgcombat.battlemap import HexMap
from lfgcombat.battlemap.pathing import _unwind

from .test_path_to_one_cell import _CELLS, _NEAR, _board


def _dijkstra(m: HexMap, name: str, budget: int, goal, **how):
    cost, (states, prev) = m._search(name, budget, goal=goal, **how)
    return _unwind(prev, states[goal]) if goal in cost and cost[goal] <= budget else None


def _cases(m: HexMap):
    """The searches a move makes: avoiding the threatened hexes and the foes, or not."""
    yield {}
    yield {"through_helpless": False}
    yield {"avoid": m._threat_cells("Mover"), "avoid_names": frozenset(m.enemies("Mover"))}


@settings(max_examples=400, deadline=None)
@given(walls=st.lists(_CELLS, max_size=12), rough=st.lists(_CELLS, max_size=14),
       allies=st.lists(_NEAR, max_size=3), foes=st.lists(_NEAR, max_size=4),
       size=st.sampled_from(["medium", "large", "huge"]), to=_CELLS,
       budget=st.sampled_from([5, 10, 15, 20, 30, 45, 60]))
def test_astar_gives_dijkstras_path(walls, rough, allies, foes, size, to, budget):
    m = _board("hex", walls, rough, allies, foes, size)
    goal = m._as_cell(to)
    for how in _cases(m):
        assert m._astar("Mover", budget, goal, **how) == _dijkstra(m, "Mover", budget, goal,
                                                                    **how)


def test_astar_breaks_ties_as_dijkstra_does_on_open_ground():
    """Many paths of equal cost on open ground: the one Dijkstra settles first, every
    end cell of the map (a wrong tie-break gives another path of the same cost)."""
    m = HexMap(11, 9)
    from ._maps import Mob
    m.place(Mob("Mover"), (5, 4), side="party")
    m.set_terrain([(3, 3), (6, 6), (7, 2)], "difficult")
    differ = 0
    for c in sorted(m.cells):
        if c == m.token("Mover").anchor:
            continue
        got = m._astar("Mover", 60, c)
        assert got == _dijkstra(m, "Mover", 60, c)
        differ += got is not None and len(got) > 2
    assert differ > 20  # the comparison saw many paths with ties to break
