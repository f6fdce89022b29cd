"""InitiativeTracker without a browser: a thin view over the Encounter's public API.

The widget holds no rules: these tests check it shows what the engine says (cards, round,
whose turn, the legal choices, the actions left), that its buttons call the engine, and
that a refusal shows the engine's rule and changes nothing. Rules text:
000_8d1d7816ee944f3b.txt, "Selective Initiative – Suggestion" (the Ready/Done cards),
"Rounds, Initiative, & Turn Order", "Interrupt Turn", "Prepare to Interrupt".
"""

from __future__ import annotations

import re

import pytest

pytest.importorskip("ipyleaflet")

import ipywidgets as W  # noqa: E402

from lfgcombat import Creature, HexMap  # noqa: E402
from lfgcombat.encounter import Encounter  # noqa: E402
from lfgcombat.widgets.battlemap import BattleMap  # noqa: E402
from lfgcombat.widgets.dicelog import DiceLog  # noqa: E402
from lfgcombat.widgets.initiative import InitiativeTracker  # noqa: E402

SWORD = {"name": "longsword", "damage": "1d8", "crit": "19-20/x2", "damage_type": "s"}
TEXT = "000_8d1d7816ee944f3b.txt"


def mk(name: str, init: int = 0, level: int = 5) -> Creature:
    return Creature.from_dict({"name": name, "class": "fighter", "level": level,
                               "initiative_rating": init, "weapons": [SWORD]})


def fight(*, map_: bool = False, seed: int = 1) -> Encounter:
    """Two heroes against two orcs; Hero acts first (Initiative Rating 40)."""
    cs = [mk("Hero", init=40), mk("Ally"), mk("Orc"), mk("Brute")]
    m = None
    if map_:
        m = HexMap(12, 8)
        for c, at, side in ((cs[0], (1, 1), "party"), (cs[1], (1, 3), "party"),
                            (cs[2], (4, 1), "orcs"), (cs[3], (8, 5), "orcs")):
            m.place(c, at, side)
    return Encounter(cs, sides={"party": ["Hero", "Ally"], "orcs": ["Orc", "Brute"]},
                     map=m, seed=seed)


def cards(t: InitiativeTracker) -> dict[str, dict]:
    """Each card's classes and texts, parsed from the cards HTML."""
    out = {}
    for m in re.finditer(r'<div class="(lfg-card[^"]*)" data-name="([^"]+)" data-side="([^"]+)"'
                         r'(.*?)(?=<div class="lfg-card |</div></div>$|$)', t._cards.value, re.S):
        classes, name, side, body = m.groups()
        hp = re.search(r'lfg-hp-text">HP (-?\d+)/(\d+)', body)
        width = re.search(r'lfg-hp-bar" style="height:7px;width:(\d+)%', body)
        conds = re.search(r'lfg-conditions"[^>]*>([^<]*)<', body)
        out[name] = {"classes": set(classes.split()), "side": side, "hp": int(hp[1]),
                     "max_hp": int(hp[2]), "bar": int(width[1]), "conditions": conds[1]}
    return out


def next_buttons(t: InitiativeTracker) -> dict[str, W.Button]:
    return {b.description: b for b in t._next.children}


def test_cards_round_and_choices_follow_the_engine():
    enc = fight()
    t = InitiativeTracker(enc)
    assert "lfg-initiative" in t._dom_classes
    assert t.round == 0 and t.current is None and not t._next.children
    assert 'data-round="0"' in t._round.value and "Start the encounter" in t.status_text
    enc.start()  # a step taken in code: the tracker redraws on subscribe
    assert t.round == 1 and t.current == "Hero" == enc.current
    assert 'data-current="Hero"' in t._round.value
    assert list(next_buttons(t)) == enc.choices() == ["Ally", "Orc", "Brute"]
    assert all("lfg-next" in b._dom_classes for b in t._next.children)
    c = cards(t)
    assert list(c) == enc.names
    assert "lfg-card-acting" in c["Hero"]["classes"] and "lfg-card-ready" in c["Hero"]["classes"]
    assert c["Orc"]["side"] == "orcs" and "lfg-card-acting" not in c["Orc"]["classes"]
    assert "Hero: 2 Big, 1 Little" in t._actions.value  # actions_left(current).explain()
    assert "initiative" in t.status_text  # what the code step did
    assert repr(t) == "InitiativeTracker(round 1, current='Hero', next=['Ally', 'Orc', 'Brute'])"


def test_choosing_next_via_the_button_changes_current_and_flips_the_card():
    enc = fight()
    enc.start()
    t = InitiativeTracker(enc)
    next_buttons(t)["Orc"].click()
    assert enc.current == "Orc" == t.current
    assert enc.state("Hero")["done"]
    c = cards(t)
    assert "lfg-card-done" in c["Hero"]["classes"] and "lfg-card-acting" in c["Orc"]["classes"]
    assert list(next_buttons(t)) == enc.choices() == ["Ally", "Brute"]
    assert "Orc's turn begins (chosen by Hero)" in t.status_text and t.error == ""


def test_an_illegal_choice_shows_the_rule_and_changes_nothing():
    enc = fight()
    enc.start()
    t = InitiativeTracker(enc)
    before, cards_before = enc.snapshot(), t._cards.value
    t.choose("Hero")  # "You cannot select a creature who has already taken a turn"
    assert enc.snapshot() == before and t._cards.value == cards_before
    assert "already taken a turn" in t.error and TEXT in t.error
    assert "Not allowed" in t.status_text and "lfg-error" in t.status.value
    t.interrupt("Orc")  # "You cannot interrupt the creature that acts first in the round"
    assert enc.snapshot() == before and "acts first" in t.status_text
    t.choose("Ally")
    assert t.error == "" and "lfg-error" not in t.status.value


def test_decline_buttons_let_the_chooser_pick_again():
    """"Initiative Problems:": chosen by an ally, "tell your ally to pick someone else"."""
    enc = fight()
    enc.start()
    t = InitiativeTracker(enc)
    assert not t._decline.children  # Hero won initiative: nobody chose it
    next_buttons(t)["Ally"].click()
    declines = {b.description: b for b in t._decline.children}
    assert list(declines) == enc.decline_choices() == ["Orc", "Brute"]
    assert all("lfg-decline" in b._dom_classes for b in declines.values())
    assert "Ally would rather go later" in t._decline_label.value
    assert "Hero" in t._decline_label.value
    declines["Brute"].click()
    assert enc.current == "Brute" == t.current and not enc.state("Ally")["done"]
    assert "asks Hero to pick someone else" in t.status_text
    assert not t._decline.children  # Brute was chosen by an enemy: it must act
    before = enc.snapshot()
    t.decline("Orc")
    assert enc.snapshot() == before and "an enemy" in t.error


def test_act_together_controls():
    """"Taking Your Turn": act together with an ally, the GM's Tactical Bonus."""
    enc = fight()
    enc.start()
    t = InitiativeTracker(enc)
    assert t._together_ally.options == ("Ally",) and t._together.layout.display is None
    t._together_bonus.value = 1
    t._together.click()
    assert enc.acting == ["Hero", "Ally"]
    assert "Hero and Ally act together (+1 Tactical" in t.status_text
    assert t._together.layout.display == "none"  # nobody else of the party is left
    c = cards(t)
    assert "lfg-card-acting" in c["Ally"]["classes"] and "lfg-card-acting" in c["Hero"]["classes"]
    assert "Ally: 2 Big" in t._actions.value
    next_buttons(t)["Orc"].click()
    assert "lfg-card-done" in cards(t)["Ally"]["classes"]
    before = enc.snapshot()
    t.act_together("Hero")  # Hero is not the orcs' ally
    assert enc.snapshot() == before and "ally" in t.error


def test_cards_reflect_hp_and_conditions_after_damage():
    enc = fight()
    enc.start()
    t = InitiativeTracker(enc)
    enc.damage("Orc", 30, "slashing")
    c = cards(t)["Orc"]
    assert c["hp"] == enc.state("Orc")["hp"] < c["max_hp"]
    assert c["bar"] == round(100 * c["hp"] / c["max_hp"])
    enc.add_condition("Ally", "staggered")
    assert "staggered" in cards(t)["Ally"]["conditions"]
    enc.damage("Brute", 200, "slashing")  # far below -CON: dead ("Death")
    assert enc.state("Brute")["dead"] and "lfg-card-dead" in cards(t)["Brute"]["classes"]
    assert "Brute" not in t._interrupter.options


def test_surprise_round_flat_footed_cards_and_no_choice_of_the_unaware():
    enc = fight()
    enc.start(aware=["Orc", "Brute"])
    t = InitiativeTracker(enc)
    assert "Surprise Round" in t._round.value
    assert "flat-footed" in cards(t)["Hero"]["conditions"]
    assert set(next_buttons(t)) == set(enc.choices()) and "Hero" not in next_buttons(t)


def test_interrupt_then_end_turn_and_the_interrupted_resumes():
    cs = [mk("Hero", init=40), mk("Ally", init=45), mk("Orc"), mk("Brute")]
    enc = Encounter(cs, sides={"party": ["Hero", "Ally"], "orcs": ["Orc", "Brute"]}, seed=3)
    enc.start(decline=["Ally"])
    t = InitiativeTracker(enc)
    t.choose("Orc")
    t._interrupter.value = "Ally"
    t._interrupt.click()
    assert enc.current == "Ally" and enc.interrupted == ["Orc"]
    assert "Ally interrupts" in t.status_text
    assert "lfg-card-interrupted" in cards(t)["Orc"]["classes"]
    # after an interrupt turn nobody is chosen: only "End turn" shows
    assert not t._next.children and t._end.layout.display is None
    t._end.click()
    assert enc.current == "Orc" and t._end.layout.display == "none"


def test_several_interrupters_and_the_action_about_to_be_taken():
    """"Interrupt Turn – Details and Clarifications:": several interrupters at once, only
    the highest succeeds; "You cannot interrupt a Swift Action, Free Action, Immediate
    Action, or Reaction"."""
    cs = [mk("Hero", init=40), mk("Ally", init=45), mk("Third"), mk("Orc")]
    enc = Encounter(cs, sides={"party": ["Hero", "Ally", "Third"], "orcs": ["Orc"]}, seed=3)
    enc.start(decline=["Ally"])
    t = InitiativeTracker(enc)
    t.choose("Orc")
    assert set(t._also.allowed_tags) == {"Hero", "Ally", "Third"}
    t._interrupter.value = "Ally"
    t._before.value = "five_foot_step"  # a Swift Action: cannot be interrupted
    before = enc.snapshot()
    t._interrupt.click()
    assert enc.snapshot() == before and "Swift" in t.error
    t._before.value = "move"
    t._also.value = ["Third"]
    t._interrupt.click()
    r = enc.log.of_kind("interrupt")[-1]
    assert r.data["interrupters"] == ["Ally", "Third"] and r.data["before"] == "move"
    assert enc.current == r.data["winner"]


def test_ready_button_prepares_an_interrupt():
    enc = fight()
    enc.start()
    t = InitiativeTracker(enc)
    t._trigger.value = "the orc charges"
    t._ready_action.value = "attack"
    t._ready.click()
    assert enc.state("Hero")["ready"]["trigger"] == "the orc charges"
    assert "readied: attack when the orc charges" in t._cards.value
    t.ready("")  # no trigger: refused with the rule
    assert "trigger" in t.error and TEXT in t.error


def test_undo_and_deadlock_buttons():
    enc = fight(seed=5)
    enc.start()
    t = InitiativeTracker(enc)
    lowest = min(enc.choices(), key=lambda u: enc.state(u)["initiative"])
    t._deadlock.click()
    assert enc.current == lowest
    t._undo.click()
    assert enc.current == "Hero" and t.current == "Hero"


def test_battlemap_clicks_move_the_acting_creature_through_the_engine():
    enc = fight(map_=True)
    bm = BattleMap(enc.map)
    t = InitiativeTracker(enc, battlemap=bm)
    assert t.children[-1] is bm and bm.mover is not None
    enc.start()
    assert bm.selected == "Hero"  # the acting creature is selected when its turn begins
    bm.click((3, 1))  # a hex: the engine moves Hero, spending a Big Action
    assert enc.map.offset(enc.map.token("Hero").anchor) == (3, 1)
    assert enc.actions_left("Hero").big == 1
    assert enc.log.of_kind("moved")[-1].actor == "Hero"
    assert "Hero moves 10 ft to (3, 1)" in bm.status_text
    cols = {(f["properties"]["col"], f["properties"]["row"]) for f in bm.token_layer.data["features"]
            if f["properties"]["name"] == "Hero"}
    assert cols == {(3, 1)}  # the map's tokens follow the encounter
    # moving a creature whose turn it is not: the engine refuses, nothing changes
    bm.click((1, 3))  # select Ally
    before = enc.snapshot()
    bm.click((1, 5))
    assert enc.snapshot() == before
    assert "Not allowed" in bm.status_text and "it is Hero's turn, not Ally's" in t.error
    assert TEXT in bm.status_text and "Not allowed" in t.status_text
    t.choose("Orc")
    assert bm.selected == "Orc"


def test_a_move_that_provokes_resolves_the_aoo():
    enc = fight(map_=True)
    bm = BattleMap(enc.map)
    t = InitiativeTracker(enc, battlemap=bm)
    enc.start()
    bm.click((3, 1))  # next to the Orc at (4, 1)
    for nxt in ("Orc", "Ally", "Brute", "Hero"):
        t.choose(nxt)
    assert enc.round == 2 and bm.selected == "Hero"
    bm.click((1, 5))
    assert enc.log.of_kind("aoo_offered")[-1].data["taken"]
    assert "Orc takes an AOO against Hero" in t.status_text
    assert enc.actions_left("Orc").reactions == 0


def test_dicelog_shows_the_encounters_rolls_even_after_undo():
    enc = fight()
    t = InitiativeTracker(enc, dicelog=True)
    assert isinstance(t.dicelog, DiceLog) and t.children[-1] is t.dicelog
    enc.start()
    assert len(t.dicelog.rows()) == len(enc.roller.history) == 4
    enc.undo()  # replay builds a fresh roller: the log follows it
    enc.start()
    assert t.dicelog.roller is enc.roller and len(t.dicelog.rows()) == 4


def test_refuses_foreign_maps_and_rollers():
    enc = fight(map_=True)
    with pytest.raises(TypeError, match="Encounter"):
        InitiativeTracker("not an encounter")
    with pytest.raises(TypeError, match="encounter's own map"):
        InitiativeTracker(enc, battlemap=BattleMap(HexMap(4, 4)))
    from lfgcombat import Roller
    with pytest.raises(TypeError, match="roller"):
        InitiativeTracker(enc, dicelog=DiceLog(Roller(seed=1)))


def test_close_stops_following_the_encounter():
    enc = fight(map_=True)
    bm = BattleMap(enc.map)
    t = InitiativeTracker(enc, battlemap=bm)
    t.close()
    assert bm.mover is None
    enc.start()
    assert t.round == 0
