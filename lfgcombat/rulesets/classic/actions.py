"""The classic round: one single action plus a Move Action that can be split around it.

002_2a3a79475ca2a541.txt, "Character Round:", "Single Actions:" and "Action definitions":
"Attack (characters can only attack once per round)", "Cast a spell", "Heroic Action",
"Move Action (can be split with another single action)", "Standard Action (open a door,
kick over a table)", "Stabilize". "Move Action – The player can move up to their full
movement. She can move, then perform another action, then continue moving as long as she
does not move further than their full movement."

A disabled hero who became mobile ("Stabilizing a Disabled Character") "may do one limited
action per round, such as move at 1/2 speed, cast a spell, use a skill, or attack an
adjacent creature at – 5 to hit and damage": :meth:`RoundBudget.limited`.

Decisions where the text is open (inferred, shown in the notebook):

* The Move Action is not one of the single actions a round may spend twice: a round is one
  Move Action (split freely) and one other single action; the text describes the move only
  as "split with another single action" and gives no double move.
* Nothing obliges the order: a character may act without moving, or move without acting.
* In a limited round, "use a skill" is a Stabilize or Standard Action; the limited round is
  *one* of half-speed movement or one action, never both ("one limited action per round").
* A ``move_only`` round keeps the Move Action and no single action: Nauseated ("The only
  action such a character can take is a single move action per turn"), Dazed ("loses one
  action": the round's one single action), a Panicked creature's flight.
"""

from __future__ import annotations

import enum
import functools
from dataclasses import dataclass, replace
from typing import Any

from lfgcombat.errors import IllegalActionError

from ._base import check_choice, check_int, evolve, rule

__all__ = ["SingleAction", "RoundBudget", "fresh_round", "LIMITED_ACTIONS",
           "LIMITED_ATTACK_PENALTY", "MODES", "MODE_WORDS"]

_ROUND = rule("Single Actions:")
_MOVE = rule("Action definitions")
_LIMITED = rule("Stabilizing a Disabled Character")
_CONDITIONS = rule("Conditions")
#: The kinds of round: full, a mobile disabled hero's, the Move Action only, nothing.
MODES = ("normal", "limited", "move_only", "none")


#: The kinds of round in words (what a log line, a card or a refusal says).
MODE_WORDS = {"normal": "one single action and a Move Action",
              "limited": "one limited action, as a mobile disabled hero",
              "move_only": "a Move Action only", "none": "no action, no move"}


class SingleAction(str, enum.Enum):
    """The single actions of a round other than the Move Action ("Single Actions:").

    ``ATTACK``: 002_2a3a79475ca2a541.txt, "Attack";
    ``CAST_SPELL``: 002_2a3a79475ca2a541.txt, "Spell" (in the round's list:
    002_2a3a79475ca2a541.txt, "Cast a spell (pay attention to casting time");
    ``STANDARD_ACTION``: 002_2a3a79475ca2a541.txt, "Standard Action";
    ``STABILIZE``: 002_2a3a79475ca2a541.txt, "Stabilize" (the list's entry; its DC12
    Survival check is :meth:`~lfgcombat.rulesets.classic.health.ClassicVitals.stabilized_by`).
    """

    ATTACK = "attack"
    CAST_SPELL = "cast_spell"
    HEROIC_ACTION = "heroic_action"
    STANDARD_ACTION = "standard_action"
    STABILIZE = "stabilize"

    @property
    def words(self) -> str:
        """The action as the text lists it ("Single Actions:": "Attack", "Cast a spell",
        "Heroic Action", "Standard Action", "Stabilize")."""
        return _ACTION_WORDS[self.value]


_ACTION_WORDS = {"attack": "Attack", "cast_spell": "Cast a spell",
                 "heroic_action": "Heroic Action", "standard_action": "Standard Action",
                 "stabilize": "Stabilize"}


#: What a mobile disabled hero may do as its one limited action (or move at half speed):
#: "cast a spell, use a skill, or attack an adjacent creature" (using a skill: inferred as
#: Stabilize, a DC12 Survival check, or a Standard Action).
LIMITED_ACTIONS = frozenset({SingleAction.CAST_SPELL, SingleAction.ATTACK,
                             SingleAction.STABILIZE, SingleAction.STANDARD_ACTION})
#: "attack an adjacent creature at – 5 to hit and damage".
LIMITED_ATTACK_PENALTY = -5


@dataclass(frozen=True)
class RoundBudget:
    """What is left of one creature's round: feet of movement and the single action.

    Attributes:
        speed_ft: The full movement ("up to their full movement").
        moved_ft: Feet moved so far this round (before and after the action alike).
        action: The single action taken this round, or ``None``.
        mode: ``"normal"``, ``"limited"`` (a mobile disabled hero), ``"move_only"`` (the
            Move Action and no single action: Nauseated, Dazed) or ``"none"`` (no move and
            no action: disabled, stunned, cowering...).

    Example:
        >>> b = RoundBudget(30).move(10).act("attack").move(20)
        >>> b.remaining_ft, b.action.value
        (0, 'attack')
    """

    speed_ft: int
    moved_ft: int = 0
    action: SingleAction | None = None
    mode: str = "normal"

    def __post_init__(self) -> None:
        check_int("speed_ft", self.speed_ft, 0)
        check_int("moved_ft", self.moved_ft, 0)
        check_choice("mode", self.mode, MODES)

    @classmethod
    def limited(cls, speed_ft: int) -> "RoundBudget":
        """The round of a mobile disabled hero: half speed *or* one limited action."""
        return cls(check_int("speed_ft", speed_ft, 0), mode="limited")

    @property
    def move_limit_ft(self) -> int:
        """Full movement, half of it (rounded down) in a limited round, 0 in ``none``."""
        return {"normal": self.speed_ft, "move_only": self.speed_ft,
                "limited": self.speed_ft // 2, "none": 0}[self.mode]

    @property
    def remaining_ft(self) -> int:
        """Feet still available this round (0 once a limited round has acted)."""
        if self.mode == "limited" and self.action is not None:
            return 0
        return self.move_limit_ft - self.moved_ft

    def can(self, action: SingleAction | str) -> bool:
        """Whether ``action`` may be taken now: :meth:`act` would not refuse it (its
        refusals as a yes or no, without building the budget or the error)."""
        try:
            action = SingleAction(action)
        except ValueError:
            return False
        if self.mode not in ("normal", "limited") or self.action is not None:
            return False
        return self.mode == "normal" or not self.moved_ft and action in LIMITED_ACTIONS

    def move(self, feet: int) -> "RoundBudget":
        """Spend ``feet`` of the Move Action, before or after the single action
        (002_2a3a79475ca2a541.txt, "Move Action").

        Raises:
            ClassicError: ``feet`` is not a whole number >= 0.
            IllegalActionError: the move goes further than the full movement (half in a
                limited round, nothing after its limited action).
        """
        check_int("feet", feet, 0)
        if feet > 0 and self.remaining_ft == 0:
            raise IllegalActionError(self._no_move_left(feet), _MOVE if self.mode in (
                "normal", "move_only") else _LIMITED)
        if feet > self.remaining_ft:
            raise IllegalActionError(
                f"cannot move {feet} ft: {self.remaining_ft} ft left of the Move Action "
                f"this round ({MODE_WORDS[self.mode]})",
                _MOVE if self.mode == "normal" else _LIMITED)
        return evolve(self, moved_ft=self.moved_ft + feet)

    def _no_move_left(self, feet: int) -> str:
        """Why not one foot of movement is left this round, in the text's words."""
        if self.mode == "none":
            why = ("no Move Action this round (disabled: \"they can not move\"; or a "
                   "condition that allows no move)")
        elif self.mode == "limited":
            why = ("a mobile disabled hero's one limited action this round is spent (\"move "
                   "at 1/2 speed\" or one action)")
        else:
            why = (f"the Move Action is used up this round, {self.moved_ft} of "
                   f"{self.speed_ft} ft moved (\"as long as she does not move further than "
                   "their full movement\")")
        return f"cannot move {feet} ft: 0 ft left of the Move Action; {why}"

    def act(self, action: SingleAction | str) -> "RoundBudget":
        """Take the round's single action.

        Raises:
            IllegalActionError: the action is unknown, one was already taken ("characters
                can only attack once per round"), the round is ``none``, or a limited round
                has moved already or asks for an action that is not a limited one.
        """
        try:
            action = SingleAction(action)
        except ValueError:
            raise IllegalActionError(
                f"action {action!r:.40} is not one of "
                + ", ".join(a.value for a in SingleAction), _ROUND) from None
        if self.mode == "none":
            raise IllegalActionError("no actions this round (disabled or a condition)",
                                     _LIMITED)
        if self.mode == "move_only":
            raise IllegalActionError("only the Move Action this round (Nauseated, Dazed or "
                                     "fleeing: no single action)", _CONDITIONS)
        if self.action is not None:
            once = (" (\"characters can only attack once per round\")"
                    if action is SingleAction.ATTACK else "")
            raise IllegalActionError(f"the round's single action is already spent "
                                     f"({self.action.words}){once}", _ROUND)
        if self.mode == "limited" and (self.moved_ft or action not in LIMITED_ACTIONS):
            raise IllegalActionError("a mobile disabled hero has one limited action a "
                                     "round: move at half speed, or one action", _LIMITED)
        return evolve(self, action=action)

    def new_round(self) -> "RoundBudget":
        """The same creature's budget at the start of its next round."""
        return replace(self, moved_ft=0, action=None)


#: A round's words cite it (002_2a3a79475ca2a541.txt).
@functools.lru_cache(maxsize=256)
def fresh_round(speed_ft: int, mode: str = "normal") -> RoundBudget:
    """A new round's budget of ``speed_ft`` feet and kind ``mode`` (002_2a3a79475ca2a541.txt,
    "Character Round:"): ``RoundBudget(speed_ft, mode=mode)``, one frozen value for each
    speed and kind, so what is read of it (its data, logged at every turn start) is read
    once (issue 24, "Fast").

    Raises:
        ClassicError: ``speed_ft`` is not a whole number >= 0, or ``mode`` unknown.
    """
    return RoundBudget(speed_ft, mode=mode)


_CHARACTER_ROUND = rule("Character Round:")


@functools.lru_cache(maxsize=1024)
def _round_left(b: RoundBudget | None, upcoming: bool, dead: bool,
                speed_ft: int) -> dict[str, Any]:
    """:meth:`ClassicEconomy.actions_left` of a record with budget ``b`` (``None`` outside
    its turn), dead or not, of speed ``speed_ft``, counted now (never handed out: the
    economy hands out copies)."""
    if b is None and upcoming and not dead:
        b = RoundBudget(speed_ft)
    if b is None:
        words = ("dead: no Character Round" if dead else
                 "its round is done: it waits for the next round")
        return {"notes": (f"{words} ({_CHARACTER_ROUND})",), "summary": words}
    notes = [f"round: {MODE_WORDS[b.mode]} ({_CHARACTER_ROUND})",
             f"Move Action: {b.remaining_ft} of {b.move_limit_ft} ft left"]
    if b.action is not None:
        notes.append(f"single action spent: {b.action.words}")
    return {"big": int(b.can("standard_action")), "attacks": int(b.can("attack")),
            "spells": int(b.can("cast_spell")), "notes": tuple(notes),
            "summary": round_summary(b)}


def round_summary(b: RoundBudget) -> str:
    """The classic round left, in words ("Character Round:": one single action and a Move
    Action split around it): ``1 single action · Move Action 30 of 30 ft``, ``single
    action spent (Attack) · Move Action 10 of 30 ft``; a mobile disabled hero's ``1 limited
    action or Move Action 15 of 15 ft`` ("Stabilizing a Disabled Character": "one limited
    action per round"); ``no single action · ...`` (Nauseated, Dazed); ``no action, no
    move``.

    Example:
        >>> round_summary(RoundBudget(30).move(10))
        '1 single action · Move Action 20 of 30 ft'
        >>> round_summary(RoundBudget.limited(30))
        '1 limited action or Move Action 15 of 15 ft'
    """
    if b.mode == "none":
        return "no action, no move"
    kind = "limited action" if b.mode == "limited" else "single action"
    if b.mode == "move_only":
        action = "no single action"
    elif b.action is not None:
        action = f"{kind} spent ({b.action.words})"
    elif b.mode == "limited" and b.moved_ft:
        action = "no limited action (moved)"
    else:
        action = f"1 {kind}"
    move = f"Move Action {b.remaining_ft} of {b.move_limit_ft} ft"
    fresh = b.mode == "limited" and b.action is None and not b.moved_ft
    return f"{action} or {move}" if fresh else f"{action} · {move}"
