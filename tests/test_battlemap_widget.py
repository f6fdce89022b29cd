"""BattleMap widget without a browser: layers, clicks through the engine, refusals.

The widget holds no rules: these tests check it shows what the engine says and that a
move only touches the small layers (the terrain GeoJSON is built once and never resent).
"""

from __future__ import annotations

import re

import pytest

pytest.importorskip("ipyleaflet")

from ipyleaflet import GeoJSON, TileLayer, projections  # noqa: E402

from lfgcombat.battlemap import HexMap  # noqa: E402
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
    # the reachable and threatened hexes and the selection ring are one layer (issue 26,
    # item 5: one update when another creature is selected)
    assert [layer.name for layer in geo] == ["terrain", "highlights", "lines"]
    assert bm.token_group in bm.map.layers  # a small GeoJSON layer per token (issue 26)
    assert {layer.name for layer in bm.token_group.layers} == {
        "token Wulfric", "token Orc", "token Ogre"}
    assert len(bm.terrain_layer.data["features"]) == m.width * m.height
    assert bm.terrain_layer.style_callback is None  # colours ride in properties.style
    names = {f["properties"]["name"] for f in bm.token_data["features"]}
    assert names == {"Wulfric", "Orc", "Ogre"}
    assert len(bm.token_data["features"]) == 1 + 1 + 3  # the ogre's 3 hexes
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
    cols = {(f["properties"]["col"], f["properties"]["row"]) for f in bm.token_data["features"]
            if f["properties"]["name"] == "Wulfric"}
    assert cols == {(0, 4)}
    assert "Wulfric move" in bm.status_text


def test_a_terrain_edit_redraws_the_terrain_layer_once(board):
    """A GM's edit (a wall, a bog, a height) shows on the map at once; moves never resend
    the terrain (test above)."""
    m, bm = board
    before = bm.terrain_layer.data
    m.set_terrain((5, 0), "wall")
    after_wall = bm.terrain_layer.data
    assert after_wall is not before
    feat = next(f for f in after_wall["features"]
                if (f["properties"]["col"], f["properties"]["row"]) == (5, 0))
    assert feat["properties"]["terrain"] == "wall"
    m.set_elevation((5, 1), 10)
    after_height = bm.terrain_layer.data
    assert after_height is not after_wall
    sent = []
    bm.terrain_layer.observe(lambda ch: sent.append(ch), names="data")
    bm.click((1, 2))
    bm.click((0, 4))
    assert bm.terrain_layer.data is after_height and not sent


def test_illegal_move_changes_nothing_and_shows_the_rule(board):
    m, bm = board
    bm.click((1, 2))
    before, tokens = m.snapshot(), {n: layer.data for n, layer in bm.token_layers.items()}
    bm.click((4, 2))  # a wall
    assert m.snapshot() == before
    assert all(bm.token_layers[n].data is data for n, data in tokens.items())
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


def test_css_classes_for_styling_and_browser_tests(board):
    """Leaflet paths carry classes (``className``) the browser tests select on."""
    m, bm = board
    assert bm.terrain_layer.style == {"className": "lfg-hex"}
    assert {f["properties"]["style"]["className"] for f in bm.token_data["features"]} == {"lfg-token"}
    assert "lfg-battlemap" in bm._dom_classes and "lfg-battlemap-map" in bm.map._dom_classes
    bm.click((1, 2))
    classes = {f["properties"]["style"]["className"] for f in bm.reach_layer.data["features"]}
    assert classes == {"lfg-reach lfg-reach-safe", "lfg-reach lfg-reach-provoking"}
    assert {f["properties"]["style"]["className"] for f in bm.threat_layer.data["features"]} == {"lfg-threat"}
    selected = [f for f in bm.highlight_layer.data["features"]
                if "lfg-token-selected" in f["properties"]["style"]["className"]]
    assert [f["properties"]["name"] for f in selected] == ["Wulfric"]  # one ring, one path
    assert {f["properties"]["style"]["className"] for f in bm.token_data["features"]} == {"lfg-token"}
    bm.mode = "measure"
    bm.click((0, 0))
    bm.click((2, 0))
    assert bm.line_layer.data["features"][0]["properties"]["style"]["className"] == "lfg-line"


def test_token_names_are_labels_moved_in_place(board):
    m, bm = board
    labels = bm.label_layer.layers
    assert [label.title for label in labels] == ["Wulfric", "Orc", "Ogre"]
    assert all(label.interactive is False for label in labels)  # clicks reach the map
    assert all(label.icon.class_name == "lfg-token-label" for label in labels)
    wulfric = labels[0]
    x, y = m.geometry.to_pixel(m.cell(1, 2))
    assert tuple(wulfric.location) == (round(-y * 10, 4), round(x * 10, 4))
    bm.click((1, 2))
    bm.click((0, 4))
    x, y = m.geometry.to_pixel(m.cell(0, 4))
    assert bm.label_layer.layers[0] is wulfric  # the same marker, moved
    assert tuple(wulfric.location) == (round(-y * 10, 4), round(x * 10, 4))
    ogre = labels[2]
    cx, cy = (sum(v) / 3 for v in zip(*(m.geometry.to_pixel(c) for c in m.footprint("Ogre"))))
    assert tuple(ogre.location) == (round(-cy * 10, 4), round(cx * 10, 4))  # its body's centre
    m.remove("Orc")
    assert [label.title for label in bm.label_layer.layers] == ["Wulfric", "Ogre"]


def test_other_modes_hide_the_move_highlights(board):
    m, bm = board
    bm.click((1, 2))
    assert bm.reach_layer.data["features"] and bm.threat_layer.data["features"]
    bm.mode = "line of sight"
    assert not bm.reach_layer.data["features"] and not bm.threat_layer.data["features"]
    bm.show_cover("Ogre")  # by name, too
    assert bm.status_text.startswith("Ogre has") and bm.line_layer.data["features"]
    bm.mode = "move"
    assert len(bm.reach_layer.data["features"]) == len(m.reachable("Wulfric"))
    with pytest.raises(Exception, match="no creature named 'Nobody'"):
        bm.show_cover("Nobody")


def test_initial_view_fits_the_map():
    """The first view shows the whole map: small maps zoom in, big ones out (quarter steps)."""
    small, big = BattleMap(HexMap(8, 5)), BattleMap(HexMap(40, 40))
    assert small.map.zoom > big.map.zoom
    assert (small.map.zoom * 4).is_integer() and small.map.zoom_snap == 0.25


def test_mover_hook_routes_moves_and_shows_its_text_or_refusal(board):
    """``BattleMap.mover``: a click that moves the selected token calls it (an
    InitiativeTracker moves through its Encounter); a refusal shows with its rule."""
    from lfgcombat.errors import IllegalActionError

    m, bm = board
    calls = []

    def mover(name, cell, action):
        calls.append((name, m.offset(cell), action))
        if m.offset(cell) == (0, 0):
            raise IllegalActionError("not now", "000_8d1d7816ee944f3b.txt, \"Taking Your Turn\"")
        return f"{name} moved by the engine"

    bm.mover = mover
    before = m.snapshot()
    bm.click((1, 2))  # select Wulfric
    bm.click((0, 4))
    assert calls == [("Wulfric", (0, 4), "move")] and bm.status_text == "Wulfric moved by the engine"
    assert m.snapshot() == before  # the hook moved nothing here: the map left it to the mover
    bm.click((0, 0))
    assert "Not allowed: not now" in bm.status_text and 'color:#b00020' in bm.status.value


# -- issue 11: readable highlights, labels, a legend, movement per turn, bad input, picture --

def test_highlights_lie_under_the_tokens_in_their_own_panes(board):
    m, bm = board
    panes = bm.map.panes
    assert bm.reach_layer.pane == bm.threat_layer.pane == bm.highlight_layer.pane \
        == "lfg-highlights"
    assert {layer.pane for layer in bm.token_layers.values()} == {"lfg-tokens"}
    assert bm.line_layer.pane == "lfg-lines"
    assert panes["lfg-background"]["zIndex"] < 400 < panes["lfg-highlights"]["zIndex"] \
        < panes["lfg-tokens"]["zIndex"] < panes["lfg-lines"]["zIndex"]
    # the pane is passed when the layer is created (an option), not set afterwards
    assert all("pane" in layer.options for layer in bm.token_layers.values())
    bm.click((1, 2))
    colours = {f["properties"]["style"]["fillColor"] for f in bm.token_data["features"]}
    assert colours == {bm._side_color("party"), bm._side_color("orcs")}  # sides kept


def _hero_and(orcs: list) -> HexMap:
    return HexMap.from_text(
        "terrain: |\n" + "".join(("   " if r % 2 else "  ") + ". " * 9 + "\n" for r in range(7))
        + "creatures:\n  - {name: Hero, at: [4, 3], side: party}\n" + "".join(
            f"  - {{name: Orc{i}, at: [{c}, {r}], side: orcs}}\n"
            for i, (c, r) in enumerate(orcs)))


def _reach_styles(bm: BattleMap) -> tuple[list[dict], list[dict]]:
    feats = bm.reach_layer.data["features"]
    return ([f["properties"]["style"] for f in feats if f["properties"]["provokes"]],
            [f["properties"]["style"] for f in feats if not f["properties"]["provokes"]])


def test_an_adjacent_enemy_does_not_flood_the_map():
    """Issue 23 item 13: next to a foe every hex a move reaches provokes, and the map was
    flooded with dashed orange. When most reachable hexes provoke, they are a pale wash
    without dashes (the terrain reads through) and the legend says so, with counts."""
    m = _hero_and([(5, 3)])  # the Orc is adjacent
    bm = BattleMap(m)
    bm.click((4, 3))
    r = m.reachable("Hero")
    provoking, safe = _reach_styles(bm)
    assert len(provoking) == len(r.provoking) == len(r) and not safe
    style = provoking[0]
    assert style["fillOpacity"] <= 0.3 and not style.get("dashArray")
    assert style["weight"] <= 1
    said = re.sub(r"<[^>]+>", "", bm.legend.value)
    assert f"all {len(r)} hexes Hero can reach provoke AOO" in said
    assert "none is safe" in said


def test_when_most_hexes_provoke_the_safe_ones_are_marked():
    """Issue 23 item 13: the few safe hexes stand out (a bold green outline), the many
    provoking ones are a pale wash; the legend gives both counts."""
    m = _hero_and([(4, 1), (4, 5), (2, 3), (6, 3)])  # four orcs around, none adjacent
    bm = BattleMap(m)
    bm.click((4, 3))
    r = m.reachable("Hero")
    assert len(r.provoking) > len(r.safe) > 0, (len(r.provoking), len(r.safe))
    provoking, safe = _reach_styles(bm)
    assert all(s["weight"] >= 2.5 and s["fillOpacity"] >= 0.4 for s in safe)
    assert all(not p.get("dashArray") and p["fillOpacity"] < safe[0]["fillOpacity"]
               for p in provoking)
    said = re.sub(r"<[^>]+>", "", bm.legend.value)
    assert (f"{len(r.provoking)} of the {len(r)} hexes Hero can reach provoke AOO"
            in said and f"the {len(r.safe)} safe ones are outlined green" in said)


def test_when_few_hexes_provoke_they_are_marked(board):
    """Few provoking hexes keep the dashed orange outline; the legend counts them."""
    m, bm = board
    bm.click((1, 2))
    r = m.reachable("Wulfric")
    assert 0 < len(r.provoking) <= len(r.safe)
    provoking, _safe = _reach_styles(bm)
    assert all(p.get("dashArray") for p in provoking)
    said = re.sub(r"<[^>]+>", "", bm.legend.value)
    assert (f"{len(r.provoking)} of the {len(r)} hexes Wulfric can reach provoke AOO "
            "(dashed orange)") in said


def test_long_names_are_shortened_with_the_full_name_in_the_legend():
    from lfgcombat.widgets.battlemap import short_name
    assert short_name("Orc") == "Orc" and short_name("Orc Shaman") == "Orc Sh…"
    assert short_name("Goblin Archer 12") == "Gobl…12" and len(short_name("Goblin Archer 12")) <= 7
    m = HexMap(6, 4)
    from lfgcombat import Creature
    m.place(Creature.from_dict({"name": "Grizzled Mercenary Captain", "level": 1,
                                "max_hp": 5}), (1, 1), "a")
    bm = BattleMap(m)
    label = bm.label_layer.layers[0]
    assert label.title == "Grizzled Mercenary Captain"
    assert "Grizzl…" in label.icon.html and "Captain" not in label.icon.html
    assert "Grizzl… = Grizzled Mercenary Captain" in bm.legend.value  # the key to it


def test_the_legend_names_every_side(board):
    _m, bm = board
    assert "party" in bm.legend.value and "orcs" in bm.legend.value
    assert bm._side_color("party") in bm.legend.value and "an enemy threatens" in bm.legend.value


def test_without_an_encounter_a_token_moves_its_speed_once_a_turn(board):
    m, bm = board
    bm.click((1, 2))
    bm.click((0, 4))  # 10 ft of Wulfric's 30
    assert m.offset(m.token("Wulfric").anchor) == (0, 4)
    left = bm.feet_left("Wulfric")
    assert left == m.budget("Wulfric") - m.moved_this_turn("Wulfric") < m.budget("Wulfric")
    bm.click((0, 0))  # 20 ft more: the last of it
    assert bm.feet_left("Wulfric") == m.budget("Wulfric") - m.moved_this_turn("Wulfric")
    while bm.feet_left("Wulfric"):
        here = m.offset(m.token("Wulfric").anchor)
        bm.click((here[0] + 1, here[1]))
    before = m.snapshot()
    bm.click((2, 0))
    assert m.snapshot() == before and "used its movement this turn" in bm.status_text
    assert "lfg-error" in bm.status.value and not bm.reach_layer.data["features"]
    bm.new_turn_button.click()
    assert bm.feet_left("Wulfric") == m.budget("Wulfric") and bm.reach_layer.data["features"]


def test_bad_clicks_and_actions_are_refused_in_the_widget(board):
    from lfgcombat.errors import LfgError
    from lfgcombat.widgets.battlemap import BattleMapError
    m, bm = board
    before = m.snapshot()
    for where in [(99, 99), (-1, 0), ("a", 1), None, (1.5, 2), "Wulfric"]:
        bm.click(where)  # never raises
        assert "lfg-error" in bm.status.value and m.snapshot() == before, where
    for coords in (["x", None], [float("nan"), 1.0], [1e308, -1e308], [1], None):
        bm._on_interaction(type="click", coordinates=coords)
    assert m.snapshot() == before
    with pytest.raises(BattleMapError, match="action must be one of") as err:
        BattleMap(m, action="fly")
    assert isinstance(err.value, LfgError)
    with pytest.raises(BattleMapError, match="'fly'"):
        bm.action = "fly"
    assert bm.action == "move"


def _picture_map(tmp_path):
    """A map with the GM's picture API (HexMap's own when it has one)."""
    import base64
    png = tmp_path / "ford.png"
    png.write_bytes(base64.b64decode(
        "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="))
    if hasattr(HexMap, "set_background"):
        return HexMap(6, 4), png
    return _PictureMap(6, 4), png


class _PictureMap(HexMap):
    """Until HexMap has the GM's picture (issue 11, the map helper), a stand-in with the
    same public API: ``background`` (``.image``, ``.opacity``), ``set_background``,
    ``clear_background`` and ``pixel_bounds`` (left, top, right, bottom)."""

    def __init__(self, *a, **k):
        super().__init__(*a, **k)
        self._bg = None
        self._bump = 0

    @property
    def background(self):
        return self._bg

    @property
    def terrain_version(self):
        return super().terrain_version + self._bump

    def set_background(self, image, *, opacity=1.0):
        from types import SimpleNamespace
        self._bg = SimpleNamespace(image=image, opacity=opacity)
        self._bump += 1
        self._changed()

    def clear_background(self):
        self._bg = None
        self._bump += 1
        self._changed()

    def pixel_bounds(self):
        pts = [p for c in self.cells for p in self.geometry.corners(c)]
        xs, ys = [x for x, _ in pts], [y for _, y in pts]
        return min(xs), min(ys), max(xs), max(ys)


def test_the_gms_picture_lies_under_the_grid(tmp_path, monkeypatch):
    m, png = _picture_map(tmp_path)
    monkeypatch.chdir(tmp_path)
    bm = BattleMap(m)
    assert bm.background_layer is None
    bm.background_box.value, bm.opacity.value = "ford.png", 0.6
    bm.background_button.click()
    layer = bm.background_layer
    assert layer is not None and layer in bm.map.layers and layer.pane == "lfg-background"
    assert layer.url.startswith("data:image/png;base64,") and layer.opacity == 0.6
    left, top, right, bottom = m.pixel_bounds()
    assert layer.bounds[0] == (round(-bottom * 10, 4), round(left * 10, 4))
    assert layer.bounds[1] == (round(-top * 10, 4), round(right * 10, 4))
    plain = [f for f in bm.terrain_layer.data["features"] if f["properties"]["terrain"] == "normal"]
    assert all(f["properties"]["style"]["fillOpacity"] == 0 for f in plain)  # it shows through
    bm.background_box.value = "missing.png"
    bm.background_button.click()
    assert "no picture file 'missing.png'" in bm.status_text and bm.background_layer is layer
    bm.background_box.value = ""
    bm.background_button.click()
    assert bm.background_layer is None and layer not in bm.map.layers


def test_image_urls(tmp_path):
    from lfgcombat.errors import LfgError
    from lfgcombat.widgets.mapimage import image_url
    assert image_url("https://example.org/map.png") == "https://example.org/map.png"
    (tmp_path / "a.png").write_bytes(b"\x89PNG")
    assert image_url("a.png", base=tmp_path) == "data:image/png;base64,iVBORw=="
    (tmp_path / "notes.txt").write_text("x")
    for bad, says in (("nope.png", "no picture file"), ("notes.txt", "not a picture"),
                      ("", "give a picture")):
        with pytest.raises(LfgError, match=says):
            image_url(bad, base=tmp_path)
