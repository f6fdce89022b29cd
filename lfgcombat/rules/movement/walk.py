"""The AOO walk: moving along a path and stopping where Attacks of Opportunity strike.

000_8d1d7816ee944f3b.txt, "What actions normally Provoke AOO?" ("Exiting a threatened hex
provokes AOO"; "Moving into a creature's occupied space provokes"), "Reactions & AOO:" ("A
Reaction is an immediate response ... which immediately interrupts the turn order"): the AOO
strikes where it is provoked, before the mover leaves the hex (or enters the occupied
space). If the mover is dropped or otherwise cannot continue, "the rest of your movement for
this action is lost" (the Run Action's words for an interrupted run, applied to every
movement); a ``move_stopped`` event says where and why. Decision: where that hex is one the
mover may only pass through (an ally's space), the AOO is resolved on the last hex before it
where the mover may stand.

A mover slowed by an AOO goes on at its new speed: "Injury & Injured Threshold" ("Injured:
... Your Move Speed is reduced by 5 feet") and "Running in Combat – Full Details:" ("For
calculating Run Speed, applying any bonuses/penalties to your Move Speed first, then
multiply"). After each AOO the action's budget is worked out again from the new Move Speed;
the feet already spent count against it. Decision: with nothing left the mover stops on that
hex (``move_stopped``, citing the Injured rule); with some left it goes as far along the path
as that allows.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..conditions.conditions import Condition
from lfgcombat.errors import IllegalActionError
from .._citations import R_INJURY, R_PROVOKE, R_RUN
from lfgcombat.engine.state import _possessive

if TYPE_CHECKING:
    from lfgcombat.engine.encounter import Encounter

__all__ = ["WalkPlan", "Walk"]


@dataclass(frozen=True)
class WalkPlan:
    """A validated movement action, ready to walk.

    Attributes:
        name: The mover.
        path: The cells, validated by the map.
        action: ``move``, ``run``, ``retreat``...
        prov: The map's provocations along the path (who, at which step, why).
        offered: Who is offered an AOO; ``take``: who takes it.
        feet: The feet the action may spend (``None``: the map's default).
        continued: This walk continues an action already begun.
        feet_left: Feet left for the action after ``n`` feet (for the log).
        budget_of: The action's budget at the mover's current speed.
        avail: The feet this walk had at its start.
        rule: The AOO rule the ``aoo_offered`` and ``move_stopped`` events cite (``None``:
            lfg's "What actions normally Provoke AOO?"; a ruleset's record gives its own).
    """

    name: str
    path: list[Any]
    action: str
    prov: Any
    offered: list[str]
    take: list[str]
    feet: int | None
    continued: bool = False
    feet_left: Callable[[int], int] | None = None
    budget_of: Callable[[], int] | None = None
    avail: int | None = None
    rule: str | None = None


class Walk:
    """One walk along a plan; :meth:`run` moves, strikes the AOO and logs each part."""

    def __init__(self, ctx: Encounter, plan: WalkPlan) -> None:
        self.ctx, self.plan = ctx, plan
        m, name = ctx.map, plan.name
        self.cells = [m.as_cell(c) for c in plan.path]
        if self.cells[0] != m.token(name).anchor:
            self.cells.insert(0, m.token(name).anchor)
        self.at_of = {p.by: self._where(p) for p in plan.prov}
        self.steps = {p.by: p for p in plan.prov}
        self.offered = [o for o in plan.offered if o in self.at_of]
        self.breaks = sorted({self.at_of[t] for t in plan.take})
        self.prone_before = ctx._has(name, Condition.PRONE)
        self.cur = self.moved = self.part = 0
        self.diagonals = 0  # square grid: the 5/10 count goes on across the parts of a move
        self.announced: list[str] = []
        self.stop: str | None = None
        self.stop_rule: str | None = None
        self.total = (ctx._safe_budget(plan.budget_of) if plan.budget_of is not None
                      else None)
        self.cut = 0
        self.limit: int | None = None  # feet left once a slowed mover's budget was redone
        self.slowed: list[str] = []  # a note for the next part of the move

    @staticmethod
    def _where(p: Any) -> int:
        return max(0, p.step - 1) if "occupied" in p.reason else p.step

    def run(self) -> tuple[int, bool, int]:
        """Walk the path.

        Returns:
            ``(feet moved, stopped, feet cut from the budget by a lower Move Speed)``.
        """
        for b in self.breaks:
            if b > self.cur:
                self.cur = self._go(b, strict=False)
            self._offer_up_to(b)
            self.stop = self.ctx._can_go_on(self.plan.name, self.prone_before)
            if self.stop or self._slowed_to_a_stop():
                break
        last = len(self.cells) - 1
        if not self.stop and self.cur < last:
            self.cur = self._go(last, strict=not self.breaks)
            if self.cur < last:
                self._refused_rest()
        self._offer_the_rest()
        stopped = bool(self.stop) and self.cur < last
        if stopped:
            self._log_stop()
        return self.moved, stopped, self.cut

    def _go(self, to: int, strict: bool) -> int:
        """Move from cells[cur] towards cells[to]: to it, or to the farthest hex before it
        where the mover may stand; returns the index reached. ``strict``: nothing has
        happened yet, so a refusal by the map refuses the whole action."""
        for j in range(to, self.cur, -1):
            r = self._try_segment(self.cells[self.cur:j + 1], strict)
            if r is None:
                continue
            self._log_part(r)
            return j
        return self.cur

    def _try_segment(self, seg: list[Any], strict: bool) -> Any:
        """The map's move along ``seg``, or ``None`` where the mover may not stop."""
        m, plan = self.ctx.map, self.plan
        try:
            return m.move(plan.name, seg, action=plan.action,
                          feet=plan.feet if self.limit is None else self.limit,
                          diagonals_before=self.diagonals)
        except IllegalActionError:
            if strict:
                raise
        try:  # a part of a validated path: only where it may stand counts
            return m.move(plan.name, seg, action="move",
                          feet=10 ** 6 if self.limit is None else self.limit,
                          diagonals_before=self.diagonals)
        except IllegalActionError:
            return None

    def _log_part(self, r: Any) -> None:
        m, plan = self.ctx.map, self.plan
        if m.grid == "square":
            self.diagonals += sum(1 for a, b in zip(r.path, r.path[1:])
                                  if m.geometry.is_diagonal(a, b))
        self.moved += r.cost_ft
        self.ctx._emit("moved", actor=plan.name, data={
            "action": plan.action, "path": self.ctx._path_json(r.path), "feet": r.cost_ft,
            "feet_left": plan.feet_left(self.moved + self.cut) if plan.feet_left else 0,
            "continued": plan.continued or self.part > 0, "part": self.part,
            "notes": self.slowed + list(r.notes)})
        self.slowed.clear()
        self.part += 1

    def _offer_up_to(self, b: int) -> None:
        """Offer the AOO provoked up to step ``b``; the ones taken at ``b`` strike now."""
        ctx, plan = self.ctx, self.plan
        for o in [o for o in self.offered if self.at_of[o] <= b and o not in self.announced]:
            self.announced.append(o)
            taken = o in plan.take and self.at_of[o] == b and not ctx._f[plan.name].dead
            ctx._emit("aoo_offered", actor=o, target=plan.name, data={
                "by": o, "action": plan.action, "step": self.steps[o].step, "taken": taken,
                "at": list(ctx.map.offset(self.cells[self.cur])), "rule": plan.rule or R_PROVOKE})
            if taken:
                ctx._strike_aoo(o, plan.name, self.steps[o].cell)

    def _slowed_to_a_stop(self) -> bool:
        """Work the budget out again at the mover's speed now; ``True``: nothing is left."""
        plan = self.plan
        if self.total is None or plan.avail is None or plan.budget_of is None:
            return False
        now = self.ctx._safe_budget(plan.budget_of)
        if now >= self.total:
            return False
        self.cut += self.total - now  # slowed (Injured...): the budget shrinks by the drop
        self.total = now
        self.limit = max(0, plan.avail - self.cut - self.moved)
        speed = self.ctx.map.token(plan.name).speed_ft
        why = " (Injured)" if self.ctx._vitals(plan.name).injured else ""
        if self.limit <= 0:
            self.stop = (f"{_possessive(plan.name)} Move Speed is now {speed} ft{why}: the "
                         f"{self.moved} ft already moved use up this "
                         f"{plan.action.replace('_', ' ')}")
            self.stop_rule = R_INJURY
            return True
        self.slowed.append(f"Move Speed now {speed} ft{why}: {self.limit} ft left "
                           f"({R_INJURY})")
        return False

    def _refused_rest(self) -> None:
        m, name = self.ctx.map, self.plan.name
        if self.limit is not None:
            self.stop = (f"{_possessive(name)} Move Speed is now {m.token(name).speed_ft} ft: "
                         f"not enough movement left to go on from "
                         f"{m.offset(self.cells[self.cur])}")
            self.stop_rule = R_INJURY
        else:
            self.stop = ("the map refuses the rest of the path from "
                         f"{m.offset(self.cells[self.cur])}")

    def _offer_the_rest(self) -> None:
        """The AOO provoked on the way but not taken are offered (and declined) too."""
        ctx, plan = self.ctx, self.plan
        for o in self.offered:
            if o not in self.announced and self.at_of[o] <= self.cur:
                self.announced.append(o)
                ctx._emit("aoo_offered", actor=o, target=plan.name, data={
                    "by": o, "action": plan.action, "step": self.steps[o].step,
                    "taken": False, "at": list(ctx.map.offset(self.cells[self.at_of[o]])),
                    "rule": plan.rule or R_PROVOKE})

    def _log_stop(self) -> None:
        ctx, plan = self.ctx, self.plan
        ctx._emit("move_stopped", actor=plan.name, data={
            "action": plan.action, "at": list(ctx.map.offset(self.cells[self.cur])),
            "to": list(ctx.map.offset(self.cells[-1])),
            "lost_path": ctx._path_json(self.cells[self.cur:]), "why": self.stop,
            "rule": self.stop_rule or (R_RUN if plan.action == "run"
                                       else plan.rule or R_PROVOKE)})
