"""Skill checks made using only the off hand, inside an encounter.

000_8d1d7816ee944f3b.txt, "Handedness & Using Both Hands (Two Weapon Fighting)": "Any Skill
Checks made using only your Off-Hand suffer a -2 penalty"; "The Ambidextrous Feat allows you
to use either hand as your main hand". "Special Actions in Combat": "Sleight of Hand Skill -
Dirty Tricks in Combat (Big Action, AOO)".
"""

from __future__ import annotations

import pytest

from lfgcombat.rules.actions.skills import SkillError

from encounter.helpers import refused
from close.test_encounter_close import fight, first_seed, last, replays


def test_encounter_skill_takes_the_off_hand_penalty() -> None:
    enc = fight(hero={"skills": {"sleight of hand": 6}})
    assert int(enc.skill("Hero", "sleight of hand").value) == 6
    off = enc.skill("Hero", "sleight of hand", off_hand=True)
    assert int(off.value) == 4
    assert "using only the off hand" in off.explain()
    with pytest.raises(SkillError, match="off_hand"):
        enc.skill("Hero", "sleight of hand", off_hand="yes")


def test_ambidextrous_has_no_off_hand_penalty() -> None:
    enc = fight(hero={"skills": {"sleight of hand": 6}, "ambidextrous": True})
    assert int(enc.skill("Hero", "sleight of hand", off_hand=True).value) == 6


def test_an_off_hand_dirty_trick_rolls_at_minus_2_and_replays(tmp_path) -> None:
    """The Dirty Trick's opposed check uses the Sleight of Hand bonus less 2; the command
    records ``off_hand`` and replays from the log."""
    hero = {"skills": {"sleight of hand": 6}}
    both = fight(3, hero=hero).skill_action("Hero", "dirty_trick", "Orc")
    assert last(both, "maneuver").data["bonus"] == 6
    enc = first_seed(lambda s: fight(s, hero=hero).skill_action(
        "Hero", "dirty_trick", "Orc", off_hand=True), lambda e: True)
    assert last(enc, "maneuver").data["bonus"] == 4
    assert [e.data.get("off_hand") for e in enc.log if e.kind == "skill_action"] == [True]
    assert all(set(e.data) <= set(type(e).FIELDS) for e in enc.log)   # declared in the log
    replays(enc, tmp_path)


def test_a_dirty_trick_without_off_hand_records_nothing_new() -> None:
    """Old saves replay: ``off_hand`` is recorded only when asked for."""
    enc = fight(3).skill_action("Hero", "dirty_trick", "Orc")
    cmds = [e.data for e in enc.log if e.kind == "skill_action"]
    assert len(cmds) == 1 and "off_hand" not in cmds[0]


@pytest.mark.parametrize("action", ["demoralize", "feint", "insult"])
def test_off_hand_is_refused_for_checks_not_made_with_a_hand(action: str) -> None:
    enc = fight(1)
    refused(enc, enc.skill_action, "Hero", action, "Orc", off_hand=True, match="off_hand")


def test_a_bad_off_hand_is_refused() -> None:
    enc = fight(1)
    refused(enc, enc.skill_action, "Hero", "dirty_trick", "Orc", off_hand="left",
            match="True or False")
