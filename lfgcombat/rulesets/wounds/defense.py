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

The "Conditions" term (:func:`condition_defense`, inferred: the wounds text lists no
conditions, the catalogue is lfg's): each lfg condition's AC number (Hindered -2, Flanked
-2...), its number against melee for a melee attack (Prone -4; its ranged Cover is left
to the GM: the distance decides it); a condition that loses the Dodge bonus (Flat-Footed,
Helpless) loses Prowess, "a Dodge bonus"; a Helpless creature's DEX counts as 0 (-5).
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from dataclasses import dataclass, replace

from lfgcombat.errors import IllegalActionError
from lfgcombat.rules.conditions.condition_effects import resolve
from lfgcombat.rules.conditions.conditions import Condition
from lfgcombat.rulesets.policies import ConditionCatalogue

from ._base import check_int, evolve, rule

__all__ = ["HALF_ACTIONS_PER_TURN", "TOTAL_DEFENSE_BONUS", "defense", "Turn",
           "ConditionDefense", "condition_defense"]

HALF_ACTIONS_PER_TURN = 2
TOTAL_DEFENSE_BONUS = 4
_TOTAL = rule("Total Defense is an action you can take in combat")
_HALF = rule("Attacking an enemy usually involves spending your Half Action")


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
class ConditionDefense:
    """What a target's conditions do to its Defense (:func:`condition_defense`).

    Attributes:
        modifier: The conditions' AC numbers added up (penalties always add).
        loses_prowess: A condition loses its Dodge bonus, so Prowess does not count.
        dex_zero: Its DEX counts as 0 (-5).
        notes: Each condition that counted, in words.
    """

    modifier: int = 0
    loses_prowess: bool = False
    dex_zero: bool = False
    notes: tuple[str, ...] = ()

    def defense(self, prowess: int, dex: int, circumstance: int = 0,
                total_defense: bool = False, talents: int = 0) -> int:
        """:func:`defense` with these conditions (and the target's ``talents`` and the
        ``circumstance`` terms)."""
        return defense(0 if self.loses_prowess else prowess, -5 if self.dex_zero else dex,
                       talents=talents, conditions=self.modifier, circumstance=circumstance,
                       total_defense=total_defense)


def condition_defense(names: "Iterable[str]", melee: bool = True) -> ConditionDefense:
    """The "Conditions" term of "Defense = 10+ Prowess + Dex + Talents + Conditions +
    Circumstance" for lfg conditions named as the encounter names them (``"Hindered"``,
    ``"flat_footed"``...), the ones they imply included.

    Example:
        >>> condition_defense(["Hindered"]).modifier, condition_defense(["Prone"]).modifier
        (-2, -4)

    Raises:
        ConditionError: a name that is not an lfg condition.
    """

    names = tuple(names)
    if all(type(n) is str for n in names):  # the same names count the same: kept
        return _kept_condition_defense(names, bool(melee))  # (issue 24, "Fast")
    return _condition_defense(names, melee)


@functools.lru_cache(maxsize=1024)
def _kept_condition_defense(names: tuple[str, ...], melee: bool) -> ConditionDefense:
    return _condition_defense(names, melee)


def _condition_defense(names: "Iterable[str]", melee: bool) -> ConditionDefense:
    """:func:`condition_defense`, counted now."""
    catalogue = ConditionCatalogue()  # lfg's table: the wounds catalogue
    conds = resolve((), [(catalogue.lookup(_name(n)), "wounds") for n in names])
    bonuses = conds.modifiers("ac") + (conds.modifiers("ac_vs_melee") if melee else [])
    lose = bool(conds.flagged("loses_dodge_and_shield")) or Condition.FLAT_FOOTED in conds
    zero = bool(conds.flagged("dex_zero_vs_attacks"))
    notes = [f"{str(b.source).replace(' (wounds)', '')} {b.value:+d}" for b in bonuses]
    if lose:
        notes.append("no Prowess (its Dodge bonus is lost)")
    if zero:
        notes.append("DEX 0 (-5)")
    return ConditionDefense(sum(b.value for b in bonuses), lose, zero, tuple(notes))


def _name(condition: object) -> str:
    """A condition as a name: a :class:`~lfgcombat.rules.conditions.conditions.Condition` or its
    name (the
    encounter passes the wounds catalogue's labels, ``"Flat Footed"``)."""
    return str(getattr(condition, "value", condition))


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
            raise IllegalActionError(f"no Half Action left this turn for {str(what):.30} "
                                     "(two Half Actions a turn)", _HALF)
        return evolve(self, half_actions=self.half_actions - 1)  # checked: > 0

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
