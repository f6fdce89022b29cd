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
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, Protocol, Self

from ..log.savefile import clip
from ..citations import cite as _rule
from ..conditions import Condition
from ..errors import IllegalActionError
from ..rulesets.initiative import InitiativeContext as PolicyContext
from ..vitals import CLOT_AFTER_ROUNDS, STABILIZE_DC
from ._citations import R_INTERRUPT_DETAILS, R_ORDER, R_PROBLEMS, R_READY
from .arguments import names_arg
from .commands import command
from .state import TurnBudget, TurnFrame, _Fighter
from .composition import rules

if TYPE_CHECKING:
    from ..battlemap.hexmap import HexMap
    from collections.abc import Mapping

    from ..creature import Creature
    from ..dice import Fortune, Roller
    from ..log import Event
    from ..rulesets import InitiativePolicy
    from ..vitals import Vitals
    from .state import Effect


R_ROUND_BY_ROUND = _rule("Alternative Initiative Option #1 – Round-By-Round Initiative: "
                         "(Roll Each Round)")
R_AGONY = _rule("Agony / Agonized")


class TurnsContext(PolicyContext, Protocol):
    """What the rules of this module use of an encounter (the parts of
    :class:`~lfgcombat.encounter.Encounter` they may touch)."""

    _anchors: dict[str, tuple[int, int]]
    _f: dict[str, _Fighter]
    _frames: list[TurnFrame]
    _gang: dict[str, list[str]]
    _last_unit: str | None
    _names: list[str]
    _round_first: str | None
    _started: bool
    _surprise: bool
    initiative_policy: InitiativePolicy
    map: HexMap  # None without a map: the rules check `self.map is None` or _need_map first
    roller: Roller
    round: int

    def _alive(self, name: str) -> bool: ...

    def _alive_units(self) -> list[str]: ...

    def _all_units(self) -> list[str]: ...

    def _apply_damage(self, name: str, amount: int, dtype: str | None, *, struck: bool,
                      source: str | None) -> None: ...

    def _begin_turn(self, unit: str, *, kind: str, chosen_by: str | None, first: bool = False,
                    interrupted: str | None = None, forced: bool = False) -> None: ...

    def _check_declined(self, chooser: str, declined: list[str], choices: list[str],
                        target: str | None, deadlock: bool) -> None: ...

    def _commit_vitals(self, name: str, old: Vitals, new: Vitals, *, why: str) -> None: ...

    def _complete_full_round(self, name: str) -> None: ...

    def _do(self, kind: str, args: dict[str, Any]) -> Any: ...

    def _digest_at_turn_start(self, name: str) -> None: ...

    def _emit(self, kind: str, *, command: bool = False, actor: str | None = None,
              target: str | None = None, data: Mapping[str, Any] | None = None) -> Event: ...

    def _end_effect(self, name: str, effect: Effect, why: str) -> None: ...

    def _end_interrupt_turn(self, frame: TurnFrame, next: str | None, deadlock: bool) -> None: ...

    def _finish_turn(self, frame: TurnFrame) -> None: ...

    def _flight_turn_end(self, name: str, kind: str = "turn") -> None: ...

    def _frame_members(self, frame: TurnFrame) -> list[str]: ...

    @staticmethod
    def _frame_units(frame: TurnFrame) -> list[str]: ...

    def _has(self, name: str, cond: Condition) -> bool: ...

    def _log_rolls(self, since: int, *, actor: str | None, target: str | None = None,
                   against: int | None = None, outcome: str | None = None, only_first: bool = False
                  ) -> None: ...

    def _lose_condition(self, name: str, cond: Condition, why: str) -> None: ...

    def _members(self, unit: str) -> list[str]: ...

    def _new_round(self) -> None: ...

    def _ongoing_damage(self, name: str) -> None: ...

    def _open_next_round(self, last: str, chosen: str | None, deadlock: bool,
                         declined_roll: set[str]) -> None: ...

    def _pick_next(self, unit: str, choices: list[str], round_over: bool, next: str | None,
                   deadlock: bool) -> str | None: ...

    def _reset_turn(self, f: _Fighter) -> None: ...

    def _unfired_ready_flight(self, f: _Fighter) -> None: ...

    def _resolve_units(self, names: Iterable[str], what: str) -> list[str]: ...

    def _record_turn_start(self, name: str, was_attacked: bool) -> None: ...

    def _record_turn_end(self, name: str) -> None: ...

    def _roll(self, expr: str, *, label: str, actor: str | None = None, target: str | None = None,
              fortune: Fortune | str | None = None, against: int | None = None,
              outcome: str | None = None) -> Any: ...

    def _stabilize_check(self, name: str) -> None: ...

    def _start_of_turn(self, name: str) -> None: ...

    def _start_unit(self, unit: str, kind: str) -> None: ...

    def _tick_timers(self, name: str, source: str | None) -> None: ...

    def _unit_alive(self, unit: str) -> bool: ...

    def _units_to_act(self, exclude: str | Iterable[str] | None = None) -> list[str]: ...

    def _value(self, name: str, cond: Condition) -> int: ...

    def _view(self, name: str) -> Creature: ...

    def _vitals(self, name: str) -> Vitals: ...

    def _why_not_choosable(self, unit: str) -> str: ...

    def choices(self) -> list[str]: ...


if TYPE_CHECKING:  # the rules see an encounter through their context only
    _Base = TurnsContext
else:
    _Base = object


@rules(TurnsContext)
class TurnsRules(_Base):
    """Beginning and ending turns and rounds (start-of-turn effects, the choice of who is next)."""

    _round_first: str | None
    _last_unit: str | None

    def _begin_turn(self, unit: str, *, kind: str, chosen_by: str | None, first: bool = False,
                    interrupted: str | None = None, forced: bool = False) -> None:
        self._frames.append(TurnFrame(unit, kind, chosen_by, first, interrupted))
        if first:
            self._round_first = unit
        data = {"kind": kind, "chosen_by": chosen_by, "first_of_round": first,
                "interrupted": interrupted}
        if forced:
            data["forced_by_gm"] = True
        self._emit("turn_start", data=data)
        self._start_unit(unit, kind)

    def _start_unit(self, unit: str, kind: str) -> None:
        """The start of a unit's turn for each of its living members."""
        for n in self._members(unit):
            if not self._alive(n):
                continue
            f = self._f[n]
            if kind == "ready":
                assert f.ready is not None  # a readied turn starts only from a readied action
                held = f.ready
                lim = self._view(n).actions
                f.update_turn(big_used=max(0, lim.big_actions - held.held_big),
                              little_used=max(0, lim.little_actions - held.held_little),
                              free_used=0, move_left=None, last_action=None)
                if self.map is not None and n in self._anchors:
                    self.map.start_turn(n)
                continue
            self._reset_turn(f)
            if self.map is not None and n in self._anchors:
                self.map.start_turn(n)
            self._start_of_turn(n)

    def _reset_turn(self, f: _Fighter) -> None:
        self._unfired_ready_flight(f)  # flight: the round a flyer waited on a Ready
        f.turn = TurnBudget()

    def _start_of_turn(self, name: str) -> None:
        """What happens when a creature's turn begins (conditions over time)."""
        f = self._f[name]
        if f.ready is not None:
            self._emit("ready_lost", actor=name, data={
                "why": "the start of its next turn: the trigger did not occur, the rest of "
                       "its actions are lost", "rule": R_READY})
            f.ready = None
        if f.full_round is not None:
            self._complete_full_round(name)
        self._turn_start_timers(name)
        was_attacked = bool(self._gang.get(name))
        self._gang.pop(name, None)  # Gang Up: "until the foe takes their turn"
        f.acted_ever = True
        if f.rules is not None and not f.dead:  # a ruleset's record: its economy's start
            self._record_turn_start(name, was_attacked)
            return
        v = self._view(name)
        if f.dead:
            return
        if v.active_conditions.flagged("lose_big_action"):
            f.update_turn(agony_spent=True)
            self._emit("note", actor=name, data={
                "text": f"{name} spends a Big Action struggling with the pain (Agony)",
                "rule": R_AGONY})
        self._ongoing_damage(name)
        self._digest_at_turn_start(name)  # Swallow Whole's round damage (swallow_whole.py)
        if not f.dead and self._vitals(name).dying:
            self._stabilize_check(name)

    def _turn_start_timers(self, name: str) -> None:
        """Effects "until the start of your next turn" (and Top-Down's flat-footed) end;
        durations imposed by this creature count down on its turns (decision)."""
        for other in self._names:
            for e in list(self._f[other].effects):
                if e.on == name and e.ends in ("turn_start", "own_first_turn"):
                    self._end_effect(other, e, f"the start of {name}'s turn")
        for other in self._names:
            if other != name:
                self._tick_timers(other, source=name)

    def _complete_full_round(self, name: str) -> None:
        """A Full-Round Action completes at the start of the creature's next turn
        ("Full-Round Action (FRA)"): Stop, Drop & Roll puts out Ablaze; rousing a
        knocked-out ally wakes it."""
        f = self._f[name]
        action = f.full_round
        f.full_round = None
        target = f.full_round_target
        f.full_round_target = None
        self._emit("full_round_complete", actor=name, target=target,
                   data={"action": action})
        if action == "stop_drop_roll" and self._has(name, Condition.ABLAZE):
            self._lose_condition(name, Condition.ABLAZE, why="stop, drop and roll")
        if action == "awaken_knocked_out" and target is not None and \
                not self._f[target].dead:
            old = self._vitals(target)
            if old.knocked_out and old.hp > 0:
                self._commit_vitals(target, old, old.wake(),
                                    why=f"{name} spent a Full-Round Action rousing it")

    def _ongoing_damage(self, name: str) -> None:
        """"Ablaze": 1d6 fire damage at the start of each turn; "Bleed X": X biological
        damage a round, clotting after 10 rounds of bleeding."""
        f = self._f[name]
        if self._has(name, Condition.ABLAZE):
            r = self._roll("1d6", label=f"{name} ablaze: fire damage", actor=name)
            self._apply_damage(name, r.total, "fire", struck=False, source="ablaze")
        if self._value(name, Condition.BLEED) and not f.dead:
            # "Bleed X": X biological damage a round; "After 10 rounds of bleeding, the wound
            # begins to clot, and the Bleed X amount is reduced by 1 per round"
            # (Vitals.bleed_tick counts the rounds and clots; the damage goes through the
            # one HP seam so it is logged like any other)
            old = self._vitals(name)
            ticked = old.bleed_tick()
            rounds = old.bleed_rounds + 1
            if ticked.bleed < old.bleed:
                self._commit_vitals(name, old, dataclasses.replace(
                    old, bleed=ticked.bleed, bleed_rounds=rounds if ticked.bleed else 0),
                    why=f"the wound clots (round {rounds} of bleeding, after "
                        f"{CLOT_AFTER_ROUNDS})")
            if ticked.bleed:
                f.bleed_rounds = rounds
                self._apply_damage(name, ticked.bleed, "biological", struck=False,
                                   source="bleed")

    def _stabilize_check(self, name: str) -> None:
        """"Stabilize when Dying": a DC20 FORT Save once per round to reduce the bleeding."""
        # "Stabilize when Dying: ... a DC20 FORT Save once per round to reduce the
        # bleeding by 1" (Vitals.stabilize_check rolls it with saves.saving_throw)
        old = self._vitals(name)
        seen = len(self.roller.history)
        new = old.stabilize_check(self._view(name), self.roller)
        ok = new.bleed < old.bleed
        self._log_rolls(seen, actor=name, against=STABILIZE_DC,
                        outcome="success" if ok else "failure")
        self._commit_vitals(name, old, new, why=f"stabilizing DC{STABILIZE_DC} FORT Save")

    def end_turn(self, next: str | None = None, *, deadlock: bool = False,
                 decline: Iterable[str] = (), declined: Iterable[str] = ()) -> Self:
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
        args: dict[str, Any] = {"next": next, "deadlock": bool(deadlock),
                                "decline": names_arg("end_turn", "decline", decline)}
        if declined:
            args["declined"] = names_arg("end_turn", "declined", declined)
        self._do("end_turn", args)
        return self

    @command
    def _h_end_turn(self, next: str | None, deadlock: bool, decline: list[str],
                    declined: list[str] | None = None) -> None:
        declined = list(declined or [])
        if not self._frames:
            raise IllegalActionError("no turn is under way" + (
                "; call start() first" if not self._started else ""), R_ORDER)
        frame = self._frames[-1]
        unit = frame.unit
        policy = self.initiative_policy
        if decline and not policy.rolls_each_round:
            raise IllegalActionError("decline= is for Round-by-Round Initiative (everyone "
                                     "rolls each round)", R_ROUND_BY_ROUND)
        if frame.kind in ("interrupt", "ready"):
            self._end_interrupt_turn(frame, next, deadlock)
            return
        choices = self.choices()
        round_over = not self._units_to_act(exclude=self._frame_units(frame))
        target = self._pick_next(unit, choices, round_over, next, deadlock)
        if declined:
            self._check_declined(unit, declined, choices, target, deadlock)
        declined_roll = set(self._resolve_units(decline, "decline"))
        if policy.rolls_each_round and round_over:
            rolling = [u for u in self._alive_units()
                       if not all(n in declined_roll for n in self._members(u))]
            if not rolling:
                raise IllegalActionError("everyone declined to roll; someone must roll",
                                         R_ROUND_BY_ROUND)
        # commit
        self._finish_turn(frame)
        self._frames.pop()
        self._last_unit = unit
        for d in declined:
            self._emit("turn_declined", actor=self._members(d)[0], target=unit, data={
                "unit": d, "chooser": unit,
                "why": f"{d} was chosen by {unit}, an ally, and asked to go later",
                "rule": R_PROBLEMS})
        if not round_over:
            assert target is not None  # someone is left to act this round, so it was chosen
            # the deadlock rule: the GM forces the turn, nobody chose it ("Initiative
            # Problems:"); so no ally-chose-ally protection against interrupts
            self._begin_turn(target, kind="turn", chosen_by=None if deadlock else unit,
                             forced=deadlock)
            return
        self._open_next_round(unit, target, deadlock, declined_roll)

    def _end_interrupt_turn(self, frame: TurnFrame, next: str | None, deadlock: bool) -> None:
        """An interrupt (or readied) turn ends: "Turn order & selection goes back to the
        person who was interrupted" ("Interrupt Turn – Details and Clarifications:")."""
        unit = frame.unit
        if next is not None or deadlock:
            back = self._frames[-2].unit
            raise IllegalActionError(
                f"{unit}'s interrupt turn ends and {back}, who was interrupted, resumes "
                f"its turn: \"Turn order & selection goes back to the person who was "
                f"interrupted\"; leave next= out", R_INTERRUPT_DETAILS)
        self._finish_turn(frame)
        self._frames.pop()
        # resumed until its next action (see actions_left)
        self._frames[-1] = dataclasses.replace(self._frames[-1], resumed=True)
        self._emit("turn_resumed", data={"after": unit})

    def _pick_next(self, unit: str, choices: list[str], round_over: bool, next: str | None,
                   deadlock: bool) -> str | None:
        """Who takes the next turn: the GM's deadlock rule ("Initiative Problems:"), the
        order (a fixed-order policy), nobody yet (a policy that rolls each round, at the
        round's end), or the creature ending its turn chooses ("Rounds, Initiative, & Turn
        Order"). Raises if ``next`` is not a legal choice."""
        policy = self.initiative_policy
        if deadlock:
            return self._deadlock_pick(choices, next)
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
                f"{clip(str(next), 60)} cannot be chosen: it {self._why_not_choosable(next)}; "
                f"choices: {', '.join(choices) or 'none'}", R_ORDER)
        return next

    def _deadlock_pick(self, choices: list[str], next: str | None) -> str:
        """The GM's deadlock rule ("Initiative Problems:"): "force the creature/player with
        the LOWEST Initiative Roll to go first" (one that never rolled counts as lowest;
        ties go to the first listed)."""
        if next is not None:
            raise IllegalActionError("give next= or deadlock=True, not both", R_PROBLEMS)
        if not choices:
            raise IllegalActionError("there is no choice to force", R_PROBLEMS)
        return min(choices, key=lambda u: (
            self._f[self._members(u)[0]].initiative
            if self._f[self._members(u)[0]].initiative is not None else -10**9,
            choices.index(u)))

    def _why_not_choosable(self, unit: str) -> str:
        """Why ``unit`` cannot be chosen to act next ("You cannot select a creature who has
        already taken a turn"; unaware creatures get no turn in the Surprise Round)."""
        known = unit in self._all_units()
        if known and self._surprise and not any(self._f[m].aware for m in self._members(unit)):
            return "is unaware, and unaware creatures get no turn in the Surprise Round"
        if known and self._unit_alive(unit):
            return "has already taken a turn this round"
        if known:
            return "cannot act: it is dead"
        return (f"is not in this fight (it has {', '.join(self._all_units())}; names are "
                "spelled as given)")

    def _open_next_round(self, last: str, chosen: str | None, deadlock: bool,
                         declined_roll: set[str]) -> None:
        """The round is over: the next begins, opened by the creature the policy names
        (chosen by the last actor, rolled again, or next in the fixed order)."""
        self._emit("round_end", data={"round": self.round, "last": last})
        self._new_round()
        policy = self.initiative_policy
        target = policy.next_round_opener(self, last, chosen, declined_roll)
        if target is None:
            self._emit("note", data={"text": "nobody is left to act"})
            return
        self._emit("round_start", data={"round": self.round, "surprise": False,
                                        "opener": target})
        self._begin_turn(target, kind="turn", chosen_by=last if
                         policy.chooser_opens_round and not deadlock else None,
                         first=True, forced=deadlock)

    def _finish_turn(self, frame: TurnFrame) -> None:
        for n in self._frame_members(frame):
            f = self._f[n]
            if frame.kind != "ready":
                f.done = True
            f.update_turn(move_left=None)
            if f.rules is not None and not f.dead:  # the record's budget goes
                self._record_turn_end(n)
            for other in self._names:
                for e in list(self._f[other].effects):
                    if e.on == n and e.ends == "turn_end":
                        self._end_effect(other, e, f"the end of {n}'s turn")
            if frame.kind != "ready":
                self._tick_timers(n, source=None)
            self._flight_turn_end(n, frame.kind)  # Minimum Flight Speed (encounter/flight.py)
            if frame.kind == "ready":
                f.ready = None
        self._emit("turn_end", data={"kind": frame.kind})

    def _new_round(self) -> None:
        self.round += 1
        self._surprise = False
        self._round_first = None
        for f in self._f.values():
            f.done = False
            f.reactions_used = 0
            f.interrupt_attempts = []
            f.aoo_this_round = 0
            f.defenses_this_round = 0
            f.aware = True
            for e in list(f.effects):
                if e.ends == "round_start":
                    self._end_effect(f.name, e, "the Surprise Round is over")
