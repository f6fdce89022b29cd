"""The map's old import paths keep working after the split into lfgcombat.battlemap
(notebooks, widgets and saved code import ``from lfgcombat.hexmap import ...``). The map
itself is the grid of 000_8d1d7816ee944f3b.txt, "Using the Battle Map – Measuring Distance
in Combat"."""

from __future__ import annotations

import lfgcombat
import lfgcombat.battlemap as battlemap
import lfgcombat.hexmap as hexmap

OLD_NAMES = ["HexMap", "Terrain", "Token", "MapCreature", "Figure", "Reachable", "Provocation",
             "Provokers", "MoveResult", "Cover", "CoverLevel", "HighGround", "Flanking",
             "MapFormatError", "TERRAIN_CHARS", "Relocation", "CrossSection"]


def test_every_old_name_is_the_same_object_in_both_places() -> None:
    for name in OLD_NAMES:
        assert name in hexmap.__all__
        assert getattr(hexmap, name) is getattr(battlemap, name), name
    assert lfgcombat.HexMap is battlemap.HexMap is hexmap.HexMap


def test_the_facade_is_made_of_small_layers() -> None:
    """Each layer of HexMap is one rule area, in its own module of lfgcombat.battlemap."""
    layers = [c for c in battlemap.HexMap.__mro__ if c.__module__.startswith("lfgcombat.battlemap.")]
    modules = {c.__module__.rsplit(".", 1)[1] for c in layers}
    assert {"core", "terrain", "space", "reach", "moves", "pathing", "actions", "flanking",
            "sight", "display", "textformat", "hexmap"} <= modules
    assert battlemap.HexMap(4, 3).distance((0, 0), (3, 0)) == 15
