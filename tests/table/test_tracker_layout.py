"""The tracker's layout (issue 26, item 5): a click's result shows right after the rows of
the button clicked (the status line moves by its CSS order, nothing drawn again), and the
rows used now and then - the history, the chances from here, GM prep - wait behind
"More…" (000_8d1d7816ee944f3b.txt, "Selective Initiative – Suggestion": the table the GM
plays from).
"""

from __future__ import annotations

from lfgcombat.widgets import InitiativeTracker
from lfgcombat.widgets.battlemap import BattleMap

from .test_players_view import fight

#: Ally (a mace) next to Grisk; the other orcs far away.
NEXT_TO_GRISK = ((1, 1), (1, 3), (6, 1), (7, 3), (6, 2), (2, 3))


def shown_after(t, box) -> bool:
    """Whether the status line shows right after the child ``box`` of the tracker's rows."""
    kids = list(t.rows_box.children)
    return t.status.layout.order == str(2 * kids.index(box) + 1) and all(
        kid.layout.order == str(2 * i) for i, kid in enumerate(kids) if kid is not t.status)


def test_a_clicks_result_shows_next_to_the_button_clicked():
    enc = fight(seed=1, places=NEXT_TO_GRISK)
    bm = BattleMap(enc.map)
    t = InitiativeTracker(enc, battlemap=bm)
    kids = t.rows_box.children
    assert kids.index(t.status) > kids.index(t.gm_rows)  # at first: below
    t._start.click()
    start_row = next(k for k in kids if t._start in getattr(k, "children", ()))
    assert shown_after(t, start_row), t.status.layout.order
    a = t.attack_row
    a.target.value = "Grisk"
    a.go.click()
    assert enc.log.of_kind("attack"), t.status_text
    assert shown_after(t, a)
    said = t.status_text
    assert said.startswith(f"{enc.acting[0]} uses a big action") or "attacks" in said
    t.close_rows.do.click()  # refused or taken: its words show under the Close row
    assert shown_after(t, t.close_rows)
    t.gm_rows.damage_button.click()
    assert shown_after(t, t.gm_rows)
    me = enc.acting[0]
    free = next(c for c in enc.reachable(me, "move") if c != min(enc.map.footprint(me)))
    bm.click(free)  # a click on the map (beside the rows): under the cards, by the map
    assert shown_after(t, t._info), t.status_text
    log = len(enc.log)
    enc.damage("Zorbag", 1)  # a step taken in code: the line stays where it is
    assert len(enc.log) > log and shown_after(t, t._info)


def test_the_map_and_dice_log_stand_beside_the_rows():
    """With a map, the rows are a left column and the map (and dice log) a right one that
    wraps under them on a narrow page: a new user scrolled 1,890 px of rows down to the
    map and back up at every turn (issue 26)."""
    enc = fight(seed=1, places=NEXT_TO_GRISK)
    bm = BattleMap(enc.map)
    t = InitiativeTracker(enc, battlemap=bm, dicelog=True)
    (both, prep) = t.children
    assert prep is t._prep_box and both.layout.flex_flow == "row wrap"
    left, right = both.children
    assert left is t.rows_box and t.status in left.children and t.attack_row in left.children
    assert right.children == (bm, t.dicelog)
    assert left.layout.flex and right.layout.flex  # each grows, and wraps when narrow
    plain = InitiativeTracker(fight(seed=1))  # no map: one column as before
    assert plain.rows_box is plain and plain.status in plain.children


def test_the_rows_used_now_and_then_wait_behind_more():
    enc = fight(seed=1)
    t = InitiativeTracker(enc)
    more = t.more
    assert t.history_rows not in t.children and t._prep_button not in t.children
    assert not more.is_open and more.rows.layout.display == "none"
    assert t.history_rows in more.rows.children
    assert any(t._prep_button in getattr(k, "children", ()) for k in more.rows.children)
    assert any("lfg-chances" in k._dom_classes for k in more.rows.children)
    more.toggle.click()
    assert more.is_open and more.toggle.description == "Less"
    more.toggle.click()
    assert not more.is_open and more.toggle.description == "More…"
