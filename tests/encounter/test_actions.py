"""Tests of :mod:`lfgcombat.rules.actions.actions`, from 000_8d1d7816ee944f3b.txt "Actions in Combat
What can I do on my turn?". Split from the former tests/test_encounter.py (issue 10); every
test names its heading.
"""

from __future__ import annotations

from lfgcombat.engine import ACTION_TYPES, actions_table
from lfgcombat.io.tables import parse_source


def test_actions_table_is_valid_and_marks_every_reconstruction():
    """"Action Tables" (missing from the text): rebuilt from its lists, inferred values
    marked in ``source``."""
    t = actions_table()
    assert set(t["type"]) <= set(ACTION_TYPES)
    row = t.set_index("action")
    # what the text states outright
    assert row.loc["five_foot_step", "type"] == "swift"  # "A 5-Foot Step is a Swift Action"
    assert row.loc["retreat", "type"] == "full_round"
    assert row.loc["retreat", "provokes"] != "yes"  # "(Except for the Retreat Action)"
    assert row.loc["stand_up", "provokes"] == "yes"
    assert row.loc["tie_on_slot", "type"] == "double"
    assert row.loc["fight_defensively", "provokes"] == "no"
    assert row.loc["aim", "provokes"] == "yes"
    # "All Double Actions & Full-Round Actions Provoke AOO. (Except for the Retreat Action)"
    for action, r in row.iterrows():
        if r["type"] in ("double", "full_round") and action != "retreat":
            assert r["provokes"] == "yes", action
        if r["type"] == "swift":  # "Swift Actions are Little Actions that do not Provoke AOO"
            assert r["provokes"] == "no", action
        cites, why = parse_source(r["source"])
        assert cites or why, action
    inferred = [a for a, r in row.iterrows() if "inferred:" in r["source"]]
    assert "pick_up_item" in inferred and "load_ranged_weapon" in inferred
