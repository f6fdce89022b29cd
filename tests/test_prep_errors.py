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
