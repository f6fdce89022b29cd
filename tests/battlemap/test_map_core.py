"""The map's basics: distance, the square grid, pictures, the real Creature, rulesets, listeners.

Rules from 000_8d1d7816ee944f3b.txt: "Using the Battle Map – Measuring Distance in Combat";
"Option – Square Grid". Every test names the heading it comes from; the text's own examples
come first where there is one (split from the former tests/test_hexmap.py along the modules
of lfgcombat.battlemap).
"""

from __future__ import annotations

import pytest

from lfgcombat.errors import IllegalActionError, LfgError
from lfgcombat.battlemap.grid import Hex, Square
from lfgcombat.battlemap import Figure, HexMap, MapCreature

from ._maps import Mob, open_map


# --- distance ------------------------------------------------------------------------------
def test_distance_in_feet_example():
    """ "A target 30 hexes away = 150 feet!" ("Using the Battle Map – Measuring Distance")."""
    m = HexMap(40, 3)
    assert m.distance((0, 1), (30, 1)) == 150
    m.place(Mob("A"), (0, 1))
    m.place(Mob("B"), (30, 1), side="foes")
    assert m.distance("A", "B") == 150


def test_distance_between_footprints_uses_nearest_hexes():
    m = open_map()
    m.place(Mob("Ogre", "large"), (5, 5), side="foes")
    m.place(Mob("Wulfric"), (2, 5))
    near = min(Hex.distance(m.token("Wulfric").anchor, c) for c in m.footprint("Ogre"))
    assert m.distance("Wulfric", "Ogre") == 5 * near == 15


def test_square_grid_distance():
    m = HexMap(10, 10, grid="square")
    assert m.distance((0, 0), (2, 2)) == 15
    assert m.cell(3, 4) == Square(3, 4)


def test_square_grid_map_plays():
    """The "Option – Square Grid" behind the same interface: Large is 2x2, diagonals 5/10."""
    m = HexMap.from_text("grid: square\nterrain: |\n  . . . . . .\n  . . . . . .\n  . . . . . .\n"
                         "  . . . . . .\n  . . . . . .\n  . . . . . .\n")
    m.place(Mob("Ogre", "large"), (0, 0), side="foes")
    m.place(Mob("A", speed=20), (5, 5))
    assert len(m.footprint("Ogre")) == 4
    r = m.reachable("A")
    assert r.cost[Square(4, 4)] == 5 and r.cost[Square(3, 3)] == 15 and r.cost[Square(2, 2)] == 20
    assert Square(1, 1) not in r
    assert m.distance("A", "Ogre") == 30  # 4 diagonals from (5,5) to (1,1): 5+10+5+10
    assert Square(2, 2) in m.threatened("Ogre") and Square(3, 3) not in m.threatened("Ogre")


def test_picture_and_repr():
    m = HexMap(4, 2)
    m.set_terrain((1, 0), "wall")
    m.place(Mob("Wulfric"), (0, 1))
    assert m.picture() == ". # . .\n W . . ."
    assert m.picture(m.threatened("Wulfric")) == "* # . .\n W * . ."
    assert repr(m) == "HexMap(4x2 hex, 1 terrain cells, 1 creatures: Wulfric@(0, 1))"


# --- the real Creature fits the map's protocol ---------------------------------------------------
def test_real_creature_on_the_map():
    creature = pytest.importorskip("lfgcombat.creature")
    Creature = creature.Creature
    ogre = Creature.from_dict({"name": "Ogre", "level": 3, "max_hp": 30, "size": "large",
                               "weapons": [{"name": "greatclub", "damage": "2d8"}]})
    hero = Creature.from_dict({"name": "Wulfric", "level": 3, "class": "barbarian"})
    assert isinstance(ogre, MapCreature)
    m = open_map()
    m.place(ogre, (7, 5), side="monsters")
    m.place(hero, (3, 5))
    tok = m.token("Ogre")
    assert (len(tok.cells), tok.reach_ft, tok.speed_ft, tok.threatens) == (3, 10, 30, True)
    assert m.token("Wulfric").threatens is False  # unarmed: "you do not threaten"
    m.update(ogre.with_condition("prone"))
    assert m.threatened("Ogre") == frozenset()
    m.update(hero.replace(current_hp=-1))  # unconscious: helpless, cannot move
    assert m.token("Wulfric").helpless and len(m.reachable("Wulfric")) == 0


def test_picture_with_characters_per_cell_and_labels():
    """``picture`` draws a mapping cell -> character (e.g. movement costs in hexes) and lets
    creatures whose names start alike be told apart."""
    m = HexMap(5, 1)
    m.place(Mob("Orc1"), (0, 0), side="orcs")
    m.place(Mob("Orc2"), (4, 0), side="orcs")
    costs = m.reachable("Orc1").cost
    assert m.picture({c: ft // 5 for c, ft in costs.items()}) == "O 1 2 3 O"
    assert m.picture(labels={"Orc1": "1", "Orc2": "2"}) == "1 . . . 2"
    with pytest.raises(ValueError, match="one character"):
        m.picture({m.cell(1, 0): "12"})
    with pytest.raises(ValueError, match="one character"):
        m.picture(labels={"Orc1": ""})


def test_ruleset_switches_choose_grid_and_five_foot_step():
    """The Square Grid option and the Advanced 5-Foot Step are ruleset switches (off by
    default); an explicit HexMap argument wins."""
    from lfgcombat.rulesets import Ruleset
    assert HexMap(4, 4).grid == "hex"
    square = HexMap(4, 4, ruleset=Ruleset(grid="square", advanced_five_foot_step=True))
    assert square.grid == "square" and square.advanced_five_foot_step
    assert HexMap(4, 4, ruleset=Ruleset(grid="square"), grid="hex").grid == "hex"
    with pytest.raises(LfgError):
        HexMap(0, 3)


def test_hold_calls_the_listeners_once_after_the_block():
    """Widgets redraw once after a batch of changes (an encounter's replay), not per step."""
    m = HexMap(6, 4)
    seen = []
    m.observe(lambda mm: seen.append(mm.version))
    m.place(Figure("A"), (0, 0))
    assert len(seen) == 1
    with m.hold():
        m.move("A", [(1, 0)])
        with m.hold():
            m.set_terrain((3, 3), "wall")
        assert len(seen) == 1
    assert seen == [1, m.version]
    with m.hold():
        pass
    assert len(seen) == 2  # nothing changed: nobody is called
    with pytest.raises(IllegalActionError):
        with m.hold():
            m.set_terrain((5, 3), "wall")
            m.move("A", [(5, 3)])  # refused after a change
    assert len(seen) == 3 and seen[-1] == m.version
