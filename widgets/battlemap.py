"""BattleMap: the hex battle map on ipyleaflet, driving :class:`lfgcombat.HexMap`.

Thin by design: every rule answer (reachable hexes, which ones provoke AOO, threatened
hexes, flanking, distance, cover) comes from the engine; the widget only draws it and
passes clicks on. Drawing follows DESIGN.md: ``Map(crs=projections.Simple)`` with no tile
layer and no attribution control; the terrain is ONE GeoJSON layer built once (its colours
ride in each feature's ``properties.style``, no ``style_callback``); tokens and highlights
are small separate GeoJSON layers whose ``data`` is replaced inside ``hold_sync()``, so a
move never resends the terrain.

Coordinates: the engine's plane has y growing downwards; Leaflet's latitude grows upwards,
so ``lat = -y * scale`` and ``lng = x * scale``.

CSS hooks (for styling and for the browser tests): the widget is ``.lfg-battlemap``, its
Leaflet map ``.lfg-battlemap-map`` and its status line ``.lfg-status``; the SVG paths are
``path.lfg-hex`` (terrain), ``path.lfg-token``, ``path.lfg-reach`` (with
``lfg-reach-safe`` or ``lfg-reach-provoking``), ``path.lfg-threat`` and ``path.lfg-line``;
token names are ``.lfg-token-label``.
"""

from __future__ import annotations

import html
import math
from collections.abc import Callable
from typing import Any

import ipywidgets as W
from ipyleaflet import DivIcon, GeoJSON, LayerGroup, Map, Marker, projections
from traitlets import Bool, Unicode

from lfgcombat.errors import IllegalActionError
from lfgcombat.hexmap import HexMap, Terrain

__all__ = ["BattleMap", "terrain_geojson", "cells_geojson", "TERRAIN_COLORS", "SIDE_COLORS"]

#: Fill colour per terrain kind.
TERRAIN_COLORS = {
    Terrain.NORMAL: "#f4f1e6", Terrain.DIFFICULT: "#c9b27c", Terrain.WALL: "#4a4a4a",
    Terrain.OBSTACLE: "#8a6d3b", Terrain.WATER: "#8fc1e3", Terrain.FOG: "#d0d4dc",
    Terrain.TIGHT: "#9c8f7a", Terrain.HALF: "#e8e0cc",
}
#: Token colours by side, in order of first appearance.
SIDE_COLORS = ["#2b6cb0", "#c53030", "#2f855a", "#b7791f", "#6b46c1", "#319795"]
SCALE = 10.0  # plane units per hex size (hexes of size 1 -> 10 map units)


def _ll(x: float, y: float) -> list[float]:
    # GeoJSON positions are [lng, lat]
    return [round(x * SCALE, 4), round(-y * SCALE, 4)]


def _polygon(hexmap: HexMap, cell: Any, shrink: float = 1.0) -> list[list[list[float]]]:
    pts = [_ll(x, y) for x, y in hexmap.geometry.corners(cell, shrink)]
    return [pts + [pts[0]]]


def terrain_geojson(hexmap: HexMap) -> dict:
    """Every cell as a GeoJSON polygon coloured by terrain (built once per map).

    Each feature carries ``properties``: ``col``, ``row``, ``terrain``, ``elevation`` and a
    ``style`` (jupyter-leaflet applies a feature's ``properties.style``).
    """
    feats = []
    geom = hexmap.geometry
    tmap = hexmap.terrain_cells()
    for row in range(hexmap.height):
        for col in range(hexmap.width):
            cell = geom.cell(col, row)
            kind = tmap.get(cell, Terrain.NORMAL)
            elev = hexmap.elevation(cell)
            fill = TERRAIN_COLORS[kind]
            style = {"color": "#9a9a9a", "weight": 1, "fillColor": fill,
                     "fillOpacity": min(1.0, 0.85 + elev / 200.0)}
            if elev:
                style["weight"] = 1 + min(3, elev // 10)
                style["color"] = "#6b5b3e"
            feats.append({"type": "Feature",
                          "properties": {"col": col, "row": row, "terrain": kind.value,
                                         "elevation": elev, "style": style},
                          "geometry": {"type": "Polygon", "coordinates": _polygon(hexmap, cell)}})
    return {"type": "FeatureCollection", "features": feats}


def cells_geojson(hexmap: HexMap, cells: Any, style: dict | None = None, shrink: float = 0.8,
                  **props: Any) -> dict:
    """A FeatureCollection of the given cells (highlights)."""
    feats = []
    for c in sorted(cells):
        p = dict(props)
        col, row = hexmap.offset(c)
        p.update(col=col, row=row)
        if style:
            p["style"] = style
        feats.append({"type": "Feature", "properties": p,
                      "geometry": {"type": "Polygon", "coordinates": _polygon(hexmap, c, shrink)}})
    return {"type": "FeatureCollection", "features": feats}


def _line_geojson(points: list[tuple[float, float]], style: dict) -> dict:
    return {"type": "FeatureCollection", "features": [{
        "type": "Feature", "properties": {"style": style},
        "geometry": {"type": "LineString", "coordinates": [_ll(x, y) for x, y in points]}}]}


_EMPTY = {"type": "FeatureCollection", "features": []}
MODES = ("move", "measure", "line of sight")
MAP_WIDTH_PX = 860  # the width the initial zoom fits the map into (a notebook's output area)


class _LabelIcon(DivIcon):
    """A DivIcon without Leaflet's white box: the ``lfg-token-label`` class instead."""

    class_name = Unicode("lfg-token-label").tag(sync=True, o=True)


class _Label(Marker):
    """A token's name; not interactive, so clicks fall through to the token and the map."""

    interactive = Bool(False).tag(sync=True, o=True)


def _label_html(name: str) -> str:
    return ('<div style="font:600 10px/14px sans-serif;color:#fff;text-align:center;'
            'white-space:nowrap;text-shadow:0 0 2px #000,0 0 3px #000">'
            f"{html.escape(name)}</div>")


def _fit_zoom(hexmap: HexMap, height_px: float) -> tuple[tuple[float, float], float]:
    """Centre (lat, lng) and a zoom (quarter steps) that fit the whole map in the view."""
    pts = [hexmap.geometry.to_pixel(c) for c in
           (hexmap.cell(0, 0), hexmap.cell(hexmap.width - 1, hexmap.height - 1),
            hexmap.cell(1, 1), hexmap.cell(0, hexmap.height - 1))]
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    cx, cy = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
    w = (max(xs) - min(xs) + 2.2) * SCALE
    h = (max(ys) - min(ys) + 2.4) * SCALE
    zoom = math.log2(min(MAP_WIDTH_PX / w, max(100.0, height_px - 20) / h))
    return (-cy * SCALE, cx * SCALE), math.floor(zoom * 4) / 4


class BattleMap(W.VBox):
    """An interactive battle map for a :class:`~lfgcombat.HexMap`.

    Click a token to select it: its reachable hexes light up (green; orange where getting
    there provokes AOO), the hexes its enemies threaten are outlined red, and the status
    line says whether it is flanked. Click a hex to move it there through the engine; an
    illegal move leaves everything as it was and shows the rule in the status line.
    ``measure`` mode: click two hexes for the distance in feet. ``line of sight`` mode:
    click (or hover) a hex or creature to see the line from the selected token and the
    target's cover.

    Args:
        hexmap: The engine map to show and drive.
        height: CSS height of the map.
        action: Movement action used for clicks (``"move"``, ``"five_foot_step"``,
            ``"retreat"``, ``"run"``).
    """

    def __init__(self, hexmap: HexMap, *, height: str = "480px", action: str = "move",
                 **kwargs: Any) -> None:
        if not isinstance(hexmap, HexMap):
            raise TypeError(f"BattleMap needs a lfgcombat.HexMap, not {type(hexmap).__name__}")
        self.hexmap = hexmap
        self.selected: str | None = None
        self.action = action
        self.measure_from: Any = None
        #: Optional ``mover(name, cell, action) -> str``: when set, a click that moves the
        #: selected token calls it instead of moving it on the map directly, and shows the
        #: text it returns (an InitiativeTracker routes moves through its Encounter, which
        #: spends the action and resolves AOO). It refuses by raising IllegalActionError.
        self.mover: Callable[[str, Any, str], str] | None = None
        self._hover_cell: Any = None
        self._sides: dict[str, str] = {}
        # the terrain's class rides on the layer's style (one string, not one per hex)
        self.terrain_layer = GeoJSON(data=terrain_geojson(hexmap), name="terrain",
                                     style={"className": "lfg-hex"})
        self._terrain_drawn = hexmap.terrain_version
        self.threat_layer = GeoJSON(data=_EMPTY, name="threatened")
        self.reach_layer = GeoJSON(data=_EMPTY, name="reachable")
        self.token_layer = GeoJSON(data=_EMPTY, name="tokens")
        self.line_layer = GeoJSON(data=_EMPTY, name="lines")
        self.label_layer = LayerGroup(name="labels")
        self._labels: dict[str, _Label] = {}
        try:
            height_px = float(str(height).removesuffix("px"))
        except ValueError:
            height_px = 480.0
        center, zoom = _fit_zoom(hexmap, height_px)
        self.map = Map(crs=projections.Simple, center=center, zoom=zoom, zoom_snap=0.25,
                       zoom_delta=0.5, min_zoom=math.floor(zoom) - 3, max_zoom=math.ceil(zoom) + 4,
                       attribution_control=False,
                       layers=(self.terrain_layer, self.threat_layer, self.reach_layer,
                               self.token_layer, self.line_layer, self.label_layer),
                       scroll_wheel_zoom=True, double_click_zoom=False,
                       layout=W.Layout(height=height))
        self.map.add_class("lfg-battlemap-map")
        self.mode_buttons = W.ToggleButtons(options=list(MODES), value="move",
                                            style={"button_width": "8em"})
        self.status = W.HTML(value="")
        self.mode_buttons.observe(self._on_mode, names="value")
        self.map.on_interaction(self._on_interaction)
        hexmap.observe(self._on_engine_change)
        super().__init__(children=[self.mode_buttons, self.map, self.status], **kwargs)
        self.add_class("lfg-battlemap")
        self.redraw()
        self._say("Click a token to select it.")

    # -- state shown ------------------------------------------------------------------------
    @property
    def mode(self) -> str:
        return self.mode_buttons.value

    @mode.setter
    def mode(self, value: str) -> None:
        self.mode_buttons.value = value

    def __repr__(self) -> str:
        return (f"BattleMap({self.hexmap!r}, selected={self.selected!r}, mode={self.mode!r})")

    def _say(self, text: str, error: bool = False) -> None:
        color = "#b00020" if error else "#222"
        body = "<br>".join(html.escape(line) for line in text.splitlines())
        self.status.value = f'<div class="lfg-status" style="color:{color}">{body}</div>'

    @property
    def status_text(self) -> str:
        """The status line as plain text."""
        import re
        return html.unescape(re.sub(r"<br>", "\n", re.sub(r"<(?!br)[^>]+>", "", self.status.value)))

    def _side_color(self, side: str) -> str:
        if side not in self._sides:
            self._sides[side] = SIDE_COLORS[len(self._sides) % len(SIDE_COLORS)]
        return self._sides[side]

    # -- drawing (small layers only) ----------------------------------------------------------
    def redraw(self) -> None:
        """Redraw tokens and highlights from the engine; the terrain layer only when the
        terrain or elevation was edited (``HexMap.terrain_version``), never for a move."""
        m = self.hexmap
        if m.terrain_version != self._terrain_drawn:
            self._terrain_drawn = m.terrain_version
            self.terrain_layer.data = terrain_geojson(m)
        if self.selected is not None and self.selected not in m:
            self.selected = None
        feats = []
        toks = m.tokens()
        for tok in toks:
            color = self._side_color(tok.side)
            sel = tok.name == self.selected
            style = {"color": "#000" if sel else color, "weight": 3 if sel else 1,
                     "fillColor": color, "fillOpacity": 0.85 if not tok.helpless else 0.35,
                     "className": "lfg-token lfg-token-selected" if sel else "lfg-token"}
            # a big creature's hexes nearly touch, so they read as one body; tiny ones are small
            shrink = (0.94 if len(tok.cells) > 1 else
                      {"diminutive": 0.4, "tiny": 0.5}.get(tok.size, 0.72))
            for c in sorted(tok.cells):
                col, row = m.offset(c)
                feats.append({"type": "Feature",
                              "properties": {"name": tok.name, "side": tok.side, "col": col,
                                             "row": row, "style": style},
                              "geometry": {"type": "Polygon",
                                           "coordinates": _polygon(m, c, shrink)}})
        tokens = {"type": "FeatureCollection", "features": feats}
        reach, threat = _EMPTY, _EMPTY
        if self.selected is not None and self.mode == "move":  # other modes draw their line only
            r = m.reachable(self.selected, action=self.action)
            safe = cells_geojson(m, r.safe, {"color": "#2f855a", "weight": 1, "fillColor": "#68d391",
                                             "fillOpacity": 0.45,
                                             "className": "lfg-reach lfg-reach-safe"},
                                 provokes=False)
            prov = cells_geojson(m, r.provoking, {"color": "#c05621", "weight": 1,
                                                  "fillColor": "#f6ad55", "fillOpacity": 0.55,
                                                  "className": "lfg-reach lfg-reach-provoking"},
                                 provokes=True)
            reach = {"type": "FeatureCollection", "features": safe["features"] + prov["features"]}
            threat = cells_geojson(m, m.threatened_by_enemies(self.selected),
                                   {"color": "#c53030", "weight": 2, "fillOpacity": 0.0,
                                    "className": "lfg-threat"}, 0.92)
        with self.map.hold_sync():
            self.token_layer.data = tokens
            self.reach_layer.data = reach
            self.threat_layer.data = threat
            self._update_labels(toks)

    def _update_labels(self, toks: list) -> None:
        """One name label per token at its footprint's centre, moved in place."""
        m = self.hexmap
        where = {}
        for tok in toks:
            pts = [m.geometry.to_pixel(c) for c in tok.cells]
            where[tok.name] = _ll(sum(x for x, _ in pts) / len(pts), sum(y for _, y in pts) / len(pts))
        for name in list(self._labels):
            if name not in where:
                del self._labels[name]
        for name, (lng, lat) in where.items():
            label = self._labels.get(name)
            if label is None:
                icon = _LabelIcon(html=_label_html(name), icon_size=[96, 14], icon_anchor=[48, 7])
                self._labels[name] = _Label(location=(lat, lng), icon=icon, draggable=False,
                                            keyboard=False, title=name)
            elif tuple(label.location) != (lat, lng):
                label.location = (lat, lng)
        wanted = tuple(self._labels[n] for n in where)
        if self.label_layer.layers != wanted:
            self.label_layer.layers = wanted

    def _on_engine_change(self, _map: HexMap) -> None:
        self.redraw()

    def _on_mode(self, change: dict) -> None:
        self.measure_from = None
        with self.map.hold_sync():
            self.line_layer.data = _EMPTY
        self.redraw()
        hints = {"move": "Click a token to select it, then a hex to move it.",
                 "measure": "Click two hexes to measure the distance.",
                 "line of sight": "Select a token (move mode), then click or hover a target."}
        self._say(hints[change["new"]])

    # -- input ------------------------------------------------------------------------------
    def cell_at(self, lat: float, lng: float) -> Any:
        """The cell under a map position (``None`` off the map)."""
        c = self.hexmap.geometry.from_pixel((lng / SCALE, -lat / SCALE))
        return c if c in self.hexmap.cells else None

    def _on_interaction(self, **event: Any) -> None:
        kind = event.get("type")
        if kind not in ("click", "mousemove"):
            return
        lat, lng = event.get("coordinates", (None, None))
        if lat is None:
            return
        cell = self.cell_at(lat, lng)
        if cell is None:
            return
        if kind == "click":
            self.click(cell)
        elif self.mode == "line of sight" and cell != self._hover_cell:
            self._hover_cell = cell
            self.show_cover(cell)

    def select(self, name: str | None) -> None:
        """Select a creature (or nobody) and show what the engine says about it."""
        if name is not None and name not in self.hexmap:
            raise IllegalActionError(f"no creature named {name!r} on the map")
        self.selected = name
        self.redraw()
        if name is None:
            self._say("Nothing selected.")
            return
        m = self.hexmap
        r = m.reachable(name, action=self.action)
        self._say(f"{name} selected: {r.explain()}\n{m.flanking(name).explain()}")

    def click(self, where: Any) -> None:
        """Act on a click at a cell (or ``(col, row)``), as the current mode says."""
        m = self.hexmap
        cell = m.as_cell(where)
        if self.mode == "measure":
            if self.measure_from is None:
                self.measure_from = cell
                self._say(f"Measuring from {m.offset(cell)}: click the second hex.")
                return
            a, self.measure_from = self.measure_from, None
            ft = m.distance(a, cell)
            pts = [m.geometry.to_pixel(a), m.geometry.to_pixel(cell)]
            with self.map.hold_sync():
                self.line_layer.data = _line_geojson(pts, {"color": "#2b6cb0", "weight": 3,
                                                           "className": "lfg-line"})
            self._say(f"{m.offset(a)} to {m.offset(cell)}: {ft} ft ({ft // 5} hexes)")
            return
        if self.mode == "line of sight":
            self.show_cover(cell)
            return
        here = m.at(cell)
        if here and (self.selected is None or self.selected not in here):
            self.select(here[0])
            return
        if self.selected is None:
            self._say("Click a token first.")
            return
        if cell in m.footprint(self.selected):
            self.select(None)
            return
        try:
            if self.mover is not None:
                said = self.mover(self.selected, cell, self.action)
            else:
                said = m.move(self.selected, cell, action=self.action).explain()
        except IllegalActionError as e:
            self._say(f"Not allowed: {e}", error=True)
            return
        self._say(said)

    def show_cover(self, where: Any) -> None:
        """Draw the line from the selected token to a creature (by name), or to a cell (or
        the creature on it), and say the target's cover."""
        m = self.hexmap
        if self.selected is None:
            self._say("Select a token first (move mode).")
            return
        if isinstance(where, str):
            if where not in m:
                raise IllegalActionError(f"no creature named {where!r} on the map")
            target: Any = where
            cell = None
        else:
            cell = m.as_cell(where)
            here = [n for n in m.at(cell) if n != self.selected]
            target = here[0] if here else cell
        cov = m.cover(self.selected, target)
        tcells = m.footprint(target) if isinstance(target, str) else [cell]
        tc = min(tcells, key=lambda c: m.geometry.distance(c, cov.origin))
        pts = [m.geometry.to_pixel(cov.origin), m.geometry.to_pixel(tc)]
        color = {"none": "#2f855a", "partial": "#b7791f", "good": "#c05621",
                 "total": "#c53030"}.get(str(cov.level), "#555")
        with self.map.hold_sync():
            self.line_layer.data = _line_geojson(pts, {"color": color, "weight": 3,
                                                       "dashArray": "6 4", "className": "lfg-line"})
        self._say(cov.explain())
