"""Prowess, Defense and Total Defense in the ``wounds`` ruleset.

003_de0e94afd49609a7.txt, "Prowess is added directly to your Defense": "When calculating
Defense you add your Prowess as a Dodge bonus to Defense." "Defense = 10+ Prowess + Dex +
Talents + Conditions + Circumstance". "Total Defense is an action you can take in combat,
by spending a Half Action. Doing so grants you a +4 bonus to your AC until the beginning of
your next turn. You cannot make attacks of opportunity whilst in Total Defense, and you
must spend additional Half Actions to maintain it for following rounds. You can't combine
Total Defense with Defensive Fighting, or any Combat Stances or Styles."

Decision where the text is open (inferred): a turn has two Half Actions (the text spends
"your Half Action" to attack and to defend; two a turn is the split of the d20 family's
standard + move turn it builds on).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from lfgcombat.errors import IllegalActionError

from ._base import check_int, rule

__all__ = ["HALF_ACTIONS_PER_TURN", "TOTAL_DEFENSE_BONUS", "defense", "Turn"]

HALF_ACTIONS_PER_TURN = 2
TOTAL_DEFENSE_BONUS = 4
_TOTAL = rule("Total Defense")


def defense(prowess: int, dex: int, talents: int = 0, conditions: int = 0,
            circumstance: int = 0, total_defense: bool = False) -> int:
    """Defense = 10 + Prowess (a Dodge bonus) + DEX + talents + conditions + circumstance,
    +4 in Total Defense.

    Example:
        >>> defense(prowess=3, dex=2), defense(3, 2, total_defense=True)
        (15, 19)

    Raises:
        WoundsError: naming the field that is not a whole number (Prowess >= 0).
    """
    return (10 + check_int("prowess", prowess, 0) + check_int("dex", dex)
            + check_int("talents", talents) + check_int("conditions", conditions)
            + check_int("circumstance", circumstance)
            + (TOTAL_DEFENSE_BONUS if total_defense else 0))


@dataclass(frozen=True)
class Turn:
    """One creature's Half Actions this turn, and whether it is in Total Defense.

    Attributes:
        half_actions: Half Actions left.
        total_defense: In Total Defense (until the start of its next turn).
        defensive_fighting: Fighting defensively, or in a Combat Stance or Style.
    """

    half_actions: int = HALF_ACTIONS_PER_TURN
    total_defense: bool = False
    defensive_fighting: bool = False

    def __post_init__(self) -> None:
        check_int("half_actions", self.half_actions, 0, HALF_ACTIONS_PER_TURN)

    def spend(self, what: str = "attack") -> "Turn":
        """Spend one Half Action (an attack, a move...).

        Raises:
            IllegalActionError: no Half Action left.
        """
        if self.half_actions == 0:
            raise IllegalActionError(f"no Half Action left for {what!r:.30} this turn", _TOTAL)
        return replace(self, half_actions=self.half_actions - 1)

    def take_total_defense(self) -> "Turn":
        """Spend a Half Action on Total Defense (also to maintain it from last turn).

        Raises:
            IllegalActionError: no Half Action left, or fighting defensively / in a stance.
        """
        if self.defensive_fighting:
            raise IllegalActionError("Total Defense cannot be combined with Defensive "
                                     "Fighting, Combat Stances or Styles", _TOTAL)
        return replace(self.spend("Total Defense"), total_defense=True)

    @property
    def can_make_aoo(self) -> bool:
        """"You cannot make attacks of opportunity whilst in Total Defense"."""
        return not self.total_defense

    def next_turn(self, maintain: bool = False) -> "Turn":
        """The next turn: Total Defense ends unless maintained with a Half Action."""
        fresh = Turn(defensive_fighting=self.defensive_fighting)
        return fresh.take_total_defense() if maintain and self.total_defense else fresh
