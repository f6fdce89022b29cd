"""Accuracy by Volume with the attack's own rules: a shot into a crowd rolled off the map
(its odds are :func:`lfgcombat.attacks.odds.unintended_attack_odds`).

000_8d1d7816ee944f3b.txt, "Accuracy by Volume (Unintended Targets)". The rules of who becomes
the Unintended Target and of the second roll are :mod:`lfgcombat.archery` (pure, no attack
resolution); this module combines them with :func:`~lfgcombat.attacks.prepare.prepare`
and :func:`~lfgcombat.attacks.prepare.attack`, so the dependency runs one way
(attacks -> archery).
"""

from __future__ import annotations

from typing import Any

from ..archery import (
    Bystander,
    choose_unintended,
    finds_unintended,
    first_roll_outcome,
    second_situation,
)
from ..dice import Roller
from .prepare import attack, prepare

__all__ = ["shoot_into_a_crowd"]


def shoot_into_a_crowd(attacker: Any, target: Any, weapon: Any, roller: Roller,
                       bystanders: list[Bystander] | tuple[Bystander, ...],
                       ruleset: Any = None, **situation: Any) -> tuple[Any, str | None, Any]:
    """Roll a ranged attack with Accuracy by Volume, off the map (the encounter does the
    same on its map): the attack; on a miss that is not a Nat 1 nor the shield, the
    Unintended Target among equals (1dN) and the new attack at -4 without precision.

    Returns:
        ``(first result, the Unintended Target's name or None, its attack result or None)``.
    """
    setup = prepare(attacker, target, weapon, ruleset=ruleset, **situation)
    first = attack(attacker, target, weapon, roller, ruleset=ruleset, **situation)
    if first.hit or not finds_unintended(setup) or first.attack_roll is None:
        return first, None, None
    r = first.attack_roll
    if first_roll_outcome(setup, int(r.natural or 0), int(r.total)) != "miss":
        return first, None, None
    chosen = choose_unintended([x.candidate() for x in bystanders], roller)
    if chosen is None:
        return first, None, None
    other = next(x.creature for x in bystanders if str(x.creature.name) == chosen.name)
    second = attack(attacker, other, weapon, roller, ruleset=ruleset,
                    **second_situation(dict(situation)))
    return first, chosen.name, second
