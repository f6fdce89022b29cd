"""Classic saves under classic conditions, and classic conditions on a creature's sheet
(issue 23, items 1 and 2).

002_2a3a79475ca2a541.txt, "Conditions": Shaken "takes a -2 penalty to all rolls";
Frightened "a -2 penalty on all attack rolls, saving throws, skill checks, and ability
checks"; Sickened "-2 penalty on [...] saving throws"; Energy-Drained "Each negative level
gives a creature the following penalties: -1 penalty on attack rolls, saving throws". The
text gives no base saves: "They must succeed at a DC12 Fortitude check to stabilize"
("Stabilizing a Disabled Character") reads as d20 + the CON modifier (inferred), REF and
WILL the same with DEX and WIS.
"""

from __future__ import annotations

import pytest

from lfgcombat import Encounter, Roller, save_odds, saving_throw
from lfgcombat.rulesets.classic import ClassicError
from lfgcombat.rulesets.classic.turn import ClassicFighter
from lfgcombat.creature import Creature, CreatureError, load_example
from lfgcombat.rules.health.saves import SaveError


def orc(**changes):
    """The example orc written for classic alone (DEX 11, WIS 8, CON 12: +0, -1, +1)."""
    return load_example("orc").replace(ruleset=["classic"], bab=3, **changes)


def test_a_classic_fighter_has_all_three_saves_under_its_conditions():
    plain = ClassicFighter.of(orc())
    assert (plain.fort_bonus, plain.ref_bonus, plain.will_bonus) == (1, 0, -1)
    shaken = ClassicFighter.of(orc(), conditions=["Shaken"])
    assert (shaken.fort_bonus, shaken.ref_bonus, shaken.will_bonus) == (-1, -2, -3)
    assert shaken.save_bonus("reflex") == -2
    worse = ClassicFighter.of(orc(), conditions=["Sickened", "Frightened"]).given(
        ["Energy-Drained 2"])
    assert [worse.save_bonus(s) for s in ("fort", "ref", "will")] == [-5, -6, -7]
    with pytest.raises(ClassicError, match="not a saving throw"):
        plain.save_bonus("luck")


def test_save_odds_under_classic_take_classic_conditions():
    o = orc()
    assert save_odds(o, "ref", 15, ruleset="classic") == pytest.approx(6 / 20)
    assert save_odds(o, "ref", 15, ruleset="classic", conditions=["Shaken"]) \
        == pytest.approx(4 / 20)
    assert save_odds(o, "will", 15, ruleset="classic", conditions=["energy-drained 3"]) \
        == pytest.approx(2 / 20)
    result = saving_throw(o, "will", 12, Roller(3), ruleset="classic",
                          conditions=["Frightened"])
    assert result.bonus == -3 and "Frightened" in result.explain()
    assert "002_2a3a79475ca2a541.txt" in result.rule
    with pytest.raises(ClassicError, match="not a classic condition"):
        save_odds(o, "ref", 15, ruleset="classic", conditions=["Dazzled"])
    with pytest.raises(SaveError, match="leave conditions out"):
        save_odds(load_example("orc"), "ref", 15, conditions=["Shaken"])
    with pytest.raises(SaveError, match="Fortunate"):
        save_odds(o, "ref", 15, ruleset="classic", fortune="fortunate")


def test_the_classic_encounter_rolls_the_saves_its_record_has():
    o = orc(classic_conditions=["Shaken"])
    hero = load_example("wulfric").replace(bab=5)
    enc = Encounter([o, hero], sides={"orcs": ["Orc"], "party": ["Wulfric"]},
                    ruleset="classic", seed=1).start()
    assert enc.state("Orc").conditions == ["Shaken"]
    assert [enc.save_odds("Orc", s, 15) for s in ("fort", "ref", "will")] == \
        pytest.approx([5 / 20, 4 / 20, 3 / 20])
    enc.add_condition("Orc", "Frightened")
    assert enc.save_odds("Orc", "ref", 15) == pytest.approx(2 / 20)
    assert enc.save_odds("Orc", "ref", 15) == save_odds(
        o, "ref", 15, ruleset="classic", conditions=["Frightened"])


def test_a_classic_creature_file_lists_classic_conditions():
    raw = {"name": "Orc", "level": 3, "max_hp": 38, "ruleset": "classic", "bab": 3,
           "conditions": ["shaken", "Bleed 2", "Energy-Drained 1"]}
    c = Creature.from_dict(raw)
    assert c.to_dict()["conditions"] == ["Shaken", "Bleed 2", "Energy-Drained 1"]
    assert Creature.from_dict(c.to_dict()) == c
    f = ClassicFighter.of(c)
    assert f.conditions == {"Shaken"} and f.bleed == 2 and f.negative_levels == 1
    assert f.vitals.hp == 38  # the sheet's HP already count the drained 5 (inferred)
    for bad, match in ((["Dazzled"], "not a classic condition"),
                       (["Disabled"], "comes from the hit points"),
                       (["Bleed"], "needs its amount")):
        with pytest.raises(CreatureError, match=match):
            Creature.from_dict({**raw, "conditions": bad})
    # lfg's list reads a file written for lfg (or for no ruleset), with a hint
    with pytest.raises(CreatureError, match="is a classic condition"):
        Creature.from_dict({**raw, "ruleset": ["lfg", "classic"], "conditions": ["Shaken"]})
    with pytest.raises(CreatureError, match="written for that ruleset alone"):
        Creature.from_dict({**raw, "ruleset": ["lfg"], "conditions": [],
                            "classic_conditions": ["Shaken"]})
    # the encounter's own lfg conditions on the sheet keep the classic ones
    both = c.replace(conditions=["flat_footed"])
    assert both.section("classic_conditions") == ("Shaken", "Bleed 2", "Energy-Drained 1")
    assert Creature.from_dict(both.to_dict()) == both
