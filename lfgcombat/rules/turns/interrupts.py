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
from typing import TYPE_CHECKING

from ..citations import cite as _rule
from lfgcombat.dice import Fortune
from lfgcombat.errors import IllegalActionError
from .._citations import R_CONDITIONS, R_IGNORE, R_INTERRUPT_DETAILS, R_READY, R_TOP_DOWN
from ..actions.actions import _action_row
from lfgcombat.engine.arguments import names_arg
from lfgcombat.engine.commands import command
from lfgcombat.engine.state import InterruptResult, ReadiedAction, TurnFrame

if TYPE_CHECKING:
    from lfgcombat.engine.encounter import Encounter


R_INTERRUPT = _rule("Interrupt Turn: How does an Interrupt Turn work?")


# Interrupts: Interrupt Turns (opposed Initiative Checks) and the Ready Action.


def interrupt(st: Encounter, interrupter: str | Iterable[str], target: str | None = None, *,
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
    return st._do("interrupt", {"interrupters": names, "target": target,
                                "before": before})


@command
def _h_interrupt(st: Encounter, interrupters: list[str], target: str | None,
                 before: str | None) -> InterruptResult:
    for n in interrupters:  # a ruleset without interrupts refuses first, in its words
        st._fighter(n)
        st._record_refuses(n, "interrupt a turn")
    frame, target = _interrupted_turn(st, interrupters, target, before)
    readied = {n: _check_interrupter(st, n, target, frame, len(interrupters))
               for n in interrupters}
    # commit: spend, roll, decide
    for n in interrupters:
        _spend_interrupt(st, n, target, readied[n])
    checks, winner = _decide_interrupt(st, interrupters, target, frame, readied)
    st._emit("interrupt", target=target, data={
        "interrupters": interrupters, "checks": checks, "winner": winner,
        "ready": [n for n in interrupters if readied[n]], "before": before})
    for n in interrupters:
        if readied[n] and n != winner:
            st._emit("ready_lost", actor=n, data={"why": "lost the opposed check"})
            st._f[n].ready = None
    if winner is not None:
        # what the paused creature was about to do
        st._frames[-1] = frame = dataclasses.replace(frame, paused_before=before)
        kind = "ready" if readied[winner] else "interrupt"
        unit = st._unit_of[winner]
        st._begin_turn(unit, kind=kind, chosen_by=None, interrupted=frame.unit)
    return InterruptResult(target, tuple(interrupters), dict(checks), winner)


def _interrupted_turn(st: Encounter, interrupters: list[str], target: str | None,
                      before: str | None) -> tuple[TurnFrame, str]:
    """The turn to interrupt and the creature interrupted, checked: "You cannot
    interrupt the creature that acts first in the round"; "You cannot interrupt a Swift
    Action, Free Action, Immediate Action, or Reaction" ("Interrupt Turn – Details and
    Clarifications:")."""
    if not st._frames:
        raise IllegalActionError("nobody is acting, so there is no turn to interrupt",
                                 R_INTERRUPT)
    frame = st._frames[-1]
    acting = [n for n in st._frame_members(frame) if st._alive(n)]
    if target is None:
        target = acting[0] if acting else frame.unit
    st._fighter(target)
    if target not in acting:
        raise IllegalActionError(f"{target} is not acting now ({st.current} is); you "
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


def _check_interrupter(st: Encounter, n: str, target: str, frame: TurnFrame, how_many: int) -> bool:
    """May ``n`` interrupt ``target`` now? Returns whether it uses a readied action
    (otherwise it spends a Reaction); raises why not."""
    ready_only = st.initiative_policy.interrupts_need_ready
    f = st._fighter(n)
    st._record_refuses(n, "interrupt a turn")
    if n in st._frame_members(frame):
        raise IllegalActionError(f"{n} cannot interrupt its own turn", R_INTERRUPT)
    if f.dead:
        raise IllegalActionError(f"{n} is dead", R_INTERRUPT)
    if any(n in st._frame_members(fr) for fr in st._frames[:-1]):
        raise IllegalActionError(f"{n}'s own turn is paused by an interrupt; it "
                                 "\"remains in place while being interrupted\"",
                                 R_INTERRUPT)
    if target in st._ignored_by(n):
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
        _check_reaction_interrupt(st, n, target, frame)
        return False
    if st._view(n).actions.big_actions <= 0:
        raise IllegalActionError(f"{n} cannot act now ("
                                 + "; ".join(st._view(n).actions.notes) + ")",
                                 R_CONDITIONS)
    if ready_only and how_many > 1:
        raise IllegalActionError("under Top-Down Initiative a readied action "
                                 "fires on its own, one at a time", R_TOP_DOWN)
    return True


def _check_reaction_interrupt(st: Encounter, n: str, target: str, frame: TurnFrame) -> None:
    """An interrupt with a Reaction ("Interrupt Turn – Details and Clarifications:"):
    not after your own turn this round, not twice against one creature, not an ally's
    turn chosen by another ally."""
    f = st._f[n]
    why = st._reaction_problem(n)
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
    if f.side == st._f[target].side:
        chooser = (frame.chosen_by if target in st._members(frame.unit)
                   else frame.unit)  # an ally acting together was picked by it
        if chooser is not None and chooser != n and all(
                st._f[m].side == f.side for m in st._members(chooser)):
            raise IllegalActionError(
                f"{target} was chosen by {chooser}, an ally: \"You cannot interrupt an "
                "ally's turn if they were selected by another ally\"",
                R_INTERRUPT_DETAILS)


def _spend_interrupt(st: Encounter, n: str, target: str, readied: bool) -> None:
    """Spend the readied action or the Reaction an interrupt attempt costs."""
    f = st._f[n]
    if readied:
        st._emit("spend", actor=n, target=target, data={
            "action": "interrupt", "type": "big", "slot": "readied action",
            "rule": R_READY})
    else:
        f.reactions_used += 1
        st._emit("spend", actor=n, target=target, data={
            "action": "interrupt", "type": "reaction", "slot": "reaction",
            "rule": R_INTERRUPT})
    f.interrupt_attempts.append(target)


def _decide_interrupt(st: Encounter, interrupters: list[str], target: str, frame: TurnFrame,
                      readied: dict[str, bool]) -> tuple[dict[str, int | None], str | None]:
    """The opposed Initiative Checks and the winner ("If you win the Initiative Check
    (higher result)"; +5 Innate to a creature interrupted during its own interrupt
    turn, 000_8d1d7816ee944f3b.txt, "Interrupting an Interrupt Turn"; a readied interrupter is
    Fortunate). A policy whose interrupts need a readied action lets it fire with no
    roll."""
    checks: dict[str, int | None] = {}
    if st.initiative_policy.interrupts_need_ready:
        n = interrupters[0]
        checks[n] = None
        return checks, n
    bonus = 5 if frame.kind in ("interrupt", "ready") else 0
    lab = "interrupt: opposed initiative" + (
        " (+5 Innate: it interrupted first)" if bonus else "")
    checks[target] = st._initiative_check(target, label=f"{target} {lab}", extra=bonus)
    for n in interrupters:
        checks[n] = st._initiative_check(
            n, label=f"{n} interrupt: opposed initiative", target=target,
            fortune=Fortune.FORTUNATE if readied[n] else None)
    best = max(c for n, c in checks.items() if n in interrupters and c is not None)
    target_check = checks[target]
    if target_check is not None and best > target_check:
        tops = [n for n in interrupters if checks[n] == best]
        winner = tops[0] if len(tops) == 1 else st._rank(
            {n: best for n in tops}, "interrupters")[0]
        return checks, winner
    return checks, None


def ready(st: Encounter, name: str, trigger: str, action: str = "attack") -> Encounter:
    """Prepare to Interrupt (the Ready Action): a Big Action now, the prepared Big
    Action later when the trigger occurs.

    000_8d1d7816ee944f3b.txt, "When to Interrupt": to catch a foe in the act (the archer who
    leans out, shoots and ducks back) ready an action with that act as the trigger; its
    examples are played in tests/encounter/test_interrupts.py.

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
    st._do("ready", {"name": name, "trigger": trigger, "action": action})
    return st


def readied_action_problem(st: Encounter, name: str, action: str) -> str:
    """Why ``name`` could never take ``action`` when its readied action fires ("" when it
    could): a query for a menu of readied actions, asking the checks the actions
    themselves refuse with; :func:`ready` accepts what it accepted before (a save
    replays unchanged).

    000_8d1d7816ee944f3b.txt, "Prepare to Interrupt – “Ready Action” (Big Action)": you
    plan "to do something when a specific trigger event occurs" - the prepared action is
    another action, not a second Ready; "Shield Bash" needs a shield
    (:func:`~lfgcombat.rules.actions.maneuvers_play.shield_bash_problem`).

    Raises:
        LfgError: no combatant of that name.
    """
    from ..actions.maneuvers_play import shield_bash_problem
    st._fighter(name)
    if action == "ready":
        return (f"{name} would prepare to interrupt again: a readied action is the action "
                "taken when the trigger occurs, not another Ready")
    if action == "shield_bash":
        return shield_bash_problem(st, name)
    return ""


@command
def _h_ready(st: Encounter, name: str, trigger: str, action: str) -> None:
    f = st._actor(name)
    st._record_refuses(name, "ready an action")
    row = _action_row(action)
    if not isinstance(trigger, str) or not trigger.strip():
        raise IllegalActionError("say what the trigger is: ready(name, trigger='the "
                                 "archer leans out', action='attack')", R_READY)
    if row["type"] not in ("big", "little", "swift"):
        raise IllegalActionError(f"{action} is a {row['type']} action; a readied action "
                                 "is a single Big Action", R_READY)
    left = st.actions_left(name)
    if left.big < 2:
        raise IllegalActionError(
            f"{name} has {left.big} Big Action left: the Ready Action is a Big Action and "
            "the prepared action another", R_READY)
    st._spend(name, "big", "ready")
    held_big = st.actions_left(name).big
    held_little = st.actions_left(name).little
    if st.initiative_policy.ready_holds is not None:
        held_big, held_little = st.initiative_policy.ready_holds
    f.ready = ReadiedAction(trigger, action, st.round, held_big, held_little)
    st._emit("ready", actor=name, data={"trigger": trigger, "action": action,
                                        "held": f.ready.to_dict()["held"]})
