"""The classic round and the Heroic Action: 002_2a3a79475ca2a541.txt, "Single Actions:",
"Action definitions" (Heroic Action, Skill Checks, Move Action, Stabilize)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from scipy import stats

from lfgcombat import Roller
from lfgcombat.rules.citations import cite
from lfgcombat.rulesets.classic import ClassicError
from lfgcombat.rulesets.classic.actions import LIMITED_ATTACK_PENALTY, RoundBudget, SingleAction
from lfgcombat.rulesets.classic.heroic import (ENVIRONMENT_BONUS, SKILL_DC, heroic_action,
                                               heroic_action_odds, skill_check, skill_check_odds)
from lfgcombat.errors import IllegalActionError, LfgError

TEXT = "002_2a3a79475ca2a541.txt"
ROUND = cite("Single Actions:", file=TEXT)
DEFS = cite("Action definitions", file=TEXT)


def test_the_single_actions_of_the_text():
    """The list of ROUND: Attack, Cast a spell, Heroic Action, Standard Action, Stabilize
    (plus the Move Action, which is the budget's feet)."""
    assert [a.value for a in SingleAction] == ["attack", "cast_spell", "heroic_action",
                                              "standard_action", "stabilize"]


def test_attack_once_per_round():
    """"Attack (characters can only attack once per round)" (ROUND)."""
    b = RoundBudget(30).act("attack")
    with pytest.raises(IllegalActionError, match="already spent"):
        b.act("attack")
    with pytest.raises(IllegalActionError):
        b.act(SingleAction.CAST_SPELL)      # one single action in all
    assert b.new_round().can("attack")


def test_move_split_around_the_action():
    """DEFS, Move Action: "She can move, then perform another action, then continue moving
    as long as she does not move further than their full movement"."""
    b = RoundBudget(30).move(10).act("standard_action").move(20)
    assert b.moved_ft == 30 and b.remaining_ft == 0
    with pytest.raises(IllegalActionError, match="5 ft"):
        RoundBudget(30).move(25).act("attack").move(10)
    before = RoundBudget(30).move(25)
    with pytest.raises(IllegalActionError):
        before.move(10)
    assert before.moved_ft == 25            # a refused move changes nothing


def test_limited_round_of_a_mobile_disabled_hero():
    """"Stabilizing a Disabled Character": "one limited action per round, such as move at
    1/2 speed, cast a spell, use a skill, or attack an adjacent creature at – 5 to hit and
    damage"."""
    b = RoundBudget.limited(30)
    assert b.move_limit_ft == 15 and LIMITED_ATTACK_PENALTY == -5
    assert b.move(15).remaining_ft == 0
    with pytest.raises(IllegalActionError):
        b.move(20)
    with pytest.raises(IllegalActionError):
        b.move(5).act("attack")             # moved: that was the limited action
    assert b.act("cast_spell").remaining_ft == 0
    with pytest.raises(IllegalActionError):
        b.act("heroic_action")              # not a limited action
    with pytest.raises(IllegalActionError):
        RoundBudget(30, mode="none").act("attack")


def test_bad_round_inputs():
    with pytest.raises(ClassicError, match="speed_ft"):
        RoundBudget(-5)
    with pytest.raises(ClassicError, match="feet"):
        RoundBudget(30).move(2.5)
    with pytest.raises(IllegalActionError, match="dance"):
        RoundBudget(30).act("dance")


def test_heroic_action_numbers():
    """DEFS: "each rolls a d20 and adds the appropriate ability modifier (for a roll against
    the environment the GM adds a default +2). The highest roll wins." Skill checks: "the
    standard DC 15"."""
    assert ENVIRONMENT_BONUS == 2 and SKILL_DC == 15
    even = heroic_action_odds(0, 0)
    assert even.p_player_higher == even.p_gm_higher == Fraction(19, 40)
    assert even.p_tie == Fraction(1, 20)
    assert even.p_player_wins == Fraction(19, 40)          # ties go to the GM (inferred)
    assert heroic_action_odds(0, 0, tie_winner="player").p_player_wins == Fraction(21, 40)
    # +2 for the environment is the same as the GM having +2
    assert heroic_action_odds(3, 0, environment=True) == heroic_action_odds(3, 2)
    assert heroic_action_odds(30, 0).p_player_wins == 1
    odds = heroic_action_odds(2, 1)
    assert odds.p_player_higher + odds.p_tie + odds.p_gm_higher == 1
    assert skill_check_odds(0) == Fraction(6, 20) and skill_check_odds(5, 10) == Fraction(16, 20)


@pytest.mark.parametrize("a_mod,b_mod,env", [(0, 0, False), (3, 1, True), (-1, 4, False)])
def test_heroic_odds_agree_with_sampling(a_mod, b_mod, env):
    roller = Roller(seed=f"heroic-{a_mod}-{b_mod}-{env}")
    n = 4000
    counts = {"player": 0, "gm": 0}
    ties = fumbles = 0
    for _ in range(n):
        r = heroic_action(roller, a_mod, b_mod, environment=env)
        counts[r.winner] += 1
        ties += r.tie
        fumbles += r.fumble
        assert r.gm.total - r.gm.natural == b_mod + (2 if env else 0)
    odds = heroic_action_odds(a_mod, b_mod, environment=env)
    expected = [float(odds.p_player_wins) * n, float(1 - odds.p_player_wins) * n]
    assert stats.chisquare([counts["player"], counts["gm"]], expected).pvalue > 1e-3
    assert stats.binomtest(ties, n, float(odds.p_tie)).pvalue > 1e-3
    assert stats.binomtest(fumbles, n, 0.05).pvalue > 1e-3


def test_skill_check_rolls():
    ok, roll = skill_check(Roller(seed=4), 3)
    assert ok == (roll.total >= 15) and roll.total - roll.natural == 3


def test_bad_heroic_inputs_raise_kit_errors():
    for call, field in ((lambda: heroic_action_odds("3", 0), "a_mod"),
                        (lambda: heroic_action_odds(0, 1.5), "b_mod"),
                        (lambda: heroic_action_odds(0, 0, tie_winner="coin"), "tie_winner"),
                        (lambda: skill_check_odds(0, dc=None), "dc")):
        with pytest.raises(LfgError, match=field):
            call()
    roller = Roller(seed=1)
    with pytest.raises(ClassicError):
        heroic_action(roller, True, 0)
    assert roller.history == []              # nothing rolled


def test_bad_mode_names_the_field():
    with pytest.raises(ClassicError, match="mode"):
        RoundBudget(30, mode="hasted")
