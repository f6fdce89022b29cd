"""Turns and rounds: beginning, ending, and what happens at the start of a turn.

000_8d1d7816ee944f3b.txt, "Taking Your Turn", "Rounds, Initiative, & Turn Order" (choosing who
goes next; the last actor opens the next round), "Initiative Problems:" (the GM's deadlock
rule), and the conditions that act when a turn begins: "Bleed X", "Ablaze", "Agony /
Agonized", "Stabilize when Dying". Decisions: Bleed, Ablaze and a dying creature's DC20 FORT
Save act at the start of its turn in that order; durations imposed by another creature count
down on that creature's turns, self-imposed or GM-given ones at the end of the affected
creature's turns.
"""

from __future__ import annotations

import dataclasses
import operator
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from lfgcombat.engine.log.savefile import clip
from ..citations import cite as _rule
from ..conditions.conditions import Condition
from lfgcombat.errors import IllegalActionError
from ..health.vitals import CLOT_AFTER_ROUNDS, STABILIZE_DC
from .._citations import R_INTERRUPT_DETAILS, R_ORDER, R_PROBLEMS, R_READY
from lfgcombat.engine.arguments import names_arg
from lfgcombat.engine.commands import command
from lfgcombat.engine.state import FRESH_TURN, TurnFrame, _Fighter

if TYPE_CHECKING:
    from lfgcombat.engine.encounter import Encounter


R_ROUND_BY_ROUND = _rule("Alternative Initiative Option #1 – Round-By-Round Initiative: "
                         "(Roll Each Round)")
R_AGONY = _rule("Agony / Agonized")


# Turns: Beginning and ending turns and rounds (start-of-turn effects, the choice of who is next).


def _begin_turn(st: Encounter, unit: str, *, kind: str, chosen_by: str | None, first: bool = False,
                interrupted: str | None = None, forced: bool = False) -> None:
    st._frames.append(TurnFrame(unit, kind, chosen_by, first, interrupted))
    if first:
        st._round_first = unit
    data = {"kind": kind, "chosen_by": chosen_by, "first_of_round": first,
            "interrupted": interrupted}
    if forced:
        data["forced_by_gm"] = True
    st._emit("turn_start", data=data)
    st._start_unit(unit, kind)


def _start_unit(st: Encounter, unit: str, kind: str) -> None:
    """The start of a unit's turn for each of its living members."""
    for n in st._members(unit):
        if not st._alive(n):
            continue
        f = st._f[n]
        if kind == "ready":
            assert f.ready is not None  # a readied turn starts only from a readied action
            held = f.ready
            lim = st._view(n).actions
            f.update_turn(big_used=max(0, lim.big_actions - held.held_big),
                          little_used=max(0, lim.little_actions - held.held_little),
                          free_used=0, move_left=None, last_action=None)
            if st.map is not None and n in st._anchors:
                st.map.start_turn(n)
            continue
        st._reset_turn(f)
        if st.map is not None and n in st._anchors:
            st.map.start_turn(n)
        _start_of_turn(st, n)


def _reset_turn(st: Encounter, f: _Fighter) -> None:
    st._unfired_ready_flight(f)  # flight: the round a flyer waited on a Ready
    f.turn = FRESH_TURN


def _start_of_turn(st: Encounter, name: str) -> None:
    """What happens when a creature's turn begins (conditions over time)."""
    f = st._f[name]
    if f.ready is not None:
        st._emit("ready_lost", actor=name, data={
            "why": "the start of its next turn: the trigger did not occur, the rest of "
                   "its actions are lost", "rule": R_READY})
        f.ready = None
    if f.full_round is not None:
        _complete_full_round(st, name)
    _turn_start_timers(st, name)
    was_attacked = bool(st._gang.get(name))
    st._gang.pop(name, None)  # Gang Up: "until the foe takes their turn"
    f.acted_ever = True
    if f.rules is not None and not f.dead:  # a ruleset's record: its economy's start
        st._record_turn_start(name, was_attacked)
        return
    v = st._view(name)
    if f.dead:
        return
    if v.active_conditions.flagged("lose_big_action"):
        f.update_turn(agony_spent=True)
        st._emit("note", actor=name, data={
            "text": f"{name} spends a Big Action struggling with the pain (Agony)",
            "rule": R_AGONY})
    _ongoing_damage(st, name)
    st._digest_at_turn_start(name)  # Swallow Whole's round damage (swallow_whole.py)
    if not f.dead and st._vitals(name).dying:
        _stabilize_check(st, name)


def _turn_start_timers(st: Encounter, name: str) -> None:
    """Effects "until the start of your next turn" (and Top-Down's flat-footed) end;
    durations imposed by this creature count down on its turns (decision)."""
    fighters = st._f
    # most have no effects and no timers: nothing to look at, found in C-level passes
    # (issue 24, "Fast")
    if any(map(_EFFECTS, fighters.values())):
        for other in st._names:
            if fighters[other].effects:
                for e in list(fighters[other].effects):
                    if e.on == name and e.ends in ("turn_start", "own_first_turn"):
                        st._end_effect(other, e, f"the start of {name}'s turn")
    if not any(map(_TIMERS, fighters.values())):
        return
    for other in st._names:
        # a timed condition counts down on ``name``'s turns only if ``name`` imposed it
        # (its timer names it): the others have nothing to count
        timers = fighters[other].timers
        if timers and other != name and name in timers.values():
            st._tick_timers(other, source=name)


_EFFECTS = operator.attrgetter("effects")
_TIMERS = operator.attrgetter("timers")


def _complete_full_round(st: Encounter, name: str) -> None:
    """A Full-Round Action completes at the start of the creature's next turn
    ("Full-Round Action (FRA)"): Stop, Drop & Roll puts out Ablaze; rousing a
    knocked-out ally wakes it."""
    f = st._f[name]
    action = f.full_round
    f.full_round = None
    target = f.full_round_target
    f.full_round_target = None
    st._emit("full_round_complete", actor=name, target=target,
             data={"action": action})
    if action == "stop_drop_roll" and st._has(name, Condition.ABLAZE):
        st._lose_condition(name, Condition.ABLAZE, why="stop, drop and roll")
    if action == "awaken_knocked_out" and target is not None and \
            not st._f[target].dead:
        old = st._vitals(target)
        if old.knocked_out and old.hp > 0:
            st._commit_vitals(target, old, old.wake(),
                              why=f"{name} spent a Full-Round Action rousing it")


def _ongoing_damage(st: Encounter, name: str) -> None:
    """"Ablaze": 1d6 fire damage at the start of each turn; "Bleed X": X biological
    damage a round, clotting after 10 rounds of bleeding."""
    f = st._f[name]
    if not f.creature.conditions:
        return  # neither Ablaze nor Bleed (most turns: issue 24, "Fast")
    if st._has(name, Condition.ABLAZE):
        r = st._roll("1d6", label=f"{name} ablaze: fire damage", actor=name)
        st._apply_damage(name, r.total, "fire", struck=False, source="ablaze")
    if st._value(name, Condition.BLEED) and not f.dead:
        # "Bleed X": X biological damage a round; "After 10 rounds of bleeding, the wound
        # begins to clot, and the Bleed X amount is reduced by 1 per round"
        # (Vitals.bleed_tick counts the rounds and clots; the damage goes through the
        # one HP seam so it is logged like any other)
        old = st._vitals(name)
        ticked = old.bleed_tick()
        rounds = old.bleed_rounds + 1
        if ticked.bleed < old.bleed:
            st._commit_vitals(name, old, dataclasses.replace(
                old, bleed=ticked.bleed, bleed_rounds=rounds if ticked.bleed else 0),
                why=f"the wound clots (round {rounds} of bleeding, after "
                    f"{CLOT_AFTER_ROUNDS})")
        if ticked.bleed:
            f.bleed_rounds = rounds
            st._apply_damage(name, ticked.bleed, "biological", struck=False,
                             source="bleed")


def _stabilize_check(st: Encounter, name: str) -> None:
    """"Stabilize when Dying": a DC20 FORT Save once per round to reduce the bleeding."""
    # "Stabilize when Dying: ... a DC20 FORT Save once per round to reduce the
    # bleeding by 1" (Vitals.stabilize_check rolls it with saves.saving_throw)
    old = st._vitals(name)
    seen = len(st.roller.history)
    new = old.stabilize_check(st._view(name), st.roller)
    ok = new.bleed < old.bleed
    st._log_rolls(seen, actor=name, against=STABILIZE_DC,
                  outcome="success" if ok else "failure")
    st._commit_vitals(name, old, new, why=f"stabilizing DC{STABILIZE_DC} FORT Save")


def end_turn(st: Encounter, next: str | None = None, *, deadlock: bool = False,
             decline: Iterable[str] = (), declined: Iterable[str] = ()) -> Encounter:
    """End the current turn and pass it on.

    Selective Initiative ("Rounds, Initiative, & Turn Order"): "When you finish your
    turn, you select which creature takes the next turn"; "You cannot select a creature
    who has already taken a turn"; "The creature who acted last in the previous round
    selects who goes first in the next round ... you may select yourself". After an
    interrupt turn the interrupted creature resumes ("Turn order & selection goes back
    to the person who was interrupted"), so ``next`` must be left out.

    Args:
        next: The creature or group to act next (one of :meth:`choices`). Under
            Top-Down Initiative it may be left out (the order decides); under
            Round-by-Round it is left out at a round's end (everyone rolls).
        deadlock: The GM's deadlock rule ("Initiative Problems:"): "force the
            creature/player with the LOWEST Initiative Roll to go first" among the
            choices (a creature that never rolled counts as lowest; ties go to the
            first listed).
        decline: Round-by-Round only, at a round's end: who chooses not to roll.
        declined: Allies who were offered the turn first and asked to go later
            (:meth:`decline_turn` fills it in; "Initiative Problems:").

    Raises:
        IllegalActionError: no turn under way, ``next`` not a legal choice, or missing.
    """
    # (nobody declining, the common case, is the empty list names_arg gives: issue 24,
    # "Fast")
    args: dict[str, Any] = {"next": next, "deadlock": bool(deadlock), "decline": [] if (
        type(decline) is tuple and not decline) else names_arg("end_turn", "decline", decline)}
    if declined:
        args["declined"] = names_arg("end_turn", "declined", declined)
    st._do("end_turn", args)
    return st


@command
def _h_end_turn(st: Encounter, next: str | None, deadlock: bool, decline: list[str],
                declined: list[str] | None = None) -> None:
    declined = list(declined or [])
    if not st._frames:
        raise IllegalActionError("no turn is under way" + (
            "; call start() first" if not st._started else ""), R_ORDER)
    frame = st._frames[-1]
    unit = frame.unit
    policy = st.initiative_policy
    if decline and not policy.rolls_each_round:
        raise IllegalActionError("decline= is for Round-by-Round Initiative (everyone "
                                 "rolls each round)", R_ROUND_BY_ROUND)
    if frame.kind in ("interrupt", "ready"):
        _end_interrupt_turn(st, frame, next, deadlock)
        return
    # who may still act, counted once for both: the choices (Encounter.choices) and
    # whether the round is over (issue 24, "Fast": it was counted twice a hand-over)
    left = st._units_to_act(exclude=st._frame_units(frame))
    choices = policy.choices(st, left) if len(st._frames) == 1 else []
    round_over = not left
    target = _pick_next(st, unit, choices, round_over, next, deadlock)
    if declined:
        st._check_declined(unit, declined, choices, target, deadlock)
    declined_roll = set(st._resolve_units(decline, "decline"))
    if policy.rolls_each_round and round_over:
        rolling = [u for u in st._alive_units()
                   if not all(n in declined_roll for n in st._members(u))]
        if not rolling:
            raise IllegalActionError("everyone declined to roll; someone must roll",
                                     R_ROUND_BY_ROUND)
    # commit
    _finish_turn(st, frame)
    st._frames.pop()
    st._last_unit = unit
    for d in declined:
        st._emit("turn_declined", actor=st._members(d)[0], target=unit, data={
            "unit": d, "chooser": unit,
            "why": f"{d} was chosen by {unit}, an ally, and asked to go later",
            "rule": R_PROBLEMS})
    if not round_over:
        assert target is not None  # someone is left to act this round, so it was chosen
        # the deadlock rule: the GM forces the turn, nobody chose it ("Initiative
        # Problems:"); so no ally-chose-ally protection against interrupts
        st._begin_turn(target, kind="turn", chosen_by=None if deadlock else unit,
                       forced=deadlock)
        return
    _open_next_round(st, unit, target, deadlock, declined_roll)


def _end_interrupt_turn(st: Encounter, frame: TurnFrame, next: str | None, deadlock: bool) -> None:
    """An interrupt (or readied) turn ends: "Turn order & selection goes back to the
    person who was interrupted" ("Interrupt Turn – Details and Clarifications:")."""
    unit = frame.unit
    if next is not None or deadlock:
        back = st._frames[-2].unit
        raise IllegalActionError(
            f"{unit}'s interrupt turn ends and {back}, who was interrupted, resumes "
            f"its turn: \"Turn order & selection goes back to the person who was "
            f"interrupted\"; leave next= out", R_INTERRUPT_DETAILS)
    _finish_turn(st, frame)
    st._frames.pop()
    # resumed until its next action (see actions_left)
    st._frames[-1] = dataclasses.replace(st._frames[-1], resumed=True)
    st._emit("turn_resumed", data={"after": unit})


def _pick_next(st: Encounter, unit: str, choices: list[str], round_over: bool, next: str | None,
               deadlock: bool) -> str | None:
    """Who takes the next turn: the GM's deadlock rule ("Initiative Problems:"), the
    order (a fixed-order policy), nobody yet (a policy that rolls each round, at the
    round's end), or the creature ending its turn chooses ("Rounds, Initiative, & Turn
    Order"). Raises if ``next`` is not a legal choice."""
    policy = st.initiative_policy
    if deadlock:
        return _deadlock_pick(st, choices, next)
    if policy.fixed_order:
        if next is not None and choices and next != choices[0]:
            raise IllegalActionError(f"under Top-Down Initiative {choices[0]} acts next, "
                                     f"not {clip(str(next), 60)}", policy.rule)
        return choices[0] if choices else None
    if policy.rolls_each_round and round_over:
        why = policy.round_end_choice(next)
        if why is not None:
            raise IllegalActionError(why, policy.rule)
        return None
    if next is None:
        if len(choices) <= 1:  # a choice of one is no choice (issue 11, defect 8)
            return choices[0] if choices else None
        who = "who opens the next round" if round_over else "who goes next"
        raise IllegalActionError(
            f"{unit} must choose {who}: end_turn(next=...) with one of "
            f"{', '.join(choices)} (or deadlock=True for the GM's rule)", R_ORDER)
    if next not in choices:
        raise IllegalActionError(
            f"{clip(str(next), 60)} cannot be chosen: it {_why_not_choosable(st, next)}; "
            f"choices: {', '.join(choices) or 'none'}", R_ORDER)
    return next


def _deadlock_pick(st: Encounter, choices: list[str], next: str | None) -> str:
    """The GM's deadlock rule ("Initiative Problems:"): "force the creature/player with
    the LOWEST Initiative Roll to go first" (one that never rolled counts as lowest;
    ties go to the first listed)."""
    if next is not None:
        raise IllegalActionError("give next= or deadlock=True, not both", R_PROBLEMS)
    if not choices:
        raise IllegalActionError("there is no choice to force", R_PROBLEMS)
    return min(choices, key=lambda u: (
        st._f[st._members(u)[0]].initiative
        if st._f[st._members(u)[0]].initiative is not None else -10**9,
        choices.index(u)))


def _why_not_choosable(st: Encounter, unit: str) -> str:
    """Why ``unit`` cannot be chosen to act next ("You cannot select a creature who has
    already taken a turn"; unaware creatures get no turn in the Surprise Round)."""
    known = unit in st._all_units()
    if known and st._surprise and not any(st._f[m].aware for m in st._members(unit)):
        return "is unaware, and unaware creatures get no turn in the Surprise Round"
    if known and st._unit_alive(unit):
        return "has already taken a turn this round"
    if known:
        return "cannot act: it is dead"
    return (f"is not in this fight (it has {', '.join(st._all_units())}; names are "
            "spelled as given)")


def _open_next_round(st: Encounter, last: str, chosen: str | None, deadlock: bool,
                     declined_roll: set[str]) -> None:
    """The round is over: the next begins, opened by the creature the policy names
    (chosen by the last actor, rolled again, or next in the fixed order)."""
    st._emit("round_end", data={"round": st.round, "last": last})
    _new_round(st)
    policy = st.initiative_policy
    target = policy.next_round_opener(st, last, chosen, declined_roll)
    if target is None:
        st._emit("note", data={"text": "nobody is left to act"})
        return
    st._emit("round_start", data={"round": st.round, "surprise": False,
                                  "opener": target})
    st._begin_turn(target, kind="turn", chosen_by=last if
                   policy.chooser_opens_round and not deadlock else None,
                   first=True, forced=deadlock)


def _finish_turn(st: Encounter, frame: TurnFrame) -> None:
    fighters = st._f
    for n in st._frame_members(frame):
        f = fighters[n]
        if frame.kind != "ready":
            f.done = True
        if f.turn.move_left is not None:  # (None already: the same budget, no copy)
            f.update_turn(move_left=None)
        if f.rules is not None and not f.dead:  # the record's budget goes
            st._record_turn_end(n)
        _end_turn_effects(st, n)
        if frame.kind != "ready" and f.creature.conditions:  # (nothing to count down)
            st._tick_timers(n, source=None)
        st._flight_turn_end(n, frame.kind)  # Minimum Flight Speed (encounter/flight.py)
        if frame.kind == "ready":
            f.ready = None
    st._emit("turn_end", data={"kind": frame.kind})


def _end_turn_effects(st: Encounter, name: str) -> None:
    """Effects "until the end of your turn" that ``name``'s turn ends."""
    fighters = st._f
    if not any(map(_EFFECTS, fighters.values())):  # (most fights have none)
        return
    for other in st._names:
        for e in list(fighters[other].effects):
            if e.on == name and e.ends == "turn_end":
                st._end_effect(other, e, f"the end of {name}'s turn")


def _new_round(st: Encounter) -> None:
    st.round += 1
    st._surprise = False
    st._round_first = None
    for f in st._f.values():
        f.done = False
        f.reactions_used = 0
        f.interrupt_attempts = []
        f.aoo_this_round = 0
        f.defenses_this_round = 0
        f.aware = True
        for e in list(f.effects):
            if e.ends == "round_start":
                st._end_effect(f.name, e, "the Surprise Round is over")
