"""The ``wounds`` ruleset's policies (lfgcombat/rulesets/wounds/ruleset.py) over the pure rules of
003_de0e94afd49609a7.txt, and a creature's attack odds under it ("Combat Statistics",
"Attacking an enemy usually involves spending your Half Action", "Prowess is added directly
to your Defense", "When a character is subject to a damage-dealing effect", "Barrier
represents", "Shell operates similarly")."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest
from scipy import stats

from lfgcombat import Roller
from lfgcombat.rules.attacks.odds import attack_odds
from lfgcombat.creature import load_example
from lfgcombat.rulesets import Ruleset, RulesetError, definition
from lfgcombat.rulesets.wounds.ruleset import NOT_AUTOMATIC, WOUNDS
from lfgcombat.rulesets.wounds import WoundsError
from lfgcombat.rulesets.wounds import attacks as pure
from lfgcombat.rulesets.wounds.combatant import (WoundsCombatant, creature_attack,
                                                 creature_attack_odds, parse_barrier)
from lfgcombat.rulesets.wounds.damage import Target
from lfgcombat.rulesets.wounds.health import Barrier, WoundsVitals

WULFRIC = WoundsCombatant.of(load_example("wulfric"), prowess=3, good_saves=["fort", "will"])
ORC = WoundsCombatant.of(load_example("orc"), prowess=1, good_saves=("fort", "ref"))


def test_wounds_is_registered_with_its_policies_and_plays():
    assert definition("wounds") is WOUNDS and definition("003") is WOUNDS
    lfg = definition("lfg")
    assert WOUNDS.conditions.data_file == lfg.conditions.data_file
    # lfg's three initiative options, each a subclass rolling the wounds check
    # (Electricity's penalty), round_by_round by default (tests/wounds/test_wounds_initiative.py)
    assert tuple(WOUNDS.initiative) == tuple(lfg.initiative)
    assert all(issubclass(WOUNDS.initiative[k], lfg.initiative[k]) for k in lfg.initiative)
    assert WOUNDS.default_initiative == "round_by_round"
    assert WOUNDS.damage != lfg.damage and WOUNDS.health != lfg.health
    assert Ruleset("wounds").name == "wounds" and WOUNDS.implemented
    # a move's AOO are the Encounter's now (tests/wounds/test_wounds_aoo_on_move.py); any
    # other AOO is still the GM's attack(..., aoo=True)
    assert any("aoo=True" in n for n in NOT_AUTOMATIC)
    assert not any("not provoked by moving" in n for n in NOT_AUTOMATIC)
    with pytest.raises(RulesetError, match="killer_criticals"):
        Ruleset("wounds", killer_criticals=True).killer_critical_minimum(2, 50)


def test_a_turn_of_half_actions_each_an_attack():
    """"Attacking an enemy usually involves spending your Half Action"; Total Defense "by
    spending a Half Action"; AOO "1 + your Dexterity modifier (minimum 0)"."""
    eco = WOUNDS.economy
    assert eco.attacks_per_turn(1) == eco.attacks_per_turn(20) == 2
    assert eco.turn().half_actions == 2
    assert eco.turn().take_total_defense().half_actions == 1
    assert (eco.aoo_per_round(3), eco.aoo_per_round(-2),
            eco.aoo_per_round(3, in_total_defense=True)) == (4, 1, 0)


def test_attack_odds_with_the_critical_choice_report_both():
    """"There are two options when determining what a critical hit does": Double Damage or
    Go to Wounds (normal damage, straight to Wounds); ``attack_odds`` reports both."""
    mult = attack_odds(WULFRIC, ORC, "longsword", ruleset="wounds")
    to_w = attack_odds(WULFRIC, ORC, "longsword", ruleset="wounds", critical_choice="wounds")
    # +6 (STR 3 + Prowess 3) vs Defense 11 (10 + Prowess 1 + DEX 0)
    assert (mult.bonus, mult.ac, mult.damage_expr) == (6, 11, "1d8+3")
    same = pure.attack_odds(6, 11, "1d8+3", crit_range=19)
    assert mult.p_hit == same.p_hit == Fraction(16, 20)
    assert mult.p_crit == Fraction(2, 20) * Fraction(16, 20)
    assert mult.expected == to_w.expected
    hp_m, w_m = mult.expected["multiply"]
    hp_w, w_w = mult.expected["wounds"]
    assert w_m == 0 and w_w == mult.p_crit * Fraction(15, 2)  # 1d8+3: mean 7.5
    assert hp_m == mult.p_hit * Fraction(15, 2) + mult.p_crit * Fraction(15, 2)
    assert to_w.wounds_damage.index.max() == 11 and mult.wounds_damage.index.max() == 0
    # both choices, in the text's words (issue 26, item 2)
    assert "Double Damage:" in mult.summary() and "Go to Wounds:" in mult.summary()
    assert "multiply" not in mult.summary()


def test_x3_goes_to_wounds_at_double():
    """"x3 Multiplier": "Go to Wounds: Instead of tripling damage you may inflict double
    damage"."""
    orc_axe = attack_odds(ORC, WULFRIC, "greataxe", ruleset="wounds", critical_choice="wounds")
    assert orc_axe.weapon.multiplier == 3
    assert orc_axe.wounds_damage.index.max() == 2 * (12 + 3)
    tripled = attack_odds(ORC, WULFRIC, "greataxe", ruleset="wounds")
    assert tripled.hp_damage.index.max() == 3 * (12 + 3)


def test_instant_kill_only_for_players():
    """"the player (Not normally available to npcs or monsters) may roll to see if its an
    Instant Kill": Wulfric (a PC) may, the orc (a goon) may not."""
    assert WULFRIC.player and not ORC.player
    assert attack_odds(WULFRIC, ORC, "longsword", ruleset="wounds").p_instant_kill == \
        Fraction(1, 20) ** 3
    assert attack_odds(ORC, WULFRIC, "greataxe", ruleset="wounds").p_instant_kill == 0


def test_missing_fields_are_named():
    """A field another ruleset needs is named in the error, the attacker's and the
    target's alike."""
    plain = load_example("orc")
    with pytest.raises(WoundsError, match=r"^prowess: Orc has no Prowess"):
        attack_odds(plain, WULFRIC, "greataxe", ruleset="wounds")
    with pytest.raises(WoundsError, match=r"^prowess: Orc"):
        attack_odds(WULFRIC, plain, "longsword", ruleset="wounds")
    with pytest.raises(WoundsError, match="good_saves"):
        WoundsCombatant.of(plain, prowess=1).save("fort")
    with pytest.raises(WoundsError, match="critical_choice"):
        attack_odds(WULFRIC, ORC, "longsword", ruleset="wounds", critical_choice="both")


def test_saves_by_hit_dice_and_ability():
    """"Fortitude (CON)", "Reflex (WIS)", "Will (CHA)": base save (good or bad by Hit Dice,
    the rebuilt table) + the ability modifier. Wulfric (level 10, CON 14, WIS 10, CHA 12)."""
    assert (WULFRIC.save("fort"), WULFRIC.save("ref"), WULFRIC.save("will")) == (7 + 2, 3, 8)


def test_defense_is_the_texts_formula():
    """"Defense = 10+ Prowess + Dex + Talents + Conditions + Circumstance"; Total Defense +4."""
    assert WULFRIC.defense() == 10 + 3 + 1 and WULFRIC.defense(total_defense=True) == 18
    odds = attack_odds(ORC, WULFRIC, "greataxe", ruleset="wounds", total_defense=True)
    assert odds.ac == 18


def test_health_policy_reports_hp_wounds_barrier_and_shell():
    """"the effect first depletes the character's Hit Points [...] If a character's Hit
    Points reach 0, or if the character is subject to a critical hit, they instead take
    Wound Damage"; "Barrier 10/100"; "a Shell of 50 will absorb 50 damage in one go"."""
    guarded = WoundsCombatant.of(ORC, barrier="10/100", shell=50)
    v = WOUNDS.health.vitals(guarded)
    assert isinstance(v, WoundsVitals)
    assert (v.hp, v.wounds, v.barrier, v.shell) == (38, 12, Barrier(10, 100), 50)
    hit = v.damage(70)  # Barrier blocks 10, Shell 50, 10 to HP
    assert (hit.hp, hit.wounds, hit.barrier, hit.shell) == (28, 12, Barrier(10, 90), 0)
    crit = hit.damage(15, to_wounds=True)  # Barrier 10, 5 to Wounds
    assert (crit.hp, crit.wounds) == (28, 7)
    assert WoundsCombatant.of(ORC, wounds=20).vitals().wounds == 20
    with pytest.raises(WoundsError, match="barrier"):
        parse_barrier("ten")


def test_damage_model_is_the_wounds_types_with_riders():
    """"Energy Damage - There are two sub-categories for Energy, Aligned and Elemental";
    "Fire": "A d6 would become a d8"."""
    dm = WOUNDS.damage
    assert dm.names()[:3] == ["bludgeoning", "piercing", "slashing"] and "sonic" in dm.names()
    assert dm.damage_type("Holy") == "holy"
    assert dm.rider("fire", Target()).dice_steps == 1
    with pytest.raises(WoundsError, match="damage_type"):
        dm.damage_type("force")


def test_creature_attack_odds_agree_with_sampling():
    """Exact odds and rolled attacks (same rules) agree: outcome and Wounds damage."""
    odds = creature_attack_odds(WULFRIC, ORC, "longsword", critical_choice="wounds")
    roller, n = Roller(7), 4000
    seen = Counter()
    for _ in range(n):
        r = creature_attack(roller, WULFRIC, ORC, "longsword", critical_choice="wounds")
        seen["crit" if r.critical else "hit" if r.hit else "miss"] += 1
        assert (r.wounds_damage > 0) == r.critical and r.location in (None, "body")
    p = {"miss": 1 - odds.p_hit, "hit": odds.p_hit - odds.p_crit, "crit": odds.p_crit}
    assert stats.chisquare([seen[k] for k in p],
                           [n * float(v) for v in p.values()]).pvalue > 1e-3


def test_tables_for_the_notebook():
    """``to_frame`` reports both critical choices; ``rider_table`` one row per energy type
    and target ("Fire": "A d6 would become a d8 [...] unless one is especially
    non-flammable, such as a wall made of stone")."""
    from lfgcombat.rulesets.wounds.damage import RIDER_TYPES, rider_table

    frame = attack_odds(WULFRIC, ORC, "longsword", ruleset="wounds").to_frame()
    assert frame.index.tolist() == ["multiply", "wounds"]  # issue 26: words in "critical"
    table = rider_table({"orc": Target(), "wall": Target(kind="object", non_flammable=True)})
    assert len(table) == 2 * len(RIDER_TYPES)
    fire = table[table["damage_type"] == "fire"].set_index("target")["dice_steps"]
    assert (fire["orc"], fire["wall"]) == (1, 0)
    with pytest.raises(WoundsError, match="targets"):
        rider_table({"orc": "orc"})
