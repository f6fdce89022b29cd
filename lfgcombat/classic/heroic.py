"""Heroic Action (opposed d20 rolls) and skill checks against DC 15.

002_2a3a79475ca2a541.txt, "Action definitions": "A Heroic Action is a player vs. Game
Master roll: each rolls a d20 and adds the appropriate ability modifier (for a roll against
the environment the GM adds a default +2). The highest roll wins." "Skill Checks – Most
skill checks are against the standard DC 15." "Criticals and fumbles": "A roll of a natural
1 during any attack or action causes the character to fumble."

Ties (the text is silent; inferred): the GM wins a tie, because a Heroic Action is the
player trying "something out of the ordinary" and only "the highest roll wins"; an equal
roll is not higher. ``tie_winner="player"`` gives the other reading.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from lfgcombat.dice import Roll, Roller

from ._base import check_choice, check_int

__all__ = ["ENVIRONMENT_BONUS", "SKILL_DC", "HeroicResult", "HeroicOdds", "heroic_action",
           "heroic_action_odds", "skill_check", "skill_check_odds"]

#: "for a roll against the environment the GM adds a default +2".
ENVIRONMENT_BONUS = 2
#: "Most skill checks are against the standard DC 15."
SKILL_DC = 15
_TIES = ("gm", "player")


@dataclass(frozen=True)
class HeroicResult:
    """One Heroic Action.

    Attributes:
        player: The player's roll (d20 + ability modifier).
        gm: The GM's roll (d20 + ability modifier, +2 against the environment).
        winner: ``"player"`` or ``"gm"``.
        tie: The totals were equal (decided by ``tie_winner``).
        fumble: The player's d20 showed a natural 1 (the GM decides what follows).
    """

    player: Roll
    gm: Roll
    winner: str
    tie: bool
    fumble: bool


@dataclass(frozen=True)
class HeroicOdds:
    """Exact odds of a Heroic Action (fractions of the 400 equally likely pairs).

    Attributes:
        p_player_higher: P(the player's total is higher).
        p_tie: P(equal totals).
        p_gm_higher: P(the GM's total is higher).
        p_player_wins: P(the player wins), ties counted per ``tie_winner``.
        p_fumble: P(the player rolls a natural 1) = 1/20.
    """

    p_player_higher: Fraction
    p_tie: Fraction
    p_gm_higher: Fraction
    p_player_wins: Fraction
    p_fumble: Fraction = Fraction(1, 20)


def _gm_mod(b_mod: int, environment: bool) -> int:
    return b_mod + (ENVIRONMENT_BONUS if environment else 0)


def heroic_action(roller: Roller, a_mod: int, b_mod: int, environment: bool = False,
                  tie_winner: str = "gm") -> HeroicResult:
    """Roll a Heroic Action: the player's d20 + ``a_mod`` against the GM's d20 + ``b_mod``.

    Args:
        roller: The dice.
        a_mod: The player's ability modifier.
        b_mod: The GM's (opposing creature's) ability modifier; 0 for the environment.
        environment: The roll is against the environment: the GM adds +2.
        tie_winner: Who wins equal totals, ``"gm"`` (default, inferred) or ``"player"``.

    Returns:
        The :class:`HeroicResult`.

    Raises:
        ClassicError: a modifier is not a whole number, or ``tie_winner`` is unknown.
    """
    a_mod, b_mod = check_int("a_mod", a_mod), check_int("b_mod", b_mod)
    check_choice("tie_winner", tie_winner, _TIES)
    gm_mod = _gm_mod(b_mod, bool(environment))
    player = roller.roll(f"1d20{a_mod:+d}", label="Heroic Action (player)")
    gm = roller.roll(f"1d20{gm_mod:+d}", label="Heroic Action (GM)")
    tie = player.total == gm.total
    won = player.total > gm.total or (tie and tie_winner == "player")
    return HeroicResult(player, gm, "player" if won else "gm", tie, player.natural == 1)


def heroic_action_odds(a_mod: int, b_mod: int, environment: bool = False,
                       tie_winner: str = "gm") -> HeroicOdds:
    """Exact odds of :func:`heroic_action` (same arguments, no roller).

    Example:
        >>> heroic_action_odds(0, 0).p_tie
        Fraction(1, 20)

    Raises:
        ClassicError: as :func:`heroic_action`.
    """
    a_mod, b_mod = check_int("a_mod", a_mod), check_int("b_mod", b_mod)
    check_choice("tie_winner", tie_winner, _TIES)
    diff = a_mod - _gm_mod(b_mod, bool(environment))
    higher = ties = 0
    for a in range(1, 21):
        for b in range(1, 21):
            higher += a + diff > b
            ties += a + diff == b
    lower = 400 - higher - ties
    wins = higher + (ties if tie_winner == "player" else 0)
    return HeroicOdds(Fraction(higher, 400), Fraction(ties, 400), Fraction(lower, 400),
                      Fraction(wins, 400))


def skill_check(roller: Roller, modifier: int, dc: int = SKILL_DC) -> tuple[bool, Roll]:
    """A skill check: d20 + ``modifier`` >= ``dc`` (default the standard DC 15).

    Returns:
        ``(success, roll)``.

    Raises:
        ClassicError: ``modifier`` or ``dc`` is not a whole number.
    """
    modifier, dc = check_int("modifier", modifier), check_int("dc", dc)
    roll = roller.roll(f"1d20{modifier:+d}", label=f"skill check vs DC {dc}")
    return roll.total >= dc, roll


def skill_check_odds(modifier: int, dc: int = SKILL_DC) -> Fraction:
    """Exact P(d20 + ``modifier`` >= ``dc``).

    Raises:
        ClassicError: ``modifier`` or ``dc`` is not a whole number.
    """
    modifier, dc = check_int("modifier", modifier), check_int("dc", dc)
    return Fraction(sum(1 for d in range(1, 21) if d + modifier >= dc), 20)
