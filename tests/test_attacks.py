"""Attacks, weapons, criticals, special actions and active defense.

Every worked example of 000_8d1d7816ee944f3b.txt under "Attack Rolls", "Three Attack Types –
Basic, Heavy, Ranged:", "Critical Hits", "Consecutive Attacks", "Killer Criticals (Optional
Rule)", "Active Defense - Active Parry & Active Dodge" and "Resistance" is a test here; the
text's own dice are replayed with a scripted roller.
"""

from __future__ import annotations

import pytest

from lfgcombat import Creature, Roller
from lfgcombat.rules.attacks import (Situation, WeaponError, attack, consecutive_attack_penalty,
                                     coup_de_grace, hits_vs_defense, lookup_weapon, prepare,
                                     range_penalty, resolve_weapon, strength_damage, weapon_line,
                                     weapons_table)
from lfgcombat.rules.bonuses import Bonus
from lfgcombat.creature import load_example
from lfgcombat.errors import IllegalActionError
from lfgcombat.rulesets import Ruleset, RulesetError


class Scripted:
    """Stands in for random.Random: ``randrange(n)`` returns the next scripted face - 1."""

    def __init__(self, faces):
        self.faces = list(faces)

    def randrange(self, n):
        face = self.faces.pop(0)
        assert 1 <= face <= n, f"scripted face {face} does not fit a d{n}"
        return face - 1


def scripted(*faces) -> Roller:
    r = Roller(seed=0)
    r._rng = Scripted(faces)
    return r


def make(name="A", level=5, cls="fighter", **kw) -> Creature:
    d = {"name": name, "level": level, "class": cls}
    d.update(kw)
    return Creature.from_dict(d)


def target(ac=10, vs_crit=None, **kw) -> Creature:
    d = {"name": "T", "level": 3, "max_hp": 40,
         "armor": {"rating": ac - 10, "vs_crit": (vs_crit if vs_crit is not None else ac) - 10}}
    d.update(kw)
    return Creature.from_dict(d)


# --------------------------------------------------------------------------- weapons table

def test_weapons_table_is_valid_and_marks_inferred_stats():
    t = weapons_table()
    assert {"battleaxe", "dagger", "shortsword", "pollaxe", "heavy crossbow", "shortbow",
            "longbow", "unarmed strike", "bite", "claw", "strong bite", "bash"} <= set(t["name"])
    # every weapon whose stats the text does not give in full says so
    assert t.loc[t["name"] == "greataxe", "source"].item().startswith("inferred:")
    assert "inferred" not in t.loc[t["name"] == "battleaxe", "source"].item()
    # "Natural Weapons score Critical Hits on 20/x2"
    nat = t[t["category"] == "natural"]
    assert set(nat["threat"]) == {20} and set(nat["multiplier"]) == {2}


def test_lookup_by_alias_and_strength_rating():
    assert lookup_weapon("Battle Axe").key == "battleaxe"
    bow = lookup_weapon("Longbow(1)")
    assert bow.strength_rating == 1 and bow.multiplier == 3
    with pytest.raises(WeaponError, match="did you mean 'longsword'"):
        lookup_weapon("longswrod")


def test_bad_weapon_entry_names_the_key():
    a = make()
    with pytest.raises(WeaponError, match="did you mean 'damage'"):
        resolve_weapon(a, {"name": "longsword", "damag": "1d10"})
    with pytest.raises(WeaponError, match="must give damage"):
        resolve_weapon(a, {"name": "vorpal spoon"})


# --------------------------------------------------------------------------- attack rolls

def test_shortbow_at_200_feet_range_penalty_and_maximum_range():
    """"Ex: Shortbow(0) (Range Increment = 60 feet); a target 200 feet away ... -6 Range
    penalty ... Maximum Range = 10x60' = 600 feet." ("Attack Rolls")."""
    assert range_penalty(200, 60) == -6
    assert range_penalty(60, 60) == 0          # within one increment: no penalty
    archer = make(abilities={"dex": 14})
    near = prepare(archer, target(), "shortbow(0)", distance_ft=50)
    far = prepare(archer, target(), "shortbow(0)", distance_ft=200)
    assert near.bonus.value - far.bonus.value == 6
    assert prepare(archer, target(), "shortbow", distance_ft=600).mode == "ranged"
    with pytest.raises(IllegalActionError, match="maximum range of 600 ft"):
        prepare(archer, target(), "shortbow", distance_ft=601)
    # "A thrown weapon has a maximum range of five Range Increments" (dagger: 10 ft)
    with pytest.raises(IllegalActionError, match="maximum range of 50 ft"):
        prepare(archer, target(), "dagger", thrown=True, distance_ft=55)


def test_shortsword_annotation_example():
    """"Ex: Shortsword: +3 / 19-20 / x2 / 1d6+1 [s/p]" ("Attack Roll Annotations")."""
    a = make(level=2, abilities={"str": 12})   # HR 2 (High, level 2) + STR 1
    assert weapon_line(a, "shortsword") == "Shortsword: +3 / 19-20 / x2 / 1d6+1 [s/p]"


@pytest.mark.parametrize("weapon, str_score, expected", [
    ("dagger", 12, "1d4+1"),          # "Basic - A dagger ... +1 STRMod deals 1d4+1 [p]"
    ("pollaxe", 16, "1d8+4"),         # "Heavy - A pollaxe ... +3 STRMod deals 1d8+4 [b/p]"
    ("heavy crossbow", 18, "1d10"),   # "Ranged - A heavy crossbow deals 1d10 [p] ..."
    ("dagger", 6, "1d4"),             # "you never have to subtract damage due to a lower strength"
])
def test_three_attack_types(weapon, str_score, expected):
    a = make(abilities={"str": str_score})
    assert str(prepare(a, target(), weapon).damage.normal) == expected


def test_strength_damage_formula():
    assert [strength_damage(k, 3) for k in ("basic", "heavy", "ranged", "unarmed")] == [3, 4, 0, 1]
    assert strength_damage("heavy", -2) == 0


def test_thrown_weapons_deal_basic_damage_and_two_handed_is_heavy():
    a = make(abilities={"str": 16})
    assert str(prepare(a, target(), "spear", thrown=True, distance_ft=20).damage.normal) == "1d8+3"
    assert str(prepare(a, target(), "longsword", two_handed=True).damage.normal) == "1d8+4"


def test_nat20_always_hits_and_nat1_always_misses():
    weak = make(level=0, cls="wizard")
    wall = target(ac=40)
    r = attack(weak, wall, "dagger", scripted(20, 1, 3))    # nat 20; confirm 1 fails; 1d4 = 3
    assert r.hit and not r.critical and r.threat and r.total == 3
    strong = make(level=20, abilities={"str": 30})
    r = attack(strong, target(ac=10), "dagger", scripted(1))
    assert not r.hit and "natural 1" in r.why


def test_touch_attack_targets_touch_ac_and_confirms_against_it():
    t = target(ac=18, vs_crit=17, abilities={"dex": 14})
    s = prepare(make(), t, "unarmed strike", touch=True)
    assert s.ac_name == "TouchAC" and s.ac.value == 12
    assert s.confirm_name == "TouchAC" and s.confirm_ac.value == 12


# --------------------------------------------------------------------------- criticals

def test_critical_hit_example_1_battleaxe():
    """"Critical Hit Example 1: Attacker using a Battleaxe has HR4, 14STR. Target has AC 18,
    ACvsCrit 16. Battleaxe = +6 /20/x3/1d8+2 [s+b]: On an Attack Roll of 20+6 ... rolls
    again, getting a 11+6 ... 3 x (1d8+2) = 3d8+6"."""
    a = make(level=5, abilities={"str": 14})       # fighter 5: HR 4
    assert a.hr.value == 4
    t = target(ac=18, vs_crit=16)
    s = prepare(a, t, "battleaxe")
    assert s.line == "Battleaxe: +6 / 20 / x3 / 1d8+2 [s+b]"
    assert str(s.damage.critical) == "3d8+6"
    r = s.resolve(scripted(20, 11, 4, 5, 6))
    assert r.attack_roll.total == 26 and r.confirm_roll.total == 17
    assert r.critical and r.total == 4 + 5 + 6 + 6
    assert "3d8+6" in r.explain()


def test_critical_hit_example_2_flaming_shortsword():
    """"Critical Hit Example 2: Attacker using a +1 Flaming Shortsword has HR5, 14DEX, 12STR.
    Target has AC19, ACvsCrit19. ... +8 /19-20/x2/ 1d6+2+(1d6fire) [s/p] ... 2d6+4 [s/p]
    +1d6 [fire]" - DO NOT MULTIPLY the fire."""
    a = make(level=6, abilities={"dex": 14, "str": 12})   # HR 5
    sword = {"name": "shortsword", "enhancement": 1, "extra": ["1d6 [fire]"]}
    s = prepare(a, target(ac=19), sword)
    assert s.bonus.value == 8 and str(s.damage.normal) == "1d6+2"
    assert str(s.damage.critical) == "2d6+4"
    assert s.line == "+1 Shortsword: +8 / 19-20 / x2 / 1d6+2 [s/p] + 1d6 [fire]"
    r = s.resolve(scripted(19, 11, 3, 5, 6))
    assert r.attack_roll.total == 27 and r.confirm_roll.total == 19 and r.critical
    assert r.damage_by_type == {"slashing": 3 + 5 + 4, "fire": 6}


def test_failed_confirmation_is_a_normal_hit():
    s = prepare(make(level=5, abilities={"str": 14}), target(ac=18, vs_crit=30), "battleaxe")
    r = s.resolve(scripted(20, 15, 7))
    assert r.hit and r.threat and not r.critical and r.total == 9


def test_critical_always_deals_one_physical_damage_through_dr():
    """"A Successful Critical Hit always inflicts at least 1 point of Physical Damage, even if
    DR would have normally reduced it to 0 damage." ("Damage Resistance X/Y")."""
    golem = target(ac=10, resistances={"dr": "50/-"})
    s = prepare(make(), golem, "dagger")
    assert s.resolve(scripted(20, 20, 1, 1)).total == 1
    assert s.resolve(scripted(10, 4)).total == 0


def test_dr_examples_through_the_damage_plan():
    """Ex1 demon DR10/Mithryl: a steel longsword for 11 deals 1, a Mithryl dagger for 3
    deals 3. Ex2 DR2/-: 5, 8, 2, 4 -> 3, 6, 0, 2."""
    demon = target(resistances={"dr": "10/mithryl"})
    a = make()
    steel = prepare(a, demon, {"name": "longsword", "material": "steel"}).damage
    mithryl = prepare(a, demon, {"name": "dagger", "material": "mithryl"}).damage
    assert steel.physical(11, 0, False).taken == 1
    assert mithryl.physical(3, 0, False).taken == 3
    plan = prepare(a, target(resistances={"dr": "2/-"}), "longbow", distance_ft=30).damage
    assert [plan.physical(x, 0, False).taken for x in (5, 8, 2, 4)] == [3, 6, 0, 2]


def test_battleaxe_against_a_skeleton_uses_bludgeoning():
    """"A skeleton normally resists Slashing damage, but since the axe also deals
    Bludgeoning damage, the skeleton resists none of the damage"."""
    skeleton = target(resistances={"dr": "5/bludgeoning"}, creature_type="undead",
                      abilities={"con": 0})
    plan = prepare(make(), skeleton, "battleaxe").damage
    applied = plan.physical(8, 0, False)
    assert applied.taken == 8 and applied.type.value == "bludgeoning"


def test_helpless_foe_is_struck_automatically_with_a_critical():
    a = make(abilities={"str": 14})
    r = attack(a, target(), "battleaxe", scripted(1, 2, 3), helpless=True, auto_critical=True)
    assert r.attack_roll is None and r.critical and r.total == 1 + 2 + 3 + 6
    with pytest.raises(IllegalActionError, match="not Helpless"):
        prepare(a, target(), "battleaxe", auto_critical=True)


# --------------------------------------------------------------------------- optional rules

def test_killer_critical_example_1_dagger_against_gang_boss():
    """"Ex#1: 8 STR - Dagger Critical Hit against a Gang Boss (Level 5 Fighter, 52HP Max)
    ... 1d4(x2) ... maximum of 8, but ... at least 20% ... 10 damage! ... DR1/AA, so they end
    up taking 9 damage"."""
    a = make(level=3, abilities={"str": 8})
    boss = Creature.from_dict({"name": "Gang Boss", "class": "fighter", "level": 5,
                               "abilities": {"con": 14}, "armor": {"rating": 2},
                               "resistances": {"dr": "1/aa"}})
    assert boss.max_hp.value == 52
    rules = Ruleset("lfg", killer_criticals=True)
    r = attack(a, boss, "dagger", scripted(20, 20, 3, 2), ruleset=rules)
    assert r.critical and r.weapon_rolled == 5 and r.weapon_part == 10 and r.total == 9
    plain = attack(a, boss, "dagger", scripted(20, 20, 3, 2))
    assert plain.total == 4


def test_killer_critical_example_2_longbow_against_the_ogre():
    """"Ex#2: 12STR - Longbow(1) Critical Hit against an Ogre (Level 6 Monster, 74HP Max)
    ... 1d8+1(x3) damage, ranging from 6-27. The attacker rolls 3d8+3, but only rolls 2, 2,
    & 1, for 8 damage total. With the Killer Critical ... 21 Damage to the Ogre."""
    archer = make(level=6, abilities={"str": 12, "dex": 16})
    ogre = load_example("ogre")
    rules = Ruleset("lfg", killer_criticals=True)
    s = prepare(archer, ogre, "Longbow(1)", ruleset=rules, distance_ft=40)
    assert str(s.damage.critical) == "3d8+3"
    assert (s.damage.critical.minimum, s.damage.critical.maximum) == (6, 27)
    r = s.resolve(scripted(20, 20, 2, 2, 1))
    assert r.weapon_rolled == 8 and r.total == 21


def test_killer_critical_only_up_to_one_size_larger():
    tiny = make(size="tiny")
    ogre = load_example("ogre")      # Large: two sizes above Tiny? Tiny -> Large is 3 steps
    s = prepare(tiny, ogre, "dagger", ruleset=Ruleset(killer_criticals=True))
    assert s.damage.killer_minimum is None
    assert any("more than 1 size" in n for n in s.damage.notes)


def test_perfect_critical_deals_maximum_physical_and_breaks_a_limb():
    """"If you roll a Nat20 when confirming ... maximum Physical Damage"; damage at least the
    Injured Threshold breaks or severs a limb."""
    a = make(abilities={"str": 14})
    t = target(ac=10)   # 40 HP: Injured Threshold 10
    rules = Ruleset("lfg", perfect_critical=True)
    r = attack(a, t, "mace", scripted(20, 20, 2), ruleset=rules)   # 2d8+4 max = 20
    assert r.perfect and r.total == 20
    assert "broken_leg" in r.target_after.extra and "prone" in r.target_after.extra
    off = attack(a, t, "mace", scripted(20, 20, 1, 1))
    assert not off.perfect and off.total == 6


def test_ruleset_names():
    assert Ruleset().killer_criticals is False and Ruleset().perfect_critical is False
    assert Ruleset("wounds").name == "wounds"  # plays since issue 13 (tests/wounds)
    with pytest.raises(RulesetError, match="unknown ruleset"):
        Ruleset("gurps")
    with pytest.raises(RulesetError, match="switch"):
        Ruleset("lfg", killer_criticals="yes")
    assert Ruleset(killer_criticals=True).killer_critical_minimum(2, 62) == 12


# --------------------------------------------------------------------------- consecutive attacks

def test_consecutive_attack_examples():
    """"Consecutive Attack Examples": the priest +4 then +2; the rogue +6 then off-hand +5;
    the barbarian +13, +11, +9."""
    assert consecutive_attack_penalty(["mace", "mace"]) == -2
    assert consecutive_attack_penalty(["shortsword", "dagger"]) == -1
    assert [consecutive_attack_penalty(["dane axe"] * n) for n in (1, 2, 3)] == [0, -2, -4]
    priest = make(level=6, cls="priest", abilities={"str": 14})
    assert prepare(priest, target(), "mace").bonus.value == 4
    assert prepare(priest, target(), "mace", previous_attacks=1).bonus.value == 2
    rogue = make(level=5, cls="rogue", abilities={"dex": 16})
    assert prepare(rogue, target(), "shortsword").bonus.value == 6
    assert prepare(rogue, target(), "dagger", previous_attacks=1, alternating=True,
                   off_hand=True, two_weapon_fighting=True).bonus.value == 5
    barbarian = make(level=11, cls="barbarian", abilities={"str": 18})
    assert [prepare(barbarian, target(), "dane axe", previous_attacks=n).bonus.value
            for n in range(3)] == [13, 11, 9]


def test_off_hand_penalties():
    a = make(abilities={"str": 10})
    base = prepare(a, target(), "dagger").bonus.value
    assert prepare(a, target(), "dagger", off_hand=True).bonus.value == base - 2
    assert prepare(a, target(), "longsword", off_hand=True).bonus.value == base - 4
    with pytest.raises(IllegalActionError, match="two-handed"):
        prepare(a, target(), "greatsword", off_hand=True)


# --------------------------------------------------------------------------- special actions

def test_power_attack():
    a = make(abilities={"str": 14})
    plain, pa = prepare(a, target(), "battleaxe"), prepare(a, target(), "battleaxe",
                                                            power_attack=True)
    assert pa.bonus.value == plain.bonus.value - 2
    assert str(pa.damage.normal) == "2d6+2"          # 1d8 -> 1d10 -> 2d6
    assert any("-2 AC" in c for c in pa.consequences)
    with pytest.raises(IllegalActionError, match="single melee attack"):
        prepare(a, target(), "longbow", power_attack=True)


def test_fight_defensively_and_aim():
    a = make(abilities={"dex": 14})
    assert (prepare(a, target(), "longsword", fight_defensively=True).bonus.value
            == prepare(a, target(), "longsword").bonus.value - 4)
    with pytest.raises(IllegalActionError, match="already made an attack"):
        prepare(a, target(), "longsword", fight_defensively=True, previous_attacks=1)
    aimed = prepare(a, target(), "longbow", aim=True)
    assert aimed.bonus.value == prepare(a, target(), "longbow").bonus.value + 1
    assert any(ln.bonus.type and ln.bonus.type.value == "focus" for ln in aimed.bonus.bonuses.lines)
    with pytest.raises(IllegalActionError, match="Aim cannot affect an AOO"):
        prepare(a, target(), "longbow", aim=True, aoo=True)
    with pytest.raises(IllegalActionError, match="ranged attack only"):
        prepare(a, target(), "longsword", aim=True)


def test_knockout_strike_needs_only_bludgeoning():
    a = make(abilities={"str": 16})
    with pytest.raises(IllegalActionError, match="only deals bludgeoning"):
        prepare(a, target(), "battleaxe", knockout=True)
    # a mace hit that leaves the target Injured: FORT Save DC (damage) or unconscious, stable
    t = target(ac=10, current_hp=12)          # 40 max HP, Injured Threshold 10
    r = attack(a, t, "mace", scripted(15, 8, 2), knockout=True)   # 8+3 = 11 damage; save nat 2
    assert r.total == 11 and r.target_after.knocked_out
    assert r.target_after.hp == 1 and r.target_after.bleed == 0
    assert any("Knockout Strike" in c for c in r.consequences)


def test_concealment_miss_chance_and_no_precision():
    a = make(abilities={"dex": 16})
    s = prepare(a, target(), "dagger", concealment="partial", precision="1d6")
    assert s.miss_chance == 20 and s.damage.precision is None
    r = s.resolve(scripted(15, 2))        # hit, then 1d10 = 2: a miss
    assert not r.hit and r.miss.missed
    r = s.resolve(scripted(15, 3, 4))     # 1d10 = 3: no miss
    assert r.hit and r.total == 4 + 0
    clear = prepare(a, target(), "dagger", precision="1d6")
    assert str(clear.damage.precision) == "1d6"


def test_unarmed_and_natural_weapons():
    """"A basic unarmed attack deals 1 [b] damage, plus half your STRMod (minimum 1 dmg).
    Weapon Stats ...: 20 / x2 / 1+[1/2 STRMod] [b]"; no precision damage."""
    strong = make(abilities={"str": 14})
    s = prepare(strong, target(), "punch", precision="2d6")
    assert str(s.damage.normal) == "1+1" and s.weapon.threat == 20 and s.weapon.multiplier == 2
    assert s.damage.precision is None
    assert str(prepare(make(abilities={"str": 6}), target(), "kick").damage.normal) == "1"
    troll = load_example("troll")
    assert str(resolve_weapon(troll, "claw").damage) == "1d6"        # its own entry
    assert str(resolve_weapon(troll, {"name": "strong bite"}).damage) == "1d10"  # Large: +1 step


def test_reach_and_threats():
    a = make()
    with pytest.raises(IllegalActionError, match="Melee Reach of 5 ft"):
        prepare(a, target(), "longsword", distance_ft=10)
    assert prepare(a, target(), "longspear", distance_ft=10).mode == "melee"


def test_flanked_flat_footed_and_cover_change_the_ac():
    t = target(ac=16, abilities={"dex": 14})    # DEX +2 included: armor 6 -> AC 18
    a = make()
    base = prepare(a, t, "longsword").ac.value
    assert prepare(a, t, "longsword", flanked=True).ac.value == base - 2
    ff = prepare(a, t, "longsword", flat_footed=True)
    assert ff.ac_name == "FFAC" and ff.ac.value == base - 2
    assert prepare(a, t, "longsword", cover="good").ac.value == base + 4


def test_active_parry_example_and_limits():
    """"Ex: Level 4 Fighter: 3HR+3str+1weapon training+1mw weapon+2shield-1 Medium Armor =
    +9, Rolls an 11 = Active Parry 20, which acts as AC20 against the incoming attack."."""
    fighter = Creature.from_dict({
        "name": "Parrier", "class": "fighter", "level": 4, "abilities": {"str": 16},
        "shield_rating": 2, "weapons": [{"name": "mace", "masterwork": True}],
        "bonuses": [{"to": "melee_attack", "value": 1, "type": "class",
                     "source": "weapon training"},
                    {"to": "attack", "value": -1, "source": "medium armor"}]})
    orc = make(name="Orc", level=3, abilities={"str": 14})
    s = prepare(orc, fighter, "longsword", active_defense="parry")
    assert s.defense.bonus.value == 9
    r = s.resolve(scripted(13, 11))       # orc 13+5 = 18 vs parry 11+9 = 20: deflected
    assert r.defense_roll.total == 20 and not r.hit
    r = s.resolve(scripted(15, 11, 6))    # 20 vs 20: "less than or equal ... you are struck"
    assert r.hit
    with pytest.raises(IllegalActionError, match="Ranged Attacks"):
        prepare(orc, fighter, "longbow", active_defense="parry")
    with pytest.raises(IllegalActionError, match="Touch Attacks"):
        prepare(orc, fighter, "punch", touch=True, active_defense="parry")
    with pytest.raises(IllegalActionError, match="against an AOO"):
        prepare(orc, fighter, "longsword", aoo=True, active_defense="parry")
    with pytest.raises(IllegalActionError, match="flat-footed"):
        prepare(orc, fighter, "longsword", flat_footed=True, active_defense="parry")
    giant = make(name="Giant", size="huge")
    with pytest.raises(IllegalActionError, match="2\\+ size categories"):
        prepare(giant, fighter, "longsword", active_defense="parry")
    flanked = prepare(orc, fighter, "longsword", active_defense="parry", flanked=True,
                      defense_uses=1)
    assert flanked.defense.bonus.value == 9 - 2 - 2
    # Knockdown: +2 Gear Bonus against foes attempting an Active Parry
    pole = prepare(orc, fighter, "pollaxe", active_defense="parry")
    assert pole.defense.attack_bonus.value == pole.bonus.value + 2


def test_active_dodge_example():
    """"Ex: Level 4 Rogue: 4ranks+3dex+2c = +9 Acrobatics, Rolls a 13+9 = AC & Touch AC22"."""
    rogue = make(name="Rogue", level=4, cls="rogue", abilities={"dex": 16})
    orc = make(name="Orc", level=3, abilities={"str": 14})
    with pytest.raises(IllegalActionError, match="Active Dodger"):
        prepare(orc, rogue, "longsword", active_defense="dodge", acrobatics=9)
    s = prepare(orc, rogue, "longsword", active_defense="dodge", acrobatics=9,
                active_dodger=True)
    r = s.resolve(scripted(16, 13))       # 16+5 = 21 vs 22: dodged
    assert r.defense_roll.total == 22 and not r.hit
    bow = prepare(orc, rogue, "longbow", active_defense="dodge", acrobatics=9,
                  active_dodger=True)
    assert bow.defense.fortune.value == "unfortunate"


@pytest.mark.parametrize("a, d, expected", [
    ((20, 25), (20, 30), False),   # both Nat20: tallied normally
    ((20, 25), (5, 30), True),     # Nat20 attack auto-hits
    ((10, 40), (20, 21), False),   # Nat20 defence auto-deflects
    ((1, 30), (5, 10), False),     # Nat1 attack auto-fails
    ((5, 10), (1, 30), True),      # Nat1 defence auto-fails
    ((1, 12), (1, 11), True),      # both Nat1: tallied normally
    ((10, 20), (10, 20), True),    # ties strike
])
def test_active_defense_nat20_nat1_interplay(a, d, expected):
    assert hits_vs_defense(a[0], a[1], d[0], d[1]) is expected


def test_failed_parry_against_a_threat_confirms_against_ac_vs_crit():
    fighter = make(name="F", level=4, abilities={"str": 16},
                   weapons=[{"name": "mace"}], armor={"rating": 4, "vs_crit": 9})
    orc = make(name="Orc", level=3, abilities={"str": 14})
    s = prepare(orc, fighter, "longsword", active_defense="parry")
    r = s.resolve(scripted(19, 2, 10, 5))   # threat 19 beats the parry; confirm 10+5 vs 19
    assert r.threat and not r.critical and s.confirm_ac.value == 19


# --------------------------------------------------------------------------- coup de grace

def test_coup_de_grace():
    a = make(abilities={"str": 14})
    t = target(max_hp=40, conditions=["unconscious"], current_hp=-1)
    with pytest.raises(IllegalActionError, match="not Helpless"):
        coup_de_grace(a, target(), "battleaxe", Roller(1))
    c = coup_de_grace(a, t, "battleaxe", scripted(12), option=2)
    # max critical 3d8+6 = 30 vs 75% of 40 = 30: 30 either way
    assert c.damage == 30 and c.target_after.hp == -31 and c.target_after.dead
    c1 = coup_de_grace(a, t, "battleaxe", scripted(12), option=1)
    assert c1.killed
    awry = coup_de_grace(a, t, "battleaxe", scripted(1, 1, 1, 1))
    assert awry.awry and awry.damage == 9


# --------------------------------------------------------------------------- refusals

def test_unknown_situation_key_is_refused_with_a_hint():
    with pytest.raises(WeaponError, match="did you mean 'flanked'"):
        prepare(make(), target(), "longsword", flankd=True)
    with pytest.raises(WeaponError, match="concealment"):
        Situation(concealment="foggy")


def test_an_attacker_who_cannot_act_is_refused():
    stunned = make(conditions=["stunned"])
    with pytest.raises(IllegalActionError, match="Big Action"):
        prepare(stunned, target(), "longsword")


def test_same_seed_same_attack():
    a, t = make(abilities={"str": 14}), target(ac=14)
    one = [attack(a, t, "battleaxe", r).row() for r in [Roller(seed=7)] for _ in range(20)]
    two = [attack(a, t, "battleaxe", r).row() for r in [Roller(seed=7)] for _ in range(20)]
    assert one == two and len({x["outcome"] for x in one}) > 1


def test_power_attack_with_dice_off_the_die_size_list():
    """A greataxe's 1d12 is not on the "Damage Die Size" list: it steps like 2d6 (inferred)."""
    from lfgcombat.rules.attacks import step_damage
    from lfgcombat.dice import parse
    assert str(step_damage(parse("1d12"), 2)) == "3d6"
    assert str(step_damage(parse("1d8+2"), 2)) == "2d6+2"
    assert str(prepare(make(abilities={"str": 10}), target(), "greataxe",
                       power_attack=True).damage.normal) == "3d6"


# --------------------------------------------------------------------------- issue 11 fixes


def _dexterous(name="D", **kw) -> Creature:
    """A target whose FFAC is below its AC (DEX 16: it loses its DEXMod when Flat-Footed)."""
    d = {"name": name, "level": 3, "max_hp": 40, "abilities": {"dex": 16},
         "armor": {"rating": 4}}
    d.update(kw)
    return Creature.from_dict(d)


def test_an_invisible_attacker_strikes_the_targets_ffac():
    """000_8d1d7816ee944f3b.txt, "Conditions – Full Details": "Invisible: ... Your opponents
    are Flat-Footed": prepare and attack_odds compare the attack with FFAC (issue 11 #1)."""
    from lfgcombat.rules.attacks.odds import attack_odds
    seen = make("Seen")
    unseen = make("Unseen", conditions=["invisible"])
    t = _dexterous()
    assert t.ff_ac.value < t.ac.value
    s = prepare(unseen, t, "longsword")
    assert (s.ac_name, s.ac.value) == ("FFAC", t.ff_ac.value)
    assert any("Invisible" in n for n in s.notes)
    assert prepare(seen, t, "longsword").ac.value == t.ac.value
    flat = attack_odds(seen, t, "longsword", flat_footed=True)
    assert attack_odds(unseen, t, "longsword").p_hit == flat.p_hit
    # the target is unaware of the invisible attacker: no Active Defense against it
    with pytest.raises(IllegalActionError, match="flat-footed"):
        prepare(unseen, _dexterous(weapons=[{"name": "longsword"}]), "longsword",
                active_defense="parry")
    assert t == _dexterous()  # the target value is unchanged


def test_an_invisible_target_keeps_its_miss_chance_and_its_ac():
    """"Attacks made against you suffer 50% miss chance (You have Total Concealment)"; the
    target's own invisibility does not make it Flat-Footed."""
    t = _dexterous(conditions=["invisible"])
    s = prepare(make(), t, "longsword")
    assert s.miss_chance == 50 and s.ac_name == "AC" and s.ac.value == t.ac.value


def test_an_invisible_attacker_in_an_encounter_strikes_ffac():
    """Encounter.attack goes through prepare, so it uses FFAC too (issue 11 #1)."""
    from lfgcombat import Encounter
    sword = {"name": "longsword"}
    hero = make("Hero", conditions=["invisible"], initiative_rating=40, weapons=[sword])
    foe = _dexterous("Foe", weapons=[sword])
    enc = Encounter([hero, foe], sides={"a": ["Hero"], "b": ["Foe"]}, seed=3).start()
    enc.attack("Hero", "Foe")
    event = enc.log.of_kind("attack")[-1]
    assert event.data["against"] == foe.ff_ac.value != foe.ac.value


def test_a_creature_cannot_attack_itself():
    """"How do I attack an enemy?" ("Attack Rolls"): attack, prepare and attack_odds refuse
    a creature attacking itself, citing the rule, and roll nothing (issue 11 #5)."""
    from lfgcombat.rules.attacks.odds import attack_odds
    a = make("Dire Wolf")
    roller = Roller(seed=1)
    for call in (lambda: attack(a, a, "bite", roller), lambda: prepare(a, a, "bite"),
                 lambda: attack_odds(a, a, "bite")):
        with pytest.raises(IllegalActionError, match="itself") as e:
            call()
        assert 'Attack Rolls' in str(e.value)
    assert roller.history == []


def test_plain_weapon_names_work_wherever_a_weapon_entry_is_read():
    """``weapons: ["longsword"]`` is a form Creature.from_dict accepts (issue 11 #4): the
    creature's weapon resolves, and its Active Parry finds the weapon to parry with."""
    from lfgcombat.rules.attacks import weapon_entries
    from lfgcombat.rules.attacks.defense import parry_bonus
    from lfgcombat.rules.attacks import Situation as S
    a = make(weapons=["longsword", "Longbow(1)"])
    assert weapon_entries(a) == ({"name": "longsword"}, {"name": "Longbow(1)"})
    assert resolve_weapon(a, "longsword").key == "longsword"
    assert resolve_weapon(a, "longbow(1)").strength_rating == 1
    t = make("T", weapons=["longsword"])
    mapped = make("T", weapons=[{"name": "longsword"}])
    assert parry_bonus(t, S(), []).value == parry_bonus(mapped, S(), []).value


def test_an_active_parry_with_plain_weapon_names():
    t = make("T", weapons=["longsword"])
    assert prepare(make(), t, "longsword", active_defense="parry").defense.kind == "parry"


def test_prepare_changes_none_of_its_arguments():
    """No function mutates its arguments: the weapon entry, the situation keywords and the
    creatures are as they were."""
    import copy
    entry = {"name": "longsword", "enhancement": 1, "extra": ["1d6 [fire]"]}
    kw = {"attack_bonuses": [Bonus(1, None, "high ground")], "flanked": True}
    a, t = make(), target(15)
    before = copy.deepcopy((entry, kw))
    s = prepare(a, t, entry, **kw)
    assert (entry, kw) == before
    assert s.target is not t and t == target(15) and a == make()


def test_no_dice_are_rolled_after_resolve_returns():
    """The rolls a hit sets off (a Perfect Critical's limb, a Knockout Strike's save) are
    made inside resolve, in the documented order, never on reading the result."""
    from lfgcombat.rules.attacks import AttackResult
    assert not any(isinstance(v, property) and "_after" in k
                   for k, v in vars(AttackResult).items())
    roller = Roller(seed=7)
    a = make(abilities={"str": 16})
    for _ in range(60):
        r = attack(a, target(12), "club", roller, knockout=True, flat_footed=True,
                   ruleset=Ruleset("lfg", perfect_critical=True))
        n = len(roller.history)
        _ = (r.target_after, r.consequences, r.rolls, r.explain())
        assert len(roller.history) == n
        assert list(r.rolls) == roller.history[n - len(r.rolls):]


def test_attack_modules_do_not_import_creature_when_they_load():
    """lfgcombat.creature builds on lfgcombat.rules.weapons (below the attack modules): no module
    of lfgcombat.rules.attacks imports lfgcombat.creature at module level (only lazily or for type
    checking), and the package's modules import each other without a cycle."""
    import ast
    import pathlib
    import lfgcombat.rules.attacks as pkg
    root = pathlib.Path(pkg.__file__).parent
    graph = {}
    for path in root.glob("*.py"):
        tree = ast.parse(path.read_text())
        deps = set()
        for node in tree.body:  # module level only; `if TYPE_CHECKING:` blocks are skipped
            if isinstance(node, ast.ImportFrom):
                assert not (node.level == 2 and node.module == "creature"), path.name
                if node.level == 1:
                    deps |= ({node.module.split(".")[0]} if node.module
                             else {alias.name for alias in node.names})
        graph[path.stem] = deps
    state = {}

    def visit(m, trail):
        assert state.get(m) != "open", f"import cycle: {' -> '.join(trail + [m])}"
        if state.get(m) == "done":
            return
        state[m] = "open"
        for d in graph.get(m, ()):
            visit(d, trail + [m])
        state[m] = "done"
    for m in graph:
        visit(m, [])


@pytest.mark.parametrize("entry", [1, None, [[]], 2.5])
def test_a_weapon_entry_that_is_neither_name_nor_mapping_is_refused(entry):
    """A creature's weapon entry is a name or a mapping; anything else is the kit's own
    WeaponError naming what it got, not a raw TypeError."""
    from lfgcombat.rules.weapons import entry_weapon
    with pytest.raises(WeaponError, match="a weapon entry is a name or a mapping"):
        entry_weapon(entry, make().size)
