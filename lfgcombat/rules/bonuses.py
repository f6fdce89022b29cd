"""Typed bonuses and penalties, and the one function that stacks them.

000_8d1d7816ee944f3b.txt, "Bonuses & Penalties":

* "Penalties do not have specific types. All penalties stack with one another." A penalty
  may name a type "only for descriptive purposes" (000_8d1d7816ee944f3b.txt, "Penalties").
* "Bonuses of the same type do not stack with one another; only the highest bonus applies."
* "Bonuses of different types being applied to the same score or roll stack together."
* Dodge: "Dodge Bonuses stack with other Dodge Bonuses." Innate: "Innate Bonuses stack with
  other Innate Bonuses." Class: "Class Bonuses from the same class stack. Class bonuses from
  different classes do not stack." (so Class stacks per ``source``). Tactical: "Bonuses
  from different tactics can stack with one another" (the text's example stacks two).
* 000_8d1d7816ee944f3b.txt, "Saving Throws", Important Note: "Gear Bonuses from different
  types of gear may stack." (so Gear stacks across sources).
* Innate: "Unlike other bonuses, Innate Bonuses to any score do not have a +5 Maximum." - so
  every other type adds at most +5 to a score.
* "If any roll or score has a maximum total value allowed, calculate all bonuses and
  penalties first before applying the maximum."

The stacking behaviour and maximum of each type are data (``data/bonus_types.csv``); this
module only applies them. A bonus without a type (``type=None``) is an untyped bonus, which
stacks with everything, as in the d20 rules the text builds on.
"""

from __future__ import annotations

import difflib
import enum
import functools
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..errors import LfgError, RulesDataError
from ..shortrepr import short
from ..io.tables import load_table

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["BonusType", "Bonus", "Stacked", "Line", "total", "stack", "BonusError",
           "MAX_BONUS"]

TEXT = "000_8d1d7816ee944f3b.txt"
#: The largest bonus or penalty accepted (the rules' bonuses are single digits; this only
#: keeps nonsense such as a 100-digit number out).
MAX_BONUS = 10_000


class BonusError(LfgError, ValueError):
    """A bonus with a bad value or an unknown type."""


class BonusType(str, enum.Enum):
    """The 14 bonus types (000_8d1d7816ee944f3b.txt, "Bonuses & Penalties";
    000_8d1d7816ee944f3b.txt, "Bonus Types": the 14 types and their abbreviations).

    Each member's value is its lower-case name; :attr:`abbreviation` is the text's
    abbreviation (``d`` for Dodge, ``alc`` for Alchemical, ...), as the text lists them:
    000_8d1d7816ee944f3b.txt, "Alchemical (alc)" (chemical interactions: alchemical items, a
    Barbarian's Rage); 000_8d1d7816ee944f3b.txt, "Focus (f)" (mental focus on a task); and the rest
    below.
    """

    ALCHEMICAL = "alchemical"  #: chemical interactions; alchemical items, a Barbarian's Rage
    ATTRACTIVE = "attractive"  #: social skills against a creature attracted to you
    CLASS = "class"            #: class levels; ability scores and skills; same class stacks
    COVER = "cover"            #: AC and REF saves from creatures or objects in the way
    DODGE = "dodge"            #: actively avoiding attacks; stacks; lost when flat-footed
    #: 000_8d1d7816ee944f3b.txt, "Enhance (e)": improved properties of weapons, armor, equipment
    ENHANCE = "enhance"
    FOCUS = "focus"            #: mental focus on a task
    GEAR = "gear"              #: a tool or equipment; never magical
    HELM = "helm"              #: head protection, to Armor Rating and/or vs Crit
    INNATE = "innate"          #: inherent ability and training; stacks; no +5 maximum
    MORALE = "morale"          #: inspiration; mindless creatures are immune
    POWER = "power"            #: magical powers
    #: 000_8d1d7816ee944f3b.txt, "Social (s)": attire, status, customs; social (CHA) skills only
    SOCIAL = "social"
    TACTICAL = "tactical"      #: combat strategy, fighting styles, positioning

    @property
    def abbreviation(self) -> str:
        """The type's short name in stat blocks (from ``data/bonus_types.csv``)."""
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
        close = difflib.get_close_matches(value.strip().lower()[:40], [m.value for m in cls],
                                          n=1, cutoff=0.6) if isinstance(value, str) else []
        hint = f"did you mean {close[0]!r}? " if close else ""
        raise BonusError(f"unknown bonus type {short(value)}; {hint}the 14 types are: "
                         f"{names}; or None for an untyped bonus")


@functools.lru_cache(maxsize=1)
def _rules() -> dict[BonusType, dict]:
    import pandas as pd

    table = load_table("bonus_types")
    rules = {}
    for row in table.to_dict("records"):
        member = BonusType(row["type"])
        maximum = row["maximum"]
        rules[member] = {
            "abbreviation": row["abbreviation"],
            "stacking": row["stacking"],
            "maximum": None if pd.isna(maximum) else int(maximum),
        }
    missing = set(BonusType) - set(rules)
    if missing:  # the table and the enum must describe the same 14 types
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
            raise BonusError(f"a bonus value must be a whole number, not {short(self.value)}"
                             f" (source {short(self.source)})")
        if abs(self.value) > MAX_BONUS:
            raise BonusError(f"a bonus of {short(self.value)} is out of range; allowed: "
                             f"-{MAX_BONUS:,} to {MAX_BONUS:,} (source {short(self.source)})")
        object.__setattr__(self, "type", BonusType.coerce(self.type))
        if self.source is not None and not isinstance(self.source, str):
            raise BonusError(f"a bonus source must be text, not {short(self.source)}")

    @property
    def is_penalty(self) -> bool:
        """True for a negative value: it stacks with every other penalty.

        000_8d1d7816ee944f3b.txt, "Bonuses & Penalties": "All penalties stack with one
        another."
        """
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
        out = [f"{line.bonus}: {line.note}"
               + (f" -> counts {line.counted:+d}" if 0 < line.counted != line.bonus.value else "")
               for line in self.lines]
        out.append(f"total {self.total:+d}")
        return "\n".join(out)

    def __str__(self) -> str:
        return self.explain()

    def to_frame(self) -> pd.DataFrame:
        """The explanation as a DataFrame (value, type, source, counted, note)."""
        import pandas as pd
        return pd.DataFrame([{
            "value": ln.bonus.value,
            "type": ln.bonus.type.value if ln.bonus.type else "",
            "source": ln.bonus.source or "", "counted": ln.counted, "note": ln.note,
        } for ln in self.lines], columns=["value", "type", "source", "counted", "note"])


def stack(bonuses: Iterable[Bonus | int]) -> Stacked:
    """Stack bonuses and penalties by the rules of "Bonuses & Penalties" and explain it.

    000_8d1d7816ee944f3b.txt, "Bonuses: Bonuses of different types stack together.": different
    types stack, the same type does not
    (highest only) except Innate and Dodge; "Penalties": all penalties stack.
    Bonuses of the same type do not stack (only the highest applies) unless the type says
    so: 000_8d1d7816ee944f3b.txt, "Bonuses".

    Each bonus type's ``stacking`` (from ``data/bonus_types.csv``) says how bonuses of that
    type combine:

    * ``highest``: only the highest applies;
    * ``stack``: all add (Innate, Dodge);
    * ``per_source``: the same source adds, different sources don't - only the best
      source's sum applies (Class: "Class Bonuses from the same class stack");
    * ``across_sources``: different sources add, the same source gives only its highest
      (Gear: "Gear Bonuses from different types of gear may stack", 000_8d1d7816ee944f3b.txt,
      "Saving Throws"; Tactical: "Bonuses from different tactics can stack").

    Then each type adds at most its ``maximum`` (+5 for all but Innate and Cover).

    Args:
        bonuses: :class:`Bonus` values (a bare int counts as an untyped bonus/penalty).

    Returns:
        :class:`Stacked` with the total and how each bonus counted.
    """
    items = [b if isinstance(b, Bonus) else Bonus(b) for b in bonuses]
    notes: _Notes = {}
    typed: dict[BonusType, list[int]] = {}
    for i, b in enumerate(items):
        if b.is_penalty:
            notes[i] = (b.value, "counts (penalties always stack)")
        elif b.type is None:
            notes[i] = (b.value, "counts (untyped)")
        else:
            typed.setdefault(b.type, []).append(i)
    for btype, members in typed.items():
        value = _STACKERS.get(btype.stacking, _per_source)(items, members, btype, notes)
        _apply_cap(members, btype, value, notes)
    lines = tuple(Line(b, *notes[i]) for i, b in enumerate(items))
    return Stacked(sum(line.counted for line in lines), lines)


#: How each bonus (by its index in the stacked list) counts: (amount counted, note).
_Notes = dict[int, tuple[int, str]]


def _best_of(items: list[Bonus], members: list[int], why: str, notes: _Notes) -> int:
    """Only the highest of ``members`` counts; the others are superseded for ``why``."""
    best = max(members, key=lambda i: items[i].value)
    for i in members:
        kind = getattr(items[i].type, "value", "untyped")
        notes[i] = ((items[i].value, f"counts (highest {kind})") if i == best
                    else (0, f"superseded by {items[best]} ({why})"))
    return items[best].value


def _highest(items: list[Bonus], members: list[int], btype: BonusType, notes: _Notes) -> int:
    """``highest``: bonuses of one type do not stack; only the highest applies."""
    return _best_of(items, members, "same type: highest only", notes)


def _stack_all(items: list[Bonus], members: list[int], btype: BonusType, notes: _Notes) -> int:
    """``stack``: every bonus of the type adds (Innate, Dodge)."""
    for i in members:
        notes[i] = (items[i].value, f"counts ({btype.value} bonuses stack)")
    return sum(items[i].value for i in members)


def _by_source(items: list[Bonus], members: list[int]) -> dict[str | None, list[int]]:
    """``members`` grouped by their bonus's ``source``, in order of first appearance."""
    by_source: dict[str | None, list[int]] = {}
    for i in members:
        by_source.setdefault(items[i].source, []).append(i)
    return by_source


def _across_sources(items: list[Bonus], members: list[int], btype: BonusType,
                    notes: _Notes) -> int:
    """``across_sources``: different sources add, each source gives only its highest."""
    by_source = _by_source(items, members)
    value = sum(_best_of(items, group, "same source: highest only", notes)
                for group in by_source.values())
    if len(by_source) > 1:
        for i in members:
            if notes[i][0]:
                notes[i] = (notes[i][0], f"counts ({btype.value} bonuses from "
                            "different sources stack)")
    return value


def _per_source(items: list[Bonus], members: list[int], btype: BonusType,
                notes: _Notes) -> int:
    """``per_source``: one source's bonuses add; only the best source's sum applies."""
    by_source = _by_source(items, members)
    sums = {src: sum(items[i].value for i in group) for src, group in by_source.items()}
    best_src = max(sums, key=lambda src: sums[src])
    for src, group in by_source.items():
        for i in group:
            notes[i] = ((items[i].value, f"counts ({btype.value} bonuses from the "
                         "same source stack)") if src == best_src else
                        (0, f"superseded: {btype.value} bonuses from "
                         f"{best_src!r} are higher (different sources don't stack)"))
    return sums[best_src]


#: The step for each ``stacking`` value of ``data/bonus_types.csv`` (else ``per_source``).
_STACKERS = {"highest": _highest, "stack": _stack_all, "across_sources": _across_sources}


def _apply_cap(members: list[int], btype: BonusType, value: int, notes: _Notes) -> None:
    """Cut the type's total down to its ``maximum``, taking from the last bonuses first."""
    cap = btype.maximum
    if cap is None or value <= cap:
        return
    excess = value - cap
    for i in reversed(members):
        amount, note = notes[i]
        cut = min(excess, amount)
        if cut:
            notes[i] = (amount - cut, f"{note}; capped: {btype.value} bonuses add at "
                        f"most +{cap}")
            excess -= cut


def total(bonuses: Iterable[Bonus | int]) -> int:
    """The stacked total of bonuses and penalties (see :func:`stack` for the rules).

    Examples from 000_8d1d7816ee944f3b.txt, "Bonuses & Penalties":

    >>> total([Bonus(1, "power"), Bonus(2, "power")])
    2
    >>> total([Bonus(1, "power"), Bonus(2, "dodge"), Bonus(3, "morale")])
    6
    """
    return stack(bonuses).total
