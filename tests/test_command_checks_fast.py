"""A command's arguments are checked once each (issue 24, item 6, "Fast"): an argument whose
annotation's test passed is not walked again for plain data when that test admits only
plain data of sane size (:data:`lfgcombat.engine.arguments._PLAIN_TESTS`). Not a rule of
the text but of the kit (issue 11, "Bad input" 5: a wrong argument is refused by name)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from lfgcombat.engine import arguments
from lfgcombat.errors import IllegalActionError

_ANY = st.recursive(
    st.none() | st.booleans() | st.integers() | st.integers(min_value=10**9 - 2,
                                                              max_value=10**30)
    | st.floats() | st.text(max_size=4),
    lambda inner: st.lists(inner, max_size=3) | st.tuples(inner)
    | st.dictionaries(st.text(max_size=3) | st.integers(), inner, max_size=3),
    max_leaves=12)


@settings(max_examples=400, deadline=None)
@given(value=_ANY)
def test_what_a_plain_test_passes_the_plain_walk_passes(value):
    for test in arguments._PLAIN_TESTS:
        if test(value):
            arguments._plain("cmd", "field", value)  # never raises after such a test


def test_the_plain_tests_are_the_checks_of_plain_annotations():
    notes = {n for n, (test, _) in arguments._CHECKS.items()
             if test in arguments._PLAIN_TESTS}
    assert notes == {"str", "str | None", "int", "int | None", "bool", "list[str]",
                     "list[str] | None"}  # not "dict": a mapping is walked


@pytest.mark.parametrize("bad", [10**12, True, float("nan"), ["a", 1], "x"])
def test_a_wrong_argument_is_still_refused_by_name(bad):
    from lfgcombat import Encounter
    from lfgcombat.creature import load_example
    enc = Encounter([load_example("wulfric"), load_example("orc")],
                    sides={"party": ["Wulfric"], "orcs": ["Orc"]}, seed=3).start()
    before = len(enc.log)
    with pytest.raises(IllegalActionError, match="end_turn: (decline|deadlock)"):
        if isinstance(bad, str):
            enc._do("end_turn", {"next": None, "deadlock": bad, "decline": []})
        else:
            enc._do("end_turn", {"next": None, "deadlock": False,
                                 "decline": bad if isinstance(bad, list) else [bad]})
    assert len(enc.log) == before  # refused before anything was recorded
