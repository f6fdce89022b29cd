"""The tracker hides the rows the acting creature cannot use now, under its ruleset (issue
26, item 1: "Only the actions that the acting creature can take now, under this ruleset,
are offered"), asking the engine - a dry run on a fork, a ruleset policy
(``round_offers``), ``Encounter.reachable`` / ``speeds`` - and says in one short line what
is hidden and why. 000_8d1d7816ee944f3b.txt, "Interrupt Turn", "Prepare to Interrupt";
002_2a3a79475ca2a541.txt, "Single Actions:" ("characters can only attack once per
round"); 003_de0e94afd49609a7.txt (wounds' round)."""

from __future__ import annotations

import pytest

pytest.importorskip("ipyleaflet")

from .test_tracker_redraw import table  # noqa: E402

ROWS = ("Interrupt", "Ready", "Attack", "Move", "Act", "Cast", "Close", "Up/down", "Through",
        "AOO")


def boxes(t) -> dict:  # noqa: ANN001 - the tracker
    a, u = t.action_rows, t.updown_rows
    return {"Interrupt": t._interrupt_row, "Ready": t._ready_row, "Attack": t.attack_row,
            "Move": a.move_row, "Act": a.act_row, "Cast": a.cast_row, "Close": t.close_rows,
            "Up/down": u.updown_row, "Through": u.through_row, "AOO": a._aoo_row}


def shown(t) -> set[str]:  # noqa: ANN001
    return {k for k, b in boxes(t).items() if b.layout.display != "none"}


def agrees(t) -> None:  # noqa: ANN001
    """Each row is hidden exactly when the line names it, with a reason."""
    hidden = t.hidden_rows
    assert set(ROWS) - shown(t) == set(hidden), (shown(t), hidden)
    assert all(hidden.values())
    line = t._hidden_line.value
    for label in hidden:
        assert f"{label}" in line, (label, line)


@pytest.mark.parametrize("ruleset", ["lfg", "classic", "wounds"])
def test_nothing_is_offered_before_the_start(ruleset: str) -> None:
    enc, t = table(ruleset)
    assert shown(t) == set()
    agrees(t)
    assert "nobody is acting yet" in t._hidden_line.value


def test_classic_offers_its_own_round_only_and_hides_what_its_attack_spent() -> None:
    enc, t = table("classic")
    t.start()
    agrees(t)
    assert shown(t) == {"Attack", "Move", "Act", "Cast"}
    assert "round has interrupts" in t.hidden_rows["Interrupt"]
    t.attack_row.attack()
    assert not t.error, t.error
    agrees(t)
    # the single action is spent: attacking, casting and acting again are refused
    assert {"Attack", "Cast", "Act"}.isdisjoint(shown(t)), shown(t)
    assert "single action is already spent" in t.hidden_rows["Attack"]
    assert "Move" in shown(t)  # classic's Move Action is still there


def test_lfg_shows_the_act_row_while_the_engine_takes_a_special() -> None:
    """The Act menu offers only the specials the engine takes now (issue 26, item 1;
    a dry run each): no "Stand up" for a creature that is not prone, no "Protect an ally"
    with no ally in reach; the row shows exactly while the engine takes one of them
    (classic's test above sees it hide once the single action is spent). Updated: it
    asserted the old menu of every lfg special, Stand up included."""
    enc, t = table("lfg")
    t.start()
    a = t.action_rows
    offered = {k for _l, k in a.special.options}
    assert offered == {k for _l, k in a.usable_specials()}
    me = enc.acting[0]
    assert "drop_prone" in offered
    # Aim only with a ranged or thrown weapon (000_8d1d7816ee944f3b.txt, "Aim (Big Action,
    # Provokes AOO)"; updated: it asserted Aim offered to every creature)
    from lfgcombat.rules.turns.round_offers import of_no_use
    assert ("aim" in offered) == ("aim" not in of_no_use(enc, me))
    assert "stand_up" not in offered  # nobody is prone
    protect = [x for x in a.ally.options if not t.dry_run(lambda e, x=x: lambda: e.protect(me, x))]
    assert ("protect" in offered) == bool(protect), (protect, offered)
    assert {"Ready", "Attack", "Move", "Act", "Cast", "AOO"} <= shown(t)
    # the round's first actor: the engine refuses every interrupter
    assert "Interrupt" not in shown(t) and "acts first" in t.hidden_rows["Interrupt"]
    assert "Up/down" not in shown(t)  # nobody here flies, swims, climbs or leaps
    agrees(t)
    me = enc.acting[0]
    a.special.value = "drop_prone"
    a.do.click()
    assert not t.error, t.error
    assert enc.acting[0] == me
    taken = {k for _l, k in a.usable_specials()}
    assert ("Act" in shown(t)) == bool(taken), (taken, shown(t))
    assert {k for _l, k in a.special.options} == taken
    assert "stand_up" in taken and "drop_prone" not in taken  # prone now: it may stand
    agrees(t)


@pytest.mark.parametrize("ruleset", ["lfg", "classic", "wounds"])
def test_each_shown_row_is_one_the_engine_takes(ruleset: str) -> None:
    """For the rows shown, the engine itself (on a fork) takes some attack, spell or
    special of the acting creature: no row is shown that it cannot use."""
    enc, t = table(ruleset)
    t.start()
    for _turn in range(4):
        me = enc.acting[0]

        def takes(call) -> bool:  # noqa: ANN001
            try:
                call(enc.fork())
            except Exception:  # noqa: BLE001 - refused
                return False
            return True

        if "Cast" in shown(t):
            assert takes(lambda e: e.cast(me, 0, None)), me
        if "Attack" in shown(t):
            foes = [n for n in enc.names if enc.side(n) != enc.side(me)]
            weapons = [w for w in t.attack_row.weapon.options]
            assert any(takes(lambda e, x=x, w=w: e.attack(me, x, w)) for x in foes
                       for w in weapons), me
        if "Act" in shown(t):
            assert not t.action_rows.do.disabled or t.action_rows.usable_specials()
        agrees(t)
        t.attack_row.attack()
        agrees(t)
        (t._last_buttons[0] if t._last_buttons else t._end).click()


def test_once_the_fight_is_over_the_acting_rows_hide_until_play_on() -> None:
    enc, t = table("lfg")
    t.start()
    enc.damage("Orc", 200)
    assert enc.over
    assert {"Attack", "Move", "Act", "Cast", "Ready", "Interrupt"}.isdisjoint(shown(t))
    assert "the fight is over" in t.hidden_rows["Attack"]
    agrees(t)
    t.play_on.value = True
    assert "fight is over" not in t._hidden_line.value
    assert "Move" in shown(t)


def test_the_status_line_of_a_five_foot_step_reads_in_words():
    """A 5-foot Step ("What is a 5-Foot Step?") is "takes a 5-foot step" in the tracker's
    line, as in the log - never "five foot steps 5 ft"."""
    from lfgcombat.engine.log.events import Event
    from lfgcombat.widgets.initiative import InitiativeTracker
    e = Event(3, 1, "moved", False, 1, "Wulfric", "Wulfric", None,
              {"action": "five_foot_step", "path": [[6, 3], [7, 3]], "feet": 5,
               "feet_left": 0, "continued": False, "notes": []})
    line = InitiativeTracker._describe(e)
    assert line == "Wulfric takes a 5-foot step to column 7, row 3", line


def test_a_dead_creatures_card_says_dead():
    """The GM's card of a dead creature says "Dead" (on its face, once: issue 26, h26z
    item 4), not the conditions its HP would bring ("Death")."""
    from lfgcombat.widgets.tracker_cards import _conditions_text
    alive = {"dead": False, "conditions": ["prone", "unconscious"], "effects": []}
    assert _conditions_text(alive) == "prone, unconscious"
    assert _conditions_text({**alive, "dead": True}) == ""


def test_a_new_turn_clicks_move_again_not_the_last_creatures_5_foot_step():
    """The map-click mode chosen on one creature's turn (a 5-foot Step) is not carried to
    the next creature's turn: a click moves again (a new user's Chessan took Wulfric's
    5-foot step mode)."""
    from lfgcombat import HexMap
    from lfgcombat.creature import load_example
    from lfgcombat.engine import Encounter
    from lfgcombat.widgets import BattleMap
    from lfgcombat.widgets.initiative import InitiativeTracker
    m = HexMap(8, 5)
    hero, ally, orc = (load_example("wulfric"), load_example("chessan"),
                       load_example("orc"))
    for c, at, side in ((hero, (1, 1), "party"), (ally, (1, 3), "party"),
                        (orc, (6, 2), "orcs")):
        m.place(c, at, side)
    enc = Encounter([hero, ally, orc], sides={"party": ["Wulfric", "Chessan"],
                                              "orcs": ["Orc"]}, map=m, seed=2)
    t = InitiativeTracker(enc, battlemap=BattleMap(m))
    enc.start()
    t.action_rows.move_action.value = "five_foot_step"
    assert t.battlemap.action == "five_foot_step"
    first = enc.acting[0]
    while enc.acting and enc.acting[0] == first:
        choices = enc.choices()
        enc.end_turn(next=choices[0] if choices else None)
    assert t.battlemap.action == "move" and t.action_rows.move_action.value == "move"


def test_the_interrupter_offered_first_has_its_reaction():
    """"Interrupt by" offers only creatures whose interrupt the engine takes (a dry run),
    first those whose Reaction is still unused (the engine's ``reaction_used``): one whose
    Reaction is spent is not offered ("REACTIONS: ... Attempt an Interrupt Turn"). Not in
    the round's first turn ("You cannot interrupt the creature that acts first")."""
    from lfgcombat import HexMap
    from lfgcombat.creature import load_example
    from lfgcombat.engine import Encounter
    from lfgcombat.widgets import BattleMap
    from lfgcombat.widgets.initiative import InitiativeTracker
    m = HexMap(8, 5)
    a, b, orc, orc2 = (load_example("wulfric"), load_example("chessan"), load_example("orc"),
                       load_example("orc").replace(name="Orc 2"))
    for c, at, side in ((a, (1, 1), "party"), (b, (1, 3), "party"), (orc, (6, 2), "orcs"),
                        (orc2, (7, 4), "orcs")):
        m.place(c, at, side)
    enc = Encounter([a, b, orc, orc2], sides={"party": ["Wulfric", "Chessan"],
                                              "orcs": ["Orc", "Orc 2"]}, map=m, seed=2)
    t = InitiativeTracker(enc, battlemap=BattleMap(m))
    enc.start()
    first_actor = enc.acting[0]
    enc.end_turn(next=next(n for n in enc.choices() if enc.side(n) != enc.side(first_actor)))
    def names():
        return [o[1] if isinstance(o, tuple) else o for o in t._interrupter.options]
    t.refresh()
    others = names()
    assert len(others) >= 2, others
    tried = others[:2]  # both spend their Reaction; only the higher check wins
    enc.interrupt(tried)
    if enc.interrupted:
        enc.end_turn()  # the winner's interrupt turn ends: the interrupted resumes
    t.refresh()
    offered = names()
    assert not set(tried) & set(offered), (tried, offered)
    for n in offered:  # each offered is taken by the engine
        enc.fork().interrupt(n)
