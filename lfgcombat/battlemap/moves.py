"""The rules of each movement action: budget, 5-foot step, run, retreat, the AOO of a path.

``000_8d1d7816ee944f3b.txt``: "Movement in Combat" (Move Speed, minimum movement), "What is
a 5-Foot Step?" (the Simple Rule and the Advanced Rule Option), "Running in Combat – Full
Details", "Retreat Action / Disengage", "What actions normally Provoke AOO?", "Option –
Square Grid" (5/10 diagonals), and "Conditions – Full Details" (what conditions forbid,
read from the conditions data). Paths are found in :mod:`lfgcombat.battlemap.pathing`;
moves are made in :mod:`lfgcombat.battlemap.actions`.
"""

from __future__ import annotations

from collections.abc import Sequence

from lfgcombat.rules.conditions.conditions import Condition
from lfgcombat.errors import IllegalActionError
from lfgcombat.battlemap.grid import FEET_PER_CELL, Cell

from .core import ACTIONS, CellLike, _Placed
from .reach import _Reach
from .reading import ConditionFlags, _speed_flag, condition_flags
from .rules import R_CONDITIONS, R_MOVEMENT, R_MOVING, R_RETREAT, R_RUN, R_STEP
from .values import Provocation, Provokers, _at


class _MoveRules(_Reach):
    """What each kind of movement allows: its budget, its refusals, the AOO it provokes."""

    def _budget(self, name: str, action: str, feet: int | None) -> tuple[int, list[str]]:
        speed = self._speed(name)
        turn = self._turn[name]
        notes: list[str] = []
        if action == "five_foot_step":
            return FEET_PER_CELL, notes
        if action == "retreat":
            b = speed if feet is None else feet
            if Condition.PRONE.value in condition_flags(self._placed[name].creature).names:
                b = speed // 2
                notes.append(f"retreating while prone: half Move Speed ({R_RETREAT})")
            return b, notes
        b = speed if feet is None else feet
        if action == "run":
            b = 2 * speed if feet is None else feet
        if turn.stepped and self.advanced_five_foot_step:
            # "you may move only half your normal move distance": a Run included
            b = min(b, speed // 2)
            notes.append("moving after a 5-foot step (Advanced Rule Option): half move, "
                         "Unfortunate until the start of your next turn, and the Run Action's "
                         "penalties "
                         f"(-2 AC...) ({R_STEP})")
        return b, notes

    def budget(self, name: str, action: str = "move", *, spent: bool = True) -> int:
        """Feet a new movement action of this kind gives ``name`` now: Move Speed for a
        move or retreat (half while prone), double for a run, 5 for a 5-foot step. After a
        5-foot step under the Advanced Rule Option, "you may move only half your normal move
        distance" for the rest of the turn, whatever the action (``000_8d1d7816ee944f3b.txt``,
        "What is a 5-Foot Step?"; 000_8d1d7816ee944f3b.txt, "Advanced Rule Option": the
        half move only, its Unfortunate and Run penalties are a note); ``spent=False``
        leaves out what was already moved after the step (the budget a Move Speed change is
        measured against)."""
        self._p(name)
        if action not in ACTIONS:
            raise ValueError(f"action must be one of {', '.join(ACTIONS)}, got {action!r}")
        b, _ = self._budget(name, action, None)
        turn = self._turn[name]
        if spent and turn.stepped and self.advanced_five_foot_step and action != "five_foot_step":
            b = max(0, b - turn.after_step_ft)
        return b

    def _refuse_action(self, name: str, action: str) -> None:
        """Raise if ``name`` may not take this kind of movement now.

        What its conditions forbid is read from the conditions data (``immobile``,
        ``cannot_run``, ``cannot_5ft_step``; :func:`~lfgcombat.battlemap.reading.condition_flags`),
        and from a creature's own Move Speed flags when it has them.

        Raises:
            ValueError: An unknown action.
            IllegalActionError: The action is not allowed now, naming the rule.
        """
        if action not in ACTIONS:
            raise ValueError(f"action must be one of {', '.join(ACTIONS)}, got {action!r}")
        p = self._placed[name]
        flags = condition_flags(p.creature)
        speed = self._speed(name)
        stuck = set(flags.immobile)
        if _speed_flag(p.creature, "immobile"):
            stuck.add("immobile")
        if stuck or speed <= 0:
            why = f"is {', '.join(sorted(stuck))}" if stuck else "has Move Speed 0"
            raise IllegalActionError(f"{name} {why} and cannot move from its hex", R_MOVING)
        if action == "five_foot_step":
            self._refuse_step(name, flags, speed)
        elif self._turn[name].stepped and not self.advanced_five_foot_step:
            raise IllegalActionError(f"{name} took a 5-foot step this turn: no other movement "
                                     "(Simple Rule)", R_STEP)
        if action == "run":
            if flags.cannot_run:
                raise IllegalActionError(f"{name} is {', '.join(sorted(flags.cannot_run))}: "
                                         "cannot run", R_RUN)
            if _speed_flag(p.creature, "can_run") is False:
                raise IllegalActionError(f"{name} cannot run now (its conditions forbid it)", R_RUN)
        if action == "retreat":
            self._refuse_retreat(name)

    def _refuse_step(self, name: str, flags: ConditionFlags, speed: int) -> None:
        """The 5-foot step's own limits ("What is a 5-Foot Step?"; "Movement in Combat")."""
        turn = self._turn[name]
        if turn.moved_ft > 0 or turn.stepped:
            raise IllegalActionError(f"{name} already moved this turn ({turn.moved_ft} ft); "
                                     "a 5-foot step must come before any other movement", R_STEP)
        if speed <= FEET_PER_CELL:
            raise IllegalActionError(f"{name}'s Move Speed is {speed} ft; no 5-foot step at "
                                     f"5 ft or less (use minimum movement)", R_MOVEMENT)
        if flags.cannot_5ft_step:
            raise IllegalActionError(f"{name} is {', '.join(sorted(flags.cannot_5ft_step))}: no "
                                     "5-foot step", R_CONDITIONS)
        if _speed_flag(self._placed[name].creature, "can_five_foot_step") is False:
            raise IllegalActionError(f"{name}'s conditions forbid a 5-foot step", R_STEP)

    def _refuse_retreat(self, name: str) -> None:
        """Retreat's own limits ("Retreat Action / Disengage")."""
        turn = self._turn[name]
        if turn.moved_ft > 0 or turn.stepped:
            raise IllegalActionError(f"{name} already moved this turn; Retreat is a Full-Round "
                                     "Action and cannot follow a 5-foot step", R_RETREAT)
        # "You may Retreat while Prone" ("Special Combat Movement"): a prone creature that
        # would threaten but for lying down may retreat (decision on the two texts)
        if not self._threatens(name, but_for_prone=True):
            raise IllegalActionError(f"{name} does not threaten its area; Retreat needs a melee "
                                     "weapon or otherwise threatening your area", R_RETREAT)

    def _retreat_direction_ok(self, name: str, end: Cell) -> str | None:
        """Retreat: "You must attempt to move away from enemy units" - decision: end no closer
        to any enemy threatening you at the start, and farther from at least one of them."""
        p = self._placed[name]
        cells = self._footprint_at(p.size, end)
        d = self.geometry.distance_ft
        away = False
        foes = self._retreat_from(name)
        for e in foes:
            before = min(d(a, b) for a in p.cells for b in self._placed[e].cells)
            after = min(d(a, b) for a in cells for b in self._placed[e].cells)
            if after < before:
                return f"it would end closer to {e} ({before} ft -> {after} ft)"
            away = away or after > before
        if foes and not away:
            return f"it would end no farther from {', '.join(foes)}"
        return None

    def path_feet(self, name: str, path: Sequence[CellLike]) -> int:
        """The feet of movement ``path`` (anchors, start first or not) costs ``name``: 5 ft
        a hex, 10 ft into Difficult Terrain, the square grid's 5/10 diagonals
        (``000_8d1d7816ee944f3b.txt``, "Moving in Combat – Terrain, Creatures, & Other
        Issues"). Does not check that the path is legal (see :meth:`move`)."""
        p = self._p(name)
        cells = [self._as_cell(c) for c in path]
        if cells and cells[0] != p.anchor:
            cells.insert(0, p.anchor)
        return self._path_cost(name, cells)

    def _path_cost(self, name: str, path: list[Cell], diagonals_before: int = 0) -> int:
        p = self._placed[name]
        total, par = 0, diagonals_before % 2
        for a, b in zip(path, path[1:]):
            base = FEET_PER_CELL
            if self.grid == "square" and self.geometry.is_diagonal(a, b):
                base = FEET_PER_CELL * (2 if par else 1)
                par = 1 - par
            cells = self._footprint_at(p.size, b)
            total += base * (2 if self._effective_difficult(name, cells) else 1)
        return total

    def provokers(self, name: str, path: Sequence[CellLike], *, action: str = "move") -> Provokers:
        """Who may take an AOO against ``name`` moving along ``path`` (anchors, start first).

        "Exiting a threatened hex provokes AOO from any creature threatening that hex";
        "you provoke only 1 AOO from that creature for that movement"; "Moving into a
        creature's occupied space provokes AOO from that creature"; "A 5-foot Step does not
        provoke AOO" (``000_8d1d7816ee944f3b.txt``, "What actions normally Provoke AOO?").
        Retreat: the enemies threatening you where you start get no AOO; "If you move
        directly towards a new enemy, you will Provoke AOO from that enemy as normal"
        ("Retreat Action / Disengage"). Minimum movement (Move Speed 5 ft or less) is "a Big
        Action that Provokes AOO" from everyone threatening you ("Movement in Combat").
        Does not check that the path is legal (see :meth:`move`).
        """
        p = self._p(name)
        cells_path = [self._as_cell(c) for c in path]
        if cells_path and cells_path[0] != p.anchor:
            cells_path.insert(0, p.anchor)
        key = ("prov", name, tuple(cells_path), action)  # a move asks twice: one answer
        found = self._cache.get(key)  # per state of the map (issue 24, "Fast")
        if found is None:
            found = self._cache[key] = self._provokers(name, p, cells_path, action)
        return found

    def _provokers(self, name: str, p: _Placed, cells_path: list[Cell], action: str
                   ) -> Provokers:
        """:meth:`provokers` found now."""
        out: list[Provocation] = []
        if action == "five_foot_step" or len(cells_path) < 2:
            return Provokers(out)
        exempt = set(self._retreat_from(name)) if action == "retreat" else set()
        level = self._level(name)  # a flyer's path is flown at the altitude it moves at
        threat = {e: self.threatened(e, level) for e in self.enemies(name) if e not in exempt}
        if action == "move" and self._speed(name) <= FEET_PER_CELL:
            for e, t in threat.items():
                if t & p.cells:
                    out.append(Provocation(e, 0, cells_path[0], "minimum movement (Move Speed "
                                                               "5 ft or less) provokes"))
            return Provokers(out)
        return Provokers(self._path_provocations(p, cells_path, threat))

    def _path_provocations(self, p: _Placed, cells_path: list[Cell],
                           threat: dict[str, frozenset]) -> list[Provocation]:
        """The first AOO each threatening enemy gets along the path: leaving a cell it
        threatens, or entering its space (one per enemy for the movement)."""
        out: list[Provocation] = []
        done: set[str] = set()
        for i, (a, b) in enumerate(zip(cells_path, cells_path[1:])):
            old = self._footprint_at(p.size, a)
            new = self._footprint_at(p.size, b)
            left = old - new
            for e, t in threat.items():
                if e in done:
                    continue
                hit = sorted(left & t)
                if hit:
                    done.add(e)
                    out.append(Provocation(e, i, hit[0], "exits a hex it threatens"))
                elif ((new - old) & self._placed[e].cells and t
                      and self._level(e) == self._level(p.creature.name)):
                    done.add(e)
                    out.append(Provocation(e, i + 1, sorted((new - old) & self._placed[e].cells)[0],
                                           "moves into its occupied space"))
        return out

    def run_path(self, name: str, to: CellLike, *, feet: int | None = None) -> list[Cell]:
        """The straight-line path of a Run Action to ``to``, checked against the rules.

        Up to double Move Speed, in a straight line (the hex line, nudged), never through
        difficult terrain or an enemy or non-allied creature, through at most one ally
        (``000_8d1d7816ee944f3b.txt``, "Running in Combat – Full Details"). The end cell must
        be free.

        Raises:
            IllegalActionError: Naming which of those rules the run breaks.
        """
        p = self._p(name)
        to = self._as_cell(to)
        self._refuse_action(name, "run")
        budget = self.budget(name, "run") if feet is None else feet
        if to not in self._cells:
            raise IllegalActionError(f"{_at(to)} is off this {self.width}x{self.height} map", R_RUN)
        line = self.geometry.line(p.anchor, to)
        if len(line) < 2:
            raise IllegalActionError(f"{name} is already at {_at(to)}", R_RUN)
        allies = self._run_line_allies(name, line)
        if len(allies) > 1:
            raise IllegalActionError(f"the line passes {len(allies)} allies "
                                     f"({', '.join(sorted(allies))}): \"You may Run through a "
                                     "single ally's occupied space\"", R_RUN)
        cost = (FEET_PER_CELL * (len(line) - 1) if self.grid == "hex"
                else self._path_cost(name, line))
        if cost > budget:
            stepped = self._turn[name].stepped and self.advanced_five_foot_step
            raise IllegalActionError(
                f"{_at(to)} is {cost} ft away in a straight line; {name} runs at most {budget} ft "
                + ("(after a 5-foot step, half its normal move distance: the Advanced Rule "
                   f"Option, {R_STEP})" if stepped else "(double Move Speed)"), R_RUN)
        why = self._why_not_stand(self._footprint_at(p.size, to), name, p.side, p.size, ending=True)
        if why:
            raise IllegalActionError(f"{name} cannot end its run at {_at(to)}: {why}",
                                     getattr(why, "rule", R_MOVING))
        return line


    def _run_line_allies(self, name: str, line: list[Cell]) -> set[str]:
        """The allies standing on a run's straight line, after checking that no cell of it
        is off the map, a wall, difficult terrain or held by a non-ally ("Running in
        Combat – Full Details")."""
        p = self._placed[name]
        to = line[-1]
        allies: set[str] = set()
        for c in line[1:]:
            cells = self._footprint_at(p.size, c)
            for x in cells:
                if x not in self._cells or self._blocks_at(x, self._level(name)):
                    raise IllegalActionError(f"the straight line to {_at(to)} is blocked at "
                                             f"{_at(x)}", R_RUN)
            refused = next((w for x in cells if (w := self._mode_refuses(x, name))), None)
            if refused:
                raise IllegalActionError(f"the straight line to {_at(to)}: {refused}", R_RUN)
            if self._effective_difficult(name, cells):
                raise IllegalActionError(f"the straight line to {_at(to)} crosses difficult "
                                         f"terrain at {_at(c)}: \"You cannot Run over Difficult "
                                         "Terrain\"", R_RUN)
            for x in cells:
                for o in self._occupants.get(x, ()):
                    if o == name or self._level(o) != self._level(name):
                        continue
                    if self._placed[o].side != p.side:
                        raise IllegalActionError(f"{o} (not an ally) stands on the line at "
                                                 f"{_at(x)}: \"You cannot Run through ... an "
                                                 "enemy or non-allied creature\"", R_RUN)
                    allies.add(o)
        return allies

    def _leave_provokers(self, name: str, left: frozenset) -> Provokers:
        level = self._level(name)
        return Provokers(Provocation(e, 0, sorted(left & self.threatened(e, level))[0],
                                     "exits a hex it threatens")
                         for e in self.enemies(name) if left & self.threatened(e, level))

