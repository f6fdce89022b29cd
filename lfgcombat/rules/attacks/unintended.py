"""Accuracy by Volume with the attack's own rules: a shot into a crowd rolled off the map
(its odds are :func:`lfgcombat.rules.attacks.odds.unintended_attack_odds`).

000_8d1d7816ee944f3b.txt, "Accuracy by Volume (Unintended Targets)". The rules of who becomes
the Unintended Target and of the second roll are :mod:`lfgcombat.rules.archery.archery` (pure, no
attack
resolution); this module combines them with :func:`~lfgcombat.rules.attacks.prepare.prepare`
and :func:`~lfgcombat.rules.attacks.prepare.attack`, so the dependency runs one way
(attacks -> archery). :func:`unintended_shot` is the part after the first roll, for a
caller that already prepared and rolled the attack (the AttackPanel's Roll).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..archery.archery import (RULE_VOLUME, Bystander, choose_unintended, finds_unintended,
                               first_roll_outcome, second_situation)
from lfgcombat.dice import Roller
from .prepare import attack, prepare

__all__ = ["shoot_into_a_crowd", "unintended_shot", "UnintendedResult"]


@dataclass(frozen=True)
class UnintendedResult:
    """What a ranged attack's first roll set off (Accuracy by Volume).

    Attributes:
        struck: The Unintended Target's name (``None``: nobody was shot at again).
        result: Its new attack at -4 without precision damage (``None`` when not rolled).
        why: The account, as the encounter logs it ("" when nothing applied: a hit, a
            melee attack, no creature near the target).
    """

    struck: str | None
    result: Any
    why: str

    def explain(self) -> str:
        """The account and, when rolled, the new attack's own account."""
        if not self.why:
            return ""
        text = f"{self.why} ({RULE_VOLUME})"
        if self.result is not None:
            text += "\n" + self.result.explain()
        return text


def unintended_shot(setup: Any, first: Any, bystanders: list[Bystander] | tuple[Bystander, ...],
                    roller: Roller, situation: dict[str, Any] | None = None
                    ) -> UnintendedResult:
    """After ``first`` (``setup`` rolled): on a miss that is not a Nat 1 nor the shield,
    the Unintended Target among equals (1dN) and the new attack at -4 without precision, as
    :meth:`lfgcombat.Encounter.attack` plays it on a map (the same rolls, the same order,
    the same words in ``why``).

    Args:
        setup: The prepared attack (:class:`~lfgcombat.rules.attacks.AttackSetup`).
        first: Its rolled :class:`~lfgcombat.rules.attacks.AttackResult`.
        bystanders: The creatures around the target.
        roller: Rolls the choice among equals and the new attack.
        situation: The attack's situation keywords (the new roll keeps them at -4, less
            what concerned the intended target:
            :func:`lfgcombat.rules.archery.archery.second_situation`).
    """
    none = UnintendedResult(None, None, "")
    if (first.hit or not finds_unintended(setup) or first.attack_roll is None
            or not bystanders):
        return none
    r = first.attack_roll
    outcome = first_roll_outcome(setup, int(r.natural or 0), int(r.total))
    if outcome == "hit":
        return none  # the % miss chance made it miss
    if outcome != "miss":
        return UnintendedResult(None, None, "a natural 1 hits nothing" if outcome == "nat1"
                                else "it struck the shield")
    chosen = choose_unintended([x.candidate() for x in bystanders], roller)
    if chosen is None:
        return UnintendedResult(None, None, "no creature near the target: the shot lands "
                                "harmlessly")
    other = next(x.creature for x in bystanders if str(x.creature.name) == chosen.name)
    second = attack(setup.attacker, other, setup.weapon, roller, ruleset=setup.ruleset,
                    **second_situation(dict(situation or {})))
    return UnintendedResult(chosen.name, second, "the miss flies on to " + chosen.name)


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
    first = setup.resolve(roller)
    after = unintended_shot(setup, first, bystanders, roller, situation)
    return first, after.struck, after.result
