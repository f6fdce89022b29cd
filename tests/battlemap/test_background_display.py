"""The GM's battle-map picture under the grid (issue 11, BattleMap), its bounds in the
pixel plane the widget draws, and the map's rich display in a notebook.

The grid is the text's pointy-top hex map ("Using the Battle Map – Measuring Distance in
Combat", 000_8d1d7816ee944f3b.txt) or its "Option – Square Grid".
"""

from __future__ import annotations

import math

import pytest

from lfgcombat.battlemap import Background, Figure, HexMap, MapFormatError, PixelBounds


def test_set_background_keeps_a_frozen_value_and_tells_the_listeners() -> None:
    m = HexMap(6, 4)
    seen: list[int] = []
    m.observe(lambda mm: seen.append(mm.version))
    tv = m.terrain_version
    bg = m.set_background("https://example.org/cellar.png", opacity=0.5)
    assert m.background == bg == Background("https://example.org/cellar.png", 0.5)
    assert seen and m.terrain_version == tv + 1
    with pytest.raises(AttributeError):
        bg.opacity = 1.0  # type: ignore[misc]
    m.clear_background()
    assert m.background is None


@pytest.mark.parametrize("image,opacity,field", [
    ("", 1.0, "image"), ("   ", 1.0, "image"), (None, 1.0, "image"), (5, 1.0, "image"),
    ("a\nb.png", 1.0, "image"), ("a.png", -0.1, "opacity"), ("a.png", 1.5, "opacity"),
    ("a.png", math.nan, "opacity"), ("a.png", "0.5", "opacity"), ("a.png", True, "opacity"),
    ("a.png", "huge", "opacity"),
], ids=lambda v: v if isinstance(v, str) and len(v) < 20 else type(v).__name__)
def test_bad_background_is_refused_and_changes_nothing(image, opacity, field) -> None:
    if opacity == "huge":
        opacity = 10**5000
    m = HexMap(6, 4)
    m.set_background("old.png", opacity=0.3)
    before, version = m.snapshot(), m.version
    with pytest.raises(MapFormatError, match=f"background {field}") as e:
        m.set_background(image, opacity=opacity)
    assert len(str(e.value)) < 300
    assert m.snapshot() == before and m.version == version


@pytest.mark.parametrize("grid", ["hex", "square"])
def test_pixel_bounds_enclose_every_hex_and_touch_the_outermost(grid: str) -> None:
    m = HexMap(7, 5, grid=grid)
    b = m.pixel_bounds()
    assert isinstance(b, PixelBounds) and b.width > 0 and b.height > 0
    pts = [p for c in m.cells for p in m.geometry.corners(c)]
    assert all(b.left - 1e-9 <= x <= b.right + 1e-9 and b.top - 1e-9 <= y <= b.bottom + 1e-9
               for x, y in pts)
    assert math.isclose(min(x for x, _ in pts), b.left) and math.isclose(max(x for x, _ in pts), b.right)
    assert math.isclose(min(y for _, y in pts), b.top) and math.isclose(max(y for _, y in pts), b.bottom)


def test_pixel_bounds_of_a_hex_map_are_its_width_and_rows() -> None:
    """Pointy-top hexes of size 1: sqrt(3) wide, rows 1.5 apart, odd rows shifted by half
    a hex; 7 columns and 5 rows span 7.5 hex widths and 1.5 x 4 + 2 = 8 units down."""
    b = HexMap(7, 5).pixel_bounds()
    assert math.isclose(b.width, 7.5 * math.sqrt(3))
    assert math.isclose(b.height, 8.0)


def test_the_text_repr_is_unchanged_and_the_rich_display_summarises() -> None:
    m = HexMap(5, 3)
    m.set_terrain((2, 1), "wall")
    m.place(Figure("Wulfric"), (0, 0))
    m.place(Figure("Ogre", size="large"), (3, 1), side="monsters")
    assert repr(m) == ("HexMap(5x3 hex, 1 terrain cells, 2 creatures: Wulfric@(0, 0), "
                       "Ogre@(3, 1))")
    html = m._repr_html_()
    assert html.startswith("<div") and "<svg" in html and html.count("<polygon") == 15
    assert "Wulfric" in html and "monsters" in html and "<table>" in html
    m.set_background("cellar <1>.png")
    assert "cellar &lt;1&gt;.png" in m._repr_html_()
