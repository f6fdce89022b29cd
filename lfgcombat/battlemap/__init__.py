"""The battle map, one module per rule area (see :mod:`lfgcombat.battlemap.hexmap`).

The map's rules of position are 000_8d1d7816ee944f3b.txt, "Flanking, Positioning, Cover,
Concealment": flanking (:mod:`.flanking`), cover, concealment and line of sight (:mod:`.sight`),
high ground (:mod:`.altitude`).

``from lfgcombat.battlemap import HexMap`` (also ``lfgcombat.HexMap`` and, for older code,
``lfgcombat.battlemap``).
"""

from __future__ import annotations

from .altitude import distance_3d
from .doors import Door
from .hexmap import HexMap
from .pathing import Reachable
from .reading import ConditionFlags, condition_flags
from .terrain import TERRAIN_CHARS, Terrain
from .values import (Background, CellError, Cover, CoverLevel, CrossSection, Figure, Flanking,
                     HighGround, MapCreature, MapFormatError, MoveResult, PixelBounds, Provocation,
                     Provokers, Relocation, Token)

__all__ = [
    "HexMap", "Terrain", "Token", "MapCreature", "Figure", "Reachable", "Provocation",
    "Provokers", "MoveResult", "Cover", "CoverLevel", "HighGround", "Flanking",
    "MapFormatError", "TERRAIN_CHARS", "Relocation", "CrossSection", "Background",
    "PixelBounds", "ConditionFlags", "condition_flags", "CellError", "Door", "distance_3d",
]
