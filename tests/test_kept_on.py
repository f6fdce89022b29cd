"""``kept_on``: the one way a reading is kept on a frozen creature, else made now.

Issue 24, item 6 ("Fast"): "Remove the waste the profile shows [...] with caching keyed on
what really changes" and "The same fights, the same dice, the same events". A creature is
a frozen value, so a reading of it with the same arguments is the same; these tests pin
what :func:`lfgcombat.creature.kept.kept_on` keeps and what it makes again.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import lfgcombat
from lfgcombat.creature import load_example
from lfgcombat.creature.keep import keeps, kept_on
from lfgcombat.rulesets.classic.combatant import ClassicCombatant
from lfgcombat.rulesets.wounds.combatant import WoundsCombatant


class _Counter:
    """A reading that counts how often it was made."""

    def __init__(self, value: object = "read") -> None:
        self.value, self.calls = value, 0

    def __call__(self) -> object:
        self.calls += 1
        return self.value


def test_a_reading_is_made_once_then_read_back_and_a_new_key_makes_again():
    orc = load_example("orc")
    make = _Counter(("AC", 15))
    assert kept_on(orc, ("sheet", "test", 1), make) == ("AC", 15)
    assert kept_on(orc, ("sheet", "test", 1), make) == ("AC", 15)
    assert make.calls == 1
    assert orc.__dict__["_kept_stats"][("sheet", "test", 1)] == ("AC", 15)
    assert kept_on(orc, ("sheet", "test", 2), make) == ("AC", 15)
    assert make.calls == 2  # another key: made again
    assert kept_on(load_example("orc"), ("sheet", "test", 1), make) == ("AC", 15)
    assert make.calls == 3  # another creature (its own readings): made again


def test_what_keeps_nothing_is_read_every_time_and_left_unchanged():
    orc = load_example("orc")
    for obj in ({"name": "orc"}, ClassicCombatant.of(orc), WoundsCombatant.of(orc), None):
        make = _Counter()
        before = dict(getattr(obj, "__dict__", {}))
        assert not keeps(obj)
        assert kept_on(obj, ("sheet", "test"), make) == "read"
        assert kept_on(obj, ("sheet", "test"), make) == "read"
        assert make.calls == 2
        assert dict(getattr(obj, "__dict__", {})) == before
    assert keeps(orc)


def test_a_refusal_none_and_an_unhashable_key_are_never_kept():
    orc = load_example("orc")

    def refuse() -> object:
        raise lfgcombat.LfgError("refused")

    for _ in range(2):  # a refusal raises every time, nothing kept
        with pytest.raises(lfgcombat.LfgError, match="refused"):
            kept_on(orc, ("sheet", "refused"), refuse)
    assert ("sheet", "refused") not in orc.__dict__.get("_kept_stats", {})
    none = _Counter(None)
    assert kept_on(orc, ("sheet", "none"), none) is None
    assert kept_on(orc, ("sheet", "none"), none) is None
    assert none.calls == 2
    make = _Counter()
    assert kept_on(orc, ("sheet", ["unhashable"]), make) == "read"
    assert kept_on(orc, ("sheet", ["unhashable"]), make) == "read"
    assert make.calls == 2


def test_a_creature_keeps_its_own_statistics_the_same_way():
    """:func:`kept_on` keeps a creature's readings where ``Creature._kept`` keeps its AC and
    attack bonuses (one store): the idiom said once."""
    orc = load_example("orc")
    assert kept_on(orc, ("ac", "x"), lambda: 1) == 1 and orc._kept(("ac", "x"), lambda: 2) == 1
    assert orc.armor_class("ac") == load_example("orc").armor_class("ac")
    assert ("ac", "ac", None, None) in orc.__dict__["_kept_stats"]


@pytest.mark.parametrize("combatant", [ClassicCombatant, WoundsCombatant])
def test_a_kept_ruleset_sheet_is_the_sheet_read_afresh(combatant):
    """A ruleset's reading kept on the creature equals a fresh reading, and follows a
    creature with other HP (the sheet read for it, its HP its own)."""
    orc = load_example("orc").replace(bab=3) if combatant is ClassicCombatant \
        else load_example("orc")
    kept = combatant.sheet_of(orc)
    assert kept is combatant.sheet_of(orc)
    fresh = combatant.sheet_of(load_example("orc").replace(bab=3)
                               if combatant is ClassicCombatant else load_example("orc"))
    assert kept == fresh and kept is not fresh
    hurt = orc._with_hp(orc.hp - 5, 0)
    assert combatant.of(hurt).hp == orc.hp - 5
    assert combatant.of(hurt) == combatant.of(hurt.replace())


def test_the_rulesets_keep_through_kept_on_alone():
    """No ruleset module writes the idiom out again (``getattr(type(x), "_kept", ...)``)."""
    root = Path(lfgcombat.__file__).parent / "rulesets"
    found = [str(p) for p in root.rglob("*.py") if '"_kept"' in p.read_text(encoding="utf-8")]
    assert found == []
