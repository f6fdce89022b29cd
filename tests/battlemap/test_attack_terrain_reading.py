"""The attack's terrain modifiers (lfgcombat/rules/attacks/map_reading.py,
``terrain_modifiers``): none without Difficult Terrain on the map, answered without reading
the map's layers when nothing is painted (issue 25, item 4); the map's own reading once a
cell is ("Standing on Difficult Terrain imposes a -2 penalty on Attacks & -2AC",
000_8d1d7816ee944f3b.txt, "Difficult Terrain")."""

from __future__ import annotations

from lfgcombat.rules.attacks.map_reading import _any_difficult, terrain_modifiers

from ._maps import skirmish


def test_terrain_modifiers_agree_with_the_map_painted_or_not():
    m = skirmish(shaman=False)
    assert not m._terrain and not _any_difficult(m)
    for paint in (None, "obstacle", "difficult"):
        if paint:
            m.set_terrain((3, 2), paint)  # under Wulfric
        for n in m.names:
            assert terrain_modifiers(m, n) == m.terrain_modifiers(n)
    assert _any_difficult(m) and terrain_modifiers(m, "Wulfric")["attack"] == -2
