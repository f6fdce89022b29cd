"""Skill actions in combat: Demoralize, Dirty Tricks, Combat Feint, Insult.

000_8d1d7816ee944f3b.txt, "Special Actions in Combat" ("Certain Skills can provide you with
additional Actions in Combat"):

* "Intimidate Skill - Demoralize an Opponent (Big Action, AOO): Roll an opposed check vs
  Sense Motive or Intimidate to make an [enemy] within 30 feet frightened for 1d4 rounds."
* "Sleight of Hand Skill - Dirty Tricks in Combat (Big Action, AOO): Roll an opposed check vs
  Sense Motive or Tactics in order to steal from your opponent or cause them a negative
  condition for at least 1 Round".
* "Bluff – Combat Feint / Fake-Out (Big Action, No AOO): Roll an opposed check vs Sense
  Motive or Tactics to make your foe Flat-Footed against your next attack." While wielding a
  weapon in each hand, "+1 Tactical Bonus on Bluff Checks when attempting a Combat Feint"
  ("Handedness & Using Both Hands").
* "Perform(Comedy & Stories) – Insult an Opponent (Big Action, AOO): Roll an opposed check vs
  Sense Motive or a WILL Save to insult or aggravate your foe to make them Unfortunate or
  force them to attack you next turn."

The defender picks its better option (pass that bonus). Opposed checks and ties:
:func:`lfgcombat.rules.actions.skills.opposed`.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any

from ..citations import cite
from lfgcombat.dice import Roll, Roller
from lfgcombat.errors import IllegalActionError, LfgError
from .skills import OpposedResult, opposed

__all__ = ["SkillAction", "SkillActionError", "SkillActionResult", "resolve_skill_action",
           "DEMORALIZE_RANGE_FT"]

TEXT = "000_8d1d7816ee944f3b.txt"
_HEADINGS = {
    "demoralize": "Intimidate Skill - Demoralize an Opponent",
    "dirty_trick": "Sleight of Hand Skill - Dirty Tricks in Combat",
    "feint": "Bluff – Combat Feint / Fake-Out",
    "insult": "Perform(Comedy & Stories) – Insult an Opponent",
}
#: "within 30 feet".
DEMORALIZE_RANGE_FT = 30


class SkillActionError(LfgError, ValueError):
    """A bad argument to a skill action (names the argument)."""


class SkillAction(str, enum.Enum):
    """The four skill actions: each a Big Action; all but the Feint provoke AOO."""

    DEMORALIZE = "demoralize"    #: Intimidate vs Sense Motive/Intimidate -> Frightened 1d4 rounds
    DIRTY_TRICK = "dirty_trick"  #: Sleight of Hand vs Sense Motive or Tactics -> a condition
    FEINT = "feint"              #: Bluff vs Sense Motive or Tactics -> Flat-Footed vs next attack
    INSULT = "insult"            #: Perform vs Sense Motive/WILL -> Unfortunate or must attack you

    @property
    def rule(self) -> str:
        """The citation of the action."""
        return cite(_HEADINGS[self.value])

    @property
    def skill(self) -> str:
        """The acting creature's skill."""
        return {"demoralize": "intimidate", "dirty_trick": "sleight of hand",
                "feint": "bluff", "insult": "perform"}[self.value]

    @property
    def resisted_by(self) -> tuple[str, ...]:
        """What the target may oppose with (its choice)."""
        return {"demoralize": ("sense motive", "intimidate"),
                "dirty_trick": ("sense motive", "tactics"),
                "feint": ("sense motive", "tactics"),
                "insult": ("sense motive", "will save")}[self.value]

    @property
    def provokes(self) -> bool:
        """Provokes AOO (all but the Combat Feint)."""
        return self is not SkillAction.FEINT

    @classmethod
    def coerce(cls, value: Any) -> "SkillAction":
        """A member from itself or its name (``dirty trick`` works too).

        Raises:
            SkillActionError: anything else.
        """
        if isinstance(value, SkillAction):
            return value
        try:
            return cls(str(value).strip().lower().replace(" ", "_").replace("-", "_"))
        except ValueError:
            raise SkillActionError(f"action: one of demoralize, dirty_trick, feint, insult, "
                                   f"not {value!r:.40}") from None


@dataclass(frozen=True)
class SkillActionResult:
    """A skill action, resolved.

    Attributes:
        action: The :class:`SkillAction`. check: The opposed check.
        success: The actor won. effect: What the target suffers on a success
            (``frightened``, ``negative condition``, ``flat-footed vs next attack``,
            ``unfortunate or must attack``), else ``None``.
        rounds: Frightened rounds (Demoralize: 1d4), minimum rounds (Dirty Trick: 1).
        duration_roll: The 1d4 for Demoralize.
        action_type: ``big``. provokes: Provokes AOO. rule: The citation.
    """

    action: SkillAction
    check: OpposedResult
    success: bool
    effect: str | None
    rounds: int | None = None
    duration_roll: Roll | None = None
    action_type: str = "big"
    provokes: bool = True
    rule: str = ""


_EFFECTS = {"demoralize": "frightened", "dirty_trick": "negative condition",
            "feint": "flat-footed vs next attack", "insult": "unfortunate or must attack"}


def _check_args(act: SkillAction, distance_ft: Any, bonus: Any, defense: Any) -> None:
    for field, v in (("bonus", bonus), ("defense", defense)):
        if isinstance(v, bool) or not isinstance(v, int):
            raise SkillActionError(f"{field}: a whole number, not {v!r:.40}")
    if distance_ft is not None and (isinstance(distance_ft, bool)
                                    or not isinstance(distance_ft, int) or distance_ft < 0):
        raise SkillActionError(f"distance_ft: a whole number of feet >= 0, not {distance_ft!r}")
    if act is SkillAction.DEMORALIZE and distance_ft is not None \
            and distance_ft > DEMORALIZE_RANGE_FT:
        raise IllegalActionError(f"Demoralize reaches {DEMORALIZE_RANGE_FT} ft, the target "
                                 f"is {distance_ft} ft away", act.rule)


def resolve_skill_action(action: SkillAction | str, *, bonus: int, defense: int,
                         roller: Roller, distance_ft: int | None = None,
                         two_weapons: bool = False) -> SkillActionResult:
    """Resolve a skill action against one target.

    Args:
        action: ``demoralize``, ``dirty_trick``, ``feint`` or ``insult``.
        bonus: The actor's bonus in :attr:`SkillAction.skill`.
        defense: The target's best bonus among :attr:`SkillAction.resisted_by`.
        roller: The dice.
        distance_ft: Distance to the target (Demoralize: at most 30 ft).
        two_weapons: The actor wields a weapon in each hand (+1 Tactical on a Feint).

    Returns:
        The :class:`SkillActionResult`.

    Raises:
        IllegalActionError: a Demoralize beyond 30 ft (nothing is rolled).
        SkillActionError: a bad argument.
    """
    act = SkillAction.coerce(action)
    _check_args(act, distance_ft, bonus, defense)
    b = bonus + (1 if act is SkillAction.FEINT and two_weapons else 0)
    check = opposed(b, defense, roller=roller, a_label=f"{act.skill} ({act.value})",
                    b_label=f"resisting {act.skill} ({act.value})")
    ok = check.a_wins
    rounds, dur = None, None
    if ok and act is SkillAction.DEMORALIZE:
        dur = roller.roll("1d4", label="frightened rounds")
        rounds = dur.total
    elif ok and act is SkillAction.DIRTY_TRICK:
        rounds = 1
    return SkillActionResult(act, check, ok, _EFFECTS[act.value] if ok else None, rounds, dur,
                             "big", act.provokes, act.rule)
