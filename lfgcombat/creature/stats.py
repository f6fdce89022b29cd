"""Derived statistics as numbers that explain themselves: :class:`Stat`, :class:`Term`,
:class:`StatBonus`.

A creature's HR, AC family, HP, saves and the rest (000_8d1d7816ee944f3b.txt, "Combat
Statistics") are each a :class:`Stat`: its value, the untyped terms and typed bonuses that
made it (stacked by :func:`lfgcombat.rules.bonuses.stack`, "Bonuses & Penalties"), notes and the
rule it comes from. A Stat behaves as its value in arithmetic, comparisons, hashing and
formatting, so ``creature.ac == 18``, ``creature.max_hp + 2``, ``f"{creature.hr}"`` and
``sorted(stats)`` work, while ``stat.explain()`` (and ``print(stat)``) still shows how the
value is made.

This module imports neither creatures nor attacks, so both can build on it
(``lfgcombat.creature`` re-exports these names).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import pandas as pd

from ..rules.bonuses import Bonus, Stacked
from ..errors import LfgError
from ..dice.notation import Fortune

__all__ = ["Stat", "StatError", "Term", "StatBonus", "TITLES"]

#: Display titles of the statistics (``ff_ac`` -> ``FFAC``).
TITLES: dict[str, str] = {
    "hr": "HR", "ac": "AC", "ff_ac": "FFAC", "touch_ac": "TouchAC", "ac_vs_crit": "ACvsCrit",
    "max_hp": "Max HP", "injured_threshold": "Injured Threshold",
    "temp_hp_cap": "Temporary HP cap", "fort": "FORT Save", "ref": "REF Save",
    "will": "WILL Save", "initiative_bonus": "Initiative bonus",
    "attacks_per_turn": "Attacks per turn", "space": "Space", "reach": "Reach",
    "melee_attack": "Melee attack bonus", "ranged_attack": "Ranged attack bonus",
    "physical_damage_pct": "Physical damage", "death_threshold": "Dies at HP",
    "skill": "Skill checks", "physical_skill": "Physical skill checks",
    "mobility_skill": "Mobility skill checks"}


@dataclass(frozen=True)
class Term:
    """One named, untyped part of a statistic (``DEX mod +2``)."""

    label: str
    value: int


@dataclass(frozen=True)
class StatBonus:
    """A typed bonus (or penalty) to one statistic (a creature's ``bonuses:`` entries).

    Attributes:
        target: The statistic (``ac``, ``fort``, ``speed``, ...; the creature module's
            ``BONUS_TARGETS``).
        bonus: The :class:`~lfgcombat.rules.bonuses.Bonus`.
    """

    target: str
    bonus: Bonus

    def to_dict(self) -> dict[str, Any]:
        """The entry as written in a creature file (``to``, ``value``, ``type``, ``source``)."""
        out: dict[str, Any] = {"to": self.target, "value": self.bonus.value}
        if self.bonus.type is not None:
            out["type"] = self.bonus.type.value
        if self.bonus.source is not None:
            out["source"] = self.bonus.source
        return out


def bonus_label(b: Bonus) -> str:
    """``ring: +1 power bonus`` / ``flanked: -2 penalty``: one bonus as a Stat shows it."""
    kind = f"{b.type.value} " if b.type is not None and not b.is_penalty else ""
    word = "penalty" if b.is_penalty else "bonus"
    return f"{b.source or 'untyped'}: {b.value:+d} {kind}{word}"


def _num(x: Any) -> Any:
    """The number behind ``x`` (a Stat's value), or ``x`` itself."""
    return x.value if isinstance(x, Stat) else x


class StatError(LfgError, TypeError):
    """A statistic asked for a whole number it does not have (no value, or a fraction)."""


@dataclass(frozen=True, eq=False)
class Stat:
    """A derived statistic: a number that can explain itself.

    It acts as its :attr:`value`: ``==``, ``<``, ``hash``, ``+ - * / // % **``, unary
    ``- + abs``, ``int()``, ``float()``, ``round()``, ``operator.index`` (whole values) and
    ``format`` (``f"{stat}"``, ``f"{stat:>3}"``, ``f"{stat:+d}"``) all use the value, and
    arithmetic gives plain numbers. ``str(stat)``/``print(stat)`` and :meth:`explain`
    give the explanation; ``repr`` is ``<ac 18>``. A Stat without a value (``None``: no
    Injured Threshold at 3 HP) equals only ``None`` and raises ``TypeError`` in
    arithmetic and ordering.

    Attributes:
        name: The statistic (``ac``, ``fort``, ...).
        value: Its value (``None`` when the rules give none: no Injured Threshold at 3 HP).
        terms: The untyped parts (base 10, DEX mod, Armor Rating, ...).
        bonuses: Typed bonuses and the conditions' penalties, as stacked.
        notes: What else applies (situational modifiers, automatic failure, ...).
        rule: The citation, with the formula.
        fortune: Fortunate/Unfortunate on the roll, after cancelling.
        auto_fail: The roll fails automatically (a Helpless creature's REF Save).
    """

    name: str
    value: int | float | None
    terms: tuple[Term, ...] = ()
    bonuses: Stacked | None = None
    notes: tuple[str, ...] = ()
    rule: str = ""
    fortune: Fortune | None = None
    auto_fail: bool = False

    @property
    def title(self) -> str:
        """The statistic's display name (``FFAC``, ``Max HP``)."""
        return TITLES.get(self.name, self.name)

    # ------------------------------------------------------------ as a number

    def whole(self) -> int:
        """The value as an ``int``, for code that needs a whole number (HP, thresholds).

        Returns:
            The value (a whole float such as ``12.0`` gives ``12``).

        Raises:
            StatError: the statistic has no value (``None``: no Injured Threshold at 3 HP)
                or a fractional one; use :meth:`whole_or_none` where none is allowed.
        """
        if self.value is None:
            raise StatError(f"{self.title} has no value (see its explain()); a whole "
                            "number was needed: use whole_or_none() where none is allowed")
        return self._whole(self.value)

    def whole_or_none(self) -> int | None:
        """The value as an ``int``, or ``None`` when the rules give none.

        Raises:
            StatError: the value is a fraction.
        """
        return None if self.value is None else self._whole(self.value)

    def _whole(self, value: int | float) -> int:
        if isinstance(value, float):
            if not value.is_integer():
                raise StatError(f"{self.title} {value:g} is not a whole number; read .value "
                                "for the exact number")
            return int(value)
        return value

    def _number(self) -> int | float:
        if self.value is None:
            raise TypeError(f"{self.title} has no value (see its explain())")
        return self.value

    def __int__(self) -> int:
        return int(self._number())

    def __float__(self) -> float:
        return float(self._number())

    def __index__(self) -> int:
        value = self._number()
        if isinstance(value, float):
            if not value.is_integer():
                raise TypeError(f"{self.title} {value:g} is not a whole number")
            return int(value)
        return value

    def __round__(self, ndigits: int | None = None) -> int | float:
        return round(self._number(), ndigits)

    def __trunc__(self) -> int:
        return math.trunc(self._number())

    def __floor__(self) -> int:
        return math.floor(self._number())

    def __ceil__(self) -> int:
        return math.ceil(self._number())

    def __bool__(self) -> bool:
        return bool(self.value)

    def __hash__(self) -> int:
        return hash(self.value)

    def __eq__(self, other: object) -> bool:
        return self.value == _num(other)

    def __ne__(self, other: object) -> bool:
        return self.value != _num(other)

    def __lt__(self, other: Any) -> bool:
        return self._number() < _num(other)

    def __le__(self, other: Any) -> bool:
        return self._number() <= _num(other)

    def __gt__(self, other: Any) -> bool:
        return self._number() > _num(other)

    def __ge__(self, other: Any) -> bool:
        return self._number() >= _num(other)

    def __add__(self, other: Any) -> Any:
        return self._number() + _num(other)

    def __radd__(self, other: Any) -> Any:
        return _num(other) + self._number()

    def __sub__(self, other: Any) -> Any:
        return self._number() - _num(other)

    def __rsub__(self, other: Any) -> Any:
        return _num(other) - self._number()

    def __mul__(self, other: Any) -> Any:
        return self._number() * _num(other)

    def __rmul__(self, other: Any) -> Any:
        return _num(other) * self._number()

    def __truediv__(self, other: Any) -> Any:
        return self._number() / _num(other)

    def __rtruediv__(self, other: Any) -> Any:
        return _num(other) / self._number()

    def __floordiv__(self, other: Any) -> Any:
        return self._number() // _num(other)

    def __rfloordiv__(self, other: Any) -> Any:
        return _num(other) // self._number()

    def __mod__(self, other: Any) -> Any:
        return self._number() % _num(other)

    def __rmod__(self, other: Any) -> Any:
        return _num(other) % self._number()

    def __pow__(self, other: Any) -> Any:
        return self._number() ** _num(other)

    def __neg__(self) -> int | float:
        return -self._number()

    def __pos__(self) -> int | float:
        return +self._number()

    def __abs__(self) -> int | float:
        return abs(self._number())

    def __format__(self, spec: str) -> str:
        if self.value is None:
            return format(self._fmt(None), spec)
        return format(self.value, spec)

    # ------------------------------------------------------------ as an explanation

    def __repr__(self) -> str:
        return f"<{self.name} {self._fmt(self.value)}>"

    @staticmethod
    def _fmt(value: int | float | None) -> str:
        if value is None:
            return "none"
        if isinstance(value, float):
            return f"{value:g}"
        return str(value)

    def explain(self) -> str:
        """Every part of the value, one per line, then notes and the rule.

        Example::

            AC 14
               +10  base
                +1  DEX mod (DEX 12)
                +4  Armor Rating (chain shirt)
                +0  Natural Armor Rating
                +0  Shield Rating
                +0  size (medium)
                +1  ring: +1 power bonus - counts (highest power)
                -2  flanked: -2 penalty - counts (penalties always stack)
              (000_8d1d7816ee944f3b.txt, "Armor Class (AC) - What is it?": AC = 10+...)

        Returns:
            The explanation, one line per part.
        """
        lines = [f"{self.title} {self._fmt(self.value)}"]
        for t in self.terms:
            lines.append(f"  {t.value:+4d}  {t.label}")
        if self.bonuses is not None:
            for line in self.bonuses.lines:
                lines.append(f"  {line.counted:+4d}  {bonus_label(line.bonus)} - {line.note}")
        if self.fortune is not None:
            keep = "better" if self.fortune is Fortune.FORTUNATE else "worse"
            lines.append(f"  {self.fortune.value}: roll 2d20 and keep the {keep}")
        if self.auto_fail:
            lines.append("  fails automatically")
        lines += [f"  note: {n}" for n in self.notes]
        if self.rule:
            lines.append(f"  ({self.rule})")
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.explain()

    def to_frame(self) -> pd.DataFrame:
        """The parts as a DataFrame (``part``, ``value``, ``counts``, ``note``)."""
        rows = [{"part": t.label, "value": t.value, "counts": t.value, "note": ""}
                for t in self.terms]
        if self.bonuses is not None:
            rows += [{"part": bonus_label(ln.bonus), "value": ln.bonus.value,
                      "counts": ln.counted, "note": ln.note} for ln in self.bonuses.lines]
        return pd.DataFrame(rows, columns=["part", "value", "counts", "note"])
