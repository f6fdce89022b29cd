"""Typed bonuses and penalties, and the one function that stacks them.

000_8d1d7816ee944f3b.txt, "Bonuses & Penalties":

* "Penalties do not have specific types. All penalties stack with one another." A penalty
  may name a type "only for descriptive purposes".
* "Bonuses of the same type do not stack with one another; only the highest bonus applies."
* "Bonuses of different types being applied to the same score or roll stack together."
* Dodge: "Dodge Bonuses stack with other Dodge Bonuses." Innate: "Innate Bonuses stack with
  other Innate Bonuses." Class: "Class Bonuses from the same class stack. Class bonuses from
  different classes do not stack." (so Class stacks per ``source``).
* Innate: "Unlike other bonuses, Innate Bonuses to any score do not have a +5 Maximum." - so
  every other type adds at most +5 to a score.
* "If any roll or score has a maximum total value allowed, calculate all bonuses and
  penalties first before applying the maximum."

The stacking behaviour and maximum of each type are data (``data/bonus_types.csv``); this
module only applies them. A bonus without a type (``type=None``) is an untyped bonus, which
stacks with everything, as in the d20 rules the text builds on.
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Iterable
from dataclasses import dataclass

from .errors import LfgError

__all__ = ["BonusType", "Bonus", "Stacked", "Line", "total", "stack", "BonusError"]

TEXT = "000_8d1d7816ee944f3b.txt"


class BonusError(LfgError, ValueError):
    """A bonus with a bad value or an unknown type."""


class BonusType(str, enum.Enum):
    """The 14 bonus types (000_8d1d7816ee944f3b.txt, "Bonuses & Penalties").

    Each member's value is its lower-case name; :attr:`abbreviation` is the text's
    abbreviation (``d`` for Dodge, ``alc`` for Alchemical, ...).
    """

    ALCHEMICAL = "alchemical"  #: chemical interactions; alchemical items, a Barbarian's Rage
    ATTRACTIVE = "attractive"  #: social skills against a creature attracted to you
    CLASS = "class"            #: class levels; ability scores and skills; same class stacks
    COVER = "cover"            #: AC and REF saves from creatures or objects in the way
    DODGE = "dodge"            #: actively avoiding attacks; stacks; lost when flat-footed
    ENHANCE = "enhance"        #: improved properties of weapons, armor, equipment
    FOCUS = "focus"            #: mental focus on a task
    GEAR = "gear"              #: a tool or equipment; never magical
    HELM = "helm"              #: head protection, to Armor Rating and/or vs Crit
    INNATE = "innate"          #: inherent ability and training; stacks; no +5 maximum
    MORALE = "morale"          #: inspiration; mindless creatures are immune
    POWER = "power"            #: magical powers
    SOCIAL = "social"          #: attire, status, customs; social (CHA) skills only
    TACTICAL = "tactical"      #: combat strategy, fighting styles, positioning

    @property
    def abbreviation(self) -> str:
        return _rules()[self]["abbreviation"]

    @property
    def stacking(self) -> str:
        """``highest``, ``stack`` or ``per_source`` (from ``data/bonus_types.csv``)."""
        return _rules()[self]["stacking"]

    @property
    def maximum(self) -> int | None:
        """The most this type adds to one score (``None``: no maximum, Innate)."""
        return _rules()[self]["maximum"]

    @classmethod
    def coerce(cls, value: "BonusType | str | None") -> "BonusType | None":
        """Accept a member, its name or its abbreviation (any case); ``None`` stays None.

        Raises:
            BonusError: for anything else, listing the 14 types.
        """
        if value is None or isinstance(value, BonusType):
            return value
        if isinstance(value, str):
            key = value.strip().lower()
            for member in cls:
                if key == member.value or key == member.abbreviation.lower():
                    return member
        names = ", ".join(f"{m.value} ({m.abbreviation})" for m in cls)
        raise BonusError(f"unknown bonus type {value!r}; the 14 types are: {names}; "
                         "or None for an untyped bonus")


@functools.lru_cache(maxsize=1)
def _rules() -> dict[BonusType, dict]:
    from .tables import load_table
    table = load_table("bonus_types")
    rules = {}
    for row in table.to_dict("records"):
        member = BonusType(row["type"])
        maximum = row["maximum"]
        rules[member] = {
            "abbreviation": row["abbreviation"],
            "stacking": row["stacking"],
            "maximum": None if maximum is None or maximum != maximum else int(maximum),
        }
    missing = set(BonusType) - set(rules)
    if missing:  # the table and the enum must describe the same 14 types
        from .errors import RulesDataError
        raise RulesDataError(f"missing bonus types {sorted(m.value for m in missing)}",
                             "bonus_types.csv", column="type")
    return rules


@dataclass(frozen=True)
class Bonus:
    """A bonus (value > 0) or penalty (value < 0) to one score or roll.

    Args:
        value: The amount; negative for a penalty.
        type: A :class:`BonusType` (or its name/abbreviation). For a penalty the type is
            kept only to describe it: penalties never have a type for stacking.
        source: Where it comes from (``"ring of protection"``, ``"fighter"``). Class
            bonuses stack when they come from the same source (class).

    Raises:
        BonusError: for a non-integer value or an unknown type.
    """

    value: int
    type: BonusType | None = None
    source: str | None = None

    def __post_init__(self) -> None:
        if isinstance(self.value, bool) or not isinstance(self.value, int):
            raise BonusError(f"a bonus value must be a whole number, not {self.value!r:.60}"
                             f" (source {self.source!r})")
        object.__setattr__(self, "type", BonusType.coerce(self.type))
        if self.source is not None and not isinstance(self.source, str):
            raise BonusError(f"a bonus source must be text, not {self.source!r:.60}")

    @property
    def is_penalty(self) -> bool:
        return self.value < 0

    def __str__(self) -> str:
        kind = f" {self.type.value}" if self.type else ""
        word = "penalty" if self.is_penalty else "bonus"
        src = f" ({self.source})" if self.source else ""
        return f"{self.value:+d}{kind} {word}{src}"


@dataclass(frozen=True)
class Line:
    """One bonus in a stacking explanation: did it count, and if not, why."""

    bonus: Bonus
    counted: int
    note: str


@dataclass(frozen=True)
class Stacked:
    """The result of stacking: the total and a line per bonus saying how it counted."""

    total: int
    lines: tuple[Line, ...]

    def __int__(self) -> int:
        return self.total

    def explain(self) -> str:
        """One line per bonus, then the total, e.g. ``+2 power bonus (necklace): counts``."""
        out = [f"{line.bonus}: {line.note}" for line in self.lines]
        out.append(f"total {self.total:+d}")
        return "\n".join(out)

    def __str__(self) -> str:
        return self.explain()

    def to_frame(self):
        """The explanation as a DataFrame (value, type, source, counted, note)."""
        import pandas as pd
        return pd.DataFrame([{
            "value": ln.bonus.value,
            "type": ln.bonus.type.value if ln.bonus.type else "",
            "source": ln.bonus.source or "", "counted": ln.counted, "note": ln.note,
        } for ln in self.lines], columns=["value", "type", "source", "counted", "note"])


def stack(bonuses: Iterable[Bonus | int]) -> Stacked:
    """Stack bonuses and penalties by the rules of "Bonuses & Penalties" and explain it.

    Args:
        bonuses: :class:`Bonus` values (a bare int counts as an untyped bonus/penalty).

    Returns:
        :class:`Stacked` with the total and how each bonus counted.
    """
    items = [b if isinstance(b, Bonus) else Bonus(b) for b in bonuses]
    counted: dict[int, tuple[int, str]] = {}
    groups: dict[tuple, list[int]] = {}
    for i, b in enumerate(items):
        if b.is_penalty:
            counted[i] = (b.value, "counts (penalties always stack)")
        elif b.type is None:
            counted[i] = (b.value, "counts (untyped)")
        else:
            key: tuple = (b.type,)
            if b.type.stacking == "per_source":
                key = (b.type, b.source)
            groups.setdefault(key, []).append(i)
    by_type: dict[BonusType, list[tuple[tuple, int]]] = {}
    for key, members in groups.items():
        btype = key[0]
        if btype.stacking in ("stack", "per_source"):
            value = sum(items[i].value for i in members)
            for i in members:
                counted[i] = (items[i].value, f"counts ({btype.value} bonuses stack"
                              + (" from the same source)" if btype.stacking == "per_source"
                                 else ")"))
        else:
            best = max(members, key=lambda i: items[i].value)
            value = items[best].value
            for i in members:
                if i == best:
                    counted[i] = (value, "counts (highest " + btype.value + ")")
                else:
                    counted[i] = (0, f"superseded by {items[best]} (same type: highest only)")
        by_type.setdefault(btype, []).append((key, value))
    for btype, entries in by_type.items():
        # per_source types (Class): different sources don't stack, the best source counts.
        if len(entries) > 1:
            best_key, _ = max(entries, key=lambda kv: kv[1])
            for key, _ in entries:
                if key != best_key:
                    for i in groups[key]:
                        counted[i] = (0, f"superseded: {btype.value} bonuses from "
                                      f"{items[groups[best_key][0]].source!r} are higher")
            entries[:] = [e for e in entries if e[0] == best_key]
        value = entries[0][1]
        cap = btype.maximum
        if cap is not None and value > cap:
            excess = value - cap
            for i in reversed(groups[entries[0][0]]):
                amount, note = counted[i]
                cut = min(excess, amount)
                if cut:
                    counted[i] = (amount - cut, note + f"; capped: {btype.value} bonuses add "
                                  f"at most +{cap}")
                    excess -= cut
    lines = tuple(Line(b, counted[i][0], counted[i][1]) for i, b in enumerate(items))
    return Stacked(sum(line.counted for line in lines), lines)


def total(bonuses: Iterable[Bonus | int]) -> int:
    """The stacked total of bonuses and penalties (see :func:`stack` for the rules).

    Examples from 000_8d1d7816ee944f3b.txt, "Bonuses & Penalties":

    >>> total([Bonus(1, "power"), Bonus(2, "power")])
    2
    >>> total([Bonus(1, "power"), Bonus(2, "dodge"), Bonus(3, "morale")])
    6
    """
    return stack(bonuses).total
