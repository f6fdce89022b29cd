"""Space: footprints, sharing, the Cramped condition, accidental and illegal locations.

Rules from 000_8d1d7816ee944f3b.txt: "Creature Size: Size, Space, Reach"; "Space in Combat
Gameplay"; "Accidental / Illegal Locations". Every test names the heading it comes from; the
text's own examples come first where there is one (split from the former
tests/test_hexmap.py along the modules of lfgcombat.battlemap).
"""

from __future__ import annotations

import pytest

from lfgcombat.errors import IllegalActionError
from lfgcombat.battlemap import Figure, HexMap, MapFormatError, Terrain

from ._maps import Mob, open_map, refused, SPACE, footprint_of


# --- placement -----------------------------------------------------------------------------
@pytest.mark.parametrize("size,n", [("diminutive", 1), ("tiny", 1), ("small", 1), ("medium", 1),
                                    ("large", 3), ("huge", 7), ("gargantuan", 10)])
def test_footprint_by_size(size, n):
    """Space: "Medium ... one 5-Foot hex"; Large "3 contiguous hexes"; Huge "7"; Gargantuan
    "10-12" ("Size Categories")."""
    m = open_map()
    tok = m.place(Mob("X", size), (6, 5))
    assert len(tok.cells) == n and tok.cells == m.footprint("X")


def test_place_refusals_change_nothing():
    """ "In combat, no two creatures may occupy the same space" ("Space in Combat Gameplay");
    off the map and into walls are refused too."""
    m = open_map()
    m.set_terrain((3, 3), "wall")
    m.place(Mob("A"), (1, 1))
    refused(m, m.place, Mob("B"), (1, 1), match="occupied by A")
    refused(m, m.place, Mob("B"), (1, 1), side="foes", match="occupied by A")
    refused(m, m.place, Mob("B"), (3, 3), match="wall")
    refused(m, m.place, Mob("B"), (99, 0), match="off this")
    refused(m, m.place, Mob("A"), (5, 5), match="already on the map")
    refused(m, m.place, Mob("Big", "huge"), (0, 0), match="off this")  # half off the map
    with pytest.raises(IllegalActionError, match="unknown size"):
        m.place(Mob("C", "colossal"), (6, 6))


def test_tiny_creatures_share_hexes():
    """ "Four Tiny or 16 Diminutive creatures can fit into a single hex, and these creatures
    can share spaces with larger creatures without penalty" ("Tiny (T) & Diminutive (D)")."""
    m = open_map()
    m.place(Mob("Wulfric"), (4, 4))
    for i in range(4):
        m.place(Mob(f"cat{i}", "tiny"), (4, 4))
    assert len(m.at((4, 4))) == 5
    refused(m, m.place, Mob("cat4", "tiny"), (4, 4), match="Tiny/Diminutive")


def test_allies_two_sizes_apart_share():
    """ "You may occupy the same space as a creature 2+ size categories smaller than you
    without penalty" ("Space in Combat Gameplay")."""
    m = open_map()
    m.place(Mob("Horse", "large"), (4, 4))
    m.place(Mob("Rider", "medium"), (6, 4), side="party")
    refused(m, m.place, Mob("Squire", "medium"), (4, 4), match="occupied by Horse")
    m.place(Mob("Halfling", "small"), (4, 4))


def test_gm_may_share_an_allys_hex_and_both_are_cramped():
    """ "In combat, if you occupy the same space as an allied or indifferent creature within
    1 size category of your own, you both gain the Cramped condition" ("Space in Combat
    Gameplay"); "the GM may place you in the same hex as an ally, causing both of you the
    Cramped condition" ("Moving in Combat – Terrain, Creatures, & Other Issues", "Accidental /
    Illegal Locations")."""
    m = open_map()
    m.set_terrain((3, 3), "wall")
    m.place(Mob("A"), (4, 4))
    m.place(Mob("Orc"), (6, 6), side="foes")
    assert m.cramped("A") == () and m.conditions_from_space("A") == ()
    refused(m, m.place, Mob("B"), (4, 4), match="occupied by A")  # the default is unchanged
    m.place(Mob("B"), (4, 4), share=True)
    assert sorted(m.at((4, 4))) == ["A", "B"]
    for n, other in (("A", "B"), ("B", "A")):
        why = m.cramped(n)
        assert len(why) == 1 and other in why[0] and SPACE in why[0]
        assert m.conditions_from_space(n) == ("cramped",)
    # sharing is for allies only; walls and the edge still refuse
    refused(m, m.place, Mob("C"), (6, 6), share=True, match="occupied by Orc")
    refused(m, m.place, Mob("C"), (3, 3), share=True, match="wall")
    refused(m, m.place, Mob("C"), (99, 0), share=True, match="off this")
    # "You cannot end your movement in a space occupied by either a friend or foe": moves still refuse
    m.place(Mob("D"), (4, 6))
    refused(m, m.move, "D", (4, 4), match="occupied by")
    # leaving the shared hex ends the Cramped condition for both
    m.move("B", (5, 4))
    assert m.cramped("A") == m.cramped("B") == ()


def test_small_and_medium_share_cramped_but_two_sizes_apart_do_not():
    """ "within 1 size category" -> Cramped; "You may occupy the same space as a creature 2+
    size categories smaller than you without penalty" ("Space in Combat Gameplay")."""
    m = open_map()
    m.place(Mob("Man"), (2, 2))
    m.place(Mob("Gnome", "small"), (2, 2), share=True)
    assert m.conditions_from_space("Man") == m.conditions_from_space("Gnome") == ("cramped",)
    m.place(Mob("Horse", "large"), (6, 4))
    m.place(Mob("Halfling", "small"), (6, 4))  # 2 sizes apart: allowed without share
    assert m.cramped("Horse") == m.cramped("Halfling") == ()
    other = min(c for c in m.footprint("Horse") if c != m.cell(6, 4))
    m.place(Mob("Squire"), other, share=True)  # large & medium: within 1 size
    assert any("Squire" in r for r in m.cramped("Horse"))
    assert m.conditions_from_space("Squire") == ("cramped",)
    assert m.conditions_from_space("Halfling") == ()  # 2+ sizes from Horse, not in Squire's hex


def test_tiny_and_diminutive_sharing_causes_nothing():
    """Tiny or Diminutive creatures "generally [do] not cause any issues with space for other
    creatures, and many of them can be in a single hex without issue" ("Space in Combat
    Gameplay")."""
    m = open_map()
    m.place(Mob("Wulfric"), (4, 4))
    m.place(Mob("cat", "tiny"), (4, 4))
    m.place(Mob("rat", "tiny"), (4, 4))
    m.place(Mob("fly", "diminutive"), (4, 4))
    assert all(m.cramped(n) == () for n in ("Wulfric", "cat", "rat", "fly"))


def test_grappling_does_not_cramp_and_foes_do_not():
    """ "Grappling does not cause the cramped condition"; only "an allied or indifferent
    creature" cramps you ("Space in Combat Gameplay")."""
    m = open_map()
    m.place(Mob("A", conditions=("grappled",)), (4, 4))
    m.place(Mob("B"), (4, 4), share=True)
    assert m.cramped("A") == m.cramped("B") == ()
    m.place(Mob("Mouse", "small"), (8, 4))
    m.place(Mob("Dragon", "gargantuan"), (8, 4), side="foes")  # a foe 3+ sizes larger may stop there
    assert m.cramped("Mouse") == m.cramped("Dragon") == ()


def test_two_large_creatures_may_share_one_hex():
    """ "Two Large Size+ creatures may share 1 hex (or 33%) of their total space with one
    another without penalty. Anything beyond that causes the Cramped condition" ("Space in
    Combat Gameplay")."""
    a = footprint_of("large", (5, 5))
    near = [(c, r) for c in range(2, 9) for r in range(2, 9)]
    one = next(x for x in near if len(footprint_of("large", x) & a) == 1)
    two = next(x for x in near if len(footprint_of("huge", x) & a) == 2)
    m = open_map()
    m.place(Mob("Ogre", "large"), (5, 5))
    m.place(Mob("Bear", "large"), one, share=True)
    assert m.cramped("Ogre") == m.cramped("Bear") == ()
    m.remove("Bear")
    m.place(Mob("Bear", "large"), (5, 5), share=True)  # all 3 hexes
    assert m.conditions_from_space("Ogre") == m.conditions_from_space("Bear") == ("cramped",)
    assert "only 1" in m.cramped("Ogre")[0]
    m.remove("Bear")
    m.place(Mob("Giant", "huge"), two, share=True)  # Large & Huge: 2 hexes is beyond 1
    assert m.conditions_from_space("Ogre") == m.conditions_from_space("Giant") == ("cramped",)


def test_accidental_location_goes_to_last_legal_position_on_the_path():
    """ "If you accidentally end up in a location that is not a legal position, such as in an
    enemy's hex or within a wall or table, you are instead placed in the last legal position
    along your movement path" ("Moving in Combat – Terrain, Creatures, & Other Issues",
    "Accidental / Illegal Locations")."""
    m = open_map()
    m.place(Mob("A"), (2, 2))
    m.place(Mob("Orc"), (5, 2), side="foes")
    m.place(Mob("B"), (4, 2))
    path = [(2, 2), (3, 2), (4, 2), (5, 2)]
    before = m.snapshot()
    rel = m.nearest_legal("A", (5, 2), path=path)
    assert m.snapshot() == before  # only asks
    assert (rel.how, rel.cell, rel.moved) == ("last_legal_on_path", m.cell(3, 2), True)
    assert "Orc" in rel.reason and "Accidental / Illegal Locations" in rel.explain()
    # the GM may put A in B's hex instead: both Cramped
    rel = m.nearest_legal("A", (5, 2), path=path, share=True)
    assert rel.cell == m.cell(4, 2) and rel.shares_with == ("B",)
    assert "Cramped" in rel.explain()
    rel = m.relocate("A", (5, 2), path=path, share=True)
    assert m.token("A").anchor == m.cell(4, 2)
    assert m.conditions_from_space("A") == m.conditions_from_space("B") == ("cramped",)
    # the start of the path is always legal
    m.set_terrain((6, 6), "wall")
    m.place(Mob("C"), (6, 5))
    assert m.nearest_legal("C", (6, 6), path=[(6, 5), (6, 6)]).cell == m.cell(6, 5)
    # a legal spot stays as asked
    rel = m.nearest_legal("C", (9, 9))
    assert (rel.how, rel.moved, rel.reason) == ("as_asked", False, "")


def test_accidental_location_without_a_path_uses_the_nearest_legal_space():
    """ "If none is available, the nearest legal space should be used at GM Discretion"
    ("Accidental / Illegal Locations"): nearest by distance, ties to the upper row then the
    left column (decision)."""
    m = open_map()
    m.set_terrain((5, 5), "wall")
    rel = m.nearest_legal(Mob("Z"), (5, 5))
    assert rel.how == "nearest" and "wall" in rel.reason
    assert m.distance(rel.cell, (5, 5)) == 5
    ring = [c for c in m.cells if m.distance(c, (5, 5)) == 5]
    assert m.offset(rel.cell) == min((m.offset(c) for c in ring), key=lambda o: (o[1], o[0]))
    # the whole first ring taken: the next ring
    for i, c in enumerate(sorted(ring)):
        m.place(Mob(f"f{i}"), c, side="foes")
    expected = m.nearest_legal(Mob("Z"), (5, 5)).cell
    assert m.distance(expected, (5, 5)) == 10
    # place(..., fallback=True) puts it there
    tok = m.place(Mob("Z"), (5, 5), fallback=True)
    assert tok.anchor == expected
    # a Large creature's whole footprint must be legal
    rel = m.nearest_legal(Mob("Ogre", "large"), (5, 5))
    assert all(not m.at(c) and m.terrain(c) is not Terrain.WALL
               for c in footprint_of("large", m.offset(rel.cell)))


def test_relocation_with_nowhere_legal_changes_nothing():
    """No legal space anywhere: refused, citing "Accidental / Illegal Locations"."""
    m = HexMap(2, 1)
    m.place(Mob("A"), (0, 0))
    m.place(Mob("Orc"), (1, 0), side="foes")
    m.place(Mob("B"), (0, 0), share=True)
    e = refused(m, m.relocate, "B", (1, 0), match="no legal position")
    assert "Accidental / Illegal Locations" in e.rule
    refused(m, m.place, Mob("C"), (1, 0), fallback=True, match="no legal position")
    assert m.relocate("B", (1, 0), share=True).cell == m.cell(0, 0)


def test_tight_space_costs_double_and_cramps():
    """"Tight Spaces: If you must move through tight spaces (about half your height), you are
    cramped while doing so" (000_8d1d7816ee944f3b.txt, "Moving in Combat – Terrain,
    Creatures, & Other Issues"); Cramped halves Move Speed, so each hex costs 10 ft."""
    m = HexMap(6, 1)
    m.set_terrain([(2, 0), (3, 0)], Terrain.TIGHT)
    m.place(Figure("Sneak"), (0, 0), side="party")
    r = m.reachable("Sneak")
    assert r.cost[m.geometry.cell(1, 0)] == 5
    assert r.cost[m.geometry.cell(2, 0)] == 15 and r.cost[m.geometry.cell(3, 0)] == 25
    assert m.cramped("Sneak") == ()
    m.move("Sneak", (2, 0))
    assert m.conditions_from_space("Sneak") == ("cramped",)
    assert "tight space" in m.cramped("Sneak")[0]
    assert HexMap.from_text(m.to_text()).terrain((2, 0)) is Terrain.TIGHT


def test_unknown_terrain_is_a_clear_error_and_changes_nothing():
    m = HexMap(4, 4)
    before = m.snapshot()
    with pytest.raises(MapFormatError, match="the kinds are normal, difficult"):
        m.set_terrain((1, 1), "lava")
    with pytest.raises(IllegalActionError, match="off this 4x4 map"):
        m.set_elevation([(1, 1), (9, 9)], 10)
    assert m.snapshot() == before
