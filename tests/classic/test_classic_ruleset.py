"""The ``classic`` ruleset's policies (lfgcombat/rulesets/classic/ruleset.py) over the pure rules of
002_2a3a79475ca2a541.txt, and a creature's attack odds under it ("How to attack another
creature", "Armor Class", "Criticals and fumbles", "Death", "Conditions")."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest
from scipy import stats

from lfgcombat import Roller
from lfgcombat.rules.attacks.odds import attack_odds
from lfgcombat.rulesets.classic import ClassicError
from lfgcombat.rulesets.classic import attacks as pure
from lfgcombat.rulesets.classic.actions import RoundBudget
from lfgcombat.rulesets.classic.combatant import (ClassicCombatant, creature_attack,
                                                  creature_attack_odds, weapon_profile)
from lfgcombat.rulesets.classic.conditions import condition_names
from lfgcombat.rulesets.classic.health import ClassicVitals
from lfgcombat.creature import load_example
from lfgcombat.errors import IllegalActionError
from lfgcombat.rulesets import Ruleset, RulesetError, TopDownInitiative, definition
from lfgcombat.rulesets.classic.ruleset import CLASSIC, ClassicInitiative

WULFRIC = load_example("wulfric")
ORC = load_example("orc")


def test_classic_is_registered_with_its_policies_and_plays():
    """Registered under its name and aliases with the policies that differ from lfg; the
    Encounter plays it (tests/classic/test_classic_encounter.py), so ``Ruleset("classic")``
    is built, with its one initiative (Top-Down by a d20 order) as the default."""
    assert definition("classic") is CLASSIC and definition("002") is CLASSIC
    lfg = definition("lfg")
    assert CLASSIC.damage is lfg.damage  # no damage types of its own
    assert CLASSIC.economy != lfg.economy and CLASSIC.health != lfg.health
    rs = Ruleset("classic")
    assert rs.initiative == "top_down" and tuple(CLASSIC.initiative) == ("top_down",)
    assert Ruleset("002") == rs and rs.describe() == "classic (002_2a3a79475ca2a541.txt)"
    assert Ruleset().initiative == "selective" and "initiative" not in Ruleset().describe()
    with pytest.raises(RulesetError, match="initiative must be one of top_down"):
        Ruleset("classic", initiative="selective")


def test_one_attack_a_round_whatever_the_level():
    """"Attack (characters can only attack once per round)"."""
    eco = CLASSIC.economy
    assert [eco.attacks_per_turn(level) for level in (1, 5, 10, 15, 20)] == [1] * 5
    assert eco.one_attack_or_cast(20) and not eco.two_attacks_per_big_action(20)
    assert not eco.double_once_per_turn(12)
    assert eco.attacks_per_turn(5, 0) == 0
    # lfg's level 15 gives 4 attacks in two Big Actions
    assert definition("lfg").economy.attacks_per_turn(15) == 4


def test_the_round_budget_splits_the_move_around_the_action():
    """"She can move, then perform another action, then continue moving as long as she does
    not move further than their full movement"."""
    b = CLASSIC.economy.round_budget(30).move(10).act("attack").move(20)
    assert isinstance(b, RoundBudget) and b.remaining_ft == 0
    with pytest.raises(IllegalActionError, match="already spent"):
        b.act("cast_spell")
    limited = CLASSIC.economy.round_budget(30, "limited")
    assert limited.move_limit_ft == 15


def test_initiative_is_top_down_with_the_classic_flat_footed():
    """Flat-footed: "A character who has not yet acted during a combat is Flat-footed"."""
    policy = CLASSIC.initiative["top_down"]()
    assert isinstance(policy, TopDownInitiative) and isinstance(policy, ClassicInitiative)
    assert "002_2a3a79475ca2a541.txt" in policy.rule
    assert policy.start_effects("Orc")[0].conditions == ("flat_footed",)


def test_killer_criticals_belong_to_lfg():
    with pytest.raises(RulesetError, match="killer_criticals.*classic"):
        CLASSIC.attacks.killer_critical_minimum(2, 50)


def test_creature_ac_is_the_texts_formula():
    """"10 + armor bonus + shield bonus + Dexterity modifier + size modifier + natural
    armor": Wulfric 10 + 5 (chainmail) + 2 (shield) + 1 (DEX 12) = 18; the ogre (Large, -1
    from the rebuilt size chart; natural armor 5, hide 3, DEX 8 -1) 16."""
    assert ClassicCombatant.of(WULFRIC).ac.total == 18
    assert ClassicCombatant.of(load_example("ogre")).ac.total == 10 + 3 - 1 - 1 + 5


def test_attack_odds_under_classic_are_the_pure_rules_with_the_creatures_numbers():
    """d20 + BAB + STR vs AC; natural 20 double damage (the longsword's 19-20 widens it)."""
    odds = attack_odds(WULFRIC, ORC, "longsword", ruleset="classic", bab=5)
    assert (odds.bonus, odds.ac, odds.damage_expr) == (5 + 3, 13, "1d8+3")
    same = pure.attack_odds(8, 13, "1d8+3", crit_range=19)
    assert odds.p_hit == same.p_hit == Fraction(16, 20)
    assert odds.p_crit == Fraction(2, 20) and odds.p_fumble == Fraction(1, 20)
    assert odds.damage.equals(same.damage)
    # the greataxe's x3 does not matter: every classic critical is "double damage"
    axe = attack_odds(ORC, WULFRIC, "greataxe", ruleset="classic", bab=3)
    assert axe.damage.index.max() == 2 * (12 + 3)
    assert "fumble 5.0%" in axe.summary()


def test_ranged_uses_dex_and_no_strength_to_damage():
    mayat = load_example("mayat")
    bow = weapon_profile(mayat, "longbow")
    assert bow.ranged and not bow.strength_to_damage
    odds = creature_attack_odds(mayat, ORC, "longbow", bab=7)
    assert odds.bonus == 7 + 4 and odds.damage_expr == "1d8"


def test_a_mobile_disabled_hero_attacks_at_minus_5_to_hit_and_damage():
    """"attack an adjacent creature at – 5 to hit and damage"."""
    normal = creature_attack_odds(WULFRIC, ORC, "longsword", bab=5)
    limited = creature_attack_odds(WULFRIC, ORC, "longsword", bab=5, limited=True)
    assert limited.bonus == normal.bonus - 5 and limited.damage_expr == "1d8-2"


def test_missing_bab_is_named():
    """A field another ruleset needs is named in the error."""
    with pytest.raises(ClassicError, match=r"^bab: Orc has no Base Attack Bonus.*bab: N"):
        attack_odds(ORC, WULFRIC, "greataxe", ruleset="classic")
    with pytest.raises(ClassicError, match="bab"):
        ClassicCombatant.of(ORC, bab=-1)


def test_combatants_carry_their_fields():
    orc = ClassicCombatant.of(ORC, bab=3, challenge_rating="1/2")
    assert orc.challenge_rating == Fraction(1, 2)
    again = ClassicCombatant.of(orc)
    assert again == orc and again.creature is ORC
    with pytest.raises(ClassicError, match="challenge_rating"):
        ClassicCombatant.of(ORC, challenge_rating="hard")


@pytest.mark.parametrize("weapon, bab, kw", [("longsword", 5, {}),
                                             ("longsword", 2, {"concealment": "full"}),
                                             ("longsword", 5, {"miss_chance": 50})])
def test_creature_attack_odds_agree_with_sampling(weapon, bab, kw):
    """The exact odds and the rolled attack (same rules) agree by a chi-square test on the
    outcome (miss / hit / critical)."""
    odds = creature_attack_odds(WULFRIC, ORC, weapon, bab=bab, **kw)
    wulfric, orc = ClassicCombatant.of(WULFRIC, bab=bab), ClassicCombatant.of(ORC)
    roller, n = Roller(13), 4000
    seen = Counter()
    for _ in range(n):
        r = creature_attack(roller, wulfric, orc, weapon, **kw)
        seen["crit" if r.critical else "hit" if r.hit else "miss"] += 1
    p = {"miss": 1 - odds.p_hit, "hit": odds.p_hit - odds.p_crit, "crit": odds.p_crit}
    keys = [k for k in p if p[k]]
    assert stats.chisquare([seen[k] for k in keys],
                           [n * float(p[k]) for k in keys]).pvalue > 1e-3


def test_health_policy_reports_nonlethal_and_disabled():
    """"When a hero drops to or below 0, they become disabled"; "When your character's
    current hit points drop to -10 or lower, they're dead"; "If nonlethal damage exceeds
    your current hit points, you fall unconscious"."""
    v = CLASSIC.health.vitals(ORC)
    assert isinstance(v, ClassicVitals) and (v.hp, v.nonlethal, v.disabled) == (38, 0, False)
    down = v.damage(40)
    assert down.disabled and down.unconscious and not down.dead and down.hp == -2
    assert down.damage(8).dead
    knocked = v.damage(39, nonlethal=True)
    assert knocked.unconscious and not knocked.disabled and knocked.nonlethal == 39


def test_condition_catalogue_is_the_classic_list():
    """"Conditions": its own list, from its data file."""
    cat = CLASSIC.conditions
    assert cat.data_file == "classic/conditions.csv"
    assert cat.names() == condition_names() and "Cower" in cat.names()
    assert cat.lookup("energy-drained") == "Energy-Drained"
    assert cat.effect("Entangled").attack == -2 and cat.effect("Entangled").dexterity == -4
    assert cat.effect(["Prone"]).loses_dex_to_ac  # Prone implies Flat-footed
    with pytest.raises(ClassicError, match="condition.*Grappled"):
        cat.lookup("Grappled")


def test_heroic_action_odds_entry_point():
    """"for a roll against the environment the GM adds a default +2"."""
    from lfgcombat.rulesets.classic.heroic import heroic_action_odds
    even = heroic_action_odds(0, 0)
    assert even.p_player_wins == Fraction(190, 400)
    assert heroic_action_odds(2, 0, environment=True).p_player_wins == even.p_player_wins


def test_odds_frame_partitions_the_outcomes_and_agrees_with_the_summary():
    """Issue 23, item 11: the frame's rows are the d20's outcomes, each counted once - a
    natural 1 is a fumble and a miss ("Fumble": "A roll of a natural 1 during any attack
    or action causes the character to fumble"; a miss, inferred), a natural 20 a critical
    and a hit ("Criticals and fumbles": "Rolling a 20 is always a Critical Hit") - so they
    sum to 1, and the hit rows add up to the summary's hit (the miss rows to its miss)."""
    odds = attack_odds(WULFRIC, ORC, "longsword", ruleset="classic", bab=5)
    frame = odds.to_frame()
    assert frame["outcome"].tolist() == ["miss (not a fumble)", "fumble (natural 1)",
                                         "hit (not critical)", "critical"]
    p = dict(zip(frame["outcome"], frame["probability"]))
    assert frame["probability"].sum() == pytest.approx(1, abs=1e-12)
    assert p["fumble (natural 1)"] == pytest.approx(0.05)
    assert p["hit (not critical)"] + p["critical"] == pytest.approx(float(odds.p_hit))
    hit = frame.loc[frame["counted_in"] == "hit", "probability"].sum()
    miss = frame.loc[frame["counted_in"] == "miss", "probability"].sum()
    assert (hit, miss) == (pytest.approx(float(odds.p_hit)), pytest.approx(1 - float(odds.p_hit)))
    line = odds.summary()
    assert f"hit {float(odds.p_hit):.1%} (critical {float(odds.p_crit):.1%})" in line
    assert f"miss {1 - float(odds.p_hit):.1%} (fumble 5.0%)" in line
    # a Blinded attacker's dodged hits are misses: still a partition
    dodged = attack_odds(WULFRIC, ORC, "longsword", ruleset="classic", bab=5,
                         miss_chance=50).to_frame()
    assert dodged["probability"].sum() == pytest.approx(1, abs=1e-12)
    assert (dodged["probability"] >= 0).all()


def test_conditions_change_the_attack():
    """"Conditions": Shaken "-2 penalty to all rolls", Sickened "-2 penalty on all attack
    rolls, weapon damage rolls", Exhausted "-3 penalty to Strength", Blinded "Any target
    they attack gets a 50% chance to dodge", Helpless "treated as having a Dexterity of 0
    (-5 modifier). Melee attacks against a Helpless target get a +4 bonus [...] Ranged
    attacks gets no special bonus", Flat-footed "loses their Dexterity bonus to AC",
    Energy-Drained "-1 penalty on attack rolls" per level."""
    wulfric = WULFRIC.replace(bab=5)
    base = creature_attack_odds(wulfric, ORC, "longsword")
    assert (base.bonus, base.ac, base.damage_expr) == (8, 13, "1d8+3")
    shaken = creature_attack_odds(wulfric, ORC, "longsword", attacker_conditions=["Shaken"])
    assert shaken.bonus == 6
    sick = creature_attack_odds(wulfric, ORC, "longsword", attacker_conditions=["Sickened"])
    assert sick.bonus == 6 and sick.damage_expr == "1d8+3-2"
    tired = creature_attack_odds(wulfric, ORC, "longsword", attacker_conditions=["Exhausted"])
    assert tired.bonus == 5 + 1 and tired.damage_expr == "1d8+1"  # STR 16 -> 13
    blind = creature_attack_odds(wulfric, ORC, "longsword", attacker_conditions=["Blinded"])
    assert blind.p_hit == base.p_hit / 2
    helpless = creature_attack_odds(wulfric, ORC, "longsword", target_conditions=["Helpless"])
    assert (helpless.bonus, helpless.ac) == (12, 13 - 5)  # orc DEX 11: +0 -> -5
    mayat = load_example("mayat").replace(bab=7)
    shot = creature_attack_odds(mayat, ORC, "longbow", target_conditions=["Helpless"])
    assert shot.bonus == 7 + 4 and shot.ac == 8
    wary = creature_attack_odds(ORC.replace(bab=3), WULFRIC, "greataxe",
                                target_conditions=["Flat-footed"])
    assert wary.ac == 18 - 1
    drained = creature_attack_odds(wulfric, ORC, "longsword", negative_levels=2)
    assert drained.bonus == 6
    with pytest.raises(ClassicError, match="condition"):
        creature_attack_odds(wulfric, ORC, "longsword", target_conditions=["Grappled"])


def test_odds_with_conditions_agree_with_sampling():
    wulfric, orc = ClassicCombatant.of(WULFRIC, bab=2), ClassicCombatant.of(ORC)
    kw = {"attacker_conditions": ["Blinded", "Shaken"], "target_conditions": ["Prone"]}
    odds = creature_attack_odds(wulfric, orc, "longsword", **kw)
    roller, n = Roller(5), 4000
    seen = Counter()
    for _ in range(n):
        r = creature_attack(roller, wulfric, orc, "longsword", **kw)
        seen["crit" if r.critical else "hit" if r.hit else "miss"] += 1
    p = {"miss": 1 - odds.p_hit, "hit": odds.p_hit - odds.p_crit, "crit": odds.p_crit}
    assert stats.chisquare([seen[k] for k in p], [n * float(v) for v in p.values()]).pvalue > 1e-3
