"""The classic conditions: 002_2a3a79475ca2a541.txt, "Conditions" (and "Unconscious –
Knocked out and helpless."), every condition and every number of the list."""

from __future__ import annotations

from collections import Counter

import pytest
from scipy import stats

from lfgcombat import Roller
from lfgcombat.rulesets.classic import ClassicError
from lfgcombat.rulesets.classic.conditions import (BLEED_SURVIVAL_DC, NegativeLevels,
                                                   combined_effect, condition_names,
                                                   condition_table, confused_action, effect_of,
                                                   entangled_concentration_dc, killing_blow,
                                                   stop_bleeding, more_fatigue, after_rest)
from lfgcombat.rulesets.classic.health import ClassicVitals
from lfgcombat.io.tables import load_table

TEXT_LIST = ["Bleed", "Blinded", "Confused", "Cower", "Dazed", "Dead", "Deafened", "Disabled",
             "Distracted", "Energy-Drained", "Entangled", "Exhausted", "Fatigued", "Flanked",
             "Flat-footed", "Frightened", "Helpless", "Immobilized", "Incorporeal", "Nauseated",
             "Panicked", "Paralyzed", "Prone", "Scared", "Shaken", "Sickened", "Stunned",
             "Unconscious"]


def test_every_condition_of_the_text_in_its_order(seeds):
    """The 27 bullets of "Conditions" plus the closing "Unconscious" line: 28 in all (the
    issue's "29" miscounts)."""
    text = (seeds / "002_2a3a79475ca2a541.txt").read_text(encoding="utf-8")
    bullets = [line[2:].split(" – ")[0] for line in text.splitlines() if line.startswith("• ")]
    assert bullets + ["Unconscious"] == TEXT_LIST == condition_names()
    assert len(condition_names()) == 28


@pytest.mark.parametrize("name,numbers", [
    ("Blinded", dict(ac=-2, loses_dex_to_ac=True, speed="half", miss_chance=50)),
    ("Cower", dict(ac=-2, loses_dex_to_ac=True, actions=frozenset({"none"}))),
    ("Dazed", dict(actions=frozenset({"lose_one"}))),
    ("Deafened", dict(initiative=-4, awareness_failure=50, spell_failure=20)),
    ("Disabled", dict(speed="none", actions=frozenset({"none"}))),
    ("Energy-Drained", dict(attack=-1, saves=-1, skills=-1, ability_checks=-1, per_level_hp=-5)),
    ("Entangled", dict(speed="half", no_run_charge=True, attack=-2, dexterity=-4)),
    ("Exhausted", dict(speed="half", strength=-3, dexterity=-3)),
    ("Fatigued", dict(no_run_charge=True, strength=-1, dexterity=-1)),
    ("Flanked", dict(loses_dex_to_ac=True)),
    ("Flat-footed", dict(loses_dex_to_ac=True)),
    ("Frightened", dict(attack=-2, saves=-2, skills=-2, ability_checks=-2,
                        actions=frozenset({"flee"}))),
    ("Helpless", dict(dex_mod_set=-5, melee_bonus_against=4)),
    ("Immobilized", dict(speed="none", actions=frozenset())),
    ("Nauseated", dict(actions=frozenset({"move_only"}))),
    ("Panicked", dict(actions=frozenset({"flee"}))),
    ("Paralyzed", dict(str_mod_set=-5, dex_mod_set=-5, speed="none",
                       actions=frozenset({"mental_only"}))),
    ("Prone", dict(loses_dex_to_ac=True, melee_bonus_against=4,      # inferred (the
                   ranged_bonus_against=-4)),                        # Helpless entry, d20)
    ("Scared", dict(actions=frozenset({"flee"}))),
    ("Shaken", dict(attack=-2, weapon_damage=-2, saves=-2, skills=-2, ability_checks=-2,
                    initiative=-2)),
    ("Sickened", dict(attack=-2, weapon_damage=-2, saves=-2, skills=-2, ability_checks=-2)),
    ("Stunned", dict(actions=frozenset({"none"}))),
    ("Unconscious", dict(speed="none", actions=frozenset({"none"}))),
])
def test_the_numbers_of_each_condition(name, numbers):
    """Each bullet's numbers, e.g. Blinded: "-2 penalty to Armor Class, lose their Dexterity
    bonus to AC [...] half speed [...] 50% chance to dodge"."""
    effect = effect_of(name)
    for field, value in numbers.items():
        assert getattr(effect, field) == value, (name, field)


def test_conditions_without_numbers_carry_their_words():
    """Bleed, Confused, Dead, Distracted, Incorporeal have effects in words only."""
    table = condition_table().set_index("condition")
    assert "DC 10 Survival" in table.loc["Bleed", "effect"]
    assert "immune to all nonmagical" in table.loc["Incorporeal", "effect"]
    assert effect_of("Distracted") == effect_of("Bleed")      # no numbers at all
    assert "below -10" in table.loc["Dead", "effect"]


def test_implied_conditions():
    """Paralyzed "is helpless"; Prone "is considered Flat-footed"; Unconscious "Knocked out
    and helpless"."""
    paralyzed = combined_effect(["Paralyzed"])
    assert paralyzed.melee_bonus_against == 4 and paralyzed.dex_mod_set == -5
    assert combined_effect(["Prone"]).loses_dex_to_ac
    assert combined_effect(["Unconscious"]).melee_bonus_against == 4
    assert combined_effect(["Unconscious", "Helpless"]).melee_bonus_against == 4   # once
    both = combined_effect(["Sickened", "Entangled", "Blinded"])
    assert (both.attack, both.speed, both.miss_chance) == (-4, "half", 50)
    assert combined_effect([]) == effect_of("Distracted")
    with pytest.raises(ClassicError, match="condition"):
        combined_effect(["Sleepy"])


def test_confused_table_covers_d100():
    """"01-10, attack caster [...]; 11-20, act normally; 21-50, do nothing but babble
    incoherently; 51-70, flee away from caster [...]; 71-100, attack nearest creature"."""
    table = load_table("classic/confused")
    assert list(zip(table.low, table.high)) == [(1, 10), (11, 20), (21, 50), (51, 70), (71, 100)]
    assert table.action.tolist() == ["attack_caster", "act_normally", "babble", "flee_caster",
                                     "attack_nearest"]


def test_confused_roll_agrees_with_the_table():
    roller = Roller(seed="confused")
    n = 5000
    counts = Counter()
    for _ in range(n):
        action, roll = confused_action(roller)
        counts[action] += 1
        assert roll.expr.dice[0].sides == 100
    widths = {"attack_caster": 10, "act_normally": 10, "babble": 30, "flee_caster": 20,
              "attack_nearest": 30}
    assert stats.chisquare([counts[a] for a in widths],
                           [w / 100 * n for w in widths.values()]).pvalue > 1e-3


def test_energy_drained_negative_levels():
    """"-1 penalty on attack rolls, saving throws, skill checks, ability checks; loss of 5 hit
    points; and -1 to effective level"; "at least as many negative levels as Hit Dice, they
    die"."""
    two = NegativeLevels(2, hit_dice=4)
    assert (two.penalty, two.hp_loss, two.effective_level_penalty, two.dead) == (-2, 10, -2, False)
    assert NegativeLevels(4, 4).dead and NegativeLevels(5, 4).dead
    with pytest.raises(ClassicError, match="hit_dice"):
        NegativeLevels(1, 0)
    with pytest.raises(ClassicError, match="levels"):
        NegativeLevels(-1, 3)


def test_bleed_stopped_by_dc_10_survival():
    """"Bleeding can be stopped by a DC 10 Survival check"."""
    assert BLEED_SURVIVAL_DC == 10
    roller = Roller(seed="bleed")
    n = 2000
    stopped = 0
    for _ in range(n):
        ok, roll = stop_bleeding(roller, 1)
        assert ok == (roll.total >= 10)
        stopped += ok
    assert stats.binomtest(stopped, n, 12 / 20).pvalue > 1e-3
    with pytest.raises(ClassicError, match="survival_mod"):
        stop_bleeding(roller, "1")


def test_entangled_concentration():
    """"a Concentration check (DC 15 + the spell's level) or lose the spell"."""
    assert entangled_concentration_dc(0) == 15 and entangled_concentration_dc(3) == 18
    with pytest.raises(ClassicError, match="spell_level"):
        entangled_concentration_dc(10)


def test_killing_blow_on_a_helpless_foe():
    """"The attacker automatically hits and scores a critical hit [...] If the damage inflicted
    is not enough to to kill the defender, they must still make a Fortitude save (DC 10 +
    damage dealt) or die"."""
    roller = Roller(seed="kb")
    seen_save = seen_outright = False
    for _ in range(200):
        foe = ClassicVitals(30)
        kb = killing_blow(roller, "1d6+1", foe, fort_mod=5)
        rolls = [r for r in roller.history[-3:] if r.label == "killing blow damage"]
        assert kb.damage == sum(r.total for r in rolls[-2:])     # rolled twice
        assert kb.dc == 10 + kb.damage
        if kb.save is not None:
            seen_save = True
            assert kb.vitals.dead == (kb.save.total < kb.dc)
    assert seen_save
    low = ClassicVitals(5, hp=-6)
    for _ in range(50):
        kb = killing_blow(roller, "1d6+1", low, fort_mod=0)
        if kb.save is None:
            seen_outright = kb.vitals.dead
            break
    assert seen_outright
    with pytest.raises(ClassicError, match="fort_mod"):
        killing_blow(roller, "1d6", ClassicVitals(5), fort_mod=1.0)


def test_confused_when_attacked_or_unable():
    """"Any Confused character who is attacked automatically attacks its attackers on its next
    turn"; "A Confused character who can't carry out the indicated action does nothing but
    babble incoherently"."""
    roller = Roller(seed=9)
    assert confused_action(roller, was_attacked=True) == ("attack_attackers", None)
    assert roller.history == []
    action, roll = confused_action(roller, can_carry_out=False)
    assert action == "babble" and roll is not None


def test_killing_blow_with_sneak_attack():
    """"A rogue also gets their sneak attack damage bonus against a helpless foe when
    delivering a killing blow"."""
    roller = Roller(seed="sneak")
    kb = killing_blow(roller, "1d4", ClassicVitals(60), fort_mod=30, sneak_attack="2d6")
    weapon = [r for r in roller.history if r.label == "killing blow damage"]
    sneak = [r for r in roller.history if r.label == "sneak attack"]
    assert len(weapon) == 2 and len(sneak) == 1
    assert kb.damage == sum(r.total for r in weapon) + sneak[0].total
    with pytest.raises(ClassicError, match="damage"):
        killing_blow(roller, "1d4", ClassicVitals(6), 0, sneak_attack="2e6")


def test_fatigue_and_rest():
    """Exhausted: "After 1 hour of complete rest, an exhausted character becomes Fatigued. A
    Fatigued character becomes Exhausted by doing something else that would normally cause
    fatigue"; Fatigued: "After 8 hours of complete rest, characters are no longer
    Fatigued"."""
    assert more_fatigue(None) == "Fatigued" and more_fatigue("Fatigued") == "Exhausted"
    assert more_fatigue("Exhausted") == "Exhausted"
    assert after_rest("Exhausted", 0) == "Exhausted" and after_rest("Exhausted", 1) == "Fatigued"
    assert after_rest("Fatigued", 7) == "Fatigued" and after_rest("Fatigued", 8) is None
    assert after_rest("Exhausted", 9) is None and after_rest(None, 3) is None
    with pytest.raises(ClassicError, match="hours"):
        after_rest("Fatigued", -1)
    with pytest.raises(ClassicError, match="current"):
        more_fatigue("Sleepy")


def test_a_cornered_panicked_creature_is_cowering():
    """Panicked: "It can't take any other actions. If cornered, a Panicked creature is also
    considered to be Cowering" (Cower: "-2 penalty to Armor Class and loses their Dexterity
    bonus")."""
    from lfgcombat.rulesets.classic.conditions import when_cornered
    assert when_cornered(["Panicked"]) == ("Panicked", "Cower")
    cornered = combined_effect(when_cornered(["Panicked"]))
    assert (cornered.ac, cornered.loses_dex_to_ac) == (-2, True)
    assert combined_effect(["Panicked"]).ac == 0
    assert when_cornered(["Shaken"]) == ("Shaken",)
    assert when_cornered(["Panicked", "Cower"]) == ("Panicked", "Cower")
    with pytest.raises(ClassicError, match="condition"):
        when_cornered(["Cornered"])


def test_each_killing_blow_needs_its_own_save():
    """Helpless: "multiple attacks require multiple saves": every killing blow that leaves
    the foe alive rolls its own FORT save, at DC 10 + that blow's damage."""
    roller = Roller(seed="two blows")
    foe, saves = ClassicVitals(200), []
    for _ in range(2):
        kb = killing_blow(roller, "1d4", foe, fort_mod=100)     # it always saves
        assert kb.save is not None and kb.dc == 10 + kb.damage
        saves.append(kb.save)
        foe = kb.vitals
    assert len(saves) == 2 and saves[0] is not saves[1] and not foe.dead
    assert foe.current == 200 - sum(r.total for r in roller.history
                                    if r.label == "killing blow damage")


def test_helpless_melee_plus_4_ranged_no_bonus():
    """Helpless: "Melee attacks against a Helpless target get a +4 bonus [...] Ranged attacks
    gets no special bonus against helpless targets" (its DEX 0, -5, counts for both)."""
    from lfgcombat import Creature
    from lfgcombat.rulesets.classic.combatant import creature_attack_odds
    hero = Creature.from_dict({"name": "Brann", "level": 3, "max_hp": 25, "bab": 3,
                               "abilities": {"str": 14, "dex": 14},
                               "weapons": ["longsword", "shortbow"]})
    foe = Creature.from_dict({"name": "Orc", "level": 2, "max_hp": 15, "bab": 2,
                              "abilities": {"dex": 14}})
    melee = creature_attack_odds(hero, foe, "longsword")
    bow = creature_attack_odds(hero, foe, "shortbow")
    h_melee = creature_attack_odds(hero, foe, "longsword", target_conditions=["Helpless"])
    h_bow = creature_attack_odds(hero, foe, "shortbow", target_conditions=["Helpless"])
    assert h_melee.bonus == melee.bonus + 4 and h_bow.bonus == bow.bonus
    assert h_melee.ac == h_bow.ac == melee.ac - 2 - 5           # DEX +2 gone, -5 instead


def test_the_words_of_each_condition_without_numbers():
    """What the table keeps in words for the GM, sentence by sentence of "Conditions"."""
    table = condition_table().set_index("condition")["effect"]
    for name, words in [
            ("Paralyzed", ("a flyer falls", "a swimmer drowns", "move through its space")),
            ("Panicked", ("drops anything it holds", "Cowering if cornered")),
            ("Frightened", ("fights if unable to flee",)),
            ("Helpless", ("ranged no bonus", "Sneak Attack")),
            ("Unconscious", ("-1 to -9 hit points", "nonlethal damage above current")),
            ("Immobilized", ("can perform any other action",)),
            ("Scared", ("flee the source of the fear",))]:
        for w in words:
            assert w in table[name], (name, w)
