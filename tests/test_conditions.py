"""Every condition of 000_8d1d7816ee944f3b.txt, "Conditions – Full Details", and its effect.

Each condition has a check in ``EFFECTS`` run on the same baseline creature; a condition
without a check fails ``test_condition_effect``. Each check cites its heading.
"""

from __future__ import annotations

from collections.abc import Callable
import os
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from lfgcombat.rules.conditions.conditions import (CONDITIONS_SCHEMA, ROW_KEYS, Affliction,
                                                   Condition, ConditionError, bleed_cap,
                                                   conditions_table, gain, lookup, resolve, spec,
                                                   specs, stack_afflictions)
from lfgcombat.creature import Creature
from lfgcombat.dice import Fortune
from lfgcombat.io.tables import parse_source

# $LFG_SEEDS, else shared/seeds beside the repo (as tests/conftest.py:seeds_dir)
SEEDS = Path(os.environ.get("LFG_SEEDS") or Path(__file__).parents[1].parent / "shared" / "seeds")
TEXT = "000_8d1d7816ee944f3b.txt"

# Level 5 fighter, DEX 14 (+2), CON 14, STR 14, armor 4 (vs crit 5), shield 2, +1 dodge.
BASE = Creature.from_dict({
    "name": "Baseline", "class": "fighter", "level": 5,
    "abilities": {"str": 14, "dex": 14, "con": 14, "int": 10, "wis": 10, "cha": 10},
    "armor": {"rating": 4, "vs_crit": 5}, "shield_rating": 2, "speed": 30,
    "bonuses": [{"to": "ac", "value": 1, "type": "dodge", "source": "dodge feat"}],
    "weapons": [{"name": "longsword", "damage": "1d8", "crit": "19-20/x2", "damage_type": "s"}],
})


def test_baseline() -> None:
    # "Armor Class (AC) - What is it?", "What are the other kinds of AC?": AC 10+2+4+2+1.
    assert (BASE.ac.value, BASE.ff_ac.value, BASE.touch_ac.value, BASE.ac_vs_crit.value) == (
        19, 14, 13, 20)
    assert (BASE.fort.value, BASE.ref.value, BASE.will.value) == (6, 3, 1)
    assert BASE.melee_attack.value == 6 and BASE.move_speed.value == 30
    assert BASE.actions.big_actions == 2 and BASE.actions.reactions == 1
    assert BASE.threatens and BASE.fort.fortune is None


def with_(*conditions: str) -> Creature:
    c = BASE
    for cond in conditions:
        c = c.with_condition(cond)
    return c


def ac_values(c: Creature) -> tuple[int, int, int, int]:
    return (c.ac.value, c.ff_ac.value, c.touch_ac.value, c.ac_vs_crit.value)


def shifted(delta: int) -> tuple[int, ...]:
    return tuple(v + delta for v in ac_values(BASE))


def assert_d20(c: Creature, delta: int) -> None:
    assert c.fort.value == BASE.fort.value + delta
    assert c.will.value == BASE.will.value + delta
    assert c.initiative_bonus.value == BASE.initiative_bonus.value + delta
    assert c.skill_modifier().value == delta


def assert_perseverance(c: Creature, base: int, per_sl: int) -> None:
    for sl in (0, 3):
        assert c.spellcasting(sl).perseverance_dc == base + per_sl * sl


EFFECTS: dict[Condition, Callable[[], None]] = {}


def effect(condition: Condition):
    def register(fn: Callable[[], None]) -> Callable[[], None]:
        EFFECTS[condition] = fn
        return fn
    return register


@effect(Condition.ABLAZE)
def _ablaze() -> None:
    # "Ablaze": "Take 1d6 Fire Damage as soon as the condition begins, plus 1d6 Fire Damage
    # each additional round"; "Spell-Casting requires Perseverance checks".
    c, gained = BASE.gain_condition("ablaze")
    assert gained.damage == ("1d6 fire",)
    assert c.active_conditions.damage_per_round() == [("ablaze", "1d6 fire")]
    assert c.spellcasting(2).perseverance_dc == 15
    assert gain(c.conditions, "ablaze", 5).damage == ()  # already burning: no new start
    assert ac_values(c) == ac_values(BASE)


@effect(Condition.AGONY)
def _agony() -> None:
    # "Agony / Agonized": -2 all d20, half speed, -2 AC, a Big Action spent at the start
    # of the turn, Perseverance DC(15+2xSL). More severe version of Distressed.
    c = with_("agony")
    assert_d20(c, -2)
    assert ac_values(c) == shifted(-2)
    assert c.move_speed.value == 15
    assert c.actions.big_actions == 1
    assert_perseverance(c, 15, 2)
    both = with_("distressed", "agony")
    assert Condition.DISTRESSED not in both.active_conditions
    assert ac_values(both) == shifted(-2) and both.move_speed.value == 15


@effect(Condition.ASLEEP)
def _asleep() -> None:
    # "Asleep / Sleeping": "you are Helpless"; "automatically fail REF Saves"; FORT and
    # WILL normally.
    c = with_("asleep")
    assert Condition.HELPLESS in c.active_conditions
    assert c.ref.auto_fail and not c.fort.auto_fail and not c.will.auto_fail
    assert c.fort.value == BASE.fort.value


@effect(Condition.BLEED)
def _bleed() -> None:
    # "Bleed X": X biological damage per round; stacks; X at most the level.
    c = with_("bleed 2")
    assert c.active_conditions.damage_per_round() == [("bleed 2", "2 biological")]
    assert with_("bleed 2", "bleed 2").conditions == (Affliction(Condition.BLEED, 4),)
    assert with_("bleed 3", "bleed 4").conditions == (Affliction(Condition.BLEED, 5),)
    assert ac_values(c) == ac_values(BASE)


@effect(Condition.BLINDED)
def _blinded() -> None:
    # "Blinded / Blind": Flat-Footed, half speed, no threatened area, 50% miss chance.
    c = with_("blind")
    assert Condition.FLAT_FOOTED in c.active_conditions
    assert c.ac.value == BASE.ff_ac.value
    assert c.move_speed.value == 15
    assert not c.threatens
    assert c.active_conditions.miss_chance == 50
    assert "50% miss chance" in c.explain("melee_attack")
    both = with_("partially blinded", "blinded")
    assert Condition.PARTIALLY_BLINDED not in both.active_conditions


def _broken_arm_like(name: str) -> None:
    c = with_(name)
    assert ac_values(c) == shifted(-1)
    assert c.spellcasting().failure_pct == {"S": 10}
    assert c.melee_attack.value == BASE.melee_attack.value


@effect(Condition.BROKEN_ARM)
def _broken_arm() -> None:
    # "Broken Arm": -1AC and +10% Spell Failure with Somatic Components.
    _broken_arm_like("broken arm")


@effect(Condition.SEVERED_ARM)
def _severed_arm() -> None:
    # "Severed Limbs": "Apply the same penalties as for the Broken Bone".
    _broken_arm_like("severed arm")
    assert spec("severed_arm").ac == spec("broken_arm").ac


def _broken_leg_like(name: str) -> None:
    c, gained = BASE.gain_condition(name)
    assert Condition.PRONE in c.active_conditions  # "When afflicted, you fall Prone."
    assert any("Prone" in s for s in gained.consequences)
    standing = c.without_condition("prone")  # standing up removes Prone, not the leg
    assert standing.melee_attack.value == BASE.melee_attack.value - 2
    assert ac_values(standing) == shifted(-2)
    assert standing.move_speed.value == 15
    assert not standing.move_speed.can_run and not standing.move_speed.can_five_foot_step


@effect(Condition.BROKEN_LEG)
def _broken_leg() -> None:
    # "Broken Leg": fall Prone; -2 Attack, -2AC, Half Move Speed, no Run, no 5-Foot Step.
    _broken_leg_like("broken leg")


@effect(Condition.SEVERED_LEG)
def _severed_leg() -> None:
    # "Severed Limbs": as the Broken Bone.
    _broken_leg_like("severed leg")


@effect(Condition.BROKEN_RIBS)
def _broken_ribs() -> None:
    # "Broken Ribs": "You are Distressed with pain until healed."
    c = with_("broken ribs")
    assert c.active_conditions.get(Condition.DISTRESSED).via == "implied by broken ribs"
    assert ac_values(c) == shifted(-2) and c.move_speed.value == 15


@effect(Condition.CONFOUNDED)
def _confounded() -> None:
    # "Confounded": "You are Unfortunate. You suffer +20% Spell Failure."
    c = with_("confounded")
    assert c.fort.fortune is Fortune.UNFORTUNATE
    assert c.spellcasting().failure_pct == {"any": 20}


@effect(Condition.CRAMPED)
def _cramped() -> None:
    # "Cramped": Half Move Speed, -2AC, -2 Physical Skill checks, Attack Rolls, REF Saves.
    c = with_("cramped")
    assert c.move_speed.value == 15
    assert ac_values(c) == shifted(-2)
    assert c.melee_attack.value == BASE.melee_attack.value - 2
    assert c.ref.value == BASE.ref.value - 2 and c.fort.value == BASE.fort.value
    assert c.skill_modifier("physical_skill").value == -2
    assert c.skill_modifier("skill").value == 0


@effect(Condition.DEAF)
def _deaf() -> None:
    # "Deaf / Deafened": -1AC, +10% Spell Failure with Verbal Components.
    c = with_("deafened")
    assert ac_values(c) == shifted(-1)
    assert c.spellcasting().failure_pct == {"V": 10}


@effect(Condition.DISTRACTED)
def _distracted() -> None:
    # "Distracted": Unfortunate on Listen and Spot checks only - no other statistic moves.
    c = with_("distracted")
    assert c.fort.fortune is None and c.skill_modifier().fortune is None
    assert ac_values(c) == ac_values(BASE)
    assert "Listen and Spot" in spec(Condition.DISTRACTED).summary


@effect(Condition.DISTRESSED)
def _distressed() -> None:
    # "Distressed": -2 all d20, -2AC, Half Move Speed; Perseverance DC15.
    c = with_("distressed")
    assert_d20(c, -2)
    assert ac_values(c) == shifted(-2)
    assert c.move_speed.value == 15
    assert_perseverance(c, 15, 0)


@effect(Condition.DYING)
def _dying() -> None:
    # "Dying": "You are Unconscious" (Helpless, Prone, cannot act).
    c = with_("dying")
    for implied in (Condition.UNCONSCIOUS, Condition.HELPLESS, Condition.PRONE):
        assert implied in c.active_conditions
    assert c.actions.big_actions == 0 and c.attacks_per_turn.value == 0
    # At 0 HP or below while bleeding, a creature is dying without being told so.
    hurt = BASE.replace(current_hp=-2, conditions=["bleed 1"])
    assert hurt.active_conditions.get(Condition.DYING).via.startswith("HP -2")


@effect(Condition.ENCUMBERED)
def _encumbered() -> None:
    # "Encumbered": -3 Mobility, -1 Attack, -1 AC, -1 REF; 75% speed rounded down to 5 ft.
    c = with_("encumbered")
    assert c.move_speed.value == 20  # 22.5 -> 20
    assert ac_values(c) == shifted(-1)
    assert c.melee_attack.value == BASE.melee_attack.value - 1
    assert c.ref.value == BASE.ref.value - 1
    assert c.skill_modifier("mobility_skill").value == -3


@effect(Condition.FLANKED)
def _flanked() -> None:
    # "Flanked": -2 penalty to AC (every AC value).
    c = with_("flanked")
    assert ac_values(c) == shifted(-2)
    assert "flanked" in c.explain("touch_ac")


@effect(Condition.FLAT_FOOTED)
def _flat_footed() -> None:
    # "Flat-Footed": -2 AC or lose DEXMod; no Reactions; lose Dodge and Shield.
    c = with_("flat-footed")
    assert c.ac.value == BASE.ff_ac.value == 14
    assert c.touch_ac.value == 10 + 2 - 2  # no dodge, -2 (DEXMod +2 or lower)
    assert c.actions.reactions == 0
    assert c.ref.value == BASE.ref.value  # "no penalty to REF Saves for ... Flat-Footed"


@effect(Condition.FORTUNATE)
def _fortunate() -> None:
    # "Fortunate": roll 2d20, keep the better; cancels Unfortunate.
    assert with_("fortunate").fort.fortune is Fortune.FORTUNATE
    assert with_("fortunate").melee_attack.fortune is Fortune.FORTUNATE
    assert with_("fortunate", "unfortunate").fort.fortune is None
    assert with_("fortunate", "frightened").fort.fortune is None


@effect(Condition.FRIGHTENED)
def _frightened() -> None:
    # "Frightened": "This is a Fear Effect: you are Unfortunate".
    c = with_("frightened")
    assert c.will.fortune is Fortune.UNFORTUNATE
    assert c.active_conditions.get(Condition.UNFORTUNATE).via == "implied by frightened"


@effect(Condition.GRAPPLED)
def _grappled() -> None:
    # "Grappled Condition": no threatened area; Somatic spells need Perseverance vs
    # Wrestling.
    c = with_("grappled")
    assert not c.threatens
    assert c.spellcasting().perseverance == (("grappled", None),)
    assert ac_values(c) == ac_values(BASE)


@effect(Condition.HEAVILY_ENCUMBERED)
def _heavily_encumbered() -> None:
    # "Heavily Encumbered": -6 Mobility, -2 Attack, -2 AC, -2 REF, Half Move Speed,
    # Precision Damage.
    c = with_("heavily encumbered")
    assert c.move_speed.value == 15
    assert ac_values(c) == shifted(-2)
    assert c.melee_attack.value == BASE.melee_attack.value - 2
    assert c.ref.value == BASE.ref.value - 2
    assert c.skill_modifier("mobility_skill").value == -6
    assert c.active_conditions.precision_vulnerable
    both = with_("encumbered", "heavily encumbered")
    assert both.move_speed.value == 15 and ac_values(both) == shifted(-2)


@effect(Condition.HELPLESS)
def _helpless() -> None:
    # "Helpless": DEX 0 (-5 DEXMod) against attacks; no Dodge or Shield; REF fails; no
    # Reactions; "Unable to move".
    c = with_("helpless")
    assert c.ac.value == 10 - 5 + 4  # no +2 DEX, no shield, no dodge
    assert c.touch_ac.value == 10 - 5
    assert c.ref.auto_fail and c.actions.reactions == 0
    assert c.move_speed.value == 0
    assert "effective DEX 0" in c.explain("ac")


@effect(Condition.HINDERED)
def _hindered() -> None:
    # "Hindered": Half Move Speed, no Run, no 5-Foot Step; -2AC, -2 REF, -2 Physical;
    # Perseverance DC10.
    c = with_("hindered")
    assert c.move_speed.value == 15
    assert not c.move_speed.can_run and not c.move_speed.can_five_foot_step
    assert ac_values(c) == shifted(-2)
    assert c.ref.value == BASE.ref.value - 2
    assert c.skill_modifier("physical_skill").value == -2
    assert_perseverance(c, 10, 0)


@effect(Condition.INJURED)
def _injured() -> None:
    # "Injured": -2 AC, -2 all d20, Move Speed -5 (not below 5); Perseverance
    # DC(10+[2xSL]).
    c = with_("injured")
    assert ac_values(c) == shifted(-2)
    assert_d20(c, -2)
    assert c.move_speed.value == 25
    assert_perseverance(c, 10, 2)
    assert BASE.replace(speed=5).with_condition("injured").move_speed.value == 5


@effect(Condition.INVISIBLE)
def _invisible() -> None:
    # "Invisible": attacks against you suffer 50% miss chance.
    c = with_("invisible")
    assert c.active_conditions.attackers_miss_chance == 50
    assert "50% miss chance" in c.explain("ac")
    assert ac_values(c) == ac_values(BASE)


@effect(Condition.PARALYZED)
def _paralyzed() -> None:
    # "Paralyzed": Helpless, falls Prone, no actions.
    c = with_("paralyzed")
    assert Condition.HELPLESS in c.active_conditions
    assert Condition.PRONE in c.active_conditions
    assert c.actions.big_actions == 0 and c.actions.little_actions == 0
    assert c.move_speed.value == 0 and not c.move_speed.minimum_movement


@effect(Condition.PARTIALLY_BLINDED)
def _partially_blinded() -> None:
    # "Partially Blinded": others have Partial Concealment (20% miss chance).
    c = with_("partially blinded")
    assert c.active_conditions.miss_chance == 20
    assert c.threatens


@effect(Condition.PINNED)
def _pinned() -> None:
    # "Pinned": more severe Grappled; S or F spells impossible; no threatened area.
    c = with_("grappled", "pinned")
    assert Condition.GRAPPLED not in c.active_conditions
    assert not c.threatens
    assert any("Somatic or Focus" in n for n in c.spellcasting().notes)


@effect(Condition.PRONE)
def _prone() -> None:
    # "Prone": -4 attack; -4 AC vs melee (and ranged within 5 ft); +2 vs ranged from 15+.
    c = with_("prone")
    assert c.melee_attack.value == BASE.melee_attack.value - 4
    assert not c.threatens
    assert c.ac.value == BASE.ac.value  # the general AC lists the cases as notes
    assert c.armor_class(against="melee").value == BASE.ac.value - 4
    assert c.armor_class(against="ranged", distance_ft=5).value == BASE.ac.value - 4
    assert c.armor_class(against="ranged", distance_ft=10).value == BASE.ac.value
    assert c.armor_class(against="ranged", distance_ft=30).value == BASE.ac.value + 2
    assert "cover" in c.armor_class(against="ranged", distance_ft=30).explain()
    assert "against melee attacks" in c.explain("ac")


@effect(Condition.STAGGERED)
def _staggered() -> None:
    # "Staggered": a single Big Action, no Reactions, -2 all d20, -2AC; DC(10+2xSL).
    c = with_("staggered")
    assert c.actions.big_actions == 1 and c.actions.reactions == 0
    assert c.attacks_per_turn.value == 1  # level 5: 2 attacks need 2 Big Actions
    assert_d20(c, -2)
    assert ac_values(c) == shifted(-2)
    assert_perseverance(c, 10, 2)


@effect(Condition.STUNNED)
def _stunned() -> None:
    # "Stunned": no Actions, no Reactions, Flat-Footed, -2 all d20, no spell-casting.
    c = with_("staggered", "stunned")
    assert Condition.STAGGERED not in c.active_conditions
    assert c.actions.big_actions == 0 and c.actions.little_actions == 0
    assert c.ac.value == BASE.ff_ac.value
    assert_d20(c, -2)
    assert not c.spellcasting().possible


@effect(Condition.TERRIFIED)
def _terrified() -> None:
    # "Terrified": Unfortunate; melee attacks against you are Fortunate.
    c = with_("frightened", "terrified")
    assert Condition.FRIGHTENED not in c.active_conditions
    assert c.will.fortune is Fortune.UNFORTUNATE
    assert c.active_conditions.attackers_melee_fortune is Fortune.FORTUNATE
    assert "melee attacks against it are fortunate" in c.explain("ac")


@effect(Condition.UNCONSCIOUS)
def _unconscious() -> None:
    # "Unconscious": Helpless, fall prone, cannot act.
    c = with_("unconscious")
    assert {Condition.HELPLESS, Condition.PRONE} <= {e.condition for e in c.active_conditions}
    assert c.actions.big_actions == 0 and c.ref.auto_fail
    # HP at 0 without bleeding: unconscious (stable), not dying.
    out = BASE.replace(current_hp=0)
    assert Condition.UNCONSCIOUS in out.active_conditions
    assert Condition.DYING not in out.active_conditions


@effect(Condition.UNFORTUNATE)
def _unfortunate() -> None:
    # "Unfortunate / Misfortune": roll 2d20, keep the worse; does not stack.
    c = with_("misfortune", "unfortunate")
    assert c.conditions == (Affliction(Condition.UNFORTUNATE),)
    assert c.ref.fortune is Fortune.UNFORTUNATE
    assert c.initiative_bonus.fortune is Fortune.UNFORTUNATE


@effect(Condition.WEAKENED)
def _weakened() -> None:
    # "Weakened, Stage 1-5": -N all d20, -N AC, -10N% physical damage, stage extras.
    for n in range(1, 6):
        c = with_(f"weakened {n}")
        assert_d20(c, -n)
        assert ac_values(c) == shifted(-n)
        assert c.physical_damage_pct.value == -10 * n
    assert with_("weakened 1").move_speed.value == 30
    assert with_("weakened 2").move_speed.value == 25
    assert BASE.replace(speed=50).with_condition("weakened 2").move_speed.value == 40
    assert_perseverance(with_("weakened 2"), 10, 2)
    assert with_("weakened 3").move_speed.value == 15
    w4 = with_("weakened 4")
    assert w4.actions.reactions == 0 and not w4.actions.swift_actions
    assert not w4.move_speed.can_run and w4.actions.big_actions == 2
    w5 = with_("weakened 5")
    assert w5.actions.big_actions == 1 and w5.move_speed.value == 15


@pytest.mark.parametrize("condition", list(Condition), ids=lambda c: c.value)
def test_condition_effect(condition: Condition) -> None:
    assert condition in EFFECTS, f"no effect test for {condition.value}"
    EFFECTS[condition]()


# --- stacking ---------------------------------------------------------------------------

def test_same_condition_keeps_the_longer_duration() -> None:
    # "Conditions": "the longer lasting duration is always applied".
    assert stack_afflictions(["stunned for 2 rounds", "stunned for 5 rounds"], 3) == (
        Affliction(Condition.STUNNED, rounds=5),)
    assert stack_afflictions(["prone for 2 rounds", "prone"], 3) == (
        Affliction(Condition.PRONE),)  # until removed is the longest
    assert len(with_("flanked", "flanked").conditions) == 1
    assert ac_values(with_("flanked", "flanked")) == shifted(-2)


def test_bleed_adds_up_to_the_level() -> None:
    # "Bleed X": "Bleed 1 and Bleed 2 combine to cause a total of Bleed 3"; "A level 4
    # character cannot suffer more than Bleed 4".
    assert stack_afflictions(["bleed 1", "bleed 2"], 4) == (Affliction(Condition.BLEED, 3),)
    assert stack_afflictions(["bleed 3", "bleed 3"], 4) == (Affliction(Condition.BLEED, 4),)
    assert bleed_cap(4) == 4 and bleed_cap(0) == 1
    g = gain([Affliction(Condition.BLEED, 3)], "bleed 3", 4)
    assert g.afflictions == (Affliction(Condition.BLEED, 4),)
    assert any("capped at 4" in s for s in g.consequences)


@given(st.lists(st.integers(1, 20), min_size=1, max_size=6), st.integers(0, 20))
def test_bleed_stacking_property(amounts: list[int], level: int) -> None:
    out = stack_afflictions([Affliction(Condition.BLEED, a) for a in amounts], level)
    assert out == (Affliction(Condition.BLEED, min(sum(amounts), bleed_cap(level))),)


def test_weakened_stages_accumulate_to_5() -> None:
    # "Weakened": "Any time you gain a Weakened Stage, it adds to any current stages";
    # "Weakened, Stage 5+": "you stay at Stage 5 and take 1d6 Biological damage".
    c = with_("weakened 1", "weakened 2")
    assert c.conditions == (Affliction(Condition.WEAKENED, 3),)
    g = gain(c.conditions, "weakened 4", 5)
    assert g.afflictions == (Affliction(Condition.WEAKENED, 5),)
    assert g.damage == ("1d6 biological", "1d6 biological")
    assert gain((), "weakened 5", 5).damage == ()


def test_fortunate_and_unfortunate_cancel() -> None:
    both = resolve([Affliction(Condition.FORTUNATE), Affliction(Condition.UNFORTUNATE)])
    assert both.fortune() is None
    assert len(both.fortune_sources()) == 2


def test_implied_conditions_are_transitive_and_labelled() -> None:
    cs = resolve([Affliction(Condition.DYING)])
    vias = {e.condition: e.via for e in cs}
    assert vias[Condition.UNCONSCIOUS] == "implied by dying"
    assert vias[Condition.HELPLESS] == "implied by unconscious"
    assert "helpless (implied by unconscious)" in repr(cs)


def test_superseded_conditions_are_reported() -> None:
    cs = resolve([Affliction(Condition.STAGGERED), Affliction(Condition.STUNNED)])
    assert Condition.STAGGERED not in cs
    assert cs.superseded == ("staggered: superseded by stunned (more severe version)",)


# --- parsing ----------------------------------------------------------------------------

@pytest.mark.parametrize("text,expected", [
    ("prone", Affliction(Condition.PRONE)),
    ("Flat-Footed", Affliction(Condition.FLAT_FOOTED)),
    ("flat footed", Affliction(Condition.FLAT_FOOTED)),
    ("Bleed 2", Affliction(Condition.BLEED, 2)),
    ("weakened 3", Affliction(Condition.WEAKENED, 3)),
    ("Weakened, Stage 4", Affliction(Condition.WEAKENED, 4)),
    ("stunned for 2 rounds", Affliction(Condition.STUNNED, rounds=2)),
    ("stunned (1 round)", Affliction(Condition.STUNNED, rounds=1)),
    ("blind", Affliction(Condition.BLINDED)),
    ("deafened", Affliction(Condition.DEAF)),
    ("agonized", Affliction(Condition.AGONY)),
    ({"condition": "bleed", "value": 2, "rounds": 3}, Affliction(Condition.BLEED, 2, 3)),
])
def test_parse(text, expected: Affliction) -> None:
    assert Affliction.parse(text) == expected
    assert Affliction.parse(str(expected)) == expected


@pytest.mark.parametrize("text,message", [
    ("pron", "did you mean 'prone'"),
    ("levitating", "unknown condition"),
    ("bleed", "Bleed X needs X"),
    ("bleed 0", "X >= 1"),
    ("weakened 6", "from 1 to 5"),
    ("prone 2", "takes no value"),
    ("stunned for 0 rounds", "rounds must be"),
    (42, "written as text"),
    ({"name": "prone"}, "keys condition, value, rounds"),
])
def test_parse_errors(text, message: str) -> None:
    with pytest.raises(ConditionError, match=message):
        Affliction.parse(text)


def test_lookup() -> None:
    assert lookup("Heavily Encumbered") is Condition.HEAVILY_ENCUMBERED
    with pytest.raises(ConditionError, match="did you mean"):
        lookup("stuned")


# --- the table --------------------------------------------------------------------------

def test_table_has_a_row_per_condition_and_stage() -> None:
    table = conditions_table()
    assert list(table.columns) == list(CONDITIONS_SCHEMA.columns)
    assert sorted(table.condition) == sorted(ROW_KEYS)
    assert set(specs()) == set(ROW_KEYS)
    for s in specs().values():
        assert s.summary and s.source


def test_spec_requires_a_weakened_stage() -> None:
    assert spec("weakened", 3).d20 == -3
    with pytest.raises(ConditionError):
        spec(Condition.WEAKENED)


def test_inferred_values_are_marked() -> None:
    why = {k: parse_source(s.source)[1] for k, s in specs().items()}
    assert "perseverance_base" in why["ablaze"]
    assert "perseverance_per_sl" in why["injured"]
    assert "supersedes" in why["heavily_encumbered"]
    assert "level 0" in why["bleed"]
    assert why["prone"] is None and why["stunned"] is None


@pytest.mark.skipif(not (SEEDS / TEXT).is_file(), reason="rules texts not checked out")
def test_cited_headings_occur_in_the_text() -> None:
    lines = [ln.strip() for ln in (SEEDS / TEXT).read_text(encoding="utf-8").splitlines()]
    for key, s in specs().items():
        for file, heading in parse_source(s.source)[0]:
            assert file == TEXT
            assert any(ln == heading or (ln.startswith(heading)
                                         and not ln[len(heading)].isalnum())
                       for ln in lines), f"{key}: {heading!r} is not a heading of {TEXT}"


def test_bad_table_row_names_file_row_and_column() -> None:
    from importlib import resources

    from lfgcombat.io import tables
    from lfgcombat.errors import RulesDataError
    lines = (resources.files("lfgcombat.data").joinpath("conditions.csv")
             .read_text(encoding="utf-8").splitlines())
    header = lines[0].split(",")
    row = lines[1].split(",")
    row[header.index("value")] = "lots"
    bad = "\n".join([lines[0], ",".join(row), *lines[2:]]) + "\n"
    with pytest.raises(RulesDataError) as err:
        tables._parse(bad, CONDITIONS_SCHEMA, "data/conditions.csv")
    assert err.value.row == 2 and err.value.column == "value"


# --- one source of truth for the movement and threat flags (issue 10) -------------------

def test_flag_holders_read_the_table_and_follow_implications():
    """"Grappled Condition" / "Pinned": "You cannot move from your hex"; Helpless: "Unable
    to move", and with it what implies Helpless (Asleep, Paralyzed, Unconscious, Dying)."""
    from lfgcombat.rules.conditions.conditions import flag_holders, specs
    immobile = flag_holders("immobile")
    assert {"grappled", "pinned", "helpless", "paralyzed", "unconscious", "asleep",
            "dying"} == immobile
    assert all(specs()[k].immobile for k in ("grappled", "pinned", "helpless"))
    assert {"prone", "grappled", "pinned", "blinded", "helpless"} <= flag_holders(
        "threatens", False)
    assert flag_holders("cannot_5ft_step") == {"broken_leg", "severed_leg", "hindered"}
    with pytest.raises(ConditionError):
        flag_holders("summary")


@pytest.mark.parametrize("condition", ["grappled", "pinned", "paralyzed", "unconscious",
                                       "asleep", "helpless"])
def test_an_immobile_creature_has_move_speed_0_and_says_why(condition):
    """The sheet agrees with the map: a Grappled creature's Move Speed is 0 (it said 30)."""
    from lfgcombat.rules.conditions.conditions import flag_holders
    assert condition in flag_holders("immobile")
    hero = Creature.from_dict({"name": "Hero", "level": 3, "class": "fighter"})
    held = hero.with_condition(condition)
    assert hero.move_speed.value == 30 and held.move_speed.value == 0
    assert held.move_speed.immobile and not held.move_speed.can_five_foot_step
    assert "cannot move" in held.move_speed.explain()
    assert any(word in held.move_speed.explain() for word in (condition, "helpless"))


@pytest.mark.parametrize("text", ["bleed " + "9" * 5000, "stunned for " + "9" * 5000 + " rounds",
                                  {"condition": "bleed", "value": 10**5000}, "x" * 1_000_000,
                                  {"condition": "weakened", "value": 10**5000}])
def test_hostile_condition_text_raises_condition_errors_with_short_messages(text):
    """Issue 11, bad input 5: a 5,000-digit number raised ValueError."""
    with pytest.raises(ConditionError) as err:
        Affliction.parse(text)
    assert len(str(err.value)) < 800


def test_a_table_is_read_by_the_same_functions_complete_or_partial() -> None:
    """"Conditions – Full Details": the lfg table must have a row for every condition; a
    ruleset's own table (issue 10, the condition catalogue) may list fewer, and names are
    found only among its rows."""
    import lfgcombat.rules.conditions.conditions as conditions
    from lfgcombat.errors import RulesDataError

    table = conditions_table()
    few = table[table["condition"].isin(["prone", "bleed", "weakened_1", "weakened_2"])]
    with pytest.raises(RulesDataError, match="no row for ablaze"):
        conditions.build_specs(few)
    rows = conditions.build_specs(few, "test table", complete=False)
    assert sorted(rows) == ["bleed", "prone", "weakened_1", "weakened_2"]
    names = conditions.name_index(rows)
    assert conditions.find_condition("Weakened", names) is Condition.WEAKENED
    with pytest.raises(ConditionError, match="unknown condition 'blind'.*Known conditions: "
                                             "bleed, prone, weakened$"):
        conditions.find_condition("blind", names)
    assert conditions.build_specs(table) == specs()  # the packaged table, read again
    assert Affliction.parse("weakened 2", lookup=lambda n: conditions.find_condition(
        n, names)) == Affliction(Condition.WEAKENED, 2)
    with pytest.raises(ConditionError, match="unknown condition 'stunned'"):
        Affliction.parse("stunned", lookup=lambda n: conditions.find_condition(n, names))
    assert lookup("blind") is Condition.BLINDED  # the lfg table, unchanged


def test_the_map_reads_who_cannot_be_flanked_and_who_grapples_from_the_data():
    """"You cannot be flanked" (Grappled, Pinned) and "Grappling does not cause the cramped
    condition" (000_8d1d7816ee944f3b.txt, "Space in Combat Gameplay") are columns of
    data/conditions.csv, and the map's flags are exactly those columns (issue 10: the map
    reads condition flags from the conditions data only)."""
    from lfgcombat.battlemap.reading import condition_flags
    from lfgcombat.io.tables import load_table
    table = load_table("conditions").set_index("condition")
    assert set(table.index[table["cannot_be_flanked"]]) == {"grappled", "pinned"}
    assert set(table.index[table["in_a_grapple"]]) == {"grappled", "pinned"}
    plain = [k for k in table.index if table.loc[k, "value"] == "none"]
    assert len(plain) > 20
    for key in plain:
        c = Creature.from_dict({"name": "X", "class": "fighter", "level": 1,
                                "conditions": [key]})
        flags = condition_flags(c)
        assert bool(flags.unflankable) == any(table.loc[n, "cannot_be_flanked"]
                                              for n in flags.names if n in table.index), key
        assert bool(flags.grappling) == any(table.loc[n, "in_a_grapple"]
                                            for n in flags.names if n in table.index), key
