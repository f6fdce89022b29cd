"""The GM repainting doors mid-fight replays faithfully (issue 23, item 16).

"Repainting doors breaks saves. Load, fork, undo and the rebuild after a refused call
bring back a painted-over door with its old kind and HP and drop a newly painted one; a
door forced after a repaint makes the save unloadable." A door is a terrain kind with an
object of ``data/objects.csv`` (000_8d1d7816ee944f3b.txt, "Breaking down doors, walls, &
other barricades"): painting a door cell over drops its door, painting one makes a plain
good wooden door, :meth:`HexMap.set_door` puts the door the GM names; every replay of the
log must give the same doors as the fight had.
"""

from __future__ import annotations

import pytest

from lfgcombat import HexMap, LfgError
from lfgcombat.battlemap import Terrain
from lfgcombat.engine import Encounter
from lfgcombat.engine import checkpoints
from encounter.helpers import mk

CELL = """terrain: |
  # # # # # #
   . . + . . .
  # # # # # #
doors:
  - {at: [2, 1], object: cell_door_iron_bars, lock: 2, trap: a bell rings}
"""
DOOR = (2, 1)


def fight(seed: int = 1) -> Encounter:
    cs = [mk("Brute", init=40, abilities={"str": 18}), mk("Guard", level=1)]
    m = HexMap.from_text(CELL)
    m.place(cs[0], (1, 1), "party")
    m.place(cs[1], (5, 1), "guards")
    return Encounter(cs, map=m, seed=seed).start()


def same_doors(a: Encounter, b: Encounter) -> None:
    assert a.map.doors() == b.map.doors()
    assert a.map.snapshot() == b.map.snapshot()
    assert checkpoints.map_layers(a.map) == checkpoints.map_layers(b.map)


def test_a_door_forced_after_a_repaint_saves_and_loads(tmp_path):
    enc = fight()
    enc.map.set_terrain(DOOR, Terrain.NORMAL)
    enc.map.set_terrain(DOOR, Terrain.DOOR)  # a new plain door: no lock, no trap
    enc.force_door("Brute", DOOR)
    forced = next(e for e in enc.log if e.kind == "forced")
    assert forced.data["dc"] == 18  # a good wooden door's Break DC, no lock
    loaded = Encounter.load(enc.save(tmp_path / "f.jsonl"))
    same_doors(loaded, enc)
    same_doors(enc.fork(), enc)
    enc._rebuild(list(enc.log))  # what a refused call after a change does
    assert enc.map.door(DOOR).object.spec.name == "good_wooden_door"
    same_doors(loaded, enc)


def test_a_painted_over_door_stays_gone_and_a_new_door_keeps_its_kind(tmp_path):
    enc = fight()
    enc.map.set_terrain(DOOR, Terrain.NORMAL)
    enc.map.set_door((4, 1), "strong_wooden_door", lock=3, trap="a dart")
    enc.move("Brute", (3, 1))
    live = enc.map.door((4, 1))
    assert live.object.spec.name == "strong_wooden_door" and live.lock == 3
    for other in (Encounter.load(enc.save(tmp_path / "f.jsonl")), enc.fork()):
        same_doors(other, enc)
        assert other.map.door((4, 1)) == live
        with pytest.raises(LfgError, match="no door"):
            other.map.door(DOOR)
    enc.undo()  # the move: the GM's edit, its own step, stays
    assert enc.map.door((4, 1)) == live and enc.map.terrain(DOOR) is Terrain.NORMAL
    same_doors(enc.fork(), enc)


def test_undo_keeps_a_repaint_not_yet_recorded():
    enc = fight()
    enc.move("Brute", (0, 1))
    enc.map.set_door(DOOR, "stone_door")  # the GM's edit, not yet a step
    enc.undo()
    assert enc.map.door(DOOR).object.spec.name == "stone_door"
    same_doors(enc.fork(), enc)


def test_a_map_edit_with_a_bad_door_is_refused_in_words():
    enc = fight()
    layers = checkpoints.map_layers(enc.map)
    layers["doors"] = [[2, 1, {"object": "stone_door", "hp": "x"}]]
    before = enc.map.snapshot()
    with pytest.raises(LfgError, match="a door's hp is 0 to"):
        enc._do("map_edit", layers)
    layers["doors"] = [[1, 1, {"object": "stone_door"}]]
    with pytest.raises(LfgError, match="on a door cell"):
        enc._do("map_edit", layers)
    assert enc.map.snapshot() == before
