"""Replaceable rule policies a ruleset is built from (besides initiative).

Each slot is a small frozen class whose ``lfg`` implementation calls the engine module that
holds the rule, so a rule keeps one home:

* :class:`ActionEconomy` - "Taking Your Turn", "Attacks Per Turn" (how many attacks a turn
  allows and how they spread over Big Actions:
  :func:`lfgcombat.creature.combat_stats.attacks_per_turn`).
* :class:`AttackResolution` - "Critical Hits" and its optional rules ("Killer Criticals
  (Optional Rule)"), asked by :mod:`lfgcombat.rules.attacks` through the attack's ruleset.
* :class:`HealthModel` - "Injury & Injured Threshold", "Unconscious & Dying", "Death"
  (:class:`lfgcombat.rules.health.vitals.Vitals`).
* :class:`DamageModel` - "Damage Types" (:class:`lfgcombat.rules.damage.DamageType`).
* :class:`ConditionCatalogue` - "Conditions – Full Details" (its own table:
  ``data/conditions.csv`` for ``lfg``).

A ruleset that plays differently overrides one slot with a subclass (for example a
``wounds`` health model) and keeps the others. The engine asks the ruleset in play for each
(``ruleset.economy``, ``ruleset.attack_resolution``, ``ruleset.health``,
``ruleset.damage_model``, ``ruleset.condition_catalogue``), never the modules directly.

Optional members. Besides the methods each class declares, the engine probes a few members
with ``getattr`` and does without them when a policy leaves them out (the default in
brackets); each class's docstring lists its own under "Optional members":

==========================  ===================================  ===========================
policy                      member                               [default when left out]
==========================  ===================================  ===========================
:class:`ActionEconomy`      ``rule`` (the round's citation)      [the ruleset's text]
:class:`ActionEconomy`      ``actions_left(...)["summary"]``     ["N action(s)"]
:class:`ActionEconomy`      ``budget(...).remaining_ft``,        [not reported]
                            ``.move_limit_ft``
:class:`AttackResolution`   ``fumble_rule``,                     [the ruleset's text, no
                            ``fumble_suggestions``               suggestions]
:class:`AttackResolution`   ``attack_odds(...)``                 [lfg's odds while the
                                                                 policy rolls lfg's attacks;
                                                                 refused by name once it
                                                                 rolls its own]
:class:`AttackResolution`   ``critical_choices``,                [none: no choice asked,
                            ``odds_toggles``                     no toggles offered]
:class:`HealthModel`        ``rule``, ``switches``               [the ruleset's text, none]
:class:`HealthModel`        ``stabilize_takes_healer_record``    [False]
:class:`HealthModel`        ``take_out(creature)``               [its HP while the model
                                                                 keeps lfg's Vitals;
                                                                 refused by name once it
                                                                 keeps records]
``ConditionCatalogue``      ``label(name)``, ``rule``            [the condition's value,
                                                                 the ruleset's text]
==========================  ===================================  ===========================

The record hooks with a default of their own (:attr:`ActionEconomy.single_actions`,
:attr:`ActionEconomy.aoo_on_move`, :attr:`ActionEconomy.aoo_rule`,
:meth:`ActionEconomy.aoo_problem`, :meth:`HealthModel.map_standing`) are declared here and
need overriding only where the ruleset's round or health differs.

The policies import only the rule modules below them (combat stats, conditions, damage,
vitals), never the attacks or the encounter that ask them: there is no import cycle.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar

from ..creature.combat_stats import attacks_per_turn
from ..rules.conditions.conditions import (Affliction, Condition, ConditionError, ConditionSpec,
                                           MAX_WEAKENED_STAGE, build_specs, find_condition,
                                           name_index)
from ..rules.conditions.conditions import specs as lfg_specs
from ..rules.damage import DamageType
from ..io.tables import load_table
from ..rules.health.vitals import Vitals
from ..errors import LfgError

if TYPE_CHECKING:
    from ..creature import Creature
    from ..dice import Roller

__all__ = ["ActionEconomy", "AttackResolution", "HealthModel", "DamageModel",
           "ConditionCatalogue", "EncounterAttack", "MapStanding", "RecordVitals"]


def _no_record(policy: Any, hook: str) -> Exception:
    """The error of a record hook asked of a policy that keeps no records (lfg's)."""
    return LfgError(f"{type(policy).__name__}.{hook}: this ruleset keeps no combatant "
                    "record (HealthModel.combatant gives None); the encounter plays its "
                    "combatants by its own rules")


@dataclass(frozen=True)
class EncounterAttack:
    """One attack rolled by a ruleset's :meth:`AttackResolution.encounter_attack`, as the
    encounter logs and applies it.

    Attributes:
        outcome: ``hit``, ``critical``, ``miss`` or ``fumble``.
        hit, critical, fumble: The outcome's parts (a fumble is a miss the GM resolves).
        damage: Damage dealt to the target (0 on a miss).
        damage_type: The weapon's damage type, or ``None``.
        against: The AC (or Defense) rolled against; ``bonus``: the attack bonus.
        text: The attack in words.
        detail: The ruleset's own result (e.g. a
            :class:`~lfgcombat.rulesets.classic.attacks.ClassicAttack`).
        suggestions: On a fumble, what the GM may rule (the ruleset's table).
        target_after: The target's record after the attack, when the ruleset applies the
            attack's effects itself (a classic killing blow's save or death; wounds: the
            parry, Hit Points or Wounds, riders); the encounter then keeps it instead of
            dealing ``damage`` through :meth:`HealthModel.take_damage`.
        events: What the attack did to the target, in words (with ``target_after``).
        attacker_after: The attacker's record after the attack when it spends more than
            the attack (a killing blow's whole round), or ``None``.
        rolled_attack: The first roll is an attack roll (``False``: a blow with no attack
            roll, its first roll is damage).
    """

    outcome: str
    hit: bool
    critical: bool
    fumble: bool
    damage: int
    damage_type: str | None
    against: int
    bonus: int
    text: str
    detail: Any = None
    suggestions: tuple[str, ...] = ()
    target_after: Any = None
    events: tuple[str, ...] = ()
    attacker_after: Any = None
    rolled_attack: bool = True


@dataclass(frozen=True)
class MapStanding:
    """What a combatant a ruleset keeps a record of is on the battle map, by its ruleset
    (:meth:`HealthModel.map_standing`).

    The encounter's view of such a combatant (``Encounter.creature``: what the map, its
    reach and threatened areas read) takes this instead of lfg's reading of its sheet's
    Hit Points (000_8d1d7816ee944f3b.txt, "Unconscious & Dying": at 0 HP or less it is
    Unconscious, so helpless, threatening nothing, unable to move; "Death"), which does not
    hold under another ruleset's health (a wounds creature at 0 HP fights on with its
    Wounds; a classic one is Disabled).

    Attributes:
        threatens: It threatens its area (``False``: nothing, whatever its weapon).
        reach_ft: The farthest it threatens, in feet (``None``: its weapon's reach).
        moves: It can leave its hex (``False``: the map moves it nowhere; the economy
            refuses its moves in its own words first).
        helpless: lfg's Helpless on its view: foes may pass through its hex, it threatens
            nothing and cannot move.
        dead: It is dead (the map's ``is_dead``).
        why: Its state in words, naming the rule (the reason its view shows).
        lying: A body where it fell - dead, unconscious or paralyzed - so it gives no
            creature cover (inferred, as lfg's bodies: 000_8d1d7816ee944f3b.txt, "Bodies of
            dead & unconscious Medium Size+ creatures" lie "where they lie", "Difficult
            Terrain"; "A paralyzed creature occupies space as if a dead body", "Paralyzed").
    """

    threatens: bool = True
    reach_ft: int | None = None
    moves: bool = True
    helpless: bool = False
    dead: bool = False
    why: str = ""
    lying: bool = False


@dataclass(frozen=True)
class ActionEconomy:
    """The action economy of 000_8d1d7816ee944f3b.txt, "Taking Your Turn" ("2 Big Actions
    and 1 Little Action on your turn! (+1 Reaction)") and "Attacks Per Turn".

    Every count of attacks the encounter uses comes from :meth:`attacks_per_turn`; a
    ruleset with another economy overrides it (and :attr:`free_actions`).

    A ruleset that keeps a record of each combatant (:meth:`HealthModel.combatant`) plays
    its round through the record hooks below (:meth:`start_turn` ... :meth:`actions_left`,
    :meth:`aoo_problem`); lfg keeps none and never calls them.

    Optional members (probed with ``getattr``; leave them out for the default):

    * ``rule`` (a class attribute): the citation of the ruleset's round, named by the
      encounter's refusals and its ``turn_rules`` events [default: the ruleset's text];
    * the ``"summary"`` key of :meth:`actions_left`'s dict: the round in the ruleset's
      words, which ``ActionsLeft.explain`` and the InitiativeTracker's cards show
      (classic's "1 single action · Move Action 30 of 30 ft", wounds' "2 Half · 1 AOO")
      [default: "N action(s)", N its ``big``];
    * ``skill_bonus(creature, record, skill, *, extra, ability, off_hand)``: the ruleset's
      own skill check bonus, which ``Encounter.skill`` returns for a combatant with a
      record (classic's d20 + ability modifier against DC 15,
      :meth:`lfgcombat.rulesets.classic.ruleset.ClassicEconomy.skill_bonus`) [default: lfg's
      ``skills:`` total, :func:`lfgcombat.rules.actions.skills.skill_bonus`];
    * ``remaining_ft`` and ``move_limit_ft`` on the value :meth:`budget` returns (an
      attribute or a key): the feet of movement left this turn and its limit, which the
      encounter's state and ``moved`` events report, a map move is limited to, and the
      BattleMap lights [default: not reported; a map move is then not limited by the
      economy];
    * ``end_turn_logged(record) -> (record, events)``: :meth:`end_turn` with what ended, in
      words (wounds: Cold's round-long Hindered, a Shell), which the encounter logs as a
      change of the record - its ``health`` event and each condition lost [default:
      :meth:`end_turn`, unlogged].

    Attributes:
        free_actions: Free Actions a turn before they count as Swift ("Free Action":
            "any Free Actions used beyond this number should be ... Swift").
    """

    free_actions: int = 2
    #: What an attack costs, in the ruleset's words (what a button's tooltip says): lfg's
    #: "Level 0-4: 1 Big Action per Turn to make an Attack" (000_8d1d7816ee944f3b.txt,
    #: "Actions in Combat What can I do on my turn?").
    attack_cost: ClassVar[str] = "a Big Action"

    def attacks_per_turn(self, level: int, big_actions: int = 2) -> int:
        """Attacks in a turn with ``big_actions`` Big Actions (one home:
        :func:`lfgcombat.creature.combat_stats.attacks_per_turn`, "Attacks Per Turn").

        Args:
            level: The creature's level.
            big_actions: The Big Actions it has this turn (0 or less: no attack).

        Returns:
            The number of attacks.
        """
        return attacks_per_turn(level, big_actions)

    def turn_attacks(self, creature: "Creature") -> int:
        """The attacks ``creature`` may make this turn, by its level and the Big Actions its
        conditions leave it (Staggered: one; Stunned: none) ("Attacks Per Turn").

        Args:
            creature: The creature as it stands (conditions applied).

        Returns:
            The number of attacks (0 without a Big Action).
        """
        return self.attacks_per_turn(creature.level, creature.actions.big_actions)

    def double_once_per_turn(self, level: int) -> bool:
        """Level 10-14's "Once per Turn, you may make 2 Attacks as a single Big Action (3)":
        the one band whose two Big Actions give exactly 3 attacks."""
        return self.attacks_per_turn(level, 2) == 3

    def attacks_on(self, level: int, big_actions: int, double_used: bool) -> int:
        """Attacks the remaining ``big_actions`` still allow ("Attacks Per Turn"), once
        the once-per-turn double attack is used up (``double_used``) or not."""
        n = self.attacks_per_turn(level, big_actions)
        if double_used and self.double_once_per_turn(level):
            n = min(n, big_actions)
        return n

    def two_attacks_per_big_action(self, level: int) -> bool:
        """"Level 10-14: Once per Turn, you may make 2 Attacks as a single Big Action";
        "Level 15+: You may make 2 Attacks as part of a single Big Action": one Big Action
        makes two attacks (once a turn where :meth:`double_once_per_turn`)."""
        return self.attacks_per_turn(level, 1) == 2

    def one_attack_or_cast(self, level: int) -> bool:
        """"Level 0-4: 1 Big Action per Turn to make an Attack (1)": one Big Action a turn
        attacks or casts."""
        return self.attacks_per_turn(level, 2) == 1

    # -- the hooks of a ruleset that keeps a combatant record (see HealthModel.combatant) --
    #: The single actions of the ruleset's own round that ``Encounter.act`` takes by name
    #: (lfg: none; its actions are the rows of ``data/actions.csv``).
    single_actions: ClassVar[tuple[str, ...]] = ()
    #: A record's move on the battle map provokes Attacks of Opportunity from the foes
    #: threatening the hexes it leaves (the map's provocations, taken as ``move(...,
    #: aoo=)`` says, each struck by :meth:`AttackResolution.encounter_attack` and paid with
    #: ``spend(record, "aoo")``) [default False: a record's move provokes nothing and a
    #: named AOO taker is refused]. lfg's own moves provoke through the encounter's lfg
    #: rules, not this hook.
    aoo_on_move: ClassVar[bool] = False
    #: The citation of the ruleset's AOO rule, named by the ``aoo_offered`` and ``aoo``
    #: events and the refusals of a record's provoking move [default "": the ruleset's
    #: text].
    aoo_rule: ClassVar[str] = ""

    def start_turn(self, record: Any, roller: "Roller", *, was_attacked: bool = False
                   ) -> tuple[Any, tuple[str, ...]]:
        """A record's start of turn: its checks and rolls, then its fresh turn budget.

        Returns:
            The new record and what happened, in words (the encounter logs them).
        """
        raise _no_record(self, "start_turn")

    def spend(self, record: Any, action: str) -> Any:
        """The record with one of :attr:`single_actions` (or ``attack``, ``cast_spell``)
        spent from this turn's budget.

        Raises:
            IllegalActionError: the turn does not allow it (the rule cited).
        """
        raise _no_record(self, "spend")

    def move(self, record: Any, feet: int) -> Any:
        """The record with ``feet`` of movement spent this turn.

        Raises:
            IllegalActionError: further than its movement left (the rule cited).
        """
        raise _no_record(self, "move")

    def end_turn(self, record: Any) -> Any:
        """The record once its turn is over (its budget gone)."""
        raise _no_record(self, "end_turn")

    def heroic(self, roller: "Roller", creature: "Creature", ability: str, gm_mod: int, *,
               environment: bool = False) -> dict[str, Any]:
        """Roll a Heroic Action (the ruleset's opposed roll): ``ability``, ``player``,
        ``gm``, ``gm_mod``, ``environment``, ``winner`` and ``rule``.

        Raises:
            LfgError: a bad ability or modifier; nothing is rolled then.
        """
        raise _no_record(self, "heroic")

    def cast(self, record: Any, roller: "Roller", creature: "Creature", spell_level: int
             ) -> tuple[str, tuple[str, ...]]:
        """What happens to a record's spell as it is cast (its conditions' checks):
        ``("cast" | "lost", notes)``; the action is spent either way.

        Raises:
            LfgError: a bad spell level; nothing is rolled then.
        """
        raise _no_record(self, "cast")

    def stand_up(self, record: Any) -> Any:
        """The record standing up from prone, its cost spent.

        Raises:
            IllegalActionError: not prone, or the turn cannot pay for it.
        """
        raise _no_record(self, "stand_up")

    def budget(self, record: Any) -> Any:
        """The turn budget the record holds (``None`` outside its turn): the value the
        tracker shows (classic: a :class:`~lfgcombat.rulesets.classic.actions.RoundBudget`)."""
        raise _no_record(self, "budget")

    def actions_left(self, record: Any, upcoming: bool) -> dict[str, Any]:
        """What the record may still do, as :class:`~lfgcombat.engine.state.ActionsLeft`'s
        fields (``big``, ``little``, ``swift``, ``free``, ``reactions``, ``spells``,
        ``attacks``, ``notes``) and, optionally, ``summary``: the round in the ruleset's
        words (see the class's optional members); ``upcoming``: its turn is still to come
        this round (what it will have then)."""
        raise _no_record(self, "actions_left")

    def aoo_problem(self, record: Any) -> str | None:
        """Why the record cannot make an Attack of Opportunity (or another Reaction) now, in
        words citing the rule, or ``None`` when it can. The encounter asks it before a
        provoking move offers the record an AOO (:attr:`aoo_on_move`) and refuses a named
        taker with it, before anything changes.

        The default: the round has none (a ruleset with AOO overrides it).
        """
        return "its round has no Attacks of Opportunity"


@dataclass(frozen=True)
class AttackResolution:
    """Criticals and their optional rules, asked by :mod:`lfgcombat.rules.attacks` through the
    ruleset of the attack (``ruleset.attack_resolution``).

    Optional members (probed with ``getattr``; leave them out for the default):

    * ``attack_odds(attacker, target, weapon, **situation)``: the ruleset's own exact odds,
      which ``attack_odds(..., ruleset=)`` returns. Whatever it returns carries the
      fields every consumer reads (:mod:`lfgcombat.rulesets.compare`, the AttackPanel):
      ``bonus``, ``ac``, ``p_hit``, ``p_crit`` and ``expected_damage``, and a one-line
      ``summary()`` if it has one (the AttackPanel shows it) [default: lfg's
      odds while the policy rolls lfg's attacks (it does not override
      :meth:`encounter_attack`); a policy rolling its own attacks without it has no exact
      odds, and :meth:`lfgcombat.rulesets.RulesetDefinition.attack_odds` refuses it by
      name];
    * ``attack(roller, attacker, target, weapon, **situation)``: one attack rolled by its
      rules outside an encounter (the AttackPanel's Roll; asked through
      :meth:`lfgcombat.rulesets.RulesetDefinition.own_attack_roll`) [default: none, the
      panel refuses the roll by name];
    * ``critical_choices`` (a tuple of names): the choices a critical offers, passed to its
      ``attack_odds`` as ``critical_choice=`` (wounds' ``multiply`` / ``wounds``)
      [default: none];
    * ``odds_toggles`` (a tuple of ``(situation key, label)``): the situation keys of its
      ``attack_odds`` an odds panel offers as checkboxes [default: none];
    * ``fumble_rule`` (a citation) and ``fumble_suggestions`` (a tuple of words): what a
      ``fumble`` event of a record's attack or Heroic Action cites and suggests to the GM
      [default: the ruleset's text; no suggestions].
    """

    def missing_fields(self, creature: "Creature") -> dict[str, str]:
        """The creature-file fields this ruleset's attack rolls need that ``creature``
        lacks, each with what it is for (``{}``: none; lfg's attack uses the shared sheet).
        An :class:`~lfgcombat.Encounter` asks it of every combatant when it is built, so a
        party written for another ruleset is refused with every missing field at once,
        not at its first attack."""
        return {}

    def killer_critical_minimum(self, multiplier: int, max_hp: int) -> int:
        """The least damage a Critical Hit deals under Killer Criticals.

        000_8d1d7816ee944f3b.txt, "Killer Criticals (Optional Rule)": "x2 ... at least 20%
        Maximum HP ... x3 ... 30% ... x4 deals 40%, x5 deals 50%"; "find 10% of your foe's
        max health, then double or triple that number as needed for your multiplier. (Ex:
        62HP maximum = 6HP for 10%, 12 HP for 20%, 18HP for 30%)". So 10% is rounded down
        first, then multiplied: ``floor(max_hp / 10) x multiplier`` (52 HP, x2 -> 10; 74 HP,
        x3 -> 21, the text's two examples).

        Args:
            multiplier: The weapon's Critical Multiplier.
            max_hp: The target's maximum HP.

        Returns:
            The least weapon damage of the critical.
        """
        return (max_hp // 10) * multiplier

    def encounter_attack(self, roller: "Roller", attacker: Any, target: Any, weapon: Any, *,
                         attacker_record: Any, target_record: Any, **situation: Any
                         ) -> "EncounterAttack":
        """Roll one attack between two combatants a ruleset keeps records of (lfg's attacks
        are :func:`lfgcombat.rules.attacks.attack`, played by the encounter itself).

        Raises:
            LfgError: the attack is refused (a missing field, a bad situation); nothing is
                rolled then.
        """
        raise _no_record(self, "encounter_attack")

    def encounter_attack_odds(self, attacker: Any, target: Any, weapon: Any, *,
                              attacker_record: Any, target_record: Any, **situation: Any
                              ) -> Any:
        """The exact odds of the attack :meth:`encounter_attack` would roll with the same
        arguments (no roller): what :meth:`lfgcombat.engine.Encounter.attack_odds` gives
        for a combatant with a record. Its result carries ``bonus``, ``ac`` (what the roll
        is against), ``p_hit``, ``p_crit`` and ``expected_damage``.

        Raises:
            LfgError: this policy keeps no records or gives no exact odds of its
                encounter's attacks, or the attack is refused (nothing is computed then).
        """
        if not self.rolls_own_attacks:
            raise _no_record(self, "encounter_attack_odds")
        raise LfgError(f"{type(self).__name__}.encounter_attack_odds: this ruleset rolls "
                       "its attacks without exact odds of them in the encounter; write "
                       "encounter_attack_odds beside encounter_attack")

    @property
    def rolls_own_attacks(self) -> bool:
        """Whether this policy rolls attacks by rules of its own (it overrides
        :meth:`encounter_attack`): then lfg's exact odds are not its odds."""
        return type(self).encounter_attack is not AttackResolution.encounter_attack


@dataclass(frozen=True)
class RecordVitals:
    """A record-keeping ruleset's health as its :meth:`HealthModel.report` gives it (the
    vitals of a ruleset that writes no vitals class of its own).

    Attributes:
        hp, max_hp: Its hit points.
        status: Its status in the ruleset's words.
        dead: Whether it is dead.
        fields: The ruleset's own health fields (the report's ``vitals``).
    """

    hp: int
    max_hp: int
    status: str
    dead: bool
    fields: Mapping[str, Any]

    @classmethod
    def of(cls, report: Mapping[str, Any]) -> "RecordVitals":
        """From a :meth:`HealthModel.report`."""
        return cls(int(report["hp"]), int(report["max_hp"]), str(report["status"]),
                   bool(report["dead"]), MappingProxyType(dict(report.get("vitals") or {})))

    def __str__(self) -> str:
        extra = ", ".join(f"{k} {v}" for k, v in self.fields.items())
        return f"HP {self.hp}/{self.max_hp}, {self.status}" + (f" ({extra})" if extra else "")


@dataclass(frozen=True)
class HealthModel:
    """Hit points, Injured, dying and death (:class:`lfgcombat.rules.health.vitals.Vitals`).

    Optional members (probed with ``getattr``; leave them out for the default):

    * ``rule`` (a class attribute): the citation of its health rules, which a record's
      ``vitals`` events and Stabilize refusals name [default: the ruleset's text];
    * ``death_rule`` (a class attribute): what a refusal to act for or on a dead record
      cites (classic's "Death") [default: lfg's "Death"];
    * ``switches`` (a tuple of names): the ruleset's own optional rules a
      :class:`~lfgcombat.rulesets.Ruleset` may turn on (classic's
      ``hp_loss_per_round``) [default: none; turning one on is refused];
    * ``stabilize_takes_healer_record`` (a class attribute, ``True``): :meth:`stabilize`
      is called with ``healer_record=`` (the healer's record, for a check that reads it)
      [default False: called without it];
    * ``read_report(record)``: :meth:`report` to compare and log, never changed nor handed
      out, so it may be the one kept on the record, uncopied [default: :meth:`report`].
    """

    def vitals(self, creature: "Creature") -> Vitals:
        """The creature's hit-point state, every HP rule's starting point.

        Args:
            creature: The creature as it stands.

        A model that keeps a record of each combatant (:meth:`combatant`) and does not
        override this gives the record's own health (:class:`RecordVitals`, from
        :meth:`report`), so a ruleset's health is written once and never read as lfg's.

        Returns:
            Its :class:`~lfgcombat.rules.health.vitals.Vitals` (000_8d1d7816ee944f3b.txt, "Hit
            Points (HP)
            - Taking Damage, Injury, Death:"), or a record-keeping model's
            :class:`RecordVitals`.
        """
        if self.keeps_records:
            return RecordVitals.of(self.report(self.combatant(creature, None)))  # type: ignore[return-value]
        return Vitals.from_creature(creature)

    @property
    def keeps_records(self) -> bool:
        """Whether the encounter keeps a record of each combatant by this model's rules (it
        overrides :meth:`combatant`), rather than lfg's Vitals on the sheet."""
        return type(self).combatant is not HealthModel.combatant

    #: Whether a creature at 0 HP or less still fights (wounds: its damage goes on to its
    #: Wounds), so GM prep counts it dropped only when dead.
    fights_on_at_zero: ClassVar[bool] = False

    #: What GM prep's "HP lost", "damage dealt" and "dropped" count under this model, in
    #: one sentence (a run's note).
    dropped_words: ClassVar[str] = (
        "Dropped means at 0 HP or less, or dead (000_8d1d7816ee944f3b.txt, "
        "\"Unconscious & Dying\")")

    def take_out(self, creature: "Creature") -> int:
        """How much damage takes ``creature`` out of the fight, as it stands: its Hit Points
        ("If you are struck to 0 Hit Points or less, you fall unconscious",
        000_8d1d7816ee944f3b.txt, "Unconscious & Dying").

        Raises:
            LfgError: a model keeping records of its own that does not say (override it).
        """
        if self.keeps_records:
            raise LfgError(f"{type(self).__name__} keeps its own health record and does not "
                           "say how much damage takes a creature out of the fight: define "
                           "take_out(creature) on it")
        return max(0, int(creature.hp))

    def combatant(self, creature: "Creature", ruleset: Any) -> Any | None:
        """The record an encounter keeps of ``creature`` beside its sheet, or ``None``.

        ``lfg`` keeps none (``None``): its hit points, conditions and turn live on the
        sheet and in the encounter's own bookkeeping, played by the encounter's lfg rules.
        A ruleset whose combatants carry state of their own (``classic``'s disabled /
        stable / mobile hit points and its one-action round) returns a value here, and the
        encounter then plays that combatant through the record hooks: this model's
        :meth:`take_damage`, :meth:`heal`, :meth:`report`; the economy's
        :meth:`ActionEconomy.start_turn` ... :meth:`ActionEconomy.actions_left`; the
        attack policy's :meth:`AttackResolution.encounter_attack`; the catalogue's
        :meth:`ConditionCatalogue.add_to` and :meth:`ConditionCatalogue.remove_from`.

        Args:
            creature: The combatant's sheet at the start of the fight.
            ruleset: The :class:`~lfgcombat.rulesets.Ruleset` in play (its switches).
        """
        return None

    def take_damage(self, record: Any, amount: int, *, nonlethal: bool = False
                    ) -> tuple[Any, tuple[str, ...]]:
        """The record after ``amount`` damage, and what it did in words."""
        raise _no_record(self, "take_damage")

    def heal(self, record: Any, amount: int) -> tuple[Any, tuple[str, ...]]:
        """The record after ``amount`` healing, and what it did in words.

        Raises:
            IllegalActionError: it cannot be healed (the dead).
        """
        raise _no_record(self, "heal")

    def report(self, record: Any) -> dict[str, Any]:
        """The record's health for ``Encounter.state``: ``hp``, ``max_hp``, ``status``,
        ``dead``, ``conditions`` and the ruleset's own fields (``vitals``: a dict such as
        classic's ``nonlethal``, ``disabled``, ``stable``, ``mobile``)."""
        raise _no_record(self, "report")

    def stabilize(self, record: Any, roller: "Roller", healer: "Creature"
                  ) -> tuple[Any, tuple[str, ...]]:
        """The record after ``healer``'s Stabilize action on it (its check rolled with
        ``roller``).

        Raises:
            IllegalActionError: the record cannot be stabilized (not disabled, already
                stable); nothing is rolled then.
        """
        raise _no_record(self, "stabilize")

    def map_standing(self, record: Any) -> MapStanding:
        """What the record's health makes of it on the battle map (a
        :class:`MapStanding`): whether it threatens, how far, whether it can move, is
        helpless or dead. The encounter's view of the combatant reads it instead of lfg's
        Hit Points conditions, so the map, reach and threat follow the ruleset.

        The default reads :meth:`report`: ``dead`` is dead; the status ``unconscious`` is
        knocked out (helpless); any other status (``conscious``, wounds' ``wounded`` at
        0 HP, fighting on with its Wounds) stands as its sheet says. A ruleset whose
        states mean more on the map (classic's Disabled) overrides it.
        """
        r = self.report(record)
        return standing_of(str(r["status"]), bool(r["dead"]), getattr(self, "rule", "") or "")


@functools.lru_cache(maxsize=256)
def standing_of(status: str, dead: bool, rule: str) -> MapStanding:
    """:meth:`HealthModel.map_standing`'s default reading of a report's ``status`` and
    ``dead`` (``rule``: cited in ``why``), one frozen standing per reading (issue 24)."""
    why = f"{status} ({rule})" if rule else status
    if dead:
        return MapStanding(threatens=False, moves=False, helpless=True, dead=True,
                           why=why, lying=True)
    if status == "unconscious":
        return MapStanding(threatens=False, moves=False, helpless=True, why=why,
                           lying=True)
    return MapStanding(why=why)


@dataclass(frozen=True)
class DamageModel:
    """Damage types (:class:`lfgcombat.rules.damage.DamageType`)."""

    def damage_type(self, value: Any) -> DamageType:
        """The damage type named ``value``: its name or the text's abbreviation (``"fire"``,
        ``"s"``, ``"p"``, ``"elec"``, ``"PE"``...), read by the one parser,
        :meth:`DamageType.coerce <lfgcombat.rules.damage.DamageType.coerce>`
        (000_8d1d7816ee944f3b.txt, "Damage in Combat").

        Raises:
            DamageError: unknown type (a ``ValueError`` too), listing the types and their
                abbreviations.
        """
        return DamageType.coerce(value)

    def names(self) -> list[str]:
        """The damage types' names, in the table's order."""
        return [t.value for t in DamageType]

    def labels(self) -> list[str]:
        """The damage types with the text's abbreviations: ``piercing [p]``..."""
        return [f"{t.value} [{t.abbreviation}]" for t in DamageType]


#: The lfg catalogue's table (000_8d1d7816ee944f3b.txt, "Conditions – Full Details").
LFG_CONDITIONS = "conditions.csv"


@dataclass(frozen=True)
class _Catalogue:
    """A condition table read once: its rows and the names that find them."""

    specs: Mapping[str, ConditionSpec]
    names: Mapping[str, Condition]


@functools.lru_cache(maxsize=16)
def _read_catalogue(data_file: str | Path) -> _Catalogue:
    """The table ``data_file`` names, parsed (once per file)."""
    if data_file == LFG_CONDITIONS:  # the packaged table every creature reads: one copy
        rows = lfg_specs()
    elif Path(data_file).is_absolute():
        rows = build_specs(load_table("conditions", path=data_file), os.fspath(data_file),
                           complete=False)
    else:
        packaged = resources.files("lfgcombat.data").joinpath(os.fspath(data_file))
        with resources.as_file(packaged) as path:
            rows = build_specs(load_table("conditions", path=path), f"data/{data_file}",
                               complete=False)
    return _Catalogue(rows, MappingProxyType(name_index(rows)))


@dataclass(frozen=True)
class ConditionCatalogue:
    """The conditions a ruleset has ("Conditions – Full Details"), read from its own table.

    The table has the columns of ``data/conditions.csv``
    (:data:`lfgcombat.rules.conditions.conditions.CONDITIONS_SCHEMA`); a ruleset's table may list
    fewer
    conditions, or call them by other names (``aliases``). The encounter finds the
    conditions a user names through it (``Encounter.add_condition``, ``remove_condition``).
    What a condition does to a creature's statistics is read from the lfg table
    (:func:`lfgcombat.rules.conditions.conditions.spec`): a ruleset whose conditions act differently
    overrides
    this class.

    Optional members (probed with ``getattr``; leave them out for the default):

    * ``label(name)``: the name a record keeps the condition ``name`` by (wounds' "Flat
      Footed"), used when the encounter passes its own effects' conditions to a record's
      attack [default: the condition's value, ``"flat_footed"``];
    * ``rule`` (a class attribute): the citation a refused :meth:`add_to` /
      :meth:`remove_from` names [default: the ruleset's text].

    Attributes:
        data_file: The table: a file under ``data/`` (``conditions.csv`` for ``lfg``;
            ``wounds/conditions.csv``), or an absolute path (a test's or a plugin's own
            table).
    """

    data_file: str | Path = LFG_CONDITIONS

    def __post_init__(self) -> None:
        if not isinstance(self.data_file, (str, Path)) or not str(self.data_file).strip():
            raise ConditionError(f"data_file is the catalogue's table: a file under data/ "
                                 f"('conditions.csv') or a path, not {self.data_file!r}")

    @property
    def specs(self) -> Mapping[str, ConditionSpec]:
        """Every row of the table, by row key (``prone``, ``weakened_3``).

        Raises:
            RulesDataError: the table cannot be read or is invalid (file, line, column).
        """
        return _read_catalogue(self.data_file).specs

    def conditions(self) -> tuple[Condition, ...]:
        """The conditions the table lists, in the order of :class:`Condition`."""
        have = {s.condition for s in self.specs.values()}
        return tuple(c for c in Condition if c in have)

    def lookup(self, name: str) -> Condition:
        """The condition called ``name`` (aliases and Weakened stages included).

        Raises:
            ConditionError: a name the table does not know (with a "did you mean" and the
                conditions it has).
        """
        return find_condition(name, _read_catalogue(self.data_file).names)

    def parse(self, text: "str | Mapping[str, Any] | Affliction") -> Affliction:
        """A condition as written (``"prone"``, ``"bleed 2"``, ``"stunned for 2 rounds"``),
        its name found in this table
        (:meth:`lfgcombat.rules.conditions.conditions.Affliction.parse`).

        Raises:
            ConditionError: unknown name, bad value or duration, or a condition this
                ruleset does not have.
        """
        a = Affliction.parse(text, lookup=self.lookup)
        if a.condition not in self.conditions():
            raise ConditionError(f"{a.condition.value} is not a condition of this ruleset; "
                                 "its conditions: "
                                 + ", ".join(c.value for c in self.conditions()))
        return a

    def spec(self, condition: Condition | str, stage: int | None = None) -> ConditionSpec:
        """The row of one condition (of one Weakened stage) in this table.

        Raises:
            ConditionError: unknown condition, a stage missing or out of range, or a
                condition this table does not list.
        """
        cond = self.lookup(condition) if isinstance(condition, str) else condition
        if cond is Condition.WEAKENED:
            if stage is None or not 1 <= stage <= MAX_WEAKENED_STAGE:
                raise ConditionError(f"Weakened needs a stage from 1 to {MAX_WEAKENED_STAGE}, "
                                     f"not {stage!r}")
            key = f"weakened_{stage}"
        else:
            key = cond.value
        if key not in self.specs:
            raise ConditionError(f"{key} is not a condition of this ruleset")
        return self.specs[key]

    def add_to(self, record: Any, name: str) -> Any:
        """A combatant record (see :meth:`HealthModel.combatant`) with the condition
        ``name`` of this catalogue added.

        Raises:
            LfgError: an unknown condition (with the catalogue's names).
        """
        raise _no_record(self, "add_to")

    def remove_from(self, record: Any, name: str) -> Any:
        """A combatant record with the condition ``name`` removed.

        Raises:
            LfgError: it does not have that condition.
        """
        raise _no_record(self, "remove_from")
