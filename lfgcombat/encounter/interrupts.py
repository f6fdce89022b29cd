"""Interrupt turns and readied actions.

000_8d1d7816ee944f3b.txt, "Interrupt Turn: How does an Interrupt Turn work?", "Interrupt Turn
– Details and Clarifications:", "Prepare to Interrupt – “Ready Action” (Big Action)" and, for
Top-Down Initiative, "Alternative Initiative Option #2". Decisions: an interrupter must beat
the interrupted creature's check (a tie is a loss); tied interrupters roll off. A Ready Action
needs a Big Action left after it; the rest of the turn waits for the trigger and is lost at
the start of the creature's next turn; losing the opposed check uses the readied action up.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, Protocol, Self

from ..citations import cite as _rule
from ..dice import Fortune
from ..errors import IllegalActionError
from ._citations import R_CONDITIONS, R_IGNORE, R_INTERRUPT_DETAILS, R_READY, R_TOP_DOWN
from .actions import _action_row
from .arguments import names_arg
from .commands import command
from .state import InterruptResult, ReadiedAction, TurnFrame
from .composition import rules

if TYPE_CHECKING:
    from collections.abc import Mapping

    from ..creature import Creature
    from ..log import Event
    from ..rulesets import InitiativePolicy
    from .state import ActionsLeft, _Fighter


R_INTERRUPT = _rule("Interrupt Turn: How does an Interrupt Turn work?")


class InterruptsContext(Protocol):
    """What the rules of this module use of an encounter (the parts of
    :class:`~lfgcombat.encounter.Encounter` they may touch)."""

    _f: dict[str, _Fighter]
    _frames: list[TurnFrame]
    _unit_of: dict[str, str]
    initiative_policy: InitiativePolicy
    round: int

    def _actor(self, name: str) -> _Fighter: ...

    def _alive(self, name: str) -> bool: ...

    def _begin_turn(self, unit: str, *, kind: str, chosen_by: str | None, first: bool = False,
                    interrupted: str | None = None, forced: bool = False) -> None: ...

    def _check_interrupter(self, n: str, target: str, frame: TurnFrame, how_many: int) -> bool: ...

    def _check_reaction_interrupt(self, n: str, target: str, frame: TurnFrame) -> None: ...

    def _decide_interrupt(self, interrupters: list[str], target: str, frame: TurnFrame,
                          readied: dict[str, bool]) -> tuple[dict[str, int | None], str | None]: ...

    def _do(self, kind: str, args: dict[str, Any]) -> Any: ...

    def _emit(self, kind: str, *, command: bool = False, actor: str | None = None,
              target: str | None = None, data: Mapping[str, Any] | None = None) -> Event: ...

    def _fighter(self, name: str) -> _Fighter: ...

    def _record_refuses(self, name: str, what: str) -> None: ...

    def _frame_members(self, frame: TurnFrame) -> list[str]: ...

    def _ignored_by(self, name: str) -> list[str]: ...

    def _initiative_check(self, name: str, *, label: str, extra: int = 0,
                          fortune: Fortune | str | None = None, target: str | None = None
                          ) -> int: ...

    def _interrupted_turn(self, interrupters: list[str], target: str | None, before: str | None
                         ) -> tuple[TurnFrame, str]: ...

    def _members(self, unit: str) -> list[str]: ...

    def _rank(self, totals: dict[str, int], label: str) -> list[str]: ...

    def _reaction_problem(self, name: str) -> str | None: ...

    def _spend(self, name: str, type_: str, action: str, target: str | None = None) -> str: ...

    def _spend_interrupt(self, n: str, target: str, readied: bool) -> None: ...

    def _view(self, name: str) -> Creature: ...

    def actions_left(self, name: str) -> ActionsLeft: ...

    @property
    def current(self) -> str | None: ...


if TYPE_CHECKING:  # the rules see an encounter through their context only
    _Base = InterruptsContext
else:
    _Base = object


@rules(InterruptsContext)
class InterruptsRules(_Base):
    """Interrupt Turns (opposed Initiative Checks) and the Ready Action."""

    def interrupt(self, interrupter: str | Iterable[str], target: str | None = None, *,
                  before: str | None = None) -> InterruptResult:
        """Attempt an Interrupt Turn against the creature acting now.

        000_8d1d7816ee944f3b.txt, "Interrupt Turn: How does an Interrupt Turn work?" and
        "Interrupt Turn – Details and Clarifications:": spend a Reaction; opposed
        Initiative Checks; the winner takes its turn now, then the interrupted creature
        completes its turn and chooses who goes next; a loser's Reaction is used. Refused:
        the round's first actor; Swift, Free and Immediate Actions and Reactions; after
        your own turn this round (unless readied); while unaware; an ally's turn chosen by
        another ally; the same creature twice in a round. Several interrupters: only the
        highest check succeeds. Interrupting an interrupt: the first interrupter gains
        +5 Innate. A creature with a readied action ("Prepare to Interrupt") uses it
        instead: Fortunate on its check and no Reaction spent; under Top-Down Initiative
        it takes its single prepared Big Action without a roll, and nobody else may
        interrupt ("Alternative Initiative Option #2").

        Args:
            interrupter: One creature or several trying at once.
            target: The creature acting now (default: the one acting now).
            before: The action about to be taken (a ``data/actions.csv`` name), to check
                that it may be interrupted.

        Returns:
            :class:`InterruptResult`.

        Raises:
            IllegalActionError: naming the limit broken; nothing changes.
        """
        names = names_arg("interrupt", "interrupter", interrupter)
        return self._do("interrupt", {"interrupters": names, "target": target,
                                      "before": before})

    @command
    def _h_interrupt(self, interrupters: list[str], target: str | None,
                     before: str | None) -> InterruptResult:
        frame, target = self._interrupted_turn(interrupters, target, before)
        readied = {n: self._check_interrupter(n, target, frame, len(interrupters))
                   for n in interrupters}
        # commit: spend, roll, decide
        for n in interrupters:
            self._spend_interrupt(n, target, readied[n])
        checks, winner = self._decide_interrupt(interrupters, target, frame, readied)
        self._emit("interrupt", target=target, data={
            "interrupters": interrupters, "checks": checks, "winner": winner,
            "ready": [n for n in interrupters if readied[n]], "before": before})
        for n in interrupters:
            if readied[n] and n != winner:
                self._emit("ready_lost", actor=n, data={"why": "lost the opposed check"})
                self._f[n].ready = None
        if winner is not None:
            # what the paused creature was about to do
            self._frames[-1] = frame = dataclasses.replace(frame, paused_before=before)
            kind = "ready" if readied[winner] else "interrupt"
            unit = self._unit_of[winner]
            self._begin_turn(unit, kind=kind, chosen_by=None, interrupted=frame.unit)
        return InterruptResult(target, tuple(interrupters), dict(checks), winner)

    def _interrupted_turn(self, interrupters: list[str], target: str | None,
                          before: str | None) -> tuple[TurnFrame, str]:
        """The turn to interrupt and the creature interrupted, checked: "You cannot
        interrupt the creature that acts first in the round"; "You cannot interrupt a Swift
        Action, Free Action, Immediate Action, or Reaction" ("Interrupt Turn – Details and
        Clarifications:")."""
        if not self._frames:
            raise IllegalActionError("nobody is acting, so there is no turn to interrupt",
                                     R_INTERRUPT)
        frame = self._frames[-1]
        acting = [n for n in self._frame_members(frame) if self._alive(n)]
        if target is None:
            target = acting[0] if acting else frame.unit
        self._fighter(target)
        if target not in acting:
            raise IllegalActionError(f"{target} is not acting now ({self.current} is); you "
                                     "interrupt a creature as it acts", R_INTERRUPT)
        if not interrupters:
            raise IllegalActionError("name who interrupts", R_INTERRUPT)
        if len(set(interrupters)) != len(interrupters):
            raise IllegalActionError("an interrupter is named twice", R_INTERRUPT_DETAILS)
        if frame.first and frame.kind == "turn":
            raise IllegalActionError(f"{target} acts first this round: \"You cannot interrupt "
                                     "the creature that acts first in the round\"",
                                     R_INTERRUPT_DETAILS)
        if before is not None:
            row = _action_row(before)
            if row["type"] in ("swift", "free", "immediate", "reaction"):
                raise IllegalActionError(
                    f"{before} is a {row['type'].replace('_', '-')} action: \"You cannot "
                    "interrupt a Swift Action, Free Action, Immediate Action, or Reaction\"",
                    R_INTERRUPT_DETAILS)
        return frame, target

    def _check_interrupter(self, n: str, target: str, frame: TurnFrame, how_many: int) -> bool:
        """May ``n`` interrupt ``target`` now? Returns whether it uses a readied action
        (otherwise it spends a Reaction); raises why not."""
        ready_only = self.initiative_policy.interrupts_need_ready
        f = self._fighter(n)
        self._record_refuses(n, "interrupt a turn")
        if n in self._frame_members(frame):
            raise IllegalActionError(f"{n} cannot interrupt its own turn", R_INTERRUPT)
        if f.dead:
            raise IllegalActionError(f"{n} is dead", R_INTERRUPT)
        if any(n in self._frame_members(fr) for fr in self._frames[:-1]):
            raise IllegalActionError(f"{n}'s own turn is paused by an interrupt; it "
                                     "\"remains in place while being interrupted\"",
                                     R_INTERRUPT)
        if target in self._ignored_by(n):
            raise IllegalActionError(f"{n} ignores {target} and is Flat-Footed against it: "
                                     "no Reactions against it (decision)", R_IGNORE)
        if not f.aware:
            raise IllegalActionError(f"{n} is unaware: \"If you are unaware of a creature, "
                                     "you cannot attempt an interrupt (or other Reaction) "
                                     "against them\"", R_INTERRUPT_DETAILS)
        if f.ready is None:
            if ready_only:
                raise IllegalActionError(
                    f"{n} has no readied action: Top-Down Initiative \"removes the option of "
                    "an Interrupt Turn ... you must use the 'Prepare to Interrupt' action\"",
                    R_TOP_DOWN)
            self._check_reaction_interrupt(n, target, frame)
            return False
        if self._view(n).actions.big_actions <= 0:
            raise IllegalActionError(f"{n} cannot act now ("
                                     + "; ".join(self._view(n).actions.notes) + ")",
                                     R_CONDITIONS)
        if ready_only and how_many > 1:
            raise IllegalActionError("under Top-Down Initiative a readied action "
                                     "fires on its own, one at a time", R_TOP_DOWN)
        return True

    def _check_reaction_interrupt(self, n: str, target: str, frame: TurnFrame) -> None:
        """An interrupt with a Reaction ("Interrupt Turn – Details and Clarifications:"):
        not after your own turn this round, not twice against one creature, not an ally's
        turn chosen by another ally."""
        f = self._f[n]
        why = self._reaction_problem(n)
        if why:
            raise IllegalActionError(f"{n} cannot interrupt: {why}", R_INTERRUPT)
        if f.done:
            raise IllegalActionError(
                f"{n} has already taken its turn this round: \"you cannot attempt an "
                "Interrupt Turn (unless you used the 'Prepare to Interrupt' action)\"",
                R_INTERRUPT_DETAILS)
        if target in f.interrupt_attempts:
            raise IllegalActionError(f"{n} already tried to interrupt {target} this round: "
                                     "\"you may not attempt to interrupt the same creature "
                                     "multiple times\"", R_INTERRUPT_DETAILS)
        if f.side == self._f[target].side:
            chooser = (frame.chosen_by if target in self._members(frame.unit)
                       else frame.unit)  # an ally acting together was picked by it
            if chooser is not None and chooser != n and all(
                    self._f[m].side == f.side for m in self._members(chooser)):
                raise IllegalActionError(
                    f"{target} was chosen by {chooser}, an ally: \"You cannot interrupt an "
                    "ally's turn if they were selected by another ally\"",
                    R_INTERRUPT_DETAILS)

    def _spend_interrupt(self, n: str, target: str, readied: bool) -> None:
        """Spend the readied action or the Reaction an interrupt attempt costs."""
        f = self._f[n]
        if readied:
            self._emit("spend", actor=n, target=target, data={
                "action": "interrupt", "type": "big", "slot": "readied action",
                "rule": R_READY})
        else:
            f.reactions_used += 1
            self._emit("spend", actor=n, target=target, data={
                "action": "interrupt", "type": "reaction", "slot": "reaction",
                "rule": R_INTERRUPT})
        f.interrupt_attempts.append(target)

    def _decide_interrupt(self, interrupters: list[str], target: str, frame: TurnFrame,
                          readied: dict[str, bool]) -> tuple[dict[str, int | None], str | None]:
        """The opposed Initiative Checks and the winner ("If you win the Initiative Check
        (higher result)"; +5 Innate to a creature interrupted during its own interrupt
        turn; a readied interrupter is Fortunate). A policy whose interrupts need a readied
        action lets it fire with no roll."""
        checks: dict[str, int | None] = {}
        if self.initiative_policy.interrupts_need_ready:
            n = interrupters[0]
            checks[n] = None
            return checks, n
        bonus = 5 if frame.kind in ("interrupt", "ready") else 0
        lab = "interrupt: opposed initiative" + (
            " (+5 Innate: it interrupted first)" if bonus else "")
        checks[target] = self._initiative_check(target, label=f"{target} {lab}", extra=bonus)
        for n in interrupters:
            checks[n] = self._initiative_check(
                n, label=f"{n} interrupt: opposed initiative", target=target,
                fortune=Fortune.FORTUNATE if readied[n] else None)
        best = max(c for n, c in checks.items() if n in interrupters and c is not None)
        target_check = checks[target]
        if target_check is not None and best > target_check:
            tops = [n for n in interrupters if checks[n] == best]
            winner = tops[0] if len(tops) == 1 else self._rank(
                {n: best for n in tops}, "interrupters")[0]
            return checks, winner
        return checks, None

    def ready(self, name: str, trigger: str, action: str = "attack") -> Self:
        """Prepare to Interrupt (the Ready Action): a Big Action now, the prepared Big
        Action later when the trigger occurs.

        000_8d1d7816ee944f3b.txt, "Prepare to Interrupt – “Ready Action” (Big Action)":
        "You spend one of your actions now, planning to complete the remainder of your turn
        later as an Interrupt Turn. Your prepared action remains available until the start of
        your next turn"; "You are Fortunate on this check"; "If the trigger does not occur,
        the rest of your actions are lost"; "you do NOT have to spend your Reaction". Fire
        it with :meth:`interrupt`. Decision: it needs a Big Action left after the Ready
        Action itself (the prepared action is a Big Action), and the rest of the turn waits:
        only :meth:`end_turn` may follow.

        Args:
            name: The creature (on its turn).
            trigger: What it waits for, in words.
            action: What it will do (a ``data/actions.csv`` name, normally a Big Action).
        """
        self._do("ready", {"name": name, "trigger": trigger, "action": action})
        return self

    @command
    def _h_ready(self, name: str, trigger: str, action: str) -> None:
        f = self._actor(name)
        self._record_refuses(name, "ready an action")
        row = _action_row(action)
        if not isinstance(trigger, str) or not trigger.strip():
            raise IllegalActionError("say what the trigger is: ready(name, trigger='the "
                                     "archer leans out', action='attack')", R_READY)
        if row["type"] not in ("big", "little", "swift"):
            raise IllegalActionError(f"{action} is a {row['type']} action; a readied action "
                                     "is a single Big Action", R_READY)
        left = self.actions_left(name)
        if left.big < 2:
            raise IllegalActionError(
                f"{name} has {left.big} Big Action left: the Ready Action is a Big Action and "
                "the prepared action another", R_READY)
        self._spend(name, "big", "ready")
        held_big = self.actions_left(name).big
        held_little = self.actions_left(name).little
        if self.initiative_policy.ready_holds is not None:
            held_big, held_little = self.initiative_policy.ready_holds
        f.ready = ReadiedAction(trigger, action, self.round, held_big, held_little)
        self._emit("ready", actor=name, data={"trigger": trigger, "action": action,
                                              "held": f.ready.to_dict()["held"]})
