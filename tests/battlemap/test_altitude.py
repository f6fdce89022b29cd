"""Altitude on the map: the 3D distance rule, reach and AOO in the air, swim/climb/fly/leap
paths, high ground, and the text format (000_8d1d7816ee944f3b.txt, "Other Types of
Movement"; "Reach & Threatened Area"; "High Ground / Low Ground")."""

from __future__ import annotations

import pytest

from lfgcombat.battlemap import HexMap, MapFormatError, distance_3d
from lfgcombat.battlemap.values import Figure
from lfgcombat.errors import IllegalActionError, LfgError
from lfgcombat.rules.movement.movement_modes import MovementModeError


def fig(name: str, speed: int = 30, reach: int | None = None, movement: str = "") -> Figure:
    if not movement:
        return Figure(name, "medium", speed, reach, True, ())

    class Mover(Figure):
        pass

    Mover.movement = movement  # type: ignore[attr-defined]
    return Mover(name, "medium", speed, reach, True, ())


@pytest.mark.parametrize("h,v,ft", [(0, 0, 0), (5, 0, 5), (0, 5, 5), (5, 5, 5), (10, 5, 10),
                                    (10, 10, 15), (30, 0, 30), (0, 30, 30), (20, 20, 30)])
def test_distance_3d_counts_diagonal_steps_5_10(h, v, ft):
    """The square grid's 5/10/5/10 count ("Option – Square Grid"), up and across."""
    assert distance_3d(h, v) == ft == distance_3d(v, h)


def test_flat_distance_unchanged_and_altitude_adds():
    m = HexMap(8, 3)
    m.place(fig("A"), (0, 0))
    m.place(fig("B"), (3, 0), "foes", altitude=20)
    assert m.altitude("A") == 0 and m.altitude("B") == 20
    assert m.distance("A", "B") == distance_3d(15, 20) == 25
    m.set_altitude("B", 0)
    assert m.distance("A", "B") == 15


def test_reach_to_a_flyer_above():
    """A Medium creature threatens 5 ft: a flyer 5 ft above the next hex is within reach,
    one 10 ft up is not."""
    m = HexMap(6, 3)
    m.place(fig("Knight"), (1, 1))
    m.place(fig("Harpy"), (2, 1), "foes", altitude=5)
    assert m.threatens_creature("Knight", "Harpy")
    assert m.threatens_creature("Harpy", "Knight")
    m.set_altitude("Harpy", 10)
    assert not m.threatens_creature("Knight", "Harpy")
    assert m.threatened("Harpy") == frozenset()  # nothing on the ground within 5 ft
    assert m.threatened("Harpy", altitude=10)  # its own level


def test_flyer_passes_over_the_ground_without_provoking():
    m = HexMap(8, 3)
    m.place(fig("Ogre", reach=5), (3, 1), "foes")
    m.place(fig("Eagle", speed=10, movement="Move Speed 10, Fly 80 [Average]"), (1, 1),
            altitude=15)
    with m.moving("Eagle", "fly"):
        path = m.path("Eagle", (5, 1))
        assert not m.provokers("Eagle", path)
    r = m.move("Eagle", (5, 1), mode="fly")
    assert r.path[-1] == m.cell(5, 1) and m.altitude("Eagle") == 15


def test_flyer_over_a_ground_creature_does_not_share_its_space():
    m = HexMap(5, 3)
    m.place(fig("Orc"), (2, 1), "foes")
    m.place(fig("Bat"), (2, 1), altitude=10)  # above the orc
    assert m.cramped("Bat") == ()
    with pytest.raises(IllegalActionError, match="already holds"):
        m.set_altitude("Bat", 0)


def test_swim_needs_water_and_costs_five_a_hex():
    m = HexMap.from_text("terrain: |\n  . ~ ~ ~ .\n")
    m.place(fig("Otter", movement="Move Speed 30, Swim 40"), (1, 0))
    walk = m.reachable("Otter", 20)
    assert walk[m.cell(3, 0)] == 20  # wading: difficult
    with m.moving("Otter", "swim"):
        r = m.reachable("Otter", 20)
        assert r[m.cell(3, 0)] == 10
        assert m.cell(4, 0) not in r  # dry land is not swum


def test_climbable_needs_a_climber():
    m = HexMap.from_text("terrain: |\n  . ^ ^ .\n")
    m.place(fig("Spider", movement="Move Speed 30, Climb 20"), (0, 0))
    assert m.cell(1, 0) not in m.reachable("Spider")
    with pytest.raises(IllegalActionError, match="climbable"):
        m.move("Spider", (1, 0))
    m.move("Spider", (2, 0), mode="climb")
    assert m.token("Spider").anchor == m.cell(2, 0)


def test_leap_crosses_difficult_terrain_at_five_a_hex():
    m = HexMap.from_text("terrain: |\n  . , , , .\n")
    m.place(fig("Griffon"), (0, 0))
    with m.moving("Griffon", "leap"):
        assert m.reachable("Griffon", 20)[m.cell(4, 0)] == 20


def test_unknown_mode_and_bad_altitude_are_refused():
    m = HexMap(3, 3)
    m.place(fig("A"), (0, 0))
    before = m.snapshot()
    with pytest.raises(MovementModeError, match="mode"):
        m.move("A", (1, 0), mode="burrow")
    with pytest.raises(MapFormatError, match="multiple of 5"):
        m.set_altitude("A", 7)
    with pytest.raises(MapFormatError, match="altitude"):
        m.place(fig("B"), (2, 2), altitude=-5)
    assert m.snapshot() == before


def test_high_ground_counts_altitude():
    """"If you are positioned above your opponent ... +1" ("High Ground / Low Ground")."""
    m = HexMap(5, 3)
    m.place(fig("Archer"), (0, 0), altitude=15)
    m.place(fig("Orc"), (3, 0), "foes")
    hg = m.high_ground("Archer", "Orc")
    assert hg.height_ft == 15 and hg.melee_attack == 1 and hg.ranged_damage == 1


def test_terrain_penalties_spare_swimmers_and_flyers():
    m = HexMap.from_text("terrain: |\n  ~ ~ ~\n")
    m.place(fig("Eel", 20, movement="Move Speed 20, Swim 40"), (0, 0))
    m.place(fig("Man"), (1, 0))
    m.place(fig("Gull"), (2, 0), altitude=10)
    assert m.terrain_modifiers("Eel") == {"attack": 0, "ac": 0}
    assert m.terrain_modifiers("Man") == {"attack": -2, "ac": -2}
    assert m.terrain_modifiers("Gull") == {"attack": 0, "ac": 0}


def test_text_keeps_altitude_doors_ceiling_and_climbable():
    text = ("grid: hex\nterrain: |\n  . ^ + ' / ~\n"
            "doors:\n  - {at: [2, 0], object: strong_wooden_door, lock: 5, trap: poison needle}\n"
            "ceiling: 40\n"
            "creatures:\n  - {name: Bird, at: [0, 0], side: party, altitude: 25}\n")
    m = HexMap.from_text(text)
    assert m.altitude("Bird") == 25 and m.ceiling == 40
    d = m.door((2, 0))
    assert (d.state, d.object.spec.name, d.lock, d.trap) == ("closed", "strong_wooden_door", 5,
                                                             "poison needle")
    assert m.door((3, 0)).state == "open" and m.door((4, 0)).state == "broken"
    again = HexMap.from_text(m.to_text())
    assert again.snapshot() == m.snapshot() and again.to_text() == m.to_text()


def test_old_map_texts_load_unchanged():
    text = "grid: hex\nterrain: |\n  . , # o ~ % = h\n"
    m = HexMap.from_text(text)
    assert m.to_text() == text


@pytest.mark.parametrize("text,match", [
    ("terrain: |\n  . .\ndoors:\n  - {at: [0, 0]}\n", "not a door cell"),
    ("terrain: |\n  . +\ndoors:\n  - {at: [1, 0], object: sword}\n", "objects.csv"),
    ("terrain: |\n  . +\ndoors:\n  - {at: [1, 0], lock: 9}\n", "lock"),
    ("terrain: |\n  . .\ncreatures:\n  - {name: A, at: [0, 0], altitude: 7}\n", "5-foot"),
    ("terrain: |\n  . .\nceiling: nope\n", "ceiling"),
])
def test_bad_texts_name_the_field(text, match):
    with pytest.raises(LfgError, match=match):
        HexMap.from_text(text)


def test_closed_door_blocks_movement_and_sight_until_opened():
    m = HexMap.from_text("terrain: |\n  # # # # #\n   . . + . .\n  # # # # #\n")
    m.place(fig("Thief"), (0, 1))
    m.place(fig("Guard"), (4, 1), "foes")
    assert not m.line_of_sight("Thief", "Guard")
    assert m.cell(3, 1) not in m.reachable("Thief")
    m.open_door((2, 1))
    assert m.line_of_sight("Thief", "Guard")
    assert m.cell(3, 1) in m.reachable("Thief")
    m.close_door((2, 1))
    assert not m.line_of_sight("Thief", "Guard")


def test_door_refusals_change_nothing():
    m = HexMap.from_text("terrain: |\n  . + .\n")
    m.place(fig("A"), (0, 0))
    before = m.snapshot()
    with pytest.raises(IllegalActionError, match="no door"):
        m.door((0, 0))
    with pytest.raises(IllegalActionError, match="only an open door"):
        m.close_door((1, 0))
    with pytest.raises(IllegalActionError, match="closed door"):
        m.place(fig("B"), (1, 0))
    with pytest.raises(LfgError, match="not a door"):
        m.set_door((2, 0), "treasure_chest")
    assert m.snapshot() == before


def test_a_flyer_above_the_line_gives_no_cover():
    """Creatures "in the way" give cover ("Cover - Additional Rules"); one flying 20 ft above
    a line between two creatures on the ground is not in the way."""
    m = HexMap(8, 3)
    m.place(fig("Archer"), (0, 1))
    m.place(fig("Orc"), (4, 1), "foes")
    m.place(fig("Bat", movement="Move Speed 5, Fly 40 [good]"), (2, 1), "foes")
    assert m.cover("Archer", "Orc").level.name != "NONE"
    m.set_altitude("Bat", 20)
    assert m.cover("Archer", "Orc").level.name == "NONE"
