"""Tests of :mod:`lfgcombat.rules.actions.economy`, from 000_8d1d7816ee944f3b.txt "Taking Your Turn",
"Actions in Combat", "Attacks Per Turn", the conditions that limit actions. Split from the
former tests/test_encounter.py (issue 10); every test names its heading.
"""

from __future__ import annotations

import pytest

from lfgcombat.engine import Encounter

from .helpers import duel, mk, refused


def test_two_big_one_little_and_a_little_in_place_of_a_big():
    """"Taking Your Turn": "2 Big Actions and 1 Little Action"; "Little Actions": "You can
    always replace a Big Action with a Little Action"."""
    enc = duel().start()
    enc.act("Hero", "survey")
    enc.act("Hero", "survey")
    refused(enc, enc.act, "Hero", "survey", match="no Big Action")
    enc.act("Hero", "get_item")
    refused(enc, enc.act, "Hero", "get_item", match="no Little Action")
    enc2 = duel().start()
    enc2.act("Hero", "get_item")
    enc2.act("Hero", "pick_up_item")  # in place of a Big Action
    assert enc2.actions_left("Hero").big == 1
    assert "in place of a Big Action" in enc2.log.of_kind("spend")[-1].data["slot"]


def test_free_actions_beyond_two_count_as_swift():
    """"Free Action": "Up to 2 Free Actions may be made per turn; any Free Actions used
    beyond this number should be considered Swift Actions"."""
    enc = duel().start()
    enc.free("Hero", "speak")
    enc.free("Hero", "drop_item")
    assert enc.actions_left("Hero").free == 0 and enc.actions_left("Hero").little == 1
    enc.free("Hero", "speak")
    assert enc.actions_left("Hero").little == 0
    assert enc.log.of_kind("spend")[-1].data["slot"] == "swift"


def test_double_and_full_round_actions():
    """"Double Action (DA)": "This consumes both of your Big Actions"; "Full-Round Action
    (FRA)": "not completed until the start of your next turn! You cannot take another action
    (or Reaction) until your FRA is complete"; "You may take a Little Action before"."""
    enc = duel().start()
    enc.act("Hero", "tie_on_slot")
    assert enc.actions_left("Hero").big == 0
    enc2 = duel().start()
    enc2.act("Hero", "survey")
    refused(enc2, enc2.act, "Hero", "tie_on_slot", match="both Big Actions")
    enc3 = duel().start().add_condition("Hero", "ablaze")
    enc3.act("Hero", "get_item")  # a Little Action before the FRA
    enc3.act("Hero", "stop_drop_roll")
    assert enc3.state("Hero")["full_round"] == "stop_drop_roll"
    assert enc3.actions_left("Hero").reactions == 0
    refused(enc3, enc3.free, "Hero", "speak", match="Full-Round")
    enc3.end_turn(next="Orc")
    refused(enc3, enc3.interrupt, "Hero", match="Full-Round|already taken")
    enc3.end_turn(next="Ally").end_turn(next="Brute")
    enc3.end_turn(next="Hero")  # round 2: the FRA completes and puts out the flames
    assert enc3.log.of_kind("full_round_complete")
    assert "ablaze" not in enc3.state("Hero")["conditions"]
    assert enc3.actions_left("Hero").big == 2


def test_one_spell_per_turn_and_low_level_attack_or_cast():
    """"You may only cast 1 Spell Per Turn!"; "Level 1-4: You can only use 1 Big Action to
    Attack or Cast a Spell!" ("COMBAT ACTIONS for BEGINNERS")."""
    cs = [mk("Mage", cls="wizard", level=3, init=40, weapons=[]), mk("Orc")]
    enc = Encounter(cs, sides={"a": ["Mage"], "b": ["Orc"]}, seed=1).start()
    enc.cast("Mage", 1, "sleep")
    refused(enc, enc.cast, "Mage", 1, "sleep", match="1 Spell Per Turn")
    left = enc.actions_left("Mage")
    assert left.big == 1 and left.attacks == 0 and left.spells == 0
    # a level 5+ caster may cast and attack
    cs = [mk("Mage", cls="wizard", level=5, init=40), mk("Orc")]
    enc = Encounter(cs, sides={"a": ["Mage"], "b": ["Orc"]}, seed=1).start()
    enc.cast("Mage", 1)
    assert enc.actions_left("Mage").attacks == 1


def test_attacks_per_turn_by_level():
    """"Attacks Per Turn": level 0-4: 1; 5-9: 2; 10-14: 3; 15+: 4."""
    for level, n in ((3, 1), (7, 2), (12, 3), (16, 4)):
        enc = Encounter([mk("A", level=level, init=40), mk("B")],
                        sides={"a": ["A"], "b": ["B"]}, seed=1).start()
        assert enc.actions_left("A").attacks == n, level


def test_attacks_spend_big_actions_take_the_cap_and_log_every_roll():
    """"Attacks Per Turn": level 5-9 "may use 2 Big Actions per Turn to make an Attack";
    "Additional attacks made on your turn suffer a -2 Consecutive Attack Penalty"."""
    enc = duel().start()
    refused(enc, enc.attack, "Hero", "Orc", aoo=True, match="encounter's to set")
    refused(enc, enc.attack, "Hero", "Hero", match="itself")
    before = len(enc.log)
    enc.attack("Hero", "Orc")
    first = [e for e in list(enc.log)[before:] if e.kind == "attack" and not e.command][0]
    assert enc.actions_left("Hero").big == 1
    assert [e for e in list(enc.log)[before:] if e.kind == "roll"]  # the dice are in the log
    enc.attack("Hero", "Orc")
    second = enc.log.of_kind("attack")[-1]
    assert second.data["bonus"] == first.data["bonus"] - 2
    refused(enc, enc.attack, "Hero", "Orc", match="no attack left")


def test_level_10_makes_two_attacks_with_one_big_action():
    """"At Character Level 10-14: Once per Turn, you may make 2 Attacks as a single Big
    Action" (the text's Level 11 Barbarian: +13, +11, then +9)."""
    enc = Encounter([mk("Barb", level=11, init=40), mk("Orc", max_hp=500)],
                    sides={"a": ["Barb"], "b": ["Orc"]}, seed=3).start()
    enc.attack("Barb", "Orc")
    enc.attack("Barb", "Orc")
    assert enc.actions_left("Barb").big == 1
    enc.attack("Barb", "Orc")
    bonuses = [e.data["bonus"] for e in enc.log.of_kind("attack")]
    assert bonuses[1] == bonuses[0] - 2 and bonuses[2] == bonuses[0] - 4
    assert enc.actions_left("Barb").big == 0


@pytest.mark.parametrize("condition, big, little, swift, reactions", [
    ("staggered", 1, 1, True, 0),     # "Staggered": a single Big Action; No Reactions
    ("stunned", 0, 0, False, 0),      # "Stunned": no Actions, no Reactions
    ("weakened 4", 2, 1, False, 0),   # "Weakened, Stage 4": No Reactions, no Swift
    ("weakened 5", 1, 1, False, 0),   # "Weakened, Stage 5": Only 1 Big Action
    ("agony", 1, 1, True, 1),         # "Agony": "automatically expend a Big Action"
    ("flat_footed", 2, 1, True, 0),   # "Flat-Footed": "You cannot take Reactions"
])
def test_conditions_limit_actions(condition, big, little, swift, reactions):
    """"Conditions – Full Details": the conditions that limit actions."""
    enc = Encounter([mk("A", init=40).with_condition(condition), mk("B")],
                    sides={"a": ["A"], "b": ["B"]}, seed=1).start()
    left = enc.actions_left("A")
    assert (left.big, left.little, left.swift, left.reactions) == (big, little, swift,
                                                                   reactions)
    if not swift:
        refused(enc, enc.drop_prone, "A", match="Swift")
    assert left.notes  # it says why


def test_the_turn_budget_is_a_frozen_value_replaced_on_spend():
    """"Taking Your Turn": spending a Big Action makes a new budget; the old one (and one
    handed out before) is unchanged, and no one can change a budget in place."""
    import dataclasses

    from lfgcombat.engine.state import TurnBudget

    enc = duel().start()
    f = enc._f["Hero"]
    before = f.turn
    enc.attack("Hero", "Orc")
    assert f.turn is not before and f.turn.attacks == 1 and f.turn.big_used == 1
    assert before == TurnBudget() and before.replace(attacks=2).attacks == 2
    with pytest.raises(dataclasses.FrozenInstanceError):
        f.turn.attacks = 5  # type: ignore[misc]
