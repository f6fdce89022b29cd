"""Flight (000_8d1d7816ee944f3b.txt, "Fly Speed – Flight & Maneuverability")."""

from __future__ import annotations

import pytest

from lfgcombat.errors import IllegalActionError
from lfgcombat.rules.movement.flight import (ascend_cost, check_five_foot_step, check_turns,
                                             dive_attack, falling_while_flying, keeps_lift,
                                             maneuverability, trip_drop)
from lfgcombat.rules.impact.momentum import flyer_drop_ft
from lfgcombat.rules.movement.movement_modes import MovementModeError
from lfgcombat.io.tables import load_table, parse_source


def test_the_table_loads_and_every_row_says_where_it_comes_from() -> None:
    t = load_table("maneuverability")
    assert t.maneuverability.tolist() == ["clumsy", "poor", "average", "good", "perfect"]
    for src in t.source:
        cited, why = parse_source(src)
        assert cited and why  # the chart is lost: every row is partly inferred


def test_fly_30_poor_spends_15_feet_to_rise_5() -> None:
    assert ascend_cost(30, "Poor", 5) == 15
    assert ascend_cost(30, "poor", 10) == 30
    # "If your Fly Speed is less than the indicated Ascend Rate, you may spend your full
    # movement to ascend 5 feet."
    assert ascend_cost(10, "poor", 5) == 10
    with pytest.raises(MovementModeError, match="only 5 ft"):
        ascend_cost(10, "poor", 10)


def test_perfect_maneuverability() -> None:
    p = maneuverability("perfect")
    assert p.hover and p.five_foot_step and p.turns_per_move is None and p.regain_after_ft == 50
    assert keeps_lift("perfect", 0)
    check_turns("perfect", 12)
    check_five_foot_step("perfect", flying=True)
    for m in ("clumsy", "poor", "average", "good"):
        row = maneuverability(m)
        assert not row.hover and not row.five_foot_step
        with pytest.raises(IllegalActionError, match="5-Foot Step"):
            check_five_foot_step(m, flying=True)
    check_five_foot_step(None, flying=False)


def test_minimum_flight_speed_and_turns() -> None:
    row = maneuverability("clumsy")
    assert not keeps_lift("clumsy", row.min_forward_hexes - 1)
    assert keeps_lift("clumsy", row.min_forward_hexes)
    with pytest.raises(IllegalActionError, match="turn"):
        check_turns("clumsy", row.turns_per_move + 1)  # type: ignore[operator]


def test_a_misspelt_maneuverability_is_named() -> None:
    with pytest.raises(MovementModeError, match="did you mean 'average'"):
        maneuverability("avrage")


def test_dive_attack_strikes_as_a_charge_one_die_larger() -> None:
    d = dive_attack("1d4", 10, ran=True)
    assert d.charge and d.damage == "1d6"  # 1d4 -> 1d6 -> 1d8
    assert dive_attack("1d6", 30, ran=True).damage == "1d8"
    with pytest.raises(IllegalActionError, match="Run"):
        dive_attack("1d6", 30, ran=False)
    with pytest.raises(IllegalActionError, match="at least 10"):
        dive_attack("1d6", 5, ran=True)


def test_falling_while_flying() -> None:
    # 300 ft in the first round, then a Big Action regains control
    f = falling_while_flying(2000, "average")
    assert (f.fallen_ft, f.rounds, f.regained, f.lands) == (300, 1, True, False)
    # unable to regain: "A second round of falling sends you 1000 feet down!"
    f = falling_while_flying(2000, "good", regains=False)
    assert (f.fallen_ft, f.rounds, f.lands) == (2000, 3, True)
    f = falling_while_flying(1200, "good", can_fly=False)
    assert (f.fallen_ft, f.rounds, f.lands) == (1200, 2, True)
    # a low flyer strikes the ground in the first round
    assert falling_while_flying(100, "poor").lands
    # Perfect: "you can regain control after only 50 feet of falling"
    f = falling_while_flying(400, "perfect")
    assert (f.fallen_ft, f.regained) == (50, True)


@pytest.mark.parametrize("man, altitude, drop, prone", [
    ("average", 30, 10, False), ("good", 10, 10, True),
    ("clumsy", 30, 20, False), ("poor", 15, 15, True), ("perfect", 5, 5, True),
])
def test_a_tripped_flyer_drops_and_is_prone_only_on_the_ground(man, altitude, drop, prone) -> None:
    t = trip_drop(man, altitude)
    assert (t.drop_ft, t.prone) == (drop, prone)


def test_the_trip_drop_agrees_with_momentum() -> None:
    for m in ("clumsy", "poor", "average", "good", "perfect"):
        assert maneuverability(m).trip_drop_ft == flyer_drop_ft(m)
