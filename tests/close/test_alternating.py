"""Alternating weapons in an encounter: the Consecutive Attack Penalty the turn's own
attacks give, -1 (not -2) for each strike with another weapon than the one before.

000_8d1d7816ee944f3b.txt, "Consecutive Attacks" ("When wielding multiple weapons at the same
time, each Consecutive Attack made with a different weapon than the previous attack suffers
a cumulative -1"), "Consecutive Attack Examples" (the Level 5 Rogue), "Natural Weapons
(also called “Natural Attacks”)" ("only a -1 Consecutive Attack Penalty if you alternate
strikes between different weapons") and "Handedness & Using Both Hands (Two Weapon
Fighting)" ("a cumulative -1 Consecutive Attack Penalty").
"""

from __future__ import annotations

import pytest

from lfgcombat import HexMap
from lfgcombat.rules.attacks import consecutive_attack_penalty
from lfgcombat.engine import Encounter
from lfgcombat.rules.handedness import alternating_strikes, turn_attack_weapons

from encounter.helpers import SWORD, mk, refused

BOW = {"name": "longbow", "damage": "1d8", "crit": "20/x3", "damage_type": "p",
       "range_increment": 100}


def _fight(weapons, *, level: int = 15, orc: dict | None = None, **kw) -> Encounter:
    hero = mk("Hero", level=level, init=40, weapons=weapons, max_hp=300, **kw)
    foe = mk("Orc", max_hp=900, **(orc or {}))
    m = HexMap(8, 6)
    m.place(hero, (2, 2), "party")
    m.place(foe, (3, 2), "foes")
    return Encounter([hero, foe], map=m, seed=5).start()


def _bonuses(enc: Encounter, sequence, **situation) -> list[int]:
    return [int(enc.attack("Hero", "Orc", w, **situation).setup.bonus) for w in sequence]


def test_the_level_5_rogue_strikes_with_sword_then_off_hand_dagger_at_plus_5() -> None:
    """"Level 5 Rogue (HR3, Attack Bonus+6) with Two-Weapon Fighting: They make a Big Action
    sword attack at a +6 Attack Bonus. Their next Big Action strike with their Off-Hand
    dagger suffers a -1 CAP, so it uses a +5 Attack Bonus" ("Consecutive Attack Examples"):
    the encounter reads the switch from the turn's attacks, nobody says ``alternating``."""
    enc = _fight(["shortsword", "dagger"], level=5, cls="rogue", abilities={"dex": 16},
                 off_hand="dagger")
    assert enc.attack("Hero", "Orc").setup.bonus.value == 6
    second = enc.attack("Hero", "Orc", hand="off", two_weapon_fighting=True)
    assert second.setup.bonus.value == 5
    assert "-1 each" in second.setup.bonus.explain()


@pytest.mark.parametrize("weapons, sequence", [
    ([SWORD, "dagger"], ["longsword", "dagger", "longsword"]),          # a weapon in each hand
    ([{"name": "claw"}, {"name": "bite"}], ["claw", "bite", "claw"]),   # natural weapons
    ([SWORD, {"name": "bite"}], ["longsword", "bite", "longsword"]),    # wielded + natural
    ([SWORD, "dagger"], ["longsword", "longsword", "dagger"]),          # one switch of two
    ([SWORD, "dagger"], ["dagger", "dagger", "dagger"]),                # no switch
    ([SWORD, BOW], ["longsword", "longbow"]),                           # a bow is not in hand
    ([SWORD], ["longsword", "longsword"]),
])
def test_the_penalty_is_the_texts_cumulative_count(weapons, sequence) -> None:
    """Every attack of the turn is at the first one's bonus plus the text's cumulative
    C.A.P. (-2 for the same weapon, -1 for another one held at the same time), the
    weapon's own bonus apart (:func:`lfgcombat.rules.attacks.consecutive_attack_penalty` is
    the text's count for weapons wielded together)."""
    enc = _fight(weapons)
    got = _bonuses(enc, sequence)
    fresh = [int(_fight(weapons).attack("Hero", "Orc", w).setup.bonus) for w in sequence]
    together = not any(w == "longbow" for w in sequence)
    want = [fresh[i] + (consecutive_attack_penalty(sequence[:i + 1]) if together else -2 * i)
            for i in range(len(sequence))]
    assert got == want


def test_the_turn_of_alternation_is_the_attackers_own() -> None:
    """The next turn starts a new count; an earlier attack that was no weapon's (a Wrestling
    maneuver: its touch attack is the turn's attack too) is never a switch."""
    enc = _fight([SWORD, "dagger"])
    first = int(enc.attack("Hero", "Orc", "longsword").setup.bonus)
    enc.attack("Hero", "Orc", "dagger")
    enc.end_turn()   # the Orc's turn
    enc.end_turn(next="Hero")  # a new round: the Orc chooses the Hero
    assert enc.current == "Hero"
    assert int(enc.attack("Hero", "Orc", "longsword").setup.bonus) == first
    hero = mk("Hero", level=15, init=40, weapons=[SWORD, "dagger"], max_hp=300)
    assert alternating_strikes(hero, ["?"], "dagger") == 0
    assert alternating_strikes(hero, ["longsword", "?"], "dagger") == 0
    assert alternating_strikes(hero, ["?", "longsword"], "dagger") == 1
    assert alternating_strikes(hero, [None], "dagger") == 1   # None: the first weapon
    # a Shield Bash between two strikes: its attack is no weapon's
    enc = _fight([SWORD, "dagger"], shield_rating=2,
                 orc={"skills": {"wrestling": 60}})  # the bash never moves the Orc
    enc.attack("Hero", "Orc", "longsword")
    enc.shield_bash("Hero", "Orc")
    assert turn_attack_weapons(enc.log, "Hero", 2) == ["longsword", "?"]
    dagger = enc.attack("Hero", "Orc", "dagger").setup
    assert "-2 each" in dagger.bonus.explain() and "C.A.P.: -1" not in dagger.bonus.explain()


def test_a_wrong_alternating_is_refused_and_changes_nothing() -> None:
    """``alternating`` is the encounter's to read: a claim the turn's attacks contradict is
    refused naming the rule, and nothing is spent or rolled."""
    enc = _fight([SWORD, "dagger"])
    enc.attack("Hero", "Orc", "longsword")
    e = refused(enc, enc.attack, "Hero", "Orc", "longsword", alternating=True,
                match="0 of 1 strike")
    assert "Handedness" in str(e)
    refused(enc, enc.attack, "Hero", "Orc", "dagger", alternating=False, match="1 of 1")
    claws = _fight([{"name": "claw"}, {"name": "bite"}])
    claws.attack("Hero", "Orc", "claw")
    e = refused(claws, claws.attack, "Hero", "Orc", "claw", alternating=True)
    assert "Natural Weapons" in str(e)
    # agreeing is allowed
    assert int(enc.attack("Hero", "Orc", "dagger", alternating=True).setup.bonus) == \
        int(_fight([SWORD, "dagger"]).attack("Hero", "Orc", "dagger").setup.bonus) - 1


def _touch_roll(enc: Encounter):
    return next(e for e in reversed(list(enc.log)) if e.kind == "roll"
                and e.data["label"].startswith("Touch attack"))


@pytest.mark.parametrize("maneuver", ["trip", "shield_bash"])
def test_a_maneuvers_touch_attack_takes_the_turns_consecutive_attack_penalty(maneuver) -> None:
    """A Wrestling maneuver or a Shield Bash is one of the turn's attacks ("Make an Unarmed
    Melee Touch Attack Roll"): made after a strike it suffers the -2 C.A.P. ("Additional
    attacks made on your Turn suffer a -2 Consecutive Attack Penalty", "Consecutive
    Attacks"; never the -1 of another weapon: inferred, the unarmed touch is no weapon the
    attacker holds), shown on the roll; made first it has none."""
    def do(enc):
        if maneuver == "trip":
            enc.wrestle("Hero", "Orc", "trip")
        else:
            enc.shield_bash("Hero", "Orc")
        return _touch_roll(enc)
    first = do(_fight([SWORD], shield_rating=2))
    enc = _fight([SWORD], shield_rating=2, orc={"skills": {"wrestling": 60}})
    enc.attack("Hero", "Orc")
    second = do(enc)
    assert second.data["total"] - second.data["natural"] == \
        first.data["total"] - first.data["natural"] - 2
    assert "C.A.P. -2: 1 earlier attack(s)" in second.data["label"]
    assert "C.A.P." not in first.data["label"]
