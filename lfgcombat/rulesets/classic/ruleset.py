"""The ``classic`` ruleset: 002_2a3a79475ca2a541.txt, built from lfg by overriding policies.

Each policy overrides only the hooks whose rules differ from ``lfg`` and delegates to the
pure rules in :mod:`lfgcombat.rulesets.classic` (one module per heading of the text):

* :class:`ClassicInitiative` - the text has no initiative section; its "Conditions" speak
  of "initiative checks" (Deafened) and of the Flat-footed "character who has not yet acted
  during a combat": a d20 roll once, highest to lowest (inferred: the d20 family's order),
  Top-Down's fixed order with its flat-footed start.
* :class:`ClassicEconomy` - "Character Round:", "Single Actions:": one single action and a
  Move Action split around it; "characters can only attack once per round"
  (:mod:`lfgcombat.rulesets.classic.actions`).
* :class:`ClassicAttacks` - "How to attack another creature", "Criticals and fumbles",
  "Critical Hit", "Fumble", "Concealment" (:mod:`lfgcombat.rulesets.classic.attacks`,
  :mod:`lfgcombat.rulesets.classic.combatant`).
* :class:`ClassicHealth` - "Death", "Nonlethal Damage", "Stabilizing a Disabled Character"
  (:class:`lfgcombat.rulesets.classic.health.ClassicVitals`).
* :class:`~lfgcombat.rulesets.classic.catalogue.ClassicConditions` - "Conditions"
  (``data/classic/conditions.csv``, :mod:`lfgcombat.rulesets.classic.conditions`).

Its creature file keys (``bab``, ``challenge_rating``, classic ``conditions``) are
:mod:`lfgcombat.rulesets.classic.fields`, its saves :mod:`lfgcombat.rulesets.classic.saves`, its
tables
``data/classic/``; importing this module registers all of them with the ruleset
(``lfgcombat/__init__.py`` imports it: :data:`CLASSIC`).

The damage model is lfg's: the classic text names no damage types of its own (its
nonlethal damage is a health rule, :class:`ClassicHealth`).

``Ruleset("classic")`` plays in the :class:`~lfgcombat.engine.Encounter`: each combatant
gets a record (:meth:`ClassicHealth.combatant`: a
:class:`~lfgcombat.rulesets.classic.turn.ClassicFighter`), and the encounter plays it through the
policies' record hooks (:mod:`lfgcombat.engine.ruleset_play`):

* ``start()`` orders by :class:`ClassicInitiative` (the only option, and the default), every
  creature Flat-footed until it acts;
* the start of each turn (:meth:`ClassicEconomy.start_turn`): Bleed, the optional 1 HP a
  round (``Ruleset("classic", hp_loss_per_round=True)``), a disabled hero's DC12 FORT check
  and, once stable, its DC14 CON check to become mobile, Confused's d%; then its round;
* ``attack`` (once a round), ``cast``, ``heroic_action``, ``act(name, "standard_action")``,
  ``act(name, "stabilize", target=...)`` (DC12 Survival) spend the round's single action;
  ``move`` (on the map) and ``move_feet`` (without one) its Move Action, before and after
  it; what the round does not allow is refused citing the rule (:meth:`ClassicEconomy.spend`);
* attacks roll d20 + BAB + STR/DEX against the classic AC with both sides' conditions
  (:meth:`ClassicAttacks.encounter_attack`); a natural 20 rolls the damage twice, a natural 1
  is a logged ``fumble`` with the text's suggestions;
* ``damage`` (``nonlethal=True`` too) and ``heal`` go through :class:`ClassicHealth`;
  ``state(name)`` reports its ``status`` (``conscious``, ``disabled``, ``mobile``,
  ``unconscious``, ``dead``), ``vitals`` (``nonlethal``, ``disabled``, ``unconscious``,
  ``stable``, ``mobile``, ``bleed``, ``negative_levels``) and ``budget`` (the round:
  ``mode``, ``speed_ft``, ``moved_ft``, ``remaining_ft``, ``action``);
* ``add_condition`` / ``remove_condition`` take the classic conditions
  (:meth:`~lfgcombat.rulesets.classic.catalogue.ClassicConditions.add_to`: ``"Shaken"``,
  ``"Bleed 2"``, ``"Energy-Drained 1"``).

lfg's own actions (Big / Little Actions, Reactions, AOO, interrupts, readied actions) are
refused for a classic combatant, naming the classic round's actions.
"""

from __future__ import annotations

import dataclasses
import functools
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar

from lfgcombat.rules.citations import cite
from lfgcombat.creature.keep import kept_on
from lfgcombat.creature.parse import CreatureError
from lfgcombat.creature.sections import Section, register_ruleset_conditions, register_section
from lfgcombat.errors import IllegalActionError, LfgError
from lfgcombat.rulesets.base import RulesetDefinition, RulesetError, register
from lfgcombat.rulesets.event_rules import EventRules
from lfgcombat.rulesets.fields import check_written_for
from lfgcombat.rulesets.initiative import TopDownInitiative
from lfgcombat.rulesets.lfg import LFG_DEFINITION
from lfgcombat.rulesets.policies import (ActionEconomy, AttackResolution, EncounterAttack,
                                         HealthModel, MapStanding)
from lfgcombat.rules.weapons import resolve_weapon

from . import fields as _fields  # noqa: F401 - registers the classic creature keys
from .saves import ClassicSaves
from ._base import TEXT, ClassicError, check_keys, rule
from .actions import RoundBudget, _round_left, round_summary
from .attacks import fumble_suggestions
from .catalogue import CATALOGUE
from .combatant import (ClassicCombatant, creature_attack, creature_attack_odds,
                        incorporeal_immune, weapon_profile)
from .conditions import (combined_effect, entangled_concentration_dc, stop_bleeding,
                         with_implied)
from .health import ClassicVitals
from .heroic import heroic_action, skill_bonus
from .killing import killing_blow_attack
from .reminders import ClassicReminders
from .sheet import sheet_rows
from .turn import ClassicFighter, round_mode

if TYPE_CHECKING:
    from lfgcombat.dice import Roller

    from .combatant import ClassicCreatureOdds

__all__ = ["ClassicInitiative", "ClassicEconomy", "ClassicAttacks", "ClassicHealth",
           "CLASSIC", "CLASSIC_CONDITIONS", "round_summary"]

_CONDITIONS = cite("Conditions", file="002_2a3a79475ca2a541.txt")
_ROUND = cite("Character Round:", file="002_2a3a79475ca2a541.txt")
_FUMBLE = cite("Fumble", file="002_2a3a79475ca2a541.txt")
_HEROIC = cite("Heroic Action", file="002_2a3a79475ca2a541.txt")
_STABILIZING = cite("Stabilizing a Disabled Character", file="002_2a3a79475ca2a541.txt")
_SINGLE = cite("Single Actions:", file="002_2a3a79475ca2a541.txt")
#: An initiative roll and the order it gives: the text has no initiative rule (it names
#: "initiative checks" only in passing, under Deafened), so the citation says so instead of
#: naming a heading about something else (issue 26, item 2).
_INITIATIVE = ("002_2a3a79475ca2a541.txt; inferred: no initiative rule in the text: one "
               "d20 + DEX check, highest to lowest, as in the d20 family")


@dataclass(frozen=True)
class ClassicInitiative(TopDownInitiative):
    """Initiative under ``classic`` (inferred: the text has no initiative section): one
    initiative check, highest to lowest, as Top-Down; a creature that has not acted yet is
    Flat-footed (002_2a3a79475ca2a541.txt, "Conditions", Flat-footed: "A character who has
    not yet acted during a combat is Flat-footed")."""

    rule: ClassVar[str] = _INITIATIVE
    flat_footed_rule: ClassVar[str | None] = _CONDITIONS

    def check_bonus(self, creature: Any, record: Any) -> int | None:
        """The classic initiative check: d20 + DEX modifier (inferred: the text names
        "initiative checks" without a formula; the d20 family's) + its conditions'
        initiative modifier (Deafened: "a -4 penalty on initiative checks")."""
        if record is None:
            return None
        dex = ClassicCombatant.of(creature).abilities["dex"]
        return dex + combined_effect(record.all_conditions).initiative


@dataclass(frozen=True)
class ClassicEconomy(ActionEconomy):
    """The classic round (002_2a3a79475ca2a541.txt, "Character Round:", "Single Actions:",
    "Action definitions"): one single action and a Move Action that can be split around it.
    """

    #: "Single Actions:": attack, cast a spell, Heroic Action, Standard Action, Stabilize.
    single_actions: ClassVar[tuple[str, ...]] = ("attack", "cast_spell", "heroic_action",
                                                 "standard_action", "stabilize")
    rule: ClassVar[str] = _SINGLE
    #: "Single Actions:" lists "Attack (characters can only attack once per round)".
    attack_cost: ClassVar[str] = "the round's single action, once a round"

    def skill_bonus(self, creature: Any, record: "ClassicFighter", skill: str, *,
                    extra: Any = None, ability: str | None = None,
                    off_hand: bool = False) -> Any:
        """``Encounter.skill`` under classic
        (:func:`lfgcombat.rulesets.classic.heroic.skill_bonus`):
        "Skill Checks – Most skill checks are against the standard DC 15": d20 + the
        ability modifier (+ its ``skills:`` entry, its conditions' skill modifier, GM
        modifiers ``extra``) against DC 15.

        Raises:
            ClassicError: ``off_hand=True`` (lfg's rule), a bad ``ability`` or skill.
        """
        if off_hand is not False:
            raise ClassicError("off_hand", "the off-hand skill penalty is lfg's rule "
                               "(000_8d1d7816ee944f3b.txt, \"Handedness & Using Both "
                               "Hands\"); classic has none: leave off_hand out")
        return skill_bonus(creature, skill, ability=ability,
                           conditions=record.skill_check_modifier, extra=extra)
    #: No Attack of Opportunity: moving provokes nothing (inferred: the classic sheet is
    #: silent - it has no Attack of Opportunity or Reaction, and "characters can only
    #: attack once per round", "Single Actions:"; "threatening" appears only in
    #: "Flanked"). A named AOO taker of a classic move is refused.
    aoo_on_move: ClassVar[bool] = False

    def attacks_per_turn(self, level: int, big_actions: int = 2) -> int:
        """"Attack (characters can only attack once per round)": 1 whatever the level (0
        with no action left)."""
        return 1 if big_actions > 0 else 0

    def round_budget(self, speed_ft: int, mode: str = "normal") -> "RoundBudget":
        """A fresh round: ``speed_ft`` of movement and one single action
        (:class:`~lfgcombat.rulesets.classic.actions.RoundBudget`); ``mode`` ``"limited"`` for a
        mobile disabled hero, ``"none"`` for no move and no action.

        Raises:
            ClassicError: ``speed_ft`` is not a whole number >= 0, or ``mode`` unknown.
        """
        if mode == "limited":
            return RoundBudget.limited(speed_ft)
        return RoundBudget(speed_ft, mode=mode)

    # -- the encounter's record hooks (a ClassicFighter: lfgcombat.rulesets.classic.turn) --
    def start_turn(self, record: "ClassicFighter", roller: "Roller", *,
                   was_attacked: bool = False) -> tuple["ClassicFighter", tuple[str, ...]]:
        """:meth:`ClassicFighter.start_turn
        <lfgcombat.rulesets.classic.turn.ClassicFighter.start_turn>`:
        Bleed, the optional HP loss, the disabled hero's FORT or CON check, Confused's d%,
        then the round's :class:`~lfgcombat.rulesets.classic.actions.RoundBudget` (its kind is
        logged with the budget, not among the events)."""
        after, events = record.start_turn(roller, was_attacked=was_attacked)
        return after, tuple(e for e in events if not e.startswith("round: "))

    def spend(self, record: "ClassicFighter", action: str) -> "ClassicFighter":
        """The round's single action (``attack``, ``cast_spell``, ``heroic_action``,
        ``standard_action``, ``stabilize``): refused when spent ("characters can only
        attack once per round"), in a round with none, or not a limited one."""
        return record.act(action)

    def move(self, record: "ClassicFighter", feet: int) -> "ClassicFighter":
        """Feet of the Move Action, before or after the single action."""
        return record.move(feet)

    def end_turn(self, record: "ClassicFighter") -> "ClassicFighter":
        """The round's budget goes."""
        return record.end_turn()

    def budget(self, record: "ClassicFighter") -> "RoundBudget | None":
        """The record's :class:`~lfgcombat.rulesets.classic.actions.RoundBudget` (``None`` outside
        its turn): ``mode``, ``speed_ft``, ``moved_ft``, ``action``, ``remaining_ft``."""
        return record.budget

    def actions_left(self, record: "ClassicFighter", upcoming: bool) -> dict[str, Any]:
        """The round as :class:`~lfgcombat.engine.state.ActionsLeft` counts it: ``big``
        is the single action (1 or 0), ``attacks`` and ``spells`` 1 while the single
        action may still be one, no Little, Swift, Free Actions or Reactions (the text has
        none); the notes give the Move Action's feet and the round's kind. A creature whose
        turn is still to come shows a full round of its speed (its start-of-turn checks
        may still change it). Without a round under way the words are the text's
        ("Character Round:"): a creature whose round is done this round "waits for the next
        round"; a dead one has no round."""
        key = "_actions_left_upcoming" if upcoming else "_actions_left"
        kept = record.__dict__.get(key)  # the record is a value: counted once
        if kept is None:
            kept = record.__dict__[key] = self._actions_left(record, upcoming)
        return dict(kept)

    def _actions_left(self, record: "ClassicFighter", upcoming: bool) -> dict[str, Any]:
        """:meth:`actions_left`, counted from what it reads of the record (its budget, speed
        and death): the same round counts the same (issue 24, "Fast")."""
        return _round_left(record.budget, upcoming, record.dead, record.speed_ft)

    def cast(self, record: "ClassicFighter", roller: "Roller", creature: Any,
             spell_level: int) -> tuple[str, tuple[str, ...]]:
        """The caster's conditions at the casting ("Conditions"): Entangled - "must make a
        Concentration check (DC 15 + the spell's level) or lose the spell" (d20 + CON
        modifier, inferred: the d20 family's Concentration); Deafened - "a 20% chance of
        spell failure" (d%, 1-20 fails). Other conditions that forbid casting already
        refuse the round's action.

        Raises:
            ClassicError: ``spell_level`` is not 0 to 9.
        """
        dc = entangled_concentration_dc(spell_level)
        names = record.all_conditions
        notes: list[str] = []
        if "Entangled" in names:
            roll = roller.roll(f"1d20{record.con_mod:+d}", label=f"Concentration DC {dc}")
            notes.append(f"Entangled: Concentration {roll.total} vs DC {dc}")
            if roll.total < dc:
                return "lost", tuple(notes) + ("the spell is lost",)
        failure = combined_effect(names).spell_failure
        if failure:
            roll = roller.roll("1d100", label=f"{failure}% spell failure")
            notes.append(f"{failure}% spell failure: d% {roll.total}")
            if roll.total <= failure:
                return "lost", tuple(notes) + ("the spell fails",)
        return "cast", tuple(notes)

    def stand_up(self, record: "ClassicFighter") -> "ClassicFighter":
        """"Standing up from being Prone is a standard movement action" (Prone): the
        round's Move Action, all of it (inferred: it needs the Move Action unspent and
        leaves no movement); the single action stays.

        Raises:
            IllegalActionError: not Prone, or the Move Action already used.
        """
        if "Prone" not in record.conditions:
            raise IllegalActionError(f"{record.name} is not Prone", _CONDITIONS)
        b = record.budget
        if b is None or b.moved_ft or b.move_limit_ft == 0 or b.remaining_ft == 0:
            raise IllegalActionError("standing up is \"a standard movement action\": it needs "
                                     "the round's Move Action, unspent", _CONDITIONS)
        moved = record.move(b.remaining_ft)
        return dataclasses.replace(moved, conditions=moved.conditions - {"Prone"})

    def heroic(self, roller: "Roller", creature: Any, ability: str, gm_mod: int, *,
               environment: bool = False) -> dict[str, Any]:
        """A Heroic Action (:func:`lfgcombat.rulesets.classic.heroic.heroic_action`): the
        creature's ability modifier against the GM's ``gm_mod`` (+2 against the
        environment); the GM wins ties (inferred); ``fumble``: the player's natural 1 ("A
        roll of a natural 1 during any attack or action causes the character to fumble").

        Raises:
            ClassicError: an unknown ability or a bad modifier; nothing is rolled then.
        """
        mods = ClassicCombatant.of(creature).abilities
        if ability not in mods:
            raise ClassicError("ability", f"{ability!r:.20} is not an ability; one of "
                               f"{', '.join(mods)}")
        r = heroic_action(roller, mods[ability], gm_mod, environment=environment)
        return {"ability": ability, "player": r.player.total, "gm": r.gm.total,
                "gm_mod": gm_mod, "environment": environment, "winner": r.winner,
                "fumble": r.fumble, "rule": _HEROIC}


@functools.lru_cache(maxsize=1)
def _fumble_lines() -> tuple[str, ...]:
    """The lines of ``data/classic/fumbles.csv`` (the table read once: issue 24, "Fast")."""
    return tuple(f"{r.situation}: {r.suggestion}" for r in fumble_suggestions().itertuples())


def _written_for(name: str, *creatures: Any) -> None:
    """Refuse a creature whose ``ruleset`` key leaves ``name`` out (the field named); a
    creature found written for it is kept so (a frozen value: issue 24, "Fast")."""
    for creature in creatures:
        kept_on(creature, ("sheet", "written for", name),
                functools.partial(_checked, creature, name))


def _checked(creature: Any, name: str) -> bool:
    """``True`` once ``creature`` is found written for ``name`` (refused otherwise)."""
    check_written_for(creature, name)
    return True


def _check_reach(attacker: Any, weapon: Any, distance: int, ranged: bool | None,
                 limited: bool, rule: str | None = None, target: Any = None) -> None:
    """Refuse a melee attack beyond the weapon's reach (the weapon's own, else the
    creature's natural reach: inferred, the text gives no reach rule) and a mobile disabled
    hero's attack on a creature that is not adjacent ("attack an adjacent creature").
    ``rule``: the attack rule the refusal cites (default classic's, "How to attack another
    creature"; the wounds attack gives its own).

    Raises:
        IllegalActionError: too far; nothing is rolled.
    """
    w = resolve_weapon(attacker, weapon)
    who = getattr(target, "name", None) or "the target"  # named: "Orc 2 is 10 ft away"
    at_range = ("projectile" in w.uses) if ranged is None else bool(ranged)
    if at_range:
        return
    reach = int(w.reach_ft) if w.reach_ft is not None else int(attacker.reach)
    if distance > max(reach, 5):
        raise IllegalActionError(f"{w.name} reaches {max(reach, 5)} ft; {who} is "
                                 f"{distance} ft away (inferred: a melee attack needs the "
                                 "target within reach)",
                                 rule or cite("How to attack another creature",
                                              file="002_2a3a79475ca2a541.txt"))
    if limited and distance > 5:
        raise IllegalActionError("a mobile disabled hero attacks only an adjacent creature "
                                 f"({who} is {distance} ft away)", _STABILIZING)


def _immune(attacker: Any, weapon: Any, situation: dict[str, Any], attacker_record: Any,
            target_record: Any) -> bool:
    """The target is Incorporeal and the weapon cannot harm it
    (:func:`lfgcombat.rulesets.classic.combatant.incorporeal_immune`)."""
    return incorporeal_immune(
        (*attacker_record.all_conditions, *situation.get("attacker_conditions", ())),
        (*target_record.all_conditions, *situation.get("target_conditions", ())),
        weapon_profile(attacker, weapon, situation.get("ranged")))


def _damage_type(creature: Any, weapon: Any) -> str | None:
    """The weapon's first damage type (``slashing``...), or ``None`` when it has none:
    read once a sheet and weapon (kept on the sheet under ``"sheet"``, handed on past a
    change of its HP alone, where it can keep readings; issue 24, "Fast": every attack
    resolved the weapon again)."""
    return kept_on(creature, ("sheet", "classic damage type", weapon),
                   lambda: (_damage_type_now(creature, weapon),))[0]


def _damage_type_now(creature: Any, weapon: Any) -> str | None:
    """:func:`_damage_type`, read now from the resolved weapon."""
    types = resolve_weapon(creature, weapon).spec.types
    return types[0].value if types else None


#: The situation keys of a classic attack in the encounter (:meth:`ClassicAttacks.
#: encounter_attack`).
_ENCOUNTER_KEYS = ("concealment", "miss_chance", "expanded_critical", "ranged",
                   "attacker_conditions", "target_conditions", "distance_ft", "killing_blow")


def _no_killer_criticals(name: str) -> RulesetError:
    return RulesetError(f"killer_criticals is an optional rule of 000_8d1d7816ee944f3b.txt "
                        f"(lfg); the {name} ruleset has no such rule: leave it off")


@dataclass(frozen=True)
class ClassicAttacks(AttackResolution):
    """Attacks under ``classic`` (002_2a3a79475ca2a541.txt, "How to attack another
    creature", "Criticals and fumbles"): d20 + BAB + STR/DEX >= AC; a natural 20 always a
    critical (damage rolled twice with all bonuses), a natural 1 a fumble."""

    critical_choices: ClassVar[tuple[str, ...]] = ()
    #: The situation keys :meth:`attack_odds` and :meth:`attack` take (those of
    #: :func:`lfgcombat.rulesets.classic.combatant.creature_attack_odds`); any other is refused
    #: with a "did you mean" before anything is computed or rolled.
    situation_keys: ClassVar[tuple[str, ...]] = (
        "bab", "ranged", "concealment", "miss_chance", "expanded_critical", "limited",
        "attacker_conditions", "target_conditions", "negative_levels")

    def missing_fields(self, creature: Any) -> dict[str, str]:
        """``bab`` when the creature has none: "D20 + BAB (Base Attack Bonus) + Ability
        Modifier" (002_2a3a79475ca2a541.txt, "How to attack another creature")."""
        if getattr(creature, "bab", None) is None:
            return {"bab": "the Base Attack Bonus every classic attack roll adds"}
        return {}

    def killer_critical_minimum(self, multiplier: int, max_hp: int) -> int:
        """Refused: Killer Criticals are lfg's optional rule.

        Raises:
            RulesetError: always.
        """
        raise _no_killer_criticals("classic")


    def attack_odds(self, attacker: Any, target: Any, weapon: Any, *, exact: bool = True,
                    **situation: Any) -> "ClassicCreatureOdds":
        """The exact odds (Fractions: ``exact`` is accepted for the lfg signature) of a
        creature's attack (:func:`lfgcombat.rulesets.classic.combatant.creature_attack_odds`).

        Raises:
            ClassicError: naming a missing or bad field (``bab``...).
        """
        check_keys("situation", situation, self.situation_keys, "a classic attack's odds "
                   "(002_2a3a79475ca2a541.txt, \"How to attack another creature\")")
        _written_for("classic", attacker, target)
        return creature_attack_odds(attacker, target, weapon, **situation)

    def attack(self, roller: "Roller", attacker: Any, target: Any, weapon: Any,
               **situation: Any) -> Any:
        """Roll a creature's attack (:func:`lfgcombat.rulesets.classic.combatant.creature_attack`).

        Raises:
            ClassicError: naming a missing or bad field; nothing is rolled then.
        """
        check_keys("situation", situation, self.situation_keys, "a classic attack "
                   "(002_2a3a79475ca2a541.txt, \"How to attack another creature\")")
        _written_for("classic", attacker, target)
        return creature_attack(roller, attacker, target, weapon, **situation)

    fumble_rule: ClassVar[str] = _FUMBLE

    @property
    def fumble_suggestions(self) -> tuple[str, ...]:
        """The text's suggestions, ``situation: suggestion`` (``data/classic/fumbles.csv``,
        read once)."""
        return _fumble_lines()

    def encounter_attack_odds(self, attacker: Any, target: Any, weapon: Any, *,
                              attacker_record: "ClassicFighter",
                              target_record: "ClassicFighter", **situation: Any
                              ) -> "ClassicCreatureOdds":
        """The exact odds of :meth:`encounter_attack` with the same arguments, no roller
        (002_2a3a79475ca2a541.txt, "How to attack another creature"): the same reach,
        conditions of both records, negative levels and limited attack, so its ``ac`` is
        the AC the roll is against.

        Raises:
            ClassicError: as :meth:`encounter_attack`, and for ``killing_blow``
                ("Conditions", "Helpless": it "automatically hits and scores a critical
                hit"; no odds to give).
        """
        check_keys("situation", situation, _ENCOUNTER_KEYS, "a classic attack "
                   "(002_2a3a79475ca2a541.txt, \"How to attack another creature\")")
        situation = dict(situation)
        distance = situation.pop("distance_ft", None)
        budget = attacker_record.budget
        limited = budget is not None and budget.mode == "limited"
        if distance is not None:
            _check_reach(attacker, weapon, int(distance), situation.get("ranged"), limited,
                         target=target)
        if situation.pop("killing_blow", False):
            raise ClassicError("killing_blow", "a killing blow \"automatically hits and "
                               "scores a critical hit\" (002_2a3a79475ca2a541.txt, "
                               "\"Conditions\", Helpless): no odds to give; leave it out "
                               "to see the attack's odds")
        _written_for("classic", attacker, target)
        return creature_attack_odds(
            attacker, target, weapon, limited=limited,
            negative_levels=attacker_record.negative_levels,
            **{**situation, "attacker_conditions": (
                *attacker_record.all_conditions, *situation.get("attacker_conditions", ())),
               "target_conditions": (*target_record.all_conditions,
                                     *situation.get("target_conditions", ()))})

    def encounter_attack(self, roller: "Roller", attacker: Any, target: Any, weapon: Any, *,
                         attacker_record: "ClassicFighter", target_record: "ClassicFighter",
                         **situation: Any) -> "EncounterAttack":
        """One attack in the encounter
        (:func:`lfgcombat.rulesets.classic.combatant.creature_attack`):
        both records' conditions (the attacker's and the target's, those their hit points
        give included), the attacker's negative levels, and a mobile disabled hero's
        limited attack ("attack an adjacent creature at - 5 to hit and damage").

        Args:
            situation: ``concealment`` (``"partial"``: -2, ``"full"``: -5),
                ``miss_chance``, ``expanded_critical`` (the Expanded Critical Talent),
                ``ranged``, ``attacker_conditions`` / ``target_conditions`` (more classic
                conditions for this attack), ``killing_blow=True`` (on a Helpless foe:
                :func:`lfgcombat.rulesets.classic.killing.killing_blow_attack`).

        Raises:
            ClassicError: a missing field (``bab``), an unknown situation key or a bad
                value; nothing is rolled then.
        """
        check_keys("situation", situation, _ENCOUNTER_KEYS, "a classic attack "
                   "(002_2a3a79475ca2a541.txt, \"How to attack another creature\")")
        situation = dict(situation)
        distance = situation.pop("distance_ft", None)
        budget = attacker_record.budget
        if distance is not None:
            _check_reach(attacker, weapon, int(distance), situation.get("ranged"),
                         budget is not None and budget.mode == "limited", target=target)
        if situation.pop("killing_blow", False):
            return killing_blow_attack(roller, attacker, target, weapon, attacker_record,
                                       target_record, distance, _damage_type(attacker, weapon))
        a = self.attack(roller, attacker, target, weapon,
                        limited=budget is not None and budget.mode == "limited",
                        negative_levels=attacker_record.negative_levels,
                        **{**situation, "attacker_conditions": (
                            *attacker_record.all_conditions,
                            *situation.get("attacker_conditions", ())),
                           "target_conditions": (*target_record.all_conditions,
                                                 *situation.get("target_conditions", ()))})
        outcome = ("fumble" if a.fumble else "critical" if a.critical else
                   "hit" if a.hit else "miss")
        bonus = a.roll.total - (a.roll.natural or 0)
        text = (f"d20 {a.roll.natural} {bonus:+d} = {a.roll.total} vs AC {a.ac}: {outcome}"
                + (f", {a.damage} damage" + (" (rolled twice)" if a.critical else "")
                   if a.hit else ""))
        if a.hit and _immune(attacker, weapon, situation, attacker_record, target_record):
            text += " (Incorporeal: immune to a nonmagical weapon)"
        tips = self.fumble_suggestions if a.fumble else ()
        return EncounterAttack(outcome, a.hit, a.critical, a.fumble, a.damage,
                               _damage_type(attacker, weapon), a.ac, bonus, text, a, tips)


@dataclass(frozen=True)
class ClassicHealth(HealthModel):
    """Hit points under ``classic`` (002_2a3a79475ca2a541.txt, "Death", "Nonlethal Damage",
    "Stabilizing a Disabled Character"): disabled at 0 or below, dead at -10, nonlethal
    damage beside the HP, DC12 FORT to stabilize, DC14 CON to become mobile."""

    def vitals(self, creature: Any) -> "ClassicVitals":  # type: ignore[override]
        """The creature's :class:`~lfgcombat.rulesets.classic.health.ClassicVitals`: ``hp``,
        ``nonlethal``, ``disabled``, ``unconscious``, ``stable``, ``mobile``, ``dead``."""
        check_written_for(creature, "classic")
        return ClassicCombatant.of(creature).vitals()

    #: The optional rule this health model has ("Optional: If a character goes below 0
    #: HP, they lose 1 HP per round until they stabilize"): ``Ruleset("classic",
    #: hp_loss_per_round=True)``.
    switches: ClassVar[tuple[str, ...]] = ("hp_loss_per_round",)
    rule: ClassVar[str] = _STABILIZING
    #: What a refusal to act for (or on) a dead combatant cites ("Death": "When your
    #: character's current hit points drop to -10 or lower, they're dead").
    death_rule: ClassVar[str] = cite("Death", file="002_2a3a79475ca2a541.txt")
    dropped_words: ClassVar[str] = (
        "Under classic, dropped means at 0 HP or below when the fight ended (Disabled), a "
        "hero that became mobile again included; the tactics attack a mobile hero and let "
        "it fight on with its one limited action (002_2a3a79475ca2a541.txt, \"Stabilizing "
        "a Disabled Character\")")

    def take_out(self, creature: Any) -> int:
        """Its hit points: "When a hero drops to or below 0, they become disabled"
        (002_2a3a79475ca2a541.txt, "Stabilizing a Disabled Character")."""
        return max(0, int(creature.hp))

    def combatant(self, creature: Any, ruleset: Any) -> "ClassicFighter":
        """The encounter's record of ``creature``: a
        :class:`~lfgcombat.rulesets.classic.turn.ClassicFighter` (its :class:`ClassicVitals`, speed,
        CON and FORT modifiers, Hit Dice, conditions, Bleed, negative levels, round
        budget), the optional 1 HP a round on with the ruleset's ``hp_loss_per_round``.

        Raises:
            RulesetFieldError: a creature not written for classic.
        """
        check_written_for(creature, "classic")
        fighter = ClassicFighter.of(creature)
        if getattr(ruleset, "hp_loss_per_round", False):
            fighter = dataclasses.replace(fighter, vitals=dataclasses.replace(
                fighter.vitals, hp_loss_switch=True))
        return fighter

    def take_damage(self, record: "ClassicFighter", amount: int, *, nonlethal: bool = False
                    ) -> tuple["ClassicFighter", tuple[str, ...]]:
        """Lethal or nonlethal damage (:meth:`ClassicFighter.damage
        <lfgcombat.rulesets.classic.turn.ClassicFighter.damage>`): disabled at 0 or below,
        unconscious from -1 or when nonlethal damage exceeds the HP, dead at -10."""
        after = record.damage(amount, nonlethal=nonlethal)
        return after, after.vitals.events

    def heal(self, record: "ClassicFighter", amount: int
             ) -> tuple["ClassicFighter", tuple[str, ...]]:
        """Healing (and as much nonlethal damage); it stops a Bleed; the dead are refused
        ("They cannot be healed")."""
        after = record.heal(amount)
        return after, after.vitals.events

    #: The encounter passes the healer's record to :meth:`stabilize` (``healer_record=``).
    stabilize_takes_healer_record: ClassVar[bool] = True

    def stabilize(self, record: "ClassicFighter", roller: "Roller", healer: Any,
                  healer_record: "ClassicFighter | None" = None
                  ) -> tuple["ClassicFighter", tuple[str, ...]]:
        """The Stabilize action ("A standard action to stabilize a disabled character on a
        DC12 Survival check"): the healer's Survival modifier is its WIS modifier plus its
        ``survival`` skill, if its sheet lists one (inferred: the text has no skill list;
        WIS is Survival's ability in the d20 family), plus what the conditions of its
        record (``healer_record``, the encounter's) do to skill checks ("Conditions":
        Shaken, Sickened, Frightened "-2 penalty on [...] skill checks", Energy-Drained -1 a
        negative level). On a creature that bleeds and is not a disabled hero still to
        stabilize, the same action is the Bleed's "DC 10 Survival check" that stops it
        (inferred: the text names the check, not the action).

        Raises:
            IllegalActionError: neither disabled and unstable nor bleeding; nothing rolled.
        """
        c = ClassicCombatant.of(healer)
        skills = getattr(healer, "skills", {}) or {}
        mod = c.abilities["wis"] + int(skills.get("survival", 0))
        if healer_record is not None:
            mod += healer_record.skill_check_modifier
        if record.bleed and not (record.vitals.disabled and not record.vitals.stable):
            stopped, check = stop_bleeding(roller, mod)
            after = dataclasses.replace(record, bleed=0) if stopped else record
            return after, (f"Survival {check.total} vs DC 10: Bleed "
                           + ("stopped" if stopped else "goes on"),)
        v, roll = record.vitals.stabilized_by(roller, mod)
        after = dataclasses.replace(record, vitals=v)
        word = "stabilized" if v.stable else "not stabilized"
        return after, (f"Survival {roll.total} vs DC 12: {word}",)

    def report(self, record: "ClassicFighter") -> dict[str, Any]:
        """``hp``, ``max_hp``, ``status`` (``dead``, ``unconscious``, ``mobile`` - disabled
        with its limited round -, ``disabled`` or ``conscious``), ``dead``, ``conditions``
        (those its hit points give too) and ``vitals``: ``nonlethal``, ``disabled``,
        ``unconscious``, ``stable``, ``mobile``, ``bleed``, ``negative_levels``."""
        kept = self._kept_report(record)
        return {**kept, "conditions": list(kept["conditions"]),
                "vitals": dict(kept["vitals"])}  # the caller's own lists

    def read_report(self, record: "ClassicFighter") -> dict[str, Any]:
        """:meth:`report` as kept on the record, for reading only (never changed nor
        handed out: :class:`~lfgcombat.rulesets.HealthModel`'s optional member)."""
        return self._kept_report(record)

    def _kept_report(self, record: "ClassicFighter") -> dict[str, Any]:
        """:meth:`report` as kept on the record (a value: read once), for reading only."""
        kept: dict[str, Any] | None = record.__dict__.get("_report")
        if kept is None:
            kept = record.__dict__["_report"] = self._report(record)
        return kept

    def _report(self, record: "ClassicFighter") -> dict[str, Any]:
        """:meth:`report`, read now."""
        v = record.vitals
        return {"hp": v.current, "max_hp": v.max_hp, "status": _status(record),
                "dead": record.dead,
                "conditions": list(record.all_conditions),
                "vitals": {"nonlethal": v.nonlethal, "disabled": v.disabled,
                           "unconscious": v.unconscious, "stable": v.stable,
                           "mobile": v.mobile, "bleed": record.bleed,
                           "negative_levels": record.negative_levels}}


    def map_standing(self, record: "ClassicFighter") -> MapStanding:
        """What a classic combatant is on the battle map, by its hit points and its round
        (002_2a3a79475ca2a541.txt, "Stabilizing a Disabled Character", "Conditions"). The
        classic round has no Attack of Opportunity, so what it threatens counts for
        Flanked ("two enemies on opposite sides threatening them") and the map's picture:

        * dead ("Death"): dead;
        * Helpless (Unconscious, "Knocked out and helpless" at -1 to -9 or from nonlethal
          damage; Paralyzed; Helpless given): helpless, it threatens nothing and stays put;
        * disabled and not mobile ("If a hero is disabled they can not move, attack,
          communicate, or cast spells"): it stays in its hex and threatens nothing
          (inferred: it threatens where it could attack), and is not Helpless (inferred:
          the text lists Disabled apart from Helpless, whose list names the unconscious,
          not the disabled), so a foe cannot pass through its hex;
        * mobile ("one limited action per round, such as move at 1/2 speed [...] or attack
          an adjacent creature at - 5"): it threatens the adjacent hexes only (reach 5 ft,
          inferred from "adjacent"); its half speed is the Move Action's limit;
        * a round with no single action or no attack (Stunned, Cower: "no actions";
          Nauseated, Dazed: the Move Action only): it threatens nothing (inferred, as
          disabled); with no Move Action either, it stays put.
        """
        kept = record.__dict__.get("_map_standing")  # the record is a value: read once
        if kept is None:
            kept = record.__dict__["_map_standing"] = self._map_standing(record)
        return kept

    def _map_standing(self, record: "ClassicFighter") -> MapStanding:
        """:meth:`map_standing`, read now."""
        status = _status(record)  # (its vitals alone: no whole report for a view)
        why = f"{status} ({_STABILIZING})"
        if record.dead:
            return MapStanding(threatens=False, moves=False, helpless=True, dead=True,
                               why=f"dead ({rule('Death')})", lying=True)
        names = set(with_implied(record.all_conditions))  # Paralyzed "is helpless" too
        if "Helpless" in names:
            down = bool({"Unconscious", "Paralyzed"} & names)
            return MapStanding(threatens=False, moves=False, helpless=True,
                               why=f"{status}, Helpless ({_CONDITIONS})", lying=down)
        mode = round_mode(record.vitals, record.conditions)
        if mode == "limited":
            return MapStanding(reach_ft=5, why=why)
        return MapStanding(threatens=mode == "normal", moves=mode != "none", why=why)


def _status(record: "ClassicFighter") -> str:
    """:meth:`ClassicHealth.report`'s ``status``: ``dead``, ``unconscious``, ``mobile``
    (disabled with its limited round), ``disabled`` or ``conscious``
    (002_2a3a79475ca2a541.txt, "Stabilizing a Disabled Character", "Death"), read from
    the record's vitals."""
    v = record.vitals
    return ("dead" if record.dead else "unconscious" if v.unconscious else
            "mobile" if v.limited else "disabled" if v.disabled else "conscious")


def _parse_classic_conditions(raw: Any) -> tuple[str, ...]:
    """A classic creature file's ``conditions``: classic names as written (any case; ``Bleed
    2``, ``Energy-Drained 1`` with their amounts), kept in the list's spelling."""
    if isinstance(raw, (str, bytes)) or not isinstance(raw, (list, tuple)):
        raise CreatureError([("conditions", "expected a list of classic conditions such as "
                              "[Shaken, Bleed 2]")])
    out: list[str] = []
    probe = ClassicFighter("probe", ClassicVitals(1))
    for i, text in enumerate(raw):
        if not isinstance(text, str) or len(text) > 60:
            raise CreatureError([(f"conditions[{i}]", "a classic condition's name, e.g. "
                                  "Shaken or Bleed 2")])
        try:
            probe.given([text])
            cond, amount = CATALOGUE.read(text)
        except LfgError as exc:
            raise CreatureError([(f"conditions[{i}]", str(exc)[:500])]) from None
        out.append(cond if amount is None else f"{cond} {amount}")
    return tuple(out)


#: A creature file written for classic alone takes classic conditions (002_2a3a79475ca2a541
#: .txt, "Conditions"): ``conditions: [Shaken]`` is kept here and written back as
#: ``conditions``; the classic record starts with them (``ClassicFighter.of``).
CLASSIC_CONDITIONS: Section[tuple[str, ...]] = register_section(Section(
    "classic_conditions", _parse_classic_conditions, default=(), show=", ".join,
    label="Conditions (classic)", rule=rule("Conditions")))
register_ruleset_conditions("classic", "classic_conditions")


#: What classic's log lines cite (issue 26, item 2): its own headings - an attack "How to
#: attack another creature", a natural 20 "Critical Hit"; damage and health by what happened
#: (the text has no heading of hit points of its own: a hit that leaves its target above 0
#: HP plays "How to attack another creature"; disabled, stabilized, mobile or healed
#: "Stabilizing a Disabled Character"; dead "Death"; nonlethal "Nonlethal Damage"; bleeding,
#: unconscious, Confused or fleeing "Conditions"; still at 0 HP or less "Stabilizing a
#: Disabled Character" and "Death"); a Heroic Action, skill, stabilize, mobile or Confused
#: roll its own; a spell "Spell"; a single action or move "Single Actions:"; a condition,
#: effect or the map's flanking "Conditions"; a turn or round "Character Round:"; the death
#: line says "-10 or lower" ("Death").
EVENT_RULES = EventRules(
    attack=rule("How to attack another creature"),
    damage=rule("How to attack another creature"),
    rolls=(("critical", rule("Critical Hit")), ("heroic", rule("Heroic Action")),
           ("skill check", rule("Skill Checks")), ("confused", rule("Conditions")),
           ("mobile", _STABILIZING), ("stabiliz", _STABILIZING), ("fort", _STABILIZING),
           ("damage", rule("How to attack another creature")),
           (" attacks ", rule("How to attack another creature"))),
    lines=(("spell", rule("Spell")), ("single_action", _SINGLE), ("spend", _SINGLE),
           ("turn_start", _ROUND), ("turn_end", _ROUND),
           ("health", rule("How to attack another creature")),
           *((k, rule("Conditions")) for k in ("condition", "effect_start", "effect_end",
                                                "flanking")),
           ("moved", _SINGLE), ("round_start", _ROUND), ("round_end", _ROUND)),
    states=(("dead", rule("Death")), ("nonlethal", rule("Nonlethal Damage")),
            *((w, _STABILIZING) for w in ("disabled", "stabiliz", "mobile", "healed")),
            *((w, rule("Conditions")) for w in ("unconscious", "bleeds", "Confused",
                                                "flee"))),
    down=rule("Stabilizing a Disabled Character", "Death"),
    status=(("dead", "{who} is dead (HP {hp}: -10 or lower)"),))

#: The ``classic`` ruleset, registered (name, text, aliases) when this module is imported;
#: ``lfgcombat/__init__.py`` imports it with the other built-in rulesets.
CLASSIC: RulesetDefinition = register(dataclasses.replace(
    LFG_DEFINITION, name="classic", text=TEXT, aliases=("002",),
    initiative=MappingProxyType({"top_down": ClassicInitiative}),
    default_initiative="top_down", economy=ClassicEconomy(), attacks=ClassicAttacks(),
    health=ClassicHealth(), conditions=CATALOGUE, implemented=True,
    sheet_rows=sheet_rows, reminders=ClassicReminders(), saves=ClassicSaves(),
    lfg_switches=(), fast_kernel="lfgcombat.prep.fast_classic", event_rules=EVENT_RULES))
