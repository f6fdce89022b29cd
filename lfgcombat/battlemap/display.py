"""Showing the map: a text picture, the text repr, a notebook's rich display, and the GM's
battle-map picture under the grid with its bounds in the pixel plane.

No rule of ``000_8d1d7816ee944f3b.txt`` lives here; the pictures show what the other
modules decide ("Using the Battle Map – Measuring Distance in Combat" for the grid itself).
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Mapping
from typing import Any

from .core import CellLike
from .pathing import Reachable
from .sight import _Sight
from .terrain import Terrain
from .values import Background, MapFormatError, PixelBounds, picture_problem

#: Fill colour of each terrain kind in the rich display (the BattleMap widget's palette).
_HTML_COLORS = {
    Terrain.NORMAL: "#f4f1e6", Terrain.DIFFICULT: "#c9b27c", Terrain.WALL: "#4a4a4a",
    Terrain.OBSTACLE: "#8a6d3b", Terrain.WATER: "#8fc1e3", Terrain.FOG: "#d0d4dc",
    Terrain.TIGHT: "#9c8f7a", Terrain.HALF: "#e8e0cc", Terrain.CLIMBABLE: "#7d8c5a",
    Terrain.DOOR: "#6b3e1f", Terrain.DOOR_OPEN: "#d9b98c", Terrain.DOOR_BROKEN: "#b08a64",
}
_SIDE_COLORS = ("#2b6cb0", "#c53030", "#2f855a", "#b7791f", "#6b46c1", "#319795")
#: Pixels per hex of size 1 in the rich display's SVG.
_HTML_SCALE = 14.0
#: Maps with more cells than this show the summary without the SVG picture.
_HTML_MAX_CELLS = 4000


class _Display(_Sight):
    """Pictures of the map: :meth:`picture`, the repr, ``_repr_html_``, the background."""

    def picture(self, highlight: Iterable[CellLike] | Mapping[CellLike, Any] = (), mark: str = "*",
                *, labels: Mapping[str, str] | None = None) -> str:
        """A quick text picture: terrain characters, creatures by the first letter of their
        name, ``mark`` on highlighted cells (e.g. ``m.picture(m.threatened("Ogre"))``).

        Args:
            highlight: Cells drawn as ``mark`` (a :class:`Reachable` counts as its cells);
                or a mapping cell -> one character drawn
                there, e.g. the cost of each reachable hex in hexes
                (``{c: ft // 5 for c, ft in m.reachable("Orc").cost.items()}``).
            mark: The character of highlighted cells.
            labels: Creature name -> the character that stands for it (default: the first
                letter of its name), for creatures whose names start alike.

        Raises:
            ValueError: A highlight or label is not exactly one character.
        """
        if isinstance(highlight, Mapping) and not isinstance(highlight, Reachable):
            hl = {self._as_cell(c): str(v) for c, v in highlight.items()}
        else:
            hl = {self._as_cell(c): mark for c in highlight}
        labels = dict(labels or {})
        for ch in list(hl.values()) + list(labels.values()):
            if len(ch) != 1 or ch.isspace():
                raise ValueError(f"a picture shows one character per cell, got {ch!r}")
        lines = []
        for r in range(self.height):
            chars = []
            for c in range(self.width):
                cell = self.cell(c, r)
                occ = self._occupants.get(cell)
                if occ:
                    ch = labels.get(occ[0], occ[0][0])
                elif cell in hl:
                    ch = hl[cell]
                else:
                    ch = self._terrain.get(cell, Terrain.NORMAL).char
                chars.append(ch)
            lines.append((" " if self.grid == "hex" and r % 2 else "") + " ".join(chars))
        return "\n".join(lines)

    def __repr__(self) -> str:
        who = ", ".join(f"{n}@{self.offset(p.anchor)}" for n, p in self._placed.items())
        return (f"HexMap({self.width}x{self.height} {self.grid}, {len(self._terrain)} terrain "
                f"cells, {len(self._placed)} creatures{': ' + who if who else ''})")

    # -- the GM's battle-map picture ---------------------------------------------------------
    @property
    def background(self) -> Background | None:
        """The GM's picture drawn under the grid (``None``: none); see :meth:`set_background`."""
        return self._background

    def set_background(self, image: str, *, opacity: float = 1.0) -> Background:
        """Put a picture (a battle map drawn or bought by the GM) under the grid.

        The picture is stretched over :meth:`pixel_bounds`, the rectangle around every hex,
        so a picture drawn for a ``width x height`` grid lines up with the hexes. It is
        kept by :meth:`to_text` as ``background: {image: ..., opacity: ...}``.

        Args:
            image: A path inside the notebook's folder (relative to it: no ``..``, not
                absolute, :func:`~lfgcombat.battlemap.values.picture_problem`) or a URL
                of the picture.
            opacity: From 0 (invisible) to 1 (opaque, the default).

        Returns:
            The new :class:`~lfgcombat.battlemap.values.Background`.

        Raises:
            MapFormatError: ``image`` is not a non-empty string or leaves the notebook's
                folder, or ``opacity`` not within 0..1; nothing is changed.
        """
        bg = Background(image, opacity)
        why = picture_problem(bg.image)
        if why:
            raise MapFormatError(f"background image {why}")
        if bg != self._background:
            self._background = bg
            self._terrain_version += 1  # a widget redraws its static layers
            self._changed()
        return bg

    def clear_background(self) -> None:
        """Remove the background picture (nothing happens when there is none)."""
        if self._background is not None:
            self._background = None
            self._terrain_version += 1
            self._changed()

    def pixel_bounds(self) -> PixelBounds:
        """The rectangle around every cell of the map in the map's pixel plane.

        The plane is that of ``self.geometry.to_pixel`` and ``self.geometry.corners`` (x
        to the right, y downwards, hexes of size 1), the coordinates the BattleMap widget
        scales (by its ``SCALE``, with y flipped) to draw the hexes: the background picture
        is stretched over exactly this rectangle, so its edges touch the outermost hexes.

        Returns:
            :class:`~lfgcombat.battlemap.values.PixelBounds` ``(left, top, right, bottom)``.
        """
        w, h = self.width, self.height
        edge = {(c, r) for r in range(h) for c in (0, w - 1)} | {
            (c, r) for c in range(w) for r in (0, h - 1)}
        pts = [pt for col, row in edge for pt in self.geometry.corners(self.cell(col, row))]
        xs, ys = [x for x, _ in pts], [y for _, y in pts]
        return PixelBounds(min(xs), min(ys), max(xs), max(ys))

    # -- rich display in a notebook ----------------------------------------------------------
    def _repr_html_(self) -> str:
        """A notebook's rich display: the summary line, a small picture of the cells and
        tokens (an SVG; left out above a few thousand cells), and the creatures."""
        parts = [f"<div class='lfg-hexmap'><div><b>{html.escape(repr(self))}</b></div>"]
        if self.width * self.height <= _HTML_MAX_CELLS:
            parts.append(self._svg())
        if self._placed:
            rows = "".join(
                f"<tr><td>{html.escape(n)}</td><td>{html.escape(p.side)}</td>"
                f"<td>{self.offset(p.anchor)}</td><td>{html.escape(p.size)}</td></tr>"
                for n, p in self._placed.items())
            parts.append("<table><tr><th>creature</th><th>side</th><th>at (col, row)</th>"
                         f"<th>size</th></tr>{rows}</table>")
        if self._background is not None:
            parts.append(f"<div>background: {html.escape(self._background.image)} "
                         f"(opacity {self._background.opacity:g})</div>")
        return "".join(parts) + "</div>"

    def _svg(self) -> str:
        """The cells coloured by terrain and the tokens as labelled circles, as SVG."""
        b, k = self.pixel_bounds(), _HTML_SCALE
        out = [f"<svg xmlns='http://www.w3.org/2000/svg' width='{b.width * k + 4:.0f}' "
               f"height='{b.height * k + 4:.0f}' viewBox='{b.left * k - 2:.1f} {b.top * k - 2:.1f} "
               f"{b.width * k + 4:.1f} {b.height * k + 4:.1f}'>"]
        for cell in sorted(self._cells):
            pts = " ".join(f"{x * k:.1f},{y * k:.1f}" for x, y in self.geometry.corners(cell))
            fill = _HTML_COLORS[self._terrain.get(cell, Terrain.NORMAL)]
            out.append(f"<polygon points='{pts}' fill='{fill}' stroke='#999' stroke-width='0.5'/>")
        sides = list(dict.fromkeys(p.side for p in self._placed.values()))
        for name, p in self._placed.items():
            xs = [self.geometry.to_pixel(c) for c in p.cells]
            x, y = sum(v for v, _ in xs) / len(xs) * k, sum(v for _, v in xs) / len(xs) * k
            color = _SIDE_COLORS[sides.index(p.side) % len(_SIDE_COLORS)]
            radius = 0.38 * k * (len(p.cells) ** 0.5)
            out.append(f"<circle cx='{x:.1f}' cy='{y:.1f}' r='{radius:.1f}' "
                       f"fill='{color}'><title>{html.escape(name)}</title></circle>"
                       f"<text x='{x:.1f}' y='{y + 3:.1f}' font-size='{0.6 * k:.0f}' fill='white' "
                       f"text-anchor='middle'>{html.escape(name[:1])}</text>")
        return "".join(out) + "</svg>"
