"""Altitude: how high a creature is above its hex, and distance in three dimensions.

``000_8d1d7816ee944f3b.txt``, "Other Types of Movement" (Swim, Climb and Fly move in three
dimensions), "Flying" and "Using the Battle Map – Measuring Distance in Combat" ("Count the
number of hexes ... Multiply the number of hexes by 5"), "Option – Square Grid" ("Measuring
Diagonal Distance on Square Grids": "Continue in this 5/10/5/10 pattern").

The 3D distance rule (a decision: the text counts hexes on a flat map and says nothing of
height). A creature's altitude is in 5-foot steps above the ground of its hex; two
creatures are ``h`` feet apart on the map (hexes counted, as always) and ``v`` feet apart
in altitude. Their distance is::

    distance = 5 * (max(nh, nv) + min(nh, nv) // 2)     where nh = h / 5, nv = v / 5

That is the text's own rule for the one other diagonal it has, the square grid's
5/10/5/10: each 5-foot step that goes up (or down) *and* across at once costs 5 and 10 feet
in turn. Why this one: it is the text's counting, done in whole 5-foot steps (reach,
threatened hexes and range increments stay multiples of 5); it never differs from the flat
map when the altitudes are equal (old maps and fights are unchanged); and it keeps reach
where a table expects it - a Medium creature threatens a flyer 5 feet above its own or an
adjacent hex (``h = 5, v = 5`` is 5 ft), but not one 10 feet up (10 ft), and a 10-ft reach
strikes 10 feet straight up or one hex across and 10 feet up (``5 * (2 + 0)``). Euclid
(``sqrt(h² + v²)``, 7.07 ft for one hex across and one up) would give reach bands no grid
counts. The ground's elevation (the map's ``elevation`` block, for High Ground) does not
lengthen distance: the text's High Ground rule is about standing on higher ground, and the
flat count of hexes stays what it was on every existing map; altitude is what flyers,
swimmers, climbers and leapers add. High Ground counts both: a creature's height is its
ground's elevation plus its altitude.
"""

from __future__ import annotations

from typing import Any

from lfgcombat.rules.citations import cite
from lfgcombat.battlemap.grid import FEET_PER_CELL
from lfgcombat.errors import IllegalActionError
from lfgcombat.rules.movement.movement_modes import body_height_ft

from .values import MapFormatError, _short

__all__ = ["distance_3d", "check_altitude", "AltitudeError", "MAX_ALTITUDE_FT", "R_ALTITUDE",
           "low_wall_tops", "leap_apex", "ground_problem", "last_ground_index",
           "ground_distance", "check_headroom", "headroom_problem", "check_ceiling"]

#: The highest a creature may be placed or fly, in feet.
MAX_ALTITUDE_FT = 10_000
R_ALTITUDE = cite("Other Types of Movement")


class AltitudeError(MapFormatError):
    """An altitude given to ``place``, ``set_altitude`` or a move that is not whole 5-foot
    steps on the map's scale. A :class:`MapFormatError` as before (callers catching that
    still do), but its message does not claim a map text: the value came from a call."""

    def __init__(self, message: str) -> None:
        self.line = None
        Exception.__init__(self, message)


def distance_3d(horizontal_ft: int, vertical_ft: int) -> int:
    """Feet between two points ``horizontal_ft`` apart on the map and ``vertical_ft`` apart
    in altitude, by the 5/10 diagonal count (this module's docstring).

    Example:
        >>> distance_3d(5, 5), distance_3d(10, 10), distance_3d(30, 0)
        (5, 15, 30)
    """
    nh = abs(int(horizontal_ft)) // FEET_PER_CELL
    nv = abs(int(vertical_ft)) // FEET_PER_CELL
    return FEET_PER_CELL * (max(nh, nv) + min(nh, nv) // 2)


def check_altitude(feet: object) -> int:
    """An altitude in feet: a whole multiple of 5 from 0 to :data:`MAX_ALTITUDE_FT`.

    Raises:
        AltitudeError: (a MapFormatError) naming the value and what it must be.
    """
    if isinstance(feet, bool) or not isinstance(feet, int):
        raise AltitudeError(f"altitude must be whole feet (a multiple of 5), got {_short(feet)} "
                            f"({R_ALTITUDE})")
    if feet < 0 or feet > MAX_ALTITUDE_FT or feet % FEET_PER_CELL:
        raise AltitudeError(f"altitude must be a multiple of 5 from 0 to {MAX_ALTITUDE_FT} ft, "
                            f"got {feet} ({R_ALTITUDE})")
    return feet


# -- leaps on the map (000_8d1d7816ee944f3b.txt, "Leaper"): what the encounter's leap asks of
# the map, kept here so the encounter's rules only roll and record -------------------------
def low_wall_tops(m: Any, name: str, cells: Any) -> list[int]:
    """The heights of the walls with a height (``m.wall_top``) under ``name``'s body along
    ``cells`` (full-height walls are not among them: nothing leaps those)."""
    size = m._placed[name].size
    return [top for c in cells for x in m._footprint_at(size, c)
            if (top := m.wall_top(x)) is not None]


def leap_apex(m: Any, name: str, to: Any) -> int:
    """How high a leap from ``name``'s hex to ``to`` must go to clear the low walls on its
    straight line (0: none), in whole 5-ft steps."""
    line = m.geometry.line(m.token(name).anchor, m._as_cell(to))
    top = max(low_wall_tops(m, name, line[1:]), default=0)
    return top + (-top % FEET_PER_CELL)


def ground_problem(m: Any, name: str, cell: Any) -> str | None:
    """Why ``name`` could not come down on the ground at ``cell`` (``None``: it can): a
    creature there, a wall's cell, off the map - what ending a move there forbids."""
    p = m._placed[name]
    with m.moving(name, "leap", 0):
        why = m._why_not_stand(m._footprint_at(p.size, cell), name, p.side, p.size,
                               ending=True)
    return str(why) if why else None


def last_ground_index(m: Any, name: str, path: list[Any], end: int,
                      within_ft: int | None = None) -> int:
    """The last index at or before ``end`` of ``path`` where ``name`` can come down on the
    ground (and, with ``within_ft``, no farther than that from where it stands); 0, its own
    hex, at worst."""
    while end > 0 and ((within_ft is not None and ground_distance(m, name, path[end])
                        > within_ft) or ground_problem(m, name, path[end])):
        end -= 1
    return end


def ground_distance(m: Any, name: str, cell: Any) -> int:
    """Feet from ``name`` on the ground to ``cell`` (a leap's length, whatever height it
    passes at)."""
    with m.moving(name, "leap", 0):
        return int(m.distance(name, cell))


def headroom_problem(ceiling: int | None, name: str, size: Any, feet: int) -> str | None:
    """Why a creature of ``size`` cannot be ``feet`` above its hex under ``ceiling`` (feet;
    ``None``: open sky), or ``None`` when its body fits. A body is a column of its size's
    height (``data/sizes.csv``, as line of sight reads it:
    :func:`lfgcombat.rules.movement.movement_modes.
    body_height_ft`), so a Medium creature (5.5 ft) flies at most 10 ft up under a 20-ft
    ceiling. The ground is always allowed (a cramped room is the GM's to draw)."""
    if ceiling is None or not feet:
        return None
    height = body_height_ft(size)
    if feet + height <= ceiling:
        return None
    room = ceiling - height
    top = max(0, int(room) - int(room) % FEET_PER_CELL)
    return (f"{name} cannot be {feet} ft up: its body ({height:g} ft tall) would pass the "
            f"{ceiling}-ft ceiling; at most {top} ft up here (the map's ceiling; the GM may "
            "raise it)")


def check_headroom(m: Any, name: str, feet: int, size: Any = None) -> None:
    """Refuse ``name`` at ``feet`` above its hex when its body would not fit under the map's
    ceiling (``m.ceiling``; :func:`headroom_problem`). ``size``: for a creature not yet on
    the map (being placed); otherwise its size on the map.

    Raises:
        IllegalActionError: naming the ceiling, the body's height and the highest altitude
            that fits; nothing is changed.
    """
    if m.ceiling is None or not feet:
        return
    why = headroom_problem(m.ceiling, name, m._placed[name].size if size is None else size,
                           feet)
    if why:
        raise IllegalActionError(why, R_ALTITUDE)


def check_ceiling(m: Any, feet: object) -> int | None:
    """A new ceiling for the map ``m`` (feet; ``None``: open sky), refused when it is not a
    whole number of feet from 5 to :data:`MAX_ALTITUDE_FT` or when it would come down
    through a creature up in the air (the GM lowering the ceiling under a flyer: land it or
    bring it down first).

    Raises:
        AltitudeError: not whole feet in range (a MapFormatError).
        IllegalActionError: a creature's body would pass it, naming each; nothing changes.
    """
    if feet is None:
        return None
    if isinstance(feet, bool) or not isinstance(feet, int) or not 5 <= feet <= MAX_ALTITUDE_FT:
        raise AltitudeError(f"the ceiling is whole feet from 5 to {MAX_ALTITUDE_FT} (None: "
                            f"open sky), got {_short(feet)} ({R_ALTITUDE})")
    why = [w for n, level in sorted(m._altitude.items()) if n in m._placed
           and (w := headroom_problem(feet, n, m._placed[n].size, level))]
    if why:
        raise IllegalActionError(f"cannot lower the ceiling to {feet} ft: " + "; ".join(why)
                                 + "; bring it down first (set_altitude)", R_ALTITUDE)
    return feet
