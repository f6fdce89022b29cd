"""Move Speed rules (``lfgcombat.rules.movement.movement``).

Known answers cite 000_8d1d7816ee944f3b.txt, "Movement in Combat" unless noted.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from lfgcombat.rules.bonuses import Bonus
from lfgcombat.rules.movement.movement import (MoveSpeed, SpeedModifier, combine_multipliers,
                                               move_speed, round_down_to_5)

HALF = SpeedModifier("half", multiplier=Fraction(1, 2))


def halves(n: int) -> list[SpeedModifier]:
    return [SpeedModifier(f"half #{i}", multiplier=Fraction(1, 2)) for i in range(n)]


def test_barbarian_fast_movement_then_encumbered() -> None:
    # "Bonus/Penalty to Move Speed": "Human Base Move Speed = 30' with Barbarian Fast
    # Movement+10' = 40' Move Speed. ... encumbered to 75% Move Speed, 40'x0.75 = 30'".
    fast = Bonus(10, "innate", "barbarian fast movement")
    assert move_speed(30, bonuses=[fast]).value == 40
    enc = SpeedModifier("encumbered", multiplier=Fraction(3, 4))
    speed = move_speed(30, bonuses=[fast], modifiers=[enc])
    assert speed.value == 30
    # "When this character runs, they move double that (up to 80 feet)."
    assert move_speed(30, bonuses=[fast]).run_speed == 80
    assert "40 -> 30" in speed.explain()


def test_flat_modifiers_come_before_multipliers() -> None:
    # "Multipliers to Move Speed are factored in after static +X/-X modifiers."
    speed = move_speed(30, bonuses=[Bonus(10, "enhance")], modifiers=[HALF])
    assert speed.value == 20  # (30 + 10) / 2, not 30 / 2 + 10 = 25


def test_bonuses_of_the_same_type_do_not_stack() -> None:
    same = [Bonus(10, "enhance", "boots"), Bonus(5, "enhance", "spell")]
    assert move_speed(30, bonuses=same).value == 40
    different = [Bonus(10, "enhance", "boots"), Bonus(5, "power", "spell")]
    assert move_speed(30, bonuses=different).value == 45
    penalties = [Bonus(-5, None, "a"), Bonus(-5, None, "b")]
    assert move_speed(30, bonuses=penalties).value == 20


@pytest.mark.parametrize("n,expected", [(0, 30), (1, 15), (2, 10), (3, 5), (4, 5)])
def test_stacking_halvings(n: int, expected: int) -> None:
    # "half movement from two sources, you move at 1/3 speed ... Three such penalties
    # cause 1/4 speed, etc." 30/4 = 7.5 and 30/5 = 6 round down to 5.
    assert move_speed(30, modifiers=halves(n)).value == expected


def test_combine_multipliers() -> None:
    assert combine_multipliers([]) == 1
    assert combine_multipliers([Fraction(1, 2)] * 2) == Fraction(1, 3)
    assert combine_multipliers([Fraction(1, 2)] * 3) == Fraction(1, 4)
    assert combine_multipliers([Fraction(3, 4), Fraction(1, 2)]) == Fraction(3, 8)
    assert combine_multipliers([0.5, 0.5]) == Fraction(1, 3)


@given(st.integers(0, 10))
def test_n_halvings_make_one_over_n_plus_one(n: int) -> None:
    expected = Fraction(1, n + 1) if n else Fraction(1)
    assert combine_multipliers([Fraction(1, 2)] * n) == expected


def test_rounds_down_to_5_feet() -> None:
    # "Encumbered": "reduced to 75% (round down to nearest 5 feet)": 30 x 0.75 = 22.5 -> 20.
    enc = SpeedModifier("encumbered", multiplier=Fraction(3, 4))
    assert move_speed(30, modifiers=[enc]).value == 20
    assert round_down_to_5(22.5) == 20
    assert round_down_to_5(Fraction(25, 2)) == 10
    assert round_down_to_5(-3) == 0


@given(st.fractions(min_value=0, max_value=1000))
def test_round_down_to_5_property(feet: Fraction) -> None:
    r = round_down_to_5(feet)
    assert r % 5 == 0 and r <= feet < r + 5


@given(st.integers(0, 60).map(lambda n: n * 5), st.lists(st.sampled_from(
    [Fraction(1, 2), Fraction(3, 4), Fraction(1)]), max_size=4),
    st.integers(-30, 30))
def test_move_speed_is_a_multiple_of_5_and_never_negative(base: int, mults: list,
                                                          flat: int) -> None:
    mods = [SpeedModifier(f"m{i}", multiplier=m) for i, m in enumerate(mults)]
    mods.append(SpeedModifier("flat", feet=flat))
    speed = move_speed(base, modifiers=mods)
    assert speed.value >= 0 and speed.value % 5 == 0
    assert speed.value <= max(base + max(flat, 0), 0)


def test_minimum_movement() -> None:
    # "If you are ever reduced to a Move Speed of 5 feet or less, but are not Immobilized
    # ... you may spend a Big Action that Provokes AOO to move 5 feet. You cannot take a
    # '5-Foot Step' action if your Move Speed is reduced to 5' or less."
    slow = move_speed(10, modifiers=[HALF])
    assert slow.value == 5
    assert slow.minimum_movement and not slow.can_five_foot_step
    assert "Minimum Movement" in slow.explain()
    tiny = move_speed(5, modifiers=halves(2))
    assert tiny.value == 0 and tiny.minimum_movement
    normal = move_speed(10)
    assert not normal.minimum_movement and normal.can_five_foot_step
    stuck = move_speed(30, immobile=["helpless"])
    assert stuck.value == 0 and stuck.immobile
    assert not stuck.minimum_movement and not stuck.can_run and not stuck.can_five_foot_step


def test_cannot_run_and_cannot_step() -> None:
    speed = move_speed(30, modifiers=[HALF], cannot_run=["hindered"],
                       cannot_5ft_step=["hindered"])
    assert speed.value == 15
    assert not speed.can_run and speed.run_speed == 0
    assert not speed.can_five_foot_step
    assert "cannot Run: hindered" in speed.explain()


def test_floor_of_a_reduction() -> None:
    # "Injured": "You cannot have your Move Speed reduced to less than 5 feet by the
    # Injured Condition."
    injured = SpeedModifier("injured", feet=-5, floor=5)
    assert move_speed(30, modifiers=[injured]).value == 25
    assert move_speed(10, modifiers=[injured]).value == 5
    assert move_speed(5, modifiers=[injured]).value == 5
    big_cut = SpeedModifier("x", feet=-10, floor=5)
    assert move_speed(10, modifiers=[big_cut]).value == 5
    assert "never takes the speed below 5 ft" in move_speed(10, modifiers=[big_cut]).explain()


def test_speed_bonuses_have_no_plus_5_maximum() -> None:
    # The +5 maximum of "Bonuses & Penalties" is for rolls and scores; the text's own
    # Fast Movement is +10 feet. Same type still: highest only.
    from lfgcombat.rules.movement.movement import stack_feet
    assert stack_feet([Bonus(20, "enhance", "boots")]).total == 20
    assert stack_feet([Bonus(20, "enhance", "boots"), Bonus(10, "enhance", "spell")]).total == 20
    assert stack_feet([Bonus(10, "innate", "a"), Bonus(10, "innate", "b")]).total == 20
    assert stack_feet([Bonus(10, "class", "barbarian"), Bonus(5, "class", "barbarian"),
                       Bonus(10, "class", "monk")]).total == 15


def test_reduction_by_speed_band() -> None:
    # "Weakened, Stage 2": "Movement speed reduced by 5' (if 45 or less), or reduced by
    # 10' (if 50+)."
    w2 = SpeedModifier("weakened 2", feet=-5, feet_if_50_plus=-10)
    assert move_speed(45, modifiers=[w2]).value == 40
    assert move_speed(50, modifiers=[w2]).value == 40
    assert move_speed(30, bonuses=[Bonus(20, "enhance")], modifiers=[w2]).value == 40


def test_move_speed_value_shape() -> None:
    speed = move_speed(30)
    assert isinstance(speed, MoveSpeed)
    assert speed.value == 30 and int(speed) == 30 and speed.hexes == 6
    assert speed.name == "move_speed"
    assert "Movement in Combat" in speed.explain()
    assert list(speed.to_frame().columns) == ["step"]
