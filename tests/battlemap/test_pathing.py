"""Pathing: reachable cells and their cost.

Rules from 000_8d1d7816ee944f3b.txt: "Moving in Combat – Terrain, Creatures, & Other
Issues"; "Movement in Combat". Every test names the heading it comes from; the text's own
examples come first where there is one (split from the former tests/test_hexmap.py along the
modules of lfgcombat.battlemap).
"""

from __future__ import annotations

from lfgcombat.battlemap.grid import Hex
from lfgcombat.battlemap import HexMap

from ._maps import Mob, open_map, refused


# --- reachable -----------------------------------------------------------------------------
def test_reachable_open_ground_is_six_hexes():
    """ "Most characters have Move Speed 30, which means they can move up to 30 feet (6 hexes)"
    ("Movement in Combat")."""
    m = HexMap(21, 21)
    m.place(Mob("A"), (10, 10))
    r = m.reachable("A")
    assert len(r) == 3 * 6 * 7  # the 127-hex spiral without the start
    assert max(r.cost.values()) == 30 and not r.provoking


def test_difficult_terrain_costs_double():
    """ "Entering a hex of Difficult Terrain costs 2 hexes (10 feet) of movement" ("Difficult
    Terrain")."""
    m = HexMap(12, 1)
    m.set_terrain([(c, 0) for c in range(2, 12)], "difficult")
    m.place(Mob("A"), (0, 0))
    r = m.reachable("A")
    assert {m.offset(c): d for c, d in r.cost.items()} == {(1, 0): 5, (2, 0): 15, (3, 0): 25}
    # with a normal row beside it, going round is cheaper than wading through
    m2 = HexMap(12, 3)
    m2.set_terrain([(c, 1) for c in range(2, 12)], "difficult")
    m2.place(Mob("A"), (0, 1))
    assert m2.reachable("A").cost[m2.cell(4, 1)] == 30 < 5 + 3 * 10


def test_walls_block_and_allies_pass_but_not_end():
    """ "You may move through a hex occupied by a friendly creature at no extra cost";
    "You cannot end your movement in a space occupied by either a friend or foe"; "You
    cannot move through a hex occupied by an enemy creature unless they are helpless"
    ("Friends & Enemies in Combat")."""
    m = HexMap(9, 1)
    m.place(Mob("A"), (0, 0))
    m.place(Mob("Friend"), (1, 0))
    r = m.reachable("A")
    assert m.cell(1, 0) not in r and m.cell(2, 0) in r and r.cost[m.cell(2, 0)] == 10
    m.place(Mob("Foe"), (3, 0), side="foes")
    r = m.reachable("A")
    assert m.cell(2, 0) in r and m.cell(4, 0) not in r
    refused(m, m.move, "A", [(1, 0), (2, 0), (3, 0), (4, 0)], match="occupied by Foe")
    m.update(Mob("Foe", conditions=("unconscious",)))
    r = m.reachable("A")
    # an unconscious Medium body is difficult terrain ("Bodies of dead & unconscious ...")
    assert m.cell(3, 0) not in r and r.cost[m.cell(4, 0)] == 25
    m.set_terrain((5, 0), "wall")
    assert m.cell(6, 0) not in m.reachable("A")


def test_big_creature_ignores_difficult_terrain_under_half():
    """ "A creature that takes up 3 or more hexes may ignore Difficult Terrain if less than
    half of the creature occupies the Difficult Terrain" ("Big creatures and Difficult
    Terrain")."""
    m = open_map()
    m.place(Mob("Ogre", "large"), (2, 4))
    east = m.token("Ogre").anchor + Hex(1, 0)
    fp = m.geometry.footprint(east, 3)
    one = sorted(fp)[0]
    m.set_terrain(one, "difficult")
    assert m.reachable("Ogre").cost[east] == 5
    m.set_terrain([c for c in sorted(fp)[:2]], "difficult")
    assert m.reachable("Ogre").cost[east] == 10


def test_minimum_movement():
    """ "If you are ever reduced to a Move Speed of 5 feet or less ... you may spend a Big
    Action that Provokes AOO to move 5 feet. You cannot take a 5-Foot Step" ("Movement in
    Combat")."""
    m = open_map()
    m.place(Mob("Slow", speed=5), (5, 5))
    m.place(Mob("Orc"), (6, 5), side="foes")
    r = m.reachable("Slow")
    assert set(r) <= set(m.token("Slow").anchor.neighbors()) and r.provoking == frozenset(r.cost)
    res = m.move("Slow", (4, 5))
    assert res.provokers.names == ["Orc"]
    m.start_turn("Slow")
    refused(m, m.move, "Slow", (5, 5), action="five_foot_step", match="5 ft or less")
