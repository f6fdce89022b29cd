"""The map text format: reading, writing, round trips.

Rules from 000_8d1d7816ee944f3b.txt: "Using the Battle Map – Measuring Distance in Combat".
Every test names the heading it comes from; the text's own examples come first where there
is one (split from the former tests/test_hexmap.py along the modules of
lfgcombat.battlemap).
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from lfgcombat.errors import IllegalActionError
from lfgcombat.battlemap import Figure, HexMap, MapFormatError, Terrain


# --- text format -----------------------------------------------------------------------------
def test_from_text_bare_rows_and_legend():
    m = HexMap.from_text(". , #\n o ~ %\n")
    assert (m.width, m.height) == (3, 2)
    assert [m.terrain((c, r)) for r in range(2) for c in range(3)] == [
        Terrain.NORMAL, Terrain.DIFFICULT, Terrain.WALL, Terrain.OBSTACLE, Terrain.WATER, Terrain.FOG]


def test_text_round_trip_of_the_cottage(cottage):
    again = HexMap.from_text(cottage.to_text())
    assert again.snapshot() == cottage.snapshot()
    assert again.to_text() == cottage.to_text()


@pytest.mark.parametrize("text,match", [
    ("grid: hex\nterrain: |\n  . . .\n  . .\n", "line 4: row has 2 cells"),
    ("grid: hex\nterrain: |\n  . x .\n", "line 3: unknown terrain character 'x'"),
    ("grid: hexagon\nterrain: |\n  . . .\n", "grid must be hex or square"),
    ("terrain: |\n  . .\nelevation: |\n  0 a\n", "line 4: elevation must be digits"),
    ("terrain: |\n  . .\nwidth: 3\n", "unknown key"),
    ("grid: hex\n", "terrain"),
    ("terrain: |\n  . .\ncreatures:\n  - {name: A}\n", "at: \\[col, row\\]"),
])
def test_from_text_errors_name_the_line(text, match):
    with pytest.raises(MapFormatError, match=match):
        HexMap.from_text(text)


def test_from_text_refuses_creature_in_a_wall():
    with pytest.raises(IllegalActionError, match="wall"):
        HexMap.from_text("terrain: |\n  . #\ncreatures:\n  - {name: A, at: [1, 0]}\n")


@given(st.integers(1, 8), st.integers(1, 6), st.sampled_from(["hex", "square"]), st.data())
@settings(max_examples=40, deadline=None)
def test_text_round_trip_property(w, h, grid, data):
    m = HexMap(w, h, grid=grid)
    # half hexes are for hex maps only (the Half Hex Rule; "Option – Square Grid")
    kinds = [t for t in Terrain if grid == "hex" or t is not Terrain.HALF]
    for col in range(w):
        for row in range(h):
            m.set_terrain((col, row), data.draw(st.sampled_from(kinds)))
            m.set_elevation((col, row), 5 * data.draw(st.integers(0, 3)))
    again = HexMap.from_text(m.to_text())
    assert again.snapshot() == m.snapshot()


def test_gm_shared_placement_and_overrides_round_trip_through_the_text():
    """"the GM may place you in the same hex as an ally, causing both of you the Cramped
    condition" (000_8d1d7816ee944f3b.txt, "Moving in Combat – Terrain, Creatures, & Other
    Issues", "Accidental / Illegal Locations"): the map text keeps the GM's ``share`` and
    the overrides given to ``place`` (a creature object's speed, reach, threatening)."""
    m = HexMap(6, 4)
    a, b = Figure("A"), Figure("B")
    m.place(a, (1, 1), "party")
    m.place(b, (1, 1), "party", share=True)
    m.place(Figure("C", speed=20, reach_ft=10), (4, 2), "foes", threatens=False)
    assert m.placement("A")["share"] and m.placement("B")["share"]
    assert m.placement("C") == {"where": (4, 2), "side": "foes", "reach_ft": None,
                                "threatens": False, "speed": None, "share": False}
    text = m.to_text()
    assert "share: true" in text and "threatens: false" in text
    back = HexMap.from_text(text)
    assert back.snapshot() == m.snapshot()
    assert back.cramped("A") and back.cramped("B")
    assert back.token("C").reach_ft == 10 and not back.token("C").threatens
    assert back.token("C").speed_ft == 20
    # a creature object given to from_text takes the entry's numbers as overrides
    again = HexMap.from_text(text, creatures=[Figure("C", speed=40)])
    assert not again.token("C").threatens and again.token("C").speed_ft == 20
    assert again.token("C").reach_ft == 10
    plain = HexMap.from_text("creatures:\n  - {name: C, at: [4, 2], side: foes}\n"
                             "terrain: |\n  . . . . . .\n   . . . . . .\n  . . . . . .\n",
                             creatures=[Figure("C", speed=40)])
    assert plain.token("C").speed_ft == 40 and plain.placement("C")["speed"] is None
    # without share the same text is refused, naming the rule
    with pytest.raises(IllegalActionError, match="occupied by A"):
        HexMap.from_text(text.replace(", share: true", ""))
