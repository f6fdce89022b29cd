"""Attacks under ``wounds``: 003_de0e94afd49609a7.txt, "Combat Statistics", "x3 Multiplier",
"x4 Multiplier", "Some weapons have a higher chance to score a critical hit", "If another
natural 20 is rolled when confirming a critical hit", "Attacking an enemy usually involves
spending your Half Action"."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest
from scipy import stats

from lfgcombat import Roller
from lfgcombat.errors import LfgError
from lfgcombat.rulesets.wounds import WoundsError
from lfgcombat.rulesets.wounds.attacks import (MIN_CRIT_RANGE, NAT1_PENALTY, NAT20_BONUS,
                                               adjusted_total, attack, attack_bonus, attack_odds,
                                               crit_threshold, critical_multiplier)


def test_nat_1_minus_5_and_nat_20_plus_5():
    """"A natural 1 on the roll applies an automatic -5 to the attack, while a natural 20
    results in a +5 on the result.\""""
    assert (NAT1_PENALTY, NAT20_BONUS) == (-5, 5)
    assert adjusted_total(1, 4) == 0 and adjusted_total(20, 4) == 29 and adjusted_total(7, 4) == 11
    # +5 vs AC 15: 10..19 hit, the 20 (30) hits, the 1 (1) misses
    assert attack_odds(5, 15, "1d8").p_hit == Fraction(11, 20)
    # the natural 20 is not an automatic hit: +0 vs AC 26 never hits (20+5 = 25)
    assert attack_odds(0, 26, "1d8").p_hit == 0
    # the natural 1 can still hit: +10 vs AC 6 (1+10-5 = 6)
    assert attack_odds(10, 6, "1d8").p_hit == 1


def test_attack_bonus_is_ability_prowess_misc():
    """"roll 1d20 and add your relevant Ability Score Modifier (typically STR or DEX), your
    Prowess, and any miscellaneous bonuses\""""
    assert attack_bonus(3, 2, misc=1) == 6
    with pytest.raises(WoundsError, match="prowess"):
        attack_bonus(3, -1)


def test_no_critical_range_below_15():
    """"If a weapon as a critical Range of 19-20, this means it can score a critical on the
    natural roll of a 19 or 20. No attack can ever have a critical range lower then 15.\""""
    assert crit_threshold(19) == 19 and MIN_CRIT_RANGE == 15
    assert crit_threshold(17, widen=5) == 15
    with pytest.raises(WoundsError, match="crit_range"):
        crit_threshold(14)
    assert attack_odds(10, 5, "1d6", crit_range=19).p_threat == Fraction(2, 20)


def test_multipliers_and_the_wounds_choice():
    """x2: "Double Damage" or "Go to Wounds [...] normal damage"; "x3 Multiplier": triple, or
    to Wounds at double; "x4 Multiplier": quadruple, or to Wounds at triple."""
    assert [critical_multiplier(m, "multiply") for m in (2, 3, 4)] == [2, 3, 4]
    assert [critical_multiplier(m, "wounds") for m in (2, 3, 4)] == [1, 2, 3]
    with pytest.raises(WoundsError, match="multiplier"):
        critical_multiplier(5, "multiply")
    with pytest.raises(WoundsError, match="critical_choice"):
        critical_multiplier(2, "both")


def test_confirmation_and_damage_of_both_choices():
    """"They roll the attack again at all the same bonuses, if it hits they Confirm"; "roll
    any damage dice twice as well as double any bonus [...] All enchantment bonuses are also
    doubled"; "it goes straight to to Wounds. Unless the attack was specifically aimed, this
    damage goes to the Body"."""
    roller = Roller(seed="crit")
    seen = Counter()
    for _ in range(3000):
        for choice in ("multiply", "wounds"):
            a = attack(roller, 10, 12, "1d6+2", multiplier=3, critical_choice=choice)
            if a.critical:
                seen[choice] += 1
                times = 3 if choice == "multiply" else 2
                damage_rolls = [r for r in roller.history[-times:]]
                assert all(r.label == "damage" for r in damage_rolls)
                total = sum(r.total for r in damage_rolls)
                if choice == "multiply":
                    assert (a.hp_damage, a.wounds_damage, a.location) == (total, 0, None)
                else:
                    assert (a.hp_damage, a.wounds_damage, a.location) == (0, total, "body")
                assert a.confirm is not None and a.threat
    assert seen["multiply"] and seen["wounds"]
    aimed = Roller(seed=5)
    for _ in range(2000):
        a = attack(aimed, 10, 12, "1d4", critical_choice="wounds", aimed_at="head")
        if a.critical:
            assert a.location == "head"
            break


def test_instant_kill_for_players_only():
    """"the player (Not normally available to npcs or monsters) may roll to see if its an
    Instant Kill. if the player rolls another natural 20 then the target is instantly slain"."""
    pc = attack_odds(10, 12, "1d6", player=True)
    npc = attack_odds(10, 12, "1d6", player=False)
    assert npc.p_instant_kill == 0
    # threat on the 20 (1/20), confirmation a natural 20 (1/20), the kill roll a 20 (1/20)
    assert pc.p_instant_kill == Fraction(1, 8000)
    # a threat on a 19 confirmed with a 20 is not "another natural 20"
    assert attack_odds(10, 12, "1d6", crit_range=19, player=True).p_instant_kill == Fraction(1, 8000)
    assert attack_odds(0, 26, "1d6", player=True).p_instant_kill == 0     # the 20 misses
    roller = Roller(seed=0)
    for _ in range(300):
        a = attack(roller, 10, 12, "1d6", player=False)
        assert a.instant_kill_roll is None


def test_odds_report_both_choices():
    o = attack_odds(6, 14, "1d8+3", crit_range=19, multiplier=2, critical_choice="wounds")
    e_hp_m, e_w_m = o.expected["multiply"]
    e_hp_w, e_w_w = o.expected["wounds"]
    normal_mean = Fraction(15, 2)
    assert e_w_m == 0
    assert e_hp_m == (o.p_hit - o.p_crit) * normal_mean + o.p_crit * 2 * normal_mean
    assert e_hp_w == (o.p_hit - o.p_crit) * normal_mean and e_w_w == o.p_crit * normal_mean
    assert sum(o.hp_damage) == 1 and sum(o.wounds_damage) == 1
    assert o.p_crit == o.p_threat * o.p_hit


@pytest.mark.parametrize("setup", [
    dict(bonus=6, ac=14, damage="1d8+3", crit_range=19, critical_choice="wounds"),
    dict(bonus=4, ac=16, damage="1d6+1", multiplier=3, critical_choice="multiply"),
])
def test_odds_agree_with_sampling(setup):
    roller = Roller(seed=str(setup))
    n = 6000
    hp, wounds, crits = Counter(), Counter(), 0
    for _ in range(n):
        a = attack(roller, **setup)
        hp[a.hp_damage] += 1
        wounds[a.wounds_damage] += 1
        crits += a.critical
    o = attack_odds(**setup)
    assert stats.binomtest(crits, n, float(o.p_crit)).pvalue > 1e-3
    for counts, dist in ((hp, o.hp_damage), (wounds, o.wounds_damage)):
        assert set(counts) <= set(dist.index)
        obs, exp, acc_o, acc_e = [], [], 0, 0.0
        for k, p in dist.items():
            acc_o, acc_e = acc_o + counts.get(k, 0), acc_e + float(p) * n
            if acc_e >= 5:
                obs.append(acc_o), exp.append(acc_e)
                acc_o, acc_e = 0, 0.0
        obs[-1] += acc_o
        exp[-1] += acc_e
        if len(obs) > 1:
            assert stats.chisquare(obs, exp).pvalue > 1e-3


@pytest.mark.parametrize("kwargs,field", [
    (dict(bonus=1.5, ac=10, damage="1d6"), "bonus"), (dict(bonus=1, ac="10", damage="1d6"), "ac"),
    (dict(bonus=1, ac=10, damage="1x6"), "damage"),
    (dict(bonus=1, ac=10, damage="1d6", crit_range=10), "crit_range"),
    (dict(bonus=1, ac=10, damage="1d6", critical_choice="double"), "critical_choice"),
])
def test_bad_inputs_name_the_field(kwargs, field):
    roller = Roller(seed=1)
    with pytest.raises(LfgError, match=field):
        attack(roller, **kwargs)
    with pytest.raises(LfgError, match=field):
        attack_odds(**kwargs)
    assert roller.history == []


def test_an_instant_kill_takes_three_natural_20s():
    """The threat (natural 20), the confirmation (natural 20) and the player's roll (natural
    20): "the target is instantly slain with no save, gaining the Dead condition"."""
    roller = Roller(seed="kill")
    for _ in range(100_000):
        a = attack(roller, 10, 12, "1d6", player=True)
        if a.instant_kill:
            break
    assert a.instant_kill
    assert (a.roll.natural, a.confirm.natural, a.instant_kill_roll.total) == (20, 20, 20)
