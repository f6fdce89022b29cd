"""Skill actions: Demoralize, Dirty Tricks, Combat Feint, Insult.

000_8d1d7816ee944f3b.txt, "Special Actions in Combat" and "Handedness & Using Both Hands".
"""

from __future__ import annotations

import pytest

from lfgcombat.dice import Roller
from lfgcombat.errors import IllegalActionError
from lfgcombat.rules.actions.skill_actions import SkillAction, SkillActionError, resolve_skill_action


def test_action_table() -> None:
    assert [a.provokes for a in SkillAction] == [True, True, False, True]
    assert SkillAction.FEINT.skill == "bluff"
    assert SkillAction.INSULT.resisted_by == ("sense motive", "will save")
    assert "Demoralize an Opponent" in SkillAction.DEMORALIZE.rule
    assert SkillAction.coerce("Dirty Trick") is SkillAction.DIRTY_TRICK


@pytest.mark.parametrize("action, effect", [("demoralize", "frightened"),
                                            ("dirty_trick", "negative condition"),
                                            ("feint", "flat-footed vs next attack"),
                                            ("insult", "unfortunate or must attack")])
def test_effects_follow_the_opposed_check(action: str, effect: str) -> None:
    roller = Roller(31)
    for _ in range(100):
        r = resolve_skill_action(action, bonus=5, defense=5, roller=roller, distance_ft=20)
        assert r.action_type == "big" and r.provokes == (action != "feint")
        assert r.success == r.check.a_wins
        assert r.effect == (effect if r.success else None)
        if action == "demoralize" and r.success:
            assert r.rounds == r.duration_roll.total and 1 <= r.rounds <= 4
        if action == "dirty_trick" and r.success:
            assert r.rounds == 1


def test_feint_with_two_weapons_gets_plus_one_tactical() -> None:
    r = resolve_skill_action("feint", bonus=3, defense=0, roller=Roller(1), two_weapons=True)
    assert r.check.a_bonus == 4
    r = resolve_skill_action("insult", bonus=3, defense=0, roller=Roller(1), two_weapons=True)
    assert r.check.a_bonus == 3


def test_demoralize_range() -> None:
    roller = Roller(1)
    resolve_skill_action("demoralize", bonus=0, defense=0, roller=roller, distance_ft=30)
    n = len(roller.history)
    with pytest.raises(IllegalActionError, match="30 ft"):
        resolve_skill_action("demoralize", bonus=0, defense=0, roller=roller, distance_ft=35)
    assert len(roller.history) == n


def test_bad_arguments() -> None:
    with pytest.raises(SkillActionError, match="action"):
        resolve_skill_action("taunt", bonus=0, defense=0, roller=Roller(1))
    with pytest.raises(SkillActionError, match="defense"):
        resolve_skill_action("feint", bonus=0, defense="3", roller=Roller(1))
