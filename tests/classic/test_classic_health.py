"""Health under ``classic``: 002_2a3a79475ca2a541.txt, "Death", "Nonlethal Damage",
"Stabilizing a Disabled Character", "Action definitions" (Stabilize) and "Unconscious –
Knocked out and helpless."."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from scipy import stats

from lfgcombat import Roller
from lfgcombat.rulesets.classic import ClassicError
from lfgcombat.rulesets.classic.health import (DEATH_AT, MOBILE_DC, OUT_OF_COMBAT_BONUS,
                                               STABILIZE_DC, SURVIVAL_STABILIZE_DC, ClassicVitals)
from lfgcombat.errors import IllegalActionError


def test_the_numbers_of_the_text():
    """"-10 or lower, they're dead"; "DC12 Fortitude check to stabilize"; "DC14 CON check";
    "Out of combat [...] at a +5 bonus"; "Stabilize [...] on a DC12 Survival check"."""
    assert (DEATH_AT, STABILIZE_DC, MOBILE_DC, OUT_OF_COMBAT_BONUS, SURVIVAL_STABILIZE_DC) == (
        -10, 12, 14, 5, 12)


def test_death_at_minus_10_and_no_healing():
    """"Death": "current hit points drop to -10 or lower, they're dead. They cannot be
    healed"."""
    v = ClassicVitals(8)
    assert not v.damage(17).dead and v.damage(18).dead       # -9 alive, -10 dead
    with pytest.raises(IllegalActionError, match="Death"):
        v.damage(18).heal(5)
    assert v.damage(18).conditions == ("Dead",)


def test_disabled_at_zero_or_below():
    """"When a hero drops to or below 0, they become disabled"; Unconscious: "current hit
    points between -1 and -9"."""
    v = ClassicVitals(10).damage(10)
    assert v.hp == 0 and v.disabled and not v.unconscious and v.events == ("disabled",)
    v = v.damage(4)
    assert v.disabled and v.unconscious and set(v.conditions) == {
        "Disabled", "Unconscious", "Helpless"}
    assert not ClassicVitals(10).damage(9).disabled


def test_nonlethal_beside_lethal():
    """"Nonlethal damage accumulates with standard damage. If nonlethal damage exceeds your
    current hit points, you fall unconscious.\""""
    v = ClassicVitals(12).damage(5).damage(7, nonlethal=True)
    assert (v.hp, v.nonlethal, v.unconscious) == (7, 7, False)   # equal is not "exceeds"
    v = v.damage(1, nonlethal=True)
    assert v.unconscious and "unconscious" in v.events and not v.disabled
    v = v.heal(3)                       # heals 3 HP and 3 nonlethal (inferred, d20)
    assert (v.hp, v.nonlethal, v.unconscious) == (10, 5, False)


def test_stabilize_then_mobile_then_healed():
    """"They must succeed at a DC12 Fortitude check to stabilize [...] Once they have
    successfully stabilized, they may try to succeed at a DC14 CON check to see if they
    become mobile [...] A hero keeps these disadvantages until they are healed [...] over 0
    HP"."""
    roller = Roller(seed=7)
    v = ClassicVitals(10).damage(13)
    with pytest.raises(IllegalActionError, match="stable"):
        v.mobility_check(roller, 0)
    while not v.stable:
        v, roll = v.stabilize_check(roller, 2)
        assert v.stable == (roll.total >= 12)
    with pytest.raises(IllegalActionError, match="already stable"):
        v.stabilize_check(roller, 2)
    while not v.mobile:
        v, roll = v.mobility_check(roller, 1)
        assert v.mobile == (roll.total >= 14)
    assert v.limited and not v.unconscious
    healed = v.heal(4)
    assert healed.hp == 1 and not healed.disabled and not healed.stable and not healed.mobile


def test_con_check_out_of_combat_gets_plus_5():
    """"Out of combat, they may make a check each in game hour at a +5 bonus"."""
    v = ClassicVitals(10, hp=-2, stable=True)
    _, roll = v.mobility_check(Roller(seed=3), 1, in_combat=False)
    assert roll.total - roll.natural == 6


def test_stabilize_action_by_another():
    """"Stabilize – A standard action to stabilize a disabled character on a DC12 Survival
    check"."""
    roller = Roller(seed=11)
    v = ClassicVitals(6, hp=-4)
    rolls = []
    while not v.stable:
        v, roll = v.stabilized_by(roller, 0)
        rolls.append(roll.total)
    assert rolls[-1] >= 12 and all(t < 12 for t in rolls[:-1])
    with pytest.raises(IllegalActionError):
        ClassicVitals(6).stabilized_by(roller, 0)    # not disabled


def test_optional_1_hp_per_round_loss_is_a_switch():
    """"Optional: If a character goes below 0 HP, they lose 1 HP per round until they
    stabilize.\""""
    off = ClassicVitals(10, hp=-3)
    assert off.start_of_turn().hp == -3
    on = ClassicVitals(10, hp=-3, hp_loss_switch=True)
    assert on.start_of_turn().hp == -4
    assert ClassicVitals(10, hp=0, hp_loss_switch=True).start_of_turn().hp == 0
    assert ClassicVitals(10, hp=-3, hp_loss_switch=True, stable=True).start_of_turn().hp == -3
    v = ClassicVitals(10, hp=-3, hp_loss_switch=True)
    for _ in range(7):
        v = v.start_of_turn()
    assert v.dead and v.hp == -10 and "dead" in v.events


def test_stabilize_odds_agree_with_sampling():
    """DC12 with +2: P = 11/20, sampled."""
    roller = Roller(seed="stab")
    n = 3000
    ok = sum(ClassicVitals(5, hp=-1).stabilize_check(roller, 2)[0].stable for _ in range(n))
    assert stats.binomtest(ok, n, 11 / 20).pvalue > 1e-3


@given(st.integers(1, 40), st.lists(st.tuples(st.booleans(), st.integers(0, 15)), max_size=8))
def test_damage_never_raises_and_keeps_invariants(max_hp, hits):
    v = ClassicVitals(max_hp)
    for nonlethal, amount in hits:
        v = v.damage(amount, nonlethal=nonlethal)
        assert v.hp <= max_hp and v.nonlethal >= 0
        assert v.dead == (v.hp <= -10)
        assert not (v.dead and v.disabled)


@pytest.mark.parametrize("make,field", [
    (lambda: ClassicVitals(0), "max_hp"), (lambda: ClassicVitals(5, hp=6), "hp"),
    (lambda: ClassicVitals(5).damage(-1), "amount"), (lambda: ClassicVitals(5).heal(1.5), "amount"),
    (lambda: ClassicVitals(5, hp=-1).stabilize_check(Roller(1), "2"), "fort_mod"),
    (lambda: ClassicVitals(5, hp=-1, stable=True).mobility_check(Roller(1), None), "con_mod"),
])
def test_bad_health_inputs_name_the_field(make, field):
    with pytest.raises(ClassicError, match=field):
        make()


def test_the_dead_are_neither_stable_nor_mobile():
    """A mobile hero killed ("Death": at -10) is dead, no longer stable or mobile (the
    tracker showed "stable · mobile · dead")."""
    from lfgcombat.rulesets.classic.health import ClassicVitals
    v = ClassicVitals(max_hp=27, hp=-2, stable=True, mobile=True)
    dead = v.damage(21)
    assert dead.dead and not dead.stable and not dead.mobile
    assert not ClassicVitals(max_hp=27, hp=-2, stable=True, mobile=True).damage(3).dead
