"""The battle map redraws only what changed (issue 26, item 5, "Fast"): a move gives new
data to the mover's token layer and moves its label, and leaves every other creature's
token and label alone; a second redraw changes nothing."""

from __future__ import annotations

import pytest

pytest.importorskip("ipyleaflet")

from ._watch import Changes  # noqa: E402
from .test_tracker_redraw import table  # noqa: E402


@pytest.mark.parametrize("ruleset", ["lfg", "classic", "wounds"])
def test_a_move_redraws_only_the_movers_token(ruleset: str) -> None:
    enc, t = table(ruleset)
    t.start()
    bm = t.battlemap
    me = enc.acting[0]
    others = [n for n in enc.names if n != me]
    layers = {n: bm.token_layers[n] for n in enc.names}
    labels = dict(bm._labels)
    action = "five_foot_step" if ruleset == "lfg" else "move"
    reach = enc.reachable(me, action)
    cell = min(bm.hexmap.offset(c) for c in (reach.safe or reach.provoking))
    t.aoo = None  # an AOO provoked is offered, not taken: nobody else is hurt
    before = {n: layers[n].data for n in enc.names}
    with Changes(bm) as seen:
        t.move(cell, name=me, action=action)
    assert not t.error, t.error
    assert bm.hexmap.offset(bm.hexmap.token(me).anchor) == cell
    assert layers[me].data != before[me]  # the mover's token moved
    for n in others:  # nobody else's token or label was touched
        assert layers[n].data is before[n], n
        assert bm._labels[n] is labels[n]
    token_changes = {who for (who, trait), _n in seen.counts.items()
                     if trait == "data" and who == "_PaneGeoJSON"}
    assert token_changes  # the mover's layer (and the highlights) changed
    assert seen.opened == 0, "a move made new widgets"
    assert all(bm.token_layers[n] is layers[n] for n in enc.names)
    with Changes(bm) as seen:
        bm.redraw()
    assert seen.total == 0, dict(seen.counts)
