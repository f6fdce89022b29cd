"""A target's resistances under ``wounds``: 003_de0e94afd49609a7.txt, "Most damage falls into
one of two broad damage types" ("If Garry using fire damages against foe with Fire
Resistance; the damage will be reduced based on the foes defensive ability"; "When a damage
source has multiple sources it is treated as each type at once for all purposes") and
"Acid" ("all resistences reduced by 1 for every 5 points of damage dealt. The reduction
lasts for 1 minutes and is refreshed whenever any amount of Acid damage is taken")."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest
from scipy import stats

from lfgcombat import Creature, Encounter, Roller
from lfgcombat.rules.damage import Resistances
from lfgcombat.dice import parse
from lfgcombat.rulesets.wounds import WoundsError
from lfgcombat.rulesets.wounds.attacks import DamageParts
from lfgcombat.rulesets.wounds.combatant import creature_attack, creature_attack_odds
from lfgcombat.rulesets.wounds.riders import resisted
from lfgcombat.rulesets.wounds.turn import WoundsFighter


def garry(weapon):
    return Creature.from_dict({"name": "Garry", "level": 3, "max_hp": 20, "kind": "pc",
                               "abilities": {"str": 14}, "prowess": 2, "weapons": [weapon]})


def foe(**resistances):
    return Creature.from_dict({"name": "Salamander", "level": 2, "max_hp": 30, "prowess": 0,
                               "resistances": resistances})


FIRE_BOLT = {"name": "fire bolt", "damage": "2d6", "damage_type": "fire", "crit": "20/x2",
             "ranged": True}


def _mean(series):
    return sum(Fraction(int(k)) * v for k, v in series.items())


def test_garry_s_fire_is_reduced_by_the_foe_s_fire_resistance():
    plain = creature_attack_odds(garry(FIRE_BOLT), foe(), "fire bolt")
    resist = creature_attack_odds(garry(FIRE_BOLT), foe(fire=5), "fire bolt")
    assert [p.resisted for p in plain.riders.parts] == [0]
    assert [p.resisted for p in resist.riders.parts] == [5]
    assert "Fire Resistance 5: -5 a strike" in resist.riders.parts[0].notes
    assert resist.riders.to_frame()["resisted"].tolist() == [5]
    assert resist.p_hit == plain.p_hit
    # 2d8 (Fire one step larger) less 5 a hit, at least 0
    one = DamageParts.of("2d8").strike_pmf(1)
    assert DamageParts(((parse("2d8"), Fraction(1), "fire"),), (5,)).strike_pmf(1) == {
        k: sum(p for d, p in one.items() if max(0, d - 5) == k)
        for k in {max(0, d - 5) for d in one}}
    assert _mean(resist.hp_damage) < _mean(plain.hp_damage)
    # the other types are not resisted by Fire Resistance
    cold = dict(FIRE_BOLT, name="frost bolt", damage_type="cold")
    assert [p.resisted for p in creature_attack_odds(garry(cold), foe(fire=5),
                                                     "frost bolt").riders.parts] == [0]


def test_a_critical_is_resisted_once_a_strike():
    """lfg's order, kept: "Critical Hit damage is multiplied before DR is applied"."""
    parts = DamageParts(((parse("1d4"), Fraction(1), "fire"),), (3,))
    twice = parts.strike_pmf(2)
    assert twice == {0: Fraction(3, 16), 1: Fraction(3, 16), 2: Fraction(4, 16),
                     3: Fraction(3, 16), 4: Fraction(2, 16), 5: Fraction(1, 16)}
    assert sum(twice.values()) == 1


def test_each_type_at_once_takes_the_highest_resistance_not_the_sum():
    both = Resistances.from_dict({"fire": 5, "dr": "3/-"})
    assert resisted(("fire", "slashing"), both) == (5, "Fire Resistance 5: -5 a strike")
    assert resisted(("slashing",), both) == (3, "DR 3: -3 a strike")
    assert resisted(("sonic",), both) == (0, None)          # no lfg sonic resistance
    silver = Resistances.from_dict({"dr": "5/silver"})
    assert resisted(("slashing",), silver, ("silver",)) == (0, None)
    assert resisted(("slashing",), silver) == (5, "DR 5: -5 a strike")
    assert resisted(("fire",), both, penalty=-2) == (3, "Fire Resistance 5 -2 (Acid): -3 a "
                                                        "strike")
    assert resisted(("fire",), both, penalty=-9)[0] == 0
    with pytest.raises(WoundsError, match="resist"):
        DamageParts(((parse("1d4"), Fraction(1), "fire"),), (-1,))
    with pytest.raises(WoundsError, match="resist"):
        DamageParts(((parse("1d4"), Fraction(1), "fire"),), (1, 2))


def test_resisted_odds_agree_with_sampling():
    sword = {"name": "longsword", "extra": "1d6 [fire]"}
    target = foe(fire=3, dr="2/-")
    odds = creature_attack_odds(garry(sword), target, "longsword")
    assert [p.resisted for p in odds.riders.parts] == [2, 3]
    roller, n, counts = Roller(seed="garry"), 4000, Counter()
    for _ in range(n):
        counts[creature_attack(roller, garry(sword), target, "longsword").hp_damage] += 1
    assert set(counts) <= set(odds.hp_damage.index)
    obs, exp, acc_o, acc_e = [], [], 0, 0.0
    for k, p in odds.hp_damage.items():
        acc_o, acc_e = acc_o + counts.get(k, 0), acc_e + float(p) * n
        if acc_e >= 5:
            obs.append(acc_o), exp.append(acc_e)
            acc_o, acc_e = 0, 0.0
    obs[-1] += acc_o
    exp[-1] += acc_e
    assert stats.chisquare(obs, exp).pvalue > 1e-3


def test_acid_lowers_the_resistances_for_a_minute_refreshed_by_any_acid():
    f = WoundsFighter.of(foe(fire=5))
    f, events = f.take_damage(Roller(1), 12, "acid")
    assert (f.resistance_penalty, f.resistance_rounds) == (-2, 10) and "resistances -2" in events
    f, _ = f.take_damage(Roller(1), 3, "acid")              # refreshed, not added
    assert (f.resistance_penalty, f.resistance_rounds) == (-2, 10)
    f, _ = f.take_damage(Roller(1), 15, "acid")             # the larger reduction kept
    assert (f.resistance_penalty, f.resistance_rounds) == (-3, 10)
    for _ in range(9):
        f = f.end_turn()
    assert (f.resistance_penalty, f.resistance_rounds) == (-3, 1)
    f = f.end_turn()
    assert (f.resistance_penalty, f.resistance_rounds) == (0, 0)
    with pytest.raises(WoundsError, match="resistance_penalty"):
        WoundsFighter(name="x", vitals=f.vitals, resistance_penalty=2)


def test_in_the_encounter_the_target_s_resistance_and_acid_s_reduction_apply():
    """Each fire hit deals its 2d8 roll less Fire Resistance 5, less Acid's reduction while
    it lasts; the attack's words say what was resisted."""
    acid = {"name": "acid flask", "damage": "3d6", "damage_type": "acid", "crit": "20/x2",
            "ranged": True}
    ash = Creature.from_dict({"name": "Ash", "level": 3, "max_hp": 40, "kind": "pc",
                              "abilities": {"str": 14}, "prowess": 6,
                              "weapons": [acid, FIRE_BOLT], "ruleset": ["wounds"], "good_saves": ["fort", "ref"]})
    sal = Creature.from_dict({"name": "Sal", "level": 2, "max_hp": 400, "prowess": 0,
                              "resistances": {"fire": 5}, "ruleset": ["wounds"], "good_saves": ["fort", "ref"]})
    fire_hits = lowered = 0
    for seed in range(1, 9):
        enc = Encounter([ash, sal], sides={"a": ["Ash"], "b": ["Sal"]}, ruleset="wounds",
                        seed=seed, initiative="top_down").start()
        for _ in range(6):
            if enc.acting[0] == "Ash":
                weapon = "acid flask" if enc.round % 2 else "fire bolt"
                pen = enc.state("Sal").vitals["resistance_penalty"]
                mark = len(enc.log)
                hit = enc.attack("Ash", "Sal", weapon)
                rolls = [e.data for e in list(enc.log)[mark:] if e.kind == "roll"]
                if weapon == "acid flask" and hit.hit and not hit.critical:
                    dealt = rolls[1]["total"]            # 3d6 -> 3d4, nothing resisted
                    assert hit.damage == dealt
                    assert enc.state("Sal").vitals["resistance_penalty"] == min(
                        pen, -(dealt // 5))
                if weapon == "fire bolt" and hit.hit and not hit.critical:
                    rolled = next(r["total"] for r in rolls
                                  if r["label"].endswith(" fire damage to Sal"))
                    assert hit.damage == max(0, rolled - max(0, 5 + pen))
                    assert "Fire Resistance 5" in hit.text
                    fire_hits += 1
                    lowered += pen < 0
            enc.end_turn()
    assert fire_hits >= 5 and lowered >= 1
