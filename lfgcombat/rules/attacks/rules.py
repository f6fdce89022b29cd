"""The headings of 000_8d1d7816ee944f3b.txt the attack modules cite, and their error.

Each constant is the citation an :class:`~lfgcombat.errors.IllegalActionError` carries, built
with :func:`lfgcombat.rules.citations.cite`, so every module of :mod:`lfgcombat.rules.attacks` names
a
rule the same way. (Their weapon error is :class:`lfgcombat.rules.weapons.WeaponError`.)
"""

from __future__ import annotations

from ..citations import cite
from lfgcombat.errors import IllegalActionError

__all__ = ["TEXT", "R_ATTACK", "R_TYPES", "R_CRIT", "R_CAP", "R_COUP", "R_PERFECT",
           "R_KILLER", "R_UNARMED", "R_SPECIAL", "R_PARRY", "R_PARRY_BONUS", "R_DEFENSE",
           "R_DODGE", "R_CONCEAL", "R_HANDS", "R_CONDITIONS", "R_DAMAGE_TYPES", "illegal"]

TEXT = "000_8d1d7816ee944f3b.txt"

R_ATTACK = cite("Attack Rolls")
R_TYPES = cite("Three Attack Types – Basic, Heavy, Ranged:")
R_CRIT = cite("Critical Hits")
R_CAP = cite("Consecutive Attacks: Making more than 1 attack on your turn (Consecutive "
             "Attack Penalty, or C.A.P.)")
R_COUP = cite("Coup de Grace / Killing Blow")
R_PERFECT = cite("Perfect Critical (Optional Rule)")
R_KILLER = cite("Killer Criticals (Optional Rule)")
R_UNARMED = cite("Basic Unarmed Attacks – Punch & Kick:")
R_SPECIAL = cite("Special Actions in Combat")
R_PARRY = cite("Active Parry – Clarifications & Limitations:")
R_PARRY_BONUS = cite("Active Parry - If you are attacked in melee and are aware of the attack:")
R_DEFENSE = cite("Active Defense Limitations:")
R_DODGE = cite("Active Dodge – Clarifications & Limitations:")
R_CONCEAL = cite("Concealment - What is it?")
R_HANDS = cite("Handedness & Using Both Hands (Two Weapon Fighting)")
R_CONDITIONS = cite("Conditions – Full Details")
R_DAMAGE_TYPES = cite("How do I read or write the damage for an attack or spell?")


def illegal(message: str, rule: str) -> IllegalActionError:
    """An :class:`~lfgcombat.errors.IllegalActionError` for ``message`` citing ``rule``.

    Args:
        message: What is forbidden and why, in words.
        rule: The citation (one of this module's ``R_*`` constants).

    Returns:
        The error, to be raised by the caller.
    """
    return IllegalActionError(message, rule)

