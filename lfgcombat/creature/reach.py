"""A creature's space, Natural Reach and threatened area.

000_8d1d7816ee944f3b.txt, "Creature Size: Size, Space, Reach" (hexes occupied, from
``data/sizes.csv``) and "Reach & Threatened Area": melee weapons threaten "the same
distance as your Natural Reach" unless the weapon says otherwise; natural weapons
threaten within Natural Reach; "If you are unarmed, you do not threaten"; "Most
Ranged-Only Weapons do not threaten. (Exception: Loaded Crossbows Threaten out to 10
feet.)" :class:`lfgcombat.creature.Creature` caches ``space`` and ``reach`` and asks
:func:`threat_reach` for ``threat_reach_ft`` and ``threatens``; this module imports no
creature at run time, and reads weapons from the weapons table (:mod:`lfgcombat.rules.weapons`,
below the creature), not from the attack modules that build on creatures.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ..rules.citations import cite as _cite
from .combat_stats import _hexes
from ..errors import LfgError
from .stats import Stat, Term
from ..rules.weapons import WeaponError, resolve_weapon

if TYPE_CHECKING:
    from . import Creature

__all__ = ["space", "natural_reach", "threat_reach"]


def space(creature: Creature) -> Stat:
    """Hexes it occupies, from ``data/sizes.csv`` ("Creature Size: Size, Space, Reach").

    000_8d1d7816ee944f3b.txt, "Space": the creature's footprint on the Battle Map, in
    contiguous hexes.

    The sizes' rows: 000_8d1d7816ee944f3b.txt, "Space: A Medium Size creature takes up one
    5-Foot hex."; 000_8d1d7816ee944f3b.txt, "Space: A Small Size creature takes up one 5-Foot
    hex."; 000_8d1d7816ee944f3b.txt, "Space: A Large Size creature takes up 3 contiguous
    hexes."; 000_8d1d7816ee944f3b.txt, "Space: A Tiny or Diminutive creature takes up less
    than 1 hex.".

    Args:
        creature: The creature.

    Returns:
        The :class:`Stat` (a float: a Small creature takes part of a hex).
    """
    row = creature.size_row
    return Stat("space", float(row["space_hexes"]), notes=(
        f"{creature.size.value}: {row['space_ft']} ft",), rule=row["source"].split(";")[0])


def natural_reach(creature: Creature) -> Stat:
    """Natural Reach in feet: given (``reach:``), else the size's ("Reach & Threatened Area").

    000_8d1d7816ee944f3b.txt, "Natural Reach": the distance reached with limbs, 5 feet for
    most Small and Medium creatures; the size's reach is 000_8d1d7816ee944f3b.txt, "Reach: The
    Natural Reach for an average creature of this size" (Huge 10-15 ft, Gargantuan up to 20:
    000_8d1d7816ee944f3b.txt, "Reach: A Huge creature often has a reach of 10 to 15 feet").

    The size's is ``data/sizes.csv``'s ``reach_ft``, the text's 000_8d1d7816ee944f3b.txt, "Reach" of
    each size: Medium and Small 5 ft, a (human-shaped) Large 10 ft, Tiny and Diminutive 0.

    Args:
        creature: The creature.

    Returns:
        The :class:`Stat`, with the hexes it covers as a note.
    """
    row = creature.size_row
    rule = _cite("Reach & Threatened Area")
    given = creature.reach_override
    if given is not None:
        return Stat("reach", given, (Term("reach given", given),),
                    notes=(_hexes(given // 5),), rule=rule)
    return Stat("reach", int(row["reach_ft"]),
                (Term(f"{creature.size.value} size", int(row["reach_ft"])),),
                notes=(_hexes(int(row["reach_hexes"])),), rule=rule)


def threat_reach(creature: Creature) -> int | None:
    """How far its weapons threaten, in feet (conditions aside).

    The distance at which it can make an AOO: 000_8d1d7816ee944f3b.txt, "Threaten".

    A weapon is ranged-only when its entry says ``ranged: true``; a weapon of
    ``data/weapons.csv`` is melee or not (and threatens or not) as the table says, its
    reach the weapon's own (longspears, halberds) or the Natural Reach.

    Args:
        creature: The creature.

    Returns:
        ``None`` when no weapon threatens; 0 for a Tiny/Diminutive reach (its own hex).
    """
    natural = int(creature.reach)
    best: int | None = None
    reach: Any
    for entry in creature.weapons:
        w = entry if isinstance(entry, Mapping) else {"name": str(entry)}
        name = str(w.get("name", "")).lower()
        try:  # the weapons table knows what is melee, ranged-only or never threatens
            weapon = resolve_weapon(creature, w)
            melee = "melee" in weapon.uses and "no_threat" not in weapon.traits
            reach = weapon.reach_ft
        except (WeaponError, LfgError):  # a weapon only this creature has
            melee, reach = not w.get("ranged"), w.get("reach")
        if w.get("ranged"):
            melee = False
        if melee:
            best = max(best or 0, int(natural if reach is None else reach))
        elif "crossbow" in name and w.get("loaded", True):
            best = max(best or 0, 10)
    return best
