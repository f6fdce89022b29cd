"""The GM's altitude change on an encounter's map mid-fight (issue 23, item 16's class;
an audit of items 16 and 17).

``enc.map.set_altitude(name, feet)`` on a fighter used to change the map without a step of
the log: the next stall check, fall or save replayed without it, and the save could not be
loaded ("event #7 does not replay", "Bat is not flying"). On an encounter's map it is now
the encounter's own ``set_altitude`` command (000_8d1d7816ee944f3b.txt, "Other Types of
Movement"): recorded, so save, load, fork and undo all agree with the map.
"""

from __future__ import annotations

import pytest

from lfgcombat import Creature, Encounter, HexMap

from .helpers import bat_fight as fight
from lfgcombat.errors import LfgError

def _same(a: Encounter, b: Encounter) -> None:
    assert list(a.log) == list(b.log)
    assert a.map.altitude("Bat") == b.map.altitude("Bat")


def test_the_map_altitude_of_a_flyer_then_end_turn_saves_and_loads(tmp_path):
    """The audit's reproducer (lfg)."""
    enc = fight()
    enc.map.set_altitude("Bat", 10)
    enc.end_turn()
    back = Encounter.load(enc.save(tmp_path / "f.jsonl"))
    _same(enc, back)


@pytest.mark.parametrize("ruleset", ["classic", "wounds"])
def test_the_map_altitude_then_a_fall_saves_and_loads(ruleset, tmp_path):
    enc = fight(ruleset)
    enc.map.set_altitude("Bat", 10)
    enc.fall_from_flight("Bat")
    back = Encounter.load(enc.save(tmp_path / "f.jsonl"))
    _same(enc, back)


def test_the_map_altitude_is_the_encounters_command():
    enc = fight()
    enc.map.set_altitude("Bat", 20)
    cmds = [e for e in enc.log if e.command]
    assert cmds[-1].kind == "set_altitude" and cmds[-1].data == {"name": "Bat", "feet": 20}
    assert enc.map.altitude("Bat") == 20


def test_fork_and_undo_agree_with_the_map():
    enc = fight()
    enc.map.set_altitude("Bat", 20)
    other = enc.fork()
    assert other.map.altitude("Bat") == 20
    enc.end_turn()
    enc.undo()
    assert enc.map.altitude("Bat") == 20  # the end of the turn undone, not the GM's lift
    enc.undo()
    assert enc.map.altitude("Bat") == 0  # the lift was a step: undone like enc.set_altitude


def test_several_map_altitudes_replay_in_the_gms_order(tmp_path):
    """Every change is its own step, in the order the GM made them."""
    a = Creature.from_dict({"name": "A", "level": 1, "max_hp": 10, "speed": 30,
                            "movement": "Move Speed 30, Fly 30 [perfect]"})
    b = Creature.from_dict({"name": "B", "level": 1, "max_hp": 10, "speed": 30,
                            "movement": "Move Speed 30, Fly 30 [perfect]"})
    m = HexMap(6, 6)
    m.place(a, (1, 1), "x")
    m.place(b, (3, 3), "x")
    enc = Encounter([a, b], map=m, seed=2).start()
    enc.map.set_altitude("A", 20)
    enc.map.set_altitude("B", 10)
    enc.map.set_altitude("A", 5)
    back = Encounter.load(enc.save(tmp_path / "f.jsonl"))
    assert (back.map.altitude("A"), back.map.altitude("B")) == (5, 10)


def test_a_refused_map_altitude_changes_nothing():
    enc = fight()
    n = len(enc.log)
    with pytest.raises(LfgError, match="multiple of 5"):
        enc.map.set_altitude("Bat", 7)
    assert len(enc.log) == n and enc.map.altitude("Bat") == 0


def test_a_map_without_an_encounter_is_unchanged():
    bat = Creature.from_dict({"name": "Bat", "level": 2, "max_hp": 20,
                              "movement": "Fly 60 [poor]"})
    m = HexMap(4, 4)
    m.place(bat, (1, 1), "bats")
    m.set_altitude("Bat", 15)
    assert m.altitude("Bat") == 15
