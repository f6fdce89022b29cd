"""Incorporeal under ``classic``: 002_2a3a79475ca2a541.txt, "Conditions", Incorporeal:
"Incorporeal creatures are immune to all nonmagical attack forms. They can be harmed only
by other Incorporeal creatures, +1 or better magic weapons, legacy weapons, spells,
spell-like effects, or supernatural effects."""

from __future__ import annotations

from collections import Counter

from scipy import stats

from lfgcombat import Creature, Roller
from lfgcombat.rulesets.classic.combatant import creature_attack, creature_attack_odds
from lfgcombat.engine import Encounter


def _hero(weapon="longsword"):
    return Creature.from_dict({"name": "Brann", "level": 3, "max_hp": 25, "kind": "pc",
                               "ruleset": ["classic"], "abilities": {"str": 16}, "bab": 3,
                               "weapons": [weapon]})


def _ghost():
    return Creature.from_dict({"name": "Ghost", "level": 3, "max_hp": 20,
                               "ruleset": ["classic"], "bab": 2, "weapons": ["unarmed strike"]})


MAGIC = {"name": "longsword", "enhancement": 1}


def test_a_nonmagical_weapon_hits_but_cannot_harm_an_incorporeal_target():
    plain = creature_attack_odds(_hero(), _ghost(), "longsword")
    ghost = creature_attack_odds(_hero(), _ghost(), "longsword",
                                 target_conditions=["Incorporeal"])
    assert ghost.p_hit == plain.p_hit and ghost.expected_damage == 0 < plain.expected_damage
    assert dict(ghost.damage) == {0: 1}
    # +1 or better magic weapons, and other Incorporeal creatures, harm it
    magic = creature_attack_odds(_hero(MAGIC), _ghost(), "longsword",
                                 target_conditions=["Incorporeal"])
    assert magic.expected_damage > plain.expected_damage          # +1 to damage as well
    both = creature_attack_odds(_hero(), _ghost(), "longsword", attacker_conditions=[
        "Incorporeal"], target_conditions=["Incorporeal"])
    assert both.expected_damage == plain.expected_damage
    roller = Roller(seed="ghost")
    hits = Counter(creature_attack(roller, _hero(), _ghost(), "longsword",
                                   target_conditions=["Incorporeal"]).hit for _ in range(2000))
    assert stats.binomtest(hits[True], 2000, float(ghost.p_hit)).pvalue > 1e-3
    assert all(creature_attack(roller, _hero(), _ghost(), "longsword",
                               target_conditions=("Incorporeal",)).damage == 0
               for _ in range(200))


def test_in_the_encounter_the_incorporeal_take_nothing_from_a_plain_sword():
    dealt, hits = 0, 0
    for seed in range(1, 15):
        enc = Encounter([_hero(), _ghost()], sides={"party": ["Brann"], "foes": ["Ghost"]},
                        ruleset="classic", seed=seed).start()
        enc.add_condition("Ghost", "Incorporeal")
        if enc.current != "Brann":
            enc.end_turn()
        hp = enc.state("Ghost").hp
        a = enc.attack("Brann", "Ghost")
        assert enc.state("Ghost").hp == hp and a.damage == 0
        if a.hit:
            hits += 1
            assert "Incorporeal: immune" in a.text
        dealt += a.damage
    assert hits >= 3 and dealt == 0
