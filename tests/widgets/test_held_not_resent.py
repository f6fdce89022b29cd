"""A hidden row's widget sends nothing the page has already when it shows (issue 26, item 5,
"Fast": "the widget redraws only what changed").

The rows the acting creature cannot use are held while hidden (``widgets/tracker_ui.py``
:func:`hold_tree`); a dropdown whose options followed another creature and came back
(the ally to share a square with, the interrupter) sent its options and choice again,
unchanged, when its row showed.
"""

from __future__ import annotations

import ipywidgets as W

from lfgcombat.widgets.tracker_ui import hold_tree


def _page(monkeypatch) -> list[tuple[W.Widget, dict]]:
    sent: list[tuple[W.Widget, dict]] = []
    real = W.Widget._send

    def send(self, msg, buffers=None):
        if msg.get("method") == "update":
            sent.append((self, dict(msg["state"])))
        return real(self, msg, buffers)

    monkeypatch.setattr(W.Widget, "_send", send)
    return sent


def _row() -> tuple[W.VBox, W.HBox, W.Dropdown]:
    pick = W.Dropdown(options=["Hero", "Ally"])
    row = W.HBox([pick])
    return W.VBox([row]), row, pick


def test_options_that_came_back_are_not_sent_again(monkeypatch) -> None:
    root, row, pick = _row()
    sent = _page(monkeypatch)
    with hold_tree(root):  # shown: sent, and noted
        pick.options = ["Orc"]
    with hold_tree(root):  # hidden: held
        row.layout.display = "none"
        pick.options = ["Hero", "Ally"]
    with hold_tree(root):
        pick.options = ["Orc"]  # back to what the page has
    sent.clear()
    with hold_tree(root):
        row.layout.display = None
    assert [w for w, _s in sent] == [row.layout], sent  # the row shows; the menu as it was


def test_a_choice_made_on_the_page_is_sent_back(monkeypatch) -> None:
    """What the page set (a dropdown's choice) is no longer known: the kernel's is sent."""
    root, row, pick = _row()
    sent = _page(monkeypatch)
    with hold_tree(root):
        pick.options = ["Orc", "Ogre"]
    pick.set_state({"index": 1})  # chosen on the page
    with hold_tree(root):
        row.layout.display = "none"
        pick.index = 0
    sent.clear()
    with hold_tree(root):
        row.layout.display = None
    assert (pick, {"index": 0}) in sent, sent


def test_a_change_sent_outside_a_hold_is_not_taken_for_the_page(monkeypatch) -> None:
    root, row, pick = _row()
    sent = _page(monkeypatch)
    with hold_tree(root):
        pick.options = ["Orc", "Ogre"]
    pick.options = ["Wolf"]  # outside a hold: sent at once
    with hold_tree(root):
        row.layout.display = "none"
        pick.options = ["Orc", "Ogre"]
    sent.clear()
    with hold_tree(root):
        row.layout.display = None
    assert any(w is pick and list(s.get("_options_labels", ())) == ["Orc", "Ogre"] for w, s in sent), sent
