"""The tracker offers only what the engine takes (issue 26, item 1: "the engine's own checks
say which are legal now - never a second copy of the rules in the widget"); gaps an auditor
found: Interrupt offered in the round's first turn, Move after Ready, readied actions the
creature can never take.

000_8d1d7816ee944f3b.txt, "Interrupt Turn – Details and Clarifications:" ("You cannot
interrupt the creature that acts first in the round"), "Prepare to Interrupt – “Ready Action”
(Big Action)" ("The rest of your turn is spent waiting for the trigger").
"""

from __future__ import annotations

from lfgcombat.widgets.initiative import InitiativeTracker

from .test_players_view import fight


def options(menu) -> list:
    """A menu's values."""
    return [o[1] if isinstance(o, tuple) else o for o in menu.options]


def test_interrupt_is_not_offered_against_the_creature_that_acts_first():
    """In the round's first turn the engine refuses every interrupter: the row is hidden,
    saying why in the engine's words; on a later turn the menu lists only interrupters the
    engine takes."""
    enc = fight("lfg", seed=2)
    t = InitiativeTracker(enc)
    t.start()
    assert enc.log.of_kind("turn_start")[-1].data.get("chosen_by") is None  # the first
    assert t._interrupt_row.layout.display == "none"
    assert "acts first" in t.hidden_rows["Interrupt"]
    before = enc.snapshot()
    t.end_turn() if not enc.choices() else t.choose(enc.choices()[0])
    assert enc.snapshot() != before
    assert t._interrupt_row.layout.display != "none"
    offered = options(t._interrupter)
    assert offered
    for n in offered:  # each one offered is taken by the engine
        enc.fork().interrupt(n)
    assert set(t._also.allowed_tags) == set(offered)


def test_after_ready_the_engine_reaches_nowhere_and_the_move_row_hides():
    """"Prepare to Interrupt – “Ready Action” (Big Action)": the rest of the turn waits
    for the trigger, so the engine refuses every move; its ``reachable`` agrees (no hex
    lit, no Move row), and the refusal says what to do in words, not a code name."""
    from lfgcombat import IllegalActionError
    enc = fight("lfg", seed=2)
    t = InitiativeTracker(enc)
    t.start()
    me = enc.acting[0]
    assert len(enc.reachable(me, "five_foot_step")) > 0
    t._trigger.value = "a foe comes near"
    t._ready.click()
    assert enc.state(me)["ready"], t.status_text
    for action in ("move", "five_foot_step", "run", "retreat"):
        assert len(enc.reachable(me, action)) == 0, action
    assert t.action_rows.move_row.layout.display == "none"
    try:
        enc.five_foot_step(me, (2, 3))
    except IllegalActionError as exc:
        assert "end_turn" not in str(exc) and "()" not in str(exc), str(exc)
        assert "end its turn" in str(exc)
    else:
        raise AssertionError("a 5-foot step after Ready was taken")


def test_the_ready_menu_lists_only_actions_the_creature_could_take():
    """"Prepare to Interrupt – “Ready Action” (Big Action)": "Tell your GM ... what you plan
    to do when it happens". An orc with no shield is not offered Shield Bash ("Shield
    Bash": the engine refuses it "has no shield"), and Ready is not offered inside Ready;
    what ``ready`` itself accepts is unchanged (a save replays as before)."""
    from lfgcombat.rules.turns.interrupts import readied_action_problem
    enc = fight("lfg", seed=2)
    t = InitiativeTracker(enc)
    t.start()
    me = enc.acting[0]
    assert enc.creature(me).shield_rating == 0
    offered = options(t._ready_action)
    assert "shield_bash" not in offered and "ready" not in offered, offered
    assert {"attack", "move", "charge_attack"} <= set(offered)
    assert "no shield" in readied_action_problem(enc, me, "shield_bash")
    assert readied_action_problem(enc, me, "attack") == ""
    enc.fork().ready(me, "the trigger", "shield_bash")  # the engine still accepts it
    # a creature with a shield is offered Shield Bash
    shielded = next(n for n in enc.names if enc.creature(n).shield_rating > 0)
    assert readied_action_problem(enc, shielded, "shield_bash") == ""


def test_protect_under_classic_and_wounds_is_refused_once_in_the_rulesets_words():
    """Protect is an lfg action ("Protect Action (Big Action, No AOO)"); a classic or wounds
    round has none: near or far, the ally is refused with the round's own words and text
    (002_2a3a79475ca2a541.txt, "Single Actions:"; 003_de0e94afd49609a7.txt), no lfg distance
    rule and no code name."""
    import re

    from lfgcombat import IllegalActionError
    for ruleset, text in (("classic", "002_"), ("wounds", "003_")):
        enc = fight(ruleset, seed=2, places=((1, 1), (1, 3), (2, 1), (2, 3), (2, 2), (0, 2)))
        enc.start()
        me = enc.acting[0]
        allies = [n for n in enc.names if n != me and enc.side(n) == enc.side(me)]
        said = set()
        for ally in allies:
            try:
                enc.fork().protect(me, ally)
            except IllegalActionError as exc:
                said.add(str(exc))
            else:
                raise AssertionError(f"{ruleset}: protect {ally} taken")
        assert len(said) == 1, said
        (why,) = said
        assert text in why and "000_" not in why, why
        assert f"the {ruleset} round" in why and "protect" in why, why
        assert not re.findall(r"\b[a-z]+(?:_[a-z]+)+\b|\(\)", why), why


def test_the_battlemaps_new_turn_button_says_what_it_does_in_words():
    """Labels in words, not code: no method name in the "New turn" tooltip."""
    import re

    import pytest
    pytest.importorskip("ipyleaflet")
    from lfgcombat.widgets.battlemap import BattleMap
    tip = BattleMap(fight("lfg").map).new_turn_button.tooltip
    assert "may move again" in tip
    assert not re.findall(r"\b[A-Za-z_]+\.[a-z_]+\b|\b[a-z]+_[a-z_]+\b", tip), tip
