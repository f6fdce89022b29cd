"""What a click on the tracker sends the page (issue 26, item 5, "Fast": clicks under 100 ms
median in Chromium; "the widget redraws only what changed"): each widget changed by a click
gets one update message with its final state - never an intermediate one sent and then
replaced - and the battle map is drawn once a click, though a step changes the map (the
engine's redraw) and then the acting creature (the tracker's).

The fight of tests/browser/test_tracker_speed.py: Hero and Ally against an Orc, the tracker
with its BattleMap and DiceLog, and the players' screen beside it; each turn the acting
creature moves (Ally), picks the Orc on the map, attacks, then the first "next" button.

000_8d1d7816ee944f3b.txt, "Selective Initiative – Suggestion" (who goes next is chosen
after each turn: the "next" click).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

import ipywidgets as W
import pytest

pytest.importorskip("ipyleaflet")

from lfgcombat.widgets.battlemap import BattleMap  # noqa: E402
from lfgcombat.widgets.players import PlayersScreen  # noqa: E402

from .test_tracker_redraw_steps import fight, tracker  # noqa: E402


def play(ruleset: str, monkeypatch, after: Callable[[Any, str], None] | None = None
         ) -> list[tuple[str, list[W.Widget], int]]:
    """Play the speed test's fight by clicks: for each click, its kind, the widgets each
    update message went to (in order) and how many times the map was drawn; ``after(t,
    kind)`` is called after each click with the tracker."""
    sent: list[W.Widget] = []
    real = W.Widget._send
    monkeypatch.setattr(W.Widget, "_send", lambda self, msg, buffers=None: (
        sent.append(self) if msg.get("method") == "update" else None,
        real(self, msg, buffers))[1])
    drawn: list[int] = []
    draw = BattleMap._update_tokens  # once a drawing of the map
    monkeypatch.setattr(BattleMap, "_update_tokens", lambda self, toks: (
        drawn.append(1), draw(self, toks))[1])
    enc = fight(ruleset)
    t = tracker(enc)
    if ruleset == "lfg":
        t.action_rows.move_action.value = "five_foot_step"  # no AOO: the same fight
    players = PlayersScreen(enc)
    clicks: list[tuple[str, list[W.Widget], int]] = []

    def click(kind: str, do: Callable[[], Any]) -> None:
        sent.clear()
        drawn.clear()
        do()
        clicks.append((kind, list(sent), len(drawn)))
        if after is not None:
            after(t, kind)

    click("start", t._start.click)
    moved = 0
    for _turn in range(30):
        if enc.over:
            break
        me = enc.current
        if me == "Ally":
            moved += 1
            t.action_rows.move_to.value = "4, 1" if moved % 2 else "3, 1"
            click("move", t.action_rows.go.click)
        if me != "Orc":
            click("pick", lambda: t.battlemap.click(next(iter(enc.map.footprint("Orc")))))
        if not t.attack_row.go.disabled:
            click("attack", t.attack_row.go.click)
            if enc.over:
                break
        click("next", t._next.children[0].click if t._next.children else t._end.click)
    players.close()
    t.close()
    return clicks


@pytest.mark.parametrize("ruleset", ["lfg", "classic", "wounds"])
def test_a_click_sends_each_widget_once_and_draws_the_map_once(
        ruleset: str, monkeypatch) -> None:
    """No widget gets two update messages from one click (before: a "next" sent the
    reach layer and the map's legend twice - the engine's redraw for the old acting
    creature, then the tracker's for the new), and the map is drawn at most once a click
    (before: twice for each move and "next")."""
    clicks = play(ruleset, monkeypatch)
    kinds = Counter(kind for kind, _s, _d in clicks)
    assert kinds["next"] >= 3 and kinds["attack"] >= 3 and kinds["pick"] >= 3, kinds
    twice = [(kind, sorted({type(w).__name__ for w in sent if sent.count(w) > 1}))
             for kind, sent, _d in clicks if len(set(map(id, sent))) < len(sent)]
    assert twice == []
    assert [(kind, d) for kind, _s, d in clicks if d > 1] == []
    # a step that changes the map is drawn (once), a pick draws nothing new
    assert all(d == 1 for kind, _s, d in clicks if kind in ("next", "move"))
    assert all(d == 0 for kind, _s, d in clicks if kind == "pick")


def test_only_the_tokens_take_the_mouse_on_the_map_and_it_takes_no_focus() -> None:
    """Leaflet sends the kernel two messages (with the whole hex) for each GeoJSON shape the
    mouse enters or clicks, unless the layer is made non-interactive: the terrain, the
    threatened hexes and the lines are, so moving the mouse over the map or clicking a hex
    sends only the map's own events (its click moves, measures or picks by the cell, as
    before); the tokens and the hexes the selected creature reaches still take the mouse
    (before: every hex did)."""
    from ipyleaflet import GeoJSON

    enc = fight("lfg")
    t = tracker(enc)
    t.start()
    bm = t.battlemap
    layers = [layer for layer in bm.map.layers if isinstance(layer, GeoJSON)]
    taking = set(map(id, bm.token_layers.values())) | {id(bm.highlight_layer)}
    assert bm.terrain_layer in layers and bm.highlight_layer in layers and len(taking) == 4
    # in the highlights only the reachable hexes take the mouse (a feature's style is its
    # path's options): not the threatened hexes, nor the selected token's ring
    parts = {(f["properties"]["part"], f["properties"]["style"].get("interactive", True))
             for f in bm.highlight_layer.data["features"]}
    assert {("reach", True), ("selected", False)} <= parts, parts
    assert parts <= {("reach", True), ("threat", False), ("selected", False)}, parts
    for layer in layers + list(bm.token_layers.values()):
        state = layer.get_state()
        assert state["interactive"] is (id(layer) in taking), layer.name
        assert "interactive" in state["options"], layer.name  # made with it (a Leaflet option)
    assert bm.map.default_style.cursor == "pointer"  # a hex still reads as clickable
    # Leaflet's keyboard handler focuses the map on each mousedown (the page lays out the
    # whole notebook and JupyterLab moves its focus): the map is played by clicks
    assert bm.map.get_state()["keyboard"] is False
    me = bm.selected  # the acting creature: a click on a hex it reaches still moves it
    cell = sorted(bm.reachable(me).safe | bm.reachable(me).provoking)[0]
    bm.click(cell)
    assert enc.map.footprint(me) == {cell}, t.status_text
    t.close()


def test_the_held_history_has_sent_its_labels_no_null_title():
    """The history rows behind a shut "More…" send the page nothing while held, so a
    description label's tooltip set after the hold began never reached the page, which
    showed ``title="null"`` (tests/browser/test_tracker_round.py found two: the history's
    "roll #" box and an HTML line): before the hold, every label's tooltip is sent."""
    from ipywidgets.widgets.widget_description import DescriptionWidget

    from lfgcombat.widgets.tracker_ui import widget_tree

    t = tracker(fight("lfg"))
    held = [w for w in widget_tree(t.history_rows) if isinstance(w, DescriptionWidget)]
    assert held and all(w._holding_sync for w in held)
    assert all(w.tooltip is not None and "tooltip" not in w._states_to_send for w in held)
