"""The ``classic`` ruleset: 002_2a3a79475ca2a541.txt, built from lfg by overriding policies.

Each policy overrides only the hooks whose rules differ from ``lfg`` and delegates to the
pure rules in :mod:`lfgcombat.classic` (one module per heading of the text):

* :class:`ClassicInitiative` - the text has no initiative section; its "Conditions" speak
  of "initiative checks" (Deafened) and of the Flat-footed "character who has not yet acted
  during a combat": a d20 roll once, highest to lowest (inferred: the d20 family's order),
  Top-Down's fixed order with its flat-footed start.
* :class:`ClassicEconomy` - "Character Round:", "Single Actions:": one single action and a
  Move Action split around it; "characters can only attack once per round"
  (:mod:`lfgcombat.classic.actions`).
* :class:`ClassicAttacks` - "How to attack another creature", "Criticals and fumbles",
  "Critical Hit", "Fumble", "Concealment" (:mod:`lfgcombat.classic.attacks`,
  :mod:`lfgcombat.classic.combatant`).
* :class:`ClassicHealth` - "Death", "Nonlethal Damage", "Stabilizing a Disabled Character"
  (:class:`lfgcombat.classic.health.ClassicVitals`).
* :class:`ClassicConditions` - "Conditions" (``data/classic/conditions.csv``,
  :mod:`lfgcombat.classic.conditions`).

The damage model is lfg's: the classic text names no damage types of its own (its
nonlethal damage is a health rule, :class:`ClassicHealth`).

The ruleset stays registered as not implemented (``Ruleset("classic")`` is refused, the
error says what is missing: :data:`MISSING`) until the Encounter plays its round, its attacks
and its health; the policies work already, through :data:`CLASSIC`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar

from ..citations import cite
from .base import RulesetDefinition, RulesetError, register
from .fields import check_written_for
from .initiative import INITIATIVE_POLICIES, TopDownInitiative
from .lfg import CLASSIC_DEFINITION
from .policies import ActionEconomy, AttackResolution, ConditionCatalogue, HealthModel

if TYPE_CHECKING:
    from ..classic.actions import RoundBudget
    from ..classic.combatant import ClassicCreatureOdds
    from ..classic.conditions import ConditionEffect
    from ..classic.health import ClassicVitals
    from ..dice import Roller

__all__ = ["ClassicInitiative", "ClassicEconomy", "ClassicAttacks", "ClassicHealth",
           "ClassicConditions", "CLASSIC", "MISSING"]

TEXT = "002_2a3a79475ca2a541.txt"
_CONDITIONS = cite("Conditions", file=TEXT)


@dataclass(frozen=True)
class ClassicInitiative(TopDownInitiative):
    """Initiative under ``classic`` (inferred: the text has no initiative section): one
    initiative check, highest to lowest, as Top-Down; a creature that has not acted yet is
    Flat-footed (002_2a3a79475ca2a541.txt, "Conditions", Flat-footed: "A character who has
    not yet acted during a combat is Flat-footed")."""

    rule: ClassVar[str] = _CONDITIONS


@dataclass(frozen=True)
class ClassicEconomy(ActionEconomy):
    """The classic round (002_2a3a79475ca2a541.txt, "Character Round:", "Single Actions:",
    "Action definitions"): one single action and a Move Action that can be split around it.
    """

    def attacks_per_turn(self, level: int, big_actions: int = 2) -> int:
        """"Attack (characters can only attack once per round)": 1 whatever the level (0
        with no action left)."""
        return 1 if big_actions > 0 else 0

    def round_budget(self, speed_ft: int, mode: str = "normal") -> "RoundBudget":
        """A fresh round: ``speed_ft`` of movement and one single action
        (:class:`~lfgcombat.classic.actions.RoundBudget`); ``mode`` ``"limited"`` for a
        mobile disabled hero, ``"none"`` for no move and no action.

        Raises:
            ClassicError: ``speed_ft`` is not a whole number >= 0, or ``mode`` unknown.
        """
        from ..classic.actions import RoundBudget
        if mode == "limited":
            return RoundBudget.limited(speed_ft)
        return RoundBudget(speed_ft, mode=mode)


def _written_for(name: str, *creatures: Any) -> None:
    """Refuse a creature whose ``ruleset`` key leaves ``name`` out (the field named)."""
    for creature in creatures:
        check_written_for(creature, name)


def _no_killer_criticals(name: str) -> RulesetError:
    return RulesetError(f"killer_criticals is an optional rule of 000_8d1d7816ee944f3b.txt "
                        f"(lfg); the {name} ruleset has no such rule: leave it off")


@dataclass(frozen=True)
class ClassicAttacks(AttackResolution):
    """Attacks under ``classic`` (002_2a3a79475ca2a541.txt, "How to attack another
    creature", "Criticals and fumbles"): d20 + BAB + STR/DEX >= AC; a natural 20 always a
    critical (damage rolled twice with all bonuses), a natural 1 a fumble."""

    critical_choices: ClassVar[tuple[str, ...]] = ()

    def killer_critical_minimum(self, multiplier: int, max_hp: int) -> int:
        """Refused: Killer Criticals are lfg's optional rule.

        Raises:
            RulesetError: always.
        """
        raise _no_killer_criticals("classic")


    def attack_odds(self, attacker: Any, target: Any, weapon: Any, *, exact: bool = True,
                    **situation: Any) -> "ClassicCreatureOdds":
        """The exact odds (Fractions: ``exact`` is accepted for the lfg signature) of a
        creature's attack (:func:`lfgcombat.classic.combatant.creature_attack_odds`).

        Raises:
            ClassicError: naming a missing or bad field (``bab``...).
        """
        from ..classic.combatant import creature_attack_odds
        _written_for("classic", attacker, target)
        return creature_attack_odds(attacker, target, weapon, **situation)

    def attack(self, roller: "Roller", attacker: Any, target: Any, weapon: Any,
               **situation: Any) -> Any:
        """Roll a creature's attack (:func:`lfgcombat.classic.combatant.creature_attack`).

        Raises:
            ClassicError: naming a missing or bad field; nothing is rolled then.
        """
        from ..classic.combatant import creature_attack
        _written_for("classic", attacker, target)
        return creature_attack(roller, attacker, target, weapon, **situation)


@dataclass(frozen=True)
class ClassicHealth(HealthModel):
    """Hit points under ``classic`` (002_2a3a79475ca2a541.txt, "Death", "Nonlethal Damage",
    "Stabilizing a Disabled Character"): disabled at 0 or below, dead at -10, nonlethal
    damage beside the HP, DC12 FORT to stabilize, DC14 CON to become mobile."""

    def vitals(self, creature: Any) -> "ClassicVitals":  # type: ignore[override]
        """The creature's :class:`~lfgcombat.classic.health.ClassicVitals`: ``hp``,
        ``nonlethal``, ``disabled``, ``unconscious``, ``stable``, ``mobile``, ``dead``."""
        from ..classic.combatant import ClassicCombatant
        check_written_for(creature, "classic")
        return ClassicCombatant.of(creature).vitals()


@dataclass(frozen=True)
class ClassicConditions(ConditionCatalogue):
    """The classic conditions (002_2a3a79475ca2a541.txt, "Conditions"), one row each in
    ``data/classic/conditions.csv`` (:mod:`lfgcombat.classic.conditions`)."""

    data_file: str = "classic/conditions.csv"

    def names(self) -> list[str]:
        """The conditions, in the text's order."""
        from ..classic.conditions import condition_names
        return condition_names()

    def lookup(self, name: str) -> str:  # type: ignore[override]
        """The classic condition called ``name`` (case-insensitive), by its table name.

        Raises:
            ClassicError: naming ``condition`` when it is not a classic condition.
        """
        from ..classic._base import ClassicError
        found = {n.lower(): n for n in self.names()}.get(str(name).strip().lower())
        if found is None:
            raise ClassicError("condition", f"{name!r:.40} is not a classic condition; one "
                               f"of {', '.join(self.names())} ({_CONDITIONS})")
        return found

    def conditions(self) -> tuple[str, ...]:  # type: ignore[override]
        """The classic conditions' names (they are not lfg's :class:`Condition` members)."""
        return tuple(self.names())

    def parse(self, text: Any) -> str:  # type: ignore[override]
        """A classic condition as written (its name, any case).

        Raises:
            ClassicError: naming ``condition`` when it is not a classic condition.
        """
        return self.lookup(str(text))

    @property
    def specs(self) -> Any:
        """Refused: the classic table has its own columns (:meth:`effect` reads them).

        Raises:
            ClassicError: always, naming ``conditions``.
        """
        raise self._own_shape()

    def spec(self, condition: Any, stage: int | None = None) -> Any:
        """Refused: see :attr:`specs`.

        Raises:
            ClassicError: always, naming ``conditions``.
        """
        raise self._own_shape()

    def _own_shape(self) -> Exception:
        from ..classic._base import ClassicError
        return ClassicError("conditions", "the classic conditions are not lfg condition rows "
                            f"({_CONDITIONS}); read them with effect(names) and names()")

    def effect(self, names: "str | Iterable[str]") -> "ConditionEffect":
        """The numbers of one condition or several added up, implied ones included.

        Raises:
            ClassicError: a name is not a classic condition.
        """
        from ..classic.conditions import combined_effect
        chosen = [names] if isinstance(names, str) else list(names)
        return combined_effect(self.lookup(n) for n in chosen)


#: What the Encounter lacks before ``classic`` is playable (the refusal says it).
MISSING = ("the Encounter does not play the classic round (one single action and a split "
           "Move Action), its attacks (BAB, natural-20 double damage, fumbles) or its "
           "health (disabled, stabilize, mobile, nonlethal, death at -10) yet; its rules "
           "work on their own: lfgcombat.rulesets.classic.CLASSIC's policies, "
           "lfgcombat.classic.combatant (attack odds) and lfgcombat.classic.heroic")

CLASSIC: RulesetDefinition = register(dataclasses.replace(
    CLASSIC_DEFINITION,
    initiative=MappingProxyType({**INITIATIVE_POLICIES, "top_down": ClassicInitiative}),
    economy=ClassicEconomy(), attacks=ClassicAttacks(), health=ClassicHealth(),
    conditions=ClassicConditions(), implemented=False, refusal="; " + MISSING))
