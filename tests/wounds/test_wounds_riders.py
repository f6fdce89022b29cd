"""Damage riders carried by weapons, in ``attack_odds(..., ruleset="wounds")``:
003_de0e94afd49609a7.txt, "Acid", "Electricity", "Fire", "Cold", "Sonic", "Holy",
"Primal", "Unholy", "When a damage source has multiple sources it is treated as each type
at once"; and the parrying shield of the creature file ("Any attack made against a character
wearing a shield")."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest
from scipy import stats

from lfgcombat import Creature, Roller, attack_odds
from lfgcombat.creature import CreatureError
from lfgcombat.rulesets.wounds import WoundsError
from lfgcombat.rulesets.wounds.attacks import DamageParts
from lfgcombat.rulesets.wounds.combatant import WoundsCombatant, creature_attack, creature_attack_odds
from lfgcombat.rulesets.wounds.damage import Target
from lfgcombat.rulesets.wounds.gear import ShieldSpec


def _fighter(weapon, **extra):
    return Creature.from_dict({"name": "Ash", "level": 3, "max_hp": 20, "kind": "pc",
                               "abilities": {"str": 10}, "prowess": 2, "weapons": [weapon],
                               **extra})


def _foe(**extra):
    return Creature.from_dict({"name": "Orc", "level": 1, "max_hp": 10, "prowess": 0,
                               **extra})


def _parts(odds):
    return [(p.source, p.stepped, str(p.factor)) for p in odds.riders.parts]


def test_acid_and_cold_dice_one_step_smaller():
    """"All Acid damage has it's damage dice reduced by one step. A d6 would become a d4";
    Cold: "The damage dice of Cold damage is reduced by one step.\""""
    acid = creature_attack_odds(_fighter({"name": "flask", "damage": "1d6", "damage_type":
                                          "acid", "crit": "20/x2", "ranged": True}),
                                _foe(), "flask")
    assert _parts(acid) == [("weapon", "1d4", "1")]
    cold = creature_attack_odds(_fighter({"name": "longsword", "extra": "1d6 [cold]"}),
                                _foe(), "longsword")
    assert _parts(cold) == [("weapon", "1d8", "1"), ("extra", "1d4", "1")]
    assert any("Acid" in a for a in acid.riders.after)
    assert any("Cold" in a for a in cold.riders.after)


def test_fire_one_step_larger_except_constructs_and_non_flammable():
    """"A d6 would become a d8 against most creatures [...] Most creatures outside of
    constructs take this additional damage"; "a wall made of stone would only take standard
    d6's\""""
    ash = _fighter({"name": "longsword", "extra": "1d6 [fire]"})
    assert _parts(creature_attack_odds(ash, _foe(), "longsword"))[1] == ("extra", "1d8", "1")
    golem = _foe(creature_type="construct", abilities={"con": 0})
    assert _parts(creature_attack_odds(ash, golem, "longsword"))[1] == ("extra", "1d6", "1")
    wall = Target(kind="object", non_flammable=True)
    assert _parts(creature_attack_odds(ash, _foe(), "longsword", rider_target=wall))[1] == (
        "extra", "1d6", "1")


def test_electricity_half_again_against_an_airborne_target_is_situational():
    """"Electric damage is increased by 50% if the target is flying, falling or otherwise
    more then 5ft above the ground": the odds show it with ``airborne=True``."""
    ash = _fighter({"name": "shock spear", "damage": "2d6", "damage_type": "elec",
                    "crit": "20/x3"})
    ground = creature_attack_odds(ash, _foe(), "shock spear")
    air = creature_attack_odds(ash, _foe(), "shock spear", airborne=True)
    assert _parts(ground) == [("weapon", "2d6", "1")]
    assert _parts(air) == [("weapon", "2d6", "3/2")]
    assert any("airborne=True" in s for s in ground.riders.situational)
    # one roll of 2d6 x3/2, rounded down: the mean of floor(3k/2) over 2d6
    one = DamageParts.of("2d6")
    expected = sum(p * (3 * k // 2) for k, p in one.pmf().items())
    assert air.riders.damage_parts().pmf() and sum(
        p * k for k, p in air.riders.damage_parts().pmf().items()) == expected


def test_sonic_energy_key_and_crystalline_creatures():
    """"Crystaline or sound sensitive creature may take an additional 50% damage and have
    the damage dice increased by two steps"; the weapon's ``energy`` key carries it."""
    ash = _fighter({"name": "longsword", "energy": "1d6 sonic"})
    plain = creature_attack_odds(ash, _foe(), "longsword")
    assert _parts(plain)[1] == ("energy", "1d6", "1")
    crystal = creature_attack_odds(ash, _foe(), "longsword", rider_target=Target(
        crystalline=True))
    assert _parts(crystal)[1] == ("energy", "1d10", "3/2")
    assert "sonic" in plain.summary()


def test_holy_may_be_spared_the_attacker_chooses():
    """Holy: "you may have it harmlessly cascade against and living creatures unless they
    are Evil Outsiders, Undead, Aberrations, or is an Evil Dragon\""""
    ash = _fighter({"name": "longsword", "energy": ["2d6 holy"]})
    spared = creature_attack_odds(ash, _foe(), "longsword", spare=True)
    assert _parts(spared)[1] == ("energy", "2d6", "0")
    ghoul = _foe(creature_type="undead", abilities={"con": 0})
    assert _parts(creature_attack_odds(ash, ghoul, "longsword", spare=True))[1] == (
        "energy", "2d6", "1")


def test_riders_through_attack_odds_with_ruleset_wounds():
    """``attack_odds(..., ruleset="wounds")`` accounts for the riders (both choices)."""
    ash = _fighter({"name": "longsword", "extra": "1d6 [acid]"})
    odds = attack_odds(ash, _foe(), "longsword", ruleset="wounds", critical_choice="wounds")
    assert odds.damage_expr == "1d8 + 1d4"
    plain = attack_odds(_fighter("longsword"), _foe(), "longsword", ruleset="wounds")
    assert odds.expected["multiply"][0] > plain.expected["multiply"][0]
    # lfg ignores the wounds-only key
    lfg = attack_odds(_fighter({"name": "longsword", "energy": "1d6 sonic"}),
                      Creature.from_dict({"name": "T", "level": 1, "max_hp": 10}), "longsword")
    assert lfg.p_hit > 0


def test_rider_odds_agree_with_sampling():
    ash = _fighter({"name": "longsword", "extra": "1d6 [fire]", "energy": "1d4 electricity"})
    kw = {"critical_choice": "multiply", "airborne": True}
    odds = creature_attack_odds(ash, _foe(), "longsword", **kw)
    roller, n, counts = Roller(seed="riders"), 4000, Counter()
    for _ in range(n):
        counts[creature_attack(roller, ash, _foe(), "longsword", **kw).hp_damage] += 1
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


@pytest.mark.parametrize("energy,match", [("1d6 thunder", "not an energy type"),
                                          ("lots of fire", "not energy dice"),
                                          (7, "not energy dice")])
def test_bad_energy_is_named(energy, match):
    """A bad ``energy`` is refused when the creature is read (issue 23, item 18), naming
    the field; the attack rules' own check names it the same way."""
    with pytest.raises(CreatureError, match=match) as err:
        _fighter({"name": "longsword", "energy": energy})
    assert err.value.fields == ("weapons[0].energy",)
    from lfgcombat.rulesets.wounds.riders import parse_energy
    with pytest.raises(WoundsError, match=match) as err2:
        parse_energy(energy, "weapon 'longsword'")
    assert err2.value.field == "weapon 'longsword'.energy"


def test_shield_parry_fields_from_the_creature_file():
    """"A shield may be used to attempt to deflect a number of attacks per turn equal to its
    Parry Bonus"; the shield takes the damage (Hardness, HP); "your Armor Check Penalty
    applies to Parry attempts"; "Magical Items: +1 enhancement = +2 Hardness, +10 HP"."""
    raw = {"name": "heavy wooden shield", "parry_bonus": 2, "hardness": 5, "hp": 15,
           "armor_check_penalty": -2, "enhancement": 1}
    ash = _fighter("longsword", shield=raw)
    assert ash.shield == ShieldSpec("heavy wooden shield", 2, 7, 25, -2, 1)
    assert Creature.from_dict(ash.to_dict()).shield == ash.shield
    shield = WoundsCombatant.of(ash).shield.shield()
    assert (shield.parry_bonus, shield.state.hardness, shield.state.max_hp) == (2, 7, 25)
    assert _fighter("longsword").shield is None


@pytest.mark.parametrize("raw,field", [
    ({"hardness": 5, "hp": 15}, "shield.parry_bonus"),
    ({"parry_bonus": 0, "hardness": 5, "hp": 15}, "shield.parry_bonus"),
    ({"parry_bonus": 1, "hardness": -1, "hp": 15}, "shield.hardness"),
    ({"parry_bonus": 1, "hardness": 5, "hp": 0}, "shield.hp"),
    ({"parry_bonus": 1, "hardness": 5, "hp": 9, "armor_check_penalty": 2},
     "shield.armor_check_penalty"),
    ({"parry_bonus": 1, "hardness": 5, "hp": 9, "parry": 2}, "shield.parry"),
    ("buckler", "shield"),
])
def test_bad_shield_is_refused_by_field(raw, field):
    with pytest.raises(CreatureError) as err:
        _fighter("longsword", shield=raw)
    assert field in err.value.fields


def test_parry_odds_follow_the_armor_check_penalty():
    from lfgcombat.rulesets.wounds.parry import parry_odds
    assert parry_odds(5, -2, 5) < parry_odds(5, 0, 5)
    assert parry_odds(5, 0, 5) > Fraction(1, 2)  # ties go to the parry ("meets or exceeds")
