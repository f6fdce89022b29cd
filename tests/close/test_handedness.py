"""Handedness, two weapons and shields, and natural weapons' follow-up, tail, Pounce and Rake.

000_8d1d7816ee944f3b.txt, "Handedness & Using Both Hands (Two Weapon Fighting)",
"Natural Weapons (also called “Natural Attacks”)", "Common Natural Weapons".
"""

from __future__ import annotations

import pytest

from lfgcombat import Creature
from lfgcombat.rules.attacks import consecutive_attack_penalty
from lfgcombat.errors import IllegalActionError
from lfgcombat.rules.handedness import (Hand, HandednessError, check_rake, check_tail_target,
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


# ------------------------------------------------------------------ the hand picks the weapon


def _duelist(**kw):
    from encounter.helpers import mk
    return mk("Duelist", init=40, weapons=["longsword", "dagger"], off_hand="dagger", **kw)


def _duel(**kw):
    from lfgcombat import HexMap
    from lfgcombat.engine import Encounter
    from encounter.helpers import mk
    duelist, orc = _duelist(**kw), mk("Orc", max_hp=300)
    m = HexMap(8, 5)
    m.place(duelist, (2, 2), "a")
    m.place(orc, (3, 2), "b")
    return Encounter([duelist, orc], map=m, seed=3).start()


def _last_attack(enc):
    return next(e for e in reversed(list(enc.log)) if e.kind == "attack")


def test_the_creature_file_puts_a_weapon_in_the_off_hand() -> None:
    """"Any attacks made with only your Off-Hand suffer a -2 penalty. (Wielding a 1-Handed
    weapon in your Off-hand increases this penalty to -4)"; "you may choose to attack with
    either weapon whenever you strike" ("Handedness & Using Both Hands (Two Weapon
    Fighting)"): ``off_hand: dagger`` -> the longsword is the main hand's (the default), the
    dagger (light) strikes at -2, by name or with ``hand="off"``."""
    from lfgcombat import Creature
    from lfgcombat.engine import Encounter
    from encounter.helpers import mk
    d = _duelist()
    assert Creature.from_dict(d.to_dict()).to_dict()["off_hand"] == "dagger"
    enc = _duel()
    r = enc.attack("Duelist", "Orc")
    assert _last_attack(enc).data["weapon"] == "longsword"
    assert "off hand" not in r.setup.bonus.explain()
    enc = _duel()
    r = enc.attack("Duelist", "Orc", hand="off")
    assert _last_attack(enc).data["weapon"] == "dagger"
    assert "off hand: -2" in r.setup.bonus.explain()
    by_name = _duel().attack("Duelist", "Orc", "dagger")
    assert int(by_name.setup.bonus) == int(r.setup.bonus)
    # the same dagger held without an off_hand: key strikes at +2 more
    free = mk("Duelist", init=40, weapons=["longsword", "dagger"])
    m = Encounter([free, mk("Orc", max_hp=300)], seed=3,
                  sides={"a": ["Duelist"], "b": ["Orc"]}).start()
    assert int(m.attack("Duelist", "Orc", "dagger").setup.bonus) == int(r.setup.bonus) + 2


def test_ambidextrous_strikes_with_the_off_hand_without_penalty() -> None:
    """"The Ambidextrous Feat allows you to use either hand as your main hand"."""
    plain = _duel().attack("Duelist", "Orc", hand="off")
    ambi = _duel(ambidextrous=True).attack("Duelist", "Orc", hand="off")
    assert int(ambi.setup.bonus) == int(plain.setup.bonus) + 2
    assert "off hand" not in ambi.setup.bonus.explain()


def test_a_bad_hand_is_refused() -> None:
    from encounter.helpers import refused
    from lfgcombat import Creature
    from lfgcombat.creature import CreatureError
    enc = _duel()
    refused(enc, enc.attack, "Duelist", "Orc", hand="left", match="main' or 'off")
    refused(enc, enc.attack, "Duelist", "Orc", "longsword", hand="off", match="not the off")
    with pytest.raises(CreatureError, match="off_hand"):
        Creature.from_dict({"name": "X", "class": "fighter", "level": 1,
                            "weapons": ["longsword"], "off_hand": "axe"})
    with pytest.raises(CreatureError, match="only weapon"):
        Creature.from_dict({"name": "X", "class": "fighter", "level": 1,
                            "weapons": ["dagger"], "off_hand": "dagger"})


def _struck_flat_footed(weapons, weapon=None, **kw):
    """A seed where the Duelist hits the Flat-Footed Orc with ``weapon``; the fight."""
    from lfgcombat import HexMap
    from lfgcombat.engine import Encounter
    from encounter.helpers import mk
    for seed in range(60):
        duelist = mk("Duelist", init=40, weapons=weapons, off_hand="dagger", **kw)
        orc = mk("Orc", max_hp=300)
        m = HexMap(8, 5)
        m.place(duelist, (2, 2), "a")
        m.place(orc, (3, 2), "b")
        enc = Encounter([duelist, orc], map=m, seed=seed).start()
        if enc.attack("Duelist", "Orc", weapon, flat_footed=True).hit:
            return enc
    raise AssertionError("no seed hit")


@pytest.mark.parametrize("listed", [["longsword", "dagger"], ["dagger", "longsword"]])
def test_the_off_hand_reaction_follows_the_main_hand_the_file_names(listed) -> None:
    """"Once per turn, if you strike a Flat-Footed enemy with your Main-Hand melee weapon,
    you may use a Reaction to make a single attack with your Off-Hand Weapon against the
    same foe (counts as an AOO)" ("Handedness & Using Both Hands (Two Weapon Fighting)"):
    with ``off_hand: dagger`` the longsword is the main hand's in whatever order the file
    lists them; the Reaction is the dagger's, at the off hand's -2; a strike with the
    off-hand dagger opens nothing, and no other weapon may take the Reaction."""
    from encounter.helpers import refused
    enc = _struck_flat_footed(listed)   # no weapon named: the main hand's longsword
    fu = enc.follow_up("Duelist", "Orc")
    assert fu.setup.weapon.name == "Dagger" and "off hand: -2" in fu.setup.bonus.explain()
    enc = _struck_flat_footed(listed, "dagger")
    refused(enc, enc.follow_up, "Duelist", "Orc", match="main-hand weapon \\(longsword\\)")
    enc = _struck_flat_footed(listed)
    refused(enc, enc.follow_up, "Duelist", "Orc", "longsword", match="off hand's weapon")


def test_an_ambidextrous_off_hand_reaction_takes_no_penalty() -> None:
    """"The Ambidextrous Feat allows you to use either hand as your main hand"."""
    plain = _struck_flat_footed(["longsword", "dagger"]).follow_up("Duelist", "Orc")
    ambi = _struck_flat_footed(["longsword", "dagger"], ambidextrous=True).follow_up(
        "Duelist", "Orc")
    assert int(ambi.setup.bonus) == int(plain.setup.bonus) + 2
    assert "off hand" not in ambi.setup.bonus.explain()
