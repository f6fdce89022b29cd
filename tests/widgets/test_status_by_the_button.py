"""The result of a click shows next to the button clicked, even when the click takes the
button away (issue 26, item 5: the tracker is tall; a new user found the result of a
"next" click hundreds of pixels below it, after the rows of the last button that stayed).
"""

from __future__ import annotations

import time

import pytest

pytest.importorskip("ipyleaflet")

from .test_tracker_redraw import table  # noqa: E402


def row_before_status(t) -> int:
    """The index of the tracker's child the status line shows right after (CSS order)."""
    kids = list(t.rows_box.children)
    o = int(t.status.layout.order)
    return max((i for i, k in enumerate(kids) if k is not t.status
                and int(k.layout.order) < o), key=lambda i: int(kids[i].layout.order))


def holder(t, b) -> int:
    from lfgcombat.widgets.tracker_ui import widget_tree
    return next(i for i, k in enumerate(t.rows_box.children) if any(w is b for w in widget_tree(k)))


@pytest.mark.parametrize("ruleset", ["lfg", "classic"])
def test_a_next_click_says_its_result_under_the_next_buttons(ruleset: str) -> None:
    enc, t = table(ruleset)
    t.start()
    t.attack_row.go.click()  # the result under the attack row first
    assert row_before_status(t) == holder(t, t.attack_row.go)
    b = t._last_buttons[0] if t._last_buttons else t._end
    turns = holder(t, b)
    b.click()  # the turn passes: this button is gone from the row now
    assert "turn begins" in t.status_text, t.status_text
    assert row_before_status(t) == turns


def test_knowing_the_row_clicked_costs_little() -> None:
    """The row a button was clicked in is found among the tracker's children at the
    click's start: well under a millisecond of CPU a click (the click budget is 100 ms)."""
    from lfgcombat.widgets.tracker_ui import _holder

    _enc, t = table("lfg")
    b = t._undo
    spent = []
    for _ in range(5):
        t0 = time.process_time()
        for _ in range(100):
            _holder(t.rows_box, b)
        spent.append((time.process_time() - t0) / 100)
    assert min(spent) < 0.001, min(spent)
