"""The tracker follows the acting creature (issue 26, item 1): a click on a foe's token on
the battle map makes it the Attack row's target and the preview shows that attack's exact
odds before the roll (000_8d1d7816ee944f3b.txt, "Attacks Per Turn"); a click on an empty hex
still moves the acting creature; the acting creature itself and its allies are selected as
before.
"""

from __future__ import annotations

import pytest

from lfgcombat.widgets import InitiativeTracker
from lfgcombat.widgets.battlemap import BattleMap

from .test_players_view import fight


def cell_of(enc, name):
    """A hex of ``name``'s token (where a click on it lands)."""
    return min(enc.map.footprint(name))


@pytest.mark.parametrize("ruleset", ["lfg", "classic", "wounds"])
def test_a_click_on_a_foes_token_chooses_it_as_the_target(ruleset):
    enc = fight(ruleset)
    bm = BattleMap(enc.map)
    t = InitiativeTracker(enc, battlemap=bm)
    t.start()
    me = enc.acting[0]
    assert bm.selected == me and bm.target_picker == t.attack_row.pick
    foes = [n for n in enc.names if enc.side(n) != enc.side(me)]
    allies = [n for n in enc.names if enc.side(n) == enc.side(me) and n != me]
    a = t.attack_row
    far = foes[-1]
    if a.target.value == far:
        far = foes[0]
    bm.click(cell_of(enc, far))  # as a click on its token does
    assert a.target.value == far and bm.selected == me
    assert t.status_text.startswith(f"Attack target: {far}.")
    assert a.odds.value and (a.odds_shown is not None or a.refusal)
    assert a._chosen == far  # the GM's choice, kept for the turn
    bm.click(cell_of(enc, allies[0]))  # an ally: selected, not a target
    assert bm.selected == allies[0] and a.target.value == far
    t.close()
    assert bm.target_picker is None


def test_a_click_on_an_empty_hex_still_moves_and_after_the_fight_no_target():
    enc = fight(seed=1)
    bm = BattleMap(enc.map)
    t = InitiativeTracker(enc, battlemap=bm)
    t.start()
    me = enc.acting[0]
    start = cell_of(enc, me)
    to = next(c for c in enc.reachable(me, "move")
              if not enc.map.at(c) and c != start and c not in enc.reachable(me, "move").provoking)
    bm.click(to)
    assert cell_of(enc, me) == to
    for n in enc.names:  # the fight is over: the picker offers nothing, the map selects
        if enc.side(n) != enc.side(me):
            enc.damage(n, 500)
    assert t.halted
    foe = next(n for n in enc.names if enc.side(n) != enc.side(me))
    assert t.attack_row.pick(foe) is None and t.attack_row.go.disabled
