"""PrepPanel (issue 12): a thin panel over lfgcombat.prep."""

from __future__ import annotations

from lfgcombat.creature import load_example
from lfgcombat.widgets.initiative import InitiativeTracker
from lfgcombat.widgets.prep import PrepPanel


def test_panel_runs_shows_and_replays():
    panel = PrepPanel(n=300, seed=2)
    assert "not run" in repr(panel)
    result = panel.run()
    assert result is panel.result and result.n == 300
    assert panel._bar.value == panel._bar.max == 300
    assert "p_win" in panel._summary.value and panel._plot.value[:4] == b"\x89PNG"
    tracker = panel.replay_worst()
    assert isinstance(tracker, InitiativeTracker)
    assert tracker in panel._table.children


def test_panel_shows_the_engines_refusal_and_keeps_the_last_result():
    panel = PrepPanel([load_example("troll").replace(name="Big Troll")], foes=["Big Troll"],
                      copies=1, n=100)
    first = panel.run()
    panel._ruleset.value = "wounds"
    assert panel.run() is None
    assert "not implemented" in panel.error
    assert panel.result is first
