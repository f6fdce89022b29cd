"""A creature's Hit Points: max HP, Injured Threshold, Temporary HP cap, death, and the
conditions its HP bring.

000_8d1d7816ee944f3b.txt, "Hit Points (HP) - Taking Damage, Injury, Death:": "Acquiring
Hit Points" and "Player Character Classes - HP per Level" (max HP), "Injury & Injured
Threshold", "Temporary Hit Points (TempHP)", "Death" and "NPC & Enemy Death" (the HP at
which it dies), "Unconscious & Dying" and "Stabilize when Dying" (what 0 HP or less does).
:class:`lfgcombat.creature.Creature` caches each of these as a property; this module reads
the creature's fields only and imports no creature at run time.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..rules.citations import cite as _cite
from .combat_stats import Kind, _class_rows
from ..rules.conditions.conditions import Condition
from .parse import _max_hp_value
from .stats import Stat, Term

if TYPE_CHECKING:
    from . import Creature

__all__ = ["hp_per_level", "max_hp", "injured_threshold", "temp_hp_cap", "death_threshold",
           "hp_conditions"]


def hp_per_level(creature: Creature) -> int | None:
    """The class's HP per level ("Player Character Classes - HP per Level").

    Args:
        creature: The creature.

    Returns:
        ``None`` for a creature without a class.
    """
    if creature.character_class is None:
        return None
    return int(_class_rows()[creature.character_class]["hp_per_level"])


def max_hp(creature: Creature) -> Stat:
    """Maximum HP (000_8d1d7816ee944f3b.txt, "Acquiring Hit Points").

    Class HP per level plus CONMod per level, "at least 1HP each level", plus "+2 Hit
    Points upon creation". Ex: "Level 3 Wizard with 12 CON = ... 12+3+2 = 17".

    Args:
        creature: The creature.

    Returns:
        The :class:`Stat` (the given ``max_hp`` for monsters).
    """
    rule = _cite("Acquiring Hit Points", "Player Character Classes - HP per Level")
    given = creature.max_hp_override
    if given is not None:
        return Stat("max_hp", given, (Term("max_hp given (monster HP come from Monster "
                                           "Level & Role, Ch15.1)", given),), rule=rule)
    per = hp_per_level(creature) or 0  # a creature without a class has max_hp given
    con = creature.ability_mod("con")
    level, cls = creature.level, creature.character_class
    terms = [Term(f"{cls} {per} HP/level x {level}", per * level),
             Term(f"CON mod {con:+d}/level x {level} (CON {creature.abilities['con']})",
                  con * level)]
    if per + con < 1:
        terms.append(Term(f"at least 1 HP each level (+{1 - per - con} x {level})",
                          (1 - per - con) * level))
    terms.append(Term("creation", 2))
    value = _max_hp_value(cls, level, con, None)
    return Stat("max_hp", value, tuple(terms), rule=rule)


def injured_threshold(creature: Creature) -> Stat:
    """25% of max HP, rounded down; none with 3 or fewer HP.

    000_8d1d7816ee944f3b.txt, "Injury & Injured Threshold": "Your Injured Threshold is
    one-quarter (25%) of your maximum HP"; "Creatures with 3 or fewer HP do not have an
    Injured Threshold". Rounded down (inferred, as the text's 36 HP -> 9 TempHP).

    Args:
        creature: The creature.

    Returns:
        The :class:`Stat` (value ``None`` with 3 or fewer max HP).
    """
    rule = _cite("Injury & Injured Threshold")
    mx = int(creature.max_hp)
    if mx <= 3:
        return Stat("injured_threshold", None, notes=(
            f"max HP {mx}: creatures with 3 or fewer HP have no Injured Threshold",),
            rule=rule)
    return Stat("injured_threshold", mx // 4,
                (Term(f"25% of max HP {mx}, rounded down", mx // 4),),
                notes=("Injured at or below it",), rule=rule)


def temp_hp_cap(creature: Creature) -> Stat:
    """The most Temporary HP it may have: 25% of max HP ("Temporary Hit Points").

    Ex: "A character with maximum 36HP may never have more than 9 Temporary HP."

    Args:
        creature: The creature.

    Returns:
        The :class:`Stat`.
    """
    mx = int(creature.max_hp)
    return Stat("temp_hp_cap", mx // 4, (Term(f"25% of max HP {mx}, rounded down", mx // 4),),
                rule=_cite("Temporary Hit Points (TempHP)"))


def death_threshold(creature: Creature) -> Stat:
    """The HP at which it dies: -CON score (PCs, bosses) or -level (NPCs, goons).

    000_8d1d7816ee944f3b.txt, "Death": "dies if reduced to a negative number of HP
    equal to its CON Score"; "NPC & Enemy Death": goons and most NPCs "die when they
    reach (-Level) HP".

    Args:
        creature: The creature.

    Returns:
        The :class:`Stat`.
    """
    kind = creature.kind if creature.kind is not None else Kind.PC  # set by the parser
    if kind in (Kind.PC, Kind.BOSS):
        con = creature.abilities["con"]
        return Stat("death_threshold", -con, (Term(f"-CON score ({kind.value})", -con),),
                    rule=_cite("Death"))
    return Stat("death_threshold", -creature.level,
                (Term(f"-level ({kind.value})", -creature.level),),
                rule=_cite("NPC & Enemy Death"))


def hp_conditions(creature: Creature) -> list[tuple[Condition, str]]:
    """The conditions its current HP bring, each with why.

    HP at or below the Injured Threshold adds Injured ("Injury & Injured Threshold");
    at 0 HP or below it is Dying while bleeding, else Unconscious ("Unconscious &
    Dying", "Stabilize when Dying").

    Args:
        creature: The creature.

    Returns:
        ``(condition, reason)`` pairs, possibly empty.
    """
    extra: list[tuple[Condition, str]] = []
    threshold = creature.injured_threshold.value
    hp = creature.hp
    if threshold is not None and hp <= threshold:
        extra.append((Condition.INJURED, f"HP {hp} at or below the Injured Threshold "
                                         f"{threshold}"))
    if hp <= 0:
        bleeding = any(a.condition is Condition.BLEED for a in creature.conditions)
        extra.append((Condition.DYING if bleeding else Condition.UNCONSCIOUS,
                      f"HP {hp} at or below 0" + (" and bleeding" if bleeding else "")))
    return extra
