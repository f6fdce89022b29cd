"""Tests of :mod:`lfgcombat.rules.conditions.effects`, from 000_8d1d7816ee944f3b.txt "Conditions – Full
Details" (durations). Split from the former tests/test_encounter.py (issue 10); every test
names its heading.
"""

from __future__ import annotations

from lfgcombat.engine import Encounter

from .helpers import mk


def test_durations_end_on_the_right_creatures_turn():
    """Decision (module docstring): a duration imposed by another creature counts down at
    the start of that creature's turns; a self-imposed one at the end of its own turns, so
    "stunned for 1 round" costs exactly one turn."""
    enc = Encounter([mk("A", init=40), mk("B")], sides={"a": ["A"], "b": ["B"]},
                    seed=1).start()
    enc.add_condition("B", "stunned", rounds=1, by="A")
    enc.end_turn(next="B")
    assert enc.actions_left("B").big == 0  # B's turn is lost
    enc.end_turn(next="A")  # round 2: A's turn starts, the stun ends
    assert "stunned" not in enc.state("B")["conditions"]
    enc2 = Encounter([mk("A", init=40), mk("B")], sides={"a": ["A"], "b": ["B"]},
                     seed=1).start()
    enc2.add_condition("B", "staggered", rounds=1)  # no source: B's own turn counts
    enc2.end_turn(next="B")
    assert enc2.actions_left("B").big == 1
    enc2.end_turn(next="B")
    assert "staggered" not in enc2.state("B")["conditions"]
