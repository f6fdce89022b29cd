"""Moves: AOO along a path, 5-foot step, run, retreat, trade spaces, terrain modifiers.

Rules from 000_8d1d7816ee944f3b.txt: "What actions normally Provoke AOO?"; "What is a 5-Foot
Step?"; "Running in Combat – Full Details"; "Retreat Action / Disengage"; "Trade Spaces
Action". Every test names the heading it comes from; the text's own examples come first
where there is one (split from the former tests/test_hexmap.py along the modules of
lfgcombat.battlemap).
"""

from __future__ import annotations

import pytest

from lfgcombat.errors import IllegalActionError
from lfgcombat.battlemap import Figure, HexMap, Terrain

from ._maps import Mob, open_map, refused


# --- AOO along a path ----------------------------------------------------------------------
def test_provokes_once_per_creature():
    """ "Exiting a threatened hex provokes AOO from any creature threatening that hex. Even if
    you move through multiple hexes threatened by a single creature, you provoke only 1 AOO
    from that creature" ("What actions normally Provoke AOO?")."""
    m = HexMap(12, 5)
    m.place(Mob("A"), (2, 2))
    m.place(Mob("Ogre", "large"), (4, 0), side="foes")
    m.place(Mob("Orc"), (3, 3), side="foes")
    path = [m.cell(c, 2) for c in range(2, 9)]
    prov = m.provokers("A", path)
    assert sorted(prov.names) == ["Ogre", "Orc"]
    assert "provokes 2 AOO" in prov.explain()


def test_five_foot_step_and_retreat_do_not_provoke():
    """ "A 5-foot Step does not provoke AOO"; Retreat: "You may move up to your Move Speed
    without Provoking AOO for doing so ... If you move directly towards a new enemy, you will
    Provoke AOO from that enemy as normal" ("What is a 5-Foot Step?", "Retreat Action /
    Disengage")."""
    m = HexMap(14, 3)
    m.place(Mob("A"), (5, 1))
    m.place(Mob("Orc"), (6, 1), side="foes")
    m.place(Mob("Goblin"), (1, 0), side="foes")
    step = [m.cell(5, 1), m.cell(4, 1)]
    assert not m.provokers("A", step, action="five_foot_step")
    assert m.provokers("A", step).names == ["Orc"]
    # retreat west past the goblin: the orc (threatening the start) gets none, the goblin does
    path = [m.cell(c, 1) for c in range(5, -1, -1)]
    assert m.provokers("A", path, action="retreat").names == ["Goblin"]


def test_moving_into_an_occupied_space_provokes():
    """ "Moving into a creature's occupied space provokes AOO from that creature" ("What
    actions normally Provoke AOO?")."""
    m = open_map()
    m.place(Mob("Pixie", "tiny"), (1, 5))
    m.place(Mob("Ogre", "large", reach_ft=5), (5, 5), side="foes")
    target = sorted(m.footprint("Ogre"))[0]
    prov = m.provokers("Pixie", m.path("Pixie", target))
    assert prov.names == ["Ogre"]


def test_reachable_marks_provoking_cells_and_paths_avoid_aoo():
    m = HexMap(9, 9)
    m.place(Mob("A"), (4, 4))
    m.place(Mob("Orc"), (5, 4), side="foes")
    r = m.reachable("A")
    assert r.provoking == frozenset(r.cost)  # every exit from its hex provokes
    m2 = HexMap(13, 9)
    m2.place(Mob("A"), (2, 4))
    m2.place(Mob("Orc"), (6, 4), side="foes")
    r2 = m2.reachable("A")
    beyond = sorted(r2.provoking)[0]  # only by crossing the orc's threatened hexes
    assert m2.provokers("A", r2.path_to(beyond)).names == ["Orc"]
    inside = m2.cell(5, 4)  # entering a threatened hex does not provoke; leaving does
    assert inside in m2.threatened("Orc") and inside in r2.safe
    path = r2.path_to(inside)
    assert path[0] == m2.token("A").anchor and not m2.provokers("A", path)
    assert m2.path("A", inside) == path


# --- move: validate, then commit ---------------------------------------------------------------
def test_move_commits_only_legal_paths():
    m = HexMap(10, 3)
    m.set_terrain((4, 1), "wall")
    m.place(Mob("A"), (0, 1))
    m.place(Mob("B"), (2, 1))
    refused(m, m.move, "A", [(1, 1), (3, 1)], match="jumps")
    refused(m, m.move, "A", [(1, 1), (2, 1)], match="cannot end at")
    refused(m, m.move, "A", (4, 1), match="wall")
    refused(m, m.move, "A", [(1, 1), (2, 1), (3, 1), (3, 0), (4, 0), (5, 0), (6, 0), (7, 0)],
            match="costs 40 ft")
    with pytest.raises(IllegalActionError, match="no creature named 'Nobody'"):
        m.move("Nobody", (1, 1))
    res = m.move("A", [(1, 1), (2, 1), (3, 1)])
    assert res.cost_ft == 15 and m.token("A").anchor == m.cell(3, 1)
    assert m.moved_this_turn("A") == 15
    assert "A move: 3 step(s), 15 ft" in res.explain()


def test_five_foot_step_rules_simple():
    """A 5-Foot Step: 1 hex; "If you have already moved this turn, you cannot use this";
    "Simple Rule: You cannot make any other movement on your turn after making a 5-foot
    step"; "You cannot take a 5-foot Step into Difficult Terrain" ("What is a 5-Foot Step?",
    "Difficult Terrain")."""
    m = HexMap(8, 3)
    m.set_terrain((3, 1), "difficult")
    m.place(Mob("A"), (2, 1))
    refused(m, m.move, "A", (3, 1), action="five_foot_step", match="Difficult Terrain")
    refused(m, m.move, "A", [(1, 1), (0, 1)], action="five_foot_step", match="1 hex")
    m.move("A", (1, 1), action="five_foot_step")
    refused(m, m.move, "A", (0, 1), match="Simple Rule")
    refused(m, m.move, "A", (2, 1), action="five_foot_step", match="already moved")
    m.start_turn("A")
    m.move("A", (2, 1))
    refused(m, m.move, "A", (1, 1), action="five_foot_step", match="already moved")


def test_five_foot_step_advanced_option():
    """ "Advanced Rule Option: ... you may move only half your normal move distance, you become
    Unfortunate ... penalties as from using the Run Action" ("What is a 5-Foot Step?")."""
    m = HexMap(12, 3, advanced_five_foot_step=True)
    m.place(Mob("A"), (2, 1))
    m.move("A", (1, 1), action="five_foot_step")
    assert max(m.reachable("A").cost.values()) == 15
    res = m.move("A", [(2, 1), (3, 1), (4, 1)])
    assert any("Unfortunate" in n for n in res.notes)
    m.start_turn("A")
    m.move("A", (3, 1), action="five_foot_step")
    refused(m, m.move, "A", [(c, 1) for c in range(4, 8)], match="has 15 ft")


def test_run_rules():
    """Run: "up to double your Move Speed in a straight line"; "You cannot Run over Difficult
    Terrain"; not through "an enemy or non-allied creature"; "You may Run through a single
    ally's occupied space ... additional allies prevent your running movement" ("Running in
    Combat – Full Details")."""
    m = HexMap(20, 5)
    m.place(Mob("A"), (0, 2))
    path = m.run_path("A", (12, 2))
    assert len(path) == 13
    refused(m, m.run_path, "A", (13, 2), match="double Move Speed")
    m.place(Mob("Ally1"), (3, 2))
    m.run_path("A", (12, 2))
    m.place(Mob("Ally2"), (5, 2))
    refused(m, m.run_path, "A", (12, 2), match="2 allies")
    m.remove("Ally2")
    m.set_terrain((7, 2), "difficult")
    refused(m, m.run_path, "A", (12, 2), match="Difficult Terrain")
    m.set_terrain((7, 2), "normal")
    m.place(Mob("Foe"), (9, 2), side="foes")
    refused(m, m.run_path, "A", (12, 2), match="non-allied")
    res = m.move("A", (6, 2), action="run")
    assert res.cost_ft == 30 and any("-2 AC" in n for n in res.notes)
    refused(m, m.move, "A", [(7, 2), (7, 1), (6, 1)], action="run", match="straight line")


def test_retreat_rules():
    """Retreat: "You must attempt to move away from enemy units"; "You cannot move through
    occupied enemy spaces"; "You may Retreat while Prone, but you move only half your Move
    Speed"; "You must be wielding a melee weapon or otherwise threaten your area"."""
    m = HexMap(14, 3)
    m.place(Mob("A"), (5, 1))
    m.place(Mob("Orc"), (6, 1), side="foes")
    refused(m, m.move, "A", [(5, 0), (6, 0), (7, 0), (7, 1)], action="retreat", match="no farther")
    refused(m, m.move, "A", [(5, 0), (6, 0), (7, 0), (7, 1), (7, 2), (6, 2)], action="retreat",
            match="no farther|enemy spaces|closer")
    res = m.move("A", [(4, 1), (3, 1), (2, 1)], action="retreat")
    assert not res.provokers and any("Unfortunate" in n for n in res.notes)
    m2 = HexMap(14, 3)
    m2.place(Mob("A", threatens=False), (5, 1))
    m2.place(Mob("Orc"), (6, 1), side="foes")
    refused(m2, m2.move, "A", (3, 1), action="retreat", match="does not threaten")
    m3 = HexMap(14, 3)
    m3.place(Mob("A", conditions=("prone",)), (5, 1))
    m3.place(Mob("Orc"), (6, 1), side="foes")
    assert m3.reachable("A", action="retreat").budget_ft == 15


def test_immobile_creatures_cannot_move():
    m = open_map()
    m.place(Mob("A", conditions=("grappled",)), (3, 3))
    refused(m, m.move, "A", (4, 3), match="cannot move")
    assert len(m.reachable("A")) == 0


def test_trade_spaces():
    """Trade Spaces: adjacent willing allies "within 1 size category"; "Both characters that
    swap places provoke AOO if they leave a threatened hex" ("Trade Spaces Action")."""
    m = open_map()
    m.place(Mob("A"), (3, 3))
    m.place(Mob("B"), (4, 3))
    m.place(Mob("Orc"), (5, 3), side="foes")
    m.place(Mob("Ogre", "large"), (8, 8))
    a0, b0 = m.token("A").anchor, m.token("B").anchor
    pa, pb = m.trade_spaces("A", "B")
    assert m.token("A").anchor == b0 and m.token("B").anchor == a0
    assert not pa and pb.names == ["Orc"]
    refused(m, m.trade_spaces, "A", "Orc", match="not allies")
    refused(m, m.trade_spaces, "A", "Ogre", match="apart")


def test_terrain_modifiers():
    """ "Standing on Difficult Terrain imposes a -2 penalty on Attacks & -2AC" ("Difficult
    Terrain")."""
    m = open_map()
    m.set_terrain((3, 3), "difficult")
    m.place(Mob("A"), (3, 3))
    m.place(Mob("B"), (5, 5))
    assert m.terrain_modifiers("A") == {"attack": -2, "ac": -2}
    assert m.terrain_modifiers("B") == {"attack": 0, "ac": 0}


def test_a_cramped_creature_pays_no_double_for_a_tight_space():
    """"Tight Spaces: If you must move through tight spaces (about half your height), you
    are cramped while doing so. Cramped: ½ Move Speed" (000_8d1d7816ee944f3b.txt, "Moving in
    Combat – Terrain, Creatures, & Other Issues"): the map charges 10 ft a tight hex to a
    creature whose speed is not yet halved, and 5 ft to one already Cramped (half speed),
    never both."""
    m = HexMap(8, 3)
    m.set_terrain([(2, 1), (3, 1), (4, 1)], Terrain.TIGHT)
    m.place(Figure("Free"), (1, 1), "party")
    m.place(Figure("Squeezed", speed=15, conditions=("cramped",)), (2, 0), "party")
    assert m.reachable("Free").cost[m.cell(3, 1)] == 20
    # Squeezed: (2,0) -> (2,1) -> (3,1): 5 ft each, within its halved 15 ft
    assert m.reachable("Squeezed").cost[m.cell(3, 1)] == 10


def test_advanced_five_foot_step_halves_all_the_rest_of_the_turn():
    """"Advanced Rule Option: If you make a 5-foot step and then choose to move again on your
    turn, you may move only half your normal move distance" (000_8d1d7816ee944f3b.txt, "What
    is a 5-Foot Step?"): after the step a Run gets no more than a move, and two moves share
    the one half."""
    m = HexMap(20, 5, advanced_five_foot_step=True)
    m.place(Figure("W"), (2, 2))
    m.move("W", [(3, 2)], action="five_foot_step")
    assert m.budget("W", "run") == 15 == m.reachable("W", action="run").budget_ft
    with pytest.raises(IllegalActionError, match="half its normal move distance"):
        m.move("W", (10, 2), action="run")
    m.move("W", [(4, 2), (5, 2)])  # 10 of the 15
    assert m.budget("W") == 5 and m.budget("W", spent=False) == 15
    before = m.snapshot()
    with pytest.raises(IllegalActionError, match="moved 10 ft since"):
        m.move("W", [(6, 2), (7, 2)])
    assert m.snapshot() == before
    m.move("W", [(6, 2)])
    assert m.budget("W") == 0
