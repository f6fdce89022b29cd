"""Flanking.

Rules from 000_8d1d7816ee944f3b.txt: "Flanking / Being Flanked". Every test names the
heading it comes from; the text's own examples come first where there is one (split from the
former tests/test_hexmap.py along the modules of lfgcombat.battlemap).
"""

from __future__ import annotations

from lfgcombat.battlemap.grid import Hex
from lfgcombat.battlemap import HexMap

from ._maps import Mob, flank_map, at


def test_flanking_allies_1_2_3():
    """ "Ally 1 and Ally 2 are flanking the Enemy. Ally 3 is also Flanking with Ally 2. Ally 1
    and Ally 3 are not in a flanking position" ("Flanking / Being Flanked"; the picture is
    not in the text: 1 west, 2 east, 3 north-west of a Medium enemy)."""
    m = flank_map()
    at(m, "Ally 1", Hex(-1, 0))
    at(m, "Ally 2", Hex(1, 0))
    at(m, "Ally 3", Hex(0, -1))
    f = m.flanking("Enemy")
    assert f.pairs == (("Ally 1", "Ally 2"), ("Ally 2", "Ally 3"))
    assert m.is_flanked("Enemy") and "-2 AC" in f.explain()


def test_flanking_allies_4_5_6():
    """ "Ally 4 and 5 are not flanking, nor are Ally 4 and 6. However, since 5 and 6 are in a
    flanking position, the enemy is flanked" (4 between 5 and 6, next to each)."""
    m = flank_map()
    at(m, "Ally 5", Hex(1, 0))
    at(m, "Ally 6", Hex(0, -1))
    at(m, "Ally 4", Hex(1, -1))
    assert m.flanking("Enemy").pairs == (("Ally 5", "Ally 6"),)
    assert m.flankers("Enemy") == ["Ally 5", "Ally 6"]


def test_flanking_a_large_enemy_needs_two_hexes_between():
    """ "To Flank a Large creature, there must be at least 2 hexes of space between the
    threatening enemies"; "Ally 7 and 8 are not flanking independently, nor are Ally 7 and
    9. However, since Ally 8 and 9 are in a flanking position, the large enemy is flanked"."""
    m = flank_map("large")
    at(m, "Ally 8", Hex(-1, 0))
    at(m, "Ally 9", Hex(2, 0))
    at(m, "Ally 7", Hex(1, -1))
    assert m.flanking("Enemy").pairs == (("Ally 8", "Ally 9"),)
    # two allies with only one hex between them do not flank a Large enemy
    m2 = flank_map("large")
    at(m2, "A", Hex(-1, 1))
    at(m2, "B", Hex(1, 1))
    assert m2.distance("A", "B") == 10 and not m2.is_flanked("Enemy")
    assert "2 hexes of space" in m2.flanking("Enemy").explain()


def test_flanking_needs_threat_and_opposite_sides():
    """ "Creatures who do not threaten cannot cause a creature to be flanked"; adjacent
    allies (no hex between them) do not flank; a reach weapon flanks from 2 hexes away."""
    m = flank_map()
    at(m, "A", Hex(-1, 0))
    at(m, "B", Hex(1, 0), threatens=False)
    assert not m.is_flanked("Enemy")
    m2 = flank_map()
    at(m2, "A", Hex(-1, 0))
    at(m2, "B", Hex(-1, 1))
    assert not m2.is_flanked("Enemy")
    m3 = flank_map()
    at(m3, "A", Hex(-1, 0))
    at(m3, "Pike", Hex(2, 0), reach_ft=10)
    assert m3.flankers("Enemy") == ["A", "Pike"]
    assert not m3.is_flanked("Enemy", ignored=["Pike"])  # "Ignore an enemy"


def test_grappled_cannot_be_flanked():
    """Grappled: "You cannot be flanked" ("Grappled Condition")."""
    m = HexMap(15, 15)
    m.place(Mob("Enemy", conditions=("grappled",)), (7, 7), side="foes")
    at(m, "A", Hex(-1, 0))
    at(m, "B", Hex(1, 0))
    f = m.flanking("Enemy")
    assert not f and "grappled" in f.explain()


def test_flanking_reasons_name_who_threatens():
    m = flank_map()
    assert "no enemy threatens it" in m.flanking("Enemy").explain()
    at(m, "A", Hex(-1, 0))
    assert "only A threatens it" in m.flanking("Enemy").explain()
