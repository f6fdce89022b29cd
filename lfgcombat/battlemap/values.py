"""The values the battle map hands out: tokens, AOO, moves, cover, flanking, placements.

Frozen records (and the map's own error), each citing the heading of
``000_8d1d7816ee944f3b.txt`` it reports on: :class:`Token` ("Space in Combat Gameplay"),
:class:`Provocation`/:class:`Provokers` ("What actions normally Provoke AOO?"),
:class:`MoveResult` ("Movement in Combat"), :class:`Cover`/:class:`CoverLevel` ("Determine
Cover"), :class:`HighGround` ("High Ground / Low Ground"), :class:`Flanking` ("Flanking /
Being Flanked"), :class:`Relocation` ("Accidental / Illegal Locations"),
:class:`CrossSection` ("Half Hex Rule"), :class:`Background` (the GM's battle-map picture,
no rule) and :class:`PixelBounds`. :class:`Reachable` lives with the path finder in
:mod:`lfgcombat.battlemap.pathing`.
"""

from __future__ import annotations

import math
import reprlib
from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum
from typing import Any, NamedTuple, Protocol, runtime_checkable

from lfgcombat.errors import LfgError
from lfgcombat.battlemap.grid import FEET_PER_CELL, Cell, Hex, Square, hex_to_offset

from .rules import R_AOO, R_COVER, R_COVER_MORE, R_FLANK, R_HALF, R_HIGH, R_ILLEGAL

class MapFormatError(LfgError, ValueError):
    """A map text that cannot be read; ``line`` is 1-based within the text (or ``None``)."""

    def __init__(self, message: str, line: int | None = None) -> None:
        self.line = line
        super().__init__(f"map text, line {line}: {message}" if line else f"map text: {message}")



class CellError(LfgError, TypeError):
    """Something given as a cell that is not one of this map's cells (a ``Hex`` on a
    square map, a ``(col, row)`` that is not two whole numbers...). A ``TypeError`` too,
    as it was before it was the kit's own."""


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

    def __post_init__(self) -> None:
        """Speed and reach in whole hexes, as a creature file's ("Each hexagon (hex) on the
        Battle Map represents a distance of 5 feet", 000_8d1d7816ee944f3b.txt, "COMBAT
        GAMEPLAY – OVERVIEW")."""
        for field, v in (("speed", self.speed), ("reach_ft", self.reach_ft)):
            if v is not None and (isinstance(v, bool) or not isinstance(v, int)
                                  or not 0 <= v <= 10_000 or v % 5):
                raise MapFormatError(f"Figure {self.name!r:.40}: {field} must be whole feet from "
                                f"0 to 10000 in 5-ft steps (a hex is 5 feet), got {v!r:.40}")



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
class MoveResult:
    """What a movement did: the path, the feet spent, the AOO it provoked, and notes."""

    name: str
    action: str
    path: tuple
    cost_ft: int
    provokers: Provokers
    notes: tuple[str, ...] = ()

    def explain(self) -> str:
        """The move in words: steps, feet, start and end, the AOO provoked and the notes."""
        lines = [f"{self.name} {self.action.replace('_', ' ')}: {len(self.path) - 1} step(s), "
                 f"{self.cost_ft} ft, {_at(self.path[0])} -> {_at(self.path[-1])}",
                 self.provokers.explain()]
        lines += list(self.notes)
        return "\n".join(lines)


class CoverLevel(Enum):
    """Degrees of cover and their Cover Bonus to AC (in ``000_8d1d7816ee944f3b.txt``, the
    quotes "Partial Cover (+2AC)" under "Prone", "Good Cover (+4 Cover Bonus to AC)" under
    "Lean Out from Cover / Take Cover", "Superior Cover (+6AC)" under "Protect"; "Total
    Cover blocks Line of Sight and Line of Effect" under "Line of Effect (LoE)"). The Cover
    table itself is
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
        """Whether the attacker sees the target (any cover but total)."""
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
        """A sentence naming the height difference, the modifiers and the rule."""
        if self.height_ft == 0:
            return (f"{self.attacker} and {self.target} stand level: no high-ground modifier "
                    f"({R_HIGH})")
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
        """Whether any pair flanks the target."""
        return bool(self.pairs)

    def __bool__(self) -> bool:
        return self.flanked

    @property
    def flankers(self) -> list[str]:
        """Every member of a flanking pair, sorted."""
        return sorted({n for p in self.pairs for n in p})

    def explain(self, rule: str | None = None) -> str:
        """A sentence: who flanks, or why nobody does, with the rule: the map's own
        (lfg's, -2 AC), or ``rule``, the citation of the ruleset the fight plays (what
        being flanked does is then its own: classic's Flanked loses the DEX bonus)."""
        if not self.pairs:
            why = ": " + self.reason if self.reason else ""
            return f"{self.target} is not flanked{why} ({rule or R_FLANK})"
        ps = "; ".join(f"{a} & {b}" for a, b in self.pairs)
        if rule is not None:
            return f"{self.target} is flanked by {ps} ({rule})"
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
        """Whether the creature goes elsewhere than it wanted."""
        return self.cell != self.wanted

    def explain(self) -> str:
        """A sentence: where the creature goes and why, with the rule."""
        if not self.moved:
            s = f"{self.name} stays at {_at(self.wanted)}: a legal position"
        else:
            where = ("the last legal position along its path" if self.how == "last_legal_on_path"
                     else "the nearest legal space")
            s = (f"{self.name} cannot be at {_at(self.wanted)} ({self.reason}); placed at "
                 f"{_at(self.cell)}, {where}")
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
        """A sentence: the row's width, its room and who it holds, with the rule."""
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



def _short(value: Any, limit: int = 60) -> str:
    """``repr(value)`` cut to about ``limit`` characters, never building more: a long text
    or list is cut before it is shown (a map text's nested lists could otherwise make a
    repr of gigabytes), a 5,000-digit number is described, not printed."""
    shown = reprlib.Repr()
    shown.maxlevel, shown.maxstring, shown.maxother = 4, max(limit, 20), max(limit, 20)
    shown.maxlist = shown.maxtuple = shown.maxdict = shown.maxset = 8
    try:
        text = shown.repr(value)
    except (ValueError, RecursionError, TypeError):  # a huge integer, a hostile object
        text = (f"<an integer of about {int(math.log10(abs(value))) + 1} digits>"
                if isinstance(value, int) else f"<a {type(value).__name__} value>")
    return text if len(text) <= limit else text[: limit - 4] + " ..."


#: The longest picture path a map keeps (a URL may be longer, up to the map text's cap).
MAX_PICTURE_PATH = 1_000
#: What starts a picture that is not a local file.
WEB_PICTURE = ("http://", "https://", "data:")


def picture_problem(image: str) -> str | None:
    """Why ``image`` cannot be a background picture's name, or ``None``.

    A local picture is a path relative to the folder of the notebook that shows it,
    inside that folder: a map text, a save or a map edit may come from anyone, and the
    picture it names is read and embedded in the notebook, so ``/etc/...``, ``~/...`` and
    ``../../x.png`` are refused where a picture is set (:meth:`HexMap.set_background
    <lfgcombat.battlemap.HexMap.set_background>`) and where it is read (the BattleMap:
    ``lfgcombat.widgets.mapimage.image_url``), issue 23, item 22. A map text or a save
    naming one still loads (a save written before kept the name it was given): the
    BattleMap says why it does not show it. No rule: the picture only decorates the map.

    Args:
        image: The path or URL.

    Returns:
        The problem in words, or ``None``.
    """
    if image.startswith(WEB_PICTURE):
        return None
    if len(image) > MAX_PICTURE_PATH:
        return (f"{_short(image, 40)} is a path of {len(image):,} characters; at most "
                f"{MAX_PICTURE_PATH:,} (or give an http(s) URL)")
    parts = image.replace("\\", "/").split("/")
    if "\0" in image or image.startswith(("/", "\\", "~")) or (
            len(image) > 1 and image[1] == ":") or ".." in parts:
        return (f"{_short(image, 80)} leaves the folder of the notebook or map file: give "
                "a path inside it (no '..', not absolute, no '~'), or an http(s) URL")
    return None


@dataclass(frozen=True)
class Background:
    """The GM's battle-map picture drawn under the grid (what a virtual tabletop shows).

    Not a rule: the picture only decorates the map; terrain still decides what the hexes
    do. It is kept by the map text as ``background: {image: cellar.png, opacity: 0.8}``
    and drawn over :meth:`HexMap.pixel_bounds <lfgcombat.battlemap.HexMap.pixel_bounds>`.

    Attributes:
        image: A path (relative to the notebook's folder, inside it: the BattleMap reads
            no other, :func:`picture_problem`) or URL of the picture (a non-empty string;
            a path of at most :data:`MAX_PICTURE_PATH` characters).
        opacity: How opaque it is drawn, from 0 (invisible) to 1 (the default).

    Raises:
        MapFormatError: ``image`` is not a non-empty string or a path too long, or
            ``opacity`` is not a number from 0 to 1.
    """

    image: str
    opacity: float = 1.0

    def __post_init__(self) -> None:
        if not isinstance(self.image, str) or not self.image.strip():
            raise MapFormatError(f"background image must be a path or URL (a non-empty "
                                 f"string), got {_short(self.image)}")
        if "\n" in self.image or "\r" in self.image:
            raise MapFormatError("background image must be one line (a path or URL)")
        if not self.image.startswith(WEB_PICTURE) and len(self.image) > MAX_PICTURE_PATH:
            raise MapFormatError(f"background image {picture_problem(self.image)}")
        op = self.opacity
        if isinstance(op, bool) or not isinstance(op, (int, float)) or not 0 <= op <= 1:
            raise MapFormatError(f"background opacity must be a number from 0 to 1, got "
                                 f"{_short(op)}")
        object.__setattr__(self, "opacity", float(op))


class PixelBounds(NamedTuple):
    """A rectangle in the map's pixel plane (:meth:`lfgcombat.battlemap.grid.HexGeometry.to_pixel`:
    x grows to the right, y downwards; one hex of size 1). The battle-map widget draws the
    plane scaled by its ``SCALE`` with y flipped, as it draws the hexes."""

    left: float
    top: float
    right: float
    bottom: float

    @property
    def width(self) -> float:
        """``right - left``."""
        return self.right - self.left

    @property
    def height(self) -> float:
        """``bottom - top``."""
        return self.bottom - self.top
