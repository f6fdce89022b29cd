"""Special abilities with uses per day in GM prep (issue 25, item 2): an ability line gives
no damage or condition the engine can play, so the fights leave it to the GM and the run's
notes say so (000_8d1d7816ee944f3b.txt, "Spell-Like Abilities (SLA):": the text's example
line "Fear Burst (SLA): 3/day (SL2, WILL DC15[CHA])")."""

from __future__ import annotations

from lfgcombat.creature import load_example
from lfgcombat.prep import simulate


def _shaman(*lines: str):
    return load_example("orc_shaman").replace(special_abilities=list(lines))


def test_an_sla_with_uses_per_day_is_left_to_the_gm_and_the_notes_say_so():
    sides = {"party": [load_example("wulfric")],
             "orcs": [_shaman("Fear Burst (SLA): 3/day (SL2, WILL DC15[CHA])", "Darkvision")]}
    for tier, n in (("fast", 50), ("reference", 2)):
        r = simulate(sides, n, seed=1, tier=tier, progress=False, backend=None)
        notes = [x for x in r.notes if x.startswith("Left to the GM")]
        assert len(notes) == 1, r.notes
        assert "Orc Shaman's Fear Burst (SLA, 3/day)" in notes[0]
        assert "Darkvision" not in notes[0] and "never use it" in notes[0]
    enc = r.replay(0)
    assert not [e for e in enc.log if e.kind == "ability"]  # never played


def test_no_note_without_such_abilities():
    sides = {"party": [load_example("wulfric")], "orcs": [load_example("orc")]}
    r = simulate(sides, 20, seed=1, progress=False)
    assert not [x for x in r.notes if x.startswith("Left to the GM")]
