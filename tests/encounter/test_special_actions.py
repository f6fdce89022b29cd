"""Tests of :mod:`lfgcombat.rules.actions.special_actions`, from 000_8d1d7816ee944f3b.txt "Fight
Defensively", "Aim", "Protect Action", "Asleep / Sleeping". Split from the former
tests/test_encounter.py (issue 10); every test names its heading.
"""

from __future__ import annotations

from lfgcombat.engine import Encounter

from .helpers import duel, mk, refused


def test_fight_defensively_until_the_start_of_the_next_turn():
    """"Fight Defensively (Big Action, No AOO)": "-4 penalty on Attack Rolls and gain a +2
    Dodge Bonus to AC until the start of your next turn"; not after casting."""
    enc = duel().start()
    ac, atk = enc.creature("Hero").ac.value, enc.creature("Hero").attack_bonus().value
    enc.fight_defensively("Hero")
    assert enc.creature("Hero").ac.value == ac + 2
    assert enc.creature("Hero").attack_bonus().value == atk - 4
    enc.end_turn(next="Orc").end_turn(next="Ally").end_turn(next="Brute")
    assert enc.creature("Hero").ac.value == ac + 2  # still: not yet its next turn
    enc.end_turn(next="Hero")
    assert enc.creature("Hero").ac.value == ac
    mage = Encounter([mk("Mage", cls="wizard", level=5, init=40), mk("Orc")],
                     sides={"a": ["Mage"], "b": ["Orc"]}, seed=1).start()
    mage.cast("Mage", 0)
    refused(mage, mage.fight_defensively, "Mage", match="cast a spell")


def test_attacks_while_fighting_defensively_take_the_4_once():
    """"You suffer a -4 penalty on Attack Rolls" while fighting defensively (000_8d1d7816ee944f3b.txt,
    "Fight Defensively (Big Action, No AOO)"): an attack's bonus is 4 below the same attack
    without it, not 8 (a new user saw +4 become -4), and a later attack is not refused as
    if Fight Defensively were being chosen after an attack (that rule is about choosing it)."""
    def bonus(fd: bool) -> int:
        enc = duel(seed=3).start()
        if fd:
            enc.fight_defensively("Hero")
        enc.attack("Hero", "Orc")
        return [e for e in enc.log if e.kind == "attack"][-1].data["bonus"]
    assert bonus(True) == bonus(False) - 4
    enc = duel(seed=3, ruleset="lfg").start()
    enc.fight_defensively("Hero")
    enc.attack("Hero", "Orc")
    refused(enc, enc.attack, "Hero", "Orc", match="no attack left|Big Action")


def test_aim_is_lost_when_the_creature_moves():
    """"Aim (Big Action, Provokes AOO)": "+1 Focus Bonus on your next ranged attack ... If you
    move ... you lose this bonus"."""
    enc = duel(map_=True).start()
    base = enc.creature("Hero").attack_bonus("ranged").value
    enc.aim("Hero")
    assert enc.creature("Hero").attack_bonus("ranged").value == base + 1
    enc.move("Hero", (2, 1))
    assert enc.creature("Hero").attack_bonus("ranged").value == base


def test_protect_gives_cover_and_cramps_the_protector():
    """"Protect Action (Big Action, No AOO)": Good Cover (+4AC) to the ally, the protector
    Cramped, the ally -2 on attack rolls; until the start of your next turn."""
    enc = duel(map_=True).start()
    enc.move("Hero", (1, 2))
    ac = enc.creature("Ally").ac.value
    enc.protect("Hero", "Ally")
    assert enc.creature("Ally").ac.value == ac + 4
    assert "cramped" in enc.state("Hero")["conditions"]
    refused(enc, enc.protect, "Hero", "Orc", match="ally")


def test_a_sleeping_creature_takes_no_actions_until_woken():
    """"Asleep / Sleeping: While asleep, you are Helpless. A sleeping creature naturally
    awakens ... if they take any HP damage, or if roused"; Wake Up is a Big Action
    ("COMBAT ACTIONS for BEGINNERS") (000_8d1d7816ee944f3b.txt)."""
    enc = duel().start()
    enc.add_condition("Ally", "asleep")
    enc.end_turn(next="Ally")
    left = enc.actions_left("Ally")
    assert (left.big, left.little, left.free, left.reactions, left.attacks) == (0, 0, 0, 0, 0)
    refused(enc, enc.attack, "Ally", "Orc", match="no Big Action")
    refused(enc, enc.free, "Ally", match="no actions")
    # Hero (next round) rouses it: a Big Action
    enc.end_turn(next="Orc").end_turn(next="Brute").end_turn(next="Hero")
    refused(enc, enc.act, "Hero", "wake_up", match="name the creature")
    refused(enc, enc.act, "Hero", "wake_up", target="Orc", match="not asleep")
    enc.act("Hero", "wake_up", target="Ally")
    assert "asleep" not in enc.state("Ally")["conditions"]
    assert enc.actions_left("Hero").big == 1
    enc.end_turn(next="Ally")
    assert enc.actions_left("Ally").big == 2


def test_a_knocked_out_creature_wakes_after_a_full_round_action():
    """"Awakening a character knocked out in this manner requires a Full-Round Action spent
    attempting to awaken the creature" (000_8d1d7816ee944f3b.txt, "Knockout Strike (Attack
    Action, No AOO)"): it wakes when the action completes, at the waker's next turn."""
    enc = duel().start()
    enc.add_condition("Ally", "unconscious")  # above 0 HP: knocked out, stable
    assert enc.state("Ally")["status"] == "unconscious"
    refused(enc, enc.act, "Hero", "wake_up", target="Ally", match="knocked out")
    enc.act("Hero", "awaken_knocked_out", target="Ally")
    assert enc.state("Hero")["full_round"] == "awaken_knocked_out"
    assert enc.state("Ally")["status"] == "unconscious"  # not yet
    enc.end_turn(next="Orc").end_turn(next="Brute")
    # Ally is still out: chosen last, it can do nothing
    enc.end_turn(next="Ally")
    assert enc.actions_left("Ally").big == 0
    enc.end_turn(next="Hero")  # the round ends; Hero's next turn completes the action
    assert enc.state("Ally")["status"] == "conscious"
    done = enc.log.of_kind("full_round_complete")[-1]
    assert done.target == "Ally" and done.data["action"] == "awaken_knocked_out"
