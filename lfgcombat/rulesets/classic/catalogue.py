"""The classic condition catalogue: the ``classic`` ruleset's ``conditions`` policy.

002_2a3a79475ca2a541.txt, "Conditions": the 28 conditions of the list, one row each in
``data/classic/conditions.csv`` (:mod:`lfgcombat.rulesets.classic.conditions` holds their numbers).
:class:`ClassicConditions` reads a condition as written (``"Shaken"``, ``"Bleed 2"``,
``"Energy-Drained 1"``) and gives it to or takes it from a combatant's record (a
:class:`~lfgcombat.rulesets.classic.turn.ClassicFighter`). It sits below the fighter, which reads
the conditions it is given by it (:meth:`~lfgcombat.rulesets.classic.turn.ClassicFighter.given`),
and below the ruleset (:mod:`lfgcombat.rulesets.classic.ruleset`), whose ``conditions`` slot it is.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from lfgcombat.rulesets.policies import ConditionCatalogue

from ._base import ClassicError, rule
from .conditions import combined_effect, condition_names

if TYPE_CHECKING:
    from .conditions import ConditionEffect
    from .turn import ClassicFighter

__all__ = ["ClassicConditions", "CATALOGUE"]

_CONDITIONS = rule("Conditions")


@dataclass(frozen=True)
class ClassicConditions(ConditionCatalogue):
    """The classic conditions (002_2a3a79475ca2a541.txt, "Conditions"), one row each in
    ``data/classic/conditions.csv`` (:mod:`lfgcombat.rulesets.classic.conditions`)."""

    data_file: str = "classic/conditions.csv"

    def names(self) -> list[str]:
        """The conditions, in the text's order."""
        return condition_names()

    def lookup(self, name: str) -> str:  # type: ignore[override]
        """The classic condition called ``name`` (case-insensitive), by its table name.

        Raises:
            ClassicError: naming ``condition`` when it is not a classic condition.
        """
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
        return ClassicError("conditions", "the classic conditions are not lfg condition rows "
                            f"({_CONDITIONS}); read them with effect(names) and names()")

    rule: ClassVar[str] = _CONDITIONS
    #: Conditions the hit points give (:attr:`ClassicFighter.all_conditions`): not given
    #: or removed on their own.
    from_hit_points: ClassVar[tuple[str, ...]] = ("Dead", "Disabled", "Unconscious",
                                                  "Helpless")

    def add_to(self, record: "ClassicFighter", name: str) -> "ClassicFighter":
        """``record`` with a condition: ``"Shaken"``; ``"Bleed 2"`` (damage a turn);
        ``"Energy-Drained 1"`` (negative levels, -5 HP each).

        Raises:
            ClassicError: an unknown condition, a Bleed or Energy-Drained without its
                amount, or one the hit points give (Dead, Disabled, Unconscious, Helpless:
                deal damage instead).
        """
        cond, amount = self._split(name)
        if cond in self.from_hit_points:
            raise ClassicError("condition", f"{cond} comes from the hit points ({_CONDITIONS}"
                               "): deal damage instead of giving it")
        if cond in ("Bleed", "Energy-Drained"):
            if amount is None:
                raise ClassicError("condition", f"{cond} needs its amount, e.g. "
                                   f"'{cond} 2' ({_CONDITIONS})")
            if cond == "Bleed":
                return dataclasses.replace(record, bleed=record.bleed + amount)
            return record.drain(amount)
        if amount is not None:
            raise ClassicError("condition", f"{cond} takes no amount ({_CONDITIONS})")
        return dataclasses.replace(record, conditions=record.conditions | {cond})

    def remove_from(self, record: "ClassicFighter", name: str) -> "ClassicFighter":
        """``record`` without a condition (Bleed stopped, negative levels restored).

        Raises:
            ClassicError: it does not have that condition, or the hit points give it.
        """
        cond, _ = self._split(name)
        if cond == "Bleed" and record.bleed:
            return dataclasses.replace(record, bleed=0)
        if cond == "Energy-Drained" and record.negative_levels:
            return dataclasses.replace(record, negative_levels=0)
        if cond not in record.conditions:
            raise ClassicError("condition", f"{record.name} does not have {cond} (those "
                               "its hit points give go with healing)")
        return dataclasses.replace(record, conditions=record.conditions - {cond})

    def read(self, text: str) -> tuple[str, int | None]:
        """A condition as written and its amount: ``"bleed 2"`` -> ``("Bleed", 2)``,
        ``"shaken"`` -> ``("Shaken", None)``.

        Raises:
            ClassicError: an unknown condition or an amount below 1.
        """
        return self._split(text)

    def amount_of(self, text: str) -> int:
        """The amount a Bleed or Energy-Drained is written with (``"Bleed 2"`` -> 2).

        Raises:
            ClassicError: none given (named with an example).
        """
        cond, amount = self._split(text)
        if amount is None:
            raise ClassicError("condition", f"{cond} needs its amount, e.g. '{cond} 2' "
                               f"({_CONDITIONS})")
        return amount

    def _split(self, text: str) -> tuple[str, int | None]:
        """A condition as written and its amount: ``"Bleed 2"`` -> ``("Bleed", 2)``."""
        head, _, tail = str(text).strip().rpartition(" ")
        if head and tail.isdigit():
            if int(tail) < 1:
                raise ClassicError("condition", f"an amount is 1 or more, not {tail}")
            return self.lookup(head), int(tail)
        return self.lookup(str(text)), None

    def effect(self, names: "str | Iterable[str]") -> "ConditionEffect":
        """The numbers of one condition or several added up, implied ones included.

        Raises:
            ClassicError: a name is not a classic condition.
        """
        chosen = [names] if isinstance(names, str) else list(names)
        return combined_effect(self.lookup(n) for n in chosen)


#: The classic catalogue (a frozen value without state): the ruleset's ``conditions`` slot
#: and what a :class:`~lfgcombat.rulesets.classic.turn.ClassicFighter` reads its conditions by.
CATALOGUE = ClassicConditions()
