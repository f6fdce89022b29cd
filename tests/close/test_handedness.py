"""Handedness, two weapons and shields, and natural weapons' follow-up, tail, Pounce and Rake.

000_8d1d7816ee944f3b.txt, "Handedness & Using Both Hands (Two Weapon Fighting)",
"Natural Weapons (also called “Natural Attacks”)", "Common Natural Weapons".
"""

from __future__ import annotations

import pytest

from lfgcombat import Creature
from lfgcombat.attacks import consecutive_attack_penalty
from lfgcombat.errors import IllegalActionError
from lfgcombat.handedness import (Hand, HandednessError, check_rake, check_tail_target,
                                  defensive_shield_bonus, follow_up_attack, is_off_hand,
                                  parse_handedness, pounce_attacks, two_shields)


def test_handedness() -> None:
    assert parse_handedness("Left-handed") is Hand.LEFT
    assert is_off_hand("left", "right") and not is_off_hand("right", "right")
    assert not is_off_hand("left", "right", ambidextrous=True)
    with pytest.raises(HandednessError, match="handedness"):
        parse_handedness("both")


def test_level_2_claw_and_bite_example() -> None:
    """"A level 2 creature with both a Claw & Bite Attack who surprises a foe could make a
    Claw Attack first, then spend a Reaction to make a Bite attack!"."""
    wolfish = Creature.from_dict({"name": "beast", "level": 2, "max_hp": 20})
    assert int(wolfish.attacks_per_turn) == 1            # one attack on its turn...
    f = follow_up_attack(weapons=["claw", "bite"], struck_with="claw", struck_flat_footed=True,
                         used_this_turn=False, reaction_available=True)
    assert f.weapon == "bite" and f.counts_as_aoo      # ...and the bite as a Reaction
    # alternating weapons: only -1 C.A.P.
    assert consecutive_attack_penalty(["claw", "bite"]) == -1


@pytest.mark.parametrize("change, why", [
    ({"struck_flat_footed": False}, "Flat-Footed"),
    ({"used_this_turn": True}, "once per turn"),
    ({"reaction_available": False}, "Reaction"),
    ({"struck_with": "bite"}, "primary"),
    ({"weapons": ["claw"]}, "2\\+ weapons"),
    ({"second": "tail"}, "not another"),
])
def test_follow_up_refusals(change, why) -> None:
    args = dict(weapons=["claw", "bite"], struck_with="claw", struck_flat_footed=True,
                used_this_turn=False, reaction_available=True)
    args.update(change)
    with pytest.raises(IllegalActionError, match=why):
        follow_up_attack(**args)


def test_two_weapon_off_hand_follow_up() -> None:
    f = follow_up_attack(weapons=["longsword", "dagger"], struck_with="longsword",
                         struck_flat_footed=True, used_this_turn=False,
                         reaction_available=True, natural=False)
    assert f.weapon == "dagger" and "Handedness" in f.rule


def test_shields() -> None:
    assert two_shields(2, 3).shield_rating == 4      # 3 + half of 2
    assert two_shields(1, 4).attack_penalty == -2 and not two_shields(1, 4).somatic_spells
    assert defensive_shield_bonus(two_weapons=True, fighting_defensively=True) == 1
    assert defensive_shield_bonus(two_weapons=False, fighting_defensively=True) == 0
    with pytest.raises(HandednessError, match="rating_b"):
        two_shields(1, -1)


def test_tail_pounce_rake() -> None:
    check_tail_target("orc", ["goblin"])
    with pytest.raises(IllegalActionError, match="bitten"):
        check_tail_target("goblin", ["goblin"])
    assert pounce_attacks(["claw", "claw", "bite"]) == ("claw", "bite")
    with pytest.raises(IllegalActionError, match="2 different"):
        pounce_attacks(["claw", "claw"])
    check_rake(in_grapple=True, won_check=True, purpose="pin", reaction_available=True)
    with pytest.raises(IllegalActionError, match="grapple"):
        check_rake(in_grapple=False, won_check=True, purpose="damage", reaction_available=True)
    with pytest.raises(HandednessError, match="purpose"):
        check_rake(in_grapple=True, won_check=True, purpose="hug", reaction_available=True)
