"""Walls with a height: a flyer at or above it passes and sees over them (``wall_height`` in
the map text; absent, walls are full height as before). 000_8d1d7816ee944f3b.txt, "Other
Types of Movement" (flying, altitude) and "Determine Cover" (a wall interrupts the line)."""

from __future__ import annotations

import pytest

from lfgcombat import Creature, HexMap
from lfgcombat.battlemap import MapFormatError
from lfgcombat.engine import Encounter
from encounter.helpers import mk, refused


def walled(extra: str = "", wall: str = "#") -> str:
    rows = ("  " + " ".join(wall if c == 4 else "." for c in range(9)) for _ in range(3))
    return "terrain: |\n" + "\n".join(rows) + "\n" + extra


def bat_fight(text: str) -> Encounter:
    b = Creature.from_dict({"name": "Bat", "level": 2, "max_hp": 20, "speed": 10,
                            "initiative_rating": 40, "movement": "Move Speed 10, Fly 60 [good]"})
    m = HexMap.from_text(text)
    m.place(b, (1, 1), "bats")
    m.place(mk("Far"), (8, 1), "foes")
    return Encounter([b, mk("Far")], map=m, seed=1).start()


def test_the_wall_height_is_kept_in_the_map_text_and_absent_by_default() -> None:
    m = HexMap.from_text(walled("wall_height: 10\n"))
    assert m.wall_height == 10
    assert "wall_height: 10" in m.to_text()
    assert HexMap.from_text(m.to_text()).wall_height == 10
    old = HexMap.from_text(walled())
    assert old.wall_height is None and "wall_height" not in old.to_text()


@pytest.mark.parametrize("bad", ["0", "tall", "true"])
def test_a_bad_wall_height_is_refused_naming_the_field(bad: str) -> None:
    with pytest.raises(MapFormatError, match="wall_height"):
        HexMap.from_text(walled(f"wall_height: {bad}\n"))


def test_a_flyer_at_the_wall_height_flies_over_and_one_below_cannot() -> None:
    enc = bat_fight(walled("wall_height: 10\n"))
    refused(enc, enc.move, "Bat", (6, 1), mode="fly", altitude=5, match="walls")
    enc.move("Bat", (6, 1), mode="fly", altitude=10)
    assert enc.map.offset(enc.map.token("Bat").anchor) == (6, 1)
    again = Encounter._from_header(enc._header())
    for e in enc.log:
        if e.command:
            again._do(e.kind, dict(e.data))
    assert again.snapshot() == enc.snapshot()


def test_full_height_walls_and_closed_doors_stop_any_flyer() -> None:
    high = bat_fight(walled())  # no wall_height: full height, as every older map
    high.set_altitude("Bat", 40)
    refused(high, high.move, "Bat", (6, 1), mode="fly", match="walls")
    door = bat_fight(walled("wall_height: 10\n", wall="+"))
    door.set_altitude("Bat", 40)
    refused(door, door.move, "Bat", (6, 1), mode="fly", match="walls")


def test_creatures_above_the_wall_see_each_other_over_it() -> None:
    m = HexMap.from_text(walled("wall_height: 15\n"))
    m.place(mk("A"), (1, 1), "a", altitude=15)
    m.place(mk("B"), (8, 1), "b", altitude=20)
    assert m.line_of_sight("A", "B")
    m.set_altitude("A", 10)  # its feet below the top of the wall, its head above it
    assert m.line_of_sight("A", "B")  # seen over the top (battlemap.sight's 3D rule) ...
    assert m.cover("A", "B").level.name != "NONE"  # ... with the wall as cover
    m.set_altitude("A", 0)
    m.set_altitude("B", 5)  # every line passes below the 15-ft top: hidden
    assert not m.line_of_sight("A", "B")
    m.set_altitude("B", 20)
    m.set_altitude("A", 30)  # high above, looking down past the wall
    m.set_altitude("B", 0)
    assert m.line_of_sight("A", "B")  # the line is about 17 ft up where it crosses the wall
    m.remove("B")
    m.place(mk("C"), (5, 1), "b")  # right behind the wall: the line meets it at 7.5 ft
    assert not m.line_of_sight("A", "C")
    full = HexMap.from_text(walled())
    full.place(mk("A"), (1, 1), "a", altitude=15)
    full.place(mk("B"), (8, 1), "b", altitude=20)
    assert not full.line_of_sight("A", "B")


def test_flyers_above_a_low_wall_threaten_across_it() -> None:
    m = HexMap.from_text(walled("wall_height: 10\n"))
    m.place(mk("A"), (3, 1), "a", altitude=15)
    wall = m.cell(4, 1)
    assert wall in m.threatened("A", 15)  # a flyer over the wall's hex can be struck there
    assert wall not in m.threatened("A", 5)  # lower down the wall is in the way
    full = HexMap.from_text(walled())
    full.place(mk("A"), (3, 1), "a", altitude=15)
    assert full.cell(4, 1) not in full.threatened("A", 15)
