"""What a creature may do on its turn: Move Speed, actions and attacks per turn.

000_8d1d7816ee944f3b.txt, "Movement in Combat" and "Bonus/Penalty to Move Speed" (the
creature's speed after typed bonuses and its conditions), "Reactions & AOO:" (Reactions
per round: 1, more from class abilities or Feats), the conditions' action limits
("Conditions – Full Details") and "Attacks Per Turn" (by level and the Big Actions it
has). :class:`lfgcombat.creature.Creature` caches ``move_speed``, ``actions`` and
``attacks_per_turn`` from these; this module imports no creature at run time.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from ..citations import cite as _cite
from lfgcombat.creature.combat_stats import attacks_per_turn
from ..conditions.conditions import ActionLimits
from ..movement.movement import MoveSpeed, SpeedModifier, move_speed
from lfgcombat.creature.stats import Stat, Term

if TYPE_CHECKING:
    from lfgcombat.creature import Creature

__all__ = ["creature_move_speed", "action_limits", "attacks_per_turn_stat"]


def creature_move_speed(creature: Creature) -> MoveSpeed:
    """Move Speed after bonuses and conditions (see
    :func:`lfgcombat.rules.movement.movement.move_speed`).

    Ex ("Bonus/Penalty to Move Speed"): 30 ft + Barbarian Fast Movement 10 = 40 ft;
    encumbered to 75%: 30 ft.

    Args:
        creature: The creature.

    Returns:
        The :class:`~lfgcombat.rules.movement.movement.MoveSpeed`.
    """
    conds = creature.active_conditions
    mods = [SpeedModifier(e.label, e.spec.speed_flat, e.spec.speed_flat_50_plus,
                          e.spec.speed_floor, e.spec.speed_multiplier)
            for e in conds if e.spec.speed_flat or e.spec.speed_multiplier != 1]
    bonuses = [b.bonus for b in creature.bonuses if b.target == "speed"]
    return move_speed(creature.speed, bonuses=bonuses, modifiers=mods,
                      immobile=conds.flagged("immobile"),
                      cannot_run=conds.flagged("cannot_run"),
                      cannot_5ft_step=conds.flagged("cannot_5ft_step"))


def action_limits(creature: Creature) -> ActionLimits:
    """Actions per turn left by its conditions (2 Big, 1 Little, 1 Reaction normally).

    "Other Reactions may be granted by class abilities, Feats, and so on" ("Reactions &
    AOO:"): the creature's ``reactions`` key (default 1) sets how many it has per round
    when its conditions allow Reactions at all.

    Args:
        creature: The creature.

    Returns:
        The :class:`~lfgcombat.rules.conditions.conditions.ActionLimits`.
    """
    limits = creature.active_conditions.action_limits()
    n = creature.reactions
    if n != 1 and limits.reactions > 0:
        limits = dataclasses.replace(
            limits, reactions=n,
            notes=limits.notes + (f"{n} Reactions a round (class ability or Feat)",))
    return limits


def attacks_per_turn_stat(creature: Creature) -> Stat:
    """Attacks on its turn by level and the Big Actions it has ("Attacks Per Turn").

    Args:
        creature: The creature.

    Returns:
        The :class:`Stat`, with the level band as its term.
    """
    big = creature.actions.big_actions
    level = creature.level
    value = attacks_per_turn(level, big)
    band = ("0-4" if level <= 4 else "5-9" if level <= 9 else
            "10-14" if level <= 14 else "15+")
    notes = (f"{big} Big Action{'s' if big != 1 else ''} this turn",) if big != 2 else ()
    return Stat("attacks_per_turn", value, (Term(f"level {level} (band {band})", value),),
                notes=notes, rule=_cite("Attacks Per Turn"))
