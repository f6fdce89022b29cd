"""BattleMap: the hex battle map on ipyleaflet, driving :class:`lfgcombat.HexMap`.

Thin by design: every rule answer (reachable hexes, which ones provoke AOO, threatened
hexes, flanking, distance, cover) comes from the engine; the widget only draws it and
passes clicks on. Under an InitiativeTracker the reachable hexes and the ones that provoke
are the Encounter's, by its ruleset (``Encounter.reachable``: under ``classic`` nothing
provokes; under ``wounds`` only where a foe may take its AOO). Drawing follows DESIGN.md:
``Map(crs=projections.Simple)`` with no tile layer and no attribution control; the terrain
is ONE GeoJSON layer built once (its colours ride in each feature's ``properties.style``,
no ``style_callback``); highlights are small separate GeoJSON layers whose ``data`` is
replaced inside ``hold_sync()``, so a move never resends the terrain; each token is its own
small GeoJSON layer, given new data only when that creature's token changed (issue 26,
item 5: a move redraws the mover's token only). Only the tokens and the reachable hexes
take the mouse (the terrain, threats and lines are non-interactive: Leaflet would send the
kernel two messages per shape entered or clicked) and the map takes no keyboard focus;
inside :meth:`BattleMap.hold` (an InitiativeTracker's engine call) it is drawn once.

Coordinates: the engine's plane has y growing downwards; Leaflet's latitude grows upwards,
so ``lat = -y * scale`` and ``lng = x * scale``.

CSS hooks (for styling and for the browser tests): the widget is ``.lfg-battlemap``, its
Leaflet map ``.lfg-battlemap-map`` and its status line ``.lfg-status``; the SVG paths are
``path.lfg-hex`` (terrain), ``path.lfg-token``, ``path.lfg-reach`` (with
``lfg-reach-safe`` or ``lfg-reach-provoking``), ``path.lfg-threat`` and ``path.lfg-line``;
token names are ``.lfg-token-label``; the legend is ``.lfg-map-legend``, its line for the
selected token ``.lfg-map-reach`` (``data-marked``: which group is marked).
"""

from __future__ import annotations

import html
import math
from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any

import ipywidgets as W
from ipyleaflet import (DivIcon, GeoJSON, ImageOverlay, LayerGroup, Map, MapStyle, Marker,
                        projections)
from traitlets import Bool, Unicode

from lfgcombat.engine.log.words import cover_words
from lfgcombat.errors import IllegalActionError, LfgError
from lfgcombat.battlemap import HexMap, Reachable
from lfgcombat.shortrepr import short

from .mapgeojson import (EMPTY as _EMPTY, SCALE, SIDE_COLORS, TERRAIN_COLORS,
                         _ll, _polygon, altitude_html as _altitude_html, cells_geojson,
                         fit_zoom as _fit_zoom, label_html as _label_html,
                         line_geojson as _line_geojson, short_name, terrain_geojson,
                         wall_height_labels)
from .held import HeldDrawing
from .mapimage import image_url
from .mapreach import reach_line, reach_styles, reach_swatches

__all__ = ["BattleMap", "BattleMapError", "terrain_geojson", "cells_geojson", "TERRAIN_COLORS",
           "SIDE_COLORS", "MOVE_ACTIONS", "wall_height_labels"]

MODES = ("move", "measure", "line of sight")
#: The movement actions a click may take (``HexMap.move``'s ``action``).
MOVE_ACTIONS = ("move", "five_foot_step", "retreat", "run")
#: Leaflet panes, bottom to top: the GM's picture under the terrain (overlayPane, 400),
#: highlights over the terrain, tokens over the highlights (their side colours always show),
#: lines on top. A layer whose data is replaced is re-added at the top of its own pane only.
PANES = {"lfg-background": {"zIndex": 350}, "lfg-highlights": {"zIndex": 410},
         "lfg-tokens": {"zIndex": 420}, "lfg-lines": {"zIndex": 430, "pointerEvents": "none"}}
# threatened hexes and the selection ring take no mouse (Leaflet reads it from the style)
_THREAT = {"color": "#c53030", "weight": 2, "fillOpacity": 0.0, "className": "lfg-threat",
           "interactive": False}
# the selected token sits in a black ring: its hexes outlined under the (smaller) token
_SELECTED = {"color": "#000", "weight": 3, "fillOpacity": 0.0,
             "className": "lfg-token-selected", "interactive": False}


class BattleMapError(LfgError, ValueError):
    """A BattleMap argument the widget cannot use (it names the field and what to give)."""


class _FlatGeoJSON(GeoJSON):
    """A GeoJSON layer whose shapes take no mouse events (issue 26, item 5): a click or a
    hover falls through to the map (its click moves, measures or picks by the cell), and
    the page sends the kernel nothing for the layer's shapes - an interactive GeoJSON
    layer sends two messages, with the whole feature, for each shape the mouse enters or
    clicks, each a round trip to the kernel that delays the click behind it."""

    interactive = Bool(False).tag(sync=True, o=True)


class _PaneGeoJSON(_FlatGeoJSON):
    """A GeoJSON layer created in its pane (``pane`` passed at creation, not set after)."""

    pane = Unicode("").tag(sync=True, o=True)


class _Part:
    """One part of :attr:`BattleMap.highlight_layer` (its features whose ``part`` property
    is ``part``), read as a layer: ``data`` and ``pane``."""

    def __init__(self, layer: GeoJSON, part: str) -> None:
        self._layer, self._part = layer, part

    @property
    def pane(self) -> str:
        return str(self._layer.pane)

    @property
    def data(self) -> dict:
        return {"type": "FeatureCollection",
                "features": [f for f in self._layer.data["features"]
                             if f["properties"].get("part") == self._part]}


class _PaneImage(ImageOverlay):
    """The GM's picture, created in the background pane."""

    pane = Unicode("").tag(sync=True, o=True)




class _LabelIcon(DivIcon):
    """A DivIcon without Leaflet's white box: the ``lfg-token-label`` class instead."""

    class_name = Unicode("lfg-token-label").tag(sync=True, o=True)


class _Label(Marker):
    """A token's name; not interactive, so clicks fall through to the token and the map."""

    interactive = Bool(False).tag(sync=True, o=True)


class BattleMap(W.VBox):
    """An interactive battle map for a :class:`~lfgcombat.HexMap`.

    Click a token to select it: its reachable hexes light up, the hexes its enemies
    threaten are outlined red, and the status line says whether it is flanked. Of the
    reachable hexes the smaller group is marked (:mod:`~lfgcombat.widgets.mapreach`): when
    few provoke AOO they get a dashed orange outline among the green; when most do (next to
    a foe, all of them) they are a pale orange wash and the safe ones are outlined green.
    The legend says which, with the counts. Click a hex to move it there through the
    engine; an illegal move leaves everything as it was and shows the rule in the status
    line. ``measure`` mode: click two hexes for the distance in feet. ``line of sight``
    mode: click (or hover) a hex or creature to see the line from the selected token and
    the target's cover. A legend under the map says what the colours mean.

    Without an :class:`~lfgcombat.Encounter` (no :attr:`mover`), the map keeps each
    creature's movement for the turn (``HexMap.moved_this_turn``): a token moves its speed
    once, then "New turn" (``HexMap.start_turn`` for every token) lets them move again.

    The GM's picture (``HexMap.set_background``) is drawn under the grid, stretched over
    ``HexMap.pixel_bounds()``; the "background" box sets it from the widget (a path or an
    http(s) URL; a local file is embedded so the browser can show it).

    Args:
        hexmap: The engine map to show and drive.
        height: CSS height of the map.
        action: Movement action used for clicks (``"move"``, ``"five_foot_step"``,
            ``"retreat"``, ``"run"``).

    Raises:
        TypeError: ``hexmap`` is not a HexMap.
        BattleMapError: ``action`` is not a movement action.
    """

    def __init__(self, hexmap: HexMap, *, height: str = "480px", action: str = "move",
                 **kwargs: Any) -> None:
        if not isinstance(hexmap, HexMap):
            raise TypeError(f"BattleMap needs a lfgcombat.HexMap, not {type(hexmap).__name__}")
        self._check_action(action)
        self.hexmap = hexmap
        self.selected: str | None = None
        self._action = action
        self.measure_from: Any = None
        #: Optional ``mover(name, cell, action) -> str``: when set, a click that moves the
        #: selected token calls it instead of moving it on the map directly, and shows the
        #: text it returns (an InitiativeTracker routes moves through its Encounter, which
        #: spends the action and resolves AOO). It refuses by raising IllegalActionError.
        self.mover: Callable[[str, Any, str], str] | None = None
        #: Optional ``feet_source(name) -> int | None``: with a :attr:`mover`, the feet the
        #: engine says ``name`` has left for a ``move`` (an InitiativeTracker's: classic's
        #: Move Action, wounds' Half Actions, after a partial move); ``None``: the action's
        #: own budget.
        self.feet_source: Callable[[str], int | None] | None = None
        #: Optional ``reach_source(name, action) -> Reachable | None``: with a
        #: :attr:`mover`, what the engine says ``name`` can reach and which cells provoke
        #: under its ruleset (an InitiativeTracker's: ``Encounter.reachable``; nothing
        #: provokes under classic); ``None`` from it: the map's own answer.
        self.reach_source: Callable[[str, str], Reachable | None] | None = None
        #: Optional ``moves_off() -> str``: with a :attr:`mover`, why no move is offered
        #: now ("" while moves are; an InitiativeTracker's: the fight is over and the GM
        #: has not ticked "Play on"): the map then draws no reach and its legend says why,
        #: never "Move, 0 ft".
        self.moves_off: Callable[[], str] | None = None
        #: Optional ``target_picker(name) -> str | None``: with a token selected, a click
        #: on another creature's token calls it first (an InitiativeTracker's: it makes
        #: that creature the Attack row's target and returns what the preview says); a
        #: ``None`` answer (not a target it offers) selects the token as usual. A click on
        #: an empty hex still moves the selected token (issue 26).
        self.target_picker: Callable[[str], str | None] | None = None
        #: Optional: the citation of the flanking rule the fight plays (an
        #: InitiativeTracker's ruleset: classic's "Conditions", wounds' lfg heading marked
        #: inferred); ``None``: the map's own (lfg's "Flanking / Being Flanked", -2 AC).
        self.flank_rule: str | None = None
        self._drawing = HeldDrawing(lambda: self._draw())  # inside hold(): one at its end
        self._build_layers(hexmap)
        self.map = self._make_map(hexmap, height)
        self._build_controls()
        self.legend = W.HTML()
        self.status = W.HTML(value="")
        self.mode_buttons.observe(self._on_mode, names="value")
        self.map.on_interaction(self._on_interaction)
        hexmap.observe(self._on_engine_change)
        tools = W.HBox([self.mode_buttons, self.new_turn_button],
                       layout=W.Layout(flex_flow="row wrap", align_items="center"))
        picture = W.HBox([self.background_box, self.opacity, self.background_button],
                         layout=W.Layout(flex_flow="row wrap", align_items="center"))
        super().__init__(children=[tools, self.map, self.legend, self.status, picture],
                         **kwargs)
        self.add_class("lfg-battlemap")
        self.redraw()
        if not self.status.value:  # the redraw said nothing (a picture it refused would)
            self._say("Click a token to select it.")

    def _build_layers(self, hexmap: HexMap) -> None:
        """The map's layers: the terrain (built once), the highlights, one layer per token,
        the lines, the labels and the walls' heights."""
        self._hover_cell: Any = None
        self._sides: dict[str, str] = {}
        self._background_drawn: Any = None
        self.background_layer: ImageOverlay | None = None
        # the terrain's class rides on the layer's style (one string, not one per hex)
        self.terrain_layer = _FlatGeoJSON(data=terrain_geojson(hexmap, self._see_through()),
                                          name="terrain", style={"className": "lfg-hex"})
        self._terrain_drawn = hexmap.terrain_version
        #: The selected token's ring, threatened and reachable hexes: one layer, styles on
        #: its features (issue 26, item 5: selecting sends one update). Only reachable
        #: hexes take the mouse, as the tokens do.
        self.highlight_layer = _PaneGeoJSON(data=_EMPTY, name="highlights",
                                            pane="lfg-highlights", interactive=True)
        #: The reachable hexes (``part`` "reach") of :attr:`highlight_layer`, read as a layer
        self.reach_layer = _Part(self.highlight_layer, "reach")
        #: The threatened hexes (``part`` "threat") of :attr:`highlight_layer`
        self.threat_layer = _Part(self.highlight_layer, "threat")
        #: One small GeoJSON layer per creature (issue 26, item 5): a move or a wound
        #: redraws that creature's token only; all of them sit in :attr:`token_group`.
        self.token_layers: dict[str, _PaneGeoJSON] = {}
        self.token_group = LayerGroup(name="tokens")
        self.line_layer = _PaneGeoJSON(data=_EMPTY, name="lines", pane="lfg-lines")
        self.label_layer = LayerGroup(name="labels")
        self._labels: dict[str, _Label] = {}
        #: A label on each wall that is not full height, its height in feet
        self.wall_label_layer = LayerGroup(name="wall heights")
        self._draw_wall_heights()

    def _make_map(self, hexmap: HexMap, height: str) -> Map:
        """The ipyleaflet map, fitted to the hex map at ``height``, with the layers."""
        try:
            height_px = float(str(height).removesuffix("px"))
        except ValueError:
            height_px = 480.0
        center, zoom = _fit_zoom(hexmap, height_px)
        made = Map(crs=projections.Simple, center=center, zoom=zoom, zoom_snap=0.25,
                   zoom_delta=0.5, min_zoom=math.floor(zoom) - 3, max_zoom=math.ceil(zoom) + 4,
                   attribution_control=False, panes=PANES,
                   layers=(self.terrain_layer, self.highlight_layer,
                           self.token_group, self.line_layer, self.wall_label_layer,
                           self.label_layer),
                   scroll_wheel_zoom=True, double_click_zoom=False,
                   default_style=MapStyle(cursor="pointer"),  # a click on any hex acts
                   # not focusable: Leaflet's keyboard handler focuses the map on each
                   # mousedown, which lays out the whole notebook and makes JupyterLab
                   # move its focus (issue 26, item 5); the map is played by clicks
                   keyboard=False,
                   layout=W.Layout(height=height))
        made.add_class("lfg-battlemap-map")
        return made

    def _build_controls(self) -> None:
        """The mode buttons, "New turn" and the GM's picture row."""
        self.mode_buttons = W.ToggleButtons(options=list(MODES), value="move",
                                            style={"button_width": "8em"})
        self.new_turn_button = W.Button(description="New turn", tooltip=(
            "every token may move again (as at the start of its turn); the initiative "
            "tracker does this when a creature's turn begins"), layout=W.Layout(width="auto"))
        self.new_turn_button.add_class("lfg-new-turn")
        self.new_turn_button.on_click(lambda _b: self.new_turn())
        self.background_box = W.Text(description="background", placeholder="picture path or URL",
                                     layout=W.Layout(width="22em"),
                                     style={"description_width": "6.5em"})
        self.background_box.add_class("lfg-background-image")
        self.opacity = W.FloatSlider(value=0.8, min=0.0, max=1.0, step=0.05,
                                     description="opacity", readout_format=".2f",
                                     layout=W.Layout(width="16em"),
                                     style={"description_width": "4em"})
        self.opacity.add_class("lfg-background-opacity")
        self.background_button = W.Button(description="Set picture",
                                          tooltip="put this picture under the grid",
                                          layout=W.Layout(width="auto"))
        self.background_button.add_class("lfg-set-background")
        self.background_button.on_click(
            lambda _b: self.set_background(self.background_box.value, self.opacity.value))

    # -- state shown ------------------------------------------------------------------------
    @staticmethod
    def _check_action(action: Any) -> None:
        if action not in MOVE_ACTIONS:
            raise BattleMapError(f"action must be one of {', '.join(MOVE_ACTIONS)}, not "
                                 f"{action!r} (the movement a click on a hex takes)")

    @property
    def action(self) -> str:
        """The movement action a click takes (one of :data:`MOVE_ACTIONS`)."""
        return self._action

    @action.setter
    def action(self, value: str) -> None:
        self._check_action(value)
        self._action = value

    @property
    def mode(self) -> str:
        """``"move"``, ``"measure"`` or ``"line of sight"`` (the toggle buttons)."""
        return self.mode_buttons.value

    @mode.setter
    def mode(self, value: str) -> None:
        self.mode_buttons.value = value

    def __repr__(self) -> str:
        return (f"BattleMap({self.hexmap!r}, selected={self.selected!r}, mode={self.mode!r})")

    def _say(self, text: str, error: bool = False) -> None:
        color = "#b00020" if error else "#222"
        cls = "lfg-status lfg-error" if error else "lfg-status"
        body = "<br>".join(html.escape(line) for line in text.splitlines())
        self.status.value = f'<div class="{cls}" style="color:{color}">{body}</div>'

    @property
    def status_text(self) -> str:
        """The status line as plain text."""
        import re
        return html.unescape(re.sub(r"<br>", "\n", re.sub(r"<(?!br)[^>]+>", "", self.status.value)))

    def _side_color(self, side: str) -> str:
        if side not in self._sides:
            self._sides[side] = SIDE_COLORS[len(self._sides) % len(SIDE_COLORS)]
        return self._sides[side]

    def _see_through(self) -> bool:
        return getattr(self.hexmap, "background", None) is not None

    # -- movement without an encounter ------------------------------------------------------
    def feet_left(self, name: str) -> int | None:
        """Feet ``name`` may still move this turn: by the map's own count, or - for moves
        routed to an encounter - what the engine says is left (:attr:`feet_source`, for a
        ``move``); ``None``: the action's own budget applies (a 5-foot step, or an engine
        that keeps no feet of its own to report)."""
        if self.mover is not None:
            if self.feet_source is None or self.action != "move":
                return None
            return self.feet_source(name)
        if self.action == "five_foot_step":
            return None
        m = self.hexmap
        return max(0, m.budget(name, self.action) - m.moved_this_turn(name))

    def reachable(self, name: str) -> Reachable:
        """What the highlight shows for ``name`` and :attr:`action`: the engine's answer
        for moves routed to an encounter (:attr:`reach_source`: its reach, and the cells
        that provoke by its ruleset), else the map's
        (``HexMap.reachable(name, feet_left(name), action=...)``)."""
        if self.mover is not None and self.reach_source is not None:
            r = self.reach_source(name, self.action)
            if r is not None:
                return r
        return self.hexmap.reachable(name, self.feet_left(name), action=self.action)

    def new_turn(self) -> None:
        """Let every token move again (``HexMap.start_turn`` for each)."""
        for tok in self.hexmap.tokens():
            self.hexmap.start_turn(tok.name)
        self._say("New turn: every creature may move again.")
        if self.selected is not None:
            self.select(self.selected)

    # -- drawing (small layers only) ----------------------------------------------------------
    def redraw(self) -> None:
        """Redraw tokens and highlights from the engine; the terrain layer (and the GM's
        picture) only when the terrain, elevation or picture was edited
        (``HexMap.terrain_version``), never for a move. Inside :meth:`hold`: once, at its
        end."""
        self._drawing.ask()

    def hold(self) -> AbstractContextManager[None]:
        """Draw once, at the end, for every redraw asked inside (issue 26, item 5: a step
        under an InitiativeTracker changes the map - the engine's redraw - and then the
        acting creature - the tracker's; the page gets one drawing, not an intermediate
        one sent and replaced). Nests."""
        return self._drawing.hold()

    def _draw(self) -> None:
        m = self.hexmap
        if m.terrain_version != self._terrain_drawn:
            self._terrain_drawn = m.terrain_version
            self.terrain_layer.data = terrain_geojson(m, self._see_through())
            self._draw_wall_heights()
        self._draw_background()
        if self.selected is not None and self.selected not in m:
            self.selected = None
        toks = m.tokens()
        feats, r = self._selected_features(), None
        off = (self.moves_off() if self.mover is not None and self.moves_off is not None
               else "")
        if off:
            pass  # no move offered now: no reach drawn, the legend says why
        elif self.selected is not None and self.mode == "move":  # other modes: their line
            r = self.reachable(self.selected)
            # the smaller group is marked: the map still reads when most hexes provoke
            safe_style, prov_style = reach_styles(r)
            threat = m.threatened_by_enemies(self.selected)
            # threatened hexes first: the reachable ones are drawn over their outlines
            feats = (cells_geojson(m, threat, _THREAT, 0.92, part="threat")["features"]
                     + feats
                     + cells_geojson(m, r.safe, safe_style, provokes=False,
                                     part="reach")["features"]
                     + cells_geojson(m, r.provoking, prov_style, provokes=True,
                                     part="reach")["features"])
        data = {"type": "FeatureCollection", "features": feats}
        with self.map.hold_sync():
            if self.highlight_layer.data != data:
                self.highlight_layer.data = data
            self._update_tokens(toks)
            self._update_labels(toks)
        self.legend.value = self._legend_html(toks, r, off)

    def _selected_features(self) -> list[dict]:
        """The ring around the selected token (one shape, ``part`` "selected"), or none."""
        m = self.hexmap
        if self.selected is None or self.selected not in m:
            return []
        cells = sorted(m.footprint(self.selected))
        ring = 0.92 if len(cells) == 1 else 1.0  # a big token covers 0.94 of its hexes
        return [{"type": "Feature",
                 "properties": {"name": self.selected, "part": "selected", "style": _SELECTED},
                 "geometry": {"type": "MultiPolygon",
                              "coordinates": [_polygon(m, c, ring) for c in cells]}}]

    @property
    def token_data(self) -> dict:
        """Every token's hexes as one GeoJSON FeatureCollection (what :attr:`token_layers`
        draw, in the map's order of tokens)."""
        return {"type": "FeatureCollection",
                "features": [f for tok in self.hexmap.tokens()
                             if tok.name in self.token_layers
                             for f in self.token_layers[tok.name].data["features"]]}

    def _update_tokens(self, toks: list) -> None:
        """Each creature's layer gets new data only when its token changed (moved,
        selected, helpless); a layer is made for a new token and dropped with it."""
        for tok in toks:
            data = {"type": "FeatureCollection", "features": self._token_features([tok])}
            layer = self.token_layers.get(tok.name)
            if layer is None:
                # a token takes the mouse (a pointer over it, a click on it found on the
                # page); the terrain, threats and lines under and over it do not
                self.token_layers[tok.name] = _PaneGeoJSON(
                    data=data, name=f"token {tok.name}", pane="lfg-tokens", interactive=True)
            elif layer.data != data:
                layer.data = data
        names = {tok.name for tok in toks}
        for name in [n for n in self.token_layers if n not in names]:
            self.token_layers.pop(name).close()
        wanted = tuple(self.token_layers[tok.name] for tok in toks)
        if tuple(self.token_group.layers) != wanted:
            self.token_group.layers = wanted

    def _token_features(self, toks: list) -> list[dict]:
        m = self.hexmap
        feats = []
        for tok in toks:
            color = self._side_color(tok.side)
            # not the selection: its ring is in the highlights (selecting another
            # creature redraws neither token)
            style = {"color": color, "weight": 1,
                     "fillColor": color, "fillOpacity": 0.85 if not tok.helpless else 0.35,
                     "className": "lfg-token"}
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
        return feats

    def _legend_html(self, toks: list, reach: Reachable | None = None, off: str = "") -> str:
        """What the colours mean; with a token selected, how its hexes are drawn and a line
        with their counts (:func:`~lfgcombat.widgets.mapreach.reach_line`); ``off``: why no
        move is offered now (:attr:`moves_off`), said instead."""
        def sw(style: str, text: str) -> str:
            return (f'<span style="display:inline-block;width:12px;height:12px;{style};'
                    f'vertical-align:middle;margin:0 3px 0 10px"></span>{html.escape(text)}')
        sides = "".join(sw(f"background:{self._side_color(s)};border-radius:2px", s)
                        for s in dict.fromkeys(t.side for t in toks))
        short = {t.name: short_name(t.name, 7 if len(t.cells) == 1 else 12) for t in toks}
        names = "; ".join(f"{html.escape(a)} = {html.escape(n)}"
                          for n, a in short.items() if a != n)
        return ('<div class="lfg-map-legend" style="font:11px sans-serif;color:#444">'
                f"<b>tokens:</b>{sides}{sw('border:3px solid #000', 'selected')}"
                f"&nbsp; <b>selected token:</b>"
                + reach_swatches(reach)
                + f"{sw('border:2px solid #c53030', 'an enemy threatens')}"
                + (reach_line(reach) if reach is not None else "")
                + (f"<div class='lfg-map-reach' data-marked='none'>{html.escape(off)}</div>"
                   if off else "")
                + (f"<div class='lfg-map-names'><b>names:</b> {names}</div>" if names else "")
                + "</div>")

    def _draw_background(self) -> None:
        """The GM's picture under the grid (``HexMap.background``; skipped when the map has
        none, or this kit's HexMap has no pictures)."""
        m = self.hexmap
        bg = getattr(m, "background", None)
        if bg == self._background_drawn:
            return
        self._background_drawn = bg
        if self.background_layer is not None:
            self.map.remove(self.background_layer)
            self.background_layer = None
        if bg is None:
            return
        try:
            url = image_url(bg.image)
        except LfgError as exc:
            self._say(f"The background picture cannot be shown: {exc}", error=True)
            return
        left, top, right, bottom = m.pixel_bounds()
        (lng0, lat0), (lng1, lat1) = _ll(left, bottom), _ll(right, top)
        self.background_layer = _PaneImage(url=url, bounds=((lat0, lng0), (lat1, lng1)),
                                           opacity=float(bg.opacity), pane="lfg-background",
                                           name="background")
        self.map.add(self.background_layer)

    def set_background(self, image: str, opacity: float = 0.8) -> None:
        """Put the GM's picture under the grid (``HexMap.set_background``, saved with the
        map text); an empty ``image`` removes it. A refusal shows in the status line."""
        m = self.hexmap
        if not hasattr(m, "set_background"):
            self._say("This version of HexMap has no background pictures.", error=True)
            return
        try:
            if not str(image or "").strip():
                m.clear_background()
                self._say("Background picture removed.")
                return
            image_url(image)  # refuse a missing or oversized file before the map keeps it
            m.set_background(image, opacity=float(opacity))
        except LfgError as exc:
            self._say(f"Not allowed: {exc}", error=True)
            return
        self._say(f"Background picture: {image} (opacity {float(opacity):g}).")

    def set_altitude(self, name: str, feet: int) -> None:
        """The GM puts a token at ``feet`` above its hex (``HexMap.set_altitude``; under an
        InitiativeTracker use its "Set altitude" so the encounter logs it). A refusal shows
        in the status line; the label shows the altitude (``↑30``)."""
        try:
            self.hexmap.set_altitude(name, feet)
        except LfgError as exc:
            self._say(f"Not allowed: {exc}", error=True)
            return
        self._say(f"{name} is now {feet} ft up.")

    def _draw_wall_heights(self) -> None:
        """One label per wall that is not full height: its height (``10ft``)."""
        m = self.hexmap
        marks = []
        for (col, row), text in sorted(wall_height_labels(m).items()):
            x, y = m.geometry.to_pixel(m.geometry.cell(col, row))
            lng, lat = _ll(x, y)
            icon = _LabelIcon(html=('<div class="lfg-wall-height" style="font:600 9px/12px '
                                    'sans-serif;color:#ffe08a;text-align:center">'
                                    f"{html.escape(text)}</div>"),
                              icon_size=[40, 12], icon_anchor=[20, 6])
            marks.append(_Label(location=(lat, lng), icon=icon, draggable=False,
                                keyboard=False, title=f"wall {text} tall"))
        self.wall_label_layer.layers = tuple(marks)

    def set_wall_height(self, where: Any, feet: int | None) -> None:
        """The GM gives the wall at ``where`` its own height in feet (``None``: the map's
        ``wall_height``) (``HexMap.set_wall_height``; an InitiativeTracker's Encounter
        records it as the GM's map edit at its next step, so undo and saves keep it). A
        refusal shows in the status line; the wall shows its height (``10ft``)."""
        cell = self._cell_or_refuse(where)
        if cell is None:
            return
        try:
            self.hexmap.set_wall_height(cell, feet)
        except LfgError as exc:
            self._say(f"Not allowed: {exc}", error=True)
            return
        self._say(f"The wall at {self.hexmap.offset(cell)} is now "
                  + (f"{feet} ft tall." if feet is not None else "as tall as the map's walls."))

    def _update_labels(self, toks: list) -> None:
        """One name label per token at its footprint's centre, moved in place; a long name
        is shortened to fit its token (the full name shows on hover)."""
        m = self.hexmap
        where, limits = {}, {}
        for tok in toks:
            pts = [m.geometry.to_pixel(c) for c in tok.cells]
            where[tok.name] = _ll(sum(x for x, _ in pts) / len(pts),
                                  sum(y for _, y in pts) / len(pts))
            limits[tok.name] = 7 if len(tok.cells) == 1 else 12
        for name in list(self._labels):
            if name not in where:
                del self._labels[name]
        for name, (lng, lat) in where.items():
            label = self._labels.get(name)
            text = _label_html(name, limits[name]) + _altitude_html(m, name)
            if label is None or label.icon.html != text:
                icon = _LabelIcon(html=text, icon_size=[96, 14], icon_anchor=[48, 7])
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
        """The cell under a map position (``None`` off the map or not a position)."""
        try:
            c = self.hexmap.geometry.from_pixel((float(lng) / SCALE, -float(lat) / SCALE))
        except (TypeError, ValueError, OverflowError):
            return None
        return c if c in self.hexmap.cells else None

    def _on_interaction(self, **event: Any) -> None:
        kind = event.get("type")
        if kind not in ("click", "mousemove"):
            return
        coords = event.get("coordinates")
        if not isinstance(coords, (list, tuple)) or len(coords) != 2:
            return
        cell = self.cell_at(*coords)
        if cell is None:
            return
        if kind == "click":
            self.click(cell)
        elif self.mode == "line of sight" and cell != self._hover_cell:
            self._hover_cell = cell
            self.show_cover(cell)

    def select(self, name: str | None) -> None:
        """Select a creature (or nobody) and show what the engine says about it."""
        if name is not None and (not isinstance(name, str) or name not in self.hexmap):
            raise IllegalActionError(f"no creature named {short(name)} on the map; "
                                     "select a token by its name")
        self.selected = name
        self.redraw()
        if name is None:
            self._say("Nothing selected.")
            return
        m = self.hexmap
        r = self.reachable(name)
        self._say(f"{name} selected: {r.explain()}\n"
                  f"{m.flanking(name).explain(self.flank_rule)}")

    def _cell_or_refuse(self, where: Any) -> Any:
        m = self.hexmap
        try:
            cell = m.as_cell(where)
        except (LfgError, TypeError, ValueError) as exc:
            self._say(f"Not a hex: {exc}; click a hex or give (column, row).", error=True)
            return None
        if cell not in m.cells:
            self._say(f"{short(where)} is off the map ({m.width} columns x {m.height} rows, "
                      "counted from 0).", error=True)
            return None
        return cell

    def click(self, where: Any) -> None:
        """Act on a click at a cell (or ``(col, row)``), as the current mode says. Nothing
        raises: a bad cell or a refused move shows in the status line."""
        m = self.hexmap
        cell = self._cell_or_refuse(where)
        if cell is None:
            return
        if self.mode == "measure":
            self._measure(cell)
            return
        if self.mode == "line of sight":
            self.show_cover(cell)
            return
        here = m.at(cell)
        if here and (self.selected is None or self.selected not in here):
            if self.selected is not None and self.target_picker is not None:
                said = self.target_picker(here[0])
                if said is not None:
                    self._say(said)
                    return
            self.select(here[0])
            return
        if self.selected is None:
            self._say("Click a token first.")
            return
        if cell in m.footprint(self.selected):
            # under a tracker the selected token is the acting creature's: a click on it
            # keeps it (its reach shown again), a map alone lets it go
            self.select(self.selected if self.mover is not None else None)
            return
        self._move_selected(cell)

    def _measure(self, cell: Any) -> None:
        m = self.hexmap
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

    def _move_selected(self, cell: Any) -> None:
        m, name = self.hexmap, self.selected
        left = self.feet_left(name)
        if left == 0 and self.mover is None:  # an encounter's refusal says its own rule
            self._say(f"Not allowed: {name} has used its movement this turn "
                      f"({m.moved_this_turn(name)} ft); click 'New turn' to let it move "
                      "again.", error=True)
            return
        try:
            if self.mover is not None:
                said = self.mover(name, cell, self.action)
            else:
                said = m.move(name, cell, action=self.action, feet=left).explain()
        except LfgError as e:
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
                raise IllegalActionError(f"no creature named {short(where)} on the map")
            target: Any = where
            cell = None
        else:
            try:
                cell = m.as_cell(where)
            except LfgError:
                raise
            except (TypeError, ValueError, OverflowError) as exc:
                # a hostile value (a 5,000-digit number) the engine's message cannot print
                raise IllegalActionError(f"not a hex: {short(where)} ({type(exc).__name__}); "
                                         "give (column, row) or a creature's name") from None
            if cell not in m.cells:
                raise IllegalActionError(f"{short(where)} is off the map ({m.width} columns x "
                                         f"{m.height} rows, counted from 0)")
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
        self._say(cover_words(cov.explain()))  # its hexes as the hex boxes say them
