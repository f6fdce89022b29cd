"""The movement actions that change the map: a move of any kind, and Trade Spaces.

``000_8d1d7816ee944f3b.txt``: "Movement in Combat", "What is a 5-Foot Step?", "Running in
Combat – Full Details", "Retreat Action / Disengage", "Trade Spaces Action", "What actions
normally Provoke AOO?" and "Using the Battle Map – Measuring Distance in Combat" ("Half
Hex Rule"). Every check runs before anything is written: a refused move changes nothing.
"""

from __future__ import annotations

from collections.abc import Iterable

from lfgcombat.errors import IllegalActionError
from lfgcombat.battlemap.grid import FEET_PER_CELL, Cell, Hex, Square

from .core import CellLike
from .pathing import _Pathing
from .reading import condition_flags
from .rules import R_DISTANCE, R_HALF, R_MOVEMENT, R_MOVING, R_RETREAT, R_RUN, R_STEP, R_TRADE
from .terrain import Terrain
from .values import MoveResult, Provokers, _at, _short


class _Actions(_Pathing):
    """Moving creatures: :meth:`move` and :meth:`trade_spaces`."""

    def move(self, name: str, path: list[CellLike] | CellLike, *, action: str = "move",
             feet: int | None = None, diagonals_before: int = 0, mode: str | None = None,
             altitude: int | None = None) -> MoveResult:
        """Move ``name`` along ``path`` (or to one cell by the best path), after checking it all.

        ``mode`` (``walk``, ``swim``, ``climb``, ``fly``, ``leap``) and ``altitude`` move it
        as :meth:`moving` says, and leave it at ``altitude`` (default: where it was); see
        :meth:`_move` for the rest. A map move does not know the creature's speeds: the
        encounter (``Encounter.move(..., mode=...)``) checks them and the one budget.

        Raises:
            IllegalActionError: The move is not allowed; the map is unchanged.
        """
        if mode is None and altitude is None:
            return self._move(name, path, action=action, feet=feet,
                              diagonals_before=diagonals_before)
        with self.moving(name, mode or "walk", altitude):
            level = self._moving[name][1]
            result = self._move(name, path, action=action, feet=feet,
                                diagonals_before=diagonals_before)
        if level != self._altitude.get(name, 0):
            self._set_level(name, level)
        return result

    def _move(self, name: str, path: list[CellLike] | CellLike, *, action: str = "move",
              feet: int | None = None, diagonals_before: int = 0) -> MoveResult:
        """Move ``name`` along ``path`` (or to one cell by the best path), after checking it all.

        Validates first and only then changes state: the path must start at the creature (or
        next to it), step between adjacent cells, cross only passable cells, end in a legal
        space, fit the budget, and obey the action's rules (5-foot step, Run, Retreat; see
        :meth:`reachable`). Records the feet moved this turn.

        Args:
            name: The mover.
            path: Cells (anchors), with or without the start; or a single destination.
            action: ``"move"``, ``"five_foot_step"``, ``"retreat"`` or ``"run"``.
            feet: Feet available (default from the action and Move Speed).
            diagonals_before: Square grid: diagonal steps already taken earlier in this same
                movement (a move the encounter resolves in parts, stopping for AOO), so the
                5/10 count goes on ("Measuring Diagonal Distance on Square Grids": "Continue
                in this 5/10/5/10 pattern").

        Returns:
            :class:`MoveResult` with the AOO provoked (for the encounter to resolve).

        Raises:
            IllegalActionError: The move is not allowed; the map is unchanged.
        """
        p = self._p(name)
        cells_path = self._move_path(name, path, action, feet)
        self._refuse_action(name, action)
        budget, notes = self._budget(name, action, feet)
        speed = self._speed(name)
        self._check_shape(name, cells_path, action, budget)
        minimum = action == "move" and speed <= FEET_PER_CELL
        if minimum:
            if len(cells_path) != 2:
                raise IllegalActionError(f"{name}'s Move Speed is {speed} ft: minimum movement "
                                         "is one hex (5 feet)", R_MOVEMENT)
            budget = max(budget, 2 * FEET_PER_CELL)
            notes.append(f"minimum movement: a Big Action that provokes AOO ({R_MOVEMENT})")
        self._check_cells(name, cells_path, action)
        if action == "five_foot_step":
            if self._effective_difficult(name, self._footprint_at(p.size, cells_path[1])):
                raise IllegalActionError(f"{_at(cells_path[1])} is difficult terrain: \"You "
                                         "cannot take a 5-foot Step into Difficult Terrain\"",
                                         R_MOVING)
            cost = FEET_PER_CELL
        else:
            cost = self._path_cost(name, cells_path, diagonals_before)
        self._check_cost(name, cells_path, action, cost, budget if not minimum else None)
        prov = self.provokers(name, cells_path, action=action)
        if action == "retreat":
            notes.append("Unfortunate on attack rolls until the start of your next turn "
                         f"({R_RETREAT})")
        if action == "run":
            notes.append("-2 AC against melee until your next turn; -2 on ranged attacks "
                         f"({R_RUN})")
        self._commit_move(name, cells_path[-1], action, cost)
        return MoveResult(name, action, tuple(cells_path), cost, prov, tuple(notes))

    def _move_path(self, name: str, path: list[CellLike] | CellLike, action: str,
                   feet: int | None) -> list[Cell]:
        """The path of anchors, start first: the one given, or the best to one cell."""
        if isinstance(path, (Hex, Square)) or (isinstance(path, tuple) and len(path) == 2
                                               and isinstance(path[0], int)):
            dest = self._as_cell(path)
            return (self.run_path(name, dest, feet=feet) if action == "run"
                    else self.path(name, dest, action=action, feet=feet))
        if type(path) is not list and (isinstance(path, (str, bytes))
                                       or not isinstance(path, Iterable)):
            raise IllegalActionError(f"a path is a list of cells, got {_short(path)}", R_MOVING)
        cells_path = [self._as_cell(c) for c in path]
        if not cells_path:
            raise IllegalActionError(f"empty path for {name}", R_MOVING)
        if cells_path[0] != self._placed[name].anchor:
            cells_path.insert(0, self._placed[name].anchor)
        return cells_path

    def _check_shape(self, name: str, cells_path: list[Cell], action: str, budget: int) -> None:
        """Steps between adjacent cells; a run's straight line; a 5-foot step's one hex."""
        if len(cells_path) < 2:
            raise IllegalActionError(f"{name} is already at {_at(cells_path[0])}", R_MOVING)
        for a, b in zip(cells_path, cells_path[1:]):
            if self.geometry.distance(a, b) != 1:
                raise IllegalActionError(f"the path jumps from {_at(a)} to {_at(b)}; each step "
                                         "must go to an adjacent cell", R_DISTANCE)
        if action == "run":
            line = self.run_path(name, cells_path[-1], feet=budget)
            if line != cells_path:
                raise IllegalActionError(f"a run must follow the straight line "
                                         f"{' '.join(_at(x) for x in line)}", R_RUN)
        if action == "five_foot_step" and len(cells_path) != 2:
            raise IllegalActionError("a 5-foot step moves 1 hex, the path has "
                                     f"{len(cells_path) - 1}", R_STEP)

    def _check_cells(self, name: str, cells_path: list[Cell], action: str) -> None:
        """Every intermediate cell passable, the end legal (a retreat passes no enemy)."""
        p = self._placed[name]
        for i, c in enumerate(cells_path[1:], 1):
            cells = self._footprint_at(p.size, c)
            ending = i == len(cells_path) - 1
            why = self._why_not_stand(cells, name, p.side, p.size, ending=ending)
            if why is None and action == "retreat":
                for x in cells:
                    for o in self._occupants.get(x, ()):
                        if o != name and self._placed[o].side != p.side:
                            why = (f"{_at(x)} is {o}'s space: \"You cannot move through "
                                   "occupied enemy spaces\"")
            if why:
                rule = R_RETREAT if action == "retreat" and "enemy spaces" in why else R_MOVING
                rule = getattr(why, "rule", rule)
                raise IllegalActionError(
                    f"{name} cannot {'end at' if ending else 'pass'} {_at(c)}: {why}", rule)

    def _check_cost(self, name: str, cells_path: list[Cell], action: str, cost: int,
                    budget: int | None) -> None:
        """Within the budget (``None``: minimum movement), the Advanced 5-foot step's half
        move, and a retreat's direction."""
        if budget is not None and cost > budget:
            raise IllegalActionError(f"the path costs {cost} ft; {name} has {budget} ft for this "
                                     f"{action.replace('_', ' ')}", R_MOVING)
        turn, speed = self._turn[name], self._speed(name)
        if (turn.stepped and self.advanced_five_foot_step and action != "five_foot_step"
                and cost + turn.after_step_ft > speed // 2):
            raise IllegalActionError(
                f"after its 5-foot step {name} may move only half its normal move distance, "
                f"{speed // 2} ft, this turn; it has moved {turn.after_step_ft} ft since and the "
                f"path costs {cost} ft", R_STEP)
        if action == "retreat":
            why = self._retreat_direction_ok(name, cells_path[-1])
            if why:
                raise IllegalActionError(f"{name} cannot retreat to {_at(cells_path[-1])}: {why}; "
                                         "\"You must attempt to move away from enemy units\"",
                                         R_RETREAT)

    def _commit_move(self, name: str, end: Cell, action: str, cost: int) -> None:
        """Write a checked move: the new footprint and this turn's feet."""
        p = self._placed[name]
        for c in p.cells:
            self._occupants[c].remove(name)
            if not self._occupants[c]:
                del self._occupants[c]
        p.anchor = end
        p.cells = self._footprint_at(p.size, p.anchor)
        for c in p.cells:
            self._occupants.setdefault(c, []).append(name)
        t = self._turn[name]
        if action == "five_foot_step":
            t.stepped = True
        elif t.stepped:
            t.after_step_ft += cost
        t.moved_ft += cost
        self._changed()

    def trade_spaces(self, a: str, b: str) -> tuple[Provokers, Provokers]:
        """Swap two adjacent willing allies (the Trade Spaces Action).

        "Both characters must be willing"; "Both characters that swap places provoke AOO if
        they leave a threatened hex"; "must be within 1 size category of each other"
        (``000_8d1d7816ee944f3b.txt``, "Trade Spaces Action"). Creatures of different
        footprints cannot swap here (decision: the map has no rule for it).

        Returns:
            The AOO each of the two provokes.

        Raises:
            IllegalActionError: Not allies, not adjacent, sizes too far apart or footprints
                that do not swap; nothing changes.
        """
        pa, pb = self._p(a), self._p(b)
        self._check_trade_pair(a, b)
        na, nb = pb.anchor, pa.anchor
        fa, fb = self._footprint_at(pa.size, na), self._footprint_at(pb.size, nb)
        # what each leaves, for AOO
        prov_a = self._leave_provokers(a, pa.cells - fa)
        prov_b = self._leave_provokers(b, pb.cells - fb)
        for n, cells in ((a, fa), (b, fb)):
            for c in cells:
                if c not in self._cells or self._terrain.get(c, Terrain.NORMAL).blocks:
                    raise IllegalActionError(f"{n} would not fit at {_at(c)}", R_TRADE)
        why = self._trade_crowds(a, b, fa, fb)
        if why:
            raise IllegalActionError(f"{a} and {b} cannot trade spaces: {why}", R_HALF)
        for c in pa.cells | pb.cells:
            self._occupants[c] = [o for o in self._occupants[c] if o not in (a, b)]
            if not self._occupants[c]:
                del self._occupants[c]
        pa.anchor, pa.cells, pb.anchor, pb.cells = na, fa, nb, fb
        for n, cells in ((a, fa), (b, fb)):
            for c in cells:
                self._occupants.setdefault(c, []).append(n)
        self._changed()
        return prov_a, prov_b

    def _check_trade_pair(self, a: str, b: str) -> None:
        """Two adjacent, mobile allies within 1 size category with footprints alike
        ("Trade Spaces Action")."""
        pa, pb = self._placed[a], self._placed[b]
        if pa.side != pb.side:
            raise IllegalActionError(f"{a} and {b} are not allies", R_TRADE)
        if abs(pa.order - pb.order) > 1:
            raise IllegalActionError(f"{a} ({pa.size}) and {b} ({pb.size}) are more than 1 size "
                                     "category apart", R_TRADE)
        if self.distance(a, b) != FEET_PER_CELL:
            raise IllegalActionError(f"{a} and {b} are {self.distance(a, b)} ft apart; trading "
                                     "spaces needs adjacent allies", R_TRADE)
        if len(pa.cells) != len(pb.cells):
            raise IllegalActionError(f"{a} and {b} have different footprints; they cannot swap",
                                     R_TRADE)
        for n in (a, b):
            if condition_flags(self._placed[n].creature).immobile:
                raise IllegalActionError(f"{n} cannot move from its hex", R_MOVING)

    def _trade_crowds(self, a: str, b: str, fa: frozenset, fb: frozenset) -> str | None:
        """The Half Hex Rule for a swap: a cross-section may not end fuller than its room,
        unless it was already that full (swapping two 5-foot allies changes nothing; a Tiny
        and a Small one may)."""
        runs = self._half_runs()
        if not runs:
            return None
        pa, pb = self._placed[a], self._placed[b]
        touched = fa | fb | pa.cells | pb.cells
        for info in {runs[c][0]: runs[c] for c in touched if c in runs}.values():
            run, width = info
            before = sum(self._cell_fill(x) for x in run)
            after = sum(min(1.0, sum(min(1.0, self._placed[o].space)
                                     for o in self._occupants.get(x, ()) if o not in (a, b))
                        + (min(1.0, pa.space) if x in fa else 0.0)
                        + (min(1.0, pb.space) if x in fb else 0.0)) for x in run)
            if after > width + 1e-9 and after > before + 1e-9:
                cs = self._section(info)
                return (f"the cross-section at row {cs.row} ({cs.width_ft:g} ft wide) would hold "
                        f"{after:g} five-foot spaces, room for {width:g}: \"you can never have "
                        "more space occupied than is available\"")
        return None

