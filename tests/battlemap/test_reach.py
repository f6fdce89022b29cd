"""Reach and the threatened area.

Rules from 000_8d1d7816ee944f3b.txt: "Reach & Threatened Area"; "Line of Effect (LoE)".
Every test names the heading it comes from; the text's own examples come first where there
is one (split from the former tests/test_hexmap.py along the modules of
lfgcombat.battlemap).
"""

from __future__ import annotations

import pytest

from lfgcombat.battlemap import HexMap

from ._maps import Mob, open_map


# --- threatened area -------------------------------------------------------------------------
def test_threatened_area_by_reach():
    """Medium threatens 5 ft (1 hex); a Large ogre "can reach out to 10 feet (2 hexes)";
    reach weapons extend it ("Reach & Threatened Area")."""
    m = open_map()
    m.place(Mob("Wulfric"), (3, 3))
    m.place(Mob("Ogre", "large"), (9, 5), side="foes")
    m.place(Mob("Pikeman", reach_ft=10), (3, 8))
    assert m.threatened("Wulfric") == frozenset(m.token("Wulfric").anchor.neighbors())
    ogre = m.footprint("Ogre")
    assert all(1 <= min(c.distance(o) for o in ogre) <= 2 for c in m.threatened("Ogre"))
    assert len(m.threatened("Pikeman")) == 18


@pytest.mark.parametrize("mob", [Mob("X", conditions=("prone",)), Mob("X", conditions=("helpless",)),
                                 Mob("X", conditions=("unconscious",)), Mob("X", conditions=("grappled",)),
                                 Mob("X", threatens=False)])
def test_who_does_not_threaten(mob):
    """Prone: "You do not Threaten AOO"; Grappled: "You do not Threaten the area around you";
    unarmed or ranged-only: "do not threaten"; helpless creatures don't ("Reach & Threatened
    Area", "Prone", "Grappled Condition")."""
    m = open_map()
    m.place(mob, (3, 3))
    assert m.threatened("X") == frozenset()


def test_tiny_reach_zero_threatens_only_its_hex():
    """ "A Tiny or Diminutive creature has a Reach of 0, meaning it must enter an opponent's
    hex to attack it in melee" ("Tiny (T) & Diminutive (D)")."""
    m = open_map()
    m.place(Mob("Pixie", "tiny"), (3, 3))
    assert m.threatened("Pixie") == m.footprint("Pixie")


def test_loaded_crossbow_threatens_10_feet():
    """ "Exception: Loaded Crossbows Threaten out to 10 feet" ("Reach & Threatened Area")."""
    m = open_map()
    m.place(Mob("Xbow", reach_ft=0), (5, 5), reach_ft=10)
    assert len(m.threatened("Xbow")) == 18


def test_reach_does_not_threaten_through_a_wall():
    """A threatened hex is where a creature "is capable of striking a foe", and "Total Cover
    blocks Line of Sight and Line of Effect" (000_8d1d7816ee944f3b.txt, "Reach & Threatened
    Area"; "Line of Effect (LoE)"): a spear's 10-ft reach stops at a wall; leaving a hex
    behind the wall provokes nothing, while the hexes it can reach stay threatened."""
    m = HexMap.from_text("""
terrain: |
  . . . # . . . .
   . . . # . . . .
  . . . # . . . .
   . . . # . . . .
  . . . # . . . .
creatures:
  - {name: Spear, at: [2, 2], reach: 10, side: foe}
  - {name: W, at: [4, 2]}
""")
    assert m.distance("Spear", "W") == 10 and not m.line_of_effect("Spear", "W")
    assert not m.threatens_creature("Spear", "W")
    assert not m.provokers("W", [(4, 2), (5, 2)])
    assert m.cell(0, 2) in m.threatened("Spear")  # 10 ft away in the open
    m.set_terrain([(3, r) for r in range(5)], "normal")
    assert m.threatens_creature("Spear", "W")
