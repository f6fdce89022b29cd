"""One combatant's classic round (lfgcombat/rulesets/classic/turn.py): 002_2a3a79475ca2a541.txt,
"Character Round:", "Single Actions:", "Stabilizing a Disabled Character", "Conditions"."""

from __future__ import annotations

import pytest

from lfgcombat import Roller
from lfgcombat.rulesets.classic import ClassicError
from lfgcombat.rulesets.classic.actions import RoundBudget
from lfgcombat.rulesets.classic.health import ClassicVitals
from lfgcombat.rulesets.classic.turn import ClassicFighter, round_mode
from lfgcombat.errors import IllegalActionError


def fighter(**kw) -> ClassicFighter:
    return ClassicFighter("Ana", kw.pop("vitals", ClassicVitals(12)), **kw)


def test_a_round_is_one_action_and_a_split_move():
    """"Move Action (can be split with another single action)"; "characters can only attack
    once per round"."""
    f, events = fighter().start_turn(Roller(1))
    assert events == ("round: normal",)
    f = f.move(10).act("attack").move(20)
    with pytest.raises(IllegalActionError, match="already spent"):
        f.act("attack")
    with pytest.raises(IllegalActionError, match="0 ft left"):
        f.move(5)
    with pytest.raises(IllegalActionError, match="not Ana's turn"):
        f.end_turn().move(5)


def test_a_disabled_hero_does_nothing_and_checks_fort_then_con():
    """"If a hero is disabled they can not move, attack, communicate, or cast spells";
    "They must succeed at a DC12 Fortitude check to stabilize"; "they may try to succeed at
    a DC14 CON check to see if they become mobile"; "During combat, they may make a single
    CON check each round on their turn"."""
    f = fighter(con_mod=20).damage(14)  # -2: disabled and unconscious
    assert f.vitals.disabled and "Unconscious" in f.all_conditions
    f, events = f.start_turn(Roller(1))
    assert f.vitals.stable and events[0].startswith("FORT to stabilize")
    assert f.budget == RoundBudget(0, mode="none")
    with pytest.raises(IllegalActionError, match="no actions"):
        f.act("attack")
    f, events = f.end_turn().start_turn(Roller(2))
    assert f.vitals.mobile and events[0].startswith("CON to become mobile")
    assert f.budget.mode == "limited" and f.budget.move_limit_ft == 15
    assert "Unconscious" not in f.all_conditions
    # "one limited action per round": an attack, then no movement
    assert f.act("attack").budget.remaining_ft == 0


def test_the_optional_hp_loss_and_bleed_at_the_start_of_the_turn():
    """"Optional: If a character goes below 0 HP, they lose 1 HP per round until they
    stabilize"; Bleed "takes the amount of damage listed at the beginning of its turn"."""
    f = fighter(vitals=ClassicVitals(12, hp=-3, hp_loss_switch=True), fort_mod=-20)
    f, events = f.start_turn(Roller(1))
    assert f.vitals.hp == -4 and "lost 1 HP" in events
    g, events = fighter(bleed=3).start_turn(Roller(1))
    assert g.vitals.hp == 9 and "bleeds 3" in events and "Bleed" in g.all_conditions
    assert g.heal(1).bleed == 0  # "any spell that cures hit point damage"


@pytest.mark.parametrize("conditions, mode, speed", [
    ({"Nauseated"}, "move_only", 30), ({"Dazed"}, "move_only", 30),
    ({"Stunned"}, "none", 30), ({"Cower"}, "none", 30), ({"Paralyzed"}, "none", 0),
    ({"Entangled"}, "normal", 15), ({"Blinded"}, "normal", 15),
    ({"Immobilized"}, "normal", 0), ({"Panicked"}, "move_only", 30),
])
def test_conditions_shape_the_round(conditions, mode, speed):
    """Nauseated: "The only action such a character can take is a single move action per
    turn"; Dazed "loses one action"; Stunned "Unable to take any actions"; Entangled and
    Blinded move at half speed; Immobilized "cannot move, but can perform any other
    action"."""
    f, _ = fighter(conditions=frozenset(conditions)).start_turn(Roller(1))
    assert (f.budget.mode, f.budget.speed_ft) == (mode, speed)
    assert round_mode(ClassicVitals(10), conditions) == mode


def test_confused_rolls_its_action():
    """"A Confused character's actions are determined by rolling d% at the beginning of his
    turn"; "Any Confused character who is attacked automatically attacks its attackers"."""
    seen = set()
    for seed in range(30):
        f, events = fighter(conditions=frozenset({"Confused"})).start_turn(Roller(seed))
        seen.add((f.confused, f.budget.mode))
    assert ("babble", "none") in seen and ("flee_caster", "move_only") in seen
    assert ("act_normally", "normal") in seen
    f, _ = fighter(conditions=frozenset({"Confused"})).start_turn(Roller(1), was_attacked=True)
    assert f.confused == "attack_attackers"


def test_energy_drain_costs_5_hp_a_level_and_kills_at_hit_dice():
    """"loss of 5 hit points"; "If the subject has at least as many negative levels as Hit
    Dice, they die"."""
    f = fighter(hit_dice=2).drain()
    assert f.vitals.hp == 7 and "Energy-Drained" in f.all_conditions and not f.dead
    assert f.drain().dead and f.drain().all_conditions == ("Dead",)
    with pytest.raises(IllegalActionError, match="dead"):
        f.drain().start_turn(Roller(1))
    with pytest.raises(ClassicError, match="levels"):
        f.drain(0)


def test_unknown_conditions_are_refused():
    with pytest.raises(ClassicError, match="condition"):
        fighter(conditions=frozenset({"Grappled"}))


def test_a_fighter_from_a_creature():
    from lfgcombat.creature import load_example

    orc = ClassicFighter.of(load_example("orc"), conditions=["Shaken"])
    assert (orc.name, orc.vitals.hp, orc.speed_ft, orc.con_mod, orc.hit_dice) == \
        ("Orc", 38, 30, 1, 3)
    assert orc.conditions == {"Shaken"}


def test_disabled_in_its_own_turn_loses_the_rest_of_it():
    """"If a hero is disabled they can not move, attack, communicate, or cast spells"."""
    f, _ = fighter().start_turn(Roller(1))
    f = f.move(5).damage(12)
    assert f.budget.mode == "none"
    with pytest.raises(IllegalActionError, match="no actions"):
        f.act("attack")
    with pytest.raises(IllegalActionError, match="cannot move"):
        f.move(5)


@pytest.mark.parametrize("field, value", [("vitals", 12), ("speed_ft", -5), ("con_mod", "2"),
                                          ("fort_mod", 1.5), ("hit_dice", 0), ("bleed", -1)])
def test_bad_fields_are_named(field, value):
    kw = {"vitals": ClassicVitals(12), field: value}
    with pytest.raises(ClassicError, match=f"^{field}"):
        ClassicFighter("Ana", **kw)


def test_the_fort_and_con_checks_take_the_conditions_penalties():
    """Shaken: "-2 penalty to all rolls"; Sickened and Frightened: -2 "saving throws [...]
    ability checks"; Energy-Drained: "-1 penalty on [...] saving throws, skill checks,
    ability checks" per negative level. The DC12 Fortitude check to stabilize (and the
    killing blow's Fortitude save) take the saves' numbers, the DC14 CON check the ability
    checks' (inferred: the text's checks are the d20 save and ability check)."""
    assert fighter(con_mod=3).fort_bonus == 3 and fighter(fort_mod=5).fort_bonus == 5
    assert fighter(con_mod=3, conditions=frozenset({"Shaken"})).fort_bonus == 1
    assert fighter(con_mod=3, conditions=frozenset({"Sickened", "Frightened"})
                   ).con_check_bonus == -1
    drained = fighter(con_mod=3, hit_dice=5, negative_levels=2)
    assert "Energy-Drained" in drained.all_conditions
    assert (drained.fort_bonus, drained.con_check_bonus) == (1, 1)      # -1 a level, once
    assert fighter(con_mod=3, conditions=frozenset({"Blinded"})).fort_bonus == 3
    roller = Roller(4)
    f = fighter(con_mod=2, conditions=frozenset({"Shaken"})).damage(14)
    f, _ = f.start_turn(roller)
    fort = [r for r in roller.history if "DC 12" in r.label or "stabil" in r.label.lower()]
    assert fort and fort[-1].total - fort[-1].natural == 0             # +2 CON, -2 Shaken


def test_energy_drained_costs_one_to_hit_a_level_not_one_more():
    """"Each negative level gives a creature [...] -1 penalty on attack rolls": the
    condition named with its levels counts once per level."""
    from lfgcombat import Creature
    from lfgcombat.rulesets.classic.combatant import creature_attack_odds
    hero = Creature.from_dict({"name": "B", "level": 3, "max_hp": 25, "bab": 3,
                               "weapons": ["longsword"]})
    orc = Creature.from_dict({"name": "O", "level": 2, "max_hp": 15, "bab": 2})
    base = creature_attack_odds(hero, orc, "longsword").bonus
    for levels in (1, 2, 3):
        for named in ((), ("Energy-Drained",)):
            odds = creature_attack_odds(hero, orc, "longsword", negative_levels=levels,
                                        attacker_conditions=named)
            assert odds.bonus == base - levels
    alone = creature_attack_odds(hero, orc, "longsword", attacker_conditions=["Energy-Drained"])
    assert alone.bonus == base - 1                              # named: at least one level
