"""Natural weapons by size, and Swallow Whole's numbers.

000_8d1d7816ee944f3b.txt, "Common Natural Weapons": "Natural Weapons score Critical Hits on
20/x2. S/M/L/H indicates damage based on Size Category." The S/M/L/H table itself is
missing; ``data/natural_weapons.csv`` rebuilds it for every natural weapon the text names
(bite, strong bite, claw, strong claws/talons, smack, bash/slam, ram, gore, sting: the text's
000_8d1d7816ee944f3b.txt, "Natural Weapon Descriptions:", each weapon's basic or heavy attack and
damage type in ``data/weapons.csv``; e.g. 000_8d1d7816ee944f3b.txt, "Claw": a basic slashing attack;
000_8d1d7816ee944f3b.txt, "Bash/Slam": a heavy bludgeoning attack with the Knockdown trait). The
Medium column must equal ``data/weapons.csv`` (which holds every other statistic of these
weapons; this table only extends it by size) and the other columns move one die size per
size category along the text's "Generic Weapon Dice Size List" (inferred, the d20
progression; the same rule :func:`lfgcombat.rules.weapons.entry_weapon` applies).

Swallow Whole (same heading): "1d4[b] +1d4[acid] damage each round. Damage based on Large
Sized creature. Add +1 die size per size category above Large"; cutting free takes "1/10 the
larger creature's max Hit Points" of damage dealt after a "DC15 Wrestling or Acrobatics
Check"; a "DC30 Acrobatics or Wrestling Check" forces the way back out.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, replace
from typing import Any

import pandas as pd

from lfgcombat.errors import IllegalActionError, LfgError, RulesDataError
from lfgcombat.io.tables import Column, Schema, load_table, register_schema
from lfgcombat.creature.size import Size
from lfgcombat.dice import step

__all__ = ["Swallowed", "check_swallow", "swallow", "cut_inside", "force_out",
           "NATURAL_WEAPONS_SCHEMA", "natural_weapons_table", "natural_damage",
           "swallow_whole_damage", "swallow_cut_free_hp", "SWALLOW_CUT_DC",
           "SWALLOW_ESCAPE_DC", "NaturalWeaponError"]

TEXT = "000_8d1d7816ee944f3b.txt"
RULE = f'{TEXT}, "Common Natural Weapons"'
_DICE = r"1|[1-9]\d*d[1-9]\d*"
_SIZES = ("small", "medium", "large", "huge")

NATURAL_WEAPONS_SCHEMA = Schema(key="weapon", columns={
    "weapon": Column("str", unique=True, pattern=r"[a-z ]+"),
    "small": Column("str", pattern=_DICE),
    "medium": Column("str", pattern=_DICE),
    "large": Column("str", pattern=_DICE),
    "huge": Column("str", pattern=_DICE),
    "damage_type": Column("str", pattern=r"[a-z+/]+"),
    "source": Column("source"),
})
register_schema("natural_weapons", NATURAL_WEAPONS_SCHEMA)

#: "It must make a DC15 Wrestling or Acrobatics Check to deal damage while inside."
SWALLOW_CUT_DC = 15
#: "A DC30 Acrobatics or Wrestling Check to force its way back into the larger creature's mouth".
SWALLOW_ESCAPE_DC = 30


class NaturalWeaponError(LfgError, ValueError):
    """An unknown natural weapon or a size the table does not cover."""


def natural_weapons_table() -> pd.DataFrame:
    """``data/natural_weapons.csv``, checked against ``data/weapons.csv``.

    Raises:
        RulesDataError: a weapon that is not a natural weapon of ``data/weapons.csv``, or a
            Medium damage or damage type that differs from it.
    """
    table = load_table("natural_weapons")
    weapons = load_table("weapons").set_index("name")
    for line, row in enumerate(table.to_dict("records"), start=2):
        name = row["weapon"]
        if name not in weapons.index or weapons.at[name, "category"] != "natural":
            raise RulesDataError(f"{name!r} is not a natural weapon of data/weapons.csv; add "
                                 "it there first", "natural_weapons.csv", line, "weapon")
        for col, other in (("medium", "damage"), ("damage_type", "damage_type")):
            if str(row[col]) != str(weapons.at[name, other]):
                raise RulesDataError(f"{row[col]!r} differs from data/weapons.csv "
                                     f"({weapons.at[name, other]!r}); keep them equal",
                                     "natural_weapons.csv", line, col)
    return table


@functools.lru_cache(maxsize=1)
def _rows() -> dict[str, dict[str, Any]]:
    return {str(r["weapon"]): {str(k): v for k, v in r.items()}
            for r in natural_weapons_table().to_dict("records")}


@functools.lru_cache(maxsize=1)
def _aliases() -> dict[str, str]:
    """Alias -> natural weapon, from the ``aliases`` column of ``data/weapons.csv``."""
    weapons = load_table("weapons")
    out: dict[str, str] = {}
    for r in weapons.to_dict("records"):
        if r["category"] != "natural" or r["name"] not in _rows():
            continue
        for alias in str(r.get("aliases") or "").split(";"):
            if alias.strip():
                out[alias.strip().lower()] = str(r["name"])
    return out


def natural_damage(weapon: str, size: Any) -> str:
    """The damage dice of a natural weapon for a creature of ``size`` (S/M/L/H).

    Each weapon's attack type is the text's description: a basic attack
    (000_8d1d7816ee944f3b.txt, "Bite"), a heavy one
    (000_8d1d7816ee944f3b.txt, "Strong Claws / Talons").

    The text names some weapons twice ("Strong Claws / Talons", "Bash/Slam", "A tail smack
    or tail bash"): an alias of ``data/weapons.csv`` (``talons``, ``slam``, ``tail smack``,
    ``tail bash``) reads its weapon's row. The rows' damage types follow the text's
    descriptions: 000_8d1d7816ee944f3b.txt, "Strong Bite" (crushing jaws, ``p+s``);
    000_8d1d7816ee944f3b.txt, "Smack" (a blunt natural weapon, ``b``).

    Args:
        weapon: A row of ``data/natural_weapons.csv`` (``"bite"``) or an alias of one.
        size: A :class:`~lfgcombat.creature.Size` or its name.

    Returns:
        The dice, e.g. ``"1d8"`` for a Large bite.

    Raises:
        NaturalWeaponError: unknown weapon, or a size outside Small..Huge.
    """
    key = " ".join(str(weapon).strip().lower().split())
    key = _aliases().get(key, key)
    if key not in _rows():
        raise NaturalWeaponError(f"weapon: unknown natural weapon {weapon!r}; the table has "
                                 f"{', '.join(_rows())} ({RULE})")
    name = getattr(size, "value", size)
    if name not in _SIZES:
        raise NaturalWeaponError(f"size: the S/M/L/H table covers {', '.join(_SIZES)}, not "
                                 f"{size!r} ({RULE})")
    return str(_rows()[key][name])


def swallow_whole_damage(size: Any) -> str:
    """Damage each round inside a swallowing creature of ``size``.

    "1d4[b] +1d4[acid] ... Damage based on Large Sized creature. Add +1 die size per size
    category above Large" (000_8d1d7816ee944f3b.txt, "Common Natural Weapons"). Below
    Large it stays 1d4 + 1d4 (inferred: the text only scales up).

    Args:
        size: The swallowing creature's :class:`~lfgcombat.creature.Size` (or name).

    Returns:
        The damage annotation, e.g. ``"1d6 [b] + 1d6 [acid]"`` for a Huge creature.
    """
    try:
        steps = max(0, Size.coerce(size).order - Size.LARGE.order)
    except ValueError:
        raise NaturalWeaponError(f"size: not a size category: {size!r}") from None
    die = step("1d4", steps)
    return f"{die} [b] + {die} [acid]"


def swallow_cut_free_hp(max_hp: int) -> int:
    """Cutting damage needed to get free: "1/10 the larger creature's max Hit Points"
    (rounded down, at least 1: inferred, as the text's other fractions)."""
    if isinstance(max_hp, bool) or not isinstance(max_hp, int) or max_hp < 1:
        raise NaturalWeaponError(f"max_hp: a positive whole number, not {max_hp!r}")
    return max(1, max_hp // 10)


# --------------------------------------------------------------------------- Swallow Whole


def check_swallow(swallower: Any, prey: Any, *, held_in_mouth: bool) -> None:
    """"If the larger creature begins a turn with a creature 2+ size categories smaller than
    itself held with its mouth, it can attempt another Wrestling check as a Big Action."

    Args:
        swallower, prey: Creatures (or sizes).
        held_in_mouth: The prey was held in the mouth when the turn began.

    Raises:
        IllegalActionError: the prey is not held, or not 2+ sizes smaller.
    """
    try:
        a = Size.coerce(getattr(swallower, "size", swallower))
        b = Size.coerce(getattr(prey, "size", prey))
    except ValueError:
        raise NaturalWeaponError("swallower/prey: creatures or sizes") from None
    if not held_in_mouth:
        raise IllegalActionError("Swallow Whole needs the prey held in the mouth since the "
                                 "start of the turn", RULE)
    if a.order - b.order < 2:
        raise IllegalActionError(f"Swallow Whole needs prey 2+ sizes smaller ({a.value} vs "
                                 f"{b.value})", RULE)


@dataclass(frozen=True)
class Swallowed:
    """A swallowed creature's situation (it keeps the Grappled condition; the swallower
    does not).

    Attributes:
        damage_each_round: :func:`swallow_whole_damage` of the swallower.
        cut_needed: :func:`swallow_cut_free_hp`. cut_dealt: Cutting damage so far.
        regurgitate_next_turn: The swallower spits it out on its next turn (Big Action).
        will_eat_again: False after cutting free ("will not attempt to eat that creature
            again"); True after forcing the way out.
    """

    damage_each_round: str
    cut_needed: int
    cut_dealt: int = 0
    regurgitate_next_turn: bool = False
    will_eat_again: bool = True


def swallow(swallower: Any, prey: Any, *, held_in_mouth: bool, won_check: bool,
            swallower_max_hp: int) -> Swallowed | None:
    """The Swallow Whole attempt, given the opposed Wrestling check's outcome.

    Returns:
        The :class:`Swallowed` state on a win, else ``None`` (the prey stays held).

    Raises:
        IllegalActionError: see :func:`check_swallow`.
    """
    check_swallow(swallower, prey, held_in_mouth=held_in_mouth)
    if not won_check:
        return None
    return Swallowed(swallow_whole_damage(getattr(swallower, "size", swallower)),
                     swallow_cut_free_hp(swallower_max_hp))


def cut_inside(state: Swallowed, *, check_total: int, damage: int,
               light_slashing_or_piercing: bool = True) -> Swallowed:
    """Cut from inside: a light slashing or piercing weapon, a DC15 Wrestling or Acrobatics
    check, then the damage counts ("Precision & Critical Hit damage cannot be applied": pass
    the damage without them). Enough damage -> regurgitated next turn, never eaten again.

    Raises:
        IllegalActionError: not a light slashing or piercing weapon.
        NaturalWeaponError: negative damage.
    """
    if not light_slashing_or_piercing:
        raise IllegalActionError("cutting free needs a light slashing or piercing weapon",
                                 RULE)
    if isinstance(damage, bool) or not isinstance(damage, int) or damage < 0:
        raise NaturalWeaponError(f"damage: a whole number >= 0, not {damage!r}")
    if check_total < SWALLOW_CUT_DC:
        return state
    dealt = state.cut_dealt + damage
    free = dealt >= state.cut_needed
    return replace(state, cut_dealt=dealt, regurgitate_next_turn=free or
                   state.regurgitate_next_turn, will_eat_again=state.will_eat_again and not free)


def force_out(state: Swallowed, *, check_total: int) -> Swallowed:
    """A DC30 Acrobatics or Wrestling check forces the way back out: regurgitated, but "it
    will still try to eat this creature if it gets the chance"."""
    if check_total < SWALLOW_ESCAPE_DC:
        return state
    return replace(state, regurgitate_next_turn=True)
