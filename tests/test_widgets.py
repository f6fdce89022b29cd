"""Widgets are thin views: they show what the engine computes and update live."""

from __future__ import annotations

import pytest

import lfgcombat as lfg
from lfgcombat.widgets import DiceLog


def test_dicelog_shows_rolls_newest_first_and_updates_live():
    roller = lfg.Roller(seed=4)
    log = DiceLog(roller)
    assert "no rolls yet" in log._table.value
    first = roller.roll("1d20+5", label="attack")
    second = roller.roll("2d6+3", fortune="fortunate", label="damage")
    html = log._table.value
    assert html.count("class='lfg-roll'") == 2
    assert html.index("damage") < html.index("attack")  # newest first
    assert f">{first.total}<" in html and f">{second.total}<" in html
    assert f"{first.p_at_least:.1%}" in html
    assert "lfg-dicelog" in log._dom_classes
    assert repr(log) == "DiceLog(Roller(seed=4, rolls=2), showing 2 of 2)"


def test_dicelog_filter_and_max_rows():
    roller = lfg.Roller(seed=4)
    log = DiceLog(roller, max_rows=3)
    for i in range(5):
        roller.roll("1d20", label=f"save {i}")
    roller.roll("1d8", label="dagger")
    assert len(log.rows()) == 3
    log._search.value = "dag"
    assert list(log.rows()["label"]) == ["dagger"]
    assert log._table.value.count("class='lfg-roll'") == 1


def test_dicelog_marks_natural_20_and_stops_after_close():
    roller = lfg.Roller(seed=0)
    log = DiceLog(roller)
    while roller.roll("1d20").natural != 20:
        pass
    assert "#e6f4ea" in log._table.value
    log.close()
    roller.roll("1d4", label="after close")
    assert "after close" not in log._table.value


def test_dicelog_refuses_a_non_roller():
    with pytest.raises(TypeError, match="Roller"):
        DiceLog("1d20")


def test_dicelog_numbers_rows_from_1_and_explains_the_other_roll():
    roller = lfg.Roller(seed=2)
    log = DiceLog(roller)
    roller.roll("1d20", label="first")
    roller.roll("1d20", fortune="unfortunate", label="save")
    rows = log._table.value.split("class='lfg-roll'")[1:]
    assert rows[0].split("</td>")[0].endswith(">2") and rows[1].split("</td>")[0].endswith(">1")
    assert "other roll" in log._table.value and "the one not kept" in log._table.value
    assert "Unfortunate (keep the lower)" in log._table.value  # said under the table too


def test_dicelog_shows_no_odds_for_a_miss_chance():
    roller = lfg.Roller(seed=2)
    log = DiceLog(roller)
    miss = roller.miss_chance(50, label="50% miss chance (total concealment)")
    row = log._table.value.split("class='lfg-roll'")[1]
    cells = [c.rsplit(">", 1)[-1] for c in row.split("</td>")[:-1]]
    assert cells[-1] == "" and f"{miss.roll.p_at_least:.1%}" not in row
