"""The Half Hex Rule: room across a row with half hexes.

Rules from 000_8d1d7816ee944f3b.txt: "Using the Battle Map – Measuring Distance in Combat"
("Half Hex Rule"). Every test names the heading it comes from; the text's own examples come
first where there is one (split from the former tests/test_hexmap.py along the modules of
lfgcombat.battlemap).
"""

from __future__ import annotations

import pytest

from lfgcombat.errors import IllegalActionError
from lfgcombat.battlemap import CoverLevel, CrossSection, HexMap, MapFormatError, Terrain

from ._maps import Mob, refused, HALLWAY, HALF_RULE, hallway


def test_half_hex_rule_example_of_the_text():
    """"The hallway is 10 feet wide, yet Chessan only has half-hexes available to either side.
    Since Chessan & Mayat are Medium Size (5 Feet), Mayat can stand next to Chessan in the half
    hex without penalty. Likewise, Sokaris could take a 5' Step into the half hex next to
    Wulfric to engage the Troll. However, Sokaris cannot step back into the half hex at
    Chessan's right, as this would place three 5-foot creatures in a space only 10 feet
    across" (000_8d1d7816ee944f3b.txt, "Using the Battle Map – Measuring Distance in Combat",
    Half Hex Rule)."""
    m = hallway()
    assert [m.terrain((c, 5)) for c in range(5)] == [Terrain.WALL, Terrain.HALF, Terrain.NORMAL,
                                                      Terrain.HALF, Terrain.WALL]
    m.place(Mob("Mayat"), (1, 5))  # the half hex at Chessan's left
    cs = m.cross_section((2, 5))
    assert isinstance(cs, CrossSection)
    assert (cs.row, cs.columns, cs.width_ft, cs.room, cs.used) == (5, (1, 3), 10, 2, 2)
    assert cs.holds == ("Mayat", "Chessan") and cs.full
    assert "row 5, columns 1-3: 10 ft wide, room for 2 creatures of 5 ft" in cs.explain() and "Half Hex Rule" in cs.explain()
    # the step back into the half hex at Chessan's right: three 5-foot creatures in 10 feet
    before = (m.snapshot(), m.to_text(), m.tokens())
    e = refused(m, m.move, "Sokaris", [(3, 5)], action="five_foot_step", match=HALF_RULE)
    assert "Using the Battle Map – Measuring Distance in Combat" in e.rule and "Half Hex Rule" in e.rule
    assert "(3, 5) is in a 10-ft-wide cross-section (row 5, columns 1-3)" in str(e)
    assert "already holds Mayat and Chessan" in str(e)
    assert (m.snapshot(), m.to_text(), m.tokens()) == before
    assert m.cell(3, 5) not in m.reachable("Sokaris", action="five_foot_step")
    # the step into the half hex next to Wulfric, engaging the troll
    res = m.move("Sokaris", [(3, 3)], action="five_foot_step")
    assert res.cost_ft == 5 and not res.provokers
    assert m.threatens_creature("Sokaris", "Troll") and m.distance("Sokaris", "Troll") == 5
    assert m.cross_section((3, 3)).holds == ("Wulfric", "Sokaris")
    assert m.picture().splitlines()[3] == " # h W S #"


def test_half_hex_cross_section_is_bounded_by_walls_and_the_edge():
    """The room across a row: half hexes 2.5 ft, other cells 5 ft, between walls or the map's
    edge; rows with no half hex have none (000_8d1d7816ee944f3b.txt, "Using the Battle Map –
    Measuring Distance in Combat", Half Hex Rule)."""
    m = HexMap.from_text("h . h # h h # . .\n . . . . . . . . .\n")
    first, second, none = m.cross_section((0, 0)), m.cross_section((5, 0)), m.cross_section((8, 0))
    assert (first.columns, first.width_ft, first.room) == ((0, 2), 10, 2)
    assert (second.columns, second.width_ft, second.room) == ((4, 5), 5, 1)
    assert none is None and m.cross_section((3, 1)) is None
    assert m.cross_section((0, 0)) == m.cross_section((2, 0))  # one cross-section for its cells
    with pytest.raises(TypeError):
        m.cross_section("nowhere")


def test_half_hexes_move_like_normal_terrain():
    """"you may use half of a hexagon as a full hex without suffering penalties": 5 ft to
    enter, a 5-foot step allowed, no attack/AC penalty, running over it (000_8d1d7816ee944f3b.txt,
    "Using the Battle Map – Measuring Distance in Combat", Half Hex Rule; "What is a 5-Foot
    Step?")."""
    assert Terrain.HALF.passable and not Terrain.HALF.costs_double and not Terrain.HALF.is_difficult
    assert Terrain.HALF.char == "h"
    m = HexMap(8, 3)
    m.set_terrain([(2, 1), (3, 1), (4, 1)], Terrain.HALF)
    m.place(Mob("A"), (1, 1))
    r = m.reachable("A")
    assert [r.cost[m.cell(c, 1)] for c in (2, 3, 4, 5)] == [5, 10, 15, 20]
    assert m.cell(2, 1) in m.reachable("A", action="five_foot_step")
    m.move("A", [(2, 1)], action="five_foot_step")
    assert not any(m.terrain_modifiers("A").values())
    assert m.cramped("A") == ()
    m.start_turn("A")
    m.move("A", (6, 1), action="run")
    assert m.token("A").anchor == m.cell(6, 1)


def test_half_hexes_neither_block_sight_nor_give_cover():
    """Only walls block sight and effect, obstacles give cover, fog conceals ("Determine
    Cover"; "Concealment"); a half hex is open floor (000_8d1d7816ee944f3b.txt, "Using the
    Battle Map – Measuring Distance in Combat", Half Hex Rule)."""
    m = HexMap(9, 3)
    m.place(Mob("Archer", threatens=False), (0, 1))
    m.place(Mob("Orc"), (8, 1), side="foes")
    plain = (m.cover("Archer", "Orc"), m.concealment("Archer", "Orc"))
    m.set_terrain([(c, 1) for c in range(1, 8)], Terrain.HALF)
    m.set_terrain([(c, r) for c in range(1, 8) for r in (0, 2)], Terrain.HALF)
    assert (m.cover("Archer", "Orc"), m.concealment("Archer", "Orc")) == plain
    assert m.line_of_sight("Archer", "Orc") and m.line_of_effect("Archer", "Orc")
    assert m.cover("Archer", "Orc").level is CoverLevel.NONE


def test_half_hex_rule_ends_not_passes():
    """Moving through a full cross-section is allowed, ending in it is not: the rule limits
    the "space occupied" (000_8d1d7816ee944f3b.txt, "Using the Battle Map – Measuring Distance
    in Combat", Half Hex Rule; allies are passable: "Moving in Combat – Terrain, Creatures, &
    Other Issues")."""
    m = hallway()
    m.place(Mob("Mayat"), (1, 5))
    m.remove("Troll")
    # Sokaris may go south through the full row 5 to row 6
    path = m.path("Sokaris", (3, 6))
    assert [m.offset(c)[1] for c in path] == [4, 5, 6]
    r = m.reachable("Sokaris")
    assert m.cell(3, 6) in r and m.cell(2, 6) in r
    assert m.cell(3, 5) not in r
    assert m.cross_section((3, 5)).full
    e = refused(m, m.path, "Sokaris", (3, 5), match=HALF_RULE)
    assert "Half Hex Rule" in e.rule and "friend or foe" not in str(e)
    refused(m, m.move, "Sokaris", [(3, 5), (3, 6), (3, 5)], match=HALF_RULE)
    m.move("Sokaris", [(3, 5), (3, 6)])
    assert m.token("Sokaris").anchor == m.cell(3, 6)


def test_half_hex_rule_refuses_placement_and_from_text():
    """place() and a map text obey "you can never have more space occupied than is
    available" (000_8d1d7816ee944f3b.txt, "Using the Battle Map – Measuring Distance in
    Combat", Half Hex Rule)."""
    m = hallway()
    m.place(Mob("Mayat"), (3, 5))
    e = refused(m, m.place, Mob("Sokaris2"), (1, 5), match=HALF_RULE)
    assert "Half Hex Rule" in e.rule
    refused(m, m.place, Mob("Mob"), (1, 1), side="monsters", match=HALF_RULE)  # the troll's row
    m.place(Mob("Mob"), (1, 3), side="monsters")  # beside Wulfric: room for 2
    with pytest.raises(IllegalActionError, match=HALF_RULE):
        HexMap.from_text(HALLWAY + "  - {name: Mayat, at: [1, 5]}\n  - {name: Sokaris2, at: [3, 5]}\n")
    # the GM's fallback finds the nearest space with room
    tok = m.place(Mob("Late"), (1, 5), fallback=True)
    assert tok.anchor not in {m.cell(c, 5) for c in range(5)}


def test_half_hex_rule_with_tiny_creatures():
    """Tiny creatures take a quarter of a hex, four to a hex ("Tiny (T) & Diminutive (D)"):
    they count by their space in a cross-section (000_8d1d7816ee944f3b.txt, "Using the Battle
    Map – Measuring Distance in Combat", Half Hex Rule)."""
    m = HexMap.from_text("# h . h #\n")
    m.place(Mob("Chessan"), (2, 0))
    m.place(Mob("Rat1", "tiny"), (1, 0), side="vermin")
    m.place(Mob("Rat2", "tiny"), (1, 0), side="vermin")
    assert m.cross_section((1, 0)).used == 1.5
    m.place(Mob("Rat3", "tiny"), (3, 0), side="vermin")
    m.place(Mob("Rat4", "tiny"), (3, 0), side="vermin")
    assert m.cross_section((1, 0)).used == 2
    refused(m, m.place, Mob("Rat5", "tiny"), (3, 0), side="vermin", match=HALF_RULE)
    # a tiny one in Chessan's own hex takes nothing more: the hex is already full
    m.place(Mob("Pixie", "tiny"), (2, 0))
    assert m.cross_section((1, 0)).used == 2
    # a Medium creature does not fit where two Tiny ones leave half a hex
    m2 = HexMap.from_text("# h . h #\n")
    m2.place(Mob("Chessan"), (2, 0))
    m2.place(Mob("Rat1", "tiny"), (1, 0), side="vermin")
    m2.place(Mob("Rat2", "tiny"), (1, 0), side="vermin")
    refused(m2, m2.place, Mob("Mayat"), (3, 0), match=HALF_RULE)
    m2.place(Mob("Mouse", "diminutive"), (3, 0), side="vermin")
    assert m2.cross_section((1, 0)).used == 1.5 + 1 / 16
    # a half hex between walls is 2.5 ft across: two Tiny creatures, nobody Medium
    m3 = HexMap.from_text("# h # #\n")
    e = refused(m3, m3.place, Mob("Mayat"), (1, 0), match="2.5-ft-wide.*room for 0 creatures of 5 ft")
    assert "Half Hex Rule" in e.rule
    m3.place(Mob("Rat1", "tiny"), (1, 0))
    m3.place(Mob("Rat2", "tiny"), (1, 0))
    assert m3.cross_section((1, 0)).full and not m3.cross_section((1, 0)).over
    refused(m3, m3.place, Mob("Rat3", "tiny"), (1, 0), match=HALF_RULE)


def test_half_hex_rule_large_creature_counts_each_hex():
    """A Large creature (3 hexes) takes a 5-ft space in every hex of its footprint in the row
    (000_8d1d7816ee944f3b.txt, "Using the Battle Map – Measuring Distance in Combat", Half Hex
    Rule; "Size Categories")."""
    m = hallway()
    assert m.cross_section((1, 1)).used == 2 and m.cross_section((1, 1)).holds == ("Troll",)
    m.remove("Wulfric")
    m.remove("Sokaris")
    # the troll moves south: at (2, 3) it covers (2, 3), (3, 3) and (3, 4)
    m.move("Troll", (2, 3))
    assert m.cross_section((2, 3)).used == 2
    refused(m, m.place, Mob("Goblin"), (1, 3), side="monsters", match=HALF_RULE)


def test_rows_without_half_hexes_are_unconstrained():
    """Without half hexes nothing changes: one Medium creature a hex, however narrow the row
    (000_8d1d7816ee944f3b.txt, "Space in Combat Gameplay")."""
    m = HexMap.from_text("# . . . #\n # . . . #\n")
    for i, c in enumerate((1, 2, 3)):
        m.place(Mob(f"M{i}"), (c, 0))
    assert m.cross_section((2, 0)) is None
    m.place(Mob("M3"), (1, 1))
    m.place(Mob("M4"), (2, 1))
    assert len(m.names) == 5


def test_trade_spaces_within_a_full_cross_section():
    """Trading spaces moves nobody in or out: two allies in a full cross-section may swap
    ("Trade Spaces Action"), and a Tiny and a Small one may not crowd a row past its room
    (000_8d1d7816ee944f3b.txt, "Using the Battle Map – Measuring Distance in Combat", Half
    Hex Rule)."""
    m = hallway()
    m.place(Mob("Mayat"), (1, 5))
    m.trade_spaces("Mayat", "Chessan")
    assert m.at((1, 5)) == ["Chessan"] and m.at((2, 5)) == ["Mayat"]
    m.trade_spaces("Sokaris", "Mayat")  # between rows 4 and 5: the same count in each
    assert m.at((2, 5)) == ["Sokaris"]
    # a Small and a Tiny creature may swap while the row keeps within its room...
    n = HexMap.from_text("# h . h #\n # . . . #\n")
    n.place(Mob("Hob", "small"), (2, 0))
    n.place(Mob("Rat", "tiny"), (1, 0))
    n.place(Mob("Kobold", "small"), (1, 1))
    n.trade_spaces("Kobold", "Rat")  # row 0: 1 + 1/4 -> 1 + 1
    assert n.cross_section((1, 0)).used == 2
    n.trade_spaces("Kobold", "Rat")  # and back
    assert n.cross_section((1, 0)).used == 1.25
    # ...but not past it: with another Tiny one at (3, 0) the row would hold 2.25
    n.place(Mob("Rat2", "tiny"), (3, 0))
    e = refused(n, n.trade_spaces, "Kobold", "Rat", match=HALF_RULE)
    assert "Half Hex Rule" in e.rule


def test_half_hexes_and_accidental_locations():
    """"you are instead placed in the last legal position along your movement path. If none
    is available, the nearest legal space" ("Accidental / Illegal Locations"): a full
    cross-section is not a legal position (000_8d1d7816ee944f3b.txt, "Using the Battle Map –
    Measuring Distance in Combat", Half Hex Rule)."""
    m = hallway()
    m.place(Mob("Mayat"), (1, 5))
    rel = m.nearest_legal("Sokaris", (3, 5))
    assert rel.moved and rel.cell != m.cell(3, 5) and HALF_RULE in rel.reason
    rel = m.nearest_legal("Sokaris", (3, 5), path=[(3, 4), (2, 4), (3, 5)])
    assert rel.how == "last_legal_on_path" and rel.cell == m.cell(2, 4)
    assert m.relocate("Sokaris", (3, 5), path=[(3, 4), (2, 4), (3, 5)]).cell == m.cell(2, 4)
    assert m.token("Sokaris").anchor == m.cell(2, 4)
    # Mayat, already in row 5, may be relocated within it: she does not count twice
    assert not m.nearest_legal("Mayat", (3, 5)).moved


def test_set_terrain_keeps_the_half_hex_rule():
    """Drawing half hexes or walls may not crowd a cross-section past its room ("you can
    never have more space occupied than is available"; 000_8d1d7816ee944f3b.txt, "Using the
    Battle Map – Measuring Distance in Combat", Half Hex Rule)."""
    m = HexMap.from_text("# . . . #\n")
    m.place(Mob("A"), (1, 0))
    m.place(Mob("B"), (2, 0))
    m.place(Mob("C"), (3, 0))
    e = refused(m, m.set_terrain, (1, 0), Terrain.HALF, match=HALF_RULE)
    assert "Half Hex Rule" in e.rule
    m.remove("C")
    m.set_terrain([(1, 0), (3, 0)], "half")
    assert m.cross_section((2, 0)).room == 2
    refused(m, m.set_terrain, (3, 0), Terrain.WALL, match=HALF_RULE)  # 7.5 ft: room for 1
    m.set_terrain((3, 0), Terrain.NORMAL)
    assert m.cross_section((2, 0)).room == 2


def test_half_hexes_are_for_hex_maps_only():
    """On squares a hallway fits already: "Square grids are great for locations with
    man-made structures such as hallways" (000_8d1d7816ee944f3b.txt, "Option – Square
    Grid")."""
    sq = HexMap(4, 4, grid="square")
    before = sq.snapshot()
    with pytest.raises(MapFormatError, match="Half Hex Rule is for hex maps.*Option – Square Grid"):
        sq.set_terrain((1, 1), Terrain.HALF)
    with pytest.raises(MapFormatError, match="Half Hex Rule is for hex maps"):
        sq.set_terrain([(1, 1)], "half")
    assert sq.snapshot() == before
    with pytest.raises(MapFormatError, match="line 4: 'h' \\(half hex\\): the Half Hex Rule"):
        HexMap.from_text("grid: square\nterrain: |\n  # . . #\n  # h . #\n")
    assert HexMap.from_text("grid: hex\nterrain: |\n  # . . #\n  # h . #\n").terrain((1, 1)) is Terrain.HALF


def test_half_hexes_round_trip_through_the_text():
    """The map text keeps half hexes (``h``), and the hallway's creatures
    (000_8d1d7816ee944f3b.txt, "Using the Battle Map – Measuring Distance in Combat")."""
    m = hallway()
    again = HexMap.from_text(m.to_text())
    assert again.snapshot() == m.snapshot() and again.to_text() == m.to_text()
    assert "   # h . h #" in m.to_text()
    assert "'h' half" in str(pytest.raises(MapFormatError, HexMap.from_text, "x\n").value)
