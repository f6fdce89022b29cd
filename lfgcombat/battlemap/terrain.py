"""Terrain and elevation: what a hex is made of and what standing on it costs.

``000_8d1d7816ee944f3b.txt``, "Moving in Combat – Terrain, Creatures, & Other Issues"
("Difficult Terrain", "Big creatures and Difficult Terrain", "Obstacles", "Tight
Spaces"), "Cover", "Concealment", "High Ground / Low Ground" (elevation), and "Using the
Battle Map – Measuring Distance in Combat" ("Half Hex Rule", whose room is counted in
:mod:`lfgcombat.battlemap.space`).
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterable, Iterator
from enum import Enum
from typing import Any

from lfgcombat.errors import IllegalActionError
from lfgcombat.battlemap.grid import Cell
from lfgcombat.rules.movement.movement_modes import MODES, MovementModeError, speeds_of
from lfgcombat.rules.objects.objects import ObjectState

from ..shortrepr import short
from .altitude import MAX_ALTITUDE_FT, R_ALTITUDE, check_altitude
from .core import CellLike, _MapCore
from .reading import _conditions, _kept_on, _read, condition_flags
from .rules import R_SPACE, R_SQUARE
from .values import MapFormatError, _at, _short

#: The highest (and lowest) ground the map holds, in feet.
MAX_ELEVATION_FT = 100_000
#: The door a door cell is, unless the map text or :meth:`HexMap.set_door` says otherwise.
DEFAULT_DOOR = "good_wooden_door"


class Terrain(str, Enum):
    """What a hex is made of (``000_8d1d7816ee944f3b.txt``, "Moving in Combat – Terrain,
    Creatures, & Other Issues"; "Cover"; "Concealment")."""

    #: "Moving along normal terrain uses 5 feet of movement per hex."
    #: (000_8d1d7816ee944f3b.txt, "Normal Terrain")
    NORMAL = "normal"
    #: 000_8d1d7816ee944f3b.txt, "Difficult Terrain": "Entering a hex of Difficult Terrain costs 2
    #: hexes (10 feet) of movement"; -2 attack and AC while standing on it; no running over
    #: it, no 5-foot step into it.
    DIFFICULT = "difficult"
    #: A wall: blocks movement, line of sight and line of effect (total cover behind it).
    WALL = "wall"
    #: A low solid object (low wall, tree trunk, table): "You may move up onto an obstacle
    #: of half your height ... using 10 feet" ("Obstacles"); it gives cover but does not
    #: block sight (decision: only walls give total cover).
    OBSTACLE = "obstacle"
    #: Water: wading through it is one of the text's examples of Difficult Terrain; a
    #: creature with a Swim Speed swims through it ("Swim": "no checks, no penalties",
    #: in three dimensions) at 5 ft a hex, without the -2 attack/AC of standing on it.
    WATER = "water"
    #: Fog or foliage: partial concealment (20% miss chance) for a line passing through it
    #: or a target standing in it ("Concealment"); does not hinder movement or cover.
    FOG = "fog"
    #: A tight space (a crawlway "about half your height"): "If you must move through
    #: tight spaces (about half your height), you are cramped while doing so" - the
    #: Cramped condition's half Move Speed makes each hex cost 10 ft ("Tight Spaces").
    TIGHT = "tight"
    #: Half a hex, its other half behind a wall: "Half Hex Rule: If it makes it easier to
    #: determine battlefield position, you may use half of a hexagon as a full hex without
    #: suffering penalties. When using this rule, you can never have more space occupied
    #: than is available" ("Using the Battle Map – Measuring Distance in Combat"). On our
    #: pointy-top, odd-r maps a wall running north-south (a hallway's side) cuts the hexes
    #: of every other row in half. It moves like normal terrain (5 ft, 5-foot steps, no
    #: penalties) and blocks neither sight nor effect nor gives cover; only the room it
    #: leaves counts, across its row (:meth:`HexMap.cross_section`). Hex maps only: "Square
    #: grids are great for locations with man-made structures such as hallways"
    #: ("Option – Square Grid").
    #: The rule: 000_8d1d7816ee944f3b.txt, "Half Hex Rule".
    HALF = "half"
    #: A climbable surface (a rough wall, a cliff face, a tree): "Climb" moves along it with
    #: a Climb Speed ("Other Types of Movement"); walking cannot enter it, flying can. It
    #: does not block sight (the climber on it is seen).
    CLIMBABLE = "climbable"
    #: A closed door: blocks movement, sight and effect like a wall until it is opened,
    #: forced or destroyed ("Breaking down doors, walls, & other barricades").
    DOOR = "door"
    #: An open door: passable, blocks nothing.
    DOOR_OPEN = "door_open"
    #: A door forced off its hinges or destroyed: passable, blocks nothing.
    DOOR_BROKEN = "door_broken"

    @property
    def char(self) -> str:
        """The character of this terrain in the map text format."""
        return _CHAR_OF[self]

    @property
    def passable(self) -> bool:
        """Whether a creature may enter it (everything but a wall and a closed door)."""
        return self not in BLOCKING

    @property
    def blocks(self) -> bool:
        """A wall or a closed door: blocks movement, sight, effect and reach."""
        return self in BLOCKING

    @property
    def is_door(self) -> bool:
        """A door, closed, open or broken."""
        return self in DOORS

    @property
    def costs_double(self) -> bool:
        """Entering costs 10 ft (difficult terrain, water, climbing onto an obstacle)."""
        return self in (Terrain.DIFFICULT, Terrain.WATER, Terrain.OBSTACLE, Terrain.TIGHT)

    @property
    def is_difficult(self) -> bool:
        """Difficult Terrain in the rules' sense (the -2 attack/AC while standing on it)."""
        return self in (Terrain.DIFFICULT, Terrain.WATER)


TERRAIN_CHARS: dict[str, Terrain] = {".": Terrain.NORMAL, ",": Terrain.DIFFICULT,
                                     "#": Terrain.WALL, "o": Terrain.OBSTACLE,
                                     "~": Terrain.WATER, "%": Terrain.FOG,
                                     "=": Terrain.TIGHT, "h": Terrain.HALF,
                                     "^": Terrain.CLIMBABLE, "+": Terrain.DOOR,
                                     "'": Terrain.DOOR_OPEN, "/": Terrain.DOOR_BROKEN}
#: What blocks movement, sight, effect and reach: walls and closed doors.
BLOCKING = frozenset({Terrain.WALL, Terrain.DOOR})
#: The door kinds (closed, open, broken).
DOORS = frozenset({Terrain.DOOR, Terrain.DOOR_OPEN, Terrain.DOOR_BROKEN})
_CHAR_OF = {v: k for k, v in TERRAIN_CHARS.items()}
_HALF_ON_SQUARES = ("the Half Hex Rule is for hex maps; on a square grid a hallway fits the "
                    "squares already: \"Square grids are great for locations with man-made "
                    f"structures such as hallways\" ({R_SQUARE})")


class _Terrain(_MapCore):
    """Terrain and elevation of the cells, and what they cost a creature standing or
    stepping on them."""

    def _blocks_at(self, c: Cell, level: int) -> bool:
        """Whether cell ``c`` blocks a creature ``level`` feet up: a closed door always, a
        wall unless its height (:meth:`wall_top`) is at or below ``level`` (it flies over)."""
        t = self._terrain.get(c, Terrain.NORMAL)
        if t is Terrain.WALL:
            top = self._wall_heights.get(c, self.wall_height)
            if top is not None:
                return level < top
        return t.blocks

    def wall_top(self, where: CellLike) -> int | None:
        """How tall the wall in a cell is, in feet: its own height (:meth:`set_wall_height`,
        ``wall_heights`` in the map text), else the map's :attr:`wall_height`; ``None``: full
        height (to the ceiling or the sky), or the cell is no wall."""
        c = self._as_cell(where)
        if self._terrain.get(c) is not Terrain.WALL:
            return None
        return self._wall_heights.get(c, self.wall_height)

    def wall_heights(self) -> dict[Cell, int]:
        """The walls that have their own height (cell -> feet)."""
        return dict(self._wall_heights)

    def set_wall_height(self, where: CellLike | Iterable[CellLike], feet: int | None) -> None:
        """Give one wall cell or many its own height in feet (``None``: back to the map's
        :attr:`wall_height`). A creature at or above a wall's height flies over it and sees
        over it (000_8d1d7816ee944f3b.txt, "Other Types of Movement"; "Determine Cover").

        Raises:
            MapFormatError: ``feet`` not a multiple of 5 from 5 up; IllegalActionError: a
                cell off the map or not a wall, or a creature over the wall below the new
                top. Nothing is changed.
        """
        cells = self._cells_on_map(where)
        if feet is not None and (isinstance(feet, bool) or not isinstance(feet, int)
                                 or not 5 <= feet <= MAX_ALTITUDE_FT or feet % 5):
            raise MapFormatError(f"a wall's height is a multiple of 5 from 5 to "
                                 f"{MAX_ALTITUDE_FT} ft (or None: the map's), got "
                                 f"{_short(feet)} ({R_ALTITUDE})")
        for c in cells:
            if self._terrain.get(c) is not Terrain.WALL:
                raise IllegalActionError(f"{_at(c)} is not a wall (it is "
                                         f"{self._terrain.get(c, Terrain.NORMAL).value}); "
                                         "paint the wall first", R_ALTITUDE)
            top = feet if feet is not None else self.wall_height
            for o in self._occupants.get(c, ()):
                if top is None or self._altitude.get(o, 0) < top:
                    raise IllegalActionError(f"{o} is {self._altitude.get(o, 0)} ft over the "
                                             f"wall at {_at(c)}: a wall of {top or 'full'} ft "
                                             "would reach it; move it first", R_ALTITUDE)
        for c in cells:
            if feet is None:
                self._wall_heights.pop(c, None)
            else:
                self._wall_heights[c] = feet
        self._terrain_version += 1
        self._changed()

    def terrain(self, where: CellLike) -> Terrain:
        """The terrain of a cell (normal unless set)."""
        return self._terrain.get(self._as_cell(where), Terrain.NORMAL)

    def set_terrain(self, where: CellLike | Iterable[CellLike], kind: Terrain | str) -> None:
        """Set the terrain of one cell or many.

        Raises:
            MapFormatError: An unknown kind, or half hexes on a square grid.
            IllegalActionError: A cell is off the map, a wall would be put under a creature,
                or a cross-section with half hexes would hold more than it has room for
                ("you can never have more space occupied than is available": see
                :meth:`cross_section`). Nothing is changed.
        """
        if not isinstance(kind, Terrain):
            try:
                kind = Terrain(kind)
            except ValueError:
                raise MapFormatError(f"unknown terrain {short(kind)}; the kinds are "
                                     + ", ".join(t.value for t in Terrain)) from None
        if kind is Terrain.HALF and self.grid != "hex":
            raise MapFormatError(_HALF_ON_SQUARES)
        cells = self._cells_on_map(where)
        for c in cells:
            if kind.blocks and self._occupants.get(c):
                raise IllegalActionError(f"cannot put a {kind.value} in {_at(c)}: "
                                         f"{', '.join(self._occupants[c])} stands there; move it "
                                         "first", R_SPACE)
        self._check_terrain_edit(cells, kind)
        for c in cells:
            self._set_cell_terrain(c, kind)
        self._terrain_version += 1
        self._changed()

    def _set_cell_terrain(self, c: Cell, kind: Terrain) -> None:
        """One cell's terrain, with what goes with it: a door's state, a wall's height."""
        if kind is Terrain.NORMAL:
            self._terrain.pop(c, None)
        else:
            self._terrain[c] = kind
        if kind is not Terrain.WALL:
            self._wall_heights.pop(c, None)
        if not kind.is_door:
            self._doors.pop(c, None)
            self._door_lock.pop(c, None)
            self._door_trap.pop(c, None)
        elif c not in self._doors:
            self._doors[c] = ObjectState.new(DEFAULT_DOOR, broken=kind is Terrain.DOOR_BROKEN)

    # -- movement modes: swim, climb, fly, leap -------------------------------------------
    @contextlib.contextmanager
    def moving(self, name: str, mode: str = "walk", altitude: int | None = None
               ) -> Iterator[None]:
        """Within the block, ``name``'s paths, costs and AOO are those of ``mode`` at
        ``altitude`` (default: where it is): the encounter moves a flyer, swimmer, climber
        or leaper through it (000_8d1d7816ee944f3b.txt, "Other Types of Movement").

        * ``walk``: as always; a climbable surface cannot be walked into.
        * ``swim``: only water, 5 ft a hex ("no checks, no penalties").
        * ``climb``: only climbable terrain, 5 ft a hex.
        * ``fly``: any cell but walls and closed doors, 5 ft a hex (the ground's terrain
          is below); creatures at another altitude are passed over.
        * ``leap``: 5 ft a hex over difficult terrain, water and obstacles.

        Raises:
            MovementModeError: an unknown mode.
            MapFormatError: a bad altitude.
        """
        if mode not in MODES:
            raise MovementModeError(f"mode must be one of {', '.join(MODES)}, not {short(mode)} "
                                    f"({R_ALTITUDE})")
        self._p(name)
        level = self._altitude.get(name, 0) if altitude is None else check_altitude(altitude)
        before = self._moving.get(name)
        self._moving[name] = (mode, level)
        self._cache.clear()
        try:
            yield
        finally:
            if before is None:
                self._moving.pop(name, None)
            else:
                self._moving[name] = before
            self._cache.clear()

    def _mode(self, name: str | None) -> str:
        m = self._moving.get(name) if name is not None else None
        return m[0] if m is not None else "walk"

    def _mode_refuses(self, c: Cell, mover: str) -> str | None:
        """Why ``mover``, in its mode, may not enter ``c`` (``None``: it may)."""
        mode = self._mode(mover)
        t = self._terrain.get(c, Terrain.NORMAL)
        if mode == "swim" and t is not Terrain.WATER:
            return f"{_at(c)} is not water: a swimmer moves through water ({R_ALTITUDE})"
        if mode == "climb" and t is not Terrain.CLIMBABLE:
            return f"{_at(c)} is not a climbable surface ({R_ALTITUDE})"
        if (t is Terrain.CLIMBABLE and mode in ("walk", "leap")
                and c not in self._placed[mover].cells):
            return f"{_at(c)} is a climbable surface: climb or fly onto it ({R_ALTITUDE})"
        return None

    def _set_level(self, name: str, level: int) -> None:
        """Write a checked altitude."""
        if level:
            self._altitude[name] = level
        else:
            self._altitude.pop(name, None)
        self._changed()

    def _check_terrain_edit(self, cells: list, kind: Terrain) -> None:
        """Raise if making ``cells`` of ``kind`` breaks a rule of space (the Half Hex Rule
        adds its check in :mod:`lfgcombat.battlemap.space`); nothing here."""

    def elevation(self, where: CellLike) -> int:
        """Height of a cell's ground in feet (0 unless set)."""
        return self._elevation.get(self._as_cell(where), 0)

    def set_elevation(self, where: CellLike | Iterable[CellLike], feet: int | float) -> None:
        """Set the height of one cell or many, in feet (for "High Ground / Low Ground").

        Raises:
            MapFormatError: ``feet`` is not a whole number of feet.
            IllegalActionError: A cell is off the map. Nothing is changed.
        """
        if (isinstance(feet, bool) or not isinstance(feet, (int, float))
                or (isinstance(feet, float) and not feet.is_integer())):
            raise MapFormatError(f"elevation must be whole feet, got {_short(feet)}")
        if abs(feet) > MAX_ELEVATION_FT:
            raise MapFormatError(f"elevation must be within {MAX_ELEVATION_FT} ft of 0, got "
                                 f"{_short(feet)}")
        cells = self._cells_on_map(where)
        for c in cells:
            if feet:
                self._elevation[c] = int(feet)
            else:
                self._elevation.pop(c, None)
        self._terrain_version += 1
        self._changed()

    def terrain_cells(self) -> dict[Cell, Terrain]:
        """Every cell whose terrain is not normal."""
        return dict(self._terrain)

    def terrain_modifiers(self, name: str) -> dict[str, int]:
        """Attack and AC modifiers from where ``name`` stands: "Standing on Difficult Terrain
        imposes a -2 penalty on Attacks & -2AC" (big creatures with less than half of their
        hexes on it are exempt) (``000_8d1d7816ee944f3b.txt``, "Difficult Terrain"); the
        exemption is 000_8d1d7816ee944f3b.txt, "Big creatures and Difficult Terrain"."""
        p = self._p(name)
        if self._altitude.get(name):  # above the ground: its terrain is below
            return {"attack": 0, "ac": 0}
        under = [t for c in p.cells if (t := self._terrain.get(c)) is not None
                 and t.is_difficult]
        # "Swim": "no checks, no penalties" in water (its speeds read only where it matters)
        swims = Terrain.WATER in under and _speeds(p.creature).swim > 0
        n = sum(1 for t in under if not (swims and t is Terrain.WATER))
        on = n > 0 and (len(p.cells) < 3 or 2 * n >= len(p.cells))
        return {"attack": -2 if on else 0, "ac": -2 if on else 0}


    def _effective_difficult(self, name: str, cells: frozenset) -> bool:
        """Whether entering ``cells`` costs double for ``name`` ("Difficult Terrain"; "Big
        creatures and Difficult Terrain": 3+ hexes ignore it with less than half on it;
        "Bodies of dead & unconscious Medium Size+ creatures cause Difficult Terrain")."""
        n = sum(1 for c in cells if self._cell_difficult(c, name))
        if n == 0:
            return False
        if len(cells) >= 3:
            return 2 * n >= len(cells)
        return True

    def _cell_difficult(self, c: Cell, mover: str) -> bool:
        if self._mode(mover) != "walk":
            return False  # swim, climb, fly, leap: 5 ft a hex in their own terrain
        t = self._terrain.get(c)
        if t is Terrain.TIGHT and "cramped" in condition_flags(self._placed[mover].creature).names:
            # already Cramped (its Move Speed halved): the tight space costs nothing more
            # ("Tight Spaces: ... you are cramped while doing so")
            return False
        if t is not None and t.costs_double:
            return True
        for o in self._occupants.get(c, ()):
            if o != mover and self._placed[o].order >= 0 and _a_body(self._placed[o].creature):
                return True
        return False


def _speeds(creature: object) -> Any:
    """The creature's speeds (:func:`lfgcombat.rules.movement.movement_modes.speeds_of`)."""
    return speeds_of(creature)


def _a_body(creature: object) -> bool:
    """"Bodies of dead & unconscious Medium Size+ creatures cause Difficult Terrain"
    ("Difficult Terrain"): Unconscious given or implied (Dying implies it), or dead. Kept
    on the creature (:func:`~lfgcombat.battlemap.reading._kept_on`)."""
    return bool(_kept_on(creature, ("a_body",), lambda: (
        "unconscious" in condition_flags(creature).names or "dead" in _conditions(creature)
        or _read(creature, "is_dead") is True)))


def _lies_as_a_body(creature: object) -> bool:
    """A body lying where it fell: dead or unconscious (:func:`_a_body`: "Bodies of dead &
    unconscious ... where they lie", "Difficult Terrain"), or paralyzed ("A paralyzed
    creature occupies space as if a dead body", "Paralyzed"). Such a body is not a creature
    standing in the way: it gives no creature cover (inferred: "Creatures the same size or
    larger than your target normally provide Partial Cover", "Cover - Additional Rules",
    speaks of creatures in the line of attack; the text is silent on bodies). Under a
    ruleset keeping a record of each combatant its health's map standing says
    (``MapStanding.lying``: anyone dead or unconscious, classic's paralyzed too).
    Kept on the creature (:func:`~lfgcombat.battlemap.reading._kept_on`)."""
    return bool(_kept_on(creature, ("lies_as_a_body",), lambda: _lies_now(creature)))


def _lies_now(creature: object) -> bool:
    """:func:`_lies_as_a_body` read now."""
    standing = _read(creature, "standing")  # a ruleset's record: its health says
    return (_a_body(creature) or "paralyzed" in condition_flags(creature).names
            or bool(getattr(standing, "lying", False)))
