"""A creature's Armor Class family: AC, FFAC, TouchAC and ACvsCrit, each explained.

000_8d1d7816ee944f3b.txt, "Armor Class (AC) - What is it?" (AC = 10 + DEXMod + Armor
Rating + Natural Armor Rating + Shield Rating + SizeMod) and "What are the other kinds of
AC? (FFAC, TouchAC, ACvsCrit)"; the conditions' AC modifiers ("Conditions – Full
Details": Prone, Cover, Flat-Footed, Helpless) and the typed bonuses of
``data/bonus_types.csv`` (which AC values each type counts for, which are lost when
flat-footed). :meth:`lfgcombat.creature.Creature.armor_class` and its cached ``ac``,
``ff_ac``, ``touch_ac``, ``ac_vs_crit`` call :func:`armor_class`; this module reads the
creature's fields only and imports no creature at run time.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..rules.bonuses import Bonus, stack
from ..rules.citations import cite as _cite
from .combat_stats import _bonus_type_rows, ability_mod
from ..rules.conditions.conditions import Condition, ConditionSet
from .stats import TITLES as _TITLES
from .stats import Stat, Term

if TYPE_CHECKING:
    from . import Creature

__all__ = ["AC_KINDS", "FORMULAS", "armor_class"]

_RULE_AC = _cite("Armor Class (AC) - What is it?")
_RULE_OTHER_AC = _cite("What are the other kinds of AC? (FFAC, TouchAC, ACvsCrit)")
#: The text's formula of each AC value, shown in its explanation; ``touch_ac`` is
#: 000_8d1d7816ee944f3b.txt, "TouchAC" (AC without Armor, Shield and Natural Armor Ratings).
FORMULAS: dict[str, str] = {
    "ac": f"{_RULE_AC}: AC = 10+DEXMod+ArmorRating+NaturalArmorRating+ShieldRating+SizeMod",
    "ff_ac": f"{_RULE_OTHER_AC}: DEXMod +3 or higher: FFAC = AC-DEXMod-ShieldRating-Dodge "
             "Bonus; +2 or lower: FFAC = AC-ShieldRating-Dodge Bonus-2",
    "touch_ac": f"{_RULE_OTHER_AC}: TouchAC = AC-ArmorRating-ShieldRating-NaturalArmorRating",
    "ac_vs_crit": f"{_RULE_OTHER_AC}: ACvsCrit = 10+DEXMod+ArmorRatingvsCrit+"
                  "NaturalArmorRating+ShieldRating+SizeMod",
}
#: The AC values :func:`armor_class` computes.
AC_KINDS: tuple[str, ...] = ("ac", "ff_ac", "touch_ac", "ac_vs_crit")


def armor_class(creature: Creature, kind: str = "ac", *, against: str | None = None,
                distance_ft: int | None = None) -> Stat:
    """One AC value of a creature, optionally against one kind of attack.

    000_8d1d7816ee944f3b.txt, "Armor Class (AC)": AC, flat-footed AC, touch AC and ACvsCrit.

    Args:
        creature: The creature.
        kind: ``ac``, ``ff_ac``, ``touch_ac`` or ``ac_vs_crit``.
        against: ``melee`` or ``ranged`` to include modifiers that depend on the
            attack (Prone: -4 against melee and ranged from within 5 feet, +2 Cover
            against ranged from 15+ feet); ``None`` lists them as notes.
        distance_ft: Distance of a ranged attack.

    Returns:
        The :class:`Stat`. With the Flat-Footed condition every AC value is computed
        the flat-footed way (so ``ac`` equals ``ff_ac``).

    Raises:
        ValueError: unknown ``kind`` or ``against``.
    """
    if kind not in AC_KINDS:
        raise ValueError(f"unknown AC value {kind!r}; one of {', '.join(AC_KINDS)}")
    if against not in (None, "melee", "ranged"):
        raise ValueError(f"against must be 'melee', 'ranged' or None, not {against!r}")
    conds = creature.active_conditions
    flat_footed = kind == "ff_ac" or Condition.FLAT_FOOTED in conds
    lose_ds = flat_footed or bool(conds.flagged("loses_dodge_and_shield"))
    terms = [Term("base", 10)]
    notes: list[str] = []
    dex_mod = _dex_term(creature, conds, flat_footed, terms, notes)
    if kind != "touch_ac":
        _armor_terms(creature, kind, conds, flat_footed, lose_ds, terms, notes)
    size_mod = int(creature.size_row["attack_ac_mod"])
    terms.append(Term(f"size ({creature.size.value})", size_mod))
    bonuses: list[Bonus] = []
    if flat_footed and dex_mod <= 2:
        bonuses.append(Bonus(-2, None, "flat-footed (DEXMod +2 or lower)"))
    bonuses += _typed_bonuses(creature, kind, lose_ds, notes)
    bonuses += conds.modifiers("ac")
    bonuses += _against_attack(conds, against, distance_ft, notes)
    stacked = stack(bonuses)
    value = sum(t.value for t in terms) + stacked.total
    if against is not None:
        notes.insert(0, f"against a {against} attack"
                     + (f" from {distance_ft} ft" if distance_ft is not None else ""))
    return Stat(kind, value, tuple(terms), stacked, tuple(notes), FORMULAS[kind])


def _dex_term(creature: Creature, conds: ConditionSet, flat_footed: bool, terms: list[Term],
              notes: list[str]) -> int:
    """Add the DEXMod term (DEX 0 when helpless; lost flat-footed at +3 or more).

    Returns:
        The DEXMod used for the flat-footed penalty, whether or not it counted.
    """
    helpless = conds.flagged("dex_zero_vs_attacks")
    dex = creature.abilities["dex"]
    dex_mod = ability_mod(dex)
    if helpless:
        dex_mod = -5
        dex_label = f"DEX mod (effective DEX 0: {helpless[0]})"
    else:
        dex_label = f"DEX mod (DEX {dex})"
    if flat_footed and dex_mod >= 3:
        notes.append(f"flat-footed: DEX mod {dex_mod:+d} lost (DEXMod +3 or higher)")
    else:
        terms.append(Term(dex_label, dex_mod))
    return dex_mod


def _armor_terms(creature: Creature, kind: str, conds: ConditionSet, flat_footed: bool,
                 lose_ds: bool, terms: list[Term], notes: list[str]) -> None:
    """Add Armor Rating (or vs Crit), Natural Armor and Shield Rating (unless lost)."""
    armor = creature.armor
    named = f" ({armor.name})" if armor.name else ""
    if kind == "ac_vs_crit":
        terms.append(Term("Armor Rating vs Crit" + named, armor.vs_crit))
    else:
        terms.append(Term("Armor Rating" + named, armor.rating))
    terms.append(Term("Natural Armor Rating", creature.natural_armor))
    shield = creature.shield_rating
    if not lose_ds:
        terms.append(Term("Shield Rating", shield))
    elif shield:
        why = "flat-footed" if flat_footed else conds.flagged("loses_dodge_and_shield")[0]
        notes.append(f"Shield Rating {shield} lost ({why})")


def _typed_bonuses(creature: Creature, kind: str, lose_ds: bool, notes: list[str]
                   ) -> list[Bonus]:
    """The creature's AC bonuses that apply to ``kind`` (the others become notes)."""
    types = _bonus_type_rows()
    kept: list[Bonus] = []
    for b in (sb.bonus for sb in creature.bonuses if sb.target == "ac"):
        row = types[b.type.value] if b.type is not None and not b.is_penalty else None
        if row is not None and kind not in row["ac_values"]:
            notes.append(f"{b} does not apply to {_TITLES[kind]}")
            continue
        if row is not None and lose_ds and row["lost_when_flat_footed"]:
            notes.append(f"{b} lost (flat-footed or helpless)")
            continue
        kept.append(b)
    return kept


def _against_attack(conds: ConditionSet, against: str | None, distance_ft: int | None,
                    notes: list[str]) -> list[Bonus]:
    """The conditions' AC modifiers that depend on the attack, and notes on the rest.

    Prone's melee/within-5-ft modifier and Cover's ranged/15+-ft one count for a matching
    ``against``; with ``against=None`` both become notes. Miss chances and fortune against
    attackers are always notes.
    """
    bonuses: list[Bonus] = []
    melee = conds.modifiers("ac_vs_melee")
    far = conds.modifiers("ac_vs_ranged_far")
    if against == "melee" or (against == "ranged" and distance_ft is not None
                              and distance_ft <= 5):
        bonuses += melee
    elif against == "ranged" and distance_ft is not None and distance_ft >= 15:
        bonuses += far
    elif against is None:
        notes += [f"{b.source}: {b.value:+d} against melee attacks and ranged attacks "
                  "from within 5 ft" for b in melee]
        notes += [f"{b.source}: {b.value:+d} ({b.type.value if b.type else 'untyped'}) "
                  "against ranged attacks from 15+ ft" for b in far]
    if against is None or against == "ranged":
        if conds.attackers_miss_chance:
            notes.append(f"attacks against it have a {conds.attackers_miss_chance}% "
                         "miss chance")
    if conds.attackers_melee_fortune is not None and against in (None, "melee"):
        notes.append(f"melee attacks against it are {conds.attackers_melee_fortune.value}")
    return bonuses
