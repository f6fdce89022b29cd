"""Falling and falling objects.

000_8d1d7816ee944f3b.txt, "Falling & Falling Damage":

* "A fall deals bludgeoning damage equal to 10% of the victim's maximum HP per 10 feet of the
  fall to a medium or large sized creature for the first 30 feet. Damage Resistance (DR)
  can function against falling damage."
* "If you do not take damage from a fall, you land standing and unharmed. If you take
  damage, you land prone and risk a broken limb": "a REF Save (Base DC10) or you suffer a
  broken arm or broken leg (50/50 chance for either)."
* "A DC15 Acrobatics or Jump&Sprint check reduces the effective distance of any fall by 10
  feet. DC25 reduces the distance by 20 feet."
* "Creatures smaller than Medium treat a fall as 10 feet lower per size below Medium and
  reduce max fall damage by 10% per size below."
* 000_8d1d7816ee944f3b.txt, "Huge Size+ creatures": "Subtract the height of the creature from the
  distance of the fall before calculating damage & REF Save DC."
* "A soft landing area (lush grass, sand, deep snow, water) reduces the effective fall by 10
  feet."
* Ex: "Rock the Barbarian is knocked off a 30-foot cliff. He rolls a Jump&Sprint check and
  scores a 27, reducing the effective fall distance by 20 feet (30-20 = 10 feet). His MaxHP
  is 142, so he takes 10% of that as bludgeoning damage (14 damage). He must make a DC10
  REF Save or suffer a broken arm or leg."

The table beyond 30 feet is missing; ``data/falling.csv`` reconstructs it (the 10% per 10
feet continues to the d20 maximum at 200 feet; the REF DC rises by 1 per 10 feet) and the
Falling Objects table (damage dice by weight), every reconstructed value marked
``inferred``. Damage is rounded down (142 x 10% = 14.2 -> 14, the text's example) and a fall
that deals damage deals at least 1 (inferred from "Minimum Damage").
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

import pandas as pd

from ..attacks.formulas import range_penalty
from lfgcombat.creature.size import Size
from ..damage import Applied, DamageType, Resistances, apply_resistance
from lfgcombat.dice import DiceExpr, Roll, Roller, parse
from lfgcombat.errors import IllegalActionError, LfgError
from ..health.saves import SaveResult, saving_throw
from lfgcombat.io.tables import Column, Schema, load_table, records, register_schema

if TYPE_CHECKING:
    from lfgcombat.creature import Creature

__all__ = ["FallingError", "FallResult", "FallingObject", "falling_damage", "fall",
           "falling_object_damage", "drop_object", "falling_table", "FALLING_SCHEMA",
           "FEET_PER_ROUND"]

TEXT = "000_8d1d7816ee944f3b.txt"
RULE = f'{TEXT}, "Falling & Falling Damage"'
RULE_OBJECTS = f'{TEXT}, "Falling Objects"'
#: "Assume a free-falling object or creature falls about 300 feet in 6 seconds".
FEET_PER_ROUND = 300

FALLING_SCHEMA = Schema(key="row", columns={
    "row": Column("str", pattern=r"(creature|object)_\d+"),
    "table": Column("choice", choices=("creature", "object")),
    "upto": Column("int", min=1, max=1_000_000),
    "percent": Column("int", min=0, max=1000, nullable=True),
    "ref_dc": Column("int", min=0, max=60, nullable=True),
    "dice": Column("str", nullable=True, pattern=r"\d+(d\d+)?"),
    "source": Column("source"),
})
register_schema("falling", FALLING_SCHEMA)


class FallingError(LfgError, ValueError):
    """A bad distance, size, check or weight."""


def falling_table() -> pd.DataFrame:
    """``data/falling.csv``: creature falls (``upto`` feet -> ``percent`` of max HP and the
    REF ``ref_dc``) and falling objects (``upto`` pounds -> ``dice``)."""
    return load_table("falling")


@functools.lru_cache(maxsize=1)
def _creature_rows() -> list[dict[str, Any]]:
    t = falling_table()
    return records(t[t["table"] == "creature"].sort_values("upto"))


@functools.lru_cache(maxsize=1)
def _object_rows() -> list[dict[str, Any]]:
    t = falling_table()
    return records(t[t["table"] == "object"].sort_values("upto"))


def _int(name: str, value: object, lo: int = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < lo:
        raise FallingError(f"{name} must be a whole number >= {lo}, not {value!r}")
    return value


@dataclass(frozen=True)
class FallResult:
    """A fall: the effective distance, damage, and what the landing does.

    Attributes:
        feet: The distance fallen.
        effective_ft: After checks, soft ground, size and height.
        percent: % of max HP dealt (after the small-size cap).
        damage: Bludgeoning damage before DR.
        applied: After DR.
        ref_dc: The REF Save DC against a broken limb (``None`` when no damage).
        save: The REF Save rolled (:func:`fall` only).
        limb: ``broken_arm`` or ``broken_leg`` after a failed save (:func:`fall` only).
        lines: The account.
    """

    feet: int
    effective_ft: int
    percent: int
    damage: int
    applied: Applied
    ref_dc: int | None
    save: SaveResult | None = None
    limb: str | None = None
    lines: tuple[str, ...] = ()

    @property
    def taken(self) -> int:
        """Damage taken after resistances."""
        return self.applied.taken

    @property
    def lands_prone(self) -> bool:
        """"If you take damage, you land prone"."""
        return self.taken > 0

    def explain(self) -> str:
        """The fall, the save and the limb as readable lines."""
        out = list(self.lines)
        if self.save is not None:
            out.append("  " + self.save.explain().splitlines()[0])
        if self.limb:
            out.append(f"  suffers a {self.limb.replace('_', ' ')}")
        return "\n".join(out)


def falling_damage(max_hp: int, feet: int, size: Size | str = "medium", check: int | None = None,
                   soft: bool = False, *, height_ft: int | None = None,
                   resistances: Resistances | dict | None = None,
                   leaper: int = 0) -> FallResult:
    """The damage of a fall (no dice: it is a share of the victim's maximum HP).

    Args:
        max_hp: The victim's maximum HP.
        feet: The height of the fall.
        size: The victim's size (smaller than Medium: -10 ft per size and the most damage
            -10% per size; Huge and larger: subtract ``height_ft``).
        check: The Acrobatics or Jump&Sprint check result: 15+ takes 10 feet off, 25+
            takes 20.
        soft: A soft landing area (-10 ft).
        height_ft: The creature's height, required for Huge and larger creatures.
        resistances: The victim's resistances (DR applies to falling damage).
        leaper: X of Leaper X for a purposeful jump down: the fall counts X/2 feet less
            (000_8d1d7816ee944f3b.txt, "Leaper": Leaper 20 treats a 15-foot fall as 5 feet).

    Returns:
        :class:`FallResult` (no rolls).

    Raises:
        FallingError: bad values, or a Huge+ creature without ``height_ft``.

    Example:
        >>> falling_damage(142, 30, check=27).damage   # Rock the Barbarian
        14
    """
    sz = _checked_fall(max_hp, feet, size, check, leaper)
    effective, lines = _effective_fall(feet, sz, check, soft, height_ft)
    if leaper:
        effective = max(0, effective - leaper // 2)
        lines += (f"  Leaper {leaper}, jumping down: -{leaper // 2} ft",)
    pct, dc, cap_lines = _fall_percent(effective, sz)
    damage = max_hp * pct // 100
    if pct and damage < 1:
        damage = 1
    lines += cap_lines + (f"  effective fall {effective} ft: {pct}% of max HP {max_hp} = "
                          f"{damage} bludgeoning",)
    applied, dc, landing = _landing(damage, dc, resistances)
    return FallResult(feet, effective, pct, damage, applied, dc, lines=lines + landing)


def _checked_fall(max_hp: int, feet: int, size: Size | str, check: int | None,
                  leaper: int) -> Size:
    """Check :func:`falling_damage`'s numbers and return the victim's size.

    Raises:
        FallingError: a bad max HP, distance, size, check or Leaper value.
    """
    _int("max_hp", max_hp, 1)
    _int("feet", feet)
    try:
        sz = Size.coerce(size)
    except ValueError:
        raise FallingError(f"unknown size {size!r}; one of "
                           + ", ".join(s.value for s in Size)) from None
    if check is not None and (isinstance(check, bool) or not isinstance(check, int)):
        raise FallingError(f"check is the Acrobatics or Jump&Sprint result, a whole number, "
                           f"not {check!r}")
    _int("leaper", leaper)
    return sz


def _landing(damage: int, dc: int | None, resistances: Resistances | dict | None
             ) -> tuple[Applied, int | None, tuple[str, ...]]:
    """(damage after DR, the REF DC if any damage is taken, lines): "If you do not take
    damage from a fall, you land standing and unharmed. If you take damage, you land prone
    and risk a broken limb"; "Damage Resistance (DR) can function against falling
    damage"."""
    res = (resistances if isinstance(resistances, Resistances)
           else Resistances.from_dict(resistances))
    applied = apply_resistance(damage, DamageType.BLUDGEONING, res)
    lines: tuple[str, ...] = (f"  {applied}",) if applied.resisted else ()
    if applied.taken:
        return applied, dc, lines + (f"  lands prone; REF Save DC{dc} or a broken arm or "
                                     "leg (50/50)",)
    return applied, None, lines + ("  no damage: lands standing and unharmed",)


def _effective_fall(feet: int, sz: Size, check: int | None, soft: bool,
                    height_ft: int | None) -> tuple[int, tuple[str, ...]]:
    """(the fall's effective height after the check, a soft landing and size, the lines)."""
    lines = [f"fall of {feet} ft ({RULE})"]
    effective = feet
    if check is not None:
        cut = 20 if check >= 25 else 10 if check >= 15 else 0
        lines.append(f"  Acrobatics/Jump&Sprint {check}: "
                     + (f"-{cut} ft (DC{25 if cut == 20 else 15})" if cut else "no reduction "
                        "(DC15 needed)"))
        effective -= cut
    if soft:
        effective -= 10
        lines.append("  soft landing: -10 ft")
    steps_below = max(0, -sz.order)
    if steps_below:
        effective -= 10 * steps_below
        lines.append(f"  {sz.value}: {steps_below} size(s) below Medium, -{10 * steps_below} ft")
    if sz.order >= 2:
        if height_ft is None:
            raise FallingError(f"a {sz.value} creature subtracts its height from the fall: "
                               "give height_ft (e.g. 20 for a 20-foot giant)")
        _int("height_ft", height_ft)
        effective -= height_ft
        lines.append(f"  {sz.value}: its height {height_ft} ft is subtracted")
    return max(0, effective), tuple(lines)


def _fall_percent(effective: int, sz: Size) -> tuple[int, int | None, tuple[str, ...]]:
    """(% of max HP, REF Save DC, lines) of an effective fall: the falling table's row, and
    at most -10% per size below Medium of its largest share."""
    rows = _creature_rows()
    pct, dc = 0, None
    for r in rows:
        if effective >= r["upto"]:
            pct, dc = int(r["percent"]), int(r["ref_dc"])
    steps_below = max(0, -sz.order)
    cap = int(rows[-1]["percent"]) - 10 * steps_below
    if steps_below and pct > cap:
        return cap, dc, (f"  most damage for a {sz.value} creature: {cap}% (-10% per size "
                         "below Medium)",)
    return pct, dc, ()


def fall(creature: Creature, feet: int, roller: Roller, *, check: int | None = None,
         soft: bool = False, height_ft: int | None = None) -> FallResult:
    """A creature falls: damage from its max HP, then the REF Save and the 50/50 limb.

    Args:
        creature: The :class:`lfgcombat.Creature`.
        feet, check, soft, height_ft: As :func:`falling_damage`.
        roller: Rolls the REF Save and, if it fails, 1d2 (1 arm, 2 leg).

    Returns:
        :class:`FallResult` with ``save`` and ``limb``. Apply ``taken`` with
        :meth:`lfgcombat.rules.health.vitals.Vitals.damage` and the limb with
        :meth:`lfgcombat.rules.health.vitals.Vitals.gain`.
    """
    result = falling_damage(creature.max_hp.whole(), feet, creature.size, check, soft,
                            height_ft=height_ft,
                            resistances=Resistances.from_dict(creature.resistances))
    lines = (f"{creature.name}: " + result.lines[0],) + result.lines[1:]
    if not result.taken:
        return replace(result, lines=lines)
    assert result.ref_dc is not None  # a fall that harms always has its REF Save DC
    save = saving_throw(creature, "ref", result.ref_dc, roller,
                        label=f"{creature.name} REF Save vs broken limb (DC {result.ref_dc})")
    limb = None
    if not save.success:
        r = roller.roll("1d2", label="broken limb: 1 arm, 2 leg")
        limb = ("broken_arm", "broken_leg")[r.total - 1]
    return replace(result, save=save, limb=limb, lines=lines)


# --------------------------------------------------------------------------- objects


def falling_object_damage(weight_lb: int, feet: int, softer: int = 0) -> DiceExpr:
    """The damage dice of a dense, solid object falling on a creature.

    000_8d1d7816ee944f3b.txt, "Falling Objects": damage by weight ("Six 5lb stones ... count
    as one 30lb stone dealing 1d8" from 30 feet); "Add +1 damage dice per +100 feet (max
    1000')"; "Softer objects (like bodies) and less dense objects deal damage as if 1-2
    weight categories smaller". The weight bands are reconstructed in ``data/falling.csv``.

    Args:
        weight_lb: The weight (several objects dropped together: their total).
        feet: The height of the drop.
        softer: Weight categories smaller for soft objects (0-2).

    Raises:
        FallingError: bad values.
    """
    _int("weight_lb", weight_lb, 1)
    _int("feet", feet)
    if softer not in (0, 1, 2):
        raise FallingError(f"softer is 0, 1 or 2 weight categories, not {softer!r}")
    rows = _object_rows()
    i = next((k for k, r in enumerate(rows) if weight_lb <= r["upto"]), len(rows) - 1)
    i = max(0, i - softer)
    base = parse(rows[i]["dice"])
    extra = max(0, (min(feet, 1000) - 1) // 100)
    if not extra:
        return base
    if not base.dice:
        return parse(str(base.constant + extra))
    d = base.dice[0]
    return parse(f"{d.count + extra}d{d.sides}")


@dataclass(frozen=True)
class FallingObject:
    """An object dropped on a target hex: the attack, the REF Save and the damage."""

    attack_roll: Roll
    hit: bool
    ref_dc: int | None
    save: SaveResult | None
    struck: bool
    dice: DiceExpr
    damage: Roll | None
    lines: tuple[str, ...]

    def explain(self) -> str:
        """The dropped object's attack and damage as readable lines."""
        return "\n".join(self.lines)


def drop_object(dropper: Creature, weight_lb: int, feet: int, roller: Roller,
                target: Creature | None = None, *, horizontal_ft: int = 0,
                softer: int = 0) -> FallingObject:
    """Drop an object on a target hex (000_8d1d7816ee944f3b.txt, "Falling Objects").

    "a Wisdom-based Ranged Attack Roll against AC5. The Range Increment of the dropped
    attack is 20 feet, but with no max falling range"; the hex must be "within 10 feet
    horizontal distance"; on a hit the creature there makes "a REF Save DC10 or be struck ...
    Add +2 REF Save DC per 5 points by which the Attack Roll beats AC5"; "A Nat20 Attack Roll
    requires a REF Save DC25"; a miss lands in an adjacent hex; "A Nat1 Attack Roll cannot
    harm any foes".

    Raises:
        IllegalActionError: the hex is more than 10 feet away horizontally.
    """
    _int("horizontal_ft", horizontal_ft)
    if horizontal_ft > 10:
        raise IllegalActionError(f"the target hex is {horizontal_ft} ft away horizontally; "
                                 "it must be within 10 feet", RULE_OBJECTS)
    dice = falling_object_damage(weight_lb, feet, softer)
    bonus = dropper.hr.whole() + dropper.ability_mod("wis") + range_penalty(feet, 20)
    r = roller.roll(f"1d20{'+' if bonus >= 0 else '-'}{abs(bonus)}",
                    fortune=dropper.ranged_attack.fortune,
                    label=f"{dropper.name} drops a {weight_lb} lb object from {feet} ft vs AC 5")
    lines = [f"{dropper.name} drops {weight_lb} lb from {feet} ft: {dice} ({RULE_OBJECTS})",
             "  " + r.explain()]
    hit = r.natural != 1 and (r.natural == 20 or r.total >= 5)
    if not hit:
        lines.append("  natural 1: it cannot harm anyone" if r.natural == 1 else
                     "  miss: it lands in an adjacent hex (roll randomly)")
        return FallingObject(r, False, None, None, False, dice, None, tuple(lines))
    dc = 25 if r.natural == 20 else 10 + 2 * ((r.total - 5) // 5)
    lines.append(f"  hit: REF Save DC{dc} to avoid" + (" (natural 20)" if r.natural == 20 else
                                                        " (+2 per 5 over AC 5)"))
    if target is None:
        return FallingObject(r, True, dc, None, False, dice, None, tuple(lines))
    save = saving_throw(target, "ref", dc, roller,
                        label=f"{target.name} REF Save vs falling object (DC {dc})")
    lines.append("  " + save.explain().splitlines()[0])
    if save.success:
        return FallingObject(r, True, dc, save, False, dice, None, tuple(lines))
    dmg = roller.roll(dice, label=f"falling object damage on {target.name}")
    lines.append("  struck: " + dmg.explain())
    return FallingObject(r, True, dc, save, True, dice, dmg, tuple(lines))
