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
health (inferred); lfg's Minimum Flight Speed is not applied to a record, whose round has
no flight move (inferred): it stays aloft until it falls (``fall_from_flight``, dead,
helpless, classic's Paralyzed).
"""

from __future__ import annotations

import pytest

from lfgcombat import Encounter

from .helpers import bat_fight as fight

def reloaded(enc: Encounter, tmp_path) -> Encounter:
    """A save of ``enc`` loaded back (the GM's ``enc.map.set_altitude`` is a step of the
    log: it replays, tests/encounter/test_map_altitude_edit.py)."""
    back = Encounter.load(enc.save(tmp_path / "fight.jsonl"))
    assert list(back.log) == list(enc.log)
    assert back.map.altitude("Bat") == enc.map.altitude("Bat")
    return back


def falls(enc: Encounter) -> list:
    return [e for e in enc.log if e.kind == "damage" and e.data.get("source") == "a fall"]


@pytest.mark.parametrize("ruleset", ["classic", "wounds"])
def test_fall_from_flight_works_under_every_ruleset(ruleset, tmp_path):
    enc = fight(ruleset)
    enc.map.set_altitude("Bat", 20)
    enc.fall_from_flight("Bat", regains=False)
    assert enc.map.altitude("Bat") == 0 and enc.state("Bat").hp == 16
    assert len(falls(enc)) == 1
    reloaded(enc, tmp_path)


@pytest.mark.parametrize("ruleset", ["classic", "wounds"])
def test_a_record_stays_aloft_until_it_cannot_fly(ruleset, tmp_path):
    """No maneuverability chart in either text: the flyer hovers from turn to turn (its
    round's Move Action walks: lfg's Minimum Flight Speed is not applied, inferred)."""
    enc = fight(ruleset)
    enc.map.set_altitude("Bat", 10)
    for _ in range(4):
        enc.end_turn()
    enc.end_turn(deadlock=True) if enc.current == "Far" else enc.end_turn()
    assert enc.map.altitude("Bat") == 10 and not falls(enc)
    assert enc.round >= 3
    reloaded(enc, tmp_path)


def test_a_paralyzed_classic_flyer_falls(tmp_path):
    """"A winged creature flying in the air at the time that it becomes Paralyzed cannot
    flap its wings and falls" (002_2a3a79475ca2a541.txt, "Conditions")."""
    enc = fight("classic")
    enc.map.set_altitude("Bat", 20)
    enc.add_condition("Bat", "Shaken")
    assert enc.map.altitude("Bat") == 20
    enc.add_condition("Bat", "Paralyzed")
    assert enc.map.altitude("Bat") == 0 and enc.state("Bat").hp == 16
    assert [e.data["amount"] for e in falls(enc)] == [4]
    reloaded(enc, tmp_path)


@pytest.mark.parametrize("ruleset", ["classic", "wounds"])
def test_a_flyer_killed_in_the_air_falls_and_takes_nothing_more(ruleset, tmp_path):
    enc = fight(ruleset)
    enc.map.set_altitude("Bat", 20)
    enc.damage("Bat", 200)
    assert enc.state("Bat").dead and enc.map.altitude("Bat") == 0 and not falls(enc)
    reloaded(enc, tmp_path)
