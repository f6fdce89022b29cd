"""Saves asked of the ruleset, never by its name (issue 24, item 3): whether a ruleset's
own saves take its own conditions (classic's, 002_2a3a79475ca2a541.txt, "Conditions") is
what the Encounter asks before rolling a record's save (lfgcombat/rules/health/saves.py,
``takes_own_conditions``)."""

from __future__ import annotations

import pytest

from lfgcombat.rules.health import saves
from lfgcombat.rulesets import RulesetError


def test_classic_saves_take_its_conditions_and_the_others_do_not():
    assert saves.takes_own_conditions("classic")
    assert saves.takes_own_conditions("002")  # an alias finds it
    assert not saves.takes_own_conditions("wounds")  # its own saves, no conditions
    assert not saves.takes_own_conditions("lfg")  # this module's saves


def test_a_toy_ruleset_with_such_saves_is_asked_the_same_way():
    """A toy ruleset's saves are its ``saves`` slot: found through the ruleset, rolled by
    its own bonus, and its conditions taken only when its slot says so."""
    import dataclasses

    from lfgcombat.creature import load_example
    from lfgcombat.dice import Roller
    from lfgcombat.rulesets import LFG_DEFINITION, registered

    class ToySaves(saves.SavingThrows):
        own, takes_conditions, rule = True, True, 'toy.txt, "Saves"'

        def bonus(self, creature, which, bonuses, fortune, conditions=None):
            return 7 - len(conditions or ()), ("+7 toy",)

    plain = dataclasses.replace(LFG_DEFINITION, name="toyplain", text="toy.txt", aliases=())
    with registered(plain):
        assert not saves.takes_own_conditions("toyplain")  # lfg's saves: this module's
    toy = dataclasses.replace(plain, name="toyconds", saves=ToySaves())
    with registered(toy):
        assert saves.takes_own_conditions("toyconds")
        orc = load_example("orc")
        got = saves.saving_throw(orc, "fort", 12, Roller(seed=1), ruleset="toyconds",
                                 conditions=["x"])
        assert got.bonus == 6 and got.rule == 'toy.txt, "Saves"'
        assert saves.save_odds(orc, "fort", 12, ruleset="toyconds") == 16 / 20


def test_an_unknown_ruleset_is_refused_by_name():
    with pytest.raises(RulesetError, match="hearts"):
        saves.takes_own_conditions("hearts")
