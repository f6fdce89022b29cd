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
    assert "lfg-prep-comparison" in table and "P(party wins) vs focus fire" in table
    assert table.count("[") >= 6  # every probability and difference with its interval
    assert panel._comparison_plot.value and panel._comparison_plot.layout.display is None
    assert "2 tactics compared on the same 300 fights" in panel._status.value
    assert not panel.error


def test_the_comparison_table_speaks_in_percent_and_the_presets_names():
    """The table's rows and headings name the presets as the menus do ("focus fire", not
    the id ``focus_fire``), its chances read in % and its differences in percentage
    points, each with its interval (issue 25: a new user read fractions and ids)."""
    import re
    panel = _panel()
    panel._versus.value = ("focus_fire", "spread_out")
    panel.compare_tactics()
    table = panel._comparison.value
    assert "focus_fire" not in table and "spread_out" not in table
    assert "<th>focus fire</th>" in table and "<th>spread out</th>" in table
    assert re.search(r"\d+\.\d% \[\d+\.\d+%, \d+\.\d+%\]", table)
    assert re.search(r"[+-]\d+\.\d \[[+-]\d+\.\d, [+-]\d+\.\d\] points", table)
    assert not re.search(r"(?<![\d.])0\.\d{3}", table)  # no fraction such as 0.758


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
