"""The readings the copies of one creature sheet share (lfgcombat/creature/family.py).

Issue 24, item 6 ("Fast"): "The same fights, the same dice, the same events". A copy of a
sheet met again in the same state (its stored conditions, the conditions its HP bring,
000_8d1d7816ee944f3b.txt "Injury & Injured Threshold" and "Unconscious & Dying", and its
bonuses) reads its AC, attack bonus and prepared attack without computing them; every
reading equals one made afresh after each change of HP, conditions or bonuses.
"""

from __future__ import annotations

import sys

import pytest

from lfgcombat.creature import Creature, load_example
from lfgcombat.creature import armor_class as ac_module
from lfgcombat.creature.family import FAMILY_MAX, family_find, family_keep, hand_on_family
from lfgcombat.engine.record_sheet import RecordSheet
from lfgcombat.rules.attacks import prepare

_PREPARE = sys.modules["lfgcombat.rules.attacks.prepare"]


def _fresh(c: Creature) -> Creature:
    """``c`` read again from its file form: nothing kept, no family."""
    return Creature.from_dict(c.to_dict())


def _readings(c: Creature) -> list[str]:
    return [repr(c.armor_class(k, against=a, distance_ft=d))
            for k in ("ac", "ac_vs_crit", "touch_ac", "ff_ac")
            for a, d in ((None, None), ("melee", 5), ("ranged", 30))] + [
        repr(c.attack_bonus("melee")), repr(c.attack_bonus("ranged"))]


def _steps(c: Creature) -> list[Creature]:
    """A fight's changes of one sheet: struck into the Injured band (its Injured condition
    names the HP), struck again, prone, a bonus from an effect, healed, struck to the same
    HP again by another way, unconscious, a condition gone."""
    low = c.injured_threshold.value
    out = [c, c._with_hp(low, 0), c._with_hp(low - 1, 0)]
    out.append(out[-1].with_condition("prone"))
    out.append(out[-1].replace(bonuses=[{"to": "ac", "value": -2, "source": "power attack"}]))
    out.append(out[-1].replace(bonuses=[]))
    out.append(out[-1]._with_hp(c.hp, 0))
    out.append(out[-1]._with_hp(low, 0))  # a state met before (HP low, prone)
    out.append(out[-1]._with_hp(-1, 0))
    out.append(out[-1].without_condition("prone"))
    out.append(out[-1]._with_hp(low - 1, 0))  # the state of the third copy again
    return out


@pytest.mark.parametrize("name", ["wulfric", "orc", "ogre"])
def test_every_copys_readings_equal_those_read_afresh(name):
    """After each change of HP, conditions or bonuses, a copy's AC and attack bonus (read
    through its family) are those of the same creature read afresh."""
    for c in _steps(load_example(name)):
        assert _readings(c) == _readings(_fresh(c)), c.active_conditions


def test_a_copy_met_again_in_the_same_state_reads_its_ac_without_computing_it(monkeypatch):
    """An Injured creature struck to the HP it had before (by another way: healed in
    between) reads its AC kept by its family; a new state computes it."""
    calls = []
    real = ac_module.armor_class

    def counted(*args, **kwargs):
        calls.append(args[1])
        return real(*args, **kwargs)
    monkeypatch.setattr(sys.modules["lfgcombat.creature"]._ac, "armor_class", counted)
    c = load_example("orc")
    low = c.injured_threshold.value
    first = c._with_hp(low, 0)
    ac = first.armor_class("ac", against="melee", distance_ft=5)
    assert calls == ["ac"]
    again = first._with_hp(low - 2, 0)._with_hp(c.hp, 0)._with_hp(low, 0)
    assert again.armor_class("ac", against="melee", distance_ft=5) is ac
    assert calls == ["ac"]
    other = again._with_hp(low - 1, 0)  # the Injured reason names other HP: computed
    assert repr(other.armor_class("ac", against="melee", distance_ft=5)) == repr(
        _fresh(other).armor_class("ac", against="melee", distance_ft=5))
    assert len(calls) >= 2


def test_a_prepared_attack_of_a_copy_equals_one_prepared_afresh():
    """The attacker's and the target's parts of a prepared attack, kept by their families,
    equal those prepared with both creatures read afresh, after each change."""
    for a, t in zip(_steps(load_example("wulfric")), _steps(load_example("orc"))):
        if a.hp <= 0:  # an unconscious attacker has no Big Action: refused as afresh
            continue
        for sit in ({}, {"previous_attacks": 1}, {"flanked": True}):
            kept = prepare(a, t, "longsword", **sit)
            fresh = prepare(_fresh(a), _fresh(t), "longsword", **sit)
            assert (repr(kept.bonus), repr(kept.ac), repr(kept.confirm_ac), kept.damage,
                    kept.notes, kept.line) == (
                repr(fresh.bonus), repr(fresh.ac), repr(fresh.confirm_ac), fresh.damage,
                fresh.notes, fresh.line)


def test_only_a_creatures_copies_share_a_family():
    """A ruleset's record sheet reads its sheet its own way (no lfg HP conditions): it
    keeps what it reads on itself alone; a creature read from a file starts a family of
    its own; a key outside the HP-free ones is never shared."""
    c = load_example("orc")
    copy = c._with_hp(3, 0)
    assert copy.__dict__["_family"] is c.__dict__["_family"]
    assert "_family" not in _fresh(copy).__dict__
    c.armor_class("ac")
    assert family_find(copy._with_hp(c.hp, 0), ("ac", "ac", None, None)) is not None
    assert family_find(copy, ("wounds", "x")) is None
    record = object.__new__(RecordSheet)
    record.__dict__.update(c.__dict__)  # a record's view with the sheet's family
    made: dict = {}
    hand_on_family(record, made)
    assert made == {}
    assert family_find(record, ("ac", "ac", None, None)) is None
    family_keep(record, ("ac", "other", None, None), "not shared")
    assert family_find(c, ("ac", "other", None, None)) is None


def test_a_family_starts_again_when_full():
    """At most FAMILY_MAX readings are kept by a family (then it is emptied and filled
    again)."""
    c = load_example("orc")
    copy = c._with_hp(5, 0)
    family = copy.__dict__["_family"]
    for i in range(FAMILY_MAX + 3):
        _PREPARE._keep_on(copy, ("attack", "test", i), i)
    assert len(family) <= FAMILY_MAX
    assert _PREPARE._kept_on(copy._with_hp(4, 0)._with_hp(5, 0),
                             ("attack", "test", FAMILY_MAX + 2)) == FAMILY_MAX + 2


def test_a_weapon_a_copy_names_is_the_weapon_read_afresh_and_read_once():
    """A weapon a creature names (its ``weapons:`` entry, else the table's row) reads its
    sheet alone: a copy in a state met before is given the weapon its family resolved, and
    every copy's weapon equals the one resolved for the creature read afresh."""
    from lfgcombat.rules.weapons import resolve_weapon
    steps = _steps(load_example("wulfric"))
    first = resolve_weapon(steps[2], "longsword")
    assert resolve_weapon(steps[-1], "longsword") is first  # the third copy's state again
    for c in steps:
        for name in ("longsword", "dagger", "unarmed strike"):
            assert resolve_weapon(c, name) == resolve_weapon(_fresh(c), name)


def test_a_creature_pickles_and_copies_without_its_familys_store():
    """A family's store is a cache of this process: a pickled or copied creature leaves it
    out (a GM's run sends its scenario's creatures to other processes) and reads the same;
    its own copies start a family of their own."""
    import copy
    import pickle
    c = load_example("orc")._with_hp(5, 0)
    _readings(c)
    assert c.__dict__["_family"]
    for other in (pickle.loads(pickle.dumps(c)), copy.deepcopy(c), copy.copy(c)):
        assert other == c
        assert "_family" not in other.__dict__
        assert _readings(other) == _readings(c)
        assert other._with_hp(4, 0).__dict__["_family"] is not c.__dict__["_family"]
