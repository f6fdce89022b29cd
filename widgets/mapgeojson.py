"""What the BattleMap draws, as data: the engine's map as GeoJSON (terrain, highlights,
lines), the initial zoom, and the tokens' labels. Pure functions of a
:class:`lfgcombat.HexMap` - no widget and no rule here (the split of
:mod:`lfgcombat.widgets.battlemap` by what it does: this module draws, that one reacts to
clicks).

Coordinates: the engine's plane has y growing downwards; Leaflet's latitude grows upwards,
so ``lat = -y * scale`` and ``lng = x * scale``.
"""

from __future__ import annotations

import html
import math
from typing import Any

from lfgcombat.battlemap import HexMap, Terrain

__all__ = ["TERRAIN_COLORS", "SCALE", "MAP_WIDTH_PX", "terrain_geojson", "cells_geojson",
           "line_geojson", "wall_height_labels", "short_name", "label_html",
           "altitude_html", "fit_zoom", "EMPTY", "SIDE_COLORS"]

#: Fill colour per terrain kind.
TERRAIN_COLORS = {
    Terrain.NORMAL: "#f4f1e6", Terrain.DIFFICULT: "#c9b27c", Terrain.WALL: "#4a4a4a",
    Terrain.OBSTACLE: "#8a6d3b", Terrain.WATER: "#8fc1e3", Terrain.FOG: "#d0d4dc",
    Terrain.TIGHT: "#9c8f7a", Terrain.HALF: "#e8e0cc", Terrain.CLIMBABLE: "#7d8c5a",
    Terrain.DOOR: "#6b3e1f", Terrain.DOOR_OPEN: "#d9b98c", Terrain.DOOR_BROKEN: "#b08a64",
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


def terrain_geojson(hexmap: HexMap, see_through: bool = False) -> dict:
    """Every cell as a GeoJSON polygon coloured by terrain (built once per map).

    Each feature carries ``properties``: ``col``, ``row``, ``terrain``, ``elevation``, a
    wall's ``wall_height`` in feet (``HexMap.wall_top``; ``None``: full height) and a
    ``style`` (jupyter-leaflet applies a feature's ``properties.style``).

    Args:
        hexmap: The map.
        see_through: A background picture lies under the grid: plain hexes are outlines
            only and the other terrain is half transparent, so the picture shows.
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
            opacity = min(1.0, 0.85 + elev / 200.0)
            if see_through:
                opacity = 0.0 if kind == Terrain.NORMAL and not elev else 0.45
            style = {"color": "#9a9a9a", "weight": 1, "fillColor": fill,
                     "fillOpacity": opacity}
            if elev:
                style["weight"] = 1 + min(3, elev // 10)
                style["color"] = "#6b5b3e"
            props = {"col": col, "row": row, "terrain": kind.value, "elevation": elev,
                     "style": style}
            if kind == Terrain.WALL:
                props["wall_height"] = hexmap.wall_top(cell)
            feats.append({"type": "Feature", "properties": props,
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


def line_geojson(points: list[tuple[float, float]], style: dict) -> dict:
    """A line through ``points`` (plane coordinates) as a GeoJSON FeatureCollection with
    ``style`` (a path or a line of sight drawn on the map)."""
    return {"type": "FeatureCollection", "features": [{
        "type": "Feature", "properties": {"style": style},
        "geometry": {"type": "LineString", "coordinates": [_ll(x, y) for x, y in points]}}]}



EMPTY = {"type": "FeatureCollection", "features": []}
MAP_WIDTH_PX = 860  # the width the initial zoom fits the map into (a notebook's output area)


def short_name(name: str, limit: int = 7) -> str:
    """A label that fits a token: ``"Orc Shaman"`` -> ``"Orc Sh…"``, ``"Goblin Archer 12"``
    -> ``"Gob…12"`` (a trailing number, which tells copies apart, is kept)."""
    if len(name) <= limit:
        return name
    head, _, tail = name.rpartition(" ")
    suffix = tail if head and tail.isdigit() else ""
    base = head if suffix else name
    keep = max(1, limit - len(suffix) - 1)
    return base[:keep].rstrip() + "…" + suffix


def label_html(name: str, limit: int = 7) -> str:
    """A token's name label (shortened to ``limit`` characters) as the marker's HTML."""
    # never takes the pointer (clicks must reach the token and the hexes): the full name
    # of a shortened label is in the map's legend (and the marker's title)
    return ('<div style="font:600 10px/14px sans-serif;color:#fff;text-align:center;'
            'white-space:nowrap;text-shadow:0 0 2px #000,0 0 3px #000">'
            f"{html.escape(short_name(name, limit))}</div>")


def altitude_html(hexmap: HexMap, name: str) -> str:
    """`` ↑30`` after a token's name when it is 30 ft above its hex (HexMap.altitude)."""
    up = hexmap.altitude(name) if hasattr(hexmap, "altitude") else 0
    return f'<span class="lfg-token-altitude"> &uarr;{int(up)}</span>' if up else ""


def wall_height_labels(hexmap: HexMap) -> dict[tuple[int, int], str]:
    """The label of each wall that is not full height: ``(col, row) -> "10ft"``
    (``HexMap.wall_top``: its own height, else the map's ``wall_height``)."""
    out = {}
    for cell, kind in hexmap.terrain_cells().items():
        top = hexmap.wall_top(cell) if kind == Terrain.WALL else None
        if top is not None:
            out[hexmap.offset(cell)] = f"{top}ft"
    return out


def fit_zoom(hexmap: HexMap, height_px: float) -> tuple[tuple[float, float], float]:
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
