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

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from lfgcombat.dice import Roll, Roller
from lfgcombat.shortrepr import short
from lfgcombat.rules.actions.skills import canonical_skill, skill_ability
from lfgcombat.creature.stats import Stat, Term

from ._base import ClassicError, check_choice, check_int, rule

__all__ = ["ENVIRONMENT_BONUS", "SKILL_DC", "HeroicResult", "HeroicOdds", "heroic_action",
           "heroic_action_odds", "skill_check", "skill_check_odds", "skill_bonus"]

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
    """Roll a Heroic Action: the player's d20 + ``a_mod`` against the GM's d20 + ``b_mod``
    (002_2a3a79475ca2a541.txt, "Heroic Action – When a character wants to do something out
    of the ordinary": d20 + ability modifier each, the highest wins).

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


_SKILL_RULE = rule("Skill Checks")
_ABILITIES = ("str", "dex", "con", "int", "wis", "cha")


def skill_bonus(creature: Any, skill: str, *, ability: str | None = None,
                conditions: int = 0, extra: Mapping[str, int] | None = None) -> Any:
    """A creature's bonus on a classic skill check (d20 + it against :data:`SKILL_DC`,
    "Most skill checks are against the standard DC 15"), explained as a
    :class:`~lfgcombat.creature.stats.Stat`: the ability modifier, the creature's ``skills:`` entry
    (0 when unlisted), its conditions' skill modifier (``conditions``: Shaken, Sickened,
    Frightened -2, Energy-Drained -1 a level, "Conditions") and named GM modifiers
    (``extra``: "The GM can add modifiers based on different situations").

    Inferred (the text names no skill's ability and no skill ranks): the ability is the
    kit's skill table's (``data/skills.csv``: Survival WIS, Climb STR...) unless
    ``ability`` is given, and the ``skills:`` entry adds as in the classic Stabilize's
    Survival check (:meth:`lfgcombat.rulesets.classic.ruleset.ClassicHealth.stabilize`).

    Raises:
        ClassicError: an ``ability`` that is not str/dex/con/int/wis/cha, a skill outside
            ``data/skills.csv`` without ``ability``, a non-whole modifier.
    """
    if ability is not None:
        check_choice("ability", ability, _ABILITIES)
    if extra is not None and not isinstance(extra, Mapping):
        raise ClassicError("extra", f"the GM's modifiers by label, such as {{'tracks in "
                           f"mud': 2}}, not {short(extra)}")
    try:
        name = canonical_skill(skill)
    except ValueError as exc:
        if ability is None:
            raise ClassicError("skill", f"{exc}; for another skill give its ability, e.g. "
                               "ability='wis'") from None
        name = str(skill)
    if ability is None:  # data/skills.csv's, read once (a table lookup a call was slow)
        ability = skill_ability(name)
    listed = getattr(creature, "skills", {}) or {}
    terms = [Term(f"{ability.upper()} mod", creature.ability_mod(ability)),
             Term(f"{name} (skills:)", int(listed.get(name, 0))),
             Term("conditions", check_int("conditions", conditions))]
    terms += [Term(str(k), check_int(f"extra.{str(k)[:60]}", v)) for k, v in (extra or {}).items()]
    terms = [t for t in terms if t.value or t.label.endswith("mod")]
    return Stat(name, sum(t.value for t in terms), tuple(terms),
                notes=(f"vs DC {SKILL_DC} by default (the GM can add modifiers)",),
                rule=f"{_SKILL_RULE}: d20 + ability modifier >= DC {SKILL_DC}")
