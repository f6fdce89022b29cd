"""GM prep's error messages name the mistake and the fix: a rule switch, tactics or side
typo gets a "did you mean", and exact_duel given a list says a duel takes two creatures."""

from __future__ import annotations

import pytest

from lfgcombat.creature import load_example
from lfgcombat.prep import PrepError, compare, exact_duel, simulate
from lfgcombat.prep.tactics import TacticsError, did_you_mean


def _sides():
    return {"party": [load_example("wulfric")], "foes": [load_example("orc")]}


def test_a_switch_typo_says_did_you_mean_without_a_python_error():
    with pytest.raises(PrepError) as err:
        compare(_sides(), n=5, switches=[{}, {"killer_crits": True}])
    text = str(err.value)
    assert "unknown rule switch 'killer_crits'; did you mean 'killer_criticals'?" in text
    assert "__init__" not in text and "unexpected keyword" not in text


def test_a_tactics_typo_says_did_you_mean():
    with pytest.raises(TacticsError, match="did you mean 'weakest'"):
        simulate(_sides(), 5, tactics="weakst")
    with pytest.raises(TacticsError, match="did you mean 'foes'"):
        simulate(_sides(), 5, tactics={"foe": "weakest"})
    with pytest.raises(TacticsError, match="target must be one of weakest"):
        simulate(_sides(), 5, tactics="zzz")


def test_did_you_mean_is_empty_when_nothing_is_close():
    assert did_you_mean("zzz", ["weakest", "nearest"]) == ""
    assert did_you_mean("nearst", ["weakest", "nearest"]) == "; did you mean 'nearest'?"


@pytest.mark.parametrize("args, given", [
    (lambda a, b: ([a, b],), "not a list of 2"),
    (lambda a, b: (a,), "not only one"),
    (lambda a, b: (a, "Orc"), "not Creature and str"),
])
def test_exact_duel_says_a_duel_takes_two_creatures(args, given):
    a, b = load_example("wulfric"), load_example("orc")
    with pytest.raises(PrepError, match="a duel takes two creatures") as err:
        exact_duel(*args(a, b))
    assert given in str(err.value) and "exact_duel(a, b)" in str(err.value)
    assert exact_duel(a, b).names == ("Wulfric", "Orc")


@pytest.mark.parametrize("kwargs, match", [
    ({"chunk_size": 0}, "chunk_size must be a whole number >= 1"),
    ({"chunk_size": -1}, "chunk_size must be a whole number >= 1"),
    ({"max_rounds": 0}, "max_rounds must be a whole number >= 1"),
    ({"max_rounds": -3}, "max_rounds must be a whole number >= 1"),
])
def test_chunk_size_and_max_rounds_below_one_are_refused(kwargs, match) -> None:
    """Before, chunk_size=0 was ignored, -1 raised IndexError and max_rounds <= 0 made every
    fight a draw without a word."""
    sides = {"a": [load_example("wulfric")], "b": [load_example("orc")]}
    with pytest.raises(PrepError, match=match):
        simulate(sides, 10, seed=1, progress=False, **kwargs)


def _build(orcs):
    return {"party": [load_example("wulfric")],
            "orcs": [load_example("orc").replace(name=f"Orc {i}") for i in range(orcs)]}


@pytest.mark.parametrize("grid, match", [
    ({"orcs": 3}, r"grid\['orcs'\] must be a non-empty list of values, e.g. \{'orcs': \[3\]\}"),
    ({"orcs": "23"}, r"grid\['orcs'\] must be a non-empty list"),
    ({"orcs": []}, r"grid\['orcs'\] must be a non-empty list"),
    ({"orc": [1]}, r"build does not take the grid key\(s\) 'orc' \(it takes orcs;"),
])
def test_a_bad_sweep_grid_is_refused_in_words(grid, match):
    from lfgcombat.prep import sweep
    with pytest.raises(PrepError, match=match):
        sweep(grid, _build, 10, seed=1, progress=False)


@pytest.fixture
def interrupt_on_third_chunk(monkeypatch):
    """``run_chunk`` raises KeyboardInterrupt on its third call (a GM's Ctrl-C), in one
    process so that the chunks run in order."""
    from lfgcombat.prep import run as prep_run
    real, calls = prep_run.run_chunk, [0]

    def chunk(*args):
        calls[0] += 1
        if calls[0] == 3:
            raise KeyboardInterrupt
        return real(*args)
    monkeypatch.setattr(prep_run, "run_chunk", chunk)
    monkeypatch.setattr(prep_run.os, "cpu_count", lambda: 1)
    return calls


def test_an_interrupted_sweep_is_flagged_and_shows_no_made_up_zeros(interrupt_on_third_chunk):
    """Points never played have ``n`` 0 and ``p`` NaN (not 0.000), the sweep says it is
    partial, its heat map leaves them blank, and a point's result is the fights played."""
    import numpy as np

    from lfgcombat.prep import sweep
    sw = sweep({"orcs": [1, 2, 3, 4]}, _build, 1000, seed=1, progress=False)
    assert sw.partial and sw.played == (1000, 1000, 0, 0)
    win = sw.frame[sw.frame.measure == "win"]
    assert win[win.orcs >= 3]["p"].isna().all() and (win[win.orcs >= 3]["n"] == 0).all()
    assert win[win.orcs <= 2]["p"].notna().all()
    fig = sw.heatmap("win", side="party")
    texts = [t.get_text() for t in fig.axes[0].texts]
    assert texts.count("not run") == 2 and "partial" in fig.axes[0].get_title()
    assert sw.result({"orcs": 2}).n == 1000
    with pytest.raises(PrepError, match="played no fights"):
        sw.result({"orcs": 3})
    assert np.isnan(win[win.orcs == 4]["p"]).all()


def test_an_interrupted_compare_is_flagged(interrupt_on_third_chunk, monkeypatch):
    from lfgcombat.prep import run as prep_run
    monkeypatch.setitem(prep_run.DEFAULT_CHUNK, "fast", 500)
    c = compare(_build(2), 2000, switches=[{}, {"killer_criticals": True}], seed=1,
                progress=False)
    assert c.partial and [r.n for r in c.results] == [1000, 0]
    assert c.summary("win").attrs["partial"] is True


def test_a_creature_on_the_map_but_in_no_side_is_noted():
    """A GM who placed a foe on the map and forgot it in ``sides`` is told: it takes no
    part in the fights (a boulder or a bystander may be meant to)."""
    from lfgcombat import HexMap
    troll, w, orc = load_example("troll"), load_example("wulfric"), load_example("orc")
    text = """
name: clearing
terrain: |
  . . . . . . . .
   . . . . . . . .
  . . . . . . . .
creatures:
  - {name: Wulfric, at: [0, 0], side: party}
  - {name: Orc, at: [3, 0], side: orcs}
  - {name: Troll, at: [5, 1], side: orcs}
"""
    hmap = HexMap.from_text(text, creatures={c.name: c for c in (troll, w, orc)})
    r = simulate({"party": [w], "orcs": [orc]}, 2, seed=1, tier="reference", map=hmap,
                 progress=False)
    assert any("Troll is on the map but in no side" in n for n in r.notes)
