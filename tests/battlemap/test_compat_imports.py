"""The map's names, all in lfgcombat.battlemap since the old ``lfgcombat.hexmap`` shim went
(notebooks, widgets and saved code import ``from lfgcombat.battlemap import ...``). The map
itself is the grid of 000_8d1d7816ee944f3b.txt, "Using the Battle Map – Measuring Distance
in Combat"."""

from __future__ import annotations

import lfgcombat
import lfgcombat.battlemap as battlemap

OLD_NAMES = ["HexMap", "Terrain", "Token", "MapCreature", "Figure", "Reachable", "Provocation",
             "Provokers", "MoveResult", "Cover", "CoverLevel", "HighGround", "Flanking",
             "MapFormatError", "TERRAIN_CHARS", "Relocation", "CrossSection"]


def test_every_name_is_exported_by_the_package() -> None:
    """The old shim ``lfgcombat.hexmap`` is gone (issue 24, item 2: no module-level shims):
    every name it gave is the package's own."""
    for name in OLD_NAMES:
        assert name in battlemap.__all__, name
        assert getattr(battlemap, name) is not None
    assert lfgcombat.HexMap is battlemap.HexMap


def test_the_facade_is_made_of_small_layers() -> None:
    """Each layer of HexMap is one rule area, in its own module of lfgcombat.battlemap."""
    layers = [c for c in battlemap.HexMap.__mro__ if c.__module__.startswith("lfgcombat.battlemap.")]
    modules = {c.__module__.rsplit(".", 1)[1] for c in layers}
    assert {"core", "terrain", "space", "reach", "moves", "pathing", "actions", "flanking",
            "sight", "display", "textformat", "hexmap"} <= modules
    assert battlemap.HexMap(4, 3).distance((0, 0), (3, 0)) == 15
