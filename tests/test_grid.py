"""Hex and square geometry (lfgcombat.battlemap.grid).

Rules: 000_8d1d7816ee944f3b.txt, "Using the Battle Map – Measuring Distance in Combat",
"Option – Square Grid", "Square Grid - Space, Radius, Reach".
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from lfgcombat.battlemap.grid import (FLAT, POINTY, Hex, HexGeometry, Layout, Square,
                                      SquareGeometry, geometry, hex_corners, hex_to_offset,
                                      hex_to_pixel, offset_to_hex, pixel_to_hex, rectangle,
                                      square_distance_ft)

coord = st.integers(-60, 60)
hexes = st.builds(Hex, coord, coord)


# --- worked examples ---------------------------------------------------------------------
def test_thirty_hexes_is_150_feet():
    """ "A target 30 hexes away = 150 feet!" ("Using the Battle Map – Measuring Distance")."""
    assert Hex(0, 0).distance(Hex(30, 0)) * 5 == 150
    assert HexGeometry().distance_ft(Hex(2, 3), Hex(2, 33)) == 150
    assert HexGeometry().distance_ft(Hex(0, 0), Hex(-15, 30)) == 150


def test_move_speed_30_is_six_hexes():
    """ "A character with Move Speed 30 can move up to 6 hexes with a Big Action." """
    assert len(HexGeometry().within_ft(Hex(0, 0), 30)) == 1 + 3 * 6 * 7
    assert max(Hex(0, 0).distance(h) for h in HexGeometry().within_ft(Hex(0, 0), 30)) == 6


def test_square_diagonals_count_5_15_20_30_35_45_50():
    """ "When measuring diagonally on a square grid, count like this: 5, 15, 20, 30, 35, 45, 50"
    ("Option – Square Grid")."""
    got = [square_distance_ft(Square(0, 0), Square(k, k)) for k in range(1, 8)]
    assert got == [5, 15, 20, 30, 35, 45, 50]
    assert square_distance_ft(Square(0, 0), Square(4, 0)) == 20


@pytest.mark.parametrize("feet,straight,diagonal", [(5, 1, 1), (10, 2, 1), (20, 4, 3), (30, 6, 4)])
def test_square_reach_and_radius(feet, straight, diagonal):
    """ "10' Reach: Reaches 2 squares beyond occupied space, but only 1 square on the diagonal.
    20-Foot Radius: ... out 4 squares, but only 3 squares on the diagonal. 30-Foot Radius:
    ... 6 squares, but only 4 squares on the diagonal"; "5' Reach can reach all adjacent
    squares & diagonal" ("Square Grid - Space, Radius, Reach")."""
    area = set(SquareGeometry().within_ft(Square(0, 0), feet))
    assert Square(straight, 0) in area and Square(straight + 1, 0) not in area
    assert Square(diagonal, diagonal) in area and Square(diagonal + 1, diagonal + 1) not in area


def test_footprints_by_size():
    """Large 3 contiguous hexes, Huge 7 (3 across), Gargantuan 10 ("Size Categories");
    Large 2x2 and Huge 3x3 squares ("Square Grid - Space, Radius, Reach")."""
    g = HexGeometry()
    for n in (1, 3, 7, 10):
        cells = g.footprint(Hex(5, 5), n)
        assert len(cells) == n
        # contiguous: every cell has a neighbour in the footprint
        assert n == 1 or all(any(x in cells for x in c.neighbors()) for c in cells)
    large = g.footprint(Hex(0, 0), 3)
    assert all(a.distance(b) <= 1 for a in large for b in large)  # mutually adjacent
    huge = g.footprint(Hex(0, 0), 7)
    assert max(a.distance(b) for a in huge for b in huge) == 2  # 3 hexes in diameter
    garg = g.footprint(Hex(0, 0), 10)
    assert max(a.distance(b) for a in garg for b in garg) == 3  # four hexes long
    s = SquareGeometry()
    assert len(s.footprint(Square(0, 0), 3, "10x10")) == 4
    assert len(s.footprint(Square(0, 0), 7, "15x15")) == 9
    with pytest.raises(ValueError):
        g.footprint(Hex(0, 0), 5)


def test_neighbors_ring_spiral_examples():
    assert Hex(0, 0).neighbors()[0] == Hex(1, 0)
    assert set(Hex(0, 0).ring(1)) == set(Hex(0, 0).neighbors())
    assert Hex(2, -1).ring(0) == [Hex(2, -1)]
    assert len(Hex(0, 0).spiral(2)) == 19
    with pytest.raises(ValueError):
        Hex(0, 0).ring(-1)


def test_line_along_an_edge_is_deterministic():
    # Hex(0,0) -> Hex(1,1) runs exactly between Hex(1,0) and Hex(0,1): the nudge picks one
    line = Hex(0, 0).line(Hex(1, 1))
    assert len(line) == 3 and line == Hex(0, 0).line(Hex(1, 1))
    assert line[1] in (Hex(1, 0), Hex(0, 1))


def test_rectangle_is_offset_rows():
    cells = rectangle(4, 3)
    assert len(cells) == 12 and len(set(cells)) == 12
    assert offset_to_hex(0, 1) == Hex(0, 1) and offset_to_hex(0, 2) == Hex(-1, 2)
    ys = {round(hex_to_pixel(offset_to_hex(c, 2))[1], 9) for c in range(4)}
    assert len(ys) == 1  # a row is a straight line of hexes


def test_geometry_factory():
    assert geometry("hex").kind == "hex" and geometry("square").kind == "square"
    with pytest.raises(ValueError, match="hex.*square"):
        geometry("triangle")


# --- properties -------------------------------------------------------------------------
@given(hexes, hexes)
def test_distance_symmetric(a, b):
    assert a.distance(b) == b.distance(a) >= 0
    assert (a.distance(b) == 0) == (a == b)


@given(hexes, hexes, hexes)
def test_triangle_inequality(a, b, c):
    assert a.distance(c) <= a.distance(b) + b.distance(c)


@given(hexes, hexes)
def test_line_length_and_contiguity(a, b):
    line = a.line(b)
    assert len(line) == a.distance(b) + 1
    assert line[0] == a and line[-1] == b
    assert all(x.distance(y) == 1 for x, y in zip(line, line[1:]))


@given(hexes, st.integers(0, 12))
def test_ring_sizes(center, n):
    ring = center.ring(n)
    assert len(ring) == (6 * n if n else 1) == len(set(ring))
    assert all(center.distance(h) == n for h in ring)


@given(hexes, st.integers(0, 6))
def test_spiral_is_all_within(center, n):
    sp = center.spiral(n)
    assert len(sp) == 1 + 3 * n * (n + 1) == len(set(sp))


@given(hexes, st.sampled_from([POINTY, FLAT]), st.floats(0.5, 40), st.floats(-100, 100),
       st.floats(-100, 100))
def test_pixel_round_trip(h, orientation, size, ox, oy):
    layout = Layout(orientation, (size, size), (ox, oy))
    assert pixel_to_hex(hex_to_pixel(h, layout), layout) == h
    # a point just inside a corner still belongs to the hex
    for x, y in hex_corners(h, layout, 0.95):
        assert pixel_to_hex((x, y), layout) == h


@given(st.integers(-50, 50), st.integers(-50, 50))
def test_offset_round_trip(col, row):
    assert hex_to_offset(offset_to_hex(col, row)) == (col, row)


squares = st.builds(Square, st.integers(-30, 30), st.integers(-30, 30))


@given(squares, squares, squares)
@settings(max_examples=200)
def test_square_metric(a, b, c):
    d = square_distance_ft
    assert d(a, b) == d(b, a) and d(a, c) <= d(a, b) + d(b, c) + 5  # 5/10 parity slack
    line = SquareGeometry().line(a, b)
    assert line[0] == a and line[-1] == b and len(line) == a.distance(b) + 1
    assert all(x.distance(y) == 1 for x, y in zip(line, line[1:]))
    g = SquareGeometry()
    assert g.from_pixel(g.to_pixel(a)) == a


def test_a_hexs_kept_hash_is_the_hash_of_its_coordinates():
    """Issue 24, "Fast": the hash is made once per hex and is ``hash((q, r))``, as the
    dataclass made it, so sets and dicts of hexes keep their order (and the golden fights
    their paths); the kept value is no field a reader sees."""
    import dataclasses
    import pickle

    for q, r in [(0, 0), (3, -2), (-7, 11)]:
        h = Hex(q, r)
        assert hash(h) == hash((q, r)) == hash(pickle.loads(pickle.dumps(h)))
        assert dataclasses.replace(h, q=q + 1) == Hex(q + 1, r)
        assert hash(dataclasses.replace(h, q=q + 1)) == hash((q + 1, r))
    assert [f.name for f in dataclasses.fields(Hex) if f.init] == ["q", "r"]
    assert repr(Hex(1, 2)) == "Hex(1, 2)" and Hex(1, 2) < Hex(1, 3)
