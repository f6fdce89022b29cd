"""Line of sight and of effect on a map without walls, answered without reading the cover
(lfgcombat/battlemap/sight.py, ``_Sight._wall_free``; issue 25, item 4): only walls (and
closed doors) give Total Cover ("Total Cover blocks Line of Sight and Line of Effect",
000_8d1d7816ee944f3b.txt, "Line of Effect (LoE)"), so the shortcut must agree with the
cover read afresh, with obstacles, fog and creatures in the way, and stop as soon as a wall
is painted."""

from __future__ import annotations

import itertools

import pytest

from lfgcombat.battlemap.values import CoverLevel
from lfgcombat.errors import IllegalActionError

from ._maps import skirmish


def _fresh(m, a, b) -> tuple[bool, bool]:
    """(line of effect, line of sight) from covers worked out now."""
    loe = m._cover(a, b, False).level is not CoverLevel.TOTAL
    back = m._cover(b, a, False).level is not CoverLevel.TOTAL
    return loe, loe or back


def _agree(m) -> None:
    wheres = [*m.names, (0, 0), (8, 5), (4, 3)]
    for a, b in itertools.permutations(wheres, 2):
        assert (m.line_of_effect(a, b), m.line_of_sight(a, b)) == _fresh(m, a, b), (a, b)


@pytest.mark.parametrize("paint", [None, "obstacle", "fog", "wall"])
def test_wall_free_shortcut_agrees_with_the_cover(paint):
    m = skirmish()
    if paint:
        for c in ((4, 1), (4, 2), (4, 3), (5, 2)):
            m.set_terrain(c, paint)
    assert m._wall_free("Mayat", "Orc 1") is (paint != "wall")
    _agree(m)


def test_a_wall_painted_ends_the_shortcut():
    m = skirmish()
    assert m.line_of_effect("Mayat", "Orc 1")
    for r in range(6):
        m.set_terrain((4, r), "wall")  # a wall across the whole map
    assert not m.line_of_effect("Mayat", "Orc 1")
    assert not m.line_of_sight("Mayat", "Orc 1")
    _agree(m)


def test_unknown_names_are_refused_as_before():
    m = skirmish()
    with pytest.raises(IllegalActionError, match="nobody"):
        m.line_of_effect("Mayat", "nobody")
    with pytest.raises(IllegalActionError, match="nobody"):
        m.line_of_sight("nobody", "Mayat")
