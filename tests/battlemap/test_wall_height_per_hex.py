"""Walls with their own height, hex by hex: flying and seeing over a low wall but not a
tall one beside it, kept in the map text, in undo, checkpoints and saves, drawn on the
BattleMap. 000_8d1d7816ee944f3b.txt, "Other Types of Movement" (flight, altitude) and
"Determine Cover" (a wall interrupts the line)."""

from __future__ import annotations

import pytest

from lfgcombat import Creature, HexMap
from lfgcombat.battlemap import MapFormatError
from lfgcombat.engine import Encounter
from lfgcombat.errors import IllegalActionError
from encounter.helpers import mk, refused

#: Column 4 is a wall; its middle hex (4, 1) is only 10 ft tall, the map's walls 30 ft.
TEXT = """terrain: |
  . . . . # . . . .
   . . . . # . . . .
  . . . . # . . . .
wall_height: 30
wall_heights:
  - {at: [4, 1], height: 10}
"""


def bat_fight(text: str = TEXT) -> Encounter:
    b = Creature.from_dict({"name": "Bat", "level": 2, "max_hp": 20, "speed": 10,
                            "initiative_rating": 40,
                            "movement": "Move Speed 10, Fly 60 [perfect]"})
    m = HexMap.from_text(text)
    m.place(b, (1, 1), "bats")
    m.place(mk("Far"), (8, 2), "foes")
    return Encounter([b, mk("Far")], map=m, seed=1).start()


def test_each_wall_hex_keeps_its_own_height_in_the_map_text() -> None:
    m = HexMap.from_text(TEXT)
    assert m.wall_top((4, 1)) == 10 and m.wall_top((4, 0)) == 30
    assert m.wall_top((3, 1)) is None  # no wall there
    again = HexMap.from_text(m.to_text())
    assert again.wall_heights() == m.wall_heights() and again.wall_height == 30
    assert again.snapshot() == m.snapshot()
    old = HexMap.from_text(TEXT.split("wall_height:")[0])  # a text from before: full height
    assert old.wall_top((4, 1)) is None and "wall_heights" not in old.to_text()


@pytest.mark.parametrize("entry, match", [
    ("- {at: [3, 1], height: 10}", "not a wall"),
    ("- {at: [4, 1], height: 12}", "multiple of 5"),
    ("- {at: [4, 1], height: 0}", "from 5"),
    ("- {at: [4, 1]}", "height"),
    ("{at: [4, 1], height: 10}", "list"),
])
def test_a_bad_wall_heights_entry_is_refused_naming_the_field(entry: str, match: str) -> None:
    text = TEXT.split("wall_heights:")[0] + "wall_heights:\n  " + entry + "\n"
    with pytest.raises(MapFormatError, match=match) as e:
        HexMap.from_text(text)
    assert "wall_heights" in str(e.value)


def test_a_flyer_passes_over_the_low_wall_hex_but_not_the_tall_ones() -> None:
    enc = bat_fight()
    enc.move("Bat", (1, 1), mode="fly", altitude=10)
    m = enc.map
    path = m.path("Bat", (6, 1), action="move", feet=60)
    assert m.cell(4, 1) in path  # through the 10-ft hex
    assert m.cell(4, 0) not in path and m.cell(4, 2) not in path
    refused(enc, enc.move, "Bat", (4, 0), mode="fly", match="wall")  # 30 ft tall there
    enc.move("Bat", (6, 1), mode="fly")
    m2 = bat_fight().map
    m2.set_wall_height((4, 1), None)  # back to the map's 30 ft: no way through at 10 ft
    m2.set_altitude("Bat", 10)
    with m2.moving("Bat", "fly", 10), pytest.raises(IllegalActionError):
        m2.path("Bat", (6, 1), action="move", feet=60)


def test_setting_a_wall_height_is_checked_and_changes_nothing_when_refused() -> None:
    m = HexMap.from_text(TEXT)
    before = m.snapshot()
    with pytest.raises(IllegalActionError, match="not a wall"):
        m.set_wall_height((3, 1), 10)
    with pytest.raises(MapFormatError, match="multiple of 5"):
        m.set_wall_height((4, 1), 7)
    assert m.snapshot() == before
    m.place(mk("High"), (4, 1), "a", altitude=15)  # over the 10-ft wall
    with pytest.raises(IllegalActionError, match="would reach it"):
        m.set_wall_height((4, 1), 20)
    m.set_wall_height((4, 1), 15)  # level with it: it stands on top, allowed
    assert m.wall_top((4, 1)) == 15
    m.remove("High")
    m.set_terrain((4, 1), "normal")  # no longer a wall: its height goes with it
    assert m.wall_heights() == {}


def test_sight_over_each_wall_hex_follows_its_own_height() -> None:
    m = HexMap.from_text(TEXT)
    m.place(mk("A"), (2, 1), "a", altitude=10)
    m.place(mk("B"), (6, 1), "b", altitude=10)
    assert m.line_of_sight("A", "B")  # over the 10-ft hex
    m.set_wall_height((4, 1), 20)
    assert not m.line_of_sight("A", "B")


def test_the_gms_wall_height_is_undone_replayed_and_saved(tmp_path) -> None:
    """The GM's edit is recorded as a map_edit step (the map's layers carry the walls'
    heights): undo takes it back, a save loads it, a checkpoint restores it."""
    enc = bat_fight()
    enc.map.set_wall_height((4, 1), 25)  # the GM raises the low wall
    enc.set_altitude("Bat", 5)  # the next step records the edit first
    edit = next(e for e in enc.log if e.kind == "map_edit")
    assert [4, 1, 25] in edit.data["wall_height"]
    assert enc.map.wall_top((4, 1)) == 25
    again = Encounter.load(enc.save(tmp_path / "walls.jsonl"))
    assert again.map.wall_top((4, 1)) == 25 and again.snapshot() == enc.snapshot()
    enc.undo()  # the altitude
    enc.undo()  # the edit
    assert enc.map.wall_top((4, 1)) == 10


def test_a_checkpoint_restores_the_walls_heights() -> None:
    from lfgcombat.engine import checkpoints
    enc = bat_fight()
    cp = checkpoints.take(enc)
    enc.map.set_wall_height((4, 0), 5)
    checkpoints.restore_into(enc, cp)
    assert enc.map.wall_top((4, 0)) == 30 and enc.map.wall_heights() == {
        enc.map.cell(4, 1): 10}


def test_a_map_edit_saved_before_walls_had_heights_still_replays() -> None:
    """An older save's map_edit has no wall_height field: the heights stay as they are."""
    enc = bat_fight()
    layers = {k: v for k, v in checkpoints_layers(enc).items() if k != "wall_height"}
    enc._do("map_edit", layers)
    assert enc.map.wall_top((4, 1)) == 10


def checkpoints_layers(enc: Encounter) -> dict:
    from lfgcombat.engine.checkpoints import map_layers
    return map_layers(enc.map)
