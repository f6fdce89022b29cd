"""Bad cells and bad map sizes raise the kit's own errors, naming what was wrong, and
change nothing (issue 11, "Bad input"). Cells are the grid of 000_8d1d7816ee944f3b.txt,
"Using the Battle Map – Measuring Distance in Combat" and "Option – Square Grid"."""

from __future__ import annotations

import pytest

from lfgcombat.errors import LfgError
from lfgcombat.battlemap.grid import Hex, Square
from lfgcombat.battlemap import CellError, Figure, HexMap, MapFormatError


@pytest.mark.parametrize("where", [(True, 1), (1.5, 2), "A1", None, (1, 2, 3), Square(1, 1)])
def test_a_bad_cell_is_a_cell_error(where) -> None:
    m = HexMap(5, 5)
    m.place(Figure("A"), (2, 2))
    before = m.snapshot()
    with pytest.raises(CellError) as e:
        m.move("A", [where])
    assert isinstance(e.value, (LfgError, TypeError))
    assert m.snapshot() == before


def test_a_hex_on_a_square_map_is_refused() -> None:
    with pytest.raises(CellError, match="square map"):
        HexMap(3, 3, grid="square").terrain(Hex(0, 0))


@pytest.mark.parametrize("size", [(0, 3), (3, -1), (True, 3), (2.0, 3), (1001, 2), (10**5000, 2)],
                         ids=["zero", "negative", "bool", "float", "too-wide", "huge"])
def test_bad_map_sizes_are_refused_without_printing_huge_numbers(size) -> None:
    with pytest.raises(MapFormatError) as e:
        HexMap(*size)
    assert len(str(e.value)) < 200


@pytest.mark.parametrize("feet", [1.5, "10", None, True, 10**6])
def test_bad_elevations_are_refused_and_change_nothing(feet) -> None:
    m = HexMap(3, 3)
    before = m.snapshot()
    with pytest.raises(MapFormatError, match="elevation"):
        m.set_elevation((1, 1), feet)
    assert m.snapshot() == before and m.elevation((1, 1)) == 0


def test_a_path_must_be_cells() -> None:
    m = HexMap(5, 5)
    m.place(Figure("A"), (2, 2))
    with pytest.raises(LfgError, match="a path is a list of cells"):
        m.move("A", None)  # type: ignore[arg-type]


@pytest.mark.parametrize("kw,field", [
    ({"side": None}, "side"), ({"side": ""}, "side"), ({"speed": -30}, "speed"),
    ({"speed": 1.5}, "speed"), ({"reach_ft": "abc"}, "reach_ft"), ({"reach_ft": True}, "reach_ft"),
    ({"threatens": "maybe"}, "threatens"), ({"share": 1}, "share"), ({"speed": 10**5000}, "speed"),
], ids=lambda v: str(sorted(v)) if isinstance(v, dict) else str(v))
def test_place_refuses_bad_arguments_naming_them(kw, field) -> None:
    """The GM's overrides of "Space in Combat Gameplay" placement are checked first."""
    m = HexMap(5, 5)
    before = m.snapshot()
    with pytest.raises(LfgError, match=field) as e:
        m.place(Figure("A"), (1, 1), **kw)
    assert len(str(e.value)) < 300 and m.snapshot() == before and "A" not in m
