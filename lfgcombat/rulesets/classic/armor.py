"""Armor Class and concealment in the classic ruleset.

002_2a3a79475ca2a541.txt, "Armor Class": "Your AC is equal to the following: 10 + armor
bonus + shield bonus + Dexterity modifier + size modifier + natural armor", and "Table: AC
size modifier chart", whose body did not survive: ``data/classic/sizes.csv`` rebuilds it
(every row ``inferred``, the d20 size modifiers the formula comes from). "Concealment":
"If a creature is at least 50% hidden behind an object, or has the ability to duck behind
cover, then attackers suffer a -2 to attack rolls to hit. If a creature is fully Concealed,
but still attacking, attackers suffer a -5 to attack rolls to hit."
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

import pandas as pd

from lfgcombat.io.tables import Column, Schema, load_table, register_schema

from ._base import ClassicError, check_choice, check_int

__all__ = ["SIZES", "ArmorClass", "armor_class", "size_modifier", "concealment_penalty",
           "CONCEALMENT"]

SIZES = ("fine", "diminutive", "tiny", "small", "medium", "large", "huge", "gargantuan",
         "colossal")
#: Concealment to attack penalty: "at least 50% hidden" -2, "fully Concealed" -5.
CONCEALMENT = {"none": 0, "partial": -2, "full": -5}

register_schema("classic/sizes", Schema(key="size", columns={
    "size": Column("choice", choices=SIZES, unique=True),
    "ac_modifier": Column("int", min=-16, max=16),
    "source": Column("source"),
}))
register_schema("classic/fumbles", Schema(key="suggestion", columns={
    "situation": Column("choice", choices=("attack", "charge", "social")),
    "suggestion": Column("str"),
    "source": Column("source"),
}))


def size_table() -> pd.DataFrame:
    """The rebuilt AC size modifier chart (``data/classic/sizes.csv``)."""
    return load_table("classic/sizes")


def size_modifier(size: str) -> int:
    """The AC size modifier of ``size`` (also the attack modifier in the d20 family).

    Raises:
        ClassicError: ``size`` is not one of :data:`SIZES`.
    """
    check_choice("size", size, SIZES)
    return _size_modifiers()[size]


@functools.lru_cache(maxsize=1)
def _size_modifiers() -> dict[str, int]:
    """The chart as a dict, read once (the packaged table never changes; issue 24, "Fast":
    every classic attack read it into a new DataFrame)."""
    table = size_table()
    return {str(s): int(m) for s, m in zip(table["size"], table["ac_modifier"])}


@dataclass(frozen=True)
class ArmorClass:
    """The parts of an AC, in the order of the text's formula.

    Attributes:
        armor, shield, dex, size, natural: The bonuses (``size`` is the modifier).
    """

    armor: int = 0
    shield: int = 0
    dex: int = 0
    size: int = 0
    natural: int = 0

    @property
    def total(self) -> int:
        """10 + armor + shield + DEX + size + natural armor."""
        return 10 + self.armor + self.shield + self.dex + self.size + self.natural

    def without_dex(self) -> "ArmorClass":
        """The AC of a creature that loses its DEX bonus (Flat-footed, Flanked, Blinded,
        Cower, Prone): a penalty is kept, only a bonus is lost ("their Dexterity bonus")."""
        return ArmorClass(self.armor, self.shield, min(self.dex, 0), self.size, self.natural)


def armor_class(armor: int = 0, shield: int = 0, dex: int = 0, size: str = "medium",
                natural: int = 0) -> ArmorClass:
    """Build an :class:`ArmorClass`.

    Args:
        armor: Armor bonus (>= 0).
        shield: Shield bonus (>= 0).
        dex: Dexterity modifier.
        size: Size category (see :data:`SIZES`).
        natural: Natural armor (>= 0).

    Example:
        >>> armor_class(armor=4, shield=2, dex=1).total
        17

    Raises:
        ClassicError: naming the field that is not a whole number, negative or unknown.
    """
    return ArmorClass(check_int("armor", armor, 0), check_int("shield", shield, 0),
                      check_int("dex", dex), size_modifier(size),
                      check_int("natural", natural, 0))


def concealment_penalty(concealment: str) -> int:
    """The attacker's penalty: ``"none"`` 0, ``"partial"`` (50% hidden) -2, ``"full"`` -5
    (002_2a3a79475ca2a541.txt, "Concealment").

    Raises:
        ClassicError: ``concealment`` is not none, partial or full.
    """
    if concealment not in CONCEALMENT:
        raise ClassicError("concealment", f"{concealment!r:.40} is not one of "
                           "none, partial (at least 50% hidden), full")
    return CONCEALMENT[concealment]
