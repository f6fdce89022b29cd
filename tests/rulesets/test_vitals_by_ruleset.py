"""``Vitals.from_creature(creature, ruleset=...)``: the ruleset's own vitals.

Issue 13's entry points: "``Vitals`` reporting ``wounds``, ``barrier``, ``shell``,
``nonlethal``, ``disabled`` where the ruleset has them" - classic's ``ClassicVitals``
(002_2a3a79475ca2a541.txt, "Death", "Nonlethal Damage"), wounds' ``WoundsVitals``
(003_de0e94afd49609a7.txt, "When a character is subject to a damage-dealing effect",
"Barrier represents", "Shell operates similarly"); without a ruleset, lfg's
(000_8d1d7816ee944f3b.txt, "Hit Points (HP) - Taking Damage, Injury, Death:").
"""

from __future__ import annotations

import pytest

from lfgcombat import Vitals
from lfgcombat.rulesets.classic.health import ClassicVitals
from lfgcombat.creature import Creature
from lfgcombat.rulesets import Ruleset, RulesetError
from lfgcombat.rulesets.fields import RulesetFieldError
from lfgcombat.rulesets.wounds.health import WoundsVitals

ORC = Creature.from_dict({"name": "Orc", "level": 3, "max_hp": 20, "abilities": {"con": 14},
                          "bab": 3, "prowess": 1, "good_saves": ["fort", "ref"],
                          "barrier": "5/30", "shell": 10})


def test_without_a_ruleset_or_with_lfg_it_is_lfgs_vitals():
    v = Vitals.from_creature(ORC)
    assert isinstance(v, Vitals) and (v.max_hp, v.hp) == (20, 20)
    assert Vitals.from_creature(ORC, ruleset="lfg") == v
    assert Vitals.from_creature(ORC, ruleset=Ruleset("lfg")) == v


def test_classic_reports_nonlethal_and_disabled():
    v = Vitals.from_creature(ORC, ruleset="classic")
    assert isinstance(v, ClassicVitals)
    assert (v.hp, v.nonlethal, v.disabled) == (20, 0, False)
    assert v == Ruleset("classic").health.vitals(ORC)
    down = Vitals.from_creature(ORC.replace(current_hp=0), ruleset="002")
    assert down.disabled   # "When a hero drops to or below 0, they become disabled"


def test_wounds_reports_wounds_barrier_and_shell():
    v = Vitals.from_creature(ORC, ruleset=Ruleset("wounds"))
    assert isinstance(v, WoundsVitals)
    assert v.wounds == 14 and v.shell == 10   # Wounds: the CON score without a wounds key
    assert v.barrier is not None and (v.barrier.strength, v.barrier.remaining) == (5, 30)


def test_bad_rulesets_and_creatures_not_written_for_it_are_refused():
    with pytest.raises(RulesetError, match="unknown ruleset 'clasic'"):
        Vitals.from_creature(ORC, ruleset="clasic")
    with pytest.raises(RulesetFieldError, match="Orc is written for wounds, not classic"):
        Vitals.from_creature(ORC.replace(ruleset=["wounds"]), ruleset="classic")
