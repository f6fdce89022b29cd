"""Tactics: how a simulated creature picks its target, its weapon and who acts next.

GM prep plays many fights without a GM, so every choice a player would make is a small,
documented policy. Both tiers (:mod:`lfgcombat.prep.reference` and
:mod:`lfgcombat.prep.kernel`) follow the same policies, so they play the same fight.

Target policies (among the foes still conscious; ties go to the first in the sides' order):

* ``weakest``: the foe with the fewest HP now ("focus fire").
* ``nearest``: on a map, the closest foe (hex distance); on the open field every foe is
  equally near, so the first foe in the sides' order.
* ``dangerous``: the foe that deals the most expected damage per turn to its foes (its
  Attacks Per Turn times the mean damage of one attack, from the exact attack odds).
* ``random``: a foe drawn uniformly (from the fight's own seeded stream).

Weapons: a creature attacks with its first listed weapon (the encounter's default weapon),
so a creature listing a bow first is an archer; on a map an archer keeps its distance (it
shoots from where it stands) and a melee creature closes in (moves next to its target).

Turn order (Selective Initiative, 000_8d1d7816ee944f3b.txt, "Rounds, Initiative, & Turn
Order" and "Selective Initiative – Suggestion"): the highest Initiative Check opens the
first round; a creature ending its turn hands the turn to the first ally (in the sides'
order) who has not acted this round, else to the first foe who has not; the last to act in
a round opens the next with the first living ally in the sides' order (itself included).
Unconscious and dying creatures keep their turns (they bleed and try to stabilize at the
start of them). Nobody is unaware: no Surprise Round.

Left out for now (neither tier plays them): spells and casting, special actions (Aim, Power
Attack, Fight Defensively, Active Parry/Dodge, Charge, Wrestling, Coup de Grace on the
fallen), interrupts and readied actions, healing, and attacking a creature already down.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ..errors import LfgError

__all__ = ["TARGET_POLICIES", "Tactics", "TacticsError", "coerce_tactics"]

#: The target policies, in the order the fast tier numbers them.
TARGET_POLICIES: tuple[str, ...] = ("weakest", "nearest", "dangerous", "random")


class TacticsError(LfgError, ValueError):
    """An unknown target policy, or tactics that name a side the fight does not have."""


@dataclass(frozen=True)
class Tactics:
    """The policy a side plays by.

    Args:
        target: One of :data:`TARGET_POLICIES`.

    Raises:
        TacticsError: an unknown policy.
    """

    target: str = "weakest"

    def __post_init__(self) -> None:
        if self.target not in TARGET_POLICIES:
            raise TacticsError(f"tactics target must be one of {', '.join(TARGET_POLICIES)}, "
                               f"not {self.target!r}")

    @property
    def code(self) -> int:
        """The policy's number in the fast tier."""
        return TARGET_POLICIES.index(self.target)


def coerce_tactics(value: "Tactics | str | Mapping | None", sides: list[str]
                   ) -> dict[str, Tactics]:
    """One :class:`Tactics` per side from a policy name, a ``Tactics``, or a mapping of side
    to either (sides left out play ``weakest``).

    Raises:
        TacticsError: an unknown policy or side.
    """
    if value is None:
        return {s: Tactics() for s in sides}
    if isinstance(value, (str, Tactics)):
        t = value if isinstance(value, Tactics) else Tactics(value)
        return {s: t for s in sides}
    if isinstance(value, Mapping):
        unknown = [k for k in value if k not in sides]
        if unknown:
            raise TacticsError(f"tactics name side(s) {', '.join(map(repr, unknown))}; the "
                               f"sides are {', '.join(map(repr, sides))}")
        return {s: (value[s] if isinstance(value[s], Tactics) else Tactics(value[s]))
                if s in value else Tactics() for s in sides}
    raise TacticsError(f"tactics must be a policy name ({', '.join(TARGET_POLICIES)}), a "
                       f"Tactics or a mapping side -> policy, not {value!r}")
