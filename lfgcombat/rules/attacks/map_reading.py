"""What the battle map says about one attacker and its target, read once per pair.

An attack on a map reads the distance, the target's cover ("Determine Cover"), high
ground ("High Ground / Low Ground") and flanking ("Flanking / Being Flanked") and the
Difficult Terrain under both creatures ("Moving in Combat – Terrain, Creatures, & Other
Issues", "Difficult Terrain") (all 000_8d1d7816ee944f3b.txt). Each reading is kept by the
map, but an attack asked for each again, twice for cover (issue 25, item 4: a map fight's
attacks spent a tenth of their time there). Here the pair's readings are kept together in
the map's readings of where creatures stand (``HexMap._kept_here``: forgotten when a
creature moves, is placed or removed, reads differently to the map, or the terrain
changes), and a map with no Difficult Terrain reads none per attack.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

__all__ = ["PairReading", "pair_reading", "terrain_modifiers"]

#: What :func:`terrain_modifiers` gives where no cell is Difficult Terrain.
_NO_TERRAIN = {"attack": 0, "ac": 0}


@dataclass(frozen=True)
class PairReading:
    """The map's readings for ``attacker`` attacking ``target``: distance in feet, the
    target's :class:`~lfgcombat.battlemap.values.Cover` (ranged or melee, as keyed) and
    the pair's :class:`~lfgcombat.battlemap.values.HighGround`."""

    distance: int
    cover: Any
    high_ground: Any


def pair_reading(m: Any, attacker: str, target: str, ranged: bool) -> PairReading:
    """The map ``m``'s :class:`PairReading` for the pair, kept with the map's readings of
    where creatures stand (each of its parts is one of them: ``distance``, ``cover`` and
    ``high_ground`` keep theirs the same way), so it is the same as reading them now."""
    return m._keep_here(("attack pair", attacker, target, ranged), lambda: PairReading(
        m.distance(attacker, target), m.cover(attacker, target, ranged=ranged),
        m.high_ground(attacker, target)))


def is_flanked(m: Any, target: str, ignored: Iterable[str]) -> bool:
    """Whether ``target`` is flanked, foes it ignores left out
    (:meth:`~lfgcombat.battlemap.HexMap.is_flanked`), kept with the map's readings of where
    creatures stand."""
    ign = frozenset(ignored)
    return m._keep_here(("attack flanked", target, ign),
                        lambda: m.is_flanked(target, ignored=ign))


def terrain_modifiers(m: Any, name: str) -> dict[str, int]:
    """:meth:`~lfgcombat.battlemap.HexMap.terrain_modifiers` of ``name``: no modifier
    without a single Difficult Terrain cell on the map (known once per version of its
    static layers, ``HexMap._static_key``), else read now (it reads the creature's swim
    speed, which the map's kept readings do not follow)."""
    if not _any_difficult(m):
        return _NO_TERRAIN
    return m.terrain_modifiers(name)


def _any_difficult(m: Any) -> bool:
    """Whether any cell of ``m`` is Difficult Terrain, kept on the map with the key of its
    static layers (terrain, doors and walls: a door opened or terrain painted makes a new
    key)."""
    if not m._terrain:
        return False  # nothing painted: every cell plain ground (no key to make, issue 25, item 4)
    key = m._static_key()
    memo = m.__dict__.get("_difficult_memo")
    if memo is not None and memo[0] == key:
        return memo[1]
    found = any(t.is_difficult for t in m._terrain.values())
    m.__dict__["_difficult_memo"] = (key, found)
    return found
