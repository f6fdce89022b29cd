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


def test_a_toy_ruleset_registering_such_saves_is_asked_the_same_way():
    import dataclasses

    from lfgcombat.rulesets import LFG_DEFINITION, registered

    def bonus(creature, which, bonuses, fortune, conditions=()):
        return 0, ()
    toy = dataclasses.replace(LFG_DEFINITION, name="toyconds", text="toy.txt", aliases=())
    with registered(toy):
        assert not saves.takes_own_conditions("toyconds")
        saves.register_save_rules("toyconds", bonus, 'toy.txt, "Saves"', conditions=True)
        try:
            assert saves.takes_own_conditions("toyconds")
        finally:
            saves._OWN_SAVES.pop("toyconds", None)
            saves._TAKES_CONDITIONS.discard("toyconds")


def test_an_unknown_ruleset_is_refused_by_name():
    with pytest.raises(RulesetError, match="hearts"):
        saves.takes_own_conditions("hearts")
