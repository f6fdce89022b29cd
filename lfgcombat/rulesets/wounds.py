"""The ``wounds`` ruleset: 003_de0e94afd49609a7.txt, built from lfg by overriding policies.

Each policy overrides only the hooks whose rules differ from ``lfg`` and delegates to the
pure rules in :mod:`lfgcombat.wounds`:

* :class:`WoundsEconomy` - "Attacking an enemy usually involves spending your Half Action",
  "Total Defense is an action you can take in combat", "As mentioned in the previous Tip"
  (AOO per round): a turn of Half Actions (two, inferred), each one attack
  (:mod:`lfgcombat.wounds.defense`, :mod:`lfgcombat.wounds.aoo`).
* :class:`WoundsAttacks` - "Combat Statistics" and its critical rules ("x3 Multiplier",
  "x4 Multiplier", the Instant Kill), with the critical choice ``multiply`` / ``wounds``
  (:mod:`lfgcombat.wounds.attacks`, :mod:`lfgcombat.wounds.combatant`).
* :class:`WoundsHealth` - "When a character is subject to a damage-dealing effect" (Hit
  Points, then Wounds), "Barrier represents", "Shell operates similarly"
  (:class:`lfgcombat.wounds.health.WoundsVitals`).
* :class:`WoundsDamage` - "Most damage falls into one of two broad damage types" and the
  riders "Acid", "Electricity", "Fire", "Cold", "Sonic", "Holy", "Primal", "Unholy"
  (:mod:`lfgcombat.wounds.damage`).

Initiative: the wounds text has no initiative section, but its "Electricity" rider gives
"-1 on initiative for one round per 5 points of damage taken", a penalty that "refreshes
and is cumulative": a penalty lasting rounds only matters when initiative is rolled again
every round, so the ruleset's default initiative is lfg's ``round_by_round`` ("Alternative
Initiative Option #1", :data:`DEFAULT_INITIATIVE`; inferred, shown in notebook 31); the
other lfg options stay available. The condition catalogue is lfg's: the text has no
condition list of its own (it names Hindered, Immobilized and Dead, which are lfg
conditions) - inferred.

A creature's wounds gear: its parrying shield is the ``shield`` key
(:mod:`lfgcombat.wounds.gear`); a weapon's energy dice are its entries' ``extra`` (acid,
cold, electricity, fire) and ``energy`` (any rider type) keys
(:mod:`lfgcombat.wounds.riders`).

The ruleset stays registered as not implemented (``Ruleset("wounds")`` is refused, the
error says what is missing: :data:`MISSING`) until the Encounter plays it.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from ..wounds import gear as _gear  # noqa: F401 - registers the creature file's shield key
from .base import RulesetDefinition, register
from .classic import _no_killer_criticals, _written_for
from .fields import check_written_for
from .lfg import WOUNDS_DEFINITION
from .policies import ActionEconomy, AttackResolution, DamageModel, HealthModel

if TYPE_CHECKING:
    from ..dice import Roller
    from ..wounds.combatant import WoundsCreatureOdds
    from ..wounds.damage import Rider, Target
    from ..wounds.defense import Turn
    from ..wounds.health import WoundsVitals

__all__ = ["WoundsEconomy", "WoundsAttacks", "WoundsHealth", "WoundsDamage", "WOUNDS",
           "MISSING", "DEFAULT_INITIATIVE"]

#: The initiative a wounds encounter plays by unless told otherwise (inferred from
#: 003_de0e94afd49609a7.txt, "Electricity": a one-round initiative penalty needs a roll each
#: round).
DEFAULT_INITIATIVE = "round_by_round"


@dataclass(frozen=True)
class WoundsEconomy(ActionEconomy):
    """A wounds turn: Half Actions (two, inferred), each of which may attack
    (003_de0e94afd49609a7.txt, "Attacking an enemy usually involves spending your Half
    Action"), or keep up Total Defense."""

    def attacks_per_turn(self, level: int, big_actions: int = 2) -> int:
        """One attack per Half Action left (``big_actions`` counts Half Actions here)."""
        return max(0, big_actions)

    def turn(self) -> "Turn":
        """A fresh turn (:class:`lfgcombat.wounds.defense.Turn`: two Half Actions)."""
        from ..wounds.defense import Turn
        return Turn()

    def aoo_per_round(self, dex_mod: int, combat_reflexes: int = 0,
                      in_total_defense: bool = False) -> int:
        """1 + DEX modifier (its part at least 0) + Combat Reflexes; none in Total Defense
        (:func:`lfgcombat.wounds.aoo.aoo_per_round`)."""
        from ..wounds.aoo import aoo_per_round
        return aoo_per_round(dex_mod, combat_reflexes, in_total_defense)


@dataclass(frozen=True)
class WoundsAttacks(AttackResolution):
    """Attacks under ``wounds`` (003_de0e94afd49609a7.txt, "Combat Statistics"): d20 +
    ability + Prowess + misc >= Defense, natural 1 -5, natural 20 +5; a critical confirmed
    by a second roll; on a confirmed critical the attacker chooses multiplied damage or
    Go to Wounds."""

    critical_choices: ClassVar[tuple[str, ...]] = ("multiply", "wounds")

    def killer_critical_minimum(self, multiplier: int, max_hp: int) -> int:
        """Refused: Killer Criticals are lfg's optional rule.

        Raises:
            RulesetError: always.
        """
        raise _no_killer_criticals("wounds")


    def attack_odds(self, attacker: Any, target: Any, weapon: Any, *, exact: bool = True,
                    **situation: Any) -> "WoundsCreatureOdds":
        """The exact odds of a creature's attack, ``critical_choice`` among the situation
        keys (:func:`lfgcombat.wounds.combatant.creature_attack_odds`; both choices in
        ``expected``).

        Raises:
            WoundsError: naming a missing or bad field (``prowess``, ``critical_choice``).
        """
        from ..wounds.combatant import creature_attack_odds
        _written_for("wounds", attacker, target)
        return creature_attack_odds(attacker, target, weapon, **situation)

    def attack(self, roller: "Roller", attacker: Any, target: Any, weapon: Any,
               **situation: Any) -> Any:
        """Roll a creature's attack (:func:`lfgcombat.wounds.combatant.creature_attack`).

        Raises:
            WoundsError: naming a missing or bad field; nothing is rolled then.
        """
        from ..wounds.combatant import creature_attack
        _written_for("wounds", attacker, target)
        return creature_attack(roller, attacker, target, weapon, **situation)


@dataclass(frozen=True)
class WoundsHealth(HealthModel):
    """Hit Points, then Wounds; Barrier and Shell (003_de0e94afd49609a7.txt, "When a
    character is subject to a damage-dealing effect", "Barrier represents", "Shell operates
    similarly")."""

    def vitals(self, creature: Any) -> "WoundsVitals":  # type: ignore[override]
        """The creature's :class:`~lfgcombat.wounds.health.WoundsVitals`: ``hp``,
        ``wounds``, ``barrier``, ``shell``, ``dead``."""
        from ..wounds.combatant import WoundsCombatant
        check_written_for(creature, "wounds")
        return WoundsCombatant.of(creature).vitals()


@dataclass(frozen=True)
class WoundsDamage(DamageModel):
    """The wounds damage types (003_de0e94afd49609a7.txt, "Most damage falls into one of two
    broad damage types"): physical (bludgeoning, piercing, slashing) and energy, elemental
    (acid, cold, electricity, fire, sonic) or aligned (holy, primal, unholy), each energy
    type with its rider."""

    def names(self) -> list[str]:
        """The wounds damage types: the three physical ones, then the eight energies."""
        from ..wounds.damage import CATEGORY
        return list(CATEGORY)

    def labels(self) -> list[str]:
        """Each type with its category: ``fire [energy, elemental]``..."""
        from ..wounds.damage import CATEGORY
        return [f"{t} [{c}{', ' + s if s else ''}]" for t, (c, s) in CATEGORY.items()]

    def damage_type(self, value: Any) -> str:  # type: ignore[override]
        """The wounds damage type called ``value`` (case-insensitive).

        Raises:
            WoundsError: naming ``damage_type`` when it is not a wounds type.
        """
        from ..wounds._base import check_choice
        return check_choice("damage_type", str(value).strip().lower(), tuple(self.names()))

    def rider(self, damage_type: str, target: "Target") -> "Rider":
        """What ``damage_type`` does to ``target`` (:func:`lfgcombat.wounds.damage.rider`).

        Raises:
            WoundsError: not one of the eight energy types.
        """
        from ..wounds.damage import rider
        return rider(damage_type, target)


#: What the Encounter lacks before ``wounds`` is playable (the refusal says it).
MISSING = ("the Encounter does not play the wounds turn (Half Actions, Total Defense, Shield "
           "Parry), its attacks (Nat 1 -5 / Nat 20 +5, confirmation, the critical choice) "
           "or its health (Hit Points then Wounds, Barrier, Shell) yet; its rules work on "
           "their own: lfgcombat.rulesets.wounds.WOUNDS's policies and "
           "lfgcombat.wounds.combatant (attack odds with both critical choices)")

WOUNDS: RulesetDefinition = register(dataclasses.replace(
    WOUNDS_DEFINITION, economy=WoundsEconomy(), attacks=WoundsAttacks(),
    health=WoundsHealth(), damage=WoundsDamage(), implemented=False,
    refusal="; " + MISSING))
