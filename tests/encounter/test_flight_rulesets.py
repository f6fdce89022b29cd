"""Flight and falling under classic and wounds (issue 23, item 17).

A flyer lifted by the GM (``set_altitude``) used to stop the fight under a ruleset with
records: its stall at the end of its turn, ``end_turn(deadlock=True)`` and
``fall_from_flight`` were refused ("played by the classic ruleset's own record, not lfg's
Vitals"). Neither the classic nor the wounds text has flight or falling rules (classic's
only word: Paralyzed, "A winged creature flying in the air at the time that it becomes
Paralyzed cannot flap its wings and falls", 002_2a3a79475ca2a541.txt, "Conditions"), so
the kit plays lfg's (000_8d1d7816ee944f3b.txt, "Fly Speed – Flight & Maneuverability",
"Falling while Flying & Regaining Control", "Falling & Falling Damage": "10% of the
victim's maximum HP per 10 feet") and the fall's damage goes through the ruleset's own
health (inferred).
"""

from __future__ import annotations

import pytest

from lfgcombat import Creature, Encounter, HexMap

FIELDS = {"classic": {"bab": 3}, "wounds": {"prowess": 2, "good_saves": ["fort", "ref"]}}


def fight(ruleset: str) -> Encounter:
    extra = FIELDS[ruleset]
    bat = Creature.from_dict({"name": "Bat", "level": 2, "max_hp": 20, "speed": 10,
                              "initiative_rating": 40, "ruleset": [ruleset],
                              "movement": "Move Speed 10, Fly 60 [poor]", **extra})
    far = Creature.from_dict({"name": "Far", "level": 2, "max_hp": 20, "ruleset": [ruleset],
                              **extra})
    m = HexMap(12, 8)
    m.place(bat, (1, 1), "bats")
    m.place(far, (11, 7), "foes")
    return Encounter([bat, far], map=m, seed=1, ruleset=ruleset).start()


def falls(enc: Encounter) -> list:
    return [e for e in enc.log if e.kind == "damage" and e.data.get("source") == "a fall"]


@pytest.mark.parametrize("ruleset", ["classic", "wounds"])
def test_a_stalled_flyer_falls_and_takes_the_fall_by_its_ruleset(ruleset):
    enc = fight(ruleset)
    while enc.current != "Bat":
        enc.end_turn()
    enc.map.set_altitude("Bat", 10)
    enc.end_turn()  # flew 0 hexes: under Poor's minimum, it falls 10 ft
    assert enc.map.altitude("Bat") == 0
    assert enc.state("Bat").hp == 18  # 10% of 20 max HP per 10 ft
    assert [e.data["amount"] for e in falls(enc)] == [2]
    assert any(e.kind == "flyer_stalls" for e in enc.log)


@pytest.mark.parametrize("ruleset", ["classic", "wounds"])
def test_fall_from_flight_works_under_every_ruleset(ruleset):
    enc = fight(ruleset)
    enc.map.set_altitude("Bat", 20)
    enc.fall_from_flight("Bat", regains=False)
    assert enc.map.altitude("Bat") == 0 and enc.state("Bat").hp == 16
    assert len(falls(enc)) == 1
