"""Replaceable rule policies a ruleset is built from (besides initiative).

Each slot is a small frozen class whose ``lfg`` implementation delegates to the engine
module that already holds the rule, so a rule keeps one home:

* :class:`ActionEconomy` - "Taking Your Turn", "Attacks Per Turn" (how many attacks a turn
  allows and how they spread over Big Actions: :func:`lfgcombat.creature.attacks_per_turn`).
* :class:`AttackResolution` - "Attack Roll", "Critical Hits" and the optional critical rules
  (:mod:`lfgcombat.attacks`).
* :class:`HealthModel` - "Injury & Injured Threshold", "Unconscious & Dying", "Death"
  (:class:`lfgcombat.vitals.Vitals`).
* :class:`DamageModel` - "Damage Types" (:class:`lfgcombat.damage.DamageType`).
* :class:`ConditionCatalogue` - "Conditions – Full Details" (``data/conditions.csv``).

A ruleset that plays differently overrides one slot with a subclass (for example a
``wounds`` health model) and keeps the others.

The engine modules are imported inside the methods: :mod:`lfgcombat.attacks` imports the
rulesets, so importing it here at module level would be a cycle.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import ModuleType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..conditions import Condition
    from ..creature import Creature
    from ..damage import DamageType
    from ..vitals import Vitals

__all__ = ["ActionEconomy", "AttackResolution", "HealthModel", "DamageModel",
           "ConditionCatalogue"]


@dataclass(frozen=True)
class ActionEconomy:
    """The action economy of 000_8d1d7816ee944f3b.txt, "Taking Your Turn" ("2 Big Actions
    and 1 Little Action on your turn! (+1 Reaction)") and "Attacks Per Turn".

    Attributes:
        free_actions: Free Actions a turn before they count as Swift ("Free Action":
            "any Free Actions used beyond this number should be ... Swift").
    """

    free_actions: int = 2

    def attacks_per_turn(self, level: int, big_actions: int = 2) -> int:
        """Attacks in a turn with ``big_actions`` Big Actions (one home:
        :func:`lfgcombat.creature.attacks_per_turn`)."""
        from ..creature import attacks_per_turn
        return attacks_per_turn(level, big_actions)

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


@dataclass(frozen=True)
class AttackResolution:
    """Attack rolls, criticals and their optional rules (:mod:`lfgcombat.attacks`)."""

    def killer_critical_minimum(self, multiplier: int, max_hp: int) -> int:
        """The least damage a Critical Hit deals under Killer Criticals.

        000_8d1d7816ee944f3b.txt, "Killer Criticals (Optional Rule)": "x2 ... at least 20%
        Maximum HP ... x3 ... 30% ... x4 deals 40%, x5 deals 50%"; "find 10% of your foe's
        max health, then double or triple that number as needed for your multiplier. (Ex:
        62HP maximum = 6HP for 10%, 12 HP for 20%, 18HP for 30%)". So 10% is rounded down
        first, then multiplied: ``floor(max_hp / 10) x multiplier`` (52 HP, x2 -> 10; 74 HP,
        x3 -> 21, the text's two examples).
        """
        return (max_hp // 10) * multiplier

    def module(self) -> ModuleType | None:
        """The module that resolves attacks (``None`` if it cannot be imported)."""
        try:
            from .. import attacks
        except ImportError:  # pragma: no cover - a partial install
            return None
        return attacks if hasattr(attacks, "attack") else None


@dataclass(frozen=True)
class HealthModel:
    """Hit points, Injured, dying and death (:class:`lfgcombat.vitals.Vitals`)."""

    def vitals(self, creature: "Creature") -> "Vitals":
        """The creature's hit-point state."""
        from ..vitals import Vitals
        return Vitals.from_creature(creature)


@dataclass(frozen=True)
class DamageModel:
    """Damage types (:class:`lfgcombat.damage.DamageType`)."""

    def damage_type(self, value: Any) -> "DamageType":
        """The damage type named ``value``: its name or the text's abbreviation (``"fire"``,
        ``"s"``, ``"p"``, ``"elec"``, ``"PE"``...), read by the one parser,
        :meth:`DamageType.coerce <lfgcombat.damage.DamageType.coerce>`
        (000_8d1d7816ee944f3b.txt, "Damage in Combat").

        Raises:
            DamageError: unknown type (a ``ValueError`` too), listing the types and their
                abbreviations.
        """
        from ..damage import DamageType
        return DamageType.coerce(value)

    def names(self) -> list[str]:
        """The damage types' names, in the table's order."""
        from ..damage import DamageType
        return [t.value for t in DamageType]

    def labels(self) -> list[str]:
        """The damage types with the text's abbreviations: ``piercing [p]``..."""
        from ..damage import DamageType
        return [f"{t.value} [{t.abbreviation}]" for t in DamageType]


@dataclass(frozen=True)
class ConditionCatalogue:
    """The conditions of "Conditions – Full Details", one data file per ruleset.

    Attributes:
        data_file: The table under ``data/`` (``conditions.csv`` for ``lfg``).
    """

    data_file: str = "conditions.csv"

    def lookup(self, name: str) -> "Condition":
        """The condition called ``name`` (aliases and Weakened stages included).

        Raises:
            ConditionError: unknown name (from :func:`lfgcombat.conditions.lookup`).
        """
        from ..conditions import lookup
        return lookup(name)
