"""Back to any line of the log, and the branch undone (issue 26, item 4).

Not a rule of the texts: the kit's undo (DESIGN.md, "How data flows": the state is the
replay of the log). "Back to here" restores exactly the state a fight stopped at that step
would have; what was undone is kept as a branch, which can be resumed to the same state.
"""

from __future__ import annotations

import pytest

from lfgcombat import LfgError
from lfgcombat.engine.timeline import Timeline, roll_event, step_lines, step_of

from .test_players_view import fight


def play(enc, upto: int | None = None):
    """A few steps of a fight (the first ``upto`` of them)."""
    steps = [lambda: enc.start(),
             lambda: enc.attack(enc.acting[0], "Zorbag" if enc.side(enc.acting[0]) == "party"
                                else "Hero"),
             lambda: enc.note("a ruling"),
             lambda: enc.damage("Murk", 5),
             lambda: enc.end_turn(next=enc.choices()[0]) if enc.choices() else enc.end_turn(),
             lambda: enc.damage("Hero", 3)]
    for do in steps[:upto]:
        try:
            do()
        except LfgError:
            enc.note("refused")  # a step all the same, so both fights count alike
    return enc


@pytest.mark.parametrize("ruleset", ["lfg", "classic", "wounds"])
def test_back_to_a_line_restores_that_state_and_the_branch_resumes(ruleset):
    enc = play(fight(ruleset, seed=4))
    before = enc.snapshot()
    lines = step_lines(enc)
    assert [s.number for s in lines] == list(range(1, len(lines) + 1))
    tl = Timeline(enc)
    heard = []
    enc.subscribe(lambda e: heard.append(len(e.log)))
    branch = tl.back_to(lines[2].last)  # a line inside step 3 (its last event)
    assert enc.snapshot() == play(fight(ruleset, seed=4), 3).snapshot()
    assert branch.steps == len(lines) - 3 and branch.encounter.snapshot() == before
    assert tl.branches == [branch] and heard, "the widgets were told"
    left = tl.resume(branch)
    assert left is None and tl.branches == []  # nothing new was played: nothing to keep
    assert enc.snapshot() == before
    assert heard[-1] == len(enc.log)


def test_playing_on_after_going_back_keeps_the_new_line_when_resuming():
    enc = play(fight(seed=2))
    tl = Timeline(enc)
    before = enc.snapshot()
    first = tl.back_to(step_lines(enc)[1].seq)
    enc.damage("Grisk", 2)
    other = enc.snapshot()
    left = tl.resume(first.number)
    assert enc.snapshot() == before
    assert left is not None and left.steps == 1 and left.encounter.snapshot() == other
    assert tl.branches == [left]
    tl.resume(left)
    assert enc.snapshot() == other


def test_back_to_a_roll_of_the_dice_log():
    """Roll #k of the dice log is the k-th roll event; going back keeps its step."""
    enc = play(fight(seed=5))
    rolls = [e for e in enc.log if e.kind == "roll"]
    assert len(rolls) == len(enc.roller.history)
    seq = roll_event(enc, 2)
    step = step_of(enc, seq)
    Timeline(enc).back_to(roll=2)
    assert len(enc.log) == step.last + 1


def test_refusals_say_what_to_give_and_change_nothing():
    enc = play(fight(seed=3))
    tl = Timeline(enc)
    before = enc.snapshot()
    for call, match in ((lambda: tl.back_to(10**6), "no line 1000000 in the log"),
                        (lambda: tl.back_to(len(enc.log) - 1), "nothing to undo"),
                        (lambda: tl.back_to(), "give a log line"),
                        (lambda: tl.back_to(1, roll=1), "give a log line"),
                        (lambda: tl.back_to(roll=999), "no roll #999"),
                        (lambda: tl.resume(3), "no branch 3 to resume")):
        with pytest.raises(LfgError, match=match):
            call()
        assert enc.snapshot() == before and tl.branches == []
    with pytest.raises(LfgError, match="follows an Encounter"):
        Timeline("not a fight")


def test_a_map_edit_not_yet_a_step_goes_with_the_state_left_when_resuming():
    """The GM paints a hex after going back, then resumes the branch: the painted map is
    kept as a branch of its own (never lost, never carried into the branch resumed)."""
    enc = play(fight(seed=2))
    tl = Timeline(enc)
    first = tl.back_to(step_lines(enc)[1].seq)
    enc.map.set_terrain((6, 0), "difficult")
    left = tl.resume(first)
    assert left is not None and left.steps == 1
    assert str(left.encounter.map.terrain((6, 0)).value) == "difficult"
    assert str(enc.map.terrain((6, 0)).value) == "normal"


def test_a_step_that_drew_an_aoo_is_told_by_its_own_action():
    """A cast that provokes ("What actions normally Provoke AOO?") is listed in the
    history by the spell cast, not by the foe's AOO offered (what a GM clicks to go back
    to must say what happened at that step)."""
    from lfgcombat import HexMap
    from lfgcombat.creature import load_example
    from lfgcombat.engine import Encounter
    m = HexMap(6, 4)
    caster, orc = load_example("chessan"), load_example("orc")
    m.place(caster, (1, 1), "party")
    m.place(orc, (2, 1), "orcs")
    enc = Encounter([caster, orc], sides={"party": ["Chessan"], "orcs": ["Orc"]}, map=m,
                    seed=4).start()
    while enc.acting != ["Chessan"]:
        enc.end_turn(next="Chessan")
    enc.cast("Chessan", 1, "Sleep", target="Orc", aoo="all")
    assert any(e.kind == "aoo_offered" for e in enc.log)
    line = str(step_lines(enc)[-1])
    assert "Chessan casts Sleep" in line and "may take an AOO" not in line, line


@pytest.mark.parametrize("ruleset", ["classic", "wounds"])
def test_an_attack_step_under_a_single_action_round_tells_its_outcome(ruleset):
    """Under classic (002_2a3a79475ca2a541.txt, "Single Actions:") and wounds
    (003_de0e94afd49609a7.txt, "Combat Statistics") an attack also logs the single action
    it spends; the History line of that step tells the attack's outcome (hit or miss), not
    the action spent ("Attack on Ally (30 ft of movement left)")."""
    enc = fight(ruleset, seed=2, places=((1, 1), (1, 3), (2, 1), (2, 3), (6, 2), (7, 4)))
    enc.start()
    me = enc.acting[0]
    enc.attack(me, "Ally")
    assert any(e.kind == "single_action" for e in enc.log)
    line = str(step_lines(enc)[-1])
    assert f"{me} attacks Ally" in line and ("hit" in line or "miss" in line), line


def test_a_single_action_step_without_an_outcome_is_told_by_the_action():
    """A classic single action with no other effect (a Standard Action) is still told
    by the action it spent, not by the bare command."""
    enc = fight("classic", seed=2).start()
    me = enc.acting[0]
    enc.act(me, "standard_action")
    assert step_lines(enc)[-1].text == f"{me}: Standard Action (30 ft of movement left)"
