"""Crushing Advance (A) is not a plain move (000_8d1d7816ee944f3b.txt, "Crushing Advance:
Very big creatures stepping on smaller creatures!": "A creature 3+ Size categories larger
may step into occupied spaces" - each smaller creature may dodge with its Reaction or be
stepped on). A final review found an elephant's ordinary move ending on a goblin with no
roll at all; now a walk into such a space is refused, naming step_through, and changes
nothing, while step_through plays the rule."""

from __future__ import annotations

import pytest

from lfgcombat import Encounter, HexMap, IllegalActionError
from lfgcombat.creature import load_example


def _field() -> Encounter:
    el, gob = load_example("elephant"), load_example("goblin")
    m = HexMap(14, 7)
    m.place(el, (1, 3), "herd")
    m.place(gob, (5, 3), "goblins")
    enc = Encounter([el, gob], map=m, seed=1).start()
    while enc.current != "Elephant":
        enc.end_turn()
    return enc


def test_a_plain_move_into_a_much_smaller_creatures_space_is_refused_naming_step_through():
    enc = _field()
    before = enc.snapshot()
    with pytest.raises(IllegalActionError, match=r"Crushing Advance \(A\).*step_through"):
        enc.move("Elephant", (5, 3))
    assert enc.snapshot() == before


def test_step_through_plays_it_and_a_move_around_is_still_a_move():
    enc = _field()
    enc.step_through("Elephant", (5, 3))
    kinds = [e.kind for e in enc.log]
    assert "step_through" in kinds
    assert enc.map.token("Elephant").anchor != enc.map.cell(1, 3)
