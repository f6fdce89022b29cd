"""Saving throws: 000_8d1d7816ee944f3b.txt, "Saving Throws" and "Elemental Resistance X"."""

from __future__ import annotations

import pytest

from lfgcombat import Creature, Roller
from lfgcombat.rules.damage import Resistances
from lfgcombat.rules.health.saves import (SaveError, damage_after_save, save_dc, save_for_half,
                                          save_odds, saving_throw)
from test_attacks import scripted


def bear(**kw):
    d = {"name": "Bear", "level": 3, "max_hp": 30, "save_ratings": {"fort": 3, "ref": 1,
                                                                     "will": 1},
         "abilities": {"wis": 12, "dex": 12, "con": 14}}
    d.update(kw)
    return Creature.from_dict(d)


def test_hold_animal_dc_example():
    """"Ex: I cast SL2 'Hold Animal' on the bear. I have a +3 WISMod, so total WILL Save DC
    15 to resist!"."""
    assert save_dc(2, 3) == 15
    with pytest.raises(SaveError):
        save_dc(2.5, 3)


def test_meets_or_exceeds_the_dc():
    b = bear()                                     # WILL +2
    assert saving_throw(b, "will", 15, scripted(13)).success          # 15 >= 15
    assert not saving_throw(b, "will", 15, scripted(12)).success
    assert saving_throw(b, "will", 40, scripted(20)).success          # natural 20
    assert not saving_throw(b, "will", -5, scripted(1)).success       # natural 1


def test_helpless_fails_ref_and_willing_needs_no_roll():
    h = bear(conditions=["paralyzed"])
    r = saving_throw(h, "ref", 5, Roller(1))
    assert not r.success and r.roll is None and "helpless" in r.why
    assert save_odds(h, "ref", 5) == 0.0
    assert saving_throw(h, "fort", 5, scripted(10)).success     # FORT as normal
    w = saving_throw(bear(), "will", 15, Roller(1), willing=True)
    assert not w.success and w.roll is None


def test_save_odds_exact():
    b = bear()
    assert save_odds(b, "will", 15) == pytest.approx(8 / 20)   # 13..20
    assert save_odds(b, "will", 100) == pytest.approx(1 / 20)  # only the natural 20
    assert save_odds(b, "will", 15, fortune="fortunate") == pytest.approx(1 - (12 / 20) ** 2)


def test_save_odds_agree_with_rolls():
    b, roller = bear(), Roller(seed=11)
    n = 4000
    passed = sum(saving_throw(b, "fort", 14, roller).success for _ in range(n))
    p = save_odds(b, "fort", 14)
    assert abs(passed / n - p) < 4 * (p * (1 - p) / n) ** 0.5


def test_elec_resist_lightning_bolt_example():
    """"A character with Elec Resist 5 who fails the REF Save for a 21 damage Lightning Bolt
    spell takes only 16 electric damage. If the same character passed the REF Save to take
    half damage, the 21 damage is halved to 10, then 5 of that is resisted ... 5"."""
    res = Resistances.from_dict({"electricity": 5})
    assert damage_after_save(21, "elec", res, saved=False).taken == 16
    assert damage_after_save(21, "elec", res, saved=True).taken == 5
    assert save_for_half(21, True) == 10 and save_for_half(21, False) == 21
    assert damage_after_save(21, "fire", None, saved=True, half=False).taken == 0


def test_unknown_save():
    with pytest.raises(SaveError, match="fort, ref, will"):
        saving_throw(bear(), "luck", 10, Roller(1))
