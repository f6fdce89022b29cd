"""``Encounter(..., ruleset="wounds")`` end to end through the policies (003_de0e94afd49609a7.txt):
"Combat Statistics" (Nat 1 -5, Nat 20 +5, confirmation, the critical choice, Instant Kill),
"Prowess is added directly to your Defense", "Total Defense is an action you can take in
combat", "Any attack made against a character wearing a shield", "When a character is
subject to a damage-dealing effect", "Barrier represents", "Shell operates similarly", "As
mentioned in the previous Tip" (AOO), "Attacking an enemy usually involves spending your
Half Action"."""

from __future__ import annotations

import pytest

from lfgcombat import Creature, Encounter
from lfgcombat.dice import ScriptedRoller
from lfgcombat.errors import IllegalActionError, LfgError
from lfgcombat.rulesets import Ruleset
from lfgcombat.rulesets.wounds.turn import WoundsFighter


def ash(**extra):
    return Creature.from_dict({
        "name": "Ash", "level": 3, "max_hp": 20, "kind": "pc", "ruleset": ["wounds"],
        "abilities": {"str": 14, "dex": 12, "con": 12}, "prowess": 2,
        "good_saves": ["fort", "ref"], "weapons": ["longsword"],
        "shield": {"parry_bonus": 1, "hardness": 5, "hp": 15, "armor_check_penalty": -1},
        **extra})


def orc(name="Orc", **extra):
    return Creature.from_dict({
        "name": name, "level": 2, "max_hp": 15, "ruleset": ["wounds"],
        "abilities": {"str": 16, "dex": 10, "con": 14}, "prowess": 1,
        "good_saves": ["fort", "will"], "weapons": ["greataxe"], **extra})


#: wounds' inferred default initiative (DEFAULT_INITIATIVE): a roll each round
WOUNDS_RBR = Ruleset("wounds", initiative="round_by_round")


def fight(seed=7, **kw):
    enc = Encounter([ash(), orc()], sides={"party": ["Ash"], "foes": ["Orc"]},
                    ruleset=WOUNDS_RBR, seed=seed, **kw)
    enc.start()
    return enc


def play_out(enc, rounds=8):
    for _ in range(rounds * 2):
        if enc.state("Ash").dead or enc.state("Orc").dead:
            return enc
        n = enc.acting[0]
        enc.attack(n, "Orc" if n == "Ash" else "Ash")
        if not enc.state("Orc").dead and not enc.state("Ash").dead:
            enc.attack(n, "Orc" if n == "Ash" else "Ash",
                       critical_choice="wounds" if n == "Ash" else "multiply")
        enc.end_turn()
    return enc


def test_a_seeded_wounds_fight_plays_saves_loads_and_replays(tmp_path):
    enc = play_out(fight())
    kinds = {e.kind for e in enc.log}
    assert {"attack", "damage", "health", "turn_rules"} <= kinds
    assert enc.state("Ash").dead or enc.state("Orc").dead
    path = enc.save(tmp_path / "wounds.jsonl")
    again = Encounter.load(path)
    assert [str(e) for e in again.log] == [str(e) for e in enc.log]
    assert again.state("Orc").to_dict() == enc.state("Orc").to_dict()
    assert again.state("Ash").vitals == enc.state("Ash").vitals
    # the same seed plays the same fight
    assert [str(e) for e in play_out(fight()).log] == [str(e) for e in enc.log]


def test_the_state_reports_wounds_barrier_shell_and_the_shield():
    enc = Encounter([ash(barrier="10/100", shell=50), orc()],
                    sides={"party": ["Ash"], "foes": ["Orc"]}, ruleset="wounds", seed=1)
    s = enc.state("Ash")
    assert (s.hp, s.max_hp) == (20, 20)
    assert s.vitals["wounds"] == s.vitals["wounds_max"] == 12  # CON score (inferred)
    assert s.vitals["barrier"] == "Barrier 10/100" and s.vitals["shell"] == 50
    assert s.vitals["parries_left"] == 1 and s.vitals["shield_hp"] == 15


def test_damage_barrier_then_shell_then_hp_then_wounds():
    """"a Barrier with a strength of 10 and a total of 100 would block up to 10 damage per
    attack"; "a Shell of 50 will absorb 50 damage in one go"; "If a character's Hit Points
    reach 0 [...] they instead take Wound Damage"."""
    enc = Encounter([ash(barrier="10/100", shell=50), orc()],
                    sides={"party": ["Ash"], "foes": ["Orc"]}, ruleset="wounds", seed=1)
    enc.damage("Ash", 65)         # Barrier 10, Shell 50, 5 HP
    s = enc.state("Ash")
    assert (s.hp, s.vitals["barrier"], s.vitals["shell"]) == (15, "Barrier 10/90", 0)
    enc.damage("Ash", 30)         # Barrier 10, 15 HP, 5 Wounds
    s = enc.state("Ash")
    assert (s.hp, s.vitals["wounds"], s.status) == (0, 7, "wounded")
    enc.damage("Ash", 30)         # Barrier 10, 20 Wounds: dead at 0 Wounds (inferred)
    assert enc.state("Ash").dead and enc.state("Ash").status == "dead"
    with pytest.raises(IllegalActionError, match="nonlethal"):
        Encounter([ash(), orc()], sides={"party": ["Ash"], "foes": ["Orc"]},
                  ruleset="wounds", seed=1).damage("Ash", 3, nonlethal=True)


def test_two_half_actions_a_turn():
    """A turn of two Half Actions (inferred), each an attack, a move or Total Defense."""
    enc = fight()
    n = enc.acting[0]
    other = "Orc" if n == "Ash" else "Ash"
    assert enc.actions_left(n).big == 2 and enc.state(n).budget["half_actions"] == 2
    enc.attack(n, other)
    enc.attack(n, other)
    with pytest.raises(IllegalActionError, match="no Half Action"):
        enc.attack(n, other)
    assert enc.actions_left(n).big == 0


def test_total_defense_plus_4_and_no_aoo():
    """"grants you a +4 bonus to your AC until the beginning of your next turn. You cannot
    make attacks of opportunity whilst in Total Defense\""""
    enc = fight()
    n = enc.acting[0]
    other = "Orc" if n == "Ash" else "Ash"
    enc.act(n, "total_defense")
    assert enc.state(n).vitals["total_defense"] and enc.actions_left(n).big == 1
    enc.end_turn()
    assert enc.acting == [other]
    enc.attack(other, n)
    attack = [e for e in enc.log if e.kind == "attack"][-1]
    base = 10 + (2 + 1 if n == "Ash" else 1 + 0)  # Prowess + DEX
    assert attack.data["against"] == base + 4
    with pytest.raises(IllegalActionError, match="in Total Defense: \"You cannot make attacks "
                       "of opportunity whilst in Total Defense\""):
        enc.attack(n, other, aoo=True)


def test_aoo_count_is_one_plus_dex():
    """"You may make a number of Attacks of Opportunity each round equal to 1 + your
    Dexterity modifier (minimum 0)": the Orc (DEX 10) has one."""
    enc = fight()
    if enc.acting[0] == "Orc":
        enc.end_turn()
    assert enc.acting == ["Ash"]
    enc.attack("Orc", "Ash", aoo=True)  # out of its turn
    with pytest.raises(IllegalActionError, match="no Attack of Opportunity left"):
        enc.attack("Orc", "Ash", aoo=True)
    assert enc.state("Orc").vitals["aoo_left"] == 0


def test_the_shield_parries_as_many_attacks_a_turn_as_its_parry_bonus():
    """"A shield may be used to attempt to deflect a number of attacks per turn equal to its
    Parry Bonus. When a shield is used to successfully deflect an attack, the shield takes
    the damage in place of its wielder\""""
    found = None
    for seed in range(60):
        enc = fight(seed)
        if enc.acting[0] == "Ash":
            enc.end_turn()
        enc.attack("Orc", "Ash")
        enc.attack("Orc", "Ash")
        parries = [e for e in enc.log if e.kind == "health" and e.target == "Ash"
                   and any("parry" in x for x in e.data["events"])]
        assert len(parries) <= 1  # Parry Bonus 1: one attempt this turn
        if parries and "deflected;" in parries[0].data["events"][0]:
            found = enc
            break
    assert found is not None
    assert found.state("Ash").vitals["parries_left"] == 0
    assert found.state("Ash").vitals["shield_hp"] < 15
    outcomes = [e.data["outcome"] for e in found.log if e.kind == "attack"
                and "outcome" in e.data]
    assert "parried" in outcomes
    # the shield took the parried attack's damage: Ash took only the others'
    hurt = [e for e in found.log if e.kind == "damage" and e.target == "Ash"]
    assert len(hurt) == sum(o in ("hit", "critical") for o in outcomes)


def _encounter_attack(faces, attacker, target, choice="multiply", **kw):
    from lfgcombat.rulesets.wounds.ruleset import WOUNDS
    roller = ScriptedRoller(1, faces)
    rec = WoundsFighter.of(target)
    return WOUNDS.attacks.encounter_attack(roller, attacker, target, "longsword",
                                           attacker_record=WoundsFighter.of(attacker),
                                           target_record=rec, critical_choice=choice,
                                           **kw)


def test_go_to_wounds_and_the_players_instant_kill():
    """Go to Wounds: "you may inflict normal damage, but it goes straight to to Wounds";
    "If another natural 20 is rolled when confirming [...] the player (Not normally
    available to npcs or monsters) may roll [...] if the player rolls another natural 20
    then the target is instantly slain"."""
    target = orc()
    hit = _encounter_attack([(20, 20), (20, 11), (8, 5)], ash(), target, "wounds")
    assert hit.critical and hit.damage == 7 and hit.target_after.vitals.hp == 15
    assert hit.target_after.vitals.wounds == 14 - 7
    kill = _encounter_attack([(20, 20), (20, 20), (20, 20), (8, 1), (8, 1)], ash(), target)
    assert kill.detail.attack.instant_kill and kill.target_after.dead
    npc = Creature.from_dict({**ash().to_dict(), "kind": "npc", "name": "Npc"})
    no_kill = _encounter_attack([(20, 20), (20, 20), (8, 1), (8, 1)], npc, target)
    assert no_kill.detail.attack.instant_kill_roll is None and not no_kill.target_after.dead


def test_nat_1_and_nat_20_in_the_encounter():
    """"A natural 1 on the roll applies an automatic -5 [...] a natural 20 results in a +5\""""
    one = _encounter_attack([(20, 1)], ash(), orc(), parry=False)
    assert one.outcome == "miss" and "(Nat 1: -5)" in one.text
    assert one.detail.attack.total == 1 + 4 - 5


def test_refusals():
    with pytest.raises(LfgError, match="written for wounds, not lfg|not wounds"):
        Encounter([ash(), Creature.from_dict({"name": "L", "level": 1, "max_hp": 8,
                                              "ruleset": ["lfg"]})],
                  sides={"a": ["Ash"], "b": ["L"]}, ruleset="wounds")
    enc = fight()
    n = enc.acting[0]
    with pytest.raises(LfgError, match="not part of a wounds attack"):
        enc.attack(n, "Orc" if n == "Ash" else "Ash", flanking=True)
    with pytest.raises(LfgError, match="critical_choice"):
        enc.attack(n, "Orc" if n == "Ash" else "Ash", critical_choice="both")
    with pytest.raises(IllegalActionError, match="no Heroic Action"):
        enc.heroic_action(n, "str")
    with pytest.raises(IllegalActionError, match="Stabilize|not an action"):
        enc.act(n, "stabilize", target="Orc")
    before = [str(e) for e in enc.log]
    with pytest.raises(IllegalActionError):
        enc.attack(n, n)
    assert [str(e) for e in enc.log] == before  # a refusal changes nothing
    assert Ruleset("wounds").name == "wounds"


def test_a_flat_footed_target_is_named_by_the_catalogue_s_label():
    """003_de0e94afd49609a7.txt, "Defense = 10+ Prowess + Dex + Talents + Conditions +
    Circumstance" and "you add your Prowess as a Dodge bonus": under Top-Down a creature
    that has not acted is Flat-Footed (the encounter's effect), passed to the attack as the
    wounds catalogue names it ("Flat Footed"), never as ``str(Condition.FLAT_FOOTED)``; its
    Defense loses Prowess."""
    from lfgcombat import Creature
    from lfgcombat.rulesets import Ruleset
    from lfgcombat.rulesets.wounds.defense import defense

    def fighter(name: str, prowess: int) -> Creature:
        return Creature.from_dict({"name": name, "level": 3, "max_hp": 20,
                                   "ruleset": ["wounds"], "good_saves": ["fort", "ref"], "prowess": prowess,
                                   "weapons": ["longsword"]})
    enc = Encounter([fighter("Ash", 2), fighter("Orc", 3)],
                    sides={"party": ["Ash"], "foes": ["Orc"]},
                    ruleset=Ruleset("wounds", initiative="top_down"), seed=4).start()
    who = enc.current
    other = "Orc" if who == "Ash" else "Ash"
    enc.attack(who, other)
    attack = [e for e in enc.log if e.kind == "attack" and not e.command][-1]
    assert attack.data["modifiers"] == [f"{other} is Flat Footed"]
    assert attack.data["against"] == defense(0, 0)           # no Prowess: its Dodge bonus
