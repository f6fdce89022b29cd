"""The ``wounds`` ruleset: 003_de0e94afd49609a7.txt, built from lfg by overriding policies.

Each policy overrides only the hooks whose rules differ from ``lfg`` and delegates to the
pure rules in :mod:`lfgcombat.rulesets.wounds`:

* :class:`WoundsEconomy` - "Attacking an enemy usually involves spending your Half Action",
  "Total Defense is an action you can take in combat", "As mentioned in the previous Tip"
  (moving through a threatened area provokes; AOO per round): a turn of Half Actions (two,
  inferred), each one attack (:mod:`lfgcombat.rulesets.wounds.defense`,
  :mod:`lfgcombat.rulesets.wounds.aoo`).
* :class:`WoundsAttacks` - "Combat Statistics" and its critical rules ("x3 Multiplier",
  "x4 Multiplier", the Instant Kill), with the critical choice ``multiply`` / ``wounds``
  (:mod:`lfgcombat.rulesets.wounds.attacks`, :mod:`lfgcombat.rulesets.wounds.combatant`).
* :class:`WoundsHealth` - "When a character is subject to a damage-dealing effect" (Hit
  Points, then Wounds), "Barrier represents", "Shell operates similarly"
  (:class:`lfgcombat.rulesets.wounds.health.WoundsVitals`).
* :class:`WoundsDamage` - "Most damage falls into one of two broad damage types" and the
  riders "Acid", "Electricity", "Fire", "Cold", "Sonic", "Holy", "Primal", "Unholy"
  (:mod:`lfgcombat.rulesets.wounds.damage`).

Initiative: the wounds text has no initiative section, but its "Electricity" rider gives
"-1 on initiative for one round per 5 points of damage taken", a penalty that "refreshes
and is cumulative": a penalty lasting rounds only matters when initiative is rolled again
every round, so the ruleset's default initiative is lfg's ``round_by_round`` ("Alternative
Initiative Option #1", :data:`DEFAULT_INITIATIVE`; inferred, shown in notebook 31):
``Ruleset("wounds")`` and ``Encounter(..., ruleset="wounds")`` play it unless told
otherwise; the other lfg options stay available. Each option rolls lfg's check plus
Electricity's running penalty (:func:`wounds_check_bonus`). The condition catalogue is
lfg's: the text has no condition list of its own (it names Hindered, Immobilized and Dead,
which are lfg conditions) - inferred.

A creature's wounds gear: its parrying shield is the ``shield`` key
(:mod:`lfgcombat.rulesets.wounds.gear`); a weapon's energy dice are its entries' ``extra`` (acid,
cold, electricity, fire) and ``energy`` (any rider type) keys
(:mod:`lfgcombat.rulesets.wounds.riders`).

The Encounter plays it (``Encounter(..., ruleset="wounds")``) through the record hooks
(:mod:`lfgcombat.engine.ruleset_play`): each combatant's record is a
:class:`~lfgcombat.rulesets.wounds.turn.WoundsFighter` (:meth:`WoundsHealth.combatant`), its turn
two
Half Actions (``attack``, ``move``, ``act(name, "total_defense")``), its attacks
:func:`lfgcombat.rulesets.wounds.play.encounter_attack` (Defense, the critical choice, Instant Kill,
the target's parry, riders, Hit Points then Wounds). A map move provokes an AOO from each foe
threatening a hex it leaves (:attr:`WoundsEconomy.aoo_on_move`,
:mod:`lfgcombat.engine.ruleset_moves`): offered by itself, taken as ``move(..., aoo=)``
says, counted 1 + DEX modifier (minimum 0) + Combat Reflexes a round, none in Total Defense;
any other AOO is the GM's ``attack(..., aoo=True)``. What it leaves to the GM is
:data:`NOT_AUTOMATIC`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar

from lfgcombat.rules.bonuses import Bonus, stack
from lfgcombat.rules.citations import cite, read_under
from lfgcombat.rulesets.classic.ruleset import _check_reach, _no_killer_criticals, _written_for
from lfgcombat.rules.conditions.conditions import ConditionError
from lfgcombat.dice import Fortune
from lfgcombat.errors import IllegalActionError
from lfgcombat.creature.keep import kept_on
from lfgcombat.creature.roll_bonuses import bonuses_to
from lfgcombat.rulesets.base import RulesetDefinition, register
from lfgcombat.rulesets.event_rules import (LFG_CONDITION_RULE, LFG_FLANK_RULE, LFG_MOVE_RULE,
                                           EventRules, inferred)
from lfgcombat.rulesets.fields import check_written_for
from lfgcombat.rulesets.initiative import (InitiativePolicy, RoundByRoundInitiative,
                                           SelectiveInitiative, TopDownInitiative)
from lfgcombat.rulesets.lfg import LFG_DEFINITION
from lfgcombat.rulesets.policies import (ActionEconomy, AttackResolution, ConditionCatalogue,
                                         DamageModel, EncounterAttack, HealthModel,
                                         MapStanding, standing_of)
from lfgcombat.rules.health.saves import SaveError, SavingThrows
from lfgcombat.rules.health.saves import _check_int as _check_save_int

from . import fields as _fields  # noqa: F401 - registers the wounds creature keys
from ._base import TEXT, check_choice, check_int, check_keys, made
from .aoo import aoo_per_round
from .combatant import ODDS_SITUATION, WoundsCombatant, creature_attack, creature_attack_odds
from .damage import CATEGORY, rider
from .defense import Turn
from .play import (actions_left, budget, encounter_attack, encounter_attack_odds, kept_report,
                   report, spend, status)
from .saves import SAVE_ABILITY, base_save
from .reminders import WoundsReminders
from .sheet import sheet_rows
from .turn import WoundsFighter

if TYPE_CHECKING:
    from lfgcombat.dice import Roller

    from .combatant import WoundsCreatureOdds
    from .damage import Rider, Target
    from .health import WoundsVitals

__all__ = ["WoundsEconomy", "WoundsAttacks", "WoundsHealth", "WoundsDamage",
           "WoundsConditions", "WOUNDS", "WOUNDS_INITIATIVE", "wounds_check_bonus",
           "NOT_AUTOMATIC", "DEFAULT_INITIATIVE"]

#: The initiative a wounds encounter plays by unless told otherwise (inferred from
#: 003_de0e94afd49609a7.txt, "Electricity": a one-round initiative penalty needs a roll each
#: round).
DEFAULT_INITIATIVE = "round_by_round"
_TURN = cite("Attacking an enemy usually involves spending your Half Action",
             file="003_de0e94afd49609a7.txt")
_HP = cite("When a character is subject to a damage-dealing effect",
           file="003_de0e94afd49609a7.txt")


#: The wounds text has no initiative rule ("initiative" only in "Electricity": a penalty to
#: it): its three options are lfg's, so an initiative roll cites lfg's heading, marked
#: inferred (issue 26, item 2), as wounds' conditions are
#: (:mod:`lfgcombat.rulesets.wounds.reminders`).
_NO_INITIATIVE = "; inferred for wounds: 003_de0e94afd49609a7.txt has no initiative rule"
_AOO = cite("As mentioned in the previous Tip", file="003_de0e94afd49609a7.txt")

#: The text, a one-sheet "Combat Statistics", gives its turn (Half Actions), Total Defense,
#: hit points, Prowess, the shield's Parry and Attacks of Opportunity as bare paragraphs; the
#: headings near them ("x4 Multiplier", "Unholy") are about something else, so what people
#: read shows them under the sheet's heading (issue 26, item 2; a save keeps what it
#: recorded).
read_under("003_de0e94afd49609a7.txt", "Combat Statistics",
           "Attacking an enemy usually involves spending your Half Action",
           "Total Defense is an action you can take in combat",
           "When a character is subject to a damage-dealing effect",
           "As mentioned in the previous Tip",
           "Prowess is added directly to your Defense",
           "Any attack made against a character wearing a shield")


def wounds_check_bonus(creature: Any, record: Any) -> int | None:
    """A wounds combatant's Initiative Check bonus: lfg's Initiative Rating + DEX Mod + WIS
    Mod and its own typed bonuses (the wounds text has no initiative section: inferred),
    without lfg's condition penalties (lfg's Injured -2 is not a wounds rule; its record
    keeps the wounds conditions) + Electricity's running
    penalty while it lasts (003_de0e94afd49609a7.txt, "Electricity": "-1 on initiative for
    one round per 5 points of damage taken"; it lasts to the end of the creature's next
    turn, :meth:`~lfgcombat.rulesets.wounds.turn.WoundsFighter.end_turn`). ``None`` without a record
    (the creature's own lfg bonus then)."""
    if record is None:
        return None
    penalty = record.initiative_penalty if record.initiative_rounds > 0 else 0
    own = kept_on(creature, ("sheet", "wounds initiative"), lambda: _own_initiative(creature))
    return own + int(penalty)


def _own_initiative(creature: Any) -> int:
    """The creature's part of :func:`wounds_check_bonus` (its sheet's, read now)."""
    return (int(creature.initiative_rating) + creature.ability_mod("dex")
            + creature.ability_mod("wis")
            + stack(bonuses_to(creature, "initiative", "d20")).total)


@dataclass(frozen=True)
class WoundsSelective(SelectiveInitiative):
    """lfg's Selective Initiative with the wounds check (:func:`wounds_check_bonus`)."""

    rule: ClassVar[str] = SelectiveInitiative.rule + _NO_INITIATIVE

    def check_bonus(self, creature: Any, record: Any) -> int | None:
        """:func:`wounds_check_bonus`."""
        return wounds_check_bonus(creature, record)


@dataclass(frozen=True)
class WoundsRoundByRound(RoundByRoundInitiative):
    """lfg's Round-by-Round Initiative, the wounds default (:data:`DEFAULT_INITIATIVE`):
    every round's roll counts Electricity's penalty (:func:`wounds_check_bonus`)."""

    rule: ClassVar[str] = RoundByRoundInitiative.rule + _NO_INITIATIVE

    def check_bonus(self, creature: Any, record: Any) -> int | None:
        """:func:`wounds_check_bonus`."""
        return wounds_check_bonus(creature, record)


@dataclass(frozen=True)
class WoundsTopDown(TopDownInitiative):
    """lfg's Top-Down Initiative with the wounds check (:func:`wounds_check_bonus`)."""

    rule: ClassVar[str] = TopDownInitiative.rule + _NO_INITIATIVE

    def check_bonus(self, creature: Any, record: Any) -> int | None:
        """:func:`wounds_check_bonus`."""
        return wounds_check_bonus(creature, record)


#: The wounds initiative options: lfg's three, each rolling the wounds check.
WOUNDS_INITIATIVE: dict[str, type[InitiativePolicy]] = {
    p.name: p for p in (WoundsSelective, WoundsRoundByRound, WoundsTopDown)}


@dataclass(frozen=True)
class WoundsEconomy(ActionEconomy):
    """A wounds turn: Half Actions (two, inferred), each of which may attack
    (003_de0e94afd49609a7.txt, "Attacking an enemy usually involves spending your Half
    Action"), or keep up Total Defense."""

    def attacks_per_turn(self, level: int, big_actions: int = 2) -> int:
        """One attack per Half Action left (``big_actions`` counts Half Actions here)."""
        return max(0, big_actions)

    def turn(self) -> "Turn":
        """A fresh turn (:class:`lfgcombat.rulesets.wounds.defense.Turn`: two Half Actions)."""
        return Turn()

    def aoo_per_round(self, dex_mod: int, combat_reflexes: int = 0,
                      in_total_defense: bool = False) -> int:
        """1 + DEX modifier (its part at least 0) + Combat Reflexes; none in Total Defense
        (:func:`lfgcombat.rulesets.wounds.aoo.aoo_per_round`)."""
        return aoo_per_round(dex_mod, combat_reflexes, in_total_defense)

    # -- the encounter's record hooks (a WoundsFighter: lfgcombat.rulesets.wounds.turn) --
    #: The Half Actions ``Encounter.act`` takes by name (an attack is ``attack``, a move
    #: ``move``): Total Defense, or any other Half Action.
    single_actions: ClassVar[tuple[str, ...]] = ("attack", "total_defense",
                                                 "standard_action", "cast_spell")
    rule: ClassVar[str] = _TURN
    #: "Attacking an enemy usually involves spending your Half Action"
    #: (003_de0e94afd49609a7.txt, "Combat Statistics").
    attack_cost: ClassVar[str] = "a Half Action"
    #: "Whenever a creature moves through your threatened area, they risk provoking an
    #: Attack of Opportunity from you" (:data:`_AOO`, the text's "As mentioned in the
    #: previous Tip" paragraph): a map move provokes from each foe threatening a hex it
    #: leaves (or whose space it enters), once per foe a move - the map's threatened area
    #: and provocations, lfg's (inferred: the "previous Tip" the text points to is not in
    #: it, and the d20 family provokes by leaving a threatened square).
    aoo_on_move: ClassVar[bool] = True
    aoo_rule: ClassVar[str] = _AOO

    def start_turn(self, record: "WoundsFighter", roller: "Roller", *,
                   was_attacked: bool = False) -> tuple["WoundsFighter", tuple[str, ...]]:
        """A new round for it (its AOO and parries count again: "a round" is from its turn
        to its next, inferred), a Shell's round counted (it fades at its third turn start or
        end after it was gained: :data:`lfgcombat.rulesets.wounds.health.SHELL_MARKS`), Total
        Defense
        ends unless it spends a Half Action on it again, and two Half Actions
        (:meth:`~lfgcombat.rulesets.wounds.turn.WoundsFighter.start_turn`)."""
        fresh, faded = record.end_round()
        fresh, events = fresh.start_turn()
        return fresh, tuple(faded) + tuple(events)

    def spend(self, record: "WoundsFighter", action: str) -> "WoundsFighter":
        """A Half Action: ``attack``, ``total_defense`` (+4 Defense until its next turn, no
        AOO), ``standard_action``, ``cast_spell``; ``aoo``: one of its AOO this round.

        Raises:
            IllegalActionError: none left, or an action the wounds turn has not.
        """
        return spend(record, action)

    def aoo_problem(self, record: "WoundsFighter") -> str | None:
        """Why it cannot make an AOO now: dead, in Total Defense ("You cannot make attacks
        of opportunity whilst in Total Defense"), or its 1 + DEX modifier (minimum 0) +
        Combat Reflexes used this round
        (:attr:`~lfgcombat.rulesets.wounds.turn.WoundsFighter.why_no_aoo`), with the rule."""
        why = record.why_no_aoo
        return None if why is None else f"{why} ({record.why_no_aoo_rule})"

    def move(self, record: "WoundsFighter", feet: int) -> "WoundsFighter":
        """Move: a Half Action moves it its speed (half Hindered, none Immobilized)."""
        return record.move(feet)

    def end_turn(self, record: "WoundsFighter") -> "WoundsFighter":
        """Its Half Actions go; a rider's round-long conditions end (:meth:`end_turn_logged`
        says which)."""
        return record.end_turn()

    def end_turn_logged(self, record: "WoundsFighter"
                        ) -> tuple["WoundsFighter", tuple[str, ...]]:
        """:meth:`end_turn` and what ended, in words: Cold's Hindered or Immobilized "for 1
        round" when its round is over, a Shell whose round is over; the GM's conditions
        (Prone until it stands up) stay
        (:meth:`~lfgcombat.rulesets.wounds.turn.WoundsFighter.finish_turn`)."""
        return record.finish_turn()

    def stand_up(self, record: "WoundsFighter") -> "WoundsFighter":
        """Stand up from Prone: one Half Action, Prone gone (inferred: the wounds text has
        no rule for it; its turn is spent in Half Actions, as lfg's Stand Up is one of its
        actions and the d20 family's a move action).

        Raises:
            IllegalActionError: not Prone, not its turn, or no Half Action left.
        """
        if "Prone" not in record.conditions:
            raise IllegalActionError(f"{record.name} is not Prone", _TURN)
        spent = dataclasses.replace(record.spend("stand up"), move_left=record.move_left)
        return dataclasses.replace(spent, conditions=spent.conditions - {"Prone"})

    def cast(self, record: "WoundsFighter", roller: "Roller", creature: Any,
             spell_level: int) -> tuple[str, tuple[str, ...]]:
        """A spell cast with a Half Action (:data:`single_actions`' ``cast_spell``): the
        wounds text has no casting rule of its own (003_de0e94afd49609a7.txt names spells
        only in passing, e.g. "Will (CHA) is typically for mental dangers, such as hostile
        magic spells"), so the spell is cast with nothing rolled and its effect is the
        GM's, as under lfg (inferred).

        Raises:
            WoundsError: ``spell_level`` is not 0 to 9; nothing is rolled.
        """
        check_int("spell_level", spell_level, 0, 9)
        return "cast", ()

    def budget(self, record: "WoundsFighter") -> dict[str, Any] | None:
        """``mode`` ``half_actions``, ``half_actions``, ``speed_ft``, ``move_left``,
        ``remaining_ft``, ``total_defense`` (``None`` outside its turn)."""
        return budget(record)

    def actions_left(self, record: "WoundsFighter", upcoming: bool) -> dict[str, Any]:
        """Half Actions as ``big`` and ``attacks``, AOO left as ``reactions``, parries and
        feet in the notes (:func:`lfgcombat.rulesets.wounds.play.actions_left`)."""
        return actions_left(record, upcoming)


def _within_reach(attacker: Any, target: Any, weapon: Any, situation: Mapping[str, Any]
                  ) -> dict[str, Any]:
    """The situation of an encounter's attack less its ``distance_ft``, once both
    creatures are checked written for wounds and a melee target is checked within the
    weapon's reach (inferred, as under classic: the text gives no reach rule).

    Raises:
        WoundsError, IllegalActionError: not written for wounds; beyond reach.
    """
    _written_for("wounds", attacker, target)
    situation = dict(situation)
    distance = situation.pop("distance_ft", None)
    if distance is not None:
        _check_reach(attacker, weapon, int(distance), situation.get("ranged"), False, _TURN,
                     target=target)
    return situation


@dataclass(frozen=True)
class WoundsAttacks(AttackResolution):
    """Attacks under ``wounds`` (003_de0e94afd49609a7.txt, "Combat Statistics"): d20 +
    ability + Prowess + misc >= Defense, natural 1 -5, natural 20 +5; a critical confirmed
    by a second roll; on a confirmed critical the attacker chooses multiplied damage or
    Go to Wounds."""

    critical_choices: ClassVar[tuple[str, ...]] = ("multiply", "wounds")
    #: The situation keys an odds panel offers as checkboxes, with their labels.
    odds_toggles: ClassVar[tuple[tuple[str, str], ...]] = (
        ("total_defense", "target in Total Defense"),
        ("airborne", "target airborne (Electricity)"),
        ("spare", "spare (Holy/Unholy/Primal)"))

    def missing_fields(self, creature: Any) -> dict[str, str]:
        """``prowess`` when the creature has none: added to attack rolls and to Defense
        (003_de0e94afd49609a7.txt, "Prowess is added directly to your Defense");
        ``good_saves`` when it has none: the encounter's attacks roll its saves (Cold to
        Wounds: "a Fort save equal to the damage dealt", "Cold"), built from its two good
        saves ("Some effects don't directly target your armor or shield") - never a FORT
        of +0 by default."""
        missing = {}
        if getattr(creature, "prowess", None) is None:
            missing["prowess"] = "the Prowess wounds adds to attack rolls and Defense"
        if getattr(creature, "good_saves", None) is None:
            missing["good_saves"] = ("its two good saves, which its FORT, REF and WILL are "
                                     "built from (Cold to Wounds rolls FORT); write them as "
                                     "a list, good_saves: [fort, ref]")
        return missing

    def killer_critical_minimum(self, multiplier: int, max_hp: int) -> int:
        """Refused: Killer Criticals are lfg's optional rule.

        Raises:
            RulesetError: always.
        """
        raise _no_killer_criticals("wounds")


    def attack_odds(self, attacker: Any, target: Any, weapon: Any, *, exact: bool = True,
                    **situation: Any) -> "WoundsCreatureOdds":
        """The exact odds of a creature's attack, ``critical_choice`` among the situation
        keys (:func:`lfgcombat.rulesets.wounds.combatant.creature_attack_odds`; both choices in
        ``expected``).

        The situation keys are :data:`lfgcombat.rulesets.wounds.combatant.ODDS_SITUATION`, the
        target's Defense terms ``defense_talents`` and ``circumstance`` among them ("Defense
        = 10+ Prowess + Dex + Talents + Conditions + Circumstance"); any other is refused
        with a "did you mean" before anything is computed.

        Raises:
            WoundsError: naming a missing or bad field (``prowess``, ``critical_choice``),
                or an unknown situation key.
        """
        check_keys(situation, ODDS_SITUATION, "wounds' attack odds")
        _written_for("wounds", attacker, target)
        return creature_attack_odds(attacker, target, weapon, **situation)

    def attack(self, roller: "Roller", attacker: Any, target: Any, weapon: Any,
               **situation: Any) -> Any:
        """Roll a creature's attack (:func:`lfgcombat.rulesets.wounds.combatant.creature_attack`).

        Raises:
            WoundsError: naming a missing or bad field, or an unknown situation key (with
                a "did you mean"); nothing is rolled then.
        """
        check_keys(situation, ODDS_SITUATION + ("aimed_at",), "a wounds attack")
        _written_for("wounds", attacker, target)
        return creature_attack(roller, attacker, target, weapon, **situation)

    def encounter_attack_odds(self, attacker: Any, target: Any, weapon: Any, *,
                              attacker_record: "WoundsFighter",
                              target_record: "WoundsFighter", **situation: Any) -> Any:
        """The exact odds of :meth:`encounter_attack` with the same arguments, no roller
        (:func:`lfgcombat.rulesets.wounds.play.encounter_attack_odds`): the same reach and
        the target's Defense as its record has it, so its ``ac`` is the Defense the roll is
        against.

        Raises:
            WoundsError, IllegalActionError: as :meth:`encounter_attack`.
        """
        situation = _within_reach(attacker, target, weapon, situation)
        return encounter_attack_odds(attacker, target, weapon, target_record, **situation)

    def encounter_attack(self, roller: "Roller", attacker: Any, target: Any, weapon: Any, *,
                         attacker_record: "WoundsFighter", target_record: "WoundsFighter",
                         **situation: Any) -> "EncounterAttack":
        """One attack in the encounter (:func:`lfgcombat.rulesets.wounds.play.encounter_attack`):
        the
        target's Defense (+4 in Total Defense), the critical choice, the player's Instant
        Kill, the target's shield parry, the weapon's riders, and the hit taken (Barrier,
        Shell, HP, Wounds): ``target_after`` carries the target's record.

        Args:
            situation: ``critical_choice`` (``"multiply"`` / ``"wounds"``), ``aimed_at``,
                ``airborne``, ``rider_target``, ``spare``, ``ranged``, ``widen``, ``parry``,
                ``defense_talents`` and ``circumstance`` (the target's Defense terms);
                ``distance_ft`` (the encounter's, on a battle map): a melee attack needs
                the target within the weapon's reach (inferred, as under classic: the text
                gives no reach rule).

        Raises:
            WoundsError: a missing field (``prowess``), an unknown situation key or a bad
                value; nothing is rolled then.
            IllegalActionError: a melee target beyond reach; nothing is rolled then.
        """
        situation = _within_reach(attacker, target, weapon, situation)
        h = encounter_attack(roller, attacker, target, weapon, target_record, **situation)
        hit = h.attack.hit and not h.parried
        # every field given in order (issue 24, "Fast": built without its __init__)
        return made(EncounterAttack, h.outcome, hit, hit and h.attack.critical, False,
                    h.dealt, "/".join(h.damage_types) or None, h.ac, h.bonus, h.text, h, (),
                    h.target_after, h.events, None, True)


@dataclass(frozen=True)
class WoundsHealth(HealthModel):
    """Hit Points, then Wounds; Barrier and Shell (003_de0e94afd49609a7.txt, "When a
    character is subject to a damage-dealing effect", "Barrier represents", "Shell operates
    similarly").

    On the battle map (:meth:`~lfgcombat.rulesets.HealthModel.map_standing`, the default
    reading of :meth:`report`): a creature at 0 HP with Wounds left (``wounded``) fights on
    - it threatens, moves and blocks as before (not lfg's Unconscious at 0 HP); at 0 Wounds
    it is dead.
    """

    def vitals(self, creature: Any) -> "WoundsVitals":  # type: ignore[override]
        """The creature's :class:`~lfgcombat.rulesets.wounds.health.WoundsVitals`: ``hp``,
        ``wounds``, ``barrier``, ``shell``, ``dead``."""
        check_written_for(creature, "wounds")
        return WoundsCombatant.of(creature).vitals()

    rule: ClassVar[str] = _HP
    #: What a refusal to act for (or on) a dead combatant cites: damage goes to Wounds
    #: once the Hit Points are gone, and a creature is dead at 0 Wounds (inferred).
    death_rule: ClassVar[str] = _HP
    fights_on_at_zero: ClassVar[bool] = True
    dropped_words: ClassVar[str] = (
        "Under wounds, HP lost and damage dealt count Hit Points and then Wounds (a "
        "result's hp is the Hit Points less the Wounds lost); dropped means dead, since a "
        "creature at 0 HP fights on with its Wounds (003_de0e94afd49609a7.txt, \"When a "
        "character is subject to a damage-dealing effect\")")

    def take_out(self, creature: Any) -> int:
        """Its Hit Points and then its Wounds: at 0 Hit Points it still fights and takes
        Wound Damage; it is out at 0 Wounds (inferred, :mod:`lfgcombat.rulesets.wounds.health`)."""
        w = WoundsCombatant.of(creature)
        return w.hp + w.wounds_max

    def combatant(self, creature: Any, ruleset: Any) -> "WoundsFighter":
        """The encounter's record of ``creature``: a
        :class:`~lfgcombat.rulesets.wounds.turn.WoundsFighter` (Hit Points, Wounds, Barrier, Shell,
        its parrying shield, Total Defense, AOO, Half Actions).

        Raises:
            RulesetFieldError: a creature not written for wounds; WoundsError: a bad
                wounds field (named).
        """
        check_written_for(creature, "wounds")
        return WoundsFighter.of(creature)

    def take_damage(self, record: "WoundsFighter", amount: int, *, nonlethal: bool = False
                    ) -> tuple["WoundsFighter", tuple[str, ...]]:
        """Damage dealt by hand: Barrier, Shell, Hit Points, then Wounds.

        Raises:
            IllegalActionError: ``nonlethal`` (the wounds text has no nonlethal damage).
        """
        if nonlethal:
            raise IllegalActionError("the wounds ruleset has no nonlethal damage", _HP)
        v = record.vitals.damage(amount)
        return dataclasses.replace(record, vitals=v), v.events

    def heal(self, record: "WoundsFighter", amount: int
             ) -> tuple["WoundsFighter", tuple[str, ...]]:
        """Healing restores Hit Points up to the maximum, not Wounds (inferred: the text
        restores only Hit Points, "hourly"); the dead are refused."""
        v = record.vitals
        if v.dead:
            raise IllegalActionError(f"{record.name} is dead", _HP)
        hp = min(v.max_hp, int(v.hp or 0) + max(0, int(amount)))
        events = (f"recovers {hp - int(v.hp or 0)} HP",)
        return dataclasses.replace(record, vitals=dataclasses.replace(
            v, hp=hp, events=events)), events

    def stabilize(self, record: "WoundsFighter", roller: "Roller", healer: Any
                  ) -> tuple["WoundsFighter", tuple[str, ...]]:
        """Refused: the wounds text has no Stabilize (no dying state: 0 Wounds is dead).

        Raises:
            IllegalActionError: always.
        """
        raise IllegalActionError("the wounds ruleset has no Stabilize: at 0 HP a creature "
                                 "takes Wounds, at 0 Wounds it is dead", _HP)

    def gain_barrier(self, record: "WoundsFighter", strength: int, total: int
                     ) -> tuple["WoundsFighter", tuple[str, ...]]:
        """Gain Barrier ``strength``/``total`` mid-fight ("Barrier effects do not stack -
        the highest Barrier overwrites any others", 003_de0e94afd49609a7.txt, "Barrier
        represents").

        Raises:
            WoundsError: a bad ``strength`` or ``total`` (whole numbers >= 1).
        """
        return record.gain_barrier(strength, total)

    def gain_shell(self, record: "WoundsFighter", amount: int
                   ) -> tuple["WoundsFighter", tuple[str, ...]]:
        """Gain a Shell of ``amount`` mid-fight ("Shell does not stack with Shell - the
        highest one overwrites", 003_de0e94afd49609a7.txt, "Shell operates similarly"); it
        lasts a round from now (:data:`lfgcombat.rulesets.wounds.health.SHELL_MARKS`).

        Raises:
            WoundsError: ``amount`` is not a whole number >= 1.
        """
        return record.gain_shell(amount)

    def report(self, record: "WoundsFighter") -> dict[str, Any]:
        """``hp``, ``max_hp``, ``status``, ``dead``, ``conditions`` and ``vitals``
        (``wounds``, ``barrier``, ``shell``, ``total_defense``, ``parries_left``...:
        :func:`lfgcombat.rulesets.wounds.play.report`)."""
        return report(record)

    def read_report(self, record: "WoundsFighter") -> dict[str, Any]:
        """:meth:`report` as kept on the record, for reading only (never changed nor
        handed out: :class:`~lfgcombat.rulesets.HealthModel`'s optional member)."""
        kept = record.__dict__.get("_report")  # (kept already: read here, issue 24, "Fast")
        return kept if kept is not None else kept_report(record)

    def map_standing(self, record: "WoundsFighter") -> MapStanding:
        """:meth:`HealthModel.map_standing <lfgcombat.rulesets.HealthModel.map_standing>`'s
        reading (dead at 0 Wounds; ``wounded`` at 0 HP fights on) of the report's
        ``status`` and ``dead``, read from the record's vitals alone (issue 24, "Fast": a
        record spent or moved needs no whole report for its view)."""
        return standing_of(status(record), record.dead, self.rule)


@dataclass(frozen=True)
class WoundsDamage(DamageModel):
    """The wounds damage types (003_de0e94afd49609a7.txt, "Most damage falls into one of two
    broad damage types"): physical (bludgeoning, piercing, slashing) and energy, elemental
    (acid, cold, electricity, fire, sonic) or aligned (holy, primal, unholy), each energy
    type with its rider."""

    def names(self) -> list[str]:
        """The wounds damage types: the three physical ones, then the eight energies."""
        return list(CATEGORY)

    def labels(self) -> list[str]:
        """Each type with its category: ``fire [energy, elemental]``..."""
        return [f"{t} [{c}{', ' + s if s else ''}]" for t, (c, s) in CATEGORY.items()]

    def damage_type(self, value: Any) -> str:  # type: ignore[override]
        """The wounds damage type called ``value`` (case-insensitive).

        Raises:
            WoundsError: naming ``damage_type`` when it is not a wounds type.
        """
        return check_choice("damage_type", str(value).strip().lower(), tuple(self.names()))

    def rider(self, damage_type: str, target: "Target") -> "Rider":
        """What ``damage_type`` does to ``target`` (:func:`lfgcombat.rulesets.wounds.damage.rider`).

        Raises:
            WoundsError: not one of the eight energy types.
        """
        return rider(damage_type, target)


@dataclass(frozen=True)
class WoundsConditions(ConditionCatalogue):
    """lfg's conditions (the wounds text has no list of its own; its riders name Hindered
    and Immobilized), kept on a wounds record: Hindered halves its speed, Immobilized stops
    it, and every condition's AC numbers are the "Conditions" of its Defense
    (:func:`lfgcombat.rulesets.wounds.defense.condition_defense`: Hindered -2, Prone -4 against
    melee, Flat-Footed without Prowess...); the rest change nothing (inferred: the text
    gives them no other effect)."""

    def label(self, name: str) -> str:
        """The name a wounds record keeps the lfg condition ``name`` by (``"flat-footed"``
        -> ``"Flat Footed"``): what ``Encounter.state(...).conditions`` lists and the
        attack's ``modifiers`` say.

        Raises:
            ConditionError: an unknown condition.
        """
        return self.lookup(name).value.replace("_", " ").title()

    def add_to(self, record: "WoundsFighter", name: str) -> "WoundsFighter":
        """``record`` with the lfg condition ``name`` (``"hindered"``...).

        Raises:
            ConditionError: an unknown condition.
        """
        label = self.label(name)
        return dataclasses.replace(record, conditions=record.conditions | {label},
                                   round_conditions=_untimed(record, label))

    def remove_from(self, record: "WoundsFighter", name: str) -> "WoundsFighter":
        """``record`` without the condition ``name``.

        Raises:
            ConditionError: an unknown condition, or one it does not have.
        """
        label = self.label(name)
        if label not in record.conditions:
            raise ConditionError(f"{record.name} is not {label}")
        return dataclasses.replace(record, conditions=record.conditions - {label},
                                   round_conditions=_untimed(record, label))


def _untimed(record: "WoundsFighter", label: str) -> tuple[tuple[str, int], ...]:
    """The record's round-long rider conditions without ``label``: one the GM gives (or
    removes) lasts as the GM says, not for the rider's round."""
    return tuple((c, n) for c, n in record.round_conditions if c != label)


#: What the Encounter does not play by itself under ``wounds`` (the GM's part), said in
#: notebook 31 and the README.
NOT_AUTOMATIC = (
    "an Attack of Opportunity provoked by anything but moving (the text names only moving "
    "through the threatened area) is the GM's call: attack(threatener, target, aoo=True), "
    "counted against its 1 + DEX (minimum 0) + Combat Reflexes a round; a map move offers its "
    "AOO by itself and move(..., aoo=) says who takes them",
    "lfg conditions count only on a wounds creature's Defense (their AC numbers) and, for "
    "Hindered and Immobilized, its movement; their other effects (attack penalties, lost "
    "actions) are the GM's",
)

#: The wounds saves' rule (003_de0e94afd49609a7.txt): what a save by them cites.
WOUNDS_SAVES = cite("Some effects don't directly target your armor or shield",
                    file="003_de0e94afd49609a7.txt")


def wounds_save_bonus(creature: Any, which: str, bonuses: Iterable[Bonus | int],
                      fortune: Fortune | str | None) -> tuple[int, tuple[str, ...]]:
    """The wounds save bonus: base save by Hit Dice (good or bad) + the save's ability
    (FORT CON, REF WIS, WILL CHA) + situational bonuses, and its lines.

    Raises:
        SaveError: a Fortunate/Unfortunate ``fortune`` (the wounds text has none).
        WoundsError: no ``good_saves`` on the creature (named), or a bad field.
    """
    if Fortune.coerce(fortune) is not None:
        raise SaveError(f"the wounds ruleset has no Fortunate/Unfortunate saves ({WOUNDS_SAVES})")
    w = WoundsCombatant.of(creature)
    total = w.save(which)  # names a missing good_saves
    hd = min(w.hit_dice, 20)
    good = which in (w.good_saves or ())
    base = base_save(hd, good)
    ability = SAVE_ABILITY[which]
    extra = [b if isinstance(b, Bonus) else Bonus(_check_save_int("bonus", b), None, "situation")
             for b in bonuses]
    stacked = stack(extra)
    lines = [f"{base:+d} base save ({'good' if good else 'bad'}, {hd} Hit Dice)",
             f"{total - base:+d} {ability.upper()}"]
    lines += [f"{ln.counted:+d} {ln.bonus.source or 'untyped'} ({ln.note})"
              for ln in stacked.lines]
    return total + stacked.total, tuple(lines)


class WoundsSaves(SavingThrows):
    """wounds' saving throws (:func:`wounds_save_bonus`): no conditions of its own."""

    own = True
    rule = WOUNDS_SAVES

    def bonus(self, creature: Any, which: str, bonuses: Iterable[Bonus | int],
              fortune: Fortune | str | None, conditions: tuple[str, ...] | None = None
              ) -> tuple[int, tuple[str, ...]]:
        """:func:`wounds_save_bonus`."""
        return wounds_save_bonus(creature, which, bonuses, fortune)


#: What wounds' attack, damage and roll lines cite (issue 26, item 2): the text's heading
#: over its attack roll, critical and damage ("Combat Statistics": "An attack roll
#: represents...", "If your attack succeeds, you deal damage"), and the headings of its
#: saves, smashing and breaking objects, and the Cold rider's save; a Half Action (an attack,
#: a spell, Total Defense) and a turn's start and end: "Combat Statistics", the sheet's
#: heading over its Half Action and Total Defense paragraphs (they have none of their own);
#: a health line and a shield's parry roll: "Combat Statistics" (its HP, Wounds, Parry); a
#: condition or effect line, a move and the map's flanking: lfg's conditions, movement and
#: flanking, "inferred for wounds"
#: (003_de0e94afd49609a7.txt has no conditions or movement of its own). A change of status
#: says what the text makes of it: "If a character's Hit Points reach 0 [...] they instead
#: take Wound Damage" (wounded), dead when the Wounds run out (0 Wounds: inferred,
#: :mod:`lfgcombat.rulesets.wounds.health`).
_W = "003_de0e94afd49609a7.txt"
EVENT_RULES = EventRules(
    attack=cite("Combat Statistics", file=_W), damage=cite("Combat Statistics", file=_W),
    rolls=(("smash", cite("Smashing an Object", file=_W)),
           ("strength to break", cite("Breaking Items with Strength", file=_W)),
           ("vs cold", cite("Cold", file=_W)),
           ("save", cite("Saving Throws", file=_W)),
           ("damage", cite("Combat Statistics", file=_W)),
           (" attacks ", cite("Combat Statistics", file=_W)),
           ("confirm", cite("Combat Statistics", file=_W)),
           ("parry", cite("Combat Statistics", file=_W)),
           ("parries", cite("Combat Statistics", file=_W))),
    lines=tuple((k, cite("Combat Statistics", file=_W))
                for k in ("spell", "single_action", "spend", "turn_start", "turn_end",
                          "health")) + (
        ("condition", inferred(LFG_CONDITION_RULE, "conditions", "wounds")),
        ("effect_start", inferred(LFG_CONDITION_RULE, "conditions", "wounds")),
        ("effect_end", inferred(LFG_CONDITION_RULE, "conditions", "wounds")),
        ("moved", inferred(LFG_MOVE_RULE, "movement", "wounds")),
        ("flanking", inferred(LFG_FLANK_RULE, "flanking", "wounds"))),
    status=(("dead", "{who} is dead: its Wounds ran out (0 Wounds)"),
            ("wounded", "{who} is wounded: its HP are gone, damage now goes to its Wounds")))

#: The ``wounds`` ruleset, registered (name, text, aliases) when this module is imported;
#: ``lfgcombat/__init__.py`` imports it with the other built-in rulesets.
WOUNDS: RulesetDefinition = register(dataclasses.replace(
    LFG_DEFINITION, name="wounds", text=TEXT, aliases=("003",), economy=WoundsEconomy(),
    attacks=WoundsAttacks(),
    health=WoundsHealth(), damage=WoundsDamage(), conditions=WoundsConditions(),
    initiative=MappingProxyType(WOUNDS_INITIATIVE), default_initiative=DEFAULT_INITIATIVE,
    implemented=True, sheet_rows=sheet_rows, lfg_switches=(),
    reminders=WoundsReminders(), saves=WoundsSaves(),
    fast_kernel="lfgcombat.prep.fast_wounds", event_rules=EVENT_RULES))
