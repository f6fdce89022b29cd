"""The history's lists (behind "More…") use the row's width and wrap their lines: at a
fixed 34em (about 340 px in JupyterLab) a new user saw lines cut mid-word under horizontal
scrollbars (issue 26)."""

from __future__ import annotations

from lfgcombat.widgets import InitiativeTracker
from lfgcombat.widgets.tracker_ui import widget_tree

from .test_players_view import fight


def test_the_history_lists_grow_with_the_row_and_wrap_their_lines():
    t = InitiativeTracker(fight(seed=1))
    h = t.history_rows
    for box in (h.line, h.rolls):
        assert box.layout.flex and box.layout.flex.startswith("1 "), box.layout.flex
        assert box.layout.width in (None, "auto", "100%"), box.layout.width
    styles = " ".join(w.value for w in widget_tree(h) if hasattr(w, "value")
                      and isinstance(w.value, str) and "<style>" in w.value)
    assert ".lfg-history select option{white-space:normal" in styles
    assert "overflow-x:hidden" in styles
