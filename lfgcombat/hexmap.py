"""The battle map: terrain, creatures' footprints and reach, movement, AOO, flanking, cover.

Everything here follows ``000_8d1d7816ee944f3b.txt``; each method cites the heading it
implements. A :class:`HexMap` holds terrain, elevation and placed creatures; it answers
questions (:meth:`~HexMap.distance`, :meth:`~HexMap.threatened`, :meth:`~HexMap.reachable`,
:meth:`~HexMap.provokers`, :meth:`~HexMap.is_flanked`, :meth:`~HexMap.cover`,
:meth:`~HexMap.high_ground`, :meth:`~HexMap.cramped`, :meth:`~HexMap.nearest_legal`) and
changes state only through :meth:`~HexMap.place`, :meth:`~HexMap.relocate`,
:meth:`~HexMap.move`, :meth:`~HexMap.trade_spaces`, :meth:`~HexMap.remove`,
:meth:`~HexMap.set_terrain` and friends. A move the rules forbid raises
:class:`~lfgcombat.errors.IllegalActionError` naming the rule, and changes nothing: every
mutating method validates first and only then writes.

Cells are :class:`~lfgcombat.grid.Hex` (or :class:`~lfgcombat.grid.Square` on the square
grid); wherever a cell is expected you may also pass ``(col, row)`` offset coordinates, and
wherever a creature or a cell is expected (distance, cover...) a creature's name.

The map text format (:meth:`HexMap.from_text`, :meth:`HexMap.to_text`) is a small YAML
document a GM can write by hand::

    # the ford -- comments go on their own lines, outside the blocks
    grid: hex
    terrain: |
      . . . , , ~ ~ . . .
       . . , , ~ ~ . # # .
      . o . . ~ ~ . # . .
    elevation: |
      0 0 0 0 0 0 0 1 1 1
       0 0 0 0 0 0 0 1 1 1
      0 0 0 0 0 0 0 1 1 1
    elevation_step: 5
    creatures:
      - {name: Wulfric, at: [1, 1], side: party}
      - {name: Ogre, at: [8, 2], side: monsters, size: large, speed: 30}

``terrain`` has one character per cell, rows top to bottom; spaces are ignored, so odd
rows may be indented to look like hexes. ``elevation`` (optional) has one digit per cell,
times ``elevation_step`` feet (default 5). ``creatures`` (optional) places creatures at
``[col, row]`` with a side (default ``party``) and, for plain tokens, ``size``, ``speed``,
``reach``, ``threatens``, ``conditions`` (for creature objects given to
:meth:`HexMap.from_text`, ``speed``, ``reach`` and ``threatens`` override their own);
``share: true`` lets a creature stand in an ally's hex (the GM's ``share``, see
:meth:`HexMap.place`). ``grid`` is ``hex`` (default) or ``square``.
Legend: ``.`` normal, ``,`` difficult, ``#`` wall, ``o`` obstacle, ``~`` water, ``%`` fog,
``=`` tight, ``h`` half hex (the Half Hex Rule; hex maps only). A bare block of rows (no
``key:`` lines) is read as the terrain alone.

A hallway 10 feet wide running north-south, drawn with half hexes (rows alternate two
whole hexes, and a whole hex between two halves; see :meth:`HexMap.cross_section`)::

    terrain: |
      # # . . #
       # h . h #
      # # . . #
"""

from __future__ import annotations

import contextlib
import functools
import heapq
import math
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Protocol, Union, runtime_checkable

from lfgcombat.citations import cite as _rule
from lfgcombat.errors import IllegalActionError, LfgError
from lfgcombat.grid import (FEET_PER_CELL, Cell, Hex, HexGeometry, Square, SquareGeometry,
                            geometry as make_geometry, hex_to_offset)

__all__ = [
    "HexMap", "Terrain", "Token", "MapCreature", "Figure", "Reachable", "Provocation",
    "Provokers", "MoveResult", "Cover", "CoverLevel", "HighGround", "Flanking",
    "MapFormatError", "TERRAIN_CHARS", "Relocation", "CrossSection",
]

TXT = "000_8d1d7816ee944f3b.txt"




R_SPACE = _rule("Space in Combat Gameplay")
R_MOVING = _rule("Moving in Combat – Terrain, Creatures, & Other Issues")
R_MOVEMENT = _rule("Movement in Combat")
R_STEP = _rule("What is a 5-Foot Step?")
R_RUN = _rule("Running in Combat – Full Details")
R_RETREAT = _rule("Retreat Action / Disengage")
R_TRADE = _rule("Trade Spaces Action")
R_AOO = _rule("What actions normally Provoke AOO?")
R_THREATEN = _rule("Reach & Threatened Area")
R_FLANK = _rule("Flanking / Being Flanked")
R_COVER = _rule("Determine Cover")
R_COVER_MORE = _rule("Cover - Additional Rules")
R_COVER_EX = _rule("Cover Examples")
R_HIGH = _rule("High Ground / Low Ground")
R_LOS = _rule("Locating Targets")
R_DISTANCE = _rule("Using the Battle Map – Measuring Distance in Combat")
R_SIZE = _rule("Creature Size: Size, Space, Reach")
R_ILLEGAL = _rule("Moving in Combat – Terrain, Creatures, & Other Issues") + ', "Accidental / Illegal Locations"'
R_HALF = R_DISTANCE + ', "Half Hex Rule"'
R_SQUARE = _rule("Option – Square Grid")

# Conditions meaning the creature is in a grapple: "Grappling does not cause the cramped
# condition" ("Space in Combat Gameplay").
_GRAPPLING = frozenset({"grappled", "grappling", "pinned"})


class MapFormatError(LfgError, ValueError):
    """A map text that cannot be read; ``line`` is 1-based within the text (or ``None``)."""

    def __init__(self, message: str, line: int | None = None) -> None:
        self.line = line
        super().__init__(f"map text, line {line}: {message}" if line else f"map text: {message}")


# --- terrain ------------------------------------------------------------------------------
class Terrain(str, Enum):
    """What a hex is made of (``000_8d1d7816ee944f3b.txt``, "Moving in Combat – Terrain,
    Creatures, & Other Issues"; "Cover"; "Concealment")."""

    #: "Moving along normal terrain uses 5 feet of movement per hex."
    NORMAL = "normal"
    #: "Entering a hex of Difficult Terrain costs 2 hexes (10 feet) of movement"; -2 attack
    #: and AC while standing on it; no running over it, no 5-foot step into it.
    DIFFICULT = "difficult"
    #: A wall: blocks movement, line of sight and line of effect (total cover behind it).
    WALL = "wall"
    #: A low solid object (low wall, tree trunk, table): "You may move up onto an obstacle
    #: of half your height ... using 10 feet" ("Obstacles"); it gives cover but does not
    #: block sight (decision: only walls give total cover).
    OBSTACLE = "obstacle"
    #: Knee-deep water, one of the text's examples of Difficult Terrain (swimming is a
    #: later issue), drawn apart from other difficult terrain.
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
    HALF = "half"

    @property
    def char(self) -> str:
        """The character of this terrain in the map text format."""
        return _CHAR_OF[self]

    @property
    def passable(self) -> bool:
        return self is not Terrain.WALL

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
                                     "=": Terrain.TIGHT, "h": Terrain.HALF}
_CHAR_OF = {v: k for k, v in TERRAIN_CHARS.items()}
_HALF_ON_SQUARES = ("the Half Hex Rule is for hex maps; on a square grid a hallway fits the "
                    "squares already: \"Square grids are great for locations with man-made "
                    f"structures such as hallways\" ({R_SQUARE})")


# --- what the map needs from a creature ------------------------------------------------------
@runtime_checkable
class MapCreature(Protocol):
    """What the map reads from a creature (duck-typed; :class:`lfgcombat.Creature` fits).

    Required: ``name`` (str) and ``size`` (a size name such as ``"large"``, or an enum
    whose ``value`` or ``name`` is one). Read when present (attributes or no-argument
    methods): ``move_speed`` or ``speed`` (feet; 30 if absent), ``threat_reach_ft``
    (reach with the wielded weapon), ``reach_ft`` (natural reach; else the size table's),
    ``threatens`` (bool), ``helpless`` (bool), and ``conditions`` (names, enums or a
    mapping keyed by them: prone, grappled, unconscious... change what the map allows).
    :meth:`HexMap.place` can override speed, reach and threatening explicitly.
    """

    name: str
    size: Any


@dataclass(frozen=True)
class Figure:
    """A plain creature for maps written by hand and for demos (satisfies :class:`MapCreature`).

    Attributes:
        name: Unique on the map.
        size: Size category name ("medium", "large", ...).
        speed: Move Speed in feet.
        reach_ft: Threat reach in feet (``None``: the size's natural reach).
        threatens: ``False`` for an unarmed or ranged-only creature ("Reach & Threatened Area").
        conditions: Condition names (prone, helpless, unconscious, grappled...).
    """

    name: str
    size: str = "medium"
    speed: int = 30
    reach_ft: int | None = None
    threatens: bool = True
    conditions: tuple[str, ...] = ()


@functools.cache
def _sizes() -> dict[str, dict[str, Any]]:
    from lfgcombat.tables import load_table
    t = load_table("sizes")
    return {row["size"]: dict(row) for _, row in t.iterrows()}


def _size_name(size: Any) -> str:
    for attr in ("value", "name"):
        v = getattr(size, attr, None)
        if isinstance(v, str) and v.lower() in _sizes():
            return v.lower()
    s = str(size).lower()
    if s in _sizes():
        return s
    for name, row in _sizes().items():  # size codes: "L", "M"...
        if s == str(row["code"]).lower():
            return name
    raise IllegalActionError(f"unknown size {size!r}; sizes are {', '.join(_sizes())}", R_SIZE)


def _read(obj: Any, *names: str) -> Any:
    for n in names:
        if hasattr(obj, n):
            v = getattr(obj, n)
            if callable(v) and not isinstance(v, type):
                try:
                    v = v()
                except TypeError:
                    continue
            return v
    return None


def _conditions(obj: Any) -> frozenset[str]:
    """Condition names in effect: ``active_conditions`` (implied ones included) when the
    creature has it, else ``conditions``; items may be names, enums, or entries with a
    ``condition`` attribute (:class:`lfgcombat.conditions.Affliction`, ``Active``)."""
    raw = _read(obj, "active_conditions", "conditions")
    if not raw:
        return frozenset()
    items = raw.keys() if isinstance(raw, Mapping) else raw
    out = set()
    for c in items:
        c = getattr(c, "condition", c)
        v = getattr(c, "value", None)
        if not isinstance(v, str):
            v = getattr(c, "name", None)
        if not isinstance(v, str):
            v = str(c)
        out.add(v.strip().lower().replace(" ", "_").replace("-", "_"))
    return frozenset(out)


def _as_int(v: Any) -> int | None:
    if v is None or isinstance(v, bool):
        return None
    if isinstance(v, (int, float)):
        return int(v)
    inner = getattr(v, "value", None)
    if isinstance(inner, (int, float)) and not isinstance(inner, bool):
        return int(inner)
    return None


def _speed_flag(obj: Any, flag: str) -> bool | None:
    ms = _read(obj, "move_speed")
    v = getattr(ms, flag, None)
    return v if isinstance(v, bool) else None


# Conditions that imply helplessness ("Helpless"; "Unconscious"; "Paralyzed"; "Asleep").
_HELPLESS = frozenset({"helpless", "unconscious", "paralyzed", "asleep", "dying", "dead"})
# "You do not Threaten" (Prone, Grappled, Pinned, Blinded) plus the helpless ("Reach &
# Threatened Area": helpless creatures don't threaten, issue 5).
_NO_THREAT = frozenset({"prone", "grappled", "pinned", "blinded"}) | _HELPLESS
# "You cannot move from your hex" (Grappled, Pinned), immobile (Helpless & co.).
_IMMOBILE = frozenset({"grappled", "pinned"}) | _HELPLESS
# "Cannot Run or 5-Foot Step" (Broken Leg, Severed Leg, Hindered).
_NO_STEP = frozenset({"broken_leg", "severed_leg", "hindered"})
# "You cannot be flanked" (Grappled, Pinned).
_UNFLANKABLE = frozenset({"grappled", "pinned"})


# --- values returned -----------------------------------------------------------------------
@dataclass(frozen=True)
class Token:
    """A creature as placed on the map (a snapshot; the map owns the live state).

    Attributes:
        name: The creature's name.
        side: Its side; creatures of other sides are its enemies.
        anchor: The cell it was placed at (its footprint is laid out from there).
        cells: Its footprint.
        size: Size category name.
        speed_ft: Move Speed in feet.
        reach_ft: How far it threatens, in feet.
        threatens: Whether it threatens at all now.
        helpless: Whether it is helpless now.
        conditions: Its condition names as the map read them.
    """

    name: str
    side: str
    anchor: Cell
    cells: frozenset
    size: str
    speed_ft: int
    reach_ft: int
    threatens: bool
    helpless: bool
    conditions: frozenset[str] = frozenset()

    def __repr__(self) -> str:
        return (f"Token({self.name!r}, side={self.side!r}, at={self.anchor!r}, size={self.size!r}, "
                f"{len(self.cells)} cell{'s' if len(self.cells) != 1 else ''})")


@dataclass(frozen=True)
class Provocation:
    """One AOO a move provokes.

    Attributes:
        by: The creature that may take the AOO.
        step: Index in the path of the cell being left (0 = the start).
        cell: The threatened cell exited (or the occupied cell entered).
        reason: Why, in the words of the rule.
    """

    by: str
    step: int
    cell: Cell
    reason: str


class Provokers(tuple):
    """The AOO a movement provokes, in path order: a tuple of :class:`Provocation`."""

    rule = R_AOO

    @property
    def names(self) -> list[str]:
        """The creatures that may take an AOO, in order."""
        return [p.by for p in self]

    def explain(self) -> str:
        """One line per AOO, citing the rule."""
        if not self:
            return f"provokes no AOO ({self.rule})"
        lines = [f"provokes {len(self)} AOO ({self.rule}):"]
        lines += [f"  {p.by}: {p.reason} at step {p.step} {_at(p.cell)}" for p in self]
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"Provokers({self.names!r})"


@dataclass(frozen=True)
class Reachable:
    """Where a creature can end one movement action, and at what cost.

    Attributes:
        name: The mover.
        action: ``"move"``, ``"retreat"``, ``"five_foot_step"`` or ``"run"``.
        budget_ft: Feet available.
        cost: End cell (the footprint's anchor) → feet of movement spent, cheapest path.
        provoking: End cells that no path within the budget reaches without provoking AOO.
    """

    name: str
    action: str
    budget_ft: int
    cost: Mapping[Cell, int]
    provoking: frozenset
    _finder: Any = field(repr=False, compare=False, default=None)

    def __contains__(self, cell: object) -> bool:
        return cell in self.cost

    def __iter__(self) -> Iterator[Cell]:
        return iter(sorted(self.cost))

    def __len__(self) -> int:
        return len(self.cost)

    @property
    def safe(self) -> frozenset:
        """End cells reachable without provoking any AOO."""
        return frozenset(self.cost) - self.provoking

    def path_to(self, cell: Cell, avoid_provoking: bool = True) -> list[Cell]:
        """A path (anchors, start first) to ``cell``; one without AOO when there is one."""
        if cell not in self.cost:
            raise KeyError(cell)
        return self._finder(cell, avoid_provoking and cell not in self.provoking)

    def explain(self) -> str:
        return (f"{self.name} ({self.action}, {self.budget_ft} ft): {len(self.cost)} cells reachable, "
                f"{len(self.provoking)} of them only by provoking AOO")

    def __repr__(self) -> str:
        return (f"Reachable({self.name!r}, {self.action}, {self.budget_ft} ft: {len(self.cost)} cells, "
                f"{len(self.provoking)} provoking)")


def _unwind(prev: Mapping, state: tuple) -> list[Cell]:
    out = [state]
    while out[-1] in prev:
        out.append(prev[out[-1]])
    out.reverse()
    return [st[0] for st in out]


@dataclass(frozen=True)
class MoveResult:
    """What a movement did: the path, the feet spent, the AOO it provoked, and notes."""

    name: str
    action: str
    path: tuple
    cost_ft: int
    provokers: Provokers
    notes: tuple[str, ...] = ()

    def explain(self) -> str:
        lines = [f"{self.name} {self.action.replace('_', ' ')}: {len(self.path) - 1} step(s), "
                 f"{self.cost_ft} ft, {_at(self.path[0])} -> {_at(self.path[-1])}",
                 self.provokers.explain()]
        lines += list(self.notes)
        return "\n".join(lines)


class CoverLevel(Enum):
    """Degrees of cover and their Cover Bonus to AC (``000_8d1d7816ee944f3b.txt``: "Partial
    Cover (+2AC)" under "Prone", "Good Cover (+4 Cover Bonus to AC)" under "Lean Out from
    Cover / Take Cover", "Superior Cover (+6AC)" under "Protect"; "Total Cover blocks Line of
    Sight and Line of Effect" under "Line of Effect (LoE)"). The Cover table itself is
    missing from the text; these are the values the text quotes elsewhere."""

    NONE = 0
    PARTIAL = 1
    GOOD = 2
    SUPERIOR = 3
    TOTAL = 4

    @property
    def bonus(self) -> int | None:
        """Cover Bonus to AC; ``None`` for total cover (cannot be targeted)."""
        return {0: 0, 1: 2, 2: 4, 3: 6, 4: None}[self.value]

    def __str__(self) -> str:
        return self.name.lower()


@dataclass(frozen=True)
class Cover:
    """The cover a target has against one attacker.

    Attributes:
        attacker: The attacker's name (or cell).
        target: The target's name (or cell).
        level: :class:`CoverLevel`.
        ranged: Whether the ranged-attack exceptions were applied.
        origin: The attacker's cell the best line starts from (a larger attacker "can
            originate from the center of any one of its occupied hexes").
        blocked_fraction: Share of the target's sample points hidden by walls or obstacles.
        blockers: What gives the cover: ``"wall (q, r)"``, ``"creature Wulfric"``...
        ignored: What was ignored, and why.
        concealment: Miss chance in percent from fog on the line (0 or 20).
    """

    attacker: str
    target: str
    level: CoverLevel
    ranged: bool
    origin: Cell | None
    blocked_fraction: float
    blockers: tuple[str, ...] = ()
    ignored: tuple[str, ...] = ()
    concealment: int = 0

    @property
    def bonus(self) -> int | None:
        """Cover Bonus to AC (``None`` when total: no line of sight or effect)."""
        return self.level.bonus

    @property
    def line_of_sight(self) -> bool:
        return self.level is not CoverLevel.TOTAL

    def explain(self) -> str:
        """A sentence naming the level, bonus, what causes it and the rule."""
        what = {CoverLevel.NONE: "no cover", CoverLevel.TOTAL: "total cover (no line of sight "
                "or effect)"}.get(self.level, f"{self.level} cover (+{self.bonus} AC)")
        s = f"{self.target} has {what} against {self.attacker}"
        if self.origin is not None:
            s += f" (line from {_at(self.origin)})"
        if self.blockers:
            s += "; from " + ", ".join(self.blockers)
        if self.ignored:
            s += "; ignoring " + ", ".join(self.ignored)
        if self.concealment:
            s += f"; {self.concealment}% concealment from fog"
        return s + f" ({R_COVER}; {R_COVER_MORE})"

    def __repr__(self) -> str:
        return f"Cover({self.attacker!r} -> {self.target!r}: {self.level})"


@dataclass(frozen=True)
class HighGround:
    """High/low ground between an attacker and a target (``"High Ground / Low Ground"``).

    Attributes:
        melee_attack: +1 (Tactical) when above, -1 when below, 0 otherwise.
        ranged_damage: +1 (Innate) to ranged weapon damage when at least 10 ft above.
        height_ft: Attacker's elevation minus the target's.
    """

    attacker: str
    target: str
    height_ft: int
    melee_attack: int
    ranged_damage: int

    def explain(self) -> str:
        if self.height_ft == 0:
            return f"{self.attacker} and {self.target} stand level: no high-ground modifier ({R_HIGH})"
        where = "above" if self.height_ft > 0 else "below"
        s = (f"{self.attacker} is {abs(self.height_ft)} ft {where} {self.target}: "
             f"{self.melee_attack:+d} melee attack")
        if self.ranged_damage:
            s += f", +{self.ranged_damage} ranged weapon damage"
        return s + f" ({R_HIGH})"


@dataclass(frozen=True)
class Flanking:
    """Who flanks a creature: the pairs of threatening enemies on opposite sides."""

    target: str
    pairs: tuple[tuple[str, str], ...]
    reason: str = ""

    @property
    def flanked(self) -> bool:
        return bool(self.pairs)

    def __bool__(self) -> bool:
        return self.flanked

    @property
    def flankers(self) -> list[str]:
        return sorted({n for p in self.pairs for n in p})

    def explain(self) -> str:
        if not self.pairs:
            return f"{self.target} is not flanked{': ' + self.reason if self.reason else ''} ({R_FLANK})"
        ps = "; ".join(f"{a} & {b}" for a, b in self.pairs)
        return f"{self.target} is flanked (-2 AC) by {ps} ({R_FLANK})"


@dataclass(frozen=True)
class Relocation:
    """Where a creature that would end up in an illegal location goes instead.

    "If you accidentally end up in a location that is not a legal position, such as in an
    enemy's hex or within a wall or table, you are instead placed in the last legal position
    along your movement path. If none is available, the nearest legal space should be used
    at GM Discretion. In these circumstances, the GM may place you in the same hex as an
    ally, causing both of you the Cramped condition" (``000_8d1d7816ee944f3b.txt``, "Moving
    in Combat – Terrain, Creatures, & Other Issues", "Accidental / Illegal Locations").

    Attributes:
        name: The creature.
        wanted: The anchor it would have ended at.
        cell: The anchor it goes to instead (``wanted`` when that was legal).
        how: ``"as_asked"`` (``wanted`` is legal), ``"last_legal_on_path"`` or ``"nearest"``.
        reason: Why ``wanted`` was illegal (``""`` when it was not).
        shares_with: Allies whose hex it may share at ``cell`` only by the GM's leave
            (``share=True``): both gain the Cramped condition (see :meth:`HexMap.cramped`).
    """

    name: str
    wanted: Cell
    cell: Cell
    how: str
    reason: str = ""
    shares_with: tuple[str, ...] = ()

    @property
    def moved(self) -> bool:
        return self.cell != self.wanted

    def explain(self) -> str:
        if not self.moved:
            s = f"{self.name} stays at {_at(self.wanted)}: a legal position"
        else:
            where = ("the last legal position along its path" if self.how == "last_legal_on_path"
                     else "the nearest legal space")
            s = f"{self.name} cannot be at {_at(self.wanted)} ({self.reason}); placed at {_at(self.cell)}, {where}"
        if self.shares_with:
            s += f"; shares a hex with {', '.join(self.shares_with)}: both Cramped"
        return s + f" ({R_ILLEGAL})"


@dataclass(frozen=True)
class CrossSection:
    """The room across a row that has half hexes (the Half Hex Rule).

    "you may use half of a hexagon as a full hex without suffering penalties. When using
    this rule, you can never have more space occupied than is available"
    (``000_8d1d7816ee944f3b.txt``, "Using the Battle Map – Measuring Distance in Combat").
    The cross-section is the run of contiguous cells that are not walls in one row
    (bounded by walls or the map's edge); a half hex is half a hex wide, any other cell one.

    Attributes:
        row: The offset row.
        columns: ``(first, last)`` offset columns of the run.
        cells: Its cells, west to east.
        width_ft: Its width in feet (5 per whole hex, 2.5 per half hex).
        room: How many creatures of 5 feet fit across: ``floor(width_ft / 5)``.
        used: The 5-foot spaces taken: per cell, the space of its occupants up to 1 (a
            Medium or Small creature fills its hex, a Tiny one takes 1/4, a Diminutive
            1/16; a half hex holding a Medium creature counts as a full one).
        holds: The creatures in it, west to east.

    It holds no more than its width: ``used <= width_ft / 5``. For creatures of 5 feet and
    more that is ``room`` of them; Tiny and Diminutive ones count by their share of a hex,
    so two Tiny creatures fit in a half hex between walls, where nobody Medium does.
    """

    row: int
    columns: tuple[int, int]
    cells: tuple
    width_ft: float
    room: int
    used: float
    holds: tuple[str, ...]

    @property
    def over(self) -> bool:
        """More space is occupied than is available (only the GM's edits leave it so)."""
        return self.used > self.width_ft / FEET_PER_CELL + 1e-9

    @property
    def full(self) -> bool:
        """No more creature of 5 feet fits."""
        return self.used + 1 > self.width_ft / FEET_PER_CELL + 1e-9

    def explain(self) -> str:
        cols = (f"column {self.columns[0]}" if self.columns[0] == self.columns[1]
                else f"columns {self.columns[0]}-{self.columns[1]}")
        who = _and(self.holds) or "nobody"
        return (f"row {self.row}, {cols}: {self.width_ft:g} ft wide, room for {self.room} "
                f"creature{'s' if self.room != 1 else ''} of 5 ft, holds {who} ({self.used:g} of "
                f"{self.width_ft / FEET_PER_CELL:g} five-foot spaces) ({R_HALF})")


def _at(c: Any) -> str:
    """A cell as the map's users name it, by its offset ``(col, row)`` (the coordinates
    of :meth:`HexMap.cell`, the map text and the pictures), not its axial ``Hex(q, r)``."""
    if isinstance(c, Hex):
        return "({}, {})".format(*hex_to_offset(c))
    if isinstance(c, Square):
        return f"({c.x}, {c.y})"
    return repr(c)


def _and(names: Iterable[str]) -> str:
    """``"A"``, ``"A and B"``, ``"A, B and C"`` (``""`` for none)."""
    names = list(names)
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


class _Why(str):
    """A reason a creature cannot stand somewhere that comes with its own rule citation."""

    rule: str

    def __new__(cls, text: str, rule: str) -> "_Why":
        o = super().__new__(cls, text)
        o.rule = rule
        return o


# --- the map ------------------------------------------------------------------------------
@dataclass
class _Placed:
    creature: Any
    side: str
    anchor: Cell
    cells: frozenset
    size: str
    order: int
    space: float
    speed: int | None
    reach: int | None
    threatens: bool | None


@dataclass
class _Turn:
    moved_ft: int = 0
    stepped: bool = False
    after_step_ft: int = 0  # moved after a 5-foot step (the Advanced Rule Option's half)
    notes: list[str] = field(default_factory=list)


CellLike = Union[Cell, tuple[int, int]]
Where = Union[str, Cell, tuple[int, int]]
ACTIONS = ("move", "five_foot_step", "retreat", "run")


class HexMap:
    """A battle map of ``width x height`` cells (hexes in offset rows, or squares).

    Args:
        width: Columns.
        height: Rows.
        grid: ``"hex"`` (the default) or ``"square"`` (the text's "Option – Square Grid").
        advanced_five_foot_step: The "Advanced Rule Option" of the 5-Foot Step (off: the
            Simple Rule).

    Example:
        >>> m = HexMap(10, 6)
        >>> m.distance((0, 0), (6, 0))
        30
    """

    def __init__(self, width: int, height: int, *, grid: str | None = None,
                 advanced_five_foot_step: bool | None = None, ruleset: Any = None) -> None:
        # The ruleset's switches ("Square Grid" option, the Advanced 5-Foot Step) are the
        # defaults; an explicit argument wins.
        from .rulesets import coerce_ruleset
        rules = coerce_ruleset(ruleset)
        grid = rules.grid if grid is None else grid
        if advanced_five_foot_step is None:
            advanced_five_foot_step = rules.advanced_five_foot_step
        if (isinstance(width, bool) or isinstance(height, bool) or not isinstance(width, int)
                or not isinstance(height, int) or width < 1 or height < 1):
            raise MapFormatError(f"a map needs whole numbers of at least 1x1 cells, got "
                                 f"{width!r}x{height!r}")
        self.width = width
        self.height = height
        self.geometry: HexGeometry | SquareGeometry = make_geometry(grid)
        self.advanced_five_foot_step = advanced_five_foot_step
        self._cells: frozenset = frozenset(self.geometry.cell(c, r) for r in range(height)
                                           for c in range(width))
        self._terrain: dict[Cell, Terrain] = {}
        self._elevation: dict[Cell, int] = {}
        self._placed: dict[str, _Placed] = {}
        self._occupants: dict[Cell, list[str]] = {}
        self._turn: dict[str, _Turn] = {}
        self._version = 0
        self._terrain_version = 0
        self._cache: dict[Any, Any] = {}
        self._listeners: list = []
        self._held = 0  # inside hold(): listeners wait

    # -- basics --------------------------------------------------------------------------
    @property
    def grid(self) -> str:
        return self.geometry.kind

    @property
    def cells(self) -> frozenset:
        """Every cell on the map."""
        return self._cells

    @property
    def version(self) -> int:
        """Grows by one with every change (widgets use it to know when to redraw)."""
        return self._version

    @property
    def terrain_version(self) -> int:
        """Grows with every terrain or elevation edit only (a widget redraws its terrain
        layer then, and never for a move)."""
        return self._terrain_version

    def cell(self, col: int, row: int) -> Cell:
        """The cell at offset coordinates ``(col, row)`` (0-based, row 0 at the top)."""
        return self.geometry.cell(col, row)

    def offset(self, cell: Cell) -> tuple[int, int]:
        """``(col, row)`` of a cell."""
        return self.geometry.offset(cell)

    def __contains__(self, item: object) -> bool:
        if isinstance(item, str):
            return item in self._placed
        return item in self._cells

    def as_cell(self, where: CellLike) -> Cell:
        """A cell from a ``Hex``/``Square`` or ``(col, row)`` offset coordinates."""
        return self._as_cell(where)

    def _as_cell(self, where: CellLike) -> Cell:
        if isinstance(where, (Hex, Square)):
            if (self.grid == "hex") != isinstance(where, Hex):
                raise TypeError(f"{where!r} is not a cell of a {self.grid} map")
            return where
        if isinstance(where, tuple) and len(where) == 2 and all(isinstance(v, int) for v in where):
            return self.geometry.cell(*where)
        raise TypeError(f"expected a {'Hex' if self.grid == 'hex' else 'Square'} or (col, row), "
                        f"got {where!r}")

    def _changed(self) -> None:
        self._version += 1
        self._cache.clear()
        if not self._held:
            for fn in list(self._listeners):
                fn(self)

    @contextlib.contextmanager
    def hold(self) -> Iterator["HexMap"]:
        """Within the block, changes do not call the listeners; at its end they are called
        once if anything changed (an encounter replaying its log moves creatures many
        times, and a widget should redraw once, not after every step). Blocks nest."""
        self._held += 1
        before = self._version
        try:
            yield self
        finally:
            self._held -= 1
            if not self._held and self._version != before:
                for fn in list(self._listeners):
                    fn(self)

    def observe(self, fn) -> None:
        """Call ``fn(map)`` after every change (the widget redraws its small layers)."""
        self._listeners.append(fn)

    def unobserve(self, fn) -> None:
        if fn in self._listeners:
            self._listeners.remove(fn)

    # -- terrain -------------------------------------------------------------------------
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
                raise MapFormatError(f"unknown terrain {kind!r}; the kinds are "
                                     + ", ".join(t.value for t in Terrain)) from None
        if kind is Terrain.HALF and self.grid != "hex":
            raise MapFormatError(_HALF_ON_SQUARES)
        cells = self._cells_on_map(where)
        for c in cells:
            if kind is Terrain.WALL and self._occupants.get(c):
                raise IllegalActionError(f"cannot wall in {_at(c)}: {', '.join(self._occupants[c])} "
                                         f"stands there; move it first", R_SPACE)
        if kind is Terrain.HALF or self._half_runs():
            # "you can never have more space occupied than is available": no edit may crowd
            # a cross-section with half hexes (one that already was stays as the GM left it)
            after = dict(self._terrain)
            for c in cells:
                if kind is Terrain.NORMAL:
                    after.pop(c, None)
                else:
                    after[c] = kind
            already = {x for cs in self._over_capacity(self._terrain) for x in cs.cells}
            for cs in self._over_capacity(after):
                if not set(cs.cells) <= already:
                    raise IllegalActionError(
                        f"cannot make {len(cells)} cell(s) {kind.value}: the cross-section at "
                        f"row {cs.row} would be {cs.width_ft:g} ft wide (room for {cs.room}) and "
                        f"holds {_and(cs.holds)}: \"you can never have more space occupied than "
                        "is available\"; move someone first", R_HALF)
        for c in cells:
            if kind is Terrain.NORMAL:
                self._terrain.pop(c, None)
            else:
                self._terrain[c] = kind
        self._terrain_version += 1
        self._changed()

    def _cells_on_map(self, where: CellLike | Iterable[CellLike]) -> list:
        """One cell or many, each checked to be on the map (nothing is changed)."""
        many = (where if not isinstance(where, (Hex, Square)) and not
                (isinstance(where, tuple) and len(where) == 2 and isinstance(where[0], int))
                else [where])
        cells = [self._as_cell(w) for w in many]
        for c in cells:
            if c not in self._cells:
                raise IllegalActionError(f"{_at(c)} is off this {self.width}x{self.height} map",
                                         R_DISTANCE)
        return cells

    def elevation(self, where: CellLike) -> int:
        """Height of a cell's ground in feet (0 unless set)."""
        return self._elevation.get(self._as_cell(where), 0)

    def set_elevation(self, where: CellLike | Iterable[CellLike], feet: int) -> None:
        """Set the height of one cell or many, in feet (for "High Ground / Low Ground")."""
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

    # -- creatures -----------------------------------------------------------------------
    @property
    def names(self) -> list[str]:
        """The creatures on the map, in placement order."""
        return list(self._placed)

    def _p(self, name: str) -> _Placed:
        try:
            return self._placed[name]
        except KeyError:
            raise IllegalActionError(f"no creature named {name!r} on the map; on it: "
                                     f"{', '.join(self._placed) or 'nobody'}") from None

    def token(self, name: str) -> Token:
        """A snapshot of a placed creature (side, footprint, reach, threatening...)."""
        p = self._p(name)
        return Token(name, p.side, p.anchor, p.cells, p.size, self._speed(name), self._reach(name),
                     self._threatens(name), self._helpless(name), _conditions(p.creature))

    def tokens(self) -> list[Token]:
        return [self.token(n) for n in self._placed]

    def side(self, name: str) -> str:
        return self._p(name).side

    def creature(self, name: str) -> Any:
        """The creature object placed under ``name``."""
        return self._p(name).creature

    def at(self, where: CellLike) -> list[str]:
        """Names of the creatures occupying a cell."""
        return list(self._occupants.get(self._as_cell(where), ()))

    def footprint(self, name: str) -> frozenset:
        return self._p(name).cells

    def enemies(self, name: str) -> list[str]:
        s = self._p(name).side
        return [n for n, p in self._placed.items() if p.side != s]

    def allies(self, name: str) -> list[str]:
        s = self._p(name).side
        return [n for n, p in self._placed.items() if p.side == s and n != name]

    def _footprint_at(self, size: str, anchor: Cell) -> frozenset:
        row = _sizes()[size]
        return self.geometry.footprint(anchor, float(row["space_hexes"]), str(row["space_ft"]))

    def _speed(self, name: str) -> int:
        p = self._placed[name]
        if p.speed is not None:
            return p.speed
        v = _as_int(_read(p.creature, "move_speed", "speed", "move_speed_ft"))
        return 30 if v is None else v

    def _reach(self, name: str) -> int:
        p = self._placed[name]
        if p.reach is not None:
            return p.reach
        v = _as_int(_read(p.creature, "threat_reach_ft", "reach_ft", "reach"))
        if v is not None:
            return v
        return int(_sizes()[p.size]["reach_ft"])

    def _helpless(self, name: str) -> bool:
        p = self._placed[name]
        v = _read(p.creature, "helpless", "is_helpless")
        if v is True or _read(p.creature, "is_dead") is True:
            return True
        return bool(_conditions(p.creature) & _HELPLESS)

    def _threatens(self, name: str, *, but_for_prone: bool = False) -> bool:
        p = self._placed[name]
        conds = _conditions(p.creature)
        if p.threatens is not None:
            base = p.threatens
        else:
            v = _read(p.creature, "threatens")
            base = True if v is None else bool(v)
            if but_for_prone and not base and "prone" in conds:
                base = True  # the creature's own verdict counted Prone; judge without it
        blocking = conds & _NO_THREAT
        if but_for_prone:
            blocking = blocking - {"prone"}
        return base and not blocking and not self._helpless(name)

    def _share_ok(self, mover: str | None, m_side: str, m_size: str, other: str, *, ending: bool,
                  share: bool = False) -> bool:
        """May ``mover`` be in a cell together with ``other``? ("Space in Combat Gameplay";
        "Friends & Enemies in Combat"; "Tiny (T) & Diminutive (D)")."""
        o = self._placed[other]
        mo, oo = int(_sizes()[m_size]["order"]), o.order
        m_small, o_small = float(_sizes()[m_size]["space_hexes"]) < 1, o.space < 1
        enemy = o.side != m_side
        if m_small != o_small:  # Tiny/Diminutive share with larger creatures
            return True
        if m_small and o_small:
            return True  # capacity is checked separately
        if enemy:
            if abs(mo - oo) >= 3:  # "3+ size categories" smaller or larger: through, and stop
                return True
            return (not ending) and self._helpless(other)
        if abs(mo - oo) >= 2:  # "2+ size categories smaller than you without penalty"
            return True
        if share:  # a GM placement into an ally's hex ("Accidental / Illegal Locations")
            return True
        return not ending  # allies: through, but not to end in

    def _small_capacity_ok(self, cells: Iterable[Cell], m_space: float, skip: str | None) -> bool:
        if m_space >= 1:
            return True
        for c in cells:
            used = sum(self._placed[n].space for n in self._occupants.get(c, ())
                       if n != skip and self._placed[n].space < 1)
            if used + m_space > 1 + 1e-9:
                return False
        return True

    # -- the Half Hex Rule: room across a row ---------------------------------------------
    def _runs_of(self, terrain: Mapping[Cell, Terrain]) -> dict[Cell, tuple[tuple, float]]:
        """Each cell of a row run with a half hex -> (the run's cells, its width in hexes)."""
        runs: dict[Cell, tuple[tuple, float]] = {}
        if self.grid != "hex" or Terrain.HALF not in terrain.values():
            return runs
        for r in range(self.height):
            run: list[Cell] = []
            for col in range(self.width + 1):
                cell = self.cell(col, r) if col < self.width else None
                if cell is not None and terrain.get(cell) is not Terrain.WALL:
                    run.append(cell)
                    continue
                if any(terrain.get(x) is Terrain.HALF for x in run):
                    info = (tuple(run), sum(0.5 if terrain.get(x) is Terrain.HALF else 1.0
                                            for x in run))
                    for x in run:
                        runs[x] = info
                run = []
        return runs

    def _half_runs(self) -> dict[Cell, tuple[tuple, float]]:
        runs = self._cache.get("half_runs")
        if runs is None:
            runs = self._cache["half_runs"] = self._runs_of(self._terrain)
        return runs

    def _cell_fill(self, c: Cell, skip: str | None = None, extra: float = 0.0) -> float:
        """5-foot spaces taken in one cell: its occupants' space, at most 1."""
        return min(1.0, extra + sum(min(1.0, self._placed[o].space)
                                    for o in self._occupants.get(c, ()) if o != skip))

    def _section(self, info: tuple[tuple, float], skip: str | None = None,
                 add: frozenset = frozenset(), add_space: float = 0.0) -> CrossSection:
        run, width = info
        cols = [self.offset(x)[0] for x in run]
        used = sum(self._cell_fill(x, skip, add_space if x in add else 0.0) for x in run)
        holds = tuple(dict.fromkeys(o for x in run for o in self._occupants.get(x, ()) if o != skip))
        return CrossSection(self.offset(run[0])[1], (min(cols), max(cols)), run, 5 * width,
                            math.floor(width + 1e-9), used, holds)

    def _over_capacity(self, terrain: Mapping[Cell, Terrain]) -> list[CrossSection]:
        runs = self._runs_of(terrain)
        out = []
        for info in {v[0]: v for v in runs.values()}.values():
            cs = self._section(info)
            if cs.over:
                out.append(cs)
        return out

    def cross_section(self, where: CellLike) -> CrossSection | None:
        """The room across the row at ``where`` when that row's run has half hexes (else
        ``None``: a row without half hexes is not limited beyond one creature a hex).

        "Half Hex Rule: ... you may use half of a hexagon as a full hex without suffering
        penalties. When using this rule, you can never have more space occupied than is
        available" (``000_8d1d7816ee944f3b.txt``, "Using the Battle Map – Measuring Distance
        in Combat"). Decisions: on pointy-top offset rows, walls running north-south cut
        hexes in half, so the room is measured across the row: the run of non-wall cells
        around ``where`` bounded by walls or the map's edge, a half hex 2.5 ft and any other
        cell 5 ft wide. A creature may end its movement (or be placed) in it only if the
        5-foot spaces taken, counting it, stay within that width (a creature of 5 ft or more
        takes one per hex, Tiny 1/4, Diminutive 1/16); passing through is not limited.

        Example: a 10-ft hallway's row ``# h . h #`` holds two Medium creatures, on any two
        of its three cells.
        """
        info = self._half_runs().get(self._as_cell(where))
        return None if info is None else self._section(info)

    def _cross_section_why(self, cells: frozenset, mover: str | None, size: str) -> _Why | None:
        runs = self._half_runs()
        if not runs:
            return None
        space = min(1.0, float(_sizes()[size]["space_hexes"]))
        seen: set = set()
        for c in sorted(cells, key=lambda x: self.offset(x)[::-1]):
            info = runs.get(c)
            if info is None or info[0] in seen:
                continue
            seen.add(info[0])
            cs = self._section(info, mover, cells, space)
            if cs.over:
                cols = (f"column {cs.columns[0]}" if cs.columns[0] == cs.columns[1]
                        else f"columns {cs.columns[0]}-{cs.columns[1]}")
                what = (f"that already holds {_and(cs.holds)}" if cs.holds
                        else f"with room for {cs.room} creature{'s' if cs.room != 1 else ''} of 5 ft")
                return _Why(f"{_at(c)} is in a "
                            f"{cs.width_ft:g}-ft-wide cross-section (row {cs.row}, {cols}) {what}: \"you can never "
                            "have more space occupied than is available\"", R_HALF)
        return None

    def _why_not_stand(self, cells: frozenset, mover: str | None, side: str, size: str,
                       *, ending: bool, share: bool = False) -> str | None:
        for c in sorted(cells):
            if c not in self._cells:
                return f"{_at(c)} is off this {self.width}x{self.height} map"
            if self._terrain.get(c) is Terrain.WALL:
                return f"{_at(c)} is a wall"
            for o in self._occupants.get(c, ()):
                if o != mover and not self._share_ok(mover, side, size, o, ending=ending, share=share):
                    rel = "an enemy" if self._placed[o].side != side else "an ally"
                    return f"{_at(c)} is occupied by {o} ({rel})"
        if ending and not self._small_capacity_ok(cells, float(_sizes()[size]["space_hexes"]), mover):
            return "that hex already holds as many Tiny/Diminutive creatures as fit"
        if ending:
            return self._cross_section_why(cells, mover, size)
        return None

    def place(self, creature: Any, where: CellLike, side: str = "party", *,
              reach_ft: int | None = None, threatens: bool | None = None,
              speed: int | None = None, share: bool = False, fallback: bool = False) -> Token:
        """Put a creature on the map with its footprint by size.

        Medium and Small take 1 hex, Large 3 contiguous, Huge 7, Gargantuan 10 (rows 3-4-3);
        Tiny and Diminutive share a hex (4 or 16 to a hex) and may share with larger creatures
        (``000_8d1d7816ee944f3b.txt``, "Size Categories"; "Space in Combat Gameplay"). On the
        square grid Large is 2x2 and Huge 3x3 ("Square Grid - Space, Radius, Reach").

        Args:
            creature: Anything with ``name`` and ``size`` (see :class:`MapCreature`).
            where: The anchor cell (a ``Hex``/``Square`` or ``(col, row)``).
            side: Its side; creatures of other sides are enemies.
            reach_ft: Threat reach in feet, overriding the creature's.
            threatens: Whether it threatens, overriding the creature's.
            speed: Move Speed in feet, overriding the creature's.
            share: A GM placement that may put the creature in an ally's hex ("the GM may
                place you in the same hex as an ally, causing both of you the Cramped
                condition": ``000_8d1d7816ee944f3b.txt``, "Accidental / Illegal
                Locations"); foes, walls and the map's edge still refuse. See
                :meth:`cramped`. Off by default: "You cannot end your movement in a space
                occupied by either a friend or foe" ("Occupied Space").
            fallback: If ``where`` is not a legal position, place the creature at the
                nearest legal space instead (:meth:`nearest_legal`, which also says why).

        Returns:
            The placed :class:`Token`.

        Raises:
            IllegalActionError: Name already on the map, off the map, into a wall, or
                into an occupied space (without ``fallback``); nothing is changed.
        """
        name = getattr(creature, "name", None)
        if not isinstance(name, str) or not name:
            raise IllegalActionError(f"a creature needs a name to be placed, got {creature!r}")
        if name in self._placed:
            raise IllegalActionError(f"{name} is already on the map at {_at(self._placed[name].anchor)}; "
                                     "use move() or remove() first", R_SPACE)
        size = _size_name(getattr(creature, "size", "medium"))
        anchor = self._as_cell(where)
        if fallback:
            anchor = self._legal_spot(name, None, side, size, anchor, (), share).cell
        cells = self._footprint_at(size, anchor)
        why = self._why_not_stand(cells, None, side, size, ending=True, share=share)
        if why:
            raise IllegalActionError(f"cannot place {name} ({size}) at {_at(anchor)}: {why}",
                                     getattr(why, "rule", R_SPACE))
        row = _sizes()[size]
        self._placed[name] = _Placed(creature, side, anchor, cells, size, int(row["order"]),
                                     float(row["space_hexes"]), speed, reach_ft, threatens)
        for c in cells:
            self._occupants.setdefault(c, []).append(name)
        self._turn[name] = _Turn()
        self._changed()
        return self.token(name)

    # -- accidental / illegal locations ---------------------------------------------------
    def _legal_spot(self, name: str, mover: str | None, side: str, size: str, wanted: Cell,
                    path: Iterable[Cell], share: bool) -> Relocation:
        def why(anchor: Cell) -> str | None:
            return self._why_not_stand(self._footprint_at(size, anchor), mover, side, size,
                                       ending=True, share=share)

        def sharers(anchor: Cell) -> tuple[str, ...]:
            cells = self._footprint_at(size, anchor)
            return tuple(sorted({o for c in cells for o in self._occupants.get(c, ())
                                 if o != mover and self._placed[o].side == side
                                 and not self._share_ok(mover, side, size, o, ending=True)}))

        reason = why(wanted)
        if reason is None:
            return Relocation(name, wanted, wanted, "as_asked", "", sharers(wanted))
        steps = [c for c in path if c != wanted]
        for c in reversed(steps):
            if (mover is not None and c == self._placed[mover].anchor) or why(c) is None:
                return Relocation(name, wanted, c, "last_legal_on_path", reason, sharers(c))
        # nearest by grid distance from the wanted anchor; ties: top row first, then left
        d = self.geometry.distance
        for c in sorted(self._cells, key=lambda c: (d(c, wanted), self.offset(c)[1], self.offset(c)[0])):
            if why(c) is None:
                return Relocation(name, wanted, c, "nearest", reason, sharers(c))
        raise IllegalActionError(f"there is no legal position for {name} ({size}) anywhere on this "
                                 f"map ({reason})", R_ILLEGAL)

    def nearest_legal(self, who: Any, where: CellLike, *, path: Iterable[CellLike] = (),
                      side: str | None = None, share: bool = False) -> Relocation:
        """Where ``who`` goes if it would end up at ``where`` ("Accidental / Illegal Locations").

        "If you accidentally end up in a location that is not a legal position, such as in an
        enemy's hex or within a wall or table, you are instead placed in the last legal
        position along your movement path. If none is available, the nearest legal space
        should be used at GM Discretion. In these circumstances, the GM may place you in the
        same hex as an ally, causing both of you the Cramped condition"
        (``000_8d1d7816ee944f3b.txt``, "Moving in Combat – Terrain, Creatures, & Other
        Issues"). Only asks; changes nothing (see :meth:`relocate`).

        Decisions: a legal position is one the creature could end a movement in
        (:meth:`place`'s rules; its own current space does not count against it, and its
        current anchor, on the path, is always legal). "Within a table": a wall here; an
        obstacle can be stood on ("Obstacles"). The GM's discretion is modelled as: the
        nearest legal anchor by grid distance from ``where``, ties to the upper row, then
        the left column (deterministic); walls between do not matter. ``share=True`` is the
        GM allowing an ally's hex (then :attr:`Relocation.shares_with` names the allies).

        Args:
            who: A placed creature's name, or a creature object not on the map yet.
            where: The anchor it would end at (may be off the map).
            path: The movement path (anchors, start first) that led there, if any.
            side: The side of an unplaced creature (default ``"party"``).
            share: Whether an ally's hex counts as legal (the GM's option).

        Raises:
            IllegalActionError: No legal position on the whole map.
        """
        wanted = self._as_cell(where)
        cells = [self._as_cell(c) for c in path]
        if isinstance(who, str):
            p = self._p(who)
            return self._legal_spot(who, who, p.side, p.size, wanted, cells, share)
        name = getattr(who, "name", None)
        if not isinstance(name, str) or not name:
            raise IllegalActionError(f"a creature needs a name, got {who!r}")
        size = _size_name(getattr(who, "size", "medium"))
        return self._legal_spot(name, None, side or "party", size, wanted, cells, share)

    def relocate(self, name: str, where: CellLike, *, path: Iterable[CellLike] = (),
                 share: bool = False) -> Relocation:
        """Put a placed creature that "accidentally" ended at ``where`` (knocked back,
        pushed, teleported...) in the legal position :meth:`nearest_legal` picks, and say
        where and why. A GM placement, not movement: it spends no feet and provokes no AOO
        (``000_8d1d7816ee944f3b.txt``, "Accidental / Illegal Locations").

        Raises:
            IllegalActionError: No legal position anywhere; nothing changes.
        """
        rel = self.nearest_legal(name, where, path=path, share=share)
        p = self._placed[name]
        if rel.cell != p.anchor:
            for c in p.cells:
                self._occupants[c].remove(name)
                if not self._occupants[c]:
                    del self._occupants[c]
            p.anchor = rel.cell
            p.cells = self._footprint_at(p.size, p.anchor)
            for c in p.cells:
                self._occupants.setdefault(c, []).append(name)
            self._changed()
        return rel

    # -- space: the Cramped condition ------------------------------------------------------
    def cramped(self, name: str) -> tuple[str, ...]:
        """Why ``name`` has the Cramped condition from where it stands (empty: it has not).

        "In combat, if you occupy the same space as an allied or indifferent creature within
        1 size category of your own, you both gain the Cramped condition. Grappling does not
        cause the cramped condition"; "You may occupy the same space as a creature 2+ size
        categories smaller than you without penalty"; Tiny and Diminutive creatures share
        "without issue"; "Two Large Size+ creatures may share 1 hex (or 33%) of their total
        space with one another without penalty. Anything beyond that causes the Cramped
        condition" (``000_8d1d7816ee944f3b.txt``, "Space in Combat Gameplay"); "If stuck in
        the same space an ally, you both gain the Cramped condition" ("Moving in Combat –
        Terrain, Creatures, & Other Issues").

        Decisions: the map knows sides, not attitudes: a creature of the same side is an
        ally, any other side a foe (foes who share, 3+ sizes apart or helpless, cause no
        Cramped); no creature is "indifferent". A pair in which either creature is
        grappled, grappling or pinned is taken to be the grapple and causes nothing. The
        2+ size rule frees both creatures. Two Large+ creatures may share
        ``max(1, hexes of the smaller footprint // 3)`` hexes (1 for Large, the text's
        "1 hex (or 33%)"). Crowds and tight spaces are the GM's to add.
        """
        p = self._p(name)
        if p.space < 1:
            return ()
        mine = _conditions(p.creature)
        large = int(_sizes()["large"]["order"])
        out = []
        tight = sorted(c for c in p.cells if self.terrain(c) is Terrain.TIGHT)
        if tight:
            out.append(f"it is in a tight space at {tuple(self.geometry.offset(tight[0]))}: "
                       "\"you are cramped while doing so\" (000_8d1d7816ee944f3b.txt, "
                       "\"Moving in Combat – Terrain, Creatures, & Other Issues\", Tight Spaces)")
        for o in self._placed:
            if o == name:
                continue
            q = self._placed[o]
            shared = p.cells & q.cells
            if not shared or q.space < 1 or q.side != p.side:
                continue
            if (mine | _conditions(q.creature)) & _GRAPPLING:
                continue
            if abs(p.order - q.order) >= 2:
                continue
            if p.order >= large and q.order >= large:
                free = max(1, min(len(p.cells), len(q.cells)) // 3)
                if len(shared) <= free:
                    continue
                out.append(f"shares {len(shared)} hexes with {o} ({q.size}); two Large+ creatures "
                           f"may share only {free} without penalty ({R_SPACE})")
                continue
            out.append(f"shares {_at(sorted(shared)[0])} with {o} ({q.size}, an ally within 1 size "
                       f"category): both are Cramped ({R_SPACE})")
        return tuple(out)

    def conditions_from_space(self, name: str) -> tuple[str, ...]:
        """Conditions the map gives ``name`` from where it stands: ``("cramped",)`` when
        :meth:`cramped` has reasons, else ``()`` (for the encounter or the GM to apply; the
        map does not change the creature). Cramped: "Half Move Speed, -2AC, -2 REF Save, -2
        Attack Rolls, -2 Physical Skills" (``000_8d1d7816ee944f3b.txt``, "Space in Combat
        Gameplay")."""
        return ("cramped",) if self.cramped(name) else ()

    def placement(self, name: str) -> dict[str, Any]:
        """The keyword arguments of :meth:`place` that put ``name`` back where it stands
        (``where`` as ``(col, row)``, ``side``, the overrides given at placement, and
        ``share=True`` when it stands in an ally's hex, which only the GM's ``share``
        allows). The encounter uses it to rebuild the map when it replays its log."""
        p = self._p(name)
        return {"where": self.offset(p.anchor), "side": p.side, "reach_ft": p.reach,
                "threatens": p.threatens, "speed": p.speed, "share": self._shares(name)}

    def _shares(self, name: str) -> bool:
        """Whether ``name`` stands in a hex only the GM's ``share`` allows (an ally's)."""
        p = self._placed[name]
        return any(o != name and not self._share_ok(name, p.side, p.size, o, ending=True)
                   for c in p.cells for o in self._occupants.get(c, ()))

    def remove(self, name: str) -> None:
        """Take a creature off the map."""
        p = self._p(name)
        for c in p.cells:
            self._occupants[c].remove(name)
            if not self._occupants[c]:
                del self._occupants[c]
        del self._placed[name]
        self._turn.pop(name, None)
        self._changed()

    def update(self, creature: Any) -> None:
        """Swap in a new version of a placed creature (same name), e.g. after a condition
        changed; its position and side stay."""
        p = self._p(creature.name)
        size = _size_name(getattr(creature, "size", "medium"))
        if size != p.size:
            raise IllegalActionError(f"{creature.name} changed size ({p.size} -> {size}); remove() "
                                     "and place() it again", R_SPACE)
        p.creature = creature
        self._changed()

    def start_turn(self, name: str) -> None:
        """Forget what ``name`` moved this turn (5-foot step and movement bookkeeping)."""
        self._p(name)
        self._turn[name] = _Turn()
        self._changed()

    def moved_this_turn(self, name: str) -> int:
        """Feet ``name`` has moved since its turn started."""
        self._p(name)
        return self._turn[name].moved_ft

    # -- distance ------------------------------------------------------------------------
    def _cells_of(self, where: Where) -> frozenset:
        if isinstance(where, str):
            return self._p(where).cells
        return frozenset([self._as_cell(where)])

    def distance(self, a: Where, b: Where) -> int:
        """Feet between two creatures (nearest cells of their footprints) or cells.

        "Count the number of hexes from you to your target ... Do not count the hex in which
        you are standing. Multiply the number of hexes by 5" (``000_8d1d7816ee944f3b.txt``,
        "Using the Battle Map – Measuring Distance in Combat"); on squares the 5/10
        diagonal rule ("Option – Square Grid").
        """
        ca, cb = self._cells_of(a), self._cells_of(b)
        d = self.geometry.distance_ft
        return min(d(x, y) for x in ca for y in cb)

    # -- threat --------------------------------------------------------------------------
    def threatened(self, name: str) -> frozenset:
        """The cells ``name`` threatens: within its reach of its footprint, on the map.

        "A medium-sized character wielding a normal melee weapon threatens up to 5 feet";
        larger creatures and reach weapons further; "If you are unarmed, you do not
        threaten"; "Most Ranged-Only Weapons do not threaten (Exception: Loaded Crossbows
        Threaten out to 10 feet)"; prone, grappled, pinned, blinded and helpless creatures
        do not threaten (``000_8d1d7816ee944f3b.txt``, "Reach & Threatened Area"; "Prone";
        "Grappled Condition"). Reach 0 (Tiny, Diminutive) threatens only its own hex.
        """
        key = ("thr", name)
        if key in self._cache:
            return self._cache[key]
        p = self._p(name)
        out: frozenset
        if not self._threatens(name):
            out = frozenset()
        else:
            reach = self._reach(name)
            if reach <= 0:
                out = p.cells
            else:
                s: set = set()
                for c in p.cells:
                    s.update(self.geometry.within_ft(c, reach))
                walls = self._cache.get("walls")
                if walls is None:
                    walls = self._cache["walls"] = frozenset(
                        c for c, t in self._terrain.items() if t is Terrain.WALL)
                out = frozenset((s - p.cells - walls) & self._cells)
                if walls and reach > FEET_PER_CELL:
                    out = frozenset(c for c in out if self._reaches(p.cells, c, walls))
        self._cache[key] = out
        return out

    def _reaches(self, cells: frozenset, c: Cell, walls: frozenset) -> bool:
        """Whether a weapon can reach ``c`` from one of ``cells`` without passing through a
        wall: a threatened hex is one where the creature "is capable of striking a foe", and
        "Total Cover blocks Line of Sight and Line of Effect" (``000_8d1d7816ee944f3b.txt``,
        "Reach & Threatened Area"; "Line of Effect (LoE)"). Decision: a straight line of
        hexes from one of its hexes to ``c`` (either way, so a line along hex edges may
        pass on either side) with no wall between."""
        g = self.geometry
        for f in cells:
            if g.distance(f, c) <= 1:
                return True
            for line in (g.line(f, c), g.line(c, f)):
                if not any(x in walls for x in line[1:-1]):
                    return True
        return False

    def threatened_by_enemies(self, name: str) -> dict[Cell, list[str]]:
        """Cell → the enemies of ``name`` threatening it."""
        out: dict[Cell, list[str]] = {}
        for e in self.enemies(name):
            for c in self.threatened(e):
                out.setdefault(c, []).append(e)
        return out

    def threatens_creature(self, attacker: str, target: str) -> bool:
        """Whether ``attacker`` threatens any cell of ``target``'s footprint."""
        return bool(self.threatened(attacker) & self._p(target).cells)

    # -- movement ------------------------------------------------------------------------
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
        t = self._terrain.get(c)
        if t is Terrain.TIGHT and "cramped" in _conditions(self._placed[mover].creature):
            # already Cramped (its Move Speed halved): the tight space costs nothing more
            # ("Tight Spaces: ... you are cramped while doing so")
            return False
        if t is not None and t.costs_double:
            return True
        for o in self._occupants.get(c, ()):
            if o != mover and self._placed[o].order >= 0 and (
                    _conditions(self._placed[o].creature) & {"unconscious", "dead", "dying"}):
                return True
        return False

    def _search(self, name: str, budget: int, *, avoid: frozenset = frozenset(),
                avoid_names: frozenset = frozenset(), through_helpless: bool = True,
                ) -> tuple[dict, tuple[dict, dict]]:
        """Dijkstra over anchors (and diagonal parity on squares).

        Returns:
            (feet by anchor, (best state by anchor, predecessor by state)).

        ``avoid``: cells whose exit provokes (edges leaving them are skipped); entering the
        space of a creature in ``avoid_names`` is skipped too.
        """
        p = self._placed[name]
        geom = self.geometry
        square = self.grid == "square"
        start = p.anchor
        best: dict[tuple, int] = {(start, 0): 0}
        prev: dict[tuple, tuple] = {}
        heap: list = [(0, 0, start, 0)]
        seq = 0
        fp_cache: dict[Cell, frozenset | None] = {}
        diff_cache: dict[Cell, bool] = {}

        def fp_ok(anchor: Cell) -> frozenset | None:
            if anchor in fp_cache:
                return fp_cache[anchor]
            cells = self._footprint_at(p.size, anchor)
            ok = True
            for c in cells:
                if c not in self._cells or self._terrain.get(c) is Terrain.WALL:
                    ok = False
                    break
                for o in self._occupants.get(c, ()):
                    if o == name:
                        continue
                    if not through_helpless and self._placed[o].side != p.side:
                        ok = False
                        break
                    if not self._share_ok(name, p.side, p.size, o, ending=False):
                        ok = False
                        break
                    if o in avoid_names:
                        ok = False
                        break
                if not ok:
                    break
            fp_cache[anchor] = cells if ok else None
            return fp_cache[anchor]

        while heap:
            d, _, cell, par = heapq.heappop(heap)
            if d > best.get((cell, par), math.inf):
                continue
            old = fp_cache.get(cell) or p.cells
            if avoid and (old & avoid) and len(old) == 1:
                continue  # any step leaves this threatened hex
            for nb in geom.neighbors(cell):
                cells = fp_ok(nb)
                if cells is None:
                    continue
                if avoid and len(old) > 1 and ((old - cells) & avoid):
                    continue
                if nb not in diff_cache:
                    diff_cache[nb] = self._effective_difficult(name, cells)
                base = FEET_PER_CELL
                npar = par
                if square and geom.is_diagonal(cell, nb):
                    base = FEET_PER_CELL * (2 if par else 1)
                    npar = 1 - par
                cost = base * (2 if diff_cache[nb] else 1)
                nd = d + cost
                if nd > budget:
                    continue
                if nd < best.get((nb, npar), math.inf):
                    best[(nb, npar)] = nd
                    prev[(nb, npar)] = (cell, par)
                    seq += 1
                    heapq.heappush(heap, (nd, seq, nb, npar))
        cost: dict[Cell, int] = {}
        state_of: dict[Cell, tuple] = {}
        for (c, par), d in best.items():
            if c not in cost or d < cost[c]:
                cost[c] = d
                state_of[c] = (c, par)
        return cost, (state_of, prev)

    def _budget(self, name: str, action: str, feet: int | None) -> tuple[int, list[str]]:
        speed = self._speed(name)
        turn = self._turn[name]
        notes: list[str] = []
        if action == "five_foot_step":
            return FEET_PER_CELL, notes
        if action == "retreat":
            conds = _conditions(self._placed[name].creature)
            b = speed if feet is None else feet
            if "prone" in conds:
                b = speed // 2
                notes.append(f"retreating while prone: half Move Speed ({R_RETREAT})")
            return b, notes
        b = speed if feet is None else feet
        if action == "run":
            b = 2 * speed if feet is None else feet
        if turn.stepped and self.advanced_five_foot_step:
            # "you may move only half your normal move distance": a Run included
            b = min(b, speed // 2)
            notes.append("moving after a 5-foot step (Advanced Rule Option): half move, Unfortunate "
                         "until the start of your next turn, and the Run Action's penalties "
                         f"(-2 AC...) ({R_STEP})")
        return b, notes

    def budget(self, name: str, action: str = "move", *, spent: bool = True) -> int:
        """Feet a new movement action of this kind gives ``name`` now: Move Speed for a
        move or retreat (half while prone), double for a run, 5 for a 5-foot step. After a
        5-foot step under the Advanced Rule Option, "you may move only half your normal move
        distance" for the rest of the turn, whatever the action (``000_8d1d7816ee944f3b.txt``,
        "What is a 5-Foot Step?"); ``spent=False`` leaves out what was already moved after
        the step (the budget a Move Speed change is measured against)."""
        self._p(name)
        if action not in ACTIONS:
            raise ValueError(f"action must be one of {', '.join(ACTIONS)}, got {action!r}")
        b, _ = self._budget(name, action, None)
        turn = self._turn[name]
        if spent and turn.stepped and self.advanced_five_foot_step and action != "five_foot_step":
            b = max(0, b - turn.after_step_ft)
        return b

    def _refuse_action(self, name: str, action: str) -> None:
        """Raise if ``name`` may not take this kind of movement now."""
        if action not in ACTIONS:
            raise ValueError(f"action must be one of {', '.join(ACTIONS)}, got {action!r}")
        p = self._placed[name]
        conds = _conditions(p.creature)
        turn = self._turn[name]
        speed = self._speed(name)
        stuck = conds & _IMMOBILE
        if _speed_flag(p.creature, "immobile"):
            stuck = stuck | {"immobile"}
        if stuck or speed <= 0:
            why = f"is {', '.join(sorted(stuck))}" if stuck else "has Move Speed 0"
            raise IllegalActionError(f"{name} {why} and cannot move from its hex", R_MOVING)
        if action == "five_foot_step":
            if turn.moved_ft > 0 or turn.stepped:
                raise IllegalActionError(f"{name} already moved this turn ({turn.moved_ft} ft); "
                                         "a 5-foot step must come before any other movement", R_STEP)
            if speed <= FEET_PER_CELL:
                raise IllegalActionError(f"{name}'s Move Speed is {speed} ft; no 5-foot step at "
                                         f"5 ft or less (use minimum movement)", R_MOVEMENT)
            if _speed_flag(p.creature, "can_five_foot_step") is False and not conds & _NO_STEP:
                raise IllegalActionError(f"{name}'s conditions forbid a 5-foot step", R_STEP)
            if conds & _NO_STEP:
                raise IllegalActionError(f"{name} is {', '.join(sorted(conds & _NO_STEP))}: no 5-foot step",
                                         _rule("Conditions – Full Details"))
        elif action in ("move", "run", "retreat"):
            if turn.stepped and not self.advanced_five_foot_step:
                raise IllegalActionError(f"{name} took a 5-foot step this turn: no other movement "
                                         "(Simple Rule)", R_STEP)
        if action == "run" and _speed_flag(p.creature, "can_run") is False:
            raise IllegalActionError(f"{name} cannot run now (its conditions forbid it)", R_RUN)
        if action == "run" and conds & (_NO_STEP | {"prone"}):
            raise IllegalActionError(f"{name} is {', '.join(sorted(conds & (_NO_STEP | {'prone'})))}: "
                                     "cannot run", R_RUN)
        if action == "retreat":
            if turn.moved_ft > 0 or turn.stepped:
                raise IllegalActionError(f"{name} already moved this turn; Retreat is a Full-Round "
                                         "Action and cannot follow a 5-foot step", R_RETREAT)
            # "You may Retreat while Prone" ("Special Combat Movement"): a prone creature that
            # would threaten but for lying down may retreat (decision on the two texts)
            if not self._threatens(name, but_for_prone=True):
                raise IllegalActionError(f"{name} does not threaten its area; Retreat needs a melee "
                                         "weapon or otherwise threatening your area",
                                         R_RETREAT)

    def _threat_cells(self, name: str, exempt: Iterable[str] = ()) -> frozenset:
        ex = set(exempt)
        s: set = set()
        for e in self.enemies(name):
            if e not in ex:
                s |= self.threatened(e)
        return frozenset(s)

    def _retreat_from(self, name: str) -> list[str]:
        cells = self._p(name).cells
        return [e for e in self.enemies(name) if self.threatened(e) & cells]

    def reachable(self, name: str, feet: int | None = None, *, action: str = "move") -> Reachable:
        """Every cell ``name`` can end one movement in, its cost, and which ones provoke.

        Dijkstra over movement cost: 5 ft a hex, 10 ft into Difficult Terrain (big
        creatures ignore it with less than half their hexes on it); allies passable but not
        to end in; enemies block unless helpless (or 3+ size categories apart); walls block
        (``000_8d1d7816ee944f3b.txt``, "Moving in Combat – Terrain, Creatures, & Other
        Issues"). A cell is *provoking* when every path to it within the budget exits a hex
        an enemy threatens ("What actions normally Provoke AOO?").

        Args:
            name: The mover.
            feet: Feet available (default: Move Speed for ``move``/``retreat``, double for
                ``run``, 5 for ``five_foot_step``).
            action: ``"move"``, ``"five_foot_step"``, ``"retreat"`` or ``"run"``.

        Returns:
            :class:`Reachable` (empty if the action is not allowed now).
        """
        p = self._p(name)
        key = ("reach", name, feet, action)
        if key in self._cache:
            return self._cache[key]
        start = p.anchor
        try:
            self._refuse_action(name, action)
        except IllegalActionError:
            r = Reachable(name, action, 0, {}, frozenset(), lambda c, safe: [start])
            self._cache[key] = r
            return r
        budget = self.budget(name, action) if feet is None else self._budget(name, action, feet)[0]
        speed = self._speed(name)
        geom = self.geometry
        if action == "run":
            runs: dict[Cell, list[Cell]] = {}
            for c in geom.within_ft(start, budget):
                if c == start or c not in self._cells:
                    continue
                try:
                    runs[c] = self.run_path(name, c, feet=budget)
                except IllegalActionError:
                    continue
            cost = {c: self._path_cost(name, path) for c, path in runs.items()}
            prov = frozenset(c for c, path in runs.items()
                             if self.provokers(name, path, action="run"))
            r = Reachable(name, action, budget, cost, prov, lambda c, safe: list(runs[c]))
            self._cache[key] = r
            return r
        minimum = action == "move" and speed <= FEET_PER_CELL
        if minimum:  # "Minimum Movement": one hex, as a Big Action that provokes AOO
            budget = 2 * FEET_PER_CELL
        through_helpless = action != "retreat"
        cost, (states, prev) = self._search(name, budget, through_helpless=through_helpless)
        if action == "five_foot_step":
            cost = {c: d for c, d in cost.items() if d == FEET_PER_CELL}
        if minimum:
            cost = {c: d for c, d in cost.items() if geom.distance(c, start) <= 1}
        if action == "five_foot_step":
            safe_cost, safe_states, safe_prev = cost, states, prev
        elif minimum:
            threatened_now = bool(self._threat_cells(name) & p.cells)
            safe_cost, safe_states, safe_prev = ({}, {}, {}) if threatened_now else (cost, states, prev)
        else:
            exempt = self._retreat_from(name) if action == "retreat" else []
            avoid = self._threat_cells(name, exempt)
            occ = frozenset(e for e in self.enemies(name) if e not in exempt)
            safe_cost, (safe_states, safe_prev) = self._search(
                name, budget, avoid=avoid, avoid_names=occ, through_helpless=through_helpless)
        ends = {}
        for c, d in cost.items():
            if c == start:
                continue
            cells = self._footprint_at(p.size, c)
            if self._why_not_stand(cells, name, p.side, p.size, ending=True) is None:
                ends[c] = d
        if action == "retreat":
            ends = {c: d for c, d in ends.items() if self._retreat_direction_ok(name, c) is None}
        provoking = frozenset(c for c in ends if c not in safe_cost)

        def finder(c: Cell, safe: bool) -> list[Cell]:
            if safe:
                return _unwind(safe_prev, safe_states[c])
            return _unwind(prev, states[c])

        r = Reachable(name, action, budget, ends, provoking, finder)
        self._cache[key] = r
        return r

    def _retreat_direction_ok(self, name: str, end: Cell) -> str | None:
        """Retreat: "You must attempt to move away from enemy units" - decision: end no closer
        to any enemy threatening you at the start, and farther from at least one of them."""
        p = self._placed[name]
        cells = self._footprint_at(p.size, end)
        d = self.geometry.distance_ft
        away = False
        foes = self._retreat_from(name)
        for e in foes:
            before = min(d(a, b) for a in p.cells for b in self._placed[e].cells)
            after = min(d(a, b) for a in cells for b in self._placed[e].cells)
            if after < before:
                return f"it would end closer to {e} ({before} ft -> {after} ft)"
            away = away or after > before
        if foes and not away:
            return f"it would end no farther from {', '.join(foes)}"
        return None

    def path(self, name: str, to: CellLike, *, action: str = "move", feet: int | None = None,
             avoid_provoking: bool = True) -> list[Cell]:
        """The cheapest path (anchors, start first) for ``name`` to end at ``to``; one that
        provokes no AOO when there is one within the budget.

        Raises:
            IllegalActionError: ``to`` cannot be reached with this action now.
        """
        to = self._as_cell(to)
        r = self.reachable(name, feet, action=action)
        if to not in r:
            self._explain_unreachable(name, to, r)
        return r.path_to(to, avoid_provoking)

    def _explain_unreachable(self, name: str, to: Cell, r: Reachable) -> None:
        p = self._placed[name]
        self._refuse_action(name, r.action)
        if to not in self._cells:
            raise IllegalActionError(f"{_at(to)} is off this {self.width}x{self.height} map", R_MOVING)
        if to == p.anchor:
            raise IllegalActionError(f"{name} is already at {_at(to)}", R_MOVING)
        why = self._why_not_stand(self._footprint_at(p.size, to), name, p.side, p.size, ending=True)
        if isinstance(why, _Why):
            raise IllegalActionError(f"{name} cannot end its movement at {_at(to)}: {why}", why.rule)
        if why:
            occupied = " is occupied by " in why
            raise IllegalActionError(f"{name} cannot end its movement at {_at(to)}: {why}" + (
                " (\"You cannot end your movement in a space occupied by either a friend or "
                "foe\")" if occupied else ""), R_MOVING)
        if r.action == "retreat":
            why = self._retreat_direction_ok(name, to)
            if why:
                raise IllegalActionError(f"{name} cannot retreat to {_at(to)}: {why}; \"You must attempt "
                                         "to move away from enemy units\"", R_RETREAT)
        if r.action == "five_foot_step":
            cells = self._footprint_at(p.size, to)
            if self.geometry.distance(to, p.anchor) == 1 and self._effective_difficult(name, cells):
                raise IllegalActionError(f"{_at(to)} is difficult terrain: \"You cannot take a 5-foot Step "
                                         "into Difficult Terrain\"", R_MOVING)
        raise IllegalActionError(f"{name} cannot reach {_at(to)} with {r.budget_ft} ft ({r.action.replace('_', ' ')}): "
                                 "too far, or walls and enemies are in the way", R_MOVING)

    def _path_cost(self, name: str, path: list[Cell], diagonals_before: int = 0) -> int:
        p = self._placed[name]
        total, par = 0, diagonals_before % 2
        for a, b in zip(path, path[1:]):
            base = FEET_PER_CELL
            if self.grid == "square" and self.geometry.is_diagonal(a, b):
                base = FEET_PER_CELL * (2 if par else 1)
                par = 1 - par
            cells = self._footprint_at(p.size, b)
            total += base * (2 if self._effective_difficult(name, cells) else 1)
        return total

    def provokers(self, name: str, path: list[CellLike], *, action: str = "move") -> Provokers:
        """Who may take an AOO against ``name`` moving along ``path`` (anchors, start first).

        "Exiting a threatened hex provokes AOO from any creature threatening that hex";
        "you provoke only 1 AOO from that creature for that movement"; "Moving into a
        creature's occupied space provokes AOO from that creature"; "A 5-foot Step does not
        provoke AOO" (``000_8d1d7816ee944f3b.txt``, "What actions normally Provoke AOO?").
        Retreat: the enemies threatening you where you start get no AOO; "If you move
        directly towards a new enemy, you will Provoke AOO from that enemy as normal"
        ("Retreat Action / Disengage"). Minimum movement (Move Speed 5 ft or less) is "a Big
        Action that Provokes AOO" from everyone threatening you ("Movement in Combat").
        Does not check that the path is legal (see :meth:`move`).
        """
        p = self._p(name)
        cells_path = [self._as_cell(c) for c in path]
        if cells_path and cells_path[0] != p.anchor:
            cells_path.insert(0, p.anchor)
        out: list[Provocation] = []
        if action == "five_foot_step" or len(cells_path) < 2:
            return Provokers(out)
        exempt = set(self._retreat_from(name)) if action == "retreat" else set()
        threat = {e: self.threatened(e) for e in self.enemies(name) if e not in exempt}
        done: set[str] = set()
        if action == "move" and self._speed(name) <= FEET_PER_CELL:
            for e, t in threat.items():
                if t & p.cells:
                    out.append(Provocation(e, 0, cells_path[0], "minimum movement (Move Speed 5 ft or "
                                                               "less) provokes"))
            return Provokers(out)
        for i, (a, b) in enumerate(zip(cells_path, cells_path[1:])):
            old = self._footprint_at(p.size, a)
            new = self._footprint_at(p.size, b)
            left = old - new
            for e, t in threat.items():
                if e in done:
                    continue
                hit = sorted(left & t)
                if hit:
                    done.add(e)
                    out.append(Provocation(e, i, hit[0], "exits a hex it threatens"))
                elif (new - old) & self._placed[e].cells and t:
                    done.add(e)
                    out.append(Provocation(e, i + 1, sorted((new - old) & self._placed[e].cells)[0],
                                           "moves into its occupied space"))
        return Provokers(out)

    def run_path(self, name: str, to: CellLike, *, feet: int | None = None) -> list[Cell]:
        """The straight-line path of a Run Action to ``to``, checked against the rules.

        Up to double Move Speed, in a straight line (the hex line, nudged), never through
        difficult terrain or an enemy or non-allied creature, through at most one ally
        (``000_8d1d7816ee944f3b.txt``, "Running in Combat – Full Details"). The end cell must
        be free.

        Raises:
            IllegalActionError: Naming which of those rules the run breaks.
        """
        p = self._p(name)
        to = self._as_cell(to)
        self._refuse_action(name, "run")
        budget = self.budget(name, "run") if feet is None else feet
        if to not in self._cells:
            raise IllegalActionError(f"{_at(to)} is off this {self.width}x{self.height} map", R_RUN)
        line = self.geometry.line(p.anchor, to)
        if len(line) < 2:
            raise IllegalActionError(f"{name} is already at {_at(to)}", R_RUN)
        allies: set[str] = set()
        for i, c in enumerate(line[1:], 1):
            cells = self._footprint_at(p.size, c)
            for x in cells:
                if x not in self._cells or self._terrain.get(x) is Terrain.WALL:
                    raise IllegalActionError(f"the straight line to {_at(to)} is blocked at {_at(x)}", R_RUN)
            if self._effective_difficult(name, cells):
                raise IllegalActionError(f"the straight line to {_at(to)} crosses difficult terrain at {_at(c)}: "
                                         "\"You cannot Run over Difficult Terrain\"", R_RUN)
            for x in cells:
                for o in self._occupants.get(x, ()):
                    if o == name:
                        continue
                    if self._placed[o].side != p.side:
                        raise IllegalActionError(f"{o} (not an ally) stands on the line at {_at(x)}: "
                                                 "\"You cannot Run through ... an enemy or non-allied creature\"", R_RUN)
                    allies.add(o)
        if len(allies) > 1:
            raise IllegalActionError(f"the line passes {len(allies)} allies ({', '.join(sorted(allies))}): "
                                     "\"You may Run through a single ally's occupied space\"", R_RUN)
        cost = FEET_PER_CELL * (len(line) - 1) if self.grid == "hex" else self._path_cost(name, line)
        if cost > budget:
            stepped = self._turn[name].stepped and self.advanced_five_foot_step
            raise IllegalActionError(
                f"{_at(to)} is {cost} ft away in a straight line; {name} runs at most {budget} ft "
                + ("(after a 5-foot step, half its normal move distance: the Advanced Rule "
                   f"Option, {R_STEP})" if stepped else "(double Move Speed)"), R_RUN)
        why = self._why_not_stand(self._footprint_at(p.size, to), name, p.side, p.size, ending=True)
        if why:
            raise IllegalActionError(f"{name} cannot end its run at {_at(to)}: {why}",
                                     getattr(why, "rule", R_MOVING))
        return line

    def move(self, name: str, path: list[CellLike] | CellLike, *, action: str = "move",
             feet: int | None = None, diagonals_before: int = 0) -> MoveResult:
        """Move ``name`` along ``path`` (or to one cell by the best path), after checking it all.

        Validates first and only then changes state: the path must start at the creature (or
        next to it), step between adjacent cells, cross only passable cells, end in a legal
        space, fit the budget, and obey the action's rules (5-foot step, Run, Retreat; see
        :meth:`reachable`). Records the feet moved this turn.

        Args:
            name: The mover.
            path: Cells (anchors), with or without the start; or a single destination.
            action: ``"move"``, ``"five_foot_step"``, ``"retreat"`` or ``"run"``.
            feet: Feet available (default from the action and Move Speed).
            diagonals_before: Square grid: diagonal steps already taken earlier in this same
                movement (a move the encounter resolves in parts, stopping for AOO), so the
                5/10 count goes on ("Measuring Diagonal Distance on Square Grids": "Continue
                in this 5/10/5/10 pattern").

        Returns:
            :class:`MoveResult` with the AOO provoked (for the encounter to resolve).

        Raises:
            IllegalActionError: The move is not allowed; the map is unchanged.
        """
        p = self._p(name)
        if isinstance(path, (Hex, Square)) or (isinstance(path, tuple) and len(path) == 2
                                               and isinstance(path[0], int)):
            dest = self._as_cell(path)
            cells_path = (self.run_path(name, dest, feet=feet) if action == "run"
                          else self.path(name, dest, action=action, feet=feet))
        else:
            cells_path = [self._as_cell(c) for c in path]
            if not cells_path:
                raise IllegalActionError(f"empty path for {name}", R_MOVING)
            if cells_path[0] != p.anchor:
                cells_path.insert(0, p.anchor)
        self._refuse_action(name, action)
        budget, notes = self._budget(name, action, feet)
        speed = self._speed(name)
        if len(cells_path) < 2:
            raise IllegalActionError(f"{name} is already at {_at(cells_path[0])}", R_MOVING)
        for a, b in zip(cells_path, cells_path[1:]):
            if self.geometry.distance(a, b) != 1:
                raise IllegalActionError(f"the path jumps from {_at(a)} to {_at(b)}; each step must go to an "
                                         "adjacent cell", R_DISTANCE)
        if action == "run":
            line = self.run_path(name, cells_path[-1], feet=budget)
            if line != cells_path:
                raise IllegalActionError(f"a run must follow the straight line "
                                         f"{' '.join(_at(x) for x in line)}", R_RUN)
        if action == "five_foot_step" and len(cells_path) != 2:
            raise IllegalActionError(f"a 5-foot step moves 1 hex, the path has {len(cells_path) - 1}", R_STEP)
        minimum = action == "move" and speed <= FEET_PER_CELL
        if minimum:
            if len(cells_path) != 2:
                raise IllegalActionError(f"{name}'s Move Speed is {speed} ft: minimum movement is one "
                                         "hex (5 feet)", R_MOVEMENT)
            budget = max(budget, 2 * FEET_PER_CELL)
            notes.append(f"minimum movement: a Big Action that provokes AOO ({R_MOVEMENT})")
        # every intermediate cell passable, the end legal
        for i, c in enumerate(cells_path[1:], 1):
            cells = self._footprint_at(p.size, c)
            ending = i == len(cells_path) - 1
            why = self._why_not_stand(cells, name, p.side, p.size, ending=ending)
            if why is None and action == "retreat":
                for x in cells:
                    for o in self._occupants.get(x, ()):
                        if o != name and self._placed[o].side != p.side:
                            why = f"{_at(x)} is {o}'s space: \"You cannot move through occupied enemy spaces\""
            if why:
                rule = R_RETREAT if action == "retreat" and "enemy spaces" in why else R_MOVING
                rule = getattr(why, "rule", rule)
                raise IllegalActionError(f"{name} cannot {'end at' if ending else 'pass'} {_at(c)}: {why}", rule)
        if action == "five_foot_step":
            if self._effective_difficult(name, self._footprint_at(p.size, cells_path[1])):
                raise IllegalActionError(f"{_at(cells_path[1])} is difficult terrain: \"You cannot take a "
                                         "5-foot Step into Difficult Terrain\"", R_MOVING)
            cost = FEET_PER_CELL
        else:
            cost = self._path_cost(name, cells_path, diagonals_before)
        if cost > budget and not minimum:
            raise IllegalActionError(f"the path costs {cost} ft; {name} has {budget} ft for this "
                                     f"{action.replace('_', ' ')}", R_MOVING)
        turn = self._turn[name]
        if (turn.stepped and self.advanced_five_foot_step and action != "five_foot_step"
                and cost + turn.after_step_ft > speed // 2):
            raise IllegalActionError(
                f"after its 5-foot step {name} may move only half its normal move distance, "
                f"{speed // 2} ft, this turn; it has moved {turn.after_step_ft} ft since and the "
                f"path costs {cost} ft", R_STEP)
        if action == "retreat":
            why = self._retreat_direction_ok(name, cells_path[-1])
            if why:
                raise IllegalActionError(f"{name} cannot retreat to {_at(cells_path[-1])}: {why}; \"You must "
                                         "attempt to move away from enemy units\"", R_RETREAT)
        prov = self.provokers(name, cells_path, action=action)
        if action == "retreat":
            notes.append(f"Unfortunate on attack rolls until the start of your next turn ({R_RETREAT})")
        if action == "run":
            notes.append(f"-2 AC against melee until your next turn; -2 on ranged attacks ({R_RUN})")
        # --- commit ---
        for c in p.cells:
            self._occupants[c].remove(name)
            if not self._occupants[c]:
                del self._occupants[c]
        p.anchor = cells_path[-1]
        p.cells = self._footprint_at(p.size, p.anchor)
        for c in p.cells:
            self._occupants.setdefault(c, []).append(name)
        t = self._turn[name]
        if action == "five_foot_step":
            t.stepped = True
        elif t.stepped:
            t.after_step_ft += cost
        t.moved_ft += cost
        self._changed()
        return MoveResult(name, action, tuple(cells_path), cost, prov, tuple(notes))

    def trade_spaces(self, a: str, b: str) -> tuple[Provokers, Provokers]:
        """Swap two adjacent willing allies (the Trade Spaces Action).

        "Both characters must be willing"; "Both characters that swap places provoke AOO if
        they leave a threatened hex"; "must be within 1 size category of each other"
        (``000_8d1d7816ee944f3b.txt``, "Trade Spaces Action"). Creatures of different
        footprints cannot swap here (decision: the map has no rule for it).

        Returns:
            The AOO each of the two provokes.

        Raises:
            IllegalActionError: Not allies, not adjacent, sizes too far apart or footprints
                that do not swap; nothing changes.
        """
        pa, pb = self._p(a), self._p(b)
        if pa.side != pb.side:
            raise IllegalActionError(f"{a} and {b} are not allies", R_TRADE)
        if abs(pa.order - pb.order) > 1:
            raise IllegalActionError(f"{a} ({pa.size}) and {b} ({pb.size}) are more than 1 size "
                                     "category apart", R_TRADE)
        if self.distance(a, b) != FEET_PER_CELL:
            raise IllegalActionError(f"{a} and {b} are {self.distance(a, b)} ft apart; trading "
                                     "spaces needs adjacent allies", R_TRADE)
        if len(pa.cells) != len(pb.cells):
            raise IllegalActionError(f"{a} and {b} have different footprints; they cannot swap", R_TRADE)
        for n in (a, b):
            if _conditions(self._placed[n].creature) & _IMMOBILE:
                raise IllegalActionError(f"{n} cannot move from its hex", R_MOVING)
        na, nb = pb.anchor, pa.anchor
        fa, fb = self._footprint_at(pa.size, na), self._footprint_at(pb.size, nb)
        # what each leaves, for AOO
        prov_a = self._leave_provokers(a, pa.cells - fa)
        prov_b = self._leave_provokers(b, pb.cells - fb)
        for n, p_, cells in ((a, pa, fa), (b, pb, fb)):
            for c in cells:
                if c not in self._cells or self._terrain.get(c) is Terrain.WALL:
                    raise IllegalActionError(f"{n} would not fit at {_at(c)}", R_TRADE)
        why = self._trade_crowds(a, b, fa, fb)
        if why:
            raise IllegalActionError(f"{a} and {b} cannot trade spaces: {why}", R_HALF)
        for c in pa.cells | pb.cells:
            self._occupants[c] = [o for o in self._occupants[c] if o not in (a, b)]
            if not self._occupants[c]:
                del self._occupants[c]
        pa.anchor, pa.cells, pb.anchor, pb.cells = na, fa, nb, fb
        for n, cells in ((a, fa), (b, fb)):
            for c in cells:
                self._occupants.setdefault(c, []).append(n)
        self._changed()
        return prov_a, prov_b

    def _trade_crowds(self, a: str, b: str, fa: frozenset, fb: frozenset) -> str | None:
        """The Half Hex Rule for a swap: a cross-section may not end fuller than its room,
        unless it was already that full (swapping two 5-foot allies changes nothing; a Tiny
        and a Small one may)."""
        runs = self._half_runs()
        if not runs:
            return None
        pa, pb = self._placed[a], self._placed[b]
        for info in {runs[c][0]: runs[c] for c in fa | fb | pa.cells | pb.cells if c in runs}.values():
            run, width = info
            before = sum(self._cell_fill(x) for x in run)
            after = sum(min(1.0, sum(min(1.0, self._placed[o].space)
                                     for o in self._occupants.get(x, ()) if o not in (a, b))
                        + (min(1.0, pa.space) if x in fa else 0.0)
                        + (min(1.0, pb.space) if x in fb else 0.0)) for x in run)
            if after > width + 1e-9 and after > before + 1e-9:
                cs = self._section(info)
                return (f"the cross-section at row {cs.row} ({cs.width_ft:g} ft wide) would hold "
                        f"{after:g} five-foot spaces, room for {width:g}: \"you can never have more "
                        "space occupied than is available\"")
        return None

    def _leave_provokers(self, name: str, left: frozenset) -> Provokers:
        return Provokers(Provocation(e, 0, sorted(left & self.threatened(e))[0], "exits a hex it threatens")
                         for e in self.enemies(name) if left & self.threatened(e))

    def terrain_modifiers(self, name: str) -> dict[str, int]:
        """Attack and AC modifiers from where ``name`` stands: "Standing on Difficult Terrain
        imposes a -2 penalty on Attacks & -2AC" (big creatures with less than half of their
        hexes on it are exempt) (``000_8d1d7816ee944f3b.txt``, "Difficult Terrain")."""
        p = self._p(name)
        n = sum(1 for c in p.cells if (t := self._terrain.get(c)) is not None and t.is_difficult)
        on = n > 0 and (len(p.cells) < 3 or 2 * n >= len(p.cells))
        return {"attack": -2 if on else 0, "ac": -2 if on else 0}

    # -- flanking ------------------------------------------------------------------------
    def _centroid(self, cells: Iterable[Cell]) -> tuple[float, float]:
        pts = [self.geometry.to_pixel(c) for c in cells]
        return (sum(x for x, _ in pts) / len(pts), sum(y for _, y in pts) / len(pts))

    def flanking(self, name: str, *, ignored: Iterable[str] = ()) -> Flanking:
        """Who flanks ``name``, with the reason.

        "If two attackers threaten you in melee from opposite sides, you are flanked ... To
        Flank a Small or Medium creature, there must be at least 1 hex of space between
        threatening enemies. To Flank a Large creature ... at least 2 hexes ... Creatures who
        do not threaten cannot cause a creature to be flanked" (``000_8d1d7816ee944f3b.txt``,
        "Flanking / Being Flanked"). Decisions: "opposite sides" means the directions from
        the target's centre to the two attackers are at least 120° apart (on hexes, not
        neighbouring directions); "space between" is the nearest distance between the two
        attackers' footprints minus one; Huge and Gargantuan need 3 and 4 hexes (the text's
        scale, "shift the scale appropriately"). Grappled and pinned creatures cannot be
        flanked; foes ``ignored`` with the "Ignore an enemy" option cannot flank.
        """
        t = self._p(name)
        if _conditions(t.creature) & _UNFLANKABLE:
            return Flanking(name, (), f"{', '.join(sorted(_conditions(t.creature) & _UNFLANKABLE))} "
                                      "creatures cannot be flanked")
        ign = set(ignored)
        threats = [e for e in self.enemies(name) if e not in ign and self.threatens_creature(e, name)]
        row = _sizes()[t.size]
        try:
            gap = max(1, int(float(str(row["space_ft"]).split("x")[0]) // FEET_PER_CELL))
        except ValueError:
            gap = 1
        cx, cy = self._centroid(t.cells)
        pairs = []
        for i, a in enumerate(threats):
            for b in threats[i + 1:]:
                fa, fb = self._placed[a].cells, self._placed[b].cells
                between = min(self.geometry.distance(x, y) for x in fa for y in fb) - 1
                if between < gap:
                    continue
                ax, ay = self._centroid(fa)
                bx, by = self._centroid(fb)
                va, vb = (ax - cx, ay - cy), (bx - cx, by - cy)
                na, nb = math.hypot(*va), math.hypot(*vb)
                if na == 0 or nb == 0:
                    continue
                cos = (va[0] * vb[0] + va[1] * vb[1]) / (na * nb)
                if cos <= -0.5 + 1e-9:  # at least 120 degrees apart
                    pairs.append(tuple(sorted((a, b))))
        if pairs:
            reason = ""
        elif not threats:
            reason = "no enemy threatens it"
        elif len(threats) == 1:
            reason = f"only {threats[0]} threatens it"
        else:
            reason = ("no two threatening enemies on opposite sides with "
                      f"{gap} hex{'es' if gap > 1 else ''} of space between them")
        return Flanking(name, tuple(sorted(pairs)), reason)

    def is_flanked(self, name: str, *, ignored: Iterable[str] = ()) -> bool:
        """Whether ``name`` is flanked (-2 AC); see :meth:`flanking`."""
        return self.flanking(name, ignored=ignored).flanked

    def flankers(self, name: str, *, ignored: Iterable[str] = ()) -> list[str]:
        """The enemies flanking ``name`` (every member of a flanking pair); see :meth:`flanking`."""
        return self.flanking(name, ignored=ignored).flankers

    # -- cover, line of sight ---------------------------------------------------------------
    def _blockers(self) -> dict[Cell, str]:
        b = self._cache.get("blockers")
        if b is None:
            b = {c: t.value for c, t in self._terrain.items() if t in (Terrain.WALL, Terrain.OBSTACLE)}
            self._cache["blockers"] = b
        return b

    def _poly(self, c: Cell) -> list[tuple[float, float]]:
        key = ("poly", c)
        v = self._cache.get(key)
        if v is None:
            v = self.geometry.corners(c, 0.98)
            self._cache[key] = v
        return v

    def _samples(self, c: Cell, scale: float = 0.9) -> list[tuple[float, float]]:
        key = ("samp", c, scale)
        v = self._cache.get(key)
        if v is None:
            center = self.geometry.to_pixel(c)
            corners = self.geometry.corners(c, scale)
            mids = [((x1 + x2) / 2, (y1 + y2) / 2) for (x1, y1), (x2, y2)
                    in zip(corners, corners[1:] + corners[:1])]
            v = [center] + corners + mids
            self._cache[key] = v
        return v

    def _corridor(self, origin: Cell, targets: Iterable[Cell]) -> set:
        out: set = set()
        geom = self.geometry
        for t in targets:
            for h in geom.line(origin, t):
                if h in out:
                    continue
                out.add(h)
                for n in geom.neighbors(h):
                    out.add(n)
                    out.update(geom.neighbors(n))
        return out

    def cover(self, attacker: Where, target: Where, *, ranged: bool = True) -> Cover:
        """The cover ``target`` has against ``attacker``.

        "Draw an imaginary line from the center of your hex to the center of your target's
        hex. If the line passes through an occupied space, or strikes a wall or other solid
        object, your target has cover. If you cannot draw a line from center to center, try
        ... any part of your target's hex. If this works, your target has cover, but not
        total cover. If you cannot ... they have Total Cover. If you can draw a line from the
        center of your hex to every part of your target's hex without interruption, then
        your target does not have cover. An attack for a larger creature can originate from
        the center of any one of its occupied hexes" (``000_8d1d7816ee944f3b.txt``,
        "Determine Cover").

        How it is computed: "every part" of the target is sampled as the centre, the six
        corners and the six edge midpoints of each of its hexes (pulled 10% inwards); a line
        is interrupted by a wall or obstacle hex it enters (lines grazing an edge are not),
        or by a creature's hex. Walls and obstacles count only when they hide part of the
        target's body, the same samples pulled 50% inwards: "Cover assumes a direction of
        attack. If an attack comes from a direction that does not risk striking the piece of
        cover, then you gain no Cover Bonus against the attack" ("Cover - What is it?") -
        so a shot straight down a corridor, or past a wall beside the line, gives none,
        although the wall hexes touch the rim of the target's hex. Levels (the Cover table
        is missing; decisions):

        * total: every sample is hidden by walls (obstacles are low: they never give total
          cover, and do not block sight);
        * good (+4): at least half the samples hidden by walls or obstacles ("If you can only
          see half of an Ogre, it has Good Cover", "Cover on Large+ Creatures"), or a creature
          of the target's size or larger standing adjacent to the target on the centre line
          ("Wulfric is standing directly in front of Mayat, providing her with Good Cover",
          "Cover Examples");
        * partial (+2): any other interruption, including creatures "the same size or larger
          than your target" ("Cover - Additional Rules"); smaller creatures give none.

        Ranged attacks (``ranged=True``) also apply: "If you are directly adjacent to an object
        providing you cover (such as a low wall, tree, or an ally), your ranged attacks
        ignore that piece of cover when attacking enemies at least 10 feet away" (obstacles
        and creatures, not walls), and "you may ignore the cover provided by 1 allied creature
        of your size who is in your line of sight to the target but not directly adjacent to
        the target". The attacker's best origin hex and best ignored ally are chosen.

        Args:
            attacker: A creature's name, or a cell.
            target: A creature's name, or a cell.
            ranged: Apply the ranged-attack exceptions.
        """
        key = ("cover", attacker, target, ranged)  # the map's state decides: kept per version
        if key not in self._cache:
            self._cache[key] = self._cover(attacker, target, ranged)
        return self._cache[key]

    def _cover(self, attacker: Where, target: Where, ranged: bool) -> Cover:
        a_cells = sorted(self._cells_of(attacker))
        t_cells = self._cells_of(target)
        a_name = attacker if isinstance(attacker, str) else None
        t_name = target if isinstance(target, str) else None
        a_label = a_name or repr(self._as_cell(attacker))
        t_label = t_name or repr(self._as_cell(target))
        t_order = self._placed[t_name].order if t_name else 0
        a_side = self._placed[a_name].side if a_name else None
        far = self.distance(attacker, target) >= 2 * FEET_PER_CELL
        blockers = self._blockers()
        occ = self._occupants
        samples = [s for c in sorted(t_cells) for s in self._samples(c)]
        body = [s for c in sorted(t_cells) for s in self._samples(c, 0.5)]
        tcenters = [self.geometry.to_pixel(c) for c in sorted(t_cells)]
        best: Cover | None = None
        for origin in a_cells:
            corridor = self._corridor(origin, t_cells)
            solid: list[tuple[Cell, str]] = []
            creatures: dict[str, list[Cell]] = {}
            ignored: list[str] = []
            for c in corridor:
                if c in t_cells or c == origin or c in a_cells:
                    continue
                kind = blockers.get(c)
                if kind is not None:
                    if (ranged and far and kind == "obstacle" and
                            self.geometry.distance(c, origin) == 1):
                        ignored.append(f"adjacent obstacle {_at(c)}")
                        continue
                    solid.append((c, kind))
                for o in occ.get(c, ()):
                    if o in (a_name, t_name):
                        continue
                    if self._placed[o].order < t_order:
                        continue  # "Creatures 1 or more size categories smaller ... do not"
                    creatures.setdefault(o, []).append(c)
            ox, oy = self.geometry.to_pixel(origin)
            hidden_wall = 0
            hidden_solid = 0
            solid_hit: set = set()
            fog = False
            for sx, sy in samples:
                w = s = False
                for c, kind in solid:
                    if _seg_hits(ox, oy, sx, sy, self._poly(c)):
                        s = True
                        solid_hit.add((c, kind))
                        if kind == "wall":
                            w = True
                hidden_wall += w
                hidden_solid += s
            # "Cover assumes a direction of attack. If an attack comes from a direction that
            # does not risk striking the piece of cover, then you gain no Cover Bonus": a
            # wall or obstacle that hides only the rim of the target's hex (the hexes beside
            # a corridor) covers nothing; it must hide part of the body (the inner half)
            if hidden_solid and hidden_wall < len(samples) and not any(
                    _seg_hits(ox, oy, sx, sy, self._poly(c))
                    for sx, sy in body for c, _kind in solid):
                hidden_solid = hidden_wall = 0
                solid_hit.clear()
            frac = hidden_solid / len(samples)
            # creatures on the way
            cr_hit: dict[str, bool] = {}
            for o, cells in creatures.items():
                hit_center = any(_seg_hits(ox, oy, tx, ty, self._poly(c))
                                 for c in cells for tx, ty in tcenters)
                hit_any = hit_center or any(_seg_hits(ox, oy, sx, sy, self._poly(c))
                                            for c in cells for sx, sy in samples)
                if hit_any:
                    cr_hit[o] = hit_center
            if ranged and a_side is not None:
                for o in sorted(cr_hit):
                    po = self._placed[o]
                    if po.side == a_side and far and self.distance(a_name, o) == FEET_PER_CELL:
                        ignored.append(f"adjacent ally {o}")
                        del cr_hit[o]
            options: list[tuple[dict, str | None]] = [(cr_hit, None)]
            if ranged and a_side is not None and a_name is not None:
                a_order = self._placed[a_name].order
                for o in sorted(cr_hit):
                    po = self._placed[o]
                    if (po.side == a_side and po.order == a_order and
                            self.distance(o, target) > FEET_PER_CELL):
                        options.append(({k: v for k, v in cr_hit.items() if k != o}, o))
            for hits, ally in options:
                if hidden_wall == len(samples):
                    level = CoverLevel.TOTAL
                elif frac >= 0.5:
                    level = CoverLevel.GOOD
                elif hidden_solid:
                    level = CoverLevel.PARTIAL
                else:
                    level = CoverLevel.NONE
                bl = [f"{k} {_at(c)}" for c, k in sorted(solid_hit)]
                for o, center in sorted(hits.items()):
                    adj = t_name is not None and self.distance(o, t_name) == FEET_PER_CELL
                    lv = CoverLevel.GOOD if (center and adj) else CoverLevel.PARTIAL
                    if level.value < lv.value:
                        level = lv
                    bl.append(f"creature {o}" + (" (directly in front)" if center and adj else ""))
                ig = list(ignored) + ([f"one ally of the attacker's size {ally}"] if ally else [])
                for c in corridor:
                    if self._terrain.get(c) is Terrain.FOG and c not in a_cells:
                        if any(_seg_hits(ox, oy, tx, ty, self._poly(c)) for tx, ty in tcenters) or c in t_cells:
                            fog = True
                            break
                cand = Cover(a_label, t_label, level, ranged, origin, round(frac, 3), tuple(bl),
                             tuple(ig), 20 if fog else 0)
                if best is None or _better(cand, best):
                    best = cand
        assert best is not None
        return best

    def line_of_sight(self, a: Where, b: Where) -> bool:
        """Whether ``a`` and ``b`` can see each other: "Total Concealment & Total Cover block
        Line of Sight" (``000_8d1d7816ee944f3b.txt``, "Line of Sight (LoS)"). Only walls give
        total cover here; fog gives partial concealment, which does not block it. Sight is
        mutual ("Wulfric & Chessan cannot see Orc#1, and Orc#1 can't see them", "Cover
        Examples"): a line from the centre of either one's hex to any part of the other's
        is a line both can see along, so total cover both ways is needed to block it (the
        cover test itself, and Line of Effect, go from the attacker's centre)."""
        return (self.cover(a, b, ranged=False).level is not CoverLevel.TOTAL
                or self.cover(b, a, ranged=False).level is not CoverLevel.TOTAL)

    def line_of_effect(self, a: Where, b: Where) -> bool:
        """Whether an attack can travel from ``a`` to ``b``: "Total Cover blocks Line of Sight
        and Line of Effect ... Concealment does not block Line of Effect"
        (``000_8d1d7816ee944f3b.txt``, "Line of Effect (LoE)")."""
        return self.cover(a, b, ranged=False).level is not CoverLevel.TOTAL

    def concealment(self, attacker: Where, target: Where) -> int:
        """Miss chance in percent from fog on the line or around the target (0 or 20:
        "Partial Concealment - 20% Miss Chance", ``000_8d1d7816ee944f3b.txt``, "Concealment")."""
        return self.cover(attacker, target).concealment

    # -- high ground ---------------------------------------------------------------------
    def high_ground(self, attacker: Where, target: Where) -> HighGround:
        """High/low ground modifiers from the map's elevations.

        "If you are positioned above your opponent ... +1 Tactical Bonus on Attack Rolls ...
        below ... -1 Attack Penalty"; "If you make a physical ranged attack against an enemy
        at least 10 feet below you, you gain a +1 Innate Bonus to weapon damage"
        (``000_8d1d7816ee944f3b.txt``, "High Ground / Low Ground"). A creature's height is
        the highest ground under its footprint (decision). Only terrain counts, so creatures
        of different sizes get nothing from their size alone, as the text says.
        """
        ha = max(self._elevation.get(c, 0) for c in self._cells_of(attacker))
        hb = max(self._elevation.get(c, 0) for c in self._cells_of(target))
        d = ha - hb
        la = attacker if isinstance(attacker, str) else repr(self._as_cell(attacker))
        lb = target if isinstance(target, str) else repr(self._as_cell(target))
        return HighGround(la, lb, d, (d > 0) - (d < 0), 1 if d >= 10 else 0)

    # -- text format ---------------------------------------------------------------------
    @classmethod
    def from_text(cls, text: str, creatures: Mapping[str, Any] | Iterable[Any] | None = None,
                  **kwargs: Any) -> "HexMap":
        """Read a map from the text format in this module's docstring.

        Args:
            text: The map (YAML with ``terrain:``..., or just the terrain rows).
            creatures: Creature objects by name (or an iterable of them) for the names in
                ``creatures:``; names not given become :class:`Figure` from the entry's
                ``size``, ``speed``, ``reach``, ``threatens`` and ``conditions``.
            **kwargs: Passed to :class:`HexMap` (e.g. ``advanced_five_foot_step=True``).

        Raises:
            MapFormatError: The text does not follow the format (with the line).
            IllegalActionError: A creature cannot stand where the text puts it.
        """
        import yaml
        lines = text.splitlines()
        is_yaml = any(_key_line(ln) for ln in lines)
        if is_yaml:
            try:
                doc = yaml.safe_load(text)
            except yaml.YAMLError as e:
                mark = getattr(e, "problem_mark", None)
                raise MapFormatError(f"not valid YAML: {getattr(e, 'problem', e)}",
                                     mark.line + 1 if mark else None) from None
            if not isinstance(doc, dict):
                raise MapFormatError("expected 'key: value' lines (grid, terrain, elevation, creatures)")
            unknown = set(doc) - {"grid", "terrain", "elevation", "elevation_step", "creatures", "name"}
            if unknown:
                raise MapFormatError(f"unknown key(s) {', '.join(sorted(map(str, unknown)))}; known: "
                                     "grid, terrain, elevation, elevation_step, creatures, name")
        else:
            doc = {"terrain": text}
        terrain_txt = doc.get("terrain")
        if not isinstance(terrain_txt, str) or not terrain_txt.strip():
            raise MapFormatError("the 'terrain' block is missing or empty")
        start_line = _block_line(lines, "terrain") if is_yaml else 0
        rows = _rows(terrain_txt, start_line)
        width = len(rows[0][1])
        for ln, r in rows:
            if len(r) != width:
                raise MapFormatError(f"row has {len(r)} cells, the first row has {width}", ln)
            for ch in r:
                if ch not in TERRAIN_CHARS:
                    raise MapFormatError(f"unknown terrain character {ch!r}; legend: " +
                                         ", ".join(f"{k!r} {v.value}" for k, v in TERRAIN_CHARS.items()), ln)
        grid = doc.get("grid", kwargs.pop("grid", "hex"))
        if grid not in ("hex", "square"):
            raise MapFormatError(f"grid must be hex or square, got {grid!r}", _block_line(lines, "grid"))
        if grid == "square":
            for ln, r in rows:
                if _CHAR_OF[Terrain.HALF] in r:
                    raise MapFormatError(f"'{_CHAR_OF[Terrain.HALF]}' (half hex): " + _HALF_ON_SQUARES, ln)
        m = cls(width, len(rows), grid=grid, **kwargs)
        for row_i, (ln, r) in enumerate(rows):
            for col, ch in enumerate(r):
                t = TERRAIN_CHARS[ch]
                if t is not Terrain.NORMAL:
                    m._terrain[m.cell(col, row_i)] = t
        if doc.get("elevation") is not None:
            step = doc.get("elevation_step", 5)
            if not isinstance(step, int) or step <= 0:
                raise MapFormatError(f"elevation_step must be a positive integer, got {step!r}",
                                     _block_line(lines, "elevation_step"))
            erows = _rows(str(doc["elevation"]), _block_line(lines, "elevation"))
            if len(erows) != len(rows):
                raise MapFormatError(f"elevation has {len(erows)} rows, terrain has {len(rows)}",
                                     erows[0][0])
            for row_i, (ln, r) in enumerate(erows):
                if len(r) != width:
                    raise MapFormatError(f"elevation row has {len(r)} cells, expected {width}", ln)
                for col, ch in enumerate(r):
                    if not ch.isdigit():
                        raise MapFormatError(f"elevation must be digits 0-9, got {ch!r}", ln)
                    if ch != "0":
                        m._elevation[m.cell(col, row_i)] = int(ch) * step
        given: dict[str, Any] = {}
        if creatures is not None:
            given = (dict(creatures) if isinstance(creatures, Mapping)
                     else {c.name: c for c in creatures})
        for i, entry in enumerate(doc.get("creatures") or []):
            ln = _block_line(lines, "creatures")
            if not isinstance(entry, dict) or "name" not in entry or "at" not in entry:
                raise MapFormatError(f"creature #{i + 1} needs at least name and at: [col, row]", ln)
            at = entry["at"]
            if not (isinstance(at, list) and len(at) == 2 and all(isinstance(v, int) for v in at)):
                raise MapFormatError(f"{entry['name']}: at must be [col, row], got {at!r}", ln)
            name = str(entry["name"])
            obj = given.get(name)
            overrides: dict[str, Any] = {}
            if obj is None:
                obj = Figure(name, str(entry.get("size", "medium")), int(entry.get("speed", 30)),
                             entry.get("reach"), bool(entry.get("threatens", True)),
                             tuple(entry.get("conditions", ()) or ()))
            else:  # a creature object given: the entry's numbers override its own
                for key, arg in (("speed", "speed"), ("reach", "reach_ft"),
                                 ("threatens", "threatens")):
                    if entry.get(key) is not None:
                        overrides[arg] = entry[key]
            m.place(obj, tuple(at), str(entry.get("side", "party")),
                    share=bool(entry.get("share", False)), **overrides)
        m._version = 0
        return m

    def to_text(self, creatures: bool = True) -> str:
        """The map in the text format (round-trips through :meth:`from_text`)."""
        out = [f"grid: {self.grid}", "terrain: |"]
        for r in range(self.height):
            row = " ".join(self._terrain.get(self.cell(c, r), Terrain.NORMAL).char for c in range(self.width))
            out.append("  " + (" " if self.grid == "hex" and r % 2 else "") + row)
        if self._elevation:
            vals = set(self._elevation.values())
            step = functools.reduce(math.gcd, vals)
            if max(vals) // step > 9 or min(vals) < 0:
                raise LfgError("elevations do not fit the one-digit text format "
                               f"(values {sorted(vals)})")
            out += [f"elevation_step: {step}", "elevation: |"]
            for r in range(self.height):
                row = " ".join(str(self._elevation.get(self.cell(c, r), 0) // step) for c in range(self.width))
                out.append("  " + (" " if self.grid == "hex" and r % 2 else "") + row)
        if creatures and self._placed:
            out.append("creatures:")
            for n, p in self._placed.items():
                col, row = self.offset(p.anchor)
                extra = f", size: {p.size}" if p.size != "medium" else ""
                speed, reach, threatens = p.speed, p.reach, p.threatens  # place() overrides
                if isinstance(p.creature, Figure):
                    f = p.creature
                    speed = f.speed if speed is None else speed
                    reach = f.reach_ft if reach is None else reach
                    threatens = f.threatens if threatens is None else threatens
                    if f.conditions:
                        extra += f", conditions: [{', '.join(f.conditions)}]"
                if speed is not None and not (isinstance(p.creature, Figure) and speed == 30):
                    extra += f", speed: {speed}"
                if reach is not None:
                    extra += f", reach: {reach}"
                if threatens is not None and not (isinstance(p.creature, Figure) and threatens):
                    extra += f", threatens: {'true' if threatens else 'false'}"
                if self._shares(n):
                    extra += ", share: true"
                out.append(f"  - {{name: {_yaml_str(n)}, at: [{col}, {row}], side: {_yaml_str(p.side)}{extra}}}")
        return "\n".join(out) + "\n"

    def picture(self, highlight: Iterable[CellLike] | Mapping[CellLike, Any] = (), mark: str = "*",
                *, labels: Mapping[str, str] | None = None) -> str:
        """A quick text picture: terrain characters, creatures by the first letter of their
        name, ``mark`` on highlighted cells (e.g. ``m.picture(m.threatened("Ogre"))``).

        Args:
            highlight: Cells drawn as ``mark``; or a mapping cell -> one character drawn
                there, e.g. the cost of each reachable hex in hexes
                (``{c: ft // 5 for c, ft in m.reachable("Orc").cost.items()}``).
            mark: The character of highlighted cells.
            labels: Creature name -> the character that stands for it (default: the first
                letter of its name), for creatures whose names start alike.

        Raises:
            ValueError: A highlight or label is not exactly one character.
        """
        if isinstance(highlight, Mapping):
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
        return (f"HexMap({self.width}x{self.height} {self.grid}, {len(self._terrain)} terrain cells, "
                f"{len(self._placed)} creatures{': ' + who if who else ''})")

    def snapshot(self) -> tuple:
        """A comparable value of the whole state (tests use it: a refused action leaves it equal)."""
        return (self.grid, self.width, self.height, tuple(sorted(self._terrain.items())),
                tuple(sorted(self._elevation.items())),
                tuple((n, p.side, p.anchor, tuple(sorted(p.cells))) for n, p in self._placed.items()),
                tuple(sorted((c, tuple(v)) for c, v in self._occupants.items())),
                tuple((n, t.moved_ft, t.stepped, t.after_step_ft)
                      for n, t in sorted(self._turn.items())))


def _better(a: Cover, b: Cover) -> bool:
    if a.level.value != b.level.value:
        return a.level.value < b.level.value
    if a.blocked_fraction != b.blocked_fraction:
        return a.blocked_fraction < b.blocked_fraction
    return len(a.blockers) < len(b.blockers)


def _seg_hits(x1: float, y1: float, x2: float, y2: float, poly: list[tuple[float, float]]) -> bool:
    """Whether the segment enters the convex polygon (Cyrus–Beck clipping)."""
    # quick reject by bounding box
    xs = [p[0] for p in poly]
    ys = [p[1] for p in poly]
    if max(x1, x2) < min(xs) or min(x1, x2) > max(xs) or max(y1, y2) < min(ys) or min(y1, y2) > max(ys):
        return False
    dx, dy = x2 - x1, y2 - y1
    t0, t1 = 0.0, 1.0
    n = len(poly)
    # orientation of the polygon
    area = sum(poly[i][0] * poly[(i + 1) % n][1] - poly[(i + 1) % n][0] * poly[i][1] for i in range(n))
    sgn = 1.0 if area > 0 else -1.0
    for i in range(n):
        ax, ay = poly[i]
        bx, by = poly[(i + 1) % n]
        # inward normal
        nx, ny = -(by - ay) * sgn, (bx - ax) * sgn
        num = nx * (x1 - ax) + ny * (y1 - ay)
        den = nx * dx + ny * dy
        if den == 0:
            if num < 0:
                return False
            continue
        t = -num / den
        if den > 0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
        if t0 > t1:
            return False
    return t1 - t0 > 1e-9


def _key_line(line: str) -> bool:
    s = line.split("#", 1)[0].rstrip()
    head = s.split(":", 1)[0]
    return ":" in s and not line.startswith((" ", "\t")) and head.strip().replace("_", "").isalnum()


def _block_line(lines: list[str], key: str) -> int:
    for i, ln in enumerate(lines, 1):
        if ln.startswith(key + ":"):
            return i
    return 0


def _rows(block: str, start_line: int) -> list[tuple[int, str]]:
    out = []
    for i, raw in enumerate(block.splitlines()):
        cells = "".join(raw.split())
        if cells:
            out.append((start_line + i + 1 if start_line else i + 1, cells))
    if not out:
        raise MapFormatError("no rows", start_line or None)
    return out


def _yaml_str(s: str) -> str:
    return s if s.replace(" ", "").replace("#", "").isalnum() and s == s.strip() else repr(s)
