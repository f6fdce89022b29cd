"""One object per hex for a map's cells, footprints and neighbours (lfgcombat/battlemap/
grid.py, ``_hex``; issue 25, item 4): a search's look-ups then find the key itself. The
hexes handed out are equal to, hash as, order as and print as hexes made afresh, so
nothing depends on which object a hex is."""

from __future__ import annotations

from lfgcombat.battlemap import HexMap
from lfgcombat.battlemap.grid import Hex, HexGeometry, _hex, offset_to_hex


def test_the_one_hex_is_a_hex_made_afresh():
    for q, r in ((0, 0), (3, -2), (-7, 11)):
        h, fresh = _hex(q, r), Hex(q, r)
        assert h is _hex(q, r)
        assert h == fresh and hash(h) == hash(fresh) == hash((q, r))
        assert repr(h) == repr(fresh) and not (h < fresh) and not (fresh < h)


def test_cells_neighbours_and_footprints_share_the_objects():
    g = HexGeometry()
    m = HexMap(6, 4)
    for col in range(6):
        for row in range(4):
            c = g.cell(col, row)
            assert c == offset_to_hex(col, row) and c is _hex(c.q, c.r)
            assert c in m.cells
            for n in c.neighbors():
                assert n is _hex(n.q, n.r) and n == Hex(n.q, n.r)
                assert c in n.neighbors()
            for size in (1, 3, 7):
                assert all(x is _hex(x.q, x.r) for x in g.footprint(c, size))
    assert sorted(m.cells) == sorted(Hex(h.q, h.r) for h in m.cells)


def test_within_ft_hands_out_the_one_objects_of_the_spiral():
    g = HexGeometry()
    for feet in (0, 5, 10, 15):
        got = g.within_ft(Hex(2, 1), feet)
        assert got == Hex(2, 1).spiral(feet // 5)
        assert all(h is _hex(h.q, h.r) for h in got)
