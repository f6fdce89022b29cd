"""Attacks, criticals, fumbles, AC and concealment under ``classic``:
002_2a3a79475ca2a541.txt, "How to attack another creature", "Criticals and fumbles",
"Critical Hit", "Fumble", "Armor Class", "Concealment"."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest
from scipy import stats

from lfgcombat import Roller
from lfgcombat.rulesets.classic import ClassicError
from lfgcombat.rulesets.classic.armor import (CONCEALMENT, SIZES, armor_class, concealment_penalty,
                                              size_modifier, size_table)
from lfgcombat.rulesets.classic.attacks import (attack, attack_bonus, attack_odds, crit_threshold,
                                                fumble_suggestions, weapon_crit_range)
from lfgcombat.errors import LfgError
from lfgcombat.io.tables import parse_source

TEXT = "002_2a3a79475ca2a541.txt"


def test_to_hit_formula():
    """cite("How to attack another creature"): "D20 + BAB + Ability Modifier (STR for melee,
    DEX for ranged) = or > Target's Armor Class"."""
    assert attack_bonus(3, str_mod=2, dex_mod=4) == 5
    assert attack_bonus(3, str_mod=2, dex_mod=4, ranged=True) == 7
    # "= or >": a total equal to the AC hits; with +5 against AC 15 the 10..19 hit, the 20
    # always does: 11 of 20.
    assert attack_odds(5, 15, "1d8").p_hit == Fraction(11, 20)
    assert attack_odds(5, 16, "1d8").p_hit == Fraction(10, 20)


def test_natural_20_is_always_a_critical_and_natural_1_fumbles():
    """"Rolling a 20 is always a Critical Hit"; "A roll of a natural 1 during any attack or
    action causes the character to fumble"."""
    hopeless = attack_odds(0, 40, "1d8")
    assert hopeless.p_hit == hopeless.p_crit == Fraction(1, 20)
    sure = attack_odds(30, 10, "1d8")
    assert sure.p_hit == Fraction(19, 20) and sure.p_fumble == Fraction(1, 20)


def test_crit_range_and_expanded_critical():
    """"Some weapons have a larger range, and you can choose the Expanded Critical Talent which
    adds 1 to your crit range"."""
    assert crit_threshold() == 20 and crit_threshold(expanded_critical=True) == 19
    assert crit_threshold(19, expanded_critical=True) == 18
    assert attack_odds(10, 15, "1d6", crit_range=19).p_crit == Fraction(2, 20)
    assert attack_odds(10, 15, "1d6", crit_range=19, expanded_critical=True).p_crit == Fraction(3, 20)
    # a widened range only crits when the roll hits: +0 vs AC 20 hits on the 20 alone
    assert attack_odds(0, 20, "1d6", crit_range=18).p_crit == Fraction(1, 20)
    with pytest.raises(ClassicError, match="expanded_critical"):
        crit_threshold(2, expanded_critical=True)
    with pytest.raises(ClassicError, match="crit_range"):
        crit_threshold(1)


def test_critical_rolls_the_damage_twice_with_all_bonuses():
    """cite("Critical Hit"): "Roll your damage dice twice, with all applicable bonuses, and add
    the rolls together for the total damage inflicted"."""
    roller = Roller(seed=20)
    for _ in range(400):
        a = attack(roller, 0, 40, "1d8+3")      # hits only on a natural 20
        if a.hit:
            break
    assert a.critical and len(a.damage_rolls) == 2
    assert a.damage == sum(r.total for r in a.damage_rolls)
    assert all(r.total - sum(r.faces) == 3 for r in a.damage_rolls)   # +3 each time
    crit_only = attack_odds(0, 40, "1d8+3")
    assert crit_only.damage.index.min() == 0 and crit_only.damage.index.max() == 22
    assert crit_only.expected_damage == Fraction(1, 20) * 2 * Fraction(15, 2)


def test_fumble_suggestions_are_data():
    """cite("Fumble"): "like dropping their weapon, tripping when charging, or says something
    incredibly offensive during a diplomatic negotiation"."""
    table = fumble_suggestions()
    assert table.situation.tolist() == ["attack", "charge", "social"]
    assert table.suggestion[0] == "drops their weapon"
    assert all(parse_source(s)[0] == [(TEXT, "Fumble")] for s in table.source)
    roller = Roller(seed=1)
    fumbled = [a for a in (attack(roller, 30, 10, "1d4") for _ in range(200)) if a.fumble]
    assert fumbled and not any(a.hit for a in fumbled)    # a fumble misses (inferred)


@pytest.mark.parametrize("setup", [dict(bonus=5, ac=15, damage="1d8+2"),
                                   dict(bonus=3, ac=14, damage="2d4", crit_range=19,
                                        expanded_critical=True),
                                   dict(bonus=8, ac=16, damage="1d6+1", concealment="full")])
def test_attack_odds_agree_with_sampling(setup):
    """Exact odds against 6000 seeded attacks: chi-square on the whole damage distribution."""
    roller = Roller(seed=str(setup))
    n = 6000
    counts = Counter(attack(roller, **setup).damage for _ in range(n))
    odds = attack_odds(**setup)
    assert set(counts) <= set(odds.damage.index)
    observed = [counts.get(k, 0) for k in odds.damage.index]
    expected = [float(p) * n for p in odds.damage]
    # pool the rare outcomes so that every cell expects at least 5
    obs, exp, o_acc, e_acc = [], [], 0, 0.0
    for o, e in zip(observed, expected):
        o_acc, e_acc = o_acc + o, e_acc + e
        if e_acc >= 5:
            obs.append(o_acc), exp.append(e_acc)
            o_acc, e_acc = 0, 0.0
    obs[-1] += o_acc
    exp[-1] += e_acc
    assert stats.chisquare(obs, exp).pvalue > 1e-3


def test_armor_class_formula():
    """cite("Armor Class"): "10 + armor bonus + shield bonus + Dexterity modifier + size
    modifier + natural armor"; hits when "equal to or higher than the target's AC"."""
    ac = armor_class(armor=4, shield=2, dex=3, size="small", natural=1)
    assert ac.total == 10 + 4 + 2 + 3 + 1 + 1
    assert ac.without_dex().total == ac.total - 3
    assert armor_class(dex=-2).without_dex().total == 8    # a penalty is never lost
    assert armor_class().total == 10


def test_the_rebuilt_size_table():
    """"Table: AC size modifier chart" did not survive: rebuilt (inferred) from the d20 size
    modifiers, symmetric around Medium."""
    table = size_table()
    assert table["size"].tolist() == list(SIZES)
    assert [size_modifier(s) for s in SIZES] == [8, 4, 2, 1, 0, -1, -2, -4, -8]
    assert all(parse_source(s)[1] for s in table.source)     # every row says inferred
    with pytest.raises(ClassicError, match="size"):
        size_modifier("enormous")


def test_concealment_penalties():
    """cite("Concealment"): "at least 50% hidden [...] -2 to attack rolls to hit. If a creature
    is fully Concealed, but still attacking, attackers suffer a -5"."""
    assert CONCEALMENT == {"none": 0, "partial": -2, "full": -5}
    assert concealment_penalty("partial") == -2 and concealment_penalty("full") == -5
    plain = attack_odds(5, 15, "1d8").p_hit
    assert attack_odds(5, 15, "1d8", concealment="partial").p_hit == plain - Fraction(2, 20)
    assert attack_odds(5, 15, "1d8", concealment="full").p_hit == plain - Fraction(5, 20)


@pytest.mark.parametrize("kwargs,field", [
    (dict(bonus="5", ac=15, damage="1d8"), "bonus"),
    (dict(bonus=5, ac=None, damage="1d8"), "ac"),
    (dict(bonus=5, ac=15, damage="1d8+"), "damage"),
    (dict(bonus=5, ac=15, damage="1d8", concealment="half"), "concealment"),
    (dict(bonus=5, ac=15, damage="1d8", crit_range=21), "crit_range"),
])
def test_bad_attack_inputs_name_the_field(kwargs, field):
    roller = Roller(seed=0)
    with pytest.raises(LfgError, match=field):
        attack(roller, **kwargs)
    with pytest.raises(LfgError, match=field):
        attack_odds(**kwargs)
    assert roller.history == []
    for bad in (dict(armor=-1), dict(dex=1.5), dict(natural="2")):
        with pytest.raises(ClassicError, match=next(iter(bad))):
            armor_class(**bad)
    with pytest.raises(ClassicError, match="bab"):
        attack_bonus(-1)



def test_weapon_ranges_from_the_weapon_table():
    """"Some weapons have a larger range": the kit's weapons table gives 19-20 for a longsword
    and 18-20 for a rapier; Expanded Critical adds one more."""
    assert weapon_crit_range("longsword") == 19 and weapon_crit_range("rapier") == 18
    assert weapon_crit_range("club") == 20
    assert crit_threshold(weapon_crit_range("rapier"), expanded_critical=True) == 17
    with pytest.raises(ClassicError, match="weapon"):
        weapon_crit_range("lightsaber")


def test_blinded_attacker_targets_dodge_half_the_time():
    """Blinded ("Conditions"): "Any target they attack gets a 50% chance to dodge the
    attack"."""
    plain = attack_odds(5, 15, "1d8")
    blind = attack_odds(5, 15, "1d8", miss_chance=50)
    assert blind.p_hit == plain.p_hit / 2 and blind.p_crit == plain.p_crit / 2
    assert sum(blind.damage) == 1
    roller = Roller(seed="blind")
    n = 4000
    hits = sum(attack(roller, 5, 15, "1d8", miss_chance=50).hit for _ in range(n))
    assert stats.binomtest(hits, n, float(blind.p_hit)).pvalue > 1e-3
    with pytest.raises(ClassicError, match="miss_chance"):
        attack_odds(5, 15, "1d8", miss_chance=120)
