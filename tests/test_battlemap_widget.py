"""BattleMap widget without a browser: layers, clicks through the engine, refusals.

The widget holds no rules: these tests check it shows what the engine says and that a
move only touches the small layers (the terrain GeoJSON is built once and never resent).
"""

from __future__ import annotations

import pytest

pytest.importorskip("ipyleaflet")

from ipyleaflet import GeoJSON, TileLayer, projections  # noqa: E402

from lfgcombat.hexmap import HexMap  # noqa: E402
from lfgcombat.widgets.battlemap import BattleMap, terrain_geojson  # noqa: E402


@pytest.fixture
def board() -> tuple[HexMap, BattleMap]:
    m = HexMap.from_text(
        "terrain: |\n"
        "  . . . . . . . .\n"
        "   . , , . # . . .\n"
        "  . . . . # . . .\n"
        "   . . . . . . . .\n"
        "  . . . . . . . .\n"
        "creatures:\n"
        "  - {name: Wulfric, at: [1, 2], side: party}\n"
        "  - {name: Orc, at: [3, 3], side: orcs}\n"
        "  - {name: Ogre, at: [6, 2], side: orcs, size: large}\n")
    return m, BattleMap(m)


def test_layers_and_map_setup(board):
    m, bm = board
    assert bm.map.crs == projections.Simple
    assert not any(isinstance(layer, TileLayer) for layer in bm.map.layers)
    assert bm.map.attribution_control is False
    geo = [layer for layer in bm.map.layers if isinstance(layer, GeoJSON)]
    assert [layer.name for layer in geo] == ["terrain", "threatened", "reachable", "tokens", "lines"]
    assert len(bm.terrain_layer.data["features"]) == m.width * m.height
    assert bm.terrain_layer.style_callback is None  # colours ride in properties.style
    names = {f["properties"]["name"] for f in bm.token_layer.data["features"]}
    assert names == {"Wulfric", "Orc", "Ogre"}
    assert len(bm.token_layer.data["features"]) == 1 + 1 + 3  # the ogre's 3 hexes
    assert repr(bm).startswith("BattleMap(HexMap(8x5 hex")


def test_select_shows_reachable_threatened_and_flanking(board):
    m, bm = board
    bm.click((1, 2))
    assert bm.selected == "Wulfric"
    r = m.reachable("Wulfric")
    feats = bm.reach_layer.data["features"]
    assert len(feats) == len(r)
    provoking = {(f["properties"]["col"], f["properties"]["row"]) for f in feats if f["properties"]["provokes"]}
    assert provoking == {m.offset(c) for c in r.provoking} and provoking
    assert len(bm.threat_layer.data["features"]) == len(m.threatened_by_enemies("Wulfric"))
    assert "not flanked" in bm.status_text and "Wulfric selected" in bm.status_text


def test_move_updates_only_small_layers(board):
    m, bm = board
    terrain_layer, terrain_data = bm.terrain_layer, bm.terrain_layer.data
    sent = []
    terrain_layer.observe(lambda ch: sent.append(ch), names="data")
    bm.click((1, 2))
    bm.click((0, 4))
    assert m.offset(m.token("Wulfric").anchor) == (0, 4)
    assert bm.terrain_layer is terrain_layer and bm.terrain_layer.data is terrain_data and not sent
    cols = {(f["properties"]["col"], f["properties"]["row"]) for f in bm.token_layer.data["features"]
            if f["properties"]["name"] == "Wulfric"}
    assert cols == {(0, 4)}
    assert "Wulfric move" in bm.status_text


def test_illegal_move_changes_nothing_and_shows_the_rule(board):
    m, bm = board
    bm.click((1, 2))
    before, tokens = m.snapshot(), bm.token_layer.data
    bm.click((4, 2))  # a wall
    assert m.snapshot() == before and bm.token_layer.data is tokens
    assert "Not allowed" in bm.status_text and "000_8d1d7816ee944f3b.txt" in bm.status_text
    bm.click((7, 0))  # too far
    assert m.snapshot() == before and "cannot reach" in bm.status_text
    assert 'color:#b00020' in bm.status.value


def test_measure_and_line_of_sight_modes(board):
    m, bm = board
    bm.mode = "measure"
    bm.click((0, 0))
    bm.click((6, 0))
    assert "30 ft (6 hexes)" in bm.status_text
    assert bm.line_layer.data["features"][0]["geometry"]["type"] == "LineString"
    bm.mode = "move"
    bm.click((1, 2))
    bm.mode = "line of sight"
    bm.click((6, 2))
    assert bm.status_text.startswith("Ogre has") and "against Wulfric" in bm.status_text
    assert m.offset(m.token("Wulfric").anchor) == (1, 2)  # LoS mode never moves


def test_map_clicks_map_to_cells(board):
    m, bm = board
    for col, row in [(0, 0), (3, 3), (7, 4)]:
        x, y = m.geometry.to_pixel(m.cell(col, row))
        assert bm.cell_at(-y * 10, x * 10) == m.cell(col, row)
    x, y = m.geometry.to_pixel(m.cell(1, 2))
    bm._on_interaction(type="click", coordinates=[-y * 10, x * 10])
    assert bm.selected == "Wulfric"


def test_refuses_non_maps():
    with pytest.raises(TypeError, match="HexMap"):
        BattleMap("not a map")


def test_terrain_geojson_is_pure_data():
    m = HexMap(3, 2)
    m.set_terrain((1, 0), "wall")
    g = terrain_geojson(m)
    assert [f["properties"]["terrain"] for f in g["features"]][:3] == ["normal", "wall", "normal"]
    assert all(len(f["geometry"]["coordinates"][0]) == 7 for f in g["features"])
    sq = HexMap(2, 2, grid="square")
    assert all(len(f["geometry"]["coordinates"][0]) == 5 for f in terrain_geojson(sq)["features"])
