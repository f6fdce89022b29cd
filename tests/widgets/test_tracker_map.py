"""The tracker and its battle map at the table (issue 26, left from the last session): a
click on the acting creature's own token keeps it selected, the map's legend shows the
reach the engine gives after a move, and the GM prep panel opens beside the tracker, not
between its rows and the map. 000_8d1d7816ee944f3b.txt, "Running in Combat – Full
Details" (the reach of a move)."""

from __future__ import annotations

import pytest

pytest.importorskip("ipyleaflet")

from lfgcombat.widgets.mapreach import reach_line  # noqa: E402

from .test_tracker_redraw import table  # noqa: E402


@pytest.mark.parametrize("ruleset", ["lfg", "classic"])
def test_a_click_on_the_acting_creatures_token_keeps_it_selected(ruleset: str) -> None:
    enc, t = table(ruleset)
    t.start()
    bm = t.battlemap
    me = enc.acting[0]
    assert bm.selected == me
    bm.click(bm.hexmap.offset(bm.hexmap.token(me).anchor))
    assert bm.selected == me, bm.status_text
    assert "lfg-map-reach" in bm.legend.value  # its reach still shows


def test_a_map_alone_still_deselects_on_a_second_click() -> None:
    enc, t = table("lfg")
    t.close()  # no tracker: the map's own behaviour stays
    bm = t.battlemap
    here = bm.hexmap.offset(bm.hexmap.token("Orc").anchor)
    bm.click(here)
    assert bm.selected == "Orc"
    bm.click(here)
    assert bm.selected is None


@pytest.mark.parametrize("ruleset", ["lfg", "classic", "wounds"])
def test_after_a_move_the_legend_shows_the_new_reach(ruleset: str) -> None:
    enc, t = table(ruleset)
    t.start()
    bm = t.battlemap
    me = enc.acting[0]
    t.aoo = None
    action = "five_foot_step" if ruleset == "lfg" else "move"
    t.action_rows.move_action.value = action
    reach = enc.reachable(me, action)
    cell = min(bm.hexmap.offset(c) for c in (reach.safe or reach.provoking))
    bm.click(cell)  # through the tracker's mover
    assert not t.error, t.error
    assert bm.selected == me
    assert reach_line(enc.reachable(me, action)) in bm.legend.value, bm.legend.value


def test_the_prep_panel_opens_after_the_map_not_among_the_rows() -> None:
    enc, t = table("classic")
    t.start()
    kids = list(t.children)  # the rows and the map side by side, then the prep box
    assert kids[-1] is t._prep_box and t.battlemap in kids[0].children[1].children
    assert t.dicelog in kids[0].children[1].children


@pytest.mark.parametrize("ruleset", ["lfg", "classic", "wounds"])
def test_a_move_undone_and_resumed_shows_its_reach_and_token(ruleset: str) -> None:
    """Undo and Resume branch restore the fight without the map being told: the tracker
    redraws it, so the legend and the token show the move again (not the reach before)."""
    enc, t = table(ruleset)
    t.start()
    bm = t.battlemap
    me = enc.acting[0]
    t.aoo = None
    m = bm.hexmap
    reach = enc.reachable(me, "move")
    cell = m.offset(sorted(reach.safe | reach.provoking, key=m.offset)[-1])
    bm.click(cell)
    moved = dict(bm.token_layers[me].data)
    t._undo.click()
    assert reach_line(enc.reachable(me, "move")) in bm.legend.value
    t.history_rows.resume_button.click()
    assert not t.error, t.error
    assert m.offset(m.token(me).anchor) == cell
    assert reach_line(enc.reachable(me, "move")) in bm.legend.value, bm.legend.value
    assert bm.token_layers[me].data == moved


@pytest.mark.parametrize("ruleset,what", [("wounds", "cast"), ("wounds", "standard_action"),
                                          ("wounds", "total_defense"),
                                          ("lfg", "fight_defensively"),
                                          ("classic", "standard_action")])
def test_an_action_that_spends_movement_redraws_the_reach(ruleset: str, what: str) -> None:
    """A step that moves nobody can still change what the acting creature reaches (wounds:
    a spell or a Standard Action spends a Half Action, 003_de0e94afd49609a7.txt): the
    map's highlight and legend follow the engine after every step, not only a move.
    Updated: lfg's case was Aim, which the tracker offers only with a ranged or thrown
    weapon (issue 26); Fight Defensively spends the same Big Action."""
    enc, t = table(ruleset)
    t.start()
    bm, a = t.battlemap, t.action_rows
    me = enc.acting[0]
    if what == "cast":
        a.spell.value = "Sleep"
        a.cast()
    else:
        a.special.value = what
        a.do_special()
    assert not t.error, t.error
    assert bm.selected == me
    assert reach_line(enc.reachable(me, a.move_action.value)) in bm.legend.value, \
        bm.legend.value


def test_the_maps_new_turn_button_hides_under_a_tracker() -> None:
    """Under a tracker the map's "New turn" (every token may move again, the turn not
    passed) hides: the tracker owns the turns, and a new user clicked it by mistake
    (issue 26). A map alone keeps it."""
    from lfgcombat.widgets.battlemap import BattleMap

    enc, t = table("lfg")
    assert t.battlemap.new_turn_button.layout.display == "none"
    alone = BattleMap(enc.map)
    assert alone.new_turn_button.layout.display != "none"
