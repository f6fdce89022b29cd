"""The tracker opens the GM prep panel of its fight beside it (issue 25, item 5: "Opened
from (or beside) a tracker, it takes that fight ... with no code")."""

from __future__ import annotations

import pytest

pytest.importorskip("ipyleaflet")

from lfgcombat.widgets.prep import PrepPanel  # noqa: E402

from ._watch import widgets_in  # noqa: E402
from .test_tracker_redraw import table  # noqa: E402


def test_the_prep_button_opens_this_fights_panel_and_hides_it() -> None:
    enc, t = table("classic")
    t.start()
    t.attack_row.attack()
    button = next(w for w in widgets_in(t) if "lfg-open-prep" in getattr(w, "_dom_classes", ()))
    assert t.prep_panel is None  # made on the first click only
    button.click()
    panel = t.prep_panel
    assert isinstance(panel, PrepPanel) and panel.encounter is enc
    assert panel in widgets_in(t) and t._prep_box.layout.display is None
    assert button.description == "Hide GM prep"
    button.click()
    assert t._prep_box.layout.display == "none" and t.prep_panel is panel
    button.click()  # shown again: the same panel, its results kept
    assert t.prep_panel is panel and t._prep_box.layout.display is None
    assert not t.error
