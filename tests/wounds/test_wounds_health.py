"""Hit Points, Wounds, Barrier and Shell: 003_de0e94afd49609a7.txt, "When a character is
subject to a damage-dealing effect", "Barrier represents", "Barriers are represented by two
factors", "Shell operates similarly to Barrier"."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from lfgcombat.errors import IllegalActionError
from lfgcombat.rulesets.wounds import WoundsError
from lfgcombat.rulesets.wounds.health import Barrier, WoundsVitals


def test_hp_first_then_wounds():
    """"the effect first depletes the character's Hit Points [...] If a character's Hit Points
    reach 0, or if the character is subject to a critical hit, they instead take Wound
    Damage.\""""
    v = WoundsVitals(max_hp=20, wounds_max=12).damage(15)
    assert (v.hp, v.wounds) == (5, 12)
    v = v.damage(8)                      # 5 HP left: the other 3 go to Wounds (inferred)
    assert (v.hp, v.wounds) == (0, 9) and "3 to Wounds" in v.events
    crit = WoundsVitals(20, 12).damage(7, to_wounds=True)
    assert (crit.hp, crit.wounds) == (20, 5)
    dead = crit.damage(5, to_wounds=True)
    assert dead.dead and dead.wounds == 0 and "dead" in dead.events   # inferred: 0 Wounds


def test_hp_restore_hourly():
    """"A character's Hit Points restore hourly, of an amount equal to their total Hit Dice
    plus their Constitution modifier.\""""
    v = WoundsVitals(30, 12, hp=10).rest_hour(hit_dice=4, con_mod=2)
    assert v.hp == 16
    assert WoundsVitals(30, 12, hp=29).rest_hour(4, 2).hp == 30
    assert WoundsVitals(30, 12, hp=10).rest_hour(1, -3).hp == 11      # at least 1 (inferred)
    with pytest.raises(IllegalActionError):
        WoundsVitals(30, 12, wounds=0).rest_hour(4, 2)


def test_barrier_10_100():
    """"a Barrier with a strength of 10 and a total of 100 would block up to 10 damage per
    attack or otherwise damage-inflicting effect, until 100 total points of damage have been
    blocked. This is typically illustrated as Barrier 10/100.\""""
    v = WoundsVitals(50, 12, barrier=Barrier(10, 100))
    v = v.damage(25)
    assert v.hp == 35 and v.barrier == Barrier(10, 90) and str(v.barrier) == "Barrier 10/90"
    v = v.damage(4)
    assert v.hp == 35 and v.barrier == Barrier(10, 86)
    for _ in range(8):
        v = v.damage(10)
    assert v.hp == 35 and v.barrier == Barrier(10, 6)     # 10 + 4 + 80 blocked so far
    v = v.damage(10)                                        # the last 6, then it is gone
    assert v.hp == 31 and v.barrier is None
    fresh = WoundsVitals(50, 12, barrier=Barrier(10, 100))
    bypassed = fresh.damage(10, bypass_barrier=True)       # "may still bypass Barrier"
    assert bypassed.hp == 40 and bypassed.barrier == Barrier(10, 100)


def test_barrier_exhausts_after_its_total():
    v = WoundsVitals(500, 12, barrier=Barrier(10, 100))
    for _ in range(12):
        v = v.damage(30)
    assert v.barrier is None and v.hp == 500 - 12 * 30 + 100


def test_barriers_and_shells_do_not_stack():
    """"Barrier effects do not stack - the highest Barrier overwrites any others"; "Shell does
    not stack with Shell - the highest one overwrites.\""""
    v = WoundsVitals(50, 12).with_barrier(Barrier(5, 50)).with_barrier(Barrier(10, 20))
    assert v.barrier == Barrier(10, 20)
    assert v.with_barrier(Barrier(5, 500)).barrier == Barrier(10, 20)
    s = v.with_shell(30).with_shell(20)
    assert s.shell == 30 and s.with_shell(40).shell == 40


def test_shell_absorbs_once_and_lasts_a_round():
    """"a Shell of 50 will absorb 50 damage in one go, if necessary. However, once Shell is
    used, it's gone. Additionally, Shell typically lasts for just one round\""""
    v = WoundsVitals(40, 12).with_shell(50)
    assert v.damage(70).hp == 20 and v.damage(70).shell == 0
    small = v.damage(10)
    assert small.hp == 40 and small.shell == 0            # gone once used
    # a round of its owner's turns: the third start or end of its turn after it is gained
    # (inferred; tests/wounds/test_wounds_durations.py plays it)
    later = v.turn_mark().turn_mark()
    assert later.shell == 50 and later.turn_mark().shell == 0
    assert later.turn_mark().events == ('Shell fades ("lasts for just one round")',)


def test_barrier_then_shell_then_hp():
    """Order inferred from the text's order: Barrier, then Shell."""
    v = WoundsVitals(40, 12, barrier=Barrier(5, 20), shell=10).damage(30)
    assert (v.hp, v.barrier, v.shell) == (25, Barrier(5, 15), 0)
    assert v.events == ("Barrier blocks 5", "Shell absorbs 10")


@given(st.lists(st.tuples(st.integers(0, 30), st.booleans()), max_size=10))
def test_invariants(hits):
    v = WoundsVitals(30, 10, barrier=Barrier(4, 20), shell=8)
    for amount, wounds in hits:
        before = (v.hp, v.wounds)
        v = v.damage(amount, to_wounds=wounds)
        assert 0 <= v.hp <= 30 and 0 <= v.wounds <= 10
        assert v.hp <= before[0] and v.wounds <= before[1]


@pytest.mark.parametrize("make,field", [
    (lambda: WoundsVitals(-1, 10), "max_hp"), (lambda: WoundsVitals(10, 0), "wounds_max"),
    (lambda: WoundsVitals(10, 10).damage(-3), "amount"), (lambda: Barrier(0, 10), "strength"),
    (lambda: WoundsVitals(10, 10).with_shell(1.5), "shell"),
    (lambda: WoundsVitals(10, 10, barrier=(10, 100)), "barrier"),
])
def test_bad_inputs(make, field):
    with pytest.raises(WoundsError, match=field):
        make()
