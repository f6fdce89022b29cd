"""Once the fight is over the map offers no move, and says so in words (issue 26, items 1-2:
"When the fight is over, attacking is off until the GM says otherwise"; the map's legend
said "Move, 0 ft" under the "fight is over" banner, a new user found)."""

from __future__ import annotations

import html
import re

import pytest

pytest.importorskip("ipyleaflet")

from .test_tracker_redraw import table  # noqa: E402


def words(value: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", value))


@pytest.mark.parametrize("ruleset", ["lfg", "classic", "wounds"])
def test_the_map_offers_no_move_once_the_fight_is_over(ruleset: str) -> None:
    enc, t = table(ruleset)
    t.start()
    bm = t.battlemap
    assert "ft:" in words(bm.legend.value)  # a move is offered while the fight goes on
    enc.damage("Orc", 500)
    assert enc.over and t.halted
    legend = words(bm.legend.value)
    assert "0 ft" not in legend and "Move," not in legend, legend
    assert "The fight is over: no move is offered" in legend, legend
    assert bm.reach_layer.data["features"] == []
    t.play_on.value = True  # the GM says otherwise: the moves come back
    assert "The fight is over" not in words(bm.legend.value)
