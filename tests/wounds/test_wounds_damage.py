"""The energy riders: 003_de0e94afd49609a7.txt, "Acid", "Electricity", "Fire", "Cold",
"Sonic", "Holy", "Primal", "Unholy"."""

from __future__ import annotations

from fractions import Fraction

import pytest
from scipy import stats

from lfgcombat import Roller
from lfgcombat.rulesets.wounds import WoundsError
from lfgcombat.rulesets.wounds.damage import (CATEGORY, AfterEffects, Rider, Target,
                                              add_initiative_penalty, after_damage, categories,
                                              cold_to_wounds, roll_with_riders, weapon_damage,
                                              rider, step_dice)
from lfgcombat.rulesets.wounds.objects import ObjectState

FOE = Target()


def test_die_steps():
    """"A d6 would become a d4" (Acid, Cold); "A d6 would become a d8" (Fire); "increased by
    two steps" (Sonic)."""
    assert step_dice("1d6", -1) == "1d4" and step_dice("1d6", 1) == "1d8"
    assert step_dice("1d6", 2) == "1d10" and step_dice("2d6+3", -1) == "2d4+3"
    assert step_dice("1d2", -1) == "1d2" and step_dice("1d12", 1) == "1d12"   # ends (inferred)
    with pytest.raises(WoundsError, match="damage"):
        step_dice("1d7", 1)


def test_acid():
    """"damage dice reduced by one step [...] all resistences reduced by 1 for every 5 points
    of damage dealt. The reduction lasts for 1 minutes\""""
    assert rider("acid", FOE) == Rider(dice_steps=-1)
    assert after_damage("acid", 12, FOE) == AfterEffects(resistance_penalty=-2,
                                                         resistance_rounds=10)
    assert after_damage("acid", 3, FOE).resistance_rounds == 10       # refreshed by any


def test_electricity():
    """"increased by 50% if the target is flying, falling or otherwise more then 5ft above the
    ground [...] -1 on initiative for one round per 5 points of damage taken\""""
    assert rider("electricity", Target(airborne=True)).multiplier == Fraction(3, 2)
    assert rider("electricity", FOE).multiplier == 1
    assert after_damage("electricity", 11, FOE) == AfterEffects(initiative_penalty=-2,
                                                                initiative_rounds=1)


def test_fire():
    """"increase the base damage dice by one step [...] unless one is especially
    non-flammable [...] Most creatures outside of constructs take this additional damage.\""""
    assert rider("fire", FOE).dice_steps == 1
    assert rider("fire", Target(kind="object")).dice_steps == 1
    assert rider("fire", Target(kind="object", non_flammable=True)).dice_steps == 0
    assert rider("fire", Target(creature_type="construct")).dice_steps == 0


def test_cold():
    """"reduced by one step [...] becomes hindered for 1 round [...] Fort save equal to the
    damage dealt or become Immobilized on a successful save they are instead Hindered. If a
    creature was already Hindered [...] automatically Immobilized for 1 round. If an object
    takes Cold damage it has it's hardness reduced by 1 for every 5 damage dealt, regardless
    of whether or not the damage is resisted by hardness.\""""
    assert rider("cold", FOE).dice_steps == -1
    assert after_damage("cold", 4, FOE).conditions == ("Hindered",)
    door = Target(kind="object")
    loss = after_damage("cold", 10, door).hardness_loss
    assert loss == 2
    wood = ObjectState(hardness=5, max_hp=20)
    assert wood.damage(10, hardness_loss=loss).hardness == 3
    assert cold_to_wounds(Roller(1), 0, 8, already_hindered=True) == ("Immobilized", None)
    roller = Roller(seed="cold")
    n, hindered = 3000, 0
    for _ in range(n):
        cond, roll = cold_to_wounds(roller, 2, 12)
        assert cond == ("Hindered" if roll.total >= 12 else "Immobilized")
        hindered += cond == "Hindered"
    assert stats.binomtest(hindered, n, 11 / 20).pvalue > 1e-3


def test_cold_on_objects_makes_the_flexible_rigid_and_stops_the_moving():
    """"Flexible objects become rigid and brittle. A object moving or rolling on the ground
    imediately ceases movement and is frozen in place. (This does not work on a falling or
    flung object. It must be incontact with another solid surface.)\""""
    rope = Target(kind="object", flexible=True)
    after = after_damage("cold", 7, rope)
    assert after.becomes_rigid and not after.stops and after.hardness_loss == 1
    frozen = after.after(rope)
    assert frozen.rigid and not frozen.flexible
    # now rigid, Sonic doubles and ignores its Hardness (it is not magical)
    assert not rider("sonic", rope).ignore_hardness
    assert rider("sonic", frozen) == Rider(multiplier=Fraction(2), ignore_hardness=True)
    barrel = Target(kind="object", moving=True)
    assert after_damage("cold", 3, barrel).stops
    assert not after_damage("cold", 3, barrel).after(barrel).moving
    flung = Target(kind="object", moving=True, airborne=True)
    assert not after_damage("cold", 3, flung).stops
    assert after_damage("cold", 3, flung).after(flung) == flung
    # a creature is Hindered instead; no damage, no effect
    assert not after_damage("cold", 3, Target(flexible=True)).becomes_rigid
    assert after_damage("cold", 0, barrel) == AfterEffects()


def test_sonic():
    """"Any rigid or crystaline object takes double damage from Sonic damage and hardness is
    ignored unless the object is magical. Crystaline or sound sensitive creature may take an
    additional 50% damage and have the damage dice increased by two steps.\""""
    glass = rider("sonic", Target(kind="object", rigid=True))
    assert glass.multiplier == 2 and glass.ignore_hardness
    assert not rider("sonic", Target(kind="object", rigid=True, magical=True)).ignore_hardness
    crystal = rider("sonic", Target(crystalline=True))
    assert crystal.dice_steps == 2 and crystal.multiplier == Fraction(3, 2)
    assert rider("sonic", FOE) == Rider()


def test_holy_primal_unholy():
    """Holy: "harmlessly cascade against and living creatures unless they are Evil Outsiders,
    Undead, Aberrations, or is an Evil Dragon"; Primal: "may have it cause no harm to Animals or
    Plants [...] harmlessly off natural structures and unhewn stone. Against artificial
    structures the damage is doubled but does not ignore hardness"; Unholy: "dissapate
    without dealing damage to Undead, Evil Outsiders and Evil Dragons"."""
    assert rider("holy", FOE).may_spare
    for t in (Target(creature_type="undead"), Target(creature_type="outsider", evil=True),
              Target(creature_type="aberration"), Target(creature_type="dragon", evil=True)):
        assert not rider("holy", t).may_spare
    assert rider("holy", Target(creature_type="dragon")).may_spare        # a good dragon
    assert rider("primal", Target(creature_type="animal")).may_spare
    assert not rider("primal", FOE).may_spare
    assert rider("primal", Target(kind="natural_structure")).harmless
    wall = rider("primal", Target(kind="artificial_structure"))
    assert wall.multiplier == 2 and not wall.ignore_hardness
    assert rider("primal", Target(kind="object")) == Rider()
    assert rider("unholy", Target(creature_type="undead")).may_spare
    assert not rider("unholy", FOE).may_spare
    assert not rider("unholy", Target(creature_type="outsider")).may_spare


def test_bad_inputs():
    with pytest.raises(WoundsError, match="damage_type"):
        rider("psychic", FOE)
    with pytest.raises(WoundsError, match="kind"):
        Target(kind="wall")
    with pytest.raises(WoundsError, match="dealt"):
        after_damage("acid", -1, FOE)


def test_categories_and_hybrids():
    """"Energy Damage - There are two sub-categories for Energy, Aligned and Elemental";
    "Physical Damage - The three main types of Physical damage are bludgeoning, piercing, and
    slashing"; "When a damage source has multiple sources it is treated as each type at once
    for all purposes.\""""
    assert categories("slashing") == {"slashing": ("physical", None)}
    assert categories("fire/slashing") == {"fire": ("energy", "elemental"),
                                           "slashing": ("physical", None)}
    assert CATEGORY["holy"] == ("energy", "aligned")
    with pytest.raises(WoundsError, match="damage_type"):
        categories("fire/psychic")


def test_weapon_damage_is_dice_plus_str():
    """"Damage is typically the Damage Dice of the weapon you are using (for example, a
    Longsword deals 1d8 points of damage), plus your STR modifier.\""""
    assert weapon_damage("1d8", 3) == "1d8+3" and weapon_damage("1d8", 0) == "1d8"
    assert weapon_damage("1d8", -1) == "1d8-1"


def test_roll_with_riders():
    roller = Roller(seed="riders")
    dmg, riders = roll_with_riders(roller, "1d6", "fire/slashing", FOE)
    assert riders == (Rider(dice_steps=1),) and roller.history[-1].expr.dice[0].sides == 8
    assert 1 <= dmg <= 8
    dmg, _ = roll_with_riders(roller, "2d6", "electricity", Target(airborne=True))
    assert dmg == roller.history[-1].total * 3 // 2
    assert roll_with_riders(roller, "1d6", "primal", Target(kind="natural_structure"))[0] == 0
    assert roll_with_riders(roller, "1d6", "holy", FOE, spare=True)[0] == 0
    assert roll_with_riders(roller, "1d6", "holy", FOE)[0] >= 1


def test_electricity_penalty_refreshes_and_adds_up():
    """"The penalty refreshes and is cumulative if additional Electrical damage is taken prior
    to the penalty expiring.\""""
    assert add_initiative_penalty(0, 0, 12) == (-2, 1)
    assert add_initiative_penalty(-2, 1, 5) == (-3, 1)
    assert add_initiative_penalty(-2, 0, 5) == (-1, 1)            # expired: starts again
    assert add_initiative_penalty(-2, 1, 3) == (-2, 1)
    with pytest.raises(WoundsError, match="current"):
        add_initiative_penalty(2, 1, 5)
