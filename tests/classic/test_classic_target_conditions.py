"""A classic target's conditions in the attack: its DEX changes move its AC, and Prone.

002_2a3a79475ca2a541.txt, "Armor Class": "10 + armor bonus + shield bonus + Dexterity
modifier + size modifier + natural armor"; "Conditions": Entangled "-4 penalty to
Dexterity", Exhausted "-3 Strength and Dexterity" (``data/classic/conditions.csv``: -3),
Fatigued "-1 Strength and Dexterity"; Helpless "Melee attacks against a Helpless target get
a +4 bonus (equivalent to attacking a prone target)"; Prone "considered Flat-footed and
does not get their DEX bonus" (its +4 melee / -4 ranged: inferred, see
:mod:`lfgcombat.rulesets.classic.conditions`).
"""

from __future__ import annotations

import pytest

from lfgcombat.rules.attacks.odds import attack_odds
from lfgcombat.rulesets.classic.combatant import creature_attack_odds
from lfgcombat.rulesets.classic.conditions import combined_effect
from lfgcombat.creature import load_example
from lfgcombat.engine import Encounter

ARCHER = load_example("mayat").replace(bab=5)
#: The audit's orc (/tmp/audit13/p4.py): DEX 16 (+3), AC 16 without conditions.
ORC = load_example("orc").replace(bab=3, abilities={"str": 17, "dex": 16, "con": 12,
                                                    "int": 8, "wis": 8, "cha": 6})


@pytest.mark.parametrize("conditions,ac", [
    ([], 16),                 # DEX 16: +3
    (["Entangled"], 14),      # DEX 12: +1, "-4 penalty to Dexterity"
    (["Exhausted"], 14),      # DEX 13: +1, "-3 Strength and Dexterity"
    (["Fatigued"], 15),       # DEX 15: +2, "-1 Strength and Dexterity"
    (["Entangled", "Fatigued"], 13),     # DEX 11: +0 (the changes add up)
    (["Entangled", "Flat-footed"], 13),  # DEX 12's +1, then the DEX bonus lost
])
def test_the_targets_dex_changes_move_its_ac(conditions, ac):
    """"Armor Class": the Dexterity modifier is the target's, after its conditions, in
    the classic creature odds and in ``attack_odds(..., ruleset="classic")``."""
    got = creature_attack_odds(ARCHER, ORC, "longsword", target_conditions=conditions)
    assert got.ac == ac
    odds = attack_odds(ARCHER, ORC, "longsword", ruleset="classic",
                       target_conditions=conditions)
    assert odds.ac == ac


def test_a_dex_penalty_below_zero_is_kept_when_the_dex_bonus_is_lost():
    """A DEX 10 target Entangled (DEX 6, -2) and Flat-footed keeps its -2 ("their
    Dexterity bonus" is lost, a penalty is not)."""
    slow = ORC.replace(abilities={"str": 17, "dex": 10})
    base = creature_attack_odds(ARCHER, slow, "longsword").ac
    got = creature_attack_odds(ARCHER, slow, "longsword",
                               target_conditions=["Entangled", "Flat-footed"]).ac
    assert got == base - 2


def test_the_encounter_uses_the_targets_lowered_dex():
    """In the encounter (the orc acts first, so it is no longer Flat-footed) the Entangled
    orc's AC is 14, 16 without: the attack's AC and its logged ``against``."""
    sides = {"party": [ARCHER.name], "monsters": [ORC.name]}
    for entangled, ac in ((False, 16), (True, 14)):
        enc = Encounter([ARCHER, ORC], sides=sides, ruleset="classic", seed=3).start()
        assert enc.acting == [ORC.name]
        if entangled:
            enc.add_condition(ORC.name, "Entangled")
        enc.end_turn()
        result = enc.attack(ARCHER.name, ORC.name, "short sword")
        logged = [e for e in enc.log if e.kind == "attack" and not e.command][-1]
        assert result.against == logged.data["against"] == ac


def test_prone_melee_plus_4_ranged_minus_4_helpless_not_twice():
    """Prone (inferred): melee +4 from the Helpless entry's "equivalent to attacking a
    prone target", ranged -4 from the d20 family; a Helpless Prone target gives +4 once."""
    plain = creature_attack_odds(ARCHER, ORC, "longsword", target_conditions=["Flat-footed"])
    prone = creature_attack_odds(ARCHER, ORC, "longsword", target_conditions=["Prone"])
    assert prone.bonus == plain.bonus + 4 and prone.ac == plain.ac
    far = creature_attack_odds(ARCHER, ORC, "longbow", target_conditions=["Flat-footed"])
    prone_far = creature_attack_odds(ARCHER, ORC, "longbow", target_conditions=["Prone"])
    assert prone_far.bonus == far.bonus - 4
    both = combined_effect(["Prone", "Helpless"])
    assert both.melee_bonus_against == 4 and both.ranged_bonus_against == -4
    assert combined_effect(["Helpless"]).ranged_bonus_against == 0  # "no special bonus"
