"""Tests of :mod:`lfgcombat.rules.turns.turns`, from 000_8d1d7816ee944f3b.txt "Rounds, Initiative,
& Turn Order", "Initiative Problems:", "Agony / Agonized". Split from the former
tests/test_encounter.py (issue 10); every test names its heading.
"""

from __future__ import annotations

from lfgcombat.engine import Encounter

from .helpers import duel, mk, refused


def test_selective_initiative_choosing_and_rounds():
    """"Rounds, Initiative, & Turn Order": "you select which creature takes the next turn";
    "You cannot select a creature who has already taken a turn"; "The creature who acted
    last in the previous round selects who goes first in the next round. If you act last
    in the round, you may select yourself"."""
    enc = duel().start()
    assert enc.choices() == ["Ally", "Orc", "Brute"]
    refused(enc, enc.end_turn, match="must choose")
    refused(enc, enc.end_turn, next="Hero", match="already taken a turn")
    enc.end_turn(next="Orc")
    assert enc.state("Hero")["done"] and not enc.state("Orc")["done"]
    assert enc.choices() == ["Ally", "Brute"]
    enc.end_turn(next="Brute")
    enc.end_turn(next="Ally")
    assert enc.choices() == ["Hero", "Ally", "Orc", "Brute"]  # the round is over
    enc.end_turn(next="Ally")  # the last actor may choose itself
    assert enc.round == 2 and enc.current == "Ally"
    assert not any(enc.state(n)["done"] for n in enc.names if n != "Ally")
    starts = [e for e in enc.log.of_kind("turn_start")]
    assert starts[-1].data["chosen_by"] == "Ally" and starts[-1].data["first_of_round"]


def test_deadlock_rule_forces_the_lowest_initiative_roll():
    """"Initiative Problems": "If that doesn't work, the GM can force the creature/player
    with the LOWEST Initiative Roll to go first."."""
    enc = duel(seed=5).start()
    lowest = min(enc.choices(), key=lambda u: enc.state(u)["initiative"])
    enc.end_turn(deadlock=True)
    assert enc.current == lowest


def test_agony_logs_the_lost_big_action_at_turn_start():
    enc = Encounter([mk("A", init=40).with_condition("agony"), mk("B")],
                    sides={"a": ["A"], "b": ["B"]}, seed=1).start()
    assert any("Agony" in e.data.get("text", "") for e in enc.log.of_kind("note"))


def test_agony_takes_its_big_action_at_the_start_of_a_turn_only():
    """"Agony / Agonized": "When your turn begins, you automatically expend a Big Action"
    (000_8d1d7816ee944f3b.txt): gained mid-turn it costs nothing yet; a turn that began
    with it keeps the Big Action spent when the Agony ends."""
    enc = duel().start()
    enc.act("Hero", "survey")
    enc.add_condition("Hero", "agony", rounds=3)
    assert enc.actions_left("Hero").big == 1
    assert "lost from its next turn" in enc.actions_left("Hero").explain()
    enc.act("Hero", "survey")
    enc.end_turn(next="Orc").end_turn(next="Brute").end_turn(next="Ally")
    enc.end_turn(next="Hero")  # a new round: Hero's turn begins in agony
    assert enc.actions_left("Hero").big == 1
    enc.remove_condition("Hero", "agony")
    assert enc.actions_left("Hero").big == 1
    assert "lost to Agony" in enc.actions_left("Hero").explain()


def test_a_turn_the_gm_forces_is_nobodys_choice():
    """The deadlock rule: "the GM can force the creature/player with the LOWEST Initiative
    Roll to go first" ("Initiative Problems:"); "You cannot interrupt an ally's turn if they
    were selected by another ally" ("Interrupt Turn – Details and Clarifications:") does not
    protect a turn the GM forced, and the forced creature must act."""
    cs = [mk("Hero", init=40), mk("Ally", init=-20), mk("Third"), mk("Orc")]
    enc = Encounter(cs, sides={"party": ["Hero", "Ally", "Third"], "orcs": ["Orc"]},
                    seed=1).start()
    enc.end_turn(deadlock=True)
    assert enc.current == "Ally"
    start = enc.log.of_kind("turn_start")[-1]
    assert start.data["chosen_by"] is None and "forced by the GM" in start.describe()
    refused(enc, enc.decline_turn, next="Orc", match="GM selected")
    r = enc.interrupt("Third")
    assert r.target == "Ally"


def test_agony_gained_while_stunned_gives_no_big_action():
    """Stunned: "You cannot take any Actions on your turn" (000_8d1d7816ee944f3b.txt,
    "Stunned"); Agony gained then takes nothing away this turn, and gives nothing either."""
    enc = duel().start()
    enc.add_condition("Hero", "stunned", rounds=2)
    enc.add_condition("Hero", "agony", rounds=2)
    assert enc.actions_left("Hero").big == 0


def test_a_resumed_turn_is_reminded_to_continue_its_course():
    """"What if my turn is interrupted by an Interrupt Turn?": "After the interruption ends,
    you must continue your intended course of action if possible" (000_8d1d7816ee944f3b.txt):
    actions_left says so, naming the action the interrupt was declared before, until the
    creature acts."""
    cs = [mk("Hero", init=40), mk("Ally", init=45), mk("Orc"), mk("Brute")]
    enc = Encounter(cs, sides={"party": ["Hero", "Ally"], "orcs": ["Orc", "Brute"]},
                    seed=3).start(decline=["Ally"])
    enc.end_turn(next="Orc")
    enc.interrupt("Ally", before="attack")
    assert "intended course" not in enc.actions_left("Ally").explain()
    enc.end_turn()
    assert enc.current == "Orc"
    text = enc.actions_left("Orc").explain()
    assert "intended course of action" in text and "(attack)" in text
    enc.act("Orc", "survey")
    assert "intended course" not in enc.actions_left("Orc").explain()
