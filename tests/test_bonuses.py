"""Typed bonuses: 000_8d1d7816ee944f3b.txt, "Bonuses & Penalties"."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from lfgcombat.rules.bonuses import Bonus, BonusError, BonusType, stack, total


def test_text_example_same_type_highest_applies():
    """Ring +1 Power and necklace +2 Power to Armor Rating: only the +2 applies."""
    ring, necklace = Bonus(1, "power", "ring"), Bonus(2, "power", "necklace")
    result = stack([ring, necklace])
    assert result.total == 2
    assert result.lines[0].counted == 0 and "superseded" in result.lines[0].note
    assert result.lines[1].counted == 2


def test_text_example_different_types_stack():
    """Shirt +1 Power, boots +2 Dodge, spell +3 Morale to REF saves: +6 in all."""
    assert total([Bonus(1, "power", "shirt"), Bonus(2, "dodge", "boots"),
                  Bonus(3, "morale", "spell")]) == 6


def test_dodge_and_innate_stack_with_themselves():
    assert total([Bonus(1, "dodge"), Bonus(2, "dodge")]) == 3
    assert total([Bonus(2, "innate"), Bonus(3, "innate")]) == 5


def test_class_bonuses_stack_per_class():
    """Class: "Class Bonuses from the same class stack. Class bonuses from different
    classes do not stack."""
    same = [Bonus(1, "class", "fighter"), Bonus(1, "class", "fighter")]
    assert total(same) == 2
    mixed = same + [Bonus(1, "class", "rogue")]
    result = stack(mixed)
    assert result.total == 2
    assert result.lines[2].counted == 0


def test_penalties_always_stack_and_have_no_type_for_stacking():
    """Penalties: "All penalties stack with one another." A type is descriptive only."""
    assert total([Bonus(-2, "morale"), Bonus(-2, "morale"), Bonus(-1)]) == -5
    assert total([Bonus(3, "morale"), Bonus(-2, "morale")]) == 1


def test_plus_five_maximum_except_innate():
    """Innate: "Unlike other bonuses, Innate Bonuses to any score do not have a +5 Maximum."""
    assert total([Bonus(7, "power")]) == 5
    assert total([Bonus(3, "dodge"), Bonus(4, "dodge")]) == 5
    assert total([Bonus(4, "innate"), Bonus(4, "innate")]) == 8
    assert "at most +5" in stack([Bonus(7, "enhance")]).explain()


def test_untyped_bonus_and_ints_stack():
    assert total([2, 3, Bonus(1)]) == 6


def test_types_from_names_and_abbreviations():
    assert Bonus(1, "d").type is BonusType.DODGE
    assert Bonus(1, "ALC").type is BonusType.ALCHEMICAL
    assert Bonus(1, BonusType.HELM).type is BonusType.HELM
    assert len(BonusType) == 14
    assert {t.abbreviation for t in BonusType} == {
        "alc", "att", "c", "cvr", "d", "f", "g", "h", "i", "m", "e", "p", "s", "t"}
    assert BonusType.INNATE.maximum is None and BonusType.POWER.maximum == 5


@pytest.mark.parametrize("value, type_", [(1.5, None), ("2", None), (True, None), (1, "luck")])
def test_bad_bonus_is_refused(value, type_):
    with pytest.raises(BonusError) as info:
        Bonus(value, type_)
    if type_ == "luck":
        assert "dodge (d)" in str(info.value)


def test_explain_lists_every_bonus():
    text = stack([Bonus(1, "power", "ring"), Bonus(2, "power", "necklace"),
                  Bonus(-1, source="injured")]).explain()
    assert text.splitlines() == [
        "+1 power bonus (ring): superseded by +2 power bonus (necklace) (same type: highest only)",
        "+2 power bonus (necklace): counts (highest power)",
        "-1 penalty (injured): counts (penalties always stack)",
        "total +1",
    ]
    frame = stack([Bonus(1, "power", "ring")]).to_frame()
    assert list(frame.columns) == ["value", "type", "source", "counted", "note"]


bonus_st = st.builds(Bonus, st.integers(-6, 8),
                     st.one_of(st.none(), st.sampled_from(list(BonusType))),
                     st.sampled_from([None, "a", "b"]))


@given(st.lists(bonus_st, max_size=12))
def test_stacking_laws(bonuses):
    result = stack(bonuses)
    # Order does not matter.
    assert stack(list(reversed(bonuses))).total == result.total
    # Penalties always count in full; typed bonuses never exceed their best/stack/+5 bound.
    assert result.total == sum(line.counted for line in result.lines)
    for line in result.lines:
        if line.bonus.value < 0:
            assert line.counted == line.bonus.value
        else:
            assert 0 <= line.counted <= line.bonus.value
    # Adding a bonus never lowers the total; adding a penalty lowers it by exactly its size.
    assert total(bonuses + [Bonus(2, "morale")]) >= result.total
    assert total(bonuses + [Bonus(-3)]) == result.total - 3


def test_gear_from_different_gear_stacks_same_gear_does_not():
    """Saving Throws, Important Note: "Gear Bonuses from different types of gear may stack."""
    assert total([Bonus(2, "gear", "masterwork lockpicks"), Bonus(1, "gear", "magnifier")]) == 3
    same = stack([Bonus(2, "gear", "lockpicks"), Bonus(1, "gear", "lockpicks")])
    assert same.total == 2 and "same source" in same.lines[1].note


def test_tactical_bonuses_from_different_tactics_stack():
    """Tactical (t): "A Tactical Bonus from wielding two melee weapons stacks with a Tactical
    Bonus granted by an elevated position."""
    assert total([Bonus(1, "tactical", "two melee weapons"),
                  Bonus(1, "tactical", "elevated position")]) == 2
    assert total([Bonus(1, "tactical", "high ground"), Bonus(1, "tactical", "high ground")]) == 1


def test_hostile_values_raise_bonus_errors_with_short_messages():
    """Issue 11, bad input 5: huge ints and deep lists in any argument gave raw
    ValueError/RecursionError when the refusal message printed them."""
    deep: list = []
    for _ in range(3000):
        deep = [deep]
    for args in ((10**5000,), (5, 10**5000), (5, None, 10**5000), (5, deep), (5, None, deep),
                 (-(10**20),)):
        with pytest.raises(BonusError) as err:
            Bonus(*args)
        assert len(str(err.value)) < 400
    with pytest.raises(BonusError, match="out of range"):
        stack([10**100])
    assert Bonus(10_000).value == 10_000 and Bonus(-10_000).is_penalty
