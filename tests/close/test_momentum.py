"""Momentum of Impact: Knockdown and Crushing Advance.

000_8d1d7816ee944f3b.txt, "Momentum of Impact: Bigger Creatures hitting Smaller Creatures –
Getting Knocked Down" and "Crushing Advance: Very big creatures stepping on smaller creatures!".
"""

from __future__ import annotations

import math

import pytest

from lfgcombat import Creature
from lfgcombat.dice import Roller
from lfgcombat.errors import IllegalActionError
from lfgcombat.rules.impact.momentum import (KNOCKDOWN_CAP, MomentumError, can_crush,
                                             confound_fort_dc, crushing_advance,
                                             crushing_advance_dc, crushing_step, flyer_drop_ft,
                                             knockdown_dc, p_knockdown, resist_knockdown,
                                             shield_struck)


def monster(name: str, level: int, size: str, str_: int = 10, hp: int = 40) -> Creature:
    return Creature.from_dict({"name": name, "level": level, "size": size,
                               "abilities": {"str": str_}, "max_hp": hp})


ELEPHANT = monster("elephant", 11, "huge", 28, 150)
GOBLIN = monster("goblin", 1, "small", 8, 7)
OGRE = monster("ogre", 4, "large", 20, 50)   # medium HR at 4: 2; STR 20 -> +5
HUMAN = monster("guard", 4, "medium", 14, 30)


def test_elephant_through_the_goblins_dc26() -> None:
    """Ex: "An elephant (Level 11 Huge, 28 STR) moving through an army of goblins: Crushing
    Advance DC(10+7HR+9STRMod) = DC26"."""
    dc = crushing_advance_dc(ELEPHANT)
    assert int(dc) == 26
    assert [t.value for t in dc.terms] == [10, 7, 9]
    assert can_crush(ELEPHANT, GOBLIN) and not can_crush(OGRE, GOBLIN)


def test_knockdown_dc_base_and_modifiers() -> None:
    base = 10 + int(OGRE.hr) + 5
    assert int(knockdown_dc(OGRE, HUMAN)) == base
    assert int(knockdown_dc(OGRE, HUMAN, charge_ft=20)) == base + 2
    assert int(knockdown_dc(OGRE, HUMAN, charge_ft=15)) == base        # needs 20 ft
    assert int(knockdown_dc(OGRE, HUMAN, weapon="mace")) == base + 1     # Impact
    assert int(knockdown_dc(OGRE, HUMAN, weapon="halberd")) == base + 2  # Knockdown trait
    assert int(knockdown_dc(OGRE, HUMAN, weapon="dagger")) == base - 2   # Light
    assert int(knockdown_dc(OGRE, HUMAN, weapon="longbow")) == base - 2  # projectile
    assert int(knockdown_dc(OGRE, HUMAN, power_attack=True)) == base + 2
    assert int(knockdown_dc(OGRE, GOBLIN)) == base + 5                    # 2 sizes: +5


def test_who_can_be_knocked_down() -> None:
    assert knockdown_dc(OGRE, HUMAN).applies
    same = knockdown_dc(HUMAN, HUMAN)
    assert not same.applies and "same size" in same.reason
    assert knockdown_dc(HUMAN, HUMAN, weapon="bash").applies     # Bash/Slam: same size too
    assert not knockdown_dc(HUMAN, OGRE, weapon="bash").applies
    assert not knockdown_dc(OGRE, HUMAN, in_grapple=True).applies
    assert p_knockdown(same, 0) == 0.0
    with pytest.raises(IllegalActionError, match="Momentum of Impact"):
        resist_knockdown(same, 0, roller=Roller(1))


def test_cap_at_35_makes_the_defender_unfortunate() -> None:
    dc = knockdown_dc(ELEPHANT, GOBLIN, weapon="bash", charge_ft=30, power_attack=True)
    assert int(dc) == KNOCKDOWN_CAP and dc.defender_unfortunate
    assert "capped" in dc.explain()
    assert p_knockdown(dc, 5) == 1.0                 # d20+5 never reaches 35
    resist = 6 / 20                                  # d20+20 >= 35 on 15..20
    assert p_knockdown(dc, 20) == pytest.approx(1 - resist ** 2)  # unfortunate: both must


def test_cavalry_counts_as_the_mount() -> None:
    horse = monster("warhorse", 3, "large", 18, 30)
    rider = monster("knight", 4, "medium", 14, 30)
    assert not knockdown_dc(rider, HUMAN).applies
    assert knockdown_dc(rider, HUMAN, mount=horse, charge_ft=20).applies
    assert not knockdown_dc(rider, HUMAN, mount=horse).applies  # basic attack, no charge


def test_p_knockdown_exact_and_sampled() -> None:
    dc = knockdown_dc(OGRE, HUMAN)
    d = int(dc)
    assert p_knockdown(dc, 3) == pytest.approx((d - 1 - 3) / 20)       # totals below DC
    assert p_knockdown(dc, 3, quadruped=True) == pytest.approx((d - 1 - 7) / 20)
    p_fly = p_knockdown(dc, 3, flying=True)
    assert p_fly == pytest.approx(1 - (1 - (d - 4) / 20) ** 2)
    roller, n = Roller(99), 4000
    prone = sum(resist_knockdown(dc, 3, roller=roller, flying=True).prone for _ in range(n))
    assert abs(prone / n - p_fly) < 4.5 * math.sqrt(p_fly * (1 - p_fly) / n)


def test_failing_by_5_means_fort_or_confounded() -> None:
    dc = knockdown_dc(ELEPHANT, GOBLIN)
    roller = Roller(3)
    checks = [resist_knockdown(dc, 0, roller=roller, damage_taken=22) for _ in range(50)]
    for c in checks:
        assert c.fort_dc == (22 if c.failed_by >= 5 else None)
    assert confound_fort_dc(4) == 15 and confound_fort_dc(40) == 40


def test_shield_struck_and_flyers() -> None:
    assert shield_struck(2, 2) and not shield_struck(3, 2)
    assert (flyer_drop_ft("average"), flyer_drop_ft("Clumsy"), flyer_drop_ft("poor")) == (10, 20, 20)


def test_crushing_advance_b() -> None:
    roller = Roller(11)
    outcomes = [crushing_advance(ELEPHANT, GOBLIN, save_bonus=2, max_hp=7, roller=roller,
                                 use_reaction=r) for r in (False, True) * 40]
    for o in outcomes:
        assert o.dc == 26
        passed = o.check.total >= 26
        assert o.prone == (not passed)
        if passed:
            assert o.damage == 0 and o.displaced == ("chosen" if o.used_reaction else "random")
        else:
            full = o.damage * 2 if o.used_reaction else o.damage
            assert full >= 7 // 4 and (o.damage <= (10 + 9) // (2 if o.used_reaction else 1))
            assert (o.fort_dc is not None) == (26 - o.check.total >= 5)
    assert any(o.prone for o in outcomes)


def test_crushing_step_a() -> None:
    assert crushing_step(ELEPHANT, GOBLIN, save_bonus=0, max_hp=7, roller=Roller(1),
                         use_reaction=True).damage == 0
    roller = Roller(5)
    res = [crushing_step(ELEPHANT, GOBLIN, save_bonus=0, max_hp=7, roller=roller)
           for _ in range(200)]
    stepped = sum(bool(r.stepped_on) for r in res)
    assert 60 < stepped < 140            # the 50% chance
    for r in res:
        if r.stepped_on and r.check.total < 15:
            assert r.prone and r.damage >= 10   # 1d10+9 beats 25% of 7
        elif r.stepped_on:
            assert r.displaced == "random"


def test_refusals() -> None:
    with pytest.raises(IllegalActionError, match="3\\+ size"):
        crushing_advance(OGRE, GOBLIN, save_bonus=0, max_hp=7, roller=Roller(1))
    with pytest.raises(MomentumError, match="charge_ft"):
        knockdown_dc(OGRE, HUMAN, charge_ft=-5)
    with pytest.raises(MomentumError, match="target"):
        knockdown_dc(OGRE, "enormous")
    # a truthy word is not a Power Attack; a size is not a creature with an HR and STR
    with pytest.raises(MomentumError, match="power_attack: True or False"):
        knockdown_dc(OGRE, HUMAN, power_attack="yes")
    with pytest.raises(MomentumError, match="in_grapple"):
        knockdown_dc(OGRE, HUMAN, in_grapple=1)
    with pytest.raises(MomentumError, match="10\\+HR\\+STRMod"):
        knockdown_dc("large", HUMAN)
    for bad in ("elephant", None, 26):
        with pytest.raises(MomentumError, match="Crushing Advance"):
            crushing_advance_dc(bad)


def test_crushing_advance_moves_half_speed() -> None:
    from lfgcombat.rules.impact.momentum import crushing_advance_ft
    elephant = Creature.from_dict({"name": "elephant", "level": 11, "size": "huge",
                                   "abilities": {"str": 28}, "max_hp": 150, "speed": 40})
    assert crushing_advance_ft(elephant) == 20
    slow = Creature.from_dict({"name": "x", "level": 1, "size": "huge", "max_hp": 9,
                               "speed": 35})
    assert crushing_advance_ft(slow) == 15


def test_p_knocked_prone_is_landing_times_failing() -> None:
    from lfgcombat.rules.impact.momentum import p_knocked_prone, p_strike_lands
    # +5 vs AC 16, Shield Rating 2: totals 14+ land -> faces 9..20 -> 12/20
    assert p_strike_lands(5, 16, 2) == pytest.approx(12 / 20)
    assert p_strike_lands(5, 16) == pytest.approx(10 / 20)
    assert p_strike_lands(-10, 40, 5) == pytest.approx(1 / 20)       # only a Nat 20
    assert p_strike_lands(30, 5, 0) == pytest.approx(19 / 20)        # Nat 1 misses
    dc = knockdown_dc(OGRE, HUMAN)
    got = p_knocked_prone(dc, attack_bonus=5, ac=16, shield_rating=2, defender_bonus=3)
    assert got == pytest.approx(12 / 20 * p_knockdown(dc, 3))
    # sampled: the attack roll, then the check
    roller, n, prone = Roller(123), 6000, 0
    for _ in range(n):
        face = roller.roll("1d20").total
        if face == 20 or (face != 1 and face + 5 >= 14):
            prone += resist_knockdown(dc, 3, roller=roller).prone
    assert abs(prone / n - got) < 4.5 * math.sqrt(got * (1 - got) / n)


def test_knocked_down_flyers_drop() -> None:
    dc = knockdown_dc(ELEPHANT, GOBLIN)          # DC 31: a +0 goblin always fails
    high = resist_knockdown(dc, 0, roller=Roller(1), flying=True, altitude_ft=30)
    assert (high.prone, high.drop_ft) == (False, 10)       # regains control in the air
    low = resist_knockdown(dc, 0, roller=Roller(1), flying=True, altitude_ft=15,
                           maneuverability="clumsy")
    assert (low.prone, low.drop_ft) == (True, 20)          # reaches the ground: prone
    ground = resist_knockdown(dc, 0, roller=Roller(1))
    assert ground.prone and ground.drop_ft == 0
