"""The tracker offers only what the acting creature can take now, under its ruleset (issue
26, item 1): the Close and Through menus list the options the engine's dry run takes (or,
under lfg's round, the close actions every creature playing it has), and a row with nothing
usable is hidden. 000_8d1d7816ee944f3b.txt, "Special Actions in Combat", "Breaking down
doors, walls, & other barricades"; 002_2a3a79475ca2a541.txt, "Character Round:" (classic's
single actions); 003_de0e94afd49609a7.txt (wounds' round)."""

from __future__ import annotations

import pytest

pytest.importorskip("ipyleaflet")

from lfgcombat.rules.turns.round_offers import round_offers  # noqa: E402

from .test_tracker_redraw import table  # noqa: E402


def keys(dropdown) -> list[str]:  # noqa: ANN001 - an ipywidgets Dropdown
    return [v for _label, v in dropdown.options]


@pytest.mark.parametrize("ruleset", ["classic", "wounds"])
def test_a_ruleset_round_is_offered_no_lfg_close_action(ruleset: str) -> None:
    enc, t = table(ruleset)
    t.start()
    me = enc.acting[0]
    assert not round_offers(enc, me).lfg_round
    c = t.close_rows
    assert c.usable() == []  # every lfg close action is refused ("not an action of the ... round")
    assert c.layout.display == "none"  # the row is hidden
    assert c.do.disabled


def test_lfg_offers_its_close_actions_and_only_what_the_creature_has() -> None:
    enc, t = table("lfg")
    t.start()
    c = t.close_rows
    me = enc.acting[0]
    c.target.value = next(n for n in enc.names if enc.side(n) != enc.side(me))
    offered = keys(c.action)
    assert c.layout.display is None
    assert {"wrestle:grab", "shield_bash", "skill:demoralize"} <= set(offered)
    # nobody here has a Pounce, a Rake, prey to swallow or a grapple to break
    for absent in ("pounce", "rake", "swallow_whole", "digest", "cut_free", "force_out",
                   "regurgitate", "break_free", "wrestle:pin", "knockdown", "hit:grab",
                   "follow_up"):
        assert absent not in offered, absent
    for key in offered:  # each one the engine takes now, or one of lfg's round
        c.action.value = key
        assert key in ("crushing_advance", "step_through") or not c.do.disabled, (
            key, c.why.value)


def test_the_close_row_is_hidden_before_the_fight_and_after_it() -> None:
    enc, t = table("lfg")
    assert t.close_rows.layout.display == "none"  # nobody acts yet
    t.start()
    assert t.close_rows.layout.display is None


@pytest.mark.parametrize("ruleset", ["lfg", "classic", "wounds"])
def test_no_door_action_without_a_door(ruleset: str) -> None:
    enc, t = table(ruleset)
    t.start()
    u = t.updown_rows
    if ruleset == "lfg":
        # a volley needs a bow, javelin or grenade the creature carries: Hero's longsword
        # and Ally's mace do not volley, the Orc's javelin does (updated: it asserted the
        # Volley for everyone)
        me = enc.acting[0]
        assert me != "Orc"
        assert u.offered() == [] and u.through_row.layout.display == "none"
        enc.end_turn("Orc")
        assert enc.acting == ["Orc"]
        assert u.offered() == [("Volley at hex", "volley")]
        assert u.through_row.layout.display is None
    else:  # a volley is an lfg attack; no door on the map
        assert u.offered() == []
        assert u.through_row.layout.display == "none"
    assert "open_door" not in keys(u.what) or u.through_row.layout.display == "none"


def test_a_door_on_the_map_is_offered() -> None:
    enc, t = table("lfg")
    enc.map.set_door((5, 2))
    t.start()
    offered = set(keys(t.updown_rows.what))
    assert {"open_door", "force_door", "attack_object"} <= offered
    assert "volley" not in offered  # the acting Hero or Ally has nothing that volleys


def test_ready_offers_stand_up_and_wake_up_only_when_the_engine_takes_them() -> None:
    """"Prepare to Interrupt" holds a Big Action (000_8d1d7816ee944f3b.txt, "COMBAT ACTIONS
    for BEGINNERS"): the Ready menu offers Stand Up from Prone only to a prone creature,
    Wake Up only with someone to rouse (the engine's dry run of the action itself)."""
    enc, t = table("lfg")
    t.start()
    me = enc.acting[0]
    ready = keys(t._ready_action)
    assert "attack" in ready and t._ready_action.value == "attack"
    assert "stand_up" not in ready and "wake_up" not in ready
    enc.add_condition(me, "prone")
    assert "stand_up" in keys(t._ready_action)
