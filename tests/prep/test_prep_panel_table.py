"""The PrepPanel for the fight on the table (issue 25, item 5 with item 1): given the
tracker's encounter it plays that fight on from where it stands - its map, creatures and
state - with no code."""

from __future__ import annotations

import pytest

from lfgcombat.widgets.prep import TABLE_FIGHTS, PrepPanel

from .from_here_helpers import in_round_three, last_one_standing


@pytest.fixture(scope="module")
def table():
    enc = in_round_three()
    panel = PrepPanel(encounter=enc, n=3, seed=4)
    return enc, panel, panel.run()


def test_the_panel_takes_the_fight_with_its_rules_locked(table):
    enc, panel, _ = table
    assert panel._party.layout.display == "none" and panel._foes.layout.display == "none"
    assert panel._ruleset.options == ("lfg",) and panel._ruleset.disabled
    assert panel._tier.options == ("fast or reference",) and panel._tier.disabled
    assert "the notes say which, and why" in panel._ruleset_note.value
    assert panel._knockdown.value is True and panel._knockdown.disabled  # the encounter's
    assert "round 3, Wulfric&#x27;s turn" in panel._fight_line.value
    assert PrepPanel(encounter=in_round_three())._n.value == TABLE_FIGHTS


def test_run_plays_it_on_from_where_it_stands_and_replays_with_its_log(table):
    enc, panel, result = table
    assert result is not None and not panel.error
    assert result.scenario.start.where == "round 3, Wulfric's turn"
    assert "party" in panel._summary.value and "round 3" in panel._summary.value
    tracker = panel.replay_worst()
    assert list(tracker.encounter.log)[:len(enc.log)] == list(enc.log)


def test_an_open_field_fight_on_the_table_runs_on_the_fast_tier():
    """The panel beside an open-field fight under way runs it on the fast tier (the state
    the kernel starts from, lfgcombat/prep/fast_here.py), and its status says so."""
    panel = PrepPanel(encounter=last_one_standing(30, started=True), n=500, seed=4)
    result = panel.run()
    assert result is not None and result.tier == "fast" and not panel.error
    assert "500 fights on the fast tier" in panel._status.value


def test_compare_tactics_from_where_it_stands(table):
    _, panel, _ = table
    panel._versus.value = ("focus_fire", "closest_first")
    c = panel.compare_tactics()
    assert c is not None and c.results[0].scenario.start is not None
    assert "P(party wins) vs focus fire" in panel._comparison.value


def test_the_results_go_stale_once_the_fight_moves_on():
    enc = in_round_three()
    panel = PrepPanel(encounter=enc, n=2, seed=4)
    panel.run()
    assert not panel.stale
    enc.end_turn(next=enc.choices()[0])
    assert panel.stale and "the fight on the table has moved on" in panel._stale.value
    assert "round 3" in panel._fight_line.value


def test_a_fight_already_over_is_refused_in_the_panel():
    enc = last_one_standing(1, started=True)
    enc.damage("Wulfric", 30)
    panel = PrepPanel(encounter=enc, n=2)
    assert panel.run() is None and "already over" in panel.error


def test_something_else_is_refused_by_name():
    with pytest.raises(TypeError, match="needs a lfgcombat.Encounter, not dict"):
        PrepPanel(encounter={})
