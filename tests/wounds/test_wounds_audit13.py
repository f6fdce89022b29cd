"""The wounds gaps an audit of issue 13 found, each against its text (003_de0e94afd49609a7.txt):
"Cold" (Cold damage that reaches Wounds through 0 HP rolls its FORT save), "Some effects
don't directly target your armor or shield" (no FORT +0 for a creature without
``good_saves``), "Prowess is added directly to your Defense" ("Defense = 10+ Prowess + Dex +
Talents + Conditions + Circumstance": the talents and circumstance terms as situation keys;
unknown keys refused by name), "Attacking an enemy usually involves spending your Half
Action" (the wounds round's methods, no Heroic Action)."""

from __future__ import annotations

import dataclasses

import pytest

from lfgcombat import Creature, Encounter, Roller
from lfgcombat.rules.attacks.odds import attack_odds
from lfgcombat.errors import IllegalActionError, LfgError
from lfgcombat.rules.health.saves import saving_throw
from lfgcombat.rulesets.wounds import WoundsError
from lfgcombat.rulesets.wounds.turn import WoundsFighter


def grub(**extra):
    return Creature.from_dict({
        "name": "Grub", "level": 5, "max_hp": 20, "ruleset": ["wounds"],
        "abilities": {"str": 14, "dex": 8, "con": 18}, "prowess": 1,
        "good_saves": ["fort", "ref"], "weapons": ["greataxe"], **extra})


def ash(**extra):
    return Creature.from_dict({
        "name": "Ash", "level": 3, "max_hp": 20, "kind": "pc", "ruleset": ["wounds"],
        "abilities": {"str": 14, "dex": 12, "con": 12}, "prowess": 2,
        "good_saves": ["fort", "ref"], "weapons": ["longsword"], **extra})


def _cold_saves(roller):
    return [r for r in roller.history if "FORT vs Cold" in str(r.label)]


# -- 2. Cold to Wounds through 0 HP ---------------------------------------------------------

def test_cold_at_0_hp_goes_to_wounds_and_rolls_the_fort_save():
    """"If cold damage is applied to wounds it must make a Fort save equal to the damage
    dealt or become Immobilized"."""
    f = WoundsFighter.of(grub())
    zero = dataclasses.replace(f, vitals=dataclasses.replace(f.vitals, hp=0))
    roller = Roller(1)
    after, events = zero.take_damage(roller, 6, "cold")
    assert "6 to Wounds" in events
    assert [r.label for r in _cold_saves(roller)] == ["Grub FORT vs Cold DC 6"]
    assert any(e.startswith("Cold to Wounds: ") for e in events)


def test_cold_through_the_last_hit_points_saves_against_the_whole_damage_dealt():
    """25 cold on 20 HP: 20 to HP, 5 to Wounds; the save is "equal to the damage dealt",
    the hit's 25 (the text does not say "dealt to Wounds")."""
    roller = Roller(1)
    after, events = WoundsFighter.of(grub()).take_damage(roller, 25, "cold")
    assert "5 to Wounds" in events
    assert [r.label for r in _cold_saves(roller)] == ["Grub FORT vs Cold DC 25"]
    assert "Immobilized" in after.conditions or "Hindered" in after.conditions


def test_cold_that_stays_in_hit_points_rolls_no_save():
    roller = Roller(1)
    after, events = WoundsFighter.of(grub()).take_damage(roller, 5, "cold")
    assert _cold_saves(roller) == [] and after.conditions == {"Hindered"}


# -- 4. good_saves --------------------------------------------------------------------------

def test_a_fighter_without_good_saves_has_no_fort_bonus_and_its_cold_save_is_refused():
    bare = WoundsFighter.of(grub().replace(good_saves=None))
    assert bare.fort_bonus is None
    zero = dataclasses.replace(bare, vitals=dataclasses.replace(bare.vitals, hp=0))
    with pytest.raises(WoundsError, match="good_saves"):
        zero.take_damage(Roller(1), 6, "cold")


def test_the_wounds_encounter_refuses_creatures_without_good_saves_naming_each():
    bare = [grub().replace(good_saves=None),
            ash().replace(good_saves=None, prowess=None)]
    with pytest.raises(LfgError) as exc:
        Encounter(bare, sides={"a": ["Ash"], "b": ["Grub"]}, ruleset="wounds", seed=0)
    text = str(exc.value)
    assert "Grub: good_saves" in text and "Ash: good_saves" in text and "Ash: prowess" in text
    assert "good_saves: [fort, ref]" in text


def test_a_wounds_saving_throw_without_good_saves_is_refused():
    with pytest.raises(WoundsError, match="good_saves"):
        saving_throw(grub().replace(good_saves=None), "fort", 15, Roller(1), ruleset="wounds")


# -- 5. situation keys ----------------------------------------------------------------------

@pytest.mark.parametrize("key, hint", [("critical_choise", "critical_choice"),
                                        ("circumstanse", "circumstance"),
                                        ("talents", "defense_talents")])
def test_a_bad_situation_key_of_wounds_odds_is_a_kit_error_with_a_did_you_mean(key, hint):
    with pytest.raises(WoundsError) as exc:
        attack_odds(grub(), ash(), "greataxe", ruleset="wounds", **{key: 1})
    assert f"did you mean {hint!r}" in str(exc.value)
    assert "known: " in str(exc.value) and "circumstance" in str(exc.value)


def test_defense_talents_and_circumstance_count_in_wounds_odds():
    """"Defense = 10+ Prowess + Dex + Talents + Conditions + Circumstance"."""
    plain = attack_odds(grub(), ash(), "greataxe", ruleset="wounds")
    more = attack_odds(grub(), ash(), "greataxe", ruleset="wounds", defense_talents=1,
                       circumstance=2)
    assert (plain.ac, more.ac) == (13, 16)
    with pytest.raises(WoundsError, match="circumstance"):
        attack_odds(grub(), ash(), "greataxe", ruleset="wounds", circumstance="2")


def test_defense_talents_and_circumstance_count_in_the_encounter():
    for seed in range(40):
        enc = Encounter([ash(), grub()], sides={"a": ["Ash"], "b": ["Grub"]},
                        ruleset="wounds", seed=seed).start()
        if enc.acting == ["Grub"]:
            break
    r = enc.attack("Grub", "Ash", circumstance=2, defense_talents=1)
    assert r.against == 13 + 3
    before = enc.snapshot()
    with pytest.raises(WoundsError, match="did you mean 'circumstance'"):
        enc.attack("Grub", "Ash", circumstanse=2)
    assert enc.snapshot() == before


# -- 6. the wounds round's methods ----------------------------------------------------------

def test_wounds_messages_name_no_heroic_action():
    enc = Encounter([ash(), grub()], sides={"a": ["Ash"], "b": ["Grub"]}, ruleset="wounds",
                    seed=0).start()
    who = enc.acting[0]
    with pytest.raises(IllegalActionError) as exc:
        enc.act(who, "heroic_action")
    assert "has its own method" not in str(exc.value)
    assert "not an action of the wounds round" in str(exc.value)
    with pytest.raises(IllegalActionError) as exc:
        enc.aim(who)
    assert "heroic_action" not in str(exc.value) and "a Move Action" in str(exc.value)
