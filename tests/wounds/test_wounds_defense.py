"""Defense, Total Defense, the Shield Parry and Attacks of Opportunity under ``wounds``:
003_de0e94afd49609a7.txt, "Prowess is added directly to your Defense", "Defense = 10+
Prowess", "Total Defense", "Any attack made against a character wearing a shield", "As
mentioned in the previous Tip"."""

from __future__ import annotations

from fractions import Fraction

import pytest
from scipy import stats

from lfgcombat import Roller
from lfgcombat.errors import IllegalActionError
from lfgcombat.rulesets.wounds import WoundsError
from lfgcombat.rulesets.wounds.aoo import aoo_per_round
from lfgcombat.rulesets.wounds.attacks import adjusted_total
from lfgcombat.rulesets.wounds.defense import HALF_ACTIONS_PER_TURN, TOTAL_DEFENSE_BONUS, Turn, defense
from lfgcombat.rulesets.wounds.objects import ObjectState
from lfgcombat.rulesets.wounds.parry import Shield, parry, parry_odds


def test_defense_formula():
    """"Defense = 10+ Prowess + Dex + Talents + Conditions + Circumstance"."""
    assert defense(3, 2) == 15
    assert defense(prowess=3, dex=2, talents=1, conditions=-2, circumstance=1) == 15
    with pytest.raises(WoundsError, match="prowess"):
        defense(-1, 0)
    with pytest.raises(WoundsError, match="circumstance"):
        defense(1, 0, circumstance="2")


def test_total_defense():
    """"by spending a Half Action. Doing so grants you a +4 bonus to your AC until the
    beginning of your next turn. You cannot make attacks of opportunity whilst in Total
    Defense, and you must spend additional Half Actions to maintain it [...] You can't combine
    Total Defense with Defensive Fighting, or any Combat Stances or Styles.\""""
    assert TOTAL_DEFENSE_BONUS == 4 and HALF_ACTIONS_PER_TURN == 2       # 2: inferred
    assert defense(3, 2, total_defense=True) == 19
    t = Turn().take_total_defense()
    assert t.half_actions == 1 and t.total_defense and not t.can_make_aoo
    assert t.spend("attack").half_actions == 0
    with pytest.raises(IllegalActionError):
        t.spend().spend()
    kept = t.next_turn(maintain=True)
    assert kept.total_defense and kept.half_actions == 1
    dropped = t.next_turn()
    assert not dropped.total_defense and dropped.half_actions == 2
    with pytest.raises(IllegalActionError, match="Defensive Fighting"):
        Turn(defensive_fighting=True).take_total_defense()
    assert aoo_per_round(3, in_total_defense=True) == 0


def test_aoo_count():
    """"a number of Attacks of Opportunity each round equal to 1 + your Dexterity modifier
    (minimum 0), and you may gain further Attacks of Opportunity by selecting the Combat
    Reflexes Universal Talent.\""""
    assert [aoo_per_round(d) for d in (-3, 0, 1, 4)] == [1, 1, 2, 5]
    assert aoo_per_round(2, combat_reflexes=1) == 4
    with pytest.raises(WoundsError, match="combat_reflexes"):
        aoo_per_round(2, combat_reflexes=-1)
    with pytest.raises(WoundsError, match="dex_mod"):
        aoo_per_round(None)


def _shield(parry_bonus=2, hardness=5, hp=20):
    return Shield(parry_bonus, ObjectState(hardness, hp))


def test_parry_is_opposed_and_meets_or_exceeds():
    """"the shield-wearer may make an opposed attack roll against their attacker - if he meets
    or exceeds the enemy attack roll, they successfully deflect the attack\""""
    roller = Roller(seed="parry")
    for _ in range(100):
        r = parry(roller, _shield(), 4, -1, 14, 9)
        assert r.deflected == (r.total >= 14)
        assert r.roll.total - r.roll.natural == 3            # ACP applies
    # same bonuses on both sides: ties go to the parry, so over half
    assert parry_odds(3, 0, 3) > Fraction(1, 2)
    assert parry_odds(3, -2, 3) < parry_odds(3, 0, 3)


def test_parries_per_turn_equal_the_parry_bonus_and_the_shield_takes_the_damage():
    """"A shield may be used to attempt to deflect a number of attacks per turn equal to its
    Parry Bonus. When a shield is used to successfully deflect an attack, the shield takes
    the damage in place of its wielder\""""
    roller = Roller(seed=3)
    s = _shield(parry_bonus=2)
    s = parry(roller, s, 20, 0, 5, 9).shield                 # certain deflection
    assert s.used == 1 and s.state.hp == 20 - (9 - 5)         # Hardness 5 off the 9
    s = parry(roller, s, 20, 0, 5, 3).shield                 # below hardness: no HP lost
    assert s.state.hp == 16 and s.parries_left == 0
    with pytest.raises(IllegalActionError, match="Parry Bonus 2"):
        parry(roller, s, 20, 0, 5, 9)
    assert s.new_turn().parries_left == 2
    broken = Shield(1, ObjectState(0, 4))
    gone = parry(roller, broken, 20, 0, 5, 10).shield
    assert gone.state.destroyed and gone.new_turn().parries_left == 0


def test_parry_odds_agree_with_sampling():
    roller = Roller(seed="parry-odds")
    n, wins = 4000, 0
    for _ in range(n):
        atk = roller.roll("1d20+5")
        total = adjusted_total(atk.natural, 5)
        wins += parry(roller, _shield(parry_bonus=1), 4, -1, total, 0).deflected
    assert stats.binomtest(wins, n, float(parry_odds(4, -1, 5))).pvalue > 1e-3


def test_bad_parry_inputs():
    with pytest.raises(WoundsError, match="armor_check_penalty"):
        parry(Roller(1), _shield(), 3, 2, 10, 5)
    with pytest.raises(WoundsError, match="parry_bonus"):
        _shield(parry_bonus=0)


def test_the_conditions_term_of_defense():
    """"Defense = 10+ Prowess + Dex + Talents + Conditions + Circumstance"; "When calculating
    Defense you add your Prowess as a Dodge bonus": lfg's conditions (the catalogue) give
    their AC numbers, a lost Dodge bonus takes Prowess away, Helpless makes DEX 0."""
    from lfgcombat.rules.conditions.conditions import Condition, ConditionError
    from lfgcombat.rulesets.wounds.defense import condition_defense
    assert condition_defense([]).defense(3, 2) == defense(3, 2) == 15
    assert condition_defense(["Hindered"]).defense(3, 2) == 13
    assert condition_defense(["Flanked", "hindered"]).modifier == -4     # penalties add
    prone = condition_defense(["Prone"])
    assert prone.defense(3, 2) == 11 and condition_defense(["Prone"], melee=False).modifier == 0
    flat = condition_defense([Condition.FLAT_FOOTED])
    assert flat.loses_prowess and flat.defense(3, 2) == 12
    assert condition_defense(["Flat Footed"]) == flat     # the catalogue's label, as passed
    with pytest.raises(ConditionError):                     # str() of a member is no name
        condition_defense(["Condition.FLAT_FOOTED"])
    helpless = condition_defense(["Helpless"])
    assert helpless.dex_zero and helpless.defense(3, 2) == 10 + 0 - 5
    assert helpless.defense(3, 2, total_defense=True) == 9
    with pytest.raises(ConditionError, match="unknown condition"):
        condition_defense(["Sleepy"])


def test_a_targets_conditions_in_the_odds_agree_with_sampling():
    from collections import Counter

    from lfgcombat import Creature
    from lfgcombat.rulesets.wounds.combatant import creature_attack, creature_attack_odds
    ash = Creature.from_dict({"name": "Ash", "level": 3, "max_hp": 20, "abilities":
                              {"str": 14}, "prowess": 2, "weapons": ["longsword", "shortbow"]})
    orc = Creature.from_dict({"name": "Orc", "level": 2, "max_hp": 15, "prowess": 3,
                              "abilities": {"dex": 14}})
    base = creature_attack_odds(ash, orc, "longsword")
    prone = creature_attack_odds(ash, orc, "longsword", target_conditions=["Prone"])
    far = creature_attack_odds(ash, orc, "shortbow", target_conditions=["Prone"])
    assert (base.ac, prone.ac, far.ac) == (15, 11, 15)
    roller, n = Roller(seed="prone"), 3000
    hits = Counter(creature_attack(roller, ash, orc, "longsword",
                                   target_conditions=["Prone"]).hit for _ in range(n))
    assert stats.binomtest(hits[True], n, float(prone.p_hit)).pvalue > 1e-3


def test_in_the_encounter_a_flat_footed_target_has_no_prowess_and_a_hindered_one_minus_2():
    """Top-Down's "Any creature who has not yet acted in combat is considered Flat-Footed":
    under wounds its Defense loses Prowess (a Dodge bonus) until it acts; Cold's Hindered is
    -2 (lfg's Hindered)."""
    from lfgcombat import Creature, Encounter
    ash = Creature.from_dict({"name": "Ash", "level": 3, "max_hp": 30, "kind": "pc",
                              "ruleset": ["wounds"], "good_saves": ["fort", "ref"], "abilities": {"str": 14}, "prowess": 2,
                              "weapons": ["longsword"]})
    orc = Creature.from_dict({"name": "Orc", "level": 2, "max_hp": 30, "ruleset": ["wounds"], "good_saves": ["fort", "ref"],
                              "prowess": 3, "abilities": {"dex": 14}, "weapons": ["greataxe"]})
    for seed in range(1, 6):
        enc = Encounter([ash, orc], sides={"a": ["Ash"], "b": ["Orc"]}, ruleset="wounds",
                        seed=seed, initiative="top_down").start()
        first = enc.current
        other = "Orc" if first == "Ash" else "Ash"
        full = {"Ash": 10 + 2 + 0, "Orc": 10 + 3 + 2}
        a = enc.attack(first, other)
        assert a.against == full[other] - (3 if other == "Orc" else 2)      # not acted yet
        assert "no Prowess" in a.text
        enc.end_turn()
        enc.end_turn()                                       # both have acted now
        assert enc.current == first
        assert enc.attack(first, other).against == full[other]
        enc.add_condition(other, "hindered")
        hindered = enc.attack(first, other)
        assert hindered.against == full[other] - 2 and "-2" in hindered.text
