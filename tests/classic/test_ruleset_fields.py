"""The creature file's keys of the classic and wounds rulesets (lfgcombat/rulesets/fields.py):
``ruleset``, ``bab``, ``challenge_rating`` (002_2a3a79475ca2a541.txt, "How to attack another
creature", "Challenge Rating (CR)"), ``prowess``, ``good_saves``, ``wounds``, ``barrier``,
``shell`` (003_de0e94afd49609a7.txt, "Prowess is added directly to your Defense", "You
possess two inherent adjustments to your Saving Throws", "Barrier represents", "Shell
operates similarly")."""

from __future__ import annotations

from fractions import Fraction

import pytest

from lfgcombat import attack_odds
from lfgcombat.rulesets.classic.combatant import ClassicCombatant
from lfgcombat.creature import Creature, CreatureError, load_example
from lfgcombat.rulesets.fields import RulesetFieldError
from lfgcombat.rulesets import definition
from lfgcombat.rulesets.wounds.combatant import WoundsCombatant
from lfgcombat.rulesets.wounds.health import Barrier

ORC = {"name": "Orc", "level": 3, "max_hp": 38, "abilities": {"str": 17, "con": 12},
       "weapons": [{"name": "greataxe", "damage": "1d12", "crit": "20/x3"}]}
BOTH = {**ORC, "ruleset": ["classic", "WOUNDS"], "bab": 3, "challenge_rating": "1/2",
        "prowess": 1, "good_saves": ["will", "fort"], "wounds": 14, "barrier": "5/20",
        "shell": 4}


def test_the_fields_load_save_and_read_as_attributes():
    orc = Creature.from_dict(BOTH)
    assert (orc.ruleset, orc.bab, orc.challenge_rating, orc.prowess, orc.good_saves,
            orc.wounds, orc.barrier, orc.shell) == (
        ("classic", "wounds"), 3, Fraction(1, 2), 1, ("fort", "will"), 14, Barrier(5, 20), 4)
    d = orc.to_dict()
    assert (d["challenge_rating"], d["barrier"], d["ruleset"]) == ("1/2", "5/20",
                                                                   ["classic", "wounds"])
    assert Creature.from_dict(d) == orc
    plain = Creature.from_dict(ORC)
    assert (plain.bab, plain.prowess, plain.shell, plain.ruleset) == (None, None, 0, ())
    assert "bab" not in plain.to_dict()


@pytest.mark.parametrize("key, value", [
    ("bab", -1), ("bab", "three"), ("challenge_rating", "hard"), ("prowess", 1.5),
    ("good_saves", ["fort"]), ("good_saves", ["fort", "luck"]), ("wounds", 0),
    ("barrier", "ten"), ("shell", -3), ("ruleset", "chess"), ("ruleset", 3)])
def test_bad_values_are_named(key, value):
    with pytest.raises(CreatureError) as err:
        Creature.from_dict({**ORC, key: value})
    assert err.value.fields == (key,)


def test_the_rulesets_read_the_creatures_own_fields():
    orc = Creature.from_dict(BOTH)
    wulfric = load_example("wulfric").replace(bab=5, prowess=3, good_saves=["fort", "will"])
    assert attack_odds(wulfric, orc, "longsword", ruleset="classic").bonus == 8
    odds = attack_odds(orc, wulfric, "greataxe", ruleset="wounds", critical_choice="wounds")
    assert (odds.bonus, odds.ac) == (3 + 1, 10 + 3 + 1)
    w = WoundsCombatant.of(orc)
    assert (w.wounds_max, w.barrier, w.shell, w.save("will")) == (14, Barrier(5, 20), 4, 3)
    assert ClassicCombatant.of(orc).challenge_rating == Fraction(1, 2)


def test_a_creature_written_for_other_rulesets_is_refused_by_name():
    """Creature files say which ruleset they are for; another ruleset names the field."""
    classic_only = Creature.from_dict({**ORC, "ruleset": "classic", "bab": 3, "prowess": 1})
    wulfric = load_example("wulfric").replace(bab=5, prowess=3)
    with pytest.raises(RulesetFieldError, match="^ruleset: Orc is written for classic, not "
                                                "wounds"):
        attack_odds(wulfric, classic_only, "longsword", ruleset="wounds")
    with pytest.raises(RulesetFieldError, match="^ruleset: Orc"):
        attack_odds(WoundsCombatant.of(classic_only), wulfric, "greataxe", ruleset="wounds")
    with pytest.raises(RulesetFieldError, match="^ruleset: Orc"):
        definition("wounds").health.vitals(classic_only)
    assert attack_odds(wulfric, classic_only, "longsword", ruleset="classic").ac == 10
    assert ClassicCombatant.of(classic_only).bab == 3
