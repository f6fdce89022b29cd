"""Falling: 000_8d1d7816ee944f3b.txt, "Falling & Falling Damage" and "Falling Objects"."""

from __future__ import annotations

import pytest

from lfgcombat import Roller
from lfgcombat.creature import load_example
from lfgcombat.errors import IllegalActionError
from lfgcombat.rules.movement.falling import (FallingError, drop_object, fall, falling_damage,
                                              falling_object_damage, falling_table)
from test_attacks import make, scripted


def test_rocks_fall():
    """"Rock the Barbarian is knocked off a 30-foot cliff. He ... scores a 27, reducing the
    effective fall distance by 20 feet (30-20 = 10 feet). His MaxHP is 142, so he takes 10% of
    that as bludgeoning damage (14 damage). He must make a DC10 REF Save"."""
    rock = load_example("rock")
    assert rock.max_hp.value == 142
    r = falling_damage(142, 30, check=27)
    assert (r.effective_ft, r.percent, r.damage, r.ref_dc) == (10, 10, 14, 10)
    rolled = fall(rock, 30, scripted(3, 2), check=27)   # REF 3 + bonus fails; 1d2 = 2: leg
    assert rolled.taken == 14 and not rolled.save.success and rolled.limb == "broken_leg"


def test_ten_percent_per_ten_feet_for_the_first_thirty():
    assert [falling_damage(100, ft).damage for ft in (5, 10, 19, 20, 30)] == [0, 10, 10, 20, 30]
    assert falling_damage(100, 30, check=15).damage == 20
    assert falling_damage(100, 30, soft=True).damage == 20


def test_no_damage_lands_standing():
    r = falling_damage(100, 20, check=25)
    assert r.taken == 0 and r.ref_dc is None and not r.lands_prone


def test_smaller_creatures_and_huge_ones():
    assert falling_damage(100, 30, "small").damage == 20
    assert falling_damage(100, 30, "tiny").damage == 10
    # the most damage drops 10% per size below Medium
    assert falling_damage(100, 1000, "small").percent == falling_table()["percent"].max() - 10
    with pytest.raises(FallingError, match="height_ft"):
        falling_damage(100, 40, "huge")
    assert falling_damage(100, 40, "huge", height_ft=20).damage == 20


def test_dr_applies_and_the_table_beyond_thirty_feet_is_marked_inferred():
    assert falling_damage(100, 30, resistances={"dr": "5/-"}).taken == 25
    t = falling_table()
    beyond = t[(t["table"] == "creature") & (t["upto"] > 30)]
    assert len(beyond) and beyond["source"].str.startswith("inferred:").all()


def test_falling_objects():
    """"Six 5lb stones simultaneously dropped on one target from 30 feet count as one 30lb
    stone dealing 1d8"; "+1 damage dice per +100 feet (max 1000')"."""
    assert str(falling_object_damage(30, 30)) == "1d8"
    assert str(falling_object_damage(30, 150)) == "2d8"
    assert str(falling_object_damage(30, 5000)) == "10d8"
    assert str(falling_object_damage(30, 30, softer=1)) == "1d6"


def test_drop_object():
    dropper = make(level=5, abilities={"wis": 14})          # HR 4 + WIS 2
    victim = make(name="V")
    d = drop_object(dropper, 80, 20, scripted(10, 5, 7), target=victim)
    assert d.hit and d.ref_dc == 14 and d.struck and d.damage.total == 7   # 16 beats AC5 by 11: +2 x 2
    assert not drop_object(dropper, 80, 20, scripted(1)).hit
    assert drop_object(dropper, 80, 20, scripted(20)).ref_dc == 25
    with pytest.raises(IllegalActionError, match="within 10 feet"):
        drop_object(dropper, 80, 20, Roller(1), horizontal_ft=15)
