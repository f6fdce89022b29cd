"""The battle map's old home, kept so ``from lfgcombat.hexmap import ...`` keeps working.

The map now lives in :mod:`lfgcombat.battlemap`, one module per rule area of
``000_8d1d7816ee944f3b.txt`` (see :mod:`lfgcombat.battlemap.hexmap`); this module re-exports
the same public names.
"""

from __future__ import annotations

from lfgcombat.battlemap import (TERRAIN_CHARS, Background, CellError, ConditionFlags, Cover,
                                 CoverLevel, CrossSection, Figure, Flanking, HexMap, HighGround,
                                 MapCreature, MapFormatError, MoveResult, PixelBounds, Provocation,
                                 Provokers, Reachable, Relocation, Terrain, Token, condition_flags)
from lfgcombat.battlemap.rules import TXT

__all__ = [
    "HexMap", "Terrain", "Token", "MapCreature", "Figure", "Reachable", "Provocation",
    "Provokers", "MoveResult", "Cover", "CoverLevel", "HighGround", "Flanking",
    "MapFormatError", "TERRAIN_CHARS", "Relocation", "CrossSection", "Background",
    "PixelBounds", "ConditionFlags", "condition_flags", "CellError", "TXT",
]
