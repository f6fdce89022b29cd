"""``Encounter.skill`` under classic: d20 + the ability modifier against DC 15.

002_2a3a79475ca2a541.txt, "Action definitions", "Skill Checks – Most skill checks are
against the standard DC 15. The GM can add modifiers based on different situations";
"Conditions": Shaken and Sickened "-2 [...] skill checks". Inferred (see
:func:`lfgcombat.rulesets.classic.heroic.skill_bonus`): the ability is the kit's skill table's
unless ``ability=`` is given, and the ``skills:`` entry adds as in classic's Stabilize.
"""

from __future__ import annotations

import pytest

from lfgcombat.rulesets.classic import ClassicError
from lfgcombat.rulesets.classic.heroic import SKILL_DC, skill_check_odds
from lfgcombat.creature import load_example
from lfgcombat.engine import Encounter
from lfgcombat.rules.actions.skills import SkillError

W = load_example("wulfric").replace(bab=5)
ORC = load_example("orc").replace(bab=3, skills={"climb": 2},
                                  abilities={"str": 17, "dex": 12, "con": 12, "wis": 14})


def _fight(ruleset):
    return Encounter([W, ORC], sides={"a": [W.name], "b": [ORC.name]}, ruleset=ruleset,
                     seed=1).start()


def test_classic_skill_is_the_ability_modifier_against_dc_15():
    enc = _fight("classic")
    survival = enc.skill("Orc", "survival")          # WIS 14: +2 (data/skills.csv: wis)
    assert survival.value == 2 and "002_2a3a79475ca2a541.txt" in survival.rule
    assert "000_8d1d7816ee944f3b.txt" not in survival.rule
    assert f"DC {SKILL_DC}" in survival.rule and SKILL_DC == 15
    assert enc.skill("Orc", "climb").value == 3 + 2  # STR 17 +3, skills: climb 2
    assert enc.skill("Orc", "climb", ability="dex").value == 1 + 2
    assert enc.skill("Orc", "survival", {"GM: tracks in mud": 2}).value == 4
    assert skill_check_odds(survival.value) == pytest.approx(8 / 20)   # 13+ on the d20
    enc.add_condition("Orc", "Shaken")               # "-2 penalty to all rolls"
    assert enc.skill("Orc", "survival").value == 0


def test_lfg_keeps_its_skill_bonus():
    assert _fight("lfg").skill("Orc", "survival").value == 0   # no skills: entry
    with pytest.raises(SkillError, match="leave ability out"):
        _fight("lfg").skill("Orc", "survival", ability="wis")


def test_bad_classic_skill_inputs_are_refused():
    enc = _fight("classic")
    with pytest.raises(ClassicError, match="ability: 'wisdom' is not one of"):
        enc.skill("Orc", "survival", ability="wisdom")
    with pytest.raises(ClassicError, match="unknown skill 'concentration'.*ability='wis'"):
        enc.skill("Orc", "concentration")
    assert enc.skill("Orc", "concentration", ability="con").value == 1   # CON 12
    with pytest.raises(ClassicError, match="off_hand: the off-hand skill penalty is lfg's"):
        enc.skill("Orc", "climb", off_hand=True)
