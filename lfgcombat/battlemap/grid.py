"""Battle-map geometry: hexes in axial coordinates, and the optional square grid.

The rules play on a hex map where "every step into a new hex costs 5 feet of movement" and
range is "the number of hexes from you to your target ... Do not count the hex in which you
are standing. Multiply the number of hexes by 5" (``000_8d1d7816ee944f3b.txt``,
"Using the Battle Map – Measuring Distance in Combat"). The vocabulary is Red Blob Games'
(https://www.redblobgames.com/grids/hexagons/): :class:`Hex` ``(q, r)`` with ``s = -q - r``,
``neighbors``, ``distance``, ``ring``, ``spiral``, ``line``, and :func:`hex_to_pixel` /
:func:`pixel_to_hex` through a :class:`Layout`.

A rectangular battle map is laid out in *offset rows* ("odd-r": pointy-top hexes, odd rows
shoved right by half a hex) so that ``width x height`` is a rectangle, not a rhombus;
:func:`offset_to_hex` and :func:`hex_to_offset` convert.

The text's "Option – Square Grid" is :class:`SquareGeometry`, behind the same interface as
:class:`HexGeometry` (``neighbors``, ``distance_ft``, ``line``, ``within_ft``, ``footprint``,
``to_pixel``, ``corners``...), so :class:`lfgcombat.battlemap.HexMap` plays on either. On squares
"The first diagonal step costs 5 feet of movement, but the second diagonal step costs 10 feet
... 5, 15, 20, 30, 35, 45, 50" (``000_8d1d7816ee944f3b.txt``, "Option – Square Grid").
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Iterator, Protocol, Sequence, Union, cast

__all__ = [
    "Hex", "Square", "Cell", "Point", "Layout", "POINTY", "FLAT", "Orientation",
    "hex_to_pixel", "pixel_to_hex", "hex_round", "hex_corners",
    "offset_to_hex", "hex_to_offset", "rectangle",
    "Geometry", "HexGeometry", "SquareGeometry", "geometry", "map_geometry",
    "FEET_PER_CELL", "HEX_DIRECTIONS", "square_distance_ft",
]

#: One hex (or one square) is 5 feet ("Using the Battle Map – Measuring Distance in Combat").
FEET_PER_CELL = 5

Point = tuple[float, float]


@dataclass(frozen=True, order=True, slots=True)
class Hex:
    """One hex in axial coordinates ``(q, r)``; the third cube coordinate is ``s = -q - r``.

    Distances are in hexes; multiply by 5 for feet
    (``000_8d1d7816ee944f3b.txt``, "Using the Battle Map – Measuring Distance in Combat":
    "A target 30 hexes away = 150 feet!").

    Example:
        >>> Hex(0, 0).distance(Hex(30, 0)) * 5
        150
    """

    q: int
    r: int
    #: ``hash((q, r))``, made once: map searches hash hexes hundreds of thousands of times
    #: (issue 24, "Fast"); the same value as before, so sets and dicts keep their order.
    _hash: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_hash", hash((self.q, self.r)))

    def __hash__(self) -> int:
        return self._hash

    @property
    def s(self) -> int:
        """The third cube coordinate, ``-q - r``."""
        return -self.q - self.r

    def __add__(self, other: "Hex") -> "Hex":
        return Hex(self.q + other.q, self.r + other.r)

    def __sub__(self, other: "Hex") -> "Hex":
        return Hex(self.q - other.q, self.r - other.r)

    def scale(self, k: int) -> "Hex":
        """This hex as a vector, times ``k``."""
        return Hex(self.q * k, self.r * k)

    def length(self) -> int:
        """Hexes from the origin."""
        return (abs(self.q) + abs(self.r) + abs(self.q + self.r)) // 2

    def distance(self, other: "Hex") -> int:
        """Hexes from here to ``other`` (the hex you stand in is not counted).

        000_8d1d7816ee944f3b.txt, "Determine Distance": count the hexes by the most direct route;
        every hex is 5 feet.

        Args:
            other: The other hex.

        Returns:
            The number of steps, ``>= 0``; times 5 is feet.
        """
        dq = self.q - other.q
        dr = self.r - other.r
        return (abs(dq) + abs(dr) + abs(dq + dr)) // 2

    def neighbor(self, direction: int) -> "Hex":
        """The neighbour in ``direction`` 0..5 (0 = east, counter-clockwise on screen)."""
        return self + HEX_DIRECTIONS[direction % 6]

    def neighbors(self) -> tuple["Hex", ...]:
        """The six adjacent hexes, east first, then counter-clockwise (made once per hex:
        map searches ask for them thousands of times, issue 24 "Fast")."""
        q, r = self.q, self.r
        found = _NEIGHBORS.get((q, r))
        if found is None:
            if len(_NEIGHBORS) >= 100_000:
                _NEIGHBORS.clear()
            found = _NEIGHBORS[(q, r)] = tuple(_hex(q + dq, r + dr) for dq, dr in _DIRS)
        return found

    def ring(self, radius: int) -> list["Hex"]:
        """The hexes exactly ``radius`` steps away (``6 * radius`` of them; ``[self]`` at 0)."""
        if radius < 0:
            raise ValueError(f"ring radius must be >= 0, got {radius}")
        if radius == 0:
            return [self]
        results = []
        h = self + HEX_DIRECTIONS[4].scale(radius)
        for side in range(6):
            for _ in range(radius):
                results.append(h)
                h = h.neighbor(side)
        return results

    def spiral(self, radius: int) -> list["Hex"]:
        """This hex, then ring 1, ring 2, ... up to ``radius`` (``1 + 3r(r+1)`` hexes)."""
        out = [self]
        for k in range(1, radius + 1):
            out.extend(self.ring(k))
        return out

    def line(self, other: "Hex") -> list["Hex"]:
        """The hexes on the straight line from here to ``other``, both ends included.

        Red Blob's lerp-and-round, with the centre nudged by a tiny epsilon so a line that
        runs exactly along hex edges always falls on the same side (deterministic).

        Returns:
            ``distance(other) + 1`` hexes, each adjacent to the next.
        """
        n = self.distance(other)
        if n == 0:
            return [self]
        aq, ar = self.q + 1e-6, self.r + 2e-6
        bq, br = other.q + 1e-6, other.r + 2e-6
        step = 1.0 / n
        out = []
        for i in range(n + 1):
            t = i * step
            out.append(_cube_round(aq + (bq - aq) * t, ar + (br - ar) * t))
        return out

    def __repr__(self) -> str:
        return f"Hex({self.q}, {self.r})"


HEX_DIRECTIONS: tuple[Hex, ...] = (Hex(1, 0), Hex(1, -1), Hex(0, -1), Hex(-1, 0), Hex(-1, 1),
                                   Hex(0, 1))
_DIRS = tuple((h.q, h.r) for h in HEX_DIRECTIONS)


def _cube_round(fq: float, fr: float) -> Hex:
    fs = -fq - fr
    q, r, s = round(fq), round(fr), round(fs)
    dq, dr, ds = abs(q - fq), abs(r - fr), abs(s - fs)
    if dq > dr and dq > ds:
        q = -r - s
    elif dr > ds:
        r = -q - s
    return Hex(int(q), int(r))


def hex_round(fq: float, fr: float) -> Hex:
    """The hex containing fractional axial coordinates ``(fq, fr)``."""
    return _cube_round(fq, fr)


@dataclass(frozen=True, order=True, slots=True)
class Square:
    """One square of the optional square grid, column ``x`` and row ``y`` (y grows down).

    See ``000_8d1d7816ee944f3b.txt``, "Option – Square Grid".
    """

    x: int
    y: int

    def __add__(self, other: "Square") -> "Square":
        return Square(self.x + other.x, self.y + other.y)

    def __sub__(self, other: "Square") -> "Square":
        return Square(self.x - other.x, self.y - other.y)

    def neighbors(self) -> tuple["Square", ...]:
        """The eight adjacent squares (orthogonal first, then diagonal)."""
        x, y = self.x, self.y
        return tuple(Square(x + dx, y + dy) for dx, dy in _SQ_DIRS)

    def distance(self, other: "Square") -> int:
        """Steps (king moves) from here to ``other``; feet need :func:`square_distance_ft`."""
        return max(abs(self.x - other.x), abs(self.y - other.y))

    def __repr__(self) -> str:
        return f"Square({self.x}, {self.y})"


_SQ_DIRS = ((1, 0), (0, -1), (-1, 0), (0, 1), (1, -1), (-1, -1), (-1, 1), (1, 1))

Cell = Union[Hex, Square]


def square_distance_ft(a: Square, b: Square) -> int:
    """Feet between two squares with the 5/10 diagonal rule.

    "The first diagonal step costs 5 feet of movement, but the second diagonal step costs
    10 feet ... count like this: 5, 15, 20, 30, 35, 45, 50" (``000_8d1d7816ee944f3b.txt``,
    "Option – Square Grid"). With ``d`` diagonal and ``s`` straight steps the cost is
    ``5 * (s + d + d // 2)``.
    """
    dx, dy = abs(a.x - b.x), abs(a.y - b.y)
    hi, lo = (dx, dy) if dx >= dy else (dy, dx)
    return FEET_PER_CELL * (hi + lo // 2)


# --- layouts (Red Blob) -------------------------------------------------------------------
@dataclass(frozen=True)
class Orientation:
    """Forward and inverse matrices of a hex orientation, and the first corner's angle."""

    f0: float
    f1: float
    f2: float
    f3: float
    b0: float
    b1: float
    b2: float
    b3: float
    start_angle: float


_S3 = math.sqrt(3.0)
POINTY = Orientation(_S3, _S3 / 2.0, 0.0, 3.0 / 2.0, _S3 / 3.0, -1.0 / 3.0, 0.0, 2.0 / 3.0, 0.5)
FLAT = Orientation(3.0 / 2.0, 0.0, _S3 / 2.0, _S3, 2.0 / 3.0, 0.0, -1.0 / 3.0, _S3 / 3.0, 0.0)


@dataclass(frozen=True)
class Layout:
    """How hexes map to the plane: orientation, hex size (centre to corner) and origin.

    The default is pointy-top hexes of size 1 at the origin, with y growing downwards (as on
    paper and on screen; the widget flips it for Leaflet, whose latitude grows upwards).
    """

    orientation: Orientation = POINTY
    size: Point = (1.0, 1.0)
    origin: Point = (0.0, 0.0)


DEFAULT_LAYOUT = Layout()


def hex_to_pixel(h: Hex, layout: Layout = DEFAULT_LAYOUT) -> Point:
    """The centre of ``h`` in the plane."""
    o, (sx, sy), (ox, oy) = layout.orientation, layout.size, layout.origin
    x = (o.f0 * h.q + o.f1 * h.r) * sx
    y = (o.f2 * h.q + o.f3 * h.r) * sy
    return (x + ox, y + oy)


def pixel_to_fractional(p: Point, layout: Layout = DEFAULT_LAYOUT) -> tuple[float, float]:
    """Fractional axial coordinates ``(q, r)`` of the point ``p``."""
    o, (sx, sy), (ox, oy) = layout.orientation, layout.size, layout.origin
    px, py = (p[0] - ox) / sx, (p[1] - oy) / sy
    return (o.b0 * px + o.b1 * py, o.b2 * px + o.b3 * py)


def pixel_to_hex(p: Point, layout: Layout = DEFAULT_LAYOUT) -> Hex:
    """The hex containing the point ``p`` (inverse of :func:`hex_to_pixel`)."""
    return _cube_round(*pixel_to_fractional(p, layout))


def hex_corners(h: Hex, layout: Layout = DEFAULT_LAYOUT, shrink: float = 1.0) -> list[Point]:
    """The six corners of ``h``, optionally pulled towards the centre by ``shrink`` (< 1)."""
    cx, cy = hex_to_pixel(h, layout)
    sx, sy = layout.size
    a0 = layout.orientation.start_angle
    out = []
    for i in range(6):
        ang = 2.0 * math.pi * (a0 + i) / 6.0
        out.append((cx + sx * shrink * math.cos(ang), cy + sy * shrink * math.sin(ang)))
    return out


# --- rectangular maps in offset rows --------------------------------------------------------
def offset_to_hex(col: int, row: int) -> Hex:
    """Axial hex of the offset cell ``(col, row)`` ("odd-r": odd rows shoved right)."""
    return Hex(col - (row - (row & 1)) // 2, row)


def hex_to_offset(h: Hex) -> tuple[int, int]:
    """Offset ``(col, row)`` of an axial hex ("odd-r")."""
    return (h.q + (h.r - (h.r & 1)) // 2, h.r)


def rectangle(width: int, height: int) -> list[Hex]:
    """The hexes of a ``width x height`` rectangular map, row by row."""
    return [offset_to_hex(c, r) for r in range(height) for c in range(width)]


# --- geometries behind one interface --------------------------------------------------------
class Geometry(Protocol):
    """What a battle map needs from its grid (hexes or squares).

    A map holds one geometry and hands it only cells of its own kind (see
    :func:`map_geometry`).
    """

    kind: str

    def cell(self, col: int, row: int) -> Cell:
        """The cell at column ``col``, row ``row`` of a rectangular map."""

    def offset(self, c: Cell) -> tuple[int, int]:
        """``(col, row)`` of a cell: the inverse of :meth:`cell`."""

    def neighbors(self, c: Cell) -> Sequence[Cell]:
        """The cells one step from ``c`` (6 hexes, or 8 squares)."""

    def is_diagonal(self, a: Cell, b: Cell) -> bool:
        """True for a diagonal step between neighbouring squares (never on hexes)."""

    def distance_ft(self, a: Cell, b: Cell) -> int:
        """Feet between two cells, as the rules measure range and reach."""

    def within_ft(self, c: Cell, feet: int) -> list[Cell]:
        """Every cell at most ``feet`` from ``c`` (``c`` included)."""

    def line(self, a: Cell, b: Cell) -> list[Cell]:
        """The cells on the straight line from ``a`` to ``b``, both ends included."""

    def to_pixel(self, c: Cell) -> Point:
        """The centre of a cell in plane coordinates."""

    def from_pixel(self, p: Point) -> Cell:
        """The cell a plane point falls in: the inverse of :meth:`to_pixel`."""

    def corners(self, c: Cell, shrink: float = 1.0) -> list[Point]:
        """The outline of a cell in plane coordinates (``shrink`` < 1 draws it smaller)."""

    def footprint(self, anchor: Cell, space_hexes: float, space_ft: str) -> frozenset[Cell]:
        """The cells a creature of that Space covers when placed at ``anchor``."""

    def distance(self, a: Cell, b: Cell) -> int:
        """Steps between two cells (hexes, or king steps on squares)."""
        ...

    def ring(self, c: Cell, n: int) -> list[Cell]:
        """The cells exactly ``n`` steps from ``c``."""
        ...


# Hex footprints by number of hexes, as offsets from the anchor ("Creature Size: Size, Space,
# Reach"; "Size Categories": Large "3 contiguous hexes", Huge "7 contiguous hexes (3 hexes in
# diameter)", Gargantuan "10-12 hexes (four hexes long ... 3-4 hexes wide)").
#: :meth:`Hex.neighbors`' answers by (q, r).
_NEIGHBORS: dict[tuple[int, int], tuple[Hex, ...]] = {}

#: One object per hex (q, r), made by :func:`_hex`.
_HEXES: dict[tuple[int, int], Hex] = {}


def _hex(q: int, r: int) -> Hex:
    """``Hex(q, r)``, one object per hex for the map's cells, footprints and neighbours:
    a look-up by a hex then finds the key itself and compares no fields (issue 25, item
    4: a movement's search compared two equal hexes some 600 times, each a Python call).
    Equal to any other ``Hex(q, r)``, so nothing depends on which object it is."""
    found = _HEXES.get((q, r))
    if found is None:
        if len(_HEXES) >= 100_000:
            _HEXES.clear()
        found = _HEXES[(q, r)] = Hex(q, r)
    return found


#: :meth:`HexGeometry.footprint`'s answers by (hexes, q, r): map searches ask for the same
#: footprints thousands of times a fight (issue 24, "Fast").
_FOOTPRINTS: dict[tuple[int, int, int], frozenset[Hex]] = {}

_HEX_SHAPES: dict[int, tuple[tuple[int, int], ...]] = {
    1: ((0, 0),),
    3: ((0, 0), (1, 0), (0, 1)),  # a triangle of three mutually adjacent hexes
    7: ((0, 0),) + _DIRS,  # a hex and its six neighbours
    # rows of 3-4-3: four hexes long (20 ft), three to four across
    10: ((0, -1), (1, -1), (2, -1), (-1, 0), (0, 0), (1, 0), (2, 0), (-1, 1), (0, 1), (1, 1)),
    12: ((0, -1), (1, -1), (2, -1), (-1, 0), (0, 0), (1, 0), (2, 0), (-1, 1), (0, 1), (1, 1),
         (-2, 1), (-1, 2)),
}


class HexGeometry:
    """The hex battle map ("Using the Battle Map – Measuring Distance in Combat").

    Args:
        layout: Where hexes sit in the plane (pointy-top, size 1 by default).
    """

    kind = "hex"

    def __init__(self, layout: Layout = DEFAULT_LAYOUT) -> None:
        self.layout = layout

    def __repr__(self) -> str:
        return "HexGeometry()"

    def cell(self, col: int, row: int) -> Hex:
        """The hex at column ``col``, row ``row`` of a rectangular (odd-r) map (the one
        object of that hex, :func:`_hex`)."""
        return _hex(col - (row - (row & 1)) // 2, row)

    def offset(self, c: Hex) -> tuple[int, int]:
        """``(col, row)`` of a hex on a rectangular (odd-r) map."""
        return hex_to_offset(c)

    def neighbors(self, c: Hex) -> tuple[Hex, ...]:
        """The six hexes one step (5 feet) from ``c``."""
        return c.neighbors()

    def is_diagonal(self, a: Hex, b: Hex) -> bool:
        """Always False: every step between hexes costs 5 feet."""
        return False

    def distance(self, a: Hex, b: Hex) -> int:
        """Hexes between ``a`` and ``b`` (not counting ``a``'s own hex)."""
        return a.distance(b)

    def distance_ft(self, a: Hex, b: Hex) -> int:
        """Feet between two hexes: hexes x 5."""
        return FEET_PER_CELL * a.distance(b)

    def within_ft(self, c: Hex, feet: int) -> list[Hex]:
        """Every hex at most ``feet`` away (``c`` included), each the one object of its hex
        (:func:`_hex`: a threatened area's hexes are looked up by every search)."""
        return [_hex(h.q, h.r) for h in c.spiral(max(0, feet // FEET_PER_CELL))]

    def ring(self, c: Hex, n: int) -> list[Hex]:
        """The hexes exactly ``n`` steps from ``c`` (``6n`` of them; ``[c]`` for 0)."""
        return c.ring(n)

    def line(self, a: Hex, b: Hex) -> list[Hex]:
        """The hexes on the line from ``a`` to ``b`` (both included), as :meth:`Hex.line`."""
        return a.line(b)

    def to_pixel(self, c: Hex) -> Point:
        """The centre of a hex in this geometry's layout."""
        return hex_to_pixel(c, self.layout)

    def from_pixel(self, p: Point) -> Hex:
        """The hex a plane point falls in (this geometry's layout)."""
        return pixel_to_hex(p, self.layout)

    def corners(self, c: Hex, shrink: float = 1.0) -> list[Point]:
        """The six corners of a hex (``shrink`` < 1 draws it smaller)."""
        return hex_corners(c, self.layout, shrink)

    def footprint(self, anchor: Hex, space_hexes: float, space_ft: str = "") -> frozenset[Hex]:
        """The hexes a creature of ``space_hexes`` hexes covers when placed at ``anchor``.

        Less than one hex (Tiny, Diminutive) still sits in one hex, which it shares
        ("Tiny (T) & Diminutive (D)").

        Raises:
            ValueError: No footprint shape is known for that many hexes.
        """
        n = max(1, int(round(space_hexes)))
        q, r = anchor.q, anchor.r
        found = _FOOTPRINTS.get((n, q, r))  # a frozen set: one per shape and anchor
        if found is not None:
            return found
        try:
            shape = _HEX_SHAPES[n]
        except KeyError:
            raise ValueError(f"no hex footprint for a space of {space_hexes} hexes; "
                             f"known: {sorted(_HEX_SHAPES)}") from None
        if len(_FOOTPRINTS) >= 100_000:
            _FOOTPRINTS.clear()
        found = _FOOTPRINTS[(n, q, r)] = frozenset(_hex(q + dq, r + dr) for dq, dr in shape)
        return found


class SquareGeometry:
    """The optional square grid ("Option – Square Grid", "Square Grid - Space, Radius, Reach").

    Steps go to all 8 neighbours; diagonals cost 5, 10, 5, 10... feet, so distances and
    reach use :func:`square_distance_ft`: "10' Reach: Reaches 2 squares beyond occupied
    space, but only 1 square on the diagonal" falls out of it, as do the 20- and 30-foot
    radii. Large creatures "Occupy a 2x2 square"
    (000_8d1d7816ee944f3b.txt, "Large Creatures (3 hex, 10’ Wide)"), Huge "a 3x3 square";
    000_8d1d7816ee944f3b.txt, "Small Size, Medium Size, 5’ Radius, 5’ Step": 1 hex becomes
    1 square.
    """

    kind = "square"

    def __init__(self, size: float = 1.0) -> None:
        self.size = size

    def __repr__(self) -> str:
        return "SquareGeometry()"

    def cell(self, col: int, row: int) -> Square:
        """The square at column ``col``, row ``row``."""
        return Square(col, row)

    def offset(self, c: Square) -> tuple[int, int]:
        """``(col, row)`` of a square: its ``(x, y)``."""
        return (c.x, c.y)

    def neighbors(self, c: Square) -> tuple[Square, ...]:
        """The eight squares one step from ``c`` (diagonals included)."""
        return c.neighbors()

    def is_diagonal(self, a: Square, b: Square) -> bool:
        """True when a step from ``a`` to ``b`` changes both row and column.

        000_8d1d7816ee944f3b.txt, "Option – Square Grid": diagonal steps cost 5, then 10
        feet, alternately.
        """
        return a.x != b.x and a.y != b.y

    def distance(self, a: Square, b: Square) -> int:
        """King steps between two squares (diagonals count as one step)."""
        return a.distance(b)

    def distance_ft(self, a: Square, b: Square) -> int:
        """Feet between two squares, diagonals 5, 10, 5... (:func:`square_distance_ft`)."""
        return square_distance_ft(a, b)

    def within_ft(self, c: Square, feet: int) -> list[Square]:
        """Every square at most ``feet`` away by :func:`square_distance_ft` (``c`` included)."""
        n = max(0, feet // FEET_PER_CELL)
        out = []
        for dy in range(-n, n + 1):
            for dx in range(-n, n + 1):
                s = Square(c.x + dx, c.y + dy)
                if square_distance_ft(c, s) <= feet:
                    out.append(s)
        return out

    def ring(self, c: Square, n: int) -> list[Square]:
        """Squares at exactly ``n`` king steps (``8n`` of them)."""
        if n == 0:
            return [c]
        return [Square(c.x + dx, c.y + dy) for dy in range(-n, n + 1) for dx in range(-n, n + 1)
                if max(abs(dx), abs(dy)) == n]

    def line(self, a: Square, b: Square) -> list[Square]:
        """Squares on the line from ``a`` to ``b`` (king steps, nudged like hex lines)."""
        n = a.distance(b)
        if n == 0:
            return [a]
        ax, ay = a.x + 1e-6, a.y + 2e-6
        out = []
        for i in range(n + 1):
            t = i / n
            out.append(Square(int(round(ax + (b.x - a.x) * t)), int(round(ay + (b.y - a.y) * t))))
        return out

    def to_pixel(self, c: Square) -> Point:
        """The centre of a square (``size`` units per square)."""
        return (c.x * self.size, c.y * self.size)

    def from_pixel(self, p: Point) -> Square:
        """The square a plane point falls in: the inverse of :meth:`to_pixel`."""
        return Square(int(math.floor(p[0] / self.size + 0.5)),
                      int(math.floor(p[1] / self.size + 0.5)))

    def corners(self, c: Square, shrink: float = 1.0) -> list[Point]:
        """The four corners of a square (``shrink`` < 1 draws it smaller)."""
        h = self.size * shrink / 2.0
        x, y = self.to_pixel(c)
        return [(x + h, y - h), (x - h, y - h), (x - h, y + h), (x + h, y + h)]

    def footprint(self, anchor: Square, space_hexes: float,
                  space_ft: str = "5x5") -> frozenset[Square]:
        """Squares covered from ``anchor`` (top-left): ``space_ft`` "LxW" feet / 5 per side.

        A Huge creature (15x15 ft) covers 3x3 squares:
        000_8d1d7816ee944f3b.txt, "Huge Creatures (7 hex, 15’ Wide)".
        """
        try:
            length, width = (float(v) for v in space_ft.lower().split("x"))
        except ValueError:
            raise ValueError(f"space_ft must look like '10x10', got {space_ft!r}") from None
        nx = max(1, int(length // FEET_PER_CELL))
        ny = max(1, int(width // FEET_PER_CELL))
        return frozenset(Square(anchor.x + dx, anchor.y + dy)
                         for dy in range(ny) for dx in range(nx))


def geometry(kind: str = "hex") -> HexGeometry | SquareGeometry:
    """The geometry named ``"hex"`` (the default) or ``"square"`` (the text's option).

    Raises:
        ValueError: Any other name.
    """
    if kind == "hex":
        return HexGeometry()
    if kind == "square":
        return SquareGeometry()
    raise ValueError(f"grid must be 'hex' or 'square', got {kind!r}")


def map_geometry(kind: str = "hex") -> Geometry:
    """:func:`geometry` seen through the one :class:`Geometry` interface a map uses.

    :class:`HexGeometry` takes only :class:`Hex` and :class:`SquareGeometry` only
    :class:`Square`, so neither matches :class:`Geometry` (which takes any :data:`Cell`)
    for a type checker. A map keeps the pairing: it turns every cell it is given into one
    of its own kind first (``_MapCore._as_cell`` refuses a ``Square`` on a hex map and the
    other way round), which is what the cast below states and a type checker cannot see.

    Args:
        kind: ``"hex"`` (the default) or ``"square"``.

    Returns:
        The same object :func:`geometry` returns, typed as a :class:`Geometry`.

    Raises:
        ValueError: ``kind`` is neither ``"hex"`` nor ``"square"``.
    """
    return cast(Geometry, geometry(kind))


def iter_cells(geom: Geometry, width: int, height: int) -> Iterator[Cell]:
    """Every cell of a ``width x height`` map, row by row."""
    for row in range(height):
        for col in range(width):
            yield geom.cell(col, row)
