""""How much do tactics matter?" in the PrepPanel (issue 25, item 3): *Compare tactics*
plays the same fights under each tactics ticked and shows one table and one plot."""

from __future__ import annotations

from lfgcombat.prep import Comparison
from lfgcombat.widgets.prep import PrepPanel


def _panel(**kw) -> PrepPanel:
    return PrepPanel(party=["Wulfric", "Mayat"], foes=["Orc"], copies=4, n=300, seed=2, **kw)


def test_compare_tactics_shows_one_table_and_one_plot():
    panel = _panel()
    panel._versus.value = ("focus_fire", "spread_out")
    panel._compare.click()  # in a thread, so that Stop is heard
    assert panel._stop.layout.display is None or panel.comparison is not None
    panel.wait(120)
    c = panel.comparison
    assert isinstance(c, Comparison) and c.labels == ("focus_fire", "spread_out")
    table = panel._comparison.value
    assert "lfg-prep-comparison" in table and "P(party wins) vs focus_fire" in table
    assert table.count("[") >= 6  # every probability and difference with its interval
    assert panel._comparison_plot.value and panel._comparison_plot.layout.display is None
    assert "2 tactics compared on the same 300 fights" in panel._status.value
    assert not panel.error


def test_one_tactics_is_refused_in_the_panel():
    panel = _panel()
    panel._versus.value = ("focus_fire",)
    assert panel.compare_tactics() is None
    assert "two or more variants, got 1" in panel.error and panel.comparison is None


def test_the_tactics_menu_offers_the_presets():
    panel = _panel()
    assert {"focus_fire", "spread_out", "hold_ground"} <= {v for _, v in panel._tactics.options}
    panel._tactics.value = "spread_out"
    result = panel.run()
    assert result is not None and result.scenario.tactics[0].name == "spread_out"
