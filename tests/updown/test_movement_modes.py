"""Swim, Climb, Leaper and Fly speeds (000_8d1d7816ee944f3b.txt, "Other Types of Movement")."""

from __future__ import annotations

import pytest
from hypothesis import given, strategies as st

from lfgcombat.errors import IllegalActionError, LfgError
from lfgcombat.rules.movement.falling import FallingError, falling_damage
from lfgcombat.rules.movement.movement_modes import (Maneuverability, MovementBudget,
                                                     MovementModeError, Speeds, leap_bonus_ft,
                                                     leap_needs_check, leaper_fall_ft, max_leap_ft,
                                                     parse_speeds, check_run)

GRIFFON = "Move Speed 50, Fly 110[average], Leaper 20"


@pytest.mark.parametrize("line, expected", [
    # the text's examples: the Griffon, the Razortooth Gar, the Rust Monster, the Imp
    (GRIFFON, Speeds(walk=50, fly=110, maneuverability=Maneuverability.AVERAGE, leaper=20)),
    ("Move Speed 50, Fly 110 [average], Leaper 20",
     Speeds(walk=50, fly=110, maneuverability=Maneuverability.AVERAGE, leaper=20)),
    ("Swim 50", Speeds(swim=50)),
    ("Climb 10", Speeds(climb=10)),
    ("Fly 50 [Perfect]", Speeds(fly=50, maneuverability=Maneuverability.PERFECT)),
    ("Leaper 10", Speeds(leaper=10)),
])
def test_the_texts_movement_lines_parse(line: str, expected: Speeds) -> None:
    assert parse_speeds(line) == expected
    assert parse_speeds(expected.text()) == expected  # round trip


@pytest.mark.parametrize("line, words", [
    ("Fly 50 [perfet]", ["'Fly 50 [perfet]'", "did you mean 'perfect'"]),
    ("Fly 50", ["needs its maneuverability"]),
    ("Swimm 30", ["'Swimm 30'", "did you mean 'swim'"]),
    ("Swim 30, Swim 20", ["given twice"]),
    ("Swim 32", ["5-foot steps"]),
    ("Climb 10 [good]", ["only a Fly Speed"]),
    ("Swim", ["<kind> <feet>"]),
    ("", ["movement must be"]),
])
def test_bad_movement_lines_name_the_part(line: str, words: list[str]) -> None:
    with pytest.raises(MovementModeError) as err:
        parse_speeds(line)
    for w in words:
        assert w in str(err.value)
    assert isinstance(err.value, LfgError)


def test_the_griffon_leaps_walks_and_flies_in_one_big_action() -> None:
    b = MovementBudget(parse_speeds(GRIFFON))
    b = b.spend("leap", 20)
    assert b.remaining("walk") == 30 and b.remaining("fly") == 90
    b = b.spend("walk", 30)
    assert b.remaining("walk") == 0 and b.remaining("fly") == 60
    b = b.spend("fly", 60)
    assert b.spent == 110 and b.remaining("fly") == 0
    assert b.legs == (("leap", 20), ("walk", 30), ("fly", 60))
    with pytest.raises(IllegalActionError, match="only 0 ft left"):
        b.spend("fly", 5)


def test_a_budget_refuses_a_mode_the_creature_lacks_and_changes_nothing() -> None:
    b = MovementBudget(parse_speeds("Swim 50"))
    with pytest.raises(IllegalActionError, match="no walk speed"):
        b.spend("walk", 5)
    with pytest.raises(IllegalActionError, match="Leaper X"):
        b.spend("leap", 5)
    with pytest.raises(MovementModeError, match="did you mean 'swim'"):
        b.spend("swimm", 5)
    with pytest.raises(MovementModeError, match="multiple of 5"):
        b.spend("swim", 7)
    assert b.spent == 0 and b.spend("swim", 50).remaining("swim") == 0


@given(st.lists(st.sampled_from(["walk", "fly", "leap"]), max_size=8),
       st.lists(st.integers(1, 6), min_size=8, max_size=8))
def test_spending_in_any_mode_lowers_every_mode_alike(modes: list[str], steps: list[int]) -> None:
    speeds = parse_speeds(GRIFFON)
    b = MovementBudget(speeds)
    for mode, n in zip(modes, steps):
        try:
            b = b.spend(mode, 5 * n)
        except IllegalActionError:
            continue
    assert b.spent == sum(f for _, f in b.legs)
    for mode in ("walk", "fly", "leap"):
        assert b.remaining(mode) == max(0, speeds.speed(mode) - b.spent)


def test_leaper_rules() -> None:
    # "You cannot fail on a horizontal jump of X feet or less."
    assert not leap_needs_check(20, 20) and leap_needs_check(20, 25)
    # "+X feet" horizontally, "+(X/2) feet" vertically
    assert leap_bonus_ft(20) == 20 and leap_bonus_ft(20, vertical=True) == 10
    # "jump distances up to their normal land Move Speed+X"
    assert max_leap_ft(50, 20) == 70
    with pytest.raises(MovementModeError, match="leaper"):
        leap_bonus_ft(-1)


def test_leaper_20_treats_a_15_foot_fall_as_5_feet() -> None:
    # 000_8d1d7816ee944f3b.txt, "Leaper": "A creature with Leaper 20 can treat a 15-foot fall
    # as only a 5-foot fall."
    assert leaper_fall_ft(15, 20) == 5
    jumped = falling_damage(100, 15, leaper=20)
    assert jumped.effective_ft == 5 and jumped.damage == 0
    assert falling_damage(100, 15).damage == 10  # without Leaper: 10% of max HP
    with pytest.raises(FallingError, match="leaper"):
        falling_damage(100, 15, leaper=-5)


def test_fly_swim_and_climb_run_in_fitting_terrain_only() -> None:
    gar = parse_speeds("Swim 50")
    check_run(gar, "swim", fitting_terrain=True)
    with pytest.raises(IllegalActionError, match="in water"):
        check_run(gar, "swim", fitting_terrain=False)
    with pytest.raises(IllegalActionError, match="no climb speed"):
        check_run(gar, "climb", fitting_terrain=True)
