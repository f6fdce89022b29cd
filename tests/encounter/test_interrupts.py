"""Tests of :mod:`lfgcombat.rules.turns.interrupts`, from 000_8d1d7816ee944f3b.txt "Interrupt
Turn", "Interrupt Turn – Details and Clarifications:", "Prepare to Interrupt", "When to
Interrupt" (the archer, the wizard and the ogre). Split from the former
tests/test_encounter.py (issue 10); every test names its heading.
"""

from __future__ import annotations

from lfgcombat import Creature, HexMap
from lfgcombat.engine import Encounter

from .helpers import BOW, SWORD, mk, refused


def test_interrupt_winner_acts_then_the_interrupted_resumes_and_chooses():
    """"Interrupt Turn": "If you win ... you successfully interrupt and immediately take your
    turn. When your Interrupt Turn is complete, the creature you interrupted completes their
    turn. The creature you interrupted selects who takes the next turn"."""
    cs = [mk("Hero", init=40), mk("Ally", init=45), mk("Orc"), mk("Brute")]
    enc = Encounter(cs, sides={"party": ["Hero", "Ally"], "orcs": ["Orc", "Brute"]},
                    seed=3).start(decline=["Ally"])
    assert enc.current == "Hero"
    enc.end_turn(next="Orc")
    r = enc.interrupt("Ally")
    assert r.winner == "Ally" and r.checks["Ally"] > r.checks["Orc"]
    assert enc.current == "Ally" and enc.interrupted == ["Orc"]
    assert enc.actions_left("Ally").reactions == 0  # "You must spend a Reaction"
    refused(enc, enc.end_turn, next="Brute", match="resumes")
    enc.end_turn()
    assert enc.current == "Orc" and enc.state("Ally")["done"]
    assert enc.choices() == ["Brute"]  # Ally took its turn by interrupting
    enc.end_turn(next="Brute")


def test_losing_an_interrupt_spends_the_reaction():
    """"If you lose the Initiative Check ... the other creature continues their turn as
    normal. You have failed to interrupt, your Reaction is used"."""
    cs = [mk("Hero", init=40), mk("Ally", init=-20), mk("Orc", init=45), mk("Brute")]
    enc = Encounter(cs, sides={"party": ["Hero", "Ally"], "orcs": ["Orc", "Brute"]},
                    seed=3).start(decline=["Orc"])
    enc.end_turn(next="Orc")
    r = enc.interrupt("Ally")
    assert r.winner is None and enc.current == "Orc"
    assert enc.actions_left("Ally").reactions == 0
    refused(enc, enc.interrupt, "Ally", match="Reaction")


def test_interrupt_limits():
    """"Interrupt Turn – Details and Clarifications:" every limit."""
    cs = [mk("Hero", init=40), mk("Ally"), mk("Pal"), mk("Orc"), mk("Brute"),
          mk("Staggered").with_condition("staggered")]
    enc = Encounter(cs, sides={"party": ["Hero", "Ally", "Pal", "Staggered"],
                               "orcs": ["Orc", "Brute"]}, seed=4).start()
    # "You cannot interrupt the creature that acts first in the round."
    refused(enc, enc.interrupt, "Orc", match="acts first")
    enc.end_turn(next="Ally")
    # "You cannot interrupt an ally's turn if they were selected by another ally."
    refused(enc, enc.interrupt, "Pal", match="selected by another ally")
    # ... but an enemy may
    enc.fork().interrupt("Orc")
    enc.end_turn(next="Orc")
    # Staggered: "No Reactions"
    refused(enc, enc.interrupt, "Staggered", match="Reactions")
    # "If you have already taken your turn this round, you cannot attempt an Interrupt Turn"
    refused(enc, enc.interrupt, "Hero", match="already taken its turn")
    enc.fork().interrupt("Brute")  # Orc was chosen by an enemy: its ally may interrupt it
    enc.end_turn(next="Staggered")
    # "You cannot interrupt a Swift Action, Free Action, Immediate Action, or Reaction."
    refused(enc, enc.interrupt, "Brute", before="five_foot_step", match="Swift Action")
    refused(enc, enc.interrupt, "Brute", before="speak", match="Free Action")
    refused(enc, enc.interrupt, "Staggered", match="own turn")


def test_same_creature_cannot_be_interrupted_twice_by_one_interrupter():
    """"If you have multiple Reactions, you may not attempt to interrupt the same creature
    multiple times." (A second Reaction would come from a Feat; here the first attempt's
    record alone refuses the second.)"""
    cs = [mk("Hero", init=40), mk("Ally", init=-20), mk("Orc", init=45)]
    enc = Encounter(cs, sides={"party": ["Hero", "Ally"], "orcs": ["Orc"]},
                    seed=3).start(decline=["Orc"])
    enc.end_turn(next="Orc")
    enc.interrupt("Ally")
    err = refused(enc, enc.interrupt, "Ally")
    assert "Reaction" in str(err) or "same creature" in str(err)


def test_several_interrupters_only_the_highest_succeeds():
    """"If two or more creatures wish to interrupt, all involved creatures roll an opposed
    Initiative Check, and only the highest check succeeds"."""
    cs = [mk("Hero", init=40), mk("Quick", init=30), mk("Slow", init=-10), mk("Orc")]
    enc = Encounter(cs, sides={"party": ["Hero", "Quick", "Slow"], "orcs": ["Orc"]},
                    seed=6).start(decline=["Quick"])
    enc.end_turn(next="Orc")
    r = enc.interrupt(["Slow", "Quick"])
    assert r.winner == "Quick" and set(r.checks) == {"Orc", "Slow", "Quick"}
    assert enc.actions_left("Slow").reactions == 0  # "considered to have failed"
    assert enc.current == "Quick"


def test_interrupting_an_interrupt_gives_the_first_interrupter_plus_5():
    """"Interrupting an Interrupt Turn: ... the character who already succeeded on the first
    Interruption gains a +5 Innate Bonus on their Initiative Check"."""
    cs = [mk("Hero", init=40), mk("Ally", init=30), mk("Orc"), mk("Brute", init=10)]
    enc = Encounter(cs, sides={"party": ["Hero", "Ally"], "orcs": ["Orc", "Brute"]},
                    seed=8).start(decline=["Ally", "Brute"])
    enc.end_turn(next="Orc")
    enc.interrupt("Ally")
    assert enc.current == "Ally"
    before = len(enc.log)
    enc.interrupt("Brute")
    ally_roll = [e for e in list(enc.log)[before:] if e.kind == "roll" and e.actor == "Ally"][0]
    bonus = enc.creature("Ally").initiative_bonus.value
    assert ally_roll.data["expression"] == f"1d20+{bonus + 5}"
    assert "+5 Innate" in ally_roll.data["label"]


def test_archer_behind_the_wall_ready_action():
    """"When to Interrupt", Ex1: "If you act before the archer, you can 'Prepare to
    Interrupt' on your Turn ... You then pass the turn to the archer, who stands up and
    begins to draw his bow. Once this happens, you and the archer roll opposed Initiative
    Checks, but you are Fortunate on your check. If you win, you can make your attack"; and
    "Prepare to Interrupt": "Using the Ready Action means you do NOT have to spend your
    Reaction"."""
    hero = mk("Hero", init=40)
    archer = mk("Archer", weapons=[BOW])
    enc = Encounter([hero, archer], sides={"party": ["Hero"], "enemy": ["Archer"]},
                    seed=11).start()
    enc.ready("Hero", trigger="the archer leans out over the wall", action="attack")
    refused(enc, enc.act, "Hero", "survey", match="waits for the trigger")
    enc.end_turn(next="Archer")
    enc.act("Archer", "lean_out_take_cover")  # a Swift Action: cannot be interrupted ...
    r = enc.interrupt("Hero", before="attack")  # ... but the shot can
    hero_roll = [e for e in enc.log.of_kind("roll") if e.actor == "Hero"][-1]
    assert hero_roll.data["fortune"] == "fortunate"
    assert enc.actions_left("Hero").reactions == 1  # no Reaction spent
    assert r.winner == "Hero"  # +40 against +0
    assert enc.current == "Hero"
    assert enc.log.of_kind("turn_start")[-1].data["kind"] == "ready"
    assert enc.actions_left("Hero").big == 1  # the prepared Big Action
    enc.damage("Archer", 6, "piercing", by="Hero")  # the attack, resolved by hand
    enc.end_turn()
    assert enc.current == "Archer" and enc.state("Hero")["ready"] is None


def test_ready_is_lost_at_the_start_of_the_next_turn():
    """"Your prepared action remains available until the start of your next turn"; "If the
    trigger does not occur, the rest of your actions are lost"."""
    enc = Encounter([mk("Hero", init=40), mk("Orc")],
                    sides={"a": ["Hero"], "b": ["Orc"]}, seed=1).start()
    enc.ready("Hero", trigger="the orc charges")
    enc.end_turn(next="Orc")
    enc.end_turn(next="Hero")  # round 2: Hero's next turn begins
    assert enc.state("Hero")["ready"] is None
    assert enc.log.of_kind("ready_lost")


def test_ready_needs_a_big_action_left_for_the_prepared_action():
    enc = Encounter([mk("Hero", init=40), mk("Orc")],
                    sides={"a": ["Hero"], "b": ["Orc"]}, seed=1).start()
    enc.act("Hero", "survey")
    refused(enc, enc.ready, "Hero", "the orc moves", match="Big Action")


def test_wizard_example_interrupt_before_the_spell():
    """"When to Interrupt", Ex2: "An enemy wizard begins chanting & moving her hands. You win
    the opposed initiative check and hurl your dagger at the wizard, hoping to disrupt her
    concentration"; then ("What if my turn is interrupted") she continues her turn."""
    wizard = mk("Wizard", cls="wizard", level=5, weapons=[])
    enc = Encounter([mk("Hero", init=40), wizard, mk("Rogue", init=45)],
                    sides={"party": ["Hero", "Rogue"], "foes": ["Wizard"]},
                    seed=12).start(decline=["Rogue"])
    enc.end_turn(next="Wizard")
    r = enc.interrupt("Rogue", before="cast_spell")
    assert r.winner == "Rogue"
    enc.damage("Wizard", 5, "piercing", by="Rogue")  # the dagger, resolved by hand
    enc.end_turn()
    assert enc.current == "Wizard"
    enc.cast("Wizard", 1, "magic missile", target="Rogue")
    assert enc.log.of_kind("spell")[-1].actor == "Wizard"


def test_ogre_example_interrupted_mid_move_keeps_the_rest_of_its_movement():
    """"When to Interrupt", Ex3: "A furious ogre charges your party's healer. Upon winning the
    initiative check, you move directly into the ogre's path"; "Interrupt Turn – Details":
    "a human that moves 30 feet could be interrupted after moving 15 feet. After the
    interruption, they have 15 feet of movement remaining"."""
    m = HexMap(14, 5)
    ogre = Creature.from_dict({"name": "Ogre", "level": 6, "kind": "npc", "max_hp": 74,
                               "speed": 30, "weapons": [SWORD]})
    healer, spear = mk("Healer", init=40, cls="priest"), mk("Spear", init=45)
    m.place(healer, (12, 2), "party")
    m.place(spear, (7, 0), "party")
    m.place(ogre, (1, 2), "foes")
    enc = Encounter([healer, spear, ogre], map=m, seed=13).start(decline=["Spear"])
    enc.end_turn(next="Ogre")
    enc.move("Ogre", (4, 2))  # 15 feet of 30
    assert enc.actions_left("Ogre").big == 1
    assert enc.log.of_kind("moved")[-1].data["feet_left"] == 15
    assert enc.interrupt("Spear").winner == "Spear"
    enc.move("Spear", (6, 2))  # into the ogre's path
    enc.end_turn()
    assert enc.current == "Ogre"
    enc.move("Ogre", (5, 2))  # the same Move Action continues
    moved = enc.log.of_kind("moved")[-1].data
    assert moved["continued"] and moved["feet_left"] == 10
    assert enc.actions_left("Ogre").big == 1  # no new Big Action was spent
    refused(enc, enc.move, "Ogre", (13, 4), match="cannot reach")  # too far for a new Move


def test_multiple_reactions_still_cannot_interrupt_the_same_creature_twice():
    """"If you have multiple Reactions, you may not attempt to interrupt the same creature
    multiple times" ("Interrupt Turn – Details and Clarifications:")."""
    cs = [mk("Hero", init=40), mk("Ally", init=-20, reactions=2), mk("Orc", init=45)]
    enc = Encounter(cs, sides={"party": ["Hero", "Ally"], "orcs": ["Orc"]},
                    seed=3).start(decline=["Orc"])
    enc.end_turn(next="Orc")
    enc.interrupt("Ally")
    assert enc.actions_left("Ally").reactions == 1  # a Reaction is left...
    err = refused(enc, enc.interrupt, "Ally")  # ...but not for the same creature
    assert "same creature" in str(err)
