"""Tests of :mod:`lfgcombat.rules.turns.selection`, from 000_8d1d7816ee944f3b.txt "Initiative
Problems:", "Taking Your Turn". Split from the former tests/test_encounter.py (issue 10);
every test names its heading.
"""

from __future__ import annotations

from lfgcombat.engine import Encounter

from .helpers import duel, mk, refused


def test_chosen_by_an_ally_may_ask_to_go_later():
    """"Initiative Problems:": "If you were selected by an ally, but you don't want to take
    your turn yet, you can just tell your ally to pick someone else so you can go later
    (unless you are the last person available to act in the round)"."""
    enc = duel().start()  # Hero first
    enc.end_turn(next="Ally")
    assert enc.decline_choices() == ["Orc", "Brute"]
    refused(enc, enc.decline_turn, match="pick someone else: decline_turn")  # next= missing
    refused(enc, enc.decline_turn, next="Ally", match="cannot be chosen instead")
    refused(enc, enc.decline_turn, next="Hero", match="cannot be chosen instead")
    enc.decline_turn(next="Orc")
    assert enc.current == "Orc" and not enc.state("Ally")["done"]
    assert enc.state("Hero")["done"]
    # one choice in the log, with who declined it, and the decline as an effect
    last = [e for e in enc.log if e.command][-1]
    assert last.kind == "end_turn" and last.data["next"] == "Orc"
    assert last.data["declined"] == ["Ally"]
    declined = enc.log.of_kind("turn_declined")
    assert len(declined) == 1 and declined[0].data["chooser"] == "Hero"
    assert "go later" in declined[0].describe()
    # Ally goes later: the orc may choose it
    assert "Ally" in enc.choices()
    enc.end_turn(next="Brute")
    enc.end_turn(next="Ally")
    assert enc.current == "Ally" and enc.round == 1


def test_declining_is_refused_when_the_rules_say_you_must_act():
    """"If you were selected by an enemy creature (or the GM selected you), you must take
    your turn!"; not the last one available; not after acting ("Initiative Problems:")."""
    enc = duel().start()
    refused(enc, enc.decline_turn, next="Ally", match="acts first by its Initiative Check")
    enc.end_turn(next="Orc")
    refused(enc, enc.decline_turn, next="Brute", match="selected by Hero, an enemy")
    assert enc.decline_choices() == []
    enc.end_turn(next="Brute")  # Orc chooses its ally Brute
    enc.act("Brute", "survey")
    refused(enc, enc.decline_turn, next="Ally", match="already begun its turn")
    enc.undo()
    enc.decline_turn(next="Ally")  # before acting it may
    assert enc.current == "Ally"
    # the last one available must act: Ally chooses Hero? no - Hero has acted; only Brute
    enc2 = duel().start()
    enc2.end_turn(next="Orc").end_turn(next="Brute").end_turn(next="Ally")
    assert enc2.current == "Ally"
    # Ally was chosen by Brute (an enemy) anyway; build the "last one" case with allies
    cs = [mk("Hero", init=40), mk("Ally"), mk("Orc")]
    enc3 = Encounter(cs, sides={"party": ["Hero", "Ally"], "orcs": ["Orc"]}, seed=1).start()
    enc3.end_turn(next="Orc").end_turn(next="Ally")
    assert enc3.current == "Ally"
    refused(enc3, enc3.decline_turn, match="enemy")
    enc4 = Encounter(cs, sides={"party": ["Hero", "Ally"], "orcs": ["Orc"]}, seed=1).start()
    enc4.end_turn(next="Ally")
    enc4.decline_turn(next="Orc")  # two were left: Ally may go later
    enc4.end_turn(next="Ally")
    assert enc4.current == "Ally"
    # GM-forced (the deadlock rule): must act
    enc5 = Encounter(cs, sides={"party": ["Hero", "Ally"], "orcs": ["Orc"]}, seed=1).start()
    enc5.end_turn(deadlock=True)
    if enc5.current == "Ally":
        refused(enc5, enc5.decline_turn, next="Orc", match="GM selected")


def test_the_last_one_available_cannot_decline():
    """"(unless you are the last person available to act in the round)"."""
    cs = [mk("Hero", init=40), mk("Ally"), mk("Third"), mk("Orc")]
    enc = Encounter(cs, sides={"party": ["Hero", "Ally", "Third"], "orcs": ["Orc"]},
                    seed=1).start()
    enc.end_turn(next="Orc").end_turn(next="Third").end_turn(next="Ally")
    # Ally was chosen by Third, an ally, but nobody else is left this round
    assert enc.choices() == ["Hero", "Ally", "Third", "Orc"]  # the next round's opener
    refused(enc, enc.decline_turn, next="Hero", match="last one available")
    # at a round's end the last actor picks the opener; an ally opener may decline
    other = enc.fork()
    other.end_turn(next="Third")
    assert other.round == 2 and other.current == "Third"
    other.decline_turn(next="Hero")
    assert other.round == 2 and other.current == "Hero"
    assert len(other.log.of_kind("round_start")) == 2  # the round began once
    enc.end_turn(next="Ally")  # Ally opens round 2 itself
    refused(enc, enc.decline_turn, next="Hero", match="chose itself")


def test_decline_survives_save_load_undo_and_chains(tmp_path):
    """The decline is one end_turn command in the log: it replays and undoes as one."""
    cs = [mk("Hero", init=40), mk("Ally"), mk("Third"), mk("Orc")]
    enc = Encounter(cs, sides={"party": ["Hero", "Ally", "Third"], "orcs": ["Orc"]},
                    seed=1).start()
    enc.end_turn(next="Ally")
    enc.decline_turn(next="Third")
    assert enc.decline_choices() == ["Orc"]  # Ally already declined Hero's choice
    enc.decline_turn(next="Orc")
    assert [e for e in enc.log if e.command][-1].data["declined"] == ["Ally", "Third"]
    back = Encounter.load(enc.save(tmp_path / "fight.jsonl"))
    assert back.snapshot() == enc.snapshot()
    enc.undo()
    assert enc.current == "Hero"
    # a hand-edited log naming an enemy as declining does not replay
    bad = duel().start()
    refused(bad, bad.end_turn, next="Ally", declined=["Orc"], match="an enemy")
    refused(bad, bad.end_turn, next="Ally", declined=["Ally"], match="asked to go later")


def test_acting_together(tmp_path):
    """"Taking Your Turn": "If you and an ally wish to act at the same time: When it is your
    turn, tell your GM you wish to act together, and select your ally to “go next” if their
    turn is available. You both act at the same time. The GM may ... grant Tactical Bonuses
    for cooperation"."""
    enc = duel(map_=True).start()
    assert enc.together_choices() == ["Ally"]
    refused(enc, enc.act_together, "Hero", "Orc", match="not Hero's ally")
    refused(enc, enc.act_together, "Ally", "Hero", match="turn")  # not Ally's turn
    refused(enc, enc.act_together, "Hero", "Ally", tactical_bonus=6, match="0 to 5")
    refused(enc, enc.act_together, "Hero", "Hero", match="already acting")
    before = enc.state("Ally")["actions_left"]
    enc.act_together("Hero", "Ally", tactical_bonus=2)
    assert enc.acting == ["Hero", "Ally"] and enc.current == "Hero"
    assert enc.together_choices() == []
    # both act, each with its own actions
    enc.act("Ally", "survey")
    enc.act("Hero", "survey")
    assert enc.actions_left("Ally").big == before.big - 1
    # the GM's Tactical Bonus is on both attack rolls until the turn ends
    for n in ("Hero", "Ally"):
        bonuses = [b for b in enc.creature(n).bonuses if b.bonus.source == "acting together"]
        assert [(b.target, b.bonus.value, b.bonus.type.value) for b in bonuses] == [
            ("attack", 2, "tactical")]
    # an ally's turn chosen by another ally cannot be interrupted by an ally... and the
    # foes may interrupt as usual; the interrupt may target either actor
    assert enc.choices() == ["Orc", "Brute"]
    enc.end_turn(next="Orc")
    assert enc.state("Hero")["done"] and enc.state("Ally")["done"]
    assert enc.state("Ally")["effects"] == [] and enc.state("Hero")["effects"] == []
    refused(enc, enc.act_together, "Orc", "Hero", match="already taken its turn|not Orc's")
    assert enc.together_choices() == ["Brute"]
    back = Encounter.load(enc.save(tmp_path / "fight.jsonl"))
    assert back.snapshot() == enc.snapshot()
    assert "act together" in enc.log.of_kind("together")[0].describe()


def test_acting_together_ends_the_round_when_nobody_else_is_left():
    enc = duel().start()
    enc.end_turn(next="Orc")
    enc.act_together("Orc", "Brute")
    assert enc.choices() == ["Ally"]
    r = enc.interrupt("Ally", "Brute")  # a foe may interrupt either of the two
    assert r.target == "Brute"


def test_acting_together_is_refused_in_top_down_and_interrupt_turns():
    enc = duel(initiative="top_down").start()
    assert enc.together_choices() == []
    refused(enc, enc.act_together, enc.current, "Ally" if enc.current != "Ally" else "Hero",
            match="Top-Down|order")
