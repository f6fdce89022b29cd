"""``saving_throw`` and ``save_odds`` with ``ruleset="wounds"`` (003_de0e94afd49609a7.txt,
"Some effects don't directly target your armor or shield"): "Fortitude (CON)", "Reflex
(WIS)", "Will (CHA)"; "you choose two Saving Throws as your good saves, and one as your bad
save"; "roll 1d20 and add your total bonus (Base Save + Ability Score Modifier)"."""

from __future__ import annotations

import pytest

from lfgcombat import Creature, Roller, save_odds, saving_throw
from lfgcombat.dice import ScriptedRoller
from lfgcombat.rules.health.saves import SaveError
from lfgcombat.rulesets.wounds._base import WoundsError
from lfgcombat.rulesets.wounds.saves import base_save


def ash(**extra: object) -> Creature:
    return Creature.from_dict({"name": "Ash", "level": 3, "max_hp": 20, "ruleset": ["wounds"],
                               "abilities": {"con": 14, "dex": 18, "wis": 10, "cha": 8},
                               "prowess": 2, "good_saves": ["fort", "will"], **extra})


def test_each_save_adds_its_own_ability_and_its_good_or_bad_base():
    """FORT adds CON (+2), REF WIS (+0, not DEX's +4), WILL CHA (-1); FORT and WILL are the
    good saves, REF the bad one, by Hit Dice (the rebuilt table)."""
    c = ash()
    expect = {"fort": base_save(3, True) + 2, "ref": base_save(3, False) + 0,
              "will": base_save(3, True) - 1}
    for which, bonus in expect.items():
        r = saving_throw(c, which, 10, ScriptedRoller(0, [(20, 10)]), ruleset="wounds")
        assert r.bonus == bonus and r.total == 10 + bonus
        assert "003_de0e94afd49609a7.txt" in r.explain()
        assert save_odds(c, which, 15, ruleset="wounds") == pytest.approx(
            min(20, max(0, 21 - (15 - bonus))) / 20)
    ref = saving_throw(c, "ref", 10, ScriptedRoller(0, [(20, 10)]), ruleset="wounds")
    assert ref.lines == (f"{base_save(3, False):+d} base save (bad, 3 Hit Dice)", "+0 WIS")


def test_no_natural_20_or_1_rule_and_situational_bonuses_add():
    """The text gives no automatic success or failure: a natural 20 short of the DC fails,
    a natural 1 that reaches it saves."""
    c = ash()
    bonus = base_save(3, True) + 2
    high = saving_throw(c, "fort", 40, ScriptedRoller(0, [(20, 20)]), ruleset="wounds")
    assert not high.success
    low = saving_throw(c, "fort", 1 + bonus, ScriptedRoller(0, [(20, 1)]), ruleset="wounds")
    assert low.success
    assert save_odds(c, "fort", 40, ruleset="wounds") == 0.0
    assert save_odds(c, "fort", 1, ruleset="wounds") == 1.0
    plus = saving_throw(c, "fort", 10, ScriptedRoller(0, [(20, 10)]), bonuses=[2],
                        ruleset="wounds")
    assert plus.bonus == bonus + 2
    # lfg's own save is another number (its FORT rating and CON), with its natural 20
    assert saving_throw(c, "fort", 40, ScriptedRoller(0, [(20, 20)])).success


def test_what_the_wounds_saves_refuse():
    with pytest.raises(WoundsError, match="good_saves"):
        saving_throw(Creature.from_dict({"name": "Orc", "level": 2, "max_hp": 10,
                                         "ruleset": ["wounds"], "prowess": 1}),
                     "fort", 10, Roller(seed=1), ruleset="wounds")
    with pytest.raises(SaveError, match="Fortunate"):
        save_odds(ash(), "will", 10, fortune="fortunate", ruleset="wounds")
    with pytest.raises(SaveError, match="unknown saving throw"):
        save_odds(ash(), "luck", 10, ruleset="wounds")
    willing = saving_throw(ash(), "will", 10, Roller(seed=1), willing=True, ruleset="wounds")
    assert willing.roll is None and not willing.success


def test_classic_saves_are_its_own():
    """The classic text gives no base saves: its "DC12 Fortitude check" is d20 + the
    ability modifier (inferred), so a classic save is 1d20 + CON / DEX / WIS modifier,
    nothing automatic (issue 23, item 1; tests/classic/test_classic_saves.py)."""
    c = ash(ruleset=["classic", "wounds"])
    dex = c.ability_mod("dex")
    assert save_odds(c, "ref", 12, ruleset="classic") == (21 - (12 - dex)) / 20
